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
from collections.abc import Callable
from typing import Any

import ipywidgets as ipw  # type: ignore[import-untyped,unused-ignore]

from .. import scenario
from ..scenario import line
from .common import hook, wrap_row

PLACEHOLDER = "Ana: Knight, Witch on Caio -5, hand Jester; Bruno: …"
ORIGIN = "the line"


class LineBox(ipw.VBox):
    """A round in the one-line notation: ``af-line`` (the text) and ``af-line-go`` (open it)."""

    def __init__(self, open_toml: Callable[[str, str], bool], show_error: Callable[[str], None],
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._open_toml = open_toml
        self._show_error = show_error
        self.layout.max_width = "100%"
        self.text = hook(ipw.Text(placeholder=PLACEHOLDER, description="Round in one line",
                                  style={"description_width": "initial"},
                                  layout=ipw.Layout(width="auto", flex="1 1 18em", max_width="100%")),
                         "af-line")
        self.go = hook(ipw.Button(description="Open the line", layout=ipw.Layout(width="auto")),
                       "af-line-go")
        self.go.on_click(lambda _: self.open_line())
        self.children = [ipw.HTML("<div class='af-muted'>…or type the round in one line: one "
                                  "clause per player, in seat order — Garden card, Phase-2 "
                                  "action, hand; e.g. <i>Ana: Knight, Witch on Caio -5, hand "
                                  "Jester; Bruno: Rogue, convoke Servant Merchant take Bishop; "
                                  "…</i></div>"),
                         wrap_row([self.text, self.go])]

    def open_line(self) -> bool:
        """Read the line and open its round through the app; False (and the app shows the
        message) when the line is malformed or its round cannot be played as written."""
        text = self.text.value
        try:
            sc = line.load(text, ORIGIN)
            scenario.run(sc, trace=False)        # the round's own rules, located in the line
        except line.LineError as exc:
            self._show_error(str(exc))
            return False
        except scenario.ScenarioError as exc:
            self._show_error(str(line.locate(text, str(exc), ORIGIN)))
            return False
        return self._open_toml(line.to_toml(text), ORIGIN)


#: What the share box says through one player's eyes: the line names every card of the round.
WITHHELD = ("<div class='af-share-line af-muted'>The round in one line tells every hidden card: "
            "switch <b>Seen by</b> to Everyone to share it.</div>")


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
            text = line.from_toml(toml, ORIGIN, prose=False)
    except (scenario.ScenarioError, UnicodeDecodeError):
        return ""
    if viewer is not None:
        return WITHHELD
    copy = ("const c=this.parentNode.querySelector(\"code\").innerText;"
            "if(navigator.clipboard){navigator.clipboard.writeText(c)}"
            "this.textContent=\"Copied\"")
    return ("<div class='af-share-line'>The round in one line (paste it into a chat; the one-line "
            "box of this page opens it again):<br><code class='af-line-text' style='white-space:"
            f"pre-wrap;overflow-wrap:anywhere'>{html.escape(text)}</code><br>"
            f"<button type='button' class='af-copy-line' aria-label='copy the round in one line' "
            f"onclick='{html.escape(copy, quote=True)}'>Copy the line</button></div>")
