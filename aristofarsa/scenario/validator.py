"""The scenario validator: parsed TOML data -> a :class:`Scenario`, or a :class:`ScenarioError`.

Checks every key, type, name, card, count and reference before any round runs, so that a
file that validates can be resolved, and every message names the file, the player and
key at fault, and what is allowed (see docs/scenario-format.md#errors).
"""
from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn

from ..core.cards import CARDS, EXILED_ORDER, PARLOR_NOBLES, CrownsError, canonical, family, merge_crowns
from ..core.files import cut, short
from ..core.messages import Join, Msg, text
from ..core.rulings import MAX_PLAYERS, MIN_PLAYERS, RULINGS
from ..core.variants import VARIANTS, VariantError, check_variants
from .model import (
    CONSPIRE_CHOICES,
    EXPECT_KEYS,
    GARDEN_CHOICES,
    PLAYER_KEYS,
    TOP_KEYS,
    ZONE_KEYS,
    PlayerSpec,
    Problem,
    Scenario,
    ScenarioError,
    at,
)
from .zones import layout, phase2_cards

#: Longest player name, title and description (characters).
MAX_NAME, MAX_TITLE, MAX_DESCRIPTION = 40, 200, 20_000
#: What each choice key holds: a player's name, a card name, a whole number, ...
CHOICE_TYPES = {"target": "player", "peek": "player", "delta": "number", "reveal": "card",
                "discard": "card", "give": "card", "also_score": "card", "exchange": "card-or-false",
                "keep": "cards"}
CHOICE_ALLOWED = {"player": Msg("scenario-what.player"), "number": Msg("scenario-what.number"),
                  "card": Msg("scenario-what.card"), "card-or-false": Msg("scenario-what.card-or-false"),
                  "cards": Msg("scenario-what.cards")}
#: What each `[expect]` key holds (the same shapes as `resolve --json`).
EXPECT_TYPES = {"winners": "names", "phase2_order": "names", "oracle_draw": "names",
                "scored": "cards-by-player", "convoked": "cards-by-player",
                "exiled": "cards-by-player", "next_hands": "cards-by-player",
                "prestige": "number-by-player", "crowns": "number-by-player",
                "lowest_wins": "bool", "game_over": "bool", "final_round_next": "bool",
                "next_first": "name", "litter": "name", "end_reason": "text",
                "ranking": "places", "garden": "garden", "balcony": "balcony"}
EXPECT_ALLOWED = {"names": Msg("scenario-what.names"),
                  "cards-by-player": Msg("scenario-what.cards-by-player"),
                  "number-by-player": Msg("scenario-what.number-by-player"),
                  "bool": Msg("scenario-what.bool"), "name": Msg("scenario-what.player"),
                  "text": Msg("scenario-what.text"), "places": Msg("scenario-what.places"),
                  "garden": Msg("scenario-what.garden"), "balcony": Msg("scenario-what.balcony")}
#: Whole numbers in a scenario are small: Prestige, crowns, seeds.
MAX_NUMBER = 2**63


def validate(data: dict[str, Any], path: str = "<scenario>") -> Scenario:
    """The scenario described by ``data`` (a parsed TOML document)."""
    if not isinstance(data, dict):
        raise ScenarioError(at(path, Msg("scenario-error.document")))
    return Validator(path, data).scenario()


def problems(data: Any, path: str = "<scenario>") -> list[str]:
    """Every independent problem of ``data``, worded as :func:`validate` words them, the one it
    raises first; [] when ``data`` is a valid scenario (see :meth:`Validator.problems`). Each
    is a :class:`Problem`: its text, and its message as the catalog's ID and fields."""
    if not isinstance(data, dict):
        return [Problem(at(path, Msg("scenario-error.document")))]
    return Validator(path, data).problems()



def text_problem(value: str, multiline: bool = False) -> str | None:
    """Why ``value`` cannot be shown as it is (control or format characters), or None."""
    for ch in value:
        if multiline and ch in "\n\t":
            continue
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            return text("scenario-error.control-multiline" if multiline else "scenario-error.control",
                        char=ascii(ch))
    return None


def name_problem(value: str) -> str | None:
    """Why ``value`` cannot be a player's name, or None."""
    if len(value) > MAX_NAME:
        return text("scenario-error.name-too-long", length=len(value), limit=MAX_NAME)
    problem = text_problem(value)
    if problem:
        return problem
    bad = [ch for ch in "|<>`" if ch in value]
    if bad:
        return text("scenario-error.name-markup", chars=Join(bad, "scenario-error.space"))
    return None


class Validator:
    """Checks one parsed scenario document; :meth:`scenario` builds the result."""

    def __init__(self, path: str, data: dict[str, Any]) -> None:
        self.path = path
        self.data = data
        self.expansion = False
        self.names: list[str] = []

    def fail(self, problem: str | Msg, player: str | None = None) -> NoReturn:
        """Stop with ``problem`` (a catalog message), said of this file and ``player``."""
        raise ScenarioError(at(self.path, problem, player or None))

    def bad(self, id: str, player: str | None = None, **fields: Any) -> NoReturn:
        """:meth:`fail` with the catalog's message ``id`` filled with ``fields``."""
        self.fail(Msg(id, fields), player)

    def typed(self, table: dict[str, Any], key: str, kind: type, what: Msg,
              player: str | None = None, default: Any = None) -> Any:
        if key not in table:
            return default
        value = table[key]
        if (kind is int and (isinstance(value, bool) or not isinstance(value, int))
                or kind is not int and not isinstance(value, kind)):
            self.bad("scenario-error.must-be", player, key=key, what=what, value=short(value))
        if kind is int and abs(value) >= MAX_NUMBER:
            self.bad("scenario-error.must-be-below", player, key=key, what=what, value=short(value))
        return value

    def text(self, key: str, limit: int, multiline: bool) -> str:
        value: str = self.typed(self.data, key, str, Msg("scenario-what.text"), default="")
        if len(value) > limit:
            self.bad("scenario-error.too-long", key=key, length=len(value), limit=limit)
        problem = text_problem(value, multiline)
        if problem:
            self.bad("scenario-error.text-control-multiline" if multiline
                     else "scenario-error.text-control", key=key, problem=problem)
        return value

    def card(self, value: Any, where: str, player: str | None = None) -> str:
        name = canonical(value, expansion=True)
        if name is None:
            allowed = Join(n for n in CARDS if self.expansion or not CARDS[n].expansion)
            self.bad("scenario-error.not-a-card", player, where=where, value=short(value), cards=allowed)
        if CARDS[name].expansion and not self.expansion:
            self.bad("scenario-error.expansion-card", player, where=where, card=name)
        return name

    def cards(self, table: dict[str, Any], key: str, player: str) -> list[str] | None:
        if key not in table:
            return None
        value = table[key]
        if not isinstance(value, list):
            self.bad("scenario-error.not-card-list", player, key=key, value=short(value))
        return [self.card(v, key, player) for v in value]

    def scenario(self) -> Scenario:
        d = self.data
        head = self.header()
        players = [self.player(p, k) for k, p in enumerate(self.player_tables())]
        names = self.unique_names([p.name for p in players])
        for p in players:
            self.check_choices(p)
        first = d.get("first", names[0])
        first_name = self.player_name(first)
        if first_name is None:
            self.bad("scenario-error.not-a-player", key="first", value=short(first), players=Join(names))
        places = [self.zone_places(p, players) for p in players]
        expect = self.typed(d, "expect", dict, Msg("scenario-what.table"), default=None)
        if expect is not None:
            self.check_expect_types(expect)
        sc = Scenario(self.path, head["title"], head["description"], self.expansion, first_name,
                      head["variants"], players, head["rulings"], head["seed"], head["crowns"],
                      head["final_round"], head["next_draw"], expect)
        zones, drawn = layout(sc)
        for k, p in enumerate(players):
            held = len(zones[k]["hand"])
            if held != 3:
                sc.warnings.append(Problem(at(self.path, Msg(
                    "scenario-error.hand-scribe" if p.garden == "Scribe" else "scenario-error.hand",
                    {"player": repr(p.name), "count": held}))))
            card_drawn = drawn[k]
            if card_drawn is not None:  # the Scribe's draw moved it out of the deck / discard pile
                where = places[k][card_drawn]
                where.remove("deck" if "deck" in where else "discard_pile")
            self.count(p, places[k])
        return sc

    def header(self) -> dict[str, Any]:
        """The top-level keys but the players, `first` and `[expect]`; sets ``self.expansion``."""
        d = self.data
        for key in d:
            if key not in TOP_KEYS:
                self.bad("scenario-error.unknown-key", key=cut(key), allowed=Join(TOP_KEYS))
        title = self.text("title", MAX_TITLE, multiline=False)
        description = self.text("description", MAX_DESCRIPTION, multiline=True)
        self.expansion = self.typed(d, "expansion", bool, Msg("scenario-what.bool"), default=False)
        raw_variants = d.get("variants", [])
        if not isinstance(raw_variants, list) or not all(isinstance(v, str) for v in raw_variants):
            self.bad("scenario-error.variants-not-list", value=short(raw_variants),
                     allowed=Join(VARIANTS))
        try:
            variants = check_variants([v if len(v) <= MAX_NAME else short(v) for v in raw_variants])
        except VariantError as exc:
            self.bad("scenario-error.variants", error=exc)
        rulings = self.typed(d, "rulings", list, Msg("scenario-what.ruling-ids"), default=[])
        for r in rulings:
            if not isinstance(r, str):
                self.bad("scenario-error.ruling-not-text", value=short(r))
            if r not in RULINGS:
                self.bad("scenario-error.ruling-unknown", value=short(r), known=Join(RULINGS))
        seed = self.typed(d, "seed", int, Msg("scenario-what.whole-number"), default=0)
        if seed < 0:  # Python's generator treats -n like n
            self.bad("scenario-error.seed-negative", seed=seed)
        crowns = self.typed(d, "crowns", dict, Msg("scenario-what.crowns"), default=None)
        if crowns is not None:
            try:
                crowns = merge_crowns(crowns)
            except CrownsError as exc:
                self.fail(str(exc))
            if any(v >= MAX_NUMBER for v in crowns.values()):
                self.bad("scenario-error.crowns-too-big")
        final_round = self.typed(d, "final_round", bool, Msg("scenario-what.bool"), default=False)
        next_draw = self.typed(d, "next_draw", bool, Msg("scenario-what.bool"), default=False)
        return {"title": title, "description": description, "variants": variants, "rulings": rulings,
                "seed": seed, "crowns": crowns, "final_round": final_round, "next_draw": next_draw}

    def player_tables(self) -> list[dict[str, Any]]:
        """The `[[player]]` tables, 3 to 6 of them."""
        raw_players = self.data.get("player")
        if not isinstance(raw_players, list) or not all(isinstance(p, dict) for p in raw_players):
            self.bad("scenario-error.no-players", min=MIN_PLAYERS, max=MAX_PLAYERS)
        if not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
            self.bad("scenario-error.players", count=len(raw_players), min=MIN_PLAYERS, max=MAX_PLAYERS)
        return raw_players

    def unique_names(self, names: list[str]) -> list[str]:
        """The players' names (now ``self.names``), none twice (ignoring case)."""
        lower = [n.lower() for n in names]
        for n in names:
            if lower.count(n.lower()) > 1:
                self.bad("scenario-error.names-twice", name=repr(n))
        self.names = names
        return names

    def problems(self) -> list[str]:
        """Every independent problem, each worded as :meth:`scenario` words it (a
        :class:`Problem`: its text and message); [] when valid.

        :meth:`scenario` stops at the first problem. Here the top-level keys, each
        ``[[player]]`` table on its own (its keys, cards, choices' types, Parlor and copies)
        and the names are judged apart, so that three mistakes by three players are all
        reported at once. The first message is always the one :meth:`scenario` raises."""
        found: list[str] = []

        def attempt(step: Callable[..., Any], *args: Any) -> Any:
            try:
                return step(*args)
            except ScenarioError as exc:
                if str(exc) not in found:
                    found.append(exc.problem)
                return None

        attempt(self.scenario)
        if not found:
            return found
        attempt(self.header)
        self.expansion = self.data.get("expansion") is True
        attempt(self.player_tables)
        raw = self.data.get("player")
        tables = [(k, t) for k, t in enumerate(raw) if isinstance(t, dict)] if isinstance(raw, list) else []
        self.names = [t["name"].strip() for _, t in tables if isinstance(t.get("name"), str)]
        for k, t in tables:
            attempt(self.player_alone, t, k)
        attempt(self.unique_names, [n for n in self.names if n])
        return found

    def player_alone(self, t: dict[str, Any], k: int) -> PlayerSpec:
        """One player's table judged without the others (the Scribe's draw, which moves a card
        between zones, is counted only with the whole round laid out)."""
        spec = self.player(t, k)
        self.check_choices(spec)
        places = self.zone_places(spec)
        if spec.garden != "Scribe":
            self.count(spec, places)
        return spec

    # ------------------------------------------------------------- value types
    def check_choices(self, p: PlayerSpec) -> None:
        """Every choice value has the type its key needs (names and cards, not numbers...)."""
        for where, table in (("garden", p.garden_choices), ("conspire", p.conspire_choices)):
            for key, value in table.items():
                if key == "replay":
                    for rkey, rvalue in value.items():
                        self.choice_value(f"{where}.replay.{rkey}", rkey, rvalue, p.name)
                else:
                    table[key] = self.choice_value(f"{where}.{key}", key, value, p.name)

    def choice_value(self, where: str, key: str, value: Any, player: str) -> Any:
        kind = CHOICE_TYPES.get(key)
        ok = True
        if kind == "player":  # a name that is no player: the engine lists the legal ones
            ok = isinstance(value, str)
            if ok and len(value) > MAX_NAME and self.player_name(value) is None:
                self.bad("scenario-error.not-a-player", player, key=where, value=short(value),
                         players=Join(self.names))
        elif kind == "number":
            ok = isinstance(value, int) and not isinstance(value, bool)
            if ok and abs(value) > 1000:
                self.bad("scenario-error.delta", player, key=where, value=short(value))
        elif kind == "card" or (kind == "card-or-false" and not isinstance(value, bool)):
            if isinstance(value, str):
                return self.card(value, where, player)
            ok = False
        elif kind == "cards":
            if isinstance(value, list) and all(isinstance(v, str) for v in value):
                return [self.card(v, where, player) for v in value]
            ok = False
        if not ok:
            self.bad("scenario-error.must-be", player, key=where, what=CHOICE_ALLOWED[kind or "card"],
                     value=short(value))
        return value

    def check_expect_types(self, expect: dict[str, Any]) -> None:
        for key, value in expect.items():
            if key not in EXPECT_KEYS:
                self.bad("scenario-error.expect-key", key=cut(key), allowed=Join(EXPECT_KEYS))
            kind = EXPECT_TYPES.get(key, "text")
            if not self.expect_ok(kind, value):
                self.bad("scenario-error.expect-type", key=key, what=EXPECT_ALLOWED[kind], value=short(value))

    @staticmethod
    def expect_ok(kind: str, value: Any) -> bool:
        def is_int(v: Any) -> bool:
            return isinstance(v, int) and not isinstance(v, bool)

        def str_list(v: Any) -> bool:
            return isinstance(v, list) and all(isinstance(x, str) for x in v)

        def tables(v: Any, fields: dict[str, Any]) -> bool:
            return isinstance(v, list) and all(
                isinstance(t, dict) and set(t) <= set(fields) and all(fields[f](x) for f, x in t.items())
                for t in v)

        def is_str(v: Any) -> bool:
            return isinstance(v, str)

        if kind in ("name", "text"):
            return is_str(value)
        if kind == "bool":
            return isinstance(value, bool)
        if kind == "names":
            return str_list(value)
        if kind == "places":
            return isinstance(value, list) and all(str_list(p) for p in value)
        if kind == "cards-by-player":
            return isinstance(value, dict) and all(str_list(v) for v in value.values())
        if kind == "number-by-player":
            return isinstance(value, dict) and all(is_int(v) for v in value.values())
        if kind == "garden":
            return tables(value, {"player": is_str, "card": is_str, "prestige": is_int})
        if kind == "balcony":
            return tables(value, {"player": is_str, "card": is_str,
                                  "cancelled": lambda v: isinstance(v, bool)})
        return False

    def player_name(self, value: Any) -> str | None:
        if not isinstance(value, str):
            return None
        for n in self.names:
            if n.lower() == value.strip().lower():
                return n
        return None

    def player(self, t: dict[str, Any], k: int) -> PlayerSpec:
        name = t.get("name")
        if not isinstance(name, str) or not name.strip():
            self.bad("scenario-error.player-no-name", number=k + 1, value=short(name))
        name = name.strip()
        problem = name_problem(name)
        if problem:
            self.bad("scenario-error.player-bad-name", number=k + 1, name=short(name), problem=problem)
        for key in t:
            if key not in PLAYER_KEYS:
                self.bad("scenario-error.player-key-top" if key in TOP_KEYS else "scenario-error.player-key",
                         name, key=cut(key), allowed=Join(PLAYER_KEYS))
        if "garden" not in t:
            self.bad("scenario-error.missing-garden", name)
        garden, gchoices = self.card_with_choices(t["garden"], "garden", GARDEN_CHOICES, name)
        spec = PlayerSpec(name, garden, gchoices)
        has = [k for k in ("conspire", "convoke", "passes") if k in t]
        if len(has) != 1:
            self.bad("scenario-error.one-action-got" if has else "scenario-error.one-action", name,
                     keys=Join(has))
        if "conspire" in t:
            spec.conspire, spec.conspire_choices = self.card_with_choices(
                t["conspire"], "conspire", CONSPIRE_CHOICES, name, garden)
        elif "convoke" in t:
            c = t["convoke"]
            if not isinstance(c, dict):
                self.bad("scenario-error.convoke-table", name)
            for key in c:
                if key not in ("discard", "take"):
                    self.bad("scenario-error.convoke-key", name, key=cut(key))
            discard = self.cards(c, "discard", name)
            if discard is None:
                self.bad("scenario-error.convoke-discard", name)
            take = c.get("take")
            if take is not None:
                take = self.card(take, "convoke.take", name)
                if take not in PARLOR_NOBLES:
                    self.bad("scenario-error.take-not-noble", name, card=take, allowed=Join(PARLOR_NOBLES))
            spec.convoke = {"discard": discard, "take": take}
        else:
            if t["passes"] is not True:
                self.bad("scenario-error.passes", name)
            spec.passes = True
        for key in ZONE_KEYS:
            spec.zones[key] = self.cards(t, key, name)
        if spec.zones["exiled"] is not None and not self.expansion:
            self.bad("scenario-error.exiled", name)
        return spec

    def card_with_choices(self, value: Any, where: str, table: Mapping[str, tuple[str, ...]], player: str,
                          garden: str | None = None) -> tuple[str, dict[str, Any]]:
        if isinstance(value, str):
            return self.card(value, where, player), {}
        if not isinstance(value, dict) or "card" not in value:
            self.bad("scenario-error.card-or-table", player, key=where)
        card = self.card(value["card"], f"{where}.card", player)
        allowed = set(table.get(card, ()))
        if where == "garden" and self.expansion:
            allowed.add("also_score")  # a Scribe exchanged into the Garden may score (M5, X4)
        if card == "Elder" and where == "conspire" and garden is not None:
            allowed |= set(CONSPIRE_CHOICES.get(garden, ()))
        choices: dict[str, Any] = {}
        for key, v in value.items():
            if key == "card":
                continue
            if key == "replay" and where == "conspire" and isinstance(v, dict):
                for rk in v:
                    if rk not in allowed:
                        self.bad("scenario-error.replay-choice", player, key=where, choice=cut(rk),
                                 card=card, allowed=Join(sorted(allowed), empty="list.none"))
                choices["replay"] = v
                continue
            if key not in allowed:
                self.bad("scenario-error.choice", player, key=where, choice=cut(key), card=card,
                         allowed=Join(sorted(allowed), empty="scenario-error.no-choices"))
            choices[key] = v
        return card, choices

    def zone_places(self, p: PlayerSpec,
                    players: Sequence[PlayerSpec] = ()) -> dict[str, list[str]]:
        """Where each card of the player is said to be (with the other ``players``: see
        zones.phase2_cards); fills the Parlor / Exiled defaults."""
        places: dict[str, list[str]] = {}

        def put(card: str, where: str) -> None:
            places.setdefault(card, []).append(where)

        put(p.garden, "garden")
        if p.garden == "Scribe" and isinstance(p.garden_choices.get("discard"), str):
            put(self.card(p.garden_choices["discard"], "garden.discard", p.name), "garden.discard")
        for c in phase2_cards(p, self.expansion, players):  # the Garden card once (B14)
            put(c, "conspire" if p.conspire else "convoke.discard")
        for zone in ("hand", "deck", "discard_pile", "scored"):
            for c in p.zones[zone] or []:
                put(c, zone)
        take = p.convoke["take"] if p.convoke else None
        if p.zones["parlor"] is None:
            elsewhere = set(places)
            p.zones["parlor"] = [n for n in PARLOR_NOBLES if n not in elsewhere]
            if take is not None and take in elsewhere:
                self.bad("scenario-error.take-elsewhere", p.name, card=take, places=Join(places[take]))
        else:
            for c in p.zones["parlor"]:
                if c not in PARLOR_NOBLES:
                    self.bad("scenario-error.parlor", p.name, card=c, allowed=Join(PARLOR_NOBLES))
            if take is not None and take not in p.zones["parlor"]:
                self.bad("scenario-error.take-not-in-parlor", p.name, card=take,
                         parlor=Join(p.zones["parlor"], empty="list.empty"))
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
                self.bad("scenario-error.copies", p.name, count=len(where), card=card,
                         places=Join(where), limit=limit[card])
