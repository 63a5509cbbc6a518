"""Small state objects: cards, players' zones, Garden slots and Balcony entries."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from .cards import CARDS, on_registry_change
from .trace import Op

T = TypeVar("T")

_FACTS: dict[str, tuple[int, bool]] = {}


@on_registry_change
def _facts() -> None:
    """Each card's (printed Prestige, is a Noble), for the hot path of :class:`Card`."""
    _FACTS.clear()
    _FACTS.update({name: (spec.prestige, spec.is_noble) for name, spec in CARDS.items()})


def distinct(names: Iterable[T]) -> list[T]:
    """The names in order, each once."""
    seen: list[T] = []
    for n in names:
        if n not in seen:
            seen.append(n)
    return seen


class Card:
    """One physical card of one family. Identity matters (links, marks, zones)."""

    __slots__ = ("uid", "name", "owner", "prestige", "noble")

    def __init__(self, uid: int, name: str, owner: int):
        self.uid = uid
        self.name = name
        self.owner = owner
        self.prestige, self.noble = _FACTS[name]

    def __repr__(self) -> str:
        return f"Card({self.name}#{self.uid}@{self.owner})"


class PlayerState:
    """A player's zones. Lists hold :class:`Card` objects; deck and exiled are top first."""

    __slots__ = ("index", "name", "hand", "deck", "discard", "parlor", "scored", "exiled")

    def __init__(self, index: int, name: str):
        self.index = index
        self.name = name
        self.hand: list[Card] = []
        self.deck: list[Card] = []
        self.discard: list[Card] = []
        self.parlor: list[Card] = []
        self.scored: list[Card] = []
        self.exiled: list[Card] = []

    ZONES = ("hand", "deck", "discard", "parlor", "scored", "exiled")

    def copy(self) -> PlayerState:
        other = PlayerState(self.index, self.name)
        for zone in PlayerState.ZONES:
            setattr(other, zone, list(getattr(self, zone)))
        return other

    def take_from_hand(self, name: str) -> Card:
        for i, card in enumerate(self.hand):
            if card.name == name:
                return self.hand.pop(i)
        raise KeyError(name)

    def hand_names(self) -> list[str]:
        return [c.name for c in self.hand]


class Slot:
    """A place in the Garden queue: the card now there and what applies to it (M3)."""

    __slots__ = ("owner", "card", "played", "ledger", "marked", "bonus", "follows")

    def __init__(self, owner: int, card: Card, played: bool = True):
        self.owner = owner
        self.card = card
        self.played = played  # False once the played card was exchanged out (M5)
        self.ledger: list[tuple[Op, int]] = []  # (Op.ADD, n) | (Op.MULTIPLY, n) | (Op.SET, v)
        self.marked = False  # Aristocrat mark (M4)
        self.bonus = 0  # Courtisan / Bard fixed-when-played bonus
        self.follows: Card | None = None  # courtisan-live: the Peasant card it followed when played

    def copy(self) -> Slot:
        other = Slot(self.owner, self.card, self.played)
        other.ledger = list(self.ledger)
        other.marked = self.marked
        other.bonus = self.bonus
        other.follows = self.follows
        return other


class Entry:
    """A card on the Whispers Balcony."""

    __slots__ = ("index", "owner", "card", "face_up", "revealed", "applied")

    def __init__(self, index: int, owner: int, card: Card, face_up: bool):
        self.index = index
        self.owner = owner
        self.card = card
        self.face_up = face_up
        self.revealed = face_up
        self.applied = False  # its effect resolved (and has not been undone by B10)

    def copy(self) -> Entry:
        other = Entry(self.index, self.owner, self.card, self.face_up)
        other.revealed = self.revealed
        other.applied = self.applied
        return other
