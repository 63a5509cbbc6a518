"""aristofarsa — a traced rules engine and toolkit for the card game Aristofarsa.

Quick use::

    from aristofarsa import scenario
    result = scenario.run(scenario.load("my-round.toml"))
    print(result.to_text())
"""
from __future__ import annotations

from pathlib import Path

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
