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
from functools import lru_cache
from typing import Self

from .. import scenario as scenario_mod
from ..core import cards
from ..core.cards import BASE_CARDS, CARDS, EXPANSION_CARDS, PROVISIONAL_CROWNS
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
    lines = ["# Lessons: a beginner path and an index", "",
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
    lines += ["## By card", ""]
    for card, names in lessons_by_card().items():
        spec = CARDS[card]
        extra = ", Exiled expansion" if spec.expansion else ""
        lines.append(f"- **{card}** ({spec.kind} {spec.prestige}{extra}): "
                     + ", ".join(f"`{n}`" for n in names))
    lines += ["", "## By situation", ""]
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
        parts = [f"Garden: {p.garden}{_choices(p.garden, p.garden_choices)}"]
        if p.conspire:
            parts.append(f"Balcony: {p.conspire}{_choices(p.conspire, p.conspire_choices)}")
        elif p.convoke is not None:
            discard = p.convoke.get("discard") or []
            take = p.convoke.get("take")
            parts.append("Convokes" + (f" ({' + '.join(discard)})" if discard else "")
                         + (f", takes the {take}" if take else ""))
        elif p.passes:
            parts.append("passes")
        hand = p.zones.get("hand") or []
        if hand:
            parts.append(f"keeps in hand: {', '.join(hand)}")
        first = " (starts)" if p.name == sc.first else ""
        out.append(f"{p.name}{first}: " + "; ".join(parts))
    return out


def _choices(card: str, choices: dict) -> str:
    shown = []
    for k, v in choices.items():
        if k in ("card", "replay"):
            continue
        if k == "target":
            where = "Balcony card" if card == "Bishop" else "Garden card"
            shown.append(f"on {v}'s {where}")
        elif k == "delta":
            shown.append(f"{int(v):+d}")
        elif k == "reveal":
            shown.append(f"who shows {v}")
        elif k == "exchange":
            shown.append({True: "exchanges", False: "does not exchange"}.get(v, f"exchanges for the {v}"))
        else:
            shown.append(f"{k.replace('_', ' ')} {_fmt(v)}")
    return f" ({', '.join(shown)})" if shown else ""


def _fmt(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:+d}"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


# ------------------------------------------------------------------ cards
CARD_NOTES_FILE = cards.CARD_NOTES_FILE    # the notes' text, keyed by card: CardSpec.notes


@dataclass(frozen=True)
class Note:
    """One fine point of a card as ruled, with the rulings that decide it (their texts)."""

    text: str
    rulings: tuple[RulingInfo, ...]


@lru_cache(maxsize=1)
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
    lines = ["| Card | Type | Prestige | Crowns (provisional) | In the Ball Garden "
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
                raise ValueError(f"unknown card {k!r}: this tour shows {', '.join(self.names)}")
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
#: same point in the game's words
ONE_ROUND_SCOPE = ("This lesson plays a single round, so it shows only what this round decides "
                   "about the end of the game: an Aristocrat that scores, or is worst with the "
                   "expansion, ends it after this round; a Parlor emptied now means one more round. "
                   "Whether everyone can draw back to 3 is only known at the next round's Draw.")


def for_learners(events: Iterable[TraceEvent]) -> list[TraceEvent]:
    """A lesson's steps as the apps show them: the trace, with the one step about the file
    format (kind ``scope``, M11) said in the game's words."""
    out = []
    for e in events:
        if e.kind == "scope":
            e = copy.copy(e)
            e._text = ONE_ROUND_SCOPE
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
            raise ValueError(f"unknown lesson {name!r}: give a bundled lesson's file name without "
                             f".toml, e.g. {path_order()[0]}")
        self.lesson = lib[name]
        sc = self.lesson.scenario()
        self.setup = setup_lines(sc)
        self.first = sc.first
        self.result = scenario_mod.run(sc, trace=True)
        self.stepper = Stepper.from_events(for_learners(self.result.trace), self.result.winners,
                                           players=self.lesson.players)
        self.prediction: str | None = None
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
            raise ValueError(f"choose one or more of {', '.join(self.lesson.players)}")
        self.prediction = ", ".join(p for p in self.lesson.players if p in chosen)
        self._revealed = True
        return set(chosen) == set(self.result.winners)

    @property
    def predicted_right(self) -> bool:
        return self.prediction is not None and set(self.prediction.split(", ")) == set(self.result.winners)

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
                errors.append(f"unknown lesson {params['lesson']!r}: give a bundled lesson's file "
                              f"name without .toml, e.g. {cls.FIRST}")
        if params.get("progress"):
            try:
                progress = Quiz.from_code(params["progress"])
                if progress.level not in cls.QUIZ_LEVELS:
                    raise ProgressError("this progress code is for the other app's quiz: "
                                        "the quiz starts afresh")
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
