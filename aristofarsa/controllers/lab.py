"""The Scenario Lab's state: builder, resolved round, stepper, viewer, share link, lessons.

``LabController.from_query("scenario=CODE")`` / ``("lesson=NAME")`` opens a round; a bad
code, lesson or upload leaves an ``error`` message (the validator's or the share code's
wording) and never raises. No Jupyter import.
"""
from __future__ import annotations

from urllib.parse import quote

from .. import scenario as S
from ..analysis.graph import Graph, GraphError, build_graph
from ..core import files
from ..core.messages import Join
from ..core.messages import text as message
from ..core.result import RoundResult
from ..scenario import share
from .builder import Builder, Check
from .sources import MAX_UPLOAD_BYTES, RoundOpener, share_query
from .stepper import Frame, Stepper

APP_PATH = "/voila/render/lab.ipynb"


class LabController(RoundOpener):
    """Everything the Lab shows, as plain data and methods (a round is opened as the Dispute
    resolver opens one: :class:`~.sources.RoundOpener`)."""

    def __init__(self, builder: Builder | None = None) -> None:
        self.builder = builder or Builder()
        self.error = ""                  # a plain-language message about the last bad input
        self.origin = "builder"          # where the round on screen came from
        self.stepper: Stepper | None = None
        self._viewer: str | None = None
        self.resolve()

    # ------------------------------------------------------------- opening rounds
    @classmethod
    def from_query(cls, query: str) -> LabController:
        """``scenario=CODE`` or ``lesson=NAME`` (a leading ``?`` is fine); anything bad
        gives the default round plus an error message."""
        lab = cls()
        lab.open_query(query)
        return lab

    def open_toml(self, text: str, origin: str | None = None) -> bool:
        """Any scenario text: it must pass the file validator before the builder takes it
        (``origin``, as its errors name it: a pasted scenario if not given)."""
        origin = origin or message("origin.pasted")
        try:
            S.loads(text, origin, MAX_UPLOAD_BYTES)
            data = files.parse_toml(text, origin)     # the one bounded reader
        except S.ScenarioError as exc:
            self.error = str(exc)
            return False
        except files.FileInputError as exc:   # pragma: no cover - loads reports it first
            self.error = str(exc)
            return False
        self.builder = Builder.from_data(data)
        self.origin = origin
        self.error = ""
        self.viewer = None
        self.resolve()
        if self.stepper is None and not self.error:
            self.error = message("lab-page.not-resolved", origin=origin,
                                 problems=Join(self.check.messages(), sep="list.semicolon"))
        return self.stepper is not None

    # ------------------------------------------------------------- the round on screen
    @property
    def title(self) -> str:
        return str(self.builder.top.get("title") or "")

    @property
    def description(self) -> str:
        """The round's description (a lesson's Markdown text), "" if none."""
        return str(self.builder.top.get("description") or "")

    @property
    def check(self) -> Check:
        return self.builder.check()

    @property
    def result(self) -> RoundResult | None:
        return self.check.result

    def resolve(self) -> bool:
        """Re-judge the builder; a valid round gets a stepper (at its first step)."""
        check = self.builder.check()
        if check.result is None:
            self.stepper = None
            return False
        if self.stepper is None or self.stepper.result is not check.result:
            viewer = self.viewer if self.viewer in self.builder.names else None
            self.stepper = Stepper(check.result, viewer)
            self._viewer = viewer
        return True

    def edited(self) -> bool:
        """Call after a builder edit: clears the page error, re-resolves."""
        self.error = ""
        self.origin = "builder"
        return self.resolve()

    def set_viewer(self, name: str | None) -> None:
        self.viewer = name or None

    @property
    def viewer(self) -> str | None:
        """Whose eyes the round is seen through: the stepper's own viewer, so the steps, the
        board and the graph can never be drawn for two different viewers."""
        return self.stepper.viewer if self.stepper is not None else self._viewer

    @viewer.setter
    def viewer(self, name: str | None) -> None:
        self._viewer = name or None
        if self.stepper is not None and self.stepper.viewer != self._viewer:
            self.stepper.viewer = self._viewer

    def frame(self) -> Frame | None:
        return self.stepper.frame() if self.stepper is not None else None

    def graph(self) -> Graph | None:
        """The effect graph up to the current step, through the current viewer's eyes."""
        if self.stepper is None:
            return None
        try:
            return build_graph(self.stepper.result, step=self.stepper.frame().step,
                               viewer=self.stepper.viewer)
        except GraphError:
            return None

    # ------------------------------------------------------------- share / download
    def share_code(self) -> str | None:
        if self.stepper is None:
            return None
        return share.encode(self.builder.toml())

    def share_query(self) -> str | None:
        """The share link relative to the Lab's own page (``?scenario=CODE``)."""
        code = self.share_code()
        return None if code is None else share_query(code)

    def share_link(self, base: str = "") -> str | None:
        code = self.share_code()
        return None if code is None else f"{base.rstrip('/')}{APP_PATH}?scenario={quote(code, safe='-_.')}"

    def download(self) -> tuple[str, bytes]:
        """(file name, TOML bytes) of the scenario in the builder."""
        title = str(self.builder.top.get("title") or "scenario")
        return f"{file_stem(title)}.toml", self.builder.toml().encode("utf-8")


def file_stem(title: str, limit: int = 48) -> str:
    """A file name for a title: its words in lower case joined by dashes, cut after the
    last whole word that fits in ``limit`` characters ("scenario" when none is left)."""
    stem = ""
    for word in "".join(c if c.isalnum() else " " for c in title.lower()).split():
        if len(stem) + len(word) + 1 > limit and stem:
            break
        stem = f"{stem}-{word}" if stem else word[:limit]
    return stem or "scenario"
