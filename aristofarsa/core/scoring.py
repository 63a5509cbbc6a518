"""The Score step, as named steps a reader can follow rule by rule: winners (S1, B3, M2),
what scores (S1, S2, B4, B5, S4, X4), exile (X2, X7), card movement (S3), the end of the
game (E1, E3, X2) and who starts next (M2)."""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import decisions as D
from .prestige import garden_value, ledger_text
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

    def add(self, player: int, card: Card, rule: str, why: str) -> None:
        if id(card) in self._ids:
            return
        self._ids.add(id(card))
        self.cards.append((player, card))
        r = self._r
        if r.t:
            r.log(K.SCORE, rule, (_score_text, (why,)), actor=r.names[player], card=card.name,
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
            (names[r.board.garden[i].owner], r.board.garden[i].card.name) for i in slots))),
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
            r.log(K.SCORE, "S4", f"{r.name(p)} has a Damsel on the Balcony and a tied winning card, "
                  f"but the round's winner is {r.name(winner)} (earlier in the queue): "
                  f"{r.name(p)}'s {slot.card.name} scores normally and the Damsel does not.",
                  actor=r.name(p), card=slot.card.name, see=["B4"])
        scored.add(p, slot.card, "S1", f"it has the winning Prestige {won.value}")
        garden_scored.append(i)
        e = r.board.entry_of[p]
        if slot.card.name == "Servant" and e >= 0 and r.board.balcony[e].card.name == "Servant":
            scored.add(p, r.board.balcony[e].card, "S2", "its pair won in the Garden, so both Servants score")
    return garden_scored


def _damsel_scores_instead(r: Procedure, won: Winners, i: int, entry: int, scored: Scored) -> None:
    """B4: the winner won with a Damsel on the Balcony: the Damsel scores, the winning card
    does not, and its owner Convokes the Knight."""
    slot = r.board.garden[i]
    p = slot.owner
    d = r.board.balcony[entry]
    if r.t:
        r.log(K.SCORE, "B4", f"{r.name(p)} won with a Damsel on the Balcony: the winning "
              f"{slot.card.name} does not score.", actor=r.name(p), card=slot.card.name,
              see=["S4"] if len(won.slots) > 1 else None)
    scored.add(p, d.card, "B4", "its owner won, so the Balcony Damsel scores instead"
               + (" (the Elder copied the Damsel)" if d.card.name == "Elder" else ""))
    r.convoke_noble(p, "Knight", "B4", by=r.who(p, d.card))


def _score_knights(r: Procedure, won: Winners, values: list[int], scored: Scored) -> list[int]:
    """S2: a Garden Knight that lost by 3 or less scores anyway (counted towards the lowest
    under the Jester, B3); it makes no winner. Returns the Garden slots that scored."""
    garden_scored: list[int] = []
    for i, v in enumerate(values):
        slot = r.board.garden[i]
        if i not in won.slots and slot.card.name == "Knight" and abs(won.value - v) <= 3:
            scored.add(slot.owner, slot.card, "S2", f"it lost by {abs(won.value - v)} (3 or less"
                       + (", counted towards the lowest under the Jester, B3" if won.lowest_wins else "")
                       + "), so it scores anyway (no winner is made)")
            garden_scored.append(i)
    return garden_scored


def _score_merchants(r: Procedure, scored: Scored) -> None:
    """B5: a Balcony Merchant scores with the Garden card it doubled, if that card scored."""
    for ei, card in r.board.rec.merchant:
        if card in scored:
            m = r.board.balcony[ei]
            scored.add(m.owner, m.card, "B5", f"the {card.name} it doubled scored")


def _apply_scoring_texts(r: Procedure, garden_scored: list[int], scored: Scored) -> None:
    """What a Garden card does when it scores: B6 a Rogue Convokes your cheapest Noble (M6);
    S2 a Damsel Convokes the Knight; X4 a Scribe may score a Peasant from hand with it."""
    for i in garden_scored:
        slot = r.board.garden[i]
        name = slot.card.name
        if name == "Rogue":
            if r.t:
                r.log(K.SCORE, "S2", f"{r.who(slot.owner, slot.card)} scored: its Balcony effect "
                      "happens (B6).", actor=r.name(slot.owner), card=name, see=["M6"])
            r.convoke_noble(slot.owner, None, "B6", by=r.who(slot.owner, slot.card))
        elif name == "Damsel":
            if r.t:
                r.log(K.SCORE, "S2", f"{r.who(slot.owner, slot.card)} scored: its owner Convokes the "
                      "Knight.", actor=r.name(slot.owner), card=name)
            r.convoke_noble(slot.owner, "Knight", "S2", by=r.who(slot.owner, slot.card))
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
        scored.add(slot.owner, r.board.take_from_hand(slot.owner, extra), "X4", "the Garden "
                   "Scribe scored, and a Peasant from hand may score with it (its own texts do "
                   "nothing)")
    elif r.t:
        r.log(K.SCORE, "X4", f"{pl.name} scores no Peasant from hand with the Scribe.", actor=pl.name)


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
            r.log(K.EXILE, "X2", f"Every Garden card is tied at {worst}: nobody exiles.")
        return False
    aristocrat = False
    for i, v in enumerate(values):
        if v != worst:
            continue
        slot = r.board.garden[i]
        if slot.card in scored:
            if r.t:
                r.log(K.EXILE, "X7", f"{r.who(slot.owner, slot.card)} has the worst Prestige ({v}) "
                      "but scored: it is not exiled, and no other card is exiled in its place.",
                      actor=r.name(slot.owner), card=slot.card.name, see=["X2"])
        elif slot.card.name == "Aristocrat":
            aristocrat = True
            if r.t:
                r.log(K.EXILE, "X2", f"{r.who(slot.owner, slot.card)} has the worst Prestige ({v}): "
                      "an Aristocrat is never exiled, and the game ends after this round.",
                      actor=r.name(slot.owner), card="Aristocrat")
        else:
            exiled.append((slot.owner, slot.card))
            if r.t:
                r.log(K.EXILE, "X2", f"{r.who(slot.owner, slot.card)} has the worst Prestige "
                      f"({v}{', highest under the Jester' if lowest else ''}): it is exiled.",
                      actor=r.name(slot.owner), card=slot.card.name)
    return aristocrat


def _score_scribes(r: Procedure, exiled: list[Owned], scored: Scored) -> None:
    """X4: a Balcony Scribe scores if the Garden card it hit was exiled."""
    exiled_ids = {id(c) for _, c in exiled}
    r.phase = PHASE.SCORE
    for ei, card in r.board.rec.scribe:
        if id(card) in exiled_ids:
            s = r.board.balcony[ei]
            scored.add(s.owner, s.card, "X4", f"the {card.name} it hit was exiled")


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
            r.log(K.EXILE, "X2", f"{pl.name} puts the {card.name} at the bottom of the Exiled deck "
                  f"and takes the top card, {top.name}, into hand (from now on an ordinary card).",
                  actor=pl.name, card=top.name, see=["X1", "D3"])
    b.discard_the_rest(gone)
    r.phase = PHASE.SCORE
    if r.t:
        r.log(K.MOVE, "S3", "Scoring cards go to their owners' scored areas; every other Garden and "
              "Balcony card goes to its owner's discard pile; hands keep their cards.")


def _end_of_game(r: Procedure, won: Winners, scored: Scored, aristocrat_worst: bool) -> End:
    """E1: an Aristocrat scored; X2: an Aristocrat was worst; E3: this was the extra round
    after a Parlor emptied, or a Parlor emptied now (one more round). M2: the winner starts
    the next round, if there is one."""
    reason = None
    if any(c.name == "Aristocrat" for _, c in scored.cards):
        reason = EndReason.ARISTOCRAT_SCORED
        if r.t:
            r.log(K.END, "E1", "An Aristocrat scored: the game ends when this round is done.")
    elif aristocrat_worst:
        reason = EndReason.ARISTOCRAT_WORST
    elif r.final_round:
        reason = EndReason.PARLOR_EMPTY
        if r.t:
            r.log(K.END, "E3", "This was the extra round after a Parlor emptied: the game ends.")
    if reason is None and r.t:
        r.log(K.END, "E1", "No Aristocrat scored" + (", none was worst" if r.expansion else "")
              + (": the game goes on." if not r.board.parlor_emptied else "."))
    final_next = bool(r.board.parlor_emptied) and not r.final_round and reason is None
    if final_next and r.t:
        r.log(K.END, "E3", "A Parlor became empty this round: exactly one more round is played, "
              "then the game ends.")
    if r.t:
        r.log(K.NEXT, "M2", (_next_text, (reason is None,)), actor=r.names[won.player])
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
def _next_text(e: TraceEvent, goes_on: bool) -> str:
    """M2: the round's winner starts the next round, if there is one."""
    if goes_on:
        return f"{e.actor} starts the next round."
    return f"{e.actor} won the round; the game is over, so no next round starts."


def _score_text(e: TraceEvent, why: str) -> str:
    """S1, S2, B4, B5, X4: a card scores, and why."""
    return f"{e.actor}'s {e.card} scores: {why}."


def _winners_text(e: TraceEvent, lowest: bool, best: int, cards: tuple[tuple[str, str], ...]) -> str:
    """S1, B3, M2: the winning Prestige, the winning cards and the round's winner (actor)."""
    return (("The Jester votes are odd: the LOWEST Prestige wins. " if lowest else "")
            + f"Winning Prestige {best}: " + ", ".join(f"{p}'s {c}" for p, c in cards)
            + (". " if len(cards) == 1 else " (tied: every tied card wins). ")
            + f"{e.actor} is the round's winner (M2).")


def _final_text(e: TraceEvent, garden: list[Slot], balcony: list[Entry], live: bool,
                names: list[str], vals: list[int]) -> str:
    """M3: every final Prestige, layer by layer (the Garden and Balcony as at the Score step,
    which nothing changes afterwards)."""
    return ("Final Prestige (Garden value, then the Balcony adjustments in order): "
            + "; ".join(_layers(garden, balcony, live, names, i, v) for i, v in enumerate(vals)) + ".")


def _layers(garden: list[Slot], balcony: list[Entry], live: bool, names: list[str], i: int,
            value: int) -> str:
    """'Ana's Knight 13 = 5 [Aristocrat mark], +8' — the layers of one final Prestige (M3)."""
    slot = garden[i]
    gv = garden_value(garden, i, balcony, live)
    why = " [Aristocrat mark]" if slot.marked else ("" if gv == slot.card.prestige else
                                                     f" [printed {slot.card.prestige}, M4]")
    tail = f", {ledger_text(slot.ledger)}" if slot.ledger else ""
    return f"{names[slot.owner]}'s {slot.card.name} {value} = {gv}{why}{tail}"
