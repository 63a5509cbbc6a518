"""The scenario as data: what a scenario file describes once it is validated.

A :class:`Scenario` is one round as told at the table (see docs/scenario-format.md): the
seats with what each player played (:class:`PlayerSpec`), the variants, seed, crowns and
the `[expect]` table. :class:`ScenarioError` is the one error of every scenario module; its
message names the file, the player and key at fault, and what is allowed.

The key tables below are the file format's vocabulary, shared by the validator
(``scenario.validator``), the decider (``scenario.decide``) and the TOML writer; a card's
choice keys (``GARDEN_CHOICES``, ``CONSPIRE_CHOICES``) are part of its definition in
:mod:`aristofarsa.core.cards`, and are re-exported here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# derived from the card registry, re-exported (the file format's vocabulary)
from ..core.cards import CONSPIRE_CHOICES as CONSPIRE_CHOICES
from ..core.cards import GARDEN_CHOICES as GARDEN_CHOICES
from ..core.messages import Msg

TOP_KEYS = ("title", "description", "expansion", "first", "variants", "player", "expect",
            "rulings", "seed", "crowns", "final_round", "next_draw")
PLAYER_KEYS = ("name", "garden", "conspire", "convoke", "passes", "hand", "parlor", "deck",
               "discard_pile", "scored", "exiled")
ZONE_KEYS = ("hand", "parlor", "deck", "discard_pile", "scored", "exiled")
EXPECT_KEYS = ("winners", "scored", "convoked", "exiled", "lowest_wins", "next_first",
               "game_over", "prestige", "phase2_order", "litter", "end_reason",
               "final_round_next", "oracle_draw", "ranking", "crowns", "next_hands", "garden",
               "balcony")
OPTIONAL_CHOICES = ("peek", "also_score")


class Problem(str):
    """A scenario's problem as said (the text), with what it says as data: ``msg``, the
    catalog message rendered (its ID and fields, a problem inside it as a :class:`Msg` too),
    and ``decision``, the engine's DecisionError it tells, if any. A view files a problem
    under its field from these, never from the words (a translated catalog files it the
    same). A file reader's error, which has no message of this catalog, has ``msg`` None."""

    msg: Msg | None
    decision: Any

    def __new__(cls, said: str | Msg, msg: Msg | None = None, decision: Any = None) -> Problem:
        self = super().__new__(cls, str(said))
        self.msg = said if msg is None and isinstance(said, Msg) else msg
        self.decision = decision
        return self


def at(path: str, problem: object, player: str | None = None) -> Msg:
    """The message of a ``problem`` of the file ``path`` (of ``player``, a name): the file's
    name, then the problem (a view showing no file, the builder, shows the problem alone).
    ``problem`` is a :class:`Msg`, a text, or an error whose text it is (a DecisionError)."""
    if player is not None:
        problem = of_player(player, problem)
    return Msg("scenario-error.at", {"path": path, "problem": problem})


def of_player(player: str, problem: object) -> Msg:
    """The message of a ``problem`` of ``player`` (a name): the player, then the problem."""
    return Msg("scenario-error.of-player", {"player": repr(player), "problem": problem})


def message_of(problem: object) -> Msg | None:
    """What a problem says as data: the :class:`Msg` itself, or the ``msg`` an error or a
    :class:`Problem` carries (None for a plain text)."""
    msg = problem if isinstance(problem, Msg) else getattr(problem, "msg", None)
    return msg if isinstance(msg, Msg) else None


def inside_file(problem: object) -> Any:
    """The problem a message said :func:`at` a file holds (a :class:`Msg`, a text or an
    error), for a view that shows no file; any other problem as it is."""
    msg = message_of(problem)
    return (msg.fields or {})["problem"] if msg is not None and msg.id == "scenario-error.at" \
        else problem


#: The messages saying a problem of one player (:func:`of_player`, and the engine's refusal of
#: a player's answer, ``DecisionError``'s): the field that holds the player's quoted name.
OF_PLAYER = {"scenario-error.of-player": "player", "decision-error.of-player": "owner"}


def said_of(msg: Msg) -> tuple[str, Any] | None:
    """For a message saying a problem of one player (:data:`OF_PLAYER`): the player's quoted
    name (``repr``) and the problem; None for any other message."""
    key = OF_PLAYER.get(msg.id)
    if key is None:
        return None
    fields = msg.fields or {}
    return fields[key], fields["problem"]


class ScenarioError(Exception):
    """An invalid scenario: the message names file, player, key and what is allowed.
    ``msg``: that message as the catalog's ID and fields (given a :class:`Msg`, the error
    renders it at once); ``decision``: the engine's DecisionError when the round stopped at
    an answer of the file (its request and value, for a view that says it in other words)."""

    decision: Any = None
    msg: Msg | None = None

    def __init__(self, message: str | Msg = "", decision: Any = None) -> None:
        if isinstance(message, Msg):
            self.msg = message
        if decision is not None:
            self.decision = decision
        super().__init__(str(message))

    @property
    def problem(self) -> Problem:
        """The error's text with its message and decision (:class:`Problem`)."""
        return Problem(str(self), self.msg, self.decision)


@dataclass
class PlayerSpec:
    name: str
    garden: str
    garden_choices: dict[str, Any]
    conspire: str | None = None
    conspire_choices: dict[str, Any] = field(default_factory=dict)
    convoke: dict[str, Any] | None = None
    passes: bool = False
    zones: dict[str, Any] = field(default_factory=dict)  # zone -> list of names (None: default)


@dataclass
class Scenario:
    path: str
    title: str
    description: str
    expansion: bool
    first: str
    variants: frozenset[str]
    players: list[PlayerSpec]
    rulings: list[str]
    seed: int
    crowns: dict[str, int] | None
    final_round: bool
    next_draw: bool
    expect: dict[str, Any] | None
    warnings: list[str] = field(default_factory=list)    # each a Problem
    _layout: Any = field(default=None, repr=False, compare=False)
    _cards: Any = field(default=None, repr=False, compare=False)
    _by_name: dict[str, PlayerSpec] | None = field(default=None, repr=False, compare=False)

    def specs(self) -> dict[str, PlayerSpec]:
        """Each player's spec by seated name (made once)."""
        if self._by_name is None:
            self._by_name = {p.name: p for p in self.players}
        return self._by_name

    def spec(self, name: str) -> PlayerSpec:
        return self.specs()[name]
