"""Whole games of Aristofarsa: set-up, rounds from Draw to Score, end of game, ranking.

    from aristofarsa.games.game import play_game
    game = play_game(4, seed=7, bots=["greedy", "random", "random", "search"], trace=True)
    print(game.to_text())
    game.summary()        # the `play --json` contract (plus seats, bots, card_stats)

Everything random comes from ONE ``random.Random(seed)`` (ruling M10), used in this order:

1. set-up: one 64-bit seed per family (``rng.getrandbits(64)``, in seat order); each family's
   Peasants, in the card registry's order (:data:`~aristofarsa.core.cards.STARTING_DECK`), are
   shuffled by a generator of its own seed (the deck, top first). The game's stream never
   depends on how many cards a family has, so a card added to the registry changes no
   seeded deal unless it is in play (a new base Peasant is; an Exiled card is not, in a
   base game);
2. round 1's starting player: ``rng.randrange(players)`` (M2);
3. one 64-bit seed per seat (``rng.getrandbits(64)``) for that seat's bot, so that bots
   never draw from the game's generator and a game replayed from its decisions uses the
   generator exactly as the original did;
4. the deal (3 cards each, from the top of the deck, seat order) and every later reshuffle
   of a discard pile (D1), in the order they happen.

The same seed and the same decisions therefore give the same game, step for step. A
round is played by :class:`aristofarsa.core.round.Round` on the players' real zones; the Draw
step (D1, D2, X6) by :func:`aristofarsa.core.draw.draw_step`. One :class:`~aristofarsa.core.trace.Trace`
collects set-up, draws, shuffles, every round's events (with a ``round`` marker event
before each) and the end of the game; hidden information carries ``visible_to``.
"""
from __future__ import annotations

import random
import weakref
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core import decisions as D
from ..core.board import Board
from ..core.cards import (
    CARD_EVENTS,
    EXILED_ORDER,
    PARLOR_NOBLES,
    PROVISIONAL_CROWNS,
    STARTING_DECK,
    CrownsError,
    card_names,
    merge_crowns,
)
from ..core.decisions import Decider, Request
from ..core.draw import draw_one, draw_step
from ..core.messages import Join, Msg
from ..core.messages import text as message_text
from ..core.ranking import ranking
from ..core.result import RoundResult
from ..core.round import Round
from ..core.rulings import END_RULES, MAX_PLAYERS, MIN_PLAYERS, EndReason
from ..core.state import Card, PlayerState
from ..core.trace import PHASE, EventKind, K, Sentence, Trace
from ..core.variants import check_variants
from .bots import make_bot, normalize_bots
from .game_result import (  # noqa: F401 (END_REASONS, check_invariants re-exported)
    END_REASONS,
    MAX_ROUNDS,
    Decision,
    GameResult,
    check_invariants,
)
from .game_view import GameView, Noted

__all__ = ["DEFAULT_NAMES", "END_REASONS", "MAX_PLAYERS", "MAX_ROUNDS", "MIN_PLAYERS", "Game",
           "GameResult", "GameError", "play_game", "check_invariants"]

#: Seat names used when none are given (seat order, M1).
DEFAULT_NAMES = ("Ana", "Bruno", "Caio", "Dora", "Edu", "Fia")


class GameError(ValueError):
    """Invalid arguments for a game (player count, bots, names, ...)."""


class RoundCapError(RuntimeError):
    """The safety cap on rounds was hit (should never happen: games terminate)."""


# --------------------------------------------------------------------------- deciders
class SeatDecider:
    """Routes each request to the decider of the seat that must answer it (``request.player``).

    With ``record`` it appends every answer to ``log`` as ``(kind, player, card, value)``;
    with ``history`` it also keeps the current round's decisions for the bots' views,
    with the identity (uid) of the card a decision moved or showed.
    """

    auto = False

    def __init__(self, game: Game, seat_deciders: dict[str, Decider], record: bool,
                 history: bool) -> None:
        self.game = game
        self.seats = seat_deciders
        self.record = record
        self.history = history
        self.log: list[Decision] = []

    def decide(self, req: Request) -> Any:
        value = self.seats[req.player].decide(req)
        if self.record:
            self.log.append((req.kind, req.player, req.card, value))
            if self.history:
                self.game._note(req, value)
        elif self.history:
            self.game._note(req, value)
        return value


# --------------------------------------------------------------------------- the game
class Game:
    """One whole game. ``Game(...)`` does the set-up; :meth:`run` plays it to the end.

    Between the two the players' zones may be changed (tests build end conditions so).
    The object has ``players``, ``rng``, ``t``, ``log`` and ``ask``, so the Draw step
    (:func:`aristofarsa.core.draw.draw_step`) works on it directly.
    """

    def __init__(self, players: int = 4, seed: int = 0, bots: str | Iterable[str] | None = None,
                 expansion: bool = False, variants: Iterable[str] = (), trace: bool = False,
                 names: Sequence[str] | None = None,
                 decider_overrides: Mapping[Any, Decider] | None = None, record: bool = True,
                 crowns: Mapping[str, object] | None = None,
                 first: int | str | None = None) -> None:
        # Set-up follows M10: one generator, used in the order of the module docstring.
        self._take_arguments(players, seed, bots, expansion, variants, trace, names, record, crowns)
        self.rng = random.Random(seed)
        family_seeds = [self.rng.getrandbits(64) for _ in range(players)]  # M10 step 1
        self.players: list[PlayerState] = [self._family(k, name, family_seeds[k])
                                           for k, name in enumerate(self.names)]
        first_rule = self._choose_first(first)                          # M10 step 2 (M2)
        bot_seeds = [self.rng.getrandbits(64) for _ in range(players)]  # M10 step 3
        self._seat_deciders(bot_seeds, decider_overrides or {}, record)
        self._log_set_up(first_rule)
        self._deal()                                                    # M10 step 4 (D1)
        self._start_play()

    # ---------------------------------------------------------------- set-up steps
    def _take_arguments(self, players: int, seed: int, bots: str | Iterable[str] | None,
                        expansion: bool, variants: Iterable[str], trace: bool,
                        names: Sequence[str] | None, record: bool,
                        crowns: Mapping[str, object] | None) -> None:
        """Check every argument (GameError names the fault and what is allowed); keep them."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise GameError(message_text("game-error.players-whole", low=MIN_PLAYERS,
                                         high=MAX_PLAYERS, got=repr(players)))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise GameError(message_text("game-error.players", low=MIN_PLAYERS, high=MAX_PLAYERS,
                                         got=players))
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            # (Python's generator treats -n like n: a negative seed would repeat a game)
            raise GameError(message_text("game-error.seed", got=repr(seed)))
        self.n = players
        self.seed = seed
        self.expansion = bool(expansion)
        try:
            self.variants = check_variants(list(variants))
        except ValueError as exc:
            raise GameError(str(exc)) from None
        self.variant_list = sorted(self.variants)
        self.names = list(names) if names is not None else list(DEFAULT_NAMES[:players])
        if len(self.names) != players or len(set(self.names)) != players or \
                not all(isinstance(x, str) and x for x in self.names):
            raise GameError(message_text("game-error.names", count=players, got=repr(names)))
        try:
            self.bot_names = normalize_bots("random" if bots is None else bots, players)
        except ValueError as exc:
            raise GameError(str(exc)) from None
        if crowns is not None:
            try:
                crowns = merge_crowns(crowns)
            except CrownsError as exc:
                raise GameError(str(exc)) from None
        self.crowns = crowns
        self.crown_table = self.crowns or PROVISIONAL_CROWNS
        self.trace = Trace(bool(trace))
        self.t = self.trace.enabled
        self.phase = PHASE.SETUP
        self.record = record

    def _family(self, k: int, name: str, seed: int) -> PlayerState:
        """M10 step 1: seat ``k``'s family (deck, Parlor, Exiled deck); its deck shuffled by
        a generator of the family's own ``seed``."""
        pl = PlayerState(k, name)
        zones = ((pl.deck, STARTING_DECK), (pl.parlor, PARLOR_NOBLES),
                 (pl.exiled, EXILED_ORDER if self.expansion else ()))
        uid = k * sum(len(cards) for _, cards in zones)  # card identities: 1, 2, ... over the seats
        for zone, cards in zones:
            for card in cards:
                uid += 1
                zone.append(Card(uid, card, k))
        random.Random(seed).shuffle(pl.deck)
        return pl

    def _choose_first(self, first: int | str | None) -> str:
        """M10 step 2 (M2): who starts round 1, drawn unless given; returns the catalog ID of
        the sentence saying how it was chosen."""
        if first is None:
            self.first = self.rng.randrange(self.n)
            return "game.first-drawn"
        self.first = first if isinstance(first, int) else self.names.index(first)
        return "game.first-given"

    def _seat_deciders(self, bot_seeds: list[int], overrides: Mapping[Any, Decider],
                       record: bool) -> None:
        """One bot per seat, each with its own generator (overrides replace bots; replay uses that)."""
        # The views and the seat decider reach the game through a weak proxy: a finished game
        # is no reference cycle (game -> views/decider -> game) and is freed at once, without
        # the cyclic garbage collector (issue 24).
        table = weakref.proxy(self)
        self.views = [GameView(table, k) for k in range(self.n)]
        seat_deciders: dict[str, Decider] = {}
        self.smart = False
        for k, name in enumerate(self.names):
            d = overrides.get(name, overrides.get(k))
            if d is None:
                d = make_bot(self.bot_names[k], random.Random(bot_seeds[k]), self.views[k])
            self.smart = self.smart or getattr(d, "needs_history", False)
            seat_deciders[name] = d
        self.decider = SeatDecider(table, seat_deciders, record, self.smart)

    def _log_set_up(self, first_rule: str) -> None:
        if not self.t:
            return
        self.log(K.SETUP, "M1", (("game.seats-expansion-variants" if self.variants else
                                  "game.seats-expansion") if self.expansion else
                                 "game.seats-variants" if self.variants else "game.seats",
                                 {"seats": Join(self.names), "variants": Join(self.variant_list),
                                  "seed": self.seed}))
        family = {"nobles": Join(PARLOR_NOBLES), "exiled": Join(EXILED_ORDER),
                  "peasants": Msg("game.peasants", {"count": len(STARTING_DECK)})}
        for pl in self.players:
            self.log(K.SETUP, "M10", ("game.family-expansion" if self.expansion else "game.family",
                                      family), actor=pl.name)
        self.log(K.SETUP, "M2", (first_rule, None), actor=self.names[self.first])

    def _deal(self) -> None:
        """M10 step 4 (D1): 3 cards each from the top of the deck, in seat order."""
        for pl in self.players:
            for _ in range(3):
                draw_one(self, pl.index)
            if self.t:
                self.log(K.DEAL, "D1", ("game.deal", None), actor=pl.name)
                self.log(K.DEAL_SECRET, "D1", ("draw.hand", {"cards": Join(pl.hand_names())}),
                         actor=pl.name, visible_to=[pl.name])

    def _start_play(self) -> None:
        """The state of play before round 1."""
        self.round_no = 0
        self.rounds: list[RoundResult] = []  # RoundResult per round (record=True)
        self.round_firsts: list[str] = []  # who started each recorded round
        self.round_starts: list[int] = []  # trace step of each round marker
        self.end_reason: str | None = None
        self.final_round = False
        self.oracle: list[int] = []
        self.current: Round | None = None  # the Round being played
        self.round_first = self.first
        self.up_next = self.first  # who starts the next round (run() reads it again)
        self.round_start_state: list[PlayerState] = []
        self.history: list[Noted] = []  # this round's decisions (for the bots' views)
        self.card_stats = {c: [0] * len(CARD_EVENTS) for c in card_names(self.expansion)}
        self.finished = False

    @property
    def board(self) -> Board | None:
        """The board of the round being played (the bots' views read it), if one is."""
        return None if self.current is None else self.current.board

    # ---------------------------------------------------------------- Draw-step API
    def log(self, kind: EventKind, rule: str, text: Sentence, **kw: Any) -> None:
        if self.t:
            self.trace.add(self.phase, kind, rule, text, **kw)

    def ask(self, kind: str, chooser: int, card: str | None, source: str, owner: int,
            options: list[Any], optional: bool = False, prompt: str = "",
            context: Any = None) -> Any:
        req = Request(kind, self.players[chooser].name, card, source, self.players[owner].name,
                      options, optional, prompt, context)
        value = self.decider.decide(req)
        if not req.legal(value):
            raise req.illegal(value)
        return value

    def _note(self, req: Request, value: Any) -> None:
        """Keep this round's decisions for the bots' views (see :class:`GameView`)."""
        uid = None
        if isinstance(value, str) and req.kind in _CARD_KINDS:
            p = self.names.index(req.player)
            for c in self.players[p].hand:
                if c.name == value:
                    uid = c.uid
                    break
        self.history.append((req.kind, req.player, req.card, value, uid))

    # ---------------------------------------------------------------- playing
    def run(self) -> GameResult:
        """Play rounds until the game ends; return the :class:`GameResult`."""
        self.begin()
        while self.start_round() and self.play_round():
            pass
        return self.finish()

    # :meth:`run` in steps, for a caller that plays a game round by round (the Play app's
    # bots-only game): begin(), then start_round() and play_round() while both say the game
    # goes on, then finish(); the same calls in the same order, so the same game.
    def begin(self) -> None:
        """Before round 1: what the invariants compare the card statistics with (tests may
        arrange zones), and who starts."""
        if self.finished:
            raise RuntimeError("this game has already been played")   # i18n: developer
        players = self.players
        self.start_counts = (Counter(c.name for pl in players for c in pl.scored),
                             Counter(c.name for pl in players for c in pl.parlor))
        self.up_next = self.first

    def start_round(self) -> bool:
        """The next round's marker and Draw step; False when the game ends there (E2)."""
        names = self.names
        first = self.up_next
        if self.round_no >= MAX_ROUNDS:
            raise RoundCapError(message_text("game-error.round-cap", seed=self.seed, most=MAX_ROUNDS))
        self.round_no += 1
        self.phase = PHASE.DRAW
        if self.t:
            self.round_starts.append(len(self.trace) + 1)
            self.log(K.ROUND, "M2", ("game.round-extra" if self.final_round else "game.round",
                                     {"number": self.round_no}), actor=names[first])
        short = draw_step(self, first, self.oracle)
        if short:
            self.round_no -= 1  # the round is not played (D2)
            self.end_reason = EndReason.CANNOT_REFILL
            self.phase = PHASE.END
            self.log(K.END, "E2", ("game.cannot-refill", None), actor=names[short[0]])
            return False
        return True

    def play_round(self) -> bool:
        """The round just drawn, Phase 1 to the Score step; False when the game ends with it."""
        names = self.names
        players = self.players
        first = self.up_next
        self.round_first = first
        if self.smart:
            self.round_start_state = [p.copy() for p in players]
            self.history = []
        r = Round(players, first, self.decider, variants=self.variants,
                  expansion=self.expansion, rng=self.rng, trace=self.trace,
                  final_round=self.final_round, crowns=self.crowns)
        self.current = r
        result = r.play()
        self.current = None
        if self.record:
            self.rounds.append(result)
            self.round_firsts.append(names[first])
        self._count(result)
        if result.game_over:
            self.end_reason = result.end_reason
            return False
        if result.final_round_next:
            self.final_round = True
        self.up_next = names.index(result.next_first)
        self.oracle = [names.index(x) for x in result.oracle_draw] if result.oracle_draw else []
        return True

    def finish(self) -> GameResult:
        """After the last round: the ranking (E4) and the :class:`GameResult`."""
        players = self.players
        self.phase = PHASE.END
        self.finished = True
        rank = ranking(players, self.crowns)
        if self.t:
            assert self.end_reason is not None  # the rounds end only with a reason
            rule = END_RULES[self.end_reason][0]
            self.log(K.END, rule, ("game.ends", {"rounds": self.round_no, "reason": self.end_reason}))
            self.log(K.RANKING, "E4", ("game.ranking", {"places": Join(
                [Msg("game.place", {"place": k + 1, "players": Join(place, "list.tie")})
                 for k, place in enumerate(rank)], "list.semicolon")}))
        return GameResult(
            seed=self.seed, players=self.n, names=self.names, bots=self.bot_names,
            expansion=self.expansion, variants=self.variant_list, crowns_table=self.crowns,
            first=self.names[self.first], rounds=self.round_no, end_reason=self.end_reason,
            ranking=rank, states=players, round_results=self.rounds,
            round_firsts=self.round_firsts, round_starts=self.round_starts, trace=self.trace,
            start_counts=self.start_counts, _log=self.decider.log,
            card_stats={name: dict(zip(CARD_EVENTS, counts, strict=True))
                        for name, counts in self.card_stats.items()})

    def _count(self, result: RoundResult) -> None:
        stats = self.card_stats
        for name in result.won_cards:
            stats[name][0] += 1
        for table, k in ((result.scored, 1), (result.convoked, 2), (result.exiled, 3)):
            for cards in table.values():
                for name in cards:
                    stats[name][k] += 1


_CARD_KINDS = frozenset((D.GARDEN, D.CONSPIRE, D.REVEAL, D.DISCARD, D.EXCHANGE, D.GIVE,
                         D.ALSO_SCORE))


def play_game(players: int = 4, seed: int = 0, bots: str | Iterable[str] | None = None,
              expansion: bool = False, variants: Iterable[str] = (), trace: bool = False,
              names: Sequence[str] | None = None,
              decider_overrides: Mapping[Any, Decider] | None = None, record: bool = True,
              crowns: Mapping[str, object] | None = None) -> GameResult:
    """Play one whole game with a bot (or an override decider) in every seat.

    ``bots``: one name for every seat or one per seat (``random``, ``greedy``, ``search``;
    default random). ``trace``: collect the full trace. ``record``: keep every decision
    and every round's result (needed for ``records.save``; off saves a little time).
    ``decider_overrides``: {seat name or index: decider} replacing those seats' bots.
    """
    return Game(players, seed, bots, expansion=expansion, variants=variants, trace=trace,
                names=names, decider_overrides=decider_overrides, record=record,
                crowns=crowns).run()
