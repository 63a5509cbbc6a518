"""The bounded TOML parser's pre-check: one pass that reads each string once, against the
tokenizer it replaced, which tried every quote as a string's start.

Run from the repository root:  PYTHONPATH=. python benchmarks/bench_bounded_toml.py [--sizes 4000 16000 64000]

Prints, side by side in one run, the time ``files.check_key_parts`` (run by
``files.parse_toml`` before tomllib reads a byte, for every reader of scenario text: files,
uploads, share codes, lines, the pytest plugin) takes on every bundled lesson and on a line
of escaped quotes (``a = "\\"\\"\\"…``, a string that never closes), with the new pass and with
the tokenizer of issue 30's first fix, and their ratio. The old time grows with the square of
the line, the new linearly; the last row is a whole 1 MB file (the largest a reader takes),
new pass only. Not a test: timings depend on the machine.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout, too

from bench_markup import best  # noqa: E402  (this folder is on the path as the script's own)

from aristofarsa import SCENARIOS_DIR  # noqa: E402
from aristofarsa.core import files  # noqa: E402

#: The tokenizer before: every alternative tried at each position, a string to its end.
OLD_TOKEN = re.compile(r'''
    (?P<part> """(?:[^"\\]|\\.|"(?!""))*+""" | \'\'\'(?:[^']|'(?!''))*+\'\'\'
            | "(?:[^"\\\n]|\\.)*+" | '[^'\n]*+' | [A-Za-z0-9_-]++ )
  | (?P<dot> \. ) | (?P<blank> [ \t]++ ) | (?P<comment> \#[^\n]*+ ) | (?P<other> . )
''', re.VERBOSE | re.DOTALL)


def old_check(text: str, limit: int = files.MAX_KEY_PARTS, depth: int = files.MAX_DEPTH,
              digits: int = files.MAX_TOML_DIGITS) -> None:
    """The pass before, with the same checks on its tokens."""
    parts, after_dot, level = 0, False, 0
    for token in OLD_TOKEN.finditer(text):
        kind = token.lastgroup
        if kind == "part":
            word = token.group()
            if word[0].isdigit() and len(word) > digits:
                raise files.FileInputError("a long number")
            if not after_dot:
                parts = 0
            parts, after_dot = parts + 1, False
            if parts > limit:
                raise files.FileInputError("a long key")
        elif kind == "dot":
            after_dot = parts > 0
        elif kind != "blank":
            parts, after_dot = 0, False
            if token.group() in "[{":
                level += 1
                if level > depth + 1:
                    raise files.FileInputError("too deep")
            elif token.group() in "]}":
                level = max(0, level - 1)


def new_check(text: str) -> None:
    files.check_key_parts(text, "bench")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[4000, 16000, 64000],
                        help="lengths of the line of escaped quotes (characters)")
    args = parser.parse_args()
    lessons = [p.read_text(encoding="utf-8") for p in sorted(SCENARIOS_DIR.glob("*.toml"))]
    rows = [("every bundled lesson", best(new_check, lessons), best(old_check, lessons))]
    for size in args.sizes:
        text = ['a = "' + '\\"' * (size // 2)]
        rows.append((f'a = "\\"\\"… {size:,} characters', best(new_check, text),
                     best(old_check, text, 1)))
    print(f"{'text':<34}{'one pass':>12}{'old pass':>12}{'ratio':>10}")
    for name, new, old in rows:
        print(f"{name:<34}{new * 1000:>10.2f}ms{old * 1000:>10.2f}ms{old / new:>9.1f}x")
    whole = ['a = "' + '\\"' * (files.MAX_TEXT_BYTES // 2 - 4)]
    print(f"{'the same, 1 MB (new pass only)':<34}{best(new_check, whole) * 1000:>10.2f}ms")


if __name__ == "__main__":
    main()
