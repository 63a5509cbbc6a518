"""The Score step, as named steps a reader can follow rule by rule: winners (S1, B3, M2),
what scores (S1, S2, B4, B5, S4, X4), exile (X2, X7), card movement (S3), the end of the
game (E1, E3, X2) and who starts next (M2)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from . import decisions as D
from .messages import Join, Msg
from .prestige import garden_value, ledger_message
from .result import RoundResult, Standings
from .rulings import EndReason
from .state import distinct
from .trace import PHASE, K

if TYPE_CHECKING:
    from .board import Procedure
    from .state import Card, Entry, Slot
    from .trace import TraceEvent

Owned = tuple[int, "Card"]  # (player index, card)


class Winners(NamedTuple):
    lowest_wins: bool                  # B3: odd Jester votes
    value: int                         # the winning Prestige
    slots: tuple[int, ...]             # S1: every tied card wins
    player: int                        # M2: the owner of the earliest winning card


class End(NamedTuple):
    reason: str | None                 # E1 "aristocrat-scored", X2 "aristocrat-worst", E3 "parlor-empty"
    final_round_next: bool             # E3: a Parlor emptied, one more round


class Scored:
    """The cards that score this round, each once, in the order found (S2)."""

    def __init__(self, r: Procedure) -> None:
        self._r = r
        self.cards: list[Owned] = []
        self._ids: set[int] = set()

    def __contains__(self, card: Card) -> bool:
        return id(card) in self._ids

    def add(self, player: int, card: Card, rule: str, why: str,
            fields: dict[str, Any] | None = None) -> None:
        """``why``: the catalog ID of the sentence saying why the card scores."""
        if id(card) in self._ids:
            return
        self._ids.add(id(card))
        self.cards.append((player, card))
        r = self._r
        if r.t:
            r.log(K.SCORE, rule, (why, fields), actor=r.names[player], card=card.name,
                  see=None if rule == "S2" else ["S2"])


def score_round(r: Procedure) -> RoundResult:
    r.phase = PHASE.SCORE
    values = r.values()
    won = _winners(r, values)                                    # S1, B3, M2
    scored = Scored(r)
    garden = _score_winning_cards(r, won, scored)                # S1, S2 Servant pair, B4, S4
    garden += _score_knights(r, won, values, scored)             # S2 Knight "anyway"
    _score_merchants(r, scored)                                  # B5
    _apply_scoring_texts(r, garden, scored)                      # B6 Rogue, S2 Damsel, X4 Scribe
    exiled: list[Owned] = []
    aristocrat_worst = False
    if r.expansion:
        aristocrat_worst = _exile(r, won, values, scored, exiled)  # X2, X7
        _score_scribes(r, exiled, scored)                          # X4
    _move_cards(r, scored, exiled)                               # S3
    end = _end_of_game(r, won, scored, aristocrat_worst)         # E1, E3, X2, M2
    return _result(r, won, values, scored, exiled, end)


def _winners(r: Procedure, values: list[int]) -> Winners:
    """S1: the best Prestige wins, every tied card with it; B3: odd Jester votes make it the
    lowest; M2: the owner of the earliest winning card in the queue is the round's winner."""
    lowest = r.board.rec.jester % 2 == 1
    best = min(values) if lowest else max(values)
    slots = tuple(i for i, v in enumerate(values) if v == best)
    won = Winners(lowest, best, slots, r.board.garden[slots[0]].owner)
    if r.t:
        names = r.names
        b = r.board
        r.log(K.FINAL, "M3", (_final_text, (list(b.garden), list(b.balcony), r.live, names,
                                                     values)), see=["M4"])
        r.log(K.WINNERS, "S1", (_winners_text, (lowest, best, tuple(
            (names[b.garden[i].owner], b.garden[i].card.name) for i in slots))),
              actor=names[won.player])
    return won


def _score_winning_cards(r: Procedure, won: Winners, scored: Scored) -> list[int]:
    """S1: every winning Garden card scores; S2: with a Balcony Servant pairing a winning
    Servant. B4: the winner's Balcony Damsel scores instead of the winning card (and
    Convokes the Knight); S4: only *the* winner's Damsel counts. Returns the Garden slots
    that scored."""
    winner = won.player
    damsels = [i for i in r.board.rec.damsel if r.board.balcony[i].owner == winner]
    garden_scored: list[int] = []
    for i in won.slots:
        slot = r.board.garden[i]
        p = slot.owner
        if p == winner and damsels:
            _damsel_scores_instead(r, won, i, damsels[0], scored)
            continue
        if r.t and p != winner and any(r.board.balcony[x].owner == p for x in r.board.rec.damsel):
            r.log(K.SCORE, "S4", ("score.damsel-tied", {"winner": r.name(winner)}),
                  actor=r.name(p), card=slot.card.name, see=["B4"])
        scored.add(p, slot.card, "S1", "score.winning", {"value": won.value})
        garden_scored.append(i)
        e = r.board.entry_of[p]
        if slot.card.name == "Servant" and e >= 0 and r.board.balcony[e].card.name == "Servant":
            scored.add(p, r.board.balcony[e].card, "S2", "score.servant-pair")
    return garden_scored


def _damsel_scores_instead(r: Procedure, won: Winners, i: int, entry: int, scored: Scored) -> None:
    """B4: the winner won with a Damsel on the Balcony: the Damsel scores, the winning card
    does not, and its owner Convokes the Knight."""
    slot = r.board.garden[i]
    p = slot.owner
    d = r.board.balcony[entry]
    if r.t:
        r.log(K.SCORE, "B4", ("score.damsel-won", None), actor=r.name(p), card=slot.card.name,
              see=["S4"] if len(won.slots) > 1 else None)
    scored.add(p, d.card, "B4", "score.damsel-elder" if d.card.name == "Elder" else "score.damsel")
    r.convoke_noble(p, "Knight", "B4", by=(p, d.card.name, None))


def _score_knights(r: Procedure, won: Winners, values: list[int], scored: Scored) -> list[int]:
    """S2: a Garden Knight that lost by 3 or less scores anyway (counted towards the lowest
    under the Jester, B3); it makes no winner. Returns the Garden slots that scored."""
    garden_scored: list[int] = []
    for i, v in enumerate(values):
        slot = r.board.garden[i]
        if i not in won.slots and slot.card.name == "Knight" and abs(won.value - v) <= 3:
            scored.add(slot.owner, slot.card, "S2", "score.knight-jester" if won.lowest_wins
                       else "score.knight", {"by": abs(won.value - v)})
            garden_scored.append(i)
    return garden_scored


def _score_merchants(r: Procedure, scored: Scored) -> None:
    """B5: a Balcony Merchant scores with the Garden card it doubled, if that card scored."""
    for ei, card in r.board.rec.merchant:
        if card in scored:
            m = r.board.balcony[ei]
            scored.add(m.owner, m.card, "B5", "score.merchant", {"doubled": card.name})


def _apply_scoring_texts(r: Procedure, garden_scored: list[int], scored: Scored) -> None:
    """What a Garden card does when it scores: B6 a Rogue Convokes your cheapest Noble (M6);
    S2 a Damsel Convokes the Knight; X4 a Scribe may score a Peasant from hand with it."""
    for i in garden_scored:
        slot = r.board.garden[i]
        name = slot.card.name
        if name == "Rogue":
            if r.t:
                r.log(K.SCORE, "S2", ("score.rogue-scored", None),
                      actor=r.name(slot.owner), card=name, see=["M6"])
            r.convoke_noble(slot.owner, None, "B6", by=(slot.owner, name, None))
        elif name == "Damsel":
            if r.t:
                r.log(K.SCORE, "S2", ("score.damsel-scored", None), actor=r.name(slot.owner), card=name)
            r.convoke_noble(slot.owner, "Knight", "S2", by=(slot.owner, name, None))
        elif name == "Scribe":
            _scribe_scores_a_peasant(r, i, scored)


def _scribe_scores_a_peasant(r: Procedure, i: int, scored: Scored) -> None:
    """X4: a scoring Garden Scribe lets its owner score a Peasant from hand (optional)."""
    slot = r.board.garden[i]
    pl = r.players[slot.owner]
    peasants = [c.name for c in pl.hand if not c.noble]
    if not peasants:
        return
    r.step_id = ("score", i)
    extra = r.ask(D.ALSO_SCORE, slot.owner, "Scribe", "garden", slot.owner, distinct(peasants),
                  optional=True)
    if extra is not None:
        scored.add(slot.owner, r.board.take_from_hand(slot.owner, extra), "X4", "score.scribe-peasant")
    elif r.t:
        r.log(K.SCORE, "X4", ("score.no-peasant", None), actor=pl.name)


def _exile(r: Procedure, won: Winners, values: list[int], scored: Scored, exiled: list[Owned]) -> bool:
    """X2: the worst Prestige (the highest under the Jester) is exiled, every tied card with
    it, unless all are tied; X7: a worst card that scored is not exiled and nothing replaces
    it; an Aristocrat is never exiled and ends the game. Returns True if an Aristocrat was
    worst."""
    r.phase = PHASE.EXILE
    lowest = won.lowest_wins
    worst = max(values) if lowest else min(values)
    if all(v == worst for v in values):
        if r.t:
            r.log(K.EXILE, "X2", ("exile.all-tied", {"value": worst}))
        return False
    aristocrat = False
    for i, v in enumerate(values):
        if v != worst:
            continue
        slot = r.board.garden[i]
        if slot.card in scored:
            if r.t:
                r.log(K.EXILE, "X7", ("exile.scored", {"value": v}),
                      actor=r.name(slot.owner), card=slot.card.name, see=["X2"])
        elif slot.card.name == "Aristocrat":
            aristocrat = True
            if r.t:
                r.log(K.EXILE, "X2", ("exile.aristocrat", {"value": v}),
                      actor=r.name(slot.owner), card="Aristocrat")
        else:
            exiled.append((slot.owner, slot.card))
            if r.t:
                r.log(K.EXILE, "X2", ("exile.exiled-jester" if lowest else "exile.exiled",
                                      {"value": v}), actor=r.name(slot.owner), card=slot.card.name)
    return aristocrat


def _score_scribes(r: Procedure, exiled: list[Owned], scored: Scored) -> None:
    """X4: a Balcony Scribe scores if the Garden card it hit was exiled."""
    exiled_ids = {id(c) for _, c in exiled}
    r.phase = PHASE.SCORE
    for ei, card in r.board.rec.scribe:
        if id(card) in exiled_ids:
            s = r.board.balcony[ei]
            scored.add(s.owner, s.card, "X4", "score.scribe-exiled", {"hit": card.name})


def _move_cards(r: Procedure, scored: Scored, exiled: list[Owned]) -> None:
    """S3: scoring cards to the scored area, every other Garden and Balcony card to its
    owner's discard pile; X2: an exiled card goes under the Exiled deck and its owner takes
    the top card into hand (X1, D3: from now on an ordinary card)."""
    gone = {id(c) for _, c in scored.cards} | {id(c) for _, c in exiled}
    b = r.board
    for p, card in scored.cards:
        b.score(p, card)
    if exiled:
        r.phase = PHASE.EXILE
    for p, card in exiled:
        pl = r.players[p]
        top = b.exile(p, card)
        if r.t:
            r.log(K.EXILE, "X2", ("exile.takes", {"exiled": card.name}),
                  actor=pl.name, card=top.name, see=["X1", "D3"])
    b.discard_the_rest(gone)
    r.phase = PHASE.SCORE
    if r.t:
        r.log(K.MOVE, "S3", ("score.move", None))


def _end_of_game(r: Procedure, won: Winners, scored: Scored, aristocrat_worst: bool) -> End:
    """E1: an Aristocrat scored; X2: an Aristocrat was worst; E3: this was the extra round
    after a Parlor emptied, or a Parlor emptied now (one more round). M2: the winner starts
    the next round, if there is one."""
    reason = None
    if any(c.name == "Aristocrat" for _, c in scored.cards):
        reason = EndReason.ARISTOCRAT_SCORED
        if r.t:
            r.log(K.END, "E1", ("end.aristocrat-scored", None))
    elif aristocrat_worst:
        reason = EndReason.ARISTOCRAT_WORST
    elif r.final_round:
        reason = EndReason.PARLOR_EMPTY
        if r.t:
            r.log(K.END, "E3", ("end.extra-round-done", None))
    if reason is None and r.t:
        emptied = bool(r.board.parlor_emptied)
        r.log(K.END, "E1", (("end.goes-on-expansion-parlor" if emptied else "end.goes-on-expansion")
                            if r.expansion else "end.goes-on-parlor" if emptied else "end.goes-on",
                            None))
    final_next = bool(r.board.parlor_emptied) and not r.final_round and reason is None
    if final_next and r.t:
        r.log(K.END, "E3", ("end.one-more-round", None))
    if r.t:
        r.log(K.NEXT, "M2", ("end.next" if reason is None else "end.no-next", None),
              actor=r.names[won.player])
    return End(reason, final_next)


def _result(r: Procedure, won: Winners, values: list[int], scored: Scored, exiled: list[Owned],
            end: End) -> RoundResult:
    """The round's outcome, by player name (the `resolve --json` contract)."""
    names = r.names
    cancelled = r.board.cancels.now
    by_player: dict[str, list[str]] = {n: [] for n in names}
    for p, c in scored.cards:
        by_player[names[p]].append(c.name)
    ex: dict[str, list[str]] = {n: [] for n in names}
    for p, c in exiled:
        ex[names[p]].append(c.name)
    return RoundResult(
        phase2_order=[names[p] for p in r.order],
        litter=names[r.litter],
        balcony=[(names[e.owner], e.card.name, e.index in cancelled) for e in r.board.balcony],
        garden=[(names[s.owner], s.card.name, values[i]) for i, s in enumerate(r.board.garden)],
        lowest_wins=won.lowest_wins,
        winners=[names[r.board.garden[i].owner] for i in won.slots],
        won_cards=[r.board.garden[i].card.name for i in won.slots],
        scored=by_player,
        convoked={names[p]: list(c) for p, c in enumerate(r.board.rec.convoked)},
        exiled=ex,
        next_first=names[won.player],
        game_over=end.reason is not None,
        end_reason=end.reason,
        final_round_next=end.final_round_next,
        oracle_draw=[names[p] for p in r.board.rec.oracle],
        standings=Standings(r.players, r.crowns),
        trace=r.trace,
    )


# ------------------------------------------------------- sentences from facts
def _winners_text(e: TraceEvent, lowest: bool, best: int,
                  cards: tuple[tuple[str, str], ...]) -> tuple[str, dict[str, Any]]:
    """S1, B3, M2: the winning Prestige, the winning cards and the round's winner (actor)."""
    said = (("score.winner-jester" if len(cards) == 1 else "score.winners-tied-jester") if lowest
            else "score.winner" if len(cards) == 1 else "score.winners-tied")
    return said, {"value": best, "cards": Join([Msg("card.owned", {"owner": p, "card": c})
                                                for p, c in cards])}


def _final_text(e: TraceEvent, garden: list[Slot], balcony: list[Entry], live: bool,
                names: list[str], vals: list[int]) -> tuple[str, dict[str, Any]]:
    """M3: every final Prestige, layer by layer (the Garden and Balcony as at the Score step,
    which nothing changes afterwards)."""
    return "score.final", {"cards": Join([_layers(garden, balcony, live, names, i, v)
                                          for i, v in enumerate(vals)], "list.semicolon")}


def _layers(garden: list[Slot], balcony: list[Entry], live: bool, names: list[str], i: int,
            value: int) -> Msg:
    """'Ana's Knight 13 = 5 [Aristocrat mark], +8' — the layers of one final Prestige (M3)."""
    slot = garden[i]
    gv = garden_value(garden, i, balcony, live)
    fields = {"owner": names[slot.owner], "card": slot.card.name, "value": value, "garden": gv,
              "printed": slot.card.prestige}
    if slot.ledger:
        fields["ledger"] = ledger_message(slot.ledger)
        said = ("score.layer-mark-ledger" if slot.marked else "score.layer-ledger"
                if gv == slot.card.prestige else "score.layer-printed-ledger")
    else:
        said = ("score.layer-mark" if slot.marked else "score.layer"
                if gv == slot.card.prestige else "score.layer-printed")
    return Msg(said, fields)
