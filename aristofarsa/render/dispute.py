"""HTML pieces of the Dispute resolver and the Effect graphs gallery (pure data → str); the
steps and the board are the Lab's (render/html.py)."""
from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

from ..rulings import RULINGS


class GalleryItem(Protocol):
    """What a gallery entry shows (``controllers.graphs.GalleryItem``; render/ does not
    import controllers/)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def rulings(self) -> Sequence[str]: ...
    @property
    def winners(self) -> Sequence[str]: ...
    @property
    def link(self) -> str: ...
    @property
    def outcome(self) -> str: ...


e = html.escape



def gallery_item_html(item: GalleryItem) -> str:
    rulings = ", ".join(f"<span title='{e(RULINGS.get(r, ''))}'>{e(r)}</span>" for r in item.rulings)
    return (f"<h4>{e(item.title)}</h4><div class='af-muted'><code>{e(item.name)}</code> · rulings "
            f"{rulings} · {e(item.outcome.rstrip('.'))} · "
            f"<a class='af-open-lab' href='{e(item.link)}' target='_blank' rel='noopener'>"
            f"open in the Lab</a></div>")
