"""The *Learn the rules* app's state, in plain Python (no Jupyter).

- the lesson library: every bundled lesson, the beginner path through them and an index
  by card and by situation (data: ``aristofarsa/data/lessons.toml``; ``lessons_markdown()``
  is ``docs/lessons.md``);
- :class:`CardTour`: each card in turn (name, type, printed Prestige, crowns, both texts);
- :class:`LessonWalk`: one round step by step over a chosen lesson, predict-then-reveal
  (the lesson's description, which gives the answer first, is shown only once the learner
  has predicted or reached the end);
- :class:`Quiz`: predict the winner of lessons drawn by a seeded choice, check, see why
  (the trace steps that decided it), with a score;
- :class:`LearnState`: the three together, built from the page's query string.
"""
from __future__ import annotations

import json
import random
import re
import tomllib
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Self
from urllib.parse import parse_qs

from .. import SCENARIOS_DIR
from .. import scenario as scenario_mod
from ..cards import BASE_CARDS, CARDS, EXPANSION_CARDS, PROVISIONAL_CROWNS
from ..result import RoundResult
from .stepper import Frame, Stepper

LESSONS_FILE = Path(__file__).resolve().parent.parent / "data" / "lessons.toml"
LESSON_INDEX_FILE = LESSONS_FILE.with_name("lesson_index.json")
QUIZ_LENGTH = 5


# ------------------------------------------------------------------ the lesson library
@dataclass(frozen=True)
class Lesson:
    """One bundled lesson: its file name (without .toml) and what a list shows of it."""

    name: str
    title: str
    description: str
    rulings: tuple[str, ...]
    expansion: bool
    variants: tuple[str, ...]
    players: tuple[str, ...]
    cards: tuple[str, ...]  # the cards the lesson is about (named in its title or first paragraph)

    @property
    def path(self) -> Path:
        return SCENARIOS_DIR / f"{self.name}.toml"

    def scenario(self) -> scenario_mod.Scenario:
        return scenario_mod.load(self.path)


@dataclass(frozen=True)
class Stage:
    name: str
    level: str
    intro: str
    lessons: tuple[str, ...]


def _lesson_meta(path: Path) -> Lesson:
    """What a list shows of one bundled lesson, read straight from its TOML (fast: the
    bundled files are validated by the test suite; the round itself is validated when a
    lesson is opened, by :meth:`Lesson.scenario`)."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    title = str(data.get("title", ""))
    description = str(data.get("description", "")).strip()
    about = title + " " + description.split("\n\n")[0]
    cards = [name for name in CARDS if re.search(rf"\b{name}s?\b", about)]
    return Lesson(path.stem, title, description, tuple(data.get("rulings", ())),
                  bool(data.get("expansion", False)), tuple(sorted(set(data.get("variants", ())))),
                  tuple(p["name"] for p in data.get("player", ())), tuple(cards))


def scan_library() -> dict[str, Lesson]:
    """Every bundled lesson by name, in file-name order, read from the lesson files."""
    return {path.stem: _lesson_meta(path) for path in sorted(SCENARIOS_DIR.glob("*.toml"))}


def lesson_index_json() -> str:
    """``aristofarsa/data/lesson_index.json``: what :func:`library` shows of every lesson, so
    that opening an app does not parse 120 lesson files (a test keeps it in step)."""
    return json.dumps({name: asdict(lesson) for name, lesson in scan_library().items()},
                      indent=1, ensure_ascii=False) + "\n"


@lru_cache(maxsize=1)
def library() -> dict[str, Lesson]:
    """Every bundled lesson by name, in file-name order (from the generated index when it
    lists exactly the bundled files; else read from the files)."""
    names = [path.stem for path in sorted(SCENARIOS_DIR.glob("*.toml"))]
    try:
        index = json.loads(LESSON_INDEX_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        index = None
    if not isinstance(index, dict) or list(index) != names:
        return scan_library()
    out: dict[str, Lesson] = {}
    for name in names:
        fields: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v) for k, v in index[name].items()}
        out[name] = Lesson(**fields)
    return out


@lru_cache(maxsize=1)
def _lesson_data() -> dict[str, Any]:
    with LESSONS_FILE.open("rb") as f:
        return tomllib.load(f)


def stages() -> list[Stage]:
    """The beginner path, stage by stage (every bundled lesson is in exactly one stage)."""
    return [Stage(s["name"], s["level"], " ".join(s["intro"].split()), tuple(s["lessons"]))
            for s in _lesson_data()["stage"]]


def path_order() -> list[str]:
    return [name for stage in stages() for name in stage.lessons]


def situations() -> dict[str, list[str]]:
    """The index by situation: situation -> lessons, in path order."""
    rank = {name: k for k, name in enumerate(path_order())}
    return {k: sorted(v, key=rank.__getitem__) for k, v in _lesson_data()["situations"].items()}


def lessons_by_card() -> dict[str, list[str]]:
    """The index by card: every card -> the lessons about it (named in the lesson's title or
    its first paragraph), in path order."""
    lib = library()
    out: dict[str, list[str]] = {name: [] for name in CARDS}
    for lesson in path_order():
        for card in lib[lesson].cards:
            out[card].append(lesson)
    return out


def lessons_markdown() -> str:
    """docs/lessons.md: the beginner path and both indexes (generated; a test keeps it in sync)."""
    lib = library()
    lines = ["# Lessons: a beginner path and an index", "",
             "<!-- Generated from aristofarsa/data/lessons.toml by "
             "aristofarsa.controllers.tour.lessons_markdown(); do not edit by hand. -->", "",
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
    without saying what happens (the thing to predict)."""
    out = []
    for p in sc.players:
        parts = [f"Garden: {p.garden}{_choices(p.garden_choices)}"]
        if p.conspire:
            parts.append(f"Balcony: {p.conspire}{_choices(p.conspire_choices)}")
        elif p.convoke is not None:
            discard = p.convoke.get("discard") or []
            take = p.convoke.get("take")
            parts.append("Convokes" + (f" ({' + '.join(discard)})" if discard else "")
                         + (f", takes the {take}" if take else ""))
        elif p.passes:
            parts.append("passes")
        first = " (starts)" if p.name == sc.first else ""
        out.append(f"{p.name}{first}: " + "; ".join(parts))
    return out


def _choices(choices: dict) -> str:
    shown = [f"{k} {_fmt(v)}" for k, v in choices.items() if k != "card"]
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


def card_info(name: str) -> CardInfo:
    spec = CARDS[name]
    return CardInfo(name, spec.kind, spec.prestige, PROVISIONAL_CROWNS[name], spec.garden_text,
                    spec.balcony_text, spec.expansion, tuple(lessons_by_card()[name]))


class CardTour:
    """Each card in turn: the base game's eleven, or the Exiled expansion's four."""

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
        self.walk = Stepper.from_events(self.result.trace, self.result.winners, players=self.lesson.players)
        self.prediction: str | None = None
        self._revealed = False

    @property
    def players(self) -> list[str]:
        return list(self.lesson.players)

    @property
    def revealed(self) -> bool:
        return self._revealed or self.walk.index == len(self.walk) - 1

    def predict(self, player: str) -> bool:
        if player not in self.lesson.players:
            raise ValueError(f"choose one of {', '.join(self.lesson.players)}")
        self.prediction = player
        self._revealed = True
        return player in self.result.winners

    def reveal(self) -> None:
        self._revealed = True

    def frame(self) -> Frame:
        return self.walk.frame()


# ------------------------------------------------------------------ quizzes
def deciding_steps(result: RoundResult) -> list[Any]:
    """The trace steps that decided who won: Jester votes, every change to a winning card's
    Prestige (entry, Garden value, Balcony, exchange), the final Prestige and the winners."""
    winners = set(result.winners)
    keep = []
    for e in result.trace:
        changes_winner = e.target in winners and e.after is not None and e.phase != "setup"
        if (e.rule == "B3" or e.kind in ("final", "winners") or changes_winner
                or (e.kind == "cancelled") or (e.kind == "effect" and e.rule in ("B10", "B13"))):
            keep.append(e)
    return keep


@dataclass
class Question:
    lesson: str
    setup: list[str]
    options: list[str]
    expansion: bool
    variants: tuple[str, ...]
    first: str


@dataclass
class Check:
    """The answer to one question: right or wrong, the winners, and why."""

    chosen: str
    correct: bool
    winners: list[str]
    lowest_wins: bool
    title: str
    why: list[Any]


def quiz_pool(expansion: bool = False) -> list[str]:
    """Lessons a quiz draws from: the beginner stages (or the expansion stage), no variants."""
    lib = library()
    levels = ("expansion",) if expansion else ("beginner",)
    return [n for s in stages() if s.level in levels for n in s.lessons if not lib[n].variants]


class Quiz:
    """Predict the winner of ``length`` lessons drawn with ``random.Random(seed)``."""

    def __init__(self, seed: int = 0, length: int = QUIZ_LENGTH, expansion: bool = False) -> None:
        pool = quiz_pool(expansion)
        self.seed = seed
        self.lessons = random.Random(seed).sample(pool, min(length, len(pool)))
        self.index = 0
        self.checks: list[Check | None] = [None] * len(self.lessons)
        self._results: dict[str, RoundResult] = {}

    def __len__(self) -> int:
        return len(self.lessons)

    @property
    def score(self) -> int:
        return sum(1 for c in self.checks if c is not None and c.correct)

    @property
    def answered(self) -> int:
        return sum(1 for c in self.checks if c is not None)

    @property
    def done(self) -> bool:
        return self.answered == len(self.lessons)

    def question(self) -> Question:
        lesson = library()[self.lessons[self.index]]
        sc = lesson.scenario()
        return Question(lesson.name, setup_lines(sc), list(lesson.players), lesson.expansion,
                        lesson.variants, sc.first)

    def check(self) -> Check | None:
        """The current question's check, once answered."""
        return self.checks[self.index]

    def answer(self, player: str) -> Check:
        """Check a prediction; answering a question again keeps the first answer."""
        existing = self.checks[self.index]
        if existing is not None:
            return existing
        lesson = library()[self.lessons[self.index]]
        if player not in lesson.players:
            raise ValueError(f"choose one of {', '.join(lesson.players)}")
        result = self._result(lesson)
        check = Check(player, player in result.winners, list(result.winners), result.lowest_wins,
                      lesson.title, deciding_steps(result))
        self.checks[self.index] = check
        return check

    def next(self) -> None:
        self.index = min(self.index + 1, len(self.lessons) - 1)

    def back(self) -> None:
        self.index = max(self.index - 1, 0)

    def _result(self, lesson: Lesson) -> RoundResult:
        if lesson.name not in self._results:
            self._results[lesson.name] = resolve(lesson)
        return self._results[lesson.name]


# ------------------------------------------------------------------ the app's state
class QueryError(ValueError):
    """A bad value in the page's query string; the message says what is allowed."""


def parse_query(query: str, allowed: tuple[str, ...]) -> dict[str, str]:
    """``a=1&b=2`` (a leading ``?`` is fine) -> {name: last value}; unknown names refused."""
    pairs = parse_qs(query.lstrip("?"), keep_blank_values=True)
    unknown = sorted(set(pairs) - set(allowed))
    if unknown:
        raise QueryError(f"unknown query parameter {unknown[0]!r}: this app takes "
                         f"{', '.join(allowed)}")
    return {k: v[-1] for k, v in pairs.items()}


#: A query number with no upper bound (a seed) must be below this, as a scenario's seed.
QUERY_NUMBER_LIMIT = 2**63


def whole(value: str, name: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from a query parameter, ``low`` to ``high`` (below 2**63 if None);
    :class:`QueryError` names the parameter and the allowed range (a number of thousands of
    digits too, unconverted: Python refuses to convert one)."""
    text = value.strip()
    allowed = f"{low} to {high}" if high is not None else f">= {low}"
    if not (text.isdigit() and text.isascii()):
        shown = repr(value) if len(value) <= 40 else repr(value[:39]) + "…"
        raise QueryError(f"{name} must be a whole number {allowed}, got {shown}")
    top, too_big = (QUERY_NUMBER_LIMIT - 1, "below 2**63") if high is None else (high, allowed)
    if len(text.lstrip("0")) > len(str(top)):
        raise QueryError(f"{name} must be {too_big}, got a number of {len(text):,} digits")
    n = int(text)
    if n < low or n > top:
        raise QueryError(f"{name} must be {allowed if n < low else too_big}, got {n}")
    return n


FIRST_LESSON = "p1-queue-from-the-starting-player"


class LearnState:
    """The Learn app: card tour, one round step by step, quiz.

    Query: ``lesson=NAME`` (the round to step through; default the path's first) and
    ``seed=S`` (the quiz's draw; default 0). Bad values leave the defaults in place and set
    ``errors``.
    """

    QUERY = ("lesson", "seed")
    FIRST = FIRST_LESSON                                # the round shown when no lesson is asked for

    def __init__(self, lesson: str = FIRST_LESSON, seed: int = 0, expansion: bool = False) -> None:
        self.expansion = expansion
        self.cards = CardTour(expansion)
        self.walk = LessonWalk(lesson)
        self._seed = seed
        self._quiz: Quiz | None = None                 # drawn on first use (the Quiz tab)
        self.errors: list[str] = []

    @property
    def quiz(self) -> Quiz:
        if self._quiz is None:
            self._quiz = Quiz(self._seed, expansion=self.expansion)
        return self._quiz

    @quiz.setter
    def quiz(self, quiz: Quiz) -> None:
        self._quiz = quiz

    @classmethod
    def from_query(cls, query: str) -> Self:
        errors: list[str] = []
        lesson, seed = cls.FIRST, 0
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
        state = cls(lesson, seed)
        state.errors = errors
        return state

    def open_lesson(self, name: str) -> None:
        self.walk = LessonWalk(name)

    def new_quiz(self, seed: int) -> None:
        self.quiz = Quiz(seed, expansion=self.expansion)
