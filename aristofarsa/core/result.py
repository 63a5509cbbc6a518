"""The outcome of one round, and its JSON form (the `resolve --json` contract)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import crowns_sum
from .ranking import rank_entries
from .trace import Trace

if TYPE_CHECKING:
    from .state import PlayerState


@dataclass
class RoundResult:
    phase2_order: list[str]
    litter: str
    balcony: list[tuple[str, str, bool]]
    garden: list[tuple[str, str, int]]
    lowest_wins: bool
    winners: list[str]
    won_cards: list[str]
    scored: dict[str, list[str]]
    convoked: dict[str, list[str]]
    exiled: dict[str, list[str]]
    next_first: str
    game_over: bool
    end_reason: str | None
    final_round_next: bool
    oracle_draw: list[str]
    standings: Standings
    trace: Trace
    next_hands: dict[str, list[str]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ranking(self) -> list[list[str]]:
        """E4 standings over the scored areas right after this round."""
        return self.standings.ranking()

    @property
    def crowns(self) -> dict[str, int]:
        return self.standings.crowns()

    @property
    def prestige(self) -> dict[str, int]:
        return {player: value for player, _, value in self.garden}

    def to_json(self, trace: bool = True) -> dict[str, Any]:
        """The contract's fields first, in its order, then the project's additions."""
        out: dict[str, Any] = {
            "phase2_order": self.phase2_order,
            "litter": self.litter,
            "balcony": [{"player": p, "card": c, "cancelled": x} for p, c, x in self.balcony],
            "garden": [{"player": p, "card": c, "prestige": v} for p, c, v in self.garden],
            "lowest_wins": self.lowest_wins,
            "winners": self.winners,
            "scored": self.scored,
            "convoked": self.convoked,
            "exiled": self.exiled,
            "next_first": self.next_first,
            "game_over": self.game_over,
        }
        out["end_reason"] = self.end_reason
        out["final_round_next"] = self.final_round_next
        out["oracle_draw"] = self.oracle_draw
        out["ranking"] = self.ranking
        out["crowns"] = self.crowns
        out["crowns_provisional"] = self.extra.get("crowns_provisional", True)
        if self.next_hands is not None:
            out["next_hands"] = self.next_hands
        if trace:
            out["trace"] = self.trace.to_list()
        return out

    def field(self, name: str) -> Any:
        """One output field by its JSON name (used by [expect] checks)."""
        if name == "prestige":
            return self.prestige
        return self.to_json(trace=False).get(name)

    def summary_text(self) -> str:
        """The outcome in a few lines (Garden, Balcony, winners, what moved, crowns)."""
        from ..render.text import round_summary
        return round_summary(self)

    def to_text(self) -> str:
        from ..render.text import round_result
        return round_result(self)

    def to_markdown(self) -> str:
        from ..render.markdown import round_result
        return round_result(self)

    def _repr_html_(self) -> str:
        from ..render.html import round_result
        return round_result(self)


class Standings:
    """The scored areas as they were right after a round; ranking computed when asked."""

    __slots__ = ("scored", "table")

    def __init__(self, players: Iterable[PlayerState], table: dict[str, int] | None) -> None:
        self.scored = [(p.index, p.name, list(p.scored)) for p in players]
        self.table = table

    def crowns(self) -> dict[str, int]:
        return {name: crowns_sum((c.name for c in cards), self.table) for _, name, cards in self.scored}

    def ranking(self) -> list[list[str]]:
        return rank_entries(self.scored, self.table)
