"""Step through a resolved round's trace, one event at a time, through a viewer's eyes.

``Stepper(result, viewer=None)``: ``first / back / next / last / go(k)`` move over the
trace; ``frame()`` is pure data for the current step — the event's text (exactly
``resolve --json``'s ``trace[k].text`` for the default viewer, everyone), its ruling and
where that ruling is explained, the board right after the event (Garden with each card's
Prestige and ledger, Balcony face down or revealed), the cards the event touches, and the
winners at the last step only. No Jupyter import: tested without a browser.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

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


def public_text(event: TraceEvent) -> str:
    """What a player outside ``visible_to`` learns of a secret event."""
    who = ", ".join(event.visible_to or ()) or "nobody"
    subject = f"{event.actor}'s" if event.actor else "A"
    what = {"conspire-secret": "face-down Balcony card", "peek-secret": "peek",
            "draw-secret": "drawn cards", "keep-secret": "kept cards"}.get(event.kind, "secret")
    return f"{subject} {what} — seen only by {who}."


def may_see(event: TraceEvent, viewer: str | None) -> bool:
    return viewer is None or event.visible_to is None or viewer in event.visible_to


class Stepper:
    """The current step of one resolved round, seen by ``viewer`` (None: everyone)."""

    def __init__(self, result: RoundResult, viewer: str | None = None) -> None:
        self.result = result
        self.events: list[TraceEvent] = list(result.trace)
        if not self.events:
            raise ValueError("the round has no trace to step through (resolve it with trace=True)")
        self.players: tuple[str, ...] = tuple(_players(result))
        self.index = 0
        self._viewer: str | None = None
        self._boards: list[Board] = []
        self.viewer = viewer

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
        self._boards = board_frames(self.result, name)

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
        visible = may_see(event, self._viewer)
        board = self._boards[k]
        touched = board.touched if visible else ()
        see = tuple(info for info in (ruling(r) for r in (event.see or ())) if info is not None)
        last = k == len(self.events) - 1
        return Frame(
            index=k, total=len(self.events), step=event.step,
            text=event.text if visible else public_text(event),
            rule=event.rule, ruling=ruling(event.rule), see=see, phase=event.phase,
            kind=event.kind, hidden=not visible, viewer=self._viewer,
            garden=tuple(_lit(s, touched) for s in board.garden),
            balcony=tuple(_lit(s, touched) for s in board.balcony),
            touched=tuple(touched),
            winners=tuple(self.result.winners) if last else None,
            players=self.players)


def _lit(slot: Any, touched: Iterable[CardRef]) -> Any:
    hit = any(p == slot.player and (c is None or c == slot.card) for p, c in touched)
    return slot if slot.highlighted == hit else _replace(slot, highlighted=hit)


def _replace(slot: Any, **changes: Any) -> Any:
    from dataclasses import replace
    return replace(slot, **changes)


def _players(result: RoundResult) -> list[str]:
    players = result.extra.get("players")
    if players:
        return [p.name for p in players]
    return list(result.scored)


# ------------------------------------------------------------------ board at each step
@dataclass(slots=True)
class Board:
    garden: list[GardenSlot]
    balcony: list[BalconySlot]
    touched: list[CardRef]


def board_frames(result: RoundResult, viewer: str | None = None) -> list[Board]:
    """The board right after each trace event: sessions' ``analysis.board.boards`` when it
    is there (converted to this module's slots), else a reading of the trace's facts."""
    try:
        from ..analysis.board import boards  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return _fallback_boards(result, viewer)
    try:
        return [_convert(b) for b in boards(result, viewer)]
    except (AttributeError, TypeError):   # an interface this adapter does not know yet
        return _fallback_boards(result, viewer)


def _get(obj: Any, *names: str, default: Any = None) -> Any:
    for name in names:
        if isinstance(obj, dict) and name in obj:
            return obj[name]
        if hasattr(obj, name):
            return getattr(obj, name)
    return default


def _convert(board: Any) -> Board:
    garden = [GardenSlot(player=_get(s, "player"), card=_get(s, "card"),
                         prestige=_get(s, "prestige", "value"),
                         ledger=tuple(str(x) for x in (_get(s, "ledger", default=()) or ())),
                         marked=bool(_get(s, "marked", default=False)),
                         highlighted=bool(_get(s, "highlighted", "touched", default=False)))
              for s in _get(board, "garden")]
    balcony = [BalconySlot(player=_get(s, "player"), card=_get(s, "card"),
                           position=int(_get(s, "position", default=k + 1) or k + 1),
                           revealed=bool(_get(s, "revealed", default=False)),
                           cancelled=bool(_get(s, "cancelled", default=False)),
                           highlighted=bool(_get(s, "highlighted", "touched", default=False)))
               for k, s in enumerate(_get(board, "balcony", default=()) or ())]
    touched: list[CardRef] = []
    for t in _get(board, "touched", "touches", default=()) or ():
        if isinstance(t, tuple | list) and len(t) == 2:
            touched.append((str(t[0]), t[1]))
        else:
            touched.append((str(_get(t, "player")), _get(t, "card")))
    return Board(garden, balcony, touched)


_TAKES_PLACE = re.compile(r"and (\w+) takes its place")


def _fallback_boards(result: RoundResult, viewer: str | None) -> list[Board]:
    """A reading of the trace facts: Garden plays, Prestige changes, Balcony cards."""
    garden: list[dict[str, Any]] = []
    balcony: list[dict[str, Any]] = []
    out: list[Board] = []

    def slot_of(player: str | None) -> dict[str, Any] | None:
        return next((s for s in garden if s["player"] == player), None)

    for e in result.trace:
        touched: list[CardRef] = []
        if e.actor and e.card:
            touched.append((e.actor, e.card))
        if e.target and e.target_card:
            touched.append((e.target, e.target_card))
        if e.kind == "play" and e.actor and e.card:
            garden.append({"player": e.actor, "card": e.card, "prestige": e.after, "ledger": [],
                           "marked": False})
        elif e.kind == "exchange" and e.target:
            s = slot_of(e.target)
            found = _TAKES_PLACE.search(e.text)
            if s is not None:
                s["card"] = found.group(1) if found else s["card"]
                s["prestige"] = e.after
                s["ledger"].append(e.text)
                touched.append((e.target, s["card"]))
        elif e.after is not None and e.target:
            s = slot_of(e.target)
            if s is not None:
                s["prestige"] = e.after
                s["ledger"].append(e.text)
                if e.kind == "mark":
                    s["marked"] = True
        elif e.kind in ("conspire", "conspire-secret") and e.actor:
            if e.kind == "conspire":
                balcony.append({"player": e.actor, "card": e.card, "revealed": e.card is not None,
                                "cancelled": False, "seen": e.card is not None})
            elif balcony and balcony[-1]["player"] == e.actor:
                balcony[-1]["card"] = e.card
                balcony[-1]["seen"] = may_see(e, viewer)
        elif e.kind == "peek-secret" and viewer is not None and may_see(e, viewer):
            for b in balcony:
                if b["player"] == e.target:
                    b["seen"] = True
        elif e.kind == "reveal" and e.actor:
            for b in balcony:
                if b["player"] == e.actor and b["card"] == e.card:
                    b["revealed"] = b["seen"] = True
        elif e.kind == "effect" and e.target and e.target_card and "cancel" in e.text:
            for b in balcony:
                if b["player"] == e.target:
                    b["cancelled"] = True
        out.append(Board(
            garden=[GardenSlot(s["player"], s["card"], s["prestige"], tuple(s["ledger"]), s["marked"])
                    for s in garden],
            balcony=[BalconySlot(b["player"],
                                 b["card"] if (viewer is None or b["seen"] or b["player"] == viewer)
                                 else None, k + 1, b["revealed"], b["cancelled"])
                     for k, b in enumerate(balcony)],
            touched=touched))
    if out:   # the last frame shows the round's final Garden and Balcony exactly
        final_cancelled: dict[CardRef, bool] = {(p, c): x for p, c, x in result.balcony}
        last = out[-1]
        last.garden = [GardenSlot(p, c, v, _ledger(garden, p), _marked(garden, p))
                       for p, c, v in result.garden]
        last.balcony = [_replace(b, cancelled=final_cancelled.get((b.player, b.card), b.cancelled))
                        for b in last.balcony]
    return out


def _ledger(garden: Sequence[dict[str, Any]], player: str) -> tuple[str, ...]:
    return next((tuple(s["ledger"]) for s in garden if s["player"] == player), ())


def _marked(garden: Sequence[dict[str, Any]], player: str) -> bool:
    return next((bool(s["marked"]) for s in garden if s["player"] == player), False)
