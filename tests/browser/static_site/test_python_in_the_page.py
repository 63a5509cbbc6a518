"""What the package does differently when it runs in the browser (Pyodide: sys.platform is
"emscripten"), checked here by pretending to be there."""
from __future__ import annotations

import html
import re
import sys

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.analysis.graph import build_graph
from aristofarsa.render import svg
from aristofarsa.render.dot import graph_dot


def test_a_graph_is_handed_to_the_page_as_dot(monkeypatch: pytest.MonkeyPatch) -> None:
    graph = build_graph(scenario.run(scenario.load(SCENARIOS_DIR / "b13-bishop-chain.toml")))
    monkeypatch.setattr(sys, "platform", "emscripten")
    placeholder = svg.graph_svg(graph, fit=True)
    match = re.fullmatch(r"<div class='af-dot' data-fit='1' data-dot='([^']*)'>Drawing the graph…</div>",
                         placeholder)
    assert match, placeholder
    assert html.unescape(match.group(1)) == graph_dot(graph)      # the same DOT the server draws
    assert "<svg" not in placeholder
