"""The bundled scenario library: every file is a lesson and a golden test."""
import json

from aristofarsa import scenario
from aristofarsa.core.rulings import RULINGS

# Rulings about the set-up or the model rather than one step of a round: they are pinned
# by scenarios (and whole-game tests) but no single trace line has to cite them.
NOT_STEP_LEVEL = {"M6", "M8", "M9", "M10", "E4", "D3", "X1"}


def test_library_is_not_empty(lessons):
    assert len(lessons) >= 45


def test_scenario_expectations_hold(lesson):
    path = lesson
    sc = scenario.load(path)
    assert sc.title and sc.description, "library scenarios are lessons: title and description"
    assert sc.rulings, "library scenarios say which rulings they pin"
    assert sc.expect, "library scenarios are golden tests: [expect]"
    result = scenario.run(sc)
    assert scenario.check_expect(sc, result) == []
    cited = {rid for e in result.trace for rid in e.rules}
    for rid in sc.rulings:
        if rid not in NOT_STEP_LEVEL:
            assert rid in cited, f"{path.name} pins {rid} but its trace never cites it"


def test_every_ruling_is_pinned_by_a_scenario(lessons):
    pinned = set()
    for path in lessons:
        pinned.update(scenario.load(path).rulings)
    assert sorted(set(RULINGS) - pinned) == []


def test_player_counts_and_expansion_are_covered(lessons):
    counts, expansion = set(), set()
    for path in lessons:
        sc = scenario.load(path)
        counts.add(len(sc.players))
        expansion.add(sc.expansion)
    assert counts == {3, 4, 5, 6}
    assert expansion == {True, False}


def test_every_variant_is_exercised(lessons):
    from aristofarsa.core.variants import VARIANTS
    used = set()
    for path in lessons:
        used |= scenario.load(path).variants
    assert used == set(VARIANTS)


CONTRACT_EXAMPLE = {
    "phase2_order": ["Caio", "Ana", "Bruno"],
    "litter": "Caio",
    "balcony": [{"player": "Caio", "card": "Merchant", "cancelled": False},
                {"player": "Ana", "card": "Witch", "cancelled": False}],
    "garden": [{"player": "Ana", "card": "Knight", "prestige": 5},
               {"player": "Bruno", "card": "Rogue", "prestige": 10},
               {"player": "Caio", "card": "Aristocrat", "prestige": 13}],
    "lowest_wins": False,
    "winners": ["Caio"],
    "scored": {"Ana": [], "Bruno": [], "Caio": ["Aristocrat", "Merchant"]},
    "convoked": {"Ana": [], "Bruno": ["Bishop"], "Caio": []},
    "exiled": {"Ana": [], "Bruno": [], "Caio": []},
    "next_first": "Caio",
    "game_over": True,
}


def test_worked_example_gives_the_contract_json(run_cli, example):
    path = example
    proc = run_cli("resolve", path, "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)  # exactly one JSON object
    assert list(out)[:len(CONTRACT_EXAMPLE)] == list(CONTRACT_EXAMPLE)
    assert {k: out[k] for k in CONTRACT_EXAMPLE} == CONTRACT_EXAMPLE
    assert out["trace"] and all({"step", "rule", "text"} <= set(e) for e in out["trace"])
    assert [e["step"] for e in out["trace"]] == list(range(1, len(out["trace"]) + 1))
    assert all(e["rule"] in RULINGS for e in out["trace"])


def test_same_file_same_trace(lessons):
    for path in lessons[:10]:
        sc = scenario.load(path)
        assert scenario.run(sc).trace.to_list() == scenario.run(sc).trace.to_list()


def test_check_command_reports_mismatch_field_by_field(tmp_path, run_cli, example):
    src = example.read_text()
    bad = tmp_path / "bad.toml"
    text = src.split("[expect]")[0] + ('[expect]\nwinners = ["Bruno"]\nnext_first = "Caio"\n'
                                       'prestige = { Caio = 18, Ana = 5 }\n')
    bad.write_text(text)
    proc = run_cli("check", bad)
    assert proc.returncode == 1
    assert "FAIL" in proc.stdout
    assert "winners: expected ['Bruno'], got ['Caio']" in proc.stdout
    assert "prestige.Caio: expected 18, got 13" in proc.stdout
    assert "prestige.Ana" not in proc.stdout and "next_first" not in proc.stdout
    assert "0 passed, 1 failed" in proc.stdout


def test_check_command_passes_on_library(run_cli, lessons):
    proc = run_cli("check", "-q")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(lessons)} passed, 0 failed, 0 invalid" in proc.stdout


def test_text_and_markdown_views(resolve_lesson, example):
    _, result = resolve_lesson(example)
    text = result.to_text()
    assert "Caio's Merchant: ×2 to Caio's Aristocrat (9 → 18). — B5 (see M3)" in text
    assert "[seen only by Ana]" in text
    assert "Caio's Aristocrat 13 = 9, ×2, -5" in text  # the final Prestige, layer by layer
    md = result.to_markdown()
    assert "| balcony | Caio's Merchant: ×2 to Caio's Aristocrat (9 → 18). | 9 → 18 | B5 (see M3) |" in md


def test_a_card_restored_during_a_replay_resolves_again():
    """Issue 29 (B10, B13): the outside check's 6-player round (lesson
    b13-restored-squire-swaps-again). The last replay skips Ana's Squire (Dora's Bishop
    cancelled it), then Caio's restored Bishop cancels Dora's: the Squire is no longer
    cancelled, so the Balcony is resolved again and its exchange stands."""
    from aristofarsa import SCENARIOS_DIR
    sc = scenario.load(SCENARIOS_DIR / "b13-restored-squire-swaps-again.toml")
    result = scenario.run(sc)
    assert ("Ana", "Bishop", 7) in result.garden
    cancelled = [(b["player"], b["card"]) for b in result.to_json(trace=False)["balcony"]
                 if b["cancelled"]]
    assert cancelled == [("Bruno", "Bishop"), ("Dora", "Bishop")]
    restored = [e for e in result.trace if e.kind == "replay" and e.target == "Ana"]
    assert [(e.rule, e.see, e.target_card) for e in restored] == [("B10", ["B13"], "Squire")]
    after = [e for e in result.trace if e.step > restored[0].step]
    assert any(e.actor == "Ana" and e.card == "Squire" and e.rule == "B8" for e in after)
    assert result.winners == ["Fabi"]  # the winner does not change here; the Garden does


def _six_bishop_chain():
    """Ana's Witch -5 on Fabi's Knight, then five Bishops, each cancelling the card before it."""
    names = ["Ana", "Bruno", "Caio", "Dora", "Enzo", "Fabi"]
    gardens = ["Servant", "Merchant", "Jester", "Squire", "Courtisan", "Knight"]
    conspires = ['{ card = "Witch", target = "Fabi", delta = -5 }'] + [
        f'{{ card = "Bishop", target = "{before}" }}' for before in names[:-1]]
    return scenario.loads('first = "Ana"\n' + "".join(
        f'[[player]]\nname = "{n}"\ngarden = "{g}"\nconspire = {c}\nhand = ["Rogue"]\n'
        for n, g, c in zip(names, gardens, conspires, strict=True)))


def test_five_bishops_in_a_chain_replay_once_each():
    """B10, B13 with many Bishops: each of five Bishops cancels the card before it after that
    card resolved, so each starts one replay (the Witch on Fabi's Knight is cancelled, back,
    cancelled, back, cancelled): five replays, within the bound of two per player."""
    result = scenario.run(_six_bishop_chain())
    replays = [e.actor for e in result.trace if e.kind == "replay"]
    assert replays == ["Bruno", "Caio", "Dora", "Enzo", "Fabi"]
    knight = [e.after for e in result.trace if e.target == "Fabi" and e.after is not None
              and e.phase in ("balcony", "replay")]
    assert knight == [3, 8, 3, 8, 3, 8]  # the Witch resolves in every other pass
    assert ("Fabi", "Knight", 8) in result.garden
    cancelled = [(b["player"], b["card"]) for b in result.to_json(trace=False)["balcony"]
                 if b["cancelled"]]
    assert cancelled == [("Ana", "Witch"), ("Caio", "Bishop"), ("Enzo", "Bishop")]


def test_a_round_stops_past_the_bound_on_replays(monkeypatch):
    """B10: a round cannot replay more than twice per player (Round.replay says why); were
    that argument ever broken, the round stops with an error naming the bound instead of
    running on. Here four replays are counted before the chain's five."""
    from aristofarsa.core.round import Round
    start = Round.__init__

    def counted(self, *args, **kwargs):
        start(self, *args, **kwargs)
        self.replays = 2 * len(self.players) - 4

    monkeypatch.setattr(Round, "__init__", counted)
    try:
        scenario.run(_six_bishop_chain(), trace=False)
    except RuntimeError as exc:
        assert "13 Balcony replays in one round of 6 players; at most 12" in str(exc)
    else:
        raise AssertionError("the round ran past the bound on replays")


def test_a_replay_keeps_the_played_bishop_lesson():
    """B14 (lesson b14-replay-keeps-the-played-bishop): Bruno plays the Garden Bishop that
    Ana's Courtisan handed back to him; it cancels the Courtisan. The replay skips the
    Courtisan but takes back no play: Bruno's Bishop stays on the Balcony, his Witch stays in
    the Garden, and Ana's Squire (the only Noble left) wins. The file names Bruno's Garden
    Bishop as his `conspire` card: one card, counted once."""
    from aristofarsa import SCENARIOS_DIR
    sc = scenario.load(SCENARIOS_DIR / "b14-replay-keeps-the-played-bishop.toml")
    result = scenario.run(sc)
    assert ("Bruno", "Witch", 2) in result.garden and result.winners == ["Ana"]
    kept = [e for e in result.trace if e.rule == "B14"]
    assert [(e.phase, e.actor, e.card, e.incoming) for e in kept] == [
        ("replay", "Bruno", "Bishop", "Witch")]
    later = [e for e in result.trace if e.step > kept[0].step and e.phase == "replay"]
    assert (later[0].kind, later[0].card) == ("conspire", "Bishop")


def test_a_garden_card_convoked_after_a_courtisan_is_counted_once(tmp_path):
    """B14's file form for a Convoke: in Bishop mode Ana's Courtisan hands Bruno his Garden
    Bishop and he Convokes with it; `convoke.discard` names the Garden card, counted once (a
    family has one Bishop), and the round runs as written."""
    path = tmp_path / "convoke.toml"
    path.write_text('''title = "A Garden Bishop convoked"
first = "Ana"
[[player]]
name = "Ana"
garden = "Squire"
conspire = { card = "Courtisan", target = "Bruno", give = "Witch" }
hand = ["Merchant"]
[[player]]
name = "Bruno"
garden = "Bishop"
convoke = { discard = ["Bishop", "Jester"], take = "Squire" }
hand = ["Witch"]
[[player]]
name = "Caio"
garden = "Servant"
conspire = { card = "Squire", exchange = false }
hand = ["Rogue"]
''', encoding="utf-8")
    sc = scenario.load(path)
    assert not sc.warnings
    result = scenario.run(sc)
    assert ("Bruno", "Witch", 2) in result.garden
    assert result.to_json(trace=False)["convoked"]["Bruno"] == ["Squire"]
    doubled = path.read_text(encoding="utf-8").replace('"Bishop", "Jester"', '"Bishop", "Bishop"')
    path.write_text(doubled, encoding="utf-8")
    try:
        scenario.load(path)
    except scenario.ScenarioError as exc:
        assert "2 copies of Bishop" in str(exc)
    else:
        raise AssertionError("a second Bishop was accepted")
