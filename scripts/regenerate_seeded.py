"""Regenerate everything that depends on a seeded deal, in one run.

A seeded game's deal changes only when its set-up changes: a card added to a family in play
(each family's deck is shuffled by a generator of its own seed, M10), or a change to the
set-up itself. Then, from the repository's root::

    python scripts/regenerate_seeded.py             # rewrite docs/cli.md's sample outputs
    python scripts/regenerate_seeded.py --check     # only list what is stale (exit 1 if any)
    python scripts/regenerate_seeded.py --strength  # also re-measure the bots' strength
                                                    # (docs/games.md#measured-strength; long)

1. **docs/cli.md**: every ``$ aristofarsa …`` sample is run again (as
   ``tests/test_docs.py`` runs it) and its printed lines replaced; a sample shortened with an
   elision line (``…``) keeps as many lines before and after it as it had.
2. **The bots' strength** (``--strength``): the table of docs/games.md, one bot against
   three of another kind with ``game_seed(2026, i)`` seeds, is measured again and printed
   as Markdown rows to paste; the README quotes two of its rows.
3. **Tests with seed-chosen expectations**: the tests that pin outcomes of seeded games
   (listed in :data:`SEEDED_TESTS`) are run, and the failures listed for review: a changed
   deal is expected there, a changed rule is not.
"""
from __future__ import annotations

import argparse
import difflib
import importlib.util
import math
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI_MD = ROOT / "docs" / "cli.md"
#: Tests that pin what seeded whole games do (their expectations were chosen from a deal).
SEEDED_TESTS = ("tests/test_game.py", "tests/test_cli.py", "tests/test_simulate.py",
                "tests/test_docs.py::test_cli_samples_are_what_the_commands_print",
                "tests/test_bots.py", "tests/controllers/test_play.py",
                "tests/controllers/test_game_session.py", "tests/test_hostile.py")
#: docs/games.md's strength table: (label, players, hero, others, games, expansion).
STRENGTH = (("1 greedy vs 3 random", 4, "greedy", "random", 2000, False),
            ("1 search vs 3 random", 4, "search", "random", 600, False),
            ("1 search vs 3 greedy", 4, "search", "greedy", 1000, False),
            ("1 random vs 3 greedy", 4, "random", "greedy", 600, False),
            ("1 greedy vs 3 search", 4, "greedy", "search", 400, False),
            ("3 players: 1 greedy vs 2 random", 3, "greedy", "random", 600, False),
            ("3 players: 1 search vs 2 greedy", 3, "search", "greedy", 400, False),
            ("expansion: 1 greedy vs 3 random", 4, "greedy", "random", 600, True),
            ("expansion: 1 search vs 3 greedy", 4, "search", "greedy", 400, True))
NAMES = ("Ana", "Bruno", "Caio", "Dora", "Edu", "Fia")


def _docs_checks():
    """tests/test_docs.py's sample reader and runner (the one definition of a sample)."""
    spec = importlib.util.spec_from_file_location("test_docs", ROOT / "tests" / "test_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _elided(line: str) -> bool:
    return "…" in line or "..." in line


def _fresh(sample: list[str], printed: list[str]) -> list[str]:
    """The sample's lines as printed today, keeping its elisions where they were: the part
    before the first elision is the output's start, the part after the last its end, a part
    between two elisions is found by its first line's closest match (a sample whose every
    line is still printed stays as it is: it may show a chosen part)."""
    if set(x for x in sample if x.strip() and not _elided(x)) <= set(printed):
        return sample
    parts: list[list[str]] = [[]]
    marks: list[str] = []
    for line in sample:
        if _elided(line):
            marks.append(line)
            parts.append([])
        else:
            parts[-1].append(line)
    if not marks:
        return printed
    out = printed[:len(parts[0])]
    at = len(parts[0])
    for mark, part in zip(marks, parts[1:], strict=True):
        out.append(mark)
        if part is parts[-1]:
            out += printed[len(printed) - len(part):] if part else []
        elif part:
            rest = printed[at:]
            scores = [difflib.SequenceMatcher(None, part[0], x).ratio() for x in rest]
            start = at + (scores.index(max(scores)) if scores else 0)
            out += printed[start:start + len(part)]
            at = start + len(part)
    return out


def regenerate_cli_md(check: bool) -> list[str]:
    """Rewrite docs/cli.md's sample outputs; the commands whose output changed."""
    docs = _docs_checks()
    text = CLI_MD.read_text(encoding="utf-8")
    changed: list[str] = []
    out: list[str] = []
    lines = text.splitlines()
    with tempfile.TemporaryDirectory() as tmp:
        k = 0
        inside = False
        while k < len(lines):
            line = lines[k]
            out.append(line)
            k += 1
            if line.startswith("```"):
                inside = not inside
                continue
            if not (inside and line.startswith("$ aristofarsa") or inside and line.startswith("$ head")):
                continue
            end = k
            while end < len(lines) and not lines[end].startswith(("```", "$ ")):
                end += 1
            sample = lines[k:end]
            command = line[2:]
            if " -o " in command:          # writes a file in the current folder: left alone
                out += sample
            else:
                printed = docs.run_sample(command, Path(tmp)).splitlines()
                fresh = _fresh(sample, printed)
                if fresh != sample:
                    changed.append(command)
                out += fresh
            k = end
    if changed and not check:
        CLI_MD.write_text("\n".join(out) + "\n", encoding="utf-8")
    return changed


def _share(hero: str, others: str, players: int, expansion: bool, i: int) -> float:
    from aristofarsa.games.game import play_game
    from aristofarsa.games.simulate import game_seed
    seat = i % players
    bots = [others] * players
    bots[seat] = hero
    game = play_game(players, game_seed(2026, i), bots, expansion=expansion, record=False)
    return 1 / len(game.ranking[0]) if NAMES[seat] in game.ranking[0] else 0.0


def measure_strength(scale: float, workers: int) -> list[str]:
    """docs/games.md's strength rows, measured again (``scale``: a fraction of the games)."""
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial
    rows = []
    with ProcessPoolExecutor(workers) as pool:
        for label, players, hero, others, games, expansion in STRENGTH:
            n = max(1, round(games * scale))
            play = partial(_share, hero, others, players, expansion)
            wins = sum(pool.map(play, range(n), chunksize=max(1, n // (4 * workers))))
            rate = wins / n
            half = 1.96 * math.sqrt(rate * (1 - rate) / n)
            bold = "**" if rate > 1 / players else ""
            rows.append(f"| {label} | {n} | {bold}{100 * rate:.1f} %{bold} ± {100 * half:.1f} | "
                        f"{100 / players:.3g} % |")
            print(rows[-1], flush=True)
    return rows


def seeded_test_failures() -> list[str]:
    """The seeded tests that fail now: their expectations were chosen from the old deals."""
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-m", "not browser", "-rf", *SEEDED_TESTS],
                         cwd=ROOT, capture_output=True, text=True)
    return [line for line in run.stdout.splitlines() if line.startswith("FAILED")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="list what is stale, change nothing")
    parser.add_argument("--strength", action="store_true",
                        help="re-measure the bots' strength table of docs/games.md (long)")
    parser.add_argument("--scale", type=float, default=1.0,
                        help="fraction of each strength row's games to play (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes for --strength")
    parser.add_argument("--no-tests", action="store_true", help="skip running the seeded tests")
    args = parser.parse_args(argv)
    stale = regenerate_cli_md(args.check)
    verb = "stale" if args.check else "rewritten"
    print(f"docs/cli.md: {len(stale)} sample(s) {verb}" + "".join(f"\n  $ {c}" for c in stale))
    if args.strength:
        print("docs/games.md#measured-strength, measured again (paste the rows; the README "
              "quotes the 1 greedy vs 3 random and 1 search vs 3 greedy rows):")
        measure_strength(args.scale, args.workers)
    failures = [] if args.no_tests else seeded_test_failures()
    if failures:
        print("Seeded tests to review (a changed deal is expected there, a changed rule is not):")
        print("\n".join(f"  {f}" for f in failures))
    return 1 if (args.check and stale) or failures else 0


if __name__ == "__main__":
    sys.exit(main())
