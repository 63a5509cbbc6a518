"""House-rule variants: the contested readings of the rulings (docs/rulings.md) a table can switch on.

A variant is a :class:`Variant` member, not a bare string, so that a typo is an error
instead of a variant silently off: test ``Variant.WITCH_OWN in r.variants``. Members are
strings (``StrEnum``): they equal, hash and serialize (JSON, TOML, f-strings) exactly as
their names, so files and the command line keep using ``"witch-own"``.
"""
from __future__ import annotations

from enum import StrEnum


class Variant(StrEnum):
    COURTISAN_LIVE = "courtisan-live"
    CONVOKE_NOTHING = "convoke-nothing"
    BISHOP_NO_UNDO = "bishop-no-undo"
    WITCH_OWN = "witch-own"


#: Each variant: the ruling it replaces and what changes.
VARIANTS: dict[Variant, tuple[str, str]] = {
    Variant.COURTISAN_LIVE: (
        "M4", "The Courtisan's bonus follows the Garden value of the Peasant it was played after "
              "as that value changes, instead of being fixed when played (the link ends if that "
              "Peasant leaves the Garden)."),
    Variant.CONVOKE_NOTHING: (
        "P5", "Convoke is allowed even when no Noble is affordable; it then takes nothing."),
    Variant.BISHOP_NO_UNDO: (
        "B10", "A Bishop can only cancel a Balcony card that has not resolved yet; nothing is "
               "ever replayed."),
    Variant.WITCH_OWN: ("B2", "The Witch may also target its owner's own Garden card."),
}


class VariantError(ValueError):
    pass


def _allowed() -> str:
    return ", ".join(VARIANTS)


def parse_variant(name: object) -> Variant:
    """The variant a name gives (case and spaces around it ignored); the error lists the
    allowed names."""
    if isinstance(name, str):
        try:
            return Variant(name.strip().lower())
        except ValueError:
            pass
    raise VariantError(f"unknown variant {name!r}; allowed: {_allowed()}")


def check_variants(names: object) -> frozenset[Variant]:
    """Validate a list of variant names; the error lists the allowed ones."""
    if isinstance(names, str) or not isinstance(names, (list, tuple, set, frozenset)):
        raise VariantError(f"variants must be a list of names; allowed: {_allowed()}")
    return frozenset(parse_variant(name) for name in names)
