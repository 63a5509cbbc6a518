"""`aristofarsa play`, `aristofarsa replay` and `aristofarsa simulate` (whole games).

Invalid input raises :class:`aristofarsa.cli.UsageError`; ``cli.main`` prints its message
on stderr and exits with code 2 (argparse's own errors exit 2 as well).
"""
from __future__ import annotations

import json
import sys

from ..core.messages import Join, text
from ..games.game import MAX_PLAYERS, MIN_PLAYERS
from .args import UsageError, variant, whole_number


def add_commands(sub) -> None:
    """Register the whole-game commands on the main parser's subparsers."""
    from ..core.variants import VARIANTS
    from ..games.simulate import ALLOWED_BOTS
    bots_help = text("cli-help.play.bots", bots=Join(ALLOWED_BOTS), default="random")
    variant_help = text("cli-help.play.variant", variants=Join(VARIANTS))

    p = sub.add_parser("play", help=text("cli-help.play.help"),
                       description=text("cli-help.play.description"))
    p.add_argument("--players", type=whole_number("--players"), required=True, metavar="N",
                   help=text("cli-help.play.players", min=MIN_PLAYERS, max=MAX_PLAYERS))
    p.add_argument("--seed", type=whole_number("--seed"), default=0, metavar="S",
                   help=text("cli-help.play.seed"))
    p.add_argument("--expansion", action="store_true", help=text("cli-help.play.expansion"))
    p.add_argument("--bots", default="random", metavar="NAME[,NAME...]", help=bots_help)
    p.add_argument("--variant", action="append", default=[], type=variant, metavar="NAME",
                   help=variant_help)
    p.add_argument("--json", action="store_true", help=text("cli-help.play.json"))
    p.add_argument("--record", metavar="FILE", help=text("cli-help.play.record"))
    p.add_argument("--trace", action="store_true", help=text("cli-help.play.trace"))
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help=text("cli-help.replay.help"),
                       description=text("cli-help.replay.description"))
    p.add_argument("file", help=text("cli-help.replay.file"))
    p.add_argument("--json", action="store_true", help=text("cli-help.replay.json"))
    p.add_argument("--trace", action="store_true", help=text("cli-help.replay.trace"))
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help=text("cli-help.simulate.help"),
                       description=text("cli-help.simulate.description"))
    p.add_argument("--games", type=whole_number("--games"), required=True, metavar="N",
                   help=text("cli-help.simulate.games"))
    p.add_argument("--players", type=whole_number("--players"), required=True, metavar="K",
                   help=text("cli-help.simulate.players", min=MIN_PLAYERS, max=MAX_PLAYERS))
    p.add_argument("--bots", default="random", metavar="NAME[,NAME...]", help=bots_help)
    p.add_argument("--seed", type=whole_number("--seed"), default=0, metavar="S",
                   help=text("cli-help.simulate.seed"))
    p.add_argument("--workers", type=whole_number("--workers"), default=1, metavar="W",
                   help=text("cli-help.simulate.workers"))
    p.add_argument("--scheduler", metavar="ADDRESS", help=text("cli-help.simulate.scheduler"))
    p.add_argument("--expansion", action="store_true", help=text("cli-help.play.expansion"))
    p.add_argument("--variant", action="append", default=[], type=variant, metavar="NAME",
                   help=variant_help)
    p.add_argument("--json", action="store_true", help=text("cli-help.simulate.json"))
    p.add_argument("--no-progress", action="store_true", help=text("cli-help.simulate.no-progress"))
    p.set_defaults(func=cmd_simulate)


EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C


# ------------------------------------------------------------------ helpers
def _usage(msg: str) -> UsageError:
    return UsageError(msg)


def _check_seed(seed: int) -> None:
    if seed < 0:
        raise _usage(text("cli-games.seed", seed=seed))


def _check_players(n: int) -> int:
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise _usage(text("cli-games.players", min=MIN_PLAYERS, max=MAX_PLAYERS, players=n))
    return n


def _bots(value: str, players: int) -> list[str]:
    from ..games.simulate import normalize_bots
    try:
        return list(normalize_bots(value, players))
    except ValueError as exc:
        msg = str(exc)
        said = getattr(exc, "names_bots", False)       # the message names `bots` itself
        raise _usage(msg if said else text("cli-games.bots", error=msg)) from None


def _print_game(game, as_json: bool, trace: bool) -> None:
    if as_json:
        sys.stdout.write(json.dumps(game.to_json(trace=trace), ensure_ascii=False) + "\n")
    else:
        print(game.to_text(trace=trace))


# ------------------------------------------------------------------ commands
def cmd_play(args) -> int:
    from ..games.game import GameError, play_game
    _check_seed(args.seed)
    players = _check_players(args.players)
    bots = _bots(args.bots, players)
    try:
        game = play_game(players, args.seed, bots, expansion=args.expansion,
                         variants=tuple(args.variant), trace=args.trace)
    except GameError as exc:
        raise _usage(str(exc)) from None
    if args.record:
        from ..games import records
        try:
            records.save(game, args.record)
        except OSError as exc:
            raise _usage(text("cli-games.record", path=args.record, error=exc)) from None
    _print_game(game, args.json, args.trace)
    return 0


def cmd_replay(args) -> int:
    from ..games import records
    try:
        record = records.load(args.file)
        game = records.replay(record, trace=True)
    except records.RecordError as exc:
        msg = str(exc)
        if not msg.startswith(str(args.file)):
            msg = text("cli-games.in-file", path=args.file, error=msg)
        raise _usage(msg) from None
    _print_game(game, args.json, args.trace)
    return 0


def cmd_simulate(args) -> int:
    try:
        return _simulate(args)
    except KeyboardInterrupt:
        print(text("cli-games.interrupted"), file=sys.stderr)
        return EXIT_INTERRUPTED


def _simulate(args) -> int:
    from ..games.simulate import MAX_GAMES, simulate
    if args.games < 0:
        raise _usage(text("cli-games.games-negative", games=args.games))
    if args.games > MAX_GAMES:
        raise _usage(text("cli-games.games-too-many", max=MAX_GAMES, games=args.games))
    _check_seed(args.seed)
    players = _check_players(args.players)
    bots = _bots(args.bots, players)
    if args.scheduler is None and args.workers < 1:
        raise _usage(text("cli-games.workers", workers=args.workers))
    try:
        stats = simulate(args.games, players, bots=bots, seed=args.seed,
                         expansion=args.expansion, variants=tuple(args.variant),
                         workers=args.workers, scheduler=args.scheduler,
                         progress=not args.no_progress)
    except ImportError as exc:
        raise _usage(str(exc)) from None
    except ValueError as exc:
        raise _usage(str(exc)) from None
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 — a cluster's failure is reported, not a traceback
        if args.scheduler is None:
            raise
        raise _usage(text("cli-games.cluster", address=args.scheduler, kind=exc.__class__.__name__,
                          error=str(exc).splitlines()[0] if str(exc) else "")) from None
    if args.json:
        sys.stdout.write(json.dumps(stats.to_json(), ensure_ascii=False) + "\n")
    else:
        print(stats.to_table())
    return 0
