"""The card registry: every card type of Aristofarsa, each in ONE definition.

A :class:`CardSpec` is everything the code knows about a card: its row (name, type,
printed Prestige, copies per family, Exiled expansion or not), both texts in our own words,
the ruling of its Balcony text and whether that text changes a Garden card's Prestige (what
the explanations and graphs undo for a Bishop's replay, B10), the choice keys a scenario
gives for it and the questions they ask, and its bot hint. Every other table is derived
from :data:`CARDS`: the set-up lists (:data:`STARTING_DECK`, :data:`PARLOR_NOBLES`,
:data:`EXILED_ORDER`), the scenario format's choice keys (:data:`GARDEN_CHOICES`,
:data:`CONSPIRE_CHOICES`), the bots' Conspire order, the apps' questions. The behaviour
lives beside the engine's mechanics and is registered under the card's name: its Garden
rule in :mod:`aristofarsa.core.prestige` (``garden_rule``), its entry and Balcony handlers in
:mod:`aristofarsa.core.effects` (``@entry``, ``@balcony``, which takes the ruling from here).

Crowns come from :data:`PROVISIONAL_CROWNS` (ruling M9, ``data/crowns.toml``) and can be
replaced by a data file or a scenario's ``crowns`` table.

:func:`temporary_registry` lets a test add a card (:func:`register`) and puts the real
registry back afterwards; the derived lists are updated in place, and a module that keeps
its own table of the cards registers its rebuild with :func:`on_registry_change`.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .messages import Join, Msg
from .messages import text as _text

PEASANT = "Peasant"
NOBLE = "Noble"


@dataclass(frozen=True, slots=True)
class CardNote:
    """One fine point of a card as ruled, and the IDs of the rulings that decide it."""
    text: str
    rulings: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card type, all of it (see the module docstring)."""
    name: str
    kind: str  # PEASANT or NOBLE
    prestige: int
    copies: int
    expansion: bool
    garden_text: str
    balcony_text: str
    #: The ruling of its Balcony text (effects.py's ``@balcony`` handler cites it).
    balcony_rule: str = "B11"
    #: Its Balcony text changes a Garden card's Prestige (a B10 replay undoes such changes;
    #: an explanation's ledger and a graph's edges treat them as Balcony adjustments).
    balcony_prestige: bool = False
    #: Choice keys a scenario gives for it when played in the Garden / Conspired.
    garden_choices: tuple[str, ...] = ()
    conspire_choices: tuple[str, ...] = ()
    #: The questions its choices ask (choice key, question), spoken to the chooser.
    questions: tuple[tuple[str, str], ...] = ()
    #: Bot hint: the heuristic policy Conspires the card with the lowest rank first.
    conspire_rank: int = 50

    @property
    def is_noble(self) -> bool:
        return self.kind == NOBLE

    @property
    def notes(self) -> tuple[CardNote, ...]:
        """Its fine points as ruled: what the rulings add to its printed texts. The text is
        kept in ``data/card_notes.toml`` under the card's name (one entry per card, checked
        both ways by a test); a test's toy card gives its own to :func:`register`."""
        return _notes_of(self.name)

    def question(self, key: str) -> str | None:
        """The question its choice ``key`` asks, if it has its own."""
        for k, text in self.questions:
            if k == key:
                return text
        return None


_DEFINITIONS = (  # i18n: data (each card's texts and questions, in its one definition)
    CardSpec("Rogue", PEASANT, 0, 1, False,
             "+10 Prestige while at least one Noble (anyone's) is in the Garden. If it scores, "
             "its Balcony effect happens too.",
             "Convoke the cheapest Noble left in your Parlor, for free.",
             balcony_rule="B6", conspire_rank=8),
    CardSpec("Servant", PEASANT, 1, 2, False,
             "Is 11 while your other Servant is revealed on the Balcony. If this card wins, "
             "both Servants score.",
             "No effect. Counts as 3 when discarded to Convoke.",
             balcony_rule="B11", conspire_rank=13),
    CardSpec("Witch", PEASANT, 2, 1, False,
             "No effect.",
             "+5 or -5 Prestige to another player's Garden card (negative values allowed).",
             balcony_rule="B2", balcony_prestige=True, conspire_choices=("target", "delta"),
             questions=(("target", "whose Garden card gets +5 or -5?"),), conspire_rank=2),
    CardSpec("Jester", PEASANT, 3, 1, False,
             "No effect.",
             "The lowest Prestige wins this round. Each further Jester flips it back (odd count: "
             "lowest wins).",
             balcony_rule="B3", conspire_rank=5),
    CardSpec("Damsel", PEASANT, 4, 1, False,
             "If this card scores, you Convoke the Knight.",
             "Your Garden card swaps Prestige with another player's Garden card. If you win, only "
             "this Damsel scores (not your Garden card) and you Convoke the Knight.",
             balcony_rule="B4", balcony_prestige=True, conspire_choices=("target",),
             questions=(("target", "whose Garden card swaps Prestige with yours?"),),
             conspire_rank=3),
    CardSpec("Merchant", PEASANT, 5, 1, False,
             "No effect.",
             "Double the Prestige of any Garden card (yours too). If that card scores, this "
             "Merchant scores with it.",
             balcony_rule="B5", balcony_prestige=True, conspire_choices=("target",),
             questions=(("target", "whose Garden card is doubled (your own is allowed)?"),),
             conspire_rank=1),
    CardSpec("Squire", NOBLE, 5, 1, False,
             "+5 Prestige while it is the only Noble in the Garden.",
             "You may swap your Garden card for a card in your hand.",
             balcony_rule="B8", conspire_choices=("exchange",), conspire_rank=10),
    CardSpec("Courtisan", NOBLE, 6, 1, False,
             "When played right after a Peasant, adds that Peasant's Prestige to itself.",
             "Make another player swap their Garden card for a card in their hand.",
             balcony_rule="B9", conspire_choices=("target", "give"),
             questions=(("target", "who must swap their Garden card for a card from their hand?"),),
             conspire_rank=7),
    CardSpec("Bishop", NOBLE, 7, 1, False,
             "This round every Balcony card is played face up and takes effect at once.",
             "Cancel another Balcony card, revealed or not.",
             balcony_rule="B10", conspire_choices=("target",),
             questions=(("target", "whose Balcony card is cancelled?"),), conspire_rank=9),
    CardSpec("Knight", NOBLE, 8, 1, False,
             "If it loses the round by 3 Prestige or less, it scores anyway.",
             "+8 Prestige to your Garden card.",
             balcony_rule="B7", balcony_prestige=True, conspire_rank=0),
    CardSpec("Aristocrat", NOBLE, 9, 1, False,
             "Every Noble already in the Garden drops to Prestige 5 for the round (Balcony "
             "effects still change it). Later cards are not affected.",
             "No effect.",
             balcony_rule="B11", conspire_rank=14),
    CardSpec("Bard", PEASANT, 3, 1, True,
             "Another player reveals a card of their choice from hand; its Prestige is added to "
             "this card.",
             "Discard a card from your hand; your Garden card gains its Prestige plus the Bard's 3.",
             balcony_rule="X3", balcony_prestige=True, garden_choices=("target", "reveal"),
             conspire_choices=("discard",),
             questions=(("target", "who reveals a card from their hand (its printed Prestige is "
                                   "added to your Bard)?"),
                        ("discard", "discard a card from your hand (your Garden card gains its "
                                    "Prestige plus the Bard's 3)")),
             conspire_rank=4),
    CardSpec("Scribe", PEASANT, 4, 1, True,
             "Draw a card, then discard a card. If this card scores, you may also score a Peasant "
             "from your hand.",
             "-7 Prestige to any Garden card. If that card is exiled this round, this Scribe scores.",
             balcony_rule="X4", balcony_prestige=True, garden_choices=("discard", "also_score"),
             conspire_choices=("target",),
             questions=(("target", "whose Garden card gets -7 (your own is allowed)?"),
                        ("discard", "you have drawn a card; now discard a card from your hand")),
             conspire_rank=6),
    CardSpec("Elder", NOBLE, 6, 1, True,
             "+5 Prestige while the card right before or right after it is a Noble (once).",
             "Copy the Balcony effect of the card you played in the Garden this round.",
             balcony_rule="X5", conspire_rank=12),
    CardSpec("Oracle", NOBLE, 7, 1, True,
             "You act last in Phase 2 and may first peek at one face-down Balcony card.",
             "At the next Draw step draw up to 5 cards, keep 3, discard the rest.",
             balcony_rule="X6", garden_choices=("peek",), conspire_choices=("keep",),
             conspire_rank=11),
)

#: The registry: every card by name, in the order of the rules (base cards, then the Exiled).
CARDS: dict[str, CardSpec] = {}
BASE_CARDS: list[str] = []
EXPANSION_CARDS: list[str] = []
#: Nobles that sit in a Parlor (the base game's; X1: Elder and Oracle never do), cheapest first.
PARLOR_NOBLES: list[str] = []
#: X1: the Exiled deck's starting order, top first.
EXILED_ORDER: list[str] = []
#: The Peasants of a family's starting deck (with their copies), in the registry's order.
STARTING_DECK: list[str] = []

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
#: The shipped crown table (data/crowns.toml): provisional, ruling M9.
CROWNS_FILE = DATA_DIR / "crowns.toml"
#: The cards' notes as ruled, by card name (:attr:`CardSpec.notes`).
CARD_NOTES_FILE = DATA_DIR / "card_notes.toml"
PROVISIONAL_CROWNS: dict[str, int] = {
    name: int(value)
    for name, value in tomllib.loads(CROWNS_FILE.read_text(encoding="utf-8"))["crowns"].items()
}
#: What a game counts for each card (``card_stats`` of a game summary, ``Stats.cards``).
CARD_EVENTS: tuple[str, ...] = ("won", "scored", "convoked", "exiled")

#: P5: a Servant counts 3 when discarded to Convoke (every other card its printed Prestige).
SERVANT_CONVOKE_VALUE = 3
#: P3: the Litter adds 2 to its holder's Convoke total this round.
LITTER_BONUS = 2

#: :func:`convoke_value` of every card, by name (for the engine's hot path).
CONVOKE_VALUE: dict[str, int] = {}
_LOWER: dict[str, str] = {}
_HOOKS: list[Callable[[], None]] = []
#: Every card's notes, read from CARD_NOTES_FILE on first use (plus a registered card's own).
_NOTES: dict[str, tuple[CardNote, ...]] = {}


def read_card_notes(path: Path = CARD_NOTES_FILE) -> dict[str, tuple[CardNote, ...]]:
    """The notes file as written: card name -> its notes, in the file's order (a name may
    be one the registry does not know: the test of the file says so)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {str(card["name"]): tuple(CardNote(" ".join(str(n["text"]).split()),
                                              tuple(str(r) for r in n["rulings"]))
                                     for n in card["notes"])
            for card in data["card"]}


def _notes_of(name: str) -> tuple[CardNote, ...]:
    if not _NOTES:
        _NOTES.update(read_card_notes())
    return _NOTES.get(name, ())


def card_notes() -> dict[str, tuple[CardNote, ...]]:
    """Every registered card's notes, by name, in the registry's order (none without an entry)."""
    return {name: _notes_of(name) for name in CARDS}


def _derive() -> None:
    """Rebuild every table derived from :data:`CARDS`, in place (importers keep the objects)."""
    BASE_CARDS[:] = [n for n, s in CARDS.items() if not s.expansion]
    EXPANSION_CARDS[:] = [n for n, s in CARDS.items() if s.expansion]
    PARLOR_NOBLES[:] = sorted((n for n in BASE_CARDS if CARDS[n].is_noble),
                              key=lambda n: CARDS[n].prestige)
    EXILED_ORDER[:] = EXPANSION_CARDS
    STARTING_DECK[:] = [n for n in BASE_CARDS if not CARDS[n].is_noble
                        for _ in range(CARDS[n].copies)]
    CONVOKE_VALUE.clear()
    CONVOKE_VALUE.update({name: convoke_value(name) for name in CARDS})
    _LOWER.clear()
    _LOWER.update({n.lower(): n for n in CARDS})
    for hook in _HOOKS:
        hook()


def on_registry_change(rebuild: Callable[[], None]) -> Callable[[], None]:
    """Register a module's rebuild of its own table of the cards: called now and whenever
    the registry changes (a test's :func:`temporary_registry`)."""
    _HOOKS.append(rebuild)
    rebuild()
    return rebuild


def register(spec: CardSpec, crowns: int, notes: Iterable[CardNote] = ()) -> CardSpec:
    """Add a card to the registry (with its provisional crowns, M9, and its notes as ruled,
    which a shipped card keeps in data/card_notes.toml). Its Garden rule and handlers are
    registered beside the engine's mechanics (module docstring)."""
    if spec.name in CARDS or spec.name.lower() in _LOWER:
        raise ValueError(f"card {spec.name!r} is already registered")  # i18n: developer
    card_notes()                       # the file's notes are read before the card's are added
    CARDS[spec.name] = spec
    PROVISIONAL_CROWNS[spec.name] = crowns
    _NOTES[spec.name] = tuple(notes)
    _derive()
    return spec


@contextmanager
def temporary_registry() -> Iterator[dict[str, CardSpec]]:
    """Change the registry inside a ``with`` block (a test's toy card): the real registry
    and crown table, and every derived table, are put back afterwards."""
    cards, crowns, notes = dict(CARDS), dict(PROVISIONAL_CROWNS), dict(card_notes())
    try:
        yield CARDS
    finally:
        CARDS.clear()
        CARDS.update(cards)
        PROVISIONAL_CROWNS.clear()
        PROVISIONAL_CROWNS.update(crowns)
        _NOTES.clear()
        _NOTES.update(notes)
        _derive()


class CardField(Mapping[str, tuple[str, ...]]):
    """A live, derived view of one tuple field of the registry: the cards for which it is
    not empty (e.g. :data:`GARDEN_CHOICES`: card -> its Garden choice keys)."""

    def __init__(self, field: Callable[[CardSpec], tuple[str, ...]]) -> None:
        self._field = field

    def __getitem__(self, name: str) -> tuple[str, ...]:
        spec = CARDS.get(name)
        value = self._field(spec) if spec is not None else ()
        if not value:
            raise KeyError(name)
        return value

    def __iter__(self) -> Iterator[str]:
        return (n for n, s in CARDS.items() if self._field(s))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return repr(dict(self))


def _garden_choices(spec: CardSpec) -> tuple[str, ...]:
    return spec.garden_choices


def _conspire_choices(spec: CardSpec) -> tuple[str, ...]:
    return spec.conspire_choices


#: The scenario format's choice keys of a card played in the Garden / Conspired, by card.
GARDEN_CHOICES: Mapping[str, tuple[str, ...]] = CardField(_garden_choices)
CONSPIRE_CHOICES: Mapping[str, tuple[str, ...]] = CardField(_conspire_choices)


def balcony_prestige_rules() -> frozenset[str]:
    """The rulings of the Balcony texts that change a Garden card's Prestige (B2, B4, …):
    the changes a B10 replay undoes, and the steps whose acting card is the one revealed."""
    return frozenset(s.balcony_rule for s in CARDS.values() if s.balcony_prestige)


def conspire_rank(name: str) -> int:
    """The bots' hint: how soon the heuristic policy Conspires this card (lowest first)."""
    return CARDS[name].conspire_rank


#: a card as the rules pages list the family: with its printed Prestige, its copies said in
#: words when a family holds several (the catalog's ``family`` group)
_COPIES = {2: "family.two", 3: "family.three", 4: "family.four"}


def family_fields() -> dict[str, str]:
    """The family as a text for learners writes it, computed from the registry and said in
    the catalog's words: the fields a page of data/rules_pages.toml may name
    (``{peasant_count}`` …; :func:`fill_family`)."""
    def listed(names: Iterable[str]) -> str:
        return format(Join(Msg(_COPIES.get(CARDS[name].copies, "family.card"),
                               {"card": name, "prestige": CARDS[name].prestige})
                           for name in dict.fromkeys(names)), "")

    return {
        "peasant_count": str(len(STARTING_DECK)),
        "noble_count": str(len(PARLOR_NOBLES)),
        "starting_deck": listed(STARTING_DECK),
        "parlor_nobles": listed(PARLOR_NOBLES),
        "exiled_order": format(Join(Msg("family.exiled-top", {"card": n}) if k == 0 else n
                                    for k, n in enumerate(EXILED_ORDER)), ""),
        "family_count": str(len(family(False))),
        "expansion_family_count": str(len(family(True))),
    }


def fill_family(text: str) -> str:
    """``text`` with each ``{field}`` of :func:`family_fields` filled in; an unknown field is
    a KeyError naming the fields there are."""
    fields = family_fields()

    def field(match: re.Match[str]) -> str:
        if match.group(1) not in fields:
            raise KeyError(  # i18n: developer (a shipped text names a field that does not exist)
                f"unknown field {{{match.group(1)}}}; the fields are {', '.join(fields)}")
        return fields[match.group(1)]

    return re.sub(r"\{(\w+)\}", field, text)


def convoke_value(name: str) -> int:
    """What one discarded card counts towards a Convoke total: the one definition (P5)."""
    return SERVANT_CONVOKE_VALUE if name == "Servant" else CARDS[name].prestige


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
    return str(convoke_sum_message(names, litter))


def convoke_sum_message(names: Iterable[str], litter: bool) -> Msg:
    """:func:`convoke_sum` as a message of the catalog, rendered when shown."""
    names = list(names)
    terms: list[Msg] = [Msg("convoke.term", {"card": name, "value": CONVOKE_VALUE[name]})
                        for name in names]
    total = sum(CONVOKE_VALUE[name] for name in names)
    if litter:
        terms.append(Msg("convoke.litter-term", {"value": LITTER_BONUS}))
        total += LITTER_BONUS
    if not terms:
        return Msg("convoke.zero")
    return Msg("convoke.sum", {"terms": Join(terms, "list.plus"), "total": total})


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
            raise CrownsError(_text("crowns-error.unknown-card", card=repr(key), cards=Join(CARDS)))
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise CrownsError(_text("crowns-error.not-whole", card=name, got=repr(value)))
        table[name] = value
    return table


def load_crowns_file(path: str | Path) -> dict[str, int]:
    """Read a crowns data file: TOML ``[crowns]`` table or top-level ``Card = n`` pairs."""
    from . import files  # the safe reader: regular files of bounded size only
    try:
        data = files.parse_toml(files.read_text(path, files.CROWNS_FILE), str(path))
    except files.FileInputError as exc:
        raise CrownsError(str(exc)) from None
    table = data.get("crowns", data)
    if not isinstance(table, dict):
        raise CrownsError(_text("crowns-error.not-table", path=path))
    try:
        return merge_crowns(table)
    except CrownsError as exc:
        raise CrownsError(_text("crowns-error.in-file", path=path, error=exc)) from None


for _spec in _DEFINITIONS:
    CARDS[_spec.name] = _spec
_derive()


def __getattr__(name: str) -> str:
    """``CROWNS_NOTE``: the note on the crowns ("crowns are provisional (ruling M9) …"), the
    catalog's ``cards-note.crowns`` in the catalog in use."""
    if name == "CROWNS_NOTE":
        return _text("cards-note.crowns")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n: developer
