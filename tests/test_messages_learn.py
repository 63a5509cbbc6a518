"""The Learn and Exiled apps speak in catalog sentences (issue 24, item 4): every text their
own panes show comes from the message catalog (aristofarsa/data/messages-en-learn.toml).

Both apps are built under the pseudo-translation (``messages.pseudo()``: each template wrapped
in ⟦…⟧, its letters look-alikes) and walked through: every rules page with its example, every
card, a lesson predicted and checked (one right, one wrong; a tie and a round that ends the
game), a quiz of every level answered to its summary, the lessons' path, a page opened with a
bad address. What they show must hold no plain English word outside the markers but the
data: names, cards, ruling IDs and titles, the reading path's own data files (the rules
pages' titles and bodies, ``data/rules_pages.toml``; the stages and situations,
``data/lessons.toml``), the lessons' titles and descriptions, the cards' texts and notes.
Parts another area renders are left to that area's check (the stepper and card views, the
seat pictures, the Garden and Balcony boards, the error box's frame).
"""
from __future__ import annotations

import html
import re

import pytest
from test_messages import html_words

from aristofarsa.controllers import learn as learn_ctl
from aristofarsa.controllers import quiz as quiz_mod
from aristofarsa.controllers import rules as rules_ctl
from aristofarsa.core.cards import CARDS
from aristofarsa.core.messages import pseudo, using

ipw = pytest.importorskip("ipywidgets")

from aristofarsa.widgets.common import CardView  # noqa: E402
from aristofarsa.widgets.exiled import ExiledApp  # noqa: E402
from aristofarsa.widgets.learn import LearnApp  # noqa: E402
from aristofarsa.widgets.stepper import StepperView  # noqa: E402

#: what other areas draw inside these pages (their own checks), and the rulings' texts (data)
OTHERS = [re.compile(p, re.S) for p in (
    r"<style>.*?</style>",                                    # the stylesheet
    r"<details class=\"af-ruling-ref\".*?</details>",          # a ruling's chip and its text
    r"<svg.*?</svg>",                                         # the seat pictures (render/seats.py)
    # the Garden and the Balcony as they stand (render/html.py)
    r"<div class='af-zone-title'>.*?(?=<ul style=|<div class='af-example-outcome'>|\Z)",
    r"<div class='af-rules-body'>.*",                          # a rules page's body: its data
)]


def _own_widgets(widget, out: list) -> list:
    """The widgets of a tree, without the views other areas own (the stepper, a card)."""
    if isinstance(widget, (StepperView, CardView)) or "af-open-lab" in getattr(widget, "_dom_classes", ()):
        return out
    out.append(widget)
    for child in getattr(widget, "children", ()):
        _own_widgets(child, out)
    return out


def _texts(widget) -> list[str]:
    """Every text the widget tree shows of its own: descriptions, values, tooltips, options,
    tab and accordion titles."""
    out: list[str] = []
    for w in _own_widgets(widget, []):
        for attr in ("description", "value", "tooltip", "placeholder"):
            if attr == "value" and not isinstance(w, ipw.HTML):
                continue                  # a choice's value is its key; its label is shown
            value = getattr(w, attr, None)
            if isinstance(value, str) and value:
                out.append(value)
        out += [str(o) for o in getattr(w, "_options_labels", ()) or ()]
        out += [t for t in getattr(w, "tooltips", ()) or () if t]
        if isinstance(w, (ipw.Tab, ipw.Accordion)):
            out += [str(w.get_title(k)) for k in range(len(w.children))]
    return out


def _data() -> list[str]:
    """The data the pages show in its own words, longest first."""
    lib = learn_ctl.library()
    data = [lesson.title for lesson in lib.values()]
    for stage in learn_ctl.stages():
        data += [stage.name, stage.level, stage.intro]
    data += list(learn_ctl.situations())
    data += [p.title for p in rules_ctl.learn_pages()]
    data += [spec.garden_text for spec in CARDS.values()] + [spec.balcony_text for spec in CARDS.values()]
    return sorted({d for d in data if d}, key=len, reverse=True)


def _leftovers(texts: list[str], names: set[str], data: list[str]) -> set[str]:
    words: set[str] = set()
    for said in texts:
        for pattern in OTHERS:
            said = pattern.sub(" ", said)
        if re.match(r"<h4>[^<]*</h4><div class='af-note'>", said):      # a lesson's explanation:
            said = re.sub(r"(</div>).*", r"\1", said, count=1, flags=re.S)   # its description is data
        for d in data:
            for form in (d, html.escape(d), html.escape(d, quote=False), d.replace("'", "&#x27;")):
                said = said.replace(form, " ")
        words |= set(html_words(said, names))
    return words


def _quiz_to_summary(app, level: int) -> list[str]:
    """A quiz of ``level`` answered question by question (some fields touched), each checked,
    then its summary: every screen's texts."""
    app.tabs.selected_index = app.QUIZ
    pane = app.quiz
    pane._again(level)
    said = _texts(pane)
    for n in range(quiz_mod.QUIZ_LENGTH):
        if n % 2:
            for b in pane._inputs["winners"].values():
                b.value = True
            first = next(iter(pane._inputs["prestige"].values()))
            first.value = 7
        pane.check.click()
        said += _texts(pane)
        pane.next.click()
        said += _texts(pane)
    assert app.controller.quiz.done and pane.summary.children, level
    return said


def _lessons(app) -> list[str]:
    """Lessons predicted and checked: the first of the path (right), a tie, a round that ends
    the game (a wrong guess), each with its explanation."""
    lib = learn_ctl.library()
    path = app.controller.path
    tie = next(n for n in path if len(learn_ctl.LessonWalk(n).result.winners) > 1)
    ends = next(n for n in path if learn_ctl.LessonWalk(n).result.game_over)
    app.tabs.selected_index = app.LESSON
    pane = app.lesson
    said = _texts(pane)
    for k, name in enumerate((path[0], tie, ends, path[-1])):
        app.open_lesson(name)
        said += _texts(pane)
        walk = app.controller.walk
        pick = walk.result.winners if k % 2 == 0 else [p for p in walk.players
                                                        if p not in walk.result.winners][:1]
        for p in pick or walk.players[:1]:
            pane._picks[p].value = True
        pane._check()
        assert walk.prediction is not None and lib[name].title
        said += _texts(pane)
    return said


@pytest.mark.parametrize("cls,levels", [(LearnApp, (0, 1, 2)), (ExiledApp, (3,))])
def test_the_learn_and_exiled_pages_are_told_by_the_catalog_alone(cls, levels) -> None:
    with using(pseudo()):
        data = _data()
        bad = cls.from_query("lesson=no-such-lesson&progress=AAAA")
        said = [bad.error.value]
        assert bad.controller.errors and all("⟦" in e for e in bad.controller.errors)
        app = cls.from_query("")
        said += _texts(app)                          # the intro, the tabs, the first page
        rules = app.rules
        for k in range(len(rules._book.pages)):
            rules._book.go(k)
            rules.refresh()
            said += _texts(rules)
        app.tabs.selected_index = app.CARDS
        for k in range(len(app.cards._tour)):
            app.cards._tour.go(k)
            app.cards.refresh()
            said += _texts(app.cards)
        said += _lessons(app)
        for level in levels:
            said += _quiz_to_summary(app, level)
        app.tabs.selected_index = app.LESSONS
        said += _texts(app.tabs.pane(app.LESSONS))
        names = set(quiz_mod.NAMES) | {p for lesson in learn_ctl.library().values()
                                       for p in lesson.players}
        leftovers = _leftovers(said, names, data)
    marked = [s for s in said if "⟦" in s]
    assert len(marked) >= 150, len(marked)
    assert sorted(leftovers) == []


def _one_template(text: str) -> bool:
    """The text is one catalog template (fields inside it may hold others): its first ⟦ closes
    at its very end."""
    depth = 0
    for k, ch in enumerate(text):
        depth += (ch == "⟦") - (ch == "⟧")
        if depth == 0 and k < len(text) - 1:
            return False
    return text.startswith("⟦") and depth == 0


def test_the_reading_time_and_the_verdict_are_whole_sentences() -> None:
    """The reading time is one sentence with both numbers, and each verdict on a prediction one
    whole template (not glued: "X starts the next round" and "the game ends with this round"
    are two templates), with one or several winning cards."""
    from aristofarsa.widgets.learn import reading_time_html

    assert _one_template("⟦a ⟦b⟧ c⟧") and not _one_template("⟦a⟧ ⟦b⟧") and not _one_template("x ⟦a⟧")
    with using(pseudo()):
        time = re.sub(r"<[^>]*>", "", reading_time_html(["a b c"]))
        app = LearnApp.from_query("")
        app.tabs.selected_index = app.LESSON
        cases = {}
        for name in app.controller.path:
            result = learn_ctl.LessonWalk(name).result
            case = (len(result.winners) > 1, result.game_over)
            if case in cases:
                continue
            app.open_lesson(name)
            for p in app.controller.walk.result.winners:
                app.lesson._picks[p].value = True
            app.lesson._check()
            cases[case] = re.sub(r"<[^>]*>", "", app.lesson.verdict.value)
    assert _one_template(time) and len(re.findall(r"\d+", time)) == 2, time
    assert len(cases) >= 3 and {True, False} == {over for _, over in cases}, cases
    for case, verdict in cases.items():
        assert _one_template(verdict), (case, verdict)
