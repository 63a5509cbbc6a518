"""The effect graph of a round: which card acted on which, in what order — from the trace alone.

Input is the round as data: the ``resolve --json`` object (or a :class:`RoundResult`, which is
turned into it). Every trace event that names an acting card (``actor``, ``card``) and a card
acted on (``target``, ``target_card``) gives one edge with the same ``step``; a node is found by
its player and card name. Garden cards keep their queue position, Balcony cards their reveal
position. Nothing here reads the English of the trace.

A viewer (a player's name) sees the graph through that player's eyes: events whose
``visible_to`` leaves the viewer out are skipped, and a face-down Balcony card keeps its name
hidden until it is revealed, unless it is the viewer's own or the viewer peeked at it.
``step`` (0 … len(trace)) keeps only what happened up to that trace step.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import balcony_prestige_rules
from ..core.messages import Join, text

GARDEN, BALCONY, HAND = "garden", "balcony", "hand"

#: Phases in which a Balcony card acts (a Bishop mode plays Balcony cards in Phase 2).
_BALCONY_PHASES = ("phase2", "balcony", "replay")


class GraphError(ValueError):
    """The round data cannot give a graph (a step out of range, an unknown viewer, …)."""


@dataclass
class Node:
    id: str
    player: str
    card: str | None          # None when hidden from the viewer
    zone: str                 # "garden", "balcony" or "hand" (a card shown from hand)
    order: int                # Garden: queue position; Balcony: reveal position (1-based)
    seat: int = 0             # the player's seat, for the family colour
    prestige: int | None = None   # Garden: Prestige at the graph's step
    winner: bool = False
    scored: bool = False
    cancelled: bool = False
    replaced: bool = False    # a Garden card that left the Garden (exchange)
    notes: list[str] = field(default_factory=list)  # effects without a card target

    def contract(self) -> dict[str, Any]:
        return {"id": self.id, "player": self.player, "card": self.card, "zone": self.zone,
                "order": self.order}


@dataclass
class Edge:
    step: int
    source: str
    target: str
    kind: str
    label: str
    cancelled: bool = False
    rule: str = ""

    def contract(self) -> dict[str, Any]:
        return {"step": self.step, "source": self.source, "target": self.target,
                "kind": self.kind, "label": self.label, "cancelled": self.cancelled}


@dataclass
class Graph:
    """Nodes and edges of one round's effects, with the little the renderers need besides."""

    nodes: list[Node]
    edges: list[Edge]
    players: list[str] = field(default_factory=list)   # seating order (colours)
    step: int = 0
    last_step: int = 0
    viewer: str | None = None
    winners: list[str] = field(default_factory=list)
    lowest_wins: bool = False
    title: str = ""

    def node(self, node_id: str) -> Node:
        for n in self.nodes:
            if n.id == node_id:
                return n
        raise KeyError(node_id)

    def to_json(self) -> dict[str, Any]:
        """The ``graph --json`` contract: nodes {id, player, card, zone, order} and edges
        {step, source, target, kind, label, cancelled}; extra facts follow under their own keys."""
        return {
            "nodes": [{**n.contract(), "prestige": n.prestige, "winner": n.winner,
                       "scored": n.scored, "cancelled": n.cancelled, "notes": n.notes}
                      for n in self.nodes],
            "edges": [{**e.contract(), "rule": e.rule} for e in self.edges],
            "step": self.step,
            "viewer": self.viewer,
        }

    def to_dot(self) -> str:
        from ..render.dot import graph_dot
        return graph_dot(self)

    def _repr_svg_(self) -> str:
        from ..render.svg import graph_svg
        return graph_svg(self)


def node_id(zone: str, player: str, card: str) -> str:
    return f"{zone}:{player}:{card}"


def _data(result: Any) -> Mapping[str, Any]:
    if isinstance(result, Mapping):
        return result
    to_json = getattr(result, "to_json", None)
    if to_json is None:
        raise GraphError(text("graph-error.needs-result"))
    return to_json()


def _sees(viewer: str | None, event: Mapping[str, Any]) -> bool:
    seen = event.get("visible_to")
    return viewer is None or seen is None or viewer in seen


def effect_label(event: Mapping[str, Any]) -> tuple[str, str]:
    """(kind, label) of an edge: what the acting card did, from the event's facts."""
    kind, rule = event.get("kind"), event.get("rule")
    change = event.get("change")
    before, after = event.get("before"), event.get("after")
    if kind in ("effect", "cancelled") and rule == "B10" or kind == "cancellations":
        return "cancel", text("graph.cancel")
    if kind == "prestige" and rule == "B10":      # a Bishop's replay resets the card first
        return "replay", text("graph.replay-to", after=after) if after is not None else text("graph.replay")
    if kind in ("peek", "peek-secret"):
        return "peek", text("graph.peek")
    if kind == "exchange":
        return "exchange", text("graph.exchange")
    if kind == "mark":
        return "mark", text("graph.mark-to", after=after) if after is not None else text("graph.mark")
    if kind == "effect" and rule == "X5":
        return "copy", text("graph.copy")
    if rule == "B4":
        return "swap", text("graph.swap-to", after=after) if after is not None else text("graph.swap")
    if kind == "entry" and isinstance(change, str) and change:
        return "entry", change if change[0] in "+-" else change.replace("x", "×")
    if isinstance(change, str) and change:
        op, amount = change[0], change[1:]
        if op in "xX*":
            return "prestige", "×2"
        if op == "=":
            return "prestige", f"= {amount}"
        if op == "-":
            return "prestige", f"−{amount}"
        return "prestige", f"+{amount}" if op != "+" else change
    if rule == "B5":
        return "prestige", "×2"
    if isinstance(before, int) and isinstance(after, int):
        delta = after - before
        if kind == "prestige" and rule == "M4":
            return "prestige", f"= {after}"
        return ("entry" if kind == "entry" else "prestige"), (f"+{delta}" if delta >= 0 else f"−{-delta}")
    return str(kind or "effect"), str(kind or "effect")


class _Builder:
    def __init__(self, data: Mapping[str, Any], step: int | None, viewer: str | None) -> None:
        trace = data.get("trace")
        if not isinstance(trace, list):
            raise GraphError(text("graph-error.no-trace"))
        self.data = data
        self.trace: list[Mapping[str, Any]] = trace
        n = len(trace)
        if step is None:
            step = n
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= n:
            raise GraphError(text("graph-error.step", last=n, step=repr(step)))
        self.step = step
        garden = data.get("garden") or []
        balcony = data.get("balcony") or []
        self.players = self._players(garden)
        if viewer is not None and viewer not in self.players:
            raise GraphError(text("graph-error.viewer", viewer=repr(viewer), players=Join(self.players)))
        self.viewer = viewer
        self.final_garden = garden
        self.final_balcony = balcony
        self.nodes: dict[str, Node] = {}
        self.edges: list[Edge] = []
        self.known: set[str] = set()            # balcony node ids whose card the viewer knows
        self.last_reveal: Node | None = None
        self.cancelled_now: dict[str, bool] = {}   # Balcony cards cancelled as of the step

    def _players(self, garden: list[Mapping[str, Any]]) -> list[str]:
        """Players in seating order, as every other view colours them (``scored`` names every
        player in that order); the Garden's queue order when the data has no ``scored``."""
        seats = [str(p) for p in (self.data.get("scored") or {})]
        queue = [str(g["player"]) for g in garden]
        return seats if set(queue) <= set(seats) else queue

    # ------------------------------------------------------------------ nodes
    def seat(self, player: str) -> int:
        return self.players.index(player) if player in self.players else len(self.players)

    def garden_node(self, player: str, card: str, entering: bool = False) -> Node:
        nid = node_id(GARDEN, player, card)
        if entering and nid in self.nodes:      # a card exchanged out and back in (M5)
            for other in self.nodes.values():
                if other.zone == GARDEN and other.player == player:
                    other.replaced = other.id != nid
        if nid not in self.nodes:
            order = next((k + 1 for k, g in enumerate(self.final_garden) if g["player"] == player),
                         len(self.final_garden) + 1)
            previous = [n for n in self.nodes.values() if n.zone == GARDEN and n.player == player]
            for old in previous:
                old.replaced = True
            self.nodes[nid] = Node(nid, player, card, GARDEN, order, self.seat(player))
        return self.nodes[nid]

    def balcony_node(self, player: str, card: str) -> Node:
        nid = node_id(BALCONY, player, card)
        if nid not in self.nodes:
            order = next((k + 1 for k, b in enumerate(self.final_balcony)
                          if b["player"] == player and b["card"] == card), len(self.final_balcony) + 1)
            self.nodes[nid] = Node(nid, player, card, BALCONY, order, self.seat(player))
        return self.nodes[nid]

    def find(self, player: str, card: str, prefer: str) -> Node:
        """The node of (player, card), looked up in the preferred zone first."""
        zones = (prefer, BALCONY if prefer == GARDEN else GARDEN)
        for zone in zones:
            nid = node_id(zone, player, card)
            if nid in self.nodes:
                return self.nodes[nid]
        if prefer == HAND:
            nid = node_id(HAND, player, card)
            self.nodes[nid] = Node(nid, player, card, HAND, 0, self.seat(player))
            return self.nodes[nid]
        return self.garden_node(player, card) if prefer != BALCONY else self.balcony_node(player, card)

    # ----------------------------------------------------------------- events
    def _acting(self, e: Mapping[str, Any]) -> tuple[str, str] | None:
        """The acting (player, card) of an event. Events that name it give it; until every
        Balcony Prestige change names its card, the card revealed last is the one acting."""
        actor, card = e.get("actor"), e.get("card")
        if actor is not None and card is not None:
            if e.get("kind") == "exchange" and e.get("phase") in _BALCONY_PHASES \
                    and node_id(BALCONY, actor, card) not in self.nodes and self.last_reveal:
                return self.last_reveal.player, str(self.last_reveal.card)
            return actor, card
        if (e.get("kind") == "prestige" and e.get("phase") in _BALCONY_PHASES
                and e.get("rule") in balcony_prestige_rules() and self.last_reveal is not None):
            return self.last_reveal.player, str(self.last_reveal.card)
        return None

    def _unname_hidden(self) -> None:
        """A card hidden from the viewer keeps no trace of its name, not even in its id."""
        renamed = {n.id: _hidden_id(n) for n in self.nodes.values() if n.card is None and n.zone == BALCONY}
        if not renamed:
            return
        for n in self.nodes.values():
            n.id = renamed.get(n.id, n.id)
        for edge in self.edges:
            edge.source = renamed.get(edge.source, edge.source)
            edge.target = renamed.get(edge.target, edge.target)

    def build(self) -> Graph:
        values: dict[str, int] = {}
        for e in self.trace[: self.step]:
            if not _sees(self.viewer, e):
                continue
            kind, actor, card = e.get("kind"), e.get("actor"), e.get("card")
            if kind == "play" and actor and card:
                n = self.garden_node(actor, card)
                if isinstance(e.get("after"), int):
                    values[n.id] = e["after"]
            elif kind in ("conspire", "conspire-secret") and actor and card:
                n = self.balcony_node(actor, card)
                if kind == "conspire" or self.viewer in (None, actor):
                    self.known.add(n.id)
            elif kind == "conspire" and actor:
                self._hidden_balcony(actor)
            elif kind == "reveal" and actor and card:
                n = self.balcony_node(actor, card)
                self.known.add(n.id)
                self.last_reveal = n
                if e.get("phase") == "replay":    # a replay re-decides it: cancelled only if it says so
                    self.cancelled_now[n.id] = False
            elif kind == "exchange" and e.get("incoming") and e.get("target"):
                incoming = self.garden_node(str(e["target"]), str(e["incoming"]), entering=True)
                if isinstance(e.get("after"), int):
                    values[incoming.id] = e["after"]
            elif kind == "exchange" and e.get("phase") in _BALCONY_PHASES and actor and card:
                # until the event names the acting card, its actor/card are the card brought in
                if node_id(BALCONY, actor, card) not in self.nodes:
                    incoming = self.garden_node(actor, card)
                    if isinstance(e.get("after"), int):
                        values[incoming.id] = e["after"]
            self._edge(e, values)
            target, tcard = e.get("target"), e.get("target_card")
            if target and tcard and e.get("rule") == "B10" and (
                    kind == "cancelled" or (kind == "effect" and e.get("phase") != "replay")):
                self.cancelled_now[self.find(str(target), str(tcard), BALCONY).id] = True
            if kind == "effect" and e.get("rule") == "B3" and actor and card:
                self.find(actor, card, BALCONY).notes.append(text("graph.note-jester", step=e["step"]))
            if kind == "convoke" and e.get("phase") in ("balcony", "replay", "score") and actor and card:
                note = text("graph.note-convoke", step=e["step"], card=card)
                owner = self.last_reveal if e.get("phase") != "score" else None
                if owner is not None and owner.player == actor:
                    owner.notes.append(note)
            if kind == "effect" and e.get("rule") == "X5" and actor and card and not e.get("target"):
                self.find(actor, card, BALCONY).notes.append(text("graph.note-copy", step=e["step"]))
        self._exchanged_in(values)
        return self._finish(values)

    def _hidden_balcony(self, actor: str) -> None:
        """A face-down card whose name this viewer has not seen yet: its node comes from the
        round's Balcony list, with the name withheld when the graph is drawn."""
        for b in self.final_balcony:
            if b["player"] == actor:
                self.balcony_node(actor, b["card"])
                return

    def _edge(self, e: Mapping[str, Any], values: dict[str, int]) -> None:
        target, target_card = e.get("target"), e.get("target_card")
        acting = self._acting(e)
        if acting is None or target is None or target_card is None:
            return
        kind, rule, phase = e.get("kind"), e.get("rule"), e.get("phase")
        source_zone = BALCONY if phase in _BALCONY_PHASES and kind != "entry" else GARDEN
        if kind == "peek-secret" or kind == "peek":
            source_zone = GARDEN
        if kind == "effect" and rule == "B10" or kind in ("peek", "peek-secret"):
            target_zone = BALCONY
        elif kind == "entry" and rule == "X3":
            target_zone = HAND
        else:
            target_zone = GARDEN
        source = self.find(acting[0], acting[1], source_zone)
        tgt = self.find(target, target_card, target_zone)
        if kind in ("peek", "peek-secret") and self.viewer in (None, acting[0]):
            self.known.add(tgt.id)
        edge_kind, label = effect_label(e)
        self.edges.append(Edge(int(e["step"]), source.id, tgt.id, edge_kind, label, False,
                               str(rule or "")))
        if isinstance(e.get("after"), int) and tgt.zone == GARDEN and kind not in ("exchange",):
            values[tgt.id] = e["after"]
        if kind == "entry" and isinstance(e.get("after"), int):
            values[source.id] = e["after"]

    def _exchanged_in(self, values: dict[str, int]) -> None:
        """A card that entered the Garden by an exchange, as the round's final Garden shows."""
        if self.step < len(self.trace):
            return
        for g in self.final_garden:
            nid = node_id(GARDEN, g["player"], g["card"])
            if nid not in self.nodes:
                self.garden_node(g["player"], g["card"])

    def _finish(self, values: dict[str, int]) -> Graph:
        done = self.step == len(self.trace)
        cancelled_end = {node_id(BALCONY, b["player"], b["card"]) for b in self.final_balcony
                         if b.get("cancelled")}
        for edge in self.edges:
            edge.cancelled = edge.source in cancelled_end
        scored_step = next((e["step"] for e in self.trace[: self.step]
                            if e.get("kind") == "winners"), None)
        for n in self.nodes.values():
            n.cancelled = n.id in cancelled_end if done else self.cancelled_now.get(n.id, False)
            if n.zone == GARDEN:
                n.prestige = values.get(n.id)
            if done:
                final = next((g for g in self.final_garden
                              if g["player"] == n.player and g["card"] == n.card), None)
                if final is not None and n.zone == GARDEN and not n.replaced:
                    n.prestige = final.get("prestige")
            if n.zone == BALCONY and self.viewer is not None and n.player != self.viewer \
                    and n.id not in self.known:
                n.card = None
        self._unname_hidden()
        winners: list[str] = list(self.data.get("winners") or []) if scored_step else []
        if scored_step is not None:
            for player in winners:
                for n in self.nodes.values():
                    if n.player == player and n.zone == GARDEN and not n.replaced:
                        n.winner = True
            scored = self.data.get("scored") or {}
            for player, cards in scored.items():
                left = list(cards)
                for zone in (GARDEN, BALCONY):
                    for n in self.nodes.values():
                        if n.player == player and n.zone == zone and n.card in left \
                                and not (zone == GARDEN and n.replaced):
                            left.remove(n.card)
                            n.scored = True
        nodes = sorted(self.nodes.values(), key=lambda n: ({GARDEN: 0, BALCONY: 1, HAND: 2}[n.zone],
                                                           n.order, n.replaced is False))
        title = str(self.data.get("title") or "")
        return Graph(nodes, self.edges, self.players, self.step, len(self.trace), self.viewer,
                     winners, bool(self.data.get("lowest_wins")) and scored_step is not None, title)


def _hidden_id(n: Node) -> str:
    return f"{n.zone}:{n.player}:face-down-{n.order}"


def build_graph(result: Any, step: int | None = None, viewer: str | None = None) -> Graph:
    """The effect graph of a round (``resolve --json`` data or a RoundResult), up to ``step``,
    through ``viewer``'s eyes (None: everyone). Raises :class:`GraphError` for a bad step or viewer."""
    return _Builder(_data(result), step, viewer).build()
