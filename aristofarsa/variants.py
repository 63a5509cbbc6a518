"""House-rule variants: the contested readings of RULINGS.md a table can switch on."""
from __future__ import annotations

VARIANTS: dict[str, tuple[str, str]] = {
    "courtisan-live": ("M4", "The Courtisan's bonus follows the Garden value of the Peasant it "
                             "was played after as that value changes, instead of being fixed "
                             "when played (the link ends if that Peasant leaves the Garden)."),
    "convoke-nothing": ("P5", "Convoke is allowed even when no Noble is affordable; it then "
                              "takes nothing."),
    "bishop-no-undo": ("B10", "A Bishop can only cancel a Balcony card that has not resolved "
                              "yet; nothing is ever replayed."),
    "witch-own": ("B2", "The Witch may also target its owner's own Garden card."),
}


class VariantError(ValueError):
    pass


def check_variants(names) -> frozenset[str]:
    """Validate variant names; the error lists the allowed ones."""
    if isinstance(names, str) or not isinstance(names, (list, tuple, set, frozenset)):
        raise VariantError(f"variants must be a list of names; allowed: {', '.join(VARIANTS)}")
    out = set()
    for name in names:
        if not isinstance(name, str) or name.strip().lower() not in VARIANTS:
            raise VariantError(f"unknown variant {name!r}; allowed: {', '.join(VARIANTS)}")
        out.add(name.strip().lower())
    return frozenset(out)
