"""Whole games (aristofarsa.games.game), records and replay (aristofarsa.games.records), the CLI.

Invariants over many random games, a unit test for every end condition (E1, E2, E3, X2)
and every E4 tie-break, replay identity, determinism, and the `play`/`replay`/`simulate`
commands.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from aristofarsa.core import decisions as D
from aristofarsa.core.cards import PROVISIONAL_CROWNS, family
from aristofarsa.core.ranking import ranking
from aristofarsa.core.state import Card, PlayerState
from aristofarsa.games import records
from aristofarsa.games.game import DEFAULT_NAMES, END_REASONS, Game, GameError, check_invariants, play_game

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = [(n, exp, var) for n in (3, 4, 5, 6) for exp in (False, True)
           for var in ((), ("courtisan-live", "witch-own"), ("convoke-nothing", "bishop-no-undo"))]


# ------------------------------------------------------------------ helpers
class Script:
    """A decider: answers from ``answers[(round, player, kind)]`` (or ``(player, kind)``),
    else the first legal option (optional requests: no)."""

    auto = False

    def __init__(self, game=None, answers=None):
        self.game = game
        self.answers = answers or {}
        self.asked = []

    def decide(self, req):
        rnd = self.game.round_no if self.game is not None else 0
        self.asked.append((rnd, req.player, req.kind))
        for key in ((rnd, req.player, req.kind), (req.player, req.kind)):
            if key in self.answers:
                return self.answers[key]
        if req.kind == D.KEEP:
            return req.options[0][:req.options[1]]
        if req.optional:
            return None
        return req.options[0]


def scripted_game(players=3, expansion=False, answers=None, first=0, trace=True):
    script = Script(answers=answers)
    names = list(DEFAULT_NAMES[:players])
    game = Game(players, seed=1, expansion=expansion, trace=trace, first=first,
                decider_overrides={n: script for n in names})
    script.game = game
    return game


def arrange(pl: PlayerState, **zones) -> None:
    """Redistribute a player's own cards: zones given by name lists; the rest to `rest`."""
    rest = zones.pop("rest", "scored")
    pool = [c for z in PlayerState.ZONES for c in getattr(pl, z)]
    for z in PlayerState.ZONES:
        setattr(pl, z, [])
    for zone, names in zones.items():
        for name in names:
            card = next(c for c in pool if c.name == name)
            pool.remove(card)
            getattr(pl, zone).append(card)
    getattr(pl, rest).extend(pool)


def trace_rules(game) -> Counter:
    return Counter(e.rule for e in game.trace)


# ------------------------------------------------------------------ invariants
@pytest.mark.parametrize("players, expansion, variants", CONFIGS)
def test_invariants_over_random_games(players, expansion, variants):
    reasons = Counter()
    for seed in range(250):
        game = play_game(players, seed, ["random"] * players, expansion=expansion,
                         variants=variants)
        problems = check_invariants(game)
        assert not problems, (seed, problems)
        reasons[game.end_reason] += 1
        s = game.summary()
        # the contract's fields
        assert set(s["players"]) == set(s["seats"]) == set(DEFAULT_NAMES[:players])
        for data in s["players"].values():
            assert set(data) >= {"crowns", "scored", "hand", "deck", "discard_pile", "parlor", "exiled"}
            assert Counter(c for k in ("scored", "hand", "deck", "discard_pile", "parlor", "exiled")
                           for c in data[k]) == Counter(family(expansion))
        assert s["end_reason"] in END_REASONS
        assert 0 < s["rounds"] or s["end_reason"] == "cannot-refill"
    assert set(reasons) <= set(END_REASONS)


def test_ranking_is_in_crown_order_with_tie_breaks():
    for seed in range(300):
        game = play_game(4, seed, "random", expansion=seed % 2 == 0, record=False)
        crowns = game.crowns
        order = [crowns[p[0]] for p in game.ranking]
        assert order == sorted(order, reverse=True)
        for place in game.ranking:
            assert len({crowns[x] for x in place}) == 1


def test_every_end_reason_happens():
    seen = Counter()
    for seed in range(600):   # cannot-refill is the rarest: first at seed 496 (per-family deals)
        seen[play_game(3 + seed % 4, seed, "random", expansion=True, record=False).end_reason] += 1
    assert set(seen) == set(END_REASONS), seen


def test_termination_and_round_cap():
    longest = max(play_game(6, s, "random", expansion=True, record=False).rounds for s in range(300))
    assert longest < 60  # far below the safety cap (MAX_ROUNDS = 200)


def test_round_cap_raises(monkeypatch):
    import aristofarsa.games.game as game_module
    seed = next(s for s in range(100) if play_game(4, s, "random", record=False).rounds > 1)
    monkeypatch.setattr(game_module, "MAX_ROUNDS", 1)
    with pytest.raises(game_module.RoundCapError, match="did not end within 1 rounds"):
        play_game(4, seed, "random")


def test_same_seed_same_game():
    for players, expansion in ((3, False), (4, True), (6, True)):
        a = play_game(players, 42, "random", expansion=expansion, trace=True)
        b = play_game(players, 42, "random", expansion=expansion, trace=True)
        assert a.trace.to_list() == b.trace.to_list()
        assert a.summary() == b.summary()
        assert a.decisions == b.decisions
        c = play_game(players, 43, "random", expansion=expansion, trace=True)
        assert c.trace.to_list() != a.trace.to_list()


def test_trace_off_and_on_play_the_same_game():
    for seed in range(20):
        assert play_game(4, seed, "random", trace=False).summary() == \
            play_game(4, seed, "random", trace=True).summary()


def test_trace_marks_rounds_and_hidden_information():
    game = play_game(4, 5, "random", expansion=True, trace=True)
    events = game.trace.to_list()
    assert [e["step"] for e in events] == list(range(1, len(events) + 1))
    rounds = [e for e in events if e["kind"] == "round"]
    assert len(rounds) == game.rounds + (game.end_reason == "cannot-refill")
    assert len(game.round_starts) == len(rounds)
    secret = [e for e in events if "visible_to" in e]
    assert secret and all(len(e["visible_to"]) == 1 for e in secret)
    assert all(e["kind"].endswith("-secret") for e in secret)
    # every hand shown in the open would be a leak: hands appear only in secret events
    assert not any("'s hand:" in e["text"] for e in events if "visible_to" not in e)
    assert events[-1]["rule"] == "E4" and events[-1]["kind"] == "ranking"


def test_summary_contract_and_json():
    game = play_game(4, 7, "random")
    s = game.summary()
    assert list(s)[:4] == ["seed", "rounds", "end_reason", "ranking"]
    assert s["seed"] == 7 and s["seats"] == ["Ana", "Bruno", "Caio", "Dora"]
    assert s["bots"] == {n: "random" for n in s["seats"]}
    assert json.loads(json.dumps(s)) == s
    full = game.to_json()
    assert {k: full[k] for k in s} == s
    assert len(full["round_results"]) == game.rounds
    assert "trace" not in full  # trace off


def test_bad_arguments():
    with pytest.raises(GameError, match="3 to 6"):
        play_game(2, 1)
    with pytest.raises(GameError, match="3 to 6"):
        play_game(7, 1)
    with pytest.raises(GameError, match="allowed bots are random, greedy, search"):
        play_game(3, 1, "minimax")
    with pytest.raises(GameError, match=r"1 bot name \(for every seat\) or 4"):
        play_game(4, 1, ["random", "greedy"])
    with pytest.raises(GameError, match="seed must be a whole number >= 0"):
        play_game(4, "x")
    with pytest.raises(GameError, match="seed must be a whole number >= 0, got -1"):
        play_game(4, -1)
    with pytest.raises(GameError, match="unknown variant"):
        play_game(4, 1, variants=["nope"])


def test_custom_names_and_crowns():
    game = play_game(3, 2, "random", names=["X", "Y", "Z"], crowns={"Rogue": 10})
    assert game.summary()["seats"] == ["X", "Y", "Z"]
    assert not check_invariants(game)
    assert game.to_json()["crowns_provisional"] is False


# ------------------------------------------------------------------ end conditions
def test_e1_aristocrat_scored_ends_the_game():
    game = scripted_game(3, answers={
        ("Ana", D.GARDEN): "Aristocrat", ("Bruno", D.GARDEN): "Servant",
        ("Caio", D.GARDEN): "Servant",
        ("Ana", D.ACTION): "convoke", ("Bruno", D.ACTION): "convoke", ("Caio", D.ACTION): "convoke"})
    ana, bruno, caio = game.players
    arrange(ana, hand=["Aristocrat", "Witch", "Jester"],
            deck=["Rogue", "Servant", "Servant", "Damsel", "Merchant"],
            parlor=["Squire", "Courtisan", "Bishop", "Knight"])
    for pl in (bruno, caio):
        arrange(pl, hand=["Servant", "Witch", "Damsel"], deck=["Rogue", "Servant", "Jester", "Merchant"],
                parlor=["Squire", "Courtisan", "Bishop", "Knight", "Aristocrat"])
    result = game.run()
    assert result.end_reason == "aristocrat-scored"
    assert result.rounds == 1
    assert [c.name for c in ana.scored] == ["Aristocrat"]
    assert result.ranking[0] == ["Ana"]
    assert trace_rules(game)["E1"] >= 1
    assert not check_invariants(result)


def test_e2_cannot_refill_before_the_first_round():
    game = scripted_game(3)
    arrange(game.players[1], hand=["Servant", "Witch"], parlor=["Squire", "Courtisan", "Bishop",
                                                               "Knight", "Aristocrat"])
    result = game.run()
    assert result.end_reason == "cannot-refill"
    assert result.rounds == 0
    assert any(e.rule == "D2" and e.actor == "Bruno" for e in game.trace)
    assert any(e.rule == "E2" for e in game.trace)
    assert not check_invariants(result)


def test_e2_cannot_refill_after_a_round():
    # Bruno holds his last 3 cards; his Garden card scores and his Balcony card is
    # discarded: 1 in hand + 1 in the discard pile < 3 at the next Draw step.
    game = scripted_game(3, answers={
        ("Ana", D.GARDEN): "Servant", ("Bruno", D.GARDEN): "Merchant", ("Caio", D.GARDEN): "Servant",
        ("Ana", D.ACTION): "convoke", ("Caio", D.ACTION): "convoke", ("Bruno", D.ACTION): "conspire",
        ("Bruno", D.CONSPIRE): "Servant"})
    ana, bruno, caio = game.players
    for pl in (ana, caio):
        arrange(pl, hand=["Servant", "Servant", "Witch"], deck=["Rogue", "Jester", "Damsel", "Merchant"],
                parlor=["Squire", "Courtisan", "Bishop", "Knight", "Aristocrat"])
    arrange(bruno, hand=["Merchant", "Servant", "Witch"],
            parlor=["Squire", "Courtisan", "Bishop", "Knight", "Aristocrat"])
    result = game.run()
    assert result.rounds == 1
    assert [c.name for c in bruno.scored][-1] == "Merchant"
    assert result.end_reason == "cannot-refill"
    assert not check_invariants(result)


def _e3_game(bruno_empties_too: bool):
    answers = {
        (1, "Ana", D.GARDEN): "Witch", (1, "Ana", D.ACTION): "convoke", (1, "Ana", D.TAKE): "Squire",
        (1, "Bruno", D.GARDEN): "Witch", (1, "Bruno", D.ACTION): "conspire",
        (1, "Bruno", D.CONSPIRE): "Jester",
        (1, "Caio", D.GARDEN): "Witch", (1, "Caio", D.ACTION): "conspire",
        (1, "Caio", D.CONSPIRE): "Jester",
        (2, "Bruno", D.ACTION): "convoke" if bruno_empties_too else "conspire",
    }
    game = scripted_game(3, answers=answers)
    ana, bruno, caio = game.players
    arrange(ana, hand=["Witch", "Servant", "Servant"], deck=["Rogue", "Jester", "Damsel", "Merchant"],
            parlor=["Squire"])
    arrange(bruno, hand=["Witch", "Jester", "Servant"], deck=["Servant", "Merchant", "Rogue", "Damsel"],
            parlor=["Squire"])
    arrange(caio, hand=["Witch", "Jester", "Servant"], deck=["Servant", "Rogue", "Damsel", "Merchant"],
            parlor=["Squire", "Courtisan", "Bishop", "Knight", "Aristocrat"])
    return game


def test_e3_parlor_empty_gives_exactly_one_more_round():
    game = _e3_game(False)
    result = game.run()
    assert result.round_results[0].final_round_next is True
    assert result.round_results[0].convoked["Ana"] == ["Squire"]
    assert result.rounds == 2
    assert result.end_reason == "parlor-empty"
    assert not check_invariants(result)


def test_e3_second_empty_parlor_does_not_extend():
    game = _e3_game(True)
    result = game.run()
    assert result.round_results[1].convoked["Bruno"] == ["Squire"]
    assert not game.players[1].parlor
    assert result.round_results[1].final_round_next is False
    assert result.rounds == 2
    assert result.end_reason == "parlor-empty"
    assert not check_invariants(result)


def test_x2_aristocrat_worst_ends_the_game():
    game = scripted_game(3, expansion=True, answers={
        ("Ana", D.GARDEN): "Aristocrat", ("Bruno", D.GARDEN): "Rogue", ("Caio", D.GARDEN): "Rogue",
        ("Ana", D.ACTION): "convoke", ("Bruno", D.ACTION): "convoke", ("Caio", D.ACTION): "convoke"})
    ana, bruno, caio = game.players
    arrange(ana, hand=["Aristocrat", "Witch", "Jester"],
            deck=["Rogue", "Servant", "Servant", "Damsel", "Merchant"],
            parlor=["Squire", "Courtisan", "Bishop", "Knight"],
            exiled=["Bard", "Scribe", "Elder", "Oracle"])
    for pl in (bruno, caio):
        arrange(pl, hand=["Rogue", "Servant", "Servant"], deck=["Witch", "Jester", "Damsel", "Merchant"],
                parlor=["Squire", "Courtisan", "Bishop", "Knight", "Aristocrat"],
                exiled=["Bard", "Scribe", "Elder", "Oracle"])
    result = game.run()
    r = result.round_results[0]
    assert r.winners == ["Bruno", "Caio"]
    assert result.end_reason == "aristocrat-worst"
    assert result.rounds == 1
    assert "Aristocrat" not in [c.name for c in ana.exiled]
    assert any(e.rule == "X2" and e.card == "Aristocrat" for e in game.trace)
    assert not check_invariants(result)


def test_oracle_draw_reaches_the_next_draw_step():
    # X6: an Oracle resolved on the Balcony makes its owner draw to 5 and keep 3
    for seed in range(300):
        game = play_game(3, seed, "random", expansion=True, trace=True)
        if any(r.oracle_draw for r in game.round_results[:-1]):
            keeps = [d for d in game.decisions if d["kind"] == D.KEEP]
            assert keeps and all(len(d["value"]) == 3 for d in keeps)
            assert any(e.rule == "X6" and e.kind == "keep" for e in game.trace)
            return
    pytest.fail("no Oracle draw in 300 games")


# ------------------------------------------------------------------ E4 tie-breaks
def _scored(index, name, cards):
    pl = PlayerState(index, name)
    pl.scored = [Card(100 * index + k, c, index) for k, c in enumerate(cards)]
    return pl


def test_e4_most_crowns_first():
    a = _scored(0, "Ana", ["Rogue"])                 # 2
    b = _scored(1, "Bruno", ["Bishop", "Squire"])    # 5
    c = _scored(2, "Caio", [])                       # 0
    assert ranking([a, b, c]) == [["Bruno"], ["Ana"], ["Caio"]]


def test_e4_aristocrat_breaks_a_crown_tie():
    a = _scored(0, "Ana", ["Bishop", "Squire"])      # 5, two Nobles
    b = _scored(1, "Bruno", ["Aristocrat"])          # 5, the Aristocrat
    assert ranking([a, b]) == [["Bruno"], ["Ana"]]


def test_e4_then_most_nobles():
    a = _scored(0, "Ana", ["Knight", "Rogue"])       # 5, one Noble
    b = _scored(1, "Bruno", ["Bishop", "Squire"])    # 5, two Nobles
    assert ranking([a, b]) == [["Bruno"], ["Ana"]]
    # Elder and Oracle count as Nobles
    c = _scored(0, "Ana", ["Elder", "Witch"])        # 3, one Noble
    d = _scored(1, "Bruno", ["Rogue", "Witch"])      # 3, none
    assert ranking([d, c]) == [["Ana"], ["Bruno"]]


def test_e4_then_most_cards():
    a = _scored(0, "Ana", ["Knight", "Rogue"])                 # 5, 1 Noble, 2 cards
    b = _scored(1, "Bruno", ["Knight", "Servant", "Servant"])  # 5, 1 Noble, 3 cards
    assert ranking([a, b]) == [["Bruno"], ["Ana"]]


def test_e4_criterion_that_does_not_separate_passes_on():
    # both scored an Aristocrat: the next criterion (Nobles) decides
    a = _scored(0, "Ana", ["Aristocrat", "Rogue", "Witch"])    # 8, 1 Noble
    b = _scored(1, "Bruno", ["Aristocrat", "Knight"])          # 8, 2 Nobles
    assert ranking([a, b]) == [["Bruno"], ["Ana"]]


def test_e4_still_tied_shares_the_place():
    a = _scored(0, "Ana", ["Knight", "Rogue"])
    b = _scored(1, "Bruno", ["Knight", "Damsel"])
    c = _scored(2, "Caio", ["Knight", "Servant", "Servant"])
    d = _scored(3, "Dora", ["Knight", "Rogue"])
    assert ranking([a, b, c, d]) == [["Caio"], ["Ana", "Bruno", "Dora"]]


def test_e4_in_a_whole_game_result():
    game = play_game(4, 3, "random")
    table = PROVISIONAL_CROWNS
    for st in game.states:
        assert game.crowns[st.name] == sum(table[c.name] for c in st.scored)
    assert game.ranking == ranking(game.states)


# ------------------------------------------------------------------ records and replay
@pytest.mark.parametrize("players, expansion, bots", [
    (3, False, "random"), (4, True, "random"), (6, True, "random"),
    (4, True, "greedy,random,search,random"), (3, False, "search,greedy,random"),
])
def test_replay_reproduces_the_identical_trace(players, expansion, bots, tmp_path):
    for seed in (1, 2):
        game = play_game(players, seed, bots.split(","), expansion=expansion, trace=True,
                         variants=("witch-own",) if seed == 2 else ())
        path = tmp_path / f"g{seed}.json"
        records.save(game, path)
        again = records.replay(records.load(path))
        assert again.trace.to_list() == game.trace.to_list()
        assert json.dumps(again.to_json()) == json.dumps(game.to_json())


def test_record_contents():
    game = play_game(4, 9, "random", expansion=True)
    rec = records.to_record(game)
    assert rec["version"] == records.VERSION
    assert {"seed", "players", "names", "bots", "expansion", "variants", "decisions"} <= set(rec)
    assert all(set(d) == {"kind", "player", "card", "value"} for d in rec["decisions"])
    assert len(rec["decisions"]) == len(game.decisions) > 0
    assert json.loads(json.dumps(rec)) == rec


def test_replay_errors_clearly_on_divergence():
    game = play_game(4, 11, "random")
    rec = json.loads(json.dumps(records.to_record(game)))
    first_garden = next(d for d in rec["decisions"] if d["kind"] == D.GARDEN)
    first_garden["value"] = "Aristocrat"  # not in any starting hand
    with pytest.raises(records.RecordError, match="diverges at decision 1"):
        records.replay(rec)
    rec = json.loads(json.dumps(records.to_record(game)))
    rec["decisions"] = rec["decisions"][:5]
    with pytest.raises(records.RecordError, match="holds only 5 decisions"):
        records.replay(rec)
    rec = json.loads(json.dumps(records.to_record(game)))
    rec["decisions"].append(rec["decisions"][-1])
    with pytest.raises(records.RecordError, match="ended after"):
        records.replay(rec)
    rec = json.loads(json.dumps(records.to_record(game)))
    rec["seed"] = 12
    with pytest.raises(records.RecordError, match="diverges"):
        records.replay(rec)


def test_load_rejects_bad_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(records.RecordError, match="not a JSON game record"):
        records.load(bad)
    with pytest.raises(records.RecordError, match="cannot read"):
        records.load(tmp_path / "missing.json")
    bad.write_text(json.dumps({"version": 1, "seed": 1, "players": 9, "names": [], "bots": [],
                               "decisions": []}))
    with pytest.raises(records.RecordError, match="players must be 3 to 6"):
        records.load(bad)


# ------------------------------------------------------------------ command line


def test_cli_play_json_meets_the_contract(run_cli):
    proc = run_cli("play", "--players", "4", "--seed", "7", "--json")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["seed"] == 7
    assert isinstance(data["rounds"], int) and data["rounds"] > 0
    assert data["end_reason"] in END_REASONS
    names = ["Ana", "Bruno", "Caio", "Dora"]
    assert sorted(x for place in data["ranking"] for x in place) == sorted(names)
    for name in names:
        p = data["players"][name]
        for key in ("crowns", "scored", "hand", "deck", "discard_pile", "parlor", "exiled"):
            assert key in p
        assert Counter(c for k in ("scored", "hand", "deck", "discard_pile", "parlor", "exiled")
                       for c in p[k]) == Counter(family(False))
    again = run_cli("play", "--players", "4", "--seed", "7", "--json")
    assert again.stdout == proc.stdout  # same arguments, same game
    # the library gives the same object
    assert {k: data[k] for k in ("seed", "rounds", "end_reason", "ranking", "players")} == \
        {k: v for k, v in play_game(4, 7, "random").summary().items()
         if k in ("seed", "rounds", "end_reason", "ranking", "players")}


@pytest.mark.parametrize("players", [3, 5, 6])
def test_cli_play_json_expansion(players, run_cli):
    proc = run_cli("play", "--players", str(players), "--seed", "3", "--expansion", "--json",
                   "--bots", "random")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    for p in data["players"].values():
        assert Counter(c for k in ("scored", "hand", "deck", "discard_pile", "parlor", "exiled")
                       for c in p[k]) == Counter(family(True))


def test_cli_play_text_record_and_replay(tmp_path, run_cli):
    rec = tmp_path / "game.json"
    proc = run_cli("play", "--players", "3", "--seed", "5", "--bots", "greedy,random,random",
                   "--record", str(rec), "--trace")
    assert proc.returncode == 0, proc.stderr
    assert "Round 1" in proc.stdout and "Final ranking" in proc.stdout
    assert "Step by step" in proc.stdout and "[seen only by" in proc.stdout
    rep = run_cli("replay", str(rec), "--trace")
    assert rep.returncode == 0, rep.stderr
    assert rep.stdout == proc.stdout
    j1 = run_cli("play", "--players", "3", "--seed", "5", "--bots", "greedy,random,random", "--json",
                 "--trace")
    j2 = run_cli("replay", str(rec), "--json", "--trace")
    assert json.loads(j1.stdout)["trace"] == json.loads(j2.stdout)["trace"]


@pytest.mark.parametrize("args, message", [
    (["play", "--players", "7"], "--players must be 3 to 6"),
    (["play", "--players", "2"], "--players must be 3 to 6"),
    (["play", "--players", "4", "--bots", "minimax"], "allowed bots are random, greedy, search"),
    (["play", "--players", "4", "--bots", "random,greedy"], "1 bot name (for every seat) or 4"),
    (["play", "--players", "4", "--seed", "x"], "--seed must be a whole number"),
    (["play", "--players", "4", "--variant", "nope"], "unknown variant"),
    (["play"], "--players"),
    (["replay", "/no/such/record.json"], "cannot read the record"),
    (["simulate", "--games", "2", "--players", "9"], "--players must be 3 to 6"),
    (["simulate", "--games", "2", "--players", "4", "--bots", "x"], "allowed bots"),
    (["simulate", "--games", "-1", "--players", "4"], "--games must be at least 0"),
    (["simulate", "--games", "2", "--players", "4", "--workers", "0"], "--workers must be at least 1"),
])
def test_cli_invalid_input_exits_2_without_traceback(args, message, run_cli):
    proc = run_cli(*args)
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_cli_replay_of_a_bad_record(tmp_path, run_cli):
    bad = tmp_path / "r.json"
    bad.write_text(json.dumps({"version": 1, "seed": 1, "players": 3, "names": ["A", "B", "C"],
                               "bots": ["random"] * 3, "decisions": [
                                   {"kind": "garden", "player": "A", "card": None, "value": "Aristocrat"}],
                               "result": {"rounds": 1, "end_reason": "parlor-empty",
                                          "ranking": [["A"], ["B"], ["C"]]}}))
    proc = run_cli("replay", str(bad))
    assert proc.returncode == 2
    assert "diverges" in proc.stderr and str(bad) in proc.stderr
    assert "Traceback" not in proc.stderr


def test_cli_simulate_json_same_with_workers(run_cli, run_cli_process):
    """``--workers 2`` starts processes: that run is a process of its own."""
    a = run_cli("simulate", "--games", "40", "--players", "4", "--seed", "3", "--json", "--no-progress")
    b = run_cli_process("simulate", "--games", "40", "--players", "4", "--seed", "3", "--json",
                        "--workers", "2")
    assert a.returncode == 0 and b.returncode == 0, (a.stderr, b.stderr)
    assert a.stderr == ""
    assert json.loads(a.stdout) == json.loads(b.stdout)
    assert json.loads(a.stdout)["games"] == 40
    t = run_cli("simulate", "--games", "10", "--players", "3", "--bots", "random,greedy,random",
                "--expansion", "--variant", "witch-own", "--no-progress")
    assert t.returncode == 0, t.stderr
    assert "10 games" in t.stdout and "greedy" in t.stdout


def test_cli_simulate_on_a_local_dask_cluster(run_cli, run_cli_process):
    """The run on the cluster is a process of its own (the dask client lives in it)."""
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    serial = run_cli("simulate", "--games", "12", "--players", "3", "--seed", "8", "--json",
                     "--no-progress", "--bots", "random,greedy,random")
    assert serial.returncode == 0, serial.stderr
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        remote = run_cli_process("simulate", "--games", "12", "--players", "3", "--seed", "8", "--json",
                                 "--no-progress", "--bots", "random,greedy,random",
                                 "--scheduler", cluster.scheduler_address)
    assert remote.returncode == 0, remote.stderr
    assert json.loads(remote.stdout) == json.loads(serial.stdout)


# ------------------------------------------------------------------ no garbage cycle (issue 24)
@pytest.mark.parametrize("bots,trace,expansion", [("random", False, False), ("greedy", True, True)])
def test_a_finished_game_is_freed_without_the_cyclic_collector(bots, trace, expansion):
    import gc
    import weakref

    from aristofarsa.games.game import Game
    gc.collect()
    gc.disable()
    try:
        game = Game(4, seed=5, bots=bots, trace=trace, expansion=expansion)
        result = game.run()
        assert result.end_reason is not None
        alive = weakref.ref(game)
        views = [weakref.ref(v) for v in game.views]
        del game
        assert alive() is None, "the finished game is still referenced (a reference cycle)"
        assert all(v() is None for v in views)
        del result
        assert gc.collect() == 0, "a finished game left garbage only the cyclic collector frees"
    finally:
        gc.enable()
