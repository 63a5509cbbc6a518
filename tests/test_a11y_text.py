"""Text alternatives of the apps' pictures (issue 27; docs/apps.md, "Accessibility"): the effect
graph's summary, and the board's seats told by name, not by colour alone."""
from __future__ import annotations

import re
from html import unescape
from types import SimpleNamespace

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.analysis.graph import Edge, Graph, Node, build_graph
from aristofarsa.render import html
from aristofarsa.render.svg import SUMMARY_EDGES, graph_summary


def data_of(name: str) -> dict:
    return scenario.run(scenario.load(SCENARIOS_DIR / f"{name}.toml")).to_json()


def test_graph_summary_names_each_effect_and_the_winner():
    g = build_graph(data_of("b13-bishop-chain"))
    text = graph_summary(g)
    assert text.startswith(f"Effect graph: {len(g.nodes)} cards, {len(g.edges)} effects.")
    for e in g.edges[:SUMMARY_EDGES]:
        assert f"Step {e.step}: " in text
    assert "Ana's Witch to Dora's Knight" in text
    assert "(cancelled)" in text                      # the Witch ends the round cancelled
    assert text.endswith("Winner: Dora.")


def test_graph_summary_up_to_a_step_and_a_hidden_card():
    data = data_of("b13-bishop-chain")
    first = next(e["step"] for e in data["trace"] if e.get("target_card"))
    text = graph_summary(build_graph(data, step=first))
    assert text.startswith(f"Effect graph up to step {first}: ") and "1 effect." in text
    assert "Winner" not in text                       # the round has not ended at that step
    # a card the viewer may not see is named as the picture names it: face down
    g = Graph(nodes=[Node("b:Ana:?", "Ana", None, "balcony", 1),
                     Node("g:Dora:Knight", "Dora", "Knight", "garden", 1)],
              edges=[Edge(12, "b:Ana:?", "g:Dora:Knight", "prestige", "-5")], step=12, last_step=30)
    assert graph_summary(g) == ("Effect graph up to step 12: 2 cards, 1 effect. "
                                "Step 12: Ana's face-down card to Dora's Knight, -5.")


def test_app_graph_is_a_named_picture():
    pytest.importorskip("pygraphviz")
    from aristofarsa.render.svg import app_graph_svg

    g = build_graph(data_of("b4-damsel-swap"))
    out = app_graph_svg(g)
    labels = re.findall(r'<svg role="img" aria-label="([^"]*)"', out)
    assert len(labels) == 2 and all(unescape(label) == graph_summary(g) for label in labels)
    assert out.count("<svg") == 2


def test_the_static_sites_placeholder_is_named_too():
    from aristofarsa.render.svg import drawn_by_the_page, named

    out = named(drawn_by_the_page("digraph { a -> b }", fit=True), "Effect graph: 2 cards, 1 effect.")
    assert out.startswith('<div role="img" aria-label="Effect graph: 2 cards, 1 effect." class=\'af-dot\'')


def test_the_board_names_every_cards_owner():
    slot = SimpleNamespace(card="Knight", player="Dora", prestige=8, touched=False, marked=False, ledger=[])
    frame = SimpleNamespace(garden=[slot], players=["Ana", "Bruno", "Caio", "Dora"])
    out = html.garden(frame)
    assert "<span class='af-owner'>Dora</span>" in out           # the name, besides the colour
