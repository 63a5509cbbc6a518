"""Sentences as messages: every sentence comes from the catalog (aristofarsa/core/messages.py).

The lessons (the golden playthroughs) and whole games are run through a pseudo-translation
of the catalog, in which every template is wrapped in ⟦…⟧ and each of its own letters is a
look-alike (``Ƀáĺçóñý``): a plain ASCII word left in a sentence can only come from a field,
so it must be a name, a card, a ruling or another identifier of the game's data.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.core import decisions
from aristofarsa.core.cards import CARDS, convoke_sum
from aristofarsa.core.messages import (
    CLOSE,
    OPEN,
    Catalog,
    CatalogError,
    Forms,
    Join,
    Msg,
    catalog,
    fields_of,
    pseudo,
    set_catalog,
    text,
    using,
)
from aristofarsa.core.rulings import EndReason
from aristofarsa.core.trace import EventKind, Phase
from aristofarsa.core.variants import Variant
from aristofarsa.games.bots import BOTS
from aristofarsa.games.game import Game

PACKAGE = Path(__file__).resolve().parents[1] / "aristofarsa"
LESSONS = sorted(Path(SCENARIOS_DIR).glob("*.toml"))
WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")
#: identifiers a field may hold besides player names: cards, rulings, variants, request
#: kinds and sources, end reasons, step kinds
DATA_WORDS = (set(CARDS) | {v.value for v in Variant} | {r.value for r in EndReason}
              | {k.value for k in EventKind} | {p.value for p in Phase}
              | {getattr(decisions, n) for n in dir(decisions) if n.isupper()
                 and isinstance(getattr(decisions, n), str)}
              | {"garden", "conspire", "convoke", "phase2", "None", "True", "False"} | set(BOTS))
RULING = re.compile(r"[A-Z]\d+")


def outside_catalog(sentence: str, names: set[str]) -> list[str]:
    """What in a pseudo-translated sentence did not come from the catalog: text outside its
    outer ⟦…⟧, and plain words that are no field value of the game."""
    problems = []
    if not (sentence.startswith(OPEN) and sentence.endswith(CLOSE)):
        problems.append("text outside ⟦…⟧")
    for word in WORD.findall(sentence):
        word = word.strip("'-")
        if word not in names and word not in DATA_WORDS and not RULING.fullmatch(word):
            problems.append(f"plain word {word!r}")
    return problems


def plain_words(marked: str, names: set[str]) -> list[str]:
    """The plain words of Markdown or text left once every catalog sentence (⟦…⟧, nested)
    is taken out: none but names, the game's identifiers and ruling IDs may remain."""
    rest = marked
    while (inner := re.sub(r"⟦[^⟦⟧]*⟧", "", rest)) != rest:
        rest = inner
    return [w for w in WORD.findall(rest) if w not in names and w not in DATA_WORDS
            and not RULING.fullmatch(w)]


def html_words(fragment: str, names: set[str]) -> list[str]:
    """:func:`plain_words` of an HTML fragment's text (its tags and attributes aside, the
    rulings' own titles and their docs/rulings.md addresses aside: data of the rulings)."""
    from aristofarsa.core.rulings import RULINGS

    body = html.unescape(re.sub(r"<[^>]*>", " ", fragment))
    body = re.sub(r"\(docs/rulings\.md#[\w-]+\)", " ", body)
    for title in sorted(RULINGS.values(), key=len, reverse=True):
        if title:
            body = body.replace(title, " ")
    return plain_words(body, names)


def check_trace(events: list, names: set[str], where: str) -> None:
    for e in events:
        problems = outside_catalog(e.text, names)
        assert not problems, f"{where} step {e.step} ({e.kind}): {problems}: {e.text}"


def test_every_lesson_is_told_by_the_catalog_alone() -> None:
    """Every step of every lesson (the golden playthroughs), rendered in a pseudo-translation,
    is one catalog template with fields: no English built outside the catalog."""
    assert len(LESSONS) > 100
    with using(pseudo()):
        for path in LESSONS:
            sc = scenario.load(path)
            result = scenario.run(sc, trace=True, auto=True)
            names = {p.name for p in sc.players}
            check_trace(result.trace.events, names, path.name)


@pytest.mark.parametrize("players,expansion,variants", [
    (3, False, ()), (4, True, ()), (5, True, ("courtisan-live", "witch-own")),
    (6, False, ("convoke-nothing", "bishop-no-undo"))])
def test_whole_games_are_told_by_the_catalog_alone(players: int, expansion: bool,
                                                   variants: tuple[str, ...]) -> None:
    with using(pseudo()):
        for seed in range(4):
            g = Game(players=players, seed=seed, expansion=expansion, variants=variants,
                     trace=True, bots="greedy")
            result = g.run()
            check_trace(result.trace.events, set(g.names), f"game seed {seed}")
            # `play`'s text: heading, each round, the ranking, then every step
            for line in result.to_text(trace=True).splitlines():
                if line.strip():
                    problems = outside_catalog(line.strip(), set(g.names))
                    assert not problems, f"game seed {seed}: {problems}: {line}"


def test_the_pseudo_check_finds_english_written_outside_the_catalog() -> None:
    """The check above fails on a glued fragment and on a sentence not in the catalog."""
    with using(pseudo()):
        glued = text("balcony.servant", actor="Ana", card="Servant") + " (copying the Witch)"
        assert outside_catalog(glued, {"Ana"}) == ["text outside ⟦…⟧", "plain word 'copying'",
                                                   "plain word 'the'"]
        assert outside_catalog("Ana passes.", {"Ana"}) == ["text outside ⟦…⟧", "plain word 'passes'"]
        assert outside_catalog(text("balcony.servant", actor="Ana", card="Servant"), {"Ana"}) == []


def test_english_sentences_are_unchanged_and_lazy() -> None:
    """The shipped catalog gives the words the goldens pin; a sentence is rendered when read,
    in the catalog in use then."""
    sc = scenario.load(LESSONS[0])
    result = scenario.run(sc, trace=True)
    events = result.trace.events
    assert not any(isinstance(e._text, str) for e in events)  # nothing rendered yet
    with using(pseudo()):
        assert events[1].text.startswith(OPEN)
    fresh = scenario.run(sc, trace=True).trace.events
    assert fresh[1].text.startswith("Phase 1 — Ball Garden: ")


def test_every_template_is_used_by_the_code() -> None:
    """No dead template: each message ID is written as a literal somewhere in the package."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    unused = [mid for mid in catalog() if f'"{mid}"' not in source]
    assert unused == []


def test_every_message_id_the_code_names_is_in_the_catalog() -> None:
    """A message ID written in the engine's log calls is a catalog entry (the reverse check)."""
    ids = set(catalog())
    groups = {mid.split(".")[0] for mid in ids}
    literal = re.compile(r'"((?:' + "|".join(groups) + r')\.[a-z0-9-]+)"')
    named = set()
    for p in PACKAGE.rglob("*.py"):
        named.update(literal.findall(p.read_text(encoding="utf-8")))
    not_messages = {"garden.discard", "convoke.discard", "convoke.take",  # scenario file keys
                    "game.json"}                                          # a file name
    not_messages |= {".".join(p.relative_to(PACKAGE).with_suffix("").parts)  # module paths
                     for p in PACKAGE.rglob("*.py")}                          # ("scenario.toml")
    assert named - ids - not_messages == set()
    assert len(named) > 150


def test_counted_messages_have_the_forms_of_their_language() -> None:
    """English counted messages have exactly the forms 'one' and 'other', and no form
    names a field the others lack but the count (what one form says, all can)."""
    counted = [(mid, t) for mid, t in catalog().templates.items() if isinstance(t, Forms)]
    assert len(counted) >= 4
    for mid, t in counted:
        assert set(t.cases) == {"one", "other"}, mid
        fields = [set(fields_of(template)) - {t.count} for template in t.cases.values()]
        assert all(f == fields[0] for f in fields), mid


def test_plural_forms_and_lists() -> None:
    assert text("game.peasants", count=1) == "1 Peasant"
    assert text("game.peasants", count=7) == "7 Peasants"
    assert str(Join(["Ana", "Bruno"])) == "Ana, Bruno"
    assert str(Join([], empty="list.nothing")) == "nothing"
    assert convoke_sum(["Servant", "Jester"], True) == "Servant 3 + Jester 3 + Litter 2 = 8"
    assert convoke_sum([], False) == "total 0"


def test_a_translated_catalog_changes_every_sentence() -> None:
    """A catalog read from TOML (as a translator would write it) replaces the English one."""
    french = Catalog.from_toml('[language]\ncode = "en"\n[round]\n'
                               'play = "{actor} pose {card} au Jardin ({position})."\n')
    english = set_catalog(None)
    try:
        with using(french):
            played = text("round.play", actor="Ana", card="Witch", position=2)
            assert played == "Ana pose Witch au Jardin (2)."
            with pytest.raises(CatalogError, match="no message 'round.pass'"):
                text("round.pass", actor="Ana")
        assert text("round.pass", actor="Ana").startswith("Ana has no card")
    finally:
        set_catalog(english)


def test_bad_catalogs_and_missing_fields_say_what_is_wrong() -> None:
    with pytest.raises(CatalogError, match=r"message 'round.play' needs the field 'position'"):
        text("round.play", actor="Ana", card="Witch", after=2)
    with pytest.raises(CatalogError, match=r"'game.peasants' counts 'count'"):
        text("game.peasants")
    with pytest.raises(CatalogError, match=r"field \{0\} must be a name"):
        Catalog.from_toml('x = "{0} plays"')
    with pytest.raises(CatalogError, match="'other' among them"):
        Catalog.from_toml('[x]\ncount = "n"\none = "{n} card"\n')
    with pytest.raises(CatalogError, match="no plural rule"):
        Catalog.from_toml('[language]\ncode = "xx"\n')
    assert str(Msg("list.none")) == "none"


def test_every_explanation_is_told_by_the_catalog_alone() -> None:
    """The explanation of every lesson (outcome, notes, each card's ledger, why each card
    scored or not) is catalog templates with fields, as its steps are."""
    from aristofarsa.analysis.explain import explain

    with using(pseudo()):
        for path in LESSONS:
            sc = scenario.load(path)
            x = explain(scenario.run(sc, trace=True, auto=True))
            names = {p.name for p in sc.players}
            said = [x.outcome, *x.notes, *(led.sentence() for led in x.ledgers),
                    *(v.reason for v in x.verdicts)]
            # and the plain text of `explain`, line by line (the lesson's own title aside)
            lines = x.to_text().splitlines()[3 if x.title else 0:]
            said += [line.strip() for line in lines if line.strip()]
            for sentence in said:
                problems = outside_catalog(sentence, names)
                assert not problems, f"{path.name}: {problems}: {sentence}"


def test_every_round_text_is_told_by_the_catalog_alone() -> None:
    """`resolve`'s text (the outcome lines, then the numbered steps with their notes and
    rulings) is catalog templates line by line, for every lesson."""
    with using(pseudo()):
        for path in LESSONS:
            sc = scenario.load(path)
            names = {p.name for p in sc.players}
            result = scenario.run(sc, trace=True, auto=True)
            for line in result.to_text().splitlines():
                if line:
                    problems = outside_catalog(line, names)
                    assert not problems, f"{path.name}: {problems}: {line}"
            # `resolve --markdown`: outside the catalog's words only table rules, numbers,
            # phases, rulings and names
            for line in result.to_markdown().splitlines():
                plain = plain_words(line, names)
                assert not plain, f"{path.name}: plain words {plain} in {line}"


def test_every_explanation_in_markdown_and_html_is_told_by_the_catalog_alone() -> None:
    """`explain --markdown` and `explain --html` (with its rulings linked out, and listed in
    the page as the Dispute page shows them) of every lesson: headings, table headers, marks
    and each card's name are catalog templates."""
    from dataclasses import replace

    from aristofarsa.analysis.explain import explain
    from aristofarsa.render.explain import explanation_html, explanation_markdown

    with using(pseudo()):
        for path in LESSONS:
            sc = scenario.load(path)
            x = replace(explain(scenario.run(sc, trace=True, auto=True)), title="")
            names = {p.name for p in sc.players}
            for line in explanation_markdown(x).splitlines():
                plain = plain_words(re.sub(r"\]\([^)]*\)", "]", line), names)  # links' addresses
                assert not plain, f"{path.name}: plain words {plain} in {line}"
            for fragment in (explanation_html(x), explanation_html(x, "#")):
                plain = html_words(fragment, names)
                assert not plain, f"{path.name}: plain words {plain} in the HTML"


def test_every_variants_table_is_told_by_the_catalog_alone() -> None:
    """`variants` of every lesson, as text and as the Lab's HTML: the base line, each variant's
    row (and why a variant cannot apply), the table's sentence are catalog templates."""
    from aristofarsa.analysis.compare import compare_variants
    from aristofarsa.render.analysis import variants_html, variants_text

    with using(pseudo()):
        for path in LESSONS:
            sc = scenario.load(path)
            names = {p.name for p in sc.players}
            table = compare_variants(sc)
            for line in variants_text(table).splitlines():
                if line:
                    problems = outside_catalog(line, names)
                    assert not problems, f"{path.name}: {problems}: {line}"
            plain = html_words(variants_html(table), names)
            assert not plain, f"{path.name}: plain words {plain} in the HTML"


def test_every_whatif_table_is_told_by_the_catalog_alone() -> None:
    """`whatif --garden` of every lesson's first player, as text and as the Lab's HTML: the
    heading, each alternative's marks and notes, each outcome are catalog templates (each
    alternative's own summary, "Conspire Witch on Bruno", is not in the catalog yet: it is
    taken out before the check, as is the validator's message in an unwritable note)."""
    from aristofarsa.analysis.whatif import what_if
    from aristofarsa.render.analysis import whatif_html, whatif_text

    checked = 0
    with using(pseudo()):
        for path in LESSONS:
            sc = scenario.load(path)
            names = {p.name for p in sc.players}
            w = what_if(path.read_text(encoding="utf-8"), sc, sc.players[0].name, garden=True)
            # and the validator's message saying why a file cannot write it (errors are not
            # in the catalog yet)
            # and why another player's play stops (B14's lesson: "Bruno would no longer hold
            # the Bishop …", not in the catalog yet either)
            summaries = sorted({t for g in w.groups() for a in g
                                for t in (a.summary, a.unwritable, a.reason) if t},
                               key=len, reverse=True)
            said, page = whatif_text(w), whatif_html(w)
            for summary in summaries:
                said = said.replace(summary, "")
                page = page.replace(html.escape(summary), "")
            for line in said.splitlines():
                problems = outside_catalog(line.strip(), names)
                assert not problems, f"{path.name}: {problems}: {line}"
                checked += 1
            plain = html_words(page, names)
            assert not plain, f"{path.name}: plain words {plain} in the HTML"
    assert checked > 3 * len(LESSONS)


def test_catalog_reads_part_files_and_refuses_an_id_defined_twice(tmp_path):
    from aristofarsa.core.messages import Catalog, CatalogError, catalog_files
    main = tmp_path / "messages-en.toml"
    main.write_text('[round]\nplay = "{actor} plays"\n', encoding="utf-8")
    part = tmp_path / "messages-en-apps.toml"
    part.write_text('[app]\ntitle = "The Lab"\n', encoding="utf-8")
    both = Catalog.from_files([main, part])
    assert both.render("app.title") == "The Lab" and "round.play" in both
    part.write_text('[round]\nplay = "again"\n', encoding="utf-8")
    with pytest.raises(CatalogError, match="round.play.*already defined in messages-en.toml"):
        Catalog.from_files([main, part])
    assert catalog_files()[0].name == "messages-en.toml"
