"""Stepping through one round's trace: the step, the Garden and the Balcony at that step.

A small, self-contained stepper used by the Learn, Exiled and Play apps. Each frame is
plain data (no Jupyter): the current event's ``text`` exactly as ``resolve --json`` gives
it (or its public form through the eyes of a player who may not see it), the Garden queue
with each card's Prestige at that step, the Balcony, and the winners at the last step.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

_PRESTIGE_PHASES = frozenset(("phase1", "phase2", "balcony", "replay"))
_INCOMING = re.compile(r"and (\w+) takes its place")
_CANCELLED_NOW = re.compile(r"(\w+)'s card (\d+)")


@dataclass
class Slot:
    """One Garden card in the queue."""

    player: str
    card: str
    prestige: int
    touched: bool = False


@dataclass
class BalconyCard:
    """One Balcony card; ``card`` is None while the viewer may not see it."""

    player: str
    card: str | None
    revealed: bool = False
    cancelled: bool = False
    touched: bool = False
    _secret: str | None = field(default=None, repr=False)
    _visible_to: tuple[str, ...] = field(default=(), repr=False)


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
    garden: list[Slot]
    balcony: list[BalconyCard]
    winners: list[str] | None
    viewer: str | None

    @property
    def at_end(self) -> bool:
        return self.index == self.total - 1


def public_text(event: Any) -> str:
    """What a player outside ``visible_to`` learns from a hidden step."""
    who = ", ".join(event.visible_to or ())
    if event.kind == "conspire-secret":
        return f"(Face down: only {who} sees which card this is.)"
    if event.kind == "peek-secret":
        return f"(Only {who} sees the card peeked at.)"
    return f"(A step only {who} sees.)"


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
        event = self.events[self.index]
        garden, balcony = self._board(self.index)
        hidden = not self.may_see(event)
        at_end = self.index == len(self.events) - 1
        return Frame(index=self.index, total=len(self.events),
                     text=public_text(event) if hidden else event.text, rule=event.rule,
                     see=tuple(event.see or ()), phase=event.phase, hidden=hidden,
                     garden=garden, balcony=balcony,
                     winners=list(self.winners) if at_end and self.winners is not None else None,
                     viewer=self.viewer)

    def _board(self, upto: int) -> tuple[list[Slot], list[BalconyCard]]:
        garden: list[Slot] = []
        balcony: list[BalconyCard] = []

        def slot(player: str | None) -> Slot | None:
            return next((s for s in garden if s.player == player), None)

        def entry(player: str | None) -> BalconyCard | None:
            return next((b for b in reversed(balcony) if b.player == player), None)

        for k in range(upto + 1):
            e = self.events[k]
            now = k == upto
            if e.kind == "play" and e.actor and e.card:
                old = slot(e.actor)
                value = e.after if isinstance(e.after, int) else 0
                if old is None:
                    garden.append(Slot(e.actor, e.card, value, now))
                else:
                    old.card, old.prestige, old.touched = e.card, value, now
                continue
            if e.kind == "conspire" and e.actor and e.phase != "replay":
                balcony.append(BalconyCard(e.actor, e.card, revealed=e.card is not None, touched=now,
                                           _secret=e.card))
                continue
            if e.kind == "conspire-secret" and e.actor:
                b = entry(e.actor)
                if b is not None:
                    b._secret = e.card
                    b._visible_to = tuple(e.visible_to or ())
                    b.touched = now
                continue
            if e.kind == "reveal" and e.actor:
                b = entry(e.actor)
                if b is not None:
                    b.revealed, b._secret, b.touched = True, e.card or b._secret, now
                continue
            if e.kind == "cancelled" and (e.target or e.actor):
                b = entry(e.target or e.actor)  # the cancelled card (actor/card: its Bishop)
                if b is not None:
                    b.cancelled, b.touched = True, now
                continue
            if e.kind == "cancellations" and "cancelled now" in e.text:
                # B13: the cards cancelled now, as "<player>'s card <position>"
                listed = _CANCELLED_NOW.findall(e.text.split("cancelled now", 1)[1])
                for k2, b in enumerate(balcony, 1):
                    b.cancelled = (b.player, str(k2)) in listed
                continue
            if e.kind == "effect" and e.rule == "B10" and e.target and "cancels" in e.text:
                b = entry(e.target)
                if b is not None:
                    b.cancelled, b.touched = True, now
            if e.target and isinstance(e.after, int) and e.phase in _PRESTIGE_PHASES:
                s = slot(e.target)
                if s is not None:
                    s.prestige, s.touched = e.after, now
                    if e.kind == "exchange":
                        m = _INCOMING.search(e.text)
                        s.card = m.group(1) if m else (e.card or s.card)
        for b in balcony:
            visible = (b.revealed or self.viewer is None or self.viewer == b.player
                       or self.viewer in b._visible_to)
            b.card = b._secret if visible else None
        return garden, balcony


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
