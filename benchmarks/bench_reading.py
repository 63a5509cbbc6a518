"""How many words the reading path asks a newcomer to read, counted from what the apps show.

Not a test. The reading path is what a person reads to learn the game from the *Learn the
rules* and *The Exiled expansion* apps: each app's opening screen, every page of its Rules
tab (with its live example) and every card of its Cards tab. Each page is rendered by the
apps' own widgets (no browser) and read as a browser shows it: folded rulings and card notes
count only by their visible label, hidden widgets not at all. Words are counted per page and
for the whole path, where a line met on several pages (a button, a repeated note) is counted
once. At 200 words a minute, 3 000 words is fifteen minutes.

    python benchmarks/bench_reading.py [--lines]

``--lines`` also prints every distinct line with its word count (longest first).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aristofarsa.controllers.rules import WORD, WORDS_PER_MINUTE  # noqa: E402
from aristofarsa.widgets.exiled import reading_path  # noqa: E402
from aristofarsa.widgets.learn import path_words  # noqa: E402

BUDGET = 3000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", action="store_true", help="print every distinct line")
    args = parser.parse_args()
    pages = reading_path()
    seen: set[str] = set()
    print(f"{'app':7} {'words':>6} {'new':>6}  page")
    by_app: dict[str, set[str]] = {}
    for page in pages:
        new = [line for line in dict.fromkeys(page.lines) if line not in seen]
        seen.update(new)
        by_app.setdefault(page.app, set()).update(page.lines)
        print(f"{page.app:7} {page.words:6} {sum(len(WORD.findall(x)) for x in new):6}  {page.title}")
    total = path_words(pages)
    for app, lines in by_app.items():
        print(f"{app}: {sum(len(WORD.findall(x)) for x in lines)} words (distinct lines)")
    print(f"path total: {total} words, each distinct line once "
          f"({total / WORDS_PER_MINUTE:.1f} min at {WORDS_PER_MINUTE} words a minute); "
          f"budget {BUDGET}: {'within' if total <= BUDGET else 'OVER by ' + str(total - BUDGET)}")
    if args.lines:
        for line in sorted(seen, key=lambda x: -len(WORD.findall(x))):
            print(f"{len(WORD.findall(line)):4}  {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
