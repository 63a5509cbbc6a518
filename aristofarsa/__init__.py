"""aristofarsa — a traced rules engine and toolkit for the card game Aristofarsa.

Quick use::

    from aristofarsa import scenario
    result = scenario.run(scenario.load("my-round.toml"))
    print(result.to_text())
"""
from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

__version__ = "0.1.0"

#: The bundled scenario library (lessons and golden tests).
SCENARIOS_DIR = Path(__file__).with_name("scenarios")

#: The project's GitHub repository (owner/name), written here only: the Binder link and the
#: links to the docs on GitHub are made from it. A fork changes it here and pastes
#: :data:`BINDER_BADGE` into README.md (docs/apps.md, "Binder"; tests/test_repository.py checks).
REPOSITORY = "aristofarsa/aristofarsa"
#: The docs on GitHub (a page: f"{DOCS_URL}/rulings.md").
DOCS_URL = f"https://github.com/{REPOSITORY}/blob/main/docs"
#: Binder: the landing page (notebooks/index.ipynb) through Voila, from the default branch.
BINDER_URL = f"https://mybinder.org/v2/gh/{REPOSITORY}/HEAD?urlpath=voila%2Frender%2Fnotebooks%2Findex.ipynb"
#: The README's Binder badge (Markdown).
BINDER_BADGE = f"[![Binder](https://mybinder.org/badge_logo.svg)]({BINDER_URL})"


# --------------------------------------------------------------------------- old module paths
#: The flat module paths of before the package had layers (docs/architecture.md, "Layers"),
#: each mapped to where the module lives now. ``import aristofarsa.round`` still works: it
#: gives the very module object of ``aristofarsa.core.round`` (so a monkeypatch through
#: either name patches both) and warns once, with a DeprecationWarning naming the new path.
MOVED: dict[str, str] = {
    **{name: f"core.{name}" for name in (
        "board", "cards", "decisions", "draw", "effects", "files", "prestige", "ranking",
        "result", "round", "rulings", "scoring", "state", "trace", "variants")},
    **{name: f"games.{name}" for name in (
        "bots", "game", "game_result", "game_view", "records", "simulate", "stats")},
    "scenario_decide": "scenario.decide", "scenario_layout": "scenario.zones",
    "scenario_model": "scenario.model", "scenario_run": "scenario.runner",
    "scenario_toml": "scenario.toml", "scenario_validate": "scenario.validator",
    "line": "scenario.line", "share": "scenario.share",
}


class _MovedModule(MetaPathFinder, Loader):
    """Finds ``aristofarsa.<old name>`` and loads it as the module at its new path."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __name__ or name not in MOVED:
            return None
        return ModuleSpec(fullname, self, loader_state=f"{__name__}.{MOVED[name]}")

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        module = importlib.import_module(spec.loader_state)
        spec.loader_state = (spec.loader_state, module.__spec__)
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system has just given the module the old name's spec: give its own back.
        alias = module.__spec__
        assert alias is not None
        new, module.__spec__ = alias.loader_state
        warnings.warn(f"{alias.name} is deprecated: import {new} (the same module; "  # i18n: developer
                      "docs/architecture.md, \"Layers\")", DeprecationWarning, stacklevel=2)


if not any(isinstance(finder, _MovedModule) for finder in sys.meta_path):
    sys.meta_path.append(_MovedModule())
