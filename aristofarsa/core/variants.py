"""House-rule variants: the contested readings of the rulings (docs/rulings.md) a table can switch on.

A variant is a :class:`Variant` member, not a bare string, so that a typo is an error
instead of a variant silently off: test ``Variant.WITCH_OWN in r.variants``. Members are
strings (``StrEnum``): they equal, hash and serialize (JSON, TOML, f-strings) exactly as
their names, so files and the command line keep using ``"witch-own"``.
"""
from __future__ import annotations

from enum import StrEnum

from .messages import Join, Msg, text


class Variant(StrEnum):
    COURTISAN_LIVE = "courtisan-live"
    CONVOKE_NOTHING = "convoke-nothing"
    BISHOP_NO_UNDO = "bishop-no-undo"
    WITCH_OWN = "witch-own"


#: Each variant: the ruling it replaces and what changes (a catalog sentence, rendered when
#: shown: ``str(VARIANTS[v][1])``).
VARIANTS: dict[Variant, tuple[str, Msg]] = {
    Variant.COURTISAN_LIVE: ("M4", Msg("variant-summary.courtisan-live")),
    Variant.CONVOKE_NOTHING: ("P5", Msg("variant-summary.convoke-nothing")),
    Variant.BISHOP_NO_UNDO: ("B10", Msg("variant-summary.bishop-no-undo")),
    Variant.WITCH_OWN: ("B2", Msg("variant-summary.witch-own")),
}


class VariantError(ValueError):
    pass


def _allowed() -> Join:
    return Join(VARIANTS)


def parse_variant(name: object) -> Variant:
    """The variant a name gives (case and spaces around it ignored); the error lists the
    allowed names."""
    if isinstance(name, str):
        try:
            return Variant(name.strip().lower())
        except ValueError:
            pass
    raise VariantError(text("variant-error.unknown", name=repr(name), allowed=_allowed()))


def check_variants(names: object) -> frozenset[Variant]:
    """Validate a list of variant names; the error lists the allowed ones."""
    if isinstance(names, str) or not isinstance(names, (list, tuple, set, frozenset)):
        raise VariantError(text("variant-error.not-a-list", allowed=_allowed()))
    return frozenset(parse_variant(name) for name in names)
