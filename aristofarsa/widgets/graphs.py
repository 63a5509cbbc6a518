"""The Effect graphs app: a gallery of the bundled lessons' effect graphs, filterable by
ruling and card, each opening in the Scenario Lab (a thin skin over GraphsController)."""
from __future__ import annotations

from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped,unused-ignore]

from ..controllers.graphs import GalleryItem, GraphsController
from ..core.messages import text
from ..render import dispute as R
from .common import WRAP, styles


class GraphsApp(ipw.VBox):
    def __init__(self, controller: GraphsController | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller if controller is not None else GraphsController()
        self.add_class("af-app")
        self.add_class("af-gallery")
        self.layout.max_width = "100%"
        self.error = ipw.HTML()
        self.error.add_class("af-error")
        anyone = [(text("graphs-page.any"), "")]
        self.ruling = ipw.Dropdown(description=text("graphs-page.ruling"),
                                   style={"description_width": "auto"},
                                   options=anyone + [(r, r) for r in self.controller.ruling_options],
                                   value=self.controller.ruling or "", layout=ipw.Layout(width="auto"))
        self.ruling.add_class("af-filter-ruling")
        self.card = ipw.Dropdown(description=text("graphs-page.card"), style={"description_width": "auto"},
                                 options=anyone + [(c, c) for c in self.controller.card_options],
                                 value=self.controller.card or "", layout=ipw.Layout(width="auto"))
        self.card.add_class("af-filter-card")
        self.ruling.observe(self._on_ruling, names="value")
        self.card.observe(self._on_card, names="value")
        self.count = ipw.HTML()
        self.count.add_class("af-count")
        self.gallery = ipw.VBox(layout=ipw.Layout(max_width="100%"))
        self._pages: dict[tuple[str, ...], ipw.HTML] = {}    # the lessons on each page
        self.gallery.add_class("af-gallery")
        self.more = ipw.Button(description=text("graphs-page.more"), layout=ipw.Layout(width="auto"))
        self.more.add_class("af-more")
        self.more.on_click(self._on_more)
        filters = ipw.Box([self.ruling, self.card], layout=ipw.Layout(
            display="flex", flex_flow=WRAP, max_width="100%"))
        self.children = [styles(), ipw.HTML("<div class='af-muted'>" + text("graphs-page.intro") + "</div>"),
                         filters, self.error, self.count, self.gallery, self.more]
        self.refresh()

    @classmethod
    def from_query(cls, query: str) -> GraphsApp:
        return cls(GraphsController.from_query(query))

    def __repr__(self) -> str:   # stable text/plain for nbval
        return "GraphsApp()"

    def _on_ruling(self, change: dict[str, Any]) -> None:
        self.controller.set_ruling(change["new"] or None)
        self.refresh()

    def _on_card(self, change: dict[str, Any]) -> None:
        self.controller.set_card(change["new"] or None)
        self.refresh()

    def _on_more(self, _: Any) -> None:
        self.controller.more()
        self.refresh()

    def refresh(self) -> None:
        self.error.value = R.e(self.controller.error)
        self.error.layout.display = "" if self.controller.error else "none"
        matching = self.controller.matching()
        items = self.controller.items()
        self.count.value = ("<div class='af-muted'>"
                            + text("graphs-page.lessons", count=len(matching), shown=len(items)) + "</div>")
        drawn = self._pages                # a page already on screen is kept as it is
        self._pages = {}
        for items in self.controller.pages():
            names = tuple(item.name for item in items)
            self._pages[names] = drawn.pop(names, None) or self._page(items)
        for gone in drawn.values():        # a filter changed: the old pages leave the page
            gone.close()
        self.gallery.children = list(self._pages.values())
        self.more.layout.display = "" if self.controller.has_more else "none"

    @staticmethod
    def _page(items: list[GalleryItem]) -> ipw.HTML:
        """One widget for a page of items (not three per item): fewer models to send and draw.
        Each item is an ``af-gallery-item`` box holding its ``af-graph`` (an inline SVG)."""
        page = ipw.HTML("".join(
            f"<div class='af-gallery-item'>{R.gallery_item_html(item)}"
            f"<div class='af-graph'>{item.svg()}</div></div>" for item in items),
            layout=ipw.Layout(max_width="100%"))
        page.add_class("af-gallery-page")
        return page
