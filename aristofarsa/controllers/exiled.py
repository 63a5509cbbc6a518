"""The *Exiled expansion* app's state: its four cards, exile (X1–X7) and its lessons.

Plain Python (no Jupyter). ``ExiledState.from_query("lesson=x2-lowest-exiles&seed=3")``.
"""
from __future__ import annotations

from dataclasses import dataclass

from .tour import LearnState, stages


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


class ExiledState(LearnState):
    """The Exiled app: the four cards, the exile rules, one lesson step by step, a quiz.

    The Learn app's state (:class:`~.tour.LearnState`) with the expansion in play, the exile
    rulings and the expansion's lessons; the same query (``lesson=NAME&seed=S``).
    """

    FIRST = FIRST_EXILED_LESSON

    def __init__(self, lesson: str = FIRST_EXILED_LESSON, seed: int = 0) -> None:
        super().__init__(lesson, seed, expansion=True)
        self.rules = EXILE_RULES
        self.lessons = expansion_lessons()
