"""The command line: `aristofarsa resolve|check|cards|scenarios|play|replay|simulate|...`.

Each module of this package registers its commands with an ``add_commands(sub)``
function; :func:`main` parses, runs the command and turns a :class:`UsageError` into a
message on stderr and exit code 2.

Exit codes: 0 success, 1 `check` found mismatches, 2 invalid input (with a message that
names what is wrong and what is allowed; never a traceback).
"""
from __future__ import annotations

import argparse
import importlib
import sys

from .. import __version__
from ..core.files import printable
from ..core.messages import text
from .args import EXIT_INVALID, EXIT_MISMATCH, EXIT_OK, Parser, UsageError, argparse_words

__all__ = ["EXIT_INVALID", "EXIT_MISMATCH", "EXIT_OK", "UsageError", "build_parser", "main"]

#: The modules whose commands make up the ``aristofarsa`` command, in help order.
COMMAND_MODULES = ("rounds", "games", "analysis", "apps", "site")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="aristofarsa", description=text("cli-help.description"), epilog=text("cli-help.epilog"))
    parser.add_argument("--version", action="version", version=f"aristofarsa {__version__}",
                        help=text("cli-help.version"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(f"{__name__}.{name}").add_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    with argparse_words():          # argparse's own words (usage:, its errors) from the catalog
        parser = build_parser()
        args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except UsageError as exc:
        # a message may quote a pasted line or file: no control character reaches the terminal
        print(text("cli-help.error", command=f"aristofarsa {args.command}",
                   error=printable(str(exc))), file=sys.stderr)
        return EXIT_INVALID
    except BrokenPipeError:
        return EXIT_OK
