"""Drawing cards (D1) and the Draw step (D1, D2, X6)."""
from __future__ import annotations

import random
from typing import Any, Protocol

from . import decisions as D
from .messages import Join
from .state import Card, PlayerState
from .trace import EventKind, K, Sentence


class LazyRandom:
    """``random.Random(seed)``, created on first use: most rounds never reshuffle (D1), and
    seeding a generator costs more than a short round's trace. Same draws as the real one."""

    __slots__ = ("seed", "_rng")

    def __init__(self, seed: Any = 0) -> None:
        self.seed = seed
        self._rng: random.Random | None = None

    def __getattr__(self, name: str) -> Any:  # only for names not found: Random's methods
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return getattr(self._rng, name)


class Table(Protocol):
    """What drawing needs of a round or a game: the zones, the generator, the trace and a
    decider (an Oracle's keep, X6). :class:`~aristofarsa.core.round.Round` and
    :class:`~aristofarsa.games.game.Game` both are one."""

    @property
    def players(self) -> list[PlayerState]: ...

    @property
    def rng(self) -> random.Random | LazyRandom: ...

    @property
    def t(self) -> bool: ...

    def log(self, kind: EventKind, rule: str, text: Sentence, *, actor: str | None = ...,
            visible_to: list[str] | None = ..., see: list[str] | None = ...) -> None: ...

    def ask(self, kind: str, chooser: int, card: str | None, source: str, owner: int,
            options: list[Any]) -> Any: ...


def draw_one(r: Table, p: int) -> Card | None:
    """Draw player ``p``'s top card; an empty deck first shuffles the discard pile in (D1)."""
    pl = r.players[p]
    if not pl.deck:
        if not pl.discard:
            return None
        pl.deck = pl.discard
        pl.discard = []
        r.rng.shuffle(pl.deck)
        if r.t:
            r.log(K.SHUFFLE, "D1", ("draw.shuffle", {"count": len(pl.deck)}), actor=pl.name, see=["M10"])
    card = pl.deck.pop(0)
    pl.hand.append(card)
    return card


def draw_step(r: Table, first: int, oracle: list[int]) -> list[int]:
    """The Draw step from seat ``first`` round the table.

    Everyone draws to 3 (D1); an Oracle owner (X6) draws to 5, keeps 3 and discards the
    rest. Returns ``[p]`` for the first player left with fewer than 3 cards (D2: the
    game ends at once), else ``[]``.
    """
    short = []
    n = len(r.players)
    for k in range(n):
        p = (first + k) % n
        pl = r.players[p]
        goal = 5 if p in oracle else 3
        drawn = 0
        while len(pl.hand) < goal:
            if draw_one(r, p) is None:
                break
            drawn += 1
        if r.t:
            r.log(K.DRAW, "X6" if p in oracle else "D1",
                  ("draw.draws-oracle" if p in oracle else "draw.draws",
                   {"count": drawn, "goal": goal, "holding": len(pl.hand)}), actor=pl.name)
            r.log(K.DRAW_SECRET, "D1", ("draw.hand", {"cards": Join(pl.hand_names(), empty="list.empty")}),
                  actor=pl.name, visible_to=[pl.name])
        if p in oracle and len(pl.hand) > 3:
            keep = r.ask(D.KEEP, p, "Oracle", "conspire", p, [pl.hand_names(), 3])
            rest = list(pl.hand)
            kept = []
            for name in keep:
                card = next(c for c in rest if c.name == name)
                rest.remove(card)
                kept.append(card)
            pl.hand = kept
            pl.discard.extend(rest)
            if r.t:
                r.log(K.KEEP, "X6", ("draw.keep", {"count": len(rest)}), actor=pl.name)
                r.log(K.KEEP_SECRET, "X6", ("draw.keep-secret", {
                    "kept": Join(keep), "discarded": Join([c.name for c in rest])}),
                        actor=pl.name, visible_to=[pl.name])
        if len(pl.hand) < 3:
            short.append(p)
            if r.t:
                r.log(K.CANNOT_REFILL, "D2", ("draw.cannot-refill", {"count": len(pl.hand)}),
                      actor=pl.name, see=["E2"])
            return short
    if r.t:
        r.log(K.REFILLED, "E2", ("draw.refilled", None))
    return short
