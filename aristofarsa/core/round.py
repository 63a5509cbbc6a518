"""One round of Aristofarsa, from Phase 1 to the Score step, fully traced.

A round is two things: the :class:`~aristofarsa.core.board.Board` it acts on (zones, Garden,
Balcony, marks, ledgers, records; every write a named method) and the phase procedure,
:class:`Round`, which asks a decider for every choice (:mod:`aristofarsa.core.decisions`) and
records every step in a :class:`~aristofarsa.core.trace.Trace`, each citing the ruling that
decided it. It reads as the round is played: :meth:`Round.play` calls Phase 1 (P1, entry
effects M4), Phase 2 (order P2, Litter P3, each turn P4-P8), the Balcony (B1; Bishop mode
P6) and the Score step; each step is a method named after what it does, citing its ruling.
Card effects are the handlers of :mod:`aristofarsa.core.effects`, the Garden rules are in
:mod:`aristofarsa.core.prestige`, scoring is :mod:`aristofarsa.core.scoring`; all of them take the
round as a :class:`~aristofarsa.core.board.Procedure`, so none of them imports this module.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from . import decisions as D
from . import effects as _effects
from . import scoring as _scoring
from .board import BalconyStart, Board, Cancellations, RoundRecords
from .cards import CARDS, CONVOKE_VALUE, LITTER_BONUS, convoke_sum_message, on_registry_change
from .decisions import Decider, DecisionError, Request
from .draw import LazyRandom, draw_step
from .messages import Join, text
from .prestige import MOVES, garden_reason, prestige
from .result import RoundResult
from .state import Card, Entry, PlayerState, Slot, distinct
from .trace import CHANGE_FORMAT, PHASE, EventKind, K, Op, Sentence, Trace
from .variants import Variant

__all__ = ["BalconyStart", "Cancellations", "Round", "RoundRecords", "affordable_nobles",
           "convoke_total", "distinct"]

PRESTIGE_ORDER: dict[str, int] = {}


@on_registry_change
def _prestige_order() -> None:
    PRESTIGE_ORDER.clear()
    PRESTIGE_ORDER.update({name: spec.prestige for name, spec in CARDS.items()})
StepId = tuple[str, int]


class Round:
    """The phase procedure of one round over its :class:`Board` (``self.board``)."""

    def __init__(self, players: list[PlayerState], first: int, decider: Decider, *,
                 variants: Sequence[str] | frozenset[str] = frozenset(), expansion: bool = False,
                 rng: random.Random | LazyRandom | None = None, trace: Trace | None = None,
                 final_round: bool = False, crowns: dict[str, int] | None = None) -> None:
        self.variants = frozenset(variants)
        self.live = Variant.COURTISAN_LIVE in self.variants
        self.board = Board(players, self.live)
        self.players = players
        self.n = len(players)
        self.names = self.board.names
        self.first = first
        self.decider = decider
        # written answers without a Request (decisions.NOT_FAST)
        self._fast = None if getattr(decider, "auto", False) else getattr(decider, "fast", None)
        self._written = None if self._fast is None else getattr(decider, "written", None)
        self.expansion = expansion
        self.rng: random.Random | LazyRandom = rng if rng is not None else LazyRandom(0)
        self.trace = trace if trace is not None else Trace(False)
        self.t = self.trace.enabled
        self.final_round = final_round
        self.crowns = crowns
        self.cache: dict[tuple[StepId | None, str], Any] = {}  # B10: each step's choice first made
        self.again: dict[tuple[StepId | None, str], Any] = {}  # B10: the choice made again in a replay
        self.replaying = 0
        self.replays = 0  # B10 replays started this round (bounded: see replay())
        self.step_id: StepId | None = None
        self.phase = PHASE.SETUP
        self.bishop_mode = False
        self.order: list[int] = []
        self.oracle_players: frozenset[int] = frozenset()
        self.litter = -1
        self.shown: list[int] = []  # each Garden card's Prestige as the trace last gave it
        self.dirty = False  # the Garden's make-up or a reveal changed: continuous values may move
        self._continuous = MOVES[self.live]  # the Garden rules whose values the trace watches
        self._snap: BalconyStart | None = None
        # B14: each Phase-2 turn's play in Bishop mode, as first made (a replay takes none back):
        # (conspire or convoke, the cards it moved out of the hand, the Garden card at that moment)
        self.plays: dict[int, tuple[str, list[Card], Card | None]] = {}
        self.result: RoundResult | None = None

    # The board's state, read where a round is passed around (bots, views, tests)
    @property
    def garden(self) -> list[Slot]:
        return self.board.garden

    @property
    def balcony(self) -> list[Entry]:
        return self.board.balcony

    @property
    def slot_of(self) -> list[int]:
        return self.board.slot_of

    @property
    def entry_of(self) -> list[int]:
        return self.board.entry_of

    @property
    def played_card(self) -> list[Card | None]:
        return self.board.played_card

    @property
    def rec(self) -> RoundRecords:
        return self.board.rec

    @property
    def cancels(self) -> Cancellations:
        return self.board.cancels

    @property
    def cancelled(self) -> set[int]:
        """The Balcony entries cancelled as things stand (B10, B13)."""
        return self.board.cancels.now

    @property
    def parlor_emptied(self) -> list[int]:
        return self.board.parlor_emptied

    # ----------------------------------------------------------------- helpers
    def name(self, p: int) -> str:
        return self.names[p]

    def index_of(self, name: str) -> int:
        return self.board.index_of(name)

    def value(self, i: int) -> int:
        b = self.board
        return prestige(b.garden, i, b.balcony, self.live)

    def values(self) -> list[int]:
        b = self.board
        g, bal, live = b.garden, b.balcony, self.live
        return [prestige(g, i, bal, live) for i in range(len(g))]

    def log(self, kind: EventKind, rule: str, text: Sentence, actor: str | None = None,
            card: str | None = None, target: str | None = None, target_card: str | None = None,
            before: int | None = None, after: int | None = None,
            visible_to: Sequence[str] | None = None, auto: bool = False,
            see: Sequence[str] | None = None, change: str | None = None,
            incoming: str | None = None, source: str | None = None,
            source_card: str | None = None) -> None:
        if self.t:
            # the facts recorded as one tuple (Trace.raw, in TraceEvent's argument order after
            # ``step``): the hottest path of a traced round; the event objects are made when
            # the trace is read
            self.trace.raw.append((PHASE.REPLAY if self.replaying else self.phase, kind, actor, card,
                                   rule, text, target, target_card, before, after, visible_to,
                                   auto, see, change, incoming, source, source_card))

    def ask(self, kind: str, chooser: int, card: str | None, source: str, owner: int,
            options: list[Any], optional: bool = False, prompt: str = "",
            context: Any = None) -> Any:
        fast = self._fast
        if fast is not None and kind in D.FAST_KINDS and not self.replaying:
            value = fast(kind, self.names[owner])
            if value is not None and value in options:
                if self._snap is not None:  # only a B10 replay re-uses choices
                    self.cache[(self.step_id, kind)] = value
                return value
        elif self._written is not None and not self.replaying:
            # an effect choice written in the file: the same answer and legality as below
            value = self._written(kind, source, self.names[owner], options)
            if value is not D.NOT_FAST and (optional if value is None else value in options):
                if self._snap is not None:  # only a B10 replay re-uses choices
                    self.cache[(self.step_id, kind)] = value
                return value
        names = self.names
        req = Request(kind, names[chooser], card, source, names[owner], options, optional, prompt,
                      context)
        key = (self.step_id, kind)
        if self.replaying and key in self.cache:
            # B10: the choice first made, whenever it is legal again; else the one made again
            value = self.cache[key]
            if req.legal(value):
                return value
            if key in self.again and req.legal(self.again[key]):
                return self.again[key]
            req.replay = True
        value = self.decider.decide(req)
        if not req.legal(value):
            raise req.illegal(value)
        if self._snap is not None:  # only a B10 replay re-uses choices
            if req.replay:
                self.again[key] = value
            else:
                self.cache[key] = value
        if self.t and self.decider.auto:
            said = ("decision.skip" if value is None else "decision.keep" if kind == D.KEEP
                    else "decision.first")
            self.log(K.DECISION, "M7", (said, {"kind": kind, "value": _show(value),
                                               "what": card or source}),
                     actor=req.player, card=card, auto=True)
        return value

    def take_written(self, kind: str, pl: PlayerState) -> Card | None:
        """The card a written ``garden``/``conspire`` answer names, taken from ``pl``'s hand
        without a Request (decisions.NOT_FAST); None: ask() the ordinary way (also for an
        answer that is not in the hand, whose error ask() raises)."""
        fast = self._fast
        if fast is None or self.replaying:
            return None
        name = fast(kind, pl.name)
        hand = pl.hand
        for i, card in enumerate(hand):
            if card.name == name:
                if self._snap is not None:  # only a B10 replay re-uses choices
                    self.cache[(self.step_id, kind)] = name
                return hand.pop(i)
        return None

    # -------------------------------------------------------------- the round
    def play(self) -> RoundResult:
        self.phase1()                      # P1, entry effects (M4, X3, X4)
        self.phase2()                      # P2-P8; in Bishop mode (P6) every card resolves at once
        if not self.bishop_mode:
            self.resolve_balcony()         # B1-B13, one card at a time
        self.result = _scoring.score_round(self)   # S1-S4, B4, B5, X2, E1, E3, M2
        return self.result

    def next_draw(self, result: RoundResult) -> list[int]:
        """The next round's Draw step after this round's ``result`` (D1, X6: the Oracle's
        ``keep`` is asked here), from its next first player. Returns ``draw_step``'s answer:
        ``[p]`` for a player left short of 3 cards (D2), else ``[]``."""
        self.phase = PHASE.DRAW
        self.step_id = ("draw", 0)
        if self.t:
            self.log(K.PHASE, "D1", ("round.next-draw", None))
        return draw_step(self, self.names.index(result.next_first),
                         [self.names.index(n) for n in result.oracle_draw])

    def resolve_balcony(self) -> None:
        """B1: the Balcony cards are revealed and resolved one by one, in the order played."""
        self.phase = PHASE.BALCONY
        if any(e.card.name == "Bishop" for e in self.board.balcony):
            # only a Bishop replays (an Elder copying a Bishop implies Bishop mode, P6)
            self._snap = self.board.snapshot()
        for i in range(len(self.board.balcony)):
            self.step_id = ("b", i)
            self.resolve_entry(i)

    # ---------------------------------------------------------------- Phase 1
    def phase1(self) -> None:
        self.phase = PHASE.PHASE1
        if self.t:
            self.log(K.PHASE, "P1", ("round.phase1", {"first": self.names[self.first]}))
        for k in range(self.n):
            self.play_into_garden((self.first + k) % self.n)

    def play_into_garden(self, p: int) -> None:
        """P1: player ``p`` plays a card at the end of the Garden queue; its entry effect
        (M4 Courtisan and Aristocrat, X3 Bard, X4 Scribe) applies at once."""
        pl = self.players[p]
        self.step_id = ("p1", p)
        if not pl.hand:
            raise DecisionError(Request(D.GARDEN, pl.name, None, "garden", pl.name, []),
                                text("round-error.no-garden-card", player=repr(pl.name)))
        card = self.take_written(D.GARDEN, pl)
        if card is None:
            name = self.ask(D.GARDEN, p, None, "garden", p, distinct(pl.hand_names()))
            card = pl.take_from_hand(name)
        else:
            name = card.name
        i = self.board.play_into_garden(p, card)
        self.dirty = True
        if self.t:
            self.shown.append(card.prestige)
            self.log(K.PLAY, "P1", ("round.play", {"position": i + 1}), actor=pl.name, card=name,
                     after=card.prestige,
                     see=["X1"] if name in ("Elder", "Oracle") else None)
        effect = _effects.ENTRY_EFFECTS.get(name)
        if effect is not None:
            effect.apply(self, p, i)
        if self.dirty:
            self.sync("M4", p, name)

    # ---------------------------------------------------------------- Phase 2
    def phase2(self) -> None:
        """P2: the order; P3: the Litter; P6: Bishop mode; then each player's turn."""
        self.phase = PHASE.PHASE2
        garden = self.board.garden
        vals = self.values()
        best = 0
        for i, v in enumerate(vals):
            if v > vals[best]:
                best = i  # the earliest of the highest (P2)
        top = garden[best].owner
        order, oracles = self.phase2_order(top)
        self.order = order
        self.oracle_players = frozenset(oracles)
        self.litter = order[0]
        self.bishop_mode = any(s.card.name == "Bishop" for s in garden)
        if self.t:
            names = self.names
            self.log(K.ORDER, "P2", ("round.order-oracles" if oracles else "round.order",
                                     {"value": vals[best], "order": Join([names[p] for p in order])}),
                     actor=names[top], card=garden[best].card.name,
                     see=["X6"] if oracles else None)
            self.log(K.LITTER, "P3", ("round.litter", None), actor=names[order[0]])
            if self.bishop_mode:
                self.log(K.MODE, "P6", ("round.bishop-mode", None))
        if self.bishop_mode:
            self._snap = self.board.snapshot()
        for k, p in enumerate(order):
            self.step_id = ("p2", k)
            self.phase2_turn(k, p)

    def garden_card(self, p: int) -> Card | None:
        b = self.board
        return b.garden[b.slot_of[p]].card if b.slot_of[p] >= 0 else None

    def replay_turn(self, k: int, p: int) -> None:
        """B14: Phase-2 turn ``k`` again in a Bishop-mode replay (P6). The play first made
        stands: the same action, the same card. When an exchange this replay undoes (a skipped
        Courtisan, B9, or an Elder copying one; a Squire's owner has already played) had put
        that card in the hand from the Garden, the card still leaves the Garden for the
        Balcony (or the discard pile) and the card it was exchanged for stays in the Garden.
        (A pass needs an empty hand, which a replay cannot fill: it stays a pass.)"""
        play = self.plays.get(k)
        if play is not None:
            action, moved, was_garden = play
            hand = self.players[p].hand
            missing = [c for c in moved if not any(c is h for h in hand)]
            if missing:
                self.bring_back(p, missing, was_garden, action)
        # the same play: the choices first made are legal again (a hand changes in Phase 2 only
        # by its owner's own play or by an exchange, which bring_back has made again)
        self.phase2_turn(k, p)

    def bring_back(self, p: int, missing: list[Card], was_garden: Card | None,
                   action: str) -> None:
        """B14: the card ``p`` played (``action``: conspire or convoke), back in their Garden
        because this replay undid the exchange that had put it in the hand, is exchanged again
        for ``was_garden`` (their Garden card when they played), with no entry effect and no
        Balcony adjustment (M5)."""
        b = self.board
        i = b.slot_of[p]
        pl = self.players[p]
        if (len(missing) != 1 or i < 0 or b.garden[i].card is not missing[0] or was_garden is None
                or not any(c is was_garden for c in pl.hand)):
            return  # not an undone exchange: the choices already made decide (B10)
        before = self.value(i)
        k = next(j for j, c in enumerate(pl.hand) if c is was_garden)
        pl.hand.insert(0, pl.hand.pop(k))  # that very card (the first of its name) goes in
        b.exchange(p, was_garden.name)
        self.dirty = True
        if self.t:
            after = self.value(i)
            self.shown[i] = after
            said = "balcony.play-stands" if action == "conspire" else "balcony.convoke-stands"
            self.log(K.EXCHANGE, "B14", (said, {"incoming": was_garden.name}),
                     actor=pl.name, card=missing[0].name, target=pl.name,
                     target_card=missing[0].name, before=before, after=after, see=["M5"],
                     incoming=was_garden.name)

    def phase2_order(self, top: int) -> tuple[list[int], list[int]]:
        """P2: from the left of the highest Garden card's owner round the table; X6: Oracle
        owners move to the end, in that order. Returns (order, Oracle owners)."""
        b = self.board
        order = b.seats_from_left_of(top)
        garden, slot_of = b.garden, b.slot_of
        oracles = [p for p in order if garden[slot_of[p]].card.name == "Oracle"]
        if oracles:
            order = [p for p in order if p not in oracles] + oracles
        return order, oracles

    def phase2_turn(self, k: int, p: int) -> None:
        """One Phase-2 turn: P7 an Oracle owner may peek first; then P4 Conspire, P5
        Convoke, or P8 pass when neither is possible."""
        pl = self.players[p]
        if p in self.oracle_players:
            self.oracle_peek(p)
        fast = self._fast
        if pl.hand and fast is not None and not self.replaying and fast(D.ACTION, pl.name) == "conspire":
            # a written Conspire with a card to conspire is legal whatever the Parlor holds:
            # the same answer as ask() below, without working out the Convoke options
            if self._snap is not None:  # only a B10 replay re-uses choices
                self.cache[(self.step_id, D.ACTION)] = "conspire"
            self.conspire(k, p)
            return
        total, affordable, options = self.phase2_options(p)
        if not options:
            if self.t:
                self.log(K.PASS, "P8", ("round.pass-litter-wasted" if p == self.litter
                                        else "round.pass", None), actor=pl.name, see=["P5"])
            return
        action = self.ask(D.ACTION, p, None, "phase2", p, options, context=pl.hand_names())
        if action == "conspire":
            self.conspire(k, p)
        else:
            if self.bishop_mode and not self.replaying:
                self.plays[k] = ("convoke", list(pl.hand), self.garden_card(p))
            self.convoke_action(p, total, affordable)

    def phase2_options(self, p: int) -> tuple[int, list[str], list[str]]:
        """P4, P5: player ``p``'s Convoke total, the Nobles it affords, and the legal actions."""
        pl = self.players[p]
        total = convoke_total(pl.hand, p == self.litter)
        affordable = affordable_nobles(pl.parlor, total)
        options = []
        if pl.hand:
            options.append("conspire")
        if affordable or Variant.CONVOKE_NOTHING in self.variants:
            options.append("convoke")
        return total, affordable, options

    def conspire(self, k: int, p: int) -> None:
        """P4: a card face down on the Balcony; P6: in Bishop mode face up, resolved at once."""
        pl = self.players[p]
        card = self.take_written(D.CONSPIRE, pl)
        if card is None:
            name = self.ask(D.CONSPIRE, p, None, "conspire", p, distinct(pl.hand_names()))
            card = pl.take_from_hand(name)
        else:
            name = card.name
        e = self.board.conspire(p, card, self.bishop_mode, k)
        if self.bishop_mode:
            if not self.replaying:
                self.plays[k] = ("conspire", [card], self.garden_card(p))
            if self.t:
                self.log(K.CONSPIRE, "P6", ("round.face-up-litter-wasted" if p == self.litter
                                            else "round.face-up", {"position": e.index + 1}),
                         actor=pl.name, card=name,
                         see=["P3"] if p == self.litter else None)
            self.resolve_entry(e.index)
        elif self.t:
            self.log(K.CONSPIRE, "P4", ("round.face-down-litter-wasted" if p == self.litter
                                         else "round.face-down", {"position": e.index + 1}),
                     actor=pl.name, see=["P3"] if p == self.litter else None)
            self.log(K.CONSPIRE_SECRET, "P4", ("round.face-down-secret", {"position": e.index + 1}),
                     actor=pl.name,
                     card=name, visible_to=[pl.name])

    def oracle_peek(self, p: int) -> None:
        """P7: the Oracle's owner may look at one face-down Balcony card before acting."""
        b = self.board
        hidden = [self.name(e.owner) for e in b.balcony if not e.revealed]
        if not hidden:
            return
        who = self.ask(D.PEEK, p, "Oracle", "garden", p, hidden, optional=True)
        if who is None:
            if self.t:
                self.log(K.PEEK, "P7", ("round.peek-nothing", None),
                         actor=self.name(p))
            return
        e = b.balcony[b.entry_of[b.index_of(who)]]
        if self.t:
            self.log(K.PEEK, "P7", ("round.peek", None), actor=self.name(p), card="Oracle", target=who)
            self.log(K.PEEK_SECRET, "P7", ("round.peek-secret", None),
                     actor=self.name(p), card="Oracle", target=who,
                     target_card=e.card.name, visible_to=[self.name(p)])

    def convoke_action(self, p: int, total: int, affordable: list[str]) -> None:
        """P5: discard the whole hand and take one affordable Noble from the Parlor."""
        pl = self.players[p]
        discarded = self.board.discard_hand(p)
        if not affordable:
            if self.t:
                self.log(K.CONVOKE, "P5", ("round.convoke-nothing", {
                    "discarded": Join(discarded, empty="list.nothing"),
                    "sum": convoke_sum_message(discarded, p == self.litter)}), actor=pl.name)
            return
        take = self.ask(D.TAKE, p, None, "convoke", p, affordable,
                        prompt=text("request.take-litter" if p == self.litter else "request.take",
                                    total=total))
        if self.t:
            self.log(K.CONVOKE, "P5", ("round.convoke", {
                "discarded": Join(discarded, empty="list.nothing"),
                "sum": convoke_sum_message(discarded, p == self.litter)}), actor=pl.name, card=take)
        self.convoke_noble(p, take, "P5", quiet=True)

    # ---------------------------------------------------------------- Balcony
    def resolve_entry(self, i: int) -> None:
        """B1: reveal Balcony card ``i`` and apply its effect, unless cancelled (B10)."""
        b = self.board
        e = b.balcony[i]
        p = e.owner
        if e.card.name == "Servant":
            self.dirty = True  # its pair in the Garden may now be 11 (M4)
        if not e.revealed:  # B1 (the procedure's own write: its Balcony card's state)
            e.revealed = True
            if self.t:
                self.log(K.REVEAL, "B1", ("balcony.reveal", {"position": i + 1}), actor=self.names[p],
                         card=e.card.name)
        if i in b.cancels.now:
            if self.t:
                owner, bishop = b.cancels.canceller(i)
                self.log(K.CANCELLED, "B10", ("balcony.cancelled", None),
                         actor=self.name(owner), card=bishop,
                         target=self.name(p), target_card=e.card.name)
            if self.dirty:
                self.sync("M4", p, e.card.name)
            return
        _effects.BALCONY_EFFECTS[e.card.name].apply(self, e, e.card.name)
        e.applied = True  # B10: resolved, until a replay undoes it
        if self.dirty:
            self.sync("M4", p, e.card.name)

    def replay(self, upto: int, bishop: Entry, restored: tuple[str, str] | None = None) -> None:
        """B10: restore the Balcony's starting position and resolve again up to step ``upto``.

        ``restored``: (owner, card) of a card this pass skipped as cancelled that ``bishop``'s
        cancellation restored (B13); otherwise the cancelled card had already resolved.

        Why it ends: a replay starts only right after a new cancellation (the Bishop handler,
        B10 and B13). Outside a replay each Balcony step (Phase-2 turn in Bishop mode) is taken
        once and makes at most one; inside a replay a Bishop that has already cancelled only
        stands, so a replay adds a cancellation only from a Balcony card that had made none
        (at most one per card, and a round has at most one card per player). So a round makes
        at most two cancellations per player, and as many replays; past that something broke
        this argument, and the round stops with an error instead of running on."""
        self.replays += 1
        if self.replays > 2 * len(self.players):
            raise RuntimeError(f"B10: {self.replays} Balcony replays in one round of "  # i18n: developer
                               f"{len(self.players)} players; at most {2 * len(self.players)} "
                               "can happen (two cancellations per player)")
        actor, card = self.name(bishop.owner), bishop.card.name
        if self.t:
            if restored is None:
                self.log(K.REPLAY, "B10", ("balcony.replay", None), actor=actor, card=card)
            else:
                self.log(K.REPLAY, "B10", ("balcony.replay-restored", None), actor=actor, card=card,
                         target=restored[0], target_card=restored[1], see=["B13"])
        assert self._snap is not None, "a replay needs the Balcony's starting position"  # i18n: developer
        self.board.restore(self._snap)
        self.dirty = True
        self.replaying += 1
        if self.t:
            self.dirty = False
            for i, v in enumerate(self.values()):
                if v != self.shown[i]:
                    slot = self.board.garden[i]
                    self.log(K.PRESTIGE, "B10", ("balcony.undone", None), actor=actor, card=card,
                             target=self.name(slot.owner), target_card=slot.card.name,
                             before=self.shown[i], after=v, see=["M3"], change=f"={v}")
                    self.shown[i] = v
        saved = self.step_id
        try:
            for j in range(upto + 1):
                if self.bishop_mode:
                    self.step_id = ("p2", j)
                    self.replay_turn(j, self.order[j])  # B14: the plays stand
                else:
                    self.step_id = ("b", j)
                    self.resolve_entry(j)
        finally:
            self.replaying -= 1
            self.step_id = saved

    # ------------------------------------------------------ shared mechanics
    def convoke_noble(self, p: int, name: str | None, rule: str, quiet: bool = False,
                      by: tuple[int, str, str | None] | None = None) -> str | None:
        """Move a Noble from the Parlor to the discard pile (``None``: the cheapest); ``by``
        is the card whose text made the free Convoke: (owner, card, the card an Elder
        copies or None)."""
        pl = self.players[p]
        copied = None if by is None else by[2]
        by_fields = {} if by is None else {"by_owner": self.names[by[0]], "by_card": by[1],
                                            "copied": copied}
        if not pl.parlor:
            if self.t:
                self.log(K.CONVOKE, rule, ("convoke.empty" if copied is None
                                           else "convoke.empty-copying", by_fields), actor=pl.name)
            return None
        if name is None:
            card = min(pl.parlor, key=lambda c: c.prestige)
        else:
            found = next((c for c in pl.parlor if c.name == name), None)
            if found is None:
                if self.t:
                    self.log(K.CONVOKE, rule, ("convoke.missing", {**by_fields, "noble": name}),
                             actor=pl.name)
                return None
            card = found
        emptied = self.board.convoke(p, card)
        if not quiet and self.t:
            # only a Rogue's text (cheapest) is copied by an Elder (X5)
            said = ("convoke.free" if name is not None else "convoke.free-cheapest"
                    if copied is None else "convoke.free-cheapest-copying")
            self.log(K.CONVOKE, rule, (said, by_fields), actor=pl.name, card=card.name, see=["B12"])
        if emptied and self.t:
            self.log(K.PARLOR_EMPTY, "E3", ("convoke.parlor-empty", None), actor=pl.name,
                     see=None if rule == "P5" else ["B12"])
        return card.name

    def exchange(self, p: int, hand_name: str, rule: str, source: int, source_card: str) -> None:
        """M5: swap player ``p``'s Garden card for a card of their hand, made by player
        ``source``'s ``source_card`` (a Squire, a Courtisan, or an Elder copying one)."""
        b = self.board
        i = b.slot_of[p]
        before = self.value(i)
        old = b.exchange(p, hand_name)
        self.dirty = True
        after = self.value(i)
        if self.t:
            self.shown[i] = after
            self.log(K.EXCHANGE, rule, ("balcony.exchange", None), actor=self.name(source),
                     card=source_card, target=self.name(p), target_card=old.card.name,
                     before=before, after=after, see=["M5", "M4"], incoming=hand_name)

    def adjust(self, p: int, op: Op, n: int, rule: str, source: int, source_card: str,
               message: str | None = None, fields: dict[str, Any] | None = None,
               see: Sequence[str] = ("M3",)) -> None:
        """Add a Balcony ledger entry (M3) to player ``p``'s Garden card and trace it: made by
        player ``source``'s ``source_card``; ``message`` is the sentence's catalog ID (default
        by operation: ``balcony.add``, ``balcony.multiply``, ``balcony.set``), its fields ``n``
        and ``fields``."""
        b = self.board
        i = b.slot_of[p]
        before = self.value(i) if self.t else 0
        slot = b.add_ledger(p, op, n)
        if self.t:
            after = self.value(i)
            self.shown[i] = after
            said = message or ADJUST_MESSAGE[op]
            self.log(K.PRESTIGE, rule, (said, {"n": n, **fields} if fields else {"n": n}),
                     actor=self.name(source), card=source_card, target=self.name(p),
                     target_card=slot.card.name,
                     before=before, after=after, see=list(see), change=CHANGE_FORMAT[op].format(n))

    def sync(self, rule: str, trigger: int | None = None, trigger_card: str | None = None) -> None:
        """Trace every Prestige that changed by a continuous effect since it was last shown;
        ``trigger``'s ``trigger_card`` is the card whose arrival, reveal or effect moved it."""
        if not self.t or not self.dirty:
            return
        self.dirty = False
        shown = self.shown
        live = self.live
        continuous = self._continuous
        garden, balcony = self.board.garden, self.board.balcony
        for i, slot in enumerate(garden):
            # only the Garden rules that move by themselves (M4); every other change
            # (ledger, mark, entry bonus, exchange, replay) is traced where it happens
            if slot.marked or slot.card.name not in continuous:
                continue
            v = prestige(garden, i, balcony, live)
            if v != shown[i]:
                self.log(K.PRESTIGE, rule,
                         ("balcony.continuous", {"why": garden_reason(garden, i, balcony, live)}),
                         actor=None if trigger is None else self.name(trigger), card=trigger_card,
                         target=self.name(slot.owner), target_card=slot.card.name,
                         before=shown[i], after=v, change=f"{v - shown[i]:+d}")
                shown[i] = v


#: The sentence of a Balcony ledger entry by default, by operation (M3)
ADJUST_MESSAGE = {Op.ADD: "balcony.add", Op.MULTIPLY: "balcony.multiply", Op.SET: "balcony.set"}


def convoke_total(hand: list[Card], litter: bool) -> int:
    """P5 + P3: the Convoke total of discarding this hand (:func:`cards.convoke_total`,
    over the cards themselves)."""
    total = LITTER_BONUS if litter else 0
    for c in hand:
        total += CONVOKE_VALUE[c.name]
    return total


def affordable_nobles(parlor: list[Card], total: int) -> list[str]:
    """P5: the Parlor Nobles a Convoke total can take, cheapest first."""
    affordable = [c.name for c in parlor if c.prestige <= total]
    if len(affordable) > 1:
        affordable.sort(key=PRESTIGE_ORDER.__getitem__)
    return affordable


def _show(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)
