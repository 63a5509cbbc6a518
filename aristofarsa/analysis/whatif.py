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

import copy
import itertools
from dataclasses import dataclass, field
from typing import Any

from ..core import decisions as D
from ..core import files
from ..core.decisions import DecisionError, Request
from ..core.messages import Join, Msg
from ..core.messages import text as text_of
from ..core.round import Round
from ..core.trace import Trace
from ..scenario import Scenario, ScenarioDecider, ScenarioError, build_players
from ..scenario.model import inside_file
from ..scenario.zones import garden_handed_back
from .compare import game_words
from .outcome import card_names

#: Requests that belong to a player's Phase-2 action (answered in the `conspire`/`convoke` table).
_ACTION_KINDS = (D.ACTION, D.CONSPIRE, D.TAKE)
#: Requests a player's table answers that an alternative may re-decide when it makes the
#: file's answer illegal (or needs one the file never gave): every effect choice.
_NOT_REDECIDED = (D.GARDEN, D.ACTION, D.CONSPIRE)
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
    winning: list[str] = field(default_factory=list)     # "Caio's Aristocrat": the winning card(s)
    next_first: str | None = None                        # who starts the next round (M2)
    #: other players' choices this alternative made illegal (or needed anew), re-decided:
    #: "Dora's Bishop would then have cancelled Bruno's Witch"
    then: list[str] = field(default_factory=list)
    #: why ``scenario`` is not a file the validator takes, for a line the engine plays but a
    #: scenario file cannot write (a card back in its owner's hand and played again: the file
    #: lists each card once), else None; ``winners`` and the rest are then the engine's
    unwritable: str | None = None
    #: with ``error``: why, in game words, for the tables ("Bruno would no longer hold the
    #: Squire ..."); ``error`` (and the JSON) keep the engine's message
    reason: str = ""

    def outcome_key(self) -> tuple[Any, ...]:
        if self.error is not None:       # one line per reason: the tables show the group's first
            return ("error", self.reason or self.error)
        scored = tuple(sorted((p, tuple(sorted(c))) for p, c in (self.scored or {}).items()))
        return (tuple(self.winners or []), scored)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"summary": self.summary, "scenario": self.scenario}
        if self.error is not None:
            out["error"] = self.error
        else:
            out["winners"] = self.winners
            out["scored"] = self.scored
            out["winning_cards"] = list(self.winning)
            out["next_first"] = self.next_first
        if self.unwritable is not None:
            out["unwritable"] = self.unwritable
        out["actual"] = self.actual
        out["then"] = list(self.then)
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


Key = tuple[str, str, str, bool]     # (owner, source, kind, replay): where a file holds an answer


def _key(req: Request) -> Key:
    return (req.owner, req.source, req.kind, bool(req.replay))


class _Forced:
    """The scenario's own answers for everyone, except this player's Phase-2 requests: those
    come from ``answers``; the first one past the list stops the round with :class:`_Branch`.

    Another player's choice that the alternative makes illegal (or that the file never had to
    give, e.g. a choice made again in a Bishop's replay) is re-decided the same way: it takes
    the next answer of the list, and every later request the file answers at the same place
    gets that answer too, exactly as the rewritten file will give it."""

    auto = False

    def __init__(self, sc: Scenario, player: str, answers: list[Any], garden: bool = False) -> None:
        self.base = ScenarioDecider(sc)
        self.player = player
        self.answers = answers
        self.garden = garden
        self.asked: list[Request] = []
        self.redecided: set[int] = set()     # positions in ``asked`` of other players' choices
        self.overrides: dict[Key, Any] = {}  # what the rewritten file answers instead
        self.then: list[str] = []
        self.round: Round | None = None

    def ours(self, req: Request) -> bool:
        if req.owner != self.player or req.kind == D.KEEP:
            return False
        if self.garden and (req.kind == D.GARDEN or req.source == "garden"):
            return True
        return req.kind in _ACTION_KINDS or req.source == "conspire"

    def next_answer(self, req: Request) -> Any:
        k = len(self.asked)
        if k == len(self.answers):
            raise _Branch(req)
        self.asked.append(req)
        return self.answers[k]

    def decide(self, req: Request) -> Any:
        if self.ours(req):
            return self.next_answer(req)
        key = _key(req)
        if key in self.overrides:
            value = self.overrides[key]
            if not req.legal(value):
                raise req.illegal(value)
            return value
        try:
            value = self.base.decide(req)
            legal = req.legal(value)
        except DecisionError:
            if req.kind in _NOT_REDECIDED:
                raise
            legal = False
        if legal:
            if req.owner == self.player and req.kind == D.KEEP:   # their own table: written again
                self.overrides[key] = value
            return value
        if req.kind in _NOT_REDECIDED:
            raise req.illegal(value)
        self.redecided.add(len(self.asked))
        value = self.next_answer(req)
        self.overrides[key] = value
        if req.owner != self.player:
            self.then.append(_then_text(req, value, self.round))
        return value


def _then_text(req: Request, value: Any, r: Round | None) -> str:
    """What a re-decided choice does: "Dora's Bishop would then have cancelled Bruno's Witch"."""
    owned = Msg("card.owned", {"owner": req.owner, "card": req.card}) if req.card else req.owner
    kind = req.kind
    said: Msg
    if kind == D.TARGET and isinstance(value, str):
        said = Msg("whatif-then.targeted", {"who": owned, "target": value})
        if r is not None:
            p = r.index_of(value)
            if req.card == "Bishop" and r.entry_of[p] >= 0:
                said = Msg("whatif-then.cancelled", {"who": owned, "target": value,
                                                     "card": r.balcony[r.entry_of[p]].card.name})
            elif r.slot_of[p] >= 0:
                said = Msg("whatif-then.targeted-card", {"who": owned, "target": value,
                                                         "card": r.garden[r.slot_of[p]].card.name})
    else:
        subject, done, not_done = _THEN.get(kind, ("card", "whatif-then.other", None))
        who = {"card": owned, "chooser": req.player, "owner": req.owner}[subject]
        if value is None and not_done is not None:
            said = Msg(not_done, {"who": who})
        else:
            kept = Join(value) if isinstance(value, list) else value
            said = Msg(done, {"who": who, "value": value, "kept": kept, "card": owned,
                              "kind": kind})
    return str(Msg("whatif-then.in-replay", {"then": said}) if req.replay else said)


#: How a re-decided choice reads: (who is named: the card, its chooser or its owner; the
#: message of what it does; the message of not choosing, for an optional choice).
_THEN: dict[str, tuple[str, str, str | None]] = {
    D.DELTA: ("card", "whatif-then.delta", None),
    D.EXCHANGE: ("card", "whatif-then.exchange", "whatif-then.no-exchange"),
    D.GIVE: ("chooser", "whatif-then.give", None),
    D.PEEK: ("card", "whatif-then.peek", "whatif-then.no-peek"),
    D.KEEP: ("owner", "whatif-then.keep", None),
    D.TAKE: ("owner", "whatif-then.take", None),
    D.ALSO_SCORE: ("card", "whatif-then.also-score", "whatif-then.no-also-score"),
    D.REVEAL: ("chooser", "whatif-then.reveal", None),
    D.DISCARD: ("card", "whatif-then.discard", None),
}


def _play(sc: Scenario, decider: Any) -> Any:
    players, rng = build_players(sc)
    names = [p.name for p in sc.players]
    r = Round(players, names.index(sc.first), decider, variants=sc.variants,
              expansion=sc.expansion, rng=rng, trace=Trace(False), final_round=sc.final_round,
              crowns=sc.crowns)
    decider.round = r
    result = r.play()
    if sc.next_draw and not result.game_over:   # the Oracle's `keep` is asked at the next Draw
        r.next_draw(result)
    return result


def _options(req: Request) -> list[Any]:
    if req.kind == D.KEEP:          # every distinct choice of n cards of the pool
        pool, n = req.options
        return [list(c) for c in sorted({tuple(sorted(c)) for c in itertools.combinations(pool, n)})]
    opts = list(req.options)
    if req.optional:
        opts.append(None)
    return opts


def _leaves(sc: Scenario, player: str, garden: bool = False) -> list[tuple[_Forced, list[Any], Any]]:
    """Every complete answer list of the player's Phase-2 requests (and of the choices they
    make others re-decide), with the decider that played it and its result or error."""
    out: list[tuple[_Forced, list[Any], Any]] = []
    stack: list[list[Any]] = [[]]
    runs = 0
    while stack:
        answers = stack.pop()
        decider = _Forced(sc, player, answers, garden)
        runs += 1
        if runs > MAX_ALTERNATIVES * 4:
            raise WhatIfError(text_of("whatif-error.too-many", count=MAX_ALTERNATIVES))
        try:
            result = _play(sc, decider)
        except _Branch as branch:
            for option in reversed(_options(branch.request)):
                stack.append([*answers, option])
            continue
        except DecisionError as exc:
            result = exc
        out.append((decider, answers, result))
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


def _choices(table: dict[str, Any]) -> Join:
    return Join((Msg("whatif-summary.choice", {"key": k, "value": v}) for k, v in table.items()),
                "list.comma")


def _summary(table: dict[str, Any]) -> Msg:
    """An alternative in words, from its file keys: "Conspire Witch on Bruno -5"."""
    if "garden" in table:
        g = table["garden"]
        rest = {k: v for k, v in table.items() if k != "garden"}
        then = _summary(rest) if rest else Msg("whatif-summary.nothing")
        if isinstance(g, str):
            return Msg("whatif-summary.garden", {"card": g, "rest": then})
        return Msg("whatif-summary.garden-choices", {
            "card": g["card"], "rest": then,
            "choices": _choices({k: v for k, v in g.items() if k != "card"})})
    if "passes" in table:
        return Msg("whatif-summary.passes")
    if "convoke" in table:
        c = table["convoke"]
        discarded = Join(c["discard"], empty="list.nothing")
        if c.get("take"):
            return Msg("whatif-summary.convoke", {"card": c["take"], "discarded": discarded})
        return Msg("whatif-summary.convoke-nothing", {"discarded": discarded})
    c = dict(table["conspire"])
    card = c.pop("card")
    replay = c.pop("replay", None)
    bits: list[Msg] = []
    for key, value in c.items():
        if key == "delta" and isinstance(value, int):
            bits.append(Msg("whatif-summary.delta", {"value": value}))
        elif key == "target":
            bits.append(Msg("whatif-summary.target", {"target": value}))
        elif key == "exchange":
            bits.append(Msg("whatif-summary.no-exchange") if value is False
                        else Msg("whatif-summary.exchange", {"card": value}))
        else:
            bits.append(Msg("whatif-summary.choice", {"key": key, "value": value}))
    if replay:
        bits.append(Msg("whatif-summary.replay", {"choices": _choices(replay)}))
    if not bits:
        return Msg("whatif-summary.conspire", {"card": card})
    return Msg("whatif-summary.conspire-choices",
               {"card": card, "choices": Join(bits, "whatif-summary.space")})


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
    from ..scenario.toml import dumps
    return dumps(data)


def what_if(text: str, sc: Scenario, player: str, garden: bool = False) -> WhatIf:
    """Every legal Phase-2 alternative of ``player`` in the round of scenario ``text`` (with
    ``garden``, also every Garden card they could have played, with its choices)."""
    name = next((p.name for p in sc.players if p.name.lower() == player.strip().lower()), None)
    if name is None:
        raise WhatIfError(text_of("whatif-error.unknown-player", player=repr(player),
                                  players=Join(p.name for p in sc.players)))
    data = files.parse_toml(text)          # the one bounded reader of scenario text
    tables = data.get("player") or []
    index = [p.name for p in sc.players].index(name)
    table = tables[index]
    spec = sc.players[index]
    actual = _actual(spec, garden)
    out = WhatIf(name, garden=garden)
    handed_back = any(garden_handed_back(q, sc.expansion, sc.players) for q in sc.players)
    try:
        leaves = _leaves(sc, name, garden)
    except ScenarioError as exc:
        raise WhatIfError(str(exc)) from None
    for decider, all_answers, result in leaves:
        mine = [(r, a) for k, (r, a) in enumerate(zip(decider.asked, all_answers, strict=True))
                if k not in decider.redecided]
        reqs, answers = [r for r, _ in mine], [a for _, a in mine]
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
        if decider.overrides:
            new_data["player"] = _overridden(new_data["player"], [p.name for p in sc.players],
                                             decider.overrides)
        summary = str(Msg("whatif-summary.then", {
            "summary": _summary(alt_table), "then": Join(decider.then, "whatif-summary.then-sep")})
            if decider.then else _summary(alt_table))
        alt = Alternative(summary, alt_table, _dumps(new_data), then=list(decider.then))
        if isinstance(result, DecisionError):
            alt.error = str(result)
            alt.reason = _stopped(result, sc)
        else:
            # a Garden alternative, or a Phase-2 one of a round where a Courtisan hands a
            # Garden card back to be played (B14's file form), can be a line no file writes
            alt.unwritable = _unwritable(alt.scenario) if garden or handed_back else None
            alt.winners = list(result.winners)
            alt.scored = {k: list(v) for k, v in result.scored.items()}
            alt.winning = card_names(result.garden, result.winners)
            alt.next_first = result.next_first
        alt.actual = _same_action(alt_table, actual)
        out.alternatives.append(alt)
    return out


def _overridden(tables: list[dict[str, Any]], names: list[str],
                overrides: dict[Key, Any]) -> list[dict[str, Any]]:
    """The player tables with the re-decided choices written where the file holds them."""
    out = copy.deepcopy(tables)
    for (owner, source, kind, replay), value in overrides.items():
        t = out[names.index(owner)]
        if kind == D.TAKE:
            t.setdefault("convoke", {})["take"] = value
            continue
        where = "garden" if source == "garden" else "conspire"
        if isinstance(t.get(where), str):
            t[where] = {"card": t[where]}
        table = t[where]
        if replay:
            table = table.setdefault("replay", {})
        if kind == D.EXCHANGE and value is None:
            value = False
        if value is None:
            table.pop(kind, None)
        else:
            table[kind] = value
        if replay and not table:
            t[where].pop("replay")
    return out


def _stopped(exc: DecisionError, sc: Scenario) -> str:
    """Why an alternative cannot be played with everyone else as in the round, in game words:
    "Bruno would no longer hold the Squire conspired in the round as played (could conspire:
    Bishop, Damsel)"; else the engine's message with its file keys unquoted."""
    req = exc.request
    text = game_words(exc, req.player)
    spec = next((p for p in sc.players if p.name == req.player), None)
    if req.kind == D.CONSPIRE and spec is not None and spec.conspire:
        return text_of("whatif-stopped.conspire", player=req.player, card=spec.conspire,
                       options=Join(map(str, req.options)))
    if req.kind == D.ACTION and spec is not None and spec.convoke:
        return text_of("whatif-stopped.convoke", player=req.player, why=text)
    return text_of("whatif-stopped.choice", player=req.player, why=text)


def _unwritable(text: str) -> str | None:
    """Why an alternative the engine played cannot be written as a scenario file (the validator's
    message without the file name), else None: with another Garden card a card can come back
    to its owner's hand and be played again (a Courtisan's swap), which a file, listing each
    card once, cannot say; or a Garden Scribe's draw would have to be listed (X4)."""
    from ..scenario import loads
    try:
        loads(text, "alternative")
    except ScenarioError as exc:       # the problem said `at` the file, without its name
        return str(inside_file(exc))
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
    choices = dict(spec.conspire_choices)
    hand = spec.zones.get("hand") or []
    if choices.get("exchange") is True and len(set(hand)) == 1:
        choices["exchange"] = hand[0]  # B8 `exchange = true`: the only card in hand
    return {**head, "conspire": {"card": spec.conspire, **choices}}


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
        # a choice the round never asked (the card was cancelled, or fizzled) is moot: the
        # alternative without it is the file's action
        b = {k: v for k, v in b.items() if k in a or k == "exchange"}
        return _norm(a) == _norm(b)
    return "passes" in alt and "passes" in actual
