"""What-if speed: every player of every bundled 4-player lesson (target: under a second each).

Run from the repository root:  PYTHONPATH=. python benchmarks/bench_whatif.py

Prints, side by side in one run, the time of one plain resolution and of a full what-if per
player, and their ratio (the what-if replays the round once per branch of the player's
Phase-2 choices). Not a test: timings depend on the machine.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from aristofarsa import SCENARIOS_DIR, scenario  # noqa: E402
from aristofarsa.analysis.whatif import what_if  # noqa: E402


def main() -> None:
    rows = []
    garden_rows = []
    for path in sorted(SCENARIOS_DIR.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        sc = scenario.loads(text, str(path))
        if len(sc.players) != 4:
            continue
        t0 = time.perf_counter()
        scenario.run(sc, trace=False)
        plain = time.perf_counter() - t0
        for spec in sc.players:
            t0 = time.perf_counter()
            w = what_if(text, sc, spec.name)
            rows.append((path.stem, spec.name, len(w.alternatives), time.perf_counter() - t0, plain))
            t0 = time.perf_counter()
            w = what_if(text, sc, spec.name, garden=True)
            garden_rows.append((path.stem, spec.name, len(w.alternatives), time.perf_counter() - t0))
    times = [r[3] for r in rows]
    worst = max(rows, key=lambda r: r[3])
    print(f"{len(rows)} what-ifs (every player of {len({r[0] for r in rows})} four-player lessons)")
    print(f"median {statistics.median(times) * 1000:.1f} ms, worst {worst[3] * 1000:.1f} ms "
          f"({worst[0]}, {worst[1]}: {worst[2]} alternatives)")
    ratios = [r[3] / r[4] for r in rows if r[4] > 0]
    print(f"what-if / one plain resolution: median ×{statistics.median(ratios):.0f}")
    print("under a second each:", all(t < 1.0 for t in times))
    gt = [r[3] for r in garden_rows]
    gworst = max(garden_rows, key=lambda r: r[3])
    print(f"with the Garden card too (--garden): median {statistics.median(gt) * 1000:.1f} ms, worst "
          f"{gworst[3] * 1000:.1f} ms ({gworst[0]}, {gworst[1]}: {gworst[2]} alternatives); "
          f"under a second each: {all(t < 1.0 for t in gt)}")


if __name__ == "__main__":
    main()
