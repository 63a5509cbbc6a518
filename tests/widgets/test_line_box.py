"""The one-line box (widgets/line.py) in the Lab and the Dispute resolver, without a browser:
a line opens the same round as its file, a mistake names its clause, the share box shows the line."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as ipw  # noqa: E402

from aristofarsa import scenario  # noqa: E402
from aristofarsa.scenario import line
from aristofarsa.widgets.dispute import DisputeApp  # noqa: E402
from aristofarsa.widgets.lab import LabApp  # noqa: E402

EXAMPLE_LINE = ("Ana: Knight, Witch on Caio -5, hand Jester; Bruno: Rogue, convoke Servant "
                "Merchant take Bishop; Caio: Aristocrat, Merchant on Caio, hand Damsel")


def find(widget: ipw.Widget, cls: str) -> list[ipw.Widget]:
    out = [widget] if cls in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out += find(child, cls)
    return out


@pytest.mark.parametrize("make", [DisputeApp.from_query, LabApp.from_query], ids=["dispute", "lab"])
def test_a_line_opens_the_round(make) -> None:
    app = make("")
    box, go = find(app, "af-line"), find(app, "af-line-go")
    assert len(box) == 1 and len(go) == 1
    box[0].value = EXAMPLE_LINE
    go[0].click()
    find(app, "af-last")[0].click()
    assert "Caio" in find(app, "af-winners")[0].value
    assert "13" in find(app, "af-garden")[0].value          # Caio's Aristocrat, as in the file
    share = find(app, "af-share")[0].value
    assert "scenario=" in share and "in one line" in share
    assert "Ana: Knight, Witch on Caio -5, hand Jester" in share
    assert not [e for e in find(app, "af-error") if e.layout.display != "none"]


@pytest.mark.parametrize("make", [DisputeApp.from_query, LabApp.from_query], ids=["dispute", "lab"])
def test_a_malformed_line_names_its_clause_and_keeps_the_round(make) -> None:
    app = make("lesson=b13-bishop-chain")
    before = find(app, "af-share")[0].value
    find(app, "af-line")[0].value = EXAMPLE_LINE.replace("Merchant on Caio", "Merchant on Dora")
    find(app, "af-line-go")[0].click()
    [error] = find(app, "af-error")
    assert error.layout.display != "none"
    assert "line, clause 3 (Caio), character " in error.value
    assert "is not allowed" in error.value                    # the engine's own words
    assert find(app, "af-share")[0].value == before           # the round on screen stays
    find(app, "af-line")[0].value = "Ana: Knigt, pass"
    find(app, "af-line-go")[0].click()
    assert "clause 1 (Ana), character 6" in find(app, "af-error")[0].value


def test_the_dispute_share_box_line_resolves_to_the_round_on_screen() -> None:
    app = DisputeApp.from_query("lesson=b10-replay-choice-made-again")
    share = find(app, "af-share")[0].value
    import html
    text = html.unescape(share.split("<code class='af-line-text'")[1].split(">", 1)[1].split("</code>")[0])
    assert "aristofarsa resolve" not in share and "af-copy-line" in share    # no command; a copy button
    assert scenario.run(line.load(text)).to_json()["winners"] == app.controller.data["winners"]
    assert not text.startswith("title ") and "about " not in text    # the round, not the lesson
    assert app.controller.scenario.title and app.controller.scenario.title not in share
