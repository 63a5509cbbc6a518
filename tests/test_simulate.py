"""Tests of the simulation layer (aristofarsa.games.simulate, aristofarsa.games.stats).

Most tests use ``fake_game``, a small deterministic stand-in for
``aristofarsa.games.game.play_game`` with the same signature and summary shape.
``test_real_game_runner`` runs against the real runner and is skipped only
while ``aristofarsa.games.game`` cannot be imported.
"""

from __future__ import annotations

import json
import random
import sys
import time
from fractions import Fraction

import pytest

from aristofarsa.games.simulate import ALLOWED_BOTS, game_seed, normalize_bots, simulate
from aristofarsa.games.stats import CARD_EVENTS, END_REASONS, Stats

NAMES = ["Ana", "Bruno", "Caio", "Dora", "Eva", "Fabio"]
CARDS = ["Aristocrat", "Bishop", "Knight", "Rogue", "Witch"]


class FakeResult:
    def __init__(self, summary):
        self._summary = summary

    def summary(self):
        return self._summary


def fake_game(players, seed, bots, expansion=False, variants=(), trace=False):
    """Deterministic fake game: everything comes from random.Random(seed)."""
    assert trace is False
    assert len(bots) == players
    rng = random.Random(seed)
    seats = NAMES[:players]
    crowns = {name: rng.randint(0, 6) for name in seats}
    # ranking: by crowns, equal crowns share a place (no E4 tie-breaks in the fake)
    ranking = []
    for value in sorted(set(crowns.values()), reverse=True):
        ranking.append([name for name in seats if crowns[name] == value])
    cards = CARDS + (["Bard", "Oracle"] if expansion else [])
    summary = {
        "seed": seed,
        "rounds": rng.randint(5, 20) + (1 if "courtisan-live" in variants else 0),
        "end_reason": rng.choice(END_REASONS),
        "ranking": ranking,
        "seats": seats,
        "bots": dict(zip(seats, bots, strict=True)),
        "players": {
            name: {"crowns": crowns[name], "scored": [], "hand": [], "deck": [],
                   "discard_pile": [], "parlor": [], "exiled": []}
            for name in seats
        },
        "card_stats": {card: {event: rng.randint(0, 2) for event in CARD_EVENTS} for card in cards},
    }
    # half of the games return the GameResult, the other half the dict itself
    return FakeResult(summary) if seed % 2 else summary


def summary(ranking, crowns, rounds=10, end_reason="aristocrat-scored", bots=None, card_stats=None, seed=1):
    seats = list(crowns)
    return {
        "seed": seed,
        "rounds": rounds,
        "end_reason": end_reason,
        "ranking": ranking,
        "seats": seats,
        "bots": bots or {name: "random" for name in seats},
        "players": {name: {"crowns": c} for name, c in crowns.items()},
        "card_stats": card_stats or {},
    }


# ---------------------------------------------------------------- determinism

def test_game_seed_depends_only_on_master_seed_and_index():
    assert game_seed(0, 0) == game_seed(0, 0)
    assert len({game_seed(s, i) for s in range(5) for i in range(50)}) == 250
    assert all(0 <= game_seed(3, i) < 2**53 for i in range(100))


def test_same_seed_same_statistics_whatever_workers():
    serial = simulate(40, 4, seed=11, game_fn=fake_game)
    again = simulate(40, 4, seed=11, game_fn=fake_game, chunk_size=3)
    parallel = simulate(40, 4, seed=11, game_fn=fake_game, workers=2)
    assert serial.games == 40
    assert serial == again == parallel
    assert json.dumps(serial.to_json()) == json.dumps(again.to_json()) == json.dumps(parallel.to_json())
    assert serial.to_table() == parallel.to_table()


def test_different_seeds_differ():
    a = simulate(30, 4, seed=1, game_fn=fake_game)
    b = simulate(30, 4, seed=2, game_fn=fake_game)
    assert a.to_json() != b.to_json()


def test_arguments_reach_the_game_and_meta():
    stats = simulate(6, 3, bots="random,greedy,search", seed=5, expansion=True,
                     variants="courtisan-live", game_fn=fake_game)
    assert stats.meta == {"seed": 5, "players": 3, "bots": ["random", "greedy", "search"],
                          "expansion": True, "variants": ["courtisan-live"]}
    assert "Oracle" in stats.cards
    assert [dict(c) for c in stats.seat_bots] == [{"random": 6}, {"greedy": 6}, {"search": 6}]
    # the first n games of a longer run are the same games
    longer = simulate(10, 3, bots="random,greedy,search", seed=5, expansion=True,
                      variants="courtisan-live", game_fn=fake_game)
    assert longer.games == 10 and stats.games == 6
    manual = Stats.from_summaries(
        (lambda r: r if isinstance(r, dict) else r.summary())(
            fake_game(3, game_seed(5, i), ["random", "greedy", "search"], expansion=True,
                      variants=("courtisan-live",)))
        for i in range(6))
    manual.meta = stats.meta
    assert manual == stats


def test_zero_games():
    stats = simulate(0, 4, game_fn=fake_game)
    assert stats.games == 0
    assert stats.to_json()["games"] == 0
    assert "no games" in stats.to_table()


# ---------------------------------------------------------------- validation

@pytest.mark.parametrize("bots", [("random", "greedy"), ["random"] * 5, "random,greedy"])
def test_wrong_bot_count_is_a_clear_error(bots):
    with pytest.raises(ValueError, match=r"1 bot name \(for every seat\) or 4 \(one per seat"):
        simulate(2, 4, bots=bots, game_fn=fake_game)


@pytest.mark.parametrize("bots", [("minimax",), ("random", "random", "Greedy"), "smart"])
def test_unknown_bot_names_the_allowed_bots(bots):
    with pytest.raises(ValueError, match="allowed bots are random, greedy, search"):
        simulate(2, 3, bots=bots, game_fn=fake_game)


def test_no_bots_is_an_error():
    with pytest.raises(ValueError, match="got none"):
        normalize_bots((), 4)
    assert normalize_bots("greedy", 3) == ("greedy",) * 3
    assert normalize_bots(["random", "search", "greedy"], 3) == ("random", "search", "greedy")
    assert set(ALLOWED_BOTS) == {"random", "greedy", "search"}


@pytest.mark.parametrize("kwargs, message", [
    ({"players": 2}, "players must be 3 to 6"),
    ({"players": 7}, "players must be 3 to 6"),
    ({"games": -1}, "games must be at least 0"),
    ({"workers": 0}, "workers must be at least 1"),
    ({"seed": 1.5}, "seed must be an integer"),
])
def test_bad_arguments(kwargs, message):
    args = {"games": 2, "players": 4, "game_fn": fake_game, **kwargs}
    with pytest.raises(ValueError, match=message):
        simulate(**args)


def test_unpicklable_game_fn_with_workers_is_a_clear_error():
    with pytest.raises(ValueError, match="module-level function"):
        simulate(4, 4, workers=2, game_fn=lambda *a, **k: fake_game(*a, **k))


def test_runner_reporting_another_seed_is_caught():
    def liar(players, seed, bots, **kwargs):
        s = fake_game(players, seed, bots, **kwargs)
        s = s if isinstance(s, dict) else s.summary()
        return {**s, "seed": seed + 1}

    with pytest.raises(RuntimeError, match="reports seed"):
        simulate(1, 4, game_fn=liar)


def test_missing_dask_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r"pip install 'dask\[distributed\]'"):
        simulate(2, 4, game_fn=fake_game, scheduler="tcp://127.0.0.1:1")


# ---------------------------------------------------------------- stats arithmetic

def test_stats_arithmetic_and_shared_wins():
    games = [
        summary([["Ana"], ["Bruno", "Caio"]], {"Ana": 9, "Bruno": 4, "Caio": 4}, rounds=10,
                card_stats={"Rogue": {"won": 1, "scored": 1, "convoked": 0, "exiled": 0}}),
        summary([["Bruno", "Caio"], ["Ana"]], {"Ana": 2, "Bruno": 7, "Caio": 7}, rounds=14,
                end_reason="cannot-refill",
                bots={"Ana": "greedy", "Bruno": "random", "Caio": "random"},
                card_stats={"Rogue": {"won": 0, "scored": 2, "convoked": 1, "exiled": 1},
                            "Witch": {"won": 2, "scored": 0, "convoked": 0, "exiled": 0}}),
        summary([["Ana", "Bruno", "Caio"]], {"Ana": 5, "Bruno": 5, "Caio": 5}, rounds=12),
    ]
    stats = Stats.from_summaries(games)
    third = Fraction(1, 3)
    assert stats.games == 3
    assert stats.seat_wins == [1 + third, Fraction(1, 2) + third, Fraction(1, 2) + third]
    assert sum(stats.seat_wins) == 3  # every game hands out exactly one win
    assert stats.shared_first_places == 2
    assert stats.seat_crowns == [16, 16, 16]
    assert stats.mean_crowns_by_seat == [16 / 3] * 3
    assert stats.bot_seat_games == {"random": 8, "greedy": 1}
    # game 1: random Ana wins; game 2: greedy Ana loses, random Bruno and Caio share;
    # game 3: all three (random) share
    assert stats.bot_wins == {"random": 1 + Fraction(1, 2) * 2 + third * 3, "greedy": 0}
    assert stats.win_rate_by_bot == {"greedy": 0.0, "random": 3 / 8}
    assert stats.mean_crowns_by_bot == {"greedy": 2.0, "random": (9 + 4 + 4 + 7 + 7 + 5 + 5 + 5) / 8}
    assert (stats.rounds_min, stats.rounds_max, stats.rounds_mean) == (10, 14, 12.0)
    assert stats.rounds_histogram == {10: 1, 12: 1, 14: 1}
    assert stats.end_reasons == {"aristocrat-scored": 2, "cannot-refill": 1}
    assert stats.cards["Rogue"] == {"won": 1, "scored": 3, "convoked": 1, "exiled": 1}
    assert stats.card_rates()["Witch"] == {"won": 2 / 3, "scored": 0.0, "convoked": 0.0, "exiled": 0.0}

    data = stats.to_json()
    assert json.loads(json.dumps(data)) == data
    assert [s["wins"] for s in data["seats"]] == \
        [float(1 + third), float(Fraction(5, 6)), float(Fraction(5, 6))]
    assert list(data["bots"]) == ["greedy", "random"]
    assert list(data["end_reasons"])[:4] == list(END_REASONS)
    assert data["end_reasons"]["parlor-empty"] == 0
    assert data["rounds"] == {"mean": 12.0, "min": 10, "max": 14, "histogram": {"10": 1, "12": 1, "14": 1}}
    assert data["cards"]["Rogue"]["per_game"]["scored"] == 1.0
    assert "provisional" in data["crowns_note"]


def test_merge_is_exact_and_order_free():
    games = [fake_game(4, game_seed(9, i), ["random"] * 4) for i in range(25)]
    games = [g if isinstance(g, dict) else g.summary() for g in games]
    whole = Stats.from_summaries(games)
    parts = [Stats.from_summaries(games[i:i + 7]) for i in range(0, 25, 7)]
    merged = Stats()
    for part in parts:
        merged = merged.merge(part)
    assert merged == whole
    assert parts[2].merge(parts[0]).merge(parts[3]).merge(parts[1]) == whole
    assert (parts[0] + parts[1]).games == 14
    assert parts[0].games == 7  # merge does not modify its operands


def test_merge_meta():
    a = simulate(3, 4, seed=1, game_fn=fake_game)
    b = simulate(3, 4, seed=1, game_fn=fake_game)
    c = simulate(3, 4, seed=2, game_fn=fake_game)
    assert a.merge(b).meta == a.meta
    assert a.merge(c).meta is None
    assert Stats().merge(a).meta == a.meta


def test_bad_summary_is_rejected_without_change():
    stats = Stats()
    with pytest.raises(ValueError, match="missing 'card_stats'"):
        bad = summary([["Ana"], ["Bruno"], ["Caio"]], {"Ana": 1, "Bruno": 0, "Caio": 0})
        del bad["card_stats"]
        stats.add(bad)
    with pytest.raises(ValueError, match="must list every seat"):
        stats.add(summary([["Ana"], ["Bruno"]], {"Ana": 1, "Bruno": 0, "Caio": 0}))
    assert stats == Stats()


def test_table_contains_the_numbers():
    stats = Stats.from_summaries([
        summary([["Ana"], ["Bruno", "Caio"]], {"Ana": 9, "Bruno": 4, "Caio": 4}, rounds=10,
                card_stats={"Rogue": {"won": 3, "scored": 2, "convoked": 0, "exiled": 1}}),
        summary([["Bruno", "Caio"], ["Ana"]], {"Ana": 2, "Bruno": 7, "Caio": 8}, rounds=17,
                end_reason="parlor-empty",
                card_stats={"Rogue": {"won": 1, "scored": 1, "convoked": 4, "exiled": 0}}),
    ])
    table = stats.to_table()
    lines = table.splitlines()
    assert "2 games" in lines[0]
    seat_rows = {line.split()[0]: line.split() for line in lines if line.split()[:2] in
                 (["0", "random"], ["1", "random"], ["2", "random"])}
    assert seat_rows["0"][2:] == ["2", "1", "50.0%", "5.50"]
    assert seat_rows["1"][2:] == ["2", "0.50", "25.0%", "5.50"]
    assert seat_rows["2"][2:] == ["2", "0.50", "25.0%", "6.00"]
    assert "Rounds: mean 13.50, min 10, max 17" in table
    rogue = next(line.split() for line in lines if line.startswith("Rogue"))
    assert rogue == ["Rogue", "4", "3", "4", "1", "2.000", "1.500", "2.000", "0.500"]
    reasons = {line.split()[0]: line.split()[1:] for line in lines
               if line.split()[:1] and line.split()[0] in END_REASONS}
    assert reasons["parlor-empty"] == ["1", "50.0%"]
    assert reasons["cannot-refill"] == ["0", "0.0%"]
    assert "Shared first places: 1 game" in table
    assert "provisional" in table


def test_plot_draws_seats_and_bots():
    matplotlib = pytest.importorskip("matplotlib", reason="matplotlib is not installed")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stats = simulate(12, 4, bots="random,greedy,random,search", game_fn=fake_game)
    axes = stats.plot()
    assert len(axes) == 2
    assert len(axes[0].patches) == 4 and len(axes[1].patches) == 3
    _, ax = plt.subplots()
    assert stats.plot(ax) is ax and len(ax.patches) == 7
    plt.close("all")


# ---------------------------------------------------------------- progress

def test_progress_bar_on_stderr_only_when_asked(capsys):
    pytest.importorskip("tqdm", reason="tqdm is not installed")
    simulate(10, 4, game_fn=fake_game, progress=False)
    out, err = capsys.readouterr()
    assert out == "" and err == ""
    simulate(10, 4, game_fn=fake_game, progress=True, chunk_size=4)
    out, err = capsys.readouterr()
    assert out == ""
    assert "10/10" in err and "game" in err


def test_progress_without_tqdm_is_a_plain_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    stats = simulate(3, 4, game_fn=fake_game, progress=True)
    assert stats.games == 3
    out, err = capsys.readouterr()
    assert out == ""
    assert "simulate: 0/3 games (0%)" in err and "simulate: 3/3 games (100%)" in err


# ---------------------------------------------------------------- dask

def test_local_dask_cluster_matches_serial():
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    serial = simulate(30, 5, bots=("random", "greedy", "random", "search", "random"), seed=4,
                      game_fn=fake_game)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = simulate(30, 5, bots=("random", "greedy", "random", "search", "random"), seed=4,
                          game_fn=fake_game, scheduler=cluster.scheduler_address)
        with distributed.Client(cluster) as client:
            via_client = simulate(30, 5, bots=("random", "greedy", "random", "search", "random"), seed=4,
                                  game_fn=fake_game, scheduler=client, chunk_size=7)
    assert remote == serial == via_client
    assert remote.to_json() == serial.to_json()


# ---------------------------------------------------------------- the real runner

def test_real_game_runner():
    """Against aristofarsa.games.game.play_game, the default game runner."""
    from aristofarsa.games import game
    one = game.play_game(4, game_seed(0, 0), ["random"] * 4, trace=False)
    s = one.summary()
    assert json.loads(json.dumps(s)) == s
    for key in ("seed", "rounds", "end_reason", "ranking", "seats", "bots", "players", "card_stats"):
        assert key in s, key
    assert s["end_reason"] in END_REASONS

    serial = simulate(6, 4, bots="random", seed=3)
    parallel = simulate(6, 4, bots="random", seed=3, workers=2, chunk_size=2)
    assert serial == parallel
    assert serial.games == 6
    assert sum(serial.seat_wins) == 6
    assert sum(serial.end_reasons.values()) == 6
    mixed = simulate(3, 3, bots=("random", "greedy", "random"), seed=1, expansion=True)
    assert mixed.bot_seat_games == {"random": 6, "greedy": 3}


def test_a_ctrl_c_while_a_worker_spawns_is_held_for_the_parent_not_lost(monkeypatch):
    """SIGINT is ignored while a pool worker spawns (so the worker starts ignoring it): a Ctrl-C
    in that window must still reach the parent once the spawn is over (it was discarded, and
    `simulate --workers 2` ran on to its last game)."""
    import signal
    import threading
    from multiprocessing.context import SpawnProcess

    from aristofarsa.games.simulate import _QuietSpawnProcess

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set in the main thread only")
    seen: list[int] = []
    # sent to the main thread itself: a process-wide signal may go to any other thread that
    # does not block it (pytest-xdist has some), and the running simulate has none
    main = threading.main_thread().ident
    assert main is not None
    monkeypatch.setattr(SpawnProcess, "start", lambda self: signal.pthread_kill(main, signal.SIGINT))
    previous = signal.signal(signal.SIGINT, lambda number, frame: seen.append(number))
    mask = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # (pytest-xdist's blocks it)
    try:
        _QuietSpawnProcess().start()      # the Ctrl-C comes while the worker "spawns"
        for _ in range(50):               # Python runs a handler between two bytecodes
            if seen:
                break
            time.sleep(0.01)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        signal.signal(signal.SIGINT, previous)
    assert seen == [signal.SIGINT]
