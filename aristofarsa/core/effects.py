"""Card effects as small named handlers in one registry.

Each :class:`Effect` both *describes* itself (``rule``, ``summary``, ``describe()``) and
*applies* itself to the round running it (a :class:`~aristofarsa.core.board.Procedure`),
writing its own trace sentences; it reads the round's :class:`~aristofarsa.core.board.Board`
and changes it only through the board's named methods and the round's mechanics
(``adjust``, ``exchange``, ``convoke_noble``, ``replay``). The Garden rules (continuous
values, M4) are registered in :mod:`aristofarsa.core.prestige`; scoring clauses are in
:mod:`aristofarsa.core.scoring`.

An effect's ``summary`` (like a Garden rule's, in :mod:`~aristofarsa.core.prestige`) is the
card's data in its one definition, for developers (``describe()``, the registry's reader): no
app, explanation, graph or CLI output shows it; what a user reads of an effect is the trace's
and the explanation's catalog sentences.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from . import decisions as D
from .board import Procedure
from .cards import CARDS
from .draw import draw_one
from .messages import Join, Msg
from .state import Entry, distinct
from .trace import K, Op
from .variants import Variant

#: An entry effect: ``apply(round, player, garden_slot)``.
EntryHandler = Callable[[Procedure, int, int], None]
#: A Balcony effect: ``apply(round, entry, as_card)`` (``as_card``: the card whose text is
#: applied, the Elder's copy included, X5).
BalconyHandler = Callable[[Procedure, Entry, str], None]
H = TypeVar("H", EntryHandler, BalconyHandler)


@dataclass(frozen=True, slots=True)
class Effect(Generic[H]):
    card: str
    where: str  # "garden" (entry, when played) or "balcony"
    rule: str
    summary: str
    apply: H

    def describe(self) -> str:
        return f"{self.card} ({self.where}, {self.rule}): {self.summary}"


ENTRY_EFFECTS: dict[str, Effect[EntryHandler]] = {}
BALCONY_EFFECTS: dict[str, Effect[BalconyHandler]] = {}


def entry(card: str, rule: str, summary: str) -> Callable[[EntryHandler], EntryHandler]:
    def register(fn: EntryHandler) -> EntryHandler:
        ENTRY_EFFECTS[card] = Effect(card, "garden", rule, summary, fn)
        return fn
    return register


def balcony(card: str, summary: str) -> Callable[[BalconyHandler], BalconyHandler]:
    """Register the Balcony handler of a registered card; it cites the card's
    ``balcony_rule`` (one definition per card: :mod:`aristofarsa.core.cards`)."""
    def register(fn: BalconyHandler) -> BalconyHandler:
        BALCONY_EFFECTS[card] = Effect(card, "balcony", CARDS[card].balcony_rule, summary, fn)
        return fn
    return register


# ------------------------------------------------------------ entry effects (P1)
@entry("Courtisan", "M4", "adds the Prestige of the Peasant played just before it (fixed when played)")
def _courtisan_entry(r: Procedure, p: int, i: int) -> None:  # i18n: data
    b = r.board
    if i == 0 or b.garden[i - 1].card.noble:
        if r.t:
            r.log(K.ENTRY, "M4", ("entry.courtisan-no-peasant", None),
                  actor=r.name(p), card="Courtisan")
        return
    prev = b.garden[i - 1]
    bonus = r.value(i - 1)
    if r.live:
        b.follow(i, prev.card)
        if r.t:
            r.log(K.ENTRY, "M4", ("entry.courtisan-live", {"bonus": bonus}), actor=r.name(p),
                  card="Courtisan",
                  target=r.name(p), target_card="Courtisan", before=6, after=r.value(i),
                  change=f"{r.value(i) - 6:+d}", source=r.name(prev.owner), source_card=prev.card.name)
    else:
        b.fix_bonus(i, bonus)
        if r.t:
            moved = r.shown[i - 1]  # as last shown, before the Courtisan arrived
            r.log(K.ENTRY, "M4", ("entry.courtisan-moved" if moved != bonus else "entry.courtisan",
                                  {"bonus": bonus, "moved": moved}), actor=r.name(p), card="Courtisan",
                  target=r.name(p), target_card="Courtisan", before=6, after=r.value(i),
                  change=f"{bonus:+d}", source=r.name(prev.owner), source_card=prev.card.name)
    if r.t:
        r.shown[i] = r.value(i)


@entry("Aristocrat", "M4", "marks every Noble already in the Garden: Garden value exactly 5")  # i18n: data
def _aristocrat_entry(r: Procedure, p: int, i: int) -> None:
    b = r.board
    for j in range(i):
        slot = b.garden[j]
        if slot.card.noble and not slot.marked:
            # as last shown, before the Aristocrat arrived (its arrival may already have
            # changed the card's own effect, e.g. a Squire no longer the only Noble)
            before = r.shown[j] if r.t else 0
            b.mark(j)
            after = r.value(j)
            if r.t:
                r.shown[j] = after
                r.log(K.MARK, "M4", ("entry.aristocrat-marks", None),
                      actor=r.name(p), card="Aristocrat", target=r.name(slot.owner),
                      target_card=slot.card.name, before=before, after=after, change="=5")
        elif slot.card.noble:
            if r.t:
                r.log(K.MARK, "M4", ("entry.already-marked", None),
                      actor=r.name(p), card="Aristocrat", target=r.name(slot.owner),
                      target_card=slot.card.name)


@entry("Bard", "X3", "another player reveals a card from hand; its printed Prestige is added")  # i18n: data
def _bard_entry(r: Procedure, p: int, i: int) -> None:
    b = r.board
    options = [r.name(q) for q in b.others(p) if b.players[q].hand]
    if not options:
        if r.t:
            r.log(K.ENTRY, "X3", ("entry.bard-nobody", None), actor=r.name(p), card="Bard", see=["M7"])
        return
    target = r.ask(D.TARGET, p, "Bard", "garden", p, options)
    q = b.index_of(target)
    shown = r.ask(D.REVEAL, q, "Bard", "garden", p, distinct(b.players[q].hand_names()))
    b.fix_bonus(i, CARDS[shown].prestige)
    after = r.value(i)
    if r.t:
        r.shown[i] = after
        r.log(K.ENTRY, "X3", ("entry.bard", {"bonus": CARDS[shown].prestige}), actor=r.name(p),
              card="Bard", target=r.name(p), target_card="Bard", before=3, after=after,
              change=f"{CARDS[shown].prestige:+d}", source=target, source_card=shown)


@entry("Scribe", "X4", "draw a card, then discard a card (the drawn one allowed)")  # i18n: data
def _scribe_entry(r: Procedure, p: int, i: int) -> None:
    pl = r.players[p]
    drawn = draw_one(r, p)
    if drawn is not None:
        if r.t:
            r.log(K.DRAW, "X4", ("entry.scribe-draws", None), actor=pl.name,
                  card="Scribe")
            r.log(K.DRAW_SECRET, "X4", ("entry.scribe-drew", None), actor=pl.name,
                  card=drawn.name, visible_to=[pl.name])
    if not pl.hand:
        if r.t:
            r.log(K.DISCARD, "X4", ("entry.scribe-no-discard", None), actor=pl.name)
        return
    name = r.ask(D.DISCARD, p, "Scribe", "garden", p, distinct(pl.hand_names()))
    r.board.discard_from_hand(p, name)
    if r.t:
        r.log(K.DISCARD, "X4", ("entry.scribe-discards", None), actor=pl.name,
              card=name)


# ------------------------------------------------------------ Balcony effects (B)
def _copied(e: Entry, as_card: str) -> str | None:
    """The card an Elder stands in for (X5: "Ana's Elder (copying the Witch)"), else None."""
    return as_card if as_card != e.card.name else None


def _targets(r: Procedure, owner: int, include_own: bool) -> list[str]:
    seats = r.board.seats_from_left_of(owner)
    return [r.name(q) for q in seats if include_own or q != owner]


@balcony("Rogue", "Convoke the cheapest Noble left in the Parlor, for free")  # i18n: data
def _rogue(r: Procedure, e: Entry, as_card: str) -> None:
    r.convoke_noble(e.owner, None, "B6", by=(e.owner, e.card.name, _copied(e, as_card)))


@balcony("Servant", "no effect")  # i18n: data
def _servant(r: Procedure, e: Entry, as_card: str) -> None:
    if r.t:
        r.log(K.EFFECT, "B11", ("balcony.servant", None), actor=r.name(e.owner), card=e.card.name,
              see=["M6"])


@balcony("Aristocrat", "no effect")  # i18n: data
def _aristocrat(r: Procedure, e: Entry, as_card: str) -> None:
    _servant(r, e, as_card)


@balcony("Witch", "+5 or -5 to another player's Garden card")  # i18n: data
def _witch(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    target = r.ask(D.TARGET, p, e.card.name, "conspire", p,
                   _targets(r, p, Variant.WITCH_OWN in r.variants))
    delta = r.ask(D.DELTA, p, e.card.name, "conspire", p, [-5, 5])
    copied = _copied(e, as_card)
    r.adjust(r.board.index_of(target), Op.ADD, delta, "B2", p, e.card.name,
             "balcony.add" if copied is None else "balcony.add-copying", {"copied": copied})


@balcony("Jester", "one vote for 'the lowest Prestige wins'")  # i18n: data
def _jester(r: Procedure, e: Entry, as_card: str) -> None:
    votes = r.board.jester_vote()
    odd = votes % 2 == 1
    if r.t:
        r.log(K.EFFECT, "B3", ("balcony.jester-odd" if odd else "balcony.jester-even",
                              {"votes": votes}), actor=r.name(e.owner), card=e.card.name)


@balcony("Damsel", "your Garden card swaps Prestige with another player's")  # i18n: data
def _damsel(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    target = r.ask(D.TARGET, p, e.card.name, "conspire", p, _targets(r, p, False))
    b = r.board
    q = b.index_of(target)
    mine, theirs = r.value(b.slot_of[p]), r.value(b.slot_of[q])
    copied = _copied(e, as_card)
    said = "balcony.set" if copied is None else "balcony.set-copying"
    r.adjust(p, Op.SET, theirs, "B4", p, e.card.name, said, {"copied": copied})
    r.adjust(q, Op.SET, mine, "B4", p, e.card.name, said, {"copied": copied})
    b.damsel_swapped(e.index)


@balcony("Merchant", "×2 to any Garden card; scores with it")  # i18n: data
def _merchant(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    target = r.ask(D.TARGET, p, e.card.name, "conspire", p, _targets(r, p, True))
    b = r.board
    q = b.index_of(target)
    copied = _copied(e, as_card)
    r.adjust(q, Op.MULTIPLY, 2, "B5", p, e.card.name,
             "balcony.multiply" if copied is None else "balcony.multiply-copying", {"copied": copied})
    b.doubled_by_merchant(e.index, b.garden_slot(q).card)


@balcony("Knight", "+8 to your Garden card")  # i18n: data
def _knight(r: Procedure, e: Entry, as_card: str) -> None:
    copied = _copied(e, as_card)
    r.adjust(e.owner, Op.ADD, 8, "B7", e.owner, e.card.name,
             "balcony.knight" if copied is None else "balcony.knight-copying", {"copied": copied},
             see=("M3", "M7"))


@balcony("Squire", "may swap your Garden card for a card in your hand")  # i18n: data
def _squire(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    pl = r.players[p]
    if not pl.hand:
        if r.t:
            r.log(K.EFFECT, "B8", ("balcony.squire-no-card", None),
                  actor=pl.name, card=e.card.name, see=["M7"])
        return
    choice = r.ask(D.EXCHANGE, p, e.card.name, "conspire", p, distinct(pl.hand_names()),
                   optional=True)
    if choice is None:
        if r.t:
            r.log(K.EFFECT, "B8", ("balcony.squire-declines", None), actor=pl.name, card=e.card.name)
        return
    r.exchange(p, choice, "B8", p, e.card.name)


@balcony("Courtisan", "another player must swap their Garden card for a card of their hand")  # i18n: data
def _courtisan(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    b = r.board
    options = [r.name(q) for q in b.others(p) if b.players[q].hand]
    if not options:
        if r.t:
            r.log(K.EFFECT, "B9", ("balcony.courtisan-fizzles", None),
                  actor=r.name(p), card=e.card.name, see=["M7"])
        return
    target = r.ask(D.TARGET, p, e.card.name, "conspire", p, options)
    q = b.index_of(target)
    hand = distinct(b.players[q].hand_names())
    give = hand[0] if len(hand) == 1 else r.ask(D.GIVE, q, e.card.name, "conspire", p, hand)
    r.exchange(q, give, "B9", p, e.card.name)


@balcony("Bishop", "cancel one other Balcony card, revealed or not")  # i18n: data
def _bishop(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    b = r.board
    mine = b.cancels.made_by(e.index)
    if mine is not None and r.replaying:
        t = b.balcony[mine]
        if r.t:
            r.log(K.EFFECT, "B10", ("balcony.bishop-stands", None), actor=r.name(p), card=e.card.name,
                  target=r.name(t.owner), target_card=t.card.name)
        return
    no_undo = Variant.BISHOP_NO_UNDO in r.variants
    candidates = [x for x in b.balcony if x.index != e.index
                  and not (no_undo and (x.revealed or x.applied))]
    order = {q: k for k, q in enumerate(b.seats_from_left_of(p))}
    candidates.sort(key=lambda x: order[x.owner])
    if not candidates:
        if r.t:
            r.log(K.EFFECT, "B10", ("balcony.bishop-fizzles-no-undo" if no_undo
                                    else "balcony.bishop-fizzles", None),
                                        actor=r.name(p), card=e.card.name, see=["M7"])
        return
    target = r.ask(D.TARGET, p, e.card.name, "conspire", p, [r.name(x.owner) for x in candidates])
    t = b.balcony[b.entry_of[b.index_of(target)]]
    before = set(b.cancels.now)
    b.cancel(e, t)
    if r.t and len(b.cancels) > 1:
        now = Join([Msg("card.label", {"owner": r.name(b.balcony[i].owner), "position": i + 1})
                    for i in sorted(b.cancelled)], empty="list.none")
        r.log(K.CANCELLATIONS, "B13", ("balcony.cancellations", {"now": now}),
              actor=r.name(p), card=e.card.name,
              target=target, target_card=t.card.name)
    if r.t:
        r.log(K.EFFECT, "B10", ("balcony.bishop-cancels" if t.revealed
                                else "balcony.bishop-cancels-unseen", {"position": t.index + 1}),
              actor=r.name(p), card=e.card.name, target=target, target_card=t.card.name)
    position = b.entry_step if r.bishop_mode else range(len(b.balcony))  # the order resolved in
    step = position[e.index]
    if t.applied or any(b.balcony[x].applied for x in b.cancels.now - before):
        r.replay(step, e)  # a card already resolved in this pass is cancelled now
        return
    # B10, B13: a cancellation can also restore a card this pass has already skipped (the
    # Bishop that cancelled it is now cancelled by one that counts): the pass no longer matches
    # what is cancelled, so the Balcony is resolved again from its first card.
    restored = [x for x in sorted(before - b.cancels.now) if position[x] < step]
    if restored:
        x = b.balcony[restored[0]]
        r.replay(step, e, restored=(r.name(x.owner), x.card.name))


@balcony("Bard", "discard a card from hand; your Garden card gains its Prestige + this card's")  # i18n: data
def _bard(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    pl = r.players[p]
    if not pl.hand:
        if r.t:
            r.log(K.EFFECT, "X3", ("balcony.bard-no-card", None), actor=pl.name, card=e.card.name, see=["M7"])
        return
    hand = distinct(pl.hand_names())
    name = hand[0] if len(hand) == 1 else r.ask(D.DISCARD, p, e.card.name, "conspire", p, hand)
    r.board.discard_from_hand(p, name)
    gain = CARDS[name].prestige + e.card.prestige
    r.adjust(p, Op.ADD, gain, "X3", p, e.card.name, "balcony.bard", {
        "discarded": name, "discarded_prestige": CARDS[name].prestige, "own": e.card.prestige})


@balcony("Scribe", "-7 to any Garden card; scores if that card is exiled")  # i18n: data
def _scribe(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    target = r.ask(D.TARGET, p, e.card.name, "conspire", p, _targets(r, p, True))
    b = r.board
    q = b.index_of(target)
    copied = _copied(e, as_card)
    r.adjust(q, Op.ADD, -7, "X4", p, e.card.name,
             "balcony.add" if copied is None else "balcony.add-copying", {"copied": copied})
    b.hit_by_scribe(e.index, b.garden_slot(q).card)


@balcony("Elder", "copy the Balcony text of the card you played in the Garden")  # i18n: data
def _elder(r: Procedure, e: Entry, as_card: str) -> None:
    played = r.board.played_card[e.owner]
    assert played is not None, "an Elder on the Balcony follows its owner's Garden card"  # i18n: data
    copied = played.name
    if copied in ("Elder", "Servant", "Aristocrat"):
        if r.t:
            r.log(K.EFFECT, "X5", ("balcony.elder-nothing", None), actor=r.name(e.owner), card="Elder",
                  target=r.name(e.owner), target_card=copied, see=["B11"])
        return
    if r.t:
        r.log(K.EFFECT, "X5", ("balcony.elder", None),
              actor=r.name(e.owner), card="Elder", target=r.name(e.owner), target_card=copied)
    BALCONY_EFFECTS[copied].apply(r, e, copied)


@balcony("Oracle", "at the next Draw step draw up to 5, keep 3")  # i18n: data
def _oracle(r: Procedure, e: Entry, as_card: str) -> None:
    r.board.oracle_draws(e.owner)
    if r.t:
        r.log(K.EFFECT, "X6", ("balcony.oracle", None), actor=r.name(e.owner),
              card=e.card.name)
