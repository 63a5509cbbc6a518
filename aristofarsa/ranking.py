"""Crowns and the final ranking with every tie-break (E4)."""
from __future__ import annotations

from .cards import PROVISIONAL_CROWNS
from .state import PlayerState


def crowns_of(player: PlayerState, crowns: dict[str, int] | None = None) -> int:
    table = crowns or PROVISIONAL_CROWNS
    return sum(table[c.name] for c in player.scored)


def rank_key(player: PlayerState, crowns: dict[str, int] | None = None) -> tuple:
    """E4: crowns, then an Aristocrat scored, then Nobles scored, then cards scored."""
    scored = player.scored
    return (crowns_of(player, crowns),
            any(c.name == "Aristocrat" for c in scored),
            sum(1 for c in scored if c.noble),
            len(scored))


def ranking(players: list[PlayerState], crowns: dict[str, int] | None = None) -> list[list[str]]:
    """Places best first; each place lists the players sharing it, in seat order."""
    keyed = sorted(((rank_key(p, crowns), p.index, p.name) for p in players),
                   key=lambda t: (tuple(-int(x) for x in t[0]), t[1]))
    places: list[list[str]] = []
    last = None
    for key, _, name in keyed:
        if key == last:
            places[-1].append(name)
        else:
            places.append([name])
            last = key
    return places
