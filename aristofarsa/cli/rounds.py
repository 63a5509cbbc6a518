"""`aristofarsa resolve`, `check`, `cards` and `scenarios` (one round at a time)."""
from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from .. import SCENARIOS_DIR
from ..core.cards import CARDS, CrownsError, load_crowns_file, merge_crowns
from ..core.files import printable
from ..core.messages import Join, Msg, text
from ..core.variants import VARIANTS
from .args import EXIT_INVALID, EXIT_MISMATCH, EXIT_OK, UsageError, variant, write_json


def add_commands(sub) -> None:
    """Register the one-round commands on the main parser's subparsers."""
    p = sub.add_parser("resolve", help=text("cli-help.resolve.help"),
                       description=text("cli-help.resolve.description"))
    p.add_argument("file", nargs="?", help=text("cli-help.resolve.file"))
    p.add_argument("--line", metavar="TEXT", help=text("cli-help.resolve.line"))
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help=text("cli-help.resolve.json"))
    fmt.add_argument("--markdown", action="store_true", help=text("cli-help.resolve.markdown"))
    p.add_argument("--variant", action="append", default=[], type=variant, metavar="NAME",
                   help=text("cli-help.resolve.variant", variants=Join(VARIANTS)))
    p.add_argument("--auto", action="store_true", help=text("cli-help.resolve.auto"))
    p.add_argument("--crowns", metavar="FILE", help=text("cli-help.resolve.crowns"))
    p.set_defaults(func=cmd_resolve)

    p = sub.add_parser("check", help=text("cli-help.check.help"),
                       description=text("cli-help.check.description"))
    p.add_argument("paths", nargs="*", metavar="PATH", help=text("cli-help.check.paths"))
    p.add_argument("-q", "--quiet", action="store_true", help=text("cli-help.check.quiet"))
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("cards", help=text("cli-help.cards.help"),
                       description=text("cli-help.cards.description",
                                        crowns_note=Msg("cards-note.crowns")))
    p.add_argument("--expansion", action="store_true", help=text("cli-help.cards.expansion"))
    p.add_argument("--json", action="store_true", help=text("cli-help.cards.json"))
    p.add_argument("--crowns", metavar="FILE", help=text("cli-help.cards.crowns"))
    p.set_defaults(func=cmd_cards)

    p = sub.add_parser("scenarios", help=text("cli-help.scenarios.help"),
                       description=text("cli-help.scenarios.description"))
    p.add_argument("--path", action="store_true", help=text("cli-help.scenarios.path"))
    p.set_defaults(func=cmd_scenarios)



# ------------------------------------------------------------------ commands
def cmd_resolve(args) -> int:
    from .. import scenario
    from ..scenario import line
    if (args.file is None) == (args.line is None):
        raise UsageError(text("cli-rounds.file-or-line"))
    try:
        crowns = load_crowns_file(args.crowns) if args.crowns else None
        sc = scenario.load(args.file) if args.line is None else line.load(args.line)
        result = scenario.run(sc, variants=args.variant, auto=args.auto, crowns=crowns)
    except scenario.ScenarioError as exc:
        raise UsageError(str(exc) if args.line is None else str(line.locate(args.line, exc))) from None
    except (CrownsError, line.LineError) as exc:
        raise UsageError(str(exc)) from None
    for warning in sc.warnings:
        print(text("cli-rounds.warning", warning=printable(warning)), file=sys.stderr)
    if args.json:
        write_json(result.to_json())
    elif args.markdown:
        # the file's text is Markdown, but no HTML of its own and no table cell breaks
        title = f"## {_md_escape(sc.title, '|')}\n\n" if sc.title else ""
        about = f"{_md_escape(sc.description.strip())}\n\n" if sc.description else ""
        sys.stdout.write(title + about + result.to_markdown())
    else:
        if sc.title:
            print(sc.title)
            print("=" * len(sc.title))
        if sc.description:
            print(_plain(sc.description.strip()))
            print()
        print(result.to_text())
    return EXIT_OK


def _plain(markdown: str) -> str:
    """A lesson description as plain text: no **bold**, *emphasis* or `code` marks (one
    linear pass: render/markup.py)."""
    from ..render.markup import plain
    return plain(markdown)


def _md_escape(text: str, also: str = "") -> str:
    """``text`` for Markdown output: its light marks kept, but no HTML, link or image
    (render/markup.py's ``md_light``), and ``also`` escaped."""
    from ..render.markup import md_light
    text = md_light(text)
    for ch in also:
        if ch not in "\\[]()!|_#":
            text = text.replace(ch, "\\" + ch)
    return text


#: Most scenario files one `check` run reads (a bound on time for a folder of anything).
MAX_CHECK_FILES = 100_000


def _shown(path: Path) -> str:
    """The bundled library's paths relative to the current folder when they are below it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def scenario_files(paths: list[str]) -> list[str]:
    """The scenario files to check, named as given (folders searched recursively, without
    following symbolic links to folders, for *.toml). A PATH that yields nothing is an error."""
    if not paths:
        return [_shown(p) for p in sorted(SCENARIOS_DIR.glob("*.toml"))]
    found: list[str] = []
    for raw in paths:
        try:
            st = os.stat(raw)
        except FileNotFoundError:
            raise UsageError(text("cli-rounds.no-such-path", path=raw)) from None
        except OSError as exc:  # a symlink loop, a name too long, no permission on a parent
            raise UsageError(text("cli-rounds.cannot-read", path=raw, error=exc.strerror or exc)) from None
        if not stat.S_ISDIR(st.st_mode):
            found.append(raw)  # a FIFO or device is refused by the reader, with its reason
            continue
        errors: list[OSError] = []
        here = [os.path.join(top, name) for top, dirs, names in os.walk(raw, onerror=errors.append)
                for name in names if name.endswith(".toml")]
        if errors and not here:
            raise UsageError(text("cli-rounds.cannot-read-folder", path=raw,
                                  error=errors[0].strerror or errors[0]))
        if not here:
            raise UsageError(text("cli-rounds.empty-folder", path=raw))
        found += sorted(here)
        if len(found) > MAX_CHECK_FILES:
            raise UsageError(text("cli-rounds.too-many", path=raw, max=MAX_CHECK_FILES))
    return found


def cmd_check(args) -> int:
    from .. import scenario
    files = scenario_files(args.paths)
    passed = failed = invalid = skipped = 0
    for path in files:
        try:
            sc = scenario.load(path)
            result = scenario.run(sc, trace=False)  # a file without [expect] must still be valid
            if not sc.expect:
                skipped += 1
                if not args.quiet:
                    print(text("cli-rounds.skip", path=path))
                continue
            problems = scenario.check_expect(sc, result)
        except scenario.ScenarioError as exc:
            invalid += 1
            print(text("cli-rounds.invalid", error=printable(str(exc))), file=sys.stderr)
            continue
        if problems:
            failed += 1
            print(text("cli-rounds.fail", path=path))
            for line in problems:
                print(f"    {printable(line)}")
        else:
            passed += 1
            if not args.quiet:
                print(text("cli-rounds.pass", path=path))
    print(text("cli-rounds.summary", passed=passed, failed=failed, invalid=invalid, skipped=skipped))
    if invalid:
        return EXIT_INVALID
    return EXIT_MISMATCH if failed else EXIT_OK


def cmd_cards(args) -> int:
    try:
        crowns = load_crowns_file(args.crowns) if args.crowns else merge_crowns(None)
    except CrownsError as exc:
        raise UsageError(str(exc)) from None
    rows = [s for s in CARDS.values() if args.expansion or not s.expansion]
    provisional = not args.crowns
    if args.json:
        write_json({"crowns_provisional": provisional, "cards": [
            {"name": s.name, "type": s.kind, "prestige": s.prestige, "crowns": crowns[s.name],
             "copies": s.copies, "expansion": s.expansion, "garden": s.garden_text,
             "balcony": s.balcony_text} for s in rows]})
        return EXIT_OK
    mark = "*" if provisional else ""
    print(f"{'card':<11}{'type':<9}{'Prestige':>9}{'crowns':>8}{'copies':>8}")
    for s in rows:
        print(f"{s.name:<11}{s.kind:<9}{s.prestige:>9}{str(crowns[s.name]) + mark:>8}{s.copies:>8}"
              + ("  (Exiled expansion)" if s.expansion else ""))
        print(f"    Garden:  {s.garden_text}")
        print(f"    Balcony: {s.balcony_text}")
    if provisional:
        print("\n" + text("cli-rounds.crowns-footnote", note=Msg("cards-note.crowns")))
    return EXIT_OK


def cmd_scenarios(args) -> int:
    from .. import scenario
    for path in sorted(SCENARIOS_DIR.glob("*.toml")):
        try:
            sc = scenario.load(path)
        except scenario.ScenarioError as exc:
            print(text("cli-rounds.lesson-invalid", path=path.name, error=exc))
            continue
        rulings = f" [{', '.join(sc.rulings)}]" if sc.rulings else ""
        print(f"{path if args.path else path.name}: {sc.title}{rulings}")
    return EXIT_OK
