"""The one-line notation (aristofarsa/scenario/line.py): every lesson round-trips exactly with its
TOML, any round's data survives format -> parse, and every mistake names its clause and
character in the validator's words."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.core.cards import BASE_CARDS, CARDS, PARLOR_NOBLES
from aristofarsa.core.rulings import RULINGS
from aristofarsa.core.variants import VARIANTS
from aristofarsa.scenario import line

EXAMPLE_LINE = ("Ana: Knight, Witch on Caio -5, hand Jester; Bruno: Rogue, convoke Servant "
                "Merchant take Bishop; Caio: Aristocrat, Merchant on Caio, hand Damsel")


def test_every_lesson_round_trips_exactly(lesson: Path) -> None:
    sc = scenario.load(lesson)
    text = line.dumps(sc)
    assert "\n" not in text
    back = scenario.loads(line.to_toml(text), "back")            # line -> toml
    assert line.dumps(back) == text                                # -> line: the same line
    assert line.scenario_data(back) == line.scenario_data(sc)     # toml -> line -> toml: same round
    assert scenario.run(back).to_json() == scenario.run(sc).to_json()
    assert (back.title, back.description, back.rulings) == (sc.title, sc.description, sc.rulings)


def test_the_contract_example_reads_as_a_line(example: Path) -> None:
    sc = line.load(EXAMPLE_LINE)
    result = scenario.run(sc).to_json()
    file_result = scenario.run(scenario.load(example)).to_json()
    assert result["winners"] == file_result["winners"] == ["Caio"]
    assert result["scored"] == file_result["scored"]
    assert [g["prestige"] for g in result["garden"]] == [5, 10, 13]


def test_card_names_any_case_and_three_letters() -> None:
    typed = ("ana: KNI, wit on caio -5, hand jester; bruno: rogue, CONVOKE ser merchant take "
             "bis; caio: aristocrat, Merchant ON Caio, HAND dam")
    assert line.dumps(line.load(typed)) == line.dumps(line.load(EXAMPLE_LINE)).replace(
        "Ana:", "ana:").replace("Bruno:", "bruno:").replace("Caio:", "caio:").replace(
        "on Caio -5", "on caio -5")


# ----------------------------------------------------------------- any data, both ways
_names = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp", "Cf")),
                 min_size=1, max_size=12).map(str.strip).filter(bool)


@st.composite
def _choices(draw: st.DrawFn, names: list[str], replay: bool, _cards: st.SearchStrategy) -> dict:
    out: dict = {}
    options = {
        "target": st.sampled_from(names), "delta": st.sampled_from([-5, 5, 0, 12]),
        "give": _cards, "exchange": st.one_of(st.booleans(), _cards), "reveal": _cards,
        "discard": _cards, "peek": st.sampled_from(names), "also_score": _cards,
        "keep": st.lists(_cards, min_size=1, max_size=3),
    }
    for key in draw(st.lists(st.sampled_from(list(options)), unique=True, max_size=3)):
        out[key] = draw(options[key])
    if replay and draw(st.booleans()):
        more = draw(_choices(names, False, _cards))
        if more:
            out["replay"] = more
    return out


@st.composite
def _round_data(draw: st.DrawFn) -> dict:
    names = draw(st.lists(_names, min_size=3, max_size=6, unique_by=str.lower))
    data: dict = {}
    if draw(st.booleans()):
        data["title"] = draw(st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=30))
    if draw(st.booleans()):
        data["description"] = draw(st.text(st.one_of(st.sampled_from("\n\t\r"), st.characters(
            blacklist_categories=("Cc", "Cs"))), max_size=40))
    expansion = draw(st.booleans())
    if expansion:
        data["expansion"] = True
    _cards = st.sampled_from(list(CARDS) if expansion else BASE_CARDS)
    _card_lists = st.lists(_cards, max_size=4)
    if draw(st.booleans()):
        data["first"] = draw(st.sampled_from(names))
    if draw(st.booleans()):
        data["variants"] = draw(st.lists(st.sampled_from([str(v) for v in VARIANTS]), min_size=1,
                                         unique=True))
    if draw(st.booleans()):
        data["rulings"] = draw(st.lists(st.sampled_from(list(RULINGS)), min_size=1, max_size=3))
    if draw(st.booleans()):
        data["seed"] = draw(st.integers(0, 2**40))
    if draw(st.booleans()):
        data["crowns"] = draw(st.dictionaries(st.sampled_from(list(CARDS)), st.integers(0, 20),
                                              min_size=1, max_size=3))
    for key in ("final_round", "next_draw"):
        if draw(st.booleans()):
            data[key] = True
    players = []
    for name in names:
        p: dict = {"name": name}
        garden = draw(_cards)
        gch = draw(_choices(names, False, _cards))
        p["garden"] = {"card": garden, **gch} if gch else garden
        action = draw(st.sampled_from(["conspire", "convoke", "passes"]))
        if action == "conspire":
            card = draw(_cards)
            cch = draw(_choices(names, True, _cards))
            p["conspire"] = {"card": card, **cch} if cch else card
        elif action == "convoke":
            c: dict = {"discard": draw(_card_lists)}
            if draw(st.booleans()):
                c["take"] = draw(st.sampled_from(PARLOR_NOBLES))
            p["convoke"] = c
        else:
            p["passes"] = True
        for key in ("hand", "deck", "discard_pile", "scored", "parlor", "exiled"):
            if draw(st.booleans()):
                p[key] = draw(_card_lists)
        players.append(p)
    data["player"] = players
    return data


@settings(max_examples=300, deadline=None)
@given(_round_data())
def test_any_round_data_survives_format_then_parse(data: dict) -> None:
    text = line.format_data(data)
    assert "\n" not in text and "\r" not in text
    assert line.parse(text) == data
    assert tomllib.loads(line.to_toml(text)) == data


# ----------------------------------------------------------------- mistakes
@pytest.mark.parametrize(("text", "clause", "who", "words"), [
    (EXAMPLE_LINE.replace("take Bishop", "take Bihop"), 2, "Bruno",
     "`convoke.take`: 'Bihop' is not a card name; cards are Rogue"),
    (EXAMPLE_LINE.replace("Merchant on Caio", "Merchant at Caio"), 3, "Caio", "'at' is not a choice"),
    (EXAMPLE_LINE.replace("hand Damsel", "hand Damsel Merchant"), 3, "Caio",
     "2 copies of Merchant (conspire, hand), but a family has 1"),
    (EXAMPLE_LINE.replace("hand Damsel", "hand Damsel Oracle"), 3, "Caio",
     "Oracle is an Exiled expansion card"),
    (EXAMPLE_LINE.replace("Knight, Witch", "Knight Witch"), 1, "Ana", "is a comma missing"),
    ("Ana: Knight; Bruno: Rogue, pass; Caio: Jester, pass", 1, "Ana", "needs exactly one Phase-2 action"),
    ("first Dora; " + EXAMPLE_LINE, None, None, "`first` = 'Dora' is not a player"),
    ("sed 7; " + EXAMPLE_LINE, 1, None, "'sed' is neither a player clause"),
    (EXAMPLE_LINE.replace("hand Jester", "Jester"), 1, "Ana",
     "'Jester' is not a zone (the hand? 'hand Jester')"),
    (EXAMPLE_LINE + '; title "unclosed', 4, None, "is never closed"),
])
def test_a_mistake_names_clause_and_character(text: str, clause: int | None, who: str | None,
                                              words: str) -> None:
    with pytest.raises(line.LineError) as caught:
        line.load(text)
    err = caught.value
    assert words in str(err)
    assert err.clause == clause
    if clause is not None:
        assert str(err).startswith(f"line, clause {clause}" + (f" ({who})" if who else ""))
        assert err.position is not None and 1 <= err.position <= len(text)
        assert f"character {err.position}" in str(err)


def test_the_character_points_at_the_word() -> None:
    text = EXAMPLE_LINE.replace("take Bishop", "take Bihop")
    with pytest.raises(line.LineError) as caught:
        line.load(text)
    pos = caught.value.position
    assert pos is not None and text[pos - 1:].startswith("Bihop")


def test_the_verbs_may_be_said() -> None:
    said = ("Ana: Knight, conspires Witch on Caio -5, hand Jester; Bruno: Rogue, convokes Servant "
            "Merchant take Bishop; Caio: Aristocrat, conspire Merchant on Caio, hand Damsel")
    assert line.dumps(line.load(said)) == line.dumps(line.load(EXAMPLE_LINE))
    assert line.parse("Ana: Jester, passes; Bruno: Rogue, pass; Caio: Witch, pass")["player"][0]["passes"]


def test_names_with_separators_are_quoted() -> None:
    text = ('"Ana; Maria": Knight, Witch on Caio -5, hand Jester; "Bruno: B": Rogue, convoke '
            'Servant Merchant take Bishop; Caio: Aristocrat, Merchant on "Ana; Maria", hand Damsel')
    sc = line.load(text)
    assert [p.name for p in sc.players] == ["Ana; Maria", "Bruno: B", "Caio"]
    assert line.dumps(sc) == text


def test_not_text_and_empty_lines_are_refused() -> None:
    with pytest.raises(line.LineError, match="one line is text"):
        line.parse(42)  # type: ignore[arg-type]
    with pytest.raises(line.LineError, match="no player clause"):
        line.parse("  ;  ")
    with pytest.raises(line.LineError, match="one line"):
        line.parse("Ana: Knight, Witch\nBruno: Rogue, pass")
    assert set(BASE_CARDS) < set(CARDS)


# ----------------------------------------------------------------- command line
def test_share_text_then_resolve_line_matches_the_file(run_cli, example: Path) -> None:
    shared = run_cli("share", "--text", example)
    assert shared.returncode == 0, shared.stderr
    text = shared.stdout.strip()
    assert text.count("\n") == 0 and "Ana: Knight, Witch on Caio -5, hand Jester" in text
    by_line = run_cli("resolve", "--line", text, "--json")
    by_file = run_cli("resolve", example, "--json")
    assert by_line.returncode == by_file.returncode == 0, by_line.stderr
    assert json.loads(by_line.stdout) == json.loads(by_file.stdout)
    md = run_cli("resolve", "--line", text, "--markdown")
    assert md.returncode == 0 and md.stdout == run_cli("resolve", example, "--markdown").stdout


def test_resolve_line_mistake_exits_2(run_cli) -> None:
    proc = run_cli("resolve", "--line", EXAMPLE_LINE.replace("Merchant on Caio", "Merchant on Dora"))
    assert proc.returncode == 2
    assert proc.stderr.startswith("aristofarsa resolve: line, clause 3 (Caio), character ")
    assert "`conspire.target` = 'Dora' is not allowed" in proc.stderr
    assert "Traceback" not in proc.stderr
    both = run_cli("resolve", "x.toml", "--line", EXAMPLE_LINE)
    assert both.returncode == 2 and "one of the two" in both.stderr


_LESSON_LINES = [line.dumps(scenario.load(p)) for p in sorted(SCENARIOS_DIR.glob("*.toml"))]


@st.composite
def _retyped(draw: st.DrawFn) -> tuple[str, str]:
    """A lesson's line as a person might type it: any case for cards and words outside quotes,
    cards cut to three letters or more, extra spaces around the separators."""
    text = draw(st.sampled_from(_LESSON_LINES))
    out, quoted, k = [], False, 0
    words = {n.lower(): n for n in CARDS}
    while k < len(text):
        ch = text[k]
        if ch == '"':
            quoted = not quoted
        if quoted or not ch.isalpha():
            if ch == "\\" and quoted:
                out.append(text[k:k + 2])
                k += 2
                continue
            if not quoted and ch in ";,":
                out.append(draw(st.sampled_from(["", " "])) + ch + draw(st.sampled_from(["", "  "])))
            else:
                out.append(ch)
            k += 1
            continue
        end = k
        while end < len(text) and (text[end].isalnum() or text[end] in "_-'"):
            end += 1
        word = text[k:end]
        prev = text[:k].rstrip()
        in_name = prev.endswith(("on", "peek", "first")) or text[end:end + 1] == ":"
        if word.lower() in words and not in_name:
            word = word[:draw(st.integers(3, len(word)))]
            word = "".join(c.upper() if draw(st.booleans()) else c.lower() for c in word)
        out.append(word)
        k = end
    return text, "".join(out)


@settings(max_examples=150, deadline=None)
@given(_retyped())
def test_a_retyped_lesson_line_reads_as_the_same_round(pair: tuple[str, str]) -> None:
    text, typed = pair
    assert line.dumps(line.load(typed)) == text


def test_prose_false_leaves_out_the_title_and_the_lesson_text() -> None:
    """The share box's line: the round without `title` and `about` (a lesson's whole Markdown);
    the default keeps both, so the file round-trips."""
    sc = scenario.load(SCENARIOS_DIR / "b13-bishop-chain.toml")
    full, short = line.dumps(sc), line.dumps(sc, prose=False)
    assert full.startswith("title ") and "; about " in full
    assert "title " not in short and "about " not in short and "**" not in short
    assert short == full.split("; ", 1)[1].rsplit("; about ", 1)[0]
    assert scenario.run(line.load(short), trace=False).winners == scenario.run(sc, trace=False).winners
    assert line.from_toml(sc.path.read_text(encoding="utf-8") if hasattr(sc.path, "read_text")
                          else Path(str(sc.path)).read_text(encoding="utf-8"), prose=False) == short
