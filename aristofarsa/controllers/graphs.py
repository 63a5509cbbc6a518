"""The Effect graphs gallery: every bundled lesson's effect graph, filterable by ruling and card.

``GraphsController.from_query("ruling=B10&card=Bishop")`` starts with those filters (unknown
values become an ``error`` message and no filter). :meth:`items` lists the lessons that pass
the filters, the first few at open and more on request (:meth:`more`, :meth:`pages`); each
item knows its title, rulings, the cards in play, its link into the Lab and, when asked, its
graph as inline SVG (drawn once, then kept, per catalog of words). No Jupyter import.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from .. import scenario as S
from ..analysis.graph import build_graph
from ..analysis.outcome import winning_cards
from ..core.cards import CARDS
from ..core.messages import Join, catalog
from ..core.messages import text as message
from ..core.rulings import RULINGS
from .dispute import lab_link
from .sources import LESSONS_DIR

FIRST_PAGE = 6       # graphs drawn at open (about two screens; each SVG is 8-15 kB sent to the page)
PAGE_SIZE = 12       # each "Show more"


@dataclass
class GalleryItem:
    name: str
    title: str
    rulings: tuple[str, ...]
    cards: tuple[str, ...]         # every card in the Garden or on the Balcony
    winners: tuple[str, ...]
    link: str                      # the Lab, opened on this lesson
    garden: tuple[tuple[str, str, int], ...] = ()     # the round's Garden (player, card, Prestige)
    lowest_wins: bool = False
    _svg: tuple[Any, str] | None = field(default=None, repr=False)   # (catalog, drawing)

    @property
    def outcome(self) -> str:
        """"Winning card: Bruno's Merchant (7)." (analysis.outcome's words, in the catalog in use)."""
        return winning_cards(self.garden, self.winners, self.lowest_wins)

    def svg(self) -> str:
        """The graph, drawn once per catalog (its labels are the catalog's words)."""
        words = catalog()
        if self._svg is None or self._svg[0] is not words:
            self._svg = (words, _draw(self.name))
        return self._svg[1]


def _draw(name: str) -> str:
    sc = S.load(LESSONS_DIR / f"{name}.toml")
    data = {**S.run(sc).to_json(), "title": ""}
    try:
        from ..render.svg import RenderError, app_graph_svg
    except ImportError:
        return "<p>" + message("graphs-page.no-graphviz") + "</p>"
    try:
        return app_graph_svg(build_graph(data))
    except RenderError as exc:
        return "<p>" + message("graphs-page.cannot-draw", error=str(exc)) + "</p>"


def _catalogue() -> list[GalleryItem]:
    out = []
    for path in sorted(LESSONS_DIR.glob("*.toml")):
        try:
            text = path.read_text(encoding="utf-8")
            sc = S.loads(text, str(path))
            result = S.run(sc, trace=False)
            rulings = tuple(str(r) for r in tomllib.loads(text).get("rulings", []))
        except (OSError, S.ScenarioError, tomllib.TOMLDecodeError):
            continue
        cards = tuple(sorted({c for _, c, _ in result.garden} | {c for _, c, _ in result.balcony}))
        out.append(GalleryItem(path.stem, sc.title or path.stem, rulings, cards,
                               tuple(result.winners), lab_link(path.stem),
                               tuple(result.garden), result.lowest_wins))
    return out


_CATALOGUE: list[GalleryItem] | None = None


def catalogue() -> list[GalleryItem]:
    """The bundled lessons, read once per process."""
    global _CATALOGUE
    if _CATALOGUE is None:
        _CATALOGUE = _catalogue()
    return _CATALOGUE


class GraphsController:
    def __init__(self) -> None:
        self.error = ""
        self.ruling: str | None = None
        self.card: str | None = None
        self.shown = FIRST_PAGE
        self.all = catalogue()

    @classmethod
    def from_query(cls, query: str) -> GraphsController:
        c = cls()
        try:
            params = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
        except ValueError:
            params = {}
        errors = []
        if params.get("ruling") and not c.set_ruling(params["ruling"][-1]):
            errors.append(c.error)
        if params.get("card") and not c.set_card(params["card"][-1]):
            errors.append(c.error)
        c.error = str(Join(errors, sep="list.semicolon"))
        return c

    @property
    def ruling_options(self) -> list[str]:
        used = {r for item in self.all for r in item.rulings}
        return [r for r in RULINGS if r in used]

    @property
    def card_options(self) -> list[str]:
        used = {c for item in self.all for c in item.cards}
        return [c for c in CARDS if c in used]

    def set_ruling(self, value: str | None) -> bool:
        if not value:
            self.ruling, self.error, self.shown = None, "", FIRST_PAGE
            return True
        rid = value.strip().upper()
        if rid not in self.ruling_options:
            self.error = message("source.unknown-ruling", value=repr(value),
                                 rulings=Join(self.ruling_options))
            return False
        self.ruling, self.error, self.shown = rid, "", FIRST_PAGE
        return True

    def set_card(self, value: str | None) -> bool:
        if not value:
            self.card, self.error, self.shown = None, "", FIRST_PAGE
            return True
        name = next((c for c in self.card_options if c.lower() == value.strip().lower()), None)
        if name is None:
            self.error = message("source.unknown-card", value=repr(value), cards=Join(self.card_options))
            return False
        self.card, self.error, self.shown = name, "", FIRST_PAGE
        return True

    def matching(self) -> list[GalleryItem]:
        return [i for i in self.all
                if (self.ruling is None or self.ruling in i.rulings)
                and (self.card is None or self.card in i.cards)]

    def items(self) -> list[GalleryItem]:
        """The matching lessons shown now (a page at a time)."""
        return self.matching()[: self.shown]

    def pages(self) -> list[list[GalleryItem]]:
        """:meth:`items` cut where "Show more" added them: the first page, then one per click."""
        items = self.items()
        cuts = [0, *range(FIRST_PAGE, len(items), PAGE_SIZE), len(items)]
        return [items[a:b] for a, b in zip(cuts, cuts[1:], strict=False) if b > a]

    def more(self) -> None:
        self.shown += PAGE_SIZE

    @property
    def has_more(self) -> bool:
        return len(self.matching()) > self.shown
