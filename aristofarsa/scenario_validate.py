"""The scenario validator: parsed TOML data -> a :class:`Scenario`, or a :class:`ScenarioError`.

Checks every key, type, name, card, count and reference before any round runs, so that a
file that validates can be resolved, and every message names the file, the player and
key at fault, and what is allowed (see docs/scenario-format.md#errors).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

from .cards import CARDS, EXILED_ORDER, PARLOR_NOBLES, CrownsError, canonical, family, merge_crowns
from .rulings import MAX_PLAYERS, MIN_PLAYERS, RULINGS
from .scenario_layout import layout
from .scenario_model import (
    CONSPIRE_CHOICES,
    EXPECT_KEYS,
    GARDEN_CHOICES,
    PLAYER_KEYS,
    TOP_KEYS,
    ZONE_KEYS,
    PlayerSpec,
    Scenario,
    ScenarioError,
)
from .variants import VariantError, check_variants


def validate(data: dict[str, Any], path: str = "<scenario>") -> Scenario:
    """The scenario described by ``data`` (a parsed TOML document)."""
    return Validator(path, data).scenario()


class Validator:
    def __init__(self, path: str, data: dict):
        self.path = path
        self.data = data

    def fail(self, msg: str, player: str | None = None) -> NoReturn:
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
            self.fail("needs [[player]] tables, one per player in seating order "
                      f"({MIN_PLAYERS} to {MAX_PLAYERS}, M8)")
        if not MIN_PLAYERS <= len(raw_players) <= MAX_PLAYERS:
            self.fail(f"{len(raw_players)} players; Aristofarsa is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                      "players (M8)")
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
        zones, drawn = layout(sc)
        for k, p in enumerate(players):
            held = len(zones[k]["hand"])
            if held != 3:
                sc.warnings.append(
                    f"{self.path}: player {p.name!r} starts the round with {held} card"
                    f"{'' if held == 1 else 's'} (garden + Phase-2 cards + `hand`"
                    f"{' + Scribe discard - drawn card' if p.garden == 'Scribe' else ''}); after "
                    "a Draw step every hand holds exactly 3 — is a card missing from `hand`?")
            card = drawn[k]
            if card is not None:  # the Scribe's draw moved it out of the deck / discard pile
                where = places[k][card]
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
                      "true` when no action is possible, P8)"
                      + (f"; got {', '.join(has)}" if has else ""), name)
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
