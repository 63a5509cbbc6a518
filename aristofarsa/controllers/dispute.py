"""The Dispute resolver's state: the round on screen, the step shown, and every analysis of it.

``DisputeController.from_query("scenario=CODE")`` / ``("lesson=NAME")`` opens a round; pasted
TOML (:meth:`open_toml`) and uploaded files (:meth:`open_upload`) go through the same strict
scenario validator as a file, and any bad input leaves a plain ``error`` message — never an
exception. The steps are the Lab's: :attr:`stepper` is a :class:`~.stepper.Stepper` (moving
over the trace, through a viewer's eyes), opened at the last step. No Jupyter import: tested
without a browser.
"""
from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import quote

from .. import scenario as S
from ..analysis.compare import VariantTable, compare_variants
from ..analysis.explain import Explanation, explain
from ..analysis.graph import Graph, GraphError, build_graph
from ..analysis.whatif import WhatIf, WhatIfError, what_if
from ..core import files
from ..core.messages import Join
from ..core.messages import text as message
from ..scenario import share
from .builder import Builder
from .sources import LESSONS_DIR, MAX_UPLOAD_BYTES, RoundOpener, share_query
from .stepper import Frame, Stepper

__all__ = ["LESSONS_DIR", "MAX_UPLOAD_BYTES", "DisputeController", "lab_link"]

DISPUTE_PATH = "voila/render/dispute.ipynb"
BUILT = "origin.built"     # the origin of a round entered in the builder (its message)
LAB_PATH = "voila/render/lab.ipynb"


class DisputeController(RoundOpener):
    """Everything the Dispute resolver shows, as plain data and methods. A round comes from a
    link, a lesson, an upload or pasted TOML (:class:`~.sources.RoundOpener`, as in the Lab), or
    is entered by tapping in :attr:`builder` (the Lab's :class:`~.builder.Builder`) and opened
    with :meth:`open_builder`."""

    def __init__(self, players: int = 4) -> None:
        self.error = ""
        self.builder = Builder(players=players, empty=True)   # names only: nothing made up
        self.text: str | None = None
        self.origin = ""
        self.scenario: S.Scenario | None = None
        self.data: dict[str, Any] | None = None
        self.stepper: Stepper | None = None
        self.final: Frame | None = None
        self._variants: VariantTable | None = None
        self._whatif: dict[tuple[str, bool], WhatIf] = {}
        self._explanation: Explanation | None = None
        self._told = False        # the builder's round was whole at the last tap (or open)

    # ---------------------------------------------------------------- opening
    @classmethod
    def from_query(cls, query: str) -> DisputeController:
        c = cls()
        c.open_query(query)
        return c

    def open_toml(self, text: str, origin: str | None = None) -> bool:
        """Validate and resolve a scenario; on any error keep the round shown before
        (``origin``, as its errors name it: a pasted scenario if not given)."""
        origin = origin or message("origin.pasted")
        if not text.strip():
            self.error = message("source.paste-first")
            return False
        try:
            sc = S.loads(text, origin, MAX_UPLOAD_BYTES)
            result = S.run(sc)
        except S.ScenarioError as exc:
            self.error = str(exc)
            return False
        except RecursionError:
            self.error = message("source.too-deep", origin=origin)
            return False
        self.error = ""
        self.text, self.origin, self.scenario = text, origin, sc
        if origin != message(BUILT):
            self.builder = Builder.from_data(files.parse_toml(text, origin))   # the round on screen, to edit
            self.builder.empty = True      # edited at the table: nothing made up, a kept card untold
            self._told = self.builder.all_told()
        self.data = {**result.to_json(), "title": sc.title}
        self.stepper = Stepper(result)               # everyone's eyes: the teacher's view
        self.stepper.last()                          # a dispute starts from the outcome
        self.final = self.stepper.frame()            # the verdict: the last step's board
        self._variants, self._whatif, self._explanation = None, {}, None
        return True

    def open_builder(self) -> bool:
        """Resolve the round entered in the builder; its problems are the error otherwise."""
        check = self.builder.check()
        if not check.ok:
            problems = check.messages()
            self.error = message("source.not-valid", count=len(problems),
                                 problems=Join(problems[:3], "list.semicolon"))
            return False
        return self.open_toml(self.builder.toml(), message(BUILT))

    def load_example(self) -> None:
        """The builder filled with the scenario format's example round (one tap, labelled)."""
        self.builder.load_example()
        self._told = self.builder.all_told()

    def new_round(self) -> None:
        """An empty builder for another round, the same players at the table."""
        b = Builder(players=len(self.builder.players), empty=True)
        for k, name in enumerate(self.builder.names):
            b.set_name(k, name)
        self.builder = b
        self._told = False

    def edited(self) -> bool:
        """After a tap in the builder: True when that tap told the round's last fact (the
        round valid, every player whole, every kept card and optional choice told), so the
        app resolves it at once, with no *Resolve* tap. A tap on a round already whole (after
        *Edit the round*) does not: the person may have more to change."""
        was, self._told = self._told, self.builder.all_told()
        return self._told and not was

    def verdict(self) -> dict[str, Any] | None:
        """The round's outcome as the banner shows it: the final frame (winners, who starts
        the next round), what each player scores and takes, whether the game is over."""
        if self.final is None or self.data is None:
            return None
        return {"frame": self.final, "scored": self.data.get("scored", {}),
                "convoked": self.data.get("convoked", {}), "game_over": bool(self.data.get("game_over"))}

    def cited_rulings(self) -> list[Any]:
        """Every ruling the explanation cites, with its text (controllers.rulings_text)."""
        from .rulings_text import ruling

        x = self.explanation()
        if x is None:
            return []
        ids = dict.fromkeys(r for s in x.steps for r, _ in s.links)
        return [info for info in (ruling(r) for r in ids) if info is not None]

    @property
    def loaded(self) -> bool:
        return self.stepper is not None

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.scenario.players] if self.scenario else []

    # ---------------------------------------------------------------- stepper
    def set_viewer(self, name: str | None) -> None:
        """Whose eyes the steps, the board and the graph are seen through (None: everyone)."""
        if self.stepper is not None:
            self.stepper.viewer = name or None

    def frame(self) -> Frame | None:
        return self.stepper.frame() if self.stepper is not None else None

    # --------------------------------------------------------------- analyses
    def graph(self, up_to_current: bool = True) -> Graph | None:
        """The effect graph up to the current step (or of the whole round), through the
        stepper's viewer's eyes."""
        if self.stepper is None or self.data is None:
            return None
        step = self.stepper.frame().step if up_to_current else None
        try:
            return build_graph(self.data, step=step, viewer=self.stepper.viewer)
        except GraphError:
            return None

    def graph_svg(self, up_to_current: bool = True) -> str:
        """The effect graph as inline SVG (up to the current step), or a message."""
        g = self.graph(up_to_current)
        if g is None:
            return ""
        try:
            from ..render.svg import RenderError, app_graph_svg
        except ImportError:
            return "<p>" + escape(message("dispute-graph.no-graphviz"), quote=False) + "</p>"
        try:
            return app_graph_svg(g)
        except RenderError as exc:
            return "<p>" + escape(message("dispute-graph.cannot-draw", error=exc), quote=False) + "</p>"

    @property
    def withheld(self) -> bool:
        """The explanation, variants and what-if name every card of the round: through one
        player's eyes they are withheld (hidden information), shown to everyone only."""
        return self.stepper is not None and self.stepper.viewer is not None

    def explanation(self) -> Explanation | None:
        if self.withheld:
            return None
        if self.data and self._explanation is None:
            self._explanation = explain(self.data)
        return self._explanation

    def variants(self) -> VariantTable | None:
        if self.withheld:
            return None
        if self.scenario and self._variants is None:
            self._variants = compare_variants(self.scenario)
        return self._variants

    def whatif(self, player: str, garden: bool = False) -> WhatIf | None:
        """Every Phase-2 alternative of ``player`` (with ``garden``, every Garden card too);
        None, with ``error`` set, if impossible."""
        if not (self.scenario and self.text is not None) or self.withheld:
            return None
        key = (player, garden)
        if key not in self._whatif:
            try:
                self._whatif[key] = what_if(self.text, self.scenario, player, garden=garden)
            except WhatIfError as exc:
                self.error = str(exc)
                return None
        return self._whatif[key]

    # ------------------------------------------------------------------ share
    def share_code(self) -> str | None:
        if self.text is None:
            return None
        try:
            return str(share.encode(self.text))
        except Exception:   # noqa: BLE001 - too big for a link: say so instead of a link
            return None

    def share_query(self) -> str | None:
        """The share link relative to the resolver's own page (``?scenario=CODE``)."""
        code = self.share_code()
        return None if code is None else share_query(code)

    def share_link(self, base: str = "/") -> str | None:
        code = self.share_code()
        if code is None:
            return None
        return f"{base.rstrip('/')}/{DISPUTE_PATH}?scenario={quote(code)}"


def lab_link(lesson: str, base: str | None = None) -> str:
    """The Scenario Lab opened on a bundled lesson: by default relative to an app's page (the
    Lab is the page next to it, also under a base URL such as Binder's); else under ``base``."""
    if base is None:
        return f"{LAB_PATH.rsplit('/', 1)[1]}?lesson={quote(lesson)}"
    return f"{base.rstrip('/')}/{LAB_PATH}?lesson={quote(lesson)}"
