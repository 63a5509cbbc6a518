"""The Dispute resolver's builder, tapped in Python (issue 26): a Convoke is one chip, the last
fact told brings the verdict with no Resolve tap, the "More of Ana's cards" fold offers only
legal cards with its message beside the zone, an Oracle's keep is one chip."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as ipw  # noqa: E402

from aristofarsa.widgets.dispute import DisputeApp  # noqa: E402

from .test_dispute_graphs_apps import find  # noqa: E402


def tap(app: ipw.Widget, player: int, hook: str, label: str) -> None:
    """Tap the chip showing ``label`` in player's row ``hook``."""
    box = find(app, f"af-player-{player}")[0]
    rows = [w for w in find(box, hook) if isinstance(w, ipw.ToggleButtons)]
    assert rows, f"no {hook} for player {player}"
    labels = list(rows[0]._options_labels)
    assert label in labels, (label, labels)
    rows[0].index = labels.index(label)


#: (player, row, chip) of a 4-player base round, every kept card told (bench_entry's first).
BASE = [(0, "af-field-garden", "Knight"), (0, "af-field-conspire", "Witch"), (0, "af-field-hand-0", "Jester"),
        (0, "af-field-conspire-target", "Bruno −5"),
        (1, "af-field-garden", "Aristocrat"), (1, "af-field-conspire", "Merchant"),
        (1, "af-field-hand-0", "Damsel"), (1, "af-field-conspire-target", "Bruno"),
        (2, "af-field-garden", "Rogue"), (2, "af-field-action", "Convoke: Courtisan"),
        (2, "af-field-discard-0", "Servant"), (2, "af-field-discard-1", "Servant"),
        (3, "af-field-garden", "Squire"), (3, "af-field-conspire", "Jester")]


def test_every_fact_told_brings_the_verdict_in_fifteen_taps() -> None:
    app = DisputeApp()
    for player, hook, label in BASE:
        tap(app, player, hook, label)
        assert app.mode == "entering"
    caio = app.controller.builder.player(2)
    assert caio["convoke"] == {"discard": ["Servant", "Servant"], "take": "Courtisan"}
    assert app.controller.builder.check().ok           # whole, but Dora's kept card untold
    tap(app, 3, "af-field-hand-0", "Witch")            # the 15th tap: the last fact
    assert app.mode == "verdict" and app.controller.loaded
    assert "Winning card" in find(app, "af-winners")[0].value
    assert len(BASE) + 1 == 15
    app.edit_round()                                   # a tap on a whole round: no surprise verdict
    find(find(app, "af-player-0")[0], "af-player-change")[0].click()
    tap(app, 0, "af-field-conspire-target", "Caio −5")
    assert app.mode == "entering"
    find(app, "af-build-resolve")[0].click()
    assert app.mode == "verdict" and app.controller.scenario.players[0].conspire_choices["target"] == "Caio"


def test_kept_cards_untold_need_the_resolve_tap() -> None:
    app = DisputeApp()
    for player, hook, label in BASE:
        if "hand" not in hook:
            tap(app, player, hook, label)
    assert app.mode == "entering"
    find(app, "af-build-resolve")[0].click()
    assert app.mode == "verdict"


def test_more_cards_fold_offers_legal_cards_and_says_what_is_wrong_beside_the_zone() -> None:
    app = DisputeApp()
    tap(app, 0, "af-field-garden", "Knight")
    tap(app, 0, "af-field-conspire", "Jester")
    ana = find(app, "af-player-0")[0]
    assert not find(ana, "af-more-cards")                      # folded: one button
    toggle = find(ana, "af-more-cards-toggle")[0]
    assert "optional" in toggle.description
    toggle.value = True
    ana = find(app, "af-player-0")[0]
    fold = find(ana, "af-more-cards")[0]
    scored = [w for w in find(fold, "af-zone-scored-add") if isinstance(w, ipw.ToggleButtons)][0]
    assert "Knight" not in scored._options_labels and "Merchant" in scored._options_labels
    parlor = [w for w in find(fold, "af-zone-parlor-given") if isinstance(w, ipw.ToggleButtons)][0]
    assert parlor.value == "counted"
    tap(app, 0, "af-zone-scored-add", "Merchant")
    assert app.controller.builder.zone(0, "scored") == ["Merchant"]
    tap(app, 0, "af-zone-parlor-given", "empty / told")
    tap(app, 0, "af-zone-parlor-add", "Bishop")
    assert app.controller.builder.zone(0, "parlor") == ["Bishop"]
    parlor_add = [w for w in find(find(app, "af-player-0")[0], "af-zone-parlor-add")
                  if isinstance(w, ipw.ToggleButtons)][0]
    assert set(parlor_add._options_labels) == {"Squire", "Courtisan", "Aristocrat"}   # Nobles left
    tap(app, 0, "af-field-garden", "Merchant")   # now two Merchants: the message at the zone
    fold = find(find(app, "af-player-0")[0], "af-more-cards")[0]
    errors = find(fold, "af-field-error")
    assert errors and "2 copies of Merchant" in errors[0].value
    row = [w for w in find(fold, "af-zone-scored-0") if isinstance(w, ipw.ToggleButtons)][0]
    assert row.label == "Merchant (not allowed)"          # what is there stays shown, marked
    tap(app, 0, "af-zone-scored-0", "✕ take out")
    assert app.controller.builder.zone(0, "scored") is None
    assert not find(find(app, "af-player-0")[0], "af-field-error")


def test_an_oracles_keep_and_the_next_draw_are_chips() -> None:
    app = DisputeApp.from_query("lesson=x6-oracle-draw-five-keep-three")
    app.edit_round()
    b = app.controller.builder
    assert b.flag("next_draw")
    switch = find(app, "af-flag-next-draw")[0]
    assert switch.value is True
    app.builder_view._open(0)
    rows = [w for w in find(find(app, "af-player-0")[0], "af-field-conspire-keep")
            if isinstance(w, ipw.ToggleButtons)]
    assert rows and "Bard + Knight + Rogue" in rows[0]._options_labels
    assert rows[0].label == "Bard + Knight + Rogue" and len(rows[0]._options_labels) == 10
    tap(app, 0, "af-field-conspire-keep", "Knight + Rogue + Servant")
    assert b.choices(0, "conspire")["keep"] == ["Knight", "Rogue", "Servant"]
    find(app, "af-build-resolve")[0].click()
    assert app.controller.data["next_hands"]["Ana"] == ["Knight", "Rogue", "Servant"]


def test_the_chip_just_tapped_gets_the_focus_back_after_the_redraw() -> None:
    app = DisputeApp()
    tap(app, 1, "af-field-garden", "Rogue")
    marker = app.builder_view.children[-1]
    assert "af-focus-here" in marker.value and ".af-player-1 .af-field-garden" in marker.value
    app.builder_view.render()                      # a redraw that no tap asked for: no marker
    assert not any("af-focus-here" in getattr(c, "value", "") for c in app.builder_view.children)
    find(app, "af-build-resolve")[0].click()       # not whole: no verdict, no focus marker there
    assert "af-focus-here" not in app.heading.value
    for player, hook, label in BASE:
        tap(app, player, hook, label)
    find(app, "af-build-resolve")[0].click()       # the verdict: the focus to its first button
    assert "af-focus-here" in app.heading.value and ".af-edit-round" in app.heading.value
    opened = DisputeApp.from_query("lesson=b13-bishop-chain")   # a page opened: the focus is left alone
    assert "af-focus-here" not in opened.heading.value
