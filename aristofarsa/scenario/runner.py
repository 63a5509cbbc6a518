"""Running a scenario: its round resolved with the file's choices, and `[expect]` checked.

:func:`run` builds the players (``scenario.zones``), answers every request from the file
(``scenario.decide``), plays the :class:`~aristofarsa.core.round.Round`, adds the closing trace
steps and turns every :class:`~aristofarsa.core.decisions.DecisionError` into a
:class:`ScenarioError`. :func:`check_expect` compares a result with the file's `[expect]`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..core.cards import canonical
from ..core.decisions import AutoDecider, Decider, DecisionError
from ..core.messages import Join, Msg, text
from ..core.result import RoundResult, Standings
from ..core.round import Round
from ..core.rulings import EndReason
from ..core.trace import PHASE, K, Trace
from ..core.variants import VariantError, check_variants
from .decide import AutoForMissing, ScenarioDecider
from .model import Scenario, ScenarioError, at
from .zones import build_players


def run(sc: Scenario, variants: Iterable[str] = (), auto: bool = False, trace: bool | Trace = True,
        crowns: dict[str, int] | None = None,
        wrap: Callable[[ScenarioDecider], Decider] | None = None) -> RoundResult:
    """Resolve the scenario's round. Raises ScenarioError for anything invalid.

    ``variants`` add to the file's; ``crowns`` (a full table, e.g. from a crowns file)
    replaces the file's and the provisional values. ``trace`` may be a :class:`Trace` to
    fill (a caller that stops the round early keeps the events so far). ``wrap`` builds the
    round's decider around the file's (the click-driven ``RoundSession`` asks a person
    what the file leaves out); it replaces ``auto``.
    """
    try:
        extra = check_variants(list(variants)) if variants else frozenset()
    except VariantError as exc:
        raise ScenarioError(at(sc.path, Msg("scenario-play.variant", {"error": exc}))) from None
    players, rng = build_players(sc)
    base = ScenarioDecider(sc)
    decider = wrap(base) if wrap is not None else AutoForMissing(base, AutoDecider()) if auto else base
    names = [p.name for p in sc.players]
    r = Round(players, names.index(sc.first), decider,
              variants=sc.variants | extra, expansion=sc.expansion, rng=rng,
              trace=trace if isinstance(trace, Trace) else Trace(trace), final_round=sc.final_round,
              crowns=crowns or sc.crowns)
    if r.t:
        r.log(K.SETUP, "M1", (_seats_text, (names, sc.first, r.variants, sc.expansion)), see=["M8"])
    try:
        result = r.play()
        for spec in sc.players:
            if (spec.conspire or spec.convoke) and spec.name not in base.asked_action:
                raise ScenarioError(at(sc.path, Msg("scenario-play.no-action", {
                    "key": "conspire" if spec.conspire else "convoke"}), spec.name))
        if sc.next_draw and not result.game_over:
            short = r.next_draw(result)
            result.next_hands = {pl.name: pl.hand_names() for pl in r.players}
            if short:
                result.game_over = True
                result.end_reason = EndReason.CANNOT_REFILL
                result.final_round_next = False
        elif sc.next_draw:
            result.next_hands = {pl.name: pl.hand_names() for pl in r.players}
        if r.t:
            r.phase = PHASE.END
            if not sc.next_draw and "M11" in sc.rulings:
                # a note on the file format, not a rule of the game: shown only in the
                # lessons about it (docs/scenario-format.md says it for every file)
                r.log(K.SCOPE, "M11", ("scenario.scope", None), see=["E2"])
            table = "scenario.crowns-given" if sc.crowns or crowns else "scenario.crowns-provisional"
            r.log(K.STANDINGS, "E4", (_standings_text, (table, result.standings)), see=["M9"])
    except DecisionError as exc:
        active = sorted(sc.variants | extra)
        raise ScenarioError(at(sc.path, Msg("scenario-play.stopped-variants", {
            "error": exc, "variants": Join(active)}) if active else exc), decision=exc) from None
    result.extra["crowns_provisional"] = sc.crowns is None and crowns is None
    result.extra["players"] = r.players
    return result



# ------------------------------------------------------- sentences from facts
# rendered when the trace is read (trace.Sentence): a run nobody reads skips the joins and
# the E4 ranking; the arguments are plain data (never the round or the result: no cycle)
def _seats_text(e: Any, names: list[str], first: str, variants: frozenset[str],
                expansion: bool) -> tuple[str, dict[str, Any]]:
    """M1, M8: the seats, who plays first, the variants and the expansion in play."""
    said = (("scenario.seats-variants-expansion" if expansion else "scenario.seats-variants")
            if variants else "scenario.seats-expansion" if expansion else "scenario.seats")
    return said, {"seats": Join(names), "players": len(names), "first": first,
                  "variants": Join(sorted(variants))}


def _standings_text(e: Any, table: str, standings: Standings) -> tuple[str, dict[str, Any]]:
    """E4: the standings after this round, best place first (computed when first read)."""
    totals = standings.crowns()
    return "scenario.standings", {"table": Msg(table), "places": Join(
        [Join([Msg("scenario.crowns", {"player": n, "crowns": totals[n]}) for n in place])
         for place in standings.ranking()], "list.semicolon")}


# ------------------------------------------------------------------- [expect]
MULTISET_FIELDS = ("scored", "convoked", "exiled", "next_hands")


def check_expect(sc: Scenario, result: RoundResult) -> list[str]:
    """Mismatches between `[expect]` and the result, one message per field (and player)."""
    problems: list[str] = []
    for key, want in (sc.expect or {}).items():
        got = result.field(key)
        if key in MULTISET_FIELDS or key in ("prestige", "crowns"):
            if not isinstance(want, dict):
                problems.append(text("scenario-expect.not-a-table", key=key, want=repr(want)))
                continue
            names = {n.lower(): n for n in (got or {})}
            for player, w in want.items():
                g = (got or {}).get(names.get(str(player).lower(), player), "<no such player>")
                if key in MULTISET_FIELDS and isinstance(w, list) and isinstance(g, list):
                    wn = sorted(canonical(x) or x for x in w)
                    if wn != sorted(g):
                        problems.append(text("scenario-expect.differs", key=f"{key}.{player}",
                                             want=repr(sorted(w)), got=repr(sorted(g))))
                elif w != g:
                    problems.append(text("scenario-expect.differs", key=f"{key}.{player}",
                                         want=repr(w), got=repr(g)))
        elif key == "ranking":
            if _places(want) != _places(got):
                problems.append(text("scenario-expect.differs", key=key, want=repr(want), got=repr(got)))
        elif want != got:
            problems.append(text("scenario-expect.differs", key=key, want=repr(want), got=repr(got)))
    return problems



def _places(places: Any) -> Any:
    """A ranking with each place's names sorted (a shared place has no order)."""
    return [sorted(p) for p in places] if isinstance(places, list) else places
