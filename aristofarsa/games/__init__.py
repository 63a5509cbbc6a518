"""Whole games: the game loop, a seat's view, the game result, bots, game records, many games
in parallel and their statistics.

Above the one-round core and the scenario formats (docs/architecture.md, "Layers"). Import
its modules by name (``aristofarsa.games.game``).
"""
