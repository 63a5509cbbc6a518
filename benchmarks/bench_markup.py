"""Light-Markdown rendering time: the one-pass renderer against the regexes it replaced.

Run from the repository root:  PYTHONPATH=. python benchmarks/bench_markup.py [--sizes 1000 4000 16000]

Prints, side by side in one run, the time to render the marks (``**bold**``, ``*italic*``,
```quoted```) of a pathological description (``.*a`` repeated: every star opens an italic
that never closes) and of an ordinary one (every bundled lesson's description), with
``render.markup.marks`` and with the three regular expressions ``render/seats.py`` used
before issue 30, and their ratio. The regexes' time grows with the square of the length, the
renderer's linearly. Then, for each shape in :data:`SHAPES` at 64 kB (``--worst``), the time
of every renderer a description meets: the app's heading (``render.html.lesson_heading``,
redrawn at each step of the Lab), the description with ruling links, the CLI's plain text
and the notebook's Markdown; and whether the slowest is under the issue's 0.5 s. Not a
test: timings depend on the machine.
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
from aristofarsa.render.seats import markdown_html  # noqa: E402


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


#: 64 kB descriptions of every shape that made a renderer work hard (issue 30 asks each to
#: render in under 0.5 s): marks that never close, marks inside marks, backticks, and lines
#: by the thousand (items and the prose or continuation lines joined to them).
SHAPES = {
    ".*a repeated": ".*a",
    "**a*a*a…": "a*",
    "backticks": "`",
    "blank-star": " *",
    "*a*a*a…": "*a",
    "stars only": "*",
    "prose lines": "a\n",
    "items": "- a\n",
    "item + lines": "a\n",
    "nested items": "  - a\n1. b\n",
    "ruling IDs": "(M4) ",
}
BOUND = 0.5


class _Ruling:
    id, title, text = "M4", "A ruling", "Its text."


def shape(name: str, size: int) -> str:
    unit = SHAPES[name]
    text = (unit * (size // len(unit) + 1))[:size]
    if name == "**a*a*a…":
        text = "**" + text[2:]
    if name == "item + lines":
        text = "1. x\n" + text[5:]
    return text


def renderers() -> dict[str, object]:
    from aristofarsa.render.html import lesson_heading
    from aristofarsa.render.markup import md_light, plain
    return {"app heading (HTML)": lambda t: lesson_heading("A round", t, False),
            "with ruling links": lambda t: markdown_html(t, {"M4": _Ruling()}),
            "CLI text": plain, "notebook Markdown": md_light}


def worst_case_table(size: int) -> None:
    """Each 64 kB shape through each renderer the apps, the CLI and the notebook use."""
    names = list(renderers())
    print(f"\n{size:,}-character descriptions, best of 3 (the issue's bound: {BOUND} s)")
    print(f"{'shape':<16}" + "".join(f"{n:>20}" for n in names))
    worst = 0.0
    for name in SHAPES:
        text = shape(name, size)
        times = [best(render, [text]) for render in renderers().values()]
        worst = max(worst, *times)
        print(f"{name:<16}" + "".join(f"{t * 1000:>18.1f}ms" for t in times))
    print(f"slowest: {worst * 1000:.1f} ms: {'under' if worst < BOUND else 'OVER'} {BOUND} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 4000, 16000],
                        help="lengths of the pathological description (characters)")
    parser.add_argument("--worst", type=int, default=64_000,
                        help="length of every shape in the second table (characters)")
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
    worst_case_table(args.worst)


if __name__ == "__main__":
    main()
