"""The decider of a scenario: answers the engine's requests from what the file says.

:class:`ScenarioDecider` looks each request up in the player's `garden` / `conspire` /
`convoke` tables; a choice the file leaves out raises :class:`MissingChoice`, which
:class:`AutoForMissing` (``--auto``) answers with the documented auto policy instead. A
choice that is given but not legal stays an error either way.
"""
from __future__ import annotations

from typing import Any

from ..core import decisions as D
from ..core.cards import canonical
from ..core.decisions import DecisionError, Request
from ..core.messages import Join, Msg
from .model import OPTIONAL_CHOICES, PlayerSpec, Scenario, of_player


class AnswerError(DecisionError):
    """An answer the file gives (or leaves out) that the round cannot take; ``msg``: its
    message as the catalog's ID and fields (rendered at once as the error's text)."""

    def __init__(self, request: Request, msg: Msg, reason: str = "", value: Any = None) -> None:
        super().__init__(request, str(msg), reason, value)
        self.msg = msg


class MissingChoice(AnswerError):
    """The file does not give a choice the round needs (``--auto`` may fill it)."""


#: asked through decide() only: the Phase-1/2 answers (ScenarioDecider.fast), the Noble
#: taken, and the Keep (a multiset answer)
_NOT_WRITTEN = frozenset((D.GARDEN, D.ACTION, D.CONSPIRE, D.TAKE, D.KEEP))


class ScenarioDecider:
    """Answers the engine's requests from the scenario file."""

    auto = False

    def __init__(self, sc: Scenario) -> None:
        self.sc = sc
        self._specs = sc.specs()  # player name -> PlayerSpec
        self.asked_action: set[str] = set()
        self._lowered: dict[str, str] | None = None  # player name, lower case -> as seated

    def miss(self, req: Request, what: Msg) -> Any:
        raise MissingChoice(req, Msg("scenario-play.missing", {
            "player": repr(req.owner), "source": req.source, "card": req.card or req.kind, "what": what,
            "allowed": req.describe_options()}))

    def fast(self, kind: str, owner: str) -> Any:
        """The Phase-1 / Phase-2 answers read straight from the file, no Request built
        (``decisions.NOT_FAST``: ask :meth:`decide`); the same answers as :meth:`decide`."""
        spec = self._specs[owner]
        if kind == D.GARDEN:
            return spec.garden
        if kind == D.CONSPIRE:
            return spec.conspire
        if kind == D.ACTION and spec.conspire and not spec.passes:
            self.asked_action.add(spec.name)
            return "conspire"
        return D.NOT_FAST

    def decide(self, req: Request) -> Any:
        spec = self._specs[req.owner]
        kind = req.kind
        if kind == D.GARDEN:
            return spec.garden
        if kind == D.ACTION:
            return self.action(req, spec)
        if kind == D.CONSPIRE:
            return spec.conspire
        if kind == D.TAKE:
            take = (spec.convoke or {}).get("take")
            if take is None:
                self.miss(req, Msg("scenario-play.take-missing"))
            return take
        table = spec.garden_choices if req.source == "garden" else spec.conspire_choices
        if req.replay:
            if kind not in table.get("replay", {}):
                self.miss(req, Msg("scenario-play.replay-missing", {"kind": kind,
                                                                    "value": repr(table.get(kind))}))
            value = table["replay"][kind]
        elif kind in table:
            value = table[kind]
        elif kind in OPTIONAL_CHOICES:
            return None
        else:
            self.miss(req, Msg("scenario-play.choice-missing", {"kind": kind}))
        return self.convert(req, value)

    def action(self, req: Request, spec: PlayerSpec) -> str:
        self.asked_action.add(spec.name)
        if spec.passes:
            raise AnswerError(req, of_player(spec.name, Msg("scenario-play.passes", {
                "name": spec.name, "options": Join(req.options, "scenario-play.or")})), "passes")
        if spec.conspire:
            return "conspire"
        hand = sorted(req.context or [])
        discard = (spec.convoke or {}).get("discard", [])
        if sorted(discard) != hand:
            raise AnswerError(req, of_player(spec.name, Msg(
                "scenario-play.convoke-discard" if hand else "scenario-play.convoke-discard-empty",
                {"discard": discard, "hand": hand})))
        if "convoke" not in req.options:
            raise AnswerError(req, of_player(spec.name, Msg("scenario-play.convoke-unaffordable")))
        return "convoke"

    def written(self, kind: str, source: str, owner: str, options: list[Any]) -> Any:
        """An effect choice read straight from the file, no Request built (never in a B10
        replay); the same answer as :meth:`decide`, or ``decisions.NOT_FAST`` when
        :meth:`decide` must be asked (a missing choice, an error, the Phase-1/2 kinds)."""
        if kind in _NOT_WRITTEN:
            return D.NOT_FAST
        spec = self._specs[owner]
        table = spec.garden_choices if source == "garden" else spec.conspire_choices
        if kind not in table:
            return None if kind in OPTIONAL_CHOICES else D.NOT_FAST
        value = table[kind]
        if kind == D.EXCHANGE and value is True and len(options) != 1:
            return D.NOT_FAST
        return self._convert(kind, options, value)

    def convert(self, req: Request, value: Any) -> Any:
        if req.kind == D.EXCHANGE and value is True and len(req.options) != 1:
            raise AnswerError(req, Msg("scenario-play.exchange-several", {
                "player": repr(req.owner), "allowed": req.describe_options()}))
        return self._convert(req.kind, req.options, value)

    def _convert(self, kind: str, options: list[Any], value: Any) -> Any:
        if kind in (D.TARGET, D.PEEK):
            if not isinstance(value, str):
                return value
            lowered = self._lowered
            if lowered is None:
                lowered = self._lowered = {}
                for p in self.sc.players:  # the first seat of a name wins, as before
                    lowered.setdefault(p.name.lower(), p.name)
            return lowered.get(value.strip().lower(), value)
        if kind == D.DELTA:
            return value if isinstance(value, int) and not isinstance(value, bool) else value
        if kind == D.EXCHANGE:
            if value is False:
                return None
            if value is True:  # several cards in hand: convert() raised
                return options[0]
        if kind == D.KEEP:
            if not isinstance(value, list):
                return value
            return [canonical(v) or v for v in value]
        if kind in (D.REVEAL, D.DISCARD, D.GIVE, D.ALSO_SCORE, D.EXCHANGE):
            return canonical(value) or value
        return value



class AutoForMissing:
    """--auto: only *missing* choices fall back to the auto policy; wrong ones stay errors."""

    def __init__(self, first: ScenarioDecider, fallback: D.Decider) -> None:
        self.first = first
        self.fallback = fallback
        self.auto = False

    def decide(self, req: Request) -> Any:
        try:
            self.auto = False
            return self.first.decide(req)
        except MissingChoice:
            self.auto = True
            return self.fallback.decide(req)


