"""The trace: typed events, in order, each citing the ruling that decided it.

Log text, Markdown, JSON (and later the stepper and graph views) are all views of it.
"""
from __future__ import annotations

import html

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


def _change(e: TraceEvent) -> str:
    if e.after is None:
        return ""
    return str(e.after) if e.before is None else f"{e.before} → {e.after}"


def _secret(event: TraceEvent) -> str:
    return f" [seen only by {', '.join(event.visible_to)}]" if event.visible_to is not None else ""


def render_text(events) -> str:
    """A numbered plain-text log."""
    lines = []
    for e in events:
        auto = " (chosen by --auto)" if e.auto and "--auto" not in e.text else ""
        lines.append(f"{e.step:>3}. [{e.phase}] {e.text}{auto}{_secret(e)} — {e.cites()}")
    return "\n".join(lines)


def render_markdown(events) -> str:
    """A Markdown table: step, phase, what happened, Prestige change, ruling."""
    rows = ["| # | phase | what happened | Prestige | ruling |", "|---|---|---|---|---|"]
    for e in events:
        change = _change(e)
        text = (e.text + (" *(chosen by --auto)*" if e.auto and "--auto" not in e.text else "")
                + _secret(e)).replace("|", "\\|")
        rows.append(f"| {e.step} | {e.phase} | {text} | {change} | {e.cites()} |")
    return "\n".join(rows)


def render_html(events) -> str:
    """An HTML table of the trace (for notebooks)."""
    out = ["<table class='aristofarsa-trace'><tr><th>#</th><th>phase</th><th>what happened</th>"
           "<th>Prestige</th><th>ruling</th></tr>"]
    for e in events:
        change = _change(e)
        out.append(f"<tr><td>{e.step}</td><td>{e.phase}</td><td>{html.escape(e.text + _secret(e))}"
                   f"</td><td>{change}</td><td>{html.escape(e.cites())}</td></tr>")
    out.append("</table>")
    return "".join(out)
