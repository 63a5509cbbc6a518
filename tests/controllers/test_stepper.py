"""Stepper: one event per move, texts exactly as resolve --json, winners only at the end."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.controllers.stepper import Stepper

LESSONS = SCENARIOS_DIR
ROOT = Path(__file__).resolve().parents[2]


def _resolve_json(path: Path) -> dict:
    out = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "resolve", str(path), "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


@pytest.mark.parametrize("lesson", ["b13-bishop-chain", "p7-oracle-peek", "b8-squire-rogue-swapped-in"])
def test_each_next_moves_one_event_and_text_is_the_trace_text(lesson: str) -> None:
    path = LESSONS / f"{lesson}.toml"
    want = _resolve_json(path)
    s = Stepper(scenario.run(scenario.load(path)))
    assert len(s) == len(want["trace"])
    s.first()
    for k, event in enumerate(want["trace"]):
        frame = s.frame()
        assert frame.index == k and frame.step == event["step"]
        assert frame.text == event["text"]
        assert frame.rule == event["rule"]
        assert frame.winners is None or k == len(want["trace"]) - 1
        s.next()
    assert s.frame().winners == tuple(want["winners"])
    assert s.frame().is_last


def test_moves_are_clamped_and_go_jumps() -> None:
    s = Stepper(scenario.run(scenario.load(LESSONS / "b13-bishop-chain.toml")))
    s.back()
    assert s.index == 0
    s.last()
    assert s.index == len(s) - 1
    s.next()
    assert s.index == len(s) - 1
    s.go(5)
    assert s.index == 5 and s.frame().label == f"Step 6 of {len(s)}"
    s.go(-3)
    assert s.index == 0


def test_frame_has_ruling_link_board_and_touched_cards() -> None:
    s = Stepper(scenario.run(scenario.load(LESSONS / "b13-bishop-chain.toml")))
    k = next(i for i, e in enumerate(s.events) if e.kind == "prestige")
    s.go(k)
    frame = s.frame()
    assert frame.ruling is not None and frame.ruling.id == frame.rule
    assert frame.ruling.link.startswith("docs/rulings.md#")
    knight = next(g for g in frame.garden if g.card == "Knight")
    assert knight.prestige == 3 and knight.touched and knight.ledger
    assert ("Dora", "Knight") in {(r.player, r.card) for r in frame.touched}
    assert [g.card for g in frame.garden] == ["Servant", "Merchant", "Jester", "Knight"]


def test_viewer_hides_face_down_cards_and_secret_texts() -> None:
    result = scenario.run(scenario.load(LESSONS / "b13-bishop-chain.toml"))
    s = Stepper(result, viewer="Bruno")
    secret = next(i for i, e in enumerate(s.events) if e.kind == "conspire-secret" and e.actor == "Ana")
    s.go(secret)
    frame = s.frame()
    assert frame.hidden and "Witch" not in frame.text
    assert frame.balcony[0].card is None          # Ana's face-down Witch, unseen by Bruno
    s.viewer = "Ana"
    frame = s.frame()
    assert not frame.hidden and frame.text == s.events[secret].text
    assert frame.balcony[0].card == "Witch"
    s.viewer = None
    assert s.frame().balcony[0].card == "Witch"
    with pytest.raises(ValueError, match="not a player"):
        s.viewer = "Zed"


def test_oracle_peek_is_seen_only_by_the_oracle_owner() -> None:
    result = scenario.run(scenario.load(LESSONS / "p7-oracle-peek.toml"))
    peek = next((i, e) for i, e in enumerate(result.trace) if e.kind == "peek-secret")
    k, event = peek
    owner = event.visible_to[0]
    others = [p for p in Stepper(result).players if p != owner]
    s = Stepper(result, viewer=others[0])
    s.go(k)
    assert s.frame().hidden and event.target_card not in s.frame().text
    s.viewer = owner
    assert s.frame().text == event.text


def test_winners_name_every_winning_card_and_the_one_who_starts_next() -> None:
    """S1: all tied cards score, so each is named with its owner; M2: one player starts next."""
    from aristofarsa import SCENARIOS_DIR, scenario
    from aristofarsa.render import html

    result = scenario.run(scenario.load(SCENARIOS_DIR / "s1-tied-cards-all-score.toml"))
    s = Stepper(result)
    s.last()
    text = html.winners(s.frame())
    cards = dict((p, c) for p, c, _ in result.garden)
    assert len(result.winners) > 1
    assert "Winning cards: " + ", ".join(f"{p}'s {cards[p]}" for p in result.winners) in text
    assert f"· {result.next_first} starts the next round" in text
    others = [p for p in cards if p not in result.winners]
    assert not any(p in text for p in others)
    s.first()
    assert html.winners(s.frame()) == ""
