#!/usr/bin/env python
"""Whole-game speed of Aristofarsa, side by side with RLCard random playouts.

    python benchmarks/bench_games.py [--seconds 3] [--players 4] [--rlcard-env uno] [--json]

In one run, on one core (the process pins itself to a single CPU where the OS
allows it, and numeric libraries are limited to one thread), it measures for
about ``--seconds`` each:

1. ``aristofarsa.games.game.play_game`` with random bots in every seat, trace off;
2. the same with trace on;
3. RLCard: full games of ``--rlcard-env`` with ``RandomAgent`` in every seat
   (``env.run``), the random-playout loop RLCard offers, with its wrapper (state
   encoding, agents);
4. RLCard's raw rules-engine loop on the same game (``env.game``: ``init_game``,
   ``get_legal_actions``, ``step`` with a random legal action, ``is_over``);

interleaved in slices of 0.2 s, so load on a shared machine falls on all of them
alike; then ``aristofarsa.games.simulate.simulate`` serially (adds ``summary()`` and
Stats). It prints games and decisions per second and the ratios ours (trace off)
/ RLCard. Decisions per second compare the rules engines more fairly than whole
games (the games differ in length). Without RLCard installed it measures ours
only. This is a measurement, not a test: nothing fails on a slow result.
"""

from __future__ import annotations

import os

# one thread for numeric libraries (RLCard uses numpy); set before numpy loads
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402

# run from a checkout without installing
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

#: RLCard environments that accept a player count (``game_num_players``).
RLCARD_PLAYER_COUNT_ENVS = {"blackjack", "leduc-holdem", "limit-holdem", "no-limit-holdem"}


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            cpu = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {cpu})
            return f"pinned to CPU {cpu}"
        except OSError as exc:  # pragma: no cover - platform dependent
            return f"not pinned ({exc})"
    return "not pinned (no sched_setaffinity on this platform)"


Workload = Callable[[int], int]  # play game i; return the number of decisions it took


def measure(play_one, seconds: float, warmup: int = 2) -> dict:
    """Call ``play_one(i)`` for i = 0, 1, ... for about ``seconds``; games/s."""
    return interleave({"one": play_one}, seconds, warmup)["one"]


def interleave(workloads: dict[str, Workload], seconds: float, warmup: int = 2,
               slice_s: float = 0.2) -> dict[str, dict]:
    """Run every workload in turn, ``slice_s`` at a time, until each had about ``seconds``:
    load on the machine then falls on all of them alike, so their ratios stay fair."""
    totals = {name: {"games": 0, "decisions": 0, "seconds": 0.0} for name in workloads}
    for play_one in workloads.values():
        for i in range(warmup):
            play_one(-1 - i)
    while min(t["seconds"] for t in totals.values()) < seconds:
        for name, play_one in workloads.items():
            t = totals[name]
            start = time.perf_counter()
            deadline = start + slice_s
            while True:
                t["decisions"] += play_one(t["games"])
                t["games"] += 1
                now = time.perf_counter()
                if now >= deadline:
                    break
            t["seconds"] += now - start
    for t in totals.values():
        t["games_per_s"] = t["games"] / t["seconds"]
        t["decisions_per_s"] = t["decisions"] / t["seconds"]
        t["seconds"] = round(t["seconds"], 3)
    return totals


def our_workloads(players: int, seed: int) -> dict[str, Workload] | str:
    try:
        from aristofarsa.games.game import play_game
    except ImportError as exc:
        return f"aristofarsa.games.game cannot be imported ({exc}); the game runner is not there yet"
    from aristofarsa.games.simulate import game_seed

    bots = ["random"] * players

    def ours(trace: bool) -> Workload:
        def play_one(i: int) -> int:
            return len(play_game(players, game_seed(seed, i), bots, trace=trace)._log)
        return play_one
    return {"trace_off": ours(False), "trace_on": ours(True)}


def rlcard_workloads(env_id: str, players: int, seed: int) -> tuple[dict[str, Workload], dict] | str:
    """RLCard's ``env.run`` (its wrapper: state encoding, agents) and its raw rules-engine loop
    (``env.game``: init_game, get_legal_actions, step, is_over; random legal actions)."""
    try:
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as exc:
        return f"RLCard is not installed ({exc}); pip install rlcard (or pip install 'aristofarsa[bench]')"
    config = {"seed": seed}
    if env_id in RLCARD_PLAYER_COUNT_ENVS:
        config["game_num_players"] = players
    env = rlcard.make(env_id, config=config)
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    game = env.game
    pick = np.random.RandomState(seed)

    def wrapped(i: int) -> int:
        trajectories, _ = env.run(is_training=False)
        return sum((len(t) - 1) // 2 for t in trajectories)  # state, action, state, ...

    def raw(i: int) -> int:
        game.init_game()
        n = 0
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[pick.randint(len(legal))])
            n += 1
        return n
    info = {"env": env_id, "players": env.num_players, "rlcard": getattr(rlcard, "__version__", "?")}
    return {"rlcard_env_run": wrapped, "rlcard_raw": raw}, info


def bench_simulate(players: int, games: int, seed: int) -> dict:
    from aristofarsa.games.simulate import simulate
    stats = simulate(games, players, bots="random", seed=seed)
    return {"games": games, "seconds": round(stats.elapsed, 3), "games_per_s": games / stats.elapsed}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--players", type=int, default=4, help="Aristofarsa players (default 4)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rlcard-env", default="uno",
                        help="RLCard environment for the comparison (default uno; e.g. leduc-holdem, "
                             "limit-holdem, doudizhu, mahjong)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    args = parser.parse_args(argv)

    pinned = pin_to_one_core()
    workloads: dict[str, Workload] = {}
    errors: dict[str, str] = {}
    ours = our_workloads(args.players, args.seed)
    if isinstance(ours, str):
        errors["aristofarsa"] = ours
    else:
        workloads.update(ours)
    theirs = rlcard_workloads(args.rlcard_env, args.players, args.seed)
    info: dict = {}
    if isinstance(theirs, str):
        errors["rlcard"] = theirs
    else:
        workloads.update(theirs[0])
        info = theirs[1]
    measured = interleave(workloads, args.seconds) if workloads else {}
    if "trace_off" in measured:
        n = max(1, int(measured["trace_off"]["games_per_s"] * args.seconds))
        measured["simulate"] = bench_simulate(args.players, n, args.seed)
    ratios = {}
    if "trace_off" in measured and "rlcard_raw" in measured:
        for key in ("rlcard_env_run", "rlcard_raw"):
            ratios[f"games_ours_over_{key}"] = (measured["trace_off"]["games_per_s"]
                                                / measured[key]["games_per_s"])
            ratios[f"decisions_ours_over_{key}"] = (measured["trace_off"]["decisions_per_s"]
                                                    / measured[key]["decisions_per_s"])

    report = {"python": platform.python_version(), "machine": platform.machine(), "cpu": pinned,
              "seconds_each": args.seconds, "interleaved": True, "measured": measured,
              "rlcard": info, "errors": errors, "ratios": ratios,
              # the figure earlier versions printed: whole games, ours (trace off) / env.run
              "ratio_ours_over_rlcard": ratios.get("games_ours_over_rlcard_env_run")}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0

    print(f"Python {report['python']} on {report['machine']}, {pinned}, ~{args.seconds:g} s per "
          "measurement, measured interleaved in slices of 0.2 s")
    for name, message in errors.items():
        print(f"{name}: {message}")
    labels = {"trace_off": f"Aristofarsa {args.players}p play_game, trace off",
              "trace_on": f"Aristofarsa {args.players}p play_game, trace on",
              "simulate": f"Aristofarsa {args.players}p simulate() serial",
              "rlcard_env_run": f"RLCard {info.get('rlcard', '')} {info.get('env', '')} env.run",
              "rlcard_raw": f"RLCard {info.get('rlcard', '')} {info.get('env', '')} raw game loop"}
    for key, label in labels.items():
        if key in measured:
            r = measured[key]
            per = f"{r['decisions_per_s']:>10.0f} decisions/s" if "decisions_per_s" in r else " " * 22
            print(f"  {label:<44} {r['games_per_s']:>9.1f} games/s {per}  ({r['games']} games)")
    if "trace_on" in measured:
        cost = measured["trace_off"]["games_per_s"] / measured["trace_on"]["games_per_s"]
        print(f"  trace costs x{cost:.2f}")
    for key, value in ratios.items():
        print(f"  {key.replace('_', ' ')}: {value:.2f}")
    return 0

if __name__ == "__main__":
    sys.exit(main())
