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
