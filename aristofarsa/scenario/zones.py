"""Zone layout: the players' zones at the start of Phase 1, reconstructed from a scenario.

A scenario file tells a round as played (Garden card, Phase-2 card, what is left in hand),
not the hands as dealt. :func:`layout` works the dealt hands back out:

    cards held before Phase 1 = Garden card + Phase-2 cards + `hand`
                                (the Phase-2 card once if it is the Garden card, B14)
                                (+ a Garden Scribe's discard, - the card it draws)

and :func:`build_players` turns that into fresh :class:`~aristofarsa.core.state.PlayerState`
objects and the round's one generator (M10) for every run.
"""
from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from ..core.cards import canonical, family
from ..core.draw import LazyRandom
from ..core.messages import Msg
from ..core.state import Card, PlayerState
from .model import PlayerSpec, Scenario, ScenarioError, at

#: The zones of a player, in the order build_players fills them.
ZONES = ("hand", "deck", "discard", "parlor", "scored", "exiled")

Zones = dict[str, list[str]]


def phase2_cards(spec: PlayerSpec, expansion: bool,
                 players: Sequence[PlayerSpec] = ()) -> list[str]:
    """The player's Phase-2 cards (the `conspire` card, or the `convoke.discard`) as they count
    towards the starting hand: without their Garden card when :func:`garden_handed_back`."""
    cards = [spec.conspire] if spec.conspire else list(spec.convoke["discard"]) if spec.convoke else []
    if spec.garden in cards and garden_handed_back(spec, expansion, players):
        cards.remove(spec.garden)
    return cards


def garden_handed_back(spec: PlayerSpec, expansion: bool, players: Sequence[PlayerSpec]) -> bool:
    """Whether the player's Phase-2 cards name their Garden card, a family holds it once and
    another of ``players`` has a Courtisan (or an Elder) on the Balcony aimed at them. That is
    the Garden card itself: in Bishop mode that Courtisan swapped it back into the hand before
    this player's turn, and they played it (B14); it is counted once."""
    named = spec.conspire == spec.garden or bool(spec.convoke and spec.garden in spec.convoke["discard"])
    return named and family(expansion).count(spec.garden) == 1 and any(
        q is not spec and q.conspire in ("Courtisan", "Elder")
        and str(q.conspire_choices.get("target", "")).strip().lower() == spec.name.lower()
        for q in players)


def layout(sc: Scenario) -> tuple[list[Zones], list[str | None]]:
    """Card names per zone at the start of Phase 1, and the card each Garden Scribe draws
    (None if no Scribe or nothing to draw). Cached on the scenario.

    The Scribe draws the top of `deck`, or of the shuffled `discard_pile` (D1): the preview
    generator makes the same shuffle the round's generator will make.
    """
    if sc._layout is not None:
        return sc._layout  # type: ignore[no-any-return]
    preview = random.Random(sc.seed)
    drawn_cards: list[str | None] = [None] * len(sc.players)
    first = [p.name for p in sc.players].index(sc.first)
    n = len(sc.players)
    zones_of: list[Zones] = [{} for _ in range(n)]
    for k in [(first + j) % n for j in range(n)]:
        spec = sc.players[k]
        hand = [spec.garden]
        hand += phase2_cards(spec, sc.expansion, sc.players)
        hand += spec.zones["hand"] or []
        if spec.garden == "Scribe":
            deck = list(spec.zones["deck"] or [])
            discard = list(spec.zones["discard_pile"] or [])
            if "discard" in spec.garden_choices:
                hand.append(canonical(spec.garden_choices["discard"]) or str(spec.garden_choices["discard"]))
            elif len(hand) > 1 or deck or discard:
                # the rest of the file depends on which card was discarded: no --auto here
                raise ScenarioError(at(sc.path, Msg("scenario-play.scribe-discard"), spec.name))
            if not deck and discard:
                preview.shuffle(discard)  # the same draws the real generator will make (D1)
                deck = discard
            if deck:
                drawn = deck[0]
                if drawn not in hand[1:]:
                    raise ScenarioError(at(sc.path, Msg("scenario-play.scribe-draw", {"card": drawn}),
                                           spec.name))
                hand.pop(hand.index(drawn, 1))
                drawn_cards[k] = drawn
        zones: Zones = {"hand": hand}
        for zone, key in (("deck", "deck"), ("discard", "discard_pile"), ("parlor", "parlor"),
                          ("scored", "scored"), ("exiled", "exiled")):
            zones[zone] = list(spec.zones[key] or [])
        zones_of[k] = zones
    sc._layout = (zones_of, drawn_cards)
    return sc._layout  # type: ignore[no-any-return]


def build_players(sc: Scenario) -> tuple[list[PlayerState], random.Random]:
    """Fresh players' zones at the start of Phase 1, and the round's one generator (M10)."""
    if sc._cards is None:
        # Cards never change (only the zones holding them do), so they are made once per
        # scenario, in PlayerState's zone order; every run gets fresh zone lists over them.
        uid = itertools.count(1)
        sc._cards = [tuple([Card(next(uid), n, k) for n in zones[zone]] for zone in ZONES)
                     for k, zones in enumerate(layout(sc)[0])]
    players = []
    new = object.__new__  # the zones are filled here: PlayerState() would make six lists to drop
    for k, (hand, deck, discard, parlor, scored, exiled) in enumerate(sc._cards):
        pl = new(PlayerState)
        pl.index = k
        pl.name = sc.players[k].name
        pl.hand = hand[:]
        pl.deck = deck[:]
        pl.discard = discard[:]
        pl.parlor = parlor[:]
        pl.scored = scored[:]
        pl.exiled = exiled[:]
        players.append(pl)
    return players, LazyRandom(sc.seed)  # type: ignore[return-value]  # made on first shuffle
