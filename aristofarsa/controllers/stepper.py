"""Step through a resolved round's trace, one event at a time, through a viewer's eyes.

``Stepper(result, viewer=None)`` (or ``Stepper.from_events(events, winners, viewer)`` for a
list of trace events, e.g. one round of a game): ``first / back / next / last / go(k)`` move over the
trace; ``frame()`` is pure data for the current step — the event's text (exactly
``resolve --json``'s ``trace[k].text`` for the default viewer, everyone), its ruling and
where that ruling is explained, the board right after the event (Garden with each card's
Prestige and ledger, Balcony face down or revealed), the cards the event touches, and the
winners at the last step only. No Jupyter import: tested without a browser.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..analysis.board import boards
from ..result import RoundResult
from ..trace import TraceEvent
from .rulings_text import RulingInfo, ruling

CardRef = tuple[str, str | None]   # (player, card name or None for "that player's card")


@dataclass(frozen=True, slots=True)
class GardenSlot:
    player: str
    card: str
    prestige: int | None
    ledger: tuple[str, ...] = ()
    marked: bool = False
    highlighted: bool = False


@dataclass(frozen=True, slots=True)
class BalconySlot:
    player: str
    card: str | None          # None: face down and hidden from this viewer
    position: int
    revealed: bool = False
    cancelled: bool = False
    highlighted: bool = False


@dataclass(frozen=True, slots=True)
class Frame:
    index: int                 # 0-based position in the trace
    total: int                 # number of events
    step: int                  # the event's `step` number (1-based)
    text: str                  # trace[k].text, or its public form for a viewer who may not see it
    rule: str
    ruling: RulingInfo | None
    see: tuple[RulingInfo, ...]
    phase: str
    kind: str
    hidden: bool               # the viewer may not see this event: `text` is its public form
    viewer: str | None
    garden: tuple[GardenSlot, ...]
    balcony: tuple[BalconySlot, ...]
    touched: tuple[CardRef, ...]
    winners: tuple[str, ...] | None      # only at the last step
    players: tuple[str, ...] = field(default=())

    @property
    def is_first(self) -> bool:
        return self.index == 0

    @property
    def is_last(self) -> bool:
        return self.index == self.total - 1

    @property
    def label(self) -> str:
        return f"Step {self.index + 1} of {self.total}"


class Stepper:
    """The current step of one resolved round, seen by ``viewer`` (None: everyone)."""

    def __init__(self, result: RoundResult, viewer: str | None = None) -> None:
        self.result: RoundResult | None = result
        self.events: list[TraceEvent] = list(result.trace)
        if not self.events:
            raise ValueError("the round has no trace to step through (resolve it with trace=True)")
        self.players: tuple[str, ...] = tuple(_players(result))
        self.winners: tuple[str, ...] | None = tuple(result.winners)
        self.index = 0
        self._viewer: str | None = None
        self._boards: list[Board] = []
        self.viewer = viewer

    @classmethod
    def from_events(cls, events: Iterable[TraceEvent], winners: Sequence[str] | None,
                    viewer: str | None = None, players: Sequence[str] | None = None) -> Stepper:
        """A stepper over a list of trace events (e.g. one round of a game's trace) with the
        round's ``winners`` (None: not known yet, shown nowhere); ``result`` is None.
        ``players`` defaults to every player the events name, in order of appearance."""
        self = cls.__new__(cls)
        self.result = None
        self.events = list(events)
        if not self.events:
            raise ValueError("a round with no trace events cannot be stepped through")
        self.players = tuple(players) if players else tuple(_named(self.events))
        self.winners = tuple(winners) if winners is not None else None
        self.index = 0
        self._viewer = None
        self._boards = []
        self.viewer = viewer
        return self

    # -- viewer
    @property
    def viewer(self) -> str | None:
        return self._viewer

    @viewer.setter
    def viewer(self, name: str | None) -> None:
        if name is not None and name not in self.players:
            raise ValueError(f"viewer {name!r} is not a player; players are {', '.join(self.players)}"
                             " (or None: everyone)")
        self._viewer = name
        self._boards = board_frames(self.result if self.result is not None else self.events, name)

    # -- moving
    def __len__(self) -> int:
        return len(self.events)

    def go(self, k: int) -> None:
        """Move to step ``k`` (0-based), clamped to the trace."""
        self.index = max(0, min(int(k), len(self.events) - 1))

    def first(self) -> None:
        self.go(0)

    def back(self) -> None:
        self.go(self.index - 1)

    def next(self) -> None:
        self.go(self.index + 1)

    def last(self) -> None:
        self.go(len(self.events) - 1)

    # -- what is on screen
    def frame(self) -> Frame:
        k = self.index
        event = self.events[k]
        board = self._boards[k]
        visible = self._viewer is None or not board.hidden
        see = tuple(info for info in (ruling(r) for r in (event.see or ())) if info is not None)
        last = k == len(self.events) - 1
        return Frame(
            index=k, total=len(self.events), step=event.step,
            text=event.text if self._viewer is None else board.text,
            rule=event.rule, ruling=ruling(event.rule), see=see, phase=event.phase,
            kind=event.kind, hidden=not visible, viewer=self._viewer,
            garden=tuple(board.garden), balcony=tuple(board.balcony), touched=tuple(board.touched),
            winners=self.winners if last else None,
            players=self.players)


def _players(result: RoundResult) -> list[str]:
    players = result.extra.get("players")
    if players:
        return [p.name for p in players]
    return list(result.scored)


def _named(events: Sequence[TraceEvent]) -> list[str]:
    seen: list[str] = []
    for e in events:
        for name in (e.actor, e.target):
            if name and name not in seen:
                seen.append(name)
    return seen


# ------------------------------------------------------------------ board at each step
@dataclass(slots=True)
class Board:
    garden: list[GardenSlot]
    balcony: list[BalconySlot]
    touched: list[CardRef]
    text: str
    hidden: bool


def board_frames(result: RoundResult | Sequence[TraceEvent], viewer: str | None = None) -> list[Board]:
    """The board right after each trace event (``analysis.board.boards``), as this
    module's slots: Balcony positions count from 1, touched cards are highlighted."""
    return [Board(garden=[GardenSlot(g.player, g.card, g.prestige, tuple(g.ledger), g.marked, g.touched)
                          for g in b.garden],
                  balcony=[BalconySlot(x.player, x.card, x.position, x.revealed, x.cancelled, x.touched)
                           for x in b.balcony],
                  touched=[(r.player, r.card) for r in b.touched], text=b.text, hidden=b.hidden)
            for b in boards(result, viewer)]
