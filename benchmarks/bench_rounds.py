"""Traced round resolutions per second over the bundled scenarios, on one core.

Not a test: prints figures measured side by side in one run — traced, untraced, and the
cost of parsing a scenario file — and the ratios between them.

    python benchmarks/bench_rounds.py [--seconds 3]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from aristofarsa import SCENARIOS_DIR, scenario


def rate(fn, items, seconds: float) -> float:
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for item in items:
            fn(item)
        done += len(items)
        now = time.perf_counter()
        if now >= deadline:
            return done / (now - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    paths = sorted(SCENARIOS_DIR.glob("*.toml"))
    texts = [(p.read_text(encoding="utf-8"), str(p)) for p in paths]
    scenarios = [scenario.load(p) for p in paths]
    traced = rate(lambda sc: scenario.run(sc, trace=True), scenarios, args.seconds)
    quiet = rate(lambda sc: scenario.run(sc, trace=False), scenarios, args.seconds)
    parsed = rate(lambda t: scenario.run(scenario.loads(*t), trace=True), texts, args.seconds)
    print(f"bundled scenarios:                      {len(scenarios)}")
    print(f"traced resolutions/s (parsed once):     {traced:,.0f}   (target >= 10,000)")
    print(f"untraced resolutions/s:                 {quiet:,.0f}   (trace costs x{quiet / traced:.2f})")
    print(f"parse + traced resolution/s:            {parsed:,.0f}   (parsing costs x{traced / parsed:.2f})")


if __name__ == "__main__":
    main()
