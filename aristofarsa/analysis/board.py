"""The board as it stands after each trace step, as one viewer may see it.

Derived from the trace alone (the single source of what happened): ``boards(trace)[k]``
is the table right after event ``k`` — the Garden queue with each card's Prestige and its
Balcony ledger so far, the Balcony face down or revealed and cancelled, the cards the
step touches (for highlighting) and the step's sentence as the viewer may read it::

    from aristofarsa.analysis.board import boards
    frames = boards(result, viewer="Bruno")     # a RoundResult, GameResult, Trace or events
    frames[-1].garden[0].prestige

Viewer ``None`` is everyone (the teacher: every card shown). A player's name is that
player's eyes: their own face-down card is visible, another's stays hidden until it is
revealed (or until that player's Oracle peeked at it), and a step with ``visible_to``
they are not in shows a public form instead of its sentence.

Pure functions over frozen dataclasses; accepts trace events as objects or as the
dictionaries of ``resolve --json``. Events use the contract's facts (``actor``, ``card``,
``target``, ``target_card``, ``before``/``after``, ``change``, ``incoming``) when present.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from ..core import decisions as D
from ..core.messages import Catalog, catalog, text

__all__ = ["BalconyCard", "Board", "CardRef", "GardenCard", "boards", "public_text"]

GARDEN, BALCONY = "garden", "balcony"


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card a step touches: its owner, its name (None when hidden from the viewer), where."""
    player: str
    card: str | None
    zone: str | None              # "garden", "balcony", or None (a hand, the Parlor, ...)


@dataclass(frozen=True, slots=True)
class GardenCard:
    """One place in the Garden queue, as it stands."""
    position: int                 # place in the queue, 1-based as the trace says ("position 1")
    player: str
    card: str
    prestige: int | None          # Prestige now (None only if the trace never said)
    ledger: tuple[str, ...]       # Balcony adjustments so far: "+5", "-5", "x2", "=5" (M3)
    marked: bool                  # the Aristocrat's mark holds it at 5 (M4)
    played: bool                  # False once another card was exchanged in (M5)
    touched: bool                 # this step acts on it (for highlighting)


@dataclass(frozen=True, slots=True)
class BalconyCard:
    """One card on the Whispers Balcony, as the viewer sees it."""
    position: int                 # Balcony order, 1-based as the trace says ("Balcony card 1")
    player: str
    card: str | None              # None: face down and hidden from this viewer
    revealed: bool
    cancelled: bool               # cancelled by a Bishop (B10, B13), as things stand
    touched: bool


@dataclass(frozen=True, slots=True)
class Board:
    """The table right after trace event ``index`` (0-based; ``step`` is its 1-based number)."""
    index: int
    step: int
    round: int                    # 1 for a scenario; the round number in a game trace
    phase: str
    kind: str
    rule: str
    see: tuple[str, ...]
    text: str                     # the step's sentence, or its public form if hidden
    hidden: bool                  # the viewer may not see this step: ``text`` is its public form
    viewer: str | None
    garden: tuple[GardenCard, ...]
    balcony: tuple[BalconyCard, ...]
    touched: tuple[CardRef, ...]

    @property
    def prestige(self) -> dict[str, int | None]:
        """Each player's Garden card's Prestige at this point."""
        return {g.player: g.prestige for g in self.garden}


# ------------------------------------------------------------------ reading events
@dataclass(slots=True)
class _Ev:
    step: int | None
    phase: str
    kind: str
    rule: str
    text: str
    actor: str | None
    card: str | None
    target: str | None
    target_card: str | None
    before: int | None
    after: int | None
    change: str | None
    incoming: str | None
    visible_to: tuple[str, ...] | None
    see: tuple[str, ...]
    has_change: bool


def _event(e: Any) -> _Ev:
    if isinstance(e, Mapping):
        get = e.get
        has_change = "change" in e
    else:
        def get(name: str, default: Any = None) -> Any:
            return getattr(e, name, default)
        has_change = hasattr(e, "change")
    vis = get("visible_to")
    return _Ev(get("step"), get("phase") or "", get("kind") or "", get("rule") or "",
               get("text") or "", get("actor"), get("card"), get("target"), get("target_card"),
               get("before"), get("after"), get("change"), get("incoming"),
               None if vis is None else tuple(vis), tuple(get("see") or ()), has_change)


def _events(source: Any) -> list[_Ev]:
    trace = getattr(source, "trace", source)          # RoundResult / GameResult / session
    if isinstance(source, Mapping) and "trace" in source:
        trace = source["trace"]                         # resolve --json output
    events = getattr(trace, "events", trace)           # Trace
    return [_event(e) for e in events]


# ------------------------------------------------------------------ public forms
def public_text(event: Any, viewer: str | None) -> tuple[str, bool]:
    """The step's sentence as ``viewer`` may read it, and whether it was hidden."""
    e = event if isinstance(event, _Ev) else _event(event)
    if viewer is None or not _hidden(e, viewer):
        return e.text, False
    who = e.actor or text("hidden-step.someone")
    said = _HIDDEN_STEPS.get(e.kind, "hidden-step.other")
    if e.kind == "peek-secret" and not e.target:
        said = "hidden-step.peek-someone"
    return text(said, who=who, target=e.target), True


#: a secret step's kind -> what a player who may not see it reads (the catalog's ``hidden-step``)
_HIDDEN_STEPS = {"conspire-secret": "hidden-step.conspire", "peek-secret": "hidden-step.peek",
                 "draw-secret": "hidden-step.draw", "deal-secret": "hidden-step.draw",
                 "keep-secret": "hidden-step.keep", "decision": "hidden-step.decision"}


@lru_cache(maxsize=4)
def _private_decision(words: Catalog) -> re.Pattern[str]:
    """What an --auto decision's sentence (``decision.keep`` / ``decision.first``, M7) says
    between its chooser and the value when it names a face-down card or an Oracle's keep
    ("Ana chooses conspire = Witch for …"): found in the words of the catalog in use."""
    said = set()
    for mid in ("decision.keep", "decision.first"):
        for kind in (D.CONSPIRE, D.KEEP):
            parts = re.split("\0.", words.render(mid, {"actor": "\0A", "kind": kind,
                                                         "value": "\0V", "what": "\0W"}))
            said.add(parts[1])
    return re.compile("|".join(re.escape(p) for p in sorted(said)))


def _hidden(e: _Ev, viewer: str) -> bool:
    if e.visible_to is not None:
        return viewer not in e.visible_to
    # an --auto decision line names a face-down card or an Oracle's keep: its chooser's only
    return (e.kind == "decision" and e.actor != viewer
            and bool(_private_decision(catalog()).search(e.text)))


# ------------------------------------------------------------------ the table
@dataclass(slots=True)
class _Slot:
    player: str
    card: str
    prestige: int | None
    ledger: list[str] = field(default_factory=list)
    marked: bool = False
    played: bool = True

    def copy(self) -> _Slot:
        return _Slot(self.player, self.card, self.prestige, list(self.ledger), self.marked, self.played)


@dataclass(slots=True)
class _Entry:
    player: str
    card: str | None
    revealed: bool
    cancelled: bool = False


#: Kinds whose ``target`` is a Balcony card (a Bishop's, an Oracle's peek), not a Garden card.
_TARGET_ON_BALCONY = frozenset(("peek", "peek-secret", "cancelled", "cancellations"))

_LEDGER_TEXT = re.compile(r": (\+\d+|-\d+|×2) to |becomes (-?\d+) \(")


def _ledger_entry(e: _Ev) -> str | None:
    """What a Balcony effect did to a Prestige (``change``), or None (not a ledger entry)."""
    if e.rule in ("M4", "B10"):          # continuous Garden values, B10 restores: no entry
        return None
    if e.has_change:
        return e.change
    m = _LEDGER_TEXT.search(e.text)      # traces from before the ``change`` fact
    if m is None:
        return None
    if m.group(2) is not None:
        return f"={m.group(2)}"
    return "x2" if m.group(1) == "×2" else m.group(1)


class _Table:
    """The mutable table while the trace is read; :meth:`frame` freezes it for a viewer."""

    def __init__(self) -> None:
        self.round = 0                              # "round" markers seen (a game trace)
        self.reset()

    def reset(self) -> None:
        self.garden: list[_Slot] = []
        self.balcony: list[_Entry] = []
        self.acts: list[tuple[str, str]] = []        # (Bishop's owner, cancelled card's owner)
        self.peeks: set[tuple[str, str]] = set()    # (Oracle's owner, the peeked card's owner)
        self.snapshot: list[_Slot] | None = None

    def slot(self, player: str | None) -> _Slot | None:
        for s in self.garden:
            if s.player == player:
                return s
        return None

    def entry(self, player: str | None) -> _Entry | None:
        for b in self.balcony:
            if b.player == player:
                return b
        return None

    def apply(self, e: _Ev) -> None:
        kind = e.kind
        if kind == "round":
            self.round += 1
            self.reset()
        elif kind == "play" and e.actor is not None and e.card is not None:
            self.garden.append(_Slot(e.actor, e.card, e.after))
        elif kind == "entry":
            s = self.slot(e.actor)
            if s is not None and e.after is not None:
                s.prestige = e.after
        elif kind == "mark":
            s = self.slot(e.target)
            if s is not None:
                s.marked = True
                if e.after is not None:
                    s.prestige = e.after
        elif kind == "prestige":
            s = self.slot(e.target)
            if s is not None:
                if e.after is not None:
                    s.prestige = e.after
                change = _ledger_entry(e)
                if change is not None:
                    s.ledger.append(change)
        elif kind == "exchange":
            s = self.slot(e.target)
            incoming = e.incoming if e.incoming is not None else e.card
            if s is not None and incoming is not None:
                s.card, s.ledger, s.marked, s.played = incoming, [], False, False
                if e.after is not None:
                    s.prestige = e.after
        elif kind == "order":                       # Phase 2 starts: the B10 starting position
            self.snapshot = [s.copy() for s in self.garden]
        elif kind == "replay" and self.snapshot is not None:
            self.garden = [s.copy() for s in self.snapshot]
        elif kind == "conspire" and e.actor is not None:
            b = self.entry(e.actor)
            face_up = e.card is not None               # Bishop mode: face up at once (P6)
            if b is None:
                self.balcony.append(_Entry(e.actor, e.card, face_up))
            elif face_up:
                b.card, b.revealed = e.card, True
        elif kind == "conspire-secret":
            b = self.entry(e.actor)
            if b is not None:
                b.card = e.card
        elif kind == "reveal":
            b = self.entry(e.actor)
            if b is not None:
                b.card, b.revealed = e.card or b.card, True
        elif kind == "cancelled":                      # the card cancelled: target (or actor)
            b = self.entry(e.target if e.target is not None else e.actor)
            if b is not None:
                b.cancelled = True
        elif kind == "effect" and e.rule == "B10" and e.target is not None:
            if (e.actor, e.target) not in self.acts and e.actor is not None:
                self.acts.append((e.actor, e.target))
                self.recompute_cancelled()
        elif kind == "peek-secret" and e.actor is not None and e.target is not None:
            self.peeks.add((e.actor, e.target))

    def recompute_cancelled(self) -> None:
        """B10 + B13: work back from the most recent cancellation; a cancelled Bishop
        cancels nothing."""
        cancelled: set[str] = set()
        for bishop, target in reversed(self.acts):
            if bishop not in cancelled:
                cancelled.add(target)
        for b in self.balcony:
            b.cancelled = b.player in cancelled

    def sees(self, viewer: str | None, b: _Entry) -> bool:
        return viewer is None or b.revealed or viewer == b.player or (viewer, b.player) in self.peeks

    def refs(self, e: _Ev, viewer: str | None) -> list[CardRef]:
        out: list[CardRef] = []
        garden_first = e.kind in ("play", "entry", "mark", "score", "exile", "winners")
        if e.actor is not None and e.card is not None:
            out.append(self.ref(e.actor, e.card, viewer, prefer_balcony=not garden_first))
        if e.target is not None:
            on_balcony = e.kind in _TARGET_ON_BALCONY or (e.kind == "effect" and e.rule == "B10")
            card = e.target_card
            if e.kind == "exchange":                  # the slot now holds the incoming card
                s = self.slot(e.target)
                card = s.card if s is not None else card
            out.append(self.ref(e.target, card, viewer, prefer_balcony=on_balcony))
        return out

    def ref(self, player: str, card: str | None, viewer: str | None, prefer_balcony: bool) -> CardRef:
        b, s = self.entry(player), self.slot(player)
        on_balcony = b is not None and (b.card == card or (card is not None and b.card is None))
        in_garden = s is not None and s.card == card
        if on_balcony and (prefer_balcony or not in_garden):
            assert b is not None
            return CardRef(player, card if self.sees(viewer, b) else None, BALCONY)
        if in_garden:
            return CardRef(player, card, GARDEN)
        return CardRef(player, card, None)

    def frame(self, index: int, e: _Ev, viewer: str | None) -> Board:
        text, hidden = public_text(e, viewer)
        touched = self.refs(e, viewer)
        if hidden:
            touched = [replace(r, card=None) if r.zone != GARDEN else r for r in touched]
        hot_garden = {r.player for r in touched if r.zone == GARDEN}
        hot_balcony = {r.player for r in touched if r.zone == BALCONY}
        garden = tuple(GardenCard(i + 1, s.player, s.card, s.prestige, tuple(s.ledger), s.marked,
                                  s.played, s.player in hot_garden)
                       for i, s in enumerate(self.garden))
        balcony = tuple(BalconyCard(i + 1, b.player, b.card if self.sees(viewer, b) else None,
                                    b.revealed, b.cancelled, b.player in hot_balcony)
                        for i, b in enumerate(self.balcony))
        return Board(index, e.step if e.step is not None else index + 1, max(self.round, 1), e.phase,
                     e.kind, e.rule, e.see, text, hidden, viewer, garden, balcony, tuple(touched))


def boards(source: Any, viewer: str | None = None) -> list[Board]:
    """One :class:`Board` per trace event: the table right after event ``k``.

    ``source``: a RoundResult or GameResult (their ``trace``), a Trace, a list of trace
    events (objects or ``resolve --json`` dictionaries), or a ``resolve --json`` object.
    ``viewer``: None for everyone, or a player's name for that player's eyes.
    """
    table = _Table()
    out: list[Board] = []
    for k, e in enumerate(_events(source)):
        table.apply(e)
        out.append(table.frame(k, e, viewer))
    return out
