"""Each fact has one definition, and every place that states it uses that one."""
from __future__ import annotations

import json

import pytest

from aristofarsa.core import rulings
from aristofarsa.core.cards import CARD_EVENTS, PROVISIONAL_CROWNS, crowns_sum
from aristofarsa.core.variants import VARIANTS, Variant, VariantError, check_variants, parse_variant
from aristofarsa.games import game, simulate
from aristofarsa.games.bots import BOTS, normalize_bots
from aristofarsa.games.game_result import END_REASONS


def test_player_counts_come_from_ruling_m8():
    assert (rulings.MIN_PLAYERS, rulings.MAX_PLAYERS) == (3, 6)
    for module in (game, simulate):
        assert (module.MIN_PLAYERS, module.MAX_PLAYERS) == (rulings.MIN_PLAYERS, rulings.MAX_PLAYERS)
    with pytest.raises(game.GameError, match="3 to 6"):
        game.Game(rulings.MAX_PLAYERS + 1)


def test_bot_names_come_from_the_registry():
    assert simulate.ALLOWED_BOTS == tuple(BOTS)
    assert simulate.normalize_bots("greedy", 3) == ("greedy",) * 3
    with pytest.raises(ValueError, match="allowed bots are random, greedy, search"):
        normalize_bots("clever", 3)
    with pytest.raises(game.GameError, match="allowed bots are random, greedy, search"):
        game.Game(3, bots="clever")
    with pytest.raises(game.GameError, match="a list of bot names"):
        game.Game(3, bots=5)


def test_end_reasons_and_their_rulings_are_one_table():
    assert END_REASONS == rulings.END_REASONS == tuple(rulings.END_RULES) == tuple(rulings.EndReason)
    assert json.dumps(rulings.EndReason.CANNOT_REFILL) == '"cannot-refill"'
    assert [rule for rule, _ in rulings.END_RULES.values()] == ["E1", "E2", "E3", "X2"]
    assert all(rule in rulings.RULINGS for rule, _ in rulings.END_RULES.values())
    g = game.play_game(3, seed=4, trace=True)
    rule = rulings.END_RULES[g.end_reason][0]
    assert any(e.kind == "end" and e.rule == rule for e in g.trace)
    assert str(rulings.END_RULES[g.end_reason][1]) in g.to_text()


def test_crowns_are_added_up_in_one_place():
    g = game.play_game(4, seed=11)
    s = g.summary()
    for name, data in s["players"].items():
        assert data["crowns"] == crowns_sum(data["scored"]) == g.crowns[name]
    assert crowns_sum(["Rogue", "Rogue"]) == 2 * PROVISIONAL_CROWNS["Rogue"]
    assert crowns_sum(["Rogue"], {**PROVISIONAL_CROWNS, "Rogue": 9}) == 9
    assert g.round_results[-1].crowns == g.crowns
    assert set(next(iter(s["card_stats"].values()))) == set(CARD_EVENTS)


def test_variants_are_typed_values_that_read_as_their_names():
    assert set(VARIANTS) == set(Variant)
    assert check_variants(["Witch-Own ", "courtisan-live"]) == {Variant.WITCH_OWN, Variant.COURTISAN_LIVE}
    assert all(type(v) is Variant for v in check_variants(["witch-own"]))
    assert "witch-own" in check_variants(["witch-own"])            # a member equals its name
    assert json.dumps(sorted(check_variants(["witch-own", "bishop-no-undo"]))) == \
        '["bishop-no-undo", "witch-own"]'
    assert f"{Variant.WITCH_OWN}" == "witch-own"
    with pytest.raises(VariantError, match="unknown variant 'witch-owm'; allowed: courtisan-live"):
        parse_variant("witch-owm")
    with pytest.raises(VariantError, match="a list of names"):
        check_variants("witch-own")
    with pytest.raises(AttributeError):
        Variant.WITCH_ONW  # noqa: B018 - a typo in code is an error, not a variant left off
    assert game.Game(3, variants=["witch-own"]).variants == {Variant.WITCH_OWN}


def test_a_cards_convoke_value_has_one_definition():
    """P5 (a Servant counts 3) and P3 (the Litter's +2) are written once, in cards.py: the
    engine's total, its trace sum, the bots and the apps' Convoke label all use them."""
    import ast
    import re
    from pathlib import Path

    from aristofarsa.controllers.asks import ask_of
    from aristofarsa.core import cards, round
    from aristofarsa.core.decisions import ACTION, Request
    from aristofarsa.core.state import Card

    assert cards.convoke_value("Servant") == 3 and cards.convoke_value("Knight") == 8
    assert cards.CONVOKE_VALUE == {n: cards.convoke_value(n) for n in cards.CARDS}
    hand = ["Servant", "Jester", "Knight"]
    assert round.convoke_total([Card(k, n, 0) for k, n in enumerate(hand)], True) == \
        cards.convoke_total(hand, True) == 16
    assert round.convoke_sum_message is cards.convoke_sum_message
    assert cards.convoke_sum(hand, True) == "Servant 3 + Jester 3 + Knight 8 + Litter 2 = 16"
    request = Request(ACTION, "Ana", None, "phase2", "Ana", ["conspire", "convoke"], context=hand)
    assert ask_of(request, "Ana", litter="Ana").labels()[1] == \
        f"Convoke ({cards.convoke_sum(hand, True)}: a Noble up to 16)"
    # no other module spells a Servant's 3 or defines a Convoke total or sum of its own
    package = Path(cards.__file__).parent
    servant_three = re.compile(r"""3 if [\w.]+ == ["']Servant["']|["']Servant["']\s*:\s*3\b""")
    defined = []
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name != "cards.py":
            assert not servant_three.search(text), f"{path.relative_to(package)} counts a Servant itself"
        defined += [f"{path.relative_to(package).as_posix()}:{node.name}"
                    for node in ast.walk(ast.parse(text))
                    if isinstance(node, ast.FunctionDef) and node.name.startswith("convoke_")
                    and node.name not in ("convoke_action", "convoke_noble")]
    assert sorted(defined) == ["cards.py:convoke_sum", "cards.py:convoke_sum_message",
                               "cards.py:convoke_total",
                               "cards.py:convoke_value", "round.py:convoke_total"]
