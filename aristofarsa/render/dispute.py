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

e = html.escape

#: The apps' own styles (local: no CDN). Phones first: everything wraps at 390 px.
CSS = """<style>
.af-app { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.af-app.widget-box { max-width: min(100%, 60em) !important; }
.af-app.af-gallery.widget-box { max-width: min(100%, 1100px) !important; }  /* graphs want room */
.af-app .widget-html-content { line-height: 1.35; }
.af-app h2 { margin: 4px 0 2px 0; }
.af-app .af-muted { color: #4a5568; font-size: 0.92em; }
.af-app .af-section-title { font-weight: 600; margin: 12px 0 4px 0; font-size: 1.05em; }
.af-error { color: #9b2c2c; background: #fff5f5; border-left: 4px solid #c53030;
  padding: 6px 10px; white-space: pre-wrap; overflow-wrap: anywhere; }
.af-error:empty { display: none; }
.af-graph svg { max-width: 100%; height: auto; }
@media (max-width: 700px) { .af-graph svg { max-width: none !important; } }
.af-graph { overflow-x: auto; }
.af-app table { border-collapse: collapse; max-width: 100%; }
.af-app td, .af-app th { border: 1px solid #e2e8f0; padding: 3px 6px; vertical-align: top;
  text-align: left; overflow-wrap: break-word; }
.af-variants tr.af-changes td, .af-whatif tr.af-actual td { background: #fffbea; }
.af-explain h4 { margin: 10px 0 4px 0; }
.af-explain ol { padding-left: 2.6em; }
.af-share a, .af-share code { overflow-wrap: anywhere; word-break: break-all; }
.af-gallery-item { border: 1px solid #cbd5e0; border-radius: 8px; padding: 6px; margin: 6px 0; }
.af-gallery-item h4 { margin: 2px 0; }
</style>"""


def gallery_item_html(item: GalleryItem) -> str:
    rulings = ", ".join(f"<span title='{e(RULINGS.get(r, ''))}'>{e(r)}</span>" for r in item.rulings)
    return (f"<h4>{e(item.title)}</h4><div class='af-muted'><code>{e(item.name)}</code> · rulings "
            f"{rulings} · winners {e(', '.join(item.winners))} · "
            f"<a class='af-open-lab' href='{e(item.link)}' target='_blank' rel='noopener'>"
            f"open in the Lab</a></div>")
