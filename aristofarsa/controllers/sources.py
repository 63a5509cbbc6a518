"""Where an app's round comes from: a bundled lesson, a share code, or the page's query string;
and the link that opens it again (:func:`share_query`, :func:`page_address`).

Shared by the Scenario Lab and the Dispute resolver, so both read a link the same way and
say the same thing about a bad one. Every function returns the scenario's TOML text (still
to be checked by ``scenario.loads``) or raises :class:`SourceError` with a plain message.
No Jupyter import.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from urllib.parse import parse_qs, quote

from .. import SCENARIOS_DIR
from ..core import files
from ..core.messages import Join, Msg, text
from ..scenario import share

LESSONS_DIR = SCENARIOS_DIR
#: Largest uploaded scenario file (bytes): the longest bundled lesson is about 3 kB.
MAX_UPLOAD_BYTES = 64_000


class SourceError(ValueError):
    """A lesson name or share code that gives no scenario text; the message says why."""


def lesson_names() -> list[str]:
    return sorted(p.stem for p in LESSONS_DIR.glob("*.toml"))


def lesson_text(name: str, hint: str = "source.hint-gallery") -> tuple[str, str]:
    """(TOML text, origin such as "lesson b13-bishop-chain") of a bundled lesson (``hint``:
    the catalog's message saying where the lessons are listed)."""
    stem = name.strip().removesuffix(".toml")
    names = lesson_names()
    if stem not in names:
        raise SourceError(text("source.no-lesson", name=repr(name), examples=Join(names[:3]),
                               hint=Msg(hint)))
    return (LESSONS_DIR / f"{stem}.toml").read_text(encoding="utf-8"), text("origin.lesson", name=stem)


def code_text(code: str) -> str:
    """The TOML text a share code carries."""
    try:
        return share.decode(code.strip())
    except share.ShareCodeError as exc:
        raise SourceError(text("source.bad-code", error=exc)) from None
    except Exception:   # noqa: BLE001 - a damaged link is a message, never a traceback
        raise SourceError(text("source.damaged-code")) from None


def upload_text(content: bytes, filename: str) -> tuple[str, str]:
    """(TOML text, origin) of an uploaded file, read as ``aristofarsa resolve`` reads a file:
    at most :data:`MAX_UPLOAD_BYTES` bytes of UTF-8 text (a BOM is fine); the reader's own
    message otherwise (:class:`~aristofarsa.files.FileInputError`)."""
    return files.decode_text(content, filename, files.SCENARIO_FILE, MAX_UPLOAD_BYTES), filename


def query_source(query: str) -> tuple[str, str] | None:
    """``("scenario", CODE)`` or ``("lesson", NAME)`` from a query string (a leading ``?``
    is fine); None when it names neither."""
    try:
        params = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
    except ValueError:
        return None
    for key in ("scenario", "lesson"):
        if key in params:
            return key, params[key][0]
    return None


def share_query(code: str) -> str:
    """``?scenario=CODE``: the link to a round, relative to the app's own page. A browser
    resolves it against the page's address, so it keeps the page's protocol, host, base URL
    and folder (https on Binder, a proxy's prefix) where a path built on the server cannot."""
    return f"?scenario={quote(code, safe='-_.')}"


def page_address(env: Mapping[str, str]) -> str:
    """The page's own address (no query) as the kernel learns it from Voila's description of
    the request: ``SERVER_NAME``, ``SERVER_PORT`` and ``SCRIPT_NAME`` (the page's path, base
    URL included). The protocol is that of an ``X-Forwarded-Proto`` header when the server
    passes it on (``HTTP_X_FORWARDED_PROTO``), else http: only the browser knows it for sure,
    so this is the text shown before the page fills in its own (see ``render.html.share``).
    "" outside Voila."""
    host = env.get("SERVER_NAME", "")
    if not host:
        return ""
    scheme = env.get("HTTP_X_FORWARDED_PROTO", "").split(",")[0].strip().lower()
    scheme = scheme if scheme in ("http", "https") else "http"
    port = env.get("SERVER_PORT", "")
    default = {"http": "80", "https": "443"}[scheme]
    netloc = f"[{host}]" if ":" in host else host
    if port and port != default:
        netloc += f":{port}"
    return f"{scheme}://{netloc}{env.get('SCRIPT_NAME', '')}"


def lesson_choices() -> list[tuple[str, str]]:
    """(label, lesson name) for a lesson list (``af-lesson-list``): every bundled lesson with its
    stage on the beginner path and its title, stage by stage, "3. Prestige · <title>"."""
    from .lessons import library, stages

    lib = library()
    out: list[tuple[str, str]] = []
    for number, stage in enumerate(stages(), 1):
        out += [(f"{number}. {stage.name} · {lib[name].title or name}", name)
                for name in stage.lessons if name in lib]
    listed = {name for _, name in out}
    out += [(lib[name].title or name, name) for name in lib if name not in listed]
    return out


class RoundOpener:
    """Opening a round from a link's query, a bundled lesson, a share code or an upload: the
    one implementation the Lab and the Dispute resolver share. Each ends in the app's own
    :meth:`open_toml` (which validates the text); anything bad sets :attr:`error` to a plain
    message and returns False, never raises."""

    error: str = ""

    def open_toml(self, text: str, origin: str | None = None) -> bool:   # pragma: no cover
        raise NotImplementedError

    def open_query(self, query: str) -> bool:
        """``scenario=CODE`` or ``lesson=NAME`` (a leading ``?`` is fine); False if neither."""
        source = query_source(query)
        if source is None:
            return False
        return (self.open_code if source[0] == "scenario" else self.open_lesson)(source[1])

    def open_lesson(self, name: str) -> bool:
        return self._open(lambda: lesson_text(name, "source.hint-list"))

    def open_code(self, code: str) -> bool:
        return self._open(lambda: (code_text(code), "link"))

    def open_upload(self, content: bytes, filename: str = "upload.toml") -> bool:
        """An uploaded file, read like ``aristofarsa resolve`` reads one (at most
        :data:`MAX_UPLOAD_BYTES` bytes of UTF-8 text, a BOM is fine), then validated."""
        return self._open(lambda: upload_text(content, filename))

    def _open(self, read: Callable[[], tuple[str, str]]) -> bool:
        try:
            text, origin = read()
        except (SourceError, files.FileInputError) as exc:
            self.error = str(exc)
            return False
        return self.open_toml(text, origin)
