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

from ..core.messages import Join, Msg, text
from ..core.rulings import END_RULES

__all__ = ["GardenCard", "card_names", "game_ends", "next_starter", "owned",
           "scored_cards", "who_wins", "winning_cards"]

GardenCard = tuple[str, str, int]      # (player, card, Prestige), as in RoundResult.garden


def owned(player: str, card: str) -> Msg:
    """``Ana's Knight`` as a message of the catalog (a list item, a field)."""
    return Msg("card.owned", {"owner": player, "card": card})


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
    if not won:
        return text("outcome.no-winner-lowest" if lowest_wins else "outcome.no-winner")
    if len(won) == 1:
        p, c, v = won[0]
        return text("outcome.winner-lowest" if lowest_wins else "outcome.winner",
                    player=p, card=c, value=v)
    return text("outcome.winners-lowest" if lowest_wins else "outcome.winners", value=won[0][2],
                cards=Join([owned(p, c) for p, c, _ in won]))


def next_starter(next_first: str, tied: bool = False) -> str:
    """``"Starts next round: Caio."`` (M2), saying why when several cards tied."""
    return text("outcome.next-tied" if tied else "outcome.next", player=next_first)


def who_wins(garden: Iterable[GardenCard | Mapping[str, Any]], winners: Iterable[str],
             next_first: str | None, lowest_wins: bool = False) -> str:
    """The outcome in the project's one phrasing: ``"Winning card: Caio's Aristocrat (13).
    Starts next round: Caio."`` (`winners` are the JSON field: the winning cards' owners)."""
    winners = list(winners)
    won = winning_cards(garden, winners, lowest_wins)
    if next_first:
        return text("outcome.who-wins", winner=won,
                    next=next_starter(next_first, tied=len(winners) > 1))
    return won


def card_names(garden: Iterable[GardenCard | Mapping[str, Any]], winners: Iterable[str]) -> list[str]:
    """``["Ana's Knight", "Bruno's Rogue"]``: the winning cards, in queue order."""
    owners = set(winners)
    return [str(owned(p, c)) for p, c, _ in _garden_cards(garden) if p in owners]


def scored_cards(scored: Mapping[str, Iterable[str]] | None) -> str:
    """``"Dora's Knight, Ana's Servant"`` (the JSON ``scored``: each player's cards that score),
    ``"nothing"`` when no card scores."""
    return str(Join([owned(p, c) for p, cs in (scored or {}).items() for c in cs], empty="list.nothing"))


#: What ended a game, in words (:data:`~aristofarsa.rulings.END_RULES` gives its ruling)
END_MESSAGES: dict[str, str] = {reason: said.id for reason, (_, said) in END_RULES.items()}


def game_ends(reason: str | None) -> str:
    """``"The game ends: an Aristocrat scored (E1)."``: what ended the game, and its ruling."""
    if not reason or str(reason) not in END_RULES:
        return text("outcome.game-ends")
    return text("outcome.game-ends-because", what=Msg(END_MESSAGES[str(reason)]),
                rule=END_RULES[str(reason)][0])
