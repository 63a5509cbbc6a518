"""Stepping through one round's trace: the step, the Garden and the Balcony at that step.

A small stepper over a list of trace events (a lesson's round, or one round of a game)
used by the Learn, Exiled and Play apps; the boards come from
:func:`aristofarsa.analysis.board.boards`. Each frame is
plain data (no Jupyter): the current event's ``text`` exactly as ``resolve --json`` gives
it (or its public form through the eyes of a player who may not see it), the Garden queue
with each card's Prestige at that step, the Balcony, and the winners at the last step.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..analysis.board import BalconyCard, Board, GardenCard, boards


@dataclass
class Frame:
    """Everything a view draws for one step."""

    index: int
    total: int
    text: str
    rule: str
    see: tuple[str, ...]
    phase: str
    hidden: bool
    garden: list[GardenCard]
    balcony: list[BalconyCard]
    winners: list[str] | None
    viewer: str | None

    @property
    def at_end(self) -> bool:
        return self.index == self.total - 1


class RoundWalk:
    """First / back / next / last over a list of trace events, with the board at each step.

    ``events`` are trace events (objects with the ``TraceEvent`` attributes); ``winners``
    the round's winners, shown at the last step (None: not known yet, a round in progress);
    ``viewer`` None is everyone (every card visible), else a player's name (face-down cards
    hidden until revealed, secret steps in their public form).
    """

    def __init__(self, events: list[Any], winners: list[str] | None, players: list[str] | None = None,
                 viewer: str | None = None) -> None:
        if not events:
            raise ValueError("a round with no trace events cannot be stepped through")
        self.events = list(events)
        self.winners = list(winners) if winners is not None else None
        self.players = list(players) if players else _players(self.events)
        self.viewer = viewer
        self.index = 0
        self._cache: dict[str | None, list[Board]] = {}

    def __len__(self) -> int:
        return len(self.events)

    # -------------------------------------------------------------- moving
    def go(self, k: int) -> None:
        self.index = max(0, min(len(self.events) - 1, int(k)))

    def first(self) -> None:
        self.go(0)

    def back(self) -> None:
        self.go(self.index - 1)

    def next(self) -> None:
        self.go(self.index + 1)

    def last(self) -> None:
        self.go(len(self.events) - 1)

    def set_viewer(self, viewer: str | None) -> None:
        if viewer is not None and viewer not in self.players:
            raise ValueError(f"viewer must be one of {', '.join(self.players)} or everyone, "
                             f"got {viewer!r}")
        self.viewer = viewer

    # -------------------------------------------------------------- the frame
    def may_see(self, event: Any) -> bool:
        return self.viewer is None or event.visible_to is None or self.viewer in event.visible_to

    def frame(self) -> Frame:
        board = self._boards()[self.index]
        at_end = self.index == len(self.events) - 1
        return Frame(index=self.index, total=len(self.events), text=board.text, rule=board.rule,
                     see=tuple(board.see), phase=board.phase, hidden=board.hidden,
                     garden=list(board.garden), balcony=list(board.balcony),
                     winners=list(self.winners) if at_end and self.winners is not None else None,
                     viewer=self.viewer)

    def _boards(self) -> list[Board]:
        """The table after each event through the viewer's eyes (analysis.board), cached."""
        if self.viewer not in self._cache:
            self._cache[self.viewer] = boards(self.events, self.viewer)
        return self._cache[self.viewer]


def _players(events: list[Any]) -> list[str]:
    seen: list[str] = []
    for e in events:
        for name in (e.actor, e.target):
            if name and name not in seen:
                seen.append(name)
    return seen


def round_events(trace: Any, number: int) -> list[Any]:
    """The events of round ``number`` (1-based) of a whole game's trace: from its ``round``
    marker up to the next one (the last round also keeps the end and ranking events)."""
    events = list(trace)
    starts = [i for i, e in enumerate(events) if e.kind == "round"]
    if not 1 <= number <= len(starts):
        raise ValueError(f"round must be 1 to {len(starts)}, got {number}")
    start = starts[number - 1]
    stop = starts[number] if number < len(starts) else len(events)
    return events[start:stop]
