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

from ..controllers.lab import LabController
from ..controllers.sources import page_address
from ..controllers.stepper import Frame
from ..core.messages import text
from ..render import html
from ..render.svg import app_graph_svg
from .builder import BuilderView, OpenRoundView
from .common import Guard, LazyAccordion, styles
from .line import share_line
from .stepper import StepperView


class LabApp(ipw.VBox):
    """The Scenario Lab: a thin skin over :class:`LabController`."""

    def __init__(self, controller: LabController | None = None, page: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller or LabController()
        self.page = page_address(os.environ) if page is None else page   # this page's address
        self.add_class("af-app")
        self.layout.max_width = "100%"
        self._guard = Guard()
        self.error = ipw.HTML()
        self.error.add_class("af-error")
        self.share = ipw.HTML()
        self.share.add_class("af-share")
        self._share_link, self._round_toml = "", b""     # the share box's parts (_show_texts)
        self.graph = ipw.HTML()
        self.graph.add_class("af-graph")
        self.download = ipw.HTML()
        self.download.add_class("af-download")
        self.stepper_box = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self.stepper_view: StepperView | None = None
        self.builder_view: BuilderView | None = None     # built when "Build the round" opens
        self.build = LazyAccordion([(text("lab-page.build"), self._make_builder)],
                                   layout=ipw.Layout(width="100%", max_width="100%"))
        self.build.add_class("af-build")
        self.heading = ipw.HTML()
        self.heading.add_class("af-lesson-head")
        self.opener = OpenRoundView(self.controller, self.refresh)
        self.lessons, self.upload = self.opener.lessons, self.opener.upload
        self.dispute_link = ipw.HTML()
        self.dispute_link.add_class("af-open-dispute")
        self.children = [
            styles(),
            ipw.HTML("<div class='af-muted'>" + text("lab-page.intro") + "</div>"),
            self.heading,
            self.error,
            ipw.HTML("<h3 style='margin:8px 0 2px'>" + text("lab-page.steps") + "</h3>"),
            self.stepper_box, self.share, self.dispute_link,
            ipw.HTML("<div class='af-zone-title'>" + text("lab-page.graph") + "</div>"), self.graph,
            ipw.HTML("<h3 style='margin:8px 0 2px'>" + text("lab-page.open") + "</h3>"),
            self.opener, self.download,
            self.build,
        ]
        self.refresh()

    def __repr__(self) -> str:   # stable: the notebook's stored text/plain output (nbval)
        return "LabApp()"

    @classmethod
    def from_query(cls, query: str) -> LabApp:
        return cls(LabController.from_query(query))

    def _make_builder(self) -> BuilderView:
        self.builder_view = BuilderView(self.controller.builder, on_change=self._edited)
        return self.builder_view

    def open_builder(self) -> BuilderView:
        """Open *Build the round* (building it the first time) and return its view."""
        self.build.selected_index = 0
        return self.build.pane(0)

    # ------------------------------------------------------------- drawing
    def refresh(self) -> None:
        """Redraw everything from the controller (after opening a round or an edit)."""
        lab = self.controller
        self.error.value = html.error(lab.error)
        self.error.layout.display = "block" if lab.error else "none"
        if self.builder_view is not None and self.builder_view.builder is not lab.builder:
            self.builder_view.set_builder(lab.builder)
        stepper = lab.stepper
        if stepper is None:
            self.open_builder()                          # its red marks say what to fix
            self.stepper_view = None
            problems = lab.check.messages()
            note = (text("lab-page.not-valid")
                    + "".join(html.error(m) for m in problems[:3]))
            self.stepper_box.children = [ipw.HTML(f"<div class='af-muted'>{note}</div>")]
            self.graph.value = ""
        elif self.stepper_view is None or self.stepper_view.stepper is not stepper:
            self.stepper_view = StepperView(stepper)
            self.stepper_view.on_step(self._on_step)
            self.stepper_box.children = [self.stepper_view]
            self._on_step(stepper.frame())
        link = lab.share_query()
        self._share_link = html.share(link, self.page + link if self.page and link else None)
        self.dispute_link.value = html.app_link("dispute.ipynb", link, text("lab-page.dispute"))
        self._round_toml = b""
        self._show_texts()
        if stepper is None:                               # only a round that can happen
            self.download.value = ""
            self.download.layout.display = "none"
            return
        name, data = lab.download()
        self._round_toml = data
        self._show_texts()
        encoded = base64.b64encode(data).decode("ascii")
        self.download.layout.display = None
        self.download.value = (f"<a download='{escape(name)}' href='data:application/toml;base64,{encoded}'>"
                               + text("lab-page.download", name=escape(name)) + "</a>")

    def _show_texts(self) -> None:
        """The share line and the lesson's text name every card: through one player's eyes
        (the Lab's viewer) a note stands in for each (hidden information)."""
        viewer = self.controller.viewer if self.controller.stepper is not None else None
        self.heading.value = html.lesson_heading(self.controller.title, self.controller.description,
                                                 withheld=viewer is not None)
        self.share.value = self._share_link + share_line(self._round_toml or None, viewer)

    def _on_step(self, frame: Frame) -> None:
        self._show_texts()
        graph = self.controller.graph()
        if graph is None or not graph.edges:
            self.graph.value = "<div class='af-muted'>" + text("lab-page.no-edges") + "</div>"
            return
        try:
            self.graph.value = html.graph_box(app_graph_svg(graph))
        except Exception as exc:   # noqa: BLE001 - the graph is an extra: the stepper goes on
            self.graph.value = html.error(text("lab-page.graph-error", error=str(exc)))

    # ------------------------------------------------------------- input
    def _edited(self) -> None:
        self.controller.edited()
        self.refresh()
