"""Light-Markdown rendering time: the one-pass renderer against the regexes it replaced.

Run from the repository root:  PYTHONPATH=. python benchmarks/bench_markup.py [--sizes 1000 4000 16000]

Prints, side by side in one run, the time to render the marks (``**bold**``, ``*italic*``,
```quoted```) of a pathological description (``.*a`` repeated: every star opens an italic
that never closes) and of an ordinary one (every bundled lesson's description), with
``render.markup.marks`` and with the three regular expressions ``render/seats.py`` used
before issue 30, and their ratio. The regexes' time grows with the square of the length, the
renderer's linearly. Not a test: timings depend on the machine.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from aristofarsa import SCENARIOS_DIR, scenario  # noqa: E402
from aristofarsa.render.markup import marks  # noqa: E402


def regex_marks(text: str) -> str:
    """The marks as render/seats.py rendered them before issue 30."""
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", text)
    return re.sub(r"`([^`]+)`", r"<i>\1</i>", text)


def best(render, texts: list[str], repeat: int = 3) -> float:
    """The best of ``repeat`` runs over every text (seconds)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for text in texts:
            render(text)
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000, 16000],
                        help="lengths of the pathological description (characters)")
    args = parser.parse_args()
    lessons = [escape(" ".join(scenario.load(p).description.split()))
               for p in sorted(SCENARIOS_DIR.glob("*.toml"))]
    for text in lessons:
        assert marks(text) == regex_marks(text), "the renderers disagree on a lesson"
    rows = [("every bundled lesson", best(marks, lessons), best(regex_marks, lessons))]
    for size in args.sizes:
        text = [(".*a" * (size // 3 + 1))[:size]]
        rows.append((f".*a… {size:,} characters", best(marks, text), best(regex_marks, text, 1)))
    print(f"{'description':<30}{'one pass':>12}{'regexes':>12}{'ratio':>10}")
    for name, new, old in rows:
        print(f"{name:<30}{new * 1000:>10.2f}ms{old * 1000:>10.2f}ms{old / new:>9.1f}x")


if __name__ == "__main__":
    main()
