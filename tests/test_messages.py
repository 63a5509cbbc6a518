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
    from aristofarsa.core.rulings import RULINGS
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    # a family keyed by ruling ID is named once, as a pattern: f"ruling.deciding.{rid}"
    keyed = {f"ruling.deciding.{rid}" for rid in RULINGS} if 'f"ruling.deciding.{' in source else set()
    # a view's own template (``plain.<ID>``: Catalog.view("plain")) is used where its message is
    views = {mid for mid in catalog() if mid.startswith("plain.")} if '.view("plain")' in source else set()
    unused = [mid for mid in catalog() if f'"{mid}"' not in source and mid not in keyed
              and not (mid in views and f'"{mid[len("plain."):]}"' in source)]
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
    heading, each alternative's summary ("Conspire Witch on Bruno"), what others would then
    have done, why one cannot be played, its marks and notes, each outcome are catalog
    templates (the validator's message in an unwritable note is taken out before the check)."""
    from aristofarsa.analysis.whatif import what_if
    from aristofarsa.render.analysis import whatif_html, whatif_text

    checked = thens = 0
    with using(pseudo()):
        for path in LESSONS:
            sc = scenario.load(path)
            names = {p.name for p in sc.players}
            w = what_if(path.read_text(encoding="utf-8"), sc, sc.players[0].name, garden=True)
            for a in w.alternatives:
                for sentence in (a.summary, *a.then, *([a.reason] if a.reason else [])):
                    problems = outside_catalog(sentence, names)
                    assert not problems, f"{path.name}: {problems}: {sentence}"
                thens += len(a.then)
            notes = sorted({a.unwritable for a in w.alternatives if a.unwritable},
                           key=len, reverse=True)
            said, page = whatif_text(w), whatif_html(w)
            for note in notes:
                said = said.replace(note, "")
                page = page.replace(html.escape(note), "")
            for line in said.splitlines():
                problems = outside_catalog(line.strip(), names)
                assert not problems, f"{path.name}: {problems}: {line}"
                checked += 1
            plain = html_words(page, names)
            assert not plain, f"{path.name}: plain words {plain} in the HTML"
    assert checked > 3 * len(LESSONS) and thens > 0


def test_whatif_stopped_alternatives_are_told_by_the_catalog_alone() -> None:
    """An alternative that everyone else's answers cannot follow says why in a catalog
    sentence, the engine's own reason inside it a catalog sentence too."""
    from aristofarsa.analysis.whatif import what_if

    path = Path(SCENARIOS_DIR) / "b11-bishop-mode-servant.toml"
    sc = scenario.load(path)
    with using(pseudo()):
        w = what_if(path.read_text(encoding="utf-8"), sc, "Caio", garden=True)
        reasons = [a.reason for a in w.alternatives if a.reason]
    assert len(reasons) >= 3
    for reason in reasons:
        assert outside_catalog(reason, {p.name for p in sc.players}) == [], reason


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


def test_statistics_tables_are_told_by_the_catalog_alone() -> None:
    """`simulate`'s table (heading, settings, sections, column headers, the starter's and the
    shared places' lines, the crowns note) is catalog templates: outside them only numbers,
    bots, cards, end reasons and the histogram's bars."""
    from aristofarsa.games.simulate import simulate
    from aristofarsa.games.stats import Stats

    three = simulate(4, players=3, seed=1)
    mixed = simulate(3, players=4, seed=2, expansion=True, variants=("witch-own",),
                     bots=("greedy",))
    with using(pseudo()):
        tables = [three.to_table(), mixed.to_table(), Stats().to_table(),
                  mixed.merge(three).to_table()]
        note = mixed.to_json()["crowns_note"]
    assert note.startswith(OPEN)
    for table in tables:
        for line in table.splitlines():
            assert not plain_words(line, set()), line
        assert table.splitlines()[0].startswith(OPEN)
    assert "⟦" in tables[1].splitlines()[1] and "witch-own" in tables[1]
    with pytest.raises(AttributeError):
        from aristofarsa.core import cards
        cards.NO_SUCH_NAME  # noqa: B018


def test_every_question_and_button_of_the_apps_is_told_by_the_catalog_alone() -> None:
    """Each request of every lesson, described for the apps (controllers/asks.py) spoken to its
    chooser, to everyone and with the Litter: the question and each button's label are catalog
    templates (a card's own question, "whose Garden card gets +5 or -5?", is the card's data,
    kept in its one definition, core/cards.py, and taken out before the check)."""
    from aristofarsa.controllers.asks import SessionError, ask_of

    card_questions = sorted({q for spec in CARDS.values() for _, q in spec.questions},
                            key=len, reverse=True)
    seen: list[tuple[str, list[str], set[str]]] = []
    kinds: set[str] = set()

    class Describe:
        def __init__(self, base):
            self.base = base

        def decide(self, req):
            kinds.add(req.kind)
            for you in (None, req.player):
                a = ask_of(req, you=you, litter=req.player)
                seen.append((a.question, a.labels(), names))
            with pytest.raises(SessionError) as refused:
                a.value_of("no such button")
            seen.append((str(refused.value), [], names))
            return self.base.decide(req)

    with using(pseudo()):
        for path in LESSONS:
            sc = scenario.load(path)
            names = {p.name for p in sc.players}
            scenario.run(sc, auto=True, trace=False, wrap=Describe)
    assert {"garden", "action", "conspire", "target", "take", "keep", "reveal"} <= kinds
    for question, labels, who in seen:
        for q in card_questions:
            question = question.replace(q, "")
        assert outside_catalog(question, who | {"no", "such", "button"}) == [], question
        for label in labels:
            assert not plain_words(label, who), label


def test_variant_summaries_and_errors_are_told_by_the_catalog_alone() -> None:
    """What each house-rule variant changes, and a wrong variant name, are catalog sentences,
    rendered in the catalog in use when shown."""
    from aristofarsa.analysis.compare import compare_variants
    from aristofarsa.core.variants import VARIANTS, VariantError, check_variants, parse_variant

    sc = scenario.load(LESSONS[0])
    with using(pseudo()):
        said = [str(summary) for _, summary in VARIANTS.values()]
        said += [row.summary for row in compare_variants(sc).rows]
        for bad in (lambda: parse_variant("witch-owns"), lambda: check_variants("witch-own")):
            with pytest.raises(VariantError) as refused:
                bad()
            said.append(str(refused.value).replace("witch-owns", ""))
    assert len(said) == 2 * len(VARIANTS) + 2
    for sentence in said:
        assert outside_catalog(sentence, set()) == [], sentence
    assert str(VARIANTS[Variant.WITCH_OWN][1]) == "The Witch may also target its owner's own Garden card."


#: a scenario file's own words, which its errors quote: its keys and the bad values below
FILE_WORDS = {"zz", "Zed", "F", "toml", "true", "false", "card", "discard", "take", "replay", "hand",
              "passes", "parlor", "deck", "exiled", "expansion", "name", "first", "seed", "crowns",
              "rulings", "variants", "expect", "winners", "scored", "prestige", "delta", "target",
              "exchange", "peek", "reveal", "give", "keep", "also_score", "title", "description",
              "final_round", "next_draw", "player", "discard_pile", "convoked", "lowest_wins",
              "next_first", "game_over", "phase2_order", "litter", "end_reason", "final_round_next",
              "oracle_draw", "ranking", "next_hands", "balcony", "x07", "Wx"}


def test_every_scenario_error_is_told_by_the_catalog_alone() -> None:
    """The validator's and loader's messages for many broken files (each top-level and player
    key given each wrong kind of value, players missing or twice, a folder): a catalog
    template naming the file, the player, the key and what is allowed; outside the templates
    only the file's own words (its keys, the values it holds), names, cards and rulings."""
    import copy
    import tomllib

    from aristofarsa.scenario import ScenarioError
    from aristofarsa.scenario.validator import problems, validate

    bad_values = [None, 1, -1, 10**20, 2000, True, "zz", "Zed", "Scribe", "Wx|", "\x07", [], ["zz"],
                  ["Aristocrat"], {"card": "Witch", "target": 3}, {"card": "Witch", "zz": 1},
                  {"card": "Bishop", "replay": {"zz": 1}}, {"discard": [], "take": "Knight"},
                  {"discard": ["Witch"], "take": "Witch"}, {"zz": 1}, {"Witch": 2**64}]
    said: list[tuple[str, set[str]]] = []
    ran = 0
    with using(pseudo()):
        for path in LESSONS[::20]:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            names = {p["name"] for p in data["player"]}
            broken = []
            for key in ["first", "variants", "rulings", "seed", "crowns", "expect", "zz", "title",
                        "player"]:
                broken += [{**data, key: v} for v in bad_values]
            for key in ["garden", "conspire", "convoke", "passes", "hand", "parlor", "exiled",
                        "zz", "name", "seed"]:
                for v in bad_values:
                    d = copy.deepcopy(data)
                    d["player"][0][key] = v
                    broken.append(d)
            broken += [{**data, "player": data["player"][:2]},
                       {**data, "expect": {"winners": 3}}, {**data, "expect": {"zz": 1}}]
            for d in broken:
                said += [(m, names) for m in problems(d, "F")]
                try:
                    said += [(w, names) for w in validate(d, "F").warnings]
                except ScenarioError:
                    pass
            # files that validate but cannot be played as written: a choice left out or no
            # longer allowed, a pass where an action is possible, a wrong --variant
            playing = [({**data, "player": [{**data["player"][0], "passes": True,
                                             "conspire": None}, *data["player"][1:]]}, ())]
            playing += [(data, ("nope",))]
            for p in range(len(data["player"])):
                for key in ("conspire", "garden"):
                    table = data["player"][p].get(key)
                    for choice in (table if isinstance(table, dict) else {}):
                        if choice != "card":
                            d = copy.deepcopy(data)
                            del d["player"][p][key][choice]
                            playing.append((d, ()))
                            d = copy.deepcopy(d)
                            d["player"][p][key][choice] = "Zed"
                            playing.append((d, ()))
            for d, variants in playing:
                d["player"][0] = {k: v for k, v in d["player"][0].items() if v is not None}
                try:
                    scenario.run(validate(d, "F"), variants=variants, trace=False)
                except ScenarioError as exc:
                    said.append((str(exc), names | {"nope"}))
                    ran += 1
        with pytest.raises(ScenarioError) as folder:
            scenario.load(Path(SCENARIOS_DIR))
    assert len(said) > 1000 and ran > 20
    assert sum(m.count(OPEN) > 1 for m, _ in said) > 500   # a problem inside its file's sentence
    for message, names in said:
        assert message.startswith(OPEN) and message.endswith(CLOSE), message
        plain = plain_words(message, names | FILE_WORDS)
        assert not plain, f"plain words {plain} in {message}"
    assert str(folder.value).startswith(OPEN) and "aristofarsa" not in plain_words(
        str(folder.value).replace(str(SCENARIOS_DIR), ""), set())


def test_the_play_apps_texts_are_told_by_the_catalog_alone() -> None:
    """The Play app's status line, its rounds' list, the round just finished, the question
    and buttons of your move and its refusals, through a whole game with a human seat and a
    game of bots only, are catalog templates."""
    from aristofarsa.controllers.play import PlayController

    said: list[str] = []
    with using(pseudo()):
        for human, players in ((1, 3), (0, 5)):
            c = PlayController(players=players, seed=3, human=human, expansion=players == 5)
            for n in range(300):
                said += [c.status(), *(r.label for r in c.rounds()), *c.round_summary()]
                if c.session.over:
                    break
                if c.bots_only:
                    c.next()
                else:
                    d = c.decision()
                    said += [d.question, *(label for label in d.labels() if "⟦" in label)]
                    c.choose(n % len(d.options))
            for method, args in ((c.choose, (99,)), (c.select_round, (999,)),
                                 *([(c.next, ())] if human else [])):
                with pytest.raises(ValueError) as error:
                    method(*args)
                said.append(str(error.value))
            names = set(c.names)
    assert c.session.over and len(said) > 50
    card_questions = sorted({q for spec in CARDS.values() for _, q in spec.questions},
                            key=len, reverse=True)    # the cards' own data (core/cards.py)
    for sentence in filter(None, said):
        for q in card_questions:
            sentence = sentence.replace(q, "")
        assert outside_catalog(sentence, names) == [], sentence


def test_the_apps_refusals_and_steps_are_told_by_the_catalog_alone() -> None:
    """What the apps' controllers say when asked the impossible (a viewer who is no player, an
    answer or an undo with nothing open, an unknown lesson, card or ruling, a damaged link, an
    empty paste, a round entered with problems) and the stepper's "Step 3 of 12" are catalog
    templates; so is why a variant cannot apply, now said from the engine's request."""
    from aristofarsa.analysis.compare import compare_variants
    from aristofarsa.controllers.asks import SessionError
    from aristofarsa.controllers.dispute import DisputeController
    from aristofarsa.controllers.game_session import GameError, GameSession
    from aristofarsa.controllers.graphs import GraphsController
    from aristofarsa.controllers.session import RoundSession
    from aristofarsa.controllers.sources import SourceError, code_text, lesson_text
    from aristofarsa.controllers.stepper import Stepper

    said: list[str] = []
    graphs = GraphsController()     # its gallery is kept, in the words of the catalog then
    path = Path(SCENARIOS_DIR) / "b10-bishop-cancels-bishop.toml"
    sc = scenario.load(path)
    with using(pseudo()):
        stepper = Stepper(scenario.run(sc))
        said.append(stepper.frame().label)
        stepper.restrict(("Ana",))
        for viewer in ("Zed", None):
            with pytest.raises(ValueError) as refused:
                stepper.viewer = viewer
            said.append(str(refused.value))
        session = RoundSession(sc)
        with pytest.raises(SessionError) as refused:
            session.undo()
        said.append(str(refused.value))
        game = GameSession(3, 1, ["random"] * 3, human_seats={0})
        with pytest.raises(SessionError) as refused:
            game.undo()
        said.append(str(refused.value))
        for seat in (7, "Zed", 1.5):
            with pytest.raises(GameError) as refused:
                GameSession(3, 1, ["random"] * 3, human_seats={seat})
            said.append(str(refused.value))
        with pytest.raises(SourceError) as refused:
            lesson_text("zed")
        said.append(str(refused.value))
        from aristofarsa.scenario import share
        for code in ("zz", ""):    # the share code's own reason (scenario/share.py) is a field
            with pytest.raises(SourceError) as refused:
                code_text(code)
            with pytest.raises(share.ShareCodeError) as why:
                share.decode(code)
            said.append(str(refused.value).replace(str(why.value), ""))
        assert not graphs.set_card("Zed") and graphs.error
        said.append(graphs.error)
        assert not graphs.set_ruling("Zed") and graphs.error
        said.append(graphs.error)
        dispute = DisputeController()
        assert not dispute.open_toml("  ")
        said.append(dispute.error)
        said += [row.reason for row in compare_variants(sc).rows if row.reason]
    names = {p.name for p in sc.players} | {"Zed", "zed", "zz", "None", "trace", "True",
                                            "docs", "scenario-format", "md", "TOML",
                                            *(p.stem for p in LESSONS)}
    assert len([s for s in said if s]) >= 14
    for sentence in filter(None, said):
        assert outside_catalog(sentence, names) == [], sentence


def _visible_texts(widget, out: list[str], skip=()) -> list[str]:
    """Every text a widget tree shows: descriptions, values, tooltips, options, titles (but
    not under the widgets in ``skip``)."""
    if any(widget is s for s in skip):
        return out
    for attr in ("description", "value", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            out.append(value)
    out += [str(o) for o in getattr(widget, "_options_labels", ()) or ()]
    if hasattr(widget, "get_title"):
        out += [str(widget.get_title(k)) for k in range(len(getattr(widget, "children", ())))]
    for child in getattr(widget, "children", ()):
        _visible_texts(child, out, skip)
    return out


def test_the_play_page_is_told_by_the_catalog_alone() -> None:
    """The whole Play app's page (headings, settings, buttons and the question of your move,
    the form for a new game, your hand as card views, the table's note and the seat ring, the
    status, the round just finished, the round stepped through with its steps and board, the
    final ranking table) through a game with a human seat, is catalog templates: outside them
    only names, cards, numbers and the cards' own texts (their data, core/cards.py)."""
    pytest.importorskip("ipywidgets")
    from aristofarsa.widgets.play import PlayApp

    found: dict[str, str] = {}
    with using(pseudo()):
        app = PlayApp.from_query("players=3&seed=1&human=1")
        names = set(app.controller.names) | {"random", "greedy", "search"}
        rings = []
        for n in range(60):
            found.update(page_words(app, names))
            rings.append(app.seat_ring.value)
            c = app.controller
            if c.session.over:
                break
            c.choose(n % len(c.decision().options))
            app.refresh()
        views = [v for v in _widgets(app) if "af-step" in getattr(v, "_dom_classes", ())]
        steps = views[0].value if views else ""
        ranking = app.ranking.value
    assert c.session.over and "⟦" in steps and "af-ranking-table" in ranking
    assert any("<svg" in ring and "⟦" in ring for ring in rings)
    assert found == {}


def _widgets(widget) -> list:
    """A widget and every widget under it."""
    return [widget, *(w for child in getattr(widget, "children", ()) for w in _widgets(child))]


@pytest.mark.parametrize("argv", [
    ["play", "--players", "9"], ["play", "--players", "3", "--seed", "-1"],
    ["simulate", "--games", "-1", "--players", "3"],
    ["simulate", "--games", "1", "--players", "3", "--workers", "0"]])
def test_the_cli_game_commands_refuse_in_catalog_sentences(argv, capsys) -> None:
    """`play` and `simulate` refuse a bad setting (exit 2) in a catalog sentence."""
    from aristofarsa.cli import main

    with using(pseudo()):
        assert main(argv) == 2
    said = capsys.readouterr().err.strip().split(": ", 1)[1]
    assert said.startswith(OPEN), said
    assert not plain_words(said, {"workers", "players", "seed", "games"}), said


def test_the_cli_round_commands_speak_in_catalog_sentences(tmp_path, capsys) -> None:
    """`check`'s lines and its summary, its refusals, `resolve`'s refusal and the `cards`
    table's crowns note are catalog sentences."""
    from aristofarsa.cli import main

    broken = tmp_path / "broken.toml"
    broken.write_text('title = "t"\n', encoding="utf-8")
    with using(pseudo()):
        assert main(["check", str(LESSONS[0])]) == 0
        out = capsys.readouterr().out.splitlines()
        assert main(["check", str(broken)]) == 2
        err = capsys.readouterr().err.splitlines()
        assert main(["check", str(tmp_path / "zed")]) == 2
        err += [capsys.readouterr().err.strip().split(": ", 1)[1]]
        assert main(["resolve"]) == 2
        err += [capsys.readouterr().err.strip().split(": ", 1)[1]]
        assert main(["cards"]) == 0
        out += [capsys.readouterr().out.splitlines()[-1]]
    words = {str(tmp_path), "broken", "toml", "zed", "FILE", "TEXT", "line", "expect"}
    for line in out + err:
        assert line.startswith(OPEN), line
        rest = line.replace(str(LESSONS[0]), "").replace(str(tmp_path), "")
        assert not plain_words(rest, words), line
    assert len(out) == 3 and len(err) == 3


def _data_out(page: str) -> str:
    """A page's HTML without what is the game's data, each in its one definition: the
    lesson's title and text (the lesson files), a ruling's own text under its summary
    (docs/rulings.md), the cards' texts and notes as ruled (core/cards.py, card_notes.toml);
    and without the apps' stylesheet (CSS)."""
    from aristofarsa.controllers.learn import card_info

    if page.startswith("<style>"):
        return ""
    page = re.sub(r"<title>.*?</title>", " ", page)     # Graphviz's own ids in an SVG (n0, l1)
    page = re.sub(r"<h2 class='af-round-title'[^>]*>.*?</h2>", " ", page, flags=re.S)
    page = re.sub(r"(<details class='af-description'><summary>.*?</summary>).*?</details>",
                  r"\1</details>", page, flags=re.S)
    page = re.sub(r"(<details class=.af-ruling(?:-text)?.[^>]*><summary[^>]*>.*?</summary>).*?</details>",
                  r"\1</details>", page, flags=re.S)
    page = re.sub(r"(<summary[^>]*>[A-Z]\d+</summary>)<span[^>]*>.*?</span></details>",
                  r"\1</details>", page, flags=re.S)            # a ruling's ID opening its text
    for name in CARDS:
        info = card_info(name)
        for said in (info.garden_text, info.balcony_text, *(n.text for n in info.notes),
                     *(q for _, q in CARDS[name].questions)):
            page = page.replace(html.escape(said), " ").replace(said, " ")
    return page


def page_words(widget, names: set[str], skip=()) -> dict[str, str]:
    """Every plain word a widget tree shows (each word -> the text it was in) that came from
    no catalog template: :func:`_visible_texts` of every widget but those in ``skip``, each
    read as HTML (:func:`html_words`) once the game's data is out (:func:`_data_out`)."""
    found: dict[str, str] = {}
    for t in _visible_texts(widget, [], skip):
        for word in html_words(_data_out(t), names | set(CARDS)):
            found.setdefault(word, t[:200])
    return found


def test_the_graphs_page_is_told_by_the_catalog_alone() -> None:
    """The whole Effect graphs page (intro, filters, count, "Show more", each lesson's line
    and its link, each graph's cards, arrows, caption and text alternative, a filter's
    refusal) is catalog templates: outside them only lesson names and titles, rulings,
    cards, players and the outcome (itself a catalog sentence)."""
    pytest.importorskip("ipywidgets")
    from aristofarsa.render.dispute import gallery_item_html
    from aristofarsa.widgets.graphs import GraphsApp

    with using(pseudo()):
        app = GraphsApp.from_query("ruling=B10&card=Nobody")
        items = app.controller.items()
        lines = [re.sub(r"<h4>.*?</h4>|<code>.*?</code>", " ", gallery_item_html(i)) for i in items]
        app.more.click()
        items = app.controller.items()
        found = page_words(app, {"B10"})
    lessons = [scenario.load(Path(SCENARIOS_DIR) / f"{i.name}.toml") for i in items]
    data = {w for sc in lessons for w in [p.name for p in sc.players]
            + WORD.findall(sc.title) + WORD.findall(sc.title.replace("'", " "))}
    assert items and app.controller.error and len(app.gallery.children) >= 2
    assert all(line.count("⟦") >= 2 for line in lines)
    leftovers = {w for line in lines for w in html_words(line, set(CARDS) | {"B10"})}
    assert sorted(leftovers) == []
    assert {w: s for w, s in found.items() if w not in data} == {}    # the lessons' own data


def _step_through(stepper_view, visit) -> None:
    """Every step of a stepper view, seen by everyone and by each player in turn."""
    for viewer in stepper_view.stepper.viewers:
        stepper_view.viewer.value = viewer or ""
        for k in range(len(stepper_view.stepper)):
            stepper_view.slider.value = k
            visit()


def test_the_lab_page_is_told_by_the_catalog_alone() -> None:
    """The whole Scenario Lab page, stepped through a lesson by everyone and by each player
    (intro, headings, the stepper with every step, its rulings and the board, the share
    box, the lesson heading, the Dispute link, the download, the effect graph with its
    labels), and the note of a round not valid yet with its errors, is catalog templates.
    The builder and the round opener (widgets/builder.py) and the round in one line
    (widgets/line.py) have their own checks."""
    pytest.importorskip("ipywidgets")
    from aristofarsa.widgets.lab import LabApp

    found: dict[str, str] = {}
    with using(pseudo()):
        app = LabApp.from_query("lesson=b10-bishop-cancels-bishop")
        names = set(app.controller.stepper.players)
        others = (app.build, app.opener)

        def visit() -> None:
            app.share.value = re.sub(r"<div class='af-share-line.*", "", app.share.value, flags=re.S)
            found.update(page_words(app, names, others))
        _step_through(app.stepper_view, visit)
        shown = [app.stepper_view.step.value, app.share.value, app.heading.value, app.graph.value]
        app.controller.builder.set_name(1, "")
        app._edited()
        assert app.controller.stepper is None
        found.update(page_words(app, names | {""}, others))
    assert all("⟦" in s for s in shown) and "af-share-box" in shown[1]
    assert found == {}


def test_the_dispute_page_is_told_by_the_catalog_alone() -> None:
    """The whole Dispute resolver page: the entry (intro, the entry's title and buttons, the
    count of problems to fix), then a round's verdict stepped through by everyone and by each
    player (the stepper with every step, the board, the verdict and what scores, the section
    titles, the explanation with its rulings cited, the variants, the what-if controls and
    table, the effect graph, the Lab link, the notes of a verdict withheld) is catalog
    templates. The builder (widgets/builder.py) has its own check."""
    ipw = pytest.importorskip("ipywidgets")
    from aristofarsa.widgets.dispute import DisputeApp

    with using(pseudo()):
        entry = DisputeApp()
        entry._resolve_built()                     # nothing entered: problems to fix
        pane = entry.build.pane(0)
        said = _visible_texts(ipw.VBox([entry.intro, *pane.children[1:], entry.others]),
                              [entry.build.get_title(0)])
        assert "⟦" in pane.children[2].value                 # the count of problems to fix
        app = DisputeApp.from_query("lesson=b10-bishop-cancels-bishop")
        # the players, and the lesson's title (its data) over the effect graph
        names = set(app.controller.stepper.players) | set(WORD.findall(app.controller.scenario.title))
        app.whatif_player.value = app.whatif_player.options[-1]
        app.whatif_garden.value = True
        titles = [w for w in app.body.children if "af-section-title" in getattr(w, "value", "")]
        found: dict[str, str] = {}
        others = (app.builder_view, app.opener)
        shown = [app.explain.value, app.variants.value, app.whatif.value, app.graph.value]

        def visit() -> None:
            app.share.value = re.sub(r"<div class='af-share-line.*", "", app.share.value, flags=re.S)
            found.update(page_words(app, names, others))
        _step_through(app.stepper_view, visit)
    said = [s for s in said if s.strip("\u200b\n")]
    assert len(titles) == 5 and sum("⟦" in s for s in said) >= 5
    assert all("⟦" in s for s in shown)
    leftovers = {w for s in said for w in html_words(s, set())}
    assert sorted(leftovers) == [] and found == {}


