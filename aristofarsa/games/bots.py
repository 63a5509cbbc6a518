"""Bots: deciders that answer every request of the engine, for whole games.

Three bots, registered in :data:`BOTS` (the names ``simulate`` and the command line accept):

``random`` — :class:`RandomBot`
    Uniform over the legal options of each request; an optional ("may") request counts
    "no" as one more option; the Oracle's keep is a uniform 3-card subset.

``greedy`` — :class:`GreedyBot`
    For each request with several options, tries every option and keeps the one with the
    best *immediate* outcome for itself: the crowns it scores this round, plus half the
    crowns of a Noble it Convokes this round. Each option is tried in a few (4) worlds
    drawn by :meth:`GameView.determinize`: the rest of the current round is played out
    with random choices for everyone (the same worlds and the same random choices for
    every option, so options are compared on equal terms).

``search`` — :class:`SearchBot`
    Monte-Carlo search over the cards it cannot see: many (24) determinized worlds per
    option; the rest of the round is played with a fast heuristic policy for every
    player instead of random play; and the outcome is judged for the game rather than
    for itself alone: its crown lead over the best rival (plus a little over the
    average), and — when the round ends the game — whether it wins.

What a bot sees: only what its seat could see at the table, through its
:class:`~aristofarsa.games.game.GameView`: its own hand and face-down Balcony card, every public
zone (Garden with current Prestige, revealed Balcony cards, discard piles, Parlors, scored
areas, Exiled decks), hand and deck sizes, the round's public decisions and its own Oracle
peek. Other hands, face-down Balcony cards and the order of every deck are filled at random
from what they can be (``determinize``), independently of what they really are.

Every bot draws only from its own generator (seeded from the game's one generator at
set-up, see :mod:`aristofarsa.games.game`), so a game is reproducible from its seed, and a bot
never changes the game's own stream of shuffles.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..core import decisions as D
from ..core.cards import CARDS, PROVISIONAL_CROWNS, conspire_rank
from ..core.decisions import Request
from ..core.messages import Join, text
from ..core.ranking import crowns_of
from ..core.result import RoundResult
from ..core.round import Round, convoke_total
from ..core.state import PlayerState
from ..core.trace import Trace
from .game_view import GameView, Noted

#: A policy answers requests (the playouts of the Monte-Carlo bots).
Policy = Callable[[Request], Any]

__all__ = ["BOTS", "normalize_bots", "RandomBot", "GreedyBot", "SearchBot", "make_bot", "keep_best",
           "heuristic_policy", "HeuristicPolicy"]


# --------------------------------------------------------------------------- random
class RandomBot:
    """Uniform over the legal options (an optional request adds "no" as one more option)."""

    auto = False
    needs_history = False

    def __init__(self, rng: random.Random, view: GameView | None = None) -> None:
        self.rng = rng
        self.view = view

    def decide(self, req: Request) -> Any:
        rnd = self.rng.random
        if req.kind == D.KEEP:
            pool, n = req.options
            return self.rng.sample(pool, n)
        opts = req.options
        if req.optional:
            k = int(rnd() * (len(opts) + 1))
            return opts[k] if k < len(opts) else None
        if len(opts) == 1:
            return opts[0]
        return opts[int(rnd() * len(opts))]


def random_policy(rng: random.Random) -> Policy:
    return RandomBot(rng).decide


# --------------------------------------------------------------------------- heuristics
def _card_value(name: str, crowns: Mapping[str, int]) -> float:
    """How much a card is worth holding: its crowns, then its printed Prestige."""
    return crowns[name] + CARDS[name].prestige / 10.0


def keep_best(pool: list[str], n: int, crowns: Mapping[str, int] | None = None) -> list[str]:
    """The Oracle's keep for the smart bots: the n most valuable cards (stable order)."""
    table = crowns or PROVISIONAL_CROWNS
    ranked = sorted(range(len(pool)), key=lambda i: (-_card_value(pool[i], table), i))
    return [pool[i] for i in ranked[:n]]


class HeuristicPolicy:
    """A fast rule-of-thumb policy (used in the search bot's playouts).

    It reads the round it plays in (attach it with :meth:`attach`): Garden Prestige, hands,
    Parlors. Rules: play the highest-Prestige Noble held into the Garden, else the
    highest-Prestige card; Convoke when a Noble of Prestige 7+ is affordable, else mostly
    Conspire; take the dearest Noble; Conspire the card whose Balcony text helps most
    (each card's ``conspire_rank`` in :mod:`aristofarsa.core.cards`: Knight, Merchant, Witch,
    Damsel first); the Merchant doubles one's own card, every other
    effect targets the rival whose Garden card has the highest Prestige; the Witch always
    gives -5; the Squire never exchanges; a scoring Scribe also scores the Peasant worth
    most crowns; the Oracle keeps the most valuable cards. A quarter of its Garden and
    Conspire choices are random, to keep the playouts varied.
    """

    def __init__(self, rng: random.Random, crowns: Mapping[str, int] | None = None) -> None:
        self.crowns = crowns or PROVISIONAL_CROWNS
        self.rnd = rng.random
        self.round: Round | None = None

    def attach(self, r: Round) -> None:
        self.round = r

    def _pick(self, opts: list[Any]) -> Any:
        return opts[int(self.rnd() * len(opts))] if len(opts) > 1 else opts[0]

    def __call__(self, req: Request) -> Any:
        kind, opts = req.kind, req.options
        if kind == D.KEEP:
            return keep_best(opts[0], opts[1], self.crowns)
        if kind == D.GARDEN:
            return self._garden(opts)
        if kind == D.ACTION:
            return self._action(req)
        if kind == D.TAKE:
            return max(opts, key=lambda o: CARDS[o].prestige)
        if kind == D.CONSPIRE:
            if self.rnd() < 0.25:
                return self._pick(opts)
            return min(opts, key=conspire_rank)
        if kind == D.TARGET and self.round is not None:
            return self._target(req, self.round)
        if kind == D.DELTA:
            return -5 if -5 in opts else self._pick(opts)
        if kind == D.ALSO_SCORE:
            return max(opts, key=lambda o: self.crowns[o])
        if kind == D.EXCHANGE or req.optional:
            return None
        return self._pick(opts)

    def _garden(self, opts: list[str]) -> str:
        rnd = self.rnd
        if rnd() < 0.25:
            return str(self._pick(opts))
        nobles = [o for o in opts if CARDS[o].is_noble]
        if nobles:
            return max(nobles, key=lambda o: CARDS[o].prestige)
        return max(opts, key=lambda o: (CARDS[o].prestige, rnd()))

    def _action(self, req: Request) -> Any:
        opts, r = req.options, self.round
        if len(opts) == 1:
            return opts[0]
        if r is not None:
            p = r.index_of(req.player)
            pl = r.players[p]
            total = convoke_total(pl.hand, p == r.litter)
            if any(c.prestige <= total and c.prestige >= 7 for c in pl.parlor):
                return "convoke"
            if not pl.parlor or self.rnd() < 0.8:
                return "conspire"
        return self._pick(opts)

    def _target(self, req: Request, r: Round) -> Any:
        me, opts = req.player, req.options
        if req.card == "Merchant":  # double one's own card
            return me if me in opts else self._pick(opts)
        vals = {r.name(slot.owner): r.value(s_i) for s_i, slot in enumerate(r.garden)}
        cand = [o for o in opts if o != me] or opts
        # Witch (-5), Scribe (-7), Damsel (swap), Bishop, Courtisan, Bard: the strongest rival
        return max(cand, key=lambda o: (vals.get(o, 0), self.rnd()))


def heuristic_policy(rng: random.Random, crowns: Mapping[str, int] | None = None) -> HeuristicPolicy:
    """The :class:`HeuristicPolicy` with this generator (a decider with ``attach(round)``)."""
    return HeuristicPolicy(rng, crowns)


# --------------------------------------------------------------------------- simulation
class _Diverged(Exception):
    """The world cannot follow the round's real decisions (a rare, discarded sample)."""


class _WorldDecider:
    """Answers a simulated round: the real round's decisions so far (hidden Conspire
    answers replaced by the world's card), then the option being tried, then a policy."""

    auto = False
    __slots__ = ("history", "h", "i", "rename", "me", "kind", "option", "policy")

    def __init__(self, history: list[Noted], rename: dict[int, str], me: str, kind: str,
                 option: Any, policy: Policy) -> None:
        self.history = history
        self.h = len(history)
        self.i = 0
        self.rename = rename
        self.me = me
        self.kind = kind
        self.option = option
        self.policy = policy

    def decide(self, req: Request) -> Any:
        i = self.i
        self.i = i + 1
        if i < self.h:
            kind, player, card, value, uid = self.history[i]
            if kind != req.kind or player != req.player:
                raise _Diverged
            if kind == D.CONSPIRE and uid is not None:
                value = self.rename.get(uid, value)
            if not req.legal(value):
                raise _Diverged
            return value
        if i == self.h:
            if req.kind != self.kind or req.player != self.me or not req.legal(self.option):
                raise _Diverged
            return self.option
        return self.policy(req)


class _MonteCarloBot:
    """Shared machinery: try each option in determinized worlds; keep the best mean."""

    auto = False
    needs_history = True

    def __init__(self, rng: random.Random, view: GameView, samples: int = 4,
                 max_tries: int = 3) -> None:
        self.samples = samples      # determinized worlds per option
        self.max_tries = max_tries  # worlds drawn again when one diverges
        self.rng = rng
        self.view = view
        self.sim_rng = random.Random(rng.getrandbits(64))
        self.trace = Trace(False)
        self.fallback = RandomBot(random.Random(rng.getrandbits(64)))
        self.stats = {"decisions": 0, "simulated": 0, "discarded": 0}

    # subclasses: the rollout policy and the value of an outcome
    def policy(self, rng: random.Random) -> Policy:
        return random_policy(rng)

    def utility(self, world_before: list[PlayerState], players: list[PlayerState],
                result: RoundResult, me: int) -> float:
        raise NotImplementedError

    def decide(self, req: Request) -> Any:
        view = self.view
        if req.kind == D.KEEP:
            pool, n = req.options
            return keep_best(pool, n, view.crowns_table)
        opts = list(req.options)
        if req.optional:
            opts.append(None)
        if len(opts) == 1:
            return opts[0]
        if view.game.board is None:  # not inside a round: nothing to simulate
            return self.fallback.decide(req)
        self.stats["decisions"] += 1
        totals = [0.0] * len(opts)
        counted = 0
        for _ in range(self.samples):
            for _try in range(self.max_tries):
                outcome = self._try_world(req, opts)
                if outcome is None:
                    self.stats["discarded"] += 1
                    continue
                for k, u in enumerate(outcome):
                    totals[k] += u
                counted += 1
                self.stats["simulated"] += len(opts)
                break
        if not counted:
            return self.fallback.decide(req)
        best = 0
        for k in range(1, len(opts)):
            if totals[k] > totals[best] + 1e-9:
                best = k
        return opts[best]

    def _try_world(self, req: Request, opts: list[Any]) -> list[float] | None:
        """Every option's outcome in one determinized world; None if the world diverged."""
        view, sim = self.view, self.sim_rng
        world, rename, history = view.determinize(self.rng)
        seed = self.rng.getrandbits(32)
        outcome = []
        try:
            for opt in opts:
                players = [p.copy() for p in world]
                sim.seed(seed)
                policy = self.policy(sim)
                dec = _WorldDecider(history, rename, req.player, req.kind, opt, policy)
                r = Round(players, view.round_first, dec, variants=view.variants,
                          expansion=view.expansion, rng=sim, trace=self.trace,
                          final_round=view.final_round, crowns=view.game.crowns)
                attach = getattr(policy, "attach", None)
                if attach is not None:
                    attach(r)
                outcome.append(self.utility(world, players, r.play(), view.seat))
        except _Diverged:
            return None
        return outcome


class GreedyBot(_MonteCarloBot):
    """Best immediate outcome for itself, tried in a few determinized worlds."""

    def __init__(self, rng: random.Random, view: GameView) -> None:
        super().__init__(rng, view, samples=4)

    def utility(self, world_before: list[PlayerState], players: list[PlayerState],
                result: RoundResult, me: int) -> float:
        table = self.view.crowns_table
        gain = crowns_of(players[me], table) - crowns_of(world_before[me], table)
        nobles = sum(table[n] for n in result.convoked[players[me].name])
        return gain + 0.5 * nobles


class SearchBot(_MonteCarloBot):
    """Monte-Carlo over hidden cards with heuristic playouts and a whole-game judgement."""

    def __init__(self, rng: random.Random, view: GameView) -> None:
        super().__init__(rng, view, samples=24)

    def policy(self, rng: random.Random) -> Policy:
        return heuristic_policy(rng, self.view.crowns_table)

    def utility(self, world_before: list[PlayerState], players: list[PlayerState],
                result: RoundResult, me: int) -> float:
        table = self.view.crowns_table
        scores = [crowns_of(p, table) for p in players]
        mine = scores[me]
        best_other = max(s for k, s in enumerate(scores) if k != me)
        if result.game_over:
            # the game ends here: only winning matters (shared first place: a share)
            top = max(scores)
            if mine < top:
                return -20.0 + (mine - best_other)
            ties = sum(1 for s in scores if s == top)
            return 20.0 / ties + (mine - best_other)
        # not over: the crown lead over the best rival, and a little over the average.
        # (A bonus for Convoked Nobles was tried and made the bot weaker: see docs/games.md.)
        return (mine - best_other) + 0.1 * (mine - sum(scores) / len(scores))


#: The bot registry: the one list of bot names (``play --bots``, ``simulate``, records).
BOTS: dict[str, type[RandomBot] | type[_MonteCarloBot]] = {
    "random": RandomBot, "greedy": GreedyBot, "search": SearchBot}


class BotsError(ValueError):
    """Bot names that cannot be used. ``names_bots``: the message itself names the `bots`
    setting ("bots: give 1 bot name …"), so a caller need not say which setting it is about."""

    def __init__(self, message: str, names_bots: bool) -> None:
        super().__init__(message)
        self.names_bots = names_bots


def normalize_bots(bots: str | Iterable[str], players: int) -> list[str]:
    """One bot name per seat, from one name for all seats or one per seat.

    ``bots`` is a sequence of names or a comma-separated string (``"random,greedy,random"``).
    Raises ``ValueError`` naming the allowed bots and the allowed counts.
    """
    allowed = Join(BOTS)
    if isinstance(bots, str):
        names = [b.strip() for b in bots.split(",")]
    else:
        try:
            names = list(bots)
        except TypeError:
            raise BotsError(text("bot-error.not-names", allowed=allowed, got=repr(bots)), True) from None
    if not names or names == [""]:
        raise BotsError(text("bot-error.none", players=players, allowed=allowed), True)
    for name in names:
        if not isinstance(name, str) or name not in BOTS:
            raise BotsError(text("bot-error.unknown", name=repr(name), allowed=allowed), False)
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise BotsError(text("bot-error.how-many", players=players, count=len(names),
                             names=",".join(names)), True)
    return names


def make_bot(name: str, rng: random.Random, view: GameView) -> RandomBot | _MonteCarloBot:
    """A bot by its registry name, with its own generator and its seat's view."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(text("bot-error.unknown", name=repr(name), allowed=Join(BOTS))) from None
    return cls(rng, view)
