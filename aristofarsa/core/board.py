"""The board a round acts on: the players' zones, the Garden queue, the Whispers Balcony,
the marks and ledgers on Garden cards, and what Balcony effects left behind.

:class:`Board` holds the state; every change a rule makes is one named method here, so
the phase procedure (:class:`~aristofarsa.core.round.Round`), the effect handlers
(:mod:`aristofarsa.core.effects`) and the Score step (:mod:`aristofarsa.core.scoring`) read the board
freely but write it only through these methods. Nothing here traces or asks: the board
knows the rules' bookkeeping, not who chooses.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from .draw import LazyRandom
from .prestige import prestige
from .state import Card, Entry, PlayerState, Slot
from .trace import EventKind, Op, Phase, Sentence, Trace


class RoundRecords:
    """What Balcony effects left behind; saved and restored with the board for B10 replays."""

    __slots__ = ("jester", "merchant", "scribe", "damsel", "oracle", "convoked")

    def __init__(self, n: int) -> None:
        self.jester = 0
        self.merchant: list[tuple[int, Card]] = []  # (entry index, Garden card it doubled)
        self.scribe: list[tuple[int, Card]] = []  # (entry index, Garden card it hit)
        self.damsel: list[int] = []  # entry indices of Damsel effects (own or Elder copy)
        self.oracle: list[int] = []  # players who draw to 5 next round
        self.convoked: list[list[str]] = [[] for _ in range(n)]

    def copy(self) -> RoundRecords:
        other = RoundRecords(0)
        other.jester = self.jester
        other.merchant = list(self.merchant)
        other.scribe = list(self.scribe)
        other.damsel = list(self.damsel)
        other.oracle = list(self.oracle)
        other.convoked = [list(c) for c in self.convoked]
        return other


class Cancellations:
    """B10 + B13: which Bishop cancelled which Balcony card, and which cancellations count.

    Working back from the most recent cancellation (it always stands), a cancellation counts
    only if its Bishop is not cancelled by one that counts. Kept over B10 replays."""

    __slots__ = ("acts", "bishops", "now")

    def __init__(self) -> None:
        self.acts: list[tuple[int, int]] = []  # (Bishop entry, target entry), in order
        self.bishops: dict[int, tuple[int, str]] = {}  # Bishop entry -> (owner, card)
        self.now: set[int] = set()  # the entries cancelled as things stand

    def add(self, bishop: int, target: int, owner: int, card: str) -> None:
        self.acts.append((bishop, target))
        self.bishops[bishop] = (owner, card)
        self.now = self._counted()

    def made_by(self, bishop: int) -> int | None:
        """The entry this Bishop cancelled, if it already did (B10: a replay re-uses it)."""
        return next((t for b, t in self.acts if b == bishop), None)

    def canceller(self, i: int) -> tuple[int, str]:
        """(owner, card) of the Bishop whose cancellation of entry ``i`` counts."""
        cancelled: set[int] = set()
        for bishop, target in reversed(self.acts):
            if bishop not in cancelled:
                if target == i:
                    return self.bishops[bishop]
                cancelled.add(target)
        raise ValueError(f"Balcony card {i + 1} is not cancelled")  # i18n: developer

    def _counted(self) -> set[int]:
        cancelled: set[int] = set()
        for bishop, target in reversed(self.acts):
            if bishop not in cancelled:
                cancelled.add(target)
        return cancelled

    def __contains__(self, i: int) -> bool:
        return i in self.now

    def __len__(self) -> int:
        return len(self.acts)


class BalconyStart(NamedTuple):
    """B10: the position the Balcony is resolved again from (taken before its first card)."""

    players: list[PlayerState]
    garden: list[Slot]
    balcony: list[Entry]
    entry_of: list[int]
    entry_step: list[int]
    rec: RoundRecords
    parlor_emptied: list[int]


class Board:
    """Everything a round's rules read and write, with one named method per write.

    A round rebinds no attribute but ``garden``, ``balcony``, ``entry_of``, ``entry_step``,
    ``rec`` and ``parlor_emptied``, and those only in :meth:`restore` (B10)."""

    __slots__ = ("players", "n", "names", "live", "garden", "slot_of", "balcony", "entry_of",
                 "entry_step", "played_card", "rec", "cancels", "parlor_emptied")

    def __init__(self, players: list[PlayerState], live_courtisan: bool) -> None:
        n = len(players)
        self.players = players
        self.n = n
        self.names = [pl.name for pl in players]
        self.live = live_courtisan            # variant courtisan-live (M4)
        self.garden: list[Slot] = []          # the queue, in order of play (P1)
        self.slot_of: list[int] = [-1] * n    # player -> their Garden slot
        self.balcony: list[Entry] = []        # in order of play (P4)
        self.entry_of: list[int] = [-1] * n   # player -> their Balcony entry, -1: none
        self.entry_step: list[int] = []       # entry -> the Phase-2 turn it was played in
        self.played_card: list[Card | None] = [None] * n  # what each player played in Phase 1
        self.rec = RoundRecords(n)
        self.cancels = Cancellations()
        self.parlor_emptied: list[int] = []   # players whose Parlor emptied this round (E3)

    # ------------------------------------------------------------------- reading
    def value(self, i: int) -> int:
        """The Prestige of Garden slot ``i`` now (M3)."""
        return prestige(self.garden, i, self.balcony, self.live)

    def values(self) -> list[int]:
        g, b, live = self.garden, self.balcony, self.live
        return [prestige(g, i, b, live) for i in range(len(g))]

    def garden_slot(self, p: int) -> Slot:
        """Player ``p``'s place in the Garden."""
        return self.garden[self.slot_of[p]]

    def index_of(self, name: str) -> int:
        for p in self.players:
            if p.name == name:
                return p.index
        raise KeyError(name)

    def seats_from_left_of(self, p: int) -> list[int]:
        return [(p + k) % self.n for k in range(1, self.n + 1)]

    def others(self, p: int) -> list[int]:
        return [(p + k) % self.n for k in range(1, self.n)]

    @property
    def cancelled(self) -> set[int]:
        """The Balcony entries cancelled as things stand (B10, B13)."""
        return self.cancels.now

    # ------------------------------------------------------- Phase 1 and Phase 2
    def play_into_garden(self, p: int, card: Card) -> int:
        """P1: ``card`` (already taken from the hand) joins the end of the queue; its slot."""
        self.played_card[p] = card
        i = len(self.garden)
        self.slot_of[p] = i
        self.garden.append(Slot(p, card))
        return i

    def conspire(self, p: int, card: Card, face_up: bool, turn: int) -> Entry:
        """P4 (P6 face up): ``card`` (already taken from the hand) joins the Balcony."""
        e = Entry(len(self.balcony), p, card, face_up=face_up)
        self.balcony.append(e)
        self.entry_step.append(turn)
        self.entry_of[p] = e.index
        return e

    def discard_hand(self, p: int) -> list[str]:
        """P5: the whole hand goes to the discard pile; the names discarded."""
        pl = self.players[p]
        names = pl.hand_names()
        pl.discard.extend(pl.hand)
        pl.hand.clear()
        return names

    def take_from_hand(self, p: int, name: str) -> Card:
        """One card of that name out of ``p``'s hand (X4: it scores with the Scribe)."""
        return self.players[p].take_from_hand(name)

    def discard_from_hand(self, p: int, name: str) -> Card:
        """One card of that name from ``p``'s hand to their discard pile (X3, X4)."""
        pl = self.players[p]
        card = pl.take_from_hand(name)
        pl.discard.append(card)
        return card

    def convoke(self, p: int, card: Card) -> bool:
        """P5, B6, B12: a Noble from ``p``'s Parlor to the discard pile; True if that emptied
        the Parlor for the first time this round (E3)."""
        pl = self.players[p]
        pl.parlor.remove(card)
        pl.discard.append(card)
        self.rec.convoked[p].append(card.name)
        if not pl.parlor and p not in self.parlor_emptied:
            self.parlor_emptied.append(p)
            return True
        return False

    # ------------------------------------------------------------ Garden cards
    def fix_bonus(self, i: int, bonus: int) -> None:
        """M4 Courtisan, X3 Bard: a bonus fixed when the card was played."""
        self.garden[i].bonus = bonus

    def follow(self, i: int, peasant: Card) -> None:
        """Variant courtisan-live: the Courtisan's bonus follows this Peasant (M4)."""
        self.garden[i].follows = peasant

    def mark(self, i: int) -> None:
        """M4 Aristocrat: the card in slot ``i`` is exactly 5 for the rest of the round."""
        self.garden[i].marked = True

    def add_ledger(self, p: int, op: Op, n: int) -> Slot:
        """M3: a Balcony adjustment on player ``p``'s Garden card; the slot."""
        slot = self.garden[self.slot_of[p]]
        slot.ledger.append((op, n))
        return slot

    def exchange(self, p: int, hand_name: str) -> Slot:
        """M5: player ``p``'s Garden card goes to hand and ``hand_name`` from the hand takes
        its place with no ledger, no mark and no entry bonus; every link to the card that
        left (courtisan-live, Merchant, Scribe) goes with it. Returns the old slot."""
        pl = self.players[p]
        i = self.slot_of[p]
        old = self.garden[i]
        incoming = pl.take_from_hand(hand_name)
        pl.hand.append(old.card)
        self.garden[i] = Slot(p, incoming, played=False)
        for slot in self.garden:
            if slot.follows is old.card:
                slot.follows = None
        rec = self.rec
        rec.merchant = [(e, c) for e, c in rec.merchant if c is not old.card]
        rec.scribe = [(e, c) for e, c in rec.scribe if c is not old.card]
        return old

    # ------------------------------------------------ what Balcony effects leave
    def jester_vote(self) -> int:
        """B3: one more vote for 'the lowest wins'; the number of votes now."""
        self.rec.jester += 1
        return self.rec.jester

    def doubled_by_merchant(self, entry: int, card: Card) -> None:
        """B5: the Merchant at ``entry`` doubled ``card`` (it scores with it)."""
        self.rec.merchant.append((entry, card))

    def hit_by_scribe(self, entry: int, card: Card) -> None:
        """X4: the Scribe at ``entry`` hit ``card`` (it scores if that card is exiled)."""
        self.rec.scribe.append((entry, card))

    def damsel_swapped(self, entry: int) -> None:
        """B4: a Damsel effect (its own or an Elder's copy) resolved at ``entry``."""
        self.rec.damsel.append(entry)

    def oracle_draws(self, p: int) -> None:
        """X6: player ``p`` draws up to 5 at the next Draw step."""
        if p not in self.rec.oracle:
            self.rec.oracle.append(p)

    def cancel(self, bishop: Entry, target: Entry) -> None:
        """B10, B13: ``bishop`` cancels ``target``."""
        self.cancels.add(bishop.index, target.index, bishop.owner, bishop.card.name)

    # --------------------------------------------------------------- Score step
    def score(self, p: int, card: Card) -> None:
        """S3: a scoring card goes to its owner's scored area."""
        self.players[p].scored.append(card)

    def exile(self, p: int, card: Card) -> Card:
        """X2: ``card`` goes under ``p``'s Exiled deck and its top card into hand; that card."""
        pl = self.players[p]
        pl.exiled.append(card)
        top = pl.exiled.pop(0)
        pl.hand.append(top)
        return top

    def discard_the_rest(self, gone: set[int]) -> None:
        """S3: every Garden and Balcony card not in ``gone`` (``id()`` of the cards that
        scored or were exiled) to its owner's discard pile."""
        for s in self.garden:
            if id(s.card) not in gone:
                self.players[s.owner].discard.append(s.card)
        for e in self.balcony:
            if id(e.card) not in gone:
                self.players[e.owner].discard.append(e.card)

    # --------------------------------------------------------------------- B10
    def snapshot(self) -> BalconyStart:
        return BalconyStart([p.copy() for p in self.players], [s.copy() for s in self.garden],
                            [e.copy() for e in self.balcony], list(self.entry_of),
                            list(self.entry_step), self.rec.copy(), list(self.parlor_emptied))

    def restore(self, snap: BalconyStart) -> None:
        players, garden, balcony, entry_of, entry_step, rec, emptied = snap
        for mine, saved in zip(self.players, players, strict=True):
            for zone in PlayerState.ZONES:
                setattr(mine, zone, list(getattr(saved, zone)))
        self.garden = [s.copy() for s in garden]
        self.balcony = [e.copy() for e in balcony]
        self.entry_of = list(entry_of)
        self.entry_step = list(entry_step)
        self.rec = rec.copy()
        self.parlor_emptied = list(emptied)


class Procedure(Protocol):
    """What the rules' handlers (:mod:`aristofarsa.core.effects`, :mod:`aristofarsa.core.scoring`)
    use of the procedure running them: its :class:`Board`, its settings, its choices and
    its trace. :class:`aristofarsa.core.round.Round` is the one implementation; typing the
    handlers against this keeps them from importing it (no import circle)."""

    board: Board
    players: list[PlayerState]
    names: list[str]
    rng: random.Random | LazyRandom
    trace: Trace
    t: bool                          # tracing: build events only when True
    variants: frozenset[str]
    live: bool                       # variant courtisan-live
    expansion: bool
    final_round: bool
    crowns: dict[str, int] | None
    phase: Phase
    step_id: tuple[str, int] | None  # the step whose choices a B10 replay re-uses
    replaying: int                   # > 0 inside a B10 replay
    bishop_mode: bool                # P6
    order: list[int]                 # the Phase-2 order (P2)
    litter: int                      # who holds the Litter (P3)
    shown: list[int]                 # each Garden card's Prestige as last traced

    def name(self, p: int) -> str: ...

    def value(self, i: int) -> int: ...

    def values(self) -> list[int]: ...

    def log(self, kind: EventKind, rule: str, text: Sentence, actor: str | None = None,
            card: str | None = None, target: str | None = None, target_card: str | None = None,
            before: int | None = None, after: int | None = None,
            visible_to: Sequence[str] | None = None, auto: bool = False,
            see: Sequence[str] | None = None, change: str | None = None,
            incoming: str | None = None, source: str | None = None,
            source_card: str | None = None) -> None: ...

    def ask(self, kind: str, chooser: int, card: str | None, source: str, owner: int,
            options: list[Any], optional: bool = False, prompt: str = "",
            context: Any = None) -> Any: ...

    def adjust(self, p: int, op: Op, n: int, rule: str, source: int, source_card: str,
               message: str | None = None, fields: dict[str, Any] | None = None,
               see: Sequence[str] = ("M3",)) -> None: ...

    def exchange(self, p: int, hand_name: str, rule: str, source: int, source_card: str) -> None: ...

    def convoke_noble(self, p: int, name: str | None, rule: str, quiet: bool = False,
                      by: tuple[int, str, str | None] | None = None) -> str | None: ...

    def replay(self, upto: int, bishop: Entry,
               restored: tuple[str, str] | None = None) -> None: ...
