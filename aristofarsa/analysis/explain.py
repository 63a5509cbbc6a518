"""A round as a narrative read aloud at the table, from its trace.

:func:`explain` turns the ``resolve --json`` data (or a RoundResult) into an
:class:`Explanation`: the outcome, each Garden card's ledger from printed value to final
Prestige ("Bruno's Courtisan: 6; Rogue +10 (M4) = 16; Ana's Witch −5 (B2) = 11"), every step
with its ruling and a link to the ruling's text, and why each card did or did not score,
including the near misses. The renderers are in :mod:`aristofarsa.render.explain`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import DOCS_URL
from ..core.cards import CARDS, balcony_prestige_rules
from ..core.messages import Join, Msg, text
from ..core.rulings import RULINGS, ruling_anchor
from .graph import BALCONY, GARDEN, Edge, build_graph
from .outcome import game_ends, next_starter, owned, winning_cards

#: Anchors of docs/rulings.md headings (GitHub style), one per ruling ID: computed from the
#: page by :func:`aristofarsa.rulings.ruling_anchor` (the apps' ruling texts use it too).
RULING_ANCHORS: dict[str, str] = {rid: ruling_anchor(rid) for rid in RULINGS}
RULINGS_DOC = f"{DOCS_URL}/rulings.md"


def ruling_link(rule: str, base: str = "rulings.md") -> str:
    """Where a ruling's text is: ``base#anchor`` (docs/rulings.md's heading)."""
    return f"{base}#{RULING_ANCHORS.get(rule, rule.lower())}"


@dataclass
class LedgerEntry:
    step: int
    cause: str          # "Ana's Witch", "its Garden text", "replay (B10)"
    label: str          # "−5", "×2", "= 11", "+10"
    after: int | None
    rule: str


@dataclass
class Ledger:
    player: str
    card: str
    printed: int | None
    entries: list[LedgerEntry]
    final: int | None
    left: bool = False      # the card left the Garden (exchanged out)
    undone: list[LedgerEntry] = field(default_factory=list)   # Balcony changes a replay undid
    entered: bool = False   # the card came into the Garden by an exchange (M5)

    def sentence(self) -> str:
        """"Bruno's Courtisan: 6; Rogue +10 (M4) = 16; Ana's Witch −5 (B2) = 11"."""
        printed = self.printed if self.printed is not None else "?"
        head = Msg("explain.ledger-entered" if self.entered else "explain.ledger-printed",
                   {"player": self.player, "card": self.card, "printed": printed})
        steps = Join([head, *[entry_message(x) for x in self.entries]], "list.semicolon")
        redone = {(x.cause, x.label) for x in self.entries}
        undone = list(dict.fromkeys(text("explain.undone-entry", cause=x.cause, label=x.label)
                                    for x in self.undone if (x.cause, x.label) not in redone))
        if self.left:
            said = "explain.ledger-left"
        elif not self.entries and self.final == self.printed:
            said = "explain.ledger-unchanged"
        elif self.final is not None and (not self.entries or self.entries[-1].after != self.final):
            said = "explain.ledger-final"
        else:
            said = "explain.ledger"
        ledger = Msg(said, {"steps": steps, "final": self.final})
        if undone:
            return text("explain.ledger-undone", ledger=ledger, count=len(undone),
                        undone=Join(undone, last="list.and"))
        return str(ledger)


def entry_message(x: LedgerEntry) -> Msg:
    """"Ana's Witch −5 (B2) = 11"; a change that sets the value says it once: "= 11"."""
    then = x.after is not None and x.label[:1] in "+−-×"
    return Msg("explain.entry-then" if then else "explain.entry",
               {"cause": x.cause, "label": x.label, "rule": x.rule, "after": x.after})


def entry_text(x: LedgerEntry) -> str:
    """:func:`entry_message` in words."""
    return str(entry_message(x))


@dataclass
class Step:
    step: int
    phase: str
    kind: str
    text: str
    rule: str
    see: list[str]
    link: str
    hidden: bool = False    # seen only by some players (``visible_to``)
    links: list[tuple[str, str]] = field(default_factory=list)   # (ruling ID, link) for rule and see


@dataclass
class Verdict:
    """Why one card scored or did not."""
    player: str
    card: str
    zone: str
    scored: bool
    reason: str
    near_miss: bool = False


@dataclass
class Explanation:
    title: str
    outcome: str
    winners: list[str]
    lowest_wins: bool
    ledgers: list[Ledger]
    steps: list[Step]
    verdicts: list[Verdict]
    notes: list[str] = field(default_factory=list)

    def to_text(self) -> str:
        from ..render.explain import explanation_text
        return explanation_text(self)

    def to_markdown(self) -> str:
        from ..render.explain import explanation_markdown
        return explanation_markdown(self)

    def _repr_html_(self) -> str:
        from ..render.explain import explanation_html
        return explanation_html(self)


def _data(result: Any) -> Mapping[str, Any]:
    return result if isinstance(result, Mapping) else result.to_json()


def _who(player: str | None, card: str | None) -> str:
    return str(owned(player, card)) if player and card else (card or player or "?")


def _entered(key: tuple[str, str]) -> Ledger:
    """The ledger of a card that entered the Garden by an exchange (no entry effect, M5)."""
    spec = CARDS.get(key[1])
    led = Ledger(key[0], key[1], spec.prestige if spec else None, [], None, entered=True)
    return led


def _ledgers(trace: list[Mapping[str, Any]], by_step: dict[int, Edge], names: dict[str, str],
             garden: list[Mapping[str, Any]]) -> list[Ledger]:
    ledgers: dict[tuple[str, str], Ledger] = {}
    order: list[tuple[str, str]] = []
    for e in trace:
        kind, rule = e.get("kind"), str(e.get("rule") or "")
        if kind == "play" and e.get("actor") and e.get("card"):
            key = (e["actor"], e["card"])
            ledgers[key] = Ledger(key[0], key[1], e.get("after"), [], e.get("after"))
            order.append(key)
            continue
        if kind == "exchange" and e.get("target") and e.get("target_card"):
            old = ledgers.get((e["target"], e["target_card"]))
            if old is not None:
                old.left = True
            continue
        target, tcard = e.get("target"), e.get("target_card")
        if not (target and tcard) or kind not in ("prestige", "entry", "mark"):
            continue
        if kind == "entry" and rule == "X3":
            target, tcard = e.get("actor"), e.get("card")
        key = (str(target), str(tcard))
        if key not in ledgers:
            ledgers[key] = _entered(key)
            order.append(key)
        led = ledgers[key]
        after = e.get("after")
        edge = by_step.get(int(e["step"]))
        if kind == "prestige" and rule == "B10":   # a replay undoes the Balcony adjustments
            balcony_rules = balcony_prestige_rules()
            kept = [x for x in led.entries if x.rule not in balcony_rules]
            led.undone += [x for x in led.entries if x.rule not in balcony_rules or x not in kept]
            led.undone = [x for x in led.undone if x not in kept]
            led.entries = kept
            now = kept[-1].after if kept else led.printed
            if isinstance(after, int) and now != after:
                led.entries.append(LedgerEntry(int(e["step"]), text("explain.cause-replay"),
                                               f"= {after}", after, rule))
        else:
            if edge is not None:
                src = names.get(edge.source, edge.source)
                if kind == "entry" and e.get("source") and e.get("source_card"):
                    # whose card the entry bonus comes from: the Peasant a Courtisan follows
                    # (M4), the card a Bard's player reveals (X3)
                    src = text("explain.cause-revealed" if rule == "X3" else "explain.cause-following",
                               owner=e["source"], card=e["source_card"])
                elif kind == "entry" and edge.source == edge.target:
                    src = text("explain.cause-entry")
                elif kind == "prestige" and rule == "M4":   # a continuous Garden text and its cause
                    src = text("explain.cause-on-balcony" if edge.source.startswith(BALCONY)
                               else "explain.cause-in-garden", who=src)
                label = edge.label
            else:
                src = text("explain.cause-garden-text" if rule == "M4" else "explain.cause-effect")
                before = e.get("before")
                label = (f"= {after}" if rule == "M4" or not isinstance(before, int)
                         or not isinstance(after, int)
                         else (f"+{after - before}" if after >= before else f"−{before - after}"))
            led.entries.append(LedgerEntry(int(e["step"]), src, label, after, rule))
        if isinstance(after, int):
            led.final = after
    finals = {(g["player"], g["card"]): g.get("prestige") for g in garden}
    for key in finals:
        if key not in ledgers:
            ledgers[key] = _entered(key)
            order.append(key)
    out = []
    for key in order:
        led = ledgers[key]
        if key in finals:
            led.final = finals[key]
            led.left = False
        # a back-to-Garden-value step right before nothing else is noise: drop it if trailing
        # entries never changed the value
        out.append(led)
    out.sort(key=lambda led: (led.left, next((k for k, g in enumerate(garden)
                                               if g["player"] == led.player), 99)))
    return out


def explain(result: Any, viewer: str | None = None) -> Explanation:
    """The narrative of a round (teacher's view by default; ``viewer`` hides others' secrets)."""
    data = _data(result)
    trace: list[Mapping[str, Any]] = list(data.get("trace") or [])
    g = build_graph(data, viewer=viewer)
    names = {n.id: _who(n.player, n.card) for n in g.nodes}
    by_step = {e.step: e for e in g.edges}
    garden = list(data.get("garden") or [])
    balcony = list(data.get("balcony") or [])
    winners = list(data.get("winners") or [])
    lowest = bool(data.get("lowest_wins"))
    scored: dict[str, list[str]] = {k: list(v) for k, v in (data.get("scored") or {}).items()}

    steps = []
    for e in trace:
        seen = e.get("visible_to")
        if viewer is not None and seen is not None and viewer not in seen:
            continue
        rule = str(e.get("rule") or "")
        steps.append(Step(int(e["step"]), str(e.get("phase", "")), str(e.get("kind", "")),
                          str(e.get("text", "")), rule, list(e.get("see") or []),
                          ruling_link(rule), seen is not None,
                          [(r, ruling_link(r)) for r in (rule, *(e.get("see") or []))]))

    ledgers = _ledgers(trace, by_step, names, garden)
    verdicts = _verdicts(trace, g.edges, names, garden, balcony, winners, lowest, scored)
    outcome = winning_cards(garden, winners, lowest)
    notes = []
    if data.get("next_first"):
        notes.append(next_starter(str(data["next_first"]), tied=len(winners) > 1))
    if data.get("game_over"):
        notes.append(game_ends(data.get("end_reason")))
    return Explanation(str(data.get("title") or ""), outcome, winners, lowest, ledgers, steps,
                       verdicts, notes)


def _verdicts(trace: list[Mapping[str, Any]], edges: list[Edge], names: dict[str, str],
              garden: list[Mapping[str, Any]], balcony: list[Mapping[str, Any]],
              winners: list[str], lowest: bool, scored: dict[str, list[str]]) -> list[Verdict]:
    """Why each Garden and Balcony card scored or did not (S1, S2, B4, B5, B10)."""
    left = {p: list(cs) for p, cs in scored.items()}
    score_events: dict[tuple[str, str], list[str]] = {}
    for e in trace:
        if e.get("kind") in ("score", "exile") and e.get("actor") and e.get("card"):
            score_events.setdefault((e["actor"], e["card"]), []).append(
                text("explain.step", step=e.get("text", ""), rule=e.get("rule")))

    def took(player: str, card: str) -> bool:
        cards = left.get(player, [])
        if card in cards:
            cards.remove(card)
            return True
        return False

    values = [g["prestige"] for g in garden]
    best = (min(values) if lowest else max(values)) if values else 0
    out: list[Verdict] = []
    for g in garden:
        p, c, v = g["player"], g["card"], g["prestige"]
        did = took(p, c)
        said = score_events.get((p, c), [])
        margin = (v - best) if lowest else (best - v)
        near = False
        if did:
            reason = said[0] if said else text("explain.scores-with", value=v)
        elif margin == 0:
            reason = said[0] if said else text("explain.winning-no-score", value=v)
        else:
            knight = c == "Knight" and margin > 3
            lost = (("explain.lost-higher-knight" if knight else "explain.lost-higher") if lowest
                    else "explain.lost-lower-knight" if knight else "explain.lost-lower")
            reason = text(lost, best=best, value=v, margin=margin)
            if c == "Knight":
                near = margin <= 4
            elif margin <= 2:
                near = True
            if said:
                reason = text("explain.with-steps", reason=reason, steps=Join(said, "list.semicolon"))
        out.append(Verdict(p, c, GARDEN, did, reason, near))
    cancelled = {(b["player"], b["card"]) for b in balcony if b.get("cancelled")}
    for b in balcony:
        p, c = b["player"], b["card"]
        did = took(p, c)
        said = score_events.get((p, c), [])
        near = False
        if did:
            reason = said[0] if said else text("explain.scores-by-text")
        elif (p, c) in cancelled:
            reason = text("explain.cancelled")
        elif c == "Merchant":
            hits = [names.get(e.target, e.target) for e in edges
                    if e.source == f"{BALCONY}:{p}:{c}" and e.kind == "prestige"]
            reason = (text("explain.merchant-missed", card=hits[-1]) if hits
                      else text("explain.merchant-nothing"))
            near = bool(hits)
        elif c == "Damsel":
            reason = (text("explain.damsel-lost") if p not in winners
                      else (said[0] if said else text("explain.damsel-no-score")))
        else:
            reason = said[0] if said else text("explain.balcony-no-score")
        out.append(Verdict(p, c, BALCONY, did, reason, near))
    for p, cards in left.items():     # e.g. a Peasant scored from hand with a Scribe (X4)
        for c in cards:
            said = score_events.get((p, c), [])
            out.append(Verdict(p, c, "hand", True, said[0] if said else text("explain.scores")))
    return out
