"""The Dispute resolver app: paste, upload or link a round → outcome, step-by-step board,
explanation, effect graph, variants table and what-if (a thin skin over DisputeController)."""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped,unused-ignore]

from ..controllers.dispute import DisputeController
from ..controllers.sources import page_address
from ..controllers.stepper import Frame
from ..render import dispute as R
from ..render import html
from ..render.analysis import variants_html, whatif_html
from ..render.explain import explanation_html
from .builder import BuilderView, OpenRoundView
from .common import LazyAccordion, hook, styles, wrap_row
from .line import share_line
from .stepper import StepperView

INTRO = ("Two players disagree about a round? Enter it by tapping (each player's Garden card, "
         "Phase-2 action and hand), paste it as a scenario (TOML), upload the file, or open a "
         "lesson: see who wins and why, step by step, which card did what to which, "
         "whether a house rule changes anything, and what else a player could have done.")


def _title(text: str) -> ipw.HTML:
    return ipw.HTML(f"<div class='af-section-title'>{text}</div>")


class DisputeApp(ipw.VBox):
    """The Dispute resolver: every piece of the page is rendered from the controller's data."""

    def __init__(self, controller: DisputeController | None = None, page: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller if controller is not None else DisputeController()
        self.page = page_address(os.environ) if page is None else page   # this page's address
        self.add_class("af-app")
        self.layout.max_width = "100%"
        self.error = hook(ipw.HTML(), "af-error")
        full = ipw.Layout(width="auto", max_width="100%")
        self.opener = OpenRoundView(self.controller, self.refresh)
        self.paste, self.upload, self.lessons = self.opener.paste, self.opener.upload, self.opener.lessons
        self.resolve_button = self.opener.resolve
        self.builder_view: BuilderView | None = None      # built when the section first opens
        self.build = hook(LazyAccordion([("Enter the round by tapping", self._make_builder)],
                                        layout=ipw.Layout(width="100%", max_width="100%")), "af-build")
        self.lab_link = hook(ipw.HTML(layout=full), "af-open-lab")
        self.another = _title("Change this round, or open another")
        self.outcome = hook(ipw.HTML(), "af-outcome")
        self.stepper_box = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self.stepper_view: StepperView | None = None   # the Lab's stepper, over the controller's
        self.graph = hook(ipw.HTML(layout=full), "af-graph")
        self.explain = hook(ipw.HTML(layout=full), "af-explanation")
        self.variants = hook(ipw.HTML(layout=full), "af-variants")
        self.whatif_player = hook(ipw.Dropdown(description="Player", options=[],
                                                layout=ipw.Layout(width="auto", max_width="100%"),
                                                style={"description_width": "auto"}), "af-whatif-player")
        self._quiet = False
        self._withheld: bool | None = None
        self._share_link = ""     # the share box's link part; its line follows the viewer
        self.whatif_player.observe(self._on_whatif_player, names="value")
        self.whatif_garden = hook(ipw.Checkbox(description="Also try other Garden cards", value=False,
                                                indent=False, layout=ipw.Layout(width="auto")),
                                   "af-whatif-garden")
        self.whatif_garden.observe(self._on_whatif_player, names="value")
        self.whatif = hook(ipw.HTML(layout=full), "af-whatif")
        self.share = hook(ipw.HTML(layout=full), "af-share")
        self.body = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self.children = [
            styles(), ipw.HTML(f"<div class='af-muted'>{INTRO}</div>"),
            self.error, self.body, self.another, self.build, self.opener]
        if not self.controller.loaded:
            self.open_builder()               # from scratch: enter the round by tapping
        self.refresh()

    @classmethod
    def from_query(cls, query: str) -> DisputeApp:
        return cls(DisputeController.from_query(query))

    def __repr__(self) -> str:   # stable text/plain for nbval
        return "DisputeApp()"

    def _make_builder(self) -> ipw.Widget:
        self.builder_view = BuilderView(self.controller.builder, on_change=self._built)
        go = hook(ipw.Button(description="Resolve this round ▶", button_style="primary",
                             layout=ipw.Layout(width="auto")), "af-build-resolve")
        go.on_click(lambda _: self._resolve_built())
        return ipw.VBox([self.builder_view, go], layout=ipw.Layout(max_width="100%"))

    def open_builder(self) -> BuilderView:
        """Open *Enter the round by tapping* (building it the first time) and return its view."""
        self.build.selected_index = 0
        self.build.pane(0)
        assert self.builder_view is not None
        return self.builder_view

    def _built(self) -> None:
        """After a tap: the page error (a refused round) is cleared once the round is valid."""
        if self.controller.error and self.controller.builder.check().ok:
            self.controller.error = ""
            self.error.value, self.error.layout.display = "", "none"

    def _resolve_built(self) -> None:
        self.controller.open_builder()
        self.refresh()

    # ------------------------------------------------------------- actions
    # ------------------------------------------------------------- showing
    def refresh(self) -> None:
        self.error.value = R.e(self.controller.error)
        self.error.layout.display = "" if self.controller.error else "none"
        stepper = self.controller.stepper
        if stepper is None:
            self.body.children = [ipw.HTML("<div class='af-muted'>No round yet: enter it below by "
                                           "tapping, or open a lesson, upload a file or paste "
                                           "it.</div>")]
            self.another.value = "<div class='af-section-title'>The round</div>"
            return
        self.another.value = "<div class='af-section-title'>Change this round, or open another</div>"
        if self.controller.text is not None:
            self.paste.value = self.controller.text
        if self.builder_view is not None and self.builder_view.builder is not self.controller.builder:
            self.builder_view.set_builder(self.controller.builder)
        players = self.controller.players
        self._quiet = True
        self.whatif_player.options = players
        self.whatif_player.value = players[0] if players else None
        self._quiet = False
        link = self.controller.share_query()
        self._share_link = html.share(link, self.page + link if self.page and link else None)
        self.lab_link.value = html.app_link("lab.ipynb", link, "Step through it in the Scenario Lab")
        self.body.children = [
            self.outcome, self.share, self.lab_link,
            _title("Step by step"), self.stepper_box,
            _title("Effect graph (up to this step)"), self.graph,
            _title("Why: each card's Prestige, and who scores"), self.explain,
            _title("House rules: does a variant change the outcome?"), self.variants,
            _title("What if a player had done something else?"),
            wrap_row([self.whatif_player, self.whatif_garden]), self.whatif]
        self._withheld = None     # a new round: its analyses are drawn afresh
        if self.stepper_view is None or self.stepper_view.stepper is not stepper:
            self.stepper_view = StepperView(stepper)
            self.stepper_view.on_step(self._on_step)
            self.stepper_box.children = [self.stepper_view]
        self._on_step(stepper.frame())

    def _show_analyses(self) -> None:
        """Outcome, explanation, variants and what-if: they name every card, so through one
        player's eyes they are withheld (hidden information) until *Everyone* is chosen."""
        c = self.controller
        withheld = c.withheld
        if withheld == self._withheld:
            return
        self._withheld = withheld
        self.share.value = self._share_link + share_line(     # it names every card, too
            c.scenario, c.stepper.viewer if withheld and c.stepper else None)
        title = R.e(c.scenario.title) if c.scenario and c.scenario.title else ""
        heading = f"<h3 style='margin:6px 0'>{title}</h3>" if title else ""
        if withheld:
            note = ("<div class='af-muted'>Seen through one player's eyes: the outcome, the "
                    "explanation, the variants and the what-if name every card, so they are shown "
                    "with <b>Seen by: Everyone</b> only.</div>")
            self.outcome.value = heading + note
            self.explain.value = self.variants.value = self.whatif.value = ""
            return
        x = c.explanation()
        outcome = R.e(x.outcome if x else "")
        self.outcome.value = heading + f"<div style='font-size:1.15em'><b>{outcome}</b></div>"
        self.explain.value = explanation_html(replace(x, title=""), "#") if x else ""
        table = c.variants()
        self.variants.value = variants_html(table) if table else ""
        self._show_whatif()

    def _on_step(self, frame: Frame) -> None:
        """After each move or change of viewer: the graph up to this step, through those eyes."""
        self.graph.value = self.controller.graph_svg()
        self._show_analyses()

    def _on_whatif_player(self, _: Any) -> None:
        if not self._quiet:
            self._show_whatif()

    def _show_whatif(self) -> None:
        player = self.whatif_player.value
        self.whatif_garden.description = f"Also try other Garden cards for {player}" if player \
            else "Also try other Garden cards"
        if not player or self.controller.withheld:
            self.whatif.value = ""
            return
        w = self.controller.whatif(player, garden=bool(self.whatif_garden.value))
        self.whatif.value = (whatif_html(w) if w
                             else f"<div class='af-muted'>{R.e(self.controller.error)}</div>")
