"""Controllers: headless objects the apps drive by clicks (no Jupyter import here).

- :mod:`.session` — :class:`~.session.RoundSession`: one scenario round that stops at each
  open choice (state = scenario + answers; every step replays until the first open one).
- :mod:`.game_session` — :class:`~.game_session.GameSession`: a whole game with human and
  bot seats, answer by answer, with undo.

Both, and the *Play a game* app, describe the open choice with :func:`.asks.ask_of`, the
one describer: an :class:`~.asks.Ask` (who chooses, a question naming whose card asks,
and each legal option with a label for a button).
"""
from __future__ import annotations

from .asks import Ask, Option, SessionError, ask_of
from .session import RoundSession

__all__ = ["Ask", "Option", "RoundSession", "SessionError", "ask_of"]
