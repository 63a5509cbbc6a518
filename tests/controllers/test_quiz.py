"""The quiz of unseen rounds (controllers/quiz.py) and the rules pages (controllers/rules.py),
without a browser: every question is a legal round the engine deals from a seed, never a
bundled lesson, and its answer is the engine's own resolution of it."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from aristofarsa import scenario
from aristofarsa.controllers import learn, quiz, rules
from aristofarsa.core.cards import CARDS
from aristofarsa.core.messages import text
from aristofarsa.core.rulings import RULINGS
from aristofarsa.scenario import toml as scenario_toml

ROOT = Path(__file__).resolve().parents[2]
TOPICS = [(level.key, t.key) for level in quiz.LEVELS for t in level.topics]


def resolve_json(data: dict, tmp_path: Path) -> dict:
    """The round resolved directly by the command line, from its TOML file."""
    path = tmp_path / "round.toml"
    path.write_text(scenario_toml.dumps(data), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "resolve", str(path), "--json"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(out.stdout)


# ------------------------------------------------------------------ the generator
@pytest.mark.parametrize("level, topic", TOPICS)
def test_each_topic_gets_a_legal_round_that_shows_it(level, topic):
    for seed in range(3):
        q = quiz.generate(level, seed, topic)
        again = scenario.loads(scenario_toml.dumps(q.data))       # the file validator accepts it
        assert not again.warnings
        assert quiz.shows(topic, again, scenario.run(again, trace=True))
        assert q.topic == topic and q.level == level
        assert q.expansion == quiz.LEVELS[quiz.LEVEL_KEYS.index(level)].expansion


def test_the_same_seed_deals_the_same_round():
    for level in quiz.LEVEL_KEYS:
        a, b = quiz.generate(level, 7), quiz.generate(level, 7)
        assert a.data == b.data and a.topic == b.topic
        others = {json.dumps(quiz.generate(level, s).data, sort_keys=True) for s in range(8)}
        assert len(others) >= 6, level                  # different seeds, different rounds


def test_a_level_uses_only_its_cards():
    for level in quiz.LEVELS:
        for seed in range(6):
            q = quiz.generate(level.key, seed)
            for p in q.scenario.players:
                assert p.garden in level.garden, (level.key, p.garden)
                assert p.conspire is None or p.conspire in level.balcony, (level.key, p.conspire)


def test_no_question_is_a_bundled_lesson():
    bundled = quiz.bundled_signatures()
    lessons = learn.library()
    assert all(quiz.signature(lesson.scenario()) in bundled for lesson in lessons.values())
    for level in quiz.LEVEL_KEYS:
        for seed in range(25):
            assert quiz.signature(quiz.generate(level, seed).scenario) not in bundled


def test_signature_ignores_the_names():
    sc = learn.library()["b5-merchant-knight-anyway"].scenario()
    text = learn.library()["b5-merchant-knight-anyway"].path.read_text(encoding="utf-8")
    renamed = text.replace("Ana", "Zoe").replace("Edu", "Yan")
    assert quiz.signature(scenario.loads(renamed)) == quiz.signature(sc)
    other = learn.library()["b1-balcony-one-by-one"].scenario()
    assert quiz.signature(other) != quiz.signature(sc)


@pytest.mark.parametrize("level", quiz.LEVEL_KEYS)
def test_each_answer_is_the_direct_resolution(level, tmp_path):
    for seed in range(4):
        q = quiz.generate(level, seed)
        truth = q.answer()
        direct = resolve_json(q.data, tmp_path)
        assert list(truth.winners) == direct["winners"]
        # the game ends with this round: nobody starts a next one (the engine's M2 step says so)
        assert truth.next_first == (quiz.GAME_ENDS if direct["game_over"] else direct["next_first"])
        assert dict(truth.prestige) == {g["player"]: g["prestige"] for g in direct["garden"]}
        assert Counter(truth.scored) == Counter(f"{p}'s {c}" for p, cards in direct["scored"].items()
                                                for c in cards)
        assert sorted(truth.exiled) == sorted(p for p, cards in direct["exiled"].items() if cards)
        phase2 = Counter(p["name"] for p in q.data["player"] if "convoke" in p)
        convoked = Counter(p for p, cards in direct["convoked"].items() for _ in cards)
        assert Counter(truth.free_convokes) == convoked - phase2


def test_every_card_that_scores_can_be_picked():
    for level in quiz.LEVEL_KEYS:
        for seed in range(30):
            q = quiz.generate(level, seed)
            offered = Counter(value for _, value in q.scoring_options())
            assert not Counter(q.answer().scored) - offered, (level, seed)


def test_check_names_each_wrong_field():
    q = quiz.generate("balcony", 2)
    truth = q.answer()
    assert all(c.right for c in quiz.check(q, truth))
    wrong_start = next(p for p in q.players if p != truth.next_first)
    checks = quiz.check(q, replace(truth, next_first=wrong_start))
    assert [c.name for c in checks if not c.right] == ["next_first"]
    bad = next(c for c in checks if not c.right)
    said_first = text("quiz.game-ends") if truth.next_first == quiz.GAME_ENDS else truth.next_first
    assert bad.given == wrong_start and bad.expected == said_first
    prestige = tuple((p, v + 1) for p, v in truth.prestige)
    assert [c.name for c in quiz.check(q, replace(truth, prestige=prestige)) if not c.right] == ["prestige"]
    # the order of a multi-card answer does not matter
    assert all(c.right for c in quiz.check(q, replace(truth, scored=tuple(reversed(truth.scored)))))
    assert "exiled" not in [c.name for c in checks]
    exq = quiz.generate("exiled", 1)
    assert [c.name for c in quiz.check(exq, exq.answer())][-1] == "exiled"


def _repeated_card_question() -> quiz.Question:
    """A dealt round in which one player's Garden and Balcony cards share a name and both score."""
    for level in ("garden", "balcony", "jester-bishop"):
        for seed in range(200):
            q = quiz.generate(level, seed)
            if any(n > 1 for n in Counter(q.answer().scored).values()):
                return q
    pytest.skip("no dealt round scores two cards of one name")


def test_feedback_answers_with_cards_and_tells_the_two_cards_apart():
    q = quiz.generate("garden", 3)
    truth = q.answer()
    rows = {c.name: c for c in quiz.check(q, replace(truth, winners=()))}
    played = dict(q.garden_cards())
    final = {p: c for p, c, _ in q.result.garden}
    # the "Winning card(s)" row answers with the cards the question's buttons name, not players
    assert rows["winners"].expected == ", ".join(
        f"{p}'s {played[p]}" + ("" if final[p] == played[p] else f" (in the {played[p]}'s place)")
        for p, _ in q.garden_cards() if p in truth.winners)
    assert "'s " in rows["winners"].expected
    dup = _repeated_card_question()
    shown = next(c for c in quiz.check(dup, dup.answer()) if c.name == "scored").expected.split(", ")
    assert len(shown) == len(set(shown)) == len(dup.answer().scored)
    assert any(s.endswith("(Garden)") for s in shown) and any(s.endswith("(Balcony)") for s in shown)


def test_an_untouched_field_reads_not_answered():
    q = quiz.generate("balcony", 2)
    truth = q.answer()
    zeros = tuple((p, 0) for p, _ in truth.prestige)
    rows = {c.name: c for c in quiz.check(q, quiz.Answer(prestige=zeros), answered=set())}
    for name in ("winners", "next_first", "scored"):
        assert not rows[name].right and rows[name].given == text(quiz.NOT_ANSWERED), name
    if dict(truth.prestige) != dict(zeros):
        assert rows["prestige"].given == text(quiz.NOT_ANSWERED)
    # a field the learner did answer shows what they chose
    wrong = next(p for p in q.players if p != truth.next_first)
    rows = {c.name: c for c in quiz.check(q, replace(truth, next_first=wrong), answered={"next_first"})}
    assert rows["next_first"].given == wrong
    # an empty answer that is right ("nobody Convokes for free") is not "not answered"
    if not truth.free_convokes:
        assert rows["free_convokes"].right and rows["free_convokes"].given == "nobody"


def test_why_says_which_cards_win_and_who_starts_next():
    for seed in range(4):
        q = quiz.generate("garden", seed)
        texts = [quiz.step_text(e, q.result) for e in quiz.why(q.result)]
        assert not any("round's winner" in t for t in texts)
        cards = ", ".join(f"{p}'s {c}" for p, c, _ in q.result.garden if p in q.result.winners)
        assert any(cards in t and " win" in t for t in texts)
        if not q.result.game_over:
            assert f"{q.result.next_first} starts the next round." in texts


def test_each_live_example_shows_what_its_outcome_depends_on():
    """A whole-round example shows the final Garden and Balcony beside "Who won"; a Phase-1
    example says only who leads after Phase 1; seats and steps say nothing about winning."""
    lib = learn.library()
    for page in (*rules.learn_pages(), *rules.exiled_pages()):
        ex = page.example()
        result = scenario.run(lib[page.lesson].scenario(), trace=True)
        if ex.board == "final":
            assert ex.label == "Who won" and ex.outcome.startswith("Winning card"), page.key
            assert ("Starts next round:" in ex.outcome) != result.game_over, page.key
            assert "game ends" in ex.outcome or not result.game_over
            assert [(g.player, g.card, g.prestige) for g in ex.frame.garden] == \
                [tuple(g) for g in result.garden], page.key
            assert [(b.player, b.card) for b in ex.frame.balcony] == [tuple(b[:2]) for b in result.balcony]
        elif ex.board == "garden":
            top = max(ex.frame.garden, key=lambda g: g.prestige)       # the first of the highest
            assert ex.label == "After Phase 1" and "Winning" not in ex.outcome, page.key
            assert ex.outcome.startswith(f"{top.player}'s {top.card} ({top.prestige}) is highest"), page.key
        else:
            assert ex.outcome == "", page.key


CHANGES = {"entry", "mark", "prestige", "exchange", "cancelled", "convoke", "parlor-empty", "score",
           "exile", "winners", "next"}


def _questions(level: str, n: int = 40):
    """``n`` generated questions of a level: Learn's four levels by key, and the Exiled app's
    quiz (the questions its controller draws, quiz after quiz)."""
    if level != "exiled-app":
        return [quiz.generate(level, seed) for seed in range(n)]
    from aristofarsa.controllers.exiled import ExiledController
    state = ExiledController.from_query("seed=7")
    out = []
    while len(out) < n:
        q = state.quiz.question()
        out.append(q)
        state.quiz.answer(q.answer())
        state.go_on()
        if state.quiz.done:
            state.go_on()                  # the summary: the Exiled quiz goes on
    return out


APP_LEVELS = [*quiz.LEVEL_KEYS, "exiled-app"]


@pytest.mark.parametrize("level", APP_LEVELS)
def test_why_names_every_step_that_changed_the_outcome(level):
    """A property over many generated questions of every level (Learn's four, and the Exiled
    app's quiz): the "Why" keeps every step that changed a Prestige, a Convoke (but the Phase-2
    Convoke actions the question shows), a score or an exile, and every card the outcome
    mentions appears in the steps shown: each winning card, each final Prestige, each card that
    scores, each free Convoke with the card that made it (a Balcony or scoring Rogue, a Damsel),
    each exiled card."""
    questions = _questions(level)
    assert len({q.id for q in questions}) == len(questions)
    for q in questions:
        steps = quiz.why(q.result)
        texts = [quiz.step_text(e, q.result) for e in steps]
        assert texts == [t for t, _, _ in quiz.why_lines(q.result)]      # what the page lists
        shown = " ".join(texts)
        kept = {id(e) for e in steps}
        for e in q.result.trace:
            if e.kind in CHANGES and e.phase not in ("setup", "draw", "end") \
                    and not (e.kind == "convoke" and e.rule == "P5"):
                assert id(e) in kept, (q.id, e.kind, e.text)
        truth = q.answer()
        winners_step = next(t for e, t in zip(steps, texts, strict=True) if e.kind == "winners")
        for p, c, value in q.result.garden:
            assert f"{p}'s {c} {value} =" in shown, (q.id, p, c, value)          # the final Prestige
            if p in truth.winners:
                assert f"{p}'s {c}" in winners_step and f"Winning Prestige {value}:" in winners_step
        scores = " ".join(t for e, t in zip(steps, texts, strict=True) if e.kind == "score")
        for card in truth.scored:
            assert card in scores, (q.id, card)
        convokes = [t for e, t in zip(steps, texts, strict=True) if e.kind == "convoke"]
        for player, noble in quiz.free_convokes(q.scenario, q.result):
            assert any(re.match(rf"{player}'s (Rogue|Damsel|Elder)\b", t)
                       and f"{player} Convokes the {noble}" in t for t in convokes), (q.id, player, noble)
        for player, cards in q.result.exiled.items():
            for card in cards:
                assert any(e.kind == "exile" and e.actor == player and f"{player}'s {card}" in t
                           for e, t in zip(steps, texts, strict=True)), (q.id, player, card)
        printed = {p: c for p, c in q.garden_cards()}
        for player, card, value in q.result.garden:
            if card != printed[player] or value != CARDS[card].prestige:
                assert f"{player}'s {card}" in shown, (q.id, player, card)


@pytest.mark.parametrize("level", APP_LEVELS)
def test_no_answer_contradicts_its_why(level):
    """A property over generated questions of every level: each field of the answer the page
    shows (the checked answer's "answer:") says what the "Why" says. When the game ends with
    the round, nobody starts a next one, in the answer as in the last step; otherwise the
    answer's starter is the one the step names, and no step says the game is over."""
    ended = 0
    for q in _questions(level, 30):
        truth = q.answer()
        texts = [quiz.step_text(e, q.result) for e in quiz.why(q.result)]
        nxt = next(quiz.step_text(e, q.result) for e in quiz.why(q.result) if e.kind == "next")
        expected = {c.name: c.expected for c in quiz.check(q, truth)}
        assert all(c.right for c in quiz.check(q, truth))
        if q.result.game_over:
            ended += 1
            assert truth.next_first == quiz.GAME_ENDS and expected["next_first"] == text("quiz.game-ends")
            assert "no next round starts" in nxt
            assert not any("starts the next round" in t for t in texts), q.id
        else:
            assert nxt == f"{truth.next_first} starts the next round."
            assert expected["next_first"] == truth.next_first
            assert not any("game is over" in t or "game ends" in t for t in texts), q.id
        for card in quiz.winning_card_labels(q, truth.winners):
            assert card.split(" (in the")[0] in " ".join(texts)
        for player, value in truth.prestige:
            assert f"{player} {value}" in expected["prestige"]
        assert expected["scored"] == (", ".join(quiz.scored_labels(q, truth.scored)) or "nothing")
        free = quiz.free_convokes(q.scenario, q.result)
        assert expected["free_convokes"] == (", ".join(f"{p} (the {c})" for p, c in free) or "nobody")
        if q.expansion:
            assert expected["exiled"] == (", ".join(truth.exiled) or "nobody")
    assert ended                                   # the game-over case was put to the test


def test_each_ruling_in_the_why_has_its_deciding_sentence_beside_it():
    """The first time a ruling comes in a "Why", its deciding sentence stands beside its ID
    (short: one sentence a learner reads in passing); every ruling has one."""
    from aristofarsa.controllers.rulings_text import deciding
    for rid in RULINGS:
        sentence = deciding(rid)
        assert sentence and len(sentence.split()) <= 30 and "`" not in sentence, rid
    for level in quiz.LEVEL_KEYS:
        q = quiz.generate(level, 1)
        lines = quiz.why_lines(q.result)
        firsts = {}
        for _text, rid, rule in lines:
            firsts.setdefault(rid, rule)
            assert rule in ("", deciding(rid))
        assert all(firsts[rid] == deciding(rid) for rid in firsts)
        assert [t for t, _, _ in lines] == [quiz.step_text(e, q.result) for e in quiz.why(q.result)]


def test_a_bishop_mode_rogue_convoke_is_in_the_why():
    """The reported case: in Bishop mode a Balcony Rogue acts during Phase 2; its free Convoke
    is a deciding step (the answer lists it)."""
    found = 0
    for seed in range(80):
        q = quiz.generate("jester-bishop", seed)
        free = [e for e in q.result.trace if e.kind == "convoke" and e.phase == "phase2" and e.rule == "B6"]
        if free:
            found += 1
            assert all(e in quiz.why(q.result) for e in free)
    assert found


def test_why_lists_the_deciding_steps_with_known_rulings():
    q = quiz.generate("jester-bishop", 4)
    steps = quiz.why(q.result)
    kinds = [e.kind for e in steps]
    assert "winners" in kinds and "next" in kinds and "final" in kinds
    assert all(e.rule in RULINGS for e in steps)
    assert not any(e.kind in ("play", "reveal", "conspire-secret") for e in steps)


# ------------------------------------------------------------------ the quiz state
def _answer_all(state: quiz.Quiz, wrong_at: int | None = None) -> list[list[quiz.FieldCheck]]:
    out = []
    for k in range(state.length):
        q = state.question()
        given = q.answer()
        if k == wrong_at:
            given = replace(given, next_first=next(p for p in q.players if p != given.next_first))
        out.append(state.answer(given))
        state.next()
    return out


def test_a_quiz_of_five_ends_in_a_summary_per_topic():
    state = quiz.Quiz(seed=3)
    checks = _answer_all(state, wrong_at=2)
    assert state.done and state.checked is None
    assert [all(c.right for c in cs) for cs in checks] == [True, True, False, True, True]
    assert sum(r for _, r, _ in state.summary()) == 4 and sum(n for _, _, n in state.summary()) == 5
    missed = state.answers[2][0]
    assert [t.key for t in state.review()] == [missed] and state.missed == [missed]
    assert (state.total_right, state.total_asked) == (4, 5)
    state.next()                     # after the summary: nothing to check yet, the summary stays
    assert state.done
    state.new_quiz(1)                # a new quiz at the next level
    assert not state.done and state.question().level == "balcony" and state.total_asked == 5


def test_a_second_check_of_one_question_changes_nothing():
    state = quiz.Quiz()
    q = state.question()
    first = state.answer(q.answer())
    assert state.answer(quiz.Answer()) is first and state.total_asked == 1


def test_no_question_repeats_within_twenty():
    state = quiz.Quiz(seed=1)
    seen = []
    for _ in range(30):
        q = state.question()
        seen.append(quiz.short_signature(q.scenario))
        state.answer(q.answer())
        state.next()
        if state.done:
            state.new_quiz()
    for k in range(len(seen) - quiz.NO_REPEAT + 1):
        window = seen[k:k + quiz.NO_REPEAT]
        assert len(set(window)) == len(window), k


def test_the_progress_code_restores_the_quiz():
    state = quiz.Quiz(seed=5)
    _answer_all(state, wrong_at=0)
    code = state.code()
    assert all(ch.isalnum() or ch in "-_" for ch in code)
    back = quiz.Quiz.from_code(code)
    assert (back.seed, back.level, back.counter, back.recent, back.answers, back.total_right,
            back.total_asked, back.missed) == (state.seed, state.level, state.counter, state.recent,
                                               state.answers, state.total_right, state.total_asked,
                                               state.missed)
    assert back.done
    fresh = quiz.Quiz(seed=5)
    fresh.question()
    code = fresh.code()
    assert quiz.Quiz.from_code(code).question().data == fresh.question().data


@pytest.mark.parametrize("code", ["", "AAAA", "not a code!", "x" * 5000])
def test_a_damaged_progress_code_is_refused_with_a_message(code):
    with pytest.raises(quiz.ProgressError, match="progress code"):
        quiz.Quiz.from_code(code)
    good = quiz.Quiz().code()
    with pytest.raises(quiz.ProgressError, match="damaged"):
        quiz.Quiz.from_code(good[:-3] + ("A" if good[-3] != "A" else "B") + good[-2:])


def test_learn_state_reads_the_progress_from_the_query():
    state = learn.LearnController()
    q = state.quiz.question()
    state.quiz.answer(q.answer())
    query = state.query()
    assert query.startswith("progress=")
    again = learn.LearnController.from_query(query)
    assert again.errors == [] and again.quiz.total_right == 1
    from aristofarsa.controllers.exiled import ExiledController

    refused = ExiledController.from_query(query)            # a Learn code is not an Exiled one
    assert refused.errors and "other app" in refused.errors[0]


# ------------------------------------------------------------------ the rules pages
def test_the_rules_pages_follow_play_order_with_live_examples():
    pages = rules.learn_pages()
    assert [p.key for p in pages] == ["setup", "garden", "order", "balcony", "score", "exile"]
    lib = learn.library()
    for page in pages:
        assert page.rulings and all(r.text for r in page.rulings), page.key
        assert page.lesson in lib, page.key
        cited = {r.id for r in rules.rulings_in(page.body)}
        assert cited <= set(RULINGS) and cited, page.key
        example = page.example()
        assert example.lines, page.key                 # the trace sentences that show the idea
        result = scenario.run(lib[page.lesson].scenario(), trace=True)
        texts = [e.text for e in result.trace]
        assert all(text in texts for text, _ in example.lines), page.key
    order = next(p for p in pages if p.key == "order").example()
    assert order.order[0] == next(e.actor for e in scenario.run(
        lib[order.lesson].scenario(), trace=True).trace if e.kind == "litter")


def test_the_scoring_page_is_a_numbered_checklist():
    page = next(p for p in rules.learn_pages() if p.key == "score")
    for word in ("Jester", "tied", "earliest", "Knight", "Servant", "Merchant", "Damsel",
                 "Free Convokes", "discard pile", "starts the next round", "Aristocrat", "one more round"):
        assert word in page.body, word
    assert [line.split(".")[0].strip() for line in page.body.splitlines() if line[:1].isdigit()] == \
        [str(k) for k in range(1, 8)]


def test_the_rules_book_pages_through():
    book = rules.RulesBook(rules.learn_pages())
    book.back()
    assert book.index == 0
    for _ in range(20):
        book.next()
    assert book.is_last and book.page().key == "exile"
    exiled = rules.exiled_pages()
    assert exiled[0].key == "exile" and [p.key for p in exiled[1:]] == ["x3", "x4", "x5", "x6"]
    # a card's page is that card (the Cards tab's view: the same words, read once) and a step
    # of a lesson that shows it
    assert [p.card for p in exiled[1:]] == ["Bard", "Scribe", "Elder", "Oracle"]
    assert all(p.example().lines for p in exiled)
    with pytest.raises(ValueError):
        rules.RulesBook(())
