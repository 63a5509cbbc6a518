"""The Play app's controller, without a browser: a seeded game answer by answer to the
ranking; bots only equals `aristofarsa play --json`; bad query values give messages."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aristofarsa.controllers.play import PlayController

ROOT = Path(__file__).resolve().parents[2]


def play_json(*args: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "play", *args, "--json"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(out.stdout)


def play_to_the_end(state: PlayController, pick=lambda d: 0) -> int:
    answers = 0
    while not state.over:
        decision = state.decision()
        assert decision is not None, "a game with a human seat stops only at that seat's decisions"
        state.choose(pick(decision))
        answers += 1
    return answers


@pytest.mark.parametrize("query, args", [
    ("players=3&seed=5&bots=greedy,random,random&human=0",
     ["--players", "3", "--seed", "5", "--bots", "greedy,random,random"]),
    ("players=4&seed=2&expansion=1&human=0", ["--players", "4", "--seed", "2", "--expansion"]),
    ("players=6&seed=11&bots=random&human=0", ["--players", "6", "--seed", "11", "--bots", "random"]),
])
def test_bots_only_is_exactly_the_play_command(query, args):
    state = PlayController.from_query(query)
    assert state.errors == []
    assert state.decision() is None and state.hand() == []
    rounds = 0
    while not state.over:
        state.next()
        rounds += 1
    expected = play_json(*args)
    assert state.result_json() == expected
    assert state.ranking() == expected["ranking"]
    assert rounds == expected["rounds"]


def test_next_shows_one_round_at_a_time():
    state = PlayController.from_query("players=3&seed=5&human=0")
    assert state.visible_rounds() == 0 and state.ranking() is None
    state.next()
    assert state.visible_rounds() == 1 and state.round_no == 1
    state.stepper.last()
    assert state.stepper.frame().winners == tuple(state.rounds()[0].winners)
    assert state.crowns() == dict(state.session.rounds[0].crowns)


def test_a_seeded_game_answer_by_answer_to_the_ranking():
    state = PlayController.from_query("players=4&seed=7&human=2&bots=greedy")
    assert state.you == "Bruno"
    first = state.decision()
    assert first is not None and first.player == "Bruno" and first.kind == "garden"
    assert first.question == "Play a card into the Ball Garden (Phase 1)."
    assert all(label.startswith("Play ") and label.endswith(")") for label in first.labels())
    assert [o.value for o in first.options] == state.hand() or \
        {o.value for o in first.options} == set(state.hand())
    answers = play_to_the_end(state)
    ranking = state.ranking()
    assert ranking is not None and sorted(p for place in ranking for p in place) == state.names
    # the same seed and answers give the same game (M10)
    again = PlayController.from_query("players=4&seed=7&human=2&bots=greedy")
    assert play_to_the_end(again) == answers
    assert again.result_json() == state.result_json()


def test_every_option_is_a_legal_answer_and_labelled():
    state = PlayController.from_query("players=5&seed=3&expansion=1&human=1")
    kinds = set()
    while not state.over:
        req = state.session.pending
        decision = state.decision()
        assert decision is not None and decision.player == state.you == "Ana"
        kinds.add(decision.kind)
        assert decision.question and decision.options
        assert not decision.question.startswith("Ana")     # spoken to you: "Your Witch: ..."
        for option in decision.options:
            assert option.label
            assert req.legal(option.value), (req, option)
        state.choose(len(decision.options) - 1)
    assert {"garden", "action"} <= kinds


def test_undo_takes_back_the_last_answer():
    state = PlayController.from_query("players=3&seed=1&human=1")
    before = state.decision()
    state.choose(0)
    assert state.can_undo()
    state.undo()
    assert state.decision() == before and not state.can_undo()


def test_rounds_and_the_stepper_follow_the_game():
    state = PlayController.from_query("players=3&seed=2&human=3")
    assert state.rounds()[0].finished is False          # round 1 is being played
    play_to_the_end(state)
    rounds = state.rounds()
    assert all(r.finished for r in rounds) and len(rounds) == len(state.session.rounds)
    state.select_round(1)
    walk = state.stepper
    assert walk.events[0].kind == "round" and walk.viewer == "Caio"
    walk.last()
    assert walk.frame().winners == tuple(rounds[0].winners)
    with pytest.raises(ValueError, match="round must be"):
        state.select_round(99)


def test_the_human_sees_only_their_own_secrets():
    state = PlayController.from_query("players=3&seed=2&human=1")
    play_to_the_end(state)
    state.select_round(1)
    for k, event in enumerate(state.stepper.events):
        state.stepper.go(k)
        frame = state.stepper.frame()
        if event.visible_to and "Ana" not in event.visible_to:
            assert frame.hidden and frame.text != event.text
        else:
            assert frame.text == event.text


def test_choose_refuses_what_is_not_offered():
    state = PlayController.from_query("players=3&seed=1&human=1")
    with pytest.raises(ValueError, match="option must be"):
        state.choose(99)
    bots = PlayController.from_query("human=0")
    with pytest.raises(ValueError, match="no decision"):
        bots.choose(0)
    with pytest.raises(ValueError, match="bots only"):
        state.next()


@pytest.mark.parametrize("query, message", [
    ("players=2", "players must be 3 to 6"),
    ("players=seven", "players must be a whole number 3 to 6"),
    ("seed=-4", "seed must be a whole number >= 0"),
    ("seed=1e3", "seed must be a whole number"),
    ("human=5&players=4", "human (your seat; 0 = bots only) must be 0 to 4"),
    ("bots=wizard", "unknown bot 'wizard'"),
    ("bots=random,greedy&players=4", "bots: give 1 name"),
    ("expansion=perhaps", "expansion must be 1"),
])
def test_bad_query_values_give_messages(query, message):
    state = PlayController.from_query(query)
    assert any(message in e for e in state.errors), state.errors
    assert state.decision() is not None or state.human == 0   # still a playable default game


def test_unknown_query_parameters_are_ignored_and_the_known_ones_kept():
    state = PlayController.from_query("players=5&fbclid=IwAR0xyz&seed=7&utm_source=chat&level=hard")
    assert state.errors == []
    assert (state.players, state.seed) == (5, 7)


def test_bots_for_the_other_seats_only():
    state = PlayController.from_query("players=4&human=2&bots=greedy,search,random")
    assert state.errors == []
    assert state.bots[0] == "greedy" and state.bots[2:] == ["search", "random"]


def test_a_finished_round_is_summed_up_before_the_next_decision():
    state = PlayController.from_query("players=4&seed=3")
    assert state.round_summary() == []
    starts = [e.actor for e in state.session.trace if e.kind == "round"]
    assert state.first_player() == starts[-1]
    while len(state.session.rounds) < 1:
        state.choose(0)
    r = state.session.rounds[0]
    summary = state.round_summary()
    assert summary[0] == "Round 1 is over."
    owners = {p for p, _, _ in r.garden if p in r.winners}
    assert all(f"{p}'s" in summary[1] for p in owners) and f"Starts next round: {r.next_first}" in summary[1]
    for p, cards in r.scored.items():
        assert (f"{p} ({', '.join(cards)})" in summary[2]) == bool(cards)
    assert summary[3] == "Crowns so far: " + ", ".join(f"{p} {n}" for p, n in state.crowns().items()) + "."
    assert state.decision() is not None and state.status().startswith("Round 2")
    assert state.first_player() == [e.actor for e in state.session.trace if e.kind == "round"][-1]


def test_after_the_game_no_next_round_and_no_undo():
    state = PlayController.from_query("players=3&seed=4&human=2")
    assert not state.can_undo()
    state.choose(0)
    assert state.can_undo()
    play_to_the_end(state)
    assert state.session.can_undo and not state.can_undo()     # the record could; the app does not
    state.undo()
    assert state.over
    summary = state.round_summary()
    assert summary[-1] == "The game is over." and "Starts next round" not in " ".join(summary)
    from aristofarsa.render.html import winners
    state.stepper.last()
    box = winners(state.stepper.frame())
    assert "the game is over" in box and "starts the next round" not in box
    state.select_round(1)                      # an earlier round still says who started the next one
    state.stepper.last()
    frame = state.stepper.frame()
    assert not frame.game_over
    assert "the game is over" not in winners(frame)
