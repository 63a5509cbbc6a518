#!/usr/bin/env python
"""Whole-game speed of Aristofarsa, side by side with RLCard random playouts.

    python benchmarks/bench_games.py [--seconds 3] [--players 4] [--rlcard-env uno] [--json]

In one run, on one core (the process pins itself to a single CPU where the OS
allows it, and numeric libraries are limited to one thread), it measures for
about ``--seconds`` each:

1. ``aristofarsa.game.play_game`` with random bots in every seat, trace off;
2. the same with trace on;
3. ``aristofarsa.simulate.simulate`` serially (adds ``summary()`` and Stats);
4. RLCard: full games of ``--rlcard-env`` with ``RandomAgent`` in every seat
   (``env.run``), the random-playout loop RLCard offers;

and prints games per second and the ratio ours / RLCard (trace off). A ratio
above 1 means we play more whole games per second. The games differ in
length, so the ratio compares playout loops, not rules complexity. This is a
measurement, not a test: nothing fails on a slow result.
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


def measure(play_one, seconds: float, warmup: int = 2) -> dict:
    """Call ``play_one(i)`` for i = 0, 1, ... for about ``seconds``; games/s."""
    for i in range(warmup):
        play_one(-1 - i)
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        play_one(games)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"games": games, "seconds": round(elapsed, 3), "games_per_s": games / elapsed}


def bench_ours(players: int, seconds: float, seed: int) -> dict:
    try:
        from aristofarsa.game import play_game
    except ImportError as exc:
        return {"error": f"aristofarsa.game cannot be imported ({exc}); the game runner is not there yet"}
    from aristofarsa.simulate import game_seed, simulate

    bots = ["random"] * players
    out = {}
    for label, trace in (("trace_off", False), ("trace_on", True)):
        out[label] = measure(lambda i, trace=trace: play_game(players, game_seed(seed, i), bots, trace=trace),
                             seconds)
    # simulate(): play + summary() + Stats, serially; size the run from the trace-off speed
    n = max(1, int(out["trace_off"]["games_per_s"] * seconds))
    stats = simulate(n, players, bots="random", seed=seed)
    out["simulate"] = {"games": n, "seconds": round(stats.elapsed, 3), "games_per_s": n / stats.elapsed}
    return out


def bench_rlcard(env_id: str, players: int, seconds: float, seed: int) -> dict:
    try:
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as exc:
        return {"error": f"RLCard is not installed ({exc}); pip install rlcard (or pip install 'aristofarsa[bench]')"}
    config = {"seed": seed}
    if env_id in RLCARD_PLAYER_COUNT_ENVS:
        config["game_num_players"] = players
    env = rlcard.make(env_id, config=config)
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    np.random.seed(seed)  # RandomAgent draws from numpy's global generator
    result = measure(lambda i: env.run(is_training=False), seconds)
    result.update({"env": env_id, "players": env.num_players, "rlcard": getattr(rlcard, "__version__", "?")})
    return result


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
    ours = bench_ours(args.players, args.seconds, args.seed)
    theirs = bench_rlcard(args.rlcard_env, args.players, args.seconds, args.seed)
    ratio = None
    if "error" not in ours and "error" not in theirs:
        ratio = ours["trace_off"]["games_per_s"] / theirs["games_per_s"]

    report = {"python": platform.python_version(), "machine": platform.machine(), "cpu": pinned,
              "seconds_each": args.seconds, "aristofarsa": ours, "rlcard": theirs,
              "ratio_ours_over_rlcard": ratio}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0

    print(f"Python {report['python']} on {report['machine']}, {pinned}, ~{args.seconds:g} s per measurement")
    if "error" in ours:
        print(f"Aristofarsa: {ours['error']}")
    else:
        print(f"Aristofarsa, {args.players} players, random bots:")
        for label, name in (("trace_off", "play_game, trace off"), ("trace_on", "play_game, trace on"),
                            ("simulate", "simulate() serial")):
            r = ours[label]
            print(f"  {name:<22} {r['games_per_s']:>10.1f} games/s  ({r['games']} games in {r['seconds']:.2f} s)")
        slowdown = ours["trace_off"]["games_per_s"] / ours["trace_on"]["games_per_s"]
        print(f"  trace costs x{slowdown:.2f}")
    if "error" in theirs:
        print(f"RLCard: {theirs['error']}")
    else:
        print(f"RLCard {theirs['rlcard']}, {theirs['env']} ({theirs['players']} players), RandomAgent, env.run:")
        print(f"  {'random playouts':<22} {theirs['games_per_s']:>10.1f} games/s  "
              f"({theirs['games']} games in {theirs['seconds']:.2f} s)")
    if ratio is not None:
        print(f"Ratio ours / RLCard (trace off, whole games per second): {ratio:.2f}")
    else:
        print("Ratio ours / RLCard: n/a (see above)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
