"""The Dispute resolver app: enter a round by tapping (or open a link, a lesson, a file, pasted
text or one line) → the verdict at the top of the screen, then the step-by-step board, the
explanation, the effect graph, the variants table and the what-if (a thin skin over
DisputeController).

The page has two states, so that a phone shows one thing at a time. *Entering*: the round
builder (``af-build``, open) and the other ways in under it; no result is shown, so a stale
one can never sit under a new error. *Verdict*: the verdict banner first (``af-verdict``: the
winning card(s), ``af-winners``; who starts the next round; what each player scores), then
the analyses, the builder folded under them; *Edit the round* (``af-edit-round``) goes back
with everything kept. Each switch brings what matters into view (``render.dispute.scroll_here``):
the verdict after Resolve or an open, the first problem's message under its field otherwise.
"""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped,unused-ignore]

from ..controllers.dispute import DisputeController
from ..controllers.sources import page_address
from ..controllers.stepper import Frame
from ..core.messages import text
from ..render import dispute as R
from ..render import html
from ..render.analysis import variants_html, whatif_html
from ..render.explain import explanation_html
from .builder import BuilderView, OpenRoundView
from .common import LazyAccordion, hook, styles, wrap_row
from .line import share_line
from .stepper import StepperView


def _title(text: str) -> ipw.HTML:
    return ipw.HTML(f"<div class='af-section-title'>{text}</div>")


def _button(label: str, hook_: str, tooltip: str, primary: bool = False) -> ipw.Button:
    b = ipw.Button(description=label, tooltip=tooltip, button_style="primary" if primary else "",
                   layout=ipw.Layout(width="auto"))
    b.add_class(hook_)
    return b


class DisputeApp(ipw.VBox):
    """The Dispute resolver: every piece of the page is rendered from the controller's data."""

    def __init__(self, controller: DisputeController | None = None, page: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller if controller is not None else DisputeController()
        self.page = page_address(os.environ) if page is None else page   # this page's address
        self.add_class("af-app")
        self.add_class("af-dispute")
        self.layout.max_width = "100%"
        self.error = ipw.HTML(layout=ipw.Layout(display="none"))   # a link's problem: no field
        self.error.add_class("af-page-error")
        full = ipw.Layout(width="auto", max_width="100%")
        self.opener = OpenRoundView(self.controller, self._opened, inline_errors=True)
        self.paste, self.upload, self.lessons = self.opener.paste, self.opener.upload, self.opener.lessons
        self.resolve_button = self.opener.resolve
        self.builder_view: BuilderView | None = None      # built when the section first opens
        self.build = hook(LazyAccordion([(text("dispute-page.build"), self._make_builder)],
                                        layout=ipw.Layout(width="100%", max_width="100%")), "af-build")
        self.build.observe(self._on_build_toggle, names="selected_index")
        self.intro = ipw.HTML("<div class='af-muted af-intro'>" + text("dispute-page.intro") + "</div>")
        # ------------------------------------------------------------- the verdict
        self.heading = ipw.HTML()
        self.winners = hook(ipw.HTML(), "af-winners", "af-verdict-winners")
        self.scores = hook(ipw.HTML(), "af-verdict-scores")
        self.edit = _button(text("dispute-page.edit"), "af-edit-round", text("dispute-page.edit-tip"))
        self.edit.on_click(lambda _: self.edit_round())
        self.new = _button(text("dispute-page.new"), "af-new-round", text("dispute-page.new-tip"))
        self.new.on_click(lambda _: self.new_round())
        self.verdict = hook(ipw.VBox([self.heading, self.winners, self.scores,
                                      wrap_row([self.edit, self.new])],
                                     layout=ipw.Layout(max_width="100%")), "af-verdict")
        self.lab_link = hook(ipw.HTML(layout=full), "af-open-lab")
        self.outcome = hook(ipw.HTML(), "af-outcome")
        self.stepper_box = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self.stepper_view: StepperView | None = None   # the Lab's stepper, over the controller's
        self.graph = hook(ipw.HTML(layout=full), "af-graph")
        self.explain = hook(ipw.HTML(layout=full), "af-explanation")
        self.variants = hook(ipw.HTML(layout=full), "af-variants")
        self.whatif_player = hook(ipw.Dropdown(description=text("dispute-page.player"), options=[],
                                                layout=ipw.Layout(width="auto", max_width="100%"),
                                                style={"description_width": "auto"}), "af-whatif-player")
        self._quiet = False
        self._withheld: bool | None = None
        self._share_link = ""     # the share box's link part; its line follows the viewer
        self._nonce = 0
        self.whatif_player.observe(self._on_whatif_player, names="value")
        self.whatif_garden = hook(ipw.Checkbox(description=text("dispute-page.other-gardens"), value=False,
                                                indent=False, layout=ipw.Layout(width="auto")),
                                   "af-whatif-garden")
        self.whatif_garden.observe(self._on_whatif_player, names="value")
        self.whatif = hook(ipw.HTML(layout=full), "af-whatif")
        self.share = hook(ipw.HTML(layout=full), "af-share")
        # the results: made once, shown or hidden (a view made late could miss its scroll)
        self.body = ipw.VBox([
            self.verdict, self.outcome, self.share, self.lab_link,
            _title(text("dispute-page.steps")), self.stepper_box,
            _title(text("dispute-page.graph")), self.graph,
            _title(text("dispute-page.why")), self.explain,
            _title(text("dispute-page.variants")), self.variants,
            _title(text("dispute-page.whatif")),
            wrap_row([self.whatif_player, self.whatif_garden]), self.whatif],
            layout=ipw.Layout(max_width="100%", display="none"))
        self.others = _title(text("dispute-page.others"))
        self.children = [styles(), self.intro, self.error, self.body, self.build, self.others,
                         self.opener]
        self.mode = "verdict" if self.controller.loaded else "entering"
        if not self.controller.loaded:
            self.open_builder()               # from scratch: enter the round by tapping
        self.refresh()

    @classmethod
    def from_query(cls, query: str) -> DisputeApp:
        return cls(DisputeController.from_query(query))

    def __repr__(self) -> str:   # stable text/plain for nbval
        return "DisputeApp()"

    def _make_builder(self) -> ipw.Widget:
        self.builder_view = BuilderView(self.controller.builder, on_change=self._built, compact=True)
        go = _button(text("dispute-page.resolve"), "af-build-resolve", text("dispute-page.resolve-tip"),
                     primary=True)
        go.on_click(lambda _: self._resolve_built())
        example = _button(text("dispute-page.example"), "af-example-round", text("dispute-page.example-tip"))
        example.on_click(lambda _: self._example())
        self.resolve_note = ipw.HTML(layout=ipw.Layout(display="none", max_width="100%"))
        self.resolve_note.add_class("af-resolve-note")
        looking = ipw.HTML("<div class='af-muted'>" + text("dispute-page.example-note") + "</div>")
        return ipw.VBox([self.builder_view, wrap_row([go]), self.resolve_note,
                         looking, wrap_row([example])],
                        layout=ipw.Layout(max_width="100%"))

    def open_builder(self) -> BuilderView:
        """Open *Enter the round by tapping* (building it the first time) and return its view."""
        self.build.selected_index = 0
        self.build.pane(0)
        assert self.builder_view is not None
        return self.builder_view

    # ------------------------------------------------------------- actions
    def edit_round(self) -> None:
        """Back to the round's entry, everything kept; the form comes into view."""
        self._show_mode("entering")
        view = self.open_builder()
        if view.builder is not self.controller.builder:
            view.set_builder(self.controller.builder)
        self._nonce += 1
        self.intro.value = ("<div class='af-muted af-intro'>" + text("dispute-page.intro") + "</div>"
                            + R.scroll_here(self._nonce))

    def new_round(self) -> None:
        """Another round from scratch: the same players, nothing else kept."""
        self.controller.new_round()
        self.edit_round()

    def _example(self) -> None:
        self.controller.load_example()
        if self.builder_view is not None:
            self.builder_view.set_builder(self.controller.builder)
        self._built()

    def _built(self) -> None:
        """After a tap: the round entered is no longer the one a verdict was given for."""
        self.controller.error = ""
        self._show_note("")
        if self.controller.edited():       # that tap told the last fact: the verdict at once
            self._resolve_built()

    def _resolve_built(self) -> None:
        view = self.builder_view
        if self.controller.open_builder():
            self.refresh(scroll=True)
            return
        if view is not None and view.show_problems():     # each under its field, in view
            n = len(view.builder.check().messages())
            self._show_note(text("dispute-page.problems", count=n))
        else:
            self._show_note(self.controller.error)
        self._show_mode("entering")

    def _show_note(self, message: str) -> None:
        note = getattr(self, "resolve_note", None)
        if note is None:
            return
        note.value = html.error(message) if message else ""
        note.layout.display = None if message else "none"

    def _opened(self) -> None:
        """After a lesson, a file, pasted text or a line: the verdict, or the error beside its input."""
        if self.controller.error:
            self._show_mode("entering")
            self._page_error("")
            return
        self.refresh(scroll=True)

    def _on_build_toggle(self, change: dict[str, Any]) -> None:
        if change["new"] == 0 and self.mode == "verdict":   # opening the entry: editing
            self.edit_round()

    def _page_error(self, message: str) -> None:
        """The page's own message (a link that opens no round): ``af-error`` only while shown."""
        self.error.value = html.error(message) if message else ""
        self.error.layout.display = None if message else "none"
        (self.error.add_class if message else self.error.remove_class)("af-error")

    def _show_mode(self, mode: str) -> None:
        self.mode = mode
        verdict = mode == "verdict"
        self.body.layout.display = None if verdict else "none"
        self.intro.layout.display = "none" if verdict else None
        if verdict:
            self.build.selected_index = None
        elif self.build.selected_index != 0:
            self.open_builder()

    # ------------------------------------------------------------- showing
    def refresh(self, scroll: bool = False) -> None:
        c = self.controller
        self._page_error(c.error if not self.opener.last else "")   # a link's problem: at the top
        stepper = c.stepper
        if stepper is None:
            self._show_mode("entering")
            return
        if c.text is not None:
            self.paste.value = c.text
        if self.builder_view is not None and self.builder_view.builder is not c.builder:
            self.builder_view.set_builder(c.builder)
        players = c.players
        self._quiet = True
        self.whatif_player.options = players
        self.whatif_player.value = players[0] if players else None
        self._quiet = False
        link = c.share_query()
        self._share_link = html.share(link, self.page + link if self.page and link else None)
        self.lab_link.value = html.app_link("lab.ipynb", link, text("dispute-page.lab"))
        self._withheld = None     # a new round: its analyses are drawn afresh
        if self.stepper_view is None or self.stepper_view.stepper is not stepper:
            self.stepper_view = StepperView(stepper)
            self.stepper_view.board.winners.remove_class("af-winners")   # the banner holds it
            self.stepper_view.on_step(self._on_step)
            self.stepper_box.children = [self.stepper_view]
        self._show_mode("verdict")
        self._show_verdict(scroll)
        self._on_step(stepper.frame())

    def _show_verdict(self, scroll: bool) -> None:
        """The banner: the winning card(s) and who starts next (``af-winners``), then what each
        player scores; brought into view after Resolve or an open."""
        v = self.controller.verdict()
        if v is None:
            return
        title = self.controller.scenario.title if self.controller.scenario else ""
        self._nonce += 1
        mark = (R.scroll_here(self._nonce, container=".af-verdict")     # the whole banner in view,
                + R.focus_here(self._nonce, ".af-edit-round", ".af-dispute")   # the focus on its button
                if scroll else "")
        said = text("verdict.title-of", title=R.e(title)) if title else text("verdict.title")
        self.heading.value = f"<div class='af-verdict-title'>{said}</div>{mark}"
        self._verdict_lines()

    def _verdict_lines(self) -> None:
        """The verdict's lines; through one player's eyes before the last step, a note instead:
        they name cards that player may not know yet (a Garden card still in hand, a face-down
        Balcony card that scores)."""
        c, v = self.controller, self.controller.verdict()
        if v is None or c.stepper is None:
            return
        early = c.withheld and c.stepper.index < len(c.stepper) - 1
        self.winners.value = "" if early else html.winners(v["frame"])
        self.winners.layout.display = "none" if early else None
        self.scores.value = ("<div class='af-verdict-line'>" + text("dispute-page.verdict-withheld")
                             + "</div>" if early else
                             R.verdict_scores(v["scored"], v["convoked"], v["game_over"]))

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
        if withheld:
            self.outcome.value = ("<div class='af-muted'>" + text("dispute-page.analyses-withheld")
                                  + "</div>")
            self.explain.value = self.variants.value = self.whatif.value = ""
            return
        x = c.explanation()
        self.outcome.value = ""                 # the banner says it
        self.explain.value = (R.rulings_in_page(explanation_html(replace(x, title=""), "#"),
                                                c.cited_rulings()) if x else "")
        table = c.variants()
        self.variants.value = variants_html(table) if table else ""
        self._show_whatif()

    def _on_step(self, frame: Frame) -> None:
        """After each move or change of viewer: the graph up to this step, through those eyes."""
        self._verdict_lines()
        self.graph.value = self.controller.graph_svg()
        self._show_analyses()

    def _on_whatif_player(self, _: Any) -> None:
        if not self._quiet:
            self._show_whatif()

    def _show_whatif(self) -> None:
        player = self.whatif_player.value
        self.whatif_garden.description = (text("dispute-page.other-gardens-for", player=player)
                                          if player else text("dispute-page.other-gardens"))
        if not player or self.controller.withheld:
            self.whatif.value = ""
            return
        w = self.controller.whatif(player, garden=bool(self.whatif_garden.value))
        self.whatif.value = (whatif_html(w) if w
                             else f"<div class='af-muted'>{R.e(self.controller.error)}</div>")
