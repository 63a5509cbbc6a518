"""A round played by clicks: :class:`RoundSession` stops at each open choice.

The engine pushes: a :class:`~aristofarsa.round.Round` calls its decider in the middle of
the round. A click cannot arrive while ``decide()`` waits, so the session pulls instead.
Its whole state is ``(scenario, answers)``; each step replays the round from the start,
answering from the scenario file first and from ``answers`` for what the file leaves
out, and stops at the first request nobody has answered yet::

    s = RoundSession(scenario.load("b2-witch-another-card.toml"))
    s.advance()                     # a Request (open choice) or the RoundResult
    s.ask.options                   # (Option(value, label), ...) for buttons (controllers.asks)
    s.answer("Bruno")               # illegal: raises the engine's DecisionError message
    s.undo()                        # back to the previous open choice

The round is ``scenario.run`` itself (its ``wrap`` hook puts the session's decider around
the file's, its ``trace`` argument keeps the events so far), so a scenario whose choices
are all written resolves at once with exactly ``run``'s result (and ``resolve --json``).
B10 replays stay consistent because the round caches its answers per step, and the replay
of the answers is deterministic.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..analysis.board import Board, boards
from ..core.decisions import Request
from ..core.messages import text
from ..core.result import RoundResult
from ..core.trace import Trace
from ..scenario import MissingChoice, Scenario, ScenarioDecider, ScenarioError, run
from .asks import Ask, Option, SessionError, ask_of, litter_holder, option_label

__all__ = ["Ask", "Option", "RoundSession", "SessionError", "ask_of", "litter_holder", "option_label"]


# ------------------------------------------------------------------ replaying answers
class _Pending(Exception):
    """Raised inside the round at the first request nobody has answered yet."""

    def __init__(self, request: Request) -> None:
        super().__init__(request.kind)
        self.request = request


class _FileThenAnswers:
    """The scenario file answers first (when ``written``); what it leaves out comes from the
    session's answers in order; the first request beyond them stops the round."""

    auto = False

    def __init__(self, file: ScenarioDecider, answers: list[object], written: bool,
                 players: list[str]) -> None:
        self.file = file if written else None
        if not written:            # every action is asked: run()'s check of written actions is moot
            file.asked_action.update(players)
        self.answers = answers
        self.used = 0
        self.asked: list[Request] = []

    def decide(self, request: Request) -> object:
        if self.file is not None:
            try:
                return self.file.decide(request)
            except MissingChoice:
                pass
        if self.used == len(self.answers):
            raise _Pending(request)
        self.used += 1
        self.asked.append(request)
        return self.answers[self.used - 1]


# ------------------------------------------------------------------ the session
@dataclass
class RoundSession:
    """A round played by clicks. Its state is (scenario, answers); each step replays it.

    ``answers`` are the choices the scenario file does not write, in the order the round
    asks for them. With ``written=False`` the file gives only the cards each player holds
    before Phase 1 (its Garden and Phase-2 cards count as held) and *every* choice is asked:
    Garden card, Conspire or Convoke, each effect's choices, "may" effects too.
    ``variants`` add to the file's. :meth:`advance` raises
    :class:`~aristofarsa.scenario.ScenarioError` for a choice the file writes wrongly.
    """
    scenario: Scenario
    answers: list[object] = field(default_factory=list)
    variants: tuple[str, ...] = ()
    written: bool = True
    pending: Request | None = field(default=None, init=False)
    result: RoundResult | None = field(default=None, init=False)
    asked: list[Request] = field(default_factory=list, init=False, repr=False)
    trace: Trace = field(default_factory=Trace, init=False, repr=False)

    def __post_init__(self) -> None:
        self.variants = tuple(self.variants)
        self.answers = list(self.answers)
        self.advance()

    def advance(self) -> Request | RoundResult:
        """Replay the answers; the next open choice, or the result once every choice is made."""
        names = [p.name for p in self.scenario.players]
        deciders: list[_FileThenAnswers] = []

        def wrap(file: ScenarioDecider) -> _FileThenAnswers:
            deciders.append(_FileThenAnswers(file, self.answers, self.written, names))
            return deciders[0]

        self.pending = self.result = None
        self.trace = Trace(True)      # the events so far, also while a choice is open
        try:
            self.result = run(self.scenario, self.variants, trace=self.trace, wrap=wrap)
        except _Pending as stop:
            self.pending = stop.request
        decider = deciders[0]
        self.asked = decider.asked
        if decider.used < len(self.answers):       # answers left over: the round ended first
            del self.answers[decider.used:]
        if self.result is not None:
            return self.result
        assert self.pending is not None
        return self.pending

    @property
    def ask(self) -> Ask | None:
        """The open choice described for buttons (None once the round is resolved)."""
        if self.pending is None:
            return None
        return ask_of(self.pending, litter=litter_holder(self.trace.events))

    @property
    def players(self) -> list[str]:
        """The seats, in order (for a viewer dropdown)."""
        return [p.name for p in self.scenario.players]

    def boards(self, viewer: str | None = None) -> list[Board]:
        """The board after each trace step so far, through ``viewer``'s eyes (None: everyone)."""
        return boards(self.trace, viewer)

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def can_undo(self) -> bool:
        return bool(self.answers)

    def answer(self, value: object) -> Request | RoundResult:
        """Answer the open choice; an illegal value raises the engine's DecisionError and
        changes nothing. An answer after which a choice the file writes becomes illegal
        raises that ScenarioError and changes nothing either."""
        if self.pending is None:
            raise SessionError(text("session.round-resolved"))
        if not self.pending.legal(value):
            raise self.pending.illegal(value)   # the engine's own message, reused
        self.answers.append(value)
        try:
            return self.advance()
        except ScenarioError:
            self.answers.pop()
            self.advance()
            raise

    def undo(self) -> Request | RoundResult:
        """Take back the last answer: the previous open choice is asked again."""
        if not self.answers:
            raise SessionError(text("session.nothing-to-undo"))
        del self.answers[-1]
        return self.advance()

    def answered(self) -> list[tuple[Request, object]]:
        """Each request the session answered (not the file), with its answer, in order."""
        return list(zip(self.asked, self.answers, strict=True))
