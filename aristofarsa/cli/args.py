"""What every command shares: exit codes, the usage error, argument types, JSON output."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from ..core import files
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
