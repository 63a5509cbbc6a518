"""LabApp and BuilderView without a browser: edits through the widgets, hooks present."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from datetime import UTC, datetime  # noqa: E402

import ipywidgets as ipw  # noqa: E402

from aristofarsa.widgets.lab import LabApp  # noqa: E402


def find(widget: ipw.Widget, cls: str) -> list[ipw.Widget]:
    out = [widget] if cls in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out += find(child, cls)
    return out


def test_hooks_present() -> None:
    app = LabApp.from_query("lesson=b13-bishop-chain")
    for hook in ("af-error", "af-share", "af-graph", "af-step", "af-garden", "af-balcony", "af-winners",
                 "af-viewer", "af-first", "af-prev", "af-next", "af-last"):
        assert find(app, hook), hook
    assert "scenario=" in find(app, "af-share")[0].value
    assert find(app, "af-error")[0].layout.display == "none"


def test_bad_lesson_shows_an_error() -> None:
    app = LabApp.from_query("lesson=no-such-lesson")
    error = find(app, "af-error")[0]
    assert "no bundled lesson" in error.value and error.layout.display == "block"


def test_editing_a_choice_in_the_builder_updates_the_stepper_and_errors() -> None:
    app = LabApp()
    player = find(app, "af-player-0")[0]
    target = find(player, "af-field-conspire-target")[0]
    target.value = ""                                    # "— choose —": the choice is missing
    assert app.lab.stepper is None
    errors = [w.value for w in find(find(app, "af-player-0")[0], "af-field-error")]
    assert any("choice `target` is missing" in e for e in errors)
    assert "not valid" in app.stepper_box.children[0].value
    target = find(find(app, "af-player-0")[0], "af-field-conspire-target")[0]
    assert [v for _, v in target.options] == ["", "Bruno", "Caio"]   # legal targets only
    target.value = "Bruno"
    assert app.lab.stepper is not None and app.stepper_view is not None
    last = find(app, "af-last")[0]
    last.click()
    winners = find(app, "af-winners")[0].value
    assert app.lab.result is not None
    for name in app.lab.builder.names:
        assert (name in winners) == (name in app.lab.result.winners)


def test_gallery_open_and_upload() -> None:
    app = LabApp()
    app.lessons.value = "b13-bishop-chain"
    app.open_button.click()
    assert app.lab.builder.names == ["Ana", "Bruno", "Caio", "Dora"]
    app.upload.value = ({"name": "bad.toml", "size": 5, "content": memoryview(b"x = 1"),
                         "type": "", "last_modified": datetime.now(UTC)},)
    assert "bad.toml: unknown key `x`" in find(app, "af-error")[0].value
    assert app.lab.builder.names == ["Ana", "Bruno", "Caio", "Dora"]   # the round on screen stays


def test_player_count_adds_a_player() -> None:
    app = LabApp()
    count = find(app, "af-players")[0]
    count.value = 4
    assert len(find(app, "af-player-3")) == 1 and app.lab.stepper is not None


def test_graph_follows_the_step() -> None:
    app = LabApp.from_query("lesson=b13-bishop-chain")
    graph = find(app, "af-graph")[0]
    assert "<svg" not in graph.value                     # step 1: nothing acted yet
    find(app, "af-last")[0].click()
    assert "<svg" in graph.value
    assert app.lab.graph() is not None and app.lab.graph().edges


def test_repr_is_short_and_stable() -> None:
    assert repr(LabApp.from_query("lesson=b13-bishop-chain")) == repr(LabApp())


def test_share_link_is_absolute_under_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_NAME", "192.168.1.5")
    monkeypatch.setenv("SERVER_PORT", "8866")
    app = LabApp.from_query("lesson=b13-bishop-chain")
    share = find(app, "af-share")[0].value
    assert "value='http://192.168.1.5:8866/voila/render/lab.ipynb?scenario=AF1." in share
    assert "href='/voila/render/lab.ipynb?scenario=AF1." in share


def test_title_names_the_download() -> None:
    app = LabApp()
    find(app, "af-title")[0].value = "Tuesday's Witch dispute"
    assert "download='tuesday-s-witch-dispute.toml'" in find(app, "af-download")[0].value
