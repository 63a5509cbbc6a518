"""Browser test harness: `aristofarsa serve` in a subprocess, Debian's Chromium via Playwright.

Fixtures (all browser tests are marked ``@pytest.mark.browser``):

* ``app_server``: the base URL (``http://127.0.0.1:PORT/``) of ``aristofarsa serve
  --no-browser --port 0`` (on the port the system gives, which serve prints) started from
  this checkout (PYTHONPATH set; the session's ``shared_server``: under pytest-xdist, each
  process that runs a browser test starts one when its first test needs it), killed at the
  end. A test after which it no longer answers fails with its thread stacks and log, and a
  new one takes the same port.
  It runs with serve's defaults, so every page gets a preheated kernel (``--pool-size 1``)
  when one is waiting: every browser test checks its app's query parameters that way.
* ``serve`` (function): a factory ``serve(*extra_args) -> Server`` for a server of your own
  (e.g. ``serve("--cull-idle", "5")``), stopped after the test. It preheats no kernel
  (``--pool-size 0``: each page starts its own) unless ``--pool-size`` is among the arguments.
* ``browser`` (session): a headless Chromium (``/usr/bin/chromium``, or ``$CHROMIUM``).
* ``page`` (function): a fresh page (1280x900) that records every request and web socket;
  a request to any host but 127.0.0.1/localhost is blocked and fails the test. Its actions
  and waits time out after ``PAGE_TIMEOUT_MS`` unless they say otherwise.
  ``page.af_requests`` lists the URLs seen.
* ``phone_page``: the same at 390x844 (a phone).
* ``wait_for_app(page)``: waits until Voila has rendered the notebook and a widget is visible.
* ``page_kernel_id(page)`` (a function): the kernel id a served page runs on;
  ``Server.open_preheated(page, path, pool)`` opens a page once the pool is full and checks
  that it took one of the waiting kernels.

The tests skip with a clear reason only when Chromium or Playwright is missing; CI
(`scripts/test.sh`) installs Chromium, so there they run.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCAL_HOSTS = {"127.0.0.1", "localhost", ""}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: What "the app is on screen" means: Voila's cells shown and a widget (or an app root) visible.
APP_SELECTOR = ".af-app, .jupyter-widgets.widget-container, .widget-box, .widget-html"
READY_TIMEOUT = 60     # a loaded 2-core machine running the suite in three processes
ANSWER_TIMEOUT = 20    # the landing page is a static file: a server that cannot send it is stuck
LOG_LINES = 2000       # the server log lines kept for a failure report
#: A page's default wait for a click, a selector, a load (Playwright's own is 30 s: a page that
#: gets a fresh kernel while the machine is busy may take longer).
PAGE_TIMEOUT_MS = 90_000


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives the served apps in a real browser (Chromium)")


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running `aristofarsa serve`: its base URL and process (kernels are its children)."""
    url: str
    proc: subprocess.Popen[bytes]
    output: deque[str] = field(default_factory=lambda: deque(maxlen=LOG_LINES))
    extra: tuple[str, ...] = ()

    def log_tail(self, lines: int = 80) -> str:
        """The server's last ``lines`` log lines."""
        return "".join(list(self.output)[-lines:])

    def answers(self, timeout: float = ANSWER_TIMEOUT) -> bool:
        """Whether the server still sends its landing page within ``timeout`` seconds."""
        try:
            with urllib.request.urlopen(self.url, timeout=timeout) as response:
                return response.status == 200 and bool(response.read())
        except (OSError, ValueError):
            return False

    def stack_dump(self) -> str:
        """Every thread's stack in the server (``serve`` prints them on SIGUSR1), after its last
        log lines; or how it ended."""
        if self.proc.poll() is not None:
            return f"(the server has ended, exit status {self.proc.returncode})\n{self.log_tail()}"
        os.kill(self.proc.pid, signal.SIGUSR1)
        time.sleep(2)
        return self.log_tail(200)

    def kernel_pids(self) -> set[int]:
        """The kernels it runs now (ipykernel processes under the server)."""
        import psutil

        kids = psutil.Process(self.proc.pid).children(recursive=True)
        found = set()
        for kid in kids:
            try:
                if any("ipykernel" in part for part in kid.cmdline()):
                    found.add(kid.pid)
            except psutil.Error:
                pass
        return found

    @property
    def port(self) -> int:
        return int(urlsplit(self.url).port or 0)

    def waiting_kernel_pids(self) -> set[int]:
        """The preheated kernels waiting for a visitor: each holds a web socket open to the
        server (Voila's ``/voila/query/<kernel>``); a page's kernel does not."""
        import psutil

        found = set()
        for pid in self.kernel_pids():
            try:
                sockets = psutil.Process(pid).net_connections("tcp")
                if any(c.raddr and c.raddr.port == self.port for c in sockets):
                    found.add(pid)
            except psutil.Error:
                pass
        return found

    def wait_for_pool(self, size: int, timeout: float = 120) -> set[int]:
        """Wait until ``size`` preheated kernels wait for a visitor; return their pids."""
        deadline = time.monotonic() + timeout
        while len(waiting := self.waiting_kernel_pids()) < size:
            assert time.monotonic() < deadline, (f"only {len(waiting)} of {size} preheated kernels "
                                                 f"wait; the server's log:\n{self.log_tail(60)}")
            time.sleep(0.2)
        return waiting

    def open_preheated(self, page, path: str, pool: int, timeout: float = READY_TIMEOUT) -> str:
        """Open ``path`` once ``pool`` preheated kernels wait; the page's kernel id, checked to
        be one of those (not a kernel started for the page)."""
        waiting = self.wait_for_pool(pool)
        page.goto(self.url + path, timeout=timeout * 1000)
        wait_for_app(page, timeout)
        kernel_id = page_kernel_id(page)
        assert self.kernel_pid(kernel_id) in waiting, \
            f"{path}: the page started a kernel of its own instead of taking a preheated one"
        return kernel_id

    def kernel_pid(self, kernel_id: str) -> int | None:
        """The process of the kernel a page names (its ``kernelId``), None if it is gone."""
        import psutil

        for pid in self.kernel_pids():
            try:
                if any(f"kernel-{kernel_id}.json" in part for part in psutil.Process(pid).cmdline()):
                    return pid
            except psutil.Error:
                pass
        return None

    def wait_kernel_gone(self, kernel_id: str, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until the kernel a page names no longer runs; whether
        it is gone."""
        deadline = time.monotonic() + timeout
        while self.kernel_pid(kernel_id) is not None:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.5)
        return True

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)     # Voila shuts its kernels down on SIGTERM
            os.killpg(self.proc.pid, signal.SIGCONT)     # (a stopped process takes it only then)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)


READY = "Serving the Aristofarsa apps at "


def start_server(*extra: str, port: int = 0) -> Server:
    """``aristofarsa serve --no-browser --port PORT`` with ``extra`` arguments, once it says it
    is serving; its log is read all along (:meth:`Server.log_tail`). With ``port`` 0 the
    system gives the server a free port as it binds (no other process can take it first) and
    the URL is the one the server prints."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env["PYTHONUNBUFFERED"] = "1"
    proc = subprocess.Popen([sys.executable, "-m", "aristofarsa.cli", "serve", "--no-browser",
                             "--port", str(port), *extra], cwd=ROOT, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True)
    server = Server("", proc, extra=extra)
    ready = threading.Event()
    threading.Thread(target=_read_log, args=(server, ready), daemon=True).start()
    if ready.wait(READY_TIMEOUT) and server.proc.poll() is None and server.url:
        assert not port or server.port == port, server.url
        return server
    status = server.proc.poll()
    server.stop()
    why = f"ended (exit status {status})" if status is not None else f"was not ready within {READY_TIMEOUT} s"
    raise RuntimeError(f"aristofarsa serve {why}:\n{server.log_tail()}")


def _read_log(server: Server, ready: threading.Event) -> None:
    """Read the server's log until it ends, so that its pipe never fills up (a full pipe stops
    the server at its next log line): lines go to ``server.output`` (the last LOG_LINES), any
    bytes decoded, and ``ready`` is set once the server says it is serving (``server.url`` is
    the address it prints), or its log ends."""
    stream = server.proc.stdout
    assert stream is not None
    for raw in iter(stream.readline, b""):
        line = raw.decode("utf-8", errors="replace")
        server.output.append(line)
        if line.startswith(READY):
            server.url = line[len(READY):].split()[0]
            ready.set()
    ready.set()


@pytest.fixture(scope="session")
def shared_server() -> Iterator[Server]:
    """The one server most tests share (``app_server`` gives its URL)."""
    server = start_server()
    yield server
    server.stop()


@pytest.fixture
def app_server(shared_server: Server) -> Iterator[str]:
    """The shared server's URL. After each test it must still answer: if it does not, the test
    fails with the server's thread stacks and last log lines, and a new server takes the same
    port, so that one stuck server costs one test and says why, not every test after it."""
    yield shared_server.url
    if shared_server.answers():
        return
    report = shared_server.stack_dump()
    shared_server.stop()
    fresh = start_server(*shared_server.extra, port=shared_server.port)
    shared_server.proc, shared_server.output = fresh.proc, fresh.output
    pytest.fail(f"the shared server stopped answering during this test (restarted on the same "
                f"port); its threads and last log lines:\n{report}", pytrace=False)


@pytest.fixture
def serve() -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def make(*extra: str) -> Server:
        started.append(start_server(*extra, *(() if "--pool-size" in extra else ("--pool-size", "0"))))
        return started[-1]

    yield make
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        pytest.skip("Chromium is missing (Debian: apt-get install chromium; scripts/test.sh does it as root)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is missing (pip install 'aristofarsa[test]')")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or (parts.hostname or "") in LOCAL_HOSTS


def _page(browser, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    page = context.new_page()
    page.af_requests = []       # every URL the page asked for
    page.af_foreign = []        # those that would have left the host (blocked)

    def on_route(route) -> None:
        url = route.request.url
        page.af_requests.append(url)
        if _local(url):
            route.continue_()
        else:
            page.af_foreign.append(url)
            route.abort()

    context.route("**/*", on_route)
    page.on("websocket", lambda ws: (page.af_requests.append(ws.url),
                                     None if _local(ws.url) else page.af_foreign.append(ws.url)))
    return context, page


@pytest.fixture
def page(browser):
    context, page = _page(browser, 1280, 900)
    yield page
    context.close()
    assert not page.af_foreign, f"requests left 127.0.0.1: {page.af_foreign}"


@pytest.fixture
def phone_page(browser):
    context, page = _page(browser, 390, 844)
    yield page
    context.close()
    assert not page.af_foreign, f"requests left 127.0.0.1: {page.af_foreign}"


def page_kernel_id(page) -> str:
    """The id of the kernel a served app page runs on (its ``kernelId``, public in its HTML)."""
    return str(json.loads(page.locator("#jupyter-config-data").inner_text())["kernelId"])


def wait_for_app(page, timeout: float = READY_TIMEOUT) -> None:
    """Wait until Voila shows the rendered notebook and a widget of the app is visible."""
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout * 1000)
    page.wait_for_selector(APP_SELECTOR, state="visible", timeout=timeout * 1000)


@pytest.fixture(name="wait_for_app")
def wait_for_app_fixture() -> Callable[..., None]:
    return wait_for_app
