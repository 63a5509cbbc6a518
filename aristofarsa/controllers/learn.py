"""The *Learn the rules* app's controller, in plain Python (no Jupyter).

- the lesson library: every bundled lesson, the beginner path through them and an index
  by card and by situation (data: ``aristofarsa/data/lessons.toml``; ``lessons_markdown()``
  is ``docs/lessons.md``);
- :class:`CardTour`: each card in turn (name, type, printed Prestige, crowns, both texts);
- :class:`LessonWalk`: one round step by step over a chosen lesson, predict-then-reveal
  (the lesson's description, which gives the answer first, is shown only once the learner
  has predicted or reached the end);
- the rules pages (:mod:`.rules`) and the quiz of unseen rounds (:mod:`.quiz`);
- :class:`LearnController`: all of them together, built from the page's query string.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Self

from .. import scenario as scenario_mod
from ..core import cards
from ..core.cards import BASE_CARDS, CARDS, EXPANSION_CARDS, PROVISIONAL_CROWNS
from ..core.messages import Join, Msg, per_catalog
from ..core.messages import text as said
from ..core.result import RoundResult
from ..core.trace import TraceEvent
from . import lessons as lessons_mod
from .lessons import (  # noqa: F401 (the library, re-exported for the apps and the tests)
    Lesson,
    Stage,
    lesson_index_json,
    lessons_by_card,
    library,
    path_order,
    scan_library,
    situations,
    stages,
)
from .query import QueryError, parse_query, whole
from .quiz import LEVELS, ProgressError, Quiz
from .rules import RulesBook, exiled_pages, learn_pages
from .rulings_text import RulingInfo, ruling
from .stepper import Frame, Stepper

# the lesson library lives in .lessons (the rules pages and the quiz use it too); re-exported here
LESSONS_FILE, LESSON_INDEX_FILE = lessons_mod.LESSONS_FILE, lessons_mod.LESSON_INDEX_FILE


def lessons_markdown() -> str:
    """docs/lessons.md: the beginner path and both indexes (generated; a test keeps it in sync)."""
    lib = library()
    lines = ["# Lessons: a beginner path and an index", "",  # i18n: docs
             "<!-- Generated from aristofarsa/data/lessons.toml by "
             "aristofarsa.controllers.learn.lessons_markdown(); do not edit by hand. -->", "",
             f"The toolkit bundles {len(lib)} lessons (`aristofarsa/scenarios/*.toml`), each one "
             "round that pins a ruling. Their file names start with the ruling they pin, which is "
             "handy for a referee and no help to a beginner. This page orders them as a course "
             "and indexes them by card and by situation. The *Learn the rules* app "
             "(`/voila/render/learn.ipynb`) uses the same data; any lesson opens in the Scenario "
             "Lab with `?lesson=NAME`, and `aristofarsa resolve "
             "aristofarsa/scenarios/NAME.toml` prints it step by step.", "",
             "**Predict, then reveal.** A lesson's description gives the answer first. Before "
             "reading it, look at the set-up (the `[[player]]` tables of the file, or the Learn "
             "app) and predict who wins; the app hides the description until you have.", "",
             "For scoring, keep the [scoring checklist](scoring-checklist.md) beside you.", "",
             "## The path", ""]
    n = 0
    for k, stage in enumerate(stages(), 1):
        lines += [f"### {k}. {stage.name} ({stage.level})", "", stage.intro, ""]
        for name in stage.lessons:
            n += 1
            lesson = lib[name]
            lines.append(f"{n}. `{name}` — {lesson.title} ({', '.join(lesson.rulings)})")
        lines.append("")
    lines += ["## By card", ""]  # i18n: docs
    for card, names in lessons_by_card().items():
        spec = CARDS[card]
        extra = ", Exiled expansion" if spec.expansion else ""  # i18n: docs
        lines.append(f"- **{card}** ({spec.kind} {spec.prestige}{extra}): "
                     + ", ".join(f"`{n}`" for n in names))
    lines += ["", "## By situation", ""]  # i18n: docs
    for situation, names in situations().items():
        lines.append(f"- **{situation}**: " + ", ".join(f"`{n}`" for n in names))
    lines.append("")
    return "\n".join(lines)


def setup_lines(sc: scenario_mod.Scenario) -> list[str]:
    """The round as a table would see it laid out, one line per player in seat order,
    without saying what happens (the thing to predict): the Garden card, the Phase-2 action
    with its choices, and the cards kept in hand."""
    out = []
    for p in sc.players:
        parts = [_with_choices(("learn-setup.garden", "learn-setup.garden-choices"),
                               p.garden, p.garden_choices)]
        if p.conspire:
            parts.append(_with_choices(("learn-setup.balcony", "learn-setup.balcony-choices"),
                                       p.conspire, p.conspire_choices))
        elif p.convoke is not None:
            discard = p.convoke.get("discard") or []
            take = p.convoke.get("take")
            cases = {(False, False): "learn-setup.convokes",
                     (True, False): "learn-setup.convokes-discard",
                     (False, True): "learn-setup.convokes-take",
                     (True, True): "learn-setup.convokes-discard-take"}
            parts.append(Msg(cases[bool(discard), bool(take)],
                             {"discard": Join(discard, "learn-setup.plus"), "take": take}))
        elif p.passes:
            parts.append(Msg("learn-setup.passes"))
        hand = p.zones.get("hand") or []
        if hand:
            parts.append(Msg("learn-setup.hand", {"cards": Join(hand)}))
        out.append(said("learn-setup.line-starts" if p.name == sc.first else "learn-setup.line",
                        player=p.name, parts=Join(parts, "learn-setup.sep")))
    return out


def _with_choices(place: tuple[str, str], card: str, choices: dict) -> Msg:
    """"Garden: Witch" or, with the choices written in the file, "Garden: Witch (on Ana's
    Garden card, +5)" (``place``: the message without them and the one with them)."""
    shown = _choices(card, choices)
    if not shown:
        return Msg(place[0], {"card": card})
    return Msg(place[1], {"card": card, "choices": Join(shown)})


#: how a choice key of a scenario file is said in the set-up (another key: ``learn-setup.choice.other``)
CHOICE_MESSAGES = {"also_score": "learn-setup.choice.also-score", "discard": "learn-setup.choice.discard",
                   "give": "learn-setup.choice.give", "keep": "learn-setup.choice.keep",
                   "peek": "learn-setup.choice.peek"}


def _choices(card: str, choices: dict) -> list[Msg | str]:
    shown: list[Msg | str] = []
    for k, v in choices.items():
        if k in ("card", "replay"):
            continue
        if k == "target":
            shown.append(Msg("learn-setup.choice.target-balcony" if card == "Bishop"
                             else "learn-setup.choice.target", {"player": v}))
        elif k == "delta":
            shown.append(f"{int(v):+d}")
        elif k == "reveal":
            shown.append(Msg("learn-setup.choice.reveal", {"card": v}))
        elif k == "exchange":
            shown.append(Msg("learn-setup.choice.exchange-yes") if v is True else
                         Msg("learn-setup.choice.exchange-no") if v is False else
                         Msg("learn-setup.choice.exchange-for", {"card": v}))
        elif k in CHOICE_MESSAGES:
            shown.append(Msg(CHOICE_MESSAGES[k], {"value": _fmt(v)}))
        else:
            shown.append(Msg("learn-setup.choice.other", {"key": k.replace("_", " "), "value": _fmt(v)}))
    return shown


def _fmt(value: object) -> object:
    if isinstance(value, bool):
        return Msg("learn-setup.yes" if value else "learn-setup.no")
    if isinstance(value, int):
        return f"{value:+d}"
    if isinstance(value, list):
        return Join(map(str, value))
    return str(value)


# ------------------------------------------------------------------ cards
CARD_NOTES_FILE = cards.CARD_NOTES_FILE    # the notes' text, keyed by card: CardSpec.notes


@dataclass(frozen=True)
class Note:
    """One fine point of a card as ruled, with the rulings that decide it (their texts)."""

    text: str
    rulings: tuple[RulingInfo, ...]


@per_catalog      # each note holds its rulings' deciding sentences, rendered
def card_notes() -> dict[str, tuple[Note, ...]]:
    """Each registered card's fine points, from its definition (:attr:`CardSpec.notes`, kept
    in ``aristofarsa/data/card_notes.toml``; docs/rules.md carries the same sentences), with
    the texts of the rulings they cite."""
    return {name: tuple(Note(n.text, tuple(r for r in map(ruling, n.rulings) if r is not None))
                        for n in spec.notes)
            for name, spec in CARDS.items()}


cards.on_registry_change(card_notes.cache_clear)


def card_notes_markdown(expansion: bool = False) -> str:
    """The "Notes on the cards" list of docs/rules.md (base game or expansion): the same
    sentences as the card views (a test keeps docs/rules.md in step)."""
    lines = []
    for name in (EXPANSION_CARDS if expansion else BASE_CARDS):
        notes = card_notes().get(name, ())
        if notes:
            body = " ".join(f"{n.text} ({', '.join(r.id for r in n.rulings)})" for n in notes)
            lines.append(f"- **{name}.** {body}")
    return "\n".join(lines) + "\n"


def card_table_markdown(expansion: bool = False) -> str:
    """The card table of docs/rules.md (base game or expansion): the card texts the apps show
    (``aristofarsa.core.cards``), word for word (a test keeps docs/rules.md in step)."""
    lines = ["| Card | Type | Prestige | Crowns (provisional) | In the Ball Garden "  # i18n: docs
             "| On the Whispers Balcony |", "|---|---|---|---|---|---|"]
    for name in (EXPANSION_CARDS if expansion else BASE_CARDS):
        spec = CARDS[name]
        shown = f"{name} (×{spec.copies})" if spec.copies > 1 else name
        lines.append(f"| {shown} | {spec.kind} | {spec.prestige} | {PROVISIONAL_CROWNS[name]} | "
                     f"{spec.garden_text} | {spec.balcony_text} |")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class CardInfo:
    name: str
    kind: str
    prestige: int
    crowns: int
    garden_text: str
    balcony_text: str
    expansion: bool
    lessons: tuple[str, ...]
    notes: tuple[Note, ...] = ()
    crowns_ruling: RulingInfo | None = None      # M9: the crowns are provisional


def card_info(name: str) -> CardInfo:
    spec = CARDS[name]
    return CardInfo(name, spec.kind, spec.prestige, PROVISIONAL_CROWNS[name], spec.garden_text,
                    spec.balcony_text, spec.expansion, tuple(lessons_by_card()[name]),
                    card_notes().get(name, ()), ruling("M9"))


class CardTour:
    """Each card in turn: the base game's, or the Exiled expansion's (the registry's, in its
    order)."""

    def __init__(self, expansion: bool = False) -> None:
        self.names = list(EXPANSION_CARDS if expansion else BASE_CARDS)
        self.index = 0

    def __len__(self) -> int:
        return len(self.names)

    def go(self, k: int | str) -> None:
        if isinstance(k, str):
            if k not in self.names:
                raise ValueError(f"unknown card {k!r}: this tour shows "  # i18n: developer
                                 f"{', '.join(self.names)}")
            k = self.names.index(k)
        self.index = max(0, min(len(self.names) - 1, k))

    def next(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)

    def card(self) -> CardInfo:
        return card_info(self.names[self.index])

    def all(self) -> list[CardInfo]:
        return [card_info(n) for n in self.names]


# ------------------------------------------------------------------ one round, step by step
def resolve(lesson: Lesson) -> RoundResult:
    return scenario_mod.run(lesson.scenario(), trace=True)


#: what a learner reads for the one step of a lesson that speaks of the file format (M11): the
#: same point in the game's words (its message)
ONE_ROUND_SCOPE = "learn.one-round-scope"


def for_learners(events: Iterable[TraceEvent]) -> list[TraceEvent]:
    """A lesson's steps as the apps show them: the trace, with the one step about the file
    format (kind ``scope``, M11) said in the game's words."""
    out = []
    for e in events:
        if e.kind == "scope":
            e = copy.copy(e)
            e._text = said(ONE_ROUND_SCOPE)
        out.append(e)
    return out


class LessonWalk:
    """One lesson's round, step by step; the answer is revealed after a prediction.

    ``predict(player)`` records the learner's guess of the winner and reveals the lesson's
    description; reaching the last step (where the winners are shown) reveals it too.
    """

    def __init__(self, name: str) -> None:
        lib = library()
        if name not in lib:
            raise ValueError(said("learn.unknown-lesson", lesson=name, example=path_order()[0]))
        self.lesson = lib[name]
        sc = self.lesson.scenario()
        self.setup = setup_lines(sc)
        self.first = sc.first
        self.result = scenario_mod.run(sc, trace=True)
        self.stepper = Stepper.from_events(for_learners(self.result.trace), self.result.winners,
                                           players=self.lesson.players)
        self.prediction: tuple[str, ...] | None = None   # the owners guessed, in seat order
        self._revealed = False

    @property
    def players(self) -> list[str]:
        return list(self.lesson.players)

    @property
    def revealed(self) -> bool:
        return self._revealed or self.stepper.index == len(self.stepper) - 1

    def predict(self, players: str | Sequence[str]) -> bool:
        """Record the learner's guess of the winning card(s), by their owners (every tied card
        wins, S1); right when it names exactly the winners."""
        chosen = [players] if isinstance(players, str) else list(players)
        if not chosen or any(p not in self.lesson.players for p in chosen):
            raise ValueError(f"choose one or more of {', '.join(self.lesson.players)}")  # i18n: developer
        self.prediction = tuple(p for p in self.lesson.players if p in chosen)
        self._revealed = True
        return set(chosen) == set(self.result.winners)

    @property
    def predicted_right(self) -> bool:
        return self.prediction is not None and set(self.prediction) == set(self.result.winners)

    def reveal(self) -> None:
        self._revealed = True

    def frame(self) -> Frame:
        return self.stepper.frame()


# ------------------------------------------------------------------ the app's state
FIRST_LESSON = "p1-queue-from-the-starting-player"


def learn_path() -> list[str]:
    """The Learn app's path: every stage but the expansion's, in order."""
    return [name for stage in stages() if stage.level != "expansion" for name in stage.lessons]


def stage_of(name: str) -> Stage | None:
    return next((s for s in stages() if name in s.lessons), None)


class LearnController:
    """The Learn app: the rules pages, the cards, one round step by step, the quiz.

    Query: ``lesson=NAME`` (the round to step through; default the path's first), ``seed=S``
    (the quiz's draw; default 0) and ``progress=CODE`` (the quiz's progress, as the page keeps
    it in its address). Bad values leave the defaults in place and set ``errors``.
    """

    QUERY = ("lesson", "seed", "progress")
    FIRST = FIRST_LESSON                                # the round shown when no lesson is asked for
    QUIZ_LEVELS: tuple[int, ...] = tuple(range(len(LEVELS)))

    def __init__(self, lesson: str = FIRST_LESSON, seed: int = 0, expansion: bool = False,
                 progress: Quiz | None = None) -> None:
        self.expansion = expansion
        self.cards = CardTour(expansion)
        self.rules = RulesBook(exiled_pages() if expansion else learn_pages())
        self.path = self.lesson_path()
        self.walk = LessonWalk(lesson)
        self._seed = seed
        self._quiz = progress                          # made on first use (the Quiz tab)
        self._resumed = progress is not None
        self.errors: list[str] = []

    def lesson_path(self) -> list[str]:
        return learn_path()

    @property
    def resumed(self) -> bool:
        """The page's address held this app's quiz progress (the quiz goes on from it)."""
        return self._resumed

    @property
    def quiz(self) -> Quiz:
        if self._quiz is None:
            self._quiz = Quiz(seed=self._seed, level=self.QUIZ_LEVELS[0])
        return self._quiz

    @classmethod
    def from_query(cls, query: str) -> Self:
        errors: list[str] = []
        lesson, seed, progress = cls.FIRST, 0, None
        try:
            params = parse_query(query, cls.QUERY)
        except QueryError as exc:
            params = {}
            errors.append(str(exc))
        if "seed" in params:
            try:
                seed = whole(params["seed"], "seed")
            except QueryError as exc:
                errors.append(str(exc))
        if "lesson" in params:
            if params["lesson"] in library():
                lesson = params["lesson"]
            else:
                errors.append(said("learn.unknown-lesson", lesson=params["lesson"], example=cls.FIRST))
        if params.get("progress"):
            try:
                progress = Quiz.from_code(params["progress"])
                if progress.level not in cls.QUIZ_LEVELS:
                    raise ProgressError(said("quiz.other-app"))
            except ProgressError as exc:
                progress = None
                errors.append(str(exc))
        state = cls(lesson, seed, progress=progress)
        state.errors = errors
        return state

    def open_lesson(self, name: str) -> None:
        self.walk = LessonWalk(name)

    def next_lesson(self) -> str | None:
        """The lesson after the one open, along this app's path (None at its end)."""
        name = self.walk.lesson.name
        if name not in self.path:
            return self.path[0]
        k = self.path.index(name)
        return self.path[k + 1] if k + 1 < len(self.path) else None

    def level_after(self) -> int:
        """The level a quiz goes on at after its summary: the app's next level, else the same."""
        level = self.quiz.level
        levels = self.QUIZ_LEVELS
        k = levels.index(level) if level in levels else -1
        return levels[k + 1] if k + 1 < len(levels) else level

    def go_on(self) -> None:
        """"Next question": after a check the next question; after a quiz's summary a new quiz
        (at the app's next level, else the same one: the Exiled quiz goes on like Learn's, and
        no question repeats within twenty); before a check nothing (the answer comes first)."""
        quiz = self.quiz
        if quiz.checked is not None:
            quiz.next()
        elif quiz.done:
            quiz.new_quiz(self.level_after())

    def new_quiz(self, seed: int) -> None:
        self._quiz = Quiz(seed=seed, level=self.quiz.level)

    def query(self) -> str:
        """The page's query that restores this state (the lesson open and the quiz progress)."""
        parts = [] if self.walk.lesson.name == self.FIRST else [f"lesson={self.walk.lesson.name}"]
        if self._quiz is not None and (self._quiz.total_asked or self._quiz.level != self.QUIZ_LEVELS[0]):
            parts.append(f"progress={self._quiz.code()}")
        return "&".join(parts)
