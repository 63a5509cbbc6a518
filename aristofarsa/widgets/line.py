"""The one-line box of the Lab and the Dispute resolver: type a round in one line, open it.

:class:`LineBox` is a text box (``af-line``) and its button (``af-line-go``). The line is read
with :mod:`aristofarsa.line`; a mistake goes to the app's own message (``af-error``, through
``show_error(message)``) naming the clause and character, in the validator's words; a good
line's TOML goes to the app's own opening path (``open_toml(text, origin) -> bool``, the one
pasting and uploading use), so a line opens exactly as the same round as a file.
:func:`share_line` is the line of the round on screen, for the share box (``af-share``).
"""
from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped,unused-ignore]

from .. import scenario
from ..core.messages import text as message
from ..scenario import line
from .common import hook, wrap_row


def origin() -> str:
    """Where a round opened from the box comes from, as its messages name it ("the line")."""
    return message("line-box.origin")


def __getattr__(name: str) -> str:
    """``PLACEHOLDER``, ``ORIGIN`` and ``WITHHELD``, in the catalog in use when read."""
    if name == "PLACEHOLDER":
        return message("line-box.placeholder")
    if name == "ORIGIN":
        return origin()
    if name == "WITHHELD":
        return withheld()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")   # i18n: developer


class LineBox(ipw.VBox):
    """A round in the one-line notation: ``af-line`` (the text) and ``af-line-go`` (open it)."""

    def __init__(self, open_toml: Callable[[str, str], bool], show_error: Callable[[str], None],
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._open_toml = open_toml
        self._show_error = show_error
        self.layout.max_width = "100%"
        self.text = hook(ipw.Text(placeholder=message("line-box.placeholder"),
                                  description=message("line-box.label"),
                                  style={"description_width": "initial"},
                                  layout=ipw.Layout(width="auto", flex="1 1 18em", max_width="100%")),
                         "af-line")
        self.go = hook(ipw.Button(description=message("line-box.open"), layout=ipw.Layout(width="auto")),
                       "af-line-go")
        self.go.on_click(lambda _: self.open_line())
        self.children = [ipw.HTML("<div class='af-muted'>" + message("line-box.help") + "</div>"),
                         wrap_row([self.text, self.go])]

    def open_line(self) -> bool:
        """Read the line and open its round through the app; False (and the app shows the
        message) when the line is malformed or its round cannot be played as written."""
        text = self.text.value
        try:
            sc = line.load(text, origin())
            scenario.run(sc, trace=False)        # the round's own rules, located in the line
        except line.LineError as exc:
            self._show_error(str(exc))
            return False
        except scenario.ScenarioError as exc:
            self._show_error(str(line.locate(text, exc)))
            return False
        return self._open_toml(line.to_toml(text), origin())


def withheld() -> str:
    """What the share box says through one player's eyes: the line names every card of the
    round (``WITHHELD``)."""
    return "<div class='af-share-line af-muted'>" + message("line-box.withheld") + "</div>"


def share_line(round_: scenario.Scenario | str | bytes | None, viewer: str | None = None) -> str:
    """HTML for the share box: the round on screen in one line, without its title and lesson
    text ("" when there is none, or the round is not valid); ``round_`` is a scenario or its
    TOML. Seen by ``viewer`` (a player, not everyone) it is a note instead: the line tells
    every hidden card (hidden information)."""
    if round_ is None:
        return ""
    try:
        if isinstance(round_, scenario.Scenario):
            text = line.dumps(round_, prose=False)
        else:
            toml = round_.decode("utf-8") if isinstance(round_, bytes) else round_
            text = line.from_toml(toml, origin(), prose=False)
    except (scenario.ScenarioError, UnicodeDecodeError):
        return ""
    if viewer is not None:
        return withheld()
    copied = json.dumps(message("line-box.copied"))
    copy = ("const c=this.parentNode.querySelector(\"code\").innerText;"
            f"if(navigator.clipboard){{navigator.clipboard.writeText(c)}}this.textContent={copied}")
    label = html.escape(message("line-box.copy-label"), quote=True)
    return ("<div class='af-share-line'>" + message("line-box.share") + "<br><code "
            "class='af-line-text' style='white-space:pre-wrap;overflow-wrap:anywhere'>"
            f"{html.escape(text)}</code><br><button type='button' class='af-copy-line' "
            f"aria-label='{label}' onclick='{html.escape(copy, quote=True)}'>"
            + message("line-box.copy") + "</button></div>")
