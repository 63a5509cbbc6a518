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

from ..analysis.board import BalconyCard, Board, CardRef, GardenCard, boards
from ..core.messages import Join, text
from ..core.result import RoundResult
from ..core.trace import TraceEvent
from .rulings_text import RulingInfo, ruling


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
    garden: tuple[GardenCard, ...]          # the one board model (analysis.board)
    balcony: tuple[BalconyCard, ...]
    touched: tuple[CardRef, ...]
    winners: tuple[str, ...] | None      # only at the last step
    players: tuple[str, ...] = field(default=())
    next_first: str | None = None         # who starts the next round (M2): only at the last step
    game_over: bool = False               # the game ended with this round: there is no next round

    @property
    def is_last(self) -> bool:
        return self.index == self.total - 1

    @property
    def label(self) -> str:
        return text("session.step", number=self.index + 1, total=self.total)


class Stepper:
    """The current step of one resolved round, seen by ``viewer`` (None: everyone)."""

    def __init__(self, result: RoundResult, viewer: str | None = None) -> None:
        self.result: RoundResult | None = result
        self.events: list[TraceEvent] = list(result.trace)
        if not self.events:
            raise ValueError(text("session.no-trace"))
        self.players: tuple[str, ...] = tuple(_players(result))
        self.winners: tuple[str, ...] | None = tuple(result.winners)
        self.next_first: str | None = result.next_first
        self.game_over = False
        self.index = 0
        self.viewers: tuple[str | None, ...] = (None, *self.players)
        self._viewer: str | None = None
        self._boards: list[Board] = []
        self.viewer = viewer

    @classmethod
    def from_events(cls, events: Iterable[TraceEvent], winners: Sequence[str] | None,
                    viewer: str | None = None, players: Sequence[str] | None = None,
                    next_first: str | None = None, game_over: bool = False) -> Stepper:
        """A stepper over a list of trace events (e.g. one round of a game's trace) with the
        round's ``winners`` (None: not known yet, shown nowhere); ``result`` is None.
        ``players`` defaults to every player the events name, in order of appearance;
        ``game_over``: the game ended with this round (its last step says so, not who starts next)."""
        self = cls.__new__(cls)
        self.result = None
        self.events = list(events)
        if not self.events:
            raise ValueError(text("stepper-error.no-events"))
        self.players = tuple(players) if players else tuple(_named(self.events))
        self.winners = tuple(winners) if winners is not None else None
        # who starts the next round: given, else the round's own M2 step ("next") names it
        said = (e.actor for e in reversed(self.events) if e.kind == "next")
        self.next_first = next_first or next(said, None)
        self.game_over = game_over
        self.index = 0
        self.viewers = (None, *self.players)
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
            raise ValueError(text("session.not-a-viewer", name=repr(name), players=Join(self.players)))
        if name not in self.viewers:
            everyone = text("session.everyone")
            raise ValueError(text("session.viewer-not-allowed", name=repr(name or everyone),
                                  allowed=Join(v or everyone for v in self.viewers)))
        self._viewer = name
        self._boards = boards(self.result if self.result is not None else self.events, name)

    def restrict(self, viewers: Sequence[str | None]) -> None:
        """Only these eyes may look (e.g. in a game still being played, your own): the viewer
        moves to the first of them if it is not among them."""
        self.viewers = tuple(viewers)
        if self._viewer not in self.viewers:
            self.viewer = self.viewers[0]

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
            players=self.players, next_first=self.next_first if last else None,
            game_over=last and self.game_over)


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
