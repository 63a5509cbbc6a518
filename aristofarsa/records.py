"""Game records: a whole game as JSON (set-up + every decision), and replaying it.

A record holds what is needed to play the game again step for step (ruling M10): the
seed, the seats, the bots, the expansion and variants, the crown table if one replaced
the provisional one, and every decision in the order the engine asked for it, as
``{"kind", "player", "card", "value"}``. The outcome (rounds, end reason, ranking) is
stored too, and checked when the record is replayed::

    from aristofarsa import records
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

from .decisions import DecisionError

FORMAT = "aristofarsa-game-record"
VERSION = 1

__all__ = ["FORMAT", "VERSION", "RecordError", "ReplayDecider", "to_record", "save", "load",
           "from_json", "replay"]


class RecordError(ValueError):
    """An unreadable or invalid record, or a replay that diverges from it."""


def to_record(game) -> dict:
    """The record of a finished game (a :class:`~aristofarsa.game.GameResult`)."""
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


def save(game, path) -> dict:
    """Write the game's record as JSON to ``path``; returns the record."""
    if game.rounds and not game.decisions:
        raise RecordError("this game was played with record=False: it has no decisions to save")
    rec = to_record(game)
    Path(path).write_text(json.dumps(rec, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return rec


def load(path) -> dict:
    """Read and check a record file; :class:`RecordError` says what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read the record ({exc.__class__.__name__}: {exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not a JSON game record ({exc})") from None
    try:
        return from_json(data)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def from_json(data) -> dict:
    """Check a record (already parsed JSON); returns it. Errors name the field at fault."""
    from .simulate import ALLOWED_BOTS, MAX_PLAYERS, MIN_PLAYERS
    from .variants import VARIANTS
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError(f"format {data.get('format')!r} is not {FORMAT!r}")
    if "version" not in data:
        raise RecordError("not a game record: missing field 'version'")
    if data.get("version") != VERSION:
        raise RecordError(f"record version {data.get('version')!r} is not supported "
                          f"(this engine reads version {VERSION})")
    for key in ("seed", "players", "names", "bots", "decisions"):
        if key not in data:
            raise RecordError(f"missing field {key!r}")
    seed, players = data["seed"], data["players"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"seed must be an integer, got {seed!r}")
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RecordError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS} (ruling M8), got {players!r}")
    names, bots = data["names"], data["bots"]
    if not isinstance(names, list) or len(names) != players or len(set(map(str, names))) != players \
            or not all(isinstance(n, str) and n for n in names):
        raise RecordError(f"names must be {players} different names, got {names!r}")
    if not isinstance(bots, list) or len(bots) != players or any(b not in ALLOWED_BOTS for b in bots):
        raise RecordError(f"bots must list {players} bot names ({', '.join(ALLOWED_BOTS)}), got {bots!r}")
    if not isinstance(data.get("expansion", False), bool):
        raise RecordError(f"expansion must be true or false, got {data.get('expansion')!r}")
    variants = data.get("variants", [])
    if not isinstance(variants, list) or any(v not in VARIANTS for v in variants):
        raise RecordError(f"variants must be a list of {', '.join(VARIANTS)}; got {variants!r}")
    crowns = data.get("crowns")
    if crowns is not None and (not isinstance(crowns, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in crowns.values())):
        raise RecordError(f"crowns must be a table of card = whole number, got {crowns!r}")
    decisions = data["decisions"]
    if not isinstance(decisions, list):
        raise RecordError("decisions must be a list")
    for k, d in enumerate(decisions):
        if not isinstance(d, dict) or not {"kind", "player", "value"} <= set(d):
            raise RecordError(f"decision {k + 1} must be an object with kind, player, card, value; "
                              f"got {d!r}")
    return data


class ReplayDecider:
    """Answers every request from a record's decisions, in order; errors on divergence."""

    auto = False
    needs_history = False

    def __init__(self, decisions: list[dict]):
        self.decisions = decisions
        self.i = 0

    def decide(self, req):
        i = self.i
        if i >= len(self.decisions):
            raise RecordError(f"the record diverges: the game asks {req.player} for a "
                              f"{req.kind} ({req.card or req.source}) as decision {i + 1}, but "
                              f"the record holds only {len(self.decisions)} decisions")
        d = self.decisions[i]
        self.i = i + 1
        if d.get("kind") != req.kind or d.get("player") != req.player or \
                d.get("card") != req.card:
            raise RecordError(f"the record diverges at decision {i + 1}: the game asks "
                              f"{req.player} for a {req.kind} ({req.card or req.source}), the "
                              f"record has {d.get('player')}'s {d.get('kind')} "
                              f"({d.get('card') or '-'}) = {d.get('value')!r}")
        value = d.get("value")
        if not req.legal(value):
            raise RecordError(f"the record diverges at decision {i + 1}: {req.player}'s "
                              f"{req.kind} = {value!r} is not legal here; allowed: "
                              f"{req.describe_options()}")
        return value


def replay(record, trace: bool = True, check: bool = True):
    """Play a record again (a dict from :func:`load`/:func:`to_record`, or a path).

    Returns the :class:`~aristofarsa.game.GameResult`; with ``trace`` (default) its trace
    is the full game trace, identical to the original game's. With ``check``, the outcome
    must match the record's ``result`` and every decision must be used.
    """
    from .game import Game, GameError
    if isinstance(record, (str, Path)):
        record = load(record)
    else:
        record = from_json(record)
    dec = ReplayDecider(record["decisions"])
    names = record["names"]
    try:
        game = Game(record["players"], record["seed"], record["bots"],
                    expansion=record.get("expansion", False), variants=record.get("variants", []),
                    trace=trace, names=names, decider_overrides={n: dec for n in names},
                    record=True, crowns=record.get("crowns"))
        result = game.run()
    except DecisionError as exc:
        raise RecordError(f"the record diverges at decision {dec.i}: {exc}") from None
    except GameError as exc:
        raise RecordError(str(exc)) from None
    if check:
        if dec.i != len(record["decisions"]):
            raise RecordError(f"the record diverges: the game ended after {dec.i} decisions, the "
                              f"record holds {len(record['decisions'])}")
        want = record.get("result")
        if want:
            got = {"rounds": result.rounds, "end_reason": result.end_reason,
                   "ranking": [list(p) for p in result.ranking]}
            for key in ("rounds", "end_reason", "ranking"):
                if key in want and want[key] != got[key]:
                    raise RecordError(f"the replayed game differs from the record: {key} is "
                                      f"{got[key]!r}, the record says {want[key]!r}")
    return result
