"""Layered Prestige (ruling M3): printed -> Garden value (M4) -> Balcony ledger, in order."""
from __future__ import annotations

from .state import Entry, Slot
from .trace import Op


def garden_value(garden: list[Slot], i: int, balcony: list[Entry], live_courtisan: bool) -> int:
    """Printed Prestige adjusted by the card's own Ball Garden effect (M4), now."""
    slot = garden[i]
    if slot.marked:
        return 5  # Aristocrat mark: exactly 5, whatever the card's own effect says
    card = slot.card
    name = card.name
    value = card.prestige
    if name == "Rogue":
        for s in garden:
            if s.card.noble:
                return value + 10
    elif name == "Squire":
        for j, s in enumerate(garden):
            if j != i and s.card.noble:
                return value
        return value + 5
    elif name == "Elder":
        if (i > 0 and garden[i - 1].card.noble) or (i + 1 < len(garden) and garden[i + 1].card.noble):
            return value + 5
    elif name == "Servant":
        for e in balcony:
            if e.owner == slot.owner and e.revealed and e.card.name == "Servant":
                return 11
    elif name == "Courtisan":
        if not slot.played:
            return value  # exchanged in: no entry bonus (M5)
        if live_courtisan:
            # the bonus follows the Garden value of the Peasant it followed when played, as
            # long as that very card is still just before it (a card exchanged in is not
            # followed: M5 removes every link to a card that leaves)
            j = i - 1
            if slot.follows is not None and j >= 0 and garden[j].card is slot.follows:
                return value + garden_value(garden, j, balcony, live_courtisan)
            return value
        return value + slot.bonus
    elif name == "Bard":
        return value + slot.bonus
    return value


def apply_ledger(value: int, ledger) -> int:
    for op, n in ledger:
        if op == Op.ADD:
            value += n
        elif op == Op.MULTIPLY:
            value *= n
        else:
            value = n
    return value


def prestige(garden: list[Slot], i: int, balcony: list[Entry], live_courtisan: bool) -> int:
    slot = garden[i]
    value = garden_value(garden, i, balcony, live_courtisan)
    return apply_ledger(value, slot.ledger) if slot.ledger else value


def all_prestige(garden: list[Slot], balcony: list[Entry], live_courtisan: bool) -> list[int]:
    return [prestige(garden, i, balcony, live_courtisan) for i in range(len(garden))]


def ledger_text(ledger) -> str:
    parts = []
    for op, n in ledger:
        parts.append(f"{n:+d}" if op == Op.ADD else (f"×{n}" if op == Op.MULTIPLY else f"becomes {n}"))
    return ", ".join(parts)
