"""The Dispute resolver app: paste, upload or link a round → outcome, step-by-step board,
explanation, effect graph, variants table and what-if (a thin skin over DisputeController)."""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped,unused-ignore]

from ..controllers.dispute import DisputeController
from ..controllers.sources import lesson_names, page_address
from ..controllers.stepper import Frame
from ..render import dispute as R
from ..render import html
from ..render.analysis import variants_html, whatif_html
from ..render.explain import explanation_html
from .common import hook, styles, wrap_row
from .line import LineBox, share_line
from .stepper import StepperView

INTRO = ("Two players disagree about a round? Paste it as a scenario (TOML), upload the file, "
         "or open a lesson: see who wins and why, step by step, which card did what to which, "
         "whether a house rule changes anything, and what else a player could have done.")


def _title(text: str) -> ipw.HTML:
    return ipw.HTML(f"<div class='af-section-title'>{text}</div>")


class DisputeApp(ipw.VBox):
    """The Dispute resolver: every piece of the page is rendered from the controller's data."""

    def __init__(self, controller: DisputeController | None = None, page: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.c = controller if controller is not None else DisputeController()
        self.page = page_address(os.environ) if page is None else page   # this page's address
        self.add_class("af-app")
        self.layout.max_width = "100%"
        self.error = hook(ipw.HTML(), "af-error")
        full = ipw.Layout(width="auto", max_width="100%")
        self.paste = hook(ipw.Textarea(placeholder="Paste a scenario here (TOML) …",
                                        layout=ipw.Layout(width="auto", height="9em")), "af-paste")
        self.resolve_button = hook(ipw.Button(description="Resolve", button_style="primary",
                                               layout=ipw.Layout(width="auto")), "af-resolve")
        self.resolve_button.on_click(lambda _: self._open_pasted())
        self.upload = hook(ipw.FileUpload(accept=".toml,text/plain", multiple=False,
                                           description="Upload a file"), "af-upload")
        self.upload.observe(self._on_upload, names="value")
        self.lessons = hook(ipw.Dropdown(options=[("open a lesson…", "")] + [(n, n) for n in lesson_names()],
                                          value="", layout=ipw.Layout(width="auto", max_width="100%")),
                             "af-lessons")
        self.lessons.observe(self._on_lesson, names="value")
        self.outcome = hook(ipw.HTML(), "af-outcome")
        self.stepper_box = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self.stepper_view: StepperView | None = None   # the Lab's stepper, over the controller's
        self.graph = hook(ipw.HTML(layout=full), "af-graph")
        self.explain = hook(ipw.HTML(layout=full), "af-explanation")
        self.variants = hook(ipw.HTML(layout=full), "af-variants")
        self.whatif_player = hook(ipw.Dropdown(description="What if", options=[],
                                                layout=ipw.Layout(width="auto", max_width="100%"),
                                                style={"description_width": "auto"}), "af-whatif-player")
        self._quiet = False
        self.whatif_player.observe(self._on_whatif_player, names="value")
        self.whatif_garden = hook(ipw.Checkbox(description="the Garden card too", value=False,
                                                indent=False, layout=ipw.Layout(width="auto")),
                                   "af-whatif-garden")
        self.whatif_garden.observe(self._on_whatif_player, names="value")
        self.whatif = hook(ipw.HTML(layout=full), "af-whatif")
        self.share = hook(ipw.HTML(layout=full), "af-share")
        self.body = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self.line = LineBox(self._open_line, self._line_error)   # af-line, af-line-go: one line
        self.children = [
            styles(), ipw.HTML(R.CSS + f"<div class='af-muted'>{INTRO}</div>"),
            self.paste, wrap_row([self.resolve_button, self.upload, self.lessons]), self.line,
            self.error, self.body]
        self.refresh()

    @classmethod
    def from_query(cls, query: str) -> DisputeApp:
        return cls(DisputeController.from_query(query))

    def __repr__(self) -> str:   # stable text/plain for nbval
        return "DisputeApp()"

    # ------------------------------------------------------------- actions
    def _open_pasted(self) -> None:
        self.c.open_toml(self.paste.value, "pasted scenario")
        self.refresh()

    def _open_line(self, text: str, origin: str) -> bool:
        """A round typed in one line (LineBox gives its TOML): opened like a pasted one."""
        opened = self.c.open_toml(text, origin)
        if opened:
            self.paste.value = text
        self.refresh()
        return opened

    def _line_error(self, message: str) -> None:
        self.c.error = message
        self.refresh()

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change.get("new") or ()
        if not files:
            return
        f = files[0]
        content = bytes(f["content"]) if isinstance(f, dict) else bytes(f.content)
        name = f["name"] if isinstance(f, dict) else f.name
        if self.c.open_upload(content, name) and self.c.text is not None:
            self.paste.value = self.c.text
        self.refresh()

    def _on_lesson(self, change: dict[str, Any]) -> None:
        if change["new"]:
            if self.c.open_lesson(change["new"]) and self.c.text is not None:
                self.paste.value = self.c.text
            self.refresh()

    # ------------------------------------------------------------- showing
    def refresh(self) -> None:
        self.error.value = R.e(self.c.error)
        self.error.layout.display = "" if self.c.error else "none"
        stepper = self.c.stepper
        if stepper is None:
            self.body.children = [ipw.HTML("<div class='af-muted'>No round yet: paste one, upload "
                                           "a file or open a lesson.</div>")]
            return
        if self.c.text is not None and not self.paste.value:
            self.paste.value = self.c.text
        x = self.c.explanation()
        outcome = x.outcome if x else ""
        title = R.e(self.c.scenario.title) if self.c.scenario and self.c.scenario.title else ""
        self.outcome.value = (f"<h3 style='margin:6px 0'>{title}</h3>" if title else "") + \
            f"<div style='font-size:1.15em'><b>{R.e(outcome)}</b></div>"
        self.explain.value = explanation_html(replace(x, title=""), "#") if x else ""
        table = self.c.variants()
        self.variants.value = variants_html(table) if table else ""
        players = self.c.players
        self._quiet = True
        self.whatif_player.options = players
        self.whatif_player.value = players[0] if players else None
        self._quiet = False
        link = self.c.share_query()
        self.share.value = html.share(link, self.page + link if self.page and link else None) + \
            share_line(self.c.scenario)
        self.body.children = [
            self.outcome, self.share,
            _title("Step by step"), self.stepper_box,
            _title("Effect graph (up to this step)"), self.graph,
            _title("Why: each card's Prestige, and who scores"), self.explain,
            _title("House rules: does a variant change the outcome?"), self.variants,
            _title("What if a player had done something else?"),
            wrap_row([self.whatif_player, self.whatif_garden]), self.whatif]
        if self.stepper_view is None or self.stepper_view.stepper is not stepper:
            self.stepper_view = StepperView(stepper)
            self.stepper_view.on_step(self._on_step)
            self.stepper_box.children = [self.stepper_view]
        self._on_step(stepper.frame())
        self._show_whatif()

    def _on_step(self, frame: Frame) -> None:
        """After each move or change of viewer: the graph up to this step, through those eyes."""
        self.graph.value = self.c.graph_svg()

    def _on_whatif_player(self, _: Any) -> None:
        if not self._quiet:
            self._show_whatif()

    def _show_whatif(self) -> None:
        player = self.whatif_player.value
        if not player:
            self.whatif.value = ""
            return
        w = self.c.whatif(player, garden=bool(self.whatif_garden.value))
        self.whatif.value = whatif_html(w) if w else f"<div class='af-muted'>{R.e(self.c.error)}</div>"
