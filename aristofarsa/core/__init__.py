"""The one-round core: cards, rulings, variants, the board and its state, Prestige, decisions,
the trace, a round's phases, effects and scoring, its result, and the safe file reader.

The bottom layer: it imports the standard library alone and nothing above it
(docs/architecture.md, "Layers"). Import its modules by name (``aristofarsa.core.round``).
"""
