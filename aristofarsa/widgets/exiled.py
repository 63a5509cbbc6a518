"""*The Exiled expansion*: the Learn app (:mod:`.learn`) over
:class:`aristofarsa.controllers.exiled.ExiledController`: exile and its four cards (X1–X7),
the expansion's rules pages, its own lesson path and the Exiled quiz level.
``ExiledApp.from_query(query)``.
"""
from __future__ import annotations

from ..controllers.exiled import ExiledController
from .learn import LearnApp


class ExiledApp(LearnApp):
    """*The Exiled expansion*: exile and its four cards (X1–X7), its own lesson path, a quiz."""

    state: ExiledController
    CONTROLLER = ExiledController
    INTRO = ("<h2 style='margin:.2em 0'>The Exiled expansion</h2>"
             "<div class='af-note'>Four more cards and exile. Learn the base game first (the Learn "
             "app); then read the Rules tab, the Cards tab, and try the Quiz.</div>")
