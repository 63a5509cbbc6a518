"""What if one player had done something else in Phase 2?

:func:`what_if` lists every legal Phase-2 alternative of one player — each card they could
Conspire with each legal choice of its effect, each Noble they could Convoke — with everyone
else's choices held fixed, and who wins and what scores in each. The alternatives are found
by asking the engine itself: the round is replayed with a decider that answers that player's
Phase-2 requests from a list and, at the first request not on the list, stops and branches on
its legal options. Each alternative carries the full scenario TOML that plays it (the file
with only that player's table changed), so it can be resolved and checked on its own.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any

from .. import decisions as D
from ..decisions import DecisionError, Request
from ..draw import draw_step
from ..round import Round
from ..scenario import Scenario, ScenarioDecider, ScenarioError, build_players
from ..trace import Phase, Trace

#: Requests that belong to a player's Phase-2 action (answered in the `conspire`/`convoke` table).
_ACTION_KINDS = (D.ACTION, D.CONSPIRE, D.TAKE)
MAX_ALTERNATIVES = 400


class WhatIfError(ValueError):
    """The round or the player asked about cannot be analysed (the message says why)."""


@dataclass
class Alternative:
    summary: str
    table: dict[str, Any]               # the player's Phase-2 keys in the scenario file
    scenario: str                       # full TOML of the round with this alternative
    winners: list[str] | None = None
    scored: dict[str, list[str]] | None = None
    actual: bool = False
    error: str | None = None

    def outcome_key(self) -> tuple[Any, ...]:
        if self.error is not None:
            return ("error",)
        scored = tuple(sorted((p, tuple(sorted(c))) for p, c in (self.scored or {}).items()))
        return (tuple(self.winners or []), scored)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"summary": self.summary, "scenario": self.scenario}
        if self.error is not None:
            out["error"] = self.error
        else:
            out["winners"] = self.winners
            out["scored"] = self.scored
        out["actual"] = self.actual
        return out


@dataclass
class WhatIf:
    player: str
    alternatives: list[Alternative] = field(default_factory=list)
    garden: bool = False      # the Garden card varies too

    def groups(self) -> list[list[Alternative]]:
        """Alternatives with the same outcome (winners and scored cards), in first-seen order."""
        out: dict[tuple[Any, ...], list[Alternative]] = {}
        for alt in self.alternatives:
            out.setdefault(alt.outcome_key(), []).append(alt)
        return list(out.values())

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "alternatives": [a.to_json() for a in self.alternatives]}

    def _repr_html_(self) -> str:
        from ..render.analysis import whatif_html
        return whatif_html(self)


class _Branch(Exception):
    def __init__(self, request: Request) -> None:
        super().__init__(request.kind)
        self.request = request


class _Forced:
    """The scenario's own answers for everyone, except this player's Phase-2 requests: those
    come from ``answers``; the first one past the list stops the round with :class:`_Branch`."""

    auto = False

    def __init__(self, sc: Scenario, player: str, answers: list[Any], garden: bool = False) -> None:
        self.base = ScenarioDecider(sc)
        self.player = player
        self.answers = answers
        self.garden = garden
        self.asked: list[Request] = []

    def ours(self, req: Request) -> bool:
        if req.owner != self.player or req.kind == D.KEEP:
            return False
        if self.garden and (req.kind == D.GARDEN or req.source == "garden"):
            return True
        return req.kind in _ACTION_KINDS or req.source == "conspire"

    def decide(self, req: Request) -> Any:
        if not self.ours(req):
            return self.base.decide(req)
        k = len(self.asked)
        if k == len(self.answers):
            raise _Branch(req)
        self.asked.append(req)
        return self.answers[k]


def _play(sc: Scenario, decider: Any) -> Any:
    players, rng = build_players(sc)
    names = [p.name for p in sc.players]
    r = Round(players, names.index(sc.first), decider, variants=sc.variants,
              expansion=sc.expansion, rng=rng, trace=Trace(False), final_round=sc.final_round,
              crowns=sc.crowns)
    result = r.play()
    if sc.next_draw and not result.game_over:   # the Oracle's `keep` is asked at the next Draw
        r.phase = Phase.DRAW
        r.step_id = ("draw", 0)  # type: ignore[assignment]
        draw_step(r, names.index(result.next_first), [names.index(n) for n in result.oracle_draw])
    return result


def _options(req: Request) -> list[Any]:
    opts = list(req.options)
    if req.optional:
        opts.append(None)
    return opts


def _leaves(sc: Scenario, player: str, garden: bool = False) -> list[tuple[list[Request], list[Any], Any]]:
    """Every complete answer list of the player's Phase-2 requests, with its result or error."""
    out: list[tuple[list[Request], list[Any], Any]] = []
    stack: list[list[Any]] = [[]]
    runs = 0
    while stack:
        answers = stack.pop()
        decider = _Forced(sc, player, answers, garden)
        runs += 1
        if runs > MAX_ALTERNATIVES * 4:
            raise WhatIfError(f"more than {MAX_ALTERNATIVES} alternatives; not listed")
        try:
            result = _play(sc, decider)
        except _Branch as branch:
            for option in reversed(_options(branch.request)):
                stack.append([*answers, option])
            continue
        except DecisionError as exc:
            result = exc
        out.append((list(decider.asked), answers, result))
    return out


def _table(reqs: list[Request], answers: list[Any], hand: list[str]) -> dict[str, Any] | None:
    """The player's Phase-2 keys in a scenario file for these answers (None: not writable)."""
    choices: dict[str, Any] = {}
    replay: dict[str, Any] = {}
    garden_choices: dict[str, Any] = {}
    action, card, take, garden = None, None, None, None
    for req, value in zip(reqs, answers, strict=False):
        if req.kind == D.GARDEN:
            garden = value
        elif req.source == "garden":
            if value is not None:
                garden_choices[req.kind] = value
        elif req.kind == D.ACTION:
            action = value
        elif req.kind == D.CONSPIRE:
            card = value
        elif req.kind == D.TAKE:
            take = value
        elif req.kind == D.KEEP:
            continue
        else:
            if req.kind == D.EXCHANGE and value is None:
                value = False
            if value is None:
                continue
            (replay if req.replay else choices)[req.kind] = value
    head: dict[str, Any] = {}
    if garden is not None:
        head["garden"] = {"card": garden, **garden_choices} if garden_choices else garden
    if action == "convoke":
        out: dict[str, Any] = {"discard": list(hand)}
        if take is not None:
            out["take"] = take
        return {**head, "convoke": out}
    if card is None:
        return {**head, "passes": True} if head and action is None else None
    conspire = {"card": card, **choices}
    if replay:
        conspire["replay"] = replay
    return {**head, "conspire": conspire}


def _summary(table: dict[str, Any]) -> str:
    if "garden" in table:
        g = table["garden"]
        card = g if isinstance(g, str) else g["card"]
        extra = "" if isinstance(g, str) else " (" + ", ".join(
            f"{k} {v}" for k, v in g.items() if k != "card") + ")"
        rest = {k: v for k, v in table.items() if k != "garden"}
        return f"Garden {card}{extra}, then " + (_summary(rest) if rest else "nothing")
    if "passes" in table:
        return "Pass (no legal action, P8)"
    if "convoke" in table:
        c = table["convoke"]
        take = c.get("take")
        return (f"Convoke the {take}" if take else "Convoke (takes nothing)") + \
            f", discarding {', '.join(c['discard']) or 'nothing'}"
    c = dict(table["conspire"])
    card = c.pop("card")
    replay = c.pop("replay", None)
    bits = []
    for key, value in c.items():
        if key == "delta" and isinstance(value, int):
            bits.append(f"{value:+d}")
        elif key == "target":
            bits.append(f"on {value}")
        elif key == "exchange":
            bits.append("no exchange" if value is False else f"exchange for {value}")
        else:
            bits.append(f"{key} {value}")
    if replay:
        bits.append("in the replay " + ", ".join(f"{k} {v}" for k, v in replay.items()))
    return f"Conspire {card}" + (" " + " ".join(bits) if bits else "")


def _held(spec_table: dict[str, Any], garden: bool = False) -> tuple[list[str], list[str]]:
    """(Phase-2 cards, hand) of a player table as written: the cards the action draws from
    (with ``garden``, the Garden card too)."""
    hand = list(spec_table.get("hand") or [])
    phase2: list[str] = []
    if garden:
        g = spec_table.get("garden")
        phase2.append(str(g.get("card")) if isinstance(g, dict) else str(g))
    if isinstance(spec_table.get("conspire"), dict):
        phase2.append(str(spec_table["conspire"].get("card")))
    elif isinstance(spec_table.get("conspire"), str):
        phase2.append(spec_table["conspire"])
    if isinstance(spec_table.get("convoke"), dict):
        phase2 += [str(c) for c in spec_table["convoke"].get("discard") or []]
    return phase2, hand


def _rewrite(table: dict[str, Any], alt: dict[str, Any], spent: list[str]) -> dict[str, Any]:
    """The player's table with the alternative's Phase-2 keys, and the other cards in `hand`."""
    phase2, hand = _held(table, "garden" in alt)
    pool = phase2 + hand
    for c in spent:
        for k, have in enumerate(pool):
            if have.lower() == c.lower():
                del pool[k]
                break
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key in ("conspire", "convoke", "passes"):
            out.update({k: v for k, v in alt.items() if k != "garden"})
        elif key == "garden" and "garden" in alt:
            out["garden"] = alt["garden"]
        elif key != "hand":
            out[key] = value
    out.update(alt)
    if pool or "hand" in table:
        out["hand"] = pool
    return out


def _dumps(data: dict[str, Any]) -> str:
    from ..scenario_toml import dumps
    return dumps(data)


def what_if(text: str, sc: Scenario, player: str, garden: bool = False) -> WhatIf:
    """Every legal Phase-2 alternative of ``player`` in the round of scenario ``text`` (with
    ``garden``, also every Garden card they could have played, with its choices)."""
    name = next((p.name for p in sc.players if p.name.lower() == player.strip().lower()), None)
    if name is None:
        raise WhatIfError(f"unknown player {player!r}; players are "
                          f"{', '.join(p.name for p in sc.players)}")
    data = tomllib.loads(text)
    tables = data.get("player") or []
    index = [p.name for p in sc.players].index(name)
    table = tables[index]
    spec = sc.players[index]
    actual = _actual(spec, garden)
    out = WhatIf(name, garden=garden)
    try:
        leaves = _leaves(sc, name, garden)
    except ScenarioError as exc:
        raise WhatIfError(str(exc)) from None
    for reqs, answers, result in leaves:
        action = next((r for r in reqs if r.kind == D.ACTION), None)
        hand = [str(c) for c in (action.context or [])] if action is not None else []
        alt_table = _table(reqs, answers, hand)
        if alt_table is None:
            if not reqs:   # no Phase-2 action at all (P8): the file's own pass
                alt_table = {"passes": True}
            else:
                continue
        spent = ([alt_table["conspire"]["card"]] if "conspire" in alt_table
                 else list(alt_table.get("convoke", {}).get("discard", [])))
        if "garden" in alt_table:
            g = alt_table["garden"]
            spent.insert(0, g if isinstance(g, str) else g["card"])
            if isinstance(g, dict) and isinstance(g.get("discard"), str):
                spent.append(g["discard"])     # a Garden Scribe's discard is written there (X4)
        new_table = _rewrite(table, alt_table, spent)
        new_data = dict(data)
        new_data["player"] = [new_table if k == index else t for k, t in enumerate(tables)]
        new_data.pop("expect", None)
        alt = Alternative(_summary(alt_table), alt_table, _dumps(new_data))
        problem = _unwritable(alt.scenario) if garden else None
        if problem is not None:
            alt.error = problem
        elif isinstance(result, DecisionError):
            alt.error = str(result)
        else:
            alt.winners = list(result.winners)
            alt.scored = {k: list(v) for k, v in result.scored.items()}
        alt.actual = _same_action(alt_table, actual)
        out.alternatives.append(alt)
    return out


def _unwritable(text: str) -> str | None:
    """The validator's message when an alternative cannot be written as a scenario file (a Garden
    Scribe's draw must be listed, X4), else None."""
    from ..scenario import loads
    try:
        loads(text, "alternative")
    except ScenarioError as exc:
        return str(exc)
    return None


def _actual(spec: Any, garden: bool = False) -> dict[str, Any]:
    head: dict[str, Any] = {}
    if garden:
        head["garden"] = ({"card": spec.garden, **spec.garden_choices} if spec.garden_choices
                          else spec.garden)
    if spec.passes:
        return {**head, "passes": True}
    if spec.convoke:
        return {**head, "convoke": {"discard": sorted(spec.convoke["discard"]),
                                    "take": spec.convoke["take"]}}
    return {**head, "conspire": {"card": spec.conspire, **spec.conspire_choices}}


def _norm(value: Any) -> Any:
    if isinstance(value, str):
        return value.strip().lower()
    if isinstance(value, dict):
        return {k: _norm(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted(_norm(v) for v in value)
    return value


def _same_action(alt: dict[str, Any], actual: dict[str, Any]) -> bool:
    if "garden" in alt or "garden" in actual:
        ga, gb = alt.get("garden"), actual.get("garden")
        ga = {"card": ga} if isinstance(ga, str) else dict(ga or {})
        gb = {"card": gb} if isinstance(gb, str) else dict(gb or {})
        for d in (ga, gb):
            for key in [k for k, v in d.items() if v is None]:
                d.pop(key)
        if _norm(ga) != _norm(gb):
            return False
        alt = {k: v for k, v in alt.items() if k != "garden"}
        actual = {k: v for k, v in actual.items() if k != "garden"}
    if "convoke" in alt and "convoke" in actual:
        return _norm(alt["convoke"].get("take")) == _norm(actual["convoke"].get("take"))
    if "conspire" in alt and "conspire" in actual:
        a, b = dict(alt["conspire"]), dict(actual["conspire"])
        for d in (a, b):
            if d.get("exchange") is False:
                d.pop("exchange")
            for key in [k for k, v in d.items() if v is None]:
                d.pop(key)
        b.pop("replay", None) if "replay" not in a else None
        return _norm(a) == _norm(b)
    return "passes" in alt and "passes" in actual
