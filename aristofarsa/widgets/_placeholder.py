"""A stand-in app shown until an app's real widget lands (infra's placeholder, to be replaced)."""
from __future__ import annotations

from urllib.parse import parse_qs

import ipywidgets as ipw


class PlaceholderApp(ipw.VBox):
    """A page with the app's title, so serving, landing and browser tests work end to end."""

    title = "Aristofarsa"

    @classmethod
    def from_query(cls, query: str) -> PlaceholderApp:
        params = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
        note = ", ".join(f"{k}={v}" for k, v in sorted(params.items())) or "no parameters"
        app = cls([ipw.HTML(f"<h2>{cls.title}</h2><p>This app is being built ({note}).</p>")])
        app.add_class("af-app")
        return app

    def __repr__(self) -> str:                         # stable text/plain for nbval
        return f"{type(self).__name__}()"
