"""Scenario files (TOML): the public entry point, and the loader.

A scenario is one round as told at the table (see docs/scenario-format.md). Every error
is a :class:`ScenarioError` whose message names the file, the player and key at fault,
and what is allowed. The work is split by role, one module each:

===========================  ===========================================================
``scenario`` (this module)   the loader: :func:`load` a file, :func:`loads` a text
``scenario_model``           the data: :class:`Scenario`, :class:`PlayerSpec`, key tables
``scenario_validate``        the validator: parsed TOML -> :class:`Scenario`
``scenario_layout``          the zone layout: the players' zones at the start of Phase 1
``scenario_decide``          the decider: answers the engine's requests from the file
``scenario_run``             the runner: :func:`run` the round, :func:`check_expect`
===========================  ===========================================================

Everything a caller needs is importable from here (``from aristofarsa import scenario``).
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from .scenario_decide import AutoForMissing, MissingChoice, ScenarioDecider
from .scenario_layout import build_players, layout
from .scenario_model import (
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
from .scenario_run import MULTISET_FIELDS, check_expect, run
from .scenario_validate import Validator, validate

__all__ = ["CONSPIRE_CHOICES", "EXPECT_KEYS", "GARDEN_CHOICES", "MULTISET_FIELDS",
           "OPTIONAL_CHOICES", "PLAYER_KEYS", "TOP_KEYS", "ZONE_KEYS", "AutoForMissing",
           "MissingChoice", "PlayerSpec", "Scenario", "ScenarioDecider", "ScenarioError",
           "Validator", "build_players", "check_expect", "layout", "load", "loads", "run",
           "validate"]


def load(path: str | Path) -> Scenario:
    """Read and validate a scenario file; :class:`ScenarioError` says what is wrong."""
    path = str(path)
    if Path(path).is_dir():
        raise ScenarioError(f"{path}: is a folder, not a scenario file (to run every scenario "
                            f"in a folder: aristofarsa check {path})")
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(f"{path}: not a text file (a scenario is UTF-8 TOML)") from None
    return loads(text, path)


def loads(text: str, path: str = "<scenario>") -> Scenario:
    """Validate a scenario given as TOML text; ``path`` names it in messages."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: not valid TOML: {exc}") from None
    return validate(data, path)
