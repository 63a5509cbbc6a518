"""*Learn the rules*: a thin ipywidgets skin over :mod:`aristofarsa.controllers.learn`,
:mod:`~aristofarsa.controllers.rules` and :mod:`~aristofarsa.controllers.quiz`; its panes
also make *The Exiled expansion* (:mod:`.exiled`).

Every sentence, step, board and answer comes from the controllers; these classes only lay
them out and forward clicks. ``LearnApp.from_query(query)``. The look is
``render/styles/learn.css`` (the app's root has the class ``af-learn``).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from html import escape
from pathlib import Path
from typing import Any, Self

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..controllers import quiz as quiz_mod
from ..controllers.learn import (
    CardTour,
    LearnController,
    card_info,
    library,
    setup_lines,
    situations,
    stage_of,
    stages,
)
from ..controllers.rules import RulesBook, minutes, visible_lines, word_count
from ..controllers.rulings_text import every_ruling
from ..core.messages import Join, Msg
from ..core.messages import text as said
from ..render import html, seats
from .common import CardView, ErrorBox, LazyTab, button, button_row, styles
from .stepper import StepperView


# ------------------------------------------------------------------ shared panes
def _refs() -> dict[str, Any]:
    return every_ruling()


# ------------------------------------------------------------------ what a reader sees
READING_TIME = "af-reading-time"
#: The message naming the quiz's "?" chip (no answer given yet), said instead of "question mark"
NO_ANSWER = "quiz-pane.no-answer"


def _nothing() -> None:
    return None


class ToTop(ipw.HTML):
    """``af-to-top``: brings the page back to its top when a click shows a new screen (the next
    rules page, card, lesson or quiz question), so the intro and the tab bar are where they were
    when the page opened, and the new screen is read from its start. It writes a one-off image
    whose error handler sets every scroll box above it back to 0 (nothing moves when the page
    is at its top already); the same way the quiz keeps its progress in the address."""

    SCRIPT = ("for (let e = this.parentElement; e; e = e.parentElement) { if (e.scrollTop) "  # i18n: code
              "e.scrollTop = 0; } if (window.scrollY) window.scrollTo(0, 0);")

    def __init__(self) -> None:
        super().__init__(layout=ipw.Layout(height="0px", overflow="hidden", margin="0"))
        self.add_class("af-to-top")
        self.count = 0

    def go(self) -> None:
        self.count += 1
        self.value = (f"<img alt='' src='data:,' data-n='{self.count}' style='display:none' "
                      f"onerror=\"{self.SCRIPT}\">")


def shown_lines(widget: ipw.Widget, *, times: bool = True) -> list[str]:
    """The lines of text a widget tree shows a reader: HTML as a browser shows it (closed
    <details> folded), button and toggle labels, a dropdown's label and chosen option, tab
    titles and only the open tab; hidden widgets left out. ``times=False`` leaves out the
    reading-time lines (what the reading time is computed from)."""
    layout = getattr(widget, "layout", None)
    if layout is not None and layout.display == "none":
        return []
    if not times and READING_TIME in getattr(widget, "_dom_classes", ()):
        return []
    if isinstance(widget, ipw.HTML):
        return visible_lines(widget.value)
    if isinstance(widget, (ipw.Button, ipw.ToggleButton)):
        return [widget.description] if widget.description else []
    if isinstance(widget, ipw.ToggleButtons):
        return [" ".join(str(label) for label in widget._options_labels)]
    if isinstance(widget, ipw.Dropdown):
        return [line for line in (widget.description, widget.label) if line]
    if isinstance(widget, (ipw.IntText, ipw.Text)):
        return [widget.description] if widget.description else []
    if isinstance(widget, (ipw.Tab, ipw.Accordion)):
        titles = [t for t in widget.titles if t]
        lines = [" ".join(titles)] if isinstance(widget, ipw.Tab) else titles
        k = widget.selected_index
        return lines + (shown_lines(widget.children[k], times=times) if k is not None else [])
    if isinstance(widget, ipw.Box):
        return [line for child in widget.children for line in shown_lines(child, times=times)]
    return []


@dataclass(frozen=True)
class ReadingPage:
    """One screen of the reading path: the app, its title, the lines it shows."""

    app: str
    title: str
    lines: tuple[str, ...]

    @property
    def words(self) -> int:
        return word_count(self.lines)


def path_words(pages: list[ReadingPage]) -> int:
    """The whole path's words, each distinct line once."""
    return word_count(line for p in pages for line in p.lines)


#: the path's word count, worked out once and kept here so that opening an app does not render
#: every page of both apps (a test keeps it equal to :func:`path_words` of
#: ``widgets.exiled.reading_path``)
READING_FILE = Path(__file__).resolve().parent.parent / "data" / "reading_path.json"
_PATH_TOTAL: list[int] = []


def path_total() -> int:
    """The reading path's words without its reading-time lines, from the data file
    (``widgets.exiled.reading_path_json`` writes it); 0 (no time shown) without it."""
    if not _PATH_TOTAL:
        try:
            _PATH_TOTAL.append(int(json.loads(READING_FILE.read_text(encoding="utf-8"))["words"]))
        except (OSError, ValueError, KeyError, TypeError):
            _PATH_TOTAL.append(0)
    return _PATH_TOTAL[0]


def reading_time_html(lines: list[str]) -> str:
    """``af-reading-time``: this page's reading time and the whole path's."""
    total = path_total()
    if not total:
        return ""
    said_time = said("learn-app.reading-time", minutes=minutes(word_count(lines)), total=minutes(total))
    return "<div class='af-note'>" + escape(said_time) + "</div>"


class RulesPane(ipw.VBox):
    """``af-rules``: how a round works, one idea a page in play order; each page with its
    rulings (their texts open in the page) and a live example drawn by the engine, with the
    lesson that shows it. ``af-rules-next`` moves to the next page."""

    def __init__(self, book: RulesBook, open_lesson: Callable[[str], None], intro: str = "",
                 new_screen: Callable[[], None] = _nothing) -> None:
        super().__init__(layout=ipw.Layout(width="100%"))
        self.add_class("af-rules")
        self._book = book
        self._open = open_lesson
        self._new_screen = new_screen
        self.picker = ipw.Dropdown(options=[(said("learn-rules.numbered", number=k, title=p.title), k)
                                            for k, p in enumerate(book.pages, 1)],
                                   value=1, description=said("learn-rules.page"),
                                   layout=ipw.Layout(width="100%"))
        self.picker.observe(self._on_pick, names="value")
        self.prev = button(said("learn-rules.previous"), self._back, "af-rules-prev")
        self.next = button(said("learn-rules.next"), self._next, "af-rules-next")
        self.page = ipw.HTML()
        self.page.add_class("af-rules-page")
        self.example = ipw.HTML()
        self.example.add_class("af-rules-example")
        # the page's text and its live example side by side on a laptop, one above the other on a phone
        columns = ipw.Box([self.page, self.example])
        columns.add_class("af-rules-columns")
        self.open = button(said("learn-rules.open-lesson"), self._open_lesson, "af-rules-lesson")
        parts: list[ipw.Widget] = [ipw.HTML(intro)] if intro else []
        self.time = ipw.HTML()
        self.time.add_class(READING_TIME)
        self.children = [*parts, self.picker, self.time, columns, button_row([self.open]),
                         button_row([self.prev, self.next])]
        self.refresh()

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] - 1 != self._book.index:
            self._book.go(change["new"] - 1)
            self.refresh()
            self._new_screen()

    def _next(self) -> None:
        self._book.next()
        self.refresh()
        self._new_screen()

    def _back(self) -> None:
        self._book.back()
        self.refresh()
        self._new_screen()

    def _open_lesson(self) -> None:
        self._open(self._book.page().lesson)

    def refresh(self) -> None:
        book = self._book
        page = book.page()
        refs = _refs()
        self.picker.value = book.index + 1
        body = seats.markdown_html(page.body, refs) if page.body else ""
        card = (seats.card_html(card_info(page.card), open_notes=True, crowns_note=False)
                if page.card else "")
        heading = said("learn-rules.numbered", number=book.index + 1, title=page.title)
        self.page.value = (f"<h3 style='margin:.3em 0'>{escape(heading)}</h3>"
                           f"<div class='af-rules-body'>{body}{card}</div>")
        ex = page.example()
        board = ""
        if ex.board in ("ring", "order"):
            board = seats.seat_ring_svg(list(ex.players), ex.first,
                                        list(ex.order) if ex.board == "order" else None)
            if ex.board == "order":
                first = Msg("round.litter", {"actor": Msg("learn-rules.order-first")})  # the trace's words
                board += ("<div class='af-note'>" + escape(said("learn-rules.order-note", litter=first))
                          + "</div>")
        elif ex.board in ("garden", "final"):
            moment = said("learn-rules.garden-phase1" if ex.board == "garden" else "learn-rules.garden-final")
            board = f"<div class='af-note'>{escape(moment)}</div>" + html.garden(ex.frame)
            if ex.board == "final" and ex.frame.balcony:
                board += html.balcony(ex.frame)
        lines = "".join(f"<li>{escape(text)} {seats.rulings_html([refs[r]] if r in refs else [])}</li>"
                        for text, r in ex.lines)
        outcome = (said("learn-rules.outcome-line", label=escape(ex.label), outcome=escape(ex.outcome))
                   if ex.outcome else "")
        self.example.value = ("<div class='af-example'><div>" + said("learn-rules.example") + "</div>"
                              f"<div><i>{escape(ex.title)}</i></div>" + board
                              + (f"<ul style='margin:.3em 0 .2em 1.1em;padding:0'>{lines}</ul>"
                                 if lines else "")
                              + (f"<div class='af-example-outcome'>{outcome}</div>" if outcome else "")
                              + "</div>")
        self.prev.disabled = book.index == 0
        self.next.disabled = book.is_last
        self.next.description = said("learn-rules.next" if not book.is_last else "learn-rules.last")
        self.time.value = reading_time_html(shown_lines(self, times=False))


class CardTourPane(ipw.VBox):
    """Each card in turn, its printed texts and, under them, its fine points as ruled, with the
    lessons about it."""

    def __init__(self, cards: CardTour, open_lesson: Callable[[str], None] | None = None,
                 new_screen: Callable[[], None] = _nothing) -> None:
        super().__init__()
        self._tour = cards
        self._open = open_lesson
        self._new_screen = new_screen
        self.card = CardView()
        self.lessons = ipw.Accordion(layout=ipw.Layout(width="100%"))
        self.lessons.add_class("af-card-lessons")
        self.picker = ipw.ToggleButtons(options=cards.names, value=cards.names[0],
                                        layout=ipw.Layout(width="100%"),
                                        style={"button_width": "auto"})
        self.picker.observe(lambda ch: self._go(ch["new"]), names="value")
        nav = button_row([button(said("learn-cards.previous"), lambda: self._step(-1), "af-card-prev"),
                          button(said("learn-cards.next"), lambda: self._step(1), "af-card-next")])
        self.time = ipw.HTML()
        self.time.add_class(READING_TIME)
        self.children = [self.picker, nav, self.time, self.card, self.lessons]
        self.refresh()

    def _step(self, d: int) -> None:
        self._tour.go(self._tour.index + d)
        self.refresh()
        self._new_screen()

    def _go(self, name: str) -> None:
        if name != self._tour.names[self._tour.index]:
            self._tour.go(name)
            self.refresh()
            self._new_screen()

    def refresh(self) -> None:
        info = self._tour.card()
        self.picker.value = info.name
        self.card.show(info, open_notes=True, crowns_note=False)   # said once, on rules page 1
        if self._open is not None and info.lessons:
            lib = library()
            opener = self._open
            buttons = [button(lib[n].title, partial(opener, n), "af-lesson-link")
                       for n in info.lessons[:6]]
            self.lessons.children = [button_row(buttons)]
            self.lessons.set_title(0, said("learn-cards.lessons"))
            self.lessons.selected_index = None
            self.lessons.layout.display = None
        else:
            self.lessons.children = []
            self.lessons.layout.display = "none"
        self.time.value = reading_time_html(shown_lines(self, times=False))


def _lesson_label(state: LearnController, name: str) -> str:
    lesson = library()[name]
    stage = stage_of(name)
    where = stage.name if stage else ""
    if name in state.path:
        return said("learn-lesson.option-numbered", number=state.path.index(name) + 1, title=lesson.title,
                    stage=where)
    return said("learn-lesson.option", title=lesson.title, stage=where)


class LessonPane(ipw.VBox):
    """One lesson: the set-up and the seat ring, predict the winning card(s), then the round
    step by step; the lesson's explanation appears once you have predicted (or reached the
    end); "next lesson" follows the app's path."""

    def __init__(self, controller: LearnController, new_screen: Callable[[], None] = _nothing) -> None:
        super().__init__()
        self._state = controller
        self._new_screen = new_screen
        self.picker = ipw.Dropdown(options=self._options(), description=said("learn-lesson.lesson"),
                                   layout=ipw.Layout(width="100%"))
        self.picker.add_class("af-lesson-list")
        self.picker.value = controller.walk.lesson.name
        self.picker.observe(self._on_pick, names="value")
        self.setup = ipw.HTML()
        self.ring = ipw.HTML()
        self.predict = ipw.Box()
        self._picks: dict[str, ipw.ToggleButton] = {}
        self.verdict = ipw.HTML()
        self.explain = ipw.HTML()
        self.lab = ipw.HTML()
        self.lab.add_class("af-open-lab")
        self.next = button(said("learn-lesson.next"), self._next_lesson, "af-lesson-next")
        self.stepper = StepperView(controller.walk.stepper)
        self.stepper.on_step(lambda _frame: self._show_reveal())
        self.children = [self.picker, self.setup, self.ring, self.predict, self.verdict,
                         ipw.HTML("<h4>" + escape(said("learn-lesson.step-by-step")) + "</h4>"),
                         self.stepper, self.explain,
                         button_row([self.next]), self.lab]
        self.refresh()

    def _options(self) -> list[tuple[str, str]]:
        names = list(self._state.path)
        if self._state.walk.lesson.name not in names:
            names.insert(0, self._state.walk.lesson.name)
        return [(_lesson_label(self._state, n), n) for n in names]

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] != self._state.walk.lesson.name:
            self._state.open_lesson(change["new"])
            self.refresh()
            self._new_screen()

    def show_lesson(self, name: str) -> None:
        if name not in [v for _, v in self.picker.options]:
            self.picker.options = [(_lesson_label(self._state, name), name), *self.picker.options]
        self.picker.value = name

    def _next_lesson(self) -> None:
        name = self._state.next_lesson()
        if name is not None:
            self.show_lesson(name)

    def _check(self) -> None:
        walk = self._state.walk
        chosen = [p for p, b in self._picks.items() if b.value]
        if walk.prediction is not None or not chosen:
            return
        walk.predict(chosen)
        self.refresh()

    def _show_reveal(self) -> None:
        if self._state.walk.revealed:
            self._render_explanation()

    def _render_explanation(self) -> None:
        walk = self._state.walk
        lesson = walk.lesson
        refs = _refs()
        if walk.revealed:
            cited = [refs[r] for r in lesson.rulings if r in refs]
            heading = said("learn-lesson.heading", title=lesson.title)
            self.explain.value = (f"<h4>{escape(heading)}</h4><div class='af-note'>"
                                  + said("learn-lesson.rulings", rulings=seats.rulings_html(cited)) + "</div>"
                                  + seats.markdown_html(lesson.description, refs))
        else:
            self.explain.value = ("<div class='af-note'>" + escape(said("learn-lesson.explanation-waits"))
                                  + "</div>")

    def refresh(self) -> None:
        walk = self._state.walk
        if self.picker.value != walk.lesson.name:
            self.picker.value = walk.lesson.name
        self.setup.value = (said("learn-lesson.setup") + "<ul class='af-setup'>"
                            + "".join(f"<li>{escape(line)}</li>" for line in walk.setup) + "</ul>")
        self.lab.value = seats.lab_link_html(walk.lesson.name)
        self.ring.value = seats.seat_ring_svg(walk.players, walk.first)
        if walk.prediction is None:
            self._picks = {p: self._toggle(p) for p in walk.players}
            check = button(said("learn-lesson.check"), self._check, "af-predict-check")
            self.predict.children = [ipw.VBox([
                ipw.HTML(said("learn-lesson.predict")),
                button_row(list(self._picks.values())), button_row([check])])]
            self.verdict.value = ""
        else:
            self.predict.children = []
            right = walk.predicted_right
            winners = walk.result.winners
            judged = ("<b style='color:var(--af-good)'>" + escape(said("learn-lesson.right")) if right else
                      "<b style='color:var(--af-bad)'>" + escape(said("learn-lesson.wrong"))) + "</b>"
            cards = Join(Msg("quiz.card", {"player": p, "card": c})
                         for p, c in zip(winners, walk.result.won_cards, strict=False))
            verdict = said("learn-lesson.verdict-ends" if walk.result.game_over else "learn-lesson.verdict",
                           prediction=escape(str(Join(walk.prediction))), judged=judged,
                           cards=escape(str(cards)), count=len(winners),
                           first=escape(walk.result.next_first or ""))
            self.verdict.value = f"<div class='af-verdict'>{verdict}</div>"
        if self.stepper.stepper is not walk.stepper:
            self.stepper.use(walk.stepper)
        following = self._state.next_lesson()
        self.next.disabled = following is None
        self.next.description = (said("learn-lesson.next-titled", title=library()[following].title)
                                 if following else said("learn-lesson.last"))
        self._render_explanation()

    def _toggle(self, player: str) -> ipw.ToggleButton:
        toggle = ipw.ToggleButton(description=player, layout=ipw.Layout(width="auto"))
        toggle.add_class("af-predict")
        return toggle


def _judged(right: bool) -> str:
    """A field's mark in the quiz's feedback: ✓ right or ✗ wrong."""
    if right:
        return "<span class=af-right>" + escape(said("quiz-pane.right")) + "</span>"
    return "<span class=af-wrong>" + escape(said("quiz-pane.wrong")) + "</span>"


class QuizPane(ipw.VBox):
    """Unseen rounds to predict in full, field by field, level by level; feedback with the
    deciding steps; a summary after each quiz; the progress kept in the page's address."""

    def __init__(self, controller: LearnController, levels: tuple[int, ...],
                 open_lesson: Callable[[str], None] | None = None,
                 new_screen: Callable[[], None] = _nothing) -> None:
        super().__init__()
        self._state = controller
        self._new_screen = new_screen
        self._levels = levels
        self._open = open_lesson
        self.progress = ipw.HTML()
        self.progress.add_class("af-quiz-progress")
        options = [(quiz_mod.LEVELS[k].title, k) for k in levels]
        self.level = ipw.ToggleButtons(options=options, value=controller.quiz.level,
                                       style={"button_width": "auto"}, layout=ipw.Layout(width="100%"))
        self.level.observe(self._on_level, names="value")
        self.question = ipw.HTML()
        self.question.add_class("af-quiz-question")
        self.form = ipw.VBox()
        self.check = button(said("quiz-pane.check"), self._check, "af-quiz-check")
        self.feedback = ipw.HTML()
        self.feedback.add_class("af-quiz-feedback")
        self.next = button(said("quiz-pane.next"), self._next, "af-quiz-next")
        self.summary = ipw.VBox()
        self.summary.add_class("af-quiz-summary")
        self.address = ipw.HTML(layout=ipw.Layout(height="0px", overflow="hidden", margin="0"))
        self.address.add_class("af-quiz-address")
        intro = ipw.HTML("<div class='af-note'>" + escape(said("quiz-pane.intro")) + "</div>")
        self.children = [intro, self.level if len(levels) > 1 else ipw.HTML(), self.progress, self.question,
                         self.form, button_row([self.check]), self.feedback, self.summary,
                         button_row([self.next]), self.address]
        self._inputs: dict[str, Any] = {}
        self._touched: set[str] = set()      # the fields the learner has changed
        self._rendered: str | None = None
        self.refresh()

    # ---- actions
    def _on_level(self, change: dict[str, Any]) -> None:
        if change["new"] != self._state.quiz.level:
            self._state.quiz.set_level(change["new"])
            self.refresh()
            self._new_screen()

    def _given(self) -> quiz_mod.Answer:
        ins = self._inputs
        winners = tuple(p for p, b in ins["winners"].items() if b.value)
        nxt = ins["next_first"].value or ""
        prestige = tuple((p, int(w.value)) for p, w in ins["prestige"].items())
        scored = tuple(sorted(v for v, b in ins["scored"] if b.value))
        free = tuple(sorted(p for p, b in ins["free_convokes"].items() if b.value))
        exiled = tuple(sorted(p for p, b in ins.get("exiled", {}).items() if b.value))
        return quiz_mod.Answer(winners, nxt, prestige, scored, free, exiled)

    def _check(self) -> None:
        quiz = self._state.quiz
        if quiz.checked is None:
            quiz.answer(self._given(), set(self._touched))
            self.refresh()

    def _next(self) -> None:
        self._state.go_on()
        self.refresh()
        self._new_screen()

    def _again(self, level: int) -> None:
        self._state.quiz.new_quiz(level)
        self.refresh()
        self._new_screen()

    # ---- drawing
    def _form(self, q: quiz_mod.Question) -> None:
        def toggles(labels: list[tuple[str, str]]) -> dict[str, ipw.ToggleButton]:
            return {value: ipw.ToggleButton(description=label, layout=ipw.Layout(width="auto"))
                    for label, value in labels}

        def field(title: str, help_text: str, widgets: list[ipw.Widget], hook: str) -> ipw.Widget:
            box = ipw.VBox([ipw.HTML(f"<div class='af-field-title'>{escape(title)}</div>"
                                     f"<div class='af-note'>{help_text}</div>"), button_row(widgets)])
            box.add_class("af-field")
            box.add_class(hook)
            return box

        garden = q.garden_cards()
        players = q.players
        winners = toggles([(quiz_mod.card_of(p, c), p) for p, c in garden])
        # "?" (no answer yet) is said by its tooltip (the page template names a symbol chip so)
        nxt = ipw.ToggleButtons(options=[("?", "")] + [(p, p) for p in players]
                                + [(said("quiz.game-ends"), quiz_mod.GAME_ENDS)], value="",
                                tooltips=[said(NO_ANSWER)] + [""] * (len(players) + 1),
                                style={"button_width": "auto"})
        prestige = {p: ipw.IntText(value=0, description=quiz_mod.card_of(p, c),
                                   style={"description_width": "auto"},
                                   layout=ipw.Layout(width="auto"))
                    for p, c in garden}
        for w in prestige.values():
            w.add_class("af-prestige-input")
        options = q.scoring_options()
        scored = [(v, ipw.ToggleButton(description=label, layout=ipw.Layout(width="auto")))
                  for label, v in options]
        free = toggles([(p, p) for p in players])
        fields = [
            field(said("quiz-pane.winners"), said("quiz-pane.winners-help"),
                  list(winners.values()), "af-quiz-winners"),
            field(said("quiz-pane.next-first"), said("quiz-pane.next-first-help"),
                  [nxt], "af-quiz-next-first"),
            field(said("quiz-pane.prestige"), said("quiz-pane.prestige-help"),
                  list(prestige.values()), "af-quiz-prestige"),
            field(said("quiz-pane.scored"), said("quiz-pane.scored-help"), [b for _, b in scored],
                  "af-quiz-scored"),
            field(said("quiz-pane.free-convokes"), said("quiz-pane.free-convokes-help"),
                  list(free.values()), "af-quiz-free-convokes"),
        ]
        self._inputs = {"winners": winners, "next_first": nxt, "prestige": prestige,
                        "scored": scored, "free_convokes": free}
        if q.expansion:
            exiled = toggles([(p, p) for p in players])
            fields.append(field(said("quiz-pane.exiled"), said("quiz-pane.exiled-help"),
                                list(exiled.values()), "af-quiz-exiled"))
            self._inputs["exiled"] = exiled
        self.form.children = fields
        self._touched = set()
        for name, ins in self._inputs.items():
            widgets = ([ins] if isinstance(ins, ipw.Widget) else
                       [b for _, b in ins] if isinstance(ins, list) else list(ins.values()))
            for w in widgets:
                w.observe(partial(self._touch, name), names="value")

    def _touch(self, name: str, _change: dict[str, Any]) -> None:
        self._touched.add(name)

    def refresh(self) -> None:
        quiz = self._state.quiz
        level = quiz.level_info
        summary_time = quiz.done and quiz.checked is None
        if self.level.value != quiz.level:
            self.level.value = quiz.level
        asked = len(quiz.answers) + (0 if quiz.checked is not None or summary_time else 1)
        right_now = sum(ok for _, ok in quiz.answers)
        where = (said("quiz-pane.where-done") if summary_time else
                 said("quiz-pane.where", number=min(asked, quiz.length), length=quiz.length))
        self.progress.value = "<div>" + said("quiz-pane.progress", level=escape(level.title), where=where,
                                             right=right_now, asked=len(quiz.answers),
                                             total_right=quiz.total_right,
                                             total_asked=quiz.total_asked) + "</div>"
        if summary_time:
            self._show_summary()
            self._hide(self.question, self.form, self.check, self.feedback)
            self.next.disabled = False
            after = quiz_mod.LEVELS[self._state.level_after()].title
            self.next.description = said("quiz-pane.next-quiz", level=after)
        else:
            self.summary.children = []
            self._show(self.question, self.form, self.check, self.feedback)
            q = quiz.question()
            if self._rendered != q.id:
                self._rendered = q.id
                self.question.value = self._question_html(q)
                self._form(q)
            checked = quiz.checked
            self.check.disabled = checked is not None
            self.next.disabled = checked is None
            self.next.description = said("quiz-pane.next-waits" if checked is None else
                                         "quiz-pane.next-summary" if quiz.done else "quiz-pane.next")
            self.feedback.value = "" if checked is None else self._feedback_html(q, checked)
        self.next.tooltip = self.next.description        # its accessible description says why it waits
        self.address.value = self._address_html()

    def _question_html(self, q: quiz_mod.Question) -> str:
        lines = setup_lines(q.scenario)
        return ("<h4 style='margin:.4em 0'>" + escape(said("quiz-pane.round-heading")) + "</h4>"
                + seats.seat_ring_svg(q.players, q.scenario.first, None, size=220)
                + "<ul class='af-setup'>" + "".join(f"<li>{escape(line)}</li>" for line in lines) + "</ul>"
                + "<div class='af-note'>" + escape(said("quiz-pane.parlors"))
                + (" " + escape(said("quiz-pane.exiled-decks")) if q.expansion else "") + "</div>")

    def _feedback_html(self, q: quiz_mod.Question, checks: list[quiz_mod.FieldCheck]) -> str:
        refs = _refs()
        right = all(c.right for c in checks)
        def row(c: quiz_mod.FieldCheck) -> str:
            you = said("quiz-pane.you", given=escape(c.given))
            answer = "" if c.right else said("quiz-pane.answer", expected=escape(c.expected))
            return (f"<tr><td>{_judged(c.right)}</td><td><b>{escape(c.label)}</b></td>"
                    f"<td>{you}</td><td>{answer}</td></tr>"
                    + ("" if c.right else f"<tr><td></td><td colspan='3' class='af-note'>"
                       f"{seats.with_rulings(quiz_mod.field_hint(c.name), refs)}</td></tr>"))

        rows = "".join(row(c) for c in checks)
        steps = "".join("<li>" + said("quiz-pane.why-step-deciding" if rule else "quiz-pane.why-step",
                                      step=escape(text), deciding=escape(rule),
                                      rulings=seats.rulings_html([refs[rid]] if rid in refs else []))
                        + "</li>" for text, rid, rule in quiz_mod.why_lines(q.result))
        t = quiz_mod.topic(q.topic)
        lib = library()
        lessons = Join(escape(lib[n].title) for n in t.lessons if n in lib)
        wrong = Join(c.label for c in checks if not c.right)
        head = ("<b class='af-right'>" + escape(said("quiz-pane.fully-right")) if right else
                "<b class='af-wrong'>" + escape(said("quiz-pane.not-quite", fields=wrong))) + "</b>"
        idea = said("quiz-pane.idea", title=escape(t.title), idea=seats.with_rulings(t.idea, refs))
        on_it = said("quiz-pane.lessons-on-it", lessons=lessons)
        why = said("quiz-pane.why")
        return (f"<div>{head}</div><table class='af-feedback-table'>{rows}</table>"
                f"<div style='margin-top:.4em'>{idea}</div>"
                f"<div class='af-note'>{on_it}</div>{why}<ol>{steps}</ol>")

    def _show_summary(self) -> None:
        quiz = self._state.quiz
        rows = "".join("<tr><td>" + escape(t.title) + "</td><td>"
                       + said("quiz-pane.topic-count", right=r, asked=n) + "</td></tr>"
                       for t, r, n in quiz.summary())
        right = sum(ok for _, ok in quiz.answers)
        done = said("quiz-pane.done", right=right, asked=len(quiz.answers))
        head = ("<tr><th>" + said("quiz-pane.topic") + "</th><th>" + said("quiz-pane.topic-right")
                + "</th></tr>")
        widgets: list[ipw.Widget] = [ipw.HTML(
            f"<h4 style='margin:.4em 0'>{escape(done)}</h4><table>{head}{rows}</table>")]
        review = quiz.review()
        if review:
            lib = library()
            widgets.append(ipw.HTML(said("quiz-pane.review")))
            for t in review:
                buttons = ([button(lib[n].title, partial(self._open, n), "af-lesson-link")
                            for n in t.lessons if n in lib] if self._open is not None else [])
                idea = seats.with_rulings(t.idea, _refs())
                widgets += [ipw.HTML(f"<div><i>{escape(t.title)}</i>: {idea}</div>"),
                            button_row(buttons)]
        else:
            widgets.append(ipw.HTML("<div>" + escape(said("quiz-pane.nothing-to-review")) + "</div>"))
        again = button(said("quiz-pane.another-quiz"), partial(self._again, quiz.level), "af-quiz-again")
        row = [again]
        k = self._levels.index(quiz.level) if quiz.level in self._levels else 0
        if k + 1 < len(self._levels):
            up = self._levels[k + 1]
            row.append(button(said("quiz-pane.next-level", level=quiz_mod.LEVELS[up].title),
                              partial(self._again, up),
                               "af-quiz-level-up"))
        widgets.append(button_row(row))
        self.summary.children = widgets

    def _address_html(self) -> str:
        """Keeps the progress in the page's address (a reload restores it); the same code as a
        link to keep."""
        query = self._state.query()
        if not query:
            return ""
        target = escape(json.dumps("?" + query))      # a JS string literal, then attribute-escaped
        return (f"<img alt='' src='data:,' style='display:none' "
                f"onerror=\"history.replaceState(null, '', location.pathname + {target})\">")

    @staticmethod
    def _hide(*widgets: ipw.Widget) -> None:
        for w in widgets:
            w.layout.display = "none"

    @staticmethod
    def _show(*widgets: ipw.Widget) -> None:
        for w in widgets:
            w.layout.display = None


class LessonsPane(ipw.VBox):
    """``af-lesson-list``: the app's path, stage by stage, each lesson a button with its title
    (and, in the Learn app, the index by situation)."""

    def __init__(self, open_lesson: Callable[[str], None], expansion: bool = False) -> None:
        super().__init__()
        self.add_class("af-lesson-list")
        lib = library()
        children: list[ipw.Widget] = [ipw.HTML(
            "<div class='af-note'>" + escape(said("learn-lessons.intro")) + "</div>")]
        sections = []
        path = [s for s in stages() if (s.level == "expansion") == expansion]
        for k, stage in enumerate(path, 1):
            buttons = [button(lib[n].title, partial(open_lesson, n), "af-lesson-link")
                       for n in stage.lessons]
            sections.append((said("learn-lessons.stage", number=k, name=stage.name, level=stage.level,
                                  count=len(stage.lessons)),
                             ipw.VBox([ipw.HTML(f"<div class='af-note'>{escape(stage.intro)}</div>"),
                                       button_row(buttons)])))
        if not expansion:
            for situation, names in situations().items():
                names = [n for n in names if not lib[n].expansion]
                if not names:           # a situation only the expansion's lessons show (Exile)
                    continue
                buttons = [button(lib[n].title, partial(open_lesson, n), "af-lesson-link")
                           for n in names]
                sections.append((said("learn-lessons.situation", situation=situation), button_row(buttons)))
        acc = ipw.Accordion(children=[w for _, w in sections], layout=ipw.Layout(width="100%"))
        for k, (title, _) in enumerate(sections):
            acc.set_title(k, title)
        acc.selected_index = None
        children.append(acc)
        self.children = children


# ------------------------------------------------------------------ the app
class LearnApp(ipw.VBox):
    """*Learn the rules*: an intro, an error box and lazily built tabs: how a round works (the
    rules pages), the cards as ruled, one round step by step, quizzes of unseen rounds and
    the lessons. *The Exiled expansion* (:class:`.exiled.ExiledApp`) is the same app over its
    own controller and intro."""

    RULES, CARDS, LESSON, QUIZ, LESSONS = 0, 1, 2, 3, 4              # tab positions
    CONTROLLER: type[LearnController] = LearnController
    #: the intro's messages: its title and its note
    INTRO = ("learn-app.title", "learn-app.intro")

    def __init__(self, controller: LearnController) -> None:
        super().__init__(layout=ipw.Layout(width="100%"))
        self.add_class("af-app")
        self.add_class("af-learn")
        self.controller = controller
        self.error = ErrorBox()
        self.error.show(controller.errors)
        self.to_top = ToTop()
        top, opener = self.to_top.go, self.open_lesson
        self.tabs = LazyTab([(said("learn-app.tab-rules"),
                              lambda: RulesPane(controller.rules, opener, new_screen=top)),
                             (said("learn-app.tab-cards"),
                              lambda: CardTourPane(controller.cards, opener, new_screen=top)),
                             (said("learn-app.tab-round"), lambda: LessonPane(controller, new_screen=top)),
                             (said("learn-app.tab-quiz"),
                              lambda: QuizPane(controller, controller.QUIZ_LEVELS, opener, new_screen=top)),
                             (said("learn-app.tab-lessons"),
                              lambda: LessonsPane(self.open_lesson, controller.expansion))])
        self.children = [styles(), self.error, ipw.HTML(self.intro_html()), self.tabs, self.to_top]
        if controller.resumed:                     # the address held a quiz's progress: back to it
            self.tabs.selected_index = self.QUIZ

    @classmethod
    def from_query(cls, query: str) -> Self:
        return cls(cls.CONTROLLER.from_query(query))

    @classmethod
    def intro_html(cls) -> str:
        """The app's title and its one-line guide, in the catalog in use."""
        title, note = cls.INTRO
        return (f"<h2 style='margin:.2em 0'>{escape(said(title))}</h2>"
                f"<div class='af-note'>{escape(said(note))}</div>")

    @property
    def rules(self) -> RulesPane:
        return self.tabs.pane(self.RULES)

    @property
    def cards(self) -> CardTourPane:
        return self.tabs.pane(self.CARDS)

    @property
    def lesson(self) -> LessonPane:
        return self.tabs.pane(self.LESSON)

    @property
    def quiz(self) -> QuizPane:
        return self.tabs.pane(self.QUIZ)

    def open_lesson(self, name: str) -> None:
        self.lesson.show_lesson(name)
        self.tabs.selected_index = self.LESSON
        self.to_top.go()

    def __repr__(self) -> str:                         # stable text/plain for nbval
        return f"{type(self).__name__}(lesson={self.controller.walk.lesson.name!r})"
