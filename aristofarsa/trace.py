"""The trace: typed events, in order, each citing the ruling that decided it.

Log text, Markdown, JSON (and later the stepper and graph views) are all views of it.
"""
from __future__ import annotations

PHASES = ("setup", "draw", "phase1", "phase2", "balcony", "replay", "score", "exile", "end")


class TraceEvent:
    __slots__ = ("step", "phase", "kind", "actor", "card", "rule", "text", "target",
                 "target_card", "before", "after", "visible_to", "auto", "see")

    def __init__(self, step, phase, kind, actor, card, rule, text, target=None,
                 target_card=None, before=None, after=None, visible_to=None, auto=False, see=None):
        self.step = step
        self.phase = phase
        self.kind = kind
        self.actor = actor
        self.card = card
        self.rule = rule
        self.text = text
        self.target = target
        self.target_card = target_card
        self.before = before
        self.after = after
        self.visible_to = visible_to  # None: everyone; else the list of players who saw it
        self.auto = auto
        self.see = see  # related ruling IDs, beside the one that decided the step

    @property
    def rules(self) -> tuple:
        return (self.rule, *self.see) if self.see else (self.rule,)

    def cites(self) -> str:
        return self.rule + (f" (see {', '.join(self.see)})" if self.see else "")

    def to_dict(self) -> dict:
        d = {"step": self.step, "phase": self.phase, "kind": self.kind, "rule": self.rule,
             "text": self.text}
        if self.actor is not None:
            d["actor"] = self.actor
        if self.card is not None:
            d["card"] = self.card
        if self.target is not None:
            d["target"] = self.target
        if self.target_card is not None:
            d["target_card"] = self.target_card
        if self.before is not None or self.after is not None:
            d["before"] = self.before
            d["after"] = self.after
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
    """Collects events when enabled; when disabled every call is a cheap no-op."""

    __slots__ = ("enabled", "events")

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self.events: list[TraceEvent] = []

    def add(self, phase, kind, rule, text, actor=None, card=None, target=None, target_card=None,
            before=None, after=None, visible_to=None, auto=False, see=None) -> None:
        if self.enabled:
            events = self.events
            events.append(TraceEvent(len(events) + 1, phase, kind, actor, card, rule, text, target,
                                     target_card, before, after, visible_to, auto, see))

    def to_list(self) -> list[dict]:
        return [e.to_dict() for e in self.events]

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self):
        return iter(self.events)
