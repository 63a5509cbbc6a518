"""The Score step: winners (S1), what scores (S2, B4, B5, X4), exile (X2), card movement
(S3), next starter (M2) and whether the game ends (E1, E3, X2)."""
from __future__ import annotations

from . import decisions as D
from .prestige import garden_value, ledger_text
from .result import RoundResult, Standings
from .state import Card, distinct


def score_round(r) -> RoundResult:
    r.phase = "score"
    vals = r.values()
    lowest = r.rec.jester % 2 == 1
    best = min(vals) if lowest else max(vals)
    winning = [i for i, v in enumerate(vals) if v == best]
    winner = r.garden[winning[0]].owner
    if r.t:
        r.log("final", "M3", (_final_text, (list(r.garden), list(r.balcony), r.live, r.names, vals)),
              see=["M4"])
        names = r.names
        r.log("winners", "S1", (_winners_text, (lowest, best, tuple(
            (names[r.garden[i].owner], r.garden[i].card.name) for i in winning))),
              actor=names[winner])

    scored: list[tuple[int, Card]] = []  # (player, card) in the order they were found
    scored_ids: set[int] = set()

    def add(p, card, rule, why):
        if id(card) in scored_ids:
            return
        scored_ids.add(id(card))
        scored.append((p, card))
        if r.t:
            r.log("score", rule, (_score_text, (why,)), actor=r.names[p], card=card.name,
                  see=None if rule == "S2" else ["S2"])

    damsels = [i for i in r.rec.damsel if r.balcony[i].owner == winner]
    garden_scored: list[int] = []
    for i in winning:
        slot = r.garden[i]
        p = slot.owner
        if p == winner and damsels:
            d = r.balcony[damsels[0]]
            if r.t:
                r.log("score", "B4", f"{r.name(p)} won with a Damsel on the Balcony: the winning "
                      f"{slot.card.name} does not score.", actor=r.name(p), card=slot.card.name,
                      see=["S4"] if len(winning) > 1 else None)
            add(p, d.card, "B4", "its owner won, so the Balcony Damsel scores instead"
                + (" (the Elder copied the Damsel)" if d.card.name == "Elder" else ""))
            r.convoke_noble(p, "Knight", "B4", by=r.who(p, d.card))
            continue
        if r.t and p != winner and any(r.balcony[x].owner == p for x in r.rec.damsel):
            r.log("score", "S4", f"{r.name(p)} has a Damsel on the Balcony and a tied winning card, "
                  f"but the round's winner is {r.name(winner)} (earlier in the queue): "
                  f"{r.name(p)}'s {slot.card.name} scores normally and the Damsel does not.",
                  actor=r.name(p), card=slot.card.name, see=["B4"])
        add(p, slot.card, "S1", f"it has the winning Prestige {best}")
        garden_scored.append(i)
        e = r.entry_of[p]
        if slot.card.name == "Servant" and e >= 0 and r.balcony[e].card.name == "Servant":
            add(p, r.balcony[e].card, "S2", "its pair won in the Garden, so both Servants score")
    for i, v in enumerate(vals):
        slot = r.garden[i]
        if i not in winning and slot.card.name == "Knight" and abs(best - v) <= 3:
            add(slot.owner, slot.card, "S2", f"it lost by {abs(best - v)} (3 or less"
                + (", counted towards the lowest under the Jester, B3" if lowest else "")
                + "), so it scores anyway (no winner is made)")
            garden_scored.append(i)
    for ei, card in r.rec.merchant:
        if id(card) in scored_ids:
            m = r.balcony[ei]
            add(m.owner, m.card, "B5", f"the {card.name} it doubled scored")
    for i in garden_scored:
        slot = r.garden[i]
        name = slot.card.name
        if name == "Rogue":
            if r.t:
                r.log("score", "S2", f"{r.who(slot.owner, slot.card)} scored: its Balcony effect "
                      "happens (B6).", actor=r.name(slot.owner), card=name, see=["M6"])
            r.convoke_noble(slot.owner, None, "B6", by=r.who(slot.owner, slot.card))
        elif name == "Damsel":
            if r.t:
                r.log("score", "S2", f"{r.who(slot.owner, slot.card)} scored: its owner Convokes the "
                      "Knight.", actor=r.name(slot.owner), card=name)
            r.convoke_noble(slot.owner, "Knight", "S2", by=r.who(slot.owner, slot.card))
        elif name == "Scribe":
            pl = r.players[slot.owner]
            peasants = [c.name for c in pl.hand if not c.noble]
            if peasants:
                r.step_id = ("score", i)
                extra = r.ask(D.ALSO_SCORE, slot.owner, "Scribe", "garden", slot.owner,
                              distinct(peasants), optional=True)
                if extra is not None:
                    card = pl.take_from_hand(extra)
                    add(slot.owner, card, "X4", "the Garden Scribe scored, and a Peasant from "
                        "hand may score with it (its own texts do nothing)")
                else:
                    if r.t:
                        r.log("score", "X4", f"{pl.name} scores no Peasant from hand with the Scribe.",
                              actor=pl.name)

    exiled: list[tuple[int, Card]] = []
    aristocrat_worst = False
    if r.expansion:
        aristocrat_worst = _exile(r, vals, lowest, scored_ids, exiled)
        exiled_ids = {id(c) for _, c in exiled}
        r.phase = "score"
        for ei, card in r.rec.scribe:
            if id(card) in exiled_ids:
                s = r.balcony[ei]
                add(s.owner, s.card, "X4", f"the {card.name} it hit was exiled")

    _move_cards(r, scored, exiled)

    end_reason = None
    if any(c.name == "Aristocrat" for _, c in scored):
        end_reason = "aristocrat-scored"
        if r.t:
            r.log("end", "E1", "An Aristocrat scored: the game ends when this round is done.")
    elif aristocrat_worst:
        end_reason = "aristocrat-worst"
    elif r.final_round:
        end_reason = "parlor-empty"
        if r.t:
            r.log("end", "E3", "This was the extra round after a Parlor emptied: the game ends.")
    if end_reason is None and r.t:
        r.log("end", "E1", "No Aristocrat scored" + (", none was worst" if r.expansion else "")
              + (": the game goes on." if not r.parlor_emptied else "."))
    final_next = bool(r.parlor_emptied) and not r.final_round and end_reason is None
    if final_next:
        if r.t:
            r.log("end", "E3", "A Parlor became empty this round: exactly one more round is played, "
                  "then the game ends.")
    if r.t:
        if end_reason is None:
            r.log("next", "M2", f"{r.name(winner)} starts the next round.", actor=r.name(winner))
        else:
            r.log("next", "M2", f"{r.name(winner)} won the round; the game is over, so no next "
                  "round starts.", actor=r.name(winner))

    names = [pl.name for pl in r.players]
    by_player: dict[str, list[str]] = {n: [] for n in names}
    for p, c in scored:
        by_player[names[p]].append(c.name)
    ex: dict[str, list[str]] = {n: [] for n in names}
    for p, c in exiled:
        ex[names[p]].append(c.name)
    return RoundResult(
        phase2_order=[names[p] for p in r.order],
        litter=names[r.litter],
        balcony=[(names[e.owner], e.card.name, e.index in r.cancelled) for e in r.balcony],
        garden=[(names[s.owner], s.card.name, vals[i]) for i, s in enumerate(r.garden)],
        lowest_wins=lowest,
        winners=[names[r.garden[i].owner] for i in winning],
        won_cards=[r.garden[i].card.name for i in winning],
        scored=by_player,
        convoked={names[p]: list(c) for p, c in enumerate(r.rec.convoked)},
        exiled=ex,
        next_first=names[winner],
        game_over=end_reason is not None,
        end_reason=end_reason,
        final_round_next=final_next,
        oracle_draw=[names[p] for p in r.rec.oracle],
        standings=Standings(r.players, r.crowns),
        trace=r.trace,
    )


def _exile(r, vals, lowest, scored_ids, exiled) -> bool:
    """X2: the worst Prestige exiles (unless it scored); returns True if an Aristocrat was worst."""
    r.phase = "exile"
    worst = max(vals) if lowest else min(vals)
    if all(v == worst for v in vals):
        if r.t:
            r.log("exile", "X2", f"Every Garden card is tied at {worst}: nobody exiles.")
        return False
    aristocrat = False
    for i, v in enumerate(vals):
        if v != worst:
            continue
        slot = r.garden[i]
        if id(slot.card) in scored_ids:
            if r.t:
                r.log("exile", "X7", f"{r.who(slot.owner, slot.card)} has the worst Prestige ({v}) "
                      "but scored: it is not exiled, and no other card is exiled in its place.",
                      actor=r.name(slot.owner), card=slot.card.name, see=["X2"])
        elif slot.card.name == "Aristocrat":
            aristocrat = True
            if r.t:
                r.log("exile", "X2", f"{r.who(slot.owner, slot.card)} has the worst Prestige ({v}): "
                      "an Aristocrat is never exiled, and the game ends after this round.",
                      actor=r.name(slot.owner), card="Aristocrat")
        else:
            exiled.append((slot.owner, slot.card))
            if r.t:
                r.log("exile", "X2", f"{r.who(slot.owner, slot.card)} has the worst Prestige "
                      f"({v}{', highest under the Jester' if lowest else ''}): it is exiled.",
                      actor=r.name(slot.owner), card=slot.card.name)
    return aristocrat


def _move_cards(r, scored, exiled) -> None:
    """S3: scoring cards to the scored area, exiles to the Exiled deck, the rest discarded."""
    gone = {id(c) for _, c in scored} | {id(c) for _, c in exiled}
    for p, card in scored:
        r.players[p].scored.append(card)
    if exiled:
        r.phase = "exile"
    for p, card in exiled:
        pl = r.players[p]
        pl.exiled.append(card)
        top = pl.exiled.pop(0)
        pl.hand.append(top)
        if r.t:
            r.log("exile", "X2", f"{pl.name} puts the {card.name} at the bottom of the Exiled deck "
                  f"and takes the top card, {top.name}, into hand (from now on an ordinary card).",
              actor=pl.name, card=top.name, see=["X1", "D3"])
    for s in r.garden:
        if id(s.card) not in gone:
            r.players[s.owner].discard.append(s.card)
    for e in r.balcony:
        if id(e.card) not in gone:
            r.players[e.owner].discard.append(e.card)
    r.phase = "score"
    if r.t:
        r.log("move", "S3", "Scoring cards go to their owners' scored areas; every other Garden and "
              "Balcony card goes to its owner's discard pile; hands keep their cards.")


# ------------------------------------------------------- sentences from facts
def _score_text(e, why: str) -> str:
    """S1, S2, B4, B5, X4: a card scores, and why."""
    return f"{e.actor}'s {e.card} scores: {why}."


def _winners_text(e, lowest: bool, best: int, cards: tuple[tuple[str, str], ...]) -> str:
    """S1, B3, M2: the winning Prestige, the winning cards and the round's winner (actor)."""
    return (("The Jester votes are odd: the LOWEST Prestige wins. " if lowest else "")
            + f"Winning Prestige {best}: " + ", ".join(f"{p}'s {c}" for p, c in cards)
            + (". " if len(cards) == 1 else " (tied: every tied card wins). ")
            + f"{e.actor} is the round's winner (M2).")


def _final_text(e, garden: list, balcony: list, live: bool, names: list[str], vals: list[int]) -> str:
    """M3: every final Prestige, layer by layer (the Garden and Balcony as at the Score step,
    which nothing changes afterwards)."""
    return ("Final Prestige (Garden value, then the Balcony adjustments in order): "
            + "; ".join(_layers(garden, balcony, live, names, i, v) for i, v in enumerate(vals)) + ".")


def _layers(garden: list, balcony: list, live: bool, names: list[str], i: int, value: int) -> str:
    """'Ana's Knight 13 = 5 [Aristocrat mark], +8' — the layers of one final Prestige (M3)."""
    slot = garden[i]
    gv = garden_value(garden, i, balcony, live)
    why = " [Aristocrat mark]" if slot.marked else ("" if gv == slot.card.prestige else
                                                     f" [printed {slot.card.prestige}, M4]")
    tail = f", {ledger_text(slot.ledger)}" if slot.ledger else ""
    return f"{names[slot.owner]}'s {slot.card.name} {value} = {gv}{why}{tail}"
