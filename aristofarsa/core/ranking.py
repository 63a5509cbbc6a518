"""Crowns and the final ranking with every tie-break (E4)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import PROVISIONAL_CROWNS, crowns_sum
from .state import Card, PlayerState


def crowns_of(player: PlayerState, crowns: dict[str, int] | None = None) -> int:
    """The crowns of a player's scored area."""
    return crowns_sum((c.name for c in player.scored), crowns)


def score_key(cards: Sequence[Card], crowns: dict[str, int] | None = None) -> tuple[int, bool, int, int]:
    """E4 for a scored area: crowns, an Aristocrat scored, Nobles scored, cards scored."""
    table = crowns or PROVISIONAL_CROWNS
    total = nobles = 0
    aristocrat = False
    for c in cards:
        total += table[c.name]
        if c.noble:
            nobles += 1
            if c.name == "Aristocrat":
                aristocrat = True
    return (total, aristocrat, nobles, len(cards))


def rank_key(player: PlayerState, crowns: dict[str, int] | None = None) -> tuple[int, bool, int, int]:
    """E4: crowns, then an Aristocrat scored, then Nobles scored, then cards scored."""
    return score_key(player.scored, crowns)


def rank_entries(entries: Iterable[tuple[int, str, Sequence[Card]]],
                 crowns: dict[str, int] | None = None) -> list[list[str]]:
    """``entries``: (seat index, name, scored cards). Places best first, seat order within."""
    keyed = sorted(((score_key(cards, crowns), index, name) for index, name, cards in entries),
                   key=lambda t: (-t[0][0], -t[0][1], -t[0][2], -t[0][3], t[1]))
    places: list[list[str]] = []
    last: tuple[int, bool, int, int] | None = None
    for key, _, name in keyed:
        if key == last:
            places[-1].append(name)
        else:
            places.append([name])
            last = key
    return places


def ranking(players: list[PlayerState], crowns: dict[str, int] | None = None) -> list[list[str]]:
    """Places best first; each place lists the players sharing it, in seat order."""
    return rank_entries(((p.index, p.name, p.scored) for p in players), crowns)
