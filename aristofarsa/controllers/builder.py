"""The scenario being built by clicking: players, Garden cards, Phase-2 actions and choices.

The builder holds plain scenario data (the shape of a scenario TOML file) and judges it the
way a file is judged: ``scenario.loads(scenario_toml.dumps(data))``, then a probing run of
the round that records every request the engine makes (its legal options) and every
missing or illegal choice. Each message keeps the validator's wording (without the file's
name: the round built has no file) and is filed under the field at fault
(``"1.conspire.target"``: player 2's Conspire target) by :func:`field_of`, from the message's
catalog ID and fields that each problem carries (``scenario.model.Problem``), never from its
words: a translated catalog files it the same. Options offered
for a field are the legal ones only: cards a family still has, targets and deltas the
engine accepts, Nobles the Convoke total affords. Every key of the scenario format can be
set by a tap (the other zones, :data:`ZONES`; the switches, :data:`FLAGS`; an Oracle's keep);
tests/controllers/test_builder_taps.py enters every lesson so. No Jupyter import.
"""
from __future__ import annotations

import copy
import functools
import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .. import scenario as S
from ..core import decisions as D
from ..core.cards import CARDS, EXPANSION_CARDS, PARLOR_NOBLES, canonical, family, on_registry_change
from ..core.decisions import AutoDecider, DecisionError, Request
from ..core.messages import Msg, catalog, text, using
from ..core.result import RoundResult
from ..core.round import Round
from ..core.rulings import MAX_PLAYERS, MIN_PLAYERS
from ..core.trace import Trace
from ..core.variants import VARIANTS
from ..scenario.model import Problem, inside_file, message_of
from ..scenario.toml import dumps

DEFAULT_NAMES = ("Ana", "Bruno", "Caio", "Dora", "Edu", "Fia")
ACTIONS = ("conspire", "convoke", "passes")
#: How many cards each list of a player takes, by Phase-2 action: of the 3 in hand, one goes
#: to the Garden; a Conspire plays one more and keeps one; a Convoke discards the other two; a
#: pass (P8) is only for a player with nothing left to play.
SLOTS = {"conspire": {"hand": 1}, "convoke": {"discard": 2, "hand": 0}, "passes": {"hand": 0}}
PATH = "scenario"          # the "file name" the validator's messages are said at (not shown)
__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "Builder", "Check", "chip_label", "field_of", "no_action", "plainly",
           "shown", "still_to_enter"]
#: A player's other zones (the scenario format's per-player lists besides the round's own
#: cards), asked in the builder's optional "more of this player's cards" fold. ``parlor`` and
#: ``exiled`` left out mean the rules' count (the format's default); the others, empty.
ZONES = ("deck", "discard_pile", "scored", "parlor", "exiled")
#: Zones whose absence is not "empty" but the rules' count.
COUNTED_ZONES = ("parlor", "exiled")
#: Top-level switches of the format besides the expansion (the builder's settings fold).
FLAGS = ("final_round", "next_draw")
#: The scenario-format example: a valid round to start from (docs/scenario-format.md).
STARTER: list[dict[str, Any]] = [
    {"name": "Ana", "garden": "Knight", "conspire": {"card": "Witch", "target": "Caio", "delta": -5},
     "hand": ["Jester"]},
    {"name": "Bruno", "garden": "Rogue", "convoke": {"discard": ["Servant", "Merchant"], "take": "Bishop"}},
    {"name": "Caio", "garden": "Aristocrat", "conspire": {"card": "Merchant", "target": "Caio"},
     "hand": ["Damsel"]},
    {"name": "Dora", "garden": "Squire", "conspire": {"card": "Witch", "target": "Ana", "delta": 5},
     "hand": ["Servant"]},
    {"name": "Edu", "garden": "Jester", "conspire": {"card": "Merchant", "target": "Edu"},
     "hand": ["Rogue"]},
    {"name": "Fia", "garden": "Servant", "conspire": {"card": "Damsel", "target": "Ana"},
     "hand": ["Witch"]},
]


@dataclass
class Check:
    """What the builder's data amounts to right now."""

    problems: dict[str, list[str]] = field(default_factory=dict)   # field key -> messages
    warnings: dict[str, list[str]] = field(default_factory=dict)
    requests: dict[str, Request] = field(default_factory=dict)     # "k.source.kind" -> request
    result: RoundResult | None = None
    toml: str = ""

    @property
    def ok(self) -> bool:
        return not self.problems and self.result is not None

    def messages(self) -> list[str]:
        return [m for ms in self.problems.values() for m in ms]


#: the builder's field of each file key a problem names (``conspire.target`` ...): a key
#: under one of these is filed as it is; any other, under the player as a whole
_KEYED = ("garden", "conspire", "convoke", "hand", "name", "parlor", "deck", "discard_pile",
          "scored", "exiled")
#: the top-level keys the builder asks for, each with its own place for a problem
_TOP = ("first", "variants", "expansion", "title", "seed")
#: a player's problem by its message ID: the field it is about (a fixed one)
_PLAYER_FIELD = {
    "scenario-error.missing-garden": "garden", "scenario-error.one-action": "action",
    "scenario-error.one-action-got": "action", "scenario-error.passes": "action",
    "scenario-play.no-action": "action", "scenario-play.passes": "action",
    "scenario-error.convoke-table": "convoke", "scenario-error.convoke-key": "convoke",
    "scenario-error.convoke-discard": "convoke.discard",
    "scenario-play.convoke-discard": "convoke.discard",
    "scenario-play.convoke-discard-empty": "convoke.discard",
    "scenario-error.take-not-noble": "convoke.take", "scenario-error.take-elsewhere": "convoke.take",
    "scenario-error.take-not-in-parlor": "convoke.take", "scenario-error.exiled": "exiled",
    "scenario-error.parlor": "parlor", "scenario-error.hand": "hand", "scenario-error.hand-scribe": "hand",
    "scenario-play.scribe-discard": "garden.discard", "scenario-play.scribe-draw": "deck",
    "scenario-play.exchange-several": "conspire.exchange"}
#: a player's problem by its message ID: the field named by one of its fields (a file key)
_PLAYER_KEY = {"scenario-error.must-be": "key", "scenario-error.must-be-below": "key",
               "scenario-error.not-card-list": "key", "scenario-error.not-a-player": "key",
               "scenario-error.delta": "key", "scenario-error.card-or-table": "key",
               "scenario-error.not-a-card": "where", "scenario-error.expansion-card": "where"}
#: a top-level problem by its message ID: its field
_TOP_FIELD = {"scenario-error.players": "players", "scenario-error.no-players": "players",
              "scenario-error.names-twice": "players", "scenario-error.variants-not-list": "variants",
              "scenario-error.variants": "variants", "scenario-error.seed-negative": "seed"}
#: problems that only say something is still to be entered (a chip not tapped yet)
_TO_ENTER = frozenset(("scenario-error.missing-garden", "scenario-error.one-action",
                       "scenario-error.convoke-discard", "scenario-error.hand",
                       "scenario-error.hand-scribe", "scenario-play.scribe-discard",
                       "scenario-play.take-missing", "scenario-play.choice-missing",
                       "builder-check.scribe-draws"))
#: problems saying a player's Phase-2 action is not there
_NO_ACTION = frozenset(("scenario-error.one-action", "scenario-error.one-action-got",
                        "scenario-play.no-action"))


@dataclass
class _Told:
    """What a problem says, as data: its innermost message, the player it is about (as the
    message names them, quoted) and the engine's DecisionError it tells, if any."""

    msg: Msg | None = None
    player: str | None = None
    decision: DecisionError | None = None


def _told(problem: Any) -> _Told:
    """Unwraps a problem (a :class:`~aristofarsa.scenario.Problem`, a :class:`Msg`): the file
    it is said `at`, the player it is said `of`, the engine's answer that stopped the round."""
    told = _Told(problem if isinstance(problem, Msg) else getattr(problem, "msg", None),
                 decision=getattr(problem, "decision", None))
    for _ in range(6):
        msg = told.msg
        if msg is None:
            break
        fields = msg.fields or {}
        inner: Any
        if msg.id == "scenario-error.at":
            inner = fields["problem"]
        elif msg.id == "scenario-error.of-player":
            told.player, inner = fields["player"], fields["problem"]
        elif msg.id == "scenario-play.stopped-variants":
            inner = fields["error"]
        elif msg.id == "scenario-play.missing":      # the what of an engine's request
            told.player = fields["player"]
            if isinstance(fields.get("what"), Msg):
                told.msg = fields["what"]
            break
        else:
            told.player = told.player or (fields.get("player") if isinstance(fields.get("player"), str)
                                          else None)
            break
        if isinstance(inner, DecisionError):
            told.decision = inner
            told.msg = getattr(inner, "msg", None)      # a file's answer (scenario.decide)
        else:
            told.msg = inner if isinstance(inner, Msg) else None
    return told


def _seat(player: str | None, names: list[str]) -> int | None:
    """The seat of the player a message names (quoted, as the messages name them: ``'Ana'``)
    among ``names``, ignoring case and spaces around."""
    if player is None:
        return None
    for same in (lambda n: repr(n.strip()) == player, lambda n: repr(n.strip()).lower() == player.lower()):
        k = next((k for k, n in enumerate(names) if n and same(n)), None)
        if k is not None:
            return k
    return None


def field_of(problem: Any, names: list[str]) -> str:
    """The field a problem of the round is about, read from its message's ID and fields
    (never its words): ``"k.key"`` for player k (``"1.conspire.target"``), a top-level key
    (``"first"``, ``"variants"``, ``"players"``), or ``"scenario"``. ``problem`` is a
    :class:`~aristofarsa.scenario.Problem` (the validator's, the runner's, the builder's own)
    or a :class:`Msg`; one with no message (a reader's error) is the scenario's."""
    told = _told(problem)
    msg, decision = told.msg, told.decision
    fields = (msg.fields or {}) if msg is not None else {}
    mid = msg.id if msg is not None else ""
    if mid in ("scenario-error.player-no-name", "scenario-error.player-bad-name"):
        return f"{int(fields['number']) - 1}.name"
    if decision is not None:
        k = next((k for k, n in enumerate(names) if n.strip() == decision.request.owner), None)
    else:
        k = _seat(told.player, names)
    if k is None:
        if mid in _TOP_FIELD:
            return _TOP_FIELD[mid]
        key = fields.get("key")
        if mid.startswith("scenario-error.") and key in _TOP:
            return str(key)
        return "scenario"
    return f"{k}.{_player_field(mid, fields, decision)}"


def _player_field(mid: str, fields: Mapping[str, Any], decision: DecisionError | None) -> str:
    if mid == "scenario-error.copies":  # the card's places, in file order: under the last shown
        shown = [w for w in fields["places"].items
                 if w in ("garden", "conspire", "hand", "convoke.discard", *ZONES)]
        return shown[-1] if shown else "player"
    if mid in _PLAYER_FIELD:
        return _PLAYER_FIELD[mid]
    if mid in _PLAYER_KEY:
        return _keyed(str(fields[_PLAYER_KEY[mid]]))
    if mid == "scenario-error.choice":
        return _keyed(f"{fields['key']}.{fields['choice']}")
    if mid == "scenario-error.replay-choice":
        return _keyed(f"{fields['key']}.replay.{fields['choice']}")
    req = decision.request if decision is not None else None
    if mid == "scenario-play.take-missing":
        return "convoke.take"
    if mid == "scenario-play.replay-missing":
        return f"conspire.replay.{fields['kind']}"
    if mid == "scenario-play.choice-missing" and req is not None and req.source in ("garden", "conspire"):
        return f"{req.source}.{fields['kind']}"
    if req is not None and decision is not None and decision.reason == "illegal":
        return "action" if req.kind == D.ACTION else _keyed(req.key())
    return "player"


def _keyed(key: str) -> str:
    return key if key.startswith(_KEYED) else "player"


def still_to_enter(problem: Any) -> bool:
    """A problem that only says something is still to be entered (the chips right there say
    it): by its message's ID."""
    told = _told(problem)
    return told.msg is not None and told.msg.id in _TO_ENTER


def no_action(problem: Any) -> bool:
    """A problem saying that a player's Phase-2 action is not there: by its message's ID."""
    told = _told(problem)
    return told.msg is not None and told.msg.id in _NO_ACTION


def shown(problem: Any) -> str:
    """A problem as the builder shows it: the round built has no file, so a problem said `at`
    the file is shown without the file's name; it keeps its message (a Problem)."""
    inner = inside_file(problem)
    msg = message_of(problem)
    if inner is not problem:
        decision = getattr(problem, "decision", None) or (inner if isinstance(inner, DecisionError) else None)
        return Problem(format(inner, ""), message_of(inner), decision)
    return problem if isinstance(problem, Problem) else Problem(str(problem), msg)


def plainly(problem: Any) -> str:
    """A problem as the Dispute resolver's table shows it: its message said in the catalog's
    ``plain`` view (the table shows no file, so no file syntax: ``plain.<ID>``), as the
    catalog writes it; a problem with no message of the catalog (a reader's) as said."""
    msg = message_of(problem)
    if msg is None:
        return str(problem)
    with using(catalog().view("plain")):
        return str(msg)


class _Probe:
    """Answers from the scenario; records each request and stands in for a bad answer with
    the first legal option, so one run finds every missing or illegal choice."""

    auto = False

    def __init__(self, sc: S.Scenario) -> None:
        self.base = S.ScenarioDecider(sc)
        self.fallback = AutoDecider()
        self.requests: list[Request] = []
        self.errors: list[Problem] = []

    def decide(self, req: Request) -> Any:
        self.requests.append(req)
        try:
            value = self.base.decide(req)
        except DecisionError as exc:
            self.errors.append(_problem(exc))
            return self.fallback.decide(req)
        if not req.legal(value):
            self.errors.append(_problem(req.illegal(value)))
            return self.fallback.decide(req)
        return value


def _problem(exc: DecisionError) -> Problem:
    """The engine's refusal of an answer, as a problem (its message, if the file's decider
    gave one, and the refusal itself: its request says whose and which choice)."""
    return Problem(str(exc), getattr(exc, "msg", None), exc)


class Builder:
    """A scenario built field by field; ``check()`` judges it like a file."""

    def __init__(self, players: int = 3, expansion: bool = False, empty: bool = False) -> None:
        self.top: dict[str, Any] = {} if empty else {"title": text("builder.default-title")}
        self.expansion = expansion
        self.variants: list[str] = []
        self.first: str | None = None
        #: ``empty``: players start with a name only (the Dispute resolver: no silent example
        #: value); else with the scenario format's example round (the Lab's starting point)
        self.empty = empty
        self.players: list[dict[str, Any]] = ([] if empty else
                                              [copy.deepcopy(p) for p in STARTER[:players]])
        self.set_player_count(players)
        self._cache: tuple[str, Check] | None = None

    def load_example(self) -> None:
        """The scenario format's example round for the players at the table (names kept)."""
        names = self.names
        self.expansion, self.variants, self.first = False, [], None
        self.players = [copy.deepcopy(STARTER[k]) for k in range(len(names))]
        self.top = {"title": text("builder.example-title")}
        self._edited()

    def is_empty(self, k: int) -> bool:
        """Player k has nothing entered but a name."""
        return not any(key in self.players[k] for key in ("garden", *ACTIONS))

    # ------------------------------------------------------------- loading / saving
    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Builder:
        """A builder holding a scenario's data as read from TOML (a lesson, an upload)."""
        b = cls()
        b.top = {k: copy.deepcopy(v) for k, v in data.items()
                 if k not in ("player", "expansion", "variants", "first")}
        b.expansion = bool(data.get("expansion", False))
        b.variants = list(data.get("variants", []))
        b.first = data.get("first")
        b.players = copy.deepcopy(list(data.get("player", [])))
        return b

    def data(self) -> dict[str, Any]:
        """The scenario data (shape of a TOML file)."""
        out: dict[str, Any] = {k: v for k, v in self.top.items() if k != "expect"}
        if self.expansion:
            out["expansion"] = True
        if self.variants:
            out["variants"] = list(self.variants)
        if self.first is not None:
            out["first"] = self.first
        out["player"] = copy.deepcopy(self.players)
        if "expect" in self.top:
            out["expect"] = copy.deepcopy(self.top["expect"])
        return out

    def toml(self) -> str:
        return dumps(self.data())

    def _edited(self) -> None:
        self.top.pop("expect", None)   # a changed round no longer pins the old outcome
        self._cache = None

    # ------------------------------------------------------------- reading
    @property
    def names(self) -> list[str]:
        return [str(p.get("name", "")) for p in self.players]

    def player(self, k: int) -> dict[str, Any]:
        return self.players[k]

    def garden(self, k: int) -> str | None:
        return _card_of(self.players[k].get("garden"))

    def action(self, k: int) -> str:
        p = self.players[k]
        return next((a for a in ACTIONS if a in p), "conspire")

    def set_title(self, title: str) -> None:
        self.top["title"] = title
        self._edited()

    def conspire(self, k: int) -> str | None:
        return _card_of(self.players[k].get("conspire"))

    def choices(self, k: int, source: str) -> dict[str, Any]:
        value = self.players[k].get(source)
        return {a: b for a, b in value.items() if a != "card"} if isinstance(value, dict) else {}

    def choice_keys(self, k: int, source: str) -> tuple[str, ...]:
        """The choices the player's card takes there (Elder: those of the Garden card)."""
        if source == "garden":
            card = self.garden(k)
            return S.GARDEN_CHOICES.get(card or "", ())
        card = self.conspire(k)
        if card == "Elder":
            return S.CONSPIRE_CHOICES.get(self.garden(k) or "", ())
        return S.CONSPIRE_CHOICES.get(card or "", ())

    def hand(self, k: int) -> list[str]:
        return list(self.players[k].get("hand", []))

    def deck(self, k: int) -> list[str]:
        """The player's draw deck, top card first (a Garden Scribe draws its top card)."""
        deck = self.players[k].get("deck", [])
        return [str(c) for c in deck] if isinstance(deck, list) else []

    def draws(self, k: int) -> bool:
        """Whether the round makes player k draw this round: a Garden Scribe (X4)."""
        return self.garden(k) == "Scribe"

    def drawn(self, k: int) -> str | None:
        """The card a Garden Scribe drew: the top of the deck."""
        deck = self.deck(k)
        return deck[0] if deck else None

    def set_drawn(self, k: int, card: str | None) -> None:
        """The top card of the deck (the card the Garden Scribe draws); None: no deck given."""
        rest = self.deck(k)[1:]
        if card is None and not rest:
            self.players[k].pop("deck", None)
        else:
            self.players[k]["deck"] = ([card] if card else []) + rest
        self._order(k)
        self._edited()

    def replays(self, k: int) -> list[str]:
        """The Conspire choices a Bishop's cancellation makes player k choose again (B10)."""
        return [key.rsplit(".", 1)[1] for key in self.check().requests
                if key.startswith(f"{k}.conspire.replay.")]

    def set_replay(self, k: int, key: str, value: Any) -> None:
        """The new choice made when a Bishop's cancellation replays the Balcony (B10)."""
        table = dict(self.choices(k, "conspire").get("replay") or {})
        if value is None or value == "":
            table.pop(key, None)
        else:
            table[key] = value
        self.set_choice(k, "conspire", "replay", table or None)

    def complete(self, k: int) -> bool:
        """Player k's entry is whole: Garden card, Phase-2 action with its cards and every
        choice its cards need, and no problem filed under the player."""
        p = self.players[k]
        if not self.garden(k) or not any(a in p for a in ACTIONS):
            return False
        if self.draws(k) and not self.drawn(k):
            return False
        if self.action(k) == "conspire" and not self.empty and len(self.hand(k)) < SLOTS["conspire"]["hand"]:
            return False
        check = self.check()
        return not any(key.split(".")[0] == str(k) for key in check.problems)

    def told(self, k: int) -> bool:
        """Player k's entry is complete and leaves nothing untold that a table tells: the
        kept card of a Conspire, and every optional choice that has options (an Oracle's
        peek, a Scribe's *also score*) set."""
        if not self.complete(k):
            return False
        if self.action(k) == "conspire" and len(self.hand(k)) < SLOTS["conspire"]["hand"]:
            return False
        for source in ("garden", "conspire"):
            chosen = self.choices(k, source)
            for key in self.choice_keys(k, source):
                if key not in chosen and self.choice_options(k, source, key)[0]:
                    return False
        return True

    def all_told(self) -> bool:
        """The round is valid and every player's entry :meth:`told`: the last fact is in."""
        return self.check().ok and all(self.told(k) for k in range(len(self.players)))

    def set_convoke_take(self, k: int, take: str) -> None:
        """One tap for "Convokes the Courtisan": the Phase-2 action and the Noble taken."""
        self.set_action(k, "convoke")
        self.set_convoke(k, take=take)

    def convoke(self, k: int) -> dict[str, Any]:
        c = self.players[k].get("convoke")
        return c if isinstance(c, dict) else {"discard": [], "take": None}

    # ------------------------------------------------------------- options (legal only)
    def card_names(self) -> list[str]:
        return [n for n in CARDS if self.expansion or not CARDS[n].expansion]

    def _used(self, k: int, leave_out: str) -> Counter[str]:
        """Cards the player has elsewhere in the file than ``leave_out`` (a place: garden,
        conspire, hand, discard, drawn, scribe-discard, or a zone of :data:`ZONES`)."""
        p = self.players[k]
        used: Counter[str] = Counter()
        scribe = self.choices(k, "garden").get("discard") if self.garden(k) == "Scribe" else None
        places: dict[str, list[Any]] = {
            "garden": [self.garden(k)], "conspire": [self.conspire(k)] if "conspire" in p else [],
            "hand": self.hand(k),
            "discard": list(self.convoke(k).get("discard") or []) if "convoke" in p else [],
            "drawn": self.deck(k)[:1], "deck": self.deck(k)[1:],
            "scribe-discard": [scribe] if isinstance(scribe, str) else [],
            **{z: self.zone(k, z) or [] for z in ZONES if z != "deck"}}
        skip = {leave_out}
        if leave_out == "deck":
            skip.add("drawn")
        if self.draws(k):   # X4: the card drawn is now where it went (hand, discard ...), once
            skip.add("drawn")
        if leave_out == "drawn":   # it may be any card held this round (the one drawn)
            skip |= {"hand", "conspire", "discard", "scribe-discard"}
        for where, cards in places.items():
            if where not in skip:
                used.update(canonical(c) or str(c) for c in cards if c)
        return used

    # ------------------------------------------------------------- the other zones
    def zone(self, k: int, z: str) -> list[str] | None:
        """Player k's ``z`` (a zone of :data:`ZONES`) as given; None: not given (for
        ``parlor`` and ``exiled``, the rules' count; for the others, empty)."""
        value = self.players[k].get(z)
        return [str(c) for c in value] if isinstance(value, list) else None

    def zones(self, k: int) -> list[str]:
        """The zones the builder asks for player k: the Exiled deck only with the expansion."""
        return [z for z in ZONES if z != "exiled" or self.expansion]

    def zone_options(self, k: int, z: str, j: int | None = None) -> list[str]:
        """Legal cards for card ``j`` of zone ``z`` (None: one more card), the zone's other
        cards held fixed: the copies the family has left (card counts from the registry);
        a Parlor holds only Parlor Nobles. Each name once."""
        cards = self.zone(k, z) or []
        drawn = 0 if z == "deck" and self.draws(k) else None   # moved out of the deck (X4)
        left = Counter(self.hand_options(k, z)) - Counter(
            c for i, c in enumerate(cards) if i != j and i != drawn)
        allowed = PARLOR_NOBLES if z == "parlor" else list(left)
        return [c for c in left if c in allowed]

    def counted(self, k: int, z: str) -> list[str]:
        """What the rules count in ``z`` when it is not given (the format's default): the
        Parlor Nobles, or the Exiled cards, the player has nowhere else."""
        used = self._used(k, z)       # a Convoke's Noble is no place: it comes from the Parlor
        if z == "parlor":
            return [n for n in PARLOR_NOBLES if not used[n]]
        if z == "exiled":
            return [n for n in EXPANSION_CARDS if not used[n]]
        return []

    def set_zone(self, k: int, z: str, cards: list[str] | None) -> None:
        """Player k's zone ``z`` (None: not given)."""
        if z not in ZONES:
            raise ValueError(f"zone {z!r}; allowed: {', '.join(ZONES)}")
        if cards is None:
            self.players[k].pop(z, None)
        else:
            self.players[k][z] = list(cards)
        self._order(k)
        self._edited()

    def zone_pick(self, k: int, z: str, card: str | None, j: int | None = None) -> None:
        """A tap in zone ``z``: ``card`` at position ``j`` (None or past the end: one more
        card, at the bottom); ``card`` None: card ``j`` taken out."""
        cards = self.zone(k, z) or []
        if card is None:
            if j is not None and j < len(cards):
                del cards[j]
        elif j is None or j >= len(cards):
            cards.append(card)
        else:
            cards[j] = card
        self.set_zone(k, z, cards if cards or z in COUNTED_ZONES else None)

    def flag(self, key: str) -> bool:
        return bool(self.top.get(key, False))

    def set_flag(self, key: str, on: bool) -> None:
        """A top-level switch of :data:`FLAGS`: the final round (E3), the next Draw (D1, X6)."""
        if key not in FLAGS:
            raise ValueError(f"switch {key!r}; allowed: {', '.join(FLAGS)}")
        if on:
            self.top[key] = True
        else:
            self.top.pop(key, None)
        self._edited()

    def available(self, k: int, where: str) -> list[str]:
        """Cards the player's family still has for ``where`` (garden, conspire, hand, discard)."""
        limit = Counter(family(self.expansion))
        used = self._used(k, where)
        return [n for n in self.card_names() if n in limit and used[n] < limit[n]]

    def hand_options(self, k: int, where: str = "hand") -> list[str]:
        """Cards that may go in hand (or ``where``: "discard"), one entry per copy the family
        has outside it (a family has two Servants)."""
        limit = Counter(family(self.expansion))
        used = self._used(k, where)
        return [n for n in self.card_names() for _ in range(max(0, limit[n] - used[n]))]

    def slot_options(self, k: int, where: str, j: int | None = None) -> list[str]:
        """Legal cards for card ``j`` of the hand or the Convoke discard, the list's other
        cards held fixed; ``j=None``: for one more card. Each name once."""
        if where in ZONES:
            return self.zone_options(k, where, j)
        cards = self.hand(k) if where == "hand" else list(self.convoke(k).get("discard") or [])
        left = Counter(self.hand_options(k, where)) - Counter(c for i, c in enumerate(cards) if i != j)
        return list(left)

    def take_options(self, k: int) -> list[str]:
        """Nobles this Convoke can afford (from the engine's own request when the round
        runs; otherwise the Parlor's Nobles)."""
        req = self.check().requests.get(f"{k}.convoke.take")
        if req is not None:
            return list(req.options)
        parlor = self.zone(k, "parlor")
        return parlor if parlor is not None else self.counted(k, "parlor")

    def choice_options(self, k: int, source: str, key: str) -> tuple[list[Any], bool]:
        """(legal values, optional?) for one choice: the engine's request when the round
        reaches it, else what the card's text allows."""
        req = self.check().requests.get(f"{k}.{source}.{key}")
        if req is not None and key == D.KEEP:     # X6: the 3 cards kept of those held, one chip each
            pool, n = req.options
            return [list(c) for c in dict.fromkeys(itertools.combinations(pool, n))], False
        if req is not None and key == D.EXCHANGE:   # "no swap" is the file's `false`, a chip
            return [False, *req.options], False
        if req is not None:
            return list(req.options), req.optional
        names = self.names
        others = [n for j, n in enumerate(names) if j != k]
        if key == D.DELTA:
            return [-5, 5], False
        if key == D.EXCHANGE:
            return [False, *self.hand(k)], False
        if key == D.DISCARD and source == "garden":   # the Scribe's: what was in hand then
            drawn = [self.drawn(k)] if self.drawn(k) else []
            return list(dict.fromkeys([*drawn, *self.available(k, "scribe-discard")])), False
        if key in (D.DISCARD, D.REVEAL, D.GIVE, D.ALSO_SCORE):
            return self.hand(k), key == D.ALSO_SCORE
        if key == D.PEEK:
            return others, True
        if key == D.TARGET:
            card = self.conspire(k) if source == "conspire" else self.garden(k)
            own_ok = bool(card) and own_target(str(card), source, frozenset(self.variants))
            return (names if own_ok else others), False
        return [], True

    # ------------------------------------------------------------- editing
    def set_player_count(self, n: int) -> None:
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(text("scenario-error.players", count=n, min=MIN_PLAYERS, max=MAX_PLAYERS))
        while len(self.players) > n:
            self.players.pop()
        while len(self.players) < n:
            free = next(d for d in STARTER if d["name"] not in self.names)
            self.players.append({"name": free["name"]} if self.empty else copy.deepcopy(free))
        if self.first is not None and self.first not in self.names:
            self.first = None
        self._edited()

    def set_name(self, k: int, name: str) -> None:
        old = self.players[k].get("name")
        self.players[k]["name"] = name
        if self.first == old:
            self.first = name
        self._edited()

    def set_first(self, name: str | None) -> None:
        self.first = name or None
        self._edited()

    def set_expansion(self, on: bool) -> None:
        self.expansion = bool(on)
        self._edited()

    def set_variants(self, names: list[str]) -> None:
        self.variants = [n for n in VARIANTS if n in names]
        self._edited()

    def set_garden(self, k: int, card: str | None) -> None:
        """The Garden card (None: none yet, which the validator reports)."""
        if card is None:
            self.players[k].pop("garden", None)
        else:
            self.players[k]["garden"] = self._with_choices(card, self.players[k].get("garden"), "garden")
        self._order(k)
        self._edited()

    def set_action(self, k: int, action: str) -> None:
        if action not in ACTIONS:
            raise ValueError(f"Phase-2 action {action!r}; allowed: {', '.join(ACTIONS)}")
        p = self.players[k]
        if action == self.action(k) and action in p:
            return
        # the cards held stay the same: what was conspired or discarded moves, nothing is lost
        held = ([self.conspire(k)] if "conspire" in p else []) + list(
            self.convoke(k).get("discard") or [] if "convoke" in p else []) + self.hand(k)
        held = [c for c in held if c]
        for a in ACTIONS:
            p.pop(a, None)
        p["hand"] = []
        if action == "conspire" and self.empty:     # the cards held move; nothing made up
            if held:
                p["conspire"] = held[0]
            p["hand"] = held[1:2]
        elif action == "conspire":
            p["conspire"] = held[0] if held else self._spare(k, "conspire")
            p["hand"] = held[1:2] or [self._spare(k, "hand")]
        elif action == "convoke":
            p["convoke"] = {"discard": held[:2]}
            while len(p["convoke"]["discard"]) < 2 and not self.empty:   # each spare counts those before it
                p["convoke"] = {"discard": [*p["convoke"]["discard"], self._spare(k, "discard")]}
        else:
            p["passes"] = True         # P8: only with nothing left in hand to Conspire
        self._order(k)
        self._edited()

    def _spare(self, k: int, where: str) -> str:
        """A card the player's family still has for ``where`` (a default to start from)."""
        free = self.slot_options(k, where) if where in ("hand", "discard") else self.available(k, where)
        return next(iter(free), "Servant")

    # ------------------------------------------------------------- tapping
    def slots(self, k: int) -> dict[str, int]:
        """How many cards the player's hand (and Convoke discard) holds: :data:`SLOTS` by action."""
        return dict(SLOTS[self.action(k)])

    def places(self, k: int) -> list[tuple[str, int | None, str]]:
        """(where, index, card) of each card the player holds this round."""
        p = self.players[k]
        out: list[tuple[str, int | None, str]] = []
        if self.garden(k):
            out.append(("garden", None, str(self.garden(k))))
        if "conspire" in p and self.conspire(k):
            out.append(("conspire", None, str(self.conspire(k))))
        if "convoke" in p:
            out += [("discard", j, c) for j, c in enumerate(self.convoke(k).get("discard") or [])]
        out += [("hand", j, c) for j, c in enumerate(self.hand(k))]
        return out

    def pick(self, k: int, where: str, card: str, j: int | None = None) -> None:
        """Put ``card`` at ``where`` (garden, conspire, hand or discard card ``j``; ``j`` past
        the list's end adds it). When the family has no other copy, the place holding it
        takes the card this one held: a tap swaps, and the round stays possible."""
        current = {(w, i): c for w, i, c in self.places(k)}
        old = current.get((where, j))
        if old == card:
            return
        limit = Counter(family(self.expansion))[card]
        elsewhere = [(w, i) for (w, i), c in current.items() if c == card and (w, i) != (where, j)]
        if len(elsewhere) >= max(limit, 1) and old is not None:
            self._put(k, *elsewhere[-1], old)
        self._put(k, where, j, card)

    def _put(self, k: int, where: str, j: int | None, card: str) -> None:
        if where == "garden":
            self.set_garden(k, card)
        elif where == "conspire":
            self.set_conspire(k, card)
        else:
            cards = self.hand(k) if where == "hand" else list(self.convoke(k).get("discard") or [])
            if j is None or j >= len(cards):
                cards.append(card)
            else:
                cards[j] = card
            if where == "hand":
                self.set_hand(k, cards)
            else:
                self.set_convoke(k, discard=cards)

    def set_conspire(self, k: int, card: str | None) -> None:
        if card is None:
            self.players[k].pop("conspire", None)
        else:
            self.players[k]["conspire"] = self._with_choices(card, self.players[k].get("conspire"),
                                                             "conspire")
        self._order(k)
        self._edited()

    def set_choice(self, k: int, source: str, key: str, value: Any) -> None:
        """Set (or with None, clear) one choice of the Garden or Conspire card."""
        current = self.players[k].get(source)
        card = _card_of(current)
        if card is None:
            raise ValueError(f"player {self.names[k]!r}: no {source} card to choose for")  # i18n: developer
        table = dict(current) if isinstance(current, dict) else {"card": card}
        if value is None or value == "":
            table.pop(key, None)
        else:
            table[key] = value
        self.players[k][source] = table if len(table) > 1 else card
        self._edited()

    def set_hand(self, k: int, cards: list[str]) -> None:
        self.players[k]["hand"] = list(cards)
        self._order(k)
        self._edited()

    def set_convoke(self, k: int, discard: list[str] | None = None, take: str | None = "") -> None:
        """Convoke's discarded cards and/or the Noble taken (``take=None``: none chosen yet)."""
        c = dict(self.convoke(k))
        if discard is not None:
            c["discard"] = list(discard)
        if take != "":
            c["take"] = take
        for a in ACTIONS:
            self.players[k].pop(a, None)
        table: dict[str, Any] = {"discard": c.get("discard") or []}
        if c.get("take"):
            table["take"] = c["take"]
        self.players[k]["convoke"] = table
        self._order(k)
        self._edited()

    def _with_choices(self, card: str, old: Any, source: str) -> Any:
        keep = {a: b for a, b in old.items() if a != "card"} if isinstance(old, dict) else {}
        if _card_of(old) != card:   # another card keeps the choices it takes too (a target ...)
            table = S.GARDEN_CHOICES if source == "garden" else S.CONSPIRE_CHOICES
            takes = table.get(card, ())
            keep = {a: b for a, b in keep.items() if a in takes}
        return {"card": card, **keep} if keep else card

    def _order(self, k: int) -> None:
        p = self.players[k]
        order = ("name", "garden", "conspire", "convoke", "passes", "hand")
        self.players[k] = {a: p[a] for a in order if a in p} | {a: b for a, b in p.items() if a not in order}

    # ------------------------------------------------------------- judging
    def check(self) -> Check:
        """Judge the data as a file is judged; cached until the next edit."""
        try:
            text = self.toml()
        except ValueError as exc:
            return Check(problems={"scenario": [str(exc)]})
        if self._cache is not None and self._cache[0] == text:
            return self._cache[1]
        check = _judge(text, self.names, untold_hand=self.empty)
        self._cache = (text, check)
        return check

    def problems_for(self, key: str) -> list[str]:
        return self.check().problems.get(key, [])


@functools.cache
def own_target(card: str, source: str, variants: frozenset[str]) -> bool:
    """Whether ``card``'s target (played at ``source``: conspire or garden) may be its owner's
    own card under these house rules. Asked of the engine itself, not written here: a small
    round in which the card's owner must choose a target, and whether the engine's request
    offers the owner (the Merchant and the Scribe do; the Witch with ``witch-own``)."""
    filler = "Servant"                    # a family has two: Garden and Conspire both
    me = {"name": "A", "garden": filler, "conspire": card} if source == "conspire" else \
        {"name": "A", "garden": card, "conspire": filler}
    others = [{"name": n, "garden": filler, "conspire": filler} for n in ("B", "C")]
    data: dict[str, Any] = {"expansion": CARDS[card].expansion, "variants": sorted(variants),
                            "player": [me, *others]}
    req = _judge(dumps(data), ["A", "B", "C"]).requests.get(f"0.{source}.{D.TARGET}")
    return req is not None and "A" in req.options


@on_registry_change
def _forget_targets() -> None:
    """A changed registry (a test's toy card) may change who a card may target."""
    own_target.cache_clear()


def _card_of(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("card")
    return canonical(value) or (value if isinstance(value, str) and value else None)


def _file(check: Check, bucket: dict[str, list[str]], problem: Any, names: list[str]) -> None:
    said = shown(problem)
    key = field_of(problem, names)
    if said not in bucket.get(key, []):
        bucket.setdefault(key, []).append(said)


def _judge(text: str, names: list[str], untold_hand: bool = False) -> Check:
    """``untold_hand``: a Conspiring player's kept card may be left out (the Dispute resolver:
    a table rarely tells it, and it plays no part unless a choice names it)."""
    check = Check(toml=text)
    try:
        sc = S.loads(text, PATH)
    except S.ScenarioError as exc:   # every independent problem at once, the first one first
        for problem in S.problems(text, PATH) or [exc.problem]:
            _file(check, check.problems, problem, names)
        return check
    for w in sc.warnings:      # a round that cannot happen is an error, never a warning
        at = field_of(w, names).split(".")[0]
        seat = sc.players[int(at)] if at.isdigit() and int(at) < len(sc.players) else None
        hand = _told(w).msg          # the hand warning: its player and count
        fields = (hand.fields or {}) if hand is not None else {}
        scribe = hand is not None and hand.id == "scenario-error.hand-scribe"
        if seat is not None and seat.garden == "Scribe" and scribe and \
                not seat.zones.get("deck"):       # X4: the cause is the Scribe's draw, not the hand
            check.problems.setdefault(f"{at}.deck", []).append(Problem(
                Msg("builder-check.scribe-draws", {"player": repr(seat.name)})))
        elif (untold_hand and seat is not None and seat.conspire and not seat.zones.get("hand")
              and fields.get("count") == 2):   # one card short
            continue
        elif seat is not None and seat.passes:
            _file(check, check.warnings, w, names)   # P8: a pass is for a hand set up short
        elif seat is not None and seat.convoke is not None:
            check.problems.setdefault(f"{at}.convoke.discard", []).append(
                shown(w) if not fields else Problem(Msg(
                    "builder-check.convoke-hand-scribe" if scribe else "builder-check.convoke-hand",
                    {"player": fields["player"], "count": fields["count"]})))
        else:
            check.problems.setdefault(f"{at}.hand" if seat is not None else "scenario", []).append(
                shown(w))
    probe = _Probe(sc)
    players, rng = S.build_players(sc)
    order = [p.name for p in sc.players]
    try:
        r = Round(players, order.index(sc.first), probe, variants=sc.variants, expansion=sc.expansion,
                  rng=rng, trace=Trace(False), final_round=sc.final_round, crowns=sc.crowns)
        played = r.play()
        if sc.next_draw and not played.game_over:   # D1, X6: an Oracle's keep is asked there
            r.next_draw(played)
    except DecisionError as exc:
        probe.errors.append(_problem(exc))
    except S.ScenarioError as exc:
        probe.errors.append(exc.problem)
    except Exception as exc:   # noqa: BLE001 - never a traceback in the page
        probe.errors.append(Problem(Msg("builder-check.unresolvable", {"error": str(exc)})))
    for req in probe.requests:
        k = order.index(req.owner) if req.owner in order else -1
        key = (f"{k}.convoke.take" if req.kind == D.TAKE else
               f"{k}.{req.source}.replay.{req.kind}" if req.replay else f"{k}.{req.source}.{req.kind}")
        check.requests.setdefault(key, req)
    for problem in probe.errors:
        _file(check, check.problems, problem, names)
    if check.problems:
        return check
    try:
        check.result = S.run(sc)
    except S.ScenarioError as exc:
        _file(check, check.problems, exc.problem, names)
    return check


def chip_label(value: Any) -> str:
    """A choice value as its chip shows it (the builder's chips; benchmarks/bench_entry.py taps them)."""
    if value is False:
        return text("builder.no-swap")
    if value is True:
        return text("builder.yes")
    if isinstance(value, int):
        return f"{value:+d}".replace("-", "−")
    if isinstance(value, list):         # an Oracle's 3 cards kept
        return " + ".join(map(str, value))
    return str(value)
