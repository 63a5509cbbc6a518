"""The *Exiled expansion* app's controller: its four cards, exile (X1–X7) and its lessons.

Plain Python (no Jupyter). ``ExiledController.from_query("lesson=x2-lowest-exiles&seed=3")``.
"""
from __future__ import annotations

from .learn import LearnController, stages
from .quiz import Quiz
from .rules import EXILE_RULES, Rule  # noqa: F401 (re-exported)

FIRST_EXILED_LESSON = "x2-lowest-exiles"


def expansion_lessons() -> list[str]:
    """The expansion's lessons, in path order."""
    return [n for s in stages() if s.level == "expansion" for n in s.lessons]


class ExiledController(LearnController):
    """The Exiled app: the four cards, the expansion's rules pages, its own lesson path, one
    lesson step by step and the Exiled quiz level.

    The Learn app's controller (:class:`~.learn.LearnController`) with the expansion in play; the same
    query (``lesson=NAME&seed=S&progress=CODE``).
    """

    FIRST = FIRST_EXILED_LESSON
    QUIZ_LEVELS = (3,)                 # the quiz's Exiled level (controllers.quiz.LEVELS)

    def __init__(self, lesson: str = FIRST_EXILED_LESSON, seed: int = 0, expansion: bool = True,
                 progress: Quiz | None = None) -> None:
        super().__init__(lesson, seed, expansion=True, progress=progress)
        self.exile_rules = EXILE_RULES
        self.lessons = self.path

    def lesson_path(self) -> list[str]:
        return expansion_lessons()
