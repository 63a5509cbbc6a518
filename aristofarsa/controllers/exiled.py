"""The *Exiled expansion* app's state: its four cards, exile (X1–X7) and its lessons.

Plain Python (no Jupyter). ``ExiledState.from_query("lesson=x2-lowest-exiles&seed=3")``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .tour import CardTour, LessonWalk, QueryError, Quiz, library, parse_query, stages, whole


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    text: str
    lessons: tuple[str, ...]


#: Exile and the expansion's rulings in a few words each (the full texts: docs/rulings.md).
EXILE_RULES: tuple[Rule, ...] = (
    Rule("X1", "The Exiled deck",
         "Each player starts with an Exiled deck, face up: Bard (top), Scribe, Elder, Oracle. Bard "
         "and Scribe are Peasants; Elder and Oracle are Nobles for every rule, but never sit in a "
         "Parlor and never count for an empty Parlor.",
         ("x1-exiled-deck-top-card", "x1-elder-oracle-are-nobles")),
    Rule("X2", "Exile",
         "After scoring, the worst Prestige is the lowest (the highest when the Jester votes are "
         "odd). Every player whose Garden card has it and did not score puts that card at the bottom "
         "of their Exiled deck and takes the top card into hand. All Garden cards tied: nobody "
         "exiles. An Aristocrat is never exiled; if one is worst, the game ends after the round.",
         ("x2-lowest-exiles", "x2-ties-all-exile", "x2-everyone-tied-nobody-exiles",
          "x2-jester-highest-exiles", "x2-knight-anyway-not-exiled", "x2-aristocrat-worst-game-over")),
    Rule("X3", "Bard",
         "Garden, when played: another player who holds a card reveals one of their choice; its "
         "printed Prestige is added to the Bard. Balcony: discard a card from your hand and add its "
         "printed Prestige + 3 to your Garden card.",
         ("m4-bard-adds-printed-prestige", "x3-bard-reveals-card-still-to-play", "x3-bard-balcony-discard")),
    Rule("X4", "Scribe",
         "Garden, when played: draw a card, then discard one. If the Garden Scribe scores, you may "
         "also score a Peasant from hand. Balcony: -7 to any Garden card; if that card is exiled "
         "this round, the Scribe scores too.",
         ("x4-garden-scribe-draw-discard-also-score", "x4-balcony-scribe-scores-with-exiled-target",
          "x4-exchanged-in-scribe-also-scores")),
    Rule("X5", "Elder",
         "Garden: +5 while the card just before or after it is a Noble (once). Balcony: copies the "
         "Balcony text of the card you played in the Garden this round, standing in for it.",
         ("m4-elder-noble-neighbour", "x5-elder-copies-merchant", "x5-elder-copies-jester",
          "x5-elder-copies-bard", "x5-elder-copies-servant-nothing")),
    Rule("X6", "Oracle",
         "Garden: you act last in Phase 2 and may first peek at one face-down Balcony card. "
         "Balcony: at the next Draw step you draw up to 5, keep 3 and discard the rest.",
         ("p2-oracle-acts-last", "p7-oracle-peek", "x6-balcony-oracle-draw",
          "x6-oracle-draw-five-keep-three")),
    Rule("X7", "The worst is over all Garden cards",
         "The worst Prestige is taken over every Garden card, scored or not. A worst card that "
         "scored is not exiled, and no other card is exiled in its place.",
         ("x7-scored-worst-card-shields-nobody",)),
)

FIRST_EXILED_LESSON = "x2-lowest-exiles"


def expansion_lessons() -> list[str]:
    """The expansion's lessons, in path order."""
    return [n for s in stages() if s.level == "expansion" for n in s.lessons]


class ExiledState:
    """The Exiled app: the four cards, the exile rules, one lesson step by step, a quiz."""

    QUERY = ("lesson", "seed")

    def __init__(self, lesson: str = FIRST_EXILED_LESSON, seed: int = 0) -> None:
        self.cards = CardTour(expansion=True)
        self.rules = EXILE_RULES
        self.lessons = expansion_lessons()
        self.walk = LessonWalk(lesson)
        self._seed = seed
        self._quiz: Quiz | None = None                 # drawn on first use (the Quiz tab)
        self.errors: list[str] = []

    @property
    def quiz(self) -> Quiz:
        if self._quiz is None:
            self._quiz = Quiz(self._seed, expansion=True)
        return self._quiz

    @quiz.setter
    def quiz(self, quiz: Quiz) -> None:
        self._quiz = quiz

    @classmethod
    def from_query(cls, query: str) -> ExiledState:
        errors: list[str] = []
        lesson, seed = FIRST_EXILED_LESSON, 0
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
                              f"name without .toml, e.g. {FIRST_EXILED_LESSON}")
        state = cls(lesson, seed)
        state.errors = errors
        return state

    def open_lesson(self, name: str) -> None:
        self.walk = LessonWalk(name)

    def new_quiz(self, seed: int) -> None:
        self.quiz = Quiz(seed, expansion=True)
