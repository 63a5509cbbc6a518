"""Builder: only legal options, the validator's wording under the right field, a 3-player
round built field by field resolves to what `resolve --json` says."""
from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.controllers.builder import Builder, field_of, shown
from aristofarsa.controllers.stepper import Stepper
from aristofarsa.core import messages as M
from aristofarsa.core.messages import Join, Msg, pseudo, using
from aristofarsa.scenario.model import Problem, at

ROOT = Path(__file__).resolve().parents[2]


def _resolve_json(text: str, tmp_path: Path) -> dict:
    path = tmp_path / "built.toml"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "resolve", str(path), "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


def test_build_three_players_resolve_and_step_to_the_end(tmp_path: Path) -> None:
    b = Builder(players=3)
    b.set_name(0, "Lia")
    b.set_garden(0, "Squire")
    b.set_conspire(0, "Knight")          # +8 to Lia's own Garden card
    b.set_hand(0, ["Witch"])
    b.set_garden(1, "Merchant")
    b.set_action(1, "conspire")
    b.set_conspire(1, "Witch")
    b.set_choice(1, "conspire", "target", "Lia")
    b.set_choice(1, "conspire", "delta", -5)
    b.set_hand(1, ["Jester"])
    b.set_garden(2, "Courtisan")
    b.set_conspire(2, "Merchant")
    b.set_choice(2, "conspire", "target", "Caio")
    b.set_hand(2, ["Rogue"])
    check = b.check()
    assert check.problems == {}, check.problems
    assert check.ok and check.result is not None
    want = _resolve_json(b.toml(), tmp_path)
    assert check.result.winners == want["winners"]
    s = Stepper(check.result)
    moves = 0
    while not s.frame().is_last:
        before = s.index
        s.next()
        moves += 1
        assert s.index == before + 1
        assert s.frame().text == want["trace"][s.index]["text"]
    assert moves == len(want["trace"]) - 1
    assert s.frame().winners == tuple(want["winners"])


def test_data_round_trips_through_the_file_validator() -> None:
    b = Builder(players=4)
    sc = scenario.loads(b.toml())
    assert [p.name for p in sc.players] == b.names


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_starting_round_is_valid_for_every_table_size(players: int) -> None:
    assert Builder(players).check().ok


def test_bad_player_count_is_refused() -> None:
    with pytest.raises(ValueError, match="3 to 6 players"):
        Builder().set_player_count(7)


def test_missing_choice_is_filed_under_that_choice_with_the_engine_wording() -> None:
    b = Builder()
    b.set_choice(0, "conspire", "target", None)
    problems = b.check().problems
    assert list(problems) == ["0.conspire.target"]
    (message,) = problems["0.conspire.target"]
    assert message == "player 'Ana', conspire (Witch): choice `target` is missing; allowed: Bruno, Caio"
    assert b.check().result is None


def test_illegal_choice_same_wording_as_a_file(tmp_path: Path) -> None:
    b = Builder()
    b.set_choice(0, "conspire", "target", "Ana")       # the Witch may not target its owner
    (message,) = b.problems_for("0.conspire.target")
    path = tmp_path / "bad.toml"
    path.write_text(b.toml(), encoding="utf-8")
    with pytest.raises(scenario.ScenarioError) as err:
        scenario.run(scenario.load(path))
    assert str(err.value) == f"{path}: {message}"


def test_validator_message_goes_to_the_garden_field() -> None:
    b = Builder()
    b.set_garden(0, None)
    assert b.problems_for("0.garden") == [
        "player 'Ana': missing `garden` (the card played in the Ball Garden)"]
    b.set_garden(0, "Witch")                            # the Witch is already conspired
    assert "2 copies of Witch" in b.check().messages()[0]


def test_options_are_legal_only() -> None:
    b = Builder()
    assert "Witch" not in b.available(0, "garden")       # Ana conspires her only Witch
    assert "Knight" in b.available(0, "garden")          # the card she has there
    targets, optional = b.choice_options(0, "conspire", "target")
    assert targets == ["Bruno", "Caio"] and not optional
    assert b.choice_options(0, "conspire", "delta")[0] == [-5, 5]
    assert b.hand_options(0).count("Servant") == 2
    b.set_action(0, "convoke")
    assert b.convoke(0)["discard"] == ["Witch", "Jester"]   # the same cards stay in play
    assert b.take_options(0) == ["Squire"]                  # 2 + 3 = 5 (no Litter): the Squire only
    b.set_convoke(0, take="Knight")
    assert b.problems_for("0.convoke.take")


def test_expansion_cards_need_the_expansion() -> None:
    b = Builder()
    assert "Bard" not in b.available(0, "garden")
    b.set_expansion(True)
    assert "Bard" in b.available(0, "garden")


def test_field_of_maps_messages() -> None:
    """A problem is filed by its message's ID and fields: the player it is said of, the key
    one of its fields names, or the field its ID is always about."""
    names = ["Ana", "Bruno"]
    assert field_of(at("f", Msg("scenario-error.take-not-noble", {"card": "Knight", "allowed": Join(
        ["Squire"])}), "Bruno"), names) == "1.convoke.take"
    assert field_of(at("f", Msg("scenario-error.not-a-player", {"key": "first", "value": "'Zed'",
                                                               "players": Join(names)})), names) == "first"
    assert field_of(at("f", Msg("scenario-error.player-no-name", {"number": 2, "value": "''"})),
                    names) == "1.name"
    assert field_of(at("f", Msg("scenario-error.players", {"count": 2, "min": 3, "max": 6})),
                    names) == "players"
    assert field_of(at("f", Msg("scenario-play.no-action", {"key": "conspire"}), "Ana"), names) == "0.action"
    must_be = Msg("scenario-error.must-be", {"key": "conspire.target", "what": "x", "value": "3"})
    assert field_of(at("f", must_be, "ana"), names) == "0.conspire.target"
    assert field_of(at("f", Msg("scenario-error.player-key", {"key": "handy", "allowed": ""}), "Ana"),
                    names) == "0.player"
    assert field_of(Msg("builder-check.unresolvable", {"error": "?"}), names) == "scenario"
    assert field_of("a reader's error, no message", names) == "scenario"

    def two(places: list[str]) -> Msg:
        return at("f", Msg("scenario-error.copies", {"count": 2, "card": "Rogue", "places": Join(places),
                                                     "limit": 1}), "Bruno")
    # filed under the last place the builder shows: every zone has its row (the "more" fold)
    assert field_of(two(["garden", "deck"]), names) == "1.deck"
    assert field_of(two(["deck", "scored"]), names) == "1.scored"
    assert field_of(two(["garden", "conspire"]), names) == "1.conspire"
    assert field_of(two(["garden", "garden.discard"]), names) == "1.garden"


def test_every_problem_at_once_each_under_its_field() -> None:
    """Three mistakes by three players are all shown at once, each under its own field, with
    exactly the wording the file validator gives when it meets that mistake first."""
    b = Builder()
    b.set_garden(0, None)                               # Ana: no Garden card
    b.set_name(1, "")                                   # Bruno: no name
    b.set_hand(2, ["Damsel", "Damsel"])                 # Caio: a second Damsel
    problems = b.check().problems
    assert problems == {
        "0.garden": ["player 'Ana': missing `garden` (the card played in the Ball Garden)"],
        "1.name": ["[[player]] number 2 needs a `name` (text), not ''"],
        "2.hand": ["player 'Caio': 2 copies of Damsel (hand, hand), but a family has 1"]}
    assert b.check().result is None
    # each message is the one the file validator raises when that mistake is the only one
    for fix in (lambda: b.set_garden(0, "Knight"), lambda: b.set_name(1, "Bruno"),
                lambda: b.set_hand(2, ["Damsel"])):
        with pytest.raises(scenario.ScenarioError) as err:
            scenario.loads(b.toml(), "scenario")
        assert str(err.value) == f"scenario: {b.check().messages()[0]}"
        fix()
    assert b.check().ok


def test_names_and_table_problems_are_collected_with_player_problems() -> None:
    b = Builder()
    b.set_garden(0, None)
    b.set_name(1, "Ana")                                # two Anas
    b.set_garden(2, "Merchant")                         # Caio conspires his Merchant too
    problems = b.check().problems
    assert set(problems) == {"0.garden", "2.conspire", "players"}   # Merchant (garden, conspire)
    assert problems["players"] == ["two players are named 'Ana'; names must be unique (ignoring case)"]


def test_problems_first_is_the_one_loads_raises_and_none_when_valid() -> None:
    text = (ROOT / "aristofarsa" / "scenarios" / "b13-bishop-chain.toml").read_text(encoding="utf-8")
    assert scenario.problems(text, "x.toml") == []
    bad = text.replace('garden = "', 'garden = "Nobody', 1).replace("[[player]]", "[[player]]\nhat = 1", 3)
    found = scenario.problems(bad, "x.toml")
    with pytest.raises(scenario.ScenarioError) as err:
        scenario.loads(bad, "x.toml")
    assert found[0] == str(err.value)
    assert len(found) == 3 and all(m.startswith("x.toml: player ") for m in found)
    assert scenario.problems("not = [toml", "x.toml")[0].startswith("x.toml")


def test_slot_options_count_the_lists_other_cards() -> None:
    b = Builder()
    b.set_hand(2, ["Damsel", "Servant"])
    assert "Damsel" not in b.slot_options(2, "hand")             # no second Damsel to add
    assert "Servant" in b.slot_options(2, "hand")                # the family's second Servant
    assert "Damsel" in b.slot_options(2, "hand", 0)              # slot 0 may keep its Damsel
    b.set_hand(2, ["Damsel", "Servant", "Servant"])
    assert "Servant" not in b.slot_options(2, "hand", 0)
    assert "Servant" in b.slot_options(2, "hand", 1)


def test_problems_agree_with_loads_on_every_invalid_input_case() -> None:
    """Over every case of tests/test_invalid_input.py, and all of them at once: the first
    problem is the one `loads` raises, and problems() never raises itself."""
    from tests.test_invalid_input import CASES

    for name, (text, _words) in sorted(CASES.items()):
        try:
            scenario.loads(text, "f.toml")
            want = None
        except scenario.ScenarioError as exc:
            want = str(exc)
        found = scenario.problems(text, "f.toml")
        assert (found[0] if found else None) == want, name


def test_hand_sizes_follow_the_phase_2_action() -> None:
    """3 cards at the start of a round: Garden + Conspire + 1 in hand, or Garden + a Convoke of
    the other 2 (nothing left in hand), or a pass (P8) with nothing left to play."""
    b = Builder()
    assert b.slots(0) == {"hand": 1} and len(b.hand(0)) == 1
    b.set_action(0, "convoke")
    assert b.slots(0) == {"discard": 2, "hand": 0}
    assert b.hand(0) == [] and len(b.convoke(0)["discard"]) == 2
    b.set_action(0, "conspire")
    assert b.conspire(0) and len(b.hand(0)) == 1
    b.set_action(1, "conspire")                # Bruno convoked two cards: one conspired, one kept
    assert b.conspire(1) == "Servant" and b.hand(1) == ["Merchant"]


def test_a_round_that_cannot_happen_is_an_error_under_its_field_not_a_warning() -> None:
    b = Builder()
    b.set_hand(0, ["Jester", "Damsel", "Rogue"])          # 5 cards at the start of the round
    check = b.check()
    assert not check.ok and check.result is None and not check.warnings
    assert "starts the round with 5 cards" in b.problems_for("0.hand")[0]
    b = Builder()
    b.set_convoke(1, discard=["Servant", "Merchant", "Jester"])    # a 4-card Convoke
    assert "starts the round with 4 cards" in b.problems_for("1.convoke.discard")[0]
    assert not b.check().ok
    lesson = SCENARIOS_DIR / "p8-empty-hand-passes.toml"      # P8's short hand, set up by hand
    passing = Builder.from_data(tomllib.loads(lesson.read_text(encoding="utf-8")))
    assert passing.check().ok


def test_a_tap_on_a_card_the_family_has_no_more_of_swaps_it() -> None:
    b = Builder()                                   # Ana: Knight, Conspire Witch, hand Jester
    b.pick(0, "garden", "Witch")
    assert (b.garden(0), b.conspire(0), b.hand(0)) == ("Witch", "Knight", ["Jester"])
    b.pick(0, "hand", "Witch", 0)
    assert (b.garden(0), b.hand(0)) == ("Jester", ["Witch"])
    b.pick(0, "hand", "Servant", 0)                 # a free card: nothing else moves
    assert (b.garden(0), b.conspire(0), b.hand(0)) == ("Jester", "Knight", ["Servant"])
    assert b.check().problems.get("0.garden") is None


# ------------------------------------------------------------- the Dispute resolver's table
def test_an_empty_table_makes_nothing_up_and_the_example_is_one_call() -> None:
    b = Builder(players=4, empty=True)
    assert b.players == [{"name": n} for n in ("Ana", "Bruno", "Caio", "Dora")]
    assert all(b.is_empty(k) for k in range(4)) and not any(b.complete(k) for k in range(4))
    assert "title" not in b.data()
    b.set_action(0, "convoke")                        # no spare cards invented for the discard
    assert b.convoke(0)["discard"] == [] and b.hand(0) == []
    b.set_player_count(5)
    assert b.players[4] == {"name": "Edu"}
    b.set_name(0, "Lia")
    b.load_example()
    assert b.check().ok and b.names[0] == "Ana" and all(b.complete(k) for k in range(5))
    lab = Builder(players=3)                          # the Lab's builder still starts filled in
    lab.set_action(0, "convoke")
    assert len(lab.convoke(0)["discard"]) == 2


def _three(b: Builder) -> None:
    for k, (garden, conspire) in enumerate((("Knight", "Jester"), ("Rogue", "Servant"),
                                            ("Aristocrat", "Damsel"))):
        b.pick(k, "garden", garden)
        b.pick(k, "conspire", conspire)
    b.set_choice(2, "conspire", "target", "Ana")


def test_a_kept_card_may_stay_untold_at_the_table_only() -> None:
    b = Builder(players=3, empty=True)
    _three(b)
    assert b.check().ok and not b.check().warnings and b.complete(0)
    assert "hand" not in b.data()["player"][1]              # nothing made up for it
    lab = Builder.from_data(b.data())                       # the Lab: a round that cannot happen
    assert not lab.check().ok and "hand" in " ".join(lab.problems_for("0.hand"))


def _garden_scribe() -> Builder:
    b = Builder(players=3, empty=True)
    _three(b)
    b.set_expansion(True)
    b.pick(0, "garden", "Scribe")
    b.pick(0, "hand", "Servant", 0)
    return b


def test_a_garden_scribe_is_entered_field_by_field() -> None:
    b = _garden_scribe()
    assert not b.complete(0)                                # a Scribe: its discard, its draw
    b.set_choice(0, "garden", "discard", "Rogue")
    problems = b.check().problems
    assert list(problems) == ["0.deck"]                     # the real cause, under the draw
    assert "draws the top card of the deck" in problems["0.deck"][0] and b.draws(0)
    assert not b.complete(0)
    assert b.hand_options(0, "drawn")[0] == "Rogue" and "Scribe" not in b.hand_options(0, "drawn")
    b.set_drawn(0, "Witch")
    assert b.deck(0) == ["Witch"] and b.drawn(0) == "Witch"
    options, optional = b.choice_options(0, "garden", "discard")
    assert "Witch" in options and "Rogue" in options and "Jester" not in options and not optional
    assert "so Witch must be in `hand`" in b.problems_for("0.deck")[0]     # drawn, then kept nowhere
    b.set_choice(0, "garden", "discard", "Witch")                          # ... it was the discard
    assert b.check().ok and b.complete(0)
    sc = scenario.loads(b.toml(), "built")
    assert sc.players[0].zones["deck"] == ["Witch"]
    b.set_drawn(0, None)
    assert "deck" not in b.players[0]


def test_a_bishop_replay_choice_is_asked_under_its_card() -> None:
    data = tomllib.loads((SCENARIOS_DIR / "b10-replay-choice-made-again.toml").read_text(encoding="utf-8"))
    del data["player"][1]["conspire"]["replay"]
    b = Builder.from_data(data)
    assert list(b.check().problems) == ["1.conspire.replay.exchange"]
    assert b.replays(1) == ["exchange"]
    assert b.choice_options(1, "conspire", "replay.exchange") == (["Jester"], True)
    b.set_replay(1, "exchange", "Jester")
    assert b.check().ok and b.choices(1, "conspire")["replay"] == {"exchange": "Jester"}
    b.set_replay(1, "exchange", None)
    assert "replay" not in b.choices(1, "conspire")


def _scribe_undrawn() -> Builder:
    b = _garden_scribe()
    b.set_choice(0, "garden", "discard", "Rogue")
    return b


def _half_entered() -> Builder:
    b = Builder(players=3, empty=True)
    b.pick(1, "garden", "Rogue")                  # no Phase-2 action yet: filed under it
    return b


def _replay_untold() -> Builder:
    data = tomllib.loads((SCENARIOS_DIR / "b10-replay-choice-made-again.toml").read_text(encoding="utf-8"))
    del data["player"][1]["conspire"]["replay"]
    return Builder.from_data(data)


def _edited(*edits: Any) -> Callable[[], Builder]:
    def make() -> Builder:
        b = Builder()
        for name, *args in edits:
            getattr(b, name)(*args)
        return b
    return make


@pytest.mark.parametrize(("make", "fields"), [
    (_edited(("set_choice", 0, "conspire", "target", None)), {"0.conspire.target"}),
    (_edited(("set_garden", 0, None), ("set_name", 1, "Ana"), ("set_garden", 2, "Merchant")),
     {"0.garden", "2.conspire", "players"}),
    (_edited(("set_name", 1, "")), {"1.name"}),
    (_edited(("set_hand", 0, ["Jester", "Damsel", "Rogue"])), {"0.hand"}),
    (_edited(("set_convoke", 1, ["Servant", "Merchant", "Jester"])), {"1.convoke.discard"}),
    (_scribe_undrawn, {"0.deck"}),
    (_half_entered, {"0.garden", "1.action", "2.garden"}),
    (_replay_untold, {"1.conspire.replay.exchange"})])
def test_the_builder_files_each_problem_by_its_message_not_its_english_words(make, fields) -> None:
    """The builder recognises a validator's or the engine's message by its catalog ID and
    fields: under a pseudo-translated catalog each problem is filed under the same field, and
    the builder's own problems are catalog sentences too."""
    english = make().check().problems
    with using(pseudo()):
        translated = make().check().problems
    assert set(english) == set(translated) == fields
    for messages in translated.values():
        assert all("⟦" in m for m in messages), messages
    if "1.convoke.discard" in fields:           # the hand warning, said of the Convoke's discard
        assert "a Convoke discards the 2 cards left" in english["1.convoke.discard"][0]
        assert "is a card missing" not in english["1.convoke.discard"][0]


def test_field_of_reads_a_translated_message_by_its_fields() -> None:
    names = ["Ana", "Bruno"]
    copies = at("scenario", Msg("scenario-error.copies", {"count": 2, "card": "Rogue",
                                                         "places": Join(["garden", "deck"]), "limit": 1}),
                "Bruno")
    with using(pseudo()):
        problem = Problem(copies)
        assert "copies" not in problem and "⟦" in problem
        assert field_of(problem, names) == "1.deck"
        assert shown(problem) == M.text("scenario-error.of-player", player="'Bruno'",
                                        problem=copies.fields["problem"].fields["problem"])
