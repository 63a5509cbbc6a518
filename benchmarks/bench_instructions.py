"""Instructions per traced round, counted by valgrind, for this checkout and others.

Not a test. Seconds move with the machine's load; instruction counts do not (callgrind
counts the same total for the same interpreter, inputs and code, whatever else runs), so
this script gives a speed-up that a busy machine cannot skew. For each checkout it runs
every bundled scenario traced, once with 1 pass and once with 1 + PASSES passes under
``valgrind --tool=callgrind``, and divides the difference by the rounds resolved (start-up,
imports and parsing cancel out). Then it prints the ratios against the first checkout.

    python benchmarks/bench_instructions.py [--passes 5] [--against DIR ...]

``--against DIR``: another checkout (e.g. ``git archive COMMIT | tar -x -C DIR``). Needs
``valgrind`` (Debian's package). About 30 s per checkout.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]

RUN = """
import sys
sys.path.insert(0, sys.argv[1])
from aristofarsa import SCENARIOS_DIR, scenario
scs = [scenario.load(p) for p in sorted(SCENARIOS_DIR.glob("*.toml"))]
for _ in range(1 + int(sys.argv[2])):
    for sc in scs:
        scenario.run(sc, trace=True)
print(len(scs))
"""


def instructions(checkout: Path, passes: int) -> tuple[int, int]:
    """(instructions collected, scenarios per pass) of one run with 1 + ``passes`` passes."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                           sys.executable, "-c", RUN, str(checkout), str(passes)],
                          capture_output=True, text=True, check=True)
    found = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit("bench_instructions: no instruction count in valgrind's output:\n"
                         + done.stderr[-500:])
    return int(found.group(1).replace(",", "")), int(done.stdout.split()[-1])


def per_round(checkout: Path, passes: int) -> float:
    one, rounds = instructions(checkout, 0)
    more, _ = instructions(checkout, passes)
    return (more - one) / (passes * rounds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passes", type=int, default=5, help="passes over the scenarios counted (default 5)")
    ap.add_argument("--against", action="append", default=[], metavar="DIR",
                    help="another checkout to count, side by side (repeatable)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("bench_instructions: valgrind is not installed (apt-get install valgrind)")
    checkouts = [HERE] + [Path(d).resolve() for d in args.against]
    for c in checkouts[1:]:
        if not any((c / "aristofarsa" / name).exists() for name in ("scenario.py", "scenario/__init__.py")):
            raise SystemExit(f"bench_instructions: --against {c}: no aristofarsa/scenario there")
    counts = [per_round(c, args.passes) for c in checkouts]
    print(f"instructions per traced round ({args.passes} passes over the bundled scenarios):")
    for c, n in zip(checkouts, counts, strict=True):
        ratio = "" if c == HERE else f"   (this checkout x{n / counts[0]:.2f} faster)"
        print(f"  {str(c):40s} {n:12,.0f}{ratio}")


if __name__ == "__main__":
    main()
