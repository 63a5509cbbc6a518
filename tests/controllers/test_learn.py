"""The Learn and Exiled apps' controllers, without a browser."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.controllers import learn
from aristofarsa.controllers.exiled import EXILE_RULES, ExiledController, expansion_lessons
from aristofarsa.controllers.stepper import Stepper
from aristofarsa.core.cards import BASE_CARDS, CARDS, EXPANSION_CARDS
from aristofarsa.core.messages import text as said
from aristofarsa.core.rulings import RULINGS

ROOT = Path(__file__).resolve().parents[2]
ALL = sorted(p.stem for p in SCENARIOS_DIR.glob("*.toml"))


def resolve_json(name: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "resolve",
                          str(SCENARIOS_DIR / f"{name}.toml"), "--json"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(out.stdout)


# ------------------------------------------------------------------ teaching material
def test_every_lesson_is_in_exactly_one_stage():
    order = learn.path_order()
    assert sorted(order) == ALL
    assert len(order) == len(set(order))


def test_situation_index_names_real_lessons():
    for situation, names in learn.situations().items():
        assert names, situation
        assert set(names) <= set(ALL), situation


def test_card_index_covers_every_card():
    index = learn.lessons_by_card()
    assert set(index) == set(CARDS)
    for card, names in index.items():
        assert names, f"no lesson about the {card}"
        for name in names:
            lesson = learn.library()[name]
            assert card in lesson.title or card in lesson.description


def test_docs_lessons_md_is_generated_from_the_data():
    text = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    assert text == learn.lessons_markdown(), "regenerate docs/lessons.md from learn.lessons_markdown()"


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
    base, exp = learn.CardTour(), learn.CardTour(expansion=True)
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


def test_every_card_has_its_fine_points_with_known_rulings():
    notes = learn.card_notes()
    assert set(notes) == set(CARDS)
    for card, card_notes in notes.items():
        assert card_notes, card
        for note in card_notes:
            assert note.text.endswith(".") and note.rulings, (card, note.text)
            assert all(r.id in RULINGS and r.text for r in note.rulings), (card, note.text)
    assert learn.card_info("Elder").notes == notes["Elder"]


def _run(players: list[dict], expansion: bool = False):
    """A small round, resolved by the engine (the card notes' claims are checked on it)."""
    data = {"title": "t", "first": players[0]["name"], "player": players}
    if expansion:
        data["expansion"] = True
    return scenario.run(scenario.validate(data, "<note>"), trace=True)


def _notes(card: str) -> str:
    return " ".join(n.text for n in learn.card_notes()[card])


def test_the_servant_note_is_what_the_engine_does():
    """Servant: 11 replaces the Garden value, a Witch or a Merchant before the reveal still
    applies on top, and a Servant exchanged in after its twin was revealed is 11 at once."""
    note = _notes("Servant")
    assert "a Witch's +5 gives 16 (11 + 5), a Merchant's ×2 gives 22" in note
    assert "exchanged into the Garden after its twin was revealed is 11 at once" in note
    assert CARDS["Servant"].garden_text.startswith("Is 11 while your other Servant is revealed")
    for balcony, value in (({"card": "Witch", "target": "Ana", "delta": 5}, 16),
                           ({"card": "Merchant", "target": "Ana"}, 22)):
        squire = {"card": "Squire", "exchange": False}
        result = _run([{"name": "Ana", "garden": "Servant", "conspire": "Servant", "hand": ["Rogue"]},
                       {"name": "Bruno", "garden": "Knight", "conspire": squire, "hand": ["Jester"]},
                       {"name": "Caio", "garden": "Squire", "conspire": balcony, "hand": ["Rogue"]}])
        assert result.balcony[0][1] == balcony["card"] and result.balcony[1][:2] == ("Ana", "Servant")
        assert result.garden[0] == ("Ana", "Servant", value)
    swapped = _run([{"name": "Ana", "garden": "Witch", "conspire": "Servant", "hand": ["Servant"]},
                    {"name": "Bruno", "garden": "Knight", "conspire": {"card": "Courtisan", "target": "Ana"},
                     "hand": ["Jester"]},
                    {"name": "Caio", "garden": "Squire", "conspire": "Knight", "hand": ["Rogue"]}])
    assert swapped.garden[0] == ("Ana", "Servant", 11)


def test_the_elder_note_is_what_the_engine_does():
    """Elder: ongoing, so a Noble neighbour exchanged out switches the +5 off."""
    assert "a Noble neighbour exchanged out switches it off at once" in _notes("Elder")
    result = _run([{"name": "Ana", "garden": "Knight", "conspire": {"card": "Squire", "exchange": "Witch"},
                    "hand": ["Witch"]},
                   {"name": "Bruno", "garden": "Elder", "conspire": "Servant", "hand": ["Jester"]},
                   {"name": "Caio", "garden": "Rogue", "conspire": "Knight", "hand": ["Jester"]}], True)
    elder = [e for e in result.trace if e.target_card == "Elder" and e.kind == "prestige"]
    assert [(e.phase, e.after) for e in elder] == [("phase1", 11), ("balcony", 6)]
    assert result.garden[1] == ("Bruno", "Elder", 6)


def test_the_bishop_mode_note_says_what_changes_and_what_does_not():
    """Bishop mode keeps the order (the Balcony's order is Phase-2 order) and changes the timing;
    it outlives the Bishop."""
    note = _notes("Bishop")
    assert "the Balcony's order is Phase-2 order" in note and "only the timing changes" in note
    assert "even if the Bishop leaves" in note
    result = _run([{"name": "Ana", "garden": "Bishop", "conspire": {"card": "Witch", "target": "Bruno",
                                                                     "delta": -5}, "hand": ["Rogue"]},
                   {"name": "Bruno", "garden": "Knight", "conspire": {"card": "Courtisan", "target": "Ana"},
                    "hand": ["Jester"]},
                   {"name": "Caio", "garden": "Squire", "conspire": "Knight", "hand": ["Rogue"]}])
    assert [b[0] for b in result.balcony] == list(result.phase2_order)
    acted = [e.actor for e in result.trace if e.kind == "prestige" or e.kind == "exchange"]
    assert acted == ["Caio", "Ana", "Bruno"] and all(
        e.phase == "phase2" for e in result.trace if e.kind in ("prestige", "exchange"))
    assert result.garden[0][:2] == ("Ana", "Rogue")         # the Bishop left; every card still acted at once


#: wordings that say one rule in a second way (the first way is the one kept everywhere)
OTHER_WORDINGS = re.compile(r"Litter moves on|keeps the Litter|Servant becomes 11|Servant's Prestige becomes|"
                            r"Worth 11 once|is\*? 11 once|"
                            r"Knight within 3|within 3 of|one within 3", re.I)


def test_one_wording_for_the_litter_the_servant_and_the_knight():
    """The Litter, the Servant's 11 and the Knight's "loses by 3 or less" are said in the same
    words wherever they are stated: rules pages, card texts and notes, quiz ideas and hints,
    lessons (titles, prose, stage intros), docs/rules.md."""
    from aristofarsa.controllers import quiz, rules
    lessons = [lesson.title + " " + lesson.description for lesson in learn.library().values()]
    sources = {"rules pages": " ".join(p.body for p in rules.learn_pages()),
               "card notes": " ".join(n.text for ns in learn.card_notes().values() for n in ns),
               "card texts": " ".join(c.garden_text + " " + c.balcony_text for c in CARDS.values()),
               "quiz": " ".join(t.idea for lv in quiz.LEVELS for t in lv.topics) + " "
                       + " ".join(map(quiz.field_hint, quiz.FIELD_HINTS)),
               "lessons": " ".join(lessons) + " ".join(stage.intro for stage in learn.stages()),
               "docs/rules.md": (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")}
    for where, text in sources.items():
        found = OTHER_WORDINGS.findall(" ".join(text.split()).replace("*", ""))
        assert not found, (where, found)
    litter = "+2 to a Convoke total this round, and nothing else"
    assert litter in sources["rules pages"] and litter in " ".join(sources["docs/rules.md"].split())
    assert "the Litter goes to whoever is then first" in _notes("Oracle")
    servant = "11 while your other Servant is revealed on the Balcony"
    assert servant in CARDS["Servant"].garden_text and servant in _notes("Servant")
    assert "11 while its owner's other Servant is revealed on the Balcony" in quiz.topic("servant-pair").idea
    for where in ("rules pages", "card notes", "card texts", "quiz"):
        text = " ".join(sources[where].split()).replace("*", "")
        assert re.search(r"(?i)los(es|ing) (the round )?by 3 (Prestige )?or less", text), where


def test_docs_rules_md_carries_the_same_fine_points():
    text = " ".join((ROOT / "docs" / "rules.md").read_text(encoding="utf-8").split())
    for card, notes in learn.card_notes().items():
        for note in notes:
            assert note.text in text, f"docs/rules.md lacks the {card} note: {note.text}"
    assert " ".join(learn.card_notes_markdown().split()) in text
    assert " ".join(learn.card_notes_markdown(expansion=True).split()) in text
    # the card tables are the apps' card texts, word for word (one wording per card)
    raw = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert learn.card_table_markdown() in raw and learn.card_table_markdown(expansion=True) in raw


# ------------------------------------------------------------------ lessons as game events
ENGINE_WORDS = re.compile(r"next_draw|final_round|replay = \{|\.toml|exit code|`crowns`|"
                          r"the engine still|scenario|\[expect\]|game_over|end_reason|lowest_wins|"
                          r"oracle_draw|also_score|choice key|in a file|this file", re.I)


@pytest.mark.parametrize("name", ALL)
def test_lesson_text_reads_as_game_events(name):
    lesson = learn.library()[name]
    found = ENGINE_WORDS.findall(lesson.title + " " + lesson.description)
    assert not found, f"{name}: engine words in what a learner reads: {found}"


@pytest.mark.parametrize("name", ["b12-damsel-convoke-empties-parlor", "b9-courtisan-forces-aristocrat",
                                  "m11-game-over-scope", "x2-aristocrat-worst-game-over"])
def test_the_four_lessons_steps_read_as_game_events(name):
    """The four lessons about what one round decides: their step about it is said in the game's
    words (the trace itself, for the Lab and the command line, keeps its note on the file)."""
    walk = learn.LessonWalk(name)
    assert any(e.kind == "scope" for e in walk.result.trace)
    shown = [e.text for e in walk.stepper.events]
    assert said(learn.ONE_ROUND_SCOPE) in shown
    assert not ENGINE_WORDS.findall(" ".join(shown)), name


def test_no_lesson_step_shows_engine_words():
    """Every step of every lesson, as the Learn and Exiled apps show it."""
    for name in ALL:
        walk = learn.LessonWalk(name)
        found = ENGINE_WORDS.findall(" ".join(e.text for e in walk.stepper.events))
        assert not found, f"{name}: engine words in a step: {found}"


@pytest.mark.parametrize("name", ALL)
def test_every_lesson_description_renders_in_full(name):
    """Every word of a description reaches the page, and lines wrap as prose (no line break
    inside a sentence)."""
    from html import unescape

    from aristofarsa.render import seats

    lesson = learn.library()[name]
    assert len(lesson.description) > 200, f"{name}: the description explains too little"
    page = seats.markdown_html(lesson.description)
    shown = " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())
    for word in re.findall(r"[A-Za-z][A-Za-z'-]+|\d+", lesson.description.replace("**", "")):
        assert word in shown, f"{name}: {word!r} is not shown"
    assert "<br>" not in page


def test_the_two_added_lessons_are_on_the_paths():
    assert "m4-courtisan-after-bard" in expansion_lessons()
    assert "b9-courtisan-forces-out-a-marking-aristocrat" in learn.learn_path()
    walk = learn.LessonWalk("b9-courtisan-forces-out-a-marking-aristocrat")
    assert walk.result.prestige["Ana"] == 13                # the mark stays: 5 + 8, not 6 + 8
    assert any(e.kind == "exchange" and e.target_card == "Aristocrat" for e in walk.result.trace)
    bard = learn.LessonWalk("m4-courtisan-after-bard")
    assert bard.result.prestige["Bruno"] == 17              # 6 + the Bard's 11


def test_next_lesson_follows_the_path():
    state = learn.LearnController()
    assert state.next_lesson() == state.path[1]
    state.open_lesson(state.path[-1])
    assert state.next_lesson() is None
    state.open_lesson("x2-lowest-exiles")                   # not on this path: back to its start
    assert state.next_lesson() == state.path[0]


def test_a_tie_is_predicted_by_picking_every_tied_card():
    walk = learn.LessonWalk("s1-tied-cards-all-score")
    assert len(walk.result.winners) > 1
    assert walk.predict(list(walk.result.winners)) is True
    one = learn.LessonWalk("s1-tied-cards-all-score")
    assert one.predict(walk.result.winners[0]) is False


# ------------------------------------------------------------------ one round, step by step
@pytest.mark.parametrize("name", ["b5-merchant-knight-anyway", "b13-bishop-chain", "x2-lowest-exiles",
                                  "p6-bishop-mode-outlives-the-bishop"])
def test_each_step_text_is_the_trace_text(name):
    walk = learn.LessonWalk(name).stepper
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
    lw = learn.LessonWalk(name)
    lw.stepper.last()
    frame = lw.frame()
    assert [(s.player, s.card, s.prestige) for s in frame.garden] == [tuple(g) for g in lw.result.garden]
    assert [(b.player, b.card, b.cancelled) for b in frame.balcony] == [tuple(b) for b in lw.result.balcony]
    assert frame.winners == tuple(lw.result.winners)


def test_viewer_hides_face_down_cards_until_revealed():
    lw = learn.LessonWalk("b5-merchant-knight-anyway")
    walk = lw.stepper
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
    lw = learn.LessonWalk("b5-merchant-knight-anyway")
    assert not lw.revealed
    lw.stepper.go(3)
    assert not lw.revealed
    assert lw.predict("Edu") is True
    assert lw.revealed
    lw2 = learn.LessonWalk("b5-merchant-knight-anyway")
    assert lw2.predict("Ana") is False
    lw3 = learn.LessonWalk("b5-merchant-knight-anyway")
    lw3.stepper.last()
    assert lw3.revealed
    with pytest.raises(ValueError, match="choose one or more of"):
        lw3.predict("Zed")


def test_setup_lines_do_not_give_the_answer():
    lw = learn.LessonWalk("b5-merchant-knight-anyway")
    text = " ".join(lw.setup)
    assert "Garden: Knight" in text and "Balcony: Merchant (on Caio's Garden card)" in text
    assert "scores" not in text and "wins" not in text


# ------------------------------------------------------------------ query strings
def test_learn_from_query():
    state = learn.LearnController.from_query("?lesson=b4-damsel-swap&seed=9")
    assert state.errors == [] and state.walk.lesson.name == "b4-damsel-swap"
    assert state.quiz.seed == 9 and state.quiz.level == 0


@pytest.mark.parametrize("query, message", [
    ("lesson=nope", "unknown lesson 'nope'"),
    ("seed=-1", "seed must be a whole number >= 0"),
    ("seed=abc", "seed must be a whole number"),
    ("lesson=../../etc/passwd", "unknown lesson"),
    ("progress=AAAA", "damaged progress code"),
])
def test_learn_bad_query_gives_a_message(query, message):
    state = learn.LearnController.from_query(query)
    assert any(message in e for e in state.errors), state.errors
    assert state.walk.lesson.name == learn.FIRST_LESSON


# ------------------------------------------------------------------ the Exiled app
def test_exiled_state():
    state = ExiledController.from_query("lesson=x4-exchanged-in-scribe-also-scores&seed=2")
    assert state.errors == []
    assert state.cards.names == ["Bard", "Scribe", "Elder", "Oracle"]
    assert [r.id for r in state.exile_rules] == ["X1", "X2", "X3", "X4", "X5", "X6", "X7"]
    assert state.rules.pages[0].key == "exile" and len(state.rules) == 5
    # the expansion's own path: every expansion lesson, and none of the Learn app's path
    assert set(state.lessons) == {n for n in ALL if learn.library()[n].expansion} | \
        {n for n in expansion_lessons()}
    assert not set(state.lessons) & set(learn.learn_path())
    assert state.QUIZ_LEVELS == (3,) and state.quiz.level_info.expansion
    for rule in EXILE_RULES:
        assert set(rule.lessons) <= set(ALL)
    assert ExiledController.from_query("seed=x").errors


def test_stepper_from_events_refuses_an_empty_trace():
    with pytest.raises(ValueError, match="no trace events"):
        Stepper.from_events([], [])


def test_stepper_from_events_steps_like_the_lab_stepper():
    """A lesson's stepper (built from its events) gives the Lab's frames, ruling included."""
    lw = learn.LessonWalk("b13-bishop-chain")
    lab = Stepper(lw.result)
    for viewer in (None, lw.players[1]):
        lab.viewer = viewer
        lw.stepper.viewer = viewer
        for k in range(len(lab)):
            lab.go(k)
            lw.stepper.go(k)
            assert lw.stepper.frame() == lab.frame()
    lw.stepper.go(next(k for k, e in enumerate(lw.stepper.events) if e.rule))
    frame = lw.stepper.frame()
    assert frame.ruling is not None and frame.ruling.id == frame.rule and frame.ruling.anchor
    in_progress = Stepper.from_events(list(lw.result.trace)[:5], None)
    in_progress.last()
    assert in_progress.frame().winners is None and in_progress.players


def test_lesson_index_is_generated_from_the_lesson_files():
    text = learn.LESSON_INDEX_FILE.read_text(encoding="utf-8")
    assert text == learn.lesson_index_json(), (
        "regenerate aristofarsa/data/lesson_index.json: python -c 'from aristofarsa.controllers "
        "import learn; learn.LESSON_INDEX_FILE.write_text(learn.lesson_index_json(), encoding=\"utf-8\")'")
    assert list(learn.library().items()) == list(learn.scan_library().items())   # in file-name order


def test_a_ruling_reference_keeps_its_parentheses_on_its_line():
    """"(D1)" is one unbreakable piece: "(" never ends a line alone, ")" never starts one."""
    from aristofarsa.controllers.rulings_text import every_ruling
    from aristofarsa.render import seats

    refs = every_ruling()
    page = seats.markdown_html("scored cards never come back (D1). Ties all win (S1, B3).", refs)
    pieces = re.findall(r'<span style="white-space:nowrap">(.)<details.*?</details>(.?)</span>', page)
    assert pieces == [("(", ")"), ("(", "")] and page.count("</details>)</span>") == 2
    assert seats.with_rulings("tied (S1, B3).", refs).count('<span style="white-space:nowrap">') == 2
    # an opened ruling's text still wraps inside the unbreakable piece
    assert "white-space:normal" in seats.ruling_ref_html(refs["D1"])
    # a bare list of references needs no such piece
    assert "nowrap" not in seats.rulings_html([refs["D1"], refs["S1"]])
    # "(provisional, M9)" on a card keeps "M9)" together
    card = learn.CardTour().card()
    assert card.crowns_ruling is not None and "</details>)</span>" in seats.card_html(card)


# ------------------------------------------------------------------ the reading path
def test_visible_lines_read_html_as_a_browser_shows_it():
    from aristofarsa.controllers.rules import visible_lines, word_count
    html = ("<div>A <b>Rogue</b> <details class='r'><summary>M4</summary><span style='display:block'>"
            "<p>full text</p></span></details>.</div><style>.x{}</style>"
            "<div style='display: none'>gone</div>"
            "<details open><summary>As ruled</summary><ul><li>one</li><li>two</li></ul></details>"
            "<div>A Rogue M4.</div>")
    assert visible_lines(html) == ["A Rogue M4.", "As ruled", "one", "two", "A Rogue M4."]
    assert word_count(visible_lines(html)) == 3 + 2 + 1 + 1       # the repeated line counted once


def test_the_reading_path_is_within_3000_words_and_covers_both_apps():
    """Every rules page and every card of both apps, as their widgets show them (what
    benchmarks/bench_reading.py prints), each distinct line once."""
    from aristofarsa.widgets.exiled import reading_path, reading_path_json
    from aristofarsa.widgets.learn import READING_FILE, path_total, path_words
    # the count the pages show comes from a data file: generated, and in step with the pages
    assert READING_FILE.read_text(encoding="utf-8") == reading_path_json(), \
        "aristofarsa/data/reading_path.json is stale: write reading_path_json() to it"
    pages = reading_path()
    titles = [p.title for p in pages]
    assert sum(t.startswith("card: ") for t in titles) == len(CARDS)
    assert sum(t.startswith("rules ") for t in titles) == len(learn.learn_pages()) + len(learn.exiled_pages())
    total = path_words(pages)
    assert total <= 3000, total
    assert 0 < path_total() <= total                   # the total the pages show leaves out their time lines
    for page in pages[1:]:
        if page.title != "intro and tabs":
            assert any(line.startswith("Reading time: ") for line in page.lines), page.title
    # every quiz level's ideas are taught on the path: each topic's cards are on a card page
    from aristofarsa.controllers import quiz
    text = " ".join(line for p in pages for line in p.lines)
    for word in ("Litter", "Jester", "Bishop mode", "exiled", "loses by 3 or less", "Servant counting 3",
                 "earliest in the queue", "Parlor emptied"):
        assert word in text, word
    assert {c for lv in quiz.LEVELS for c in (*lv.garden, *lv.balcony)} <= set(CARDS)


def test_intro_words_are_not_styled_like_tabs_and_next_question_says_why_it_waits():
    from aristofarsa.widgets.exiled import ExiledApp
    from aristofarsa.widgets.learn import LearnApp
    for app in (LearnApp, ExiledApp):
        assert not re.search(r"<b>(Rules|Cards|Quiz|A round|Lessons)</b>", app.intro_html())
    app = LearnApp.from_query("")
    app.tabs.selected_index = app.QUIZ
    pane = app.quiz
    assert pane.next.disabled and "check your answer first" in pane.next.description
    pane.check.click()
    assert not pane.next.disabled and pane.next.description == "Next question ▶"


def test_the_exiled_quiz_goes_on_after_its_summary():
    """Next question, after a quiz's summary, starts a new quiz: at the next level in Learn,
    at the Exiled level again in Exiled; no question repeats within twenty."""
    state = ExiledController.from_query("")
    seen = []
    for _ in range(4):
        for _k in range(state.quiz.length):
            q = state.quiz.question()
            seen.append(q.id)
            state.quiz.answer(q.answer())
            state.go_on()
        assert state.quiz.done and state.quiz.checked is None
        state.go_on()                                        # the summary: a new quiz goes on
        assert not state.quiz.done and state.quiz.level == 3
    assert len(seen) == len(set(seen)) == 20
    learn_state = learn.LearnController()
    assert learn_state.level_after() == 1
    for _k in range(learn_state.quiz.length):
        learn_state.quiz.answer(learn_state.quiz.question().answer())
        learn_state.go_on()
    learn_state.go_on()
    assert learn_state.quiz.level == 1 and not learn_state.quiz.done
    before = learn_state.quiz.question().id
    learn_state.go_on()                                      # not checked yet: nothing moves
    assert learn_state.quiz.question().id == before


def test_the_reading_path_reads_as_a_learner_expects():
    """Issue 25 review: game words only, every sentence true (RULINGS.md), each count a whole
    phrase."""
    from aristofarsa.render.seats import fine_points
    from aristofarsa.widgets.exiled import reading_path
    lines = [line for p in reading_path() for line in p.lines]
    text = "\n".join(lines)
    for word in ("engine", "ledger", "Live example"):
        assert word not in text, word
    # the provisional crowns note is said once, on rules page 1, not on every card
    assert sum("provisional" in line for line in dict.fromkeys(lines)) == 1
    assert "The crowns are provisional until the real ones are known (M9)." in text
    # singular and plural each a whole phrase
    assert fine_points(1) == "1 fine point that decides rounds"
    assert fine_points(3) == "3 fine points that decide rounds"
    assert "(1 fine point that decides rounds)" in text and "1 fine point that decide " not in text
    # the Bishop: a cancelled card that has not acted never acts (B10)
    assert "A target that has not acted yet never acts." in text and "it does nothing" not in text
    # the Aristocrat's mark beats ongoing texts (M4; lesson m4-aristocrat-mark-outlives-the-aristocrat)
    assert "a marked Squire or Elder stays 5" in text
    # Garden texts: only two kinds need care, not every text is one of them
    assert "one of two kinds" not in text
    assert "Ongoing Garden texts follow the Garden as it is now; on-arrival ones are worked out once" in text
    # free Convokes: the Knight only from the Parlor; a Balcony Rogue Convokes as it acts (B4, B6)
    assert "takes the Knight if it is still in the Parlor (else nothing)" in text
    assert "A Rogue that acts from the Balcony, or scores from the Garden, Convokes" in text
    # Phase-2 order: Oracle owners act after the highest card's owner (P2)
    assert "so that owner acts last; only Oracle owners come after (P2)" in text
    # scoring: a cancelled twin still pairs (B11)
    assert "A winning Servant scores with its twin on the Balcony (even cancelled)" in text
    # page 1: Bishop mode plays face up, a player may have to pass, a Jester reverses the win
    assert "(face down, except in Bishop mode)" in text and "can do neither passes" in text
    assert "(a Jester can make it the lowest)" in text
    # page 4's example says what scores: the Knight that lost by 2 scores too (S2)
    assert "Scores: Ana's Knight, Bruno's Merchant." in text
    # the Courtisan after a Rogue: one sentence, no nested brackets
    courtisan = next(line for line in lines if "Courtisan follows Bruno's Rogue" in line)
    assert "(it was" not in courtisan and "10, 10" not in courtisan
    assert courtisan.startswith("Caio's Courtisan follows Bruno's Rogue, a Peasant that was 0 and is 10")
