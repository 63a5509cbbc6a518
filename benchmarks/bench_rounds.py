"""Traced round resolutions per second over the bundled scenarios, on one core.

Not a test: prints figures measured side by side in one run — traced, untraced, and the
cost of parsing a scenario file — and the ratios between them. The measurements take
turns in short slices (interleaved), so load on a shared machine falls on all alike.

    python benchmarks/bench_rounds.py [--seconds 3] [--against DIR]

``--against DIR`` also measures another checkout's engine (e.g. an older commit unpacked
with ``git archive COMMIT | tar -x -C DIR``), interleaved with this one in the same
process, and prints the traced speed-up. Its package is imported under another name, so
only its relative imports are its own.
"""
from __future__ import annotations

import argparse
import importlib
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from aristofarsa import SCENARIOS_DIR, scenario  # noqa: E402

Work = Callable[[], int]  # one pass; returns the number of rounds resolved


def interleave(works: dict[str, Work], seconds: float, slice_s: float = 0.1) -> dict[str, float]:
    """Rounds per second of each work, run in turn ``slice_s`` at a time for ``seconds`` each.
    Uses process CPU time and keeps each work's best slice: the least disturbed by others."""
    best = dict.fromkeys(works, 0.0)
    spent = dict.fromkeys(works, 0.0)
    for work in works.values():
        work()  # warm-up
    while min(spent.values()) < seconds:
        for name, work in works.items():
            start = time.process_time()
            done = 0
            while (now := time.process_time()) - start < slice_s:
                done += work()
            spent[name] += now - start
            best[name] = max(best[name], done / (now - start))
    return best


def passes(module, paths: list[Path]) -> dict[str, Work]:
    scenarios = [module.load(p) for p in paths]
    texts = [(p.read_text(encoding="utf-8"), str(p)) for p in paths]

    def traced() -> int:
        for sc in scenarios:
            module.run(sc, trace=True)
        return len(scenarios)

    def quiet() -> int:
        for sc in scenarios:
            module.run(sc, trace=False)
        return len(scenarios)

    def parsed() -> int:
        for text in texts:
            module.run(module.loads(*text), trace=True)
        return len(texts)
    return {"traced": traced, "untraced": quiet, "parsed": parsed}


def against(folder: str) -> tuple[object, list[Path]]:
    """The scenario module of another checkout, imported as ``aristofarsa_against``."""
    source = Path(folder) / "aristofarsa"
    if not any((source / name).exists() for name in ("scenario.py", "scenario/__init__.py")):
        raise SystemExit(f"bench_rounds: --against {folder}: no aristofarsa/scenario there")
    target = Path(tempfile.mkdtemp()) / "aristofarsa_against"
    shutil.copytree(source, target)
    sys.path.insert(0, str(target.parent))
    importlib.import_module("aristofarsa_against")
    module = importlib.import_module("aristofarsa_against.scenario")
    return module, sorted((target / "scenarios").glob("*.toml"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--against", metavar="DIR", help="another checkout to compare with")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    paths = sorted(SCENARIOS_DIR.glob("*.toml"))
    works = passes(scenario, paths)
    if args.against:
        module, their_paths = against(args.against)
        works["traced, --against"] = passes(module, their_paths)["traced"]
    rate = interleave(works, args.seconds)
    traced, quiet, parsed = rate["traced"], rate["untraced"], rate["parsed"]
    print(f"bundled scenarios:                      {len(paths)}")
    print(f"traced resolutions/s (parsed once):     {traced:,.0f}   (target >= 10,000)")
    print(f"untraced resolutions/s:                 {quiet:,.0f}   (trace costs x{quiet / traced:.2f})")
    print(f"parse + traced resolution/s:            {parsed:,.0f}   (parsing costs x{traced / parsed:.2f})")
    if args.against:
        old = rate["traced, --against"]
        print(f"traced resolutions/s of {args.against}: {old:,.0f}   (this checkout x{traced / old:.2f})")


if __name__ == "__main__":
    main()
