"""The round builder takes its cards, choices, targets and player limits from the card registry
and the rulings (issue 24), not from tables of its own: a toy card registered for a test is
offered, asks its choices and targets as the engine says, and goes away with the registry."""
from __future__ import annotations

import pytest

from aristofarsa.controllers import builder as B
from aristofarsa.core import rulings
from tests.test_card_registry import toy  # noqa: F401  (the toy card's fixture, shared)


@pytest.mark.usefixtures("toy")
def test_the_builder_offers_the_toy_card_with_the_engines_targets() -> None:
    b = B.Builder(players=3, empty=True)
    assert "Minstrel" in b.card_names() and "Minstrel" in b.available(0, "conspire")
    b.pick(0, "garden", "Squire")
    b.pick(0, "conspire", "Minstrel")
    assert b.choice_keys(0, "conspire") == ("target",)
    # the toy's Balcony handler offers the other players only: the builder asks the engine
    targets, optional = b.choice_options(0, "conspire", "target")
    assert targets == ["Bruno", "Caio"] and not optional
    assert not B.own_target("Minstrel", "conspire", frozenset())
    assert B.own_target("Merchant", "conspire", frozenset())      # the engine's Merchant: own too
    assert B.own_target("Witch", "conspire", frozenset({"witch-own"}))
    assert not B.own_target("Witch", "conspire", frozenset())


def test_after_the_registry_is_restored_the_builder_has_no_toy_card() -> None:
    assert "Minstrel" not in B.Builder(players=3, empty=True).card_names()


def test_the_builders_player_limits_are_the_rulings() -> None:
    assert (B.MIN_PLAYERS, B.MAX_PLAYERS) == (rulings.MIN_PLAYERS, rulings.MAX_PLAYERS)
    b = B.Builder(players=3, empty=True)
    b.set_player_count(rulings.MAX_PLAYERS)
    with pytest.raises(ValueError, match="M8"):
        b.set_player_count(rulings.MAX_PLAYERS + 1)
