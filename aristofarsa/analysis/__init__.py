"""Analysis: pure functions from runs and traces to data (no rendering, no widgets).

- :mod:`.board` — the board as it stands after each trace step, per viewer.
"""
from __future__ import annotations
