"""*Learn the rules* and *The Exiled expansion*: thin ipywidgets skins over
:mod:`aristofarsa.controllers.tour` and :mod:`aristofarsa.controllers.exiled`.

Every sentence, step and board comes from the controllers; these classes only lay them
out and forward clicks. ``LearnApp.from_query(query)`` / ``ExiledApp.from_query(query)``.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from .. import DOCS_URL
from ..controllers import tour
from ..controllers.exiled import ExiledState
from ..render import seats
from .common import LazyTab, styles
from .stepper import StepperView

APP_CSS = """<style>
.af-app { max-width: 60em; font-size: 15px; box-sizing: border-box; }
.af-app .widget-html-content { line-height: 1.4; }
.af-app .widget-html, .af-app .widget-html-content { max-width: 100%; }
.af-app .widget-button, .af-app .jupyter-button { height: auto; min-height: 2.4em; white-space: normal;
  line-height: 1.3; padding-top: 5px; padding-bottom: 5px; }
.af-app .af-buttons { display: flex; flex-wrap: wrap; gap: 6px; }
.af-app .af-buttons .jupyter-button { width: auto; margin: 0; }
.af-app .af-errbox { color: #922b21; background: #fdedec; border: 1px solid #e6b0aa;
  border-radius: 6px; padding: 6px 10px; }
.af-app .af-note { color: #555; font-size: 13px; }
.af-app .af-setup li { margin: 2px 0; }
.af-app .widget-dropdown { width: 100%; max-width: 40em; }
.af-app .widget-dropdown > select { max-width: 100%; }
.af-app .p-TabBar-tab, .af-app .lm-TabBar-tab { flex: 1 1 0 !important; min-width: 0 !important; }
.af-app .lm-TabBar-tab { padding: 0 4px; overflow: hidden; text-overflow: ellipsis; }
.af-app .af-hand .af-card-view { max-width: 18em !important; }
.af-app .widget-tab-contents, .af-app .lm-TabPanel-stackedpanel { padding: 6px !important; }
.af-app table td, .af-app table th { padding: 2px 6px; text-align: left; }
</style>"""


def _button(label: str, on_click: Callable[[], None], *classes: str, tooltip: str = "") -> ipw.Button:
    button = ipw.Button(description=label, tooltip=tooltip or label, layout=ipw.Layout(width="auto"))
    for cls in classes:
        button.add_class(cls)
    button.on_click(lambda _b: on_click())
    return button


def _row(children: list[ipw.Widget], *classes: str) -> ipw.Box:
    box = ipw.Box(children, layout=ipw.Layout(display="flex", flex_flow="row wrap", width="100%"))
    box.add_class("af-buttons")
    for cls in classes:
        box.add_class(cls)
    return box


class ErrorBox(ipw.HTML):
    """``af-error``: plain-language messages about bad input; hidden when there are none."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("af-error")
        self.show([])

    def show(self, messages: list[str]) -> None:
        if messages:
            self.value = ('<div class="af-errbox" role="alert">'
                          + "<br>".join(escape(m) for m in messages) + "</div>")
            self.layout.display = None
        else:
            self.value = ""
            self.layout.display = "none"


class CardView(ipw.HTML):
    """``af-card``: one readable card."""

    def __init__(self, info: tour.CardInfo | None = None, seat: int | None = None,
                 small: bool = False) -> None:
        super().__init__()
        self.add_class("af-card")
        if info is not None:
            self.show(info, seat, small)

    def show(self, info: tour.CardInfo, seat: int | None = None, small: bool = False) -> None:
        self.value = seats.card_html(info, seat, small)


# ------------------------------------------------------------------ shared panes
class CardTourPane(ipw.VBox):
    """Each card in turn, with the lessons about it."""

    def __init__(self, cards: tour.CardTour, open_lesson: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self._tour = cards
        self._open = open_lesson
        self.card = CardView()
        self.where = ipw.HTML()
        self.lessons = ipw.VBox()
        self.picker = ipw.ToggleButtons(options=cards.names, value=cards.names[0],
                                        layout=ipw.Layout(width="100%"),
                                        style={"button_width": "auto"})
        self.picker.observe(lambda ch: self._go(ch["new"]), names="value")
        nav = _row([_button("◀ Previous card", lambda: self._step(-1)),
                    _button("Next card ▶", lambda: self._step(1))])
        self.children = [self.picker, nav, self.card, self.where, self.lessons]
        self.refresh()

    def _step(self, d: int) -> None:
        self._tour.go(self._tour.index + d)
        self.refresh()

    def _go(self, name: str) -> None:
        if name != self._tour.names[self._tour.index]:
            self._tour.go(name)
            self.refresh()

    def refresh(self) -> None:
        info = self._tour.card()
        self.picker.value = info.name
        self.card.show(info)
        self.where.value = (f'<div class="af-note">Card {self._tour.index + 1} of {len(self._tour)}. '
                            "A <b>Ball Garden</b> text works while the card is in the Garden; a "
                            "<b>Whispers Balcony</b> text when it is revealed on the Balcony (M6).</div>")
        if self._open is not None and info.lessons:
            lib = tour.library()
            opener = self._open
            buttons = [_button(lib[n].title, partial(opener, n), "af-lesson-link")
                       for n in info.lessons[:6]]
            self.lessons.children = [ipw.HTML(f"<b>Lessons about the {escape(info.name)}</b> "
                                              "(open one to step through it):"), _row(buttons)]
        else:
            self.lessons.children = []


class LessonPane(ipw.VBox):
    """One lesson: the set-up and the seat ring, predict the winner, then the round step by
    step; the lesson's explanation appears once you have predicted (or reached the end)."""

    def __init__(self, state: Any, choices: list[str]) -> None:
        super().__init__()
        self._state = state
        # labelled by position and stage, not by title: a title often gives the answer away
        stage_of = {n: s.name for s in tour.stages() for n in s.lessons}
        self._label = {n: f"Lesson {k} of {len(choices)} · {stage_of.get(n, '')}"
                       for k, n in enumerate(choices, 1)}
        self.picker = ipw.Dropdown(options=[(self._label[n], n) for n in choices],
                                   description="Lesson", layout=ipw.Layout(width="100%"))
        if state.walk.lesson.name not in choices:
            self.picker.options = [(self._other(state.walk.lesson.name), state.walk.lesson.name),
                                   *self.picker.options]
        self.picker.value = state.walk.lesson.name
        self.picker.observe(self._on_pick, names="value")
        self.setup = ipw.HTML()
        self.ring = ipw.HTML()
        self.predict = ipw.Box()
        self.verdict = ipw.HTML()
        self.explain = ipw.HTML()
        self.lab = ipw.HTML()
        self.lab.add_class("af-open-lab")
        self.stepper = StepperView(state.walk.walk)
        self.stepper.on_step(lambda _frame: self._show_reveal())
        self.children = [self.picker, self.lab, self.setup, self.ring, self.predict, self.verdict,
                         ipw.HTML("<h4>Step by step</h4>"), self.stepper, self.explain]
        self.refresh()

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] != self._state.walk.lesson.name:
            self._state.open_lesson(change["new"])
            self.refresh()

    def _other(self, name: str) -> str:
        stage = next((s.name for s in tour.stages() if name in s.lessons), "")
        return f"Lesson {name} · {stage}"

    def show_lesson(self, name: str) -> None:
        if name not in [v for _, v in self.picker.options]:
            self.picker.options = [(self._other(name), name), *self.picker.options]
        self.picker.value = name

    def _predict(self, player: str) -> None:
        walk = self._state.walk
        if walk.prediction is not None:
            return
        walk.predict(player)
        self.refresh()

    def _show_reveal(self) -> None:
        walk = self._state.walk
        if walk.revealed:
            self._render_explanation()

    def _render_explanation(self) -> None:
        walk = self._state.walk
        lesson = walk.lesson
        if walk.revealed:
            self.explain.value = (f"<h4>The lesson: {escape(lesson.title)}</h4><div class='af-note'>"
                                  f"Rulings: {escape(', '.join(lesson.rulings))} · file "
                                  f"{escape(lesson.name)}.toml</div>"
                                  + seats.markdown_html(lesson.description))
        else:
            self.explain.value = ("<div class='af-note'>The lesson's explanation appears once you "
                                  "have predicted the winner, or stepped to the end.</div>")

    def refresh(self) -> None:
        walk = self._state.walk
        self.setup.value = ("<b>The round as it is laid out</b> (seat order; the next seat is to the "
                            "left):<ul class='af-setup'>"
                            + "".join(f"<li>{escape(line)}</li>" for line in walk.setup) + "</ul>")
        self.lab.value = seats.lab_link_html(walk.lesson.name)
        self.ring.value = seats.seat_ring_svg(walk.players, walk.first)
        if walk.prediction is None:
            buttons = [_button(p, partial(self._predict, p), "af-predict") for p in walk.players]
            self.predict.children = [ipw.HTML("<b>Predict:</b> whose Garden card wins this round?"),
                                     _row(buttons)]
            self.verdict.value = ""
        else:
            self.predict.children = []
            right = walk.prediction in walk.result.winners
            self.verdict.value = (f"<div class='af-verdict'>You predicted <b>{escape(walk.prediction)}</b>: "
                                  + ("<b style='color:#1e8449'>right</b>" if right else
                                     "<b style='color:#922b21'>not this time</b>")
                                  + f". Winner{'s' if len(walk.result.winners) > 1 else ''}: "
                                  + escape(", ".join(walk.result.winners))
                                  + ". Step through the round below to see why.</div>")
        if self.stepper.stepper is not walk.walk:
            self.stepper.use(walk.walk)
        self._render_explanation()


class QuizPane(ipw.VBox):
    """Predict the winner, check, see why; a score over the quiz."""

    def __init__(self, state: Any) -> None:
        super().__init__()
        self._state = state
        self.head = ipw.HTML()
        self.setup = ipw.HTML()
        self.ring = ipw.HTML()
        self.options = ipw.Box()
        self.result = ipw.HTML()
        self.result.add_class("af-quiz-result")
        self.why = ipw.HTML()
        self.nav = _row([_button("◀ Previous question", self._back),
                         _button("Next question ▶", self._next, "af-quiz-next"),
                         _button("New quiz", self._new, "af-quiz-new")])
        self.children = [self.head, self.setup, self.ring, self.options, self.result, self.why, self.nav]
        self._new_seed = state.quiz.seed
        self.refresh()

    def _answer(self, player: str, index: int) -> None:
        quiz = self._state.quiz
        if quiz.index != index or quiz.check() is not None:   # a stale or repeated click
            return
        quiz.answer(player)
        self.refresh()

    def _next(self) -> None:
        self._state.quiz.next()
        self.refresh()

    def _back(self) -> None:
        self._state.quiz.back()
        self.refresh()

    def _new(self) -> None:
        self._new_seed += 1
        self._state.new_quiz(self._new_seed)
        self.refresh()

    def refresh(self) -> None:
        quiz = self._state.quiz
        q = quiz.question()
        check = quiz.check()
        self.head.value = (f"<h4>Question {quiz.index + 1} of {len(quiz)} · score "
                           f"<span class='af-quiz-score'>{quiz.score}/{quiz.answered}</span></h4>"
                           "<div class='af-note'>Here is a round as it is laid out. Whose Garden card "
                           "wins? (Every tied card wins; an odd number of Jesters makes the lowest "
                           "win.)</div>")
        self.setup.value = ("<ul class='af-setup'>" + "".join(f"<li>{escape(line)}</li>" for line in q.setup)
                            + "</ul>")
        self.ring.value = seats.seat_ring_svg(q.options, q.first)
        index = quiz.index
        buttons = []
        for p in q.options:
            b = _button(p, partial(self._answer, p, index), "af-quiz-option")
            b.disabled = check is not None
            buttons.append(b)
        self.options.children = [_row(buttons)]
        if check is None:
            self.result.value = ""
            self.why.value = ""
        else:
            verdict = ("<b style='color:#1e8449'>Right!</b>" if check.correct
                       else "<b style='color:#922b21'>Not quite.</b>")
            self.result.value = (f"{verdict} You chose {escape(check.chosen)}; "
                                 f"winner{'s' if len(check.winners) > 1 else ''}: "
                                 f"<b>{escape(', '.join(check.winners))}</b>"
                                 + (" (the lowest Prestige won: Jester)" if check.lowest_wins else "")
                                 + f". <i>{escape(check.title)}</i>")
            self.why.value = ("<b>Why</b> (the steps that decided it):<ol>"
                              + "".join(f"<li>{escape(e.text)} <span class='af-note'>[{escape(e.rule)}]"
                                        "</span></li>" for e in check.why) + "</ol>")


class LessonsPane(ipw.VBox):
    """The beginner path and the index by situation, each lesson a button."""

    def __init__(self, open_lesson: Callable[[str], None], expansion_only: bool = False) -> None:
        super().__init__()
        lib = tour.library()
        children: list[ipw.Widget] = [ipw.HTML(
            "<div class='af-note'>A course through the bundled lessons. Open one to predict its "
            "winner and step through it. For scoring, see the one-page "
            f"<a href='{DOCS_URL}/scoring-checklist.md' target='_blank' rel='noopener'>scoring "
            "checklist</a> (docs/scoring-checklist.md).</div>")]
        sections = []
        for k, stage in enumerate(tour.stages(), 1):
            if expansion_only and stage.level != "expansion":
                continue
            buttons = [_button(lib[n].title, partial(open_lesson, n), "af-lesson-link")
                       for n in stage.lessons]
            sections.append((f"{k}. {stage.name} ({stage.level})",
                             ipw.VBox([ipw.HTML(f"<div class='af-note'>{escape(stage.intro)}</div>"),
                                       _row(buttons)])))
        if not expansion_only:
            for situation, names in tour.situations().items():
                buttons = [_button(lib[n].title, partial(open_lesson, n), "af-lesson-link")
                           for n in names]
                sections.append((f"Situation: {situation}", _row(buttons)))
        acc = ipw.Accordion(children=[w for _, w in sections], layout=ipw.Layout(width="100%"))
        for k, (title, _) in enumerate(sections):
            acc.set_title(k, title)
        acc.selected_index = None
        children.append(acc)
        self.children = children


# ------------------------------------------------------------------ the apps
class _TourApp(ipw.VBox):
    """What Learn and Exiled share: an intro, an error box and lazily built tabs, among them
    the card tour, one round step by step (``LESSON`` is its tab) and the quiz."""

    CARDS, LESSON, QUIZ = 0, 1, 2              # tab positions

    def __init__(self, state: tour.LearnState, intro: str,
                 tabs: list[tuple[str, Callable[[], ipw.Widget]]]) -> None:
        super().__init__(layout=ipw.Layout(width="100%"))
        self.add_class("af-app")
        self.state = state
        self.error = ErrorBox()
        self.error.show(state.errors)
        self.tabs = LazyTab(tabs)
        self.children = [styles(), ipw.HTML(APP_CSS), self.error, ipw.HTML(intro), self.tabs]

    @property
    def cards(self) -> CardTourPane:
        pane = self.tabs.pane(self.CARDS)
        return pane if isinstance(pane, CardTourPane) else self._cards

    @property
    def lesson(self) -> LessonPane:
        return self.tabs.pane(self.LESSON)

    @property
    def quiz(self) -> QuizPane:
        return self.tabs.pane(self.QUIZ)

    def open_lesson(self, name: str) -> None:
        self.lesson.show_lesson(name)
        self.tabs.selected_index = self.LESSON

    def __repr__(self) -> str:                         # stable text/plain for nbval
        return (f"{type(self).__name__}(lesson={self.state.walk.lesson.name!r}, "
                f"seed={self.state.quiz.seed})")


class LearnApp(_TourApp):
    """*Learn the rules*: the cards, the table, one round step by step, quizzes, the lessons."""

    def __init__(self, state: tour.LearnState) -> None:
        super().__init__(state, (
            "<h2 style='margin:.2em 0'>Learn the rules of Aristofarsa</h2>"
            "<div class='af-note'>Each round: everyone draws to 3 cards; plays one card into the "
            "<b>Ball Garden</b> queue; then, in Phase-2 order, either <b>Conspires</b> (a card face "
            "down on the <b>Whispers Balcony</b>) or <b>Convokes</b> (trades the hand for a Noble). "
            "The Balcony is revealed card by card, then the highest Prestige wins and scores crowns. "
            "Start with the cards, then predict a round, then take the quiz.</div>"),
            [("Cards", self._cards_tab),
             ("A round", lambda: LessonPane(state, tour.path_order())),
             ("Quiz", lambda: QuizPane(state)),
             ("Lessons", lambda: LessonsPane(self.open_lesson))])

    def _cards_tab(self) -> ipw.Widget:
        self._cards = CardTourPane(self.state.cards, self.open_lesson)
        table = ipw.HTML(seats.seat_ring_svg(["Ana", "Bruno", "Caio", "Dora"], "Ana", None)
                         + "<div class='af-note'>The table from above: the player to your "
                         "<b>left</b> is the next seat (M1). Turn order in both phases runs that "
                         "way from the round's starting player; the Garden queue is filled in that "
                         "order, first card on the left.</div>")
        return ipw.VBox([self._cards, table])

    @classmethod
    def from_query(cls, query: str) -> LearnApp:
        return cls(tour.LearnState.from_query(query))


class ExiledApp(_TourApp):
    """*The Exiled expansion*: its four cards, exile (X1–X7), its lessons, a quiz."""

    LESSON, QUIZ = 2, 3                        # the Exile tab comes second
    state: ExiledState

    def __init__(self, state: ExiledState) -> None:
        super().__init__(state, (
            "<h2 style='margin:.2em 0'>The Exiled expansion</h2>"
            "<div class='af-note'>Each player adds four cards, kept apart as a face-up Exiled deck: "
            "Bard, Scribe, Elder, Oracle. At the end of each round the card with the <b>worst</b> "
            "Prestige is exiled, and its owner takes the top Exiled card into hand.</div>"),
            [("Cards", lambda: CardTourPane(state.cards, self.open_lesson)),
             ("Exile", self._rules_tab),
             ("A round", lambda: LessonPane(state, state.lessons)),
             ("Quiz", lambda: QuizPane(state))])

    def _rules_tab(self) -> ipw.Widget:
        lib = tour.library()
        rules = []
        for rule in self.state.rules:
            buttons = [_button(lib[n].title, partial(self.open_lesson, n), "af-lesson-link")
                       for n in rule.lessons]
            rules.append(ipw.VBox([ipw.HTML(f"<h4 style='margin:.4em 0 .1em'>{escape(rule.id)} "
                                            f"{escape(rule.title)}</h4><div>{escape(rule.text)}</div>"),
                                   _row(buttons)]))
        return ipw.VBox(rules)

    @classmethod
    def from_query(cls, query: str) -> ExiledApp:
        return cls(ExiledState.from_query(query))
