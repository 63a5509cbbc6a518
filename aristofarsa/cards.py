"""The card table: every card type of Aristofarsa as data.

One row per card type: name, type (Peasant/Noble), printed Prestige, copies per family,
whether it belongs to the Exiled expansion, and both texts in our own words. Crowns come
from :data:`PROVISIONAL_CROWNS` (ruling M9) and can be replaced by a data file or a
scenario's ``crowns`` table.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

PEASANT = "Peasant"
NOBLE = "Noble"


@dataclass(frozen=True, slots=True)
class CardSpec:
    name: str
    kind: str  # PEASANT or NOBLE
    prestige: int
    copies: int
    expansion: bool
    garden_text: str
    balcony_text: str

    @property
    def is_noble(self) -> bool:
        return self.kind == NOBLE


_ROWS = [
    ("Rogue", PEASANT, 0, 1, False,
     "+10 Prestige while at least one Noble (anyone's) is in the Garden. If it scores, its "
     "Balcony effect happens too.",
     "Convoke the cheapest Noble left in your Parlor, for free."),
    ("Servant", PEASANT, 1, 2, False,
     "Is 11 while your other Servant is revealed on the Balcony. If this card wins, "
     "both Servants score.",
     "No effect. Counts as 3 when discarded to Convoke."),
    ("Witch", PEASANT, 2, 1, False,
     "No effect.",
     "+5 or -5 Prestige to another player's Garden card (negative values allowed)."),
    ("Jester", PEASANT, 3, 1, False,
     "No effect.",
     "The lowest Prestige wins this round. Each further Jester flips it back (odd count: "
     "lowest wins)."),
    ("Damsel", PEASANT, 4, 1, False,
     "If this card scores, you Convoke the Knight.",
     "Your Garden card swaps Prestige with another player's Garden card. If you win, only "
     "this Damsel scores (not your Garden card) and you Convoke the Knight."),
    ("Merchant", PEASANT, 5, 1, False,
     "No effect.",
     "Double the Prestige of any Garden card (yours too). If that card scores, this "
     "Merchant scores with it."),
    ("Squire", NOBLE, 5, 1, False,
     "+5 Prestige while it is the only Noble in the Garden.",
     "You may swap your Garden card for a card in your hand."),
    ("Courtisan", NOBLE, 6, 1, False,
     "When played right after a Peasant, adds that Peasant's Prestige to itself.",
     "Make another player swap their Garden card for a card in their hand."),
    ("Bishop", NOBLE, 7, 1, False,
     "This round every Balcony card is played face up and takes effect at once.",
     "Cancel another Balcony card, revealed or not."),
    ("Knight", NOBLE, 8, 1, False,
     "If it loses the round by 3 Prestige or less, it scores anyway.",
     "+8 Prestige to your Garden card."),
    ("Aristocrat", NOBLE, 9, 1, False,
     "Every Noble already in the Garden drops to Prestige 5 for the round (Balcony effects "
     "still change it). Later cards are not affected.",
     "No effect."),
    ("Bard", PEASANT, 3, 1, True,
     "Another player reveals a card of their choice from hand; its Prestige is added to "
     "this card.",
     "Discard a card from your hand; your Garden card gains its Prestige plus the Bard's 3."),
    ("Scribe", PEASANT, 4, 1, True,
     "Draw a card, then discard a card. If this card scores, you may also score a Peasant "
     "from your hand.",
     "-7 Prestige to any Garden card. If that card is exiled this round, this Scribe scores."),
    ("Elder", NOBLE, 6, 1, True,
     "+5 Prestige while the card right before or right after it is a Noble (once).",
     "Copy the Balcony effect of the card you played in the Garden this round."),
    ("Oracle", NOBLE, 7, 1, True,
     "You act last in Phase 2 and may first peek at one face-down Balcony card.",
     "At the next Draw step draw up to 5 cards, keep 3, discard the rest."),
]

CARDS: dict[str, CardSpec] = {row[0]: CardSpec(*row) for row in _ROWS}
BASE_CARDS = [n for n, s in CARDS.items() if not s.expansion]
EXPANSION_CARDS = [n for n, s in CARDS.items() if s.expansion]
#: Nobles that sit in a Parlor (X1: Elder and Oracle never do), cheapest first.
PARLOR_NOBLES = ["Squire", "Courtisan", "Bishop", "Knight", "Aristocrat"]
#: X1: the Exiled deck's starting order, top first.
EXILED_ORDER = ["Bard", "Scribe", "Elder", "Oracle"]
#: The 7 Peasants of a family's starting deck.
STARTING_DECK = ["Rogue", "Servant", "Servant", "Witch", "Jester", "Damsel", "Merchant"]

#: The shipped crown table (data/crowns.toml): provisional, ruling M9.
CROWNS_FILE = Path(__file__).with_name("data") / "crowns.toml"
PROVISIONAL_CROWNS: dict[str, int] = {
    name: int(value)
    for name, value in tomllib.loads(CROWNS_FILE.read_text(encoding="utf-8"))["crowns"].items()
}
CROWNS_NOTE = "crowns are provisional (ruling M9) until replaced by a crowns table"
#: What a game counts for each card (``card_stats`` of a game summary, ``Stats.cards``).
CARD_EVENTS: tuple[str, ...] = ("won", "scored", "convoked", "exiled")

#: P5: a Servant counts 3 when discarded to Convoke (every other card its printed Prestige).
SERVANT_CONVOKE_VALUE = 3
#: P3: the Litter adds 2 to its holder's Convoke total this round.
LITTER_BONUS = 2


def convoke_value(name: str) -> int:
    """What one discarded card counts towards a Convoke total: the one definition (P5)."""
    return SERVANT_CONVOKE_VALUE if name == "Servant" else CARDS[name].prestige


#: :func:`convoke_value` of every card, by name (for the engine's hot path).
CONVOKE_VALUE: dict[str, int] = {name: convoke_value(name) for name in CARDS}


def convoke_total(names: Iterable[str], litter: bool) -> int:
    """P5 + P3: the Convoke total of discarding these cards (by name), with the Litter's +2
    when the Convoker holds it."""
    total = LITTER_BONUS if litter else 0
    for name in names:
        total += CONVOKE_VALUE[name]
    return total


def convoke_sum(names: Iterable[str], litter: bool) -> str:
    """The Convoke total as a sum, the one text form: 'Servant 3 + Jester 3 + Litter 2 = 8'
    ('total 0' for nothing at all)."""
    parts = [(name, CONVOKE_VALUE[name]) for name in names]
    if litter:
        parts.append(("Litter", LITTER_BONUS))
    if not parts:
        return "total 0"
    return " + ".join(f"{name} {value}" for name, value in parts) + f" = {sum(v for _, v in parts)}"


_LOWER = {n.lower(): n for n in CARDS}


def canonical(name: object, expansion: bool = True) -> str | None:
    """The card's proper name for a case-insensitive ``name``, or None if unknown."""
    if not isinstance(name, str):
        return None
    found = _LOWER.get(name.strip().lower())
    if found is None or (CARDS[found].expansion and not expansion):
        return None
    return found


def family(expansion: bool) -> list[str]:
    """Every card one family owns, with multiplicity."""
    names = BASE_CARDS + (EXPANSION_CARDS if expansion else [])
    return [n for n in names for _ in range(CARDS[n].copies)]


def card_names(expansion: bool) -> list[str]:
    return BASE_CARDS + (EXPANSION_CARDS if expansion else [])


class CrownsError(ValueError):
    pass


def crowns_sum(names: Iterable[str], crowns: Mapping[str, int] | None = None) -> int:
    """The crowns of these cards (by name): the one place crowns are added up. ``crowns``
    replaces the provisional table (M9) when given."""
    table = crowns or PROVISIONAL_CROWNS
    return sum(table[name] for name in names)


def merge_crowns(overrides: Mapping[str, object] | None,
                 base: dict[str, int] | None = None) -> dict[str, int]:
    """Crown table with ``overrides`` (card name -> int) applied; errors name the bad entry."""
    table = dict(base or PROVISIONAL_CROWNS)
    for key, value in (overrides or {}).items():
        name = canonical(key)
        if name is None:
            raise CrownsError(f"crowns: unknown card {key!r}; cards are {', '.join(CARDS)}")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise CrownsError(f"crowns: {name} must be a whole number >= 0, not {value!r}")
        table[name] = value
    return table


def load_crowns_file(path: str | Path) -> dict[str, int]:
    """Read a crowns data file: TOML ``[crowns]`` table or top-level ``Card = n`` pairs."""
    from . import files  # the safe reader: regular files of bounded size only
    try:
        data = files.parse_toml(files.read_text(path, "crowns file"), str(path))
    except files.FileInputError as exc:
        raise CrownsError(str(exc)) from None
    table = data.get("crowns", data)
    if not isinstance(table, dict):
        raise CrownsError(f"{path}: `crowns` must be a table of card = crowns")
    try:
        return merge_crowns(table)
    except CrownsError as exc:
        raise CrownsError(f"{path}: {exc}") from None
