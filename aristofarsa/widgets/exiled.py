"""*The Exiled expansion*: the Learn app (:mod:`.learn`) over
:class:`aristofarsa.controllers.exiled.ExiledController`: exile and its four cards (X1–X7),
the expansion's rules pages, its own lesson path and the Exiled quiz level.
``ExiledApp.from_query(query)``.
"""
from __future__ import annotations

import json

from ..controllers.exiled import ExiledController
from . import learn as learn_mod
from .learn import LearnApp, ReadingPage, path_words, shown_lines


class ExiledApp(LearnApp):
    """*The Exiled expansion*: exile and its four cards (X1–X7), its own lesson path, a quiz."""

    state: ExiledController
    CONTROLLER = ExiledController
    INTRO = ("learn-exiled.title", "learn-exiled.intro")


# ------------------------------------------------------------------ the reading path of both apps
def reading_path(*, times: bool = True) -> list[ReadingPage]:
    """The reading path as the apps show it: each app's opening screen (intro and tab bar),
    then every rules page and every card of its Cards tab, Learn first, then Exiled."""
    pages = []
    for name, cls in (("Learn", LearnApp), ("Exiled", ExiledApp)):
        app = cls.from_query("")
        opening = [line for child in app.children if child is not app.tabs
                   for line in shown_lines(child, times=times)]
        pages.append(ReadingPage(name, "intro and tabs",  # i18n: developer (the benchmark's labels)
                                 (*opening, " ".join(app.tabs.titles))))
        rules = app.rules
        for k, page in enumerate(rules._book.pages):
            rules._book.go(k)
            rules.refresh()
            pages.append(ReadingPage(name, f"rules {k + 1}: {page.title}",
                                     tuple(shown_lines(rules, times=times))))
        app.tabs.selected_index = app.CARDS
        cards = app.cards
        for k, card in enumerate(cards._tour.names):
            cards._tour.go(k)
            cards.refresh()
            pages.append(ReadingPage(name, f"card: {card}", tuple(shown_lines(cards, times=times))))
    return pages


def reading_path_json() -> str:
    """``aristofarsa/data/reading_path.json``: the path's words without the reading-time lines."""
    learn_mod._PATH_TOTAL[:] = [0]                # while counting, the pages show no time
    try:
        words = path_words(reading_path(times=False))
    finally:
        learn_mod._PATH_TOTAL.clear()
    return json.dumps({"words": words}) + "\n"
