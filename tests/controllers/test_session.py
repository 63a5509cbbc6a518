"""RoundSession: a round played answer by answer, with undo, on every bundled lesson."""
from __future__ import annotations

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.controllers.session import RoundSession, SessionError, ask_of
from aristofarsa.core import decisions as D
from aristofarsa.core.decisions import AutoDecider, DecisionError
from aristofarsa.scenario import MissingChoice, ScenarioDecider

FILES = sorted(SCENARIOS_DIR.glob("*.toml"))
WITCH = SCENARIOS_DIR / "b2-witch-another-card.toml"


def _file_answer(decider: ScenarioDecider, request: D.Request) -> object:
    """What the scenario file itself says for a request (the person copies the file)."""
    try:
        return decider.decide(request)
    except MissingChoice:
        return None


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_written_lesson_resolves_at_once_like_run(path):
    sc = scenario.load(path)
    session = RoundSession(sc)
    assert session.pending is None and session.ask is None
    assert session.result is not None
    assert session.result.to_json() == scenario.run(sc).to_json()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_choice_asked_and_answered_from_the_file_gives_the_same_round(path):
    """written=False: every choice is asked (Garden, action, effects); answering each with
    what the file says, one by one with an undo after each, rebuilds the file's round."""
    sc = scenario.load(path)
    session = RoundSession(sc, written=False)
    copier = ScenarioDecider(sc)
    asked = 0
    while session.pending is not None:
        request = session.pending
        ask = session.ask
        assert ask is not None and ask.player == request.player and ask.kind == request.kind
        assert ask.options, "an open choice lists its options"
        assert all(request.legal(o.value) for o in ask.options)
        value = _file_answer(copier, request)
        assert any(o.value == value or (isinstance(value, list) and sorted(value) == sorted(o.value))
                   for o in ask.options if o.value is not None or value is None)
        session.answer(value)
        session.undo()                                  # back to the same open choice
        assert session.pending is not None and session.ask == ask
        session.answer(value)
        asked += 1
    assert asked >= len(sc.players)                     # at least every Garden card
    assert session.result is not None
    assert session.result.to_json() == scenario.run(sc).to_json()


def test_missing_effect_choices_are_asked_then_resolved():
    text = WITCH.read_text(encoding="utf-8").replace(
        'conspire = { card = "Witch", target = "Ana", delta = -5 }\nhand = ["Servant"]',
        'conspire = "Witch"\nhand = ["Servant"]')
    sc = scenario.loads(text, "partial.toml")
    session = RoundSession(sc)
    assert session.pending is not None
    ask = session.ask
    assert ask is not None and (ask.kind, ask.player, ask.card) == ("target", "Bruno", "Witch")
    assert ask.question == "Bruno, your Witch: whose Garden card gets +5 or -5?"
    assert "Bruno" not in ask.labels()                  # B2: another player's card
    session.answer("Ana")
    assert session.ask is not None and session.ask.kind == "delta"
    assert session.ask.question == "Bruno, your Witch: +5 or -5 to the Garden card you chose?"
    assert session.ask.labels() == ["-5", "+5"]
    result = session.answer(-5)
    assert result is session.result and session.pending is None
    assert result.to_json() == scenario.run(scenario.load(WITCH)).to_json()
    assert [(r.kind, v) for r, v in session.answered()] == [("target", "Ana"), ("delta", -5)]


def test_illegal_answer_raises_the_engines_message_and_changes_nothing():
    sc = scenario.load(WITCH)
    session = RoundSession(sc, written=False)
    session.answer("Squire")
    before = (session.pending, list(session.answers), len(session.trace))
    request = session.pending
    assert request is not None
    with pytest.raises(DecisionError) as info:
        session.answer("Aristocrat")                    # not in Bruno's hand
    assert str(info.value) == str(request.illegal("Aristocrat"))
    assert "allowed:" in str(info.value)
    assert (session.pending, session.answers, len(session.trace)) == before


def test_undo_restores_the_previous_request_and_trace():
    session = RoundSession(scenario.load(WITCH), written=False)
    first = session.ask
    steps = len(session.trace)
    session.answer("Squire")
    assert session.ask != first and len(session.trace) > steps
    session.undo()
    assert session.ask == first and len(session.trace) == steps
    with pytest.raises(SessionError, match="nothing to undo"):
        session.undo()


def test_resolved_session_refuses_answers():
    session = RoundSession(scenario.load(WITCH))
    with pytest.raises(SessionError, match="nothing to answer"):
        session.answer("Ana")
    assert not session.can_undo and session.done


def test_a_wrong_written_choice_is_the_files_error():
    text = WITCH.read_text(encoding="utf-8").replace('target = "Caio", delta = -5',
                                                     'target = "Ana", delta = -5')
    with pytest.raises(scenario.ScenarioError, match="not allowed"):
        RoundSession(scenario.loads(text, "bad.toml"))


def test_auto_driven_sessions_resolve_every_lesson():
    """The benchmark's drive: AutoDecider's choice as the person, from no choices."""
    for path in FILES:
        session = RoundSession(scenario.load(path), written=False)
        auto = AutoDecider()
        n = 0
        while session.pending is not None:
            session.answer(auto.decide(session.pending))
            n += 1
            assert n < 200
        assert session.result is not None and session.result.winners


def test_keep_options_are_every_distinct_choice():
    pool = ["Knight", "Witch", "Witch", "Rogue", "Jester"]
    request = D.Request(D.KEEP, "Ana", "Oracle", "draw", "Ana", [pool, 3])
    ask = ask_of(request)
    values = [tuple(sorted(o.value)) for o in ask.options]
    assert len(values) == len(set(values)) == 7       # C(5,3)=10 minus the 3 repeats of Witch
    assert all(request.legal(o.value) for o in ask.options)
    assert ask.value_of(ask.options[0].label) == ask.options[0].value
    assert ask.labels()[0] == "Keep Jester, Knight, Rogue"
    assert ask.question == "Ana, your Oracle: which 3 cards do you keep? The others are discarded."
    with pytest.raises(SessionError):
        ask.value_of("nope")


def test_boards_while_a_choice_is_open():
    session = RoundSession(scenario.load(WITCH), written=False)
    for card in ("Squire", "Merchant", "Jester", "Servant"):
        session.answer(card)
    frames = session.boards("Bruno")
    assert [g.card for g in frames[-1].garden] == ["Squire", "Merchant", "Jester", "Servant"]
    assert session.players == ["Ana", "Bruno", "Caio", "Dora"]
    assert len(frames) == len(session.trace) and frames[-1].viewer == "Bruno"


def test_an_answer_that_breaks_a_written_choice_changes_nothing():
    path = SCENARIOS_DIR / "m4-bard-adds-printed-prestige.toml"
    original = path.read_text(encoding="utf-8")
    full = original.replace('target = "Bruno", reveal = "Servant"', 'target = "Bruno", reveal = "Witch"')
    partial = original.replace('target = "Bruno", reveal = "Servant"', 'reveal = "Witch"')
    assert full != original and partial != original
    session = RoundSession(scenario.loads(partial, "bard.toml"))
    ask = session.ask
    assert ask is not None and (ask.kind, ask.player, ask.card) == ("target", "Ana", "Bard")
    with pytest.raises(scenario.ScenarioError, match="reveal"):
        session.answer("Caio")                           # Caio holds no Witch to reveal
    assert session.ask == ask and session.answers == []
    session.answer("Bruno")
    assert session.result is not None
    assert session.result.to_json() == scenario.run(scenario.loads(full, "bard.toml")).to_json()
