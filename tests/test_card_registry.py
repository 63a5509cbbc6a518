"""One definition per card (issue 24): a toy card registered in a temporary registry shows
up in every view derived from the registry, and the real registry comes back afterwards."""
from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator, Sequence

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.analysis.explain import explain
from aristofarsa.analysis.graph import build_graph
from aristofarsa.cli import main
from aristofarsa.controllers import learn, quiz, rules
from aristofarsa.controllers.asks import ask_of
from aristofarsa.core import cards, effects
from aristofarsa.core import decisions as D
from aristofarsa.core.board import Procedure
from aristofarsa.core.cards import (
    CARDS,
    PEASANT,
    CardNote,
    CardSpec,
    read_card_notes,
    register,
    temporary_registry,
)
from aristofarsa.core.prestige import drop_garden_rule, garden_rule
from aristofarsa.core.rulings import RULINGS
from aristofarsa.core.state import Entry, Slot
from aristofarsa.core.trace import Op
from aristofarsa.games.bots import HeuristicPolicy
from aristofarsa.games.game import play_game
from aristofarsa.scenario.model import CONSPIRE_CHOICES, GARDEN_CHOICES

TOY_RULE = "B90"     # a ruling ID of the toy card only (registered for the test)
TOY_NOTE = CardNote("It counts the card just before it when it is played and after every change.",
                    ("M4", TOY_RULE))
#: The issue's hypothetical base Peasant: Prestige 2; Garden: +3 while the card just before
#: it is a Noble; Balcony: +2 to your Garden card and to a Garden card you choose.
TOY = CardSpec(
    "Minstrel", PEASANT, 2, 1, False,
    "+3 Prestige while the card just before it is a Noble.",
    "+2 Prestige to your Garden card and to another player's Garden card.",
    balcony_rule=TOY_RULE, balcony_prestige=True, conspire_choices=("target",),
    questions=(("target", "whose Garden card also gets +2?"),), conspire_rank=-1)


def _toy_value(garden: Sequence[Slot], i: int, balcony: Sequence[Entry], live: bool) -> int:
    return garden[i].card.prestige + (3 if i > 0 and garden[i - 1].card.noble else 0)


def _toy_balcony(r: Procedure, e: Entry, as_card: str) -> None:
    p = e.owner
    r.adjust(p, Op.ADD, 2, TOY_RULE, p, e.card.name)
    others = [r.name(q) for q in r.board.seats_from_left_of(p) if q != p]
    target = r.ask(D.TARGET, p, e.card.name, "conspire", p, others)
    r.adjust(r.board.index_of(target), Op.ADD, 2, TOY_RULE, p, e.card.name)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[CardSpec]:
    """The toy card in a temporary registry, with its ruling, Garden rule and Balcony handler."""
    monkeypatch.setitem(RULINGS, TOY_RULE, "Minstrel (toy card of a test)")
    with temporary_registry():
        register(TOY, crowns=1, notes=[TOY_NOTE])
        effects.balcony("Minstrel", "+2 to your Garden card and to a chosen one")(_toy_balcony)
        garden_rule("Minstrel", "M4", "+3 after a Noble", _toy_value)
        try:
            yield TOY
        finally:
            effects.BALCONY_EFFECTS.pop("Minstrel", None)
            drop_garden_rule("Minstrel")


def test_the_registry_derives_the_set_up_lists_and_restores_them() -> None:
    before = (list(cards.STARTING_DECK), list(cards.PARLOR_NOBLES), list(cards.EXILED_ORDER))
    assert before == (["Rogue", "Servant", "Servant", "Witch", "Jester", "Damsel", "Merchant"],
                      ["Squire", "Courtisan", "Bishop", "Knight", "Aristocrat"],
                      ["Bard", "Scribe", "Elder", "Oracle"])
    with temporary_registry():
        register(TOY, crowns=1)
        assert cards.STARTING_DECK[-1] == "Minstrel" and len(cards.STARTING_DECK) == 8
        assert cards.canonical("minstrel") == "Minstrel" and cards.CONVOKE_VALUE["Minstrel"] == 2
        assert "Minstrel" in cards.family(False) and "Minstrel" not in cards.EXILED_ORDER
        with pytest.raises(ValueError, match="already registered"):
            register(TOY, crowns=1)
    assert "Minstrel" not in CARDS and cards.canonical("Minstrel") is None
    assert (list(cards.STARTING_DECK), list(cards.PARLOR_NOBLES), list(cards.EXILED_ORDER)) == before


def test_each_balcony_handler_cites_its_cards_ruling() -> None:
    assert set(effects.BALCONY_EFFECTS) == set(CARDS)
    assert {c: e.rule for c, e in effects.BALCONY_EFFECTS.items()} == \
        {c: s.balcony_rule for c, s in CARDS.items()}
    assert cards.balcony_prestige_rules() == {"B2", "B4", "B5", "B7", "X3", "X4"}


def test_the_toy_card_in_scenario_choices_asks_and_a_round(toy: CardSpec) -> None:
    assert CONSPIRE_CHOICES["Minstrel"] == ("target",) and "Minstrel" not in GARDEN_CHOICES
    assert "Minstrel" in scenario.CONSPIRE_CHOICES
    sc = scenario.loads("""
        title = "toy"
        first = "Ana"
        [[player]]
        name = "Ana"
        garden = "Squire"
        conspire = { card = "Minstrel", target = "Bruno" }
        [[player]]
        name = "Bruno"
        garden = "Minstrel"
        conspire = "Jester"
        [[player]]
        name = "Caio"
        garden = "Servant"
        conspire = "Servant"
        """)
    result = scenario.run(sc).to_json()
    prestige = {g["player"]: g["prestige"] for g in result["garden"]}
    # Bruno's Minstrel follows a Noble (printed 2, +3) and gets Ana's +2; Ana's lone Squire
    # (5 + 5) gets her own Minstrel's +2; Caio's Servant is 11 beside his revealed Servant
    assert prestige == {"Ana": 12, "Bruno": 7, "Caio": 11}
    assert any(e["rule"] == TOY_RULE for e in result["trace"])
    request = D.Request(D.TARGET, "Ana", "Minstrel", "conspire", "Ana", ["Bruno", "Caio"])
    assert ask_of(request, you="Ana").question == "Your Minstrel: whose Garden card also gets +2?"
    with pytest.raises(scenario.ScenarioError, match="delta"):
        scenario.loads(sc_text_with_bad_key())


def sc_text_with_bad_key() -> str:
    return """
        title = "toy"
        [[player]]
        name = "Ana"
        garden = "Squire"
        conspire = { card = "Minstrel", target = "Bruno", delta = 5 }
        [[player]]
        name = "Bruno"
        garden = "Witch"
        [[player]]
        name = "Caio"
        garden = "Servant"
        """


def test_the_bots_play_a_game_with_the_toy_card(toy: CardSpec) -> None:
    policy = HeuristicPolicy(_NoRandom())
    request = D.Request(D.CONSPIRE, "Ana", None, "phase2", "Ana", ["Knight", "Minstrel"])
    assert policy(request) == "Minstrel"          # its conspire_rank (-1) comes first
    game = play_game(3, seed=3, bots=["search", "greedy", "random"])
    assert game.end_reason is not None and "Minstrel" in game.card_stats
    played = [r for r in game.round_results if "Minstrel" in json.dumps(r.to_json())]
    assert played, "the toy card was never played in the game"


class _NoRandom(random.Random):
    """A generator whose draws never fall under the policy's 25 % of random picks."""

    def random(self) -> float:
        return 0.9


def test_the_card_table_lists_the_toy_card(toy: CardSpec, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["cards"]}
    assert rows["Minstrel"]["prestige"] == 2 and rows["Minstrel"]["crowns"] == 1
    assert main(["cards"]) == 0
    assert re.search(r"^Minstrel\s+Peasant\s+2\s+1\*\s+1$", capsys.readouterr().out, re.M)


def _as_toy(data: dict) -> dict:
    """A round's JSON with every Witch renamed the toy card and B2 its ruling."""
    text = json.dumps(data).replace("Witch", "Minstrel")
    return json.loads(re.sub(r"\bB2\b", TOY_RULE, text))


def _facts(data: dict) -> list[str]:
    """The Prestige facts an explanation and a graph give, toy names read back as the Witch."""
    x = explain(data)
    g = build_graph(data)
    out = [led.sentence() for led in x.ledgers] + [v.reason for v in x.verdicts]
    out += [f"{e.step} {e.source} {e.target} {e.kind} {e.label} {e.cancelled}" for e in g.edges]
    return [re.sub(rf"\b{TOY_RULE}\b", "B2", s.replace("Minstrel", "Witch")) for s in out]


def test_a_bishop_cancelling_the_toy_card_reads_like_any_other_card(toy: CardSpec) -> None:
    sc = scenario.load(SCENARIOS_DIR / "b13-bishop-chain.toml")
    data = scenario.run(sc).to_json()
    original = _facts(data)
    assert any("undone" in s and "Witch" in s for s in original)    # the Witch's −5s are undone
    assert _facts(_as_toy(data)) == original


def test_without_its_prestige_flag_the_toy_card_would_read_differently(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above has teeth: a card whose definition does not say its Balcony changes
    Prestige is explained differently."""
    monkeypatch.setitem(RULINGS, TOY_RULE, "Minstrel (toy card of a test)")
    data = scenario.run(scenario.load(SCENARIOS_DIR / "b13-bishop-chain.toml")).to_json()
    with temporary_registry():
        register(CardSpec(**{**_fields(TOY), "balcony_prestige": False}), crowns=1)
        assert _facts(_as_toy(data)) != _facts(data)


def _fields(spec: CardSpec) -> dict:
    return {name: getattr(spec, name) for name in CardSpec.__dataclass_fields__}


def test_family_counts_written_in_the_docs_are_the_registrys() -> None:
    """Counts of the family that prose must write out are checked against the registry."""
    from pathlib import Path
    docs = Path(__file__).resolve().parent.parent / "docs"
    words = {"eleven": 11, "fifteen": 15, "four": 4, "five": 5, "seven": 7}
    games = (docs / "games.md").read_text(encoding="utf-8")
    assert re.search(rf"\b{len(cards.STARTING_DECK)} cards\s+today", games)
    apps = (docs / "apps.md").read_text(encoding="utf-8")
    said = re.search(r"each of the (\w+) base cards", apps)
    assert said is not None and words[said.group(1)] == len(cards.BASE_CARDS)
    # the rules, as the table reads them: the family, its Nobles and Peasants, the Exiled deck
    rules_md = " ".join((docs / "rules.md").read_text(encoding="utf-8").split())
    family = re.search(r"\*\*family\*\* \(one colour\) of (\d+) cards \(with the expansion, (\d+)\)",
                       rules_md)
    assert family is not None
    assert (int(family.group(1)), int(family.group(2))) == (len(cards.family(False)),
                                                           len(cards.family(True)))
    nobles = re.search(r"- \*\*(\d+) Nobles\*\*: (.*?)\. They start", rules_md)
    peasants = re.search(r"- \*\*(\d+) Peasants\*\*: (.*?)\. Shuffle", rules_md)
    assert nobles is not None and peasants is not None
    assert int(nobles.group(1)) == len(cards.PARLOR_NOBLES)
    assert int(peasants.group(1)) == len(cards.STARTING_DECK)
    assert nobles.group(2) == ", ".join(f"{n} ({CARDS[n].prestige})" for n in cards.PARLOR_NOBLES)
    assert peasants.group(2) == ", ".join(f"{n} ({CARDS[n].prestige})" for n in cards.STARTING_DECK)
    exiled = re.search(r"Each player also gets (\w+) cards, .*? in this order from the top: "
                       r"(.*?) \(ruling X1\)", rules_md)
    assert exiled is not None and words[exiled.group(1)] == len(cards.EXILED_ORDER)
    assert exiled.group(2) == ", ".join(f"**{n}**" for n in cards.EXILED_ORDER)


def test_a_card_not_in_play_changes_no_seeded_game() -> None:
    """Item 2 of issue 24: each family's deck is shuffled by its own seed, so an Exiled card
    added to the registry leaves every base game as it was; a base Peasant (in play) re-deals."""
    bots = ["greedy", "random", "random", "random"]
    before = [play_game(4, seed, bots, trace=True).to_json() for seed in (1, 7)]
    exiled = CardSpec("Herald", PEASANT, 1, 1, True, "No effect.", "No effect.")
    with temporary_registry():
        register(exiled, crowns=1)
        assert cards.EXILED_ORDER[-1] == "Herald"
        after = [play_game(4, seed, bots, trace=True).to_json() for seed in (1, 7)]
    assert after == before
    with temporary_registry():
        register(TOY, crowns=1)
        effects.balcony("Minstrel", "toy")(_toy_balcony)
        try:
            redealt = play_game(4, 1, bots, trace=True).to_json()
        finally:
            effects.BALCONY_EFFECTS.pop("Minstrel", None)
    assert redealt != before[0]
    # the game's own stream does not depend on a family's size: the same round-1 starter
    assert redealt["first"] == before[0]["first"]


# ------------------------------------------------------------------ notes, Learn and the quiz
def test_every_card_has_its_notes_and_no_entry_names_an_unknown_card() -> None:
    import tomllib
    raw = [card["name"] for card in tomllib.loads(
        cards.CARD_NOTES_FILE.read_text(encoding="utf-8"))["card"]]
    assert len(raw) == len(set(raw)), "a card has two entries in card_notes.toml"
    written = read_card_notes()
    assert set(written) - set(CARDS) == set(), "card_notes.toml names an unknown card"
    assert set(CARDS) - set(written) == set(), "a card has no entry in card_notes.toml"
    for name, spec in CARDS.items():
        assert spec.notes == written[name] and spec.notes, name     # reachable from the card
        assert all(r in RULINGS for note in spec.notes for r in note.rulings), name
    assert learn.card_info("Servant").notes[0].text == CARDS["Servant"].notes[0].text


def test_a_notes_file_naming_an_unknown_card_is_seen(tmp_path) -> None:
    path = tmp_path / "notes.toml"
    path.write_text('[[card]]\nname = "Lantern"\nnotes = [{ text = "Glows.", rulings = ["M4"] }]\n',
                    encoding="utf-8")
    assert set(read_card_notes(path)) - set(CARDS) == {"Lantern"}


def test_learn_offers_the_toy_card_with_its_notes(toy: CardSpec) -> None:
    assert toy.notes == (TOY_NOTE,)
    tour = learn.CardTour()
    assert tour.names[-1] == "Minstrel" and "Minstrel" not in learn.CardTour(expansion=True).names
    tour.go("Minstrel")
    info = tour.card()
    assert (info.name, info.kind, info.prestige, info.crowns) == ("Minstrel", PEASANT, 2, 1)
    assert [n.text for n in info.notes] == [TOY_NOTE.text]
    assert [r.id for r in info.notes[0].rulings] == ["M4", TOY_RULE]
    assert "| Minstrel | Peasant | 2 | 1 |" in learn.card_table_markdown()
    assert f"- **Minstrel.** {TOY_NOTE.text} (M4, {TOY_RULE})" in learn.card_notes_markdown()
    setup = rules.learn_pages()[0].body
    assert "8 **Peasants** (Rogue 0, two Servants 1, Witch 2, Jester 3, Damsel 4, Merchant 5, " \
           "Minstrel 2)" in " ".join(setup.split())


def test_the_quiz_deals_and_plays_the_toy_card(toy: CardSpec) -> None:
    garden_level = quiz.LEVELS[0]
    assert "Minstrel" in quiz._family(garden_level) and "Minstrel" in garden_level.garden
    assert all("Minstrel" in level.garden for level in quiz.LEVELS)
    assert "Minstrel" in quiz.LEVELS[1].balcony and "Jester" not in quiz.LEVELS[1].balcony
    in_garden, conspired = [], []
    for seed in range(40):
        question = quiz.generate("balcony", seed)
        if any(card == "Minstrel" for _, card in question.garden_cards()):
            in_garden.append(question)
        conspired += [(question, p) for p in question.data["player"]
                      if isinstance(p.get("conspire"), dict) and p["conspire"]["card"] == "Minstrel"]
    assert in_garden, "the quiz never played the toy card in the Garden"
    assert conspired, "the quiz never put the toy card on the Balcony"
    # its one choice, a target (its definition's conspire_choices), is another player
    assert all(p["conspire"]["target"] in q.players and p["conspire"]["target"] != p["name"]
               for q, p in conspired)
    assert any(e.rule == TOY_RULE for q, _ in conspired for e in q.result.trace)


def test_learn_and_the_quiz_forget_the_toy_card_afterwards() -> None:
    with temporary_registry():
        register(TOY, crowns=1, notes=[TOY_NOTE])
        assert "Minstrel" in learn.card_notes() and "Minstrel" in quiz.LEVELS[0].garden
    assert "Minstrel" not in learn.card_notes() and "Minstrel" not in quiz.LEVELS[0].garden
    assert "Minstrel" not in quiz._family(quiz.LEVELS[-1]) and "Minstrel" not in learn.CardTour().names
    assert "7 **Peasants**" in rules.learn_pages()[0].body
