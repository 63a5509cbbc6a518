"""`aristofarsa share` (share codes of rounds); the apps' commands live here too."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .args import EXIT_OK, UsageError


def add_commands(sub) -> None:
    """Register `share` on the main parser's subparsers."""
    p = sub.add_parser("share", help="a round as a short URL-safe code (or decode one)",
                       description="Print the share code of a scenario file (one line; the Lab and "
                                   "the Dispute resolver open it with ?scenario=CODE), or with "
                                   "--decode print the scenario TOML a code holds.")
    p.add_argument("file", nargs="?", help="scenario TOML file")
    p.add_argument("--url", metavar="BASE",
                   help="print BASE/voila/render/lab.ipynb?scenario=CODE instead of the bare code")
    p.add_argument("--decode", metavar="CODE", help="print the scenario a share code holds")
    p.set_defaults(func=cmd_share)


def cmd_share(args: argparse.Namespace) -> int:
    from .. import scenario, share

    if args.decode is not None:
        if args.file is not None or args.url is not None:
            raise UsageError("give either FILE (to make a code) or --decode CODE, not both")
        try:
            text = share.decode(args.decode)
            share.load(args.decode)                  # the same validator as a file
        except (share.ShareCodeError, scenario.ScenarioError) as exc:
            raise UsageError(str(exc)) from None
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return EXIT_OK
    if args.file is None:
        raise UsageError("give a scenario FILE to share, or --decode CODE")
    try:
        scenario.load(args.file)                     # refuse an invalid round with the validator's message
        text = Path(args.file).read_bytes().decode("utf-8")
        code = share.encode(text)
    except (scenario.ScenarioError, share.ShareCodeError) as exc:
        raise UsageError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:     # the validator read it a moment ago
        raise UsageError(f"{args.file}: cannot read the file ({exc})") from None
    if args.url is not None:
        base = args.url.rstrip("/")
        if not base.startswith(("http://", "https://")):
            raise UsageError(f"--url must start with http:// or https://, got {args.url!r}")
        print(f"{base}/voila/render/lab.ipynb?scenario={code}")
    else:
        print(code)
    return EXIT_OK
