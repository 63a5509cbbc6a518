"""The result of a whole game: summary (the `play --json` contract), JSON, text, and the
invariants every finished game must satisfy."""
from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from ..core.cards import CARD_EVENTS, PARLOR_NOBLES, crowns_sum, family
from ..core.ranking import crowns_of, rank_key
from ..core.result import RoundResult
from ..core.rulings import END_REASONS
from ..core.state import PlayerState
from ..core.trace import Trace

__all__ = ["CARD_EVENTS", "END_REASONS", "MAX_ROUNDS", "GameResult", "check_invariants"]

#: Safety cap: a game that has not ended after this many rounds is an engine bug.
MAX_ROUNDS = 200

Decision = tuple[str, str, "str | None", Any]  # (kind, player, card, value)  # i18n: code


# --------------------------------------------------------------------------- result
@dataclass(eq=False)
class GameResult:
    """The outcome of a whole game (see :meth:`summary` and :meth:`to_json`): plain data,
    made by :meth:`aristofarsa.games.game.Game.finish`."""

    seed: int
    players: int
    names: list[str]
    bots: list[str]
    expansion: bool
    variants: Sequence[str]
    crowns_table: dict[str, int] | None
    first: str
    rounds: int
    end_reason: str | None
    ranking: list[list[str]]
    states: list[PlayerState]
    round_results: list[RoundResult]
    round_firsts: list[str]
    round_starts: list[int]
    trace: Trace
    start_counts: tuple[Counter[str], Counter[str]]
    _log: Sequence[Decision]
    card_stats: dict[str, dict[str, int]]

    @property
    def decisions(self) -> list[dict[str, Any]]:
        """Every decision in order, as ``{kind, player, card, value}`` (record=True)."""
        return [{"kind": k, "player": p, "card": c, "value": v} for k, p, c, v in self._log]

    @property
    def crowns(self) -> dict[str, int]:
        return {pl.name: crowns_of(pl, self.crowns_table) for pl in self.states}

    @property
    def winners(self) -> list[str]:
        return list(self.ranking[0])

    def summary(self) -> dict[str, Any]:
        """The ``play --json`` contract object plus ``seats``, ``bots`` and ``card_stats``."""
        players: dict[str, dict[str, Any]] = {}
        for pl in self.states:
            players[pl.name] = {
                "crowns": crowns_of(pl, self.crowns_table),
                "scored": [c.name for c in pl.scored],
                "hand": [c.name for c in pl.hand],
                "deck": [c.name for c in pl.deck],
                "discard_pile": [c.name for c in pl.discard],
                "parlor": [c.name for c in pl.parlor],
                "exiled": [c.name for c in pl.exiled],
            }
        return {
            "seed": self.seed,
            "rounds": self.rounds,
            "end_reason": self.end_reason,
            "ranking": [list(place) for place in self.ranking],
            "seats": list(self.names),
            "first": self.first,
            "bots": dict(zip(self.names, self.bots, strict=True)),
            "players": players,
            "card_stats": {k: dict(v) for k, v in self.card_stats.items()},
        }

    def to_json(self, trace: bool = True) -> dict[str, Any]:
        """:meth:`summary` plus the set-up, every round's result and (if kept) the trace."""
        out = self.summary()
        out["expansion"] = self.expansion
        out["variants"] = list(self.variants)
        out["crowns_provisional"] = self.crowns_table is None
        out["round_results"] = [_round_json(k + 1, f, r) for k, (f, r) in
                                enumerate(zip(self.round_firsts, self.round_results, strict=True))]
        if trace and self.trace.enabled:
            out["trace"] = self.trace.to_list()
        return out

    def to_text(self, trace: bool = False) -> str:
        """A readable round-by-round account and the final ranking."""
        from ..render.text import game_result
        return game_result(self, with_trace=trace)

    def __repr__(self) -> str:
        return (f"<GameResult seed={self.seed} players={self.players} rounds={self.rounds} "
                f"end={self.end_reason} ranking={self.ranking}>")


def _round_json(number: int, first: str, r: RoundResult) -> dict[str, Any]:
    """One round of a game record: its number, who started, and the round's own JSON."""
    return {"round": number, "first": first, **r.to_json(trace=False)}


# --------------------------------------------------------------------------- invariants
def check_invariants(game: GameResult) -> list[str]:
    """Problems found in a finished game (a :class:`GameResult`); ``[]`` when all hold.

    Every card of every family exactly once across its owner's zones (by identity and by
    name), crowns equal to the scored cards' crowns, ranking in crown order with the E4
    tie-breaks, a contract end reason, and a consistent summary.
    """
    problems = []
    want = Counter(family(game.expansion))
    seen_uids = set()
    for k, pl in enumerate(game.states):
        cards = [c for zone in PlayerState.ZONES for c in getattr(pl, zone)]
        names = Counter(c.name for c in cards)
        if names != want:
            problems.append(  # i18n: developer (the engine's invariants, checked after a game)
                f"{pl.name}: cards {dict(names)} differ from the family {dict(want)}")
        for c in cards:
            if c.uid in seen_uids:
                problems.append(f"{pl.name}: card {c!r} appears twice")  # i18n: developer
            seen_uids.add(c.uid)
            if c.owner != k:
                problems.append(f"{pl.name}: holds {c!r} of another family")  # i18n: developer
        if any(c.name not in PARLOR_NOBLES for c in pl.parlor):
            problems.append(f"{pl.name}: the Parlor holds a non-Parlor card")  # i18n: developer
        if len(pl.hand) > 5:
            problems.append(f"{pl.name}: {len(pl.hand)} cards in hand")  # i18n: developer
    s = game.summary()
    for name, data in s["players"].items():
        if data["crowns"] != crowns_sum(data["scored"], game.crowns_table):
            problems.append(f"{name}: crowns {data['crowns']} != crowns of scored cards")  # i18n: developer
    final = {n: d["crowns"] for n, d in s["players"].items()}
    if game.round_results and game.round_results[-1].crowns != final:
        problems.append(f"crowns {s['players']} differ from the last round's count "  # i18n: developer
                        f"{game.round_results[-1].crowns}")
    scored_before, parlor_before = game.start_counts
    scored_cards = Counter(c for d in s["players"].values() for c in d["scored"])
    for name, ev in s["card_stats"].items():
        new = scored_cards.get(name, 0) - scored_before.get(name, 0)
        if ev["scored"] != new:
            problems.append(f"card_stats: {name} scored {ev['scored']} times, but {new} "  # i18n: developer
                            "joined the scored areas")
        left = parlor_before.get(name, 0) - sum(d["parlor"].count(name) for d in s["players"].values())
        if ev["convoked"] != left:
            problems.append(f"card_stats: {name} convoked {ev['convoked']} times, but "  # i18n: developer
                            f"{left} left the Parlors")
    ranked = [x for place in s["ranking"] for x in place]
    if sorted(ranked) != sorted(s["seats"]):
        problems.append(f"ranking {s['ranking']} does not list every seat once")  # i18n: developer
    keys = {pl.name: rank_key(pl, game.crowns_table) for pl in game.states}
    for a, b in pairwise(s["ranking"]):
        if not keys[a[0]] > keys[b[0]]:
            problems.append(f"ranking: place {a} is not strictly ahead of {b}")  # i18n: developer
    for place in s["ranking"]:
        if len({keys[x] for x in place}) != 1:
            problems.append(f"ranking: place {place} holds players that E4 separates")  # i18n: developer
    if s["end_reason"] not in END_REASONS:
        problems.append(f"end_reason {s['end_reason']!r} is not a contract value")  # i18n: developer
    if not 0 <= s["rounds"] <= MAX_ROUNDS:
        problems.append(f"rounds {s['rounds']} out of range")  # i18n: developer
    if json.loads(json.dumps(s)) != s:
        problems.append("summary does not survive a JSON round trip")  # i18n: developer
    if game.expansion is False and any(game.card_stats.get(c) for c in ("Bard", "Scribe", "Elder", "Oracle")):
        problems.append("card_stats lists expansion cards in a base game")  # i18n: developer
    return problems
