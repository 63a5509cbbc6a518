"""Every round the scenario format can write can be tapped in (issue 26): each bundled lesson and
each analysis scenario is entered in an empty builder through its tap API alone — the calls its
chips make (``pick``, ``set_choice``, ``set_convoke_take``, ``zone_pick`` ...), never the
one-line box or a file — every value tapped is one the builder offers at the end (no
"(not allowed)" chip), and the round resolves exactly as the file does, trace included."""
from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.controllers.builder import (
    COUNTED_ZONES,
    FLAGS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ZONES,
    Builder,
)
from aristofarsa.core.variants import VARIANTS
from aristofarsa.scenario.model import CONSPIRE_CHOICES, GARDEN_CHOICES, PLAYER_KEYS, TOP_KEYS

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(SCENARIOS_DIR.glob("*.toml")) + sorted((ROOT / "tests" / "analysis_data").glob("*.toml"))

#: Every field of the scenario format and how the builder takes it (docs/apps.md says the same).
TAPPED = {
    # top level
    "player": "the Players chips (3 to 6), then each player's box",
    "expansion": "the Cards chips: Base game / + Exiled expansion",
    "first": "the Plays first chips",
    "variants": "a toggle per house rule (Title and house rules)",
    "final_round": "a switch under Title and house rules",
    "next_draw": "a switch under Title and house rules",
    # per player
    "name": "the Name box (typed; the default names need no typing)",
    "garden": "the Garden chips",
    "conspire": "Phase 2: Conspire (the default), then the Conspires chips",
    "convoke": "Phase 2: one chip per Noble (Convoke: Courtisan), then the Discards chips",
    "passes": "Phase 2: the Pass chip",
    "hand": "the Keeps in hand chips (a Conspire's kept card may stay not told)",
    "deck": "a Garden Scribe's Draws chips (the top); the rest in More of Ana's cards",
    "discard_pile": "More of Ana's cards: Discard pile chips",
    "scored": "More of Ana's cards: Scored in earlier rounds chips",
    "parlor": "More of Ana's cards: Parlor (as the rules count / told) and its chips",
    "exiled": "More of Ana's cards: Exiled deck (with the expansion), as the Parlor",
}
#: Choice keys: each one row of chips under its card (``Builder.choice_options``).
CHOICES_TAPPED = {
    "target": "the card's target chips (a Witch: target and change in one chip)",
    "delta": "with the Witch's target: Caio −5 / Caio +5",
    "exchange": "the Squire's swap chips: no swap or a card in hand",
    "discard": "the Bard's / Scribe's discard chips",
    "reveal": "the Garden Bard's revealed card chips",
    "give": "the Courtisan's card-given chips",
    "peek": "the Oracle's peek chips (optional: none)",
    "also_score": "the Scribe's also scores chips (optional: none)",
    "keep": "the Oracle's kept cards, one chip per legal set of 3 (with the next Draw)",
    "replay": "a Bishop's replay: the new choice's chips, asked under the card",
}
#: Not facts of a round told at a table: typed in a box, or kept from a file, link or line.
NOT_TAPPED = {
    "title": "typed in the Title box",
    "description": "a lesson's text: kept from the file",
    "rulings": "a lesson's ruling IDs: kept from the file",
    "expect": "a regression test's expectations: kept from the file (dropped on an edit)",
    "seed": "the seed of a reshuffle (M10): kept from a file, a link or a line",
    "crowns": "a crowns table (M9): kept from a file, a link or a line",
}


def test_every_field_of_the_format_is_accounted_for() -> None:
    """A new key in the format must say how it is tapped (or why it is not)."""
    assert set(TAPPED) | set(NOT_TAPPED) == set(TOP_KEYS) | set(PLAYER_KEYS)
    assert not set(TAPPED) & set(NOT_TAPPED)
    keys = {k for table in (GARDEN_CHOICES, CONSPIRE_CHOICES) for ks in table.values() for k in ks}
    assert keys | {"replay"} == set(CHOICES_TAPPED)
    assert set(FLAGS) <= set(TAPPED) and set(ZONES) <= set(TAPPED)


def _table(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {"card": value}


def tap_in(data: dict[str, Any]) -> Builder:
    """The round ``data`` entered by taps: the calls the builder's chips make."""
    players = data["player"]
    b = Builder(players=4, empty=True)
    assert len(players) in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    b.set_player_count(len(players))
    for k, p in enumerate(players):
        if b.names[k] != p["name"]:
            b.set_name(k, p["name"])
    b.set_expansion(bool(data.get("expansion", False)))
    for v in data.get("variants", []):
        assert v in VARIANTS
        b.set_variants([*b.variants, v])
    for key in FLAGS:
        if data.get(key):
            b.set_flag(key, True)
    if "first" in data:
        b.set_first(data["first"])
    for key in NOT_TAPPED:        # not facts of the round: kept from the file (title: typed)
        if key in data and key != "expect":
            b.top[key] = data[key]
    for k, p in enumerate(players):
        garden = _table(p["garden"])
        b.pick(k, "garden", garden["card"])
        deck = list(p.get("deck", []))
        if b.draws(k) and deck:
            b.set_drawn(k, deck.pop(0))
        if "convoke" in p and "take" not in p["convoke"]:    # convoke-nothing: no Noble
            b.set_action(k, "convoke")
        if "convoke" in p:
            if "take" in p["convoke"]:
                b.set_convoke_take(k, p["convoke"]["take"])
            for j, card in enumerate(p["convoke"]["discard"]):
                b.pick(k, "discard", card, j)
        elif p.get("passes"):
            b.set_action(k, "passes")
        else:
            b.pick(k, "conspire", _table(p["conspire"])["card"])
        for j, card in enumerate(p.get("hand", [])):
            b.pick(k, "hand", card, j)
        for key, value in garden.items():
            if key != "card":
                b.set_choice(k, "garden", key, value)
        if "conspire" in p:
            for key, value in _table(p["conspire"]).items():
                if key == "replay":
                    for rkey, rvalue in value.items():
                        b.set_replay(k, rkey, rvalue)
                elif key == "exchange" and value is True:   # the chip of the one card in hand
                    b.set_choice(k, "conspire", key, p["hand"][0])
                elif key != "card":
                    b.set_choice(k, "conspire", key, value)
        for z in ZONES:
            if z == "deck":
                for card in deck:
                    b.zone_pick(k, "deck", card)
            elif z in p:
                if z in COUNTED_ZONES:
                    b.set_zone(k, z, [])          # the "empty / told" chip
                for card in p[z]:
                    b.zone_pick(k, z, card)
    return b


def offered(b: Builder, data: dict[str, Any]) -> list[str]:
    """Every value tapped that the builder, as it stands at the end, does not offer."""
    bad: list[str] = []
    names = b.names
    for k, p in enumerate(data["player"]):
        def need(ok: bool, what: str, who: str = names[k]) -> None:
            if not ok:
                bad.append(f"{who}: {what}")
        garden = _table(p["garden"])
        need(garden["card"] in b.card_names(), f"garden {garden['card']}")
        if b.draws(k) and b.drawn(k):
            need(b.drawn(k) in b.hand_options(k, "drawn"), f"drawn {b.drawn(k)}")
        if "convoke" in p:
            take = p["convoke"].get("take")
            need(take is None or take in b.take_options(k), f"take {take}")
            for j, card in enumerate(p["convoke"]["discard"]):
                need(card in b.slot_options(k, "discard", j), f"discard {card}")
        for j, card in enumerate(p.get("hand", [])):
            need(card in b.slot_options(k, "hand", j), f"hand {card}")
        for source in ("garden", "conspire"):
            for key, value in b.choices(k, source).items():
                if key == "replay":
                    for rkey, rvalue in value.items():
                        options, _ = b.choice_options(k, "conspire", f"replay.{rkey}")
                        need(rvalue in options, f"replay {rkey} = {rvalue}")
                    continue
                options, _ = b.choice_options(k, source, key)
                if key == "keep":
                    need(any(Counter(o) == Counter(value) for o in options), f"keep {value}")
                else:
                    need(value in options, f"{source}.{key} = {value} (offered: {options})")
        for z in b.zones(k):
            cards = b.zone(k, z) or []
            for j, card in enumerate(cards):
                if z == "deck" and j == 0 and b.draws(k):
                    continue
                need(card in b.zone_options(k, z, j), f"{z} {card}")
    return bad


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_every_lesson_and_analysis_round_can_be_tapped_in(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text)
    b = tap_in(data)
    check = b.check()
    assert check.ok, check.problems
    assert offered(b, data) == []
    want = scenario.run(scenario.loads(text, "file")).to_json()
    got = scenario.run(scenario.loads(b.toml(), "file")).to_json()
    assert got == want
    assert all(b.complete(k) for k in range(len(b.players)))


def test_taps_alone_give_a_scribes_deck_parlor_and_keep() -> None:
    """The fold's zones and the keep, tapped on a round that needs them (x6: a Balcony Oracle
    at the next Draw), with only legal chips offered along the way."""
    data = tomllib.loads((SCENARIOS_DIR / "x6-oracle-draw-five-keep-three.toml").read_text())
    b = tap_in(data)
    options, optional = b.choice_options(0, "conspire", "keep")
    assert not optional and len(options) == 10 and all(len(o) == 3 for o in options)   # 3 of 5
    # a Parlor Noble only in the Parlor; a card the family has used up is not offered
    assert set(b.zone_options(1, "parlor")) <= {"Squire", "Courtisan", "Bishop", "Knight", "Aristocrat"}
    assert "Squire" not in b.zone_options(1, "parlor")          # Bruno's Squire is in his Garden
    assert "Witch" not in b.zone_options(1, "scored")           # Bruno conspired his Witch
    b.set_flag("next_draw", False)
    assert b.check().requests.get("0.conspire.keep") is None    # no next Draw: nothing to keep


def test_a_zone_mistake_is_a_message_beside_the_zone() -> None:
    b = Builder(players=3, empty=True)
    for k, (garden, conspire) in enumerate((("Knight", "Jester"), ("Rogue", "Servant"), ("Witch", "Jester"))):
        b.pick(k, "garden", garden)
        b.pick(k, "conspire", conspire)
    b.set_zone(0, "scored", ["Knight"])             # her Knight is in the Garden
    assert any("Knight" in m for m in b.problems_for("0.scored")), b.check().problems
    b.set_zone(0, "scored", ["Merchant"])
    b.set_zone(0, "parlor", ["Knight"])             # Knight is in her Garden, not her Parlor
    assert b.problems_for("0.parlor"), b.check().problems
    b.set_zone(0, "parlor", None)                   # the rules' count again
    assert b.check().ok, b.check().problems
    assert b.counted(0, "parlor") == ["Squire", "Courtisan", "Bishop", "Aristocrat"]
