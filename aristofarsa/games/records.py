"""Game records: a whole game as JSON (set-up + every decision), and replaying it.

A record holds what is needed to play the game again step for step (ruling M10): the
seed, the seats, the bots, the expansion and variants, the crown table if one replaced
the provisional one, and every decision in the order the engine asked for it, as
``{"kind", "player", "card", "value"}``. The outcome (rounds, end reason, ranking) is
stored too, and checked when the record is replayed::

    from aristofarsa.games import records
    game = play_game(4, seed=7, bots="greedy", trace=True)
    records.save(game, "game.json")
    again = records.replay(records.load("game.json"))      # identical trace
    assert again.trace.to_list() == game.trace.to_list()

Replaying does not run the bots: a :class:`ReplayDecider` answers every request from the
record and stops with a :class:`RecordError` naming the decision at fault when the game
asks something the record does not hold (a record for another engine version, or edited).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core import files
from ..core.decisions import DecisionError
from ..core.files import cut, short
from ..core.messages import Join, Msg, text

if TYPE_CHECKING:
    from ..core.decisions import Decider, Request
    from .game_result import GameResult

FORMAT = "aristofarsa-game-record"
VERSION = 1

__all__ = ["FORMAT", "VERSION", "RecordError", "ReplayDecider", "to_record", "save", "load",
           "from_json", "replay"]


class RecordError(ValueError):
    """An unreadable or invalid record, or a replay that diverges from it."""


def to_record(game: GameResult) -> dict[str, Any]:
    """The record of a finished game (a :class:`~aristofarsa.games.game.GameResult`)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "players": game.players,
        "names": list(game.names),
        "bots": list(game.bots),
        "expansion": game.expansion,
        "variants": list(game.variants),
        "crowns": dict(game.crowns_table) if game.crowns_table else None,
        "decisions": game.decisions,
        "result": {"rounds": game.rounds, "end_reason": game.end_reason,
                   "ranking": [list(p) for p in game.ranking]},
    }


def save(game: GameResult, path: str | Path) -> dict[str, Any]:
    """Write the game's record as JSON to ``path``; returns the record."""
    if game.rounds and not game.decisions:
        raise RecordError(text("record-error.not-recorded"))
    rec = to_record(game)
    Path(path).write_text(json.dumps(rec, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return rec


def load(path: str | Path) -> dict[str, Any]:
    """Read and check a record file; :class:`RecordError` says what is wrong."""
    try:
        data = files.parse_json(files.read_text(path, files.RECORD, files.MAX_RECORD_BYTES), str(path),
                                files.JSON_GAME_RECORD)
    except files.FileInputError as exc:
        raise RecordError(str(exc)) from None
    try:
        return from_json(data)
    except RecordError as exc:
        raise RecordError(text("record-error.in-file", path=path, error=exc)) from None


def from_json(data: Any) -> dict[str, Any]:
    """Check a record (already parsed JSON); returns it. Errors name the field at fault."""
    from ..core.variants import VARIANTS
    from ..scenario.validator import name_problem
    from .game_result import END_REASONS
    from .simulate import ALLOWED_BOTS, MAX_PLAYERS, MIN_PLAYERS
    if not isinstance(data, dict):
        raise RecordError(text("record-error.not-object"))
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError(text("record-error.format", got=short(data.get("format")),
                                     want=repr(FORMAT)))
    if "version" not in data:
        raise RecordError(text("record-error.no-version"))
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise RecordError(text("record-error.version", got=short(data.get("version")),
                               version=VERSION))
    for key in ("seed", "players", "names", "bots", "decisions"):
        if key not in data:
            raise RecordError(text("record-error.missing", field=repr(key)))
    seed, players = data["seed"], data["players"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise RecordError(text("record-error.seed", got=short(seed)))
    if isinstance(players, bool) or not isinstance(players, int) or \
            not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RecordError(text("record-error.players", low=MIN_PLAYERS, high=MAX_PLAYERS,
                               got=short(players)))
    names, bots = data["names"], data["bots"]
    if not isinstance(names, list) or len(names) != players or \
            not all(isinstance(n, str) and n for n in names):
        raise RecordError(text("record-error.names", count=players, got=short(names)))
    for n in names:
        problem = name_problem(n) or (None if n == n.strip() else text("record-error.name-spaces"))
        if problem:
            raise RecordError(text("record-error.name", name=short(n), problem=problem))
    if len({n.lower() for n in names}) != players:
        raise RecordError(text("record-error.names-case", count=players, got=short(names)))
    if not isinstance(bots, list) or len(bots) != players or \
            any(not isinstance(b, str) or b not in ALLOWED_BOTS for b in bots):
        raise RecordError(text("record-error.bots", count=players, bots=Join(ALLOWED_BOTS),
                               got=short(bots)))
    if not isinstance(data.get("expansion", False), bool):
        raise RecordError(text("record-error.expansion", got=short(data.get("expansion"))))
    variants = data.get("variants", [])
    if not isinstance(variants, list) or any(not isinstance(v, str) or v not in VARIANTS for v in variants):
        raise RecordError(text("record-error.variants", variants=Join(VARIANTS), got=short(variants)))
    crowns = data.get("crowns")
    if crowns is not None and (not isinstance(crowns, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**63 for v in crowns.values())):
        raise RecordError(text("record-error.crowns", got=short(crowns)))
    decisions = data["decisions"]
    if not isinstance(decisions, list):
        raise RecordError(text("record-error.decisions"))
    for k, d in enumerate(decisions):
        if not isinstance(d, dict) or not {"kind", "player", "value"} <= set(d):
            raise RecordError(text("record-error.decision", number=k + 1, got=short(d)))
    if "result" not in data:
        raise RecordError(text("record-error.no-result"))
    result = data["result"]
    places = result.get("ranking") if isinstance(result, dict) else None
    rounds = result.get("rounds") if isinstance(result, dict) else None
    if not isinstance(result, dict) or isinstance(rounds, bool) or not isinstance(rounds, int) \
            or result.get("end_reason") not in END_REASONS or not isinstance(places, list) \
            or not all(isinstance(p, list) and all(isinstance(n, str) for n in p) for p in places) \
            or sorted(n for p in places for n in p) != sorted(names):
        raise RecordError(text("record-error.result", reasons=Join(END_REASONS), got=short(result)))
    return data


class ReplayDecider:
    """Answers every request from a record's decisions, in order; errors on divergence."""

    auto = False
    needs_history = False

    def __init__(self, decisions: list[dict[str, Any]], hint: str | Msg = "") -> None:
        self.decisions = decisions
        self.i = 0
        self.hint = hint

    def decide(self, req: Request) -> Any:
        i = self.i
        if i >= len(self.decisions):
            raise RecordError(text("record-error.too-few", player=req.player, kind=req.kind,
                                   card=req.card or req.source, number=i + 1,
                                   count=len(self.decisions)))
        d = self.decisions[i]
        self.i = i + 1
        if d.get("kind") != req.kind or d.get("player") != req.player or \
                d.get("card") != req.card:
            raise RecordError(text("record-error.other-request", number=i + 1, player=req.player,
                                   kind=req.kind, card=req.card or req.source,
                                   their=cut(str(d.get("player"))), their_kind=cut(str(d.get("kind"))),
                                   their_card=cut(str(d.get("card") or "-")),
                                   value=short(d.get("value")), hint=self.hint))
        value = d.get("value")
        if not _same_type(req, value) or not req.legal(value):
            raise RecordError(text("record-error.illegal", number=i + 1, player=req.player,
                                   kind=req.kind, value=short(value),
                                   allowed=req.describe_options(), hint=self.hint))
        return value


def _same_type(req: Request, value: object) -> bool:
    """A recorded answer has the type of the options (5.0 is not the Witch's 5)."""
    if value is None:
        return True
    if req.kind == "keep":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    return any(type(value) is type(option) for option in req.options)


class _CheckedBot:
    """Answers from the record, and checks that the seat's labelled bot answers the same."""

    auto = False

    def __init__(self, bot: Decider, bot_name: str, record: ReplayDecider) -> None:
        self.bot, self.bot_name, self.record = bot, bot_name, record
        self.needs_history = getattr(bot, "needs_history", False)

    def decide(self, req: Request) -> Any:
        value = self.record.decide(req)
        own = self.bot.decide(req)
        if own != value:
            raise RecordError(text("record-error.bot-differs", number=self.record.i,
                                   player=req.player, kind=req.kind, value=short(value),
                                   bot=self.bot_name, own=short(own)))
        return value


def replay(record: dict[str, Any] | str | Path, trace: bool = True, check: bool = True,
           check_bots: bool = True) -> GameResult:
    """Play a record again (a dict from :func:`load`/:func:`to_record`, or a path).

    Returns the :class:`~aristofarsa.games.game.GameResult`; with ``trace`` (default) its trace
    is the full game trace, identical to the original game's. With ``check``, the outcome
    must match the record's ``result`` and every decision must be used. With
    ``check_bots``, each seat's bot (seeded as in the original game) is run alongside and
    must make the recorded decision, so the record's ``bots`` label is verified too.
    """
    from .game import Game, GameError
    if isinstance(record, (str, Path)):
        record = load(record)
    else:
        record = from_json(record)
    hint = Msg("record-error.seed-hint", {"seed": record["seed"]})
    dec = ReplayDecider(record["decisions"], hint)
    names = record["names"]
    try:
        game = Game(record["players"], record["seed"], record["bots"],
                    expansion=record.get("expansion", False), variants=record.get("variants", []),
                    trace=trace, names=names,
                    decider_overrides=None if check_bots else {n: dec for n in names},
                    record=True, crowns=record.get("crowns"))
        if check_bots:
            seats = game.decider.seats
            for k, name in enumerate(names):
                seats[name] = _CheckedBot(seats[name], record["bots"][k], dec)
        result = game.run()
    except DecisionError as exc:
        raise RecordError(text("record-error.diverges", number=dec.i, error=exc, hint=hint)) from None
    except GameError as exc:
        raise RecordError(str(exc)) from None
    if check:
        if dec.i != len(record["decisions"]):
            raise RecordError(text("record-error.too-many", number=dec.i,
                                   count=len(record["decisions"]), hint=hint))
        want = record["result"]
        got: dict[str, Any] = {"rounds": result.rounds, "end_reason": result.end_reason,
               "ranking": [list(p) for p in result.ranking]}
        for key in ("rounds", "end_reason", "ranking"):
            w, g = want[key], got[key]
            if key == "ranking":
                w, g = [sorted(p) for p in w], [sorted(p) for p in g]
            if w != g:
                raise RecordError(text("record-error.result-differs", key=key, got=short(got[key]),
                                       want=short(want[key])))
    return result
