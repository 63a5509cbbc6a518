"""Controllers: headless objects the apps drive by clicks (no Jupyter import here).

- :mod:`.session` — :class:`~.session.RoundSession`: one scenario round that stops at each
  open choice (state = scenario + answers; every step replays until the first open one).
- :mod:`.game_session` — :class:`~.game_session.GameSession`: a whole game with human and
  bot seats, answer by answer, with undo.

Both describe the open choice with :class:`~.session.Ask` (who chooses, what, and each
legal option with a label for a button).
"""
from __future__ import annotations

from .session import Ask, Option, RoundSession, SessionError, ask_of

__all__ = ["Ask", "Option", "RoundSession", "SessionError", "ask_of"]
