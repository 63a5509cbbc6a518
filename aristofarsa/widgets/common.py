"""Shared bits of every app view: the page's query string, the stylesheet, CSS hooks, buttons
and rows of them, the error box (``af-error``), the card view (``af-card``), tabs and sections
built on first opening (``LazyTab``, ``LazyAccordion``), and the click guard."""
from __future__ import annotations

import importlib
import inspect
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as ipw  # type: ignore[import-untyped]

from ..core.messages import text
from ..render import html, seats

if TYPE_CHECKING:
    from ..controllers.learn import CardInfo


#: a flex row that wraps onto the next line (CSS)
WRAP = "row wrap"  # i18n: code


def page_query(warm_up: Any = None) -> str:
    """The query string of the page this kernel serves (``lesson=b13-bishop-chain&seed=3``), "" if none.

    Voila puts it in ``QUERY_STRING``. A preheated kernel (``aristofarsa serve --pool-size N``)
    runs its notebook before anyone asks for the page: it has done the imports, then (given the
    app class as ``warm_up``) builds that app once with no query and throws it away, so the
    lazy imports and caches (lesson index, lesson runs, graph drawings) are ready; then it
    waits until Voila hands it a visitor's request and reads that request's query string.
    Outside Voila (JupyterLab, nbval) it is ``QUERY_STRING`` or "", and nothing is built twice.
    In the browser's Python (the static site) it first makes widget messages keep their None
    values (:func:`send_none_as_null`).
    """
    send_none_as_null()
    if os.environ.get("VOILA_PREHEAT") == "True" and not _visitor:
        if warm_up is not None:
            _warm_up(warm_up)
        _visitor.update(_wait_for_request())
        os.environ.update(_visitor)
    return os.environ.get("QUERY_STRING", "")


def send_none_as_null(modules: Mapping[str, Any] | None = None) -> bool:
    """In the browser's Python (Pyodide's kernel, the static site), make widget messages keep
    their None values; whether the kernel's comm now does (False outside the browser).

    That kernel hands a comm message to the page through Pyodide's ``toJs``, which turns None
    into JavaScript's ``undefined``; the message's JSON then drops the key. A trait set back to
    None never reached the page: a layout's ``display`` shown again after ``"none"`` (the
    Dispute verdict of a shared link stayed hidden), an accordion closed. Each None in a
    message's data is sent as ``pyodide.ffi.jsnull`` (JSON null) instead. ``modules`` stands
    in for ``sys.modules`` (tests)."""
    if modules is None:
        if sys.platform != "emscripten":
            return False
        try:
            importlib.import_module("pyodide.ffi")
            importlib.import_module("pyodide_kernel.comm")
        except ImportError:
            return False
        modules = sys.modules
    try:
        jsnull = modules["pyodide.ffi"].jsnull
        comm = modules["pyodide_kernel.comm"]
    except (KeyError, AttributeError):
        return False
    cls = comm.Comm
    if getattr(cls.publish_msg, "af_none_as_null", False):
        return True
    publish = cls.publish_msg

    def nulls(value: Any) -> Any:
        if value is None:
            return jsnull
        if isinstance(value, dict):
            return {k: nulls(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [nulls(v) for v in value]
        return value

    def publish_msg(self: Any, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> Any:
        return publish(self, msg_type, nulls(data) if data is not None else None, metadata,
                       buffers, **keys)

    publish_msg.af_none_as_null = True  # type: ignore[attr-defined]
    cls.publish_msg = publish_msg
    return True


#: In a preheated kernel: the visitor's request variables (QUERY_STRING ...), once Voila sent them.
_visitor: dict[str, str] = {}


def _warm_up(app: Any) -> None:
    """Build ``app`` (a class with ``from_query``) with no query, then close every widget it made
    (only those; a shared layout it closed is made again when next used), so none of them reaches a page."""
    made: list[ipw.Widget] = []
    previous = ipw.Widget._widget_construction_callback
    ipw.Widget.on_widget_constructed(made.append)
    try:
        app.from_query("")
    except Exception as exc:        # the visitor's own build will show any real error; this
        print(f"warm-up of {getattr(app, '__name__', app)} failed: {exc!r}",   # goes to the server's
              file=sys.__stderr__)                                           # log, not the page
    finally:
        ipw.Widget.on_widget_constructed(previous)
        for widget in made:
            widget.close()


def preheat_socket_url(env: Mapping[str, str]) -> str:
    """Where a preheated kernel asks Voila 0.5 for its visitor's request (``/voila/query/<kernel>``)."""
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
            f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}")


def _wait_for_request() -> dict[str, str]:
    """Block until Voila hands this preheated kernel a request; its variables (QUERY_STRING,
    SERVER_NAME ...).

    Voila's own ``voila.utils.wait_for_request()`` reads the same web socket, but importing
    ``voila.utils`` loads Jupyter Server and JupyterLab Server into the kernel (+45 MB and
    1-3 s for each kernel); websockets' client alone adds nothing measurable. No keep-alive
    pings: a kernel may wait for hours, and a missed pong must not end its wait early.
    """
    try:
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect
    except ImportError:                 # websockets < 11 (Voila 0.5 asks >= 9): Voila's own helper
        from voila.utils import wait_for_request

        wait_for_request()              # puts the request's variables in os.environ itself
        return {"QUERY_STRING": os.environ.get("QUERY_STRING", "")}
    url = preheat_socket_url(os.environ)
    options: dict[str, Any] = {"open_timeout": 30, "max_size": 2**20}
    if "ping_interval" in inspect.signature(connect).parameters:     # websockets >= 14 pings
        options["ping_interval"] = None
    try:
        with connect(url, **options) as socket:
            request = json.loads(socket.recv())
    except (OSError, TimeoutError, WebSocketException, ValueError) as exc:
        raise RuntimeError(text("preheat.no-request", url=url, error=exc)) from None
    return {str(k): str(v) for k, v in request.items()}


def styles() -> ipw.HTML:
    """The apps' stylesheet (local, no CDN); put it once in each app."""
    return ipw.HTML(html.stylesheet(), layout=ipw.Layout(height="0px", overflow="hidden", margin="0"))


def hook(widget: ipw.DOMWidget, *classes: str) -> ipw.DOMWidget:
    for name in classes:
        widget.add_class(name)
    return widget


def wrap_row(children: Iterable[ipw.Widget] = (), **layout: Any) -> ipw.Box:
    """A row that wraps onto the next line on a phone."""
    return ipw.Box(list(children), layout=ipw.Layout(display="flex", flex_flow=WRAP,
                                                     align_items="center", max_width="100%", **layout))


def button(label: str, on_click: Callable[[], None], *classes: str, tooltip: str = "") -> ipw.Button:
    """A button as wide as its label, with the given CSS classes; a click calls ``on_click()``."""
    widget = ipw.Button(description=label, tooltip=tooltip or label, layout=ipw.Layout(width="auto"))
    for cls in classes:
        widget.add_class(cls)
    widget.on_click(lambda _b: on_click())
    return widget


def button_row(children: list[ipw.Widget], *classes: str) -> ipw.Box:
    """A full-width row of buttons (``af-buttons``: spaced, wrapping onto the next line)."""
    box = ipw.Box(children, layout=ipw.Layout(display="flex", flex_flow=WRAP, width="100%"))
    box.add_class("af-buttons")
    for cls in classes:
        box.add_class(cls)
    return box


class ErrorBox(ipw.HTML):
    """``af-error``: plain-language messages about bad input; hidden when there are none."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("af-error")
        self.show([])

    def show(self, messages: list[str]) -> None:
        if messages:
            self.value = html.error(messages)
            self.layout.display = None
        else:
            self.value = ""
            self.layout.display = "none"


class CardView(ipw.HTML):
    """``af-card``: one readable card, the apps' one card picture (``render.seats.card_html``):
    ``info`` is a card's data (``controllers.learn.card_info()``), ``seat`` colours its frame;
    ``open_notes`` unfolds its fine points; ``crowns_note=False`` leaves out the per-card
    "(provisional, M9)" (a view of several cards says it once)."""

    def __init__(self, info: CardInfo | None = None, seat: int | None = None, *, open_notes: bool = False,
                 crowns_note: bool = True) -> None:
        super().__init__()
        self.add_class("af-card")
        if info is not None:
            self.show(info, seat, open_notes=open_notes, crowns_note=crowns_note)

    def show(self, info: CardInfo, seat: int | None = None, *, open_notes: bool = False,
             crowns_note: bool = True) -> None:
        self.value = seats.card_html(info, seat, open_notes=open_notes, crowns_note=crowns_note)


class _LazyPanes:
    """Panes built on first selection: opening an app costs only what is open at first.
    ``pane(k)`` builds pane ``k`` if need be and returns it. Mixed into a Tab or an Accordion."""

    def _lazy_init(self, panes: list[tuple[str, Callable[[], ipw.Widget]]], selected: int | None,
                   **kwargs: Any) -> None:
        super().__init__(children=[ipw.VBox(layout=ipw.Layout(width="100%")) for _ in panes],  # type: ignore[call-arg]
                         **kwargs)
        self._builders = [build for _, build in panes]
        self._built: dict[int, ipw.Widget] = {}
        for k, (title, _) in enumerate(panes):
            self.set_title(k, title)  # type: ignore[attr-defined]
        self.selected_index = selected
        if selected is not None:
            self.pane(selected)
        self.observe(self._on_select, names="selected_index")  # type: ignore[attr-defined]

    def _on_select(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self.pane(change["new"])

    def pane(self, k: int) -> ipw.Widget:
        if k not in self._built:
            widget = self._built[k] = self._builders[k]()
            self.children[k].children = [widget]  # type: ignore[attr-defined]
        return self._built[k]


class LazyTab(_LazyPanes, ipw.Tab):
    """A Tab whose panes are built on first selection (the first at once)."""

    def __init__(self, panes: list[tuple[str, Callable[[], ipw.Widget]]]) -> None:
        self._lazy_init(panes, 0, layout=ipw.Layout(width="100%"))


class LazyAccordion(_LazyPanes, ipw.Accordion):
    """An Accordion, closed at first, whose sections are built when first opened."""

    def __init__(self, panes: list[tuple[str, Callable[[], ipw.Widget]]], **kwargs: Any) -> None:
        self._lazy_init(panes, None, **kwargs)


class Guard:
    """Ignore clicks that arrive while an update is pending, and disable the given buttons
    during it, so a double click or an impatient click changes nothing twice."""

    def __init__(self) -> None:
        self.busy = False
        self.buttons: list[ipw.Button] = []
        self.after: Callable[[], None] = _nothing   # recomputes button states after an update

    def __call__(self, action: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any) -> None:
            if self.busy:
                return
            self.busy = True
            states = [(b, b.disabled) for b in self.buttons]
            for b, _ in states:
                b.disabled = True
            try:
                action(*args)
            finally:
                for b, was in states:
                    if b.disabled and not was:
                        b.disabled = False
                self.busy = False
                self.after()

        return guarded


def _nothing() -> None:
    return None
