"""Card views: one readable card (``af-card``), and a row of them."""
from __future__ import annotations

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..cards import card_names
from ..render import html


class CardView(ipw.HTML):
    """One card: name, type, printed Prestige, crowns, both texts, family colour."""

    def __init__(self, name: str, seat: int | None = None, **kwargs: object) -> None:
        super().__init__(value=html.card(name, seat), **kwargs)
        self.card = name
        self.add_class("af-card-view")


class CardRow(ipw.HTML):
    """Several cards side by side, wrapping on a phone (each inside is an ``af-card``)."""

    def __init__(self, names: list[str], seat: int | None = None, **kwargs: object) -> None:
        super().__init__(value=html.cards(names, seat), **kwargs)
        self.names = list(names)

    def show(self, names: list[str], seat: int | None = None) -> None:
        self.names = list(names)
        self.value = html.cards(self.names, seat)


def all_cards(expansion: bool = False) -> CardRow:
    """Every card type of the game (with the Exiled ones when ``expansion``)."""
    return CardRow(card_names(expansion))
