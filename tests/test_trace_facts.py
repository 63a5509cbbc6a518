"""The trace as data (docs/apps.md): over every bundled lesson, each event in which one
card acts on another names the acting card and the card acted on, and every Prestige change
made by an effect says what it did (``change``), consistently with ``before``/``after``."""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.core.result import RoundResult
from aristofarsa.core.trace import EventKind, Op, Phase, TraceEvent, change_text

LESSONS = sorted(SCENARIOS_DIR.glob("*.toml"))
CHANGE = re.compile(r"^(?:[+-]\d+|x\d+|=-?\d+)$")


@cache
def resolved(name: str) -> RoundResult:
    return scenario.run(scenario.load(SCENARIOS_DIR / name))


def events(name: str) -> list[TraceEvent]:
    return list(resolved(name).trace)


def has_edge(e: TraceEvent) -> bool:
    return None not in (e.actor, e.card, e.target, e.target_card)


def acts_on_a_card(e: TraceEvent) -> bool:
    """Events the contract says must name both cards."""
    if e.kind in ("exchange", "mark", "cancelled", "peek-secret", "cancellations", "replay"):
        return e.kind != "replay"
    if e.kind == "entry":
        return e.after is not None  # an entry effect that moved a Prestige
    if e.kind == "prestige":
        return e.phase in ("balcony", "replay", "phase2") and e.rule != "M4"
    if e.kind == "effect":
        return (e.card == "Elder" and e.rule == "X5") or (e.card == "Bishop" and e.target is not None)
    return False


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_act_names_both_cards(path):
    for e in events(path.name):
        if acts_on_a_card(e):
            assert has_edge(e), (path.name, e.to_dict())
        if e.kind == "peek" and e.target is not None:
            # the public step names who was peeked at, not the face-down card (that fact
            # is in the peek-secret step only its owner sees)
            assert e.actor and e.card == "Oracle", e.to_dict()
        if e.kind == "exchange":
            assert e.incoming, e.to_dict()
            # made by a Squire, a Courtisan or an Elder; B14: by the play of the card itself
            assert e.card in ("Squire", "Courtisan", "Elder") or e.rule == "B14", e.to_dict()
        if e.kind == "prestige" and e.rule == "M4":
            assert e.target and e.target_card, e.to_dict()  # the continuous card that moved


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_effect_change_is_consistent(path):
    for e in events(path.name):
        made_by_effect = e.after is not None and (
            e.kind in ("prestige", "mark", "entry") and e.actor is not None)
        if made_by_effect:
            assert e.change is not None, (path.name, e.to_dict())
        if e.change is None:
            continue
        assert CHANGE.match(e.change), e.to_dict()
        assert e.to_dict()["change"] == e.change
        assert e.before is not None and e.after is not None, e.to_dict()
        if e.change.startswith("x"):
            assert e.after == e.before * int(e.change[1:]), e.to_dict()
        elif e.change.startswith("="):
            assert e.after == int(e.change[1:]), e.to_dict()
        else:
            assert e.after - e.before == int(e.change), e.to_dict()


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_text_is_rendered_and_kept_in_json(path):
    for e in events(path.name):
        text = e.text
        assert isinstance(text, str) and text, e
        d = e.to_dict()
        assert list(d)[:5] == ["step", "phase", "kind", "rule", "text"] and d["text"] == text


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_kinds_and_phases_are_the_trace_vocabulary(path):
    """Every event's ``kind`` and ``phase`` is a member of its enum (JSON writes its value)."""
    for e in events(path.name):
        assert type(e.kind) is EventKind and type(e.phase) is Phase, e
        assert e.to_dict()["kind"] == e.kind.value


def test_a_game_uses_the_trace_vocabulary():
    from aristofarsa.games.game import Game
    game = Game(4, seed=3, expansion=True, trace=True)
    game.run()
    events = list(game.trace)
    assert events and all(type(e.kind) is EventKind and type(e.phase) is Phase for e in events)
    assert {EventKind.SETUP, EventKind.DEAL, EventKind.ROUND, EventKind.RANKING} <= {
        e.kind for e in events}


def test_change_is_written_from_the_ledger_op():
    assert [change_text(Op.ADD, 5), change_text(Op.ADD, -7), change_text(Op.MULTIPLY, 2),
            change_text(Op.SET, 5)] == ["+5", "-7", "x2", "=5"]


def test_sentence_comes_from_the_facts():
    """A Balcony Prestige step's sentence is rendered from its facts when first read."""
    sc = scenario.load(SCENARIOS_DIR / "b5-merchant-own-card.toml")
    e = next(x for x in scenario.run(sc).trace if x.kind == "prestige" and x.change)
    assert not isinstance(e._text, str), "the sentence was rendered before anyone read it"
    e.target, e.target_card, e.before, e.after = "Zed", "Bishop", 4, 8
    assert e.change == "x2" and "×2 to Zed's Bishop (4 → 8)" in e.text


def test_balcony_prestige_names_its_source():
    e = next(e for e in events("example-merchant-crowns-aristocrat.toml")
             if e.kind == "prestige" and e.card == "Merchant")
    assert (e.actor, e.card, e.target, e.target_card, e.change) == (
        "Caio", "Merchant", "Caio", "Aristocrat", "x2")
    assert e.text == "Caio's Merchant: ×2 to Caio's Aristocrat (9 → 18)."


@pytest.mark.parametrize("alias,enum", [("K", EventKind), ("PHASE", Phase)])
def test_the_engine_names_only_members_that_exist(alias, enum):
    """The engine writes ``K.PLAY`` and ``PHASE.SCORE`` (trace.Plain: an enum's members as
    plain attributes); every name it uses is a member, and each is the member itself."""
    import aristofarsa.core.trace as trace
    package = Path(__file__).resolve().parents[1] / "aristofarsa"
    used = {name for path in package.rglob("*.py")
            for name in re.findall(rf"\b{alias}\.([A-Z_0-9]+)\b", path.read_text(encoding="utf-8"))}
    assert used and used <= set(enum.__members__), used - set(enum.__members__)
    assert all(getattr(getattr(trace, alias), name) is enum[name] for name in enum.__members__)
