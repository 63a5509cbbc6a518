"""GameSession: whole games answer by answer, human and bot seats, undo, and bots-only
games identical to `aristofarsa play`."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from aristofarsa.analysis.board import boards
from aristofarsa.controllers.game_session import GameSession
from aristofarsa.controllers.session import SessionError
from aristofarsa.core.decisions import DecisionError
from aristofarsa.games.game import GameError, play_game


class FirstOption:
    """A stand-in person: always the first listed option (as the session offers them)."""
    auto = False
    needs_history = False

    def decide(self, request):
        from aristofarsa.controllers.session import ask_of
        return ask_of(request).options[0].value


def _play_human(session: GameSession, undo_each: bool = False, detour: bool = False) -> int:
    answered = 0
    while not session.over:
        assert session.pending is not None and session.pending.player in session.humans
        value = session.ask.options[0].value
        if detour and len(session.ask.options) > 1:
            session.answer(session.ask.options[-1].value)
            session.undo()
        session.answer(value)
        if undo_each:
            before_undo = session.record()
            request = session.undo()
            assert request.kind == before_undo[len(session.decisions)]["kind"]
            session.answer(value)
        answered += 1
    return answered


@pytest.mark.parametrize("seed,bots,expansion", [(0, "random", False), (3, "random", False),
                                                 (1, "greedy,random,random", False), (2, "random", True)])
def test_bots_only_game_is_the_play_commands(seed, bots, expansion):
    out = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "play", "--players", "3", "--seed",
                          str(seed), "--bots", bots, "--json"] + (["--expansion"] if expansion else []),
                         capture_output=True, text=True, check=True)
    session = GameSession(players=3, seed=seed, bots=bots.split(","), human_seats=(), expansion=expansion)
    assert not session.over and session.pending is None and session.bots_to_move
    rounds = 0
    while not session.over:
        finished = session.step_round()
        rounds += 1
        assert finished is not None or session.over
    assert session.result is not None
    assert session.result.to_json(trace=False) == json.loads(out.stdout)
    assert rounds >= session.result.rounds


def test_a_bots_only_game_round_by_round_is_played_once(monkeypatch):
    """Linear, not quadratic: "next round" plays on in one game instead of playing every
    earlier round again. Counted: games set up from the seed, rounds played, bot calls."""
    from aristofarsa.games import game as game_module
    played = []
    real_play_round = game_module.Game.play_round
    monkeypatch.setattr(game_module.Game, "play_round",
                        lambda self: played.append(self.round_no) or real_play_round(self))
    session = GameSession(players=4, seed=11, bots=["random", "greedy", "random", "random"], human_seats=())
    calls = []
    for bot in session._bots.values():
        real = bot.decide

        def counted(request, real=real):
            calls.append(request.kind)
            return real(request)
        bot.decide = counted
    steps = 0
    while not session.over:
        session.step_round()
        steps += 1
    rounds = session.result.rounds
    assert rounds >= 4 and steps == rounds          # one press per round, the end included
    assert session.replays == 2                     # the set-up shown first, then one game
    assert len(played) == rounds + 1                # round 1 of the set-up, then each round once
    assert len(calls) == len(session.decisions)     # every bot asked once per decision
    want = play_game(4, seed=11, bots=["random", "greedy", "random", "random"], trace=True)
    assert session.result.to_json() == want.to_json()
    # a step() in between plays the record once more, then goes on round by round again
    again = GameSession(players=4, seed=11, bots=["random", "greedy", "random", "random"], human_seats=())
    again.step_round()
    again.step()
    again.step()
    while not again.over:
        again.step_round()
    assert again.replays == 5                       # set-up, live, step, step, live again
    assert again.result.to_json() == want.to_json()


def test_decision_by_decision_equals_the_whole_game():
    want = play_game(4, seed=11, bots=["random", "greedy", "random", "random"], trace=True)
    session = GameSession(players=4, seed=11, bots=["random", "greedy", "random", "random"], human_seats=())
    steps = 0
    while not session.over:
        session.step()
        steps += 1
    assert steps == len(want.decisions) == len(session.decisions)
    assert session.result.to_json() == want.to_json()
    assert session.record() == want.decisions


def test_a_bot_is_never_asked_twice_for_one_decision():
    session = GameSession(players=3, seed=2, bots="random", human_seats={0})
    calls = {n: sum(1 for d in session.decisions if d.player == n) for n in session._bots}
    for name, bot in session._bots.items():
        real = bot.decide

        def counted(request, real=real, name=name):
            calls[name] += 1
            return real(request)
        bot.decide = counted
    _play_human(session)
    made = {n: sum(1 for d in session.decisions if d.player == n and not d.human) for n in calls}
    assert calls == made and sum(made.values()) > 0


def test_human_game_equals_a_game_with_that_person_as_decider():
    session = GameSession(players=3, seed=5, bots=["random"], human_seats={0})
    answered = _play_human(session)
    want = play_game(3, seed=5, bots="random", trace=True, decider_overrides={0: FirstOption()})
    assert answered == sum(1 for d in want.decisions if d["player"] == "Ana")
    assert session.result.to_json() == want.to_json()


@pytest.mark.parametrize("mode", ["undo_each", "detour"])
def test_undo_then_same_answers_gives_the_same_game(mode):
    """Bots keep their own generators: undo restores them, so re-making a decision
    continues the game exactly as the uninterrupted one."""
    straight = GameSession(players=4, seed=8, bots=["random"], human_seats={1})
    _play_human(straight)
    again = GameSession(players=4, seed=8, bots=["random"], human_seats={1})
    _play_human(again, undo_each=mode == "undo_each", detour=mode == "detour")
    assert again.result.to_json() == straight.result.to_json()


def test_illegal_answer_raises_the_engines_message_and_changes_nothing():
    session = GameSession(players=3, seed=1, bots="random", human_seats={"Ana"})
    request = session.pending
    before = (session.record(), len(session.trace), session.view(0))
    with pytest.raises(DecisionError) as info:
        session.answer("Not a card")
    assert str(info.value) == str(request.illegal("Not a card"))
    assert (session.record(), len(session.trace), session.view(0)) == before
    assert session.pending is request


def test_undo_restores_the_previous_pending_request():
    session = GameSession(players=3, seed=4, bots="random", human_seats={0})
    first = session.ask
    hand = session.view(0).hand
    session.answer(first.options[0].value)
    second = session.ask
    assert session.undo().kind == first.kind
    assert session.ask == first and session.view(0).hand == hand
    session.answer(first.options[0].value)
    assert session.ask == second
    fresh = GameSession(players=3, seed=4, bots="random", human_seats={0})
    with pytest.raises(SessionError, match="nothing to undo"):
        fresh.undo()


def test_views_and_rounds():
    session = GameSession(players=3, seed=6, bots="random", human_seats={2})
    view = session.view("Caio")
    assert view.to_answer and len(view.hand) == 3 and session.view(0).to_answer is False
    assert set(view.hand_sizes) == set(session.names) and not hasattr(view, "hands")
    _play_human(session)
    assert session.rounds and all(r.winners for r in session.rounds)
    for k in range(len(session.rounds)):
        events = session.round_events(k)
        assert events[0].kind == "round"
        last = boards(events, viewer="Caio")[-1]
        assert [(g.player, g.card, g.prestige) for g in last.garden] == \
            [tuple(x) for x in session.rounds[k].garden]
    with pytest.raises(SessionError):
        session.answer("x")
    with pytest.raises(SessionError):
        session.round_events(99)


def test_bad_arguments_are_game_errors():
    with pytest.raises(GameError, match="seats are numbered"):
        GameSession(players=3, human_seats={3})
    with pytest.raises(GameError, match="not a player"):
        GameSession(players=3, human_seats={"Zed"})
    with pytest.raises(GameError, match="unknown bot"):
        GameSession(players=3, bots=["nobot"])


def test_one_bot_name_per_bot_seat():
    session = GameSession(players=3, seed=0, bots=["greedy", "random"], human_seats={0})
    assert session.bot_names == {"Ana": "human", "Bruno": "greedy", "Caio": "random"}


def test_two_humans_expansion_random_answers_and_undos():
    import random

    from aristofarsa.games.game import check_invariants
    rng = random.Random(3)
    kinds = set()
    for seed in range(4):
        session = GameSession(players=3, seed=seed, bots="random", human_seats={0, "Bruno"}, expansion=True)
        while not session.over:
            kinds.add(session.ask.kind)
            assert session.pending.player in ("Ana", "Bruno")
            session.answer(rng.choice(session.ask.options).value)
            if rng.random() < 0.15:
                session.undo()
        assert check_invariants(session.result) == []
        last = len(session.rounds) - 1
        assert session.boards(last, "Ana")[-1].round == 1
    assert {"garden", "action", "conspire"} <= kinds
