"""The Scenario Lab app: step through a round (``af-step`` …), build it by clicking, open a
lesson / link / file, download it, share it (``af-share``); bad input shows in ``af-error``.

``LabApp.from_query(page_query(warm_up=LabApp))`` is the notebook's only line. *Build the
round* (``af-build``) is a section closed at open and built when first opened (two thirds
of the app's widgets at open were the builder's), or as soon as the round needs fixing.
"""
from __future__ import annotations

import base64
import os
from html import escape
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..controllers.lab import LabController, lessons
from ..controllers.sources import MAX_UPLOAD_BYTES, page_address
from ..controllers.stepper import Frame
from ..render import html
from ..render.svg import graph_svg
from .builder import BuilderView
from .common import Guard, LazyAccordion, styles, wrap_row
from .line import LineBox, share_line
from .stepper import StepperView

INTRO = ("Set up one round as it was played at the table, then step through it event by event: "
         "each Prestige change with the ruling that decided it. Open a lesson below, or change "
         "any card: open <b>Build the round</b> below.")


class LabApp(ipw.VBox):
    """The Scenario Lab: a thin skin over :class:`LabController`."""

    def __init__(self, controller: LabController | None = None, page: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lab = controller or LabController()
        self.page = page_address(os.environ) if page is None else page   # this page's address
        self.add_class("af-app")
        self.layout.max_width = "100%"
        self._guard = Guard()
        self.error = ipw.HTML()
        self.error.add_class("af-error")
        self.share = ipw.HTML()
        self.share.add_class("af-share")
        self.graph = ipw.HTML()
        self.graph.add_class("af-graph")
        self.download = ipw.HTML()
        self.download.add_class("af-download")
        self.stepper_box = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self.stepper_view: StepperView | None = None
        self.builder_view: BuilderView | None = None     # built when "Build the round" opens
        self.build = LazyAccordion([("Build the round", self._make_builder)],
                                   layout=ipw.Layout(width="100%", max_width="100%"))
        self.build.add_class("af-build")
        gallery = [(f"{lesson.name} — {lesson.title}", lesson.name) for lesson in lessons()]
        self.lessons = ipw.Dropdown(options=[("— a bundled lesson —", ""), *gallery], value="",
                                    layout=ipw.Layout(width="auto", max_width="100%", flex="1 1 16em"))
        self.lessons.add_class("af-lessons")
        self.open_button = ipw.Button(description="Open lesson", button_style="primary",
                                      layout=ipw.Layout(width="auto"))
        self.open_button.add_class("af-open-lesson")
        self.open_button.on_click(self._guard(self._open_lesson))
        self._guard.buttons = [self.open_button]
        self.upload = ipw.FileUpload(accept=".toml,text/plain", multiple=False,
                                     description="Upload TOML", layout=ipw.Layout(width="auto"))
        self.upload.add_class("af-upload")
        self.upload.observe(self._on_upload, names="value")
        self.line = LineBox(self._open_line, self._line_error)   # af-line, af-line-go: one line
        self.children = [
            styles(),
            ipw.HTML(f"<div class='af-muted'>{INTRO}</div>"),
            self.error,
            ipw.HTML("<h3 style='margin:8px 0 2px'>Step through the round</h3>"),
            self.stepper_box, self.share,
            ipw.HTML("<div class='af-zone-title'>Effect graph (up to this step)</div>"), self.graph,
            ipw.HTML("<h3 style='margin:8px 0 2px'>Open a round</h3>"),
            wrap_row([self.lessons, self.open_button]),
            wrap_row([self.upload, self.download]),
            self.line,
            self.build,
        ]
        self.refresh()

    def __repr__(self) -> str:   # stable: the notebook's stored text/plain output (nbval)
        return "LabApp()"

    @classmethod
    def from_query(cls, query: str) -> LabApp:
        return cls(LabController.from_query(query))

    def _make_builder(self) -> BuilderView:
        self.builder_view = BuilderView(self.lab.builder, on_change=self._edited)
        return self.builder_view

    def open_builder(self) -> BuilderView:
        """Open *Build the round* (building it the first time) and return its view."""
        self.build.selected_index = 0
        return self.build.pane(0)

    # ------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Redraw everything from the controller (after opening a round or an edit)."""
        lab = self.lab
        self.error.value = html.error(lab.error)
        self.error.layout.display = "block" if lab.error else "none"
        if self.builder_view is not None and self.builder_view.builder is not lab.builder:
            self.builder_view.set_builder(lab.builder)
        stepper = lab.stepper
        if stepper is None:
            self.open_builder()                          # its red marks say what to fix
            self.stepper_view = None
            problems = lab.check.messages()
            note = ("The round is not valid yet — fix what <b>Build the round</b> marks in red:"
                    + "".join(html.error(m) for m in problems[:3]))
            self.stepper_box.children = [ipw.HTML(f"<div class='af-muted'>{note}</div>")]
            self.graph.value = ""
        elif self.stepper_view is None or self.stepper_view.stepper is not stepper:
            self.stepper_view = StepperView(stepper)
            self.stepper_view.on_step(self._on_step)
            self.stepper_view.viewer.observe(self._on_viewer, names="value")
            self.stepper_box.children = [self.stepper_view]
            self._on_step(stepper.frame())
        link = lab.share_query()
        name, data = lab.download()
        self.share.value = html.share(link, self.page + link if self.page and link else None) + \
            (share_line(data) if lab.stepper is not None else "")
        encoded = base64.b64encode(data).decode("ascii")
        self.download.value = (f"<a download='{escape(name)}' href='data:application/toml;base64,{encoded}'>"
                               f"⬇ Download {escape(name)}</a>")

    def _on_viewer(self, change: dict[str, Any]) -> None:
        self.lab.viewer = change["new"] or None

    def _on_step(self, frame: Frame) -> None:
        graph = self.lab.graph()
        if graph is None or not graph.edges:
            self.graph.value = "<div class='af-muted'>No card has acted on another yet.</div>"
            return
        try:
            self.graph.value = html.graph_box(graph_svg(graph, fit=True))
        except Exception as exc:   # noqa: BLE001 - the graph is an extra: the stepper goes on
            self.graph.value = html.error(f"the effect graph cannot be drawn here ({exc})")

    # ------------------------------------------------------------- input
    def _edited(self) -> None:
        self.lab.edited()
        self.refresh()

    def _open_lesson(self, _: object = None) -> None:
        if not self.lessons.value:
            self.lab.error = "choose a lesson in the list first"
        else:
            self.lab.open_lesson(self.lessons.value)
        self.refresh()

    def _open_line(self, text: str, origin: str) -> bool:
        """A round typed in one line (LineBox gives its TOML): opened like an uploaded file."""
        opened = self.lab.open_toml(text, origin)
        self.refresh()
        return opened

    def _line_error(self, message: str) -> None:
        self.lab.error = message
        self.refresh()

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        size = int(item.get("size", 0) or 0)
        if size > MAX_UPLOAD_BYTES:
            self.lab.error = (f"{item.get('name', 'upload')}: {size:,} bytes is too big for a scenario "
                              f"(at most {MAX_UPLOAD_BYTES:,} bytes)")
        else:
            self.lab.open_upload(bytes(item["content"]), str(item.get("name", "upload.toml")))
        self.refresh()
