"""Layered Prestige (ruling M3): printed -> Garden value (M4) -> Balcony ledger, in order.

A card's own Garden text is a :class:`GardenRule`, registered once in :data:`GARDEN_RULES`
like the Balcony effects in :mod:`aristofarsa.core.effects`: its ruling, its value (a pure
function of the Garden and the Balcony) and the explanation the trace gives when the value
moves. A card with no value function keeps its printed Prestige plus the bonus fixed when it was
played (``Slot.bonus``: the Courtisan's and the Bard's entry effects; 0 for every other card).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .messages import Join, Msg
from .state import Entry, Slot
from .trace import Op

Ledger = Sequence[tuple[Op, int]]
#: ``value(garden, i, balcony, live_courtisan)``: the Garden value of the card in slot ``i``.
GardenValue = Callable[[Sequence[Slot], int, Sequence[Entry], bool], int]
#: ``why(slot, garden_value, live_courtisan)``: why the card has that Garden value now (a
#: clause of the message catalog: :mod:`aristofarsa.core.messages`).
GardenWhy = Callable[[Slot, int, bool], Msg]


@dataclass(frozen=True, slots=True)
class GardenRule:
    """One card's Garden text: its ruling, its value and the explanation of a change."""

    card: str
    rule: str
    summary: str
    value: GardenValue | None       # None: printed + the bonus fixed when played (Slot.bonus)
    why: GardenWhy | None = None    # None: the value is fixed when played, never moves by itself
    live_only: bool = False         # ``value`` and ``why`` apply only under courtisan-live

    def moves(self, live_courtisan: bool) -> bool:
        """True if the value follows the Garden as it stands (M4), so the trace watches it."""
        return self.why is not None and (live_courtisan or not self.live_only)

    def describe(self) -> str:
        return f"{self.card} (garden, {self.rule}): {self.summary}"


GARDEN_RULES: dict[str, GardenRule] = {}
#: GARDEN_RULES' value functions in force, without and with courtisan-live (the hot path)
_VALUE: dict[bool, dict[str, GardenValue]] = {False: {}, True: {}}
#: The cards whose Garden value moves by itself (M4), without and with courtisan-live: the
#: ones the trace watches (``Round.sync``). Kept by :func:`garden_rule`.
MOVES: dict[bool, set[str]] = {False: set(), True: set()}


def garden_rule(card: str, rule: str, summary: str, value: GardenValue | None = None,
                why: GardenWhy | None = None, live_only: bool = False) -> None:
    """Register a card's Garden text (one row per card)."""
    row = GardenRule(card, rule, summary, value, why, live_only)
    GARDEN_RULES[card] = row
    for live, values in _VALUE.items():
        if value is not None and (live or not live_only):
            values[card] = value
        else:
            values.pop(card, None)
    for live, cards in MOVES.items():
        if row.moves(live):
            cards.add(card)
        else:
            cards.discard(card)


def drop_garden_rule(card: str) -> None:
    """Unregister a card's Garden text (tests that register a rule of their own)."""
    GARDEN_RULES.pop(card, None)
    for values in _VALUE.values():
        values.pop(card, None)
    for cards in MOVES.values():
        cards.discard(card)


def garden_value(garden: Sequence[Slot], i: int, balcony: Sequence[Entry],
                 live_courtisan: bool) -> int:
    """Printed Prestige adjusted by the card's own Ball Garden effect (M4), now."""
    slot = garden[i]
    if slot.marked:
        return 5  # Aristocrat mark: exactly 5, whatever the card's own effect says
    value = _VALUE[live_courtisan].get(slot.card.name)
    if value is None:
        return slot.card.prestige + slot.bonus
    return value(garden, i, balcony, live_courtisan)


def garden_reason(garden: Sequence[Slot], i: int, balcony: Sequence[Entry],
                  live_courtisan: bool) -> Msg:
    """Why the card in slot ``i`` has its Prestige now: its mark or its Garden rule's
    explanation, then its Balcony adjustments (the trace's M4 sentences)."""
    slot = garden[i]
    rule = GARDEN_RULES.get(slot.card.name)
    if slot.marked:
        why = Msg("garden.mark")
    elif rule is not None and rule.why is not None and rule.moves(live_courtisan):
        why = rule.why(slot, garden_value(garden, i, balcony, live_courtisan), live_courtisan)
    else:
        why = Msg("garden.changed")
    if slot.ledger:
        why = Msg("garden.with-ledger", {"why": why, "ledger": ledger_message(slot.ledger)})
    return why


# --------------------------------------------------------------- the Garden rules (M4)
def _rogue(garden: Sequence[Slot], i: int, balcony: Sequence[Entry], live: bool) -> int:
    for s in garden:
        if s.card.noble:
            return garden[i].card.prestige + 10
    return garden[i].card.prestige


def _rogue_why(slot: Slot, gv: int, live: bool) -> Msg:
    return Msg("garden.rogue-noble" if gv > 0 else "garden.rogue-no-noble")


garden_rule("Rogue", "M4", "+10 while at least one Noble (anyone's) is in the Garden",  # i18n: data
            _rogue, _rogue_why)


def _squire(garden: Sequence[Slot], i: int, balcony: Sequence[Entry], live: bool) -> int:
    for j, s in enumerate(garden):
        if j != i and s.card.noble:
            return garden[i].card.prestige
    return garden[i].card.prestige + 5


def _squire_why(slot: Slot, gv: int, live: bool) -> Msg:
    return Msg("garden.squire-alone" if gv > 5 else "garden.squire-not-alone")


garden_rule("Squire", "M4", "+5 while it is the only Noble in the Garden", _squire, _squire_why)  # i18n: data


def _elder(garden: Sequence[Slot], i: int, balcony: Sequence[Entry], live: bool) -> int:
    value = garden[i].card.prestige
    if (i > 0 and garden[i - 1].card.noble) or (i + 1 < len(garden) and garden[i + 1].card.noble):
        return value + 5
    return value


def _elder_why(slot: Slot, gv: int, live: bool) -> Msg:
    return Msg("garden.elder-next" if gv > 6 else "garden.elder-not-next")


garden_rule("Elder", "M4", "+5 while a Noble stands right next to it", _elder, _elder_why)  # i18n: data


def _servant(garden: Sequence[Slot], i: int, balcony: Sequence[Entry], live: bool) -> int:
    slot = garden[i]
    for e in balcony:
        if e.owner == slot.owner and e.revealed and e.card.name == "Servant":
            return 11
    return slot.card.prestige


def _servant_why(slot: Slot, gv: int, live: bool) -> Msg:
    return Msg("garden.servant-pair" if gv == 11 else "garden.servant-no-pair")


garden_rule("Servant", "M4", "11 while its owner's other Servant is revealed on the Balcony",  # i18n: data
            _servant, _servant_why)


def _courtisan_live(garden: Sequence[Slot], i: int, balcony: Sequence[Entry], live: bool) -> int:
    """Variant courtisan-live (otherwise the bonus is fixed when played, Slot.bonus)."""
    slot = garden[i]
    value = slot.card.prestige
    if not slot.played:
        return value  # exchanged in: no entry bonus (M5)
    # the bonus follows the Garden value of the Peasant it followed when played, as long as
    # that very card is still just before it (a card exchanged in is not followed: M5
    # removes every link to a card that leaves)
    j = i - 1
    if slot.follows is not None and j >= 0 and garden[j].card is slot.follows:
        return value + garden_value(garden, j, balcony, live)
    return value


def _courtisan_why(slot: Slot, gv: int, live: bool) -> Msg:
    return Msg("garden.courtisan-follows" if slot.follows is not None else "garden.courtisan-gone")


garden_rule("Courtisan", "M4", "+ the Prestige of the Peasant played just before it (fixed "  # i18n: data
            "when played; under courtisan-live it follows that Peasant)", _courtisan_live,
            _courtisan_why, live_only=True)


garden_rule("Bard", "X3", "+ the printed Prestige of the card another player reveals (fixed "  # i18n: data
            "when played: Slot.bonus)")


# ------------------------------------------------------------- the Balcony ledger (M3)
_ADD, _MULTIPLY = Op.ADD, Op.MULTIPLY  # as globals: see trace.Plain


def apply_ledger(value: int, ledger: Ledger) -> int:
    for op, n in ledger:
        if op == _ADD:
            value += n
        elif op == _MULTIPLY:
            value *= n
        else:
            value = n
    return value


def prestige(garden: Sequence[Slot], i: int, balcony: Sequence[Entry], live_courtisan: bool) -> int:
    """The Prestige of the card in slot ``i`` now: its Garden value (:func:`garden_value`,
    written out here: this is the engine's most frequent call), then its ledger."""
    slot = garden[i]
    if slot.marked:
        value = 5
    else:
        rule = _VALUE[live_courtisan].get(slot.card.name)
        value = (slot.card.prestige + slot.bonus if rule is None
                 else rule(garden, i, balcony, live_courtisan))
    return apply_ledger(value, slot.ledger) if slot.ledger else value


#: The catalog message of one ledger entry, by operation ("+5", "×2", "becomes 9")
LEDGER_MESSAGE = {Op.ADD: "ledger.add", Op.MULTIPLY: "ledger.multiply", Op.SET: "ledger.set"}


def ledger_message(ledger: Ledger) -> Join:
    """The ledger as a list of the catalog's entries: "+5, ×2" when shown."""
    return Join([Msg(LEDGER_MESSAGE[op], {"n": n}) for op, n in ledger])


def ledger_text(ledger: Ledger) -> str:
    """The ledger in words: "+5, ×2, becomes 4"."""
    return str(ledger_message(ledger))
