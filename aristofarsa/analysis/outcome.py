"""Who wins a round, said one way everywhere: the winning card(s) and who starts next.

Every command (`resolve`, `play`, `replay`, `explain`, `whatif`, `variants`), the explanation
and the apps say a round's outcome with these functions, so that a table arguing about a tie
reads the same words in every tool: the **winning card(s)** — every card tied at the winning
Prestige wins (S1) — and the **one player who starts the next round** (M2: the owner of the
earliest winning card). The JSON field `winners` lists the winning cards' owners.
Pure functions of plain data (``RoundResult.garden`` tuples or the JSON ``garden`` tables).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core.rulings import END_RULES

__all__ = ["GardenCard", "and_list", "card_names", "count", "game_ends", "next_starter",
           "scored_cards", "who_wins", "winning_cards"]

GardenCard = tuple[str, str, int]      # (player, card, Prestige), as in RoundResult.garden


def count(n: int, word: str) -> str:
    """``"1 crown"``, ``"2 crowns"``, ``"0 players"``: a number and its noun, plural right."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _garden_cards(garden: Iterable[GardenCard | Mapping[str, Any]]) -> list[GardenCard]:
    out = []
    for g in garden:
        if isinstance(g, Mapping):
            out.append((str(g["player"]), str(g["card"]), int(g["prestige"])))
        else:
            out.append((str(g[0]), str(g[1]), int(g[2])))
    return out


def winning_cards(garden: Iterable[GardenCard | Mapping[str, Any]], winners: Iterable[str],
                  lowest_wins: bool = False) -> str:
    """``"Winning card: Caio's Aristocrat (13)."`` or ``"Winning cards, tied at 10 (S1): Ana's
    Knight, Bruno's Rogue."``; ``garden`` as in ``RoundResult.garden`` or the JSON ``garden``."""
    owners = set(winners)
    won = [(p, c, v) for p, c, v in _garden_cards(garden) if p in owners]
    how = " (lowest Prestige wins, B3)" if lowest_wins else ""
    if not won:
        return f"Winning card{how}: none."
    if len(won) == 1:
        p, c, v = won[0]
        return f"Winning card{how}: {p}'s {c} ({v})."
    cards = ", ".join(f"{p}'s {c}" for p, c, _ in won)
    return f"Winning cards{how}, tied at {won[0][2]} (S1): {cards}."


def next_starter(next_first: str, tied: bool = False) -> str:
    """``"Starts next round: Caio."`` (M2), saying why when several cards tied."""
    return f"Starts next round: {next_first}" + (" (the earliest winning card, M2)." if tied else ".")


def who_wins(garden: Iterable[GardenCard | Mapping[str, Any]], winners: Iterable[str],
             next_first: str | None, lowest_wins: bool = False) -> str:
    """The outcome in the project's one phrasing: ``"Winning card: Caio's Aristocrat (13).
    Starts next round: Caio."`` (`winners` are the JSON field: the winning cards' owners)."""
    winners = list(winners)
    text = winning_cards(garden, winners, lowest_wins)
    if next_first:
        text += " " + next_starter(next_first, tied=len(winners) > 1)
    return text


def card_names(garden: Iterable[GardenCard | Mapping[str, Any]], winners: Iterable[str]) -> list[str]:
    """``["Ana's Knight", "Bruno's Rogue"]``: the winning cards, in queue order."""
    owners = set(winners)
    return [f"{p}'s {c}" for p, c, _ in _garden_cards(garden) if p in owners]


def scored_cards(scored: Mapping[str, Iterable[str]] | None) -> str:
    """``"Dora's Knight, Ana's Servant"`` (the JSON ``scored``: each player's cards that score),
    ``"nothing"`` when no card scores."""
    cards = [f"{p}'s {c}" for p, cs in (scored or {}).items() for c in cs]
    return ", ".join(cards) or "nothing"


def game_ends(reason: str | None) -> str:
    """``"The game ends: an Aristocrat scored (E1)."``: what ended the game, and its ruling."""
    rule, what = END_RULES.get(str(reason), ("", "")) if reason else ("", "")
    return f"The game ends: {what} ({rule})." if what else "The game ends."


def and_list(items: Iterable[str]) -> str:
    """``"A"``, ``"A and B"``, ``"A, B and C"`` (``""`` for none)."""
    items = list(items)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)
