"""Scenario files (TOML): strict loading, the round they describe, and `[expect]` checks.

A scenario is one round as told at the table (see docs/scenario-format.md). Every error
is a :class:`ScenarioError` whose message names the file, the player and key at fault,
and what is allowed.
"""
from __future__ import annotations

import itertools
import random
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from . import decisions as D
from .cards import (CARDS, EXILED_ORDER, PARLOR_NOBLES, CrownsError, canonical, family,
                    merge_crowns)
from .decisions import AutoDecider, DecisionError
from .rulings import RULINGS
from .draw import draw_step
from .round import Round
from .state import Card, PlayerState
from .trace import Trace
from .variants import VariantError, check_variants

TOP_KEYS = ("title", "description", "expansion", "first", "variants", "player", "expect",
            "rulings", "seed", "crowns", "final_round", "next_draw")
PLAYER_KEYS = ("name", "garden", "conspire", "convoke", "passes", "hand", "parlor", "deck",
               "discard_pile", "scored", "exiled")
ZONE_KEYS = ("hand", "parlor", "deck", "discard_pile", "scored", "exiled")
GARDEN_CHOICES = {"Bard": ("target", "reveal"), "Scribe": ("discard", "also_score"),
                  "Oracle": ("peek",)}
CONSPIRE_CHOICES = {"Witch": ("target", "delta"), "Merchant": ("target",), "Scribe": ("target",),
                    "Damsel": ("target",), "Courtisan": ("target", "give"),
                    "Squire": ("exchange",), "Bishop": ("target",), "Bard": ("discard",),
                    "Oracle": ("keep",)}
EXPECT_KEYS = ("winners", "scored", "convoked", "exiled", "lowest_wins", "next_first",
               "game_over", "prestige", "phase2_order", "litter", "end_reason",
               "final_round_next", "oracle_draw", "ranking", "crowns", "next_hands", "garden",
               "balcony")
OPTIONAL_CHOICES = ("peek", "also_score")


class ScenarioError(Exception):
    """An invalid scenario: the message names file, player, key and what is allowed."""


class MissingChoice(DecisionError):
    pass


@dataclass
class PlayerSpec:
    name: str
    garden: str
    garden_choices: dict
    conspire: str | None = None
    conspire_choices: dict = field(default_factory=dict)
    convoke: dict | None = None
    passes: bool = False
    zones: dict = field(default_factory=dict)  # zone -> list of names (None: default)


@dataclass
class Scenario:
    path: str
    title: str
    description: str
    expansion: bool
    first: str
    variants: frozenset
    players: list[PlayerSpec]
    rulings: list[str]
    seed: int
    crowns: dict | None
    final_round: bool
    next_draw: bool
    expect: dict | None
    warnings: list[str] = field(default_factory=list)
    _layout: list | None = field(default=None, repr=False, compare=False)
    _cards: list | None = field(default=None, repr=False, compare=False)
    _by_name: dict | None = field(default=None, repr=False, compare=False)

    def spec(self, name: str) -> PlayerSpec:
        if self._by_name is None:
            self._by_name = {p.name: p for p in self.players}
        return self._by_name[name]


# ------------------------------------------------------------------- loading
def load(path: str | Path) -> Scenario:
    path = str(path)
    if Path(path).is_dir():
        raise ScenarioError(f"{path}: is a folder, not a scenario file (to run every scenario "
                            f"in a folder: aristofarsa check {path})")
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a text file (a scenario is UTF-8 TOML)") from None
    return loads(text, path)


def loads(text: str, path: str = "<scenario>") -> Scenario:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: not valid TOML: {exc}") from None
    return _Validator(path, data).scenario()


class _Validator:
    def __init__(self, path: str, data: dict):
        self.path = path
        self.data = data

    def fail(self, msg: str, player: str | None = None):
        where = f"player {player!r}: " if player else ""
        raise ScenarioError(f"{self.path}: {where}{msg}")

    def typed(self, table, key, kind, what, player=None, default=None):
        if key not in table:
            return default
        value = table[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(f"`{key}` must be {what}, not {value!r}", player)
        if kind is not int and not isinstance(value, kind):
            self.fail(f"`{key}` must be {what}, not {value!r}", player)
        return value

    def card(self, value, where: str, player=None) -> str:
        name = canonical(value, expansion=True)
        if name is None:
            allowed = ", ".join(n for n in CARDS if self.expansion or not CARDS[n].expansion)
            self.fail(f"`{where}`: {value!r} is not a card name; cards are {allowed}", player)
        if CARDS[name].expansion and not self.expansion:
            self.fail(f"`{where}`: {name} is an Exiled expansion card; set `expansion = true` to "
                      "use it", player)
        return name

    def cards(self, table, key, player) -> list[str] | None:
        if key not in table:
            return None
        value = table[key]
        if not isinstance(value, list):
            self.fail(f"`{key}` must be a list of card names, not {value!r}", player)
        return [self.card(v, key, player) for v in value]

    def scenario(self) -> Scenario:
        d = self.data
        for key in d:
            if key not in TOP_KEYS:
                self.fail(f"unknown key `{key}`; allowed top-level keys: {', '.join(TOP_KEYS)}")
        title = self.typed(d, "title", str, "text", default="")
        description = self.typed(d, "description", str, "text", default="")
        self.expansion = self.typed(d, "expansion", bool, "true or false", default=False)
        try:
            variants = check_variants(d.get("variants", []))
        except VariantError as exc:
            self.fail(f"`variants`: {exc}")
        rulings = self.typed(d, "rulings", list, "a list of ruling IDs", default=[])
        for r in rulings:
            if r not in RULINGS:
                self.fail(f"`rulings`: unknown ruling ID {r!r}; known: {', '.join(RULINGS)}")
        seed = self.typed(d, "seed", int, "a whole number", default=0)
        if seed < 0:  # Python's generator treats -n like n
            self.fail(f"`seed` must be a whole number >= 0, not {seed}")
        crowns = self.typed(d, "crowns", dict, "a table of card = crowns", default=None)
        if crowns is not None:
            try:
                crowns = merge_crowns(crowns)
            except CrownsError as exc:
                self.fail(str(exc))
        final_round = self.typed(d, "final_round", bool, "true or false", default=False)
        next_draw = self.typed(d, "next_draw", bool, "true or false", default=False)
        raw_players = d.get("player")
        if not isinstance(raw_players, list) or not all(isinstance(p, dict) for p in raw_players):
            self.fail("needs [[player]] tables, one per player in seating order (3 to 6, M8)")
        if not 3 <= len(raw_players) <= 6:
            self.fail(f"{len(raw_players)} players; Aristofarsa is for 3 to 6 players (M8)")
        players = [self.player(p, k) for k, p in enumerate(raw_players)]
        names = [p.name for p in players]
        lower = [n.lower() for n in names]
        for n in names:
            if lower.count(n.lower()) > 1:
                self.fail(f"two players are named {n!r}; names must be unique")
        self.names = names
        first = d.get("first", names[0])
        if not isinstance(first, str) or self.player_name(first) is None:
            self.fail(f"`first` = {first!r} is not a player; players are {', '.join(names)}")
        first = self.player_name(first)
        places = [self.zone_places(p) for p in players]
        expect = self.typed(d, "expect", dict, "a table", default=None)
        if expect is not None:
            for key in expect:
                if key not in EXPECT_KEYS:
                    self.fail(f"[expect]: unknown key `{key}`; allowed: {', '.join(EXPECT_KEYS)}")
        sc = Scenario(self.path, title, description, self.expansion, first, variants, players,
                      rulings, seed, crowns, final_round, next_draw, expect)
        zones, drawn = _layout(sc)
        for k, p in enumerate(players):
            held = len(zones[k]["hand"])
            if held != 3:
                sc.warnings.append(
                    f"{self.path}: player {p.name!r} starts the round with {held} card"
                    f"{'' if held == 1 else 's'} (garden + Phase-2 cards + `hand`"
                    f"{' + Scribe discard - drawn card' if p.garden == 'Scribe' else ''}); after "
                    "a Draw step every hand holds exactly 3 — is a card missing from `hand`?")
            if drawn[k] is not None:  # the Scribe's draw moved it out of the deck / discard pile
                where = places[k][drawn[k]]
                where.remove("deck" if "deck" in where else "discard_pile")
            self.count(p, places[k])
        return sc

    def player_name(self, value):
        if not isinstance(value, str):
            return None
        for n in self.names:
            if n.lower() == value.strip().lower():
                return n
        return None

    def player(self, t: dict, k: int) -> PlayerSpec:
        name = t.get("name")
        if not isinstance(name, str) or not name.strip():
            self.fail(f"[[player]] number {k + 1} needs a `name` (text)")
        name = name.strip()
        for key in t:
            if key not in PLAYER_KEYS:
                hint = (f" (`{key}` is a top-level key: write it before the first [[player]], "
                        "or TOML puts it inside that player's table)" if key in TOP_KEYS else "")
                self.fail(f"unknown key `{key}`; allowed player keys: {', '.join(PLAYER_KEYS)}{hint}",
                          name)
        if "garden" not in t:
            self.fail("missing `garden` (the card played in the Ball Garden)", name)
        garden, gchoices = self.card_with_choices(t["garden"], "garden", GARDEN_CHOICES, name)
        spec = PlayerSpec(name, garden, gchoices)
        has = [k for k in ("conspire", "convoke", "passes") if k in t]
        if len(has) != 1:
            self.fail("needs exactly one Phase-2 action: `conspire` or `convoke` (or `passes = "
                      "true` when no action is possible, P8)" + (f"; got {', '.join(has)}" if has else ""), name)
        if "conspire" in t:
            spec.conspire, spec.conspire_choices = self.card_with_choices(
                t["conspire"], "conspire", CONSPIRE_CHOICES, name, garden)
        elif "convoke" in t:
            c = t["convoke"]
            if not isinstance(c, dict):
                self.fail("`convoke` must be a table { discard = [cards], take = noble }", name)
            for key in c:
                if key not in ("discard", "take"):
                    self.fail(f"`convoke`: unknown key `{key}`; allowed: discard, take", name)
            discard = self.cards(c, "discard", name)
            if discard is None:
                self.fail("`convoke.discard` is required: every card left in hand (P5)", name)
            take = c.get("take")
            if take is not None:
                take = self.card(take, "convoke.take", name)
                if take not in PARLOR_NOBLES:
                    self.fail(f"`convoke.take` = {take} is not a Parlor Noble; allowed: "
                              f"{', '.join(PARLOR_NOBLES)}", name)
            spec.convoke = {"discard": discard, "take": take}
        else:
            if t["passes"] is not True:
                self.fail("`passes` can only be true", name)
            spec.passes = True
        for key in ZONE_KEYS:
            spec.zones[key] = self.cards(t, key, name)
        if spec.zones["exiled"] is not None and not self.expansion:
            self.fail("`exiled` needs the Exiled expansion (`expansion = true`)", name)
        return spec

    def card_with_choices(self, value, where, table, player, garden=None):
        if isinstance(value, str):
            return self.card(value, where, player), {}
        if not isinstance(value, dict) or "card" not in value:
            self.fail(f"`{where}` must be a card name or a table {{ card = ..., <choices> }}", player)
        card = self.card(value["card"], f"{where}.card", player)
        allowed = set(table.get(card, ()))
        if where == "garden" and self.expansion:
            allowed.add("also_score")  # a Scribe exchanged into the Garden may score (M5, X4)
        if card == "Elder" and where == "conspire" and garden is not None:
            allowed |= set(CONSPIRE_CHOICES.get(garden, ()))
        choices = {}
        for key, v in value.items():
            if key == "card":
                continue
            if key == "replay" and where == "conspire" and isinstance(v, dict):
                for rk in v:
                    if rk not in allowed:
                        self.fail(f"`{where}.replay.{rk}` is not a choice of {card}; allowed: "
                                  f"{', '.join(sorted(allowed)) or 'none'}", player)
                choices["replay"] = v
                continue
            if key not in allowed:
                self.fail(f"`{where}.{key}` is not a choice of {card} ({where}); allowed: "
                          f"{', '.join(sorted(allowed)) or 'none (it takes no choices)'}", player)
            choices[key] = v
        return card, choices

    def zone_places(self, p: PlayerSpec) -> dict[str, list[str]]:
        """Where each card of the player is said to be; fills the Parlor / Exiled defaults."""
        places: dict[str, list[str]] = {}

        def put(card, where):
            places.setdefault(card, []).append(where)

        put(p.garden, "garden")
        if p.garden == "Scribe" and isinstance(p.garden_choices.get("discard"), str):
            put(self.card(p.garden_choices["discard"], "garden.discard", p.name), "garden.discard")
        if p.conspire:
            put(p.conspire, "conspire")
        if p.convoke:
            for c in p.convoke["discard"]:
                put(c, "convoke.discard")
        for zone in ("hand", "deck", "discard_pile", "scored"):
            for c in p.zones[zone] or []:
                put(c, zone)
        take = p.convoke["take"] if p.convoke else None
        if p.zones["parlor"] is None:
            elsewhere = set(places)
            p.zones["parlor"] = [n for n in PARLOR_NOBLES if n not in elsewhere]
            if take is not None and take in elsewhere:
                self.fail(f"`convoke.take` = {take}, but this player's {take} is already in "
                          f"{', '.join(places[take])}; a family has one {take}", p.name)
        else:
            for c in p.zones["parlor"]:
                if c not in PARLOR_NOBLES:
                    self.fail(f"`parlor`: {c} cannot sit in a Parlor; allowed: "
                              f"{', '.join(PARLOR_NOBLES)} (X1)", p.name)
            if take is not None and take not in p.zones["parlor"]:
                self.fail(f"`convoke.take` = {take} is not in the Parlor "
                          f"({', '.join(p.zones['parlor']) or 'empty'})", p.name)
        for c in p.zones["parlor"]:
            put(c, "parlor")
        if self.expansion:
            if p.zones["exiled"] is None:
                p.zones["exiled"] = [c for c in EXILED_ORDER if c not in places]
            for c in p.zones["exiled"]:
                put(c, "exiled")
        return places

    def count(self, p: PlayerSpec, places: dict[str, list[str]]) -> None:
        """No card more often than a family has it (this also catches a card in two places)."""
        limit = Counter(family(self.expansion))
        for card, where in places.items():
            if len(where) > limit[card]:
                self.fail(f"{len(where)} copies of {card} ({', '.join(where)}), but a family has "
                          f"{limit[card]}", p.name)


# ------------------------------------------------------------------- running
class ScenarioDecider:
    """Answers the engine's requests from the scenario file."""

    auto = False

    def __init__(self, sc: Scenario):
        self.sc = sc
        self.asked_action: set[str] = set()

    def miss(self, req, what):
        raise MissingChoice(req, f"player {req.owner!r}, {req.source} ({req.card or req.kind}): "
                                 f"{what}; allowed: {req.describe_options()}")

    def decide(self, req):
        spec = self.sc.spec(req.owner)
        kind = req.kind
        if kind == D.GARDEN:
            return spec.garden
        if kind == D.ACTION:
            return self.action(req, spec)
        if kind == D.CONSPIRE:
            return spec.conspire
        if kind == D.TAKE:
            if spec.convoke["take"] is None:
                self.miss(req, "`convoke.take` is missing (the Noble taken)")
            return spec.convoke["take"]
        table = spec.garden_choices if req.source == "garden" else spec.conspire_choices
        if req.replay:
            if kind not in table.get("replay", {}):
                self.miss(req, f"the choice `{kind}` = {table.get(kind)!r} became illegal when a "
                          "Bishop's cancellation replayed the Balcony (B10); give the new choice "
                          f"in a `replay` table, e.g. `replay = {{ {kind} = ... }}`")
            value = table["replay"][kind]
        elif kind in table:
            value = table[kind]
        elif kind in OPTIONAL_CHOICES:
            return None
        else:
            self.miss(req, f"choice `{kind}` is missing")
        return self.convert(req, value)

    def action(self, req, spec):
        self.asked_action.add(spec.name)
        if spec.passes:
            raise DecisionError(req, f"player {spec.name!r}: `passes = true`, but {spec.name} can "
                                     f"{' or '.join(req.options)} (P8 applies only when neither is possible)")
        if spec.conspire:
            return "conspire"
        hand = sorted(req.context or [])
        if sorted(spec.convoke["discard"]) != hand:
            raise DecisionError(req, f"player {spec.name!r}: `convoke.discard` = "
                                     f"{spec.convoke['discard']} but Convoke discards every card "
                                     f"left in hand, which is {hand or 'nothing'} (P5)")
        if "convoke" not in req.options:
            raise DecisionError(req, f"player {spec.name!r}: cannot Convoke: no Noble in the Parlor "
                                     "is affordable with those cards (P5; the variant convoke-nothing "
                                     "allows it)")
        return "convoke"

    def convert(self, req, value):
        kind = req.kind
        if kind in (D.TARGET, D.PEEK):
            for n in (p.name for p in self.sc.players):
                if isinstance(value, str) and n.lower() == value.strip().lower():
                    return n
            return value
        if kind == D.DELTA:
            return value if isinstance(value, int) and not isinstance(value, bool) else value
        if kind == D.EXCHANGE:
            if value is False:
                return None
            if value is True:
                if len(req.options) == 1:
                    return req.options[0]
                raise DecisionError(req, f"player {req.owner!r}, conspire (Squire): `exchange = "
                                         f"true` but the hand holds several cards; name one of: "
                                         f"{req.describe_options()}")
        if kind == D.KEEP:
            if not isinstance(value, list):
                return value
            return [canonical(v) or v for v in value]
        if kind in (D.REVEAL, D.DISCARD, D.GIVE, D.ALSO_SCORE, D.EXCHANGE):
            return canonical(value) or value
        return value


def _layout(sc: Scenario) -> tuple[list[dict[str, list[str]]], list]:
    """Card names per zone at the start of Phase 1, reconstructed from the file, and the
    card each Garden Scribe draws (None if no Scribe or nothing to draw).

    Cards held before Phase 1 = Garden card + Phase-2 cards + `hand` (+ a Garden Scribe's
    discard, - the card it draws: the top of `deck`, or of the shuffled `discard_pile`).
    """
    if sc._layout is not None:
        return sc._layout
    preview = random.Random(sc.seed)
    drawn_cards: list = [None] * len(sc.players)
    first = [p.name for p in sc.players].index(sc.first)
    n = len(sc.players)
    layout: list = [None] * n
    for k in [(first + j) % n for j in range(n)]:
        spec = sc.players[k]
        hand = [spec.garden]
        if spec.conspire:
            hand.append(spec.conspire)
        if spec.convoke:
            hand += spec.convoke["discard"]
        hand += spec.zones["hand"] or []
        if spec.garden == "Scribe":
            deck = list(spec.zones["deck"] or [])
            discard = list(spec.zones["discard_pile"] or [])
            if "discard" in spec.garden_choices:
                hand.append(canonical(spec.garden_choices["discard"]) or str(spec.garden_choices["discard"]))
            elif len(hand) > 1 or deck or discard:
                # the rest of the file depends on which card was discarded: no --auto here
                raise ScenarioError(
                    f"{sc.path}: player {spec.name!r}: the Garden Scribe needs `garden.discard`, "
                    "the card discarded after its draw (X4); it may be the drawn card")
            if not deck and discard:
                preview.shuffle(discard)  # the same draws the real generator will make (D1)
                deck = discard
            if deck:
                drawn = deck[0]
                if drawn not in hand[1:]:
                    raise ScenarioError(
                        f"{sc.path}: player {spec.name!r}: the Garden Scribe draws {drawn} (top of "
                        f"`deck`, or the shuffled `discard_pile`), so {drawn} must be in `hand`, "
                        "the Phase-2 cards or the Scribe's `discard`")
                hand.pop(hand.index(drawn, 1))
                drawn_cards[k] = drawn
        zones = {"hand": hand}
        for zone, key in (("deck", "deck"), ("discard", "discard_pile"), ("parlor", "parlor"),
                          ("scored", "scored"), ("exiled", "exiled")):
            zones[zone] = list(spec.zones[key] or [])
        layout[k] = zones
    sc._layout = (layout, drawn_cards)
    return sc._layout


def build_players(sc: Scenario) -> tuple[list[PlayerState], random.Random]:
    """Fresh players' zones at the start of Phase 1, and the round's one generator (M10)."""
    if sc._cards is None:
        # Cards never change (only the zones holding them do), so they are made once per
        # scenario; every run gets fresh zone lists over them.
        uid = itertools.count(1)
        sc._cards = [{zone: [Card(next(uid), n, k) for n in names] for zone, names in zones.items()}
                     for k, zones in enumerate(_layout(sc)[0])]
    players = []
    for k, zones in enumerate(sc._cards):
        pl = PlayerState(k, sc.players[k].name)
        pl.hand = list(zones["hand"])
        pl.deck = list(zones["deck"])
        pl.discard = list(zones["discard"])
        pl.parlor = list(zones["parlor"])
        pl.scored = list(zones["scored"])
        pl.exiled = list(zones["exiled"])
        players.append(pl)
    return players, random.Random(sc.seed)


def run(sc: Scenario, variants=(), auto: bool = False, trace: bool = True,
        crowns: dict[str, int] | None = None):
    """Resolve the scenario's round. Raises ScenarioError for anything invalid.

    ``variants`` add to the file's; ``crowns`` (a full table, e.g. from a crowns file)
    replaces the file's and the provisional values.
    """
    try:
        extra = check_variants(list(variants))
    except VariantError as exc:
        raise ScenarioError(f"{sc.path}: --variant: {exc}") from None
    players, rng = build_players(sc)
    base = ScenarioDecider(sc)
    decider = _AutoForMissing(base, AutoDecider()) if auto else base
    names = [p.name for p in sc.players]
    r = Round(players, names.index(sc.first), decider,
              variants=sc.variants | extra, expansion=sc.expansion, rng=rng,
              trace=Trace(trace), final_round=sc.final_round, crowns=crowns or sc.crowns)
    if r.t:
        r.log("setup", "M1", f"Seats: {', '.join(names)} ({len(names)} players, M8); {sc.first} "
              "plays first this round."
              + (f" Variants: {', '.join(sorted(sc.variants | extra))}." if sc.variants | extra else "")
              + (" Exiled expansion in play." if sc.expansion else ""), see=["M8"])
    try:
        result = r.play()
        for spec in sc.players:
            if (spec.conspire or spec.convoke) and spec.name not in base.asked_action:
                raise ScenarioError(f"{sc.path}: player {spec.name!r}: has no legal Phase-2 "
                                    f"action (no card to conspire, no affordable Noble), so "
                                    f"`{'conspire' if spec.conspire else 'convoke'}` cannot happen; "
                                    "write `passes = true` (P8)")
        if sc.next_draw and not result.game_over:
            r.phase = "draw"
            r.step_id = ("draw", 0)
            r.log("phase", "D1", "The next round's Draw step (next_draw = true).")
            short = draw_step(r, names.index(result.next_first),
                              [names.index(n) for n in result.oracle_draw])
            result.next_hands = {pl.name: pl.hand_names() for pl in r.players}
            if short:
                result.game_over = True
                result.end_reason = "cannot-refill"
                result.final_round_next = False
        elif sc.next_draw:
            result.next_hands = {pl.name: pl.hand_names() for pl in r.players}
        if r.t:
            r.phase = "end"
            if not sc.next_draw and "M11" in sc.rulings:
                # a note on the file format, not a rule of the game: shown only in the
                # lessons about it (docs/scenario-format.md says it for every file)
                r.log("scope", "M11", "A scenario is one round: game_over reports what this round "
                      "decides (E1, an Aristocrat worst in X2, a final round after E3); whether the "
                      "next Draw step can refill every hand (E2) is checked only with next_draw.",
                      see=["E2"])
            table = "crowns as given" if sc.crowns or crowns else "provisional crowns, M9"
            totals = result.crowns
            r.log("standings", "E4", f"Standings after this round ({table}): "
                  + "; ".join(", ".join(f"{n} {totals[n]}" for n in place)
                              for place in result.ranking) + ".", see=["M9"])
    except DecisionError as exc:
        active = sorted(sc.variants | extra)
        note = f" (variants in play: {', '.join(active)})" if active else ""
        raise ScenarioError(f"{sc.path}: {exc}{note}") from None
    result.extra["crowns_provisional"] = sc.crowns is None and crowns is None
    result.extra["players"] = r.players
    return result


class _AutoForMissing:
    """--auto: only *missing* choices fall back to the auto policy; wrong ones stay errors."""

    def __init__(self, first, fallback):
        self.first = first
        self.fallback = fallback
        self.auto = False

    def decide(self, req):
        try:
            self.auto = False
            return self.first.decide(req)
        except MissingChoice:
            self.auto = True
            return self.fallback.decide(req)


# ------------------------------------------------------------------- [expect]
MULTISET_FIELDS = ("scored", "convoked", "exiled", "next_hands")


def check_expect(sc: Scenario, result) -> list[str]:
    """Mismatches between `[expect]` and the result, one message per field (and player)."""
    problems = []
    for key, want in (sc.expect or {}).items():
        got = result.field(key)
        if key in MULTISET_FIELDS or key in ("prestige", "crowns"):
            if not isinstance(want, dict):
                problems.append(f"{key}: expected a table of player = value, got {want!r}")
                continue
            names = {n.lower(): n for n in (got or {})}
            for player, w in want.items():
                g = (got or {}).get(names.get(str(player).lower(), player), "<no such player>")
                if key in MULTISET_FIELDS and isinstance(w, list) and isinstance(g, list):
                    wn = sorted(canonical(x) or x for x in w)
                    if wn != sorted(g):
                        problems.append(f"{key}.{player}: expected {sorted(w)}, got {sorted(g)}")
                elif w != g:
                    problems.append(f"{key}.{player}: expected {w!r}, got {g!r}")
        elif key == "ranking":
            norm = lambda places: [sorted(p) for p in places] if isinstance(places, list) else places
            if norm(want) != norm(got):
                problems.append(f"ranking: expected {want!r}, got {got!r}")
        elif want != got:
            problems.append(f"{key}: expected {want!r}, got {got!r}")
    return problems

