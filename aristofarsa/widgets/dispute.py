"""The Dispute resolver app: paste, upload or link a round → outcome, step-by-step board,
explanation, effect graph, variants table and what-if (a thin skin over DisputeController)."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped,unused-ignore]

from ..controllers.dispute import DisputeController, lesson_names
from ..render import dispute as R
from ..render.analysis import variants_html, whatif_html
from ..render.explain import explanation_html

INTRO = ("Two players disagree about a round? Paste it as a scenario (TOML), upload the file, "
         "or open a lesson: see who wins and why, step by step, which card did what to which, "
         "whether a house rule changes anything, and what else a player could have done.")


def _hook(widget: Any, *classes: str) -> Any:
    for name in classes:
        widget.add_class(name)
    return widget


def _row(children: list[Any]) -> ipw.Box:
    return ipw.Box(children, layout=ipw.Layout(display="flex", flex_flow="row wrap",
                                               align_items="center", max_width="100%"))


def _title(text: str) -> ipw.HTML:
    return ipw.HTML(f"<div class='af-section-title'>{text}</div>")


class DisputeApp(ipw.VBox):
    """The Dispute resolver: every piece of the page is rendered from the controller's data."""

    def __init__(self, controller: DisputeController | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.c = controller if controller is not None else DisputeController()
        self.add_class("af-app")
        self.layout.max_width = "100%"
        self.error = _hook(ipw.HTML(), "af-error")
        full = ipw.Layout(width="100%", max_width="100%")
        self.paste = _hook(ipw.Textarea(placeholder="Paste a scenario here (TOML) …",
                                        layout=ipw.Layout(width="100%", height="9em")), "af-paste")
        self.resolve_button = _hook(ipw.Button(description="Resolve", button_style="primary",
                                               layout=ipw.Layout(width="auto")), "af-resolve")
        self.resolve_button.on_click(lambda _: self._open_pasted())
        self.upload = _hook(ipw.FileUpload(accept=".toml,text/plain", multiple=False,
                                           description="Upload a file"), "af-upload")
        self.upload.observe(self._on_upload, names="value")
        self.lessons = _hook(ipw.Dropdown(options=[("open a lesson…", "")] + [(n, n) for n in lesson_names()],
                                          value="", layout=ipw.Layout(width="auto", max_width="100%")),
                             "af-lessons")
        self.lessons.observe(self._on_lesson, names="value")
        self.outcome = _hook(ipw.HTML(), "af-outcome")
        self.buttons = {hook: self._button(label, tip, hook, action) for label, tip, hook, action in (
            ("|◀", "first step", "af-first", self.c.first), ("◀", "previous step", "af-prev", self.c.back),
            ("▶", "next step", "af-next", self.c.next), ("▶|", "last step", "af-last", self.c.last))}
        self.step = _hook(ipw.HTML(layout=full), "af-step")
        self.winners = _hook(ipw.HTML(), "af-winners")
        self.garden = _hook(ipw.HTML(layout=full), "af-garden")
        self.balcony = _hook(ipw.HTML(layout=full), "af-balcony")
        self.graph = _hook(ipw.HTML(layout=full), "af-graph")
        self.explain = _hook(ipw.HTML(layout=full), "af-explanation")
        self.variants = _hook(ipw.HTML(layout=full), "af-variants")
        self.whatif_player = _hook(ipw.Dropdown(description="What if", options=[],
                                                layout=ipw.Layout(width="auto", max_width="100%"),
                                                style={"description_width": "auto"}), "af-whatif-player")
        self._quiet = False
        self.whatif_player.observe(self._on_whatif_player, names="value")
        self.whatif_garden = _hook(ipw.Checkbox(description="the Garden card too", value=False,
                                                indent=False, layout=ipw.Layout(width="auto")),
                                   "af-whatif-garden")
        self.whatif_garden.observe(self._on_whatif_player, names="value")
        self.whatif = _hook(ipw.HTML(layout=full), "af-whatif")
        self.share = _hook(ipw.HTML(layout=full), "af-share")
        self.body = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self.children = [
            ipw.HTML(R.CSS + f"<div class='af-muted'>{INTRO}</div>"),
            self.paste, _row([self.resolve_button, self.upload, self.lessons]), self.error, self.body]
        self.refresh()

    @classmethod
    def from_query(cls, query: str) -> DisputeApp:
        return cls(DisputeController.from_query(query))

    def __repr__(self) -> str:   # stable text/plain for nbval
        return "DisputeApp()"

    # ------------------------------------------------------------- actions
    def _button(self, label: str, tip: str, hook: str, action: Any) -> ipw.Button:
        b = _hook(ipw.Button(description=label, tooltip=tip, layout=ipw.Layout(width="3.2em")), hook)

        def clicked(_: Any) -> None:
            action()
            self._show_step()
        b.on_click(clicked)
        return b

    def _open_pasted(self) -> None:
        self.c.open_toml(self.paste.value, "pasted scenario")
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
        if not self.c.loaded:
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
        self.share.value = R.share_html(self.c.share_link("/"))
        self.body.children = [
            self.outcome, self.share,
            _title("Step by step"), _row(list(self.buttons.values())), self.step, self.winners,
            _title("Garden (queue order)"), self.garden,
            _title("Balcony (reveal order)"), self.balcony,
            _title("Effect graph (up to this step)"), self.graph,
            _title("Why: each card's Prestige, and who scores"), self.explain,
            _title("House rules: does a variant change the outcome?"), self.variants,
            _title("What if a player had done something else?"),
            _row([self.whatif_player, self.whatif_garden]), self.whatif]
        self._show_step()
        self._show_whatif()

    def _show_step(self) -> None:
        f = self.c.frame()
        if f is None:
            return
        self.step.value = R.step_html(f)
        self.winners.value = R.winners_html(f)
        self.garden.value = R.cards_html(f.garden, f.touched, "Nothing in the Garden yet.")
        self.balcony.value = R.cards_html(f.balcony, f.touched, "Nothing on the Balcony yet.")
        self.graph.value = self.c.graph_svg()
        self.buttons["af-first"].disabled = self.buttons["af-prev"].disabled = f.is_first
        self.buttons["af-next"].disabled = self.buttons["af-last"].disabled = f.is_last

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
