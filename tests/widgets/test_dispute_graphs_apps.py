"""DisputeApp and GraphsApp without a browser: hooks present, clicks move the controller."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import html  # noqa: E402
from datetime import UTC, datetime  # noqa: E402

import ipywidgets as ipw  # noqa: E402

from aristofarsa import SCENARIOS_DIR  # noqa: E402
from aristofarsa.widgets.dispute import DisputeApp  # noqa: E402
from aristofarsa.widgets.graphs import GraphsApp  # noqa: E402
from aristofarsa.widgets.stepper import StepperView  # noqa: E402

from .helpers import made_by  # noqa: E402


def find(widget: ipw.Widget, cls: str) -> list[ipw.Widget]:
    out = [widget] if cls in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out += find(child, cls)
    return out


def test_dispute_hooks_and_stepping():
    app = DisputeApp.from_query("lesson=b13-bishop-chain")
    for hook in ("af-share", "af-graph", "af-step", "af-garden", "af-balcony", "af-winners",
                 "af-first", "af-prev", "af-next", "af-last", "af-variants", "af-whatif", "af-viewer"):
        assert find(app, hook), hook
    assert isinstance(app.stepper_view, StepperView) and app.stepper_view.stepper is app.controller.stepper
    assert "af-card" in find(app, "af-garden")[0].value
    assert not find(app, "af-error")                      # no message, so no box
    assert app.mode == "verdict" and app.body.layout.display is None and app.build.selected_index is None
    assert app.children.index(app.body) < app.children.index(app.build)    # the verdict first
    assert len(find(app, "af-winners")) == 1 and app.winners in find(app.verdict, "af-winners")
    assert "<b>Dora</b> Knight" in app.scores.value                       # what scores
    assert "scenario=" in find(app, "af-share")[0].value
    assert "<svg" in find(app, "af-graph")[0].value
    assert "Winning card: Dora's Knight · Dora starts the next round" in find(app, "af-winners")[0].value
    find(app, "af-first")[0].click()
    assert "Seats: Ana, Bruno, Caio, Dora" in find(app, "af-step")[0].value
    assert "Dora" not in app.stepper_view.board.winners.value       # the board: not yet
    assert "Dora's Knight" in find(app, "af-winners")[0].value       # the verdict stays on top
    find(app, "af-next")[0].click()
    assert f"Step 2 of {len(app.controller.stepper)}" in find(app, "af-step")[0].value
    assert "bishop-no-undo" in find(app, "af-variants")[0].value
    assert "What if Ana" in find(app, "af-whatif")[0].value
    garden = find(app, "af-whatif-garden")[0]
    assert garden.description == "Also try other Garden cards for Ana"
    app.whatif_player.value = "Caio"
    assert "What if Caio" in find(app, "af-whatif")[0].value
    assert garden.description == "Also try other Garden cards for Caio"
    garden.value = True
    assert "Garden Jester, then" in find(app, "af-whatif")[0].value
    assert repr(app) == "DisputeApp()"
    app.build.selected_index = 0              # opening the folded builder is editing the round
    assert app.mode == "entering" and app.body.layout.display == "none"
    assert "af-scroll-here" in app.intro.value and app.builder_view.builder is app.controller.builder
    assert all(find(app, f"af-player-{k}")[0].children for k in range(4))
    assert len(find(app, "af-player-folded")) == 4          # every player whole: one line each
    find(app, "af-build-resolve")[0].click()                 # unchanged: the same verdict, in view
    assert app.mode == "verdict" and "Dora's Knight" in app.winners.value


def test_dispute_viewer_hides_cards_in_board_and_graph():
    app = DisputeApp.from_query("lesson=b13-bishop-chain")
    viewer = find(app, "af-viewer")[0]
    assert viewer.value == "" and "Witch" in find(app, "af-balcony")[0].value
    viewer.value = "Caio"                      # Caio's eyes: Ana's Witch is revealed at the end anyway
    assert app.controller.stepper.viewer == "Caio"
    app.stepper_view.slider.value = 10         # step 11: Bruno's card goes face down
    balcony = find(app, "af-balcony")[0].value
    assert "Witch" not in balcony and "face down" in balcony
    assert "Witch" not in app.graph.value
    assert "Dora" not in app.winners.value and "Knight" not in app.scores.value   # not yet, for Caio
    assert "last step" in app.scores.value
    viewer.value = ""
    assert "Witch" in find(app, "af-balcony")[0].value and "Witch" in app.graph.value
    assert "Dora's Knight" in app.winners.value                    # everyone: the verdict stays


def test_dispute_upload_widget():
    app = DisputeApp()
    data = (SCENARIOS_DIR / "b13-bishop-chain.toml").read_bytes()
    app.upload.value = ({"name": "b13.toml", "type": "", "size": len(data), "content": memoryview(data),
                         "last_modified": datetime.now(UTC)},)
    assert app.controller.origin == "b13.toml" and "Dora" in find(app, "af-winners")[0].value
    app.upload.value = ({"name": "bad.toml", "type": "", "size": 2, "content": memoryview(b"\xff\xfe"),
                         "last_modified": datetime.now(UTC)},)
    error = find(app, "af-error")
    assert len(error) == 1 and error[0] is app.opener.errors["upload"]     # under the upload button
    assert "bad.toml: is UTF-16 text" in html.unescape(error[0].value) and error[0].layout.display is None
    assert "af-scroll-here" in error[0].value                              # brought into view
    assert app.mode == "entering" and app.body.layout.display == "none"    # no stale verdict under it


def test_dispute_errors_inline():
    app = DisputeApp.from_query("scenario=nope")
    error = find(app, "af-error")
    assert len(error) == 1 and error[0] is app.error                 # a link's problem: at the top
    assert "cannot be read" in error[0].value and error[0].layout.display != "none"
    app.paste.value = (SCENARIOS_DIR / "b13-bishop-chain.toml").read_text().replace('"Witch"', '"Wizard"')
    app.resolve_button.click()
    error = find(app, "af-error")
    assert len(error) == 1 and error[0] is app.opener.errors["paste"]     # beside the pasted text
    assert "'Wizard' is not a card name" in html.unescape(error[0].value)
    app.opener.line.text.value = "Ana: Knight, Witch on Caio -5, hand Jester; Bruno: Rogu"
    app.opener.line.go.click()
    error = find(app, "af-error")
    assert len(error) == 1 and error[0] is app.opener.errors["line"] and "clause 2 (Bruno)" in error[0].value
    app.paste.value = (SCENARIOS_DIR / "b13-bishop-chain.toml").read_text()
    app.resolve_button.click()
    assert not find(app, "af-error") and "Dora" in find(app, "af-winners")[0].value
    assert app.mode == "verdict" and "af-scroll-here" in app.heading.value    # the verdict in view


def gallery_items(app: GraphsApp) -> list[str]:
    """The ``af-gallery-item`` boxes on screen, as HTML (one widget holds a page of them)."""
    return [item for page in find(app, "af-gallery-page") for item in page.value.split(
        "<div class='af-gallery-item'>")[1:]]


def test_graphs_gallery_widget():
    app = GraphsApp.from_query("ruling=B13")
    items = gallery_items(app)
    assert items and all("<div class='af-graph'><div class='af-graph-wide'><svg" in i for i in items)
    assert "lab.ipynb?lesson=b1" in items[0] and "class='af-open-lab'" in items[0]
    # who wins in the one wording of analysis.outcome, as the graph's own label says it
    first = app.controller.items()[0]
    assert first.outcome.startswith("Winning card") and html.escape(first.outcome.rstrip(".")) in items[0]
    assert " winners " not in items[0]
    app.card.value = "Witch"
    assert all("Witch" in item.cards for item in app.controller.items())
    app.ruling.value = ""
    app.card.value = ""
    assert len(gallery_items(app)) == 6 and app.more.layout.display == ""
    bad = GraphsApp.from_query("ruling=Z1")
    assert "unknown ruling" in find(bad, "af-error")[0].value


def test_graphs_gallery_opens_small_and_shows_more_on_request():
    assert made_by(lambda: GraphsApp.from_query("")) <= 40        # was 120: five per item, twelve items
    app = GraphsApp.from_query("")
    first = find(app, "af-gallery-page")
    assert len(first) == 1 and first[0].value.count("af-graph-wide") == 6
    assert made_by(app.more.click) <= 3                            # one widget for the next page
    pages = find(app, "af-gallery-page")
    assert pages[0] is first[0] and pages[1].value.count("af-graph-wide") == 12   # the first not resent
    assert len(gallery_items(app)) == 18 and "showing 18" in app.count.value
    app.card.value = "Bishop"                                      # a filter starts again at one page
    assert first[0].comm is None and len(gallery_items(app)) == 6
    assert all("Bishop" in item.cards for item in app.controller.items())


def test_dispute_from_scratch_by_tapping_with_the_labs_builder():
    """The Dispute resolver opens on the round builder (the Lab's BuilderView, af-build), and a
    round entered by taps resolves; the Lab and the resolver link to each other with it."""
    from aristofarsa.widgets.builder import BuilderView
    from aristofarsa.widgets.lab import LabApp

    assert made_by(DisputeApp) <= 270            # the builder's chip rows share their layout and style
    app = DisputeApp()
    assert app.build.selected_index == 0 and isinstance(app.builder_view, BuilderView)
    assert "af-build" in app.build._dom_classes and "af-build" in LabApp().build._dom_classes
    assert app.mode == "entering" and app.body.layout.display == "none"
    assert not find(app, "af-error")          # an empty start is not a wall of red
    find(find(app, "af-player-2")[0], "af-field-garden")[0].value = "Rogue"
    assert not find(app, "af-error")          # nor a player half entered
    assert find(find(app, "af-player-2")[0], "af-field-conspire")      # the next step shows
    assert not find(find(app, "af-player-3")[0], "af-field-conspire")  # one step at a time
    find(app, "af-build-resolve")[0].click()  # nothing entered: each missing Garden card, in place
    errors = find(app, "af-field-error")
    assert len(errors) == 4 and sum("missing garden (the card played" in e.value for e in errors) == 3
    assert "tap the card Caio conspired" in find(find(app, "af-player-2")[0], "af-field-error")[0].value
    assert "af-scroll-here" in errors[0].value and "af-scroll-here" not in errors[1].value
    assert find(find(app, "af-player-0")[0], "af-field-error")           # under Ana's own entry
    assert "4 problems" in app.resolve_note.value and not app.controller.loaded
    find(app, "af-example-round")[0].click()  # the labelled example: one tap
    assert not find(app, "af-field-error")
    ana = find(app, "af-player-0")[0]
    assert "af-player-folded" not in ana._dom_classes or find(ana, "af-player-change")
    find(ana, "af-player-change")[0].click() if find(ana, "af-player-change") else None
    find(find(app, "af-player-0")[0], "af-field-garden")[0].value = "Aristocrat"
    find(app, "af-build-resolve")[0].click()
    assert app.controller.loaded and not app.controller.error
    assert app.controller.scenario.players[0].garden == "Aristocrat"
    assert app.controller.players == ["Ana", "Bruno", "Caio", "Dora"]
    assert "lab.ipynb?scenario=" in find(app, "af-open-lab")[0].value
    assert find(app, "af-winners") and find(app, "af-variants")
    lesson = find(app, "af-lesson-list")[0]
    lesson.value = "b13-bishop-chain"                    # the builder now holds the lesson's round
    c = app.controller
    assert app.builder_view.builder is c.builder and c.builder.names == c.players


def test_open_a_round_in_players_words():
    from aristofarsa.render.html import step, stylesheet
    app = DisputeApp.from_query("")
    assert app.upload.description == "Upload a scenario file"
    assert app.paste.placeholder == "… or paste a scenario file's text"
    assert ".af-upload.widget-upload { font-size: 0; }" in stylesheet()     # no "(0)" counter shown
    hidden = type("F", (), {"hidden": True, "see": (), "phase": "draw", "label": "Step 1 of 2",
                            "text": "Ana draws 2 cards.", "ruling": None})()
    note = step(hidden)
    assert "A secret move: you see that it happened, not which card." in note and "viewer" not in note
