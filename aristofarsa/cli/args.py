"""What every command shares: exit codes, the usage error, argument types, JSON output."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..core.variants import Variant, VariantError, parse_variant

EXIT_OK, EXIT_MISMATCH, EXIT_INVALID = 0, 1, 2


class UsageError(Exception):
    """Invalid input found by a command: ``main`` prints the message and exits 2."""


def variant(value: str) -> Variant:
    """An argparse type: a house-rule variant name (case-insensitive)."""
    try:
        return parse_variant(value)
    except VariantError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def whole_number(what: str) -> Callable[[str], int]:
    """An argparse type: a whole number, with a message naming the option."""
    def parse(value: str) -> int:
        try:
            return int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, got {value!r}") from None
    parse.__name__ = what
    return parse


def write_json(obj: Any) -> None:
    """Exactly one JSON object on one line of stdout."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
