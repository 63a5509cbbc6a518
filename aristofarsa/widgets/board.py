"""The board at one step: Garden (``af-garden``), Balcony (``af-balcony``), winners
(``af-winners``, only at the last step and only the winners' names)."""
from __future__ import annotations

from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..render import html


class BoardView(ipw.VBox):
    """Draws a stepper frame's board; no rules here."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.garden = ipw.HTML()
        self.garden.add_class("af-garden")
        self.balcony = ipw.HTML()
        self.balcony.add_class("af-balcony")
        self.winners = ipw.HTML(layout=ipw.Layout(display="none"))
        self.winners.add_class("af-winners")
        self.children = [self.garden, self.balcony, self.winners]
        self.layout.max_width = "100%"

    def show(self, frame: Any) -> None:
        self.garden.value = html.garden(frame)
        self.balcony.value = html.balcony(frame)
        text = html.winners(frame)
        self.winners.value = text
        self.winners.layout.display = "block" if text else "none"
