"""What every command shares: exit codes, the usage error, argument types, JSON output."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

from ..core import files
from ..core.messages import text
from ..core.variants import Variant, VariantError, parse_variant

EXIT_OK, EXIT_MISMATCH, EXIT_INVALID = 0, 1, 2


class UsageError(Exception):
    """Invalid input found by a command: ``main`` prints the message and exits 2."""


class Parser(argparse.ArgumentParser):
    """argparse's parser (exit 2 with a usage message), whose messages never carry a control
    character raw: argparse echoes an unknown argument as typed ("unrecognized arguments:
    ESC[2J…"), so a pasted command could clear or recolour the terminal."""

    def error(self, message: str) -> NoReturn:
        super().error(files.printable(message))


#: argparse's own words (its gettext messages) that the command line can show, each as a
#: catalog message: argparse's text -> (message ID, its fields). A field holds argparse's own
#: placeholder ("%(prog)s", "%s"), which argparse fills after the message is said. The keys are
#: argparse's gettext message IDs, never shown (what is shown is the catalog's).
ARGPARSE_WORDS: dict[str, tuple[str, dict[str, str]]] = {  # i18n: code
    "usage: ": ("argparse.usage", {}),
    "positional arguments": ("argparse.positionals", {}),
    "options": ("argparse.options", {}),
    "show this help message and exit": ("argparse.help", {}),
    "%(prog)s: error: %(message)s\n": ("argparse.error", {"prog": "%(prog)s", "message": "%(message)s"}),
    "argument %(argument_name)s: %(message)s": (
        "argparse.argument", {"argument": "%(argument_name)s", "message": "%(message)s"}),
    "the following arguments are required: %s": ("argparse.required", {"arguments": "%s"}),
    "unrecognized arguments: %s": ("argparse.unrecognized", {"arguments": "%s"}),
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "argparse.invalid-choice", {"value": "%(value)r", "choices": "%(choices)s"}),
    "invalid %(type)s value: %(value)r": (
        "argparse.invalid-value", {"type": "%(type)s", "value": "%(value)r"}),
    "expected one argument": ("argparse.expected-one", {}),
    "not allowed with argument %s": ("argparse.not-allowed", {"argument": "%s"}),
    "ignored explicit argument %r": ("argparse.ignored", {"argument": "%r"}),
    "ambiguous option: %(option)s could match %(matches)s": (
        "argparse.ambiguous", {"option": "%(option)s", "matches": "%(matches)s"}),
}


def _argparse_says(message: str | None) -> str | None:
    said = ARGPARSE_WORDS.get(message) if message is not None else None
    if said is None or message is None:
        return message
    return text(said[0], **said[1]) + ("\n" if message.endswith("\n") else "")   # the line's end


@contextmanager
def argparse_words() -> Iterator[None]:
    """Inside the block argparse says its own words (``usage:``, ``options``, its errors) from
    the catalog in use: its gettext function is swapped for one that reads ``ARGPARSE_WORDS``
    (and put back after, so no other parser of the process is changed)."""
    old = argparse._  # type: ignore[attr-defined]
    argparse._ = _argparse_says  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = old  # type: ignore[attr-defined]


def variant(value: str) -> Variant:
    """An argparse type: a house-rule variant name (case-insensitive)."""
    try:
        return parse_variant(value)
    except VariantError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def whole_number(what: str) -> Callable[[str], int]:
    """An argparse type: a whole number read by the one bounded reader
    (:func:`aristofarsa.files.whole_number`: ASCII digits, an optional sign, at most 24
    characters, below 2**63 in size, as a game record's seed must be), with a message naming
    the option; the command checks its own range (a seed >= 0, 3 to 6 players)."""
    def parse(value: str) -> int:
        try:
            return files.whole_number(value, what, -(files.NUMBER_LIMIT - 1), signed=True, allowed="")
        except files.NumberError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    parse.__name__ = what
    return parse


def write_json(obj: Any) -> None:
    """Exactly one JSON object on one line of stdout."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
