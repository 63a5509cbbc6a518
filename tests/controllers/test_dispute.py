"""The Dispute resolver and Effect graphs controllers, without Jupyter or a browser."""
from __future__ import annotations

import html
import json

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.analysis.compare import compare_variants
from aristofarsa.analysis.explain import explain
from aristofarsa.controllers.dispute import MAX_UPLOAD_BYTES, DisputeController, lab_link
from aristofarsa.controllers.graphs import GraphsController
from aristofarsa.controllers.stepper import Stepper
from aristofarsa.core import files
from aristofarsa.scenario import share

B13 = SCENARIOS_DIR / "b13-bishop-chain.toml"


def resolved(name: str) -> dict:
    sc = scenario.load(SCENARIOS_DIR / f"{name}.toml")
    return scenario.run(sc).to_json()


def test_lesson_link_opens_at_the_outcome_and_steps_exactly():
    c = DisputeController.from_query("?lesson=b13-bishop-chain")
    assert c.error == "" and c.loaded
    d = resolved("b13-bishop-chain")
    f = c.frame()
    assert f is not None and f.is_last and f.winners == ("Dora",)
    assert isinstance(c.stepper, Stepper) and c.stepper.viewer is None    # the Lab's stepper
    c.stepper.first()
    texts = []
    while True:
        f = c.frame()
        texts.append(f.text)
        assert f.winners is None or f.is_last
        if f.is_last:
            break
        c.stepper.next()
    assert texts == [e["text"] for e in d["trace"]]


def test_frame_garden_and_balcony_follow_the_trace():
    c = DisputeController.from_query("lesson=b13-bishop-chain")
    c.stepper.go(17)                          # step 18: Ana's Witch -5 on Dora's Knight
    f = c.frame()
    assert f.step == 18
    assert [(n.player, n.card, n.prestige) for n in f.garden] == [
        ("Ana", "Servant", 1), ("Bruno", "Merchant", 5), ("Caio", "Jester", 3), ("Dora", "Knight", 3)]
    assert {("Ana", "Witch"), ("Dora", "Knight")} <= {(r.player, r.card) for r in f.touched}
    c.stepper.go(10)                          # "Bruno puts a card face down ... (Balcony card 2)."
    assert "(Balcony card 2)" in c.frame().text
    assert [(b.player, b.position) for b in c.frame().balcony] == [("Ana", 1), ("Bruno", 2)]
    c.stepper.go(0)
    assert c.frame().garden == () and c.frame().balcony == ()


def test_analyses_match_the_analysis_layer():
    c = DisputeController.from_query("lesson=s2-knight-loses-by-4-does-not-score")
    d = resolved("s2-knight-loses-by-4-does-not-score")
    assert c.explanation().outcome == explain(d).outcome
    assert c.variants().to_json() == compare_variants(c.scenario).to_json()
    w = c.whatif("Bruno")
    assert w is not None and sum(a.actual for a in w.alternatives) == 1
    assert c.whatif("Zed") is None and "unknown player" in c.error
    assert c.graph_svg().count("<svg") == 2 and "af-graph-narrow" in c.graph_svg()


@pytest.mark.parametrize("query, message", [
    ("lesson=nope", "no bundled lesson named 'nope'"),
    ("scenario=garbage", "cannot be read"),
    ("scenario=", "cannot be read"),
])
def test_bad_links_are_messages(query, message):
    c = DisputeController.from_query(query)
    assert message in c.error and not c.loaded and c.frame() is None


def test_pasted_scenarios_use_the_validator():
    c = DisputeController()
    assert not c.open_toml("   ") and "paste a scenario" in c.error
    assert not c.open_toml("title = 'x'\n[[player]]\nname = 'A'\n")
    assert "3 to 6" in c.error or "player" in c.error
    assert c.open_toml(B13.read_text(encoding="utf-8")) and c.error == ""
    assert not c.open_toml("nonsense = = 1") and "not valid TOML" in c.error
    assert c.loaded and c.scenario.title.startswith("Three Bishops")   # the last good round stays


def validator_message(data: bytes, name: str) -> str:
    """What `aristofarsa resolve` says about a file holding these bytes."""
    try:
        scenario.loads(files.decode_text(data, name, files.SCENARIO_FILE, MAX_UPLOAD_BYTES), name)
    except (files.FileInputError, scenario.ScenarioError) as exc:
        return str(exc)
    raise AssertionError("the validator accepted it")


def test_uploaded_bytes_resolve_or_give_the_validators_message():
    c = DisputeController()
    assert c.open_upload(B13.read_bytes(), "b13.toml") and c.error == "" and c.origin == "b13.toml"
    assert c.data["winners"] == ["Dora"] and c.frame().winners == ("Dora",)
    bom = DisputeController()
    assert bom.open_upload(b"\xef\xbb\xbf" + B13.read_bytes(), "bom.toml") and bom.error == ""
    bad = {
        "notes.toml": b"this is not a scenario\n",                       # not TOML
        "title.toml": b"title = 1",                                      # TOML, not a scenario
        "latin1.toml": B13.read_bytes().replace(b"Ana", b"An\xe1"),      # not UTF-8
        "utf16.toml": B13.read_text(encoding="utf-8").encode("utf-16"),
        "nul.toml": b"title = 'x'\0",
        "big.toml": b"# " + b"x" * MAX_UPLOAD_BYTES,                     # too large
    }
    for name, data in bad.items():
        assert not c.open_upload(data, name), name
        assert c.error == validator_message(data, name), name
        assert c.error.startswith(f"{name}:"), c.error
        assert c.origin == "b13.toml" and c.data["winners"] == ["Dora"], name   # nothing lost
        assert c.frame() is not None and c.frame().winners == ("Dora",)
    assert "not a text file" in validator_message(bad["latin1.toml"], "x")
    assert f"at most {MAX_UPLOAD_BYTES:,} bytes" in validator_message(bad["big.toml"], "x")


def test_viewer_hides_other_players_face_down_cards():
    c = DisputeController.from_query("lesson=b13-bishop-chain")
    c.stepper.go(9)                           # step 10: the secret step naming Ana's face-down card
    assert [(b.player, b.card) for b in c.frame().balcony] == [("Ana", "Witch")]
    c.set_viewer("Bruno")
    assert c.stepper.viewer == "Bruno" and c.frame().viewer == "Bruno" and c.frame().hidden
    assert [(b.player, b.card) for b in c.frame().balcony] == [("Ana", None)]
    assert c.graph().viewer == "Bruno"
    assert "Witch" not in json.dumps(c.graph().to_json()) and "Witch" not in c.graph_svg()
    c.set_viewer("Ana")
    assert [(b.player, b.card) for b in c.frame().balcony] == [("Ana", "Witch")]
    c.set_viewer(None)
    assert c.graph().viewer is None and c.frame().viewer is None


def test_share_link_round_trips():
    c = DisputeController.from_query("lesson=b13-bishop-chain")
    link = c.share_link("/")
    assert link.startswith("/voila/render/dispute.ipynb?scenario=")
    code = c.share_code()
    assert share.decode(code) == B13.read_text(encoding="utf-8")
    again = DisputeController.from_query(f"scenario={code}")
    assert again.error == "" and again.data["winners"] == ["Dora"]


def test_graphs_gallery_filters():
    g = GraphsController.from_query("")
    assert len(g.matching()) == len(list(SCENARIOS_DIR.glob("*.toml")))
    assert len(g.items()) == 6 and g.has_more                 # the first page: few graphs to draw
    g.more()
    assert len(g.items()) == 18 and [len(p) for p in g.pages()] == [6, 12]
    g.more()
    assert [len(p) for p in g.pages()] == [6, 12, 12] and sum(g.pages(), []) == g.items()
    assert g.set_ruling("b13") and all("B13" in i.rulings for i in g.matching())
    assert {i.name for i in g.matching()} >= {"b13-bishop-chain", "b13-bishop-cycle"}
    assert g.set_card("bishop") and all("Bishop" in i.cards for i in g.matching())
    assert not g.set_ruling("Z9") and "unknown ruling" in g.error
    assert not g.set_card("Dragon") and "unknown card" in g.error
    item = g.matching()[0]
    assert item.link == lab_link(item.name) == f"lab.ipynb?lesson={item.name}"   # next to the page
    assert lab_link(item.name, "/") == f"/voila/render/lab.ipynb?lesson={item.name}"
    assert item.svg().count("<svg") == 2 and "af-graph-narrow" in item.svg()
    bad = GraphsController.from_query("ruling=nope&card=Witch")
    assert "unknown ruling" in bad.error and bad.card == "Witch"


def test_lab_and_dispute_open_rounds_with_one_component():
    """Link, lesson, upload: one implementation (sources.RoundOpener) with the same messages."""
    from aristofarsa.controllers.lab import LabController
    from aristofarsa.controllers.sources import RoundOpener, lesson_choices

    assert issubclass(LabController, RoundOpener) and issubclass(DisputeController, RoundOpener)
    assert "open_lesson" not in vars(LabController) and "open_lesson" not in vars(DisputeController)
    lab, dispute = LabController(), DisputeController()
    for query in ("lesson=nope", "scenario=AF1.broken"):
        assert not lab.open_query(query) and not dispute.open_query(query)
        assert lab.error == dispute.error and lab.error
    names = [name for _, name in lesson_choices()]
    assert sorted(names) == sorted(p.stem for p in SCENARIOS_DIR.glob("*.toml"))
    assert all(" · " in label and label.split(" · ", 1)[1] for label, _ in lesson_choices()[:5])


def test_a_round_entered_by_tapping_resolves_or_says_what_is_missing():
    c = DisputeController()
    assert not c.loaded and c.builder.names == ["Ana", "Bruno", "Caio", "Dora"]
    assert all(c.builder.is_empty(k) for k in range(4))       # nothing made up at the start
    assert not c.open_builder() and "4 problems)" in c.error and "`garden`" in c.error
    c.load_example()                                          # one labelled tap
    c.builder.set_choice(0, "conspire", "target", None)
    assert not c.open_builder() and "1 problem)" in c.error and "`target`" in c.error
    c.builder.set_choice(0, "conspire", "target", "Bruno")
    assert c.open_builder() and c.loaded and not c.error
    assert c.builder.toml() == c.text          # the builder keeps the round on screen
    v = c.verdict()
    assert v is not None and list(v["frame"].winners) == c.data["winners"]
    assert v["scored"] == c.data["scored"] and v["game_over"] == c.data["game_over"]
    c.new_round()                              # another round: the same names, nothing else
    assert c.builder.names == ["Ana", "Bruno", "Caio", "Dora"] and c.builder.is_empty(0)


@pytest.mark.parametrize("name", sorted(p.stem for p in SCENARIOS_DIR.glob("*.toml")))
def test_every_graph_fits_a_phone_with_labels_of_10_px(name):
    """The narrow layout fits the 356 px a 390 px phone gives the graph with its text at 10 px or
    more (the smallest text is 10 pt: 10 pt x 356 px / width in pt >= 10 px), so the whole
    graph and its winner are in view; every edge label is a node of its own (no label on an
    edge line), which Graphviz routes the edges around."""
    pytest.importorskip("pygraphviz")
    import re

    from aristofarsa.analysis.graph import build_graph
    from aristofarsa.render.dot import graph_dot
    from aristofarsa.render.svg import graph_svg

    sc = scenario.load(SCENARIOS_DIR / f"{name}.toml")
    g = build_graph({**scenario.run(sc).to_json(), "title": sc.title})   # as the apps draw it
    dot = graph_dot(g, narrow=True)
    sizes = [float(x) for x in re.findall(r"point-size='([\d.]+)'", dot)
             + re.findall(r"fontsize=([\d.]+)", dot)]
    assert min(sizes) >= 10
    width = float(re.search(r'width="([\d.]+)pt"', graph_svg(g, narrow=True)).group(1))
    assert 10 * 356 / width >= 10, f"{name}: {width} pt wide"
    assert not [line for line in dot.splitlines() if "->" in line and "label=" in line]


def test_the_graph_and_the_board_give_each_player_the_same_colour():
    """One seat palette: a player's colour is that of their seat in the board, the seat ring
    and the graph alike (the Garden's queue order starts elsewhere)."""
    from aristofarsa.analysis.graph import build_graph
    from aristofarsa.render import seats, theme
    from aristofarsa.render.dot import family_colour

    c = DisputeController.from_query("lesson=b4-damsel-swap")
    assert c.data["garden"][0]["player"] != c.players[0]          # queue order is not seat order
    for node in build_graph(c.data).nodes:
        seat = c.players.index(node.player)
        assert family_colour(node.seat) == theme.seat(seat)
        assert seats.colour(seat) == theme.seat_var(node.seat)    # the board's: the same seat's


def test_a_cards_effect_on_itself_is_a_loop_on_its_card():
    """b5: Caio's Courtisan adds +1 to itself on entry: a loop on its node with the effect
    written on the card, not a label node floating between two arrows."""
    from aristofarsa.analysis.graph import build_graph
    from aristofarsa.render.dot import graph_dot

    c = DisputeController.from_query("lesson=b5-merchant-own-card")
    g = build_graph(c.data)
    own = [e for e in g.edges if e.source == e.target]
    assert own and own[0].label == "+1"
    for narrow in (False, True):
        dot = graph_dot(g, narrow=narrow)
        loops = [line for line in dot.splitlines() if "graph-self" in line]
        assert len(loops) == len(own)
        node = loops[0].split(" -> ")[0].strip()
        assert loops[0].strip().startswith(f"{node} -> {node} ")
        card = next(line for line in dot.splitlines() if line.strip().startswith(f"{node} [label="))
        assert f"↻ {own[0].step} · +1" in card
        assert dot.count("class=\"graph-label\"") == len([e for e in g.edges if e.source != e.target])


def test_rulings_cited_are_their_texts_and_the_verdict_lines():
    from aristofarsa.render.dispute import rulings_in_page, verdict_scores
    from aristofarsa.render.explain import explanation_html

    c = DisputeController.from_query("lesson=b13-bishop-chain")
    infos = c.cited_rulings()
    assert infos and all(r.text for r in infos)
    out = rulings_in_page(explanation_html(c.explanation(), "#"), infos)
    assert "docs/rulings.md" not in out
    assert f"<details class='af-ruling-text' id='af-ruling-{infos[0].id}'>" in out
    assert html.escape(infos[0].text.split("\n\n")[0].splitlines()[0]) in out
    assert "onclick='const d=document.getElementById(\"af-ruling-" in out
    line = verdict_scores({"Ana": ["Knight"], "Bruno": []}, {"Bruno": ["Bishop"]}, True)
    assert "Scores: <b>Ana</b> Knight" in line and "Bruno takes the Bishop" in line
    assert "game ends" in line and "Bruno</b>" not in line
    assert "Nobody scores" in verdict_scores({"Ana": []}, {})
