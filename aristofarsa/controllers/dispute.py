"""The Dispute resolver's state: the round on screen, the step shown, and every analysis of it.

``DisputeController.from_query("scenario=CODE")`` / ``("lesson=NAME")`` opens a round; pasted
TOML (:meth:`open_toml`) and uploaded files (:meth:`open_upload`) go through the same strict
scenario validator as a file, and any bad input leaves a plain ``error`` message — never an
exception. The stepper moves over the round's trace (``first/back/next/last/go``);
:meth:`frame` is pure data for the current step. No Jupyter import: tested without a browser.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

from .. import scenario as S
from ..analysis.compare import VariantTable, compare_variants
from ..analysis.explain import Explanation, explain
from ..analysis.graph import BALCONY, GARDEN, Graph, Node, build_graph
from ..analysis.whatif import WhatIf, WhatIfError, what_if

LESSONS_DIR = Path(S.__file__).with_name("scenarios")
MAX_UPLOAD_BYTES = 64_000
DISPUTE_PATH = "voila/render/dispute.ipynb"
LAB_PATH = "voila/render/lab.ipynb"


def lesson_names() -> list[str]:
    return sorted(p.stem for p in LESSONS_DIR.glob("*.toml"))


@dataclass(frozen=True, slots=True)
class DisputeFrame:
    """One step of the round as the Dispute resolver shows it."""
    index: int                   # 0-based position in the trace
    total: int
    step: int                    # the event's ``step``
    text: str                    # exactly ``trace[index].text``
    rule: str
    see: tuple[str, ...]
    garden: tuple[Node, ...]     # right after this event (queue order)
    balcony: tuple[Node, ...]    # right after this event (reveal order)
    touched: tuple[str, ...]     # node ids this event acts with or on
    winners: tuple[str, ...] | None   # only at the last step

    @property
    def is_first(self) -> bool:
        return self.index == 0

    @property
    def is_last(self) -> bool:
        return self.index == self.total - 1

    @property
    def label(self) -> str:
        return f"Step {self.index + 1} of {self.total}"


def _share() -> Any:
    try:
        from .. import share  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return None
    return share


class DisputeController:
    """Everything the Dispute resolver shows, as plain data and methods."""

    def __init__(self) -> None:
        self.error = ""
        self.text: str | None = None
        self.origin = ""
        self.scenario: S.Scenario | None = None
        self.data: dict[str, Any] | None = None
        self.index = 0
        self._variants: VariantTable | None = None
        self._whatif: dict[tuple[str, bool], WhatIf] = {}
        self._explanation: Explanation | None = None

    # ---------------------------------------------------------------- opening
    @classmethod
    def from_query(cls, query: str) -> DisputeController:
        c = cls()
        try:
            params = parse_qs((query or "").lstrip("?"), keep_blank_values=True)
        except ValueError:
            params = {}
        if "scenario" in params:
            c.open_code(params["scenario"][-1])
        elif "lesson" in params:
            c.open_lesson(params["lesson"][-1])
        return c

    def open_lesson(self, name: str) -> bool:
        stem = name.strip().removesuffix(".toml")
        names = lesson_names()
        if stem not in names:
            self.error = (f"there is no bundled lesson named {name!r}; lessons are named like "
                          f"{', '.join(names[:3])} (aristofarsa scenarios lists them all)")
            return False
        return self.open_toml((LESSONS_DIR / f"{stem}.toml").read_text(encoding="utf-8"),
                              f"lesson {stem}")

    def open_code(self, code: str) -> bool:
        share = _share()
        if share is None:
            self.error = "share links cannot be read here (aristofarsa.share is missing)"
            return False
        try:
            text = share.decode(code.strip())
        except share.ShareCodeError as exc:
            self.error = f"this link's scenario code cannot be read: {exc}"
            return False
        except Exception:   # noqa: BLE001 - a damaged link is a message, never a traceback
            self.error = "this link's scenario code cannot be read: damaged share code"
            return False
        return self.open_toml(text, "link")

    def open_upload(self, content: bytes, filename: str = "upload.toml") -> bool:
        if len(content) > MAX_UPLOAD_BYTES:
            self.error = (f"{filename}: {len(content):,} bytes is too big for a scenario "
                          f"(at most {MAX_UPLOAD_BYTES:,} bytes)")
            return False
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            self.error = f"{filename}: not a text file (a scenario is UTF-8 TOML)"
            return False
        return self.open_toml(text, filename)

    def open_toml(self, text: str, origin: str = "pasted scenario") -> bool:
        """Validate and resolve a scenario; on any error keep the round shown before."""
        if not text.strip():
            self.error = "paste a scenario (TOML) first: see docs/scenario-format.md for the format"
            return False
        try:
            sc = S.loads(text, origin)
            result = S.run(sc)
        except S.ScenarioError as exc:
            self.error = str(exc)
            return False
        except RecursionError:
            self.error = f"{origin}: the scenario is nested too deeply to read"
            return False
        self.error = ""
        self.text, self.origin, self.scenario = text, origin, sc
        self.data = {**result.to_json(), "title": sc.title}
        self.index = len(self.data["trace"]) - 1     # a dispute starts from the outcome
        self._variants, self._whatif, self._explanation = None, {}, None
        return True

    @property
    def loaded(self) -> bool:
        return self.data is not None

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.scenario.players] if self.scenario else []

    # ---------------------------------------------------------------- stepper
    def __len__(self) -> int:
        return len(self.data["trace"]) if self.data else 0

    def go(self, k: int) -> None:
        if self.data:
            self.index = max(0, min(int(k), len(self) - 1))

    def first(self) -> None:
        self.go(0)

    def back(self) -> None:
        self.go(self.index - 1)

    def next(self) -> None:
        self.go(self.index + 1)

    def last(self) -> None:
        self.go(len(self) - 1)

    def frame(self) -> DisputeFrame | None:
        if not self.data:
            return None
        event = self.data["trace"][self.index]
        g = build_graph(self.data, step=self.index + 1)
        garden = tuple(n for n in g.nodes if n.zone == GARDEN and not n.replaced)
        balcony = tuple(n for n in g.nodes if n.zone == BALCONY)
        touched = tuple(e.source for e in g.edges if e.step == event["step"]) + \
            tuple(e.target for e in g.edges if e.step == event["step"])
        if not touched and event.get("actor") and event.get("card"):
            touched = tuple(n.id for n in (*garden, *balcony)
                            if (n.player, n.card) == (event["actor"], event["card"]))
        last = self.index == len(self) - 1
        return DisputeFrame(self.index, len(self), int(event["step"]), str(event["text"]),
                            str(event.get("rule", "")), tuple(event.get("see") or ()), garden,
                            balcony, touched, tuple(self.data["winners"]) if last else None)

    # --------------------------------------------------------------- analyses
    def graph(self, step: int | None = None) -> Graph | None:
        if not self.data:
            return None
        return build_graph(self.data, step=step)

    def graph_svg(self, up_to_current: bool = True) -> str:
        """The effect graph as inline SVG (up to the current step), or a message."""
        if not self.data:
            return ""
        try:
            from ..render.svg import RenderError, graph_svg
        except ImportError:
            return "<p>(The effect graph needs pygraphviz: pip install 'aristofarsa[apps]'.)</p>"
        g = build_graph(self.data, step=self.index + 1 if up_to_current else None)
        try:
            return graph_svg(g, fit=True)
        except RenderError as exc:
            return f"<p>(The effect graph cannot be drawn: {exc})</p>"

    def explanation(self) -> Explanation | None:
        if self.data and self._explanation is None:
            self._explanation = explain(self.data)
        return self._explanation

    def variants(self) -> VariantTable | None:
        if self.scenario and self._variants is None:
            self._variants = compare_variants(self.scenario)
        return self._variants

    def whatif(self, player: str, garden: bool = False) -> WhatIf | None:
        """Every Phase-2 alternative of ``player`` (with ``garden``, every Garden card too);
        None, with ``error`` set, if impossible."""
        if not (self.scenario and self.text is not None):
            return None
        key = (player, garden)
        if key not in self._whatif:
            try:
                self._whatif[key] = what_if(self.text, self.scenario, player, garden=garden)
            except WhatIfError as exc:
                self.error = str(exc)
                return None
        return self._whatif[key]

    # ------------------------------------------------------------------ share
    def share_code(self) -> str | None:
        share = _share()
        if share is None or self.text is None:
            return None
        try:
            return str(share.encode(self.text))
        except Exception:   # noqa: BLE001 - too big for a link: say so instead of a link
            return None

    def share_link(self, base: str = "/") -> str | None:
        code = self.share_code()
        if code is None:
            return None
        return f"{base.rstrip('/')}/{DISPUTE_PATH}?scenario={quote(code)}"


def lab_link(lesson: str, base: str = "/") -> str:
    """The Scenario Lab opened on a bundled lesson."""
    return f"{base.rstrip('/')}/{LAB_PATH}?lesson={quote(lesson)}"
