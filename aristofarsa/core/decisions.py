"""Decisions as explicit requests: who must choose, what, and the legal options.

A *decider* answers requests: a scenario file, a bot, a person in a widget, or the
documented ``--auto`` policy (:class:`AutoDecider`).
"""
from __future__ import annotations

from typing import Any, Protocol

from .cards import CARDS
from .messages import Join, Msg, text

# Request kinds (the ``key`` a scenario uses to answer them is given with each request).
GARDEN = "garden"          # Phase 1: which card to play
ACTION = "action"          # Phase 2: "conspire" or "convoke"
CONSPIRE = "conspire"      # Phase 2: which card goes on the Balcony
TAKE = "take"              # Convoke: which Noble
TARGET = "target"          # a player (their Garden card, or their Balcony card for a Bishop)
DELTA = "delta"            # Witch: +5 / -5
REVEAL = "reveal"          # Bard (Garden): the card the target reveals
DISCARD = "discard"        # Scribe (Garden) / Bard (Balcony): a card from hand
EXCHANGE = "exchange"      # Squire: a hand card, or False
GIVE = "give"              # Courtisan: the card the target puts into the Garden
PEEK = "peek"              # Oracle: a player whose face-down Balcony card is looked at
ALSO_SCORE = "also_score"  # Scribe (Garden, scoring): a Peasant from hand, or None
KEEP = "keep"              # Oracle (next Draw): the 3 cards kept


#: The scenario key an answer of these kinds is written under (others: ``source.kind``).
_PATHS = {GARDEN: "garden", CONSPIRE: "conspire", ACTION: "conspire/convoke", TAKE: "convoke.take"}


class Request:
    """One decision the engine needs.

    ``player`` decides; ``owner``/``source`` say where a scenario file holds the answer
    (e.g. the Bard's owner's ``garden`` table holds the ``reveal`` its target chooses).
    ``options`` lists every legal answer in the engine's order; ``optional`` requests
    accept ``None`` ("may" effects).
    """

    __slots__ = ("kind", "player", "card", "source", "owner", "options", "optional", "prompt",
                 "replay", "context")

    def __init__(self, kind: str, player: str, card: str | None, source: str, owner: str,
                 options: list[Any], optional: bool = False, prompt: str = "",
                 context: Any = None) -> None:
        self.kind = kind
        self.player = player
        self.card = card
        self.source = source
        self.owner = owner
        self.options = options
        self.optional = optional
        self.prompt = prompt
        self.replay = False
        self.context = context

    def legal(self, value: Any) -> bool:
        if value is None:
            return self.optional
        if self.kind == KEEP:
            return _is_sub_multiset(value, self.options[0]) and len(value) == self.options[1]
        return value in self.options

    def describe_options(self) -> str:
        if self.kind == KEEP:
            pool, n = self.options
            return text("decision-error.keep", count=n, pool=Join(map(str, pool)))
        opts: list[object] = [_fmt(o) for o in self.options]
        if self.optional:
            opts.append(Msg("decision-error.optional"))
        return str(Join(opts, empty="list.nothing"))

    def key(self) -> str:
        """Where a scenario file writes the answer: ``conspire.target``, ``convoke.take`` …"""
        return _PATHS.get(self.kind) or f"{self.source}.{self.kind}"

    def illegal(self, value: Any) -> DecisionError:
        """The error for an answer that is not a legal option: where it belongs (the scenario
        key), who chose, and the allowed options."""
        path = self.key()
        about: list[object] = [Msg("card.owned", {"owner": self.owner, "card": self.card})] \
            if self.card else []
        if self.player != self.owner:
            about.append(Msg("decision-error.chosen-by", {"player": self.player}))
        if self.prompt:
            about.append(self.prompt)
        shown = repr(value) if isinstance(value, str) else str(value)
        said = Msg("decision-error.illegal-about" if about else "decision-error.illegal",
                   {"path": path, "value": shown, "about": Join(about),
                    "allowed": self.describe_options()})
        return DecisionError(self, Msg("decision-error.of-player", {"owner": repr(self.owner),
                                                                    "problem": said}),
                             "illegal", value)

    def __repr__(self) -> str:
        return f"Request({self.kind} by {self.player} for {self.card}: {self.options})"


def show(value: Any) -> str:
    """An option as the messages write it: true/false, a signed number, a name."""
    return _fmt(value)


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"{value:+d}"
    return str(value)


def _is_sub_multiset(small: Any, big: Any) -> bool:
    if not isinstance(small, (list, tuple)):
        return False
    pool = list(big)
    for item in small:
        if item not in pool:
            return False
        pool.remove(item)
    return True


class DecisionError(Exception):
    """A decision is missing or illegal; the message names who, what and the legal options.
    ``msg``: the message as the catalog's ID and fields when it is one (given a
    :class:`~aristofarsa.core.messages.Msg`, the error renders it at once), so a view reads
    its facts, never its words."""

    #: What made it: ``"illegal"`` (an answer not allowed: ``value``), ``"passes"`` (a pass
    #: where an action is possible), else ``""`` (the message says it).
    reason: str = ""
    value: Any = None

    def __init__(self, request: Request, message: str | Msg, reason: str = "", value: Any = None):
        super().__init__(str(message))
        self.request = request
        self.reason = reason
        self.value = value
        self.msg: Msg | None = message if isinstance(message, Msg) else None


class Decider(Protocol):
    auto: bool

    def decide(self, request: Request) -> Any: ...


#: A decider may also offer ``fast(kind, owner) -> answer``: the answer to a request of
#: ``kind`` whose answer ``owner``'s data holds, read without a :class:`Request` (a scenario
#: file's ``garden``/``conspire``), or ``NOT_FAST`` when it needs the whole request. The
#: round takes a fast answer only outside B10 replays and only when it is a legal option;
#: anything else goes the ordinary way (``decide``, then the legality check and its error).
NOT_FAST: Any = object()
#: The kinds the round asks ``fast`` about (the ones a player's own data answers directly).
FAST_KINDS = frozenset((GARDEN, ACTION, CONSPIRE))


class AutoDecider:
    """The documented ``--auto`` policy: the first legal option in the engine's order.

    Options are listed players from the chooser's left round the table, cards in hand
    order, the Witch's -5 before +5; "may" effects are not used; the Oracle keeps the
    three highest printed Prestige cards.
    """

    auto = True

    def decide(self, request: Request) -> Any:
        if request.optional:
            return None
        if request.kind == KEEP:
            pool, n = request.options
            return sorted(pool, key=lambda name: -CARDS[name].prestige)[:n]
        return request.options[0] if request.options else None
