"""The rules pages' words (issue 25): each ruling's deciding sentence, said once and shown
beside its ID; the corner cases the pages and card notes state, checked on the engine."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from aristofarsa import scenario
from aristofarsa.controllers import rules
from aristofarsa.controllers.rulings_text import deciding, deciding_markdown
from aristofarsa.core.rulings import DECIDING, RULINGS
from aristofarsa.scenario.model import ScenarioError

ROOT = Path(__file__).resolve().parents[2]
#: words a learner should not meet in a sentence about the game
NOT_GAME_WORDS = re.compile(r"→|=|`|\bengine\b|\bledger\b|\btrace\b|scenario|game_over|\bfile\b", re.I)


def test_every_ruling_has_one_short_deciding_sentence():
    assert list(DECIDING) == list(RULINGS)
    for rid in RULINGS:
        sentence = deciding(rid)
        assert sentence != RULINGS[rid], f"{rid} has no deciding sentence of its own"
        assert sentence[:1].isupper() or sentence.startswith('"'), rid
        assert sentence.endswith(".") and len(re.findall(r"[.!?](?:\s|$)", sentence)) == 1, rid
        assert len(sentence.split()) <= 30, rid
        assert not NOT_GAME_WORDS.search(sentence), (rid, sentence)
    assert deciding("Z9") == ""


def _raw_pages() -> list[dict]:
    with rules.RULES_PAGES_FILE.open("rb") as f:
        return tomllib.load(f)["page"]


def test_each_ruling_a_rules_page_cites_is_said_in_its_deciding_sentence():
    """A rules page cites a ruling as {rule:ID}: the page shows the ruling's deciding sentence
    right before its ID (one wording, the one the quiz's Why shows). Every ruling the pages
    cite is said that way at least once; an ID cited bare elsewhere adds a second point."""
    bodies = " ".join(" ".join(p.body.split()) for p in rules.learn_pages())
    cited = set(rules.RULING_ID.findall(bodies)) & set(RULINGS)
    said = {rid for p in _raw_pages() for rid in rules.RULE_CITE.findall(p["body"])}
    assert cited and cited <= said, f"cited without their deciding sentence: {sorted(cited - said)}"
    for rid in said:
        assert f"{deciding(rid).rstrip('.')} ({rid})." in bodies, rid
    assert "{rule:" not in bodies


def test_a_citation_of_an_unknown_ruling_is_named():
    assert rules.cite_rulings("First. {rule:P3} Then.") == f"First. {deciding('P3')[:-1]} (P3). Then."
    with pytest.raises(ValueError, match=r"\{rule:Q7\}: no ruling 'Q7'"):
        rules.cite_rulings("{rule:Q7}")


def test_docs_rules_md_lists_every_ruling_in_its_deciding_sentence():
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert deciding_markdown() in text, ("docs/rules.md, \"Every ruling in one sentence\", is stale: "
                                         "put aristofarsa.controllers.rulings_text.deciding_markdown() there")
    assert "- **P3 Litter.** " + deciding("P3") in text
    assert "(project)" not in deciding_markdown()


def _run(players: list[dict]):
    data = {"title": "t", "first": players[0]["name"], "player": players}
    return scenario.run(scenario.validate(data, "<rules>"), trace=True)


def test_the_litter_is_what_the_engine_does():
    """P3 as the pages say it: the first in Phase-2 order has the Litter, and it adds 2 to a
    Convoke total, nothing else; the second player with the same hand cannot afford as much."""
    assert "first in Phase 2 takes the Litter: +2 to a Convoke total this round, and nothing else" \
        in deciding("P3")
    first = _run([{"name": "Ana", "garden": "Knight", "conspire": "Jester", "hand": ["Rogue"]},
                  {"name": "Bruno", "garden": "Jester",
                   "convoke": {"discard": ["Servant", "Witch"], "take": "Bishop"}},
                  {"name": "Caio", "garden": "Witch", "conspire": "Jester", "hand": ["Merchant"]}])
    assert first.phase2_order[0] == "Bruno" and first.convoked["Bruno"] == ["Bishop"]
    assert [e.actor for e in first.trace if e.kind == "litter"] == ["Bruno"]
    with pytest.raises(ScenarioError, match="Convoke total 5"):
        _run([{"name": "Ana", "garden": "Knight", "conspire": "Jester", "hand": ["Rogue"]},
              {"name": "Bruno", "garden": "Jester", "conspire": "Merchant", "hand": ["Rogue"]},
              {"name": "Caio", "garden": "Damsel",
               "convoke": {"discard": ["Servant", "Witch"], "take": "Bishop"}}])


def test_a_card_exchanged_in_is_what_the_engine_does():
    """M5 as the pages say it: a card exchanged in has no Balcony changes and no on-arrival
    effect, but its ongoing text works at once (a Rogue beside a Noble is 10)."""
    assert "no on-arrival effect; its ongoing effect and scoring rules work" in deciding("M5")
    result = _run([{"name": "Ana", "garden": "Witch", "conspire": {"card": "Squire", "exchange": "Rogue"},
                    "hand": ["Rogue"]},
                   {"name": "Bruno", "garden": "Knight", "conspire": "Jester", "hand": ["Rogue"]},
                   {"name": "Caio", "garden": "Servant", "conspire": "Knight", "hand": ["Rogue"]}])
    assert result.garden[0] == ("Ana", "Rogue", 10)
    assert result.garden[2] == ("Caio", "Servant", 9)        # printed 1, then the Knight's +8


def test_a_step_shows_its_rulings_deciding_sentence_beside_its_id():
    """A lesson's step (the stepper of every app) says its ruling's deciding sentence beside the
    ID, the full text one click away; a ruling chip says it on hover and first when opened."""
    from html import escape

    from aristofarsa.controllers import learn
    from aristofarsa.controllers.rules import visible_lines
    from aristofarsa.controllers.rulings_text import ruling
    from aristofarsa.render import html, seats
    walk = learn.LessonWalk("p2-tie-earlier-card-counts-higher")
    stepper = walk.stepper
    for k in range(len(stepper)):
        stepper.go(k)
        frame = stepper.frame()
        if frame.ruling is None:
            continue
        shown = visible_lines(html.step(frame))
        summary = next(line for line in shown if line.startswith(f"Ruling {frame.ruling.id}:"))
        assert summary.endswith(deciding(frame.ruling.id)), summary
        assert not any(frame.ruling.text.split("\n")[0] in line for line in shown)   # folded
    chip = seats.ruling_ref_html(ruling("P3"))
    assert f'title="{escape(deciding("P3"))}"' in chip
    assert visible_lines(chip) == ["P3"]


def test_the_balcony_order_and_the_exiled_rules_are_said_one_way():
    """Bishop mode's "in Phase-2 order" and the Balcony's "in the order they were put there" are
    one order, said so where the order is defined; the Exiled app's rules are the rulings'
    deciding sentences, not a second wording."""
    from aristofarsa.controllers import learn
    page = next(p for p in rules.learn_pages() if p.key == "order")
    body = " ".join(page.body.split())
    assert "in the order its cards were put there, which is Phase-2 order (P4)." in body
    assert "the Balcony's order is Phase-2 order" in " ".join(n.text for n in learn.card_notes()["Bishop"])
    assert [r.id for r in rules.EXILE_RULES] == ["X1", "X2", "X3", "X4", "X5", "X6", "X7"]
    assert all(r.text == deciding(r.id) for r in rules.EXILE_RULES)


def test_every_ruling_title_and_sentence_a_lesson_step_shows_is_in_game_words():
    """What a lesson's step shows of its ruling (title and deciding sentence) has no engine
    words: the four one-round lessons cite M11 in every app's stepper."""
    for rid, title in RULINGS.items():
        assert not NOT_GAME_WORDS.search(title), (rid, title)
    from aristofarsa.controllers import learn
    walk = learn.LessonWalk("m11-game-over-scope")
    assert "M11" in {e.rule for e in walk.stepper.events}
