"""The trace: typed events, in order, each citing the ruling that decided it.

An event holds *facts*: who acted with which card (``actor``, ``card``), on which card
(``target``, ``target_card``), the Prestige ``before``/``after`` and what an effect did
(``change``: ``"+5"``, ``"-5"``, ``"x2"``, ``"=5"``). Its sentence (``text``) is rendered
from those facts the first time it is read, so a run nobody reads pays only for the facts.
Log text, Markdown, JSON, the stepper and the effect graph are all views of the events.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .messages import Join, catalog

E = TypeVar("E", bound=StrEnum)


class Phase(StrEnum):
    """The part of a game an event belongs to (its ``phase``)."""

    SETUP = "setup"
    DRAW = "draw"
    PHASE1 = "phase1"
    PHASE2 = "phase2"
    BALCONY = "balcony"
    REPLAY = "replay"
    SCORE = "score"
    EXILE = "exile"
    END = "end"


class EventKind(StrEnum):
    """What a trace event records (its ``kind``). JSON writes the value: ``"parlor-empty"``."""

    # a game and its rounds (game.py)
    SETUP = "setup"
    DEAL = "deal"
    DEAL_SECRET = "deal-secret"
    ROUND = "round"
    SCOPE = "scope"
    STANDINGS = "standings"
    RANKING = "ranking"
    # the Draw step (draw.py)
    SHUFFLE = "shuffle"
    DRAW = "draw"
    DRAW_SECRET = "draw-secret"
    KEEP = "keep"
    KEEP_SECRET = "keep-secret"
    CANNOT_REFILL = "cannot-refill"
    REFILLED = "refilled"
    # Phase 1 (P1, M4)
    PHASE = "phase"
    PLAY = "play"
    ENTRY = "entry"
    MARK = "mark"
    DISCARD = "discard"
    # Phase 2 (P2-P8)
    ORDER = "order"
    LITTER = "litter"
    MODE = "mode"
    CONSPIRE = "conspire"
    CONSPIRE_SECRET = "conspire-secret"
    PEEK = "peek"
    PEEK_SECRET = "peek-secret"
    CONVOKE = "convoke"
    PASS = "pass"
    PARLOR_EMPTY = "parlor-empty"
    # the Balcony (B1-B13)
    REVEAL = "reveal"
    EFFECT = "effect"
    PRESTIGE = "prestige"
    EXCHANGE = "exchange"
    CANCELLED = "cancelled"
    CANCELLATIONS = "cancellations"
    REPLAY = "replay"
    # choices the engine made (--auto, M7)
    DECISION = "decision"
    # the Score step (S1-S4, X2, E1-E3, M2)
    FINAL = "final"
    WINNERS = "winners"
    SCORE = "score"
    EXILE = "exile"
    MOVE = "move"
    END = "end"
    NEXT = "next"


class Plain(Generic[E]):
    """An enum's members as plain attributes: ``K.PLAY is EventKind.PLAY``.

    On Python 3.11 a member looked up on an Enum class goes through ``EnumType.__getattr__``,
    several times slower than a plain attribute, and the engine names a kind at every
    traced step (its hottest path): it writes ``K.PLAY`` and ``PHASE.SCORE``."""

    def __init__(self, enum: type[E]) -> None:
        self.__dict__.update(enum.__members__)

    if TYPE_CHECKING:
        def __getattr__(self, name: str) -> E: ...


K = Plain(EventKind)
PHASE = Plain(Phase)


class Op(StrEnum):
    """A Balcony ledger operation (M3); the trace's ``change`` writes it with its amount."""

    ADD = "+"
    MULTIPLY = "*"
    SET = "="


#: How the trace's ``change`` fact writes a ledger entry: ``"+5"``, ``"-5"``, ``"x2"``, ``"=5"``.
CHANGE_FORMAT: dict[str, str] = {Op.ADD: "{:+d}", Op.MULTIPLY: "x{}", Op.SET: "={}"}


def change_text(op: Op, n: int) -> str:
    """The trace's ``change`` fact for a ledger entry (:data:`CHANGE_FORMAT`)."""
    return CHANGE_FORMAT[op].format(n)

#: A sentence: a finished string; a message of the catalog (:mod:`aristofarsa.core.messages`) as
#: ``(message_id, fields)``, its fields beside the event's own facts (``{actor}``, ``{card}``,
#: ``{target}`` …); or ``(make, args)``, where ``make(event, *args)`` returns such a
#: ``(message_id, fields)`` when the sentence is first read (for fields costly to work out).
#: ``make`` is a module-level function (never a closure over a round), so an event keeps no
#: round alive.
Message = tuple[str, dict[str, Any] | None]
Sentence = str | Message | tuple[Callable[..., Message], tuple[Any, ...]]


def render(e: TraceEvent, sentence: Sentence) -> str:
    """The words of ``sentence`` for event ``e``, in the catalog in use."""
    if isinstance(sentence, str):
        return sentence
    head, rest = sentence
    if not isinstance(head, str):
        head, rest = head(e, *rest)  # type: ignore[misc]  # (make, args)
    facts = {"actor": e.actor, "card": e.card, "target": e.target, "target_card": e.target_card,
             "before": e.before, "after": e.after, "change": e.change, "incoming": e.incoming,
             "source": e.source, "source_card": e.source_card}
    if rest:
        facts.update(rest)
    return catalog().render(head, facts)


class TraceEvent:
    # Round.log and Trace.add record these facts as a tuple in __init__'s order after
    # ``step`` (Trace.raw): keep the three in step when a field is added
    __slots__ = ("step", "phase", "kind", "actor", "card", "rule", "_text", "target",
                 "target_card", "before", "after", "visible_to", "auto", "see", "change",
                 "incoming", "source", "source_card")

    def __init__(self, step: int, phase: Phase, kind: EventKind, actor: str | None, card: str | None,
                 rule: str, text: Sentence, target: str | None = None,
                 target_card: str | None = None, before: int | None = None,
                 after: int | None = None, visible_to: Sequence[str] | None = None,
                 auto: bool = False, see: Sequence[str] | None = None,
                 change: str | None = None, incoming: str | None = None,
                 source: str | None = None, source_card: str | None = None) -> None:
        self.step = step
        self.phase = phase
        self.kind = kind
        self.actor = actor  # the acting player (owner of ``card``)
        self.card = card  # the acting card
        self.rule = rule
        self._text = text
        self.target = target  # the player whose card is acted on
        self.target_card = target_card  # the card acted on
        self.before = before
        self.after = after
        self.visible_to = visible_to  # None: everyone; else the list of players who saw it
        self.auto = auto
        self.see = see  # related ruling IDs, beside the one that decided the step
        self.change = change  # what an effect did to a Prestige: "+5", "-5", "x2", "=5"
        self.incoming = incoming  # an exchange: the card that took target_card's place (M5)
        # an entry bonus: whose card it takes its value from (Courtisan: the Peasant it
        # follows, M4; Bard: the card revealed from hand, X3)
        self.source = source
        self.source_card = source_card

    @property
    def text(self) -> str:
        """The sentence, rendered from the facts when first read."""
        t = self._text
        if isinstance(t, str):
            return t
        text = self._text = render(self, t)
        return text

    @text.setter
    def text(self, value: str) -> None:
        self._text = value

    @property
    def rules(self) -> tuple[str, ...]:
        return (self.rule, *self.see) if self.see else (self.rule,)

    def cites(self) -> str:
        """``"B2"``, or ``"B2 (see M3, M7)"`` with related rulings (catalog: ``trace.cites-see``)."""
        if not self.see:
            return self.rule
        return catalog().render("trace.cites-see", {"rule": self.rule, "see": Join(self.see)})

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"step": self.step, "phase": self.phase, "kind": self.kind, "rule": self.rule,
             "text": self.text}
        if self.actor is not None:
            d["actor"] = self.actor
        if self.card is not None:
            d["card"] = self.card
        if self.target is not None:
            d["target"] = self.target
        if self.target_card is not None:
            d["target_card"] = self.target_card
        if self.incoming is not None:
            d["incoming"] = self.incoming
        if self.source is not None:
            d["source"] = self.source
            d["source_card"] = self.source_card
        if self.before is not None or self.after is not None:
            d["before"] = self.before
            d["after"] = self.after
        if self.change is not None:
            d["change"] = self.change
        if self.visible_to is not None:
            d["visible_to"] = list(self.visible_to)
        if self.auto:
            d["auto"] = True
        if self.see:
            d["see"] = list(self.see)
        return d

    def __repr__(self) -> str:
        return f"<{self.step} {self.phase} {self.rule}: {self.text}>"


class Trace:
    """Collects events when enabled; when disabled every call is a cheap no-op.

    A round records each event as a tuple of its facts (``raw``, in :class:`TraceEvent`'s
    argument order after ``step``); :attr:`events` turns the tuples recorded since it was
    last read into :class:`TraceEvent` objects, so a run nobody reads pays only for the
    facts. ``raw`` is append-only; read the trace through ``events`` or iteration."""

    __slots__ = ("enabled", "raw", "_events")

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.raw: list[tuple[Any, ...]] = []
        self._events: list[TraceEvent] = []

    @property
    def events(self) -> list[TraceEvent]:
        """The events so far, in order (each made once, from its facts, when first read)."""
        events, raw = self._events, self.raw
        if len(events) < len(raw):
            event = TraceEvent
            events.extend([event(k + 1, *raw[k]) for k in range(len(events), len(raw))])
        return events

    def add(self, phase: Phase, kind: EventKind, rule: str, text: Sentence, actor: str | None = None,
            card: str | None = None, target: str | None = None, target_card: str | None = None,
            before: int | None = None, after: int | None = None,
            visible_to: Sequence[str] | None = None, auto: bool = False,
            see: Sequence[str] | None = None, change: str | None = None,
            incoming: str | None = None, source: str | None = None,
            source_card: str | None = None) -> None:
        if self.enabled:
            self.raw.append((phase, kind, actor, card, rule, text, target, target_card, before,
                             after, visible_to, auto, see, change, incoming, source, source_card))

    def to_list(self) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.events]

    def __len__(self) -> int:
        return len(self.raw)

    def __iter__(self) -> Iterator[TraceEvent]:
        return iter(self.events)
