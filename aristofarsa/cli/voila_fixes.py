"""What `aristofarsa serve` changes in Voila 0.5 so that a crafted link cannot break the server.

:func:`install` puts three replacements into ``voila.app`` before Voila builds its handlers
and kernel manager (``cli/apps.py`` calls it; nothing else changes in Voila):

* :class:`QuerySocketHandler` for ``/voila/query/<kernel>``, the socket on which a preheated
  kernel waits for its visitor. Voila's ``RequestInfoSocketHandler.on_close`` deletes the
  *last* entry of its table when the closing socket is not found in it, so a dozen sockets
  opened and closed under a made-up id (no cookie needed) unhook every waiting kernel: the
  next visitor of each app got no page, and that kernel waited for ever. This one takes one
  socket for each kernel of this server, only the first, and removes only its own entry.
  **Drop it once upstream Voila fixes** ``RequestInfoSocketHandler.on_close``.
* :class:`AppPageHandler` for ``/voila/render/<notebook>``: beyond ``--max-kernels`` app
  pages it answers with a "server busy" page (HTTP 503) instead of starting a kernel, and
  beyond ``--max-kernels-per-client`` pages of one address (an IPv6 address: its /64
  network, :func:`client_of`) with the same page (HTTP 429):
  it counts kernels, not requests (a request holds a reservation until its kernel is
  known, then the kernel counts and the reservation is gone, so simultaneous first
  visitors under the cap all get their page); it
  ignores ``?theme=`` / ``?template=`` when their overrides are off (Voila would otherwise
  skip the preheated kernel for such a request and start a cold one); and it sets the
  ``_xsrf`` cookie, without which Voila refuses the request a closing tab sends to shut its
  kernel down (only the culler ended it).
* :func:`kernel_manager_factory` wraps Voila's kernel manager class in
  ``AppKernelManager``: it counts the kernels given to pages, by address (the preheated ones
  waiting in the pool, or starting to, are not counted), shuts down a page's kernel whose
  page never opened its socket ``connect_wait`` seconds after it was sent (a plain GET held
  a slot for 70 s), culls any kernel idle for ``cull_open_idle`` seconds even with
  its page open (Voila's culler spares open pages for ever), and gives a preheated kernel
  ``visitor_wait`` seconds to take its visitor's request, after which the kernel is shut
  down and the page ends (its script says so; the pool has already started a replacement);
  with the pool (:class:`PooledKernels`), a kernel lost while it waits leaves the pool and
  another starts (:func:`watch_pool_entry`).

:func:`serve_on` (not a replacement) makes one Voila application serve on sockets ``serve``
has bound already: ``--port 0`` then takes the port the system gives, and no other process
can take a port between ``serve``'s check and Voila's bind.
"""
from __future__ import annotations

import asyncio
import contextvars
import ipaddress
import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from traitlets import Float, Int
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.voila_kernel_manager import voila_kernel_manager_factory

from ..core.messages import Msg

log = logging.getLogger("aristofarsa.serve")

#: The close code of a page's kernel socket when its kernel is shut down (page_problems.html.j2).
PAGE_SOCKET_CLOSED = 4000
#: Seconds a preheated kernel has, once a visitor takes it, to read that visitor's request.
DEFAULT_VISITOR_WAIT = 90.0


#: Seconds a page's kernel waits, once its page is sent, for the page to open its socket.
DEFAULT_CONNECT_WAIT = 30.0


@dataclass(eq=False)
class PageRequest:
    """One app page being answered: its visitor's address, and its kernel once known."""

    address: str
    kernel_id: str | None = None


def client_of(address: str) -> str:
    """The client a visitor's address stands for, as the per-client limit counts it: an IPv4
    address itself; an IPv6 address its /64 network (one home or phone holds a whole /64 and
    may take a new address in it for each request); an IPv4 address written as IPv6
    (``::ffff:10.0.0.1``, a dual-stack server) the IPv4 address."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


#: The page request the running task answers (the kernel manager hands its kernel to it).
_PAGE_REQUEST: contextvars.ContextVar[PageRequest | None] = contextvars.ContextVar(
    "aristofarsa_page_request", default=None)


@dataclass
class PageKernels:
    """What ``AppKernelManager`` counts: kernels given to pages (id -> address), requests not
    yet holding their kernel, and kernels whose page opened a socket at least once."""

    pages: dict[str, str] = field(default_factory=dict)
    waiting: set[PageRequest] = field(default_factory=set)
    connected: set[str] = field(default_factory=set)


class VisitorWaitExpired(RuntimeError):
    """A preheated kernel did not take its visitor's request in time (it is shut down)."""


class QuerySocketHandler(RequestInfoSocketHandler):
    """``/voila/query/<kernel>``: one socket, once, for each kernel of this server (a kernel
    asks for its visitor once); the socket's entry is removed when it closes."""

    #: Kernels that have opened their socket already (those still running).
    _connected: set[str] = set()

    def open(self, kernel_id: str) -> None:  # type: ignore[override]
        manager = self.settings.get("kernel_manager")
        running = set(manager.list_kernel_ids()) if manager is not None else set()
        connected = QuerySocketHandler._connected
        connected &= running
        if kernel_id not in running or kernel_id in connected:
            self._kernel_id = None
            self.close(4404, "no kernel of this server waits under that id")  # i18n: code
            return
        connected.add(kernel_id)
        self._kernel_id = kernel_id
        RequestInfoSocketHandler._waiters[kernel_id] = self
        payload = RequestInfoSocketHandler._cache.pop(kernel_id, None)
        if payload is not None:         # the visitor came before the kernel was ready
            self.write_message(payload)

    def on_close(self) -> None:
        kernel_id = getattr(self, "_kernel_id", None)
        if kernel_id is not None and RequestInfoSocketHandler._waiters.get(kernel_id) is self:
            del RequestInfoSocketHandler._waiters[kernel_id]


class AppPageHandler(TornadoVoilaHandler):
    """An app page: a busy page past the kernel cap, else Voila's page."""

    async def get(self, path: str | None = None) -> None:  # type: ignore[override]
        manager = self.kernel_manager
        request = PageRequest(client_of(self.request.remote_ip or ""))
        refused = manager.refusal(request.address)
        if refused:
            cap, per_client = manager.max_kernels, manager.max_kernels_per_client
            log.warning("%s", Msg("serve-log.refused", {
                "refusal": refused, "taken": manager.taken(), "cap": cap,
                "taken_here": manager.taken(request.address), "address": request.address,
                "per_client": per_client, "path": self.request.path}))
            self.set_status(503 if refused == "busy" else 429)
            self.set_header("Retry-After", "60")
            self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
            self.finish(self.render_template("busy.html", base_url=self.base_url,
                                             **busy_page(refused, cap, per_client,
                                                         getattr(manager, "cull_open_idle", 0))))
            return
        # Reading the token sets the _xsrf cookie, which Voila's page sends when its tab
        # closes to shut its kernel down (a request refused without it).
        _ = self.xsrf_token
        manager.reserve(request)
        token = _PAGE_REQUEST.set(request)
        try:
            await super().get(path)
        finally:
            _PAGE_REQUEST.reset(token)
            manager.page_sent(request)

    def should_use_rendered_notebook(self, notebook_data: dict, pool_size: int,
                                     template_name: str | None, theme: str | None,
                                     request_args: dict) -> bool:
        config = self.voila_configuration
        if config.allow_template_override != "YES":
            template_name = None
        if config.allow_theme_override != "YES":
            theme = None
        return bool(super().should_use_rendered_notebook(notebook_data, pool_size, template_name,
                                                         theme, request_args))


def busy_page(refused: str, max_kernels: int, per_client: int, cull_open_idle: int) -> dict[str, Any]:
    """What the busy page (``busy.html``) says, from the catalog in use: ``refused`` is
    "busy" (the server runs ``max_kernels`` app pages) or "client" (this address runs
    ``per_client``). Its values are HTML (the template writes them as they are)."""
    from markupsafe import Markup, escape

    from ..core.messages import catalog, text

    client = refused == "client"
    option = "--max-kernels-per-client" if client else "--max-kernels"
    minutes = round(cull_open_idle / 60)
    said = {
        "title": text("serve-busy.title"),
        "heading": text("serve-busy.heading-client" if client else "serve-busy.heading-full"),
        "why": (text("serve-busy.client", count=per_client) if client
                else text("serve-busy.full", count=max_kernels)),
        "wait": (text("serve-busy.wait-idle", minutes=minutes) if minutes
                 else text("serve-busy.wait")),
        "try_again": text("serve-busy.try-again"),
        "all_apps": text("serve-busy.all-apps"),
    }
    page = {key: escape(value) for key, value in said.items()}
    command = f"<code>{escape(f'aristofarsa serve {option} N')}</code>"  # i18n: code
    page["more"] = Markup(text("serve-busy.more", command=command))
    page["lang"] = escape(catalog().language)
    return page


if TYPE_CHECKING:       # the mixin's methods use the kernel manager's (Jupyter's, untyped)
    _Manager = Any
else:
    _Manager = object


class PageKernelCount(_Manager):
    """What ``AppKernelManager`` adds to count the kernels given to pages (a mixin before
    Voila's manager class: ``start_kernel`` and ``notify_connect`` go on to Voila's). Its
    limits are the manager's traits ``max_kernels``, ``max_kernels_per_client`` and
    ``connect_wait``."""

    @property
    def page_kernels(self) -> PageKernels:
        state = self.__dict__.get("_af_page_kernels")
        if state is None:
            state = self.__dict__["_af_page_kernels"] = PageKernels()
        return state

    def page_kernel_count(self, address: str | None = None) -> int:
        """Kernels given to pages and still running (those of ``address`` only if given)."""
        state, running = self.page_kernels, set(self.list_kernel_ids())
        for kernel_id in [k for k in state.pages if k not in running]:
            del state.pages[kernel_id]
        state.connected &= running
        return sum(1 for a in state.pages.values() if address is None or a == address)

    def taken(self, address: str | None = None) -> int:
        """Kernels given to pages plus requests being answered that have none yet."""
        waiting = sum(1 for r in self.page_kernels.waiting if address is None or r.address == address)
        return self.page_kernel_count(address) + waiting

    def refusal(self, address: str) -> str | None:
        """Why a new page from ``address`` gets no kernel: "busy" (the cap is reached),
        "client" (that address holds its share of the cap already), or None."""
        if self.max_kernels and self.taken() >= self.max_kernels:
            return "busy"
        if self.max_kernels_per_client and self.taken(address) >= self.max_kernels_per_client:
            return "client"
        return None

    def reserve(self, request: PageRequest) -> None:
        self.page_kernels.waiting.add(request)

    def _given(self, kernel_id: str) -> None:
        """The running task's page request gets ``kernel_id``: the kernel counts now, its
        reservation no more (a pool refill started from that task is no page's kernel)."""
        request = _PAGE_REQUEST.get()
        if request is None or request.kernel_id is not None:
            return
        request.kernel_id = kernel_id
        self.page_kernels.waiting.discard(request)
        self.page_kernels.pages[kernel_id] = request.address

    def page_sent(self, request: PageRequest) -> None:
        """The page's answer has ended: a reservation that got no kernel is dropped, and
        a kernel whose page does not open its socket within ``connect_wait`` seconds is
        shut down (a GET that never connects holds no slot for long)."""
        self.page_kernels.waiting.discard(request)
        kernel_id = request.kernel_id
        if kernel_id is not None and self.connect_wait > 0:
            asyncio.get_event_loop().call_later(
                self.connect_wait,
                lambda: asyncio.ensure_future(self._unconnected(kernel_id)))

    async def _unconnected(self, kernel_id: str) -> None:
        if kernel_id in self.page_kernels.connected or kernel_id not in self:
            return
        log.warning("%s", Msg("serve-log.not-connected", {"kernel": kernel_id,
                                                          "seconds": self.connect_wait}))
        await ensure_async(self.shutdown_kernel(kernel_id))

    def notify_connect(self, kernel_id: str) -> None:
        self.page_kernels.connected.add(kernel_id)
        super().notify_connect(kernel_id)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """A kernel for a page (the pool starts its kernels with its base class's)."""
        kernel_id = await ensure_async(super().start_kernel(*args, **kwargs))
        self._given(kernel_id)
        return str(kernel_id)


class PooledKernels(_Manager):
    """What ``AppKernelManager`` adds to Voila's pool of preheated kernels (a mixin before
    Voila's manager class, with the pool only): a kernel given to a visitor gets
    ``visitor_wait`` seconds to take the visitor's request, and a kernel lost while it waits
    is replaced (:func:`watch_pool_entry`)."""

    def __init__(self, **kwargs: Any) -> None:
        self._pool_losses: dict[str, int] = {}           # by notebook: lost kernels in a row
        self._pool_restart_limits: dict[str, int] = {}   # by waiting kernel: its restarter's own
        super().__init__(**kwargs)

    async def get_rendered_notebook(self, notebook_name: str,
                                    extra_kernel_env_variables: dict | None = None,
                                    **kwargs: Any) -> tuple:
        render_task, rendered, kernel_id = await super().get_rendered_notebook(
            notebook_name, extra_kernel_env_variables or {}, **kwargs)
        self._given(kernel_id)
        given_from_pool(self, notebook_name, kernel_id)
        guarded = asyncio.ensure_future(within(
            render_task, self.visitor_wait, lambda: self._give_up(kernel_id, notebook_name)))
        return guarded, rendered, kernel_id

    async def _give_up(self, kernel_id: str, notebook_name: str) -> None:
        log.warning("%s", Msg("serve-log.visitor-wait", {
            "kernel": kernel_id, "notebook": notebook_name, "seconds": self.visitor_wait}))
        if kernel_id in self:
            await ensure_async(self.shutdown_kernel(kernel_id))

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                       extra_kernel_env_variables: dict | None = None, **kwargs: Any) -> None:
        """Voila's refill, each new pool entry watched (:func:`watch_pool_entry`)."""
        before = set(self._pools.get(notebook_name, ()))
        super().fill_if_needed(delay, notebook_name, extra_kernel_env_variables or {}, **kwargs)
        for task in self._pools.get(notebook_name, ()):
            if task not in before:
                watch_pool_entry(self, str(notebook_name), task)


def kernel_manager_factory(base_class: type, preheat_kernel: bool, default_pool_size: int,
                           page_config_hook: Any = None) -> type:
    """Voila's kernel manager class (with or without its pool), wrapped in ``AppKernelManager``."""
    voila_class = voila_kernel_manager_factory(base_class, preheat_kernel, default_pool_size,
                                               page_config_hook=page_config_hook)

    mixins = (PageKernelCount, PooledKernels) if preheat_kernel else (PageKernelCount,)

    # the options' help: only Voila's --help-all shows it; `serve` sets them itself
    class AppKernelManager(*mixins, voila_class):  # type: ignore[misc, valid-type]
        max_kernels = Int(0, config=True, help=(  # i18n: developer
            "Most kernels serving pages (0: no limit); the preheated kernels waiting in the pool "
            "are extra."))
        cull_open_idle = Int(0, config=True, help=(  # i18n: developer
            "Shut down a kernel idle this many seconds even while its page is open (0: never)."))
        visitor_wait = Float(DEFAULT_VISITOR_WAIT, config=True,  # i18n: developer
                             help="Seconds a preheated kernel has to take its visitor's request.")
        max_kernels_per_client = Int(0, config=True, help=(  # i18n: developer
            "Most kernels serving the pages of one address (0: no limit of its own)."))
        connect_wait = Float(DEFAULT_CONNECT_WAIT, config=True,  # i18n: developer
                             help="Seconds a page's kernel waits, once the page is sent, for the "
                                  "page to open its socket; then it is shut down.")

        def pooled_kernel_ids(self) -> set[str]:
            """The preheated kernels waiting in the pool (started, not yet given to a page)."""
            found = set()
            for pool in getattr(self, "_pools", {}).values():
                for task in pool:
                    if task.done() and not task.cancelled() and task.exception() is None:
                        found.add(task.result()["kernel_id"])
            return found

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
            """Shut the kernel down, then close its pages' sockets with code 4000: the page's
            script then says the app restarted (an open socket to a gone kernel says nothing)."""
            pages = page_sockets(kernel_id)
            result = await super().shutdown_kernel(kernel_id, *args, **kwargs)
            for socket in pages:
                if socket.ws_connection is not None:
                    socket.close(PAGE_SOCKET_CLOSED, "the app's kernel was shut down")  # i18n: code
            return result

        async def cull_kernel_if_idle(self, kernel_id: str) -> None:
            # A busy kernel is not idle: it may be a preheated kernel that has just taken its
            # visitor after a long wait in the pool (its last activity is that old) and is
            # rendering the page; Jupyter's own rule spares busy kernels too.
            kernel = self._kernels.get(kernel_id)
            if (self.cull_open_idle > 0 and kernel is not None and hasattr(kernel, "last_activity")
                    and getattr(kernel, "execution_state", "") != "busy"
                    and kernel_id not in self.pooled_kernel_ids()):
                idle = utcnow() - kernel.last_activity
                if idle > timedelta(seconds=self.cull_open_idle):
                    log.warning("%s", Msg("serve-log.culled", {
                        "kernel": kernel_id, "seconds": int(idle.total_seconds()),
                        "pages": self._kernel_connections.get(kernel_id, 0)}))
                    await ensure_async(self.shutdown_kernel(kernel_id))
                    return
            await super().cull_kernel_if_idle(kernel_id)

    return AppKernelManager


#: Seconds before a lost preheated kernel's replacement starts, after 1, 2, 3 ... losses in a
#: row for one notebook (a kernel that cannot start at all is not started again in a busy loop).
REFILL_BACKOFF = (0.0, 1.0, 5.0, 15.0, 60.0)


def watch_pool_entry(manager: Any, notebook: str, task: asyncio.Future) -> None:
    """Replace a preheated kernel that is lost while it waits in ``notebook``'s pool.

    Voila keeps a pool entry for ever, whatever becomes of it. An entry whose kernel did not
    start (its start raised) made the next visitor's page fail, and Voila's ``shutdown_kernel``
    raised on it for every kernel after. A kernel that died while waiting (killed, out of
    memory, or at its start: a TCP port taken by another process between Jupyter's choice and
    the kernel's bind, before ``serve`` used local sockets) was restarted by Jupyter's
    restarter, and the restarted process never ran the notebook: the next visitor of that app
    waited ``visitor_wait`` seconds for nothing, and the pool stayed one kernel short.

    Now, while a kernel waits in the pool, its restarter restarts nothing (its limit is 0, so
    a death is reported "dead" at its next poll, within about three seconds); the entry
    leaves the pool, the kernel's files are cleaned up, the server's log says so, and a
    replacement starts (after :data:`REFILL_BACKOFF`). A visitor's kernel gets its restart
    limit back (:func:`given_from_pool`): a page's kernel restarts as Jupyter restarts it."""
    def started(entry: asyncio.Future) -> None:
        if entry.cancelled() or entry not in manager._pools.get(notebook, ()):
            return                  # given to a visitor already, or the server shuts down
        error = entry.exception()
        if error is not None:
            log.warning("%s", Msg("serve-log.pool-start-failed", {
                "notebook": notebook, "error": str(error) or type(error).__name__}))
            replace(entry)
            return
        kernel_id = entry.result()["kernel_id"]
        kernel = manager._kernels.get(kernel_id)
        restarter = getattr(kernel, "_restarter", None)
        if restarter is None:       # gone already (or no restarter: nothing would tell)
            if kernel is None:
                replace(entry)
            return
        manager._pool_restart_limits[kernel_id] = restarter.restart_limit
        restarter.restart_limit = 0
        kernel.add_restart_callback(lambda: lost(entry, kernel_id, kernel), "dead")

    def lost(entry: asyncio.Future, kernel_id: str, kernel: Any) -> None:
        if entry not in manager._pools.get(notebook, ()):
            return                  # a page's kernel now, or the server shuts down
        log.warning("%s", Msg("serve-log.pool-kernel-lost", {
            "kernel": kernel_id, "notebook": notebook}))
        manager._pool_restart_limits.pop(kernel_id, None)
        entry.result()["task"].cancel()         # its notebook's run, waiting on a dead process
        asyncio.ensure_future(clean_up(kernel_id, kernel))
        replace(entry)

    async def clean_up(kernel_id: str, kernel: Any) -> None:
        try:
            if kernel_id in manager:
                await ensure_async(manager.shutdown_kernel(kernel_id, now=True))
            else:                   # Jupyter took it off its list already: its files remain
                await ensure_async(kernel.cleanup_resources())
        except Exception:           # nothing left to clean: the log says what was tried
            log.debug("kernel %s: clean-up after its death failed",  # i18n: developer
                      kernel_id, exc_info=True)

    def replace(entry: asyncio.Future) -> None:
        manager._pools[notebook].remove(entry)
        losses = manager._pool_losses[notebook] = manager._pool_losses.get(notebook, 0) + 1
        manager.fill_if_needed(delay=REFILL_BACKOFF[min(losses, len(REFILL_BACKOFF)) - 1],
                               notebook_name=notebook)

    task.add_done_callback(started)


def given_from_pool(manager: Any, notebook: str, kernel_id: str) -> None:
    """A preheated kernel goes to a visitor: its restarter's limit comes back, and its pool
    counts no more losses in a row (:func:`watch_pool_entry`)."""
    manager._pool_losses.pop(notebook, None)
    limit = manager._pool_restart_limits.pop(kernel_id, None)
    restarter = getattr(manager._kernels.get(kernel_id), "_restarter", None)
    if limit is not None and restarter is not None:
        restarter.restart_limit = limit


def page_sockets(kernel_id: str) -> list:
    """The open web sockets of the pages on ``kernel_id`` (Jupyter Server's handlers)."""
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    return [c.websocket_handler for c in list(ZMQChannelsWebsocketConnection._open_sockets)
            if c.kernel_id == kernel_id and c.websocket_handler is not None]


async def within(task: asyncio.Future, seconds: float, give_up: Any) -> Any:
    """``task``'s result if it comes within ``seconds``; else ``await give_up()`` and raise
    :class:`VisitorWaitExpired` (the task is cancelled)."""
    try:
        return await asyncio.wait_for(task, seconds)
    except TimeoutError:
        await give_up()
        raise VisitorWaitExpired(f"no answer within {seconds} s") from None  # i18n: developer


def give_globals(settings: dict[str, Any], names: dict[str, Any]) -> None:
    """Give the server's page templates the Jinja globals ``names`` (``serve`` gives the
    landing page ``tree.html`` its words: ``af_texts``, ``apps.landing_texts``)."""
    for key in ("voila_jinja2_env", "jinja2_env"):
        env = settings.get(key)
        if env is not None:
            env.globals.update(names)


def serve_on(app: Any, sockets: list, template_globals: dict[str, Any] | None = None) -> None:
    """Make the Voila application ``app`` serve on ``sockets``, already bound and listening
    (``cli/apps.py``, ``listening_sockets``), instead of binding its port itself: Voila's
    ``listen`` calls its Tornado application's ``listen(port, ip)`` once ``start`` has made it.
    Its page templates get the Jinja globals ``template_globals`` then (:func:`give_globals`)."""
    from tornado.httpserver import HTTPServer

    voila_listen = app.listen

    def listen() -> None:
        tornado_app = app.app
        give_globals(tornado_app.settings, template_globals or {})

        def on_sockets(port: int, address: str | None = None, **kwargs: Any) -> HTTPServer:
            server = HTTPServer(tornado_app, **{k: v for k, v in kwargs.items()
                                                if k not in ("family", "backlog", "flags",
                                                             "reuse_port")})
            server.add_sockets(sockets)
            return server

        tornado_app.listen = on_sockets
        voila_listen()

    app.listen = listen


def install() -> None:
    """Put the replacements into ``voila.app`` (call before ``Voila().initialize``)."""
    import voila.app

    voila.app.RequestInfoSocketHandler = QuerySocketHandler          # type: ignore[misc]
    voila.app.TornadoVoilaHandler = AppPageHandler                   # type: ignore[misc]
    voila.app.voila_kernel_manager_factory = kernel_manager_factory  # type: ignore[assignment]
