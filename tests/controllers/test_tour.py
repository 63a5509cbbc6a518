"""The Learn and Exiled apps' controllers, without a browser."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR
from aristofarsa.cards import BASE_CARDS, CARDS, EXPANSION_CARDS
from aristofarsa.controllers import tour
from aristofarsa.controllers.exiled import EXILE_RULES, ExiledState, expansion_lessons
from aristofarsa.controllers.stepper import Stepper
from aristofarsa.rulings import RULINGS

ROOT = Path(__file__).resolve().parents[2]
ALL = sorted(p.stem for p in SCENARIOS_DIR.glob("*.toml"))


def resolve_json(name: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "resolve",
                          str(SCENARIOS_DIR / f"{name}.toml"), "--json"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(out.stdout)


# ------------------------------------------------------------------ teaching material
def test_every_lesson_is_in_exactly_one_stage():
    order = tour.path_order()
    assert sorted(order) == ALL
    assert len(order) == len(set(order))


def test_situation_index_names_real_lessons():
    for situation, names in tour.situations().items():
        assert names, situation
        assert set(names) <= set(ALL), situation


def test_card_index_covers_every_card():
    index = tour.lessons_by_card()
    assert set(index) == set(CARDS)
    for card, names in index.items():
        assert names, f"no lesson about the {card}"
        for name in names:
            lesson = tour.library()[name]
            assert card in lesson.title or card in lesson.description


def test_docs_lessons_md_is_generated_from_the_data():
    text = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    assert text == tour.lessons_markdown(), "regenerate docs/lessons.md from tour.lessons_markdown()"


def test_scoring_checklist_cites_real_rulings_and_lessons():
    text = (ROOT / "docs" / "scoring-checklist.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"\b([MDPBSEX]\d{1,2})\b", text))
    assert cited <= set(RULINGS)
    for needed in ("S1", "S2", "S3", "S4", "B3", "B4", "B5", "B6", "M2", "E1", "X2", "X4", "X7", "M5"):
        assert needed in cited, needed
    for name in re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`", text):
        assert name in ALL, name
    assert "scoring clauses" in text


# ------------------------------------------------------------------ cards
def test_card_tour_shows_every_card_with_its_texts():
    base, exp = tour.CardTour(), tour.CardTour(expansion=True)
    assert base.names == BASE_CARDS and exp.names == EXPANSION_CARDS
    base.go("Knight")
    info = base.card()
    assert (info.name, info.kind, info.prestige) == ("Knight", "Noble", 8)
    assert info.garden_text == CARDS["Knight"].garden_text
    assert info.balcony_text == CARDS["Knight"].balcony_text
    assert info.crowns == 3
    base.go(99)
    assert base.card().name == BASE_CARDS[-1]
    with pytest.raises(ValueError, match="unknown card"):
        base.go("Bard")


# ------------------------------------------------------------------ one round, step by step
@pytest.mark.parametrize("name", ["b5-merchant-knight-anyway", "b13-bishop-chain", "x2-lowest-exiles",
                                  "p6-bishop-mode-outlives-the-bishop"])
def test_each_step_text_is_the_trace_text(name):
    walk = tour.LessonWalk(name).walk
    trace = resolve_json(name)["trace"]
    assert len(walk) == len(trace)
    walk.first()
    for k, event in enumerate(trace):
        frame = walk.frame()
        assert frame.index == k and frame.text == event["text"]
        assert (frame.winners is not None) == (k == len(trace) - 1)
        walk.next()


@pytest.mark.parametrize("name", ALL)
def test_board_at_the_last_step_is_the_outcome(name):
    lw = tour.LessonWalk(name)
    lw.walk.last()
    frame = lw.frame()
    assert [(s.player, s.card, s.prestige) for s in frame.garden] == [tuple(g) for g in lw.result.garden]
    assert [(b.player, b.card, b.cancelled) for b in frame.balcony] == [tuple(b) for b in lw.result.balcony]
    assert frame.winners == tuple(lw.result.winners)


def test_viewer_hides_face_down_cards_until_revealed():
    lw = tour.LessonWalk("b5-merchant-knight-anyway")
    walk = lw.walk
    secret = next(k for k, e in enumerate(walk.events) if e.kind == "conspire-secret")
    reveal = next(k for k, e in enumerate(walk.events) if e.kind == "reveal")
    owner = walk.events[secret].actor
    other = next(p for p in lw.players if p != owner)
    walk.go(secret)
    assert walk.frame().balcony[0].card == "Merchant"       # everyone (the teacher) sees it
    walk.viewer = other
    frame = walk.frame()
    assert frame.hidden and "Merchant" not in frame.text and frame.balcony[0].card is None
    walk.viewer = owner
    assert walk.frame().balcony[0].card == "Merchant"
    walk.viewer = other
    walk.go(reveal)
    assert walk.frame().balcony[0].card == "Merchant"
    with pytest.raises(ValueError, match="viewer"):
        walk.viewer = "Zed"


def test_prediction_reveals_the_description():
    lw = tour.LessonWalk("b5-merchant-knight-anyway")
    assert not lw.revealed
    lw.walk.go(3)
    assert not lw.revealed
    assert lw.predict("Edu") is True
    assert lw.revealed
    lw2 = tour.LessonWalk("b5-merchant-knight-anyway")
    assert lw2.predict("Ana") is False
    lw3 = tour.LessonWalk("b5-merchant-knight-anyway")
    lw3.walk.last()
    assert lw3.revealed
    with pytest.raises(ValueError, match="choose one of"):
        lw3.predict("Zed")


def test_setup_lines_do_not_give_the_answer():
    lw = tour.LessonWalk("b5-merchant-knight-anyway")
    text = " ".join(lw.setup)
    assert "Garden: Knight" in text and "Balcony: Merchant (target Caio)" in text
    assert "scores" not in text and "wins" not in text


# ------------------------------------------------------------------ quizzes
def test_quiz_is_seeded_and_scored():
    a, b, c = tour.Quiz(3), tour.Quiz(3), tour.Quiz(4)
    assert a.lessons == b.lessons and a.lessons != c.lessons
    assert set(a.lessons) <= set(tour.quiz_pool())
    q = a.question()
    result = tour.resolve(tour.library()[q.lesson])
    right = result.winners[0]
    wrong = next(p for p in q.options if p not in result.winners)
    check = a.answer(right)
    assert check.correct and a.score == 1 and a.answered == 1
    assert a.answer(wrong).correct            # a second click keeps the first answer
    kinds = [e.kind for e in check.why]
    assert "winners" in kinds and "final" in kinds
    a.next()
    check2 = a.answer(next(p for p in a.question().options
                           if p not in tour.resolve(tour.library()[a.question().lesson]).winners))
    assert not check2.correct and a.score == 1 and a.answered == 2
    with pytest.raises(ValueError, match="choose one of"):
        a.next()
        a.answer("Zed")


def test_expansion_quiz_draws_expansion_lessons():
    quiz = tour.Quiz(1, expansion=True)
    assert all(tour.library()[n].expansion or n.startswith("x") for n in quiz.lessons)


# ------------------------------------------------------------------ query strings
def test_learn_from_query():
    state = tour.LearnState.from_query("?lesson=b4-damsel-swap&seed=9")
    assert state.errors == [] and state.walk.lesson.name == "b4-damsel-swap"
    assert state.quiz.lessons == tour.Quiz(9).lessons


@pytest.mark.parametrize("query, message", [
    ("lesson=nope", "unknown lesson 'nope'"),
    ("seed=-1", "seed must be a whole number >= 0"),
    ("seed=abc", "seed must be a whole number"),
    ("colour=red", "unknown query parameter 'colour'"),
    ("lesson=../../etc/passwd", "unknown lesson"),
])
def test_learn_bad_query_gives_a_message(query, message):
    state = tour.LearnState.from_query(query)
    assert any(message in e for e in state.errors), state.errors
    assert state.walk.lesson.name == tour.FIRST_LESSON


# ------------------------------------------------------------------ the Exiled app
def test_exiled_state():
    state = ExiledState.from_query("lesson=x4-exchanged-in-scribe-also-scores&seed=2")
    assert state.errors == []
    assert state.cards.names == ["Bard", "Scribe", "Elder", "Oracle"]
    assert [r.id for r in state.rules] == ["X1", "X2", "X3", "X4", "X5", "X6", "X7"]
    assert set(state.lessons) == {n for n in ALL if tour.library()[n].expansion} | \
        {n for n in expansion_lessons()}
    for rule in EXILE_RULES:
        assert set(rule.lessons) <= set(ALL)
    assert ExiledState.from_query("seed=x").errors


def test_stepper_from_events_refuses_an_empty_trace():
    with pytest.raises(ValueError, match="no trace events"):
        Stepper.from_events([], [])


def test_stepper_from_events_steps_like_the_lab_stepper():
    """A lesson's stepper (built from its events) gives the Lab's frames, ruling included."""
    lw = tour.LessonWalk("b13-bishop-chain")
    lab = Stepper(lw.result)
    for viewer in (None, lw.players[1]):
        lab.viewer = viewer
        lw.walk.viewer = viewer
        for k in range(len(lab)):
            lab.go(k)
            lw.walk.go(k)
            assert lw.walk.frame() == lab.frame()
    lw.walk.go(next(k for k, e in enumerate(lw.walk.events) if e.rule))
    frame = lw.walk.frame()
    assert frame.ruling is not None and frame.ruling.id == frame.rule and frame.ruling.anchor
    in_progress = Stepper.from_events(list(lw.result.trace)[:5], None)
    in_progress.last()
    assert in_progress.frame().winners is None and in_progress.players


def test_lesson_index_is_generated_from_the_lesson_files():
    text = tour.LESSON_INDEX_FILE.read_text(encoding="utf-8")
    assert text == tour.lesson_index_json(), (
        "regenerate aristofarsa/data/lesson_index.json: python -c 'from aristofarsa.controllers import tour; "
        "tour.LESSON_INDEX_FILE.write_text(tour.lesson_index_json(), encoding=\"utf-8\")'")
    assert list(tour.library().items()) == list(tour.scan_library().items())   # in file-name order
