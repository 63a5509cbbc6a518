"""No code reads a rendered message back: a view takes a fact (the player at fault, the
problem without its file, the field a number is) from the error's data (``msg``: ID and
fields, ``decision``), never from its words. Each user-visible path below is run in English
and under catalogs whose words differ (the pseudo-translation; one that says every template's
fields in another order): the facts it shows are the same.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.analysis.compare import compare_variants, plain_reason
from aristofarsa.analysis.whatif import what_if
from aristofarsa.controllers import progress
from aristofarsa.controllers.play import PlayController
from aristofarsa.core.cards import CARDS
from aristofarsa.core.messages import Catalog, pseudo, text, using
from aristofarsa.scenario import line
from aristofarsa.widgets import line as line_box
from tests.test_messages_builder import reordered

TRANSLATIONS: list[Callable[[], Catalog]] = [pseudo, reordered]

EXAMPLE = ("Ana: Knight, Witch on Caio -5, hand Jester; Bruno: Rogue, convoke Servant Merchant "
           "take Bishop; Caio: Aristocrat, Merchant on Caio, hand Damsel")
#: lines the validator or the round refuses, each about one player's clause
REFUSED = {
    "validator": EXAMPLE.replace("hand Damsel", "hand Damsel Merchant"),      # of-player
    "engine": EXAMPLE.replace("Merchant on Caio", "Merchant on Dora"),         # the engine's answer
    "passes": "Ana: Knight, pass, hand Witch Damsel; Bruno: Rogue, pass; Caio: Jester, pass",
    "variants": "variants witch-own; " + EXAMPLE.replace("Merchant on Caio", "Merchant on Dora"),
}
_WORD = re.compile(r"[A-Za-z]+")


def _facts(said: str, names: set[str]) -> Counter[str]:
    """The data a sentence shows: each name and card (plain, and quoted as the files quote
    them), counted; a template's own words (accented, reordered) are not data."""
    data = names | set(CARDS)
    found = Counter(w for w in _WORD.findall(said) if w in data)
    found.update(f"'{n}'" for n in names for _ in range(said.count(repr(n))))
    return found


def _located(text_: str) -> line.LineError:
    """The one-line error a user meets (``resolve --line``, the line box): the line's own
    reading, else the round's refusal located in the line."""
    try:
        scenario.run(line.load(text_, "pasted"), trace=False)
    except line.LineError as exc:
        return exc
    except scenario.ScenarioError as exc:
        return line.locate(text_, exc)
    raise AssertionError(f"no error: {text_}")


@pytest.mark.parametrize("translation", TRANSLATIONS)
@pytest.mark.parametrize("case", REFUSED)
def test_a_refused_line_names_the_same_clause_in_any_language(case: str, translation) -> None:
    names = {"Ana", "Bruno", "Caio", "Dora"}
    english = _located(REFUSED[case])
    assert english.clause is not None and english.position is not None, str(english)
    with using(translation()):
        other = _located(REFUSED[case])
        said = str(other)
    assert (other.clause, other.position) == (english.clause, english.position), said
    assert _facts(said, names) == _facts(str(english), names), (str(english), said)
    assert "pasted" not in said and "pasted" not in str(english)


@pytest.mark.parametrize("translation", TRANSLATIONS)
def test_the_line_box_locates_the_round_s_refusal_in_any_language(translation) -> None:
    shown: list[str] = []
    with using(translation()):
        box = line_box.LineBox(lambda text_, origin: True, shown.append)
        box.text.value = REFUSED["engine"]
        assert box.open_line() is False
        clause = text("line-where.clause-who-character", clause=3, who="Caio",
                      character=_located(REFUSED["engine"]).position)
    assert len(shown) == 1 and clause in shown[0], shown


# ------------------------------------------------------------------ what-if
WHATIF = [("b11-bishop-mode-servant.toml", "Caio"), ("b13-restored-squire-swaps-again.toml", "Caio"),
          ("m5-swapped-card-starts-clean.toml", "Dora")]


def _stopped(name: str, player: str) -> tuple[list[str], set[str]]:
    path = SCENARIOS_DIR / name
    source = path.read_text(encoding="utf-8")
    sc = scenario.loads(source, str(path))
    w = what_if(source, sc, player, garden=True)
    return [a.reason for a in w.alternatives if a.error is not None], {p.name for p in sc.players}


@pytest.mark.parametrize("translation", TRANSLATIONS)
@pytest.mark.parametrize(("name", "player"), WHATIF)
def test_a_stopped_alternative_names_the_same_player_and_cards(name: str, player: str,
                                                                translation) -> None:
    english, names = _stopped(name, player)
    assert english and all("`" not in r and "player '" not in r for r in english), english
    with using(translation()):
        other, _ = _stopped(name, player)
    assert len(other) == len(english)
    for said, theirs in zip(english, other, strict=True):
        assert _facts(theirs, names) == _facts(said, names), (said, theirs)
        assert "`" not in theirs, theirs


# ------------------------------------------------------------------ variants
def _variant_reasons(name: str) -> tuple[list[str], set[str]]:
    sc = scenario.load(SCENARIOS_DIR / name)
    return ([r.reason for r in compare_variants(sc).rows if r.error is not None],
            {p.name for p in sc.players})


def _answer_refused() -> tuple[str, set[str]]:
    """Why a round whose file gives an answer the round cannot take (a Convoke discarding
    the wrong cards), with a variant in play, cannot be played under that variant."""
    toml = (SCENARIOS_DIR / "b13-restored-squire-swaps-again.toml").read_text(encoding="utf-8")
    sc = scenario.loads(toml, "the round entered")
    fabi = next(p for p in sc.players if p.convoke)
    fabi.convoke = {**fabi.convoke, "discard": [*fabi.convoke["discard"], "Rogue"]}
    with pytest.raises(scenario.ScenarioError) as caught:
        scenario.run(sc, variants=["witch-own"], trace=False)
    return plain_reason(caught.value, sc, "witch-own"), {p.name for p in sc.players}


@pytest.mark.parametrize("translation", TRANSLATIONS)
def test_why_a_variant_cannot_apply_keeps_its_meaning(translation) -> None:
    cases = ["b13-bishop-chain.toml", "p8-empty-hand-passes.toml"]
    english = [_variant_reasons(n) for n in cases]
    said, names = _answer_refused()
    assert said.startswith("under witch-own, player 'Fabi': convoke.discard = ") and "(P5)" in said, said
    with using(translation()):
        other = [_variant_reasons(n) for n in cases]
        theirs, _ = _answer_refused()
    for (ours, who), (translated, _) in zip(english, other, strict=True):
        assert len(ours) == len(translated) >= 1
        for a, b in zip(ours, translated, strict=True):
            assert _facts(b, who) == _facts(a, who), (a, b)
    # the file's name and the "variants in play" note are gone in every language
    assert _facts(theirs, names) == _facts(said, names), (said, theirs)
    assert "entered" not in theirs and theirs.count("witch-own") == 1, theirs


# ------------------------------------------------------------------ numbers' names
@pytest.mark.parametrize("translation", TRANSLATIONS)
def test_a_play_setting_error_names_its_field_in_the_catalog_s_words(translation) -> None:
    with using(translation()):
        state = PlayController.from_query("players=3&human=9")
        field = text("query.human-name")
    assert len(state.errors) == 1 and field in state.errors[0], state.errors
    assert "human (your seat" not in state.errors[0]


def test_a_progress_code_s_number_is_named_by_the_catalog() -> None:
    def refused() -> str:
        with pytest.raises(progress.ProgressDataError) as caught:
            progress._whole("1x")
        return str(caught.value)

    assert refused().startswith("a number must be a whole number")
    with using(pseudo()):
        said = refused()
    assert "a number" not in said and said.startswith("⟦"), said
