"""Effect graphs, explanations, variants tables and what-ifs (aristofarsa.analysis)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.analysis.compare import compare_variants
from aristofarsa.analysis.explain import RULING_ANCHORS, explain
from aristofarsa.analysis.graph import GraphError, build_graph, node_id
from aristofarsa.analysis.whatif import WhatIfError, what_if
from aristofarsa.cli import main
from aristofarsa.core.rulings import RULINGS
from aristofarsa.core.variants import VARIANTS
from aristofarsa.render.dot import graph_dot

LESSONS = sorted(SCENARIOS_DIR.glob("*.toml"))
ROOT = Path(__file__).resolve().parent.parent
SIX = Path(__file__).parent / "analysis_data" / "six-bishop-chain.toml"


def data_of(name: str) -> dict:
    sc = scenario.load(SCENARIOS_DIR / f"{name}.toml")
    return {**scenario.run(sc).to_json(), "title": sc.title}


def edges(g) -> list[tuple]:
    return [(e.step, e.source, e.target, e.kind, e.label, e.cancelled) for e in g.edges]


# ------------------------------------------------------------------ graph
def test_bishop_chain_graph_structure():
    g = build_graph(data_of("b13-bishop-chain"))
    garden = [(n.player, n.card, n.order) for n in g.nodes if n.zone == "garden"]
    balcony = [(n.player, n.card, n.order) for n in g.nodes if n.zone == "balcony"]
    assert garden == [("Ana", "Servant", 1), ("Bruno", "Merchant", 2), ("Caio", "Jester", 3),
                      ("Dora", "Knight", 4)]
    assert balcony == [("Ana", "Witch", 1), ("Bruno", "Bishop", 2), ("Caio", "Bishop", 3),
                       ("Dora", "Bishop", 4)]
    cancels = {(src, tgt, c) for s, src, tgt, kind, _, c in edges(g) if kind == "cancel"}
    assert cancels == {
        ("balcony:Bruno:Bishop", "balcony:Ana:Witch", False),
        ("balcony:Caio:Bishop", "balcony:Bruno:Bishop", True),   # Caio's Bishop ends cancelled
        ("balcony:Dora:Bishop", "balcony:Caio:Bishop", False),
    }
    assert {20, 29, 39} <= {e.step for e in g.edges if e.kind == "cancel"}
    witch = [e for e in g.edges if e.source == "balcony:Ana:Witch"]
    assert witch and all(e.cancelled and e.label == "−5" and e.target == "garden:Dora:Knight"
                         for e in witch)
    knight = g.node("garden:Dora:Knight")
    assert knight.winner and knight.scored and knight.prestige == 8
    assert g.node("balcony:Ana:Witch").cancelled and not g.node("balcony:Bruno:Bishop").cancelled


def test_bishop_replay_graph_labels_and_merging():
    g = build_graph(data_of("b10-bishop-replay"))
    assert (23, "balcony:Ana:Merchant", "garden:Ana:Courtisan", "prestige", "×2", True) in edges(g)
    assert (28, "balcony:Caio:Bishop", "balcony:Ana:Merchant", "cancel", "cancel", False) in edges(g)
    swaps = [e for e in g.edges if e.kind == "swap"]
    assert {e.source for e in swaps} == {"balcony:Bruno:Damsel"} and len(swaps) == 4
    dot = graph_dot(g)
    assert '"26, 36 · swap = 1"' in dot          # the replay's repeat is one drawn edge
    drawn = [line for line in dot.splitlines() if 'class="graph-label"' in line]   # one per drawn edge
    assert len(drawn) == len({(e.source, e.target, e.kind, e.label, e.cancelled) for e in g.edges
                              if e.kind != "replay"})       # a replay's resets are not drawn
    assert len(drawn) < len(g.edges)


def test_graph_steps_and_viewer():
    d = data_of("b13-bishop-chain")
    assert build_graph(d, step=0).nodes == [] and build_graph(d, step=0).edges == []
    g = build_graph(d, step=20)
    assert [e.step for e in g.edges] == [18, 20]
    assert not any(n.winner for n in g.nodes)
    def cancelled_at(k: int) -> dict[str, bool]:
        return {n.player: n.cancelled for n in build_graph(d, step=k).nodes if n.zone == "balcony"}
    assert cancelled_at(19) == {"Ana": False, "Bruno": False, "Caio": False, "Dora": False}
    assert cancelled_at(20)["Ana"] is True                   # Bruno's Bishop cancels the Witch
    after_caio = cancelled_at(36)                            # Caio's cancellation replayed
    assert after_caio["Bruno"] is True and after_caio["Ana"] is False
    assert cancelled_at(len(d["trace"])) == {"Ana": True, "Bruno": False, "Caio": True, "Dora": False}
    hidden = build_graph(d, step=16, viewer="Ana")
    cards = {n.player: n.card for n in hidden.nodes if n.zone == "balcony"}
    assert cards == {"Ana": "Witch", "Bruno": None, "Caio": None, "Dora": None}
    assert {n.player: n.card for n in build_graph(d, step=16).nodes if n.zone == "balcony"}["Bruno"] \
        == "Bishop"
    after = build_graph(d, step=19, viewer="Ana")   # Bruno's Bishop is revealed at step 19
    assert {n.player: n.card for n in after.nodes if n.zone == "balcony"}["Bruno"] == "Bishop"
    for bad in (-1, len(d["trace"]) + 1, "3"):
        with pytest.raises(GraphError, match="step must be"):
            build_graph(d, step=bad)
    with pytest.raises(GraphError, match="unknown viewer"):
        build_graph(d, viewer="Zed")


def test_oracle_peek_is_seen_only_by_its_owner():
    d = data_of("p7-oracle-peek")
    peek = next(e for e in d["trace"] if e["kind"] == "peek-secret")
    owner, target = peek["actor"], peek["target"]
    step = peek["step"]
    mine = build_graph(d, step=step, viewer=owner)
    assert next(n for n in mine.nodes if n.zone == "balcony" and n.player == target).card \
        == peek["target_card"]
    other = next(p for p in mine.players if p not in (owner, target))
    theirs = build_graph(d, step=step, viewer=other)
    assert next(n for n in theirs.nodes if n.zone == "balcony" and n.player == target).card is None


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_graph_contract_for_every_lesson(path):
    sc = scenario.load(path)
    d = scenario.run(sc).to_json()
    g = build_graph(d)
    ids = {n.id for n in g.nodes}
    by_id = {n.id: n for n in g.nodes}
    assert len(ids) == len(g.nodes)
    cancelled_cards = {node_id("balcony", b["player"], b["card"]) for b in d["balcony"] if b["cancelled"]}
    for e in g.edges:
        assert e.source in ids and e.target in ids
        assert e.cancelled == (e.source in cancelled_cards)
    steps = {e.step: e for e in g.edges}
    for ev in d["trace"]:
        if all(ev.get(k) for k in ("actor", "card", "target", "target_card")):
            edge = steps.get(ev["step"])
            assert edge is not None, ev
            tgt = by_id[edge.target]
            assert (tgt.player, tgt.card) == (ev["target"], ev["target_card"])
            src = by_id[edge.source]
            if not (ev["kind"] == "exchange" and ev["actor"] == ev["target"]):
                assert (src.player, src.card) == (ev["actor"], ev["card"])
    garden = [(n.player, n.card) for n in g.nodes if n.zone == "garden" and not n.replaced]
    assert garden == [(x["player"], x["card"]) for x in d["garden"]]
    balcony = [(n.player, n.card) for n in g.nodes if n.zone == "balcony"]
    assert balcony == [(x["player"], x["card"]) for x in d["balcony"]]
    assert {n.player for n in g.nodes if n.winner} == set(d["winners"])
    assert graph_dot(g).startswith("digraph")


def test_six_players_bishop_chain_renders(tmp_path):
    pytest.importorskip("pygraphviz")
    from aristofarsa.render.svg import graph_svg
    sc = scenario.load(SIX)
    g = build_graph(scenario.run(sc))
    assert len([n for n in g.nodes if n.zone == "garden"]) == 6
    svg = graph_svg(g)
    assert svg.startswith("<svg") and svg.count('class="node graph&#45;node') == len(g.nodes)
    for e in g.edges:
        assert f"{e.step}" in svg
    assert g._repr_svg_().startswith("<svg")


# ---------------------------------------------------------------- explain
def test_explain_ledgers_and_near_misses():
    x = explain(data_of("s2-knight-loses-by-4-does-not-score"))
    ledgers = {(led.player, led.card): led.sentence() for led in x.ledgers}
    assert ledgers[("Ana", "Courtisan")] == "Ana's Courtisan: 6; Ana's Merchant ×2 (B5) = 12"
    assert ledgers[("Dora", "Knight")] == ("Dora's Knight: 8; Edu's Aristocrat mark = 5 (M4); "
                                           "Bruno's Witch +5 (B2) = 10")
    knight = next(v for v in x.verdicts if (v.player, v.card) == ("Bruno", "Knight"))
    assert not knight.scored and knight.near_miss and "lost by 4" in knight.reason
    assert "3 or less" in knight.reason
    merchant = next(v for v in x.verdicts if (v.player, v.card, v.zone) == ("Ana", "Merchant", "balcony"))
    assert merchant.scored
    assert x.outcome == "Winning card: Ana's Courtisan (12)."
    assert x.notes[0] == "Starts next round: Ana."


def test_explain_replay_and_merchant_that_did_not_score():
    x = explain(data_of("b10-bishop-replay"))
    courtisan = next(led for led in x.ledgers if led.card == "Courtisan")
    assert courtisan.sentence().startswith("Ana's Courtisan: 6; Bruno's Damsel swap = 1 (B4)")
    assert "Ana's Merchant ×2" in courtisan.sentence()       # undone by the replay
    merchant = next(v for v in x.verdicts if v.card == "Merchant" and v.zone == "balcony")
    assert not merchant.scored and "cancelled" in merchant.reason
    x = explain(data_of("s2-merchant-follows-its-card"))
    assert all(v.reason for v in x.verdicts)


def test_explain_says_the_undone_change_and_the_game_end_in_game_words():
    """No engine token ("aristocrat-scored") and the replay's undone change in one plain clause."""
    x = explain(data_of("b13-bishop-chain"))
    knight = next(led for led in x.ledgers if (led.player, led.card) == ("Dora", "Knight"))
    assert knight.sentence() == ("Dora's Knight: 8, unchanged — Ana's Witch −5 was undone: a "
                                 "Bishop cancelled a Balcony card, so the Balcony was played "
                                 "again (B10)")
    x = explain(data_of("e1-aristocrat-scores-game-ends"))
    assert "The game ends: an Aristocrat scored (E1)." in x.notes
    assert not [n for n in x.notes if "aristocrat-scored" in n]
    from aristofarsa.render.text import round_summary
    r = scenario.run(scenario.load(SCENARIOS_DIR / "e1-aristocrat-scores-game-ends.toml"), trace=False)
    assert "The game ends: an Aristocrat scored (E1)." in round_summary(r).splitlines()


def test_courtisan_entry_names_the_peasant_it_follows_and_the_ledger_says_so():
    """The entry event's facts name the Peasant the Courtisan followed (``source``,
    ``source_card``), so the ledger reads "following Bruno's Rogue +10", not "entry bonus"."""
    data = data_of("m4-rogue-then-courtisan")
    entry = next(e for e in data["trace"] if e["kind"] == "entry" and e.get("card") == "Courtisan")
    assert "follows Bruno's Rogue" in entry["text"]
    facts = {k: v for k, v in entry.items() if k not in ("text", "step", "phase", "kind", "rule", "see")}
    assert facts == {"actor": "Caio", "card": "Courtisan", "target": "Caio", "target_card": "Courtisan",
                     "before": 6, "after": 16, "change": "+10", "source": "Bruno", "source_card": "Rogue"}
    ledger = next(led for led in explain(data).ledgers if led.card == "Courtisan")
    assert ledger.sentence() == ("Caio's Courtisan: 6; following Bruno's Rogue +10 (M4) = 16; "
                                 "Ana's Witch −5 (B2) = 11")


def test_courtisan_live_entry_names_the_peasant_too():
    data = data_of("m4-servant-then-courtisan-live")
    entry = next(e for e in data["trace"] if e["kind"] == "entry" and e.get("card") == "Courtisan")
    assert entry["source_card"] == "Servant"
    assert f"follows {entry['source']}'s Servant" in entry["text"]


def test_bard_entry_names_the_revealed_card():
    data = data_of("m4-bard-adds-printed-prestige")
    entry = next(e for e in data["trace"] if e["kind"] == "entry" and e.get("card") == "Bard")
    assert (entry["source"], entry["source_card"], entry["change"]) == ("Bruno", "Servant", "+1")
    ledger = next(led for led in explain(data).ledgers if led.card == "Bard")
    assert ledger.sentence().startswith("Ana's Bard: 3; Bruno's Servant revealed +1 (X3) = 4")


def test_explain_steps_link_rulings():
    d = data_of("b13-bishop-chain")
    x = explain(d)
    assert [s.step for s in x.steps] == [e["step"] for e in d["trace"]]
    assert all(s.link.startswith("rulings.md#") for s in x.steps)
    md = x.to_markdown()
    assert "[B13](rulings.md#b13-chains-of-bishop-cancellations)" in md
    assert "<a href='rulings.md#b10-bishop'" in x._repr_html_()


def test_ruling_anchors_match_the_rulings_page():
    headings = [line[4:].strip() for line in (ROOT / "docs" / "rulings.md").read_text().splitlines()
                if line.startswith("### ")]
    slugs = {h.split()[0]: re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}
    assert RULING_ANCHORS == {k: slugs[k] for k in RULING_ANCHORS}
    assert set(RULINGS) <= set(RULING_ANCHORS)


# --------------------------------------------------------------- variants
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_variants_table_matches_direct_runs(path):
    sc = scenario.load(path)
    table = compare_variants(sc)
    base = scenario.run(sc, trace=False)
    assert table.winners == base.winners and table.scored == base.scored
    assert [r.name for r in table.rows] == list(VARIANTS)
    for row in table.rows:
        try:
            direct = scenario.run(sc, variants=[row.name], trace=False)
        except scenario.ScenarioError as exc:
            assert row.error == str(exc) and row.winners is None
            continue
        assert row.error is None
        assert (row.winners, row.scored) == (direct.winners, direct.scored)
        assert row.changes == (sorted(direct.winners) != sorted(base.winners) or
                               {k: sorted(v) for k, v in direct.scored.items()}
                               != {k: sorted(v) for k, v in base.scored.items()})
    assert table.sentence


def test_variants_sentence_names_the_change():
    from aristofarsa.analysis.compare import VariantRow, VariantTable
    t = VariantTable(["Caio"], {"Caio": ["Knight"]}, [
        VariantRow("courtisan-live", "M4", "", ["Caio"], {"Caio": ["Knight"]}, False,
                   winning=["Caio's Knight"]),
        VariantRow("witch-own", "B2", "", ["Bruno"], {"Bruno": ["Rogue"]}, True,
                   winning=["Bruno's Rogue"])], winning=["Caio's Knight"])
    assert t.sentence == ("With witch-own, the winning card is Bruno's Rogue instead of Caio's Knight; "
                          "the other house rules change nothing.")
    t.rows[1] = VariantRow("witch-own", "B2", "", ["Caio"], {"Caio": ["Knight"]}, False)
    assert t.sentence == "None of the house rules changes who wins or what scores."
    t.rows[1] = VariantRow("witch-own", "B2", "", error="x: not allowed", changes=True)
    assert t.sentence.startswith("The house rule witch-own cannot apply to this round")
    assert "change" not in t.sentence.split(";")[0]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_variants_sentence_agrees_with_the_table(path):
    """Every variant the sentence says changes the outcome is a row with `changes`, every row
    the round is invalid under reads "cannot apply" (never "changes"), and "nothing changes"
    only when no row changes anything."""
    from aristofarsa.render.analysis import variants_html, variants_text
    t = compare_variants(scenario.load(path))
    said = t.sentence
    for r in t.rows:
        if r.error is not None:
            assert f"he house rule {r.name} cannot apply" in said
            assert f"With {r.name}," not in said and f"with {r.name}," not in said
        elif r.changes:
            assert f"ith {r.name}, " in said
        else:
            assert f"ith {r.name}," not in said
    if all(r.error is None and not r.changes for r in t.rows):
        assert said == "None of the house rules changes who wins or what scores."
    else:
        assert "None of the house rules" not in said
    html = variants_html(t)
    assert html.count("<td>cannot apply</td>") == sum(r.error is not None for r in t.rows)
    assert variants_text(t).count("cannot apply: ") == sum(r.error is not None for r in t.rows)
    assert t.to_json()["variants"] == [r.to_json() for r in t.rows]
    assert "the file's own" not in html and ": Knight" not in html
    for r in t.rows:                      # the tables give the reason in game words
        if r.error is not None:
            assert r.reason.startswith(f"under {r.name}, ") and "`" not in r.reason
            assert str(path) not in r.reason and "player '" not in r.reason, r.reason
            assert f"cannot apply: {r.reason}" in variants_text(t)
            assert r.to_json()["error"] == r.error and "reason" not in r.to_json()


def test_variants_cannot_apply_in_game_words():
    """The validator's text (file keys, `passes = true`, the file's path) stays in the JSON
    `error`; the tables say why in game words, for a lesson and for a round entered by tapping."""
    from aristofarsa.render.analysis import variants_html, variants_text
    t = compare_variants(scenario.load(SCENARIOS_DIR / "b13-bishop-chain.toml"))
    row = next(r for r in t.rows if r.name == "bishop-no-undo")
    assert "`conspire.target` = 'Ana' is not allowed" in row.error
    assert row.reason == ("under bishop-no-undo, Bruno's Bishop may not target Ana's Witch, "
                          "already resolved (allowed: Caio, Dora)")
    assert f"<td colspan='2'>cannot apply: {row.reason.replace(chr(39), '&#x27;')}</td>" in variants_html(t)
    assert "<td>as entered</td>" in variants_html(t)
    assert variants_text(t).startswith("Rules as entered: winning card Dora's Knight; "
                                       "scores: Dora's Knight\n")
    text = (SCENARIOS_DIR / "p8-empty-hand-passes.toml").read_text(encoding="utf-8")
    t = compare_variants(scenario.loads(text, "the round entered"))
    row = next(r for r in t.rows if r.name == "convoke-nothing")
    assert row.error.startswith("the round entered: player 'Ana': `passes = true`")
    assert row.reason == "under convoke-nothing, Ana may not pass: Ana can convoke (P8)"
    assert "the round entered" not in variants_text(t) and "passes = true" not in variants_text(t)


def test_whatif_tables_say_the_round_as_played_and_name_scoring_cards():
    from aristofarsa.render.analysis import whatif_html, whatif_text
    path = SCENARIOS_DIR / "b4-damsel-swap.toml"
    w = what_if(path.read_text(encoding="utf-8"), scenario.load(path), "Caio")
    for shown in (whatif_text(w), whatif_html(w)):
        assert "as in the file" not in shown and "everyone else as in the round as played" in shown
        assert "scores: Bruno&#x27;s Courtisan" in shown or "scores: Bruno's Courtisan" in shown
        assert "Bruno: Courtisan" not in shown


# ----------------------------------------------------------------- whatif
def _cards_and_zones(sc):
    return [(p.name, p.garden, p.conspire, p.convoke and p.convoke["discard"], p.passes, p.zones)
            for p in sc.players]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_whatif_alternative_resolves_as_shown(path):
    """Every lesson, every player: each alternative's scenario resolves to the winners and
    scored shown; another player's table changes only where the alternative says it re-decided
    a choice, and only in that choice."""
    text = path.read_text(encoding="utf-8")
    sc = scenario.loads(text, str(path))
    base = scenario.run(sc, trace=False)
    for spec in sc.players:
        w = what_if(text, sc, spec.name)
        assert w.alternatives, spec.name
        assert sum(a.actual for a in w.alternatives) == 1, (spec.name, [a.summary for a in w.alternatives])
        actual = next(a for a in w.alternatives if a.actual)
        assert (actual.winners, actual.scored) == (base.winners, base.scored)
        assert actual.then == []
        for alt in w.alternatives:
            if alt.error is not None:
                # B14's lesson only: a player plays the Garden card another's Courtisan handed
                # back to them; an alternative that does not hand it back stops that play
                back = [q for q in sc.players if q.conspire and q.conspire == q.garden]
                assert any(alt.reason.startswith(f"{q.name} would no longer hold the {q.garden} ")
                           for q in back), (spec.name, alt.summary, alt.error)
                continue
            if alt.unwritable is not None:
                # B14's lesson only: the handed-back Garden card kept in hand is held twice
                assert any(f"copies of {q.garden} (garden, hand)" in alt.unwritable
                           for q in sc.players if q.conspire == q.garden), alt.unwritable
                continue
            alt_sc = scenario.loads(alt.scenario, "alt")
            r = scenario.run(alt_sc, trace=False)
            assert (r.winners, r.scored) == (alt.winners, alt.scored), alt.summary
            mine = [p.name for p in sc.players].index(spec.name)
            others = [t for k, t in enumerate(_cards_and_zones(alt_sc)) if k != mine]
            assert others == [t for k, t in enumerate(_cards_and_zones(sc)) if k != mine]
            changed = [p.name for p, q in zip(alt_sc.players, sc.players, strict=True)
                       if p.name != spec.name and (p.conspire_choices, p.garden_choices)
                       != (q.conspire_choices, q.garden_choices)]
            if changed:
                assert alt.then and " — and " in alt.summary, alt.summary
                assert all(any(t.startswith(n) for t in alt.then) for n in changed), (changed, alt.then)
        assert sum(len(g) for g in w.groups()) == len(w.alternatives)


DISPUTE = ("Ana: Knight, Witch on Bruno -5, hand Jester; Bruno: Servant, Merchant on Bruno, hand Rogue; "
           "Caio: Jester, Witch on Ana +5, hand Servant; Dora: Damsel, Bishop on Caio, hand Jester")


def test_whatif_re_decides_a_choice_the_alternative_makes_illegal():
    """Caio Convokes instead of Conspiring while Dora's Bishop targets Caio's Balcony card: each
    Convoke comes once per card Dora could cancel instead, and says so."""
    from aristofarsa.scenario import line
    sc = line.load(DISPUTE)
    text = line.to_toml(DISPUTE)
    w = what_if(text, sc, "Caio")
    convokes = [a for a in w.alternatives if "convoke" in a.table]
    assert convokes
    takes = {a.table["convoke"]["take"] for a in convokes}
    for take in takes:
        thens = sorted(t for a in convokes if a.table["convoke"]["take"] == take for t in a.then)
        assert thens == ["Dora's Bishop would then have cancelled Ana's Witch",
                         "Dora's Bishop would then have cancelled Bruno's Merchant"]
    for alt in convokes:
        assert alt.summary.endswith(" — and " + alt.then[0])
        again = scenario.loads(alt.scenario, "alt")
        assert again.spec("Dora").conspire_choices["target"] in ("Ana", "Bruno")
        r = scenario.run(again, trace=False)
        assert (r.winners, r.scored) == (alt.winners, alt.scored)
    out = w.to_json()["alternatives"]
    assert sorted(t for a in out for t in a["then"]) == sorted(t for a in convokes for t in a.then)


def test_whatif_unknown_player():
    path = SCENARIOS_DIR / "b13-bishop-chain.toml"
    text = path.read_text()
    with pytest.raises(WhatIfError, match="players are Ana, Bruno, Caio, Dora"):
        what_if(text, scenario.loads(text), "Zed")


# -------------------------------------------------------------------- CLI
@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_cli_explain_graph_variants_for_every_lesson(path, capsys):
    assert main(["explain", str(path)]) == 0
    assert "Who scores and why" in capsys.readouterr().out
    assert main(["graph", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"nodes", "edges"}
    assert all(set(n) >= {"id", "player", "card", "zone", "order"} for n in out["nodes"])
    assert all(set(e) >= {"step", "source", "target", "kind", "label", "cancelled"} for e in out["edges"])
    assert main(["variants", str(path), "--json"]) == 0
    v = json.loads(capsys.readouterr().out)
    assert [r["name"] for r in v["variants"]] == list(VARIANTS)


def test_cli_graph_files(tmp_path, capsys):
    path = str(SCENARIOS_DIR / "b13-bishop-chain.toml")
    assert main(["graph", path, "-o", str(tmp_path / "g.dot")]) == 0
    assert (tmp_path / "g.dot").read_text().startswith("digraph")
    pytest.importorskip("pygraphviz")
    assert main(["graph", path, "-o", str(tmp_path / "g.svg"), "--step", "20"]) == 0
    assert "<svg" in (tmp_path / "g.svg").read_text()
    assert main(["graph", path, "-o", str(tmp_path / "g.png")]) == 0
    assert (tmp_path / "g.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("args, message", [
    (["graph", "{f}", "--step", "999"], "--step must be from 0 to"),
    (["graph", "{f}", "--step", "-1"], "--step must be from 0 to"),
    (["graph", "{f}", "-o", "out.gif"], "unknown format .gif"),
    (["graph", "{f}", "--viewer", "Zed"], "is not a player"),
    (["graph", "missing.toml"], "missing.toml: cannot read"),
    (["explain", "missing.toml"], "missing.toml: cannot read"),
    (["variants", "{bad}"], "not valid TOML"),
    (["whatif", "{f}", "--player", "Zed"], "unknown player 'Zed'"),
    (["whatif", "{bad}", "--player", "Ana"], "not valid TOML"),
])
def test_cli_bad_input_exits_2(args, message, tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("this is = = not toml")
    args = [a.format(f=SCENARIOS_DIR / "b13-bishop-chain.toml", bad=bad) for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_whatif_json(capsys):
    path = SCENARIOS_DIR / "b13-bishop-chain.toml"
    assert main(["whatif", str(path), "--player", "ana", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["player"] == "Ana"
    assert sum(a["actual"] for a in out["alternatives"]) == 1
    assert all({"summary", "scenario", "actual"} <= set(a) for a in out["alternatives"])


@pytest.mark.parametrize("name, player", [("m4-bard-adds-printed-prestige", "Ana"),
                                          ("b4-damsel-swap", "Caio"), ("p7-oracle-peek", "Bruno")])
def test_whatif_with_the_garden_card(name, player):
    path = SCENARIOS_DIR / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    sc = scenario.loads(text, str(path))
    w = what_if(text, sc, player, garden=True)
    plain = what_if(text, sc, player)
    assert len(w.alternatives) > len(plain.alternatives)
    assert sum(a.actual for a in w.alternatives) == 1
    gardens = {a.table["garden"] if isinstance(a.table["garden"], str) else a.table["garden"]["card"]
               for a in w.alternatives}
    assert sc.spec(player).garden in gardens and len(gardens) > 1
    for alt in w.alternatives:
        if alt.error is None and alt.unwritable is None:
            r = scenario.run(scenario.loads(alt.scenario, "alt"), trace=False)
            assert (r.winners, r.scored) == (alt.winners, alt.scored), alt.summary


def test_a_garden_card_handed_back_and_conspired_is_a_line_a_file_writes():
    """Bruno's Bishop into the Garden: Enzo's Courtisan swaps it back into his hand and he may
    conspire it. A file writes that line by naming the Garden card as the `conspire` card,
    counted once (B14's file form; before it, each card listed once, no file could): every
    such alternative has a file that loads and resolves to the outcome shown."""
    from aristofarsa.render.analysis import whatif_html, whatif_text

    path = SCENARIOS_DIR / "b10-first-choice-made-again.toml"
    text = path.read_text(encoding="utf-8")
    sc = scenario.loads(text, str(path))
    w = what_if(text, sc, "Bruno", garden=True)
    twice = [a for a in w.alternatives if a.summary.startswith("Garden Bishop, then Conspire Bishop")]
    assert len(twice) == 8 and all(a.error is None and a.winners for a in twice)
    for alt in twice:
        assert alt.unwritable is None and "unwritable" not in alt.to_json()
        alt_sc = scenario.loads(alt.scenario, "alt")
        assert alt_sc.warnings == []
        r = scenario.run(alt_sc, trace=False)
        assert (r.winners, r.scored) == (alt.winners, alt.scored), alt.summary
    page, lines = whatif_html(w), whatif_text(w)
    assert "not playable" not in page and "not playable" not in lines
    assert page.count("af-unwritable") == sum(a.unwritable is not None for a in w.alternatives)


def test_an_alternative_another_players_choice_stops_says_why_in_game_words():
    """Caio's Witch in the Garden changes what Ana and Edu hold when they conspire: the round as
    played cannot go on, and the tables say so without the file's keys."""
    from aristofarsa.render.analysis import whatif_html, whatif_text

    path = SCENARIOS_DIR / "b11-bishop-mode-servant.toml"
    text = path.read_text(encoding="utf-8")
    sc = scenario.loads(text, str(path))
    w = what_if(text, sc, "Caio", garden=True)
    stopped = [a for a in w.alternatives if a.error is not None]
    assert stopped
    knight = next(a for a in stopped if "'Knight' is not allowed" in a.error)
    assert knight.reason == ("Ana would no longer hold the Knight conspired in the round as played "
                             "(could conspire: Damsel, Bishop)")
    for a in stopped:
        assert a.reason and "`" not in a.reason and "player '" not in a.reason, a.reason
        assert a.to_json()["error"] == a.error and "reason" not in a.to_json()
    page, lines = whatif_html(w), whatif_text(w)
    assert "not playable with everyone else as played: Ana would no longer hold the Knight" in lines
    assert "`conspire`" not in page and "`conspire`" not in lines


def test_cli_whatif_garden(capsys):
    assert main(["whatif", str(SCENARIOS_DIR / "b4-damsel-swap.toml"), "--player", "Caio", "--garden"]) == 0
    out = capsys.readouterr().out
    assert "played another Garden card" in out and "Garden Servant, then Conspire Damsel" in out
