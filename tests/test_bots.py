"""Bots (aristofarsa.games.bots): legal answers to every request kind, determinism, the
information boundary, and relative strength (greedy beats random, search beats greedy)."""
from __future__ import annotations

import math
import os
import random
from collections import Counter

import pytest

from aristofarsa.core import decisions as D
from aristofarsa.core.decisions import Request
from aristofarsa.games.bots import BOTS, GreedyBot, RandomBot, SearchBot, keep_best
from aristofarsa.games.game import Game, check_invariants, play_game
from aristofarsa.games.simulate import ALLOWED_BOTS, game_seed

ALL_KINDS = {D.GARDEN, D.ACTION, D.CONSPIRE, D.TAKE, D.TARGET, D.DELTA, D.REVEAL, D.DISCARD,
             D.EXCHANGE, D.GIVE, D.PEEK, D.ALSO_SCORE, D.KEEP}


def test_registry_matches_simulate():
    assert tuple(BOTS) == ALLOWED_BOTS
    assert BOTS["random"] is RandomBot and BOTS["greedy"] is GreedyBot and BOTS["search"] is SearchBot


# ------------------------------------------------------------------ random bot
def test_random_bot_is_uniform_over_legal_options():
    bot = RandomBot(random.Random(1))
    req = Request(D.GARDEN, "Ana", None, "garden", "Ana", ["Rogue", "Witch", "Jester"])
    counts = Counter(bot.decide(req) for _ in range(6000))
    assert set(counts) == {"Rogue", "Witch", "Jester"}
    assert all(1800 < c < 2200 for c in counts.values())
    opt = Request(D.EXCHANGE, "Ana", "Squire", "conspire", "Ana", ["Rogue", "Witch"], optional=True)
    counts = Counter(bot.decide(opt) for _ in range(6000))
    assert set(counts) == {"Rogue", "Witch", None}
    assert all(1800 < c < 2200 for c in counts.values())
    keep = Request(D.KEEP, "Ana", "Oracle", "conspire", "Ana",
                   [["Rogue", "Witch", "Servant", "Servant", "Bard"], 3])
    for _ in range(200):
        assert keep.legal(bot.decide(keep))


def test_keep_best_keeps_the_most_valuable():
    assert keep_best(["Servant", "Aristocrat", "Witch", "Rogue", "Knight"], 3) == \
        ["Aristocrat", "Knight", "Rogue"]


# ------------------------------------------------------------------ every request kind
class Probe:
    """Plays random, and on each request also asks a greedy and a search bot of the same
    seat (their answers must be legal; they are not used, so the game is unchanged)."""

    auto = False
    needs_history = True

    def __init__(self, game_ref, seat, seen, limit=2):
        self.game_ref = game_ref
        self.seat = seat
        self.seen = seen
        self.limit = limit
        self.random = RandomBot(random.Random(seat))
        self.smart = None

    def decide(self, req):
        game = self.game_ref[0]
        if self.smart is None:
            view = game.views[self.seat]
            self.smart = [GreedyBot(random.Random(7), view), SearchBot(random.Random(8), view)]
        for bot in self.smart:
            key = (type(bot).__name__, req.kind)
            if self.seen[key] < self.limit:
                self.seen[key] += 1
                value = bot.decide(req)
                assert req.legal(value), (key, req, value)
        return self.random.decide(req)


def test_every_bot_answers_every_request_kind_legally_without_touching_the_game():
    seen = Counter()
    for seed in range(600):
        ref = [None]
        names = ["Ana", "Bruno", "Caio", "Dora"]
        probes = {n: Probe(ref, k, seen) for k, n in enumerate(names)}
        game = Game(4, seed, "random", expansion=True, trace=True,
                    variants=("witch-own",) if seed % 2 else (), decider_overrides=probes)
        ref[0] = game
        probed = game.run()
        # the same seed and the same random answers without any probing: the same game
        plain = Game(4, seed, "random", expansion=True, trace=True,
                     variants=("witch-own",) if seed % 2 else (),
                     decider_overrides={n: RandomBot(random.Random(k)) for k, n in enumerate(names)}).run()
        assert probed.trace.to_list() == plain.trace.to_list()
        if all(seen[(b, k)] for b in ("GreedyBot", "SearchBot") for k in ALL_KINDS):
            break
    missing = {(b, k) for b in ("GreedyBot", "SearchBot") for k in ALL_KINDS if not seen[(b, k)]}
    assert not missing


@pytest.mark.parametrize("bots", [["greedy"] * 4, ["search", "random", "greedy"],
                                  ["search", "greedy", "random", "search", "greedy"]])
def test_smart_bots_play_legal_complete_games(bots):
    for seed in range(3):
        game = play_game(len(bots), seed, bots, expansion=seed != 1)
        assert not check_invariants(game)


# ------------------------------------------------------------------ determinism
def test_smart_bots_are_deterministic():
    a = play_game(4, 5, ["search", "greedy", "random", "greedy"], expansion=True, trace=True)
    b = play_game(4, 5, ["search", "greedy", "random", "greedy"], expansion=True, trace=True)
    assert a.decisions == b.decisions
    assert a.trace.to_list() == b.trace.to_list()


def test_bots_do_not_draw_from_the_game_generator():
    # the set-up and deal are the same whatever the bots
    for seed in range(5):
        g1 = Game(4, seed, "random")
        g2 = Game(4, seed, ["search", "greedy", "random", "search"])
        assert [p.hand_names() + [c.name for c in p.deck] for p in g1.players] == \
            [p.hand_names() + [c.name for c in p.deck] for p in g2.players]
        assert g1.first == g2.first
        assert g1.rng.getstate() == g2.rng.getstate()


# ------------------------------------------------------------------ information boundary
def _swap_hidden(pl, i=0, j=0):
    """Swap a hand card and a deck card of a player (what an opponent cannot see)."""
    pl.hand[i], pl.deck[j] = pl.deck[j], pl.hand[i]


def test_determinize_does_not_depend_on_hidden_cards():
    for seed in range(10):
        worlds = []
        for swap in (False, True):
            game = Game(4, seed, "greedy", expansion=seed % 2 == 0)
            if swap:
                for pl in game.players[1:]:
                    if pl.hand[0].name != pl.deck[0].name:
                        _swap_hidden(pl)
                        break
            game.round_start_state = [p.copy() for p in game.players]
            game.history = []
            players, rename, history = game.views[0].determinize(random.Random(99))
            worlds.append([[c.name for c in p.hand] + ["|"] + [c.name for c in p.deck] for p in players])
            # the seat's own hand is never changed
            assert players[0].hand_names() == game.players[0].hand_names()
        assert worlds[0] == worlds[1]


@pytest.mark.parametrize("bot", ["greedy", "search"])
def test_first_decision_does_not_depend_on_hidden_cards(bot):
    changed_hidden = 0
    for seed in range(8):
        firsts = []
        for swap in (False, True):
            game = Game(4, seed, [bot, "random", "random", "random"], first=0)
            if swap:
                for pl in game.players[1:]:
                    for j, c in enumerate(pl.deck):
                        if c.name != pl.hand[0].name:
                            _swap_hidden(pl, 0, j)
                            changed_hidden += 1
                            break
            game.begin()                     # round 1 only: its first decision is the one compared
            assert game.start_round()
            game.play_round()
            firsts.append(game.decider.log[0])
        assert firsts[0][:2] == (D.GARDEN, "Ana")
        assert firsts[0] == firsts[1]
    assert changed_hidden


# ------------------------------------------------------------------ strength
def binomial_p_value(successes: int, n: int, p: float) -> float:
    """One-sided P(X >= successes) for X ~ Binomial(n, p)."""
    return sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(successes, n + 1))


def _hero_share(hero: str, others: str, master_seed: int, i: int) -> float:
    """Game ``i`` of :func:`one_against_three`: the hero's share of first place."""
    seat = i % 4
    bots = [others] * 4
    bots[seat] = hero
    game = play_game(4, game_seed(master_seed, i), bots, record=False)
    return 1 / len(game.ranking[0]) if ["Ana", "Bruno", "Caio", "Dora"][seat] in game.ranking[0] else 0.0


def one_against_three(hero: str, others: str, games: int, master_seed: int) -> float:
    """Win share of ``hero`` in 4-player games against three ``others``, hero's seat
    rotating; a shared first place counts 1/k. The games are independent (each from its
    own seed), so they are played on every core; the sum is the same in any order."""
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial
    from multiprocessing import get_context

    play = partial(_hero_share, hero, others, master_seed)
    workers = min(4, os.cpu_count() or 1)
    if workers == 1:
        return sum(map(play, range(games)))
    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        return sum(pool.map(play, range(games), chunksize=max(1, games // (4 * workers))))


def test_greedy_beats_random():
    games = 100
    wins = one_against_three("greedy", "random", games, master_seed=2024)
    # a bot as strong as the others wins 1/4 of the games
    assert wins / games > 0.40
    assert binomial_p_value(int(wins), games, 0.25) < 1e-3


def test_search_beats_greedy():
    # 40 games (the search bot's rollouts make them the costliest games of the suite): it wins
    # about 0.6 of them, where a bot as strong as the others would win 0.25 (P about 1e-5)
    games = 40
    wins = one_against_three("search", "greedy", games, master_seed=2025)
    assert wins / games > 0.35
    assert binomial_p_value(int(wins), games, 0.25) < 0.01
