"""Scenario files (TOML): the public entry point, and the loader; the file formats' package.

A scenario is one round as told at the table (see docs/scenario-format.md). Every error
is a :class:`ScenarioError` whose message names the file, the player and key at fault,
and what is allowed. The work is split by role, one module each:

===========================  ===========================================================
``scenario`` (this package)  the loader: :func:`load` a file, :func:`loads` a text
``scenario.model``           the data: :class:`Scenario`, :class:`PlayerSpec`, key tables
``scenario.validator``       the validator: parsed TOML -> :class:`Scenario`
``scenario.zones``           the zone layout: the players' zones at the start of Phase 1
``scenario.decide``          the decider: answers the engine's requests from the file
``scenario.runner``          the runner: :func:`run` the round, :func:`check_expect`
``scenario.toml``            the TOML writer: scenario data back to text
``scenario.line``            the one-line notation of a round
``scenario.share``           share codes: a scenario's text in a link
===========================  ===========================================================

Everything a caller needs is importable from here (``from aristofarsa import scenario``).
The modules are named apart from the functions this package exports (``runner``, not
``run``): importing a submodule sets the package's attribute of its name.
"""
from __future__ import annotations

from pathlib import Path

from ..core import files
from ..core.messages import text as message
from .decide import AutoForMissing, MissingChoice, ScenarioDecider
from .model import (
    CONSPIRE_CHOICES,
    EXPECT_KEYS,
    GARDEN_CHOICES,
    OPTIONAL_CHOICES,
    PLAYER_KEYS,
    TOP_KEYS,
    ZONE_KEYS,
    PlayerSpec,
    Scenario,
    ScenarioError,
)
from .runner import MULTISET_FIELDS, check_expect, run
from .validator import Validator, validate
from .validator import problems as problems_of_data
from .zones import build_players, layout

__all__ = ["CONSPIRE_CHOICES", "EXPECT_KEYS", "GARDEN_CHOICES", "MULTISET_FIELDS",
           "OPTIONAL_CHOICES", "PLAYER_KEYS", "TOP_KEYS", "ZONE_KEYS", "AutoForMissing",
           "MissingChoice", "PlayerSpec", "Scenario", "ScenarioDecider", "ScenarioError",
           "Validator", "build_players", "check_expect", "layout", "load", "loads", "problems", "run",
           "validate"]


def load(path: str | Path) -> Scenario:
    """Read and validate a scenario file; :class:`ScenarioError` says what is wrong.

    Only a regular file of at most ``files.MAX_TEXT_BYTES`` bytes of UTF-8 text is read.
    """
    name = str(path)
    try:
        folder = Path(name).is_dir()
    except OSError:         # e.g. a folder on the way one may not enter: the reader says so
        folder = False
    if folder:
        raise ScenarioError(message("scenario-error.folder", path=name))
    try:
        text = files.read_text(name, files.SCENARIO_FILE)
    except files.FileInputError as exc:
        raise ScenarioError(str(exc)) from None
    return loads(text, name)


def loads(text: str, path: str = "<scenario>", max_bytes: int = files.MAX_TEXT_BYTES) -> Scenario:
    """Validate a scenario given as TOML text; ``path`` names it in messages. A text of more
    than ``max_bytes`` bytes (the apps pass their upload limit) is refused unparsed."""
    try:
        files.check_text_size(text, path, files.SCENARIO_FILE, max_bytes)
        data = files.parse_toml(text.removeprefix("\ufeff"), path)
    except files.FileInputError as exc:
        raise ScenarioError(str(exc)) from None
    return validate(data, path)


def problems(text: str, path: str = "<scenario>") -> list[str]:
    """Every independent problem of a scenario text, worded as :func:`loads` words them (it
    raises the first one, which comes first here); [] when the text is a valid scenario.
    Each is a :class:`~.model.Problem` (its message's ID and fields beside the text) but a reader's
    error (a text too big, not TOML)."""
    try:
        files.check_text_size(text, path, files.SCENARIO_FILE)
        data = files.parse_toml(text.removeprefix("\ufeff"), path)
    except files.FileInputError as exc:
        return [str(exc)]
    return problems_of_data(data, path)
