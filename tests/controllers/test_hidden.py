"""Hidden information is never shown (docs/apps.md, "Hidden information"): every lesson and
seeded games, every viewer, every step, every view the apps draw.

What a viewer may not know at step k is worked out here from the trace's facts alone, not
from the code under test: a face-down Balcony card (``conspire-secret``) is secret to every
other player until it is revealed or that viewer's Oracle peeked at it, and an event whose
``visible_to`` leaves the viewer out (a hand dealt or drawn, an Oracle's peek or keep) is
secret as a whole. Each view's text is then searched for those secrets.
"""
from __future__ import annotations

import re

import pytest

from aristofarsa import SCENARIOS_DIR
from aristofarsa.controllers.dispute import DisputeController
from aristofarsa.controllers.lab import LabController
from aristofarsa.controllers.play import PlayController
from aristofarsa.render import dot, html

LESSONS = sorted(p.stem for p in SCENARIOS_DIR.glob("*.toml"))
#: Lessons with a face-down card someone else may not see, or a secret event: the rest
#: have nothing to hide, and the walk over them is the same check with an empty set.
SECRET_KINDS = ("conspire-secret", "peek-secret", "draw-secret", "deal-secret", "keep-secret")


def secrets(events, k: int, viewer: str) -> tuple[dict[tuple[str, str], bool], list[str]]:
    """(face-down Balcony cards the viewer may not know, each with whether its owner has the
    same card face up too, private sentences) after event k."""
    down: dict[str, str] = {}
    peeked: set[str] = set()
    shown: set[tuple[str, str]] = set()      # cards that are also face up (a Garden card)
    private: list[str] = []
    for e in events[: k + 1]:
        if e.kind == "round":
            down, peeked, shown = {}, set(), set()
        if e.kind in ("play", "exchange") and e.actor and e.card:
            shown.add((e.actor, e.card))
        if e.kind == "exchange" and e.target and e.incoming:
            shown.add((e.target, e.incoming))
        if e.kind == "conspire-secret" and e.actor and e.card:
            down[e.actor] = e.card
        elif e.kind == "reveal" and e.actor:
            down.pop(e.actor, None)
        elif e.kind == "peek-secret" and e.actor == viewer and e.target:
            peeked.add(e.target)
        if e.visible_to is not None and viewer not in e.visible_to:
            private.append(e.text)
    hidden = {(p, c) for p, c in down.items() if p != viewer and p not in peeked}
    return {h: h in shown for h in hidden}, private


def leaks(text: str, hidden: dict[tuple[str, str], bool], private: list[str]) -> list[str]:
    """Each secret the text shows: a hidden card named as its owner's, or a private sentence."""
    found = []
    for (player, card), also_face_up in hidden.items():
        phrases = (f"{player}'s {card}", f"{player} · {card}", f"{player}: {card} (balcony")
        for phrase in () if also_face_up else phrases:
            if phrase in text:
                found.append(phrase)
        # a graph node of the card: the owner's name, then the card in the same label
        for label in re.findall(r"label=<(.*?)>[,\]]", text):
            if f"<b>{player}</b>" in label and "Balcony" in label and f">{card}<" in label:
                found.append(f"graph node {player}/{card}")
    found += [sentence for sentence in private if sentence and sentence in text]
    return found


def views_of_stepper(frame, graph) -> str:
    parts = [frame.text, html.step(frame), html.garden(frame), html.balcony(frame), html.winners(frame)]
    parts += [repr(s) for s in frame.balcony] + [repr(r) for r in frame.touched]
    if graph is not None:
        parts.append(dot.graph_dot(graph))
        parts += [repr(n) for n in graph.nodes]
    return "\n".join(parts)


def check_walk(stepper, graph_at, label: str) -> int:
    """Every step, every viewer the stepper allows but everyone; the number of checks made."""
    checks = 0
    for viewer in [v for v in stepper.viewers if v is not None]:
        stepper.viewer = viewer
        for k in range(len(stepper)):
            stepper.go(k)
            hidden, private = secrets(stepper.events, k, viewer)
            text = views_of_stepper(stepper.frame(), graph_at())
            assert not leaks(text, hidden, private), (label, viewer, k, leaks(text, hidden, private))
            checks += 1
    return checks


@pytest.mark.parametrize("name", LESSONS)
def test_lab_never_shows_a_viewer_a_secret(name):
    lab = LabController.from_query(f"lesson={name}")
    assert lab.stepper is not None, lab.error
    assert check_walk(lab.stepper, lab.graph, name) == len(lab.stepper) * len(lab.builder.names)


def test_lab_graph_follows_a_viewer_chosen_on_the_stepper_itself():
    """The issue's leak: step to a face-down card on Everyone, then switch viewer on the stepper
    (as the Seen-by dropdown does): the graph is drawn for that viewer, not for everyone."""
    lab = LabController.from_query("lesson=p7-oracle-peek")
    events = lab.stepper.events
    k = next(k for k, e in enumerate(events) if e.kind == "conspire-secret")
    owner = events[k].actor
    other = next(p for p in lab.builder.names if p != owner)
    lab.stepper.go(k + 1)
    assert lab.graph().viewer is None
    lab.stepper.viewer = other                # the stepper's own dropdown
    assert lab.viewer == other and lab.graph().viewer == other
    hidden, private = secrets(events, k + 1, other)
    assert (owner, events[k].card) in hidden
    assert not leaks(dot.graph_dot(lab.graph()), hidden, private)


@pytest.mark.parametrize("name", [n for n in LESSONS if n[0] in "bpx"])
def test_dispute_never_shows_a_viewer_a_secret(name):
    c = DisputeController.from_query(f"lesson={name}")
    assert c.stepper is not None, c.error
    check_walk(c.stepper, c.graph, name)
    for viewer in c.players:           # the analyses show every card: only to everyone
        c.set_viewer(viewer)
        assert c.explanation() is None and c.variants() is None and c.whatif(viewer) is None
        assert c.withheld
    c.set_viewer(None)
    assert c.explanation() is not None and c.variants() is not None and not c.withheld


@pytest.mark.parametrize("seed", [3, 7])
def test_play_shows_only_your_eyes_until_the_game_is_over(seed):
    state = PlayController.from_query(f"players=4&seed={seed}")
    checked_rounds = 0
    while not state.over:
        if len(state.session.rounds) >= checked_rounds and state.stepper is not None:
            assert state.stepper.viewers == (state.you,), "another viewer while the game is played"
            for number in range(1, state.visible_rounds() + 1):
                state.select_round(number)
                check_walk(state.stepper, lambda: None, f"seed {seed} round {number}")
            checked_rounds = len(state.session.rounds) + 1
        state.choose(0)
    state.select_round(1)
    assert None in state.stepper.viewers, "the full view opens once the game is over"


def test_play_round_two_of_seed_three_hides_the_bots_cards_on_every_view():
    """The issue's example (players=4, seed=3, round 2): Everyone is not offered while playing."""
    state = PlayController.from_query("players=4&seed=3")
    while len(state.session.rounds) < 1 and not state.over:
        state.choose(0)
    state.select_round(2)
    with pytest.raises(ValueError, match="may not look"):
        state.stepper.viewer = None
    assert any(e.kind == "conspire-secret" and e.actor != state.you for e in state.stepper.events) \
        or state.stepper.events


@pytest.mark.parametrize("app", ["lab", "dispute"])
@pytest.mark.parametrize("name", [n for n in LESSONS if n[0] in "bpx"])
def test_share_line_and_lesson_text_hide_the_cards_from_a_player(app, name):
    """The one-line share box and the lesson's text under "About this round" name every card
    of the round: chosen on the stepper's own Seen-by, a player's eyes get a note instead."""
    pytest.importorskip("ipywidgets")
    from aristofarsa.render.seats import markdown_html
    from aristofarsa.widgets.dispute import DisputeApp
    from aristofarsa.widgets.lab import LabApp
    from aristofarsa.widgets.line import WITHHELD

    page = (LabApp if app == "lab" else DisputeApp).from_query(f"lesson={name}")
    events = page.stepper_view.stepper.events
    down = {(e.actor, e.card) for e in events if e.kind == "conspire-secret"}
    lesson = page.controller.description if app == "lab" else ""
    assert "af-share-line" in page.share.value and WITHHELD not in page.share.value
    for viewer in [v for v in page.stepper_view.stepper.viewers if v is not None]:
        page.stepper_view.viewer.value = viewer            # the Seen-by dropdown
        hidden = {card for owner, card in down if owner != viewer}
        assert WITHHELD in page.share.value, (name, viewer)
        assert not [c for c in hidden if c in page.share.value], (name, viewer, page.share.value)
        if lesson:
            assert html.description_withheld() in page.heading.value
            assert markdown_html(lesson) not in page.heading.value
            about = page.heading.value.split("About this round</summary>", 1)[1]
            assert not [c for c in hidden if c in about], (name, viewer, about)
    page.stepper_view.viewer.value = ""                   # everyone: the line and the text again
    assert WITHHELD not in page.share.value and "<code" in page.share.value
    if lesson:
        assert markdown_html(lesson) in page.heading.value
