"""LabApp and BuilderView without a browser: edits through the widgets, hooks present."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from datetime import UTC, datetime  # noqa: E402

import ipywidgets as ipw  # noqa: E402

from aristofarsa.widgets.lab import LabApp  # noqa: E402

from .helpers import made_by  # noqa: E402


def find(widget: ipw.Widget, cls: str) -> list[ipw.Widget]:
    out = [widget] if cls in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        out += find(child, cls)
    return out


def opened(app: LabApp) -> LabApp:
    """Open *Build the round* as a click on its header does."""
    find(app, "af-build")[0].selected_index = 0
    return app


def test_few_widgets_at_open_and_the_builder_on_first_opening() -> None:
    assert made_by(lambda: LabApp.from_query("")) <= 110          # was 227 with the builder built
    assert made_by(lambda: LabApp.from_query("lesson=b13-bishop-chain")) <= 110   # was 253
    app = LabApp.from_query("lesson=b13-bishop-chain")
    assert app.builder_view is None and not find(app, "af-player-0")
    assert made_by(lambda: opened(app)) > 100                      # the builder is built now
    assert app.builder_view is not None and app.builder_view.builder is app.controller.builder
    assert len(find(app, "af-player-3")) == 1
    share = find(app, "af-share")[0].value
    find(app, "af-title")[0].value = "Tuesday's Witch dispute"              # and it works
    assert "tuesday-s-witch-dispute.toml" in find(app, "af-download")[0].value
    assert find(app, "af-share")[0].value != share
    find(app, "af-build")[0].selected_index = None                 # closed and opened again:
    opened(app)                                                     # the same view, not a second one
    assert len(find(app, "af-player-0")) == 1 and find(app, "af-title")[0].value.startswith("Tuesday")


def test_an_invalid_round_opens_the_builder() -> None:
    app = LabApp()
    app.upload.value = ({"name": "two.toml", "size": 5, "content": memoryview(b"x = 1"),
                         "type": "", "last_modified": datetime.now(UTC)},)
    assert app.builder_view is None                # a refused file leaves the round (valid) on screen
    app.controller.builder.set_garden(0, None)
    app._edited()
    assert find(app, "af-build")[0].selected_index == 0 and find(app, "af-field-error")


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
    app = opened(LabApp())
    app.controller.builder.set_choice(0, "conspire", "target", None)      # as a file without the target
    app._edited()
    app.builder_view.render()
    assert app.controller.stepper is None
    errors = [w.value for w in find(find(app, "af-player-0")[0], "af-field-error")]
    assert any("choice `target` is missing" in e for e in errors)
    assert "not valid" in app.stepper_box.children[0].value
    assert not find(app, "af-download")[0].value                   # no Download for it
    target = find(find(app, "af-player-0")[0], "af-field-conspire-target")[0]
    assert [v for _, v in target.options] == ["Bruno", "Caio"]     # legal targets only, one tap each
    target.value = "Bruno"
    assert app.controller.stepper is not None and app.stepper_view is not None
    assert "Download" in find(app, "af-download")[0].value
    last = find(app, "af-last")[0]
    last.click()
    winners = find(app, "af-winners")[0].value
    assert app.controller.result is not None
    for name in app.controller.builder.names:
        assert (name in winners) == (name in app.controller.result.winners)


def test_gallery_open_and_upload() -> None:
    app = LabApp()
    lessons = find(app, "af-lesson-list")[0]
    assert all(label for label, _ in lessons.options)
    label = next(label for label, value in lessons.options if value == "b13-bishop-chain")
    assert label.split(" · ", 1)[1] in app.controller.__class__.from_query("lesson=b13-bishop-chain").title
    lessons.value = "b13-bishop-chain"                              # one tap opens it
    assert app.controller.builder.names == ["Ana", "Bruno", "Caio", "Dora"]
    assert app.controller.title in find(app, "af-lesson-head")[0].value and "About this round" in \
        find(app, "af-lesson-head")[0].value
    assert "dispute.ipynb?scenario=" in find(app, "af-open-dispute")[0].value
    app.upload.value = ({"name": "bad.toml", "size": 5, "content": memoryview(b"x = 1"),
                         "type": "", "last_modified": datetime.now(UTC)},)
    assert "bad.toml: unknown key `x`" in find(app, "af-error")[0].value
    assert app.controller.builder.names == ["Ana", "Bruno", "Caio", "Dora"]   # the round on screen stays


def test_player_count_adds_a_player() -> None:
    app = opened(LabApp())
    count = find(app, "af-players")[0]
    count.value = 4
    assert len(find(app, "af-player-3")) == 1 and app.controller.stepper is not None


def test_graph_follows_the_step() -> None:
    app = LabApp.from_query("lesson=b13-bishop-chain")
    graph = find(app, "af-graph")[0]
    assert "<svg" not in graph.value                     # step 1: nothing acted yet
    find(app, "af-last")[0].click()
    assert "<svg" in graph.value
    assert app.controller.graph() is not None and app.controller.graph().edges


def test_repr_is_short_and_stable() -> None:
    assert repr(LabApp.from_query("lesson=b13-bishop-chain")) == repr(LabApp())


def test_share_link_is_absolute_under_voila(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_NAME", "192.168.1.5")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/lab.ipynb")
    app = LabApp.from_query("lesson=b13-bishop-chain")
    share = find(app, "af-share")[0].value
    assert "value='http://192.168.1.5:8866/voila/render/lab.ipynb?scenario=AF1." in share
    assert "href='?scenario=AF1." in share              # relative: the browser keeps the page's address


def test_title_names_the_download() -> None:
    app = opened(LabApp())
    find(app, "af-title")[0].value = "Tuesday's Witch dispute"
    assert "download='tuesday-s-witch-dispute.toml'" in find(app, "af-download")[0].value


def test_three_mistakes_show_at_once_each_in_its_players_box() -> None:
    app = opened(LabApp())
    b = app.controller.builder
    b.set_garden(0, None)                                                         # no Garden card
    find(find(app, "af-player-1")[0], "af-field-name")[0].value = ""            # no name
    b.set_conspire(2, None)                                                       # no Phase-2 action
    app._edited()
    app.builder_view.render()
    shown = {k: [w.value for w in find(find(app, f"af-player-{k}")[0], "af-field-error")] for k in range(3)}
    assert ["missing `garden`" in e for e in shown[0]] == [True], shown
    assert ["number 2 needs a `name`" in e for e in shown[1]] == [True], shown
    assert ["needs exactly one Phase-2 action" in e for e in shown[2]] == [True], shown
    assert "3 problems to fix" in find(app, "af-problem-count")[0].value


def test_card_rows_follow_the_phase_2_action_and_a_tap_swaps() -> None:
    app = opened(LabApp())
    caio = find(app, "af-player-2")[0]
    assert find(caio, "af-field-hand-0") and not find(caio, "af-field-hand-1")   # Conspire: 1 kept
    find(caio, "af-field-action")[0].value = "convoke"
    caio = find(app, "af-player-2")[0]
    assert find(caio, "af-field-discard-0") and find(caio, "af-field-discard-1")
    assert not find(caio, "af-field-discard-2") and not find(caio, "af-field-hand-0")   # nothing to add
    assert app.controller.builder.hand(2) == [] and len(app.controller.builder.convoke(2)["discard"]) == 2
    find(caio, "af-field-action")[0].value = "conspire"
    caio = find(app, "af-player-2")[0]
    garden = app.controller.builder.garden(2)
    held = app.controller.builder.conspire(2)
    find(caio, "af-field-garden")[0].value = held                   # the conspired card: a swap
    assert (app.controller.builder.garden(2), app.controller.builder.conspire(2)) == (held, garden)
    assert app.controller.builder.check().ok


def test_share_box_links_relative_to_the_page_and_shows_its_address() -> None:
    page = "https://hub.example.org/user/ana-x1/voila/render/notebooks/lab.ipynb"
    app = LabApp(LabApp.from_query("lesson=b13-bishop-chain").controller, page=page)
    value = find(app, "af-share")[0].value
    query = app.controller.share_query()
    assert query is not None and f"href='{query}'" in value
    assert f"value='{page}{query}'" in value
    assert "onfocus=" in value and "a.href" in value      # the browser puts in the page's own address


def test_every_app_view_holds_its_controller_by_one_name():
    from aristofarsa.controllers.dispute import DisputeController
    from aristofarsa.controllers.exiled import ExiledController
    from aristofarsa.controllers.graphs import GraphsController
    from aristofarsa.controllers.lab import LabController
    from aristofarsa.controllers.learn import LearnController
    from aristofarsa.controllers.play import PlayController
    from aristofarsa.widgets.dispute import DisputeApp
    from aristofarsa.widgets.exiled import ExiledApp
    from aristofarsa.widgets.graphs import GraphsApp
    from aristofarsa.widgets.learn import LearnApp
    from aristofarsa.widgets.play import PlayApp

    for view, controller in ((LabApp, LabController), (DisputeApp, DisputeController),
                             (GraphsApp, GraphsController), (LearnApp, LearnController),
                             (ExiledApp, ExiledController), (PlayApp, PlayController)):
        c = controller.from_query("")
        assert view(c).controller is c, view
