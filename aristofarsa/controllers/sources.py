"""Where an app's round comes from: a bundled lesson, a share code, or the page's query string;
and the link that opens it again (:func:`share_query`, :func:`page_address`).

Shared by the Scenario Lab and the Dispute resolver, so both read a link the same way and
say the same thing about a bad one. Every function returns the scenario's TOML text (still
to be checked by ``scenario.loads``) or raises :class:`SourceError` with a plain message.
No Jupyter import.
"""
from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from urllib.parse import parse_qs, quote

from .. import files, share
from .. import scenario as S

LESSONS_DIR = Path(S.__file__).with_name("scenarios")
#: Largest uploaded scenario file (bytes): the longest bundled lesson is about 3 kB.
MAX_UPLOAD_BYTES = 64_000


class SourceError(ValueError):
    """A lesson name or share code that gives no scenario text; the message says why."""


def lesson_names() -> list[str]:
    return sorted(p.stem for p in LESSONS_DIR.glob("*.toml"))


def lesson_text(name: str, hint: str = "see the lesson gallery") -> tuple[str, str]:
    """(TOML text, origin such as "lesson b13-bishop-chain") of a bundled lesson."""
    stem = name.strip().removesuffix(".toml")
    names = lesson_names()
    if stem not in names:
        raise SourceError(f"there is no bundled lesson named {name!r}; lessons are named like "
                          f"{', '.join(names[:3])} ({hint})")
    return (LESSONS_DIR / f"{stem}.toml").read_text(encoding="utf-8"), f"lesson {stem}"


def code_text(code: str) -> str:
    """The TOML text a share code carries."""
    try:
        return share.decode(code.strip())
    except share.ShareCodeError as exc:
        raise SourceError(f"this link's scenario code cannot be read: {exc}") from None
    except Exception:   # noqa: BLE001 - a damaged link is a message, never a traceback
        raise SourceError("this link's scenario code cannot be read: damaged share code") from None


def upload_text(content: bytes, filename: str) -> tuple[str, str]:
    """(TOML text, origin) of an uploaded file, read as ``aristofarsa resolve`` reads a file:
    at most :data:`MAX_UPLOAD_BYTES` bytes of UTF-8 text (a BOM is fine); the reader's own
    message otherwise (:class:`~aristofarsa.files.FileInputError`)."""
    return files.decode_text(content, filename, "scenario file", MAX_UPLOAD_BYTES), filename


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
