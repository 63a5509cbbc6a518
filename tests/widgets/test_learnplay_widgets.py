"""The Learn, Play and Exiled widgets: contract hooks present, clicks (``button.click()``)
forwarded to the controllers, double clicks applied once, bad queries shown in af-error."""
from __future__ import annotations

from html import escape

import ipywidgets as ipw
import pytest

from aristofarsa.widgets.play import PlayApp
from aristofarsa.widgets.tour import ExiledApp, LearnApp


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
    assert [c.value.count("af-card-view") for c in hand.children] == [1] * len(app.state.hand())
    assert all("af-card" in c._dom_classes for c in hand.children)
    clicks = 0
    while app.state.ranking() is None:
        buttons = enabled(one(app, "af-actions"))
        decision = app.state.decision()
        assert [b.description for b in buttons] == [o.label for o in decision.options]
        assert escape(decision.question) in app.prompt.value
        buttons[0].click()
        clicks += 1
        assert clicks < 500
    ranking = one(app, "af-ranking")
    assert ranking.layout.display != "none" and "Final ranking" in ranking.value
    for place in app.state.ranking():
        for player in place:
            assert player in ranking.value
    assert enabled(one(app, "af-actions")) == []


def test_play_double_click_applies_once():
    app = PlayApp.from_query("players=3&seed=4&human=1")
    button = enabled(one(app, "af-actions"))[0]
    button.click()
    button.click()           # the second click of a double click: the same (old) button
    assert sum(d.human for d in app.state.session.decisions) == 1


def test_play_bots_only_next_round_button():
    app = PlayApp.from_query("players=3&seed=5&human=0")
    assert one(app, "af-hand").children == ()
    button = enabled(one(app, "af-actions"))
    assert [b.description for b in button] == ["Next round ▶"]
    button[0].click()
    button[0].click()        # double click: still one round
    assert len(app.state.session.rounds) == 1
    while app.state.ranking() is None:
        enabled(one(app, "af-actions"))[0].click()
    winners = one(app, "af-winners").value
    assert all(p in winners for p in app.state.rounds()[-1].winners)


def test_play_stepper_buttons_move_one_step():
    app = PlayApp.from_query("players=3&seed=5&human=0")
    enabled(one(app, "af-actions"))[0].click()
    one(app, "af-first").click()
    assert app.state.walk.index == 0
    assert app.state.walk.events[0].text.replace("'", "&#x27;") in one(app, "af-step").value
    one(app, "af-next").click()
    assert app.state.walk.index == 1
    one(app, "af-last").click()
    assert app.state.walk.index == len(app.state.walk) - 1
    one(app, "af-prev").click()
    assert app.state.walk.index == len(app.state.walk) - 2


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
    assert bots.state.walk.viewer == "Bruno"
    viewer.value = ""
    assert bots.state.walk.viewer is None


def test_play_bad_query_shows_af_error():
    app = PlayApp.from_query("players=9&bots=wizard")
    error = one(app, "af-error")
    assert error.layout.display != "none"
    assert "players must be 3 to 6" in error.value and "unknown bot" in error.value
    assert enabled(one(app, "af-actions"))       # the default game is still playable


# ------------------------------------------------------------------ Learn
def test_learn_hooks_predict_and_quiz():
    app = LearnApp.from_query("lesson=b5-merchant-knight-anyway&seed=1")
    assert hooked(app, "af-card") and not hooked(app, "af-step")   # only the first tab is built at open
    app.tabs.selected_index = 1                                     # the round's tab, built on selection
    for cls in ("af-error", "af-card", "af-step", "af-first", "af-next", "af-garden", "af-balcony"):
        assert hooked(app, cls), cls
    pane = app.lesson
    assert "Lesson (B5" not in pane.explain.value            # predict first, then reveal
    predict = hooked(pane, "af-predict")
    edu = next(b for b in predict if b.description == "Edu")
    edu.click()
    assert "right" in pane.verdict.value and "Lesson (B5" in pane.explain.value
    quiz = app.quiz
    options = hooked(quiz, "af-quiz-option")
    question = app.state.quiz.question()
    assert [b.description for b in options] == question.options
    options[0].click()
    options[0].click()
    assert app.state.quiz.answered == 1
    assert "af-quiz-score" in quiz.head.value and "/1" in quiz.head.value
    assert "winner" in quiz.result.value and "<ol>" in quiz.why.value
    one(quiz, "af-quiz-next").click()
    assert app.state.quiz.index == 1 and quiz.result.value == ""


def test_learn_card_tour_and_lesson_links():
    app = LearnApp.from_query("")
    cards = app.cards
    assert "Rogue" in cards.card.value
    cards.picker.value = "Knight"
    assert "Knight" in cards.card.value and "+8 Prestige" in cards.card.value
    link = hooked(cards, "af-lesson-link")[0]
    link.click()
    assert app.tabs.selected_index == 1
    assert app.state.walk.lesson.title == link.description


@pytest.mark.parametrize("query", ["lesson=nope", "seed=-3", "what=ever"])
def test_learn_bad_query_shows_af_error(query):
    app = LearnApp.from_query(query)
    error = one(app, "af-error")
    assert error.layout.display != "none" and error.value


# ------------------------------------------------------------------ Exiled
def test_exiled_app():
    app = ExiledApp.from_query("")
    assert app.cards.picker.options == ("Bard", "Scribe", "Elder", "Oracle")
    assert "Bard" in one(app, "af-card").value
    assert one(app, "af-error").layout.display == "none"
    app.tabs.selected_index = 1                        # the Exile tab is built on first selection
    rule_links = hooked(app.tabs.children[1], "af-lesson-link")
    rule_links[0].click()
    assert app.tabs.selected_index == 2
    assert app.state.walk.lesson.title == rule_links[0].description
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
    assert (app.state.players, app.state.seed, app.state.human) == (5, 9, 0)
    assert "Bots only" in app.head.value
    old.click()                              # a button of the old game does nothing now
    assert app.state.moves == 0
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
        stepper = app.state.walk if isinstance(app, PlayApp) else app.state.walk.walk
        assert view.stepper is stepper
        k = next(k for k, e in enumerate(stepper.events) if e.rule)
        view.slider.value = k
        frame = stepper.frame()
        assert frame.index == k and frame.ruling is not None
        step = one(app, "af-step").value
        assert f"Ruling {frame.ruling.id}" in step and frame.ruling.link in step


def test_learn_switching_lessons_swaps_the_stepper_and_links_the_lab():
    app = LearnApp.from_query("lesson=b5-merchant-knight-anyway")
    app.tabs.selected_index = 1
    link = one(app, "af-open-lab").value
    assert 'href="lab.ipynb?lesson=b5-merchant-knight-anyway"' in link and "Lab" in link
    app.open_lesson("b13-bishop-chain")
    assert 'href="lab.ipynb?lesson=b13-bishop-chain"' in one(app, "af-open-lab").value
    assert app.lesson.stepper.stepper is app.state.walk.walk
    one(app, "af-last").click()
    assert app.state.walk.walk.index == len(app.state.walk.walk) - 1
    assert "Dora" in one(app, "af-winners").value


def test_play_round_picker_swaps_the_stepper():
    app = PlayApp.from_query("players=3&seed=5&human=0")
    for _ in range(2):
        enabled(one(app, "af-actions"))[0].click()
    app.round_pick.value = 1
    assert app.stepper.stepper is app.state.walk and app.state.round_no == 1
    one(app, "af-first").click()
    assert app.state.walk.index == 0 and app.state.walk.events[0].kind == "round"
