"""The views every app shares, told by the catalog alone (issue 24, item 4; the catalog's part
file ``data/messages-en-views.toml``): the stepper's steps and board through every viewer's
eyes (hidden steps too), the card view, the seat ring, the ranking table, the share box, the
lesson heading, the effect graph's labels, caption and text alternative, the win-rate
charts, and the refusals of the controllers and analyses behind the Lab, Dispute, Graphs
and Play pages. Each is rendered through the pseudo-translation (``messages.pseudo()``):
a plain word left outside ⟦…⟧ that is no name, card, ruling or identifier of the game is
English written in the code. The English words stay those the apps always showed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_messages import html_words, outside_catalog, plain_words

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.analysis.board import public_text
from aristofarsa.analysis.graph import GraphError, build_graph
from aristofarsa.analysis.whatif import WhatIfError, what_if
from aristofarsa.controllers.stepper import Stepper
from aristofarsa.core.cards import CARDS
from aristofarsa.core.messages import OPEN, pseudo, using
from aristofarsa.render import html, seats
from aristofarsa.render.dot import graph_dot, node_label
from aristofarsa.render.svg import graph_summary

LESSONS = sorted(Path(SCENARIOS_DIR).glob("*.toml"))
#: lessons with every kind of secret step (a face-down card, a peek, an Oracle's draw and
#: keep, an --auto choice), a tie, a Bishop's replay, an exile, and the game's last round
SAMPLE = [p for p in LESSONS if re.match(r"(b1[0-4]|x[1-7]|e\d|p7|s1|m4)", p.name)]


def _frames(sc: scenario.Scenario):
    stepper = Stepper(scenario.run(sc, trace=True))
    for viewer in stepper.viewers:
        stepper.viewer = viewer
        for k in range(len(stepper)):
            stepper.go(k)
            yield stepper.frame()


def test_every_step_and_board_is_told_by_the_catalog_alone() -> None:
    """Each step's heading, sentence, secret note, rulings, the Garden and the Balcony with
    every card's state and ledger, and the winners box, through everyone's eyes and each
    player's, are catalog templates; a hidden step says what a player may know."""
    assert len(SAMPLE) >= 20
    hidden = 0
    with using(pseudo()):
        for path in SAMPLE:
            sc = scenario.load(path)
            names = {p.name for p in sc.players}
            for frame in _frames(sc):
                hidden += frame.hidden
                for part in (html.step(frame), html.garden(frame), html.balcony(frame),
                             html.winners(frame)):
                    body = re.sub(r"(<details class='af-ruling'><summary>.*?</summary>).*?</details>",
                                  r"\1", part, flags=re.S)       # a ruling's own text: its data
                    body = re.sub(r"<li>x\d+</li>", " ", body)     # a ledger's "x2" (as in JSON)
                    assert html_words(body, names) == [], (path.name, part)
    assert hidden > 20


def test_each_hidden_step_says_what_may_be_known_in_a_catalog_sentence() -> None:
    """Every kind of secret step, and an unknown actor, seen by a player who may not see it."""
    class Event:
        def __init__(self, kind: str, actor: str | None, target: str | None = None) -> None:
            self.step, self.phase, self.kind, self.actor, self.card = 1, "balcony", kind, actor, "Witch"
            self.rule, self.text, self.target, self.target_card = "P6", "secret", target, None
            self.before = self.after = self.change = self.incoming = None
            self.source = self.source_card = self.see = None
            self.visible_to, self.auto = ["Ana"], False

    kinds = [("conspire-secret", "Bruno", None), ("peek-secret", "Bruno", "Caio"),
             ("peek-secret", "Bruno", None), ("draw-secret", "Bruno", None),
             ("deal-secret", None, None), ("keep-secret", "Bruno", None),
             ("decision", "Bruno", None), ("effect", None, None)]
    english = [public_text(Event(*k), "Dora") for k in kinds]
    assert english[0] == ("Bruno's face-down Balcony card stays hidden.", True)
    assert english[2][0] == "Bruno looks at a face-down Balcony card (hidden from you)."
    assert english[-1][0] == "A hidden step (A player)."
    with using(pseudo()):
        said = [public_text(Event(*k), "Dora") for k in kinds]
    assert all(hidden for _, hidden in said)
    for sentence, _ in said:
        assert outside_catalog(sentence, {"Bruno", "Caio"}) == [], sentence


def test_cards_seat_rings_rankings_and_share_box_are_told_by_the_catalog_alone() -> None:
    """Every card's view (its texts and notes are its data), the seat ring with its starter
    and turn numbers, the ranking table with ties, the share box with and without a link,
    the lesson heading (open and withheld) and the Lab link."""
    from aristofarsa.controllers.learn import card_info

    with using(pseudo()):
        cards = []
        for name in CARDS:
            info = card_info(name)
            view = seats.card_html(info, 1, open_notes=True)
            for said in (info.garden_text, info.balcony_text, *(n.text for n in info.notes)):
                view = view.replace(html.escape(said), " ")
            cards.append(re.sub(r"<span style=\"display:block.*?</span>", " ", view, flags=re.S))
        parts = [*cards,
                 seats.seat_ring_svg(["Ana", "Bruno", "Caio", "Dora"], "Bruno", ["Bruno", "Caio"]),
                 seats.seat_ring_svg(["Ana", "Bruno", "Caio"], "Ana", size=160),
                 seats.ranking_html([["Ana"], ["Bruno", "Caio"], ["Dora"]],
                                    {"Ana": 1, "Bruno": 2, "Caio": 2, "Dora": 0}),
                 html.share("?scenario=AF1.x", "http://host/lab.ipynb?scenario=AF1.x"),
                 html.share(None),
                 html.lesson_heading("", "Some *text*", withheld=True),
                 html.lesson_heading("", "Some *text*", withheld=False).replace("Some", "").replace(
                     "text", ""),
                 seats.lab_link_html("b10-bishop-cancels-bishop")]
    names = {"Ana", "Bruno", "Caio", "Dora", "Exiled"}
    for part in parts:
        assert OPEN in part
        assert html_words(part.replace("⟦ = ⟧", " "), names) == [], part
    # the share box's script says "Copied" in the catalog's words, as a JavaScript string
    assert "this.textContent=\"\\u27e6" in parts[-5]


def test_the_views_english_is_unchanged() -> None:
    """The English the apps always showed, now from the catalog."""
    assert html.share(None) == ("<span class='af-muted'>No share link: the round is not valid "
                                "yet.</span>")
    box = html.share("?scenario=X", "http://h/?scenario=X")
    assert ">Link to this round</a> — copy it to share: <input readonly value='http://h/?scenario=X'" in box
    assert "aria-label='share link'" in box and "this.textContent=\"Copied\"'>Copy</button></div>" in box
    assert seats.ranking_html([["Ana"], ["Bruno", "Caio"]], {"Ana": 1, "Bruno": 2, "Caio": 0}) == (
        '<table class="af-ranking-table"><tr><th>place</th><th>player</th><th>crowns</th></tr>'
        "<tr><td>1.</td><td>Ana</td><td>1 crown</td></tr>"
        "<tr><td>2.</td><td>Bruno = Caio</td><td>2, 0 crowns</td></tr></table>")
    ring = seats.seat_ring_svg(["Ana", "Bruno", "Caio"], "Bruno", ["Bruno", "Ana"])
    assert 'aria-label="Seat ring: Ana, Bruno, Caio"' in ring and ">starts #1</text>" in ring
    assert ">table</text>" in ring and ">turn order →</text>" in ring and ">#2</text>" in ring
    assert seats.fine_points(1) == "1 fine point that decides rounds"
    assert html.lesson_heading("T", "d", withheld=True).endswith(
        "<summary>About this round</summary><div class='af-muted'>the lesson's text tells every "
        "card: switch <b>Seen by</b> to Everyone to read it</div></details>")


def test_the_lesson_heading_follows_the_catalog_in_use() -> None:
    """The heading is remembered for the last few rounds, per catalog: switching the catalog
    shows it in the new one's words."""
    english = html.lesson_heading("T", "d", withheld=True)
    with using(pseudo()):
        assert "⟦" in html.lesson_heading("T", "d", withheld=True)
    assert html.lesson_heading("T", "d", withheld=True) == english


def test_effect_graph_labels_and_text_alternative_are_told_by_the_catalog_alone() -> None:
    """The graph's cards (zone, marks, a face-down card), its arrows' tooltips, its caption
    (up to a step, as a player sees it, the winning cards) and its text alternative."""
    with using(pseudo()):
        said: list[tuple[str, set[str]]] = []
        for path in SAMPLE[::2]:
            sc = scenario.load(path)
            result = scenario.run(sc, trace=True)
            names = {p.name for p in sc.players}
            n = len(result.trace.events)
            for step, viewer in ((None, None), (n // 2, sorted(names)[0])):
                g = build_graph(result, step=step, viewer=viewer)
                said.append((graph_summary(g), names))
                for node in g.nodes:
                    said.append((node_label(node), names))
                dot = graph_dot(g)
                said += [(t, names) for t in re.findall(r'tooltip="([^"]*)"', dot)]
                said += [(t, names) for t in re.findall(r"  label=(<.*?>); labelloc", dot)]
    assert len(said) > 200
    for sentence, names in said:
        assert html_words(sentence, names | {"conspire", "peek", "effect", "entry", "cancelled",
                                             "prestige", "exchange", "mark", "copy", "swap",
                                             "garden", "balcony", "hand", "replay", "cancel"}) == [], sentence


def test_the_analyses_and_controllers_refuse_in_catalog_sentences() -> None:
    """A graph of no round, a step or viewer out of range, a what-if for no player, the Play
    app's bad settings in the page's address, a round asked for that has not started, a
    stepper with no steps: each refusal is a catalog sentence."""
    from aristofarsa.controllers.game_session import GameSession
    from aristofarsa.controllers.play import PlayController
    from aristofarsa.controllers.query import QueryError

    sc = scenario.load(LESSONS[0])
    result = scenario.run(sc, trace=True)
    said: list[str] = []
    with using(pseudo()):
        for args in ((object(),), (result, 9999), (result, None, "Zed"), ({"trace": None},)):
            with pytest.raises(GraphError) as refused:
                build_graph(*args)
            said.append(str(refused.value))
        with pytest.raises(WhatIfError) as refused:
            what_if(LESSONS[0].read_text(encoding="utf-8"), sc, "Zed")
        said.append(str(refused.value))
        for query in ("expansion=maybe", "bots=zed", "players=3&bots=random,greedy,search,random",
                      "players=3&human=0&bots=random,greedy"):
            play = PlayController.from_query(query)
            assert len(play.errors) == 1, query
            said += play.errors
        for kwargs in ({"players": 9}, {"seed": -1}, {"human": 9}):
            with pytest.raises(QueryError) as refused:
                PlayController(**kwargs)
            said.append(str(refused.value))
        game = GameSession(3, 1, ["random"] * 3)
        with pytest.raises(ValueError) as refused:
            game.round_events(99)
        said.append(str(refused.value))
        with pytest.raises(ValueError) as refused:
            Stepper.from_events([], None)
        said.append(str(refused.value))
    names = {p.name for p in sc.players} | {"Zed", "zed", "maybe", "random", "greedy", "search",
                                           "json", "resolve", "None", "object"}
    assert len(said) >= 12
    for sentence in said:
        words = plain_words(re.sub(r"`[^`]*`|\([^()]*'[^()]*\)", " ", sentence), names)
        assert sentence.startswith(OPEN), sentence
        assert words == [], sentence


def test_the_rounds_origins_and_the_dispute_graphs_notes_are_catalog_sentences() -> None:
    """Where a round came from, as its errors name it (a paste, a lesson, the round entered),
    and why a variant cannot apply without the origin and the variants in play, in the
    catalog in use."""
    from aristofarsa.controllers.dispute import DisputeController
    from aristofarsa.controllers.lab import LabController
    from aristofarsa.controllers.sources import lesson_text

    with using(pseudo()):
        lab = LabController()
        assert not lab.open_toml("title = 1\n")
        dispute = DisputeController()
        assert not dispute.open_toml("title = 1\n")
        _, origin = lesson_text("b10-bishop-cancels-bishop")
    for error in (lab.error, dispute.error):
        assert error.startswith(OPEN), error
    assert origin.startswith(OPEN) and "b10-bishop-cancels-bishop" in origin
    assert lesson_text("b10-bishop-cancels-bishop")[1] == "lesson b10-bishop-cancels-bishop"


def test_the_win_rate_charts_are_labelled_by_the_catalog() -> None:
    """The charts' titles, axis and legend."""
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from aristofarsa.games.simulate import simulate

    stats = simulate(4, 3, bots=["random"], seed=1)
    with using(pseudo()):
        axes = stats.plot()
        texts = [a.get_title() for a in axes] + [a.get_ylabel() for a in axes]
        texts += [t.get_text() for a in axes for t in a.get_xticklabels()]
        texts += [t.get_text() for a in axes if a.get_legend() for t in a.get_legend().get_texts()]
    plt.close("all")
    assert len(texts) >= 8
    for said in texts:
        assert not plain_words(said, {"random"}), said
        assert OPEN in said or said in {"random"}, said


def test_an_auto_choice_of_a_face_down_card_stays_hidden_in_any_catalog() -> None:
    """An --auto decision naming a face-down card (or an Oracle's keep) is its chooser's only:
    told apart by the catalog's own words, so a translated catalog hides it too."""
    from aristofarsa.core.messages import text

    class Event:
        def __init__(self, said: str) -> None:
            self.step, self.phase, self.kind, self.actor, self.card = 9, "phase2", "decision", "Bruno", None
            self.rule, self.text, self.target, self.target_card = "M7", said, None, None
            self.before = self.after = self.change = self.incoming = None
            self.source = self.source_card = self.see = None
            self.visible_to, self.auto = None, True

    for catalog in (None, pseudo()):
        with using(catalog) if catalog is not None else _english():
            secret = Event(text("decision.first", actor="Bruno", kind="conspire", value="Witch",
                                what="Bruno"))
            kept = Event(text("decision.keep", actor="Bruno", kind="keep", value="Witch",
                              what="Oracle"))
            public = Event(text("decision.first", actor="Bruno", kind="target", value="Ana",
                                what="Bishop"))
            assert public_text(secret, "Ana")[1] and public_text(kept, "Ana")[1]
            assert not public_text(secret, "Bruno")[1] and not public_text(public, "Ana")[1]


def _english():
    from contextlib import nullcontext
    return nullcontext()
