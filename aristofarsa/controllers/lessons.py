"""The lesson library: every bundled lesson, the stages of the beginner path through them and
the index by card and by situation (data: ``aristofarsa/data/lessons.toml``), in plain Python.
The Learn and Exiled apps (:mod:`.learn`), the rules pages and the quiz read it from here.
"""
from __future__ import annotations

import json
import re
import tomllib
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .. import SCENARIOS_DIR
from .. import scenario as scenario_mod
from ..core.cards import CARDS

LESSONS_FILE = Path(__file__).resolve().parent.parent / "data" / "lessons.toml"
LESSON_INDEX_FILE = LESSONS_FILE.with_name("lesson_index.json")


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


