"""Analysis: pure functions from runs and traces to data (no rendering, no widgets).

- :mod:`.board` — the board as it stands after each trace step, per viewer.
- :mod:`.graph` — the effect graph: which card acted on which, in order.
- :mod:`.explain` — the round as a narrative: ledgers, steps with rulings, who scores and why.
- :mod:`.compare` — the round under each house-rule variant.
- :mod:`.whatif` — every legal Phase-2 alternative of one player.
"""
from __future__ import annotations
