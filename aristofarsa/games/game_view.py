"""What one seat can see of a game: the bots' window onto it (own hand, public zones,
revealed cards), and determinization of what it cannot see."""
from __future__ import annotations

import random
from typing import Any, Protocol

from ..core import decisions as D
from ..core.board import Board
from ..core.ranking import crowns_of
from ..core.state import Card, PlayerState

#: One decision of the round so far, as a seat's view keeps it: (kind, player, card, value,
#: uid of the card it moved or showed).
Noted = tuple[str, str, "str | None", Any, "int | None"]  # i18n: code


class Table(Protocol):
    """What a seat's view reads of a game in progress (:class:`aristofarsa.games.game.Game`)."""

    @property
    def n(self) -> int: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def expansion(self) -> bool: ...
    @property
    def variants(self) -> frozenset[str]: ...
    @property
    def crown_table(self) -> dict[str, int]: ...
    @property
    def crowns(self) -> dict[str, int] | None:
        """The crowns the game was given (None: the provisional ones)."""
    @property
    def final_round(self) -> bool: ...
    @property
    def round_first(self) -> int: ...
    @property
    def players(self) -> list[PlayerState]: ...
    @property
    def round_start_state(self) -> list[PlayerState]: ...
    @property
    def history(self) -> list[Noted]: ...
    @property
    def board(self) -> Board | None:
        """The board of the round being played, if one is."""

# --------------------------------------------------------------------------- the bots' view
class GameView:
    """What one seat may know: the information boundary every bot goes through.

    A seat sees its own hand and face-down Balcony card, every public zone (Garden with
    current Prestige, revealed Balcony cards, every discard pile, Parlor, scored area and
    Exiled deck), the size of every hand and deck, the public decisions of the round
    (Garden plays, targets, reveals, exchanges, discards, Convokes), and what its own
    Oracle peeked at. It never sees another player's hand or face-down Balcony card, or the
    order of any deck (its own included). :meth:`determinize` fills what is hidden with a
    random arrangement consistent with what the seat knows.
    """

    def __init__(self, game: Table, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.name = game.names[seat]

    # --- public facts
    @property
    def n(self) -> int:
        return self.game.n

    @property
    def names(self) -> list[str]:
        return self.game.names

    @property
    def expansion(self) -> bool:
        return self.game.expansion

    @property
    def variants(self) -> frozenset[str]:
        return self.game.variants

    @property
    def crowns_table(self) -> dict[str, int]:
        return self.game.crown_table

    @property
    def final_round(self) -> bool:
        return self.game.final_round

    @property
    def round_first(self) -> int:
        return self.game.round_first

    def hand(self) -> list[str]:
        return self.game.players[self.seat].hand_names()

    def scores(self) -> list[int]:
        """Everyone's crowns so far (public: scored areas are face up)."""
        return [crowns_of(pl, self.game.crown_table) for pl in self.game.players]

    def parlor(self, seat: int) -> list[str]:
        return [c.name for c in self.game.players[seat].parlor]

    def hand_size(self, seat: int) -> int:
        return len(self.game.players[seat].hand)

    # --- hidden information, filled at random
    def _known_uids(self) -> set[int]:
        g = self.game
        me = self.seat
        known = set()
        for k, pl in enumerate(g.players):
            for zone in (pl.discard, pl.parlor, pl.scored, pl.exiled):
                for c in zone:
                    known.add(c.uid)
            if k == me:
                for c in pl.hand:
                    known.add(c.uid)
        r = g.board
        if r is not None:
            for s in r.garden:
                known.add(s.card.uid)
            for played in r.played_card:
                if played is not None:
                    known.add(played.uid)
            for e in r.balcony:
                if e.revealed or e.owner == me:
                    known.add(e.card.uid)
        for kind, player, _card, value, uid in g.history:
            if uid is not None and (kind != D.CONSPIRE or player == self.name):
                known.add(uid)
            elif kind == D.PEEK and player == self.name and value is not None and r is not None:
                q = g.names.index(value)
                if r.entry_of[q] >= 0:
                    known.add(r.balcony[r.entry_of[q]].card.uid)
        return known

    def determinize(self, rng: random.Random
                    ) -> tuple[list[PlayerState], dict[int, str], list[Noted]]:
        """A world consistent with this seat's knowledge, at the start of the current round.

        Returns ``(players, history)``: fresh :class:`PlayerState` copies of every player as
        they were after this round's Draw step, in which every card this seat cannot
        identify has been given a name drawn at random from what that player's hidden cards
        can be (per player: the family minus everything known), and the round's decisions
        so far, in which a hidden Conspire answer is replaced by the world's name of the card
        that went face down (``uid`` kept so the replay can look it up).
        """
        g = self.game
        known = self._known_uids()
        out = []
        rename: dict[int, str] = {}
        for k, pl in enumerate(g.round_start_state):
            # Cards drawn from the deck during this round (a Scribe) joined the hand: the
            # hand and those cards form one pool whose order nobody knows. Hidden slots:
            # the cards of that pool this seat cannot identify, and the rest of the deck.
            # Their names, as a multiset, are public (the family minus the public zones
            # minus the identified cards); they are dealt to the slots at random.
            cur = g.players[k].deck
            now = {c.uid for c in cur}
            deck, discard = pl.deck, pl.discard
            if not deck and cur:
                # the deck was empty and the discard pile was shuffled in for a draw (D1):
                # the world starts from that shuffled deck (its order still hidden below)
                drawn_cards = [c for c in discard if c.uid not in now]
                deck = drawn_cards + cur
                discard = []
                drawn = len(drawn_cards)
            else:
                drawn = 0
                for c in deck:
                    if c.uid in now:
                        break
                    drawn += 1
            slots = [c for c in pl.hand if c.uid not in known]
            slots += [c for c in deck[:drawn] if c.uid not in known]
            slots += deck[drawn:]
            if slots:
                names = sorted(c.name for c in slots)  # the multiset only, not its order
                rng.shuffle(names)
                for c, nm in zip(slots, names, strict=True):
                    rename[c.uid] = nm
            cp = PlayerState(k, pl.name)
            cp.hand = [Card(c.uid, rename[c.uid], k) if c.uid in rename else c for c in pl.hand]
            cp.deck = [Card(c.uid, rename[c.uid], k) if c.uid in rename else c for c in deck]
            cp.discard = list(discard)
            cp.parlor = list(pl.parlor)
            cp.scored = list(pl.scored)
            cp.exiled = list(pl.exiled)
            out.append(cp)
        return out, rename, list(g.history)
