"""The Learn, Play and Exiled widgets: contract hooks present, clicks (``button.click()``)
forwarded to the controllers, double clicks applied once, bad queries shown in af-error."""
from __future__ import annotations

from html import escape

import ipywidgets as ipw
import pytest

from aristofarsa.widgets.exiled import ExiledApp
from aristofarsa.widgets.learn import LearnApp
from aristofarsa.widgets.play import PlayApp


def walk(widget: ipw.Widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def hooked(app: ipw.Widget, cls: str) -> list[ipw.Widget]:
    return [w for w in walk(app) if cls in getattr(w, "_dom_classes", ())]


def one(app: ipw.Widget, cls: str) -> ipw.Widget:
    found = hooked(app, cls)
    assert found, f"no widget with class {cls}"
    return found[0]


def enabled(box: ipw.Widget) -> list[ipw.Button]:
    return [b for b in box.children if isinstance(b, ipw.Button) and not b.disabled]


# ------------------------------------------------------------------ Play
def test_play_hooks_and_a_game_clicked_to_the_ranking():
    app = PlayApp.from_query("players=3&seed=4&human=2")
    for cls in ("af-error", "af-actions", "af-hand", "af-ranking", "af-first", "af-prev", "af-next",
                "af-last", "af-step", "af-garden", "af-balcony", "af-winners", "af-viewer", "af-card"):
        assert hooked(app, cls), cls
    assert one(app, "af-error").layout.display == "none"
    hand = one(app, "af-hand")
    assert [c.value.count("af-card-view") for c in hand.children] == [1] * len(app.controller.hand())
    assert all("af-card" in c._dom_classes for c in hand.children)
    clicks = 0
    while app.controller.ranking() is None:
        buttons = enabled(one(app, "af-actions"))
        decision = app.controller.decision()
        assert [b.description for b in buttons] == [o.label for o in decision.options]
        assert escape(decision.question) in app.prompt.value
        buttons[0].click()
        clicks += 1
        assert clicks < 500
    ranking = one(app, "af-ranking")
    assert ranking.layout.display != "none" and "Final ranking" in ranking.value
    for place in app.controller.ranking():
        for player in place:
            assert player in ranking.value
    assert enabled(one(app, "af-actions")) == []


def test_play_double_click_applies_once():
    app = PlayApp.from_query("players=3&seed=4&human=1")
    button = enabled(one(app, "af-actions"))[0]
    button.click()
    button.click()           # the second click of a double click: the same (old) button
    assert sum(d.human for d in app.controller.session.decisions) == 1


def test_play_bots_only_next_round_button():
    app = PlayApp.from_query("players=3&seed=5&human=0")
    assert one(app, "af-hand").children == ()
    button = enabled(one(app, "af-actions"))
    assert [b.description for b in button] == ["Next round ▶"]
    button[0].click()
    button[0].click()        # double click: still one round
    assert len(app.controller.session.rounds) == 1
    while app.controller.ranking() is None:
        enabled(one(app, "af-actions"))[0].click()
    winners = one(app, "af-winners").value
    assert all(p in winners for p in app.controller.rounds()[-1].winners)


def test_play_stepper_buttons_move_one_step():
    app = PlayApp.from_query("players=3&seed=5&human=0")
    enabled(one(app, "af-actions"))[0].click()
    one(app, "af-first").click()
    assert app.controller.stepper.index == 0
    assert app.controller.stepper.events[0].text.replace("'", "&#x27;") in one(app, "af-step").value
    one(app, "af-next").click()
    assert app.controller.stepper.index == 1
    one(app, "af-last").click()
    assert app.controller.stepper.index == len(app.controller.stepper) - 1
    one(app, "af-prev").click()
    assert app.controller.stepper.index == len(app.controller.stepper) - 2


def test_play_viewer_dropdown():
    app = PlayApp.from_query("players=3&seed=5&human=1")
    viewer = one(app, "af-viewer")
    assert viewer.value == "Ana"
    # hidden information: while the game is played, only your own eyes are offered
    assert [value for _, value in viewer.options] == ["Ana"]
    bots = PlayApp.from_query("players=3&seed=5&human=0")
    one(bots, "af-next-round").click()
    viewer = one(bots, "af-viewer")
    viewer.value = "Bruno"
    assert bots.controller.stepper.viewer == "Bruno"
    viewer.value = ""
    assert bots.controller.stepper.viewer is None


def test_play_bad_query_shows_af_error():
    app = PlayApp.from_query("players=9&bots=wizard")
    error = one(app, "af-error")
    assert error.layout.display != "none"
    assert "players must be 3 to 6" in error.value and "unknown bot" in error.value
    assert enabled(one(app, "af-actions"))       # the default game is still playable


# ------------------------------------------------------------------ Learn
def test_learn_hooks_predict_and_quiz():
    app = LearnApp.from_query("lesson=b5-merchant-knight-anyway&seed=1")
    assert hooked(app, "af-rules") and not hooked(app, "af-step")   # only the first tab is built at open
    app.tabs.selected_index = app.LESSON                             # the round's tab, built on selection
    for cls in ("af-error", "af-step", "af-first", "af-next", "af-garden", "af-balcony", "af-lesson-list"):
        assert hooked(app, cls), cls
    pane = app.lesson
    assert "by any route" not in pane.explain.value          # predict first, then reveal
    predict = hooked(pane, "af-predict")
    next(b for b in predict if b.description == "Edu").value = True
    one(pane, "af-predict-check").click()
    assert "right" in pane.verdict.value and "by any route" in pane.explain.value
    assert "af-ruling-ref" in pane.explain.value and ".toml" not in pane.explain.value
    one(pane, "af-lesson-next").click()
    path = app.controller.path
    assert app.controller.walk.lesson.name == path[path.index("b5-merchant-knight-anyway") + 1]


def test_learn_tie_needs_every_tied_card():
    app = LearnApp.from_query("lesson=s1-tied-cards-all-score")
    pane = app.lesson
    winners = app.controller.walk.result.winners
    assert len(winners) > 1
    for b in hooked(pane, "af-predict"):
        b.value = b.description == winners[0]
    one(pane, "af-predict-check").click()
    assert "not this time" in pane.verdict.value


def _fill(pane, answer, wrong_start: bool = False) -> None:
    """Put an answer into the quiz form, as a person would click it."""
    ins = pane._inputs
    for p, b in ins["winners"].items():
        b.value = p in answer.winners
    players = [v for _, v in ins["next_first"].options if v]
    ins["next_first"].value = (next(p for p in players if p != answer.next_first) if wrong_start
                               else answer.next_first)
    for p, v in answer.prestige:
        ins["prestige"][p].value = v
    left = list(answer.scored)
    for value, b in ins["scored"]:
        b.value = value in left
        if b.value:
            left.remove(value)
    for p, b in ins["free_convokes"].items():
        b.value = p in answer.free_convokes
    for p, b in ins.get("exiled", {}).items():
        b.value = p in answer.exiled


def test_learn_quiz_field_by_field_to_the_summary_and_the_address():
    app = LearnApp.from_query("seed=2")
    app.tabs.selected_index = app.QUIZ
    pane = app.quiz
    for cls in ("af-quiz-question", "af-quiz-check", "af-quiz-next", "af-quiz-feedback",
                "af-quiz-progress", "af-quiz-summary"):
        assert hooked(app, cls), cls
    for k in range(5):
        q = app.controller.quiz.question()
        assert "Ana" in pane.question.value
        _fill(pane, q.answer(), wrong_start=k == 1)
        one(pane, "af-quiz-check").click()
        one(pane, "af-quiz-check").click()                  # a second click changes nothing
        feedback = pane.feedback.value
        assert "Why" in feedback and "af-ruling-ref" in feedback
        if k == 1:
            assert "Not quite: Starts the next round wrong" in feedback
            assert f"answer: <b>{q.answer().next_first}</b>" in feedback and "the engine:" not in feedback
        else:
            assert "Fully right" in feedback
        one(pane, "af-quiz-next").click()
    summary = one(app, "af-quiz-summary")
    assert summary.children and "4 of 5 fully right" in summary.children[0].value
    assert hooked(summary, "af-lesson-link")                # what to review, with its lessons
    assert "all quizzes 4/5" in pane.progress.value
    query = app.controller.query()
    assert "history.replaceState" in pane.address.value and query in pane.address.value
    again = LearnApp.from_query(query)                      # a reload of that address
    assert again.tabs.selected_index == again.QUIZ and "all quizzes 4/5" in again.quiz.progress.value
    hooked(again.quiz.summary, "af-quiz-level-up")[0].click()
    assert again.controller.quiz.level == 1 and "2. Balcony effects" in again.quiz.progress.value


def test_learn_quiz_feedback_says_not_answered_for_an_untouched_field():
    app = LearnApp.from_query("seed=3")
    pane = app.quiz
    q = app.controller.quiz.question()
    pane._inputs["next_first"].value = q.players[0]          # the only field touched
    one(pane, "af-quiz-check").click()
    feedback = pane.feedback.value
    assert "you: not answered" in feedback and "you: nobody</td><td>answer:" not in feedback
    checks = {c.name: c for c in app.controller.quiz.checked}
    assert checks["prestige"].right or checks["prestige"].given == "not answered"
    assert checks["next_first"].given == q.players[0]


def test_learn_rules_pages():
    app = LearnApp.from_query("")
    rules = one(app, "af-rules")
    assert "1. The game and a round" in app.rules.page.value
    assert "Example</b> (a lesson played out)" in app.rules.example.value
    assert "<svg" in app.rules.example.value
    assert "Who won" not in app.rules.example.value          # the seats only: nothing about winning
    one(rules, "af-rules-next").click()                      # a Phase-1 example: who leads, not who won
    assert "After Phase 1:</b>" in app.rules.example.value and "Who won" not in app.rules.example.value
    for _ in range(3):
        one(rules, "af-rules-next").click()
    assert "Scoring, step by step" in app.rules.page.value
    assert "Who won:</b> Winning card" in app.rules.example.value
    assert "Reading time:" in app.rules.time.value
    assert "af-ruling-ref" in app.rules.page.value and "rulings.md" not in app.rules.page.value
    one(rules, "af-rules-lesson").click()
    assert app.tabs.selected_index == app.LESSON
    assert app.controller.walk.lesson.name == app.controller.rules.page().lesson


def test_learn_card_tour_and_lesson_links():
    app = LearnApp.from_query("")
    app.tabs.selected_index = app.CARDS
    cards = app.cards
    assert "Rogue" in cards.card.value
    assert hooked(cards, "af-card")
    cards.picker.value = "Courtisan"
    assert "+8 Prestige" not in cards.card.value and "As ruled" in cards.card.value
    assert "(a Rogue: 10, as the Courtisan" in cards.card.value
    assert '<details class="af-card-notes" open' in cards.card.value
    link = hooked(cards, "af-lesson-link")[0]
    link.click()
    assert app.tabs.selected_index == app.LESSON
    assert app.controller.walk.lesson.title == link.description


def test_learn_lesson_lists_show_titles_and_stages():
    app = LearnApp.from_query("")
    app.tabs.selected_index = app.LESSON
    labels = [label for label, _ in app.lesson.picker.options]
    assert labels[0].startswith("1. ") and "·" in labels[0] and "Lesson 1 of" not in labels[0]
    assert all(tour_title in " ".join(labels) for tour_title in ("Who wins", "Fine points"))
    assert not any(label.endswith("· Exile") for label in labels)   # the expansion has its own app
    app.tabs.selected_index = app.LESSONS
    lessons = app.tabs.pane(app.LESSONS)
    assert "af-lesson-list" in lessons._dom_classes and hooked(lessons, "af-lesson-link")


@pytest.mark.parametrize("query", ["lesson=nope", "seed=-3", "seed=%C2%B2", "progress=zz"])
def test_learn_bad_query_shows_af_error(query):
    app = LearnApp.from_query(query)
    error = one(app, "af-error")
    assert error.layout.display != "none" and error.value


# ------------------------------------------------------------------ Exiled
def test_exiled_app():
    app = ExiledApp.from_query("")
    assert "Exile (the Exiled expansion)" in app.rules.page.value
    app.tabs.selected_index = app.CARDS
    assert app.cards.picker.options == ("Bard", "Scribe", "Elder", "Oracle")
    assert "Bard" in one(app, "af-card").value
    assert one(app, "af-error").layout.display == "none"
    one(app.rules, "af-rules-next").click()
    assert "Bard" in app.rules.page.value
    one(app.rules, "af-rules-lesson").click()
    assert app.tabs.selected_index == app.LESSON
    assert app.controller.walk.lesson.name == app.controller.rules.page().lesson
    labels = [label for label, _ in app.lesson.picker.options]
    assert labels[0].startswith("1. ") and all("Exile" in label or "Bard" in label or "Elder" in label
                                               or "Oracle" in label for label in labels)
    app.tabs.selected_index = app.QUIZ
    assert app.controller.quiz.question().expansion and hooked(app.quiz, "af-quiz-exiled")
    bad = ExiledApp.from_query("lesson=zz")
    assert "unknown lesson" in one(bad, "af-error").value


def test_play_new_game_form():
    app = PlayApp.from_query("players=3&seed=4&human=1")
    old = enabled(one(app, "af-actions"))[0]
    app._players.value = 5
    assert [v for _, v in app._human.options] == [1, 2, 3, 4, 5, 0]
    app._human.value = 0
    app._seed.value = 9
    one(app, "af-new-game").click()
    assert (app.controller.players, app.controller.seed, app.controller.human) == (5, 9, 0)
    assert "Bots only" in app.head.value
    old.click()                              # a button of the old game does nothing now
    assert app.controller.moves == 0
    assert [b.description for b in enabled(one(app, "af-actions"))] == ["Next round ▶"]


# ------------------------------------------------------------------ one stepper for every app
def test_every_app_draws_the_labs_stepper_with_the_ruling_of_each_step():
    from aristofarsa.widgets.stepper import StepperView

    for app in (LearnApp.from_query("lesson=b13-bishop-chain"), ExiledApp.from_query(""),
                PlayApp.from_query("players=3&seed=5&human=0")):
        if isinstance(app, PlayApp):
            enabled(one(app, "af-actions"))[0].click()
        else:
            _ = app.lesson                             # the round's tab, built on first use
        views = [w for w in walk(app) if isinstance(w, StepperView)]
        assert len(views) == 1, type(app).__name__
        view = views[0]
        stepper = app.controller.stepper if isinstance(app, PlayApp) else app.controller.walk.stepper
        assert view.stepper is stepper
        k = next(k for k, e in enumerate(stepper.events) if e.rule)
        view.slider.value = k
        frame = stepper.frame()
        assert frame.index == k and frame.ruling is not None
        step = one(app, "af-step").value
        assert f"Ruling {frame.ruling.id}" in step and escape(frame.ruling.text.split("\n")[0]) in step
        assert "rulings.md" not in step                 # the ruling's text, not a file's path


def test_learn_switching_lessons_swaps_the_stepper_and_links_the_lab():
    app = LearnApp.from_query("lesson=b5-merchant-knight-anyway")
    app.tabs.selected_index = app.LESSON
    link = one(app, "af-open-lab").value
    assert 'href="lab.ipynb?lesson=b5-merchant-knight-anyway"' in link and "Lab" in link
    app.open_lesson("b13-bishop-chain")
    assert 'href="lab.ipynb?lesson=b13-bishop-chain"' in one(app, "af-open-lab").value
    assert app.lesson.stepper.stepper is app.controller.walk.stepper
    one(app, "af-last").click()
    assert app.controller.walk.stepper.index == len(app.controller.walk.stepper) - 1
    assert "Dora" in one(app, "af-winners").value


def test_play_round_picker_swaps_the_stepper():
    app = PlayApp.from_query("players=3&seed=5&human=0")
    for _ in range(2):
        enabled(one(app, "af-actions"))[0].click()
    app.round_pick.value = 1
    assert app.stepper.stepper is app.controller.stepper and app.controller.round_no == 1
    one(app, "af-first").click()
    assert app.controller.stepper.index == 0 and app.controller.stepper.events[0].kind == "round"


def test_play_round_summary_seat_ring_and_the_crowns_note_once():
    app = PlayApp.from_query("players=4&seed=3")
    assert app.summary.layout.display == "none" and "Crowns so far" in app.crowns.value
    ring = one(app, "af-seat-ring").value
    first = app.controller.first_player()
    assert "<svg" in ring and f"<b>{first}</b> plays first" in ring
    assert all(name in ring for name in app.controller.names)
    assert "turn order →" not in ring        # a small ring: the words would overflow its table
    hand = one(app, "af-hand")
    assert hand.children and not any("provisional" in c.value for c in hand.children)
    assert app.hand_title.value.count("provisional") == 1
    while len(app.controller.session.rounds) < 1:
        enabled(one(app, "af-actions"))[0].click()
    box = one(app, "af-round-summary")
    assert box.layout.display != "none" and "Round 1 is over." in box.value
    assert "Starts next round" in box.value and "Crowns so far" in box.value and app.crowns.value == ""
    kids = list(app.children)
    assert kids.index(app.table) < kids.index(app.prompt) < kids.index(app.actions)
    while app.controller.ranking() is None:
        enabled(one(app, "af-actions"))[0].click()
    assert "The game is over." in box.value
    assert app.undo.disabled and app.undo.layout.display == "none"


# ------------------------------------------------------------------ one presentation
def test_the_apps_look_is_the_packages_stylesheet_put_in_once_and_one_card_view():
    """Learn, Exiled and Play: one <style>, the package's render/styles/*.css as read once;
    their own rules (render/styles/learn.css) only under their roots' classes, so the Lab, the
    Dispute resolver and the gallery keep their look; every card is the one CardView."""
    import re
    from pathlib import Path

    from aristofarsa.render.html import stylesheet
    from aristofarsa.widgets.common import CardView

    for app, root in ((LearnApp.from_query(""), "af-learn"), (ExiledApp.from_query(""), "af-learn"),
                      (PlayApp.from_query("players=3&seed=4&human=1"), "af-play")):
        assert {"af-app", root} <= set(app._dom_classes), type(app).__name__
        if not isinstance(app, PlayApp):
            _ = app.cards                                  # the cards' tab, built on first use
        styles = [w for w in walk(app) if "<style" in str(getattr(w, "value", ""))]
        assert len(styles) == 1 and styles[0].value == stylesheet(), type(app).__name__
        cards = hooked(app, "af-card")
        assert cards and all(isinstance(c, CardView) for c in cards), type(app).__name__
    folder = Path(__file__).resolve().parents[2] / "aristofarsa"
    learn_css = (folder / "render" / "styles" / "learn.css").read_text(encoding="utf-8")
    assert learn_css in stylesheet()
    rules = re.sub(r"/\*.*?\*/|@media[^{]*\{", "", learn_css, flags=re.S)
    for selectors in re.findall(r"([^{}]+)\{[^{}]*\}", rules):
        for selector in re.split(r",(?![^(]*\))", selectors):       # not the comma inside :is(...)
            assert selector.strip().startswith((":is(.af-learn, .af-play) ", ".af-learn ", ".af-play ")) \
                or selector.strip() == ":is(.af-learn, .af-play)", selector
    # no stylesheet in a Python string: render/html.py only wraps the files in one <style>
    assert [p.relative_to(folder).as_posix() for p in folder.rglob("*.py")
            if "<style" in p.read_text(encoding="utf-8")] == ["render/html.py"]


@pytest.mark.parametrize("cls", [LearnApp, ExiledApp])
def test_each_new_screen_brings_the_page_back_to_its_top(cls):
    """The tab bar keeps its place: a click that shows a new screen (a rules page, a card, a
    lesson, a quiz question, a level) writes ``af-to-top``'s one-off script that scrolls the page
    back to its top; a click within a screen (Check my answer) does not."""
    app = cls.from_query("seed=4")
    top = one(app, "af-to-top")
    seen = [top.count]

    def moved(what: str) -> None:
        assert top.count > seen[-1], what
        assert "scrollTop = 0" in top.value and f"data-n='{top.count}'" in top.value
        seen.append(top.count)

    one(app.rules, "af-rules-next").click()
    moved("next rules page")
    app.rules.picker.value = 1
    moved("a page picked")
    app.tabs.selected_index = app.CARDS
    one(app.cards, "af-card-next").click()
    moved("next card")
    app.tabs.selected_index = app.QUIZ
    pane = app.quiz
    # Next question waits for the check and says why, in its label and its tooltip (its
    # accessible description)
    assert pane.next.disabled and "check your answer first" in pane.next.description
    assert pane.next.tooltip == pane.next.description
    one(pane, "af-quiz-check").click()
    assert top.count == seen[-1]                         # the feedback is read where it appears
    assert not pane.next.disabled and pane.next.tooltip == pane.next.description == "Next question ▶"
    one(pane, "af-quiz-next").click()
    moved("next question")
    hooked(app.cards, "af-lesson-link")[0].click()
    moved("a lesson opened from the Cards tab")
    assert app.tabs.selected_index == app.LESSON


@pytest.mark.parametrize("cls", [LearnApp, ExiledApp])
def test_no_word_outside_the_tab_bar_looks_like_a_tab(cls):
    """The intro and every pane name the tabs in plain words: no tab title is set in bold (it
    looked like the tabs and was not one), on any tab, nor in a rules page."""
    import re

    app = cls.from_query("")
    titles = "|".join(re.escape(t) for t in app.tabs.titles)
    bold = re.compile(rf"<(b|strong)>\s*(the )?({titles})( tab)?\s*</\1>", re.I)

    def html_of(widget: ipw.Widget) -> list[str]:
        out = [widget.value] if isinstance(widget, ipw.HTML) else []
        for child in getattr(widget, "children", ()):
            out += html_of(child)
        return out

    seen = []
    for k in range(len(app.tabs.titles)):
        app.tabs.selected_index = k
        seen += html_of(app)
    for k in range(len(app.controller.rules.pages)):
        app.rules._book.go(k)
        app.rules.refresh()
        seen += html_of(app.rules)
    assert any("Rules tab" in v for v in seen)                 # the intro names them in plain words
    assert [v for v in seen if bold.search(v)] == []
