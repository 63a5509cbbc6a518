"""An open request described for buttons: the one describer of every app.

:func:`ask_of` turns an engine :class:`~aristofarsa.decisions.Request` into an :class:`Ask`:
a question that teaches the rule at stake (whose card asks, what it does) and one labelled
:class:`Option` per legal answer, a "may" request's ``None`` included. The labels teach too:
a card's printed Prestige ("Play Knight (8)"), a Convoke's sum with the Litter
("Convoke (Servant 3 + Jester 3 + Litter 2 = 8: a Noble up to 8)"). The Scenario Lab's
:class:`~aristofarsa.controllers.session.RoundSession`, the
:class:`~aristofarsa.controllers.game_session.GameSession` and the *Play a game* app all
describe a request here, so the same request reads the same everywhere::

    ask = ask_of(request, you="Ana", litter=litter_holder(trace.events))
    ask.question        # "Your Witch: whose Garden card gets +5 or -5?"
    ask.labels()        # ["Bruno", "Caio"]
    ask.value_of("Bruno")

The question speaks to the chooser ("your"); when the chooser is not ``you`` (``you=None``:
a table seen by everyone, as in the Lab) it starts with their name: "Bruno, your Witch: …".
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import decisions as D
from ..core.cards import CARDS, convoke_sum, convoke_total
from ..core.decisions import Request
from ..core.messages import Join, Msg, text
from ..core.trace import TraceEvent

__all__ = ["Ask", "Option", "SessionError", "ask_of", "litter_holder", "option_label"]


class SessionError(ValueError):
    """A call that does not fit the session's state (e.g. an answer when nothing is asked),
    or a label that is not one of the options."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer and its label for a button."""
    value: object
    label: str


@dataclass(frozen=True, slots=True)
class Ask:
    """The open choice, described for a view: who chooses, what, and the legal options."""
    kind: str                      # a request kind of aristofarsa.decisions (garden, target, ...)
    player: str                    # who chooses
    owner: str                     # whose card or turn it is (differs e.g. for a Bard's reveal)
    card: str | None               # the card whose effect asks, if any
    source: str                    # where it comes from: garden, conspire, phase2, convoke, draw
    question: str                  # the sentence for the view: "Your Witch: whose Garden card …?"
    prompt: str                    # the engine's extra words (e.g. the Convoke total)
    optional: bool                 # a "may" effect: the option with value None declines
    replay: bool                   # asked again in a B10 replay (the earlier answer became illegal)
    options: tuple[Option, ...]

    def labels(self) -> list[str]:
        return [o.label for o in self.options]

    def value_of(self, label: str) -> object:
        """The answer a button label stands for (an error naming the options otherwise)."""
        for o in self.options:
            if o.label == label:
                return o.value
        raise SessionError(text("ask.not-an-option", label=repr(label), options=Join(self.labels())))


def litter_holder(events: Sequence[TraceEvent]) -> str | None:
    """Who holds the Litter (P3) in the round these events end in, once it is given."""
    for e in reversed(events):
        if e.kind == "litter":
            return e.actor
        if e.kind == "round":          # a game's trace: this round's marker, no Litter yet
            return None
    return None


# ------------------------------------------------------------------ the words
def _card(name: object) -> object:
    """A card with its printed Prestige: "Knight (8)"."""
    spec = CARDS.get(name) if isinstance(name, str) else None
    return Msg("ask-label.card", {"card": name, "prestige": spec.prestige}) if spec else str(name)


def elder_copies(kind: str) -> str | None:
    """The card an Elder copies (X5), told by the kind of request it makes: the card whose
    Conspire choices include that kind (a target may be any card's; the Oracle's keep is
    asked at the next Draw step, not by the Elder's effect)."""
    if kind in (D.TARGET, D.KEEP):
        return None
    for name, spec in CARDS.items():
        if kind in spec.conspire_choices:
            return name
    return None


def _card_question(request: Request, key: str) -> str | None:
    """The question of the asking card's choice ``key`` (from its definition in the card
    registry); an Elder asks with the words of the card it copies."""
    card = request.card or ""
    if card == "Elder":
        card = elder_copies(request.kind) or card
    spec = CARDS.get(card)
    return spec.question(key) if spec is not None else None


#: The label of a "may" request's None.
_NONE_LABELS = {D.EXCHANGE: "ask-label.no-exchange", D.PEEK: "ask-label.no-peek",
                D.ALSO_SCORE: "ask-label.no-also-score"}


#: The card that asks, seen by the chooser: (yours, theirs) for a card, an Elder, no card;
#: named after the chooser's name ("Bruno, your Witch") or opening the sentence ("Your Witch").
_HEADS = {False: {"card": ("ask-head.yours", "ask-head.theirs"),
                  "elder": ("ask-head.yours-elder", "ask-head.theirs-elder"),
                  "any": ("ask-head.yours-any", "ask-head.theirs-any")},
          True: {"card": ("ask-head.opening.yours", "ask-head.opening.theirs"),
                 "elder": ("ask-head.opening.yours-elder", "ask-head.opening.theirs-elder"),
                 "any": ("ask-head.opening.yours-any", "ask-head.opening.theirs-any")}}


def _head(request: Request, opening: bool) -> Msg:
    """The card whose effect asks, seen by the chooser: "your Witch", "Bruno's Bard"
    (``opening``: the form that opens a sentence, "Your Witch")."""
    yours = request.owner == request.player
    fields = {"card": request.card, "owner": request.owner}
    copied = elder_copies(request.kind) if request.card == "Elder" else None
    heads = _HEADS[opening]
    if copied is not None:
        return Msg(heads["elder"][0 if yours else 1], {**fields, "copied": copied})
    return Msg(heads["any" if request.card is None else "card"][0 if yours else 1], fields)


#: The question of each kind, spoken to the chooser (``{head}``: the card whose effect asks,
#: "your Witch"); the target's and the discard's come from the asking card when it has one.
#: Each as said after the chooser's name ("Bruno, …") and as said to the view's own player.
_QUESTIONS = {
    False: {D.GARDEN: "ask.garden", D.ACTION: "ask.action", D.CONSPIRE: "ask.conspire",
            D.DELTA: "ask.delta", D.REVEAL: "ask.reveal", D.EXCHANGE: "ask.exchange", D.GIVE: "ask.give",
            D.PEEK: "ask.peek", D.ALSO_SCORE: "ask.also-score", D.KEEP: "ask.keep",
            "target": "ask.target", "target-card": "ask.target-card", "target-elder": "ask.target-elder",
            "discard": "ask.discard", "discard-card": "ask.discard-card", "take": "ask.take",
            "take-total": "ask.take-total", "other": "ask.other"},
    True: {D.GARDEN: "ask-you.garden", D.ACTION: "ask-you.action", D.CONSPIRE: "ask-you.conspire",
           D.DELTA: "ask-you.delta", D.REVEAL: "ask-you.reveal", D.EXCHANGE: "ask-you.exchange",
           D.GIVE: "ask-you.give", D.PEEK: "ask-you.peek", D.ALSO_SCORE: "ask-you.also-score",
           D.KEEP: "ask-you.keep", "target": "ask-you.target", "target-card": "ask-you.target-card",
           "target-elder": "ask-you.target-elder", "discard": "ask-you.discard",
           "discard-card": "ask-you.discard-card", "take": "ask-you.take",
           "take-total": "ask-you.take-total", "other": "ask-you.other"},
}

#: The label of an answer that is a card (``{card}``: "Knight (8)") or a player (``{value}``).
_LABELS = {
    D.GARDEN: "ask-label.garden", D.CONSPIRE: "ask-label.conspire", D.TAKE: "ask-label.take",
    D.REVEAL: "ask-label.reveal", D.DISCARD: "ask-label.discard", D.EXCHANGE: "ask-label.exchange",
    D.GIVE: "ask-label.give", D.PEEK: "ask-label.peek", D.ALSO_SCORE: "ask-label.also-score",
}


def _question(request: Request, opening: bool = False) -> Msg:
    """The question of a request, spoken to its chooser: after their name, or (``opening``)
    to the view's own player, the question opening the sentence."""
    card, kind, head = request.card or "", request.kind, _head(request, opening)
    ids = _QUESTIONS[opening]
    if kind == D.TARGET:
        if card == "Elder":
            return Msg(ids["target-elder"], {"head": head})
        asked = _card_question(request, "target")
        return (Msg(ids["target-card"], {"head": head, "question": asked}) if asked
                else Msg(ids["target"], {"head": head}))
    if kind == D.DISCARD:
        asked = _card_question(request, "discard")
        return (Msg(ids["discard-card"], {"head": head, "question": asked}) if asked
                else Msg(ids["discard"], {"head": head}))
    if kind == D.TAKE:
        return (Msg(ids["take-total"], {"total": request.prompt}) if request.prompt
                else Msg(ids["take"]))
    return Msg(ids.get(kind, ids["other"]), {
        "head": head, "kind": kind, "count": request.options[1] if kind == D.KEEP else 0})


def option_label(request: Request, value: object, litter: bool = False) -> str:
    """The button label of one answer to ``request`` (``litter``: the chooser holds the
    Litter, counted in a Convoke's sum)."""
    kind = request.kind
    if value is None:
        return text(_NONE_LABELS.get(kind, "ask-label.nothing"))
    if kind in _LABELS:
        return text(_LABELS[kind], card=_card(value), value=value)
    if kind == D.ACTION and value == "convoke":
        hand = [str(c) for c in request.context if c in CARDS] if isinstance(request.context, list) else []
        return text("ask-label.convoke", sum=convoke_sum(hand, litter),
                    total=convoke_total(hand, litter))
    if kind == D.ACTION and value == "conspire":
        return text("ask-label.conspire-action")
    if kind == D.TARGET:
        return text("ask-label.you", player=value) if value == request.player else str(value)
    if kind == D.DELTA and isinstance(value, int):
        return text("ask-label.delta", value=value)
    if kind == D.KEEP and isinstance(value, (list, tuple)):
        return text("ask-label.keep", cards=Join(map(str, value)))
    return str(value)


def _keep_options(pool: list[str], n: int) -> list[list[str]]:
    """Every distinct choice of ``n`` cards of the pool, each in alphabetical order."""
    return [list(c) for c in sorted({tuple(sorted(c)) for c in itertools.combinations(pool, n)})]


def ask_of(request: Request, you: str | None = None, litter: str | None = None) -> Ask:
    """Describe a request for a view: the question and each legal option with its label
    ("may": None too). ``you``: the player the view belongs to (None: everyone's view, the
    chooser is named); ``litter``: who holds the Litter this round (:func:`litter_holder`)."""
    if request.kind == D.KEEP:
        pool, n = request.options
        values: list[object] = list(_keep_options(list(pool), n))
    else:
        values = list(request.options)
    if request.optional:
        values.append(None)
    if you is not None and request.player == you:
        question = str(_question(request, opening=True))
    else:
        question = text("ask.named", player=request.player, question=_question(request))
    if request.replay:
        question = text("ask.again", question=question)
    holds = litter is not None and litter == request.player
    return Ask(kind=request.kind, player=request.player, owner=request.owner, card=request.card,
               source=request.source, question=question, prompt=request.prompt,
               optional=request.optional, replay=request.replay,
               options=tuple(Option(v, option_label(request, v, holds)) for v in values))
