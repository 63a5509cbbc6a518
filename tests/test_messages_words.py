"""No code edits a rendered sentence (issue 24, item 4; docs/architecture.md, "Sentences").

What a catalog says is shown as written: the builder's problems as a view without file syntax
says them (their own templates, no backquotes stripped), a sentence's opening form is the
catalog's own (no first letter made upper case), a file reader names what it reads by the
catalog's noun, and a cache of rendered Learn pages keeps one set per catalog in use. One
fact, one wording: who takes the Litter is said by the trace's template wherever a page says
it of a seat, and the ruling says it with the same verb.
"""
from __future__ import annotations

import re

import pytest

from aristofarsa import scenario
from aristofarsa.analysis.compare import VariantRow, VariantTable
from aristofarsa.controllers import learn as learn_ctl
from aristofarsa.controllers import rules as rules_ctl
from aristofarsa.controllers.asks import ask_of
from aristofarsa.controllers.rulings_text import deciding, every_ruling
from aristofarsa.controllers.sources import MAX_UPLOAD_BYTES, upload_text
from aristofarsa.core import files
from aristofarsa.core.cards import load_crowns_file
from aristofarsa.core.messages import Catalog, catalog, pseudo, text, using
from aristofarsa.games import records
from aristofarsa.scenario.toml import dumps
from tests.controllers.test_asks import CASES
from tests.test_messages_builder import reordered

#: a "language" whose every sentence opens with a mark that has no upper case (as Spanish "¿"):
#: a first letter made upper case by code stays lower case behind it
OPENED = "¿"


def _opened() -> Catalog:
    return catalog().map(lambda t: OPENED + t)


# ------------------------------------------------------------------ the opening form (item 2)
def test_a_question_said_to_its_own_player_opens_in_the_catalog_s_own_form() -> None:
    english = {id(r): (ask_of(r, you=r.player).question, ask_of(r).question) for r, _, _ in CASES}
    with using(_opened()):
        for r, _, _ in CASES:
            own, named = ask_of(r, you=r.player).question, ask_of(r).question
            assert own.startswith(OPENED), own
            assert own.replace(OPENED, "") == english[id(r)][0]          # "Your Witch: …", as written
            assert named.replace(OPENED, "") == english[id(r)][1]        # "Ana, your Witch: …"
    assert {q for q, _ in english.values()} >= {q for _, q, _ in CASES}  # English as pinned


def _tables() -> list[VariantTable]:
    base = dict(winners=["Caio"], scored={"Caio": ["Knight"]}, winning=["Caio's Knight"])
    same = VariantRow("courtisan-live", "M4", "", ["Caio"], {"Caio": ["Knight"]}, False,
                      winning=["Caio's Knight"])
    other = VariantRow("witch-own", "B2", "", ["Bruno"], {"Bruno": ["Rogue"]}, True,
                       winning=["Bruno's Rogue"])
    scores = VariantRow("witch-own", "B2", "", ["Caio"], {"Caio": ["Knight", "Rogue"]}, True,
                        winning=["Caio's Knight"])
    invalid = VariantRow("bishop-no-undo", "B10", "", error="x: not allowed", changes=True)
    return [VariantTable(rows=[same, other], **base), VariantTable(rows=[scores, same], **base),
            VariantTable(rows=[invalid, other], **base)]


def test_the_variants_sentence_opens_in_the_catalog_s_own_form() -> None:
    english = [t.sentence for t in _tables()]
    assert [s[:5] for s in english] == ["With ", "With ", "The h"]
    with using(_opened()):
        for t, said in zip(_tables(), english, strict=True):
            assert t.sentence.replace(OPENED, "") == said


# ------------------------------------------------------------------ caches per catalog (item 4)
def _learn_words() -> list[str]:
    """Sentences the Learn pages keep rendered: a rules page's body and its rulings, its
    example's lines and outcome, every ruling's deciding sentence, a card's notes' rulings."""
    pages = rules_ctl.learn_pages()
    said = [p.body for p in pages[:4]] + [r.deciding for p in pages[:4] for r in p.rulings]
    for page in pages[:4]:
        ex = page.example()
        said += [line for line, _ in ex.lines] + [ex.outcome]
    said += [info.deciding for info in every_ruling().values()]
    said += [r.deciding for notes in learn_ctl.card_notes().values() for n in notes for r in n.rulings]
    return [s for s in said if s]


def test_the_learn_caches_keep_each_catalog_s_words() -> None:
    """English, then the pseudo-translation, then English again, in one process and with no
    cache emptied by hand: each time the pages say the words of the catalog in use."""
    first = _learn_words()
    assert first and not any("⟦" in s for s in first)
    with using(pseudo()):
        marked = _learn_words()
        assert len(marked) == len(first)
        assert all("⟦" in s for s in marked), [s for s in marked if "⟦" not in s][:3]
        assert deciding("P3") in marked
    again = _learn_words()
    assert again == first


# ------------------------------------------------------------------ the Litter (item 5)
def _order_page_note() -> str:
    ipw = pytest.importorskip("ipywidgets")
    from aristofarsa.widgets.learn import LearnApp
    app = LearnApp.from_query("")
    rules = app.rules
    rules._book.go(next(k for k, p in enumerate(rules._book.pages) if p.board == "order"))
    rules.refresh()
    assert isinstance(rules.example, ipw.HTML)
    return str(rules.example.value)


def test_who_takes_the_litter_is_one_wording() -> None:
    """The trace says it (golden: "takes the Litter"); the ruling says it with the same verb;
    the order picture's note says it of seat #1 in the trace's own template, so a catalog that
    rewords the trace's sentence rewords the note with it."""
    trace = text("round.litter", actor="Bruno")
    assert trace == "Bruno acts first and takes the Litter (+2 to a Convoke total this round)."
    assert "acts first in Phase 2 takes the Litter" in deciding("P3")
    said = {k: t for k, t in catalog().templates.items() if isinstance(t, str)}
    assert [k for k, t in said.items() if "has the Litter" in t or "holds the Litter" in t] == []
    assert "#1 acts first and takes the Litter (+2 to a Convoke total this round)." in _order_page_note()
    with using(pseudo()):
        note = _order_page_note()
        assert text("round.litter", actor=text("learn-rules.order-first")) in note


# ------------------------------------------------------------------ what a reader reads (item 3)
def _refused(read) -> files.FileInputError:
    with pytest.raises(files.FileInputError) as refused:
        read()
    return refused.value


def test_a_reader_names_what_it_reads_by_the_catalog_s_noun(tmp_path) -> None:
    """Each reader passes the catalog's noun (files.SCENARIO_FILE …), never an English key: an
    upload, a scenario file, a crowns file and a record are named in the catalog's words, and
    the error carries the noun as its field."""
    big = b"x" * (MAX_UPLOAD_BYTES + 1)
    (tmp_path / "r.toml").write_bytes(b"seed = 1\n\xff")
    (tmp_path / "c.toml").write_bytes(b"Witch = 1\n\xff")
    (tmp_path / "g.json").write_bytes(b'{"a": 1}\xff')
    readers = {"file-noun.a.scenario-file": [lambda: upload_text(big, "up.toml"),
                                             lambda: scenario.load(tmp_path / "r.toml")],
               "file-noun.a.crowns-file": [lambda: load_crowns_file(tmp_path / "c.toml")],
               "file-noun.a.record": [lambda: records.load(tmp_path / "g.json")]}
    for translation in (pseudo(), reordered()):
        with using(translation):
            for noun, reads in readers.items():
                for read in reads:
                    try:
                        read()
                    except Exception as exc:  # noqa: BLE001 - each reader has its own error
                        assert text(noun) in str(exc), (noun, str(exc))
                    else:
                        raise AssertionError(noun)
    error = _refused(lambda: upload_text(big, "up.toml"))
    assert error.msg is not None and error.msg.id == "file.too-large"
    assert (error.msg.fields or {})["a_what"] == files.SCENARIO_FILE.a
    assert str(error) == (f"up.toml: is {len(big):,} bytes; a scenario file may be at most "
                          f"{MAX_UPLOAD_BYTES:,} bytes")


# ------------------------------------------------------------------ the builder's view (item 1)
def _compact_problems(builder_data: dict) -> list[str]:
    """The problem texts the Dispute resolver's table shows under their fields, after Resolve."""
    pytest.importorskip("ipywidgets")
    from aristofarsa.controllers.builder import Builder
    from aristofarsa.widgets.builder import BuilderView
    view = BuilderView(Builder.from_data(builder_data), compact=True)
    view.show_problems()
    return [str(w.value) for w in _walk(view) if "af-field-error" in getattr(w, "_dom_classes", ())]


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


NO_GARDEN = {"player": [{"name": "Ana", "conspire": "Witch", "hand": ["Rogue"]},
                        {"name": "Bruno", "garden": "Knight", "conspire": "Jester", "hand": ["Rogue"]},
                        {"name": "Caio", "garden": "Squire", "conspire": "Damsel", "hand": ["Rogue"]}]}


def test_the_table_shows_a_problem_as_its_catalog_view_writes_it() -> None:
    """The Dispute resolver's table shows a problem in the catalog's ``plain`` view, as
    written: a translation that keeps a backquote (or any mark) keeps it; English reads as
    before, without the file's backquotes."""
    english = _compact_problems(NO_GARDEN)
    assert any("missing garden (the card played in the Ball Garden)" in t for t in english), english
    assert not any("`" in t for t in english)
    words = catalog().templates | {"plain.scenario-error.missing-garden": "«`garden`» fehlt: {{x}}"}
    with using(Catalog(words)):
        shown = _compact_problems(NO_GARDEN)
    assert any("«`garden`» fehlt: {x}" in t for t in shown), shown
    with using(pseudo()):
        marked = _compact_problems(NO_GARDEN)
        plain = text("plain.scenario-error.missing-garden")
    assert any(plain in t for t in marked), marked


def test_each_view_template_says_a_message_of_the_catalog_with_its_fields() -> None:
    """A translator's view template stands for one message: its ID after ``plain.`` is in
    the catalog, with the same fields (each plural form too), and the view changes what the
    message says, not which facts it gives."""
    from aristofarsa.core.messages import Forms, fields_of
    templates = catalog().templates
    views = {k: t for k, t in templates.items() if k.startswith("plain.")}
    assert len(views) >= 50

    def fields(t) -> set[str]:
        return {f for form in ([t] if isinstance(t, str) else t.cases.values()) for f in fields_of(form)}
    for k, t in views.items():
        base = templates.get(k[len("plain."):])
        assert base is not None, k
        assert isinstance(t, Forms) == isinstance(base, Forms), k
        assert fields(t) == fields(base), k


# ------------------------------------------------------------------ other edits found
def test_a_cited_ruling_is_said_by_the_catalog_not_trimmed() -> None:
    """A rules page cites a ruling as its deciding sentence then its ID: the catalog's
    ``ruling.cited`` says it (its full stop is the language's own), no code trims the stop of
    the rendered sentence."""
    p3 = "Whoever acts first in Phase 2 takes the Litter: +2 to a Convoke total this round, and nothing else"
    english = [p.body for p in rules_ctl.learn_pages() if "(P3)" in p.body]
    assert english and all(f"{p3} (P3)." in body for body in english)
    assert deciding("P3") == p3 + "."
    words = catalog().templates | {"ruling.sentence": "{sentence}。",
                                   "ruling.cited": "{sentence}（{ruling}）。"}
    with using(Catalog(words)):
        assert deciding("P3") == p3 + "。"
        bodies = [p.body for p in rules_ctl.learn_pages() if "P3" in p.body]
    assert bodies and all(f"{p3}（P3）。" in body for body in bodies)


def test_the_gallery_shows_the_outcome_as_the_catalog_writes_it() -> None:
    """The Effect graphs page's line of a lesson holds its outcome whole, its stop included:
    a translation's last word is never trimmed."""
    from aristofarsa.controllers.graphs import GraphsController
    from aristofarsa.render.dispute import gallery_item_html
    words = catalog().templates | {"outcome.winner": "{player} gana con {card} ({value}), etc."}
    with using(Catalog(words)):
        item = next(i for i in GraphsController().items() if len(i.winners) == 1 and not i.lowest_wins)
        line = gallery_item_html(item)
        said = item.outcome
    assert said.endswith(", etc.") and said in line


def test_the_family_on_the_rules_pages_is_said_in_the_catalog_s_words() -> None:
    """The family's lists a rules page fills in ("Rogue 0, two Servants 1, …", "Bard (top),
    …") are catalog templates: no number word, plural or "(top)" glued by the code."""
    from aristofarsa.core.cards import fill_family
    page = "{starting_deck} | {parlor_nobles} | {exiled_order}"
    assert fill_family(page) == ("Rogue 0, two Servants 1, Witch 2, Jester 3, Damsel 4, Merchant 5 | "
                                 "Squire 5, Courtisan 6, Bishop 7, Knight 8, Aristocrat 9 | "
                                 "Bard (top), Scribe, Elder, Oracle")
    with using(pseudo()):
        said = fill_family(page)
        assert text("family.two", card="Servant", prestige=1) in said
        assert text("family.exiled-top", card="Bard") in said
    assert not {"two", "Servants", "top"} & set(re.findall(r"[A-Za-z]+", said))


#: a round the loader takes that cannot be resolved: a choice left out, a target not a player
UNRESOLVED = {"title": "t", "player": [
    {"name": "Ana", "garden": "Knight", "conspire": "Witch", "hand": ["Rogue"]},
    {"name": "Bruno", "garden": "Rogue", "conspire": {"card": "Merchant", "target": "Zed"},
     "hand": ["Jester"]},
    {"name": "Caio", "garden": "Squire", "conspire": "Jester", "hand": ["Servant"]}]}


def test_lists_of_sentences_are_joined_by_the_catalog() -> None:
    """The Lab's refusal of a round names its origin and its problems in the catalog's
    order, joined by its separator; a Learn guess is kept as the players guessed (never a
    text split again)."""
    from aristofarsa.controllers.lab import LabController
    words = catalog().templates | {"list.semicolon": " ‖ ", "lab-page.not-resolved": "{problems} ← {origin}"}
    with using(Catalog(words)):
        lab = LabController()
        assert not lab.open_toml(dumps(UNRESOLVED), "x.toml")
        problems = lab.check.messages()
    assert len(problems) >= 2 and lab.error == " ‖ ".join(problems) + " ← x.toml"
    walk = learn_ctl.LessonWalk(learn_ctl.FIRST_LESSON)
    guess = list(walk.players[:2])
    walk.predict(guess)
    assert walk.prediction == tuple(guess)
    assert walk.predicted_right == (set(guess) == set(walk.result.winners))



def test_lists_in_explanations_help_and_quiz_are_joined_by_the_catalog(capsys) -> None:
    """A step's ruling links, a command's list of allowed values and a Why step's parts are
    joined (and framed) by the catalog's own words, never by ", " or "— " written in code."""
    from html import escape
    from pathlib import Path

    from aristofarsa.analysis.explain import explain
    from aristofarsa.cli import main
    from aristofarsa.controllers.quiz import why_lines as quiz_why_lines
    from aristofarsa.core.variants import VARIANTS
    from aristofarsa.render.explain import explanation_html, explanation_markdown
    from aristofarsa.widgets.learn import LearnApp

    lesson = Path(scenario.__file__).parents[1] / "scenarios" / "b13-bishop-chain.toml"
    x = explain(scenario.run(scenario.load(lesson)))
    linked = [[r for r, _ in s.links] for s in x.steps if len(s.links) >= 2]
    assert linked, "the lesson has a step citing two rulings"
    words = catalog().templates | {"list.comma": " ¦ ",
                                   "quiz-pane.why-step-deciding": "{deciding} ⇐ {step} {rulings}"}
    with using(Catalog(words)):
        md, html = explanation_markdown(x), explanation_html(x)
        with pytest.raises(SystemExit):
            main(["resolve", "--help"])
        helped = " ".join(capsys.readouterr().out.split())
        app = LearnApp.from_query("seed=2")
        app.tabs.selected_index = app.QUIZ
        q = app.controller.quiz.question()
        app.quiz.check.click()                 # nothing filled in: the Why comes all the same
        feedback = app.quiz.feedback.value
    for shown in (md, html):
        for ids in linked:
            assert re.search(re.escape(ids[0]) + r"[^|\n]*? ¦ [^|\n]*?" + re.escape(ids[1]), shown), ids
    assert " ¦ ".join(list(VARIANTS)[:3]) in helped        # (argparse may wrap the last at its hyphen)
    step, _rule, deciding = quiz_why_lines(q.result)[0]
    assert deciding and f"{escape(deciding)} ⇐ {escape(step)}" in feedback
