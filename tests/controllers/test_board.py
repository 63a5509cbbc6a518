"""Boards per trace step, per viewer, derived from the trace alone, on every lesson."""
from __future__ import annotations

import json
import re

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.analysis.board import Board, boards, public_text

FILES = sorted(SCENARIOS_DIR.glob("*.toml"))
RESULTS = {p.stem: scenario.run(scenario.load(p)) for p in FILES}


def _players(result) -> list[str]:
    return [p for p, _, _ in result.garden]


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_last_board_is_the_result(name):
    result = RESULTS[name]
    frames = boards(result)
    assert len(frames) == len(result.trace)
    last = frames[-1]
    assert [(g.player, g.card, g.prestige) for g in last.garden] == [tuple(x) for x in result.garden]
    assert [(b.player, b.card, b.cancelled) for b in last.balcony] == [tuple(x) for x in result.balcony]
    assert last.prestige == result.prestige
    # the same boards from the JSON the command line prints
    as_json = json.loads(json.dumps(result.to_json()))
    assert boards(as_json["trace"]) == frames
    # each step's text is the trace's, exactly, for everyone
    assert [f.text for f in frames] == [e.text for e in result.trace]
    assert all(isinstance(f, Board) and f.round == 1 for f in frames)


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_ledgers_match_the_final_prestige_step(name):
    """The ledger the boards keep equals the one the Score step prints (M3)."""
    result = RESULTS[name]
    events = result.trace.events
    final = next(k for k, e in enumerate(events) if e.kind == "final")
    text = re.sub(r" \[[^\]]*\]", "", events[final].text)
    checked = 0
    for g in boards(result)[final].garden:
        m = re.search(re.escape(f"{g.player}'s {g.card} {g.prestige} = ") + r"([^;]*?)(?:;|\.$)", text)
        if m is None:
            continue
        written = [p.strip().replace("×", "x").replace("becomes ", "=") for p in m.group(1).split(",")]
        assert list(g.ledger) == written[1:], (g, text)
        checked += 1
    assert checked == len(result.garden)


@pytest.mark.parametrize("name", sorted(RESULTS))
def test_face_down_cards_stay_hidden_from_other_viewers(name):
    result = RESULTS[name]
    events = result.trace.events
    reveal_at = {}
    for k, e in enumerate(events):
        if e.kind == "reveal" and e.actor not in reveal_at:
            reveal_at[e.actor] = k
        if e.kind == "conspire" and e.card is not None:   # Bishop mode: face up at once
            reveal_at.setdefault(e.actor, k)
    peeked = {(e.actor, e.target): k for k, e in enumerate(events) if e.kind == "peek-secret"}
    secret_at = {e.actor: k for k, e in enumerate(events) if e.kind == "conspire-secret"}
    for viewer in _players(result):
        frames = boards(result, viewer)
        for k, frame in enumerate(frames):
            assert frame.viewer == viewer
            for b in frame.balcony:
                own = b.player == viewer and k >= secret_at.get(viewer, 0)
                may_see = (own or k >= reveal_at.get(b.player, len(events))
                           or k >= peeked.get((viewer, b.player), len(events)))
                assert (b.card is not None) == may_see, (viewer, k, b)
            hidden_cards = {b.player for b in frame.balcony if b.card is None}
            for r in frame.touched:
                if r.zone == "balcony" and r.player in hidden_cards:
                    assert r.card is None, (viewer, k, r)
            e = events[k]
            if e.visible_to is not None and viewer not in e.visible_to:
                assert frame.hidden and frame.text != e.text
                if e.card:
                    assert e.card not in frame.text
                    assert all(r.card is None or r.zone == "garden" for r in frame.touched)
            else:
                assert not frame.hidden and frame.text == e.text


def test_oracle_peek_only_for_the_oracles_owner():
    result = RESULTS["p7-oracle-peek"]
    peek = next(e for e in result.trace.events if e.kind == "peek-secret")
    k = peek.step - 1
    owner_view = boards(result, peek.actor)[k]
    assert not owner_view.hidden and peek.target_card in owner_view.text
    seen = [b for b in owner_view.balcony if b.player == peek.target]
    assert seen and seen[0].card == peek.target_card and not seen[0].revealed
    for other in _players(result):
        if other not in (peek.actor, peek.target):
            view = boards(result, other)[k]
            assert view.hidden and peek.target_card not in view.text
            assert [b.card for b in view.balcony if b.player == peek.target] == [None]


def test_bishop_replay_undoes_and_redoes_the_ledger():
    result = RESULTS["b13-bishop-chain"]
    frames = boards(result)
    knight = [next((g for g in f.garden if g.card == "Knight"), None) for f in frames]
    witch = next(k for k, e in enumerate(result.trace.events) if e.kind == "prestige")
    assert knight[witch] is not None and knight[witch].touched
    assert (knight[witch].ledger, knight[witch].prestige) == (("-5",), 3)
    replay = next(k for k, e in enumerate(result.trace.events) if e.kind == "replay")
    assert knight[replay] is not None and knight[-1] is not None
    assert knight[replay].ledger == () and knight[replay].prestige == 8
    assert knight[-1].ledger == () and knight[-1].prestige == 8
    cancelled = [(b.player, b.cancelled) for b in frames[-1].balcony]
    assert cancelled == [("Ana", True), ("Bruno", False), ("Caio", True), ("Dora", False)]


def test_exchange_puts_the_incoming_card_in_the_slot():
    result = RESULTS["b8-squire-rogue-swapped-in"]
    frames = boards(result)
    k = next(k for k, e in enumerate(result.trace.events) if e.kind == "exchange")
    before = next(g for g in frames[k - 1].garden if g.player == "Ana")
    after = next(g for g in frames[k].garden if g.player == "Ana")
    assert (before.card, before.played) == ("Witch", True)
    assert (after.card, after.played, after.prestige, after.ledger) == ("Rogue", False, 10, ())
    assert after.touched and after.position == before.position


def test_a_whole_game_trace_starts_a_new_board_each_round():
    from aristofarsa.games.game import play_game
    game = play_game(3, seed=4, bots="random", trace=True)
    frames = boards(game)
    assert frames[-1].round == len(game.round_starts) >= game.rounds
    for k, start in enumerate(game.round_starts):
        assert frames[start - 1].round == k + 1 and frames[start - 1].garden == ()
    for k, r in enumerate(game.round_results):
        end = (game.round_starts[k + 1] - 2) if k + 1 < len(game.round_starts) else len(frames) - 1
        assert [(g.player, g.card, g.prestige) for g in frames[end].garden] == [tuple(x) for x in r.garden]
    hand = next(e for e in game.trace.events if e.kind == "deal-secret")
    other = next(n for n in game.names if n != hand.actor)
    text, hidden = public_text(hand, other)
    assert hidden and text != hand.text
    assert public_text(hand, hand.actor) == (hand.text, False)


def test_positions_are_the_traces_numbers():
    """Garden places and Balcony cards are numbered as the trace numbers them (1-based)."""
    checked = 0
    for result in RESULTS.values():
        frames = boards(result)
        for k, e in enumerate(result.trace.events):
            m = re.search(r"[Bb]alcony card (\d+)", e.text)
            if e.kind in ("reveal", "conspire") and m and e.actor:
                entry = next(b for b in frames[k].balcony if b.player == e.actor)
                assert entry.position == int(m.group(1)), (e.text, entry)
                checked += 1
            m = re.search(r"\(position (\d+)", e.text)
            if e.kind == "play" and m:
                slot = next(g for g in frames[k].garden if g.player == e.actor)
                assert slot.position == int(m.group(1))
                checked += 1
    assert checked > 500
