"""Issue 12's attacks on a served app, each needing only a link, replayed on `aristofarsa serve`.

Reflected script through ``?theme=``, another template through ``?template=``, Voila's query
socket unhooking the waiting kernels, more kernels than the server can hold, idle open pages
holding kernels for ever. The shared default server (``app_server``) takes the attacks that
leave it as it was; the kernel cap and the idle limit get small servers of their own.
"""
from __future__ import annotations

import concurrent.futures
import contextlib
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

from aristofarsa.cli.apps import APPS

from .conftest import APP_SELECTOR, _page, page_kernel_id

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("AF_SCREENSHOTS", "")) if os.environ.get("AF_SCREENSHOTS") else None
SCRIPT = '"><script>alert(document.domain)</script>'
#: Hostile values of ?theme= and ?template=: none may reach the page or change the template.
HOSTILE = [("theme", SCRIPT), ("theme", "dark"), ("template", "lab"), ("template", "no-such-template"),
           ("template", "../../../../etc")]
TIMEOUT = 60        # a page that never answers fails here instead of hanging the suite


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def whole_app_page(body: str) -> bool:
    """The page ran to its end in the package's own template, light theme."""
    return 'data-jp-theme-name="JupyterLab Light"' in body and "window.voila_finish();" in body


def hostile_queries(name: str) -> list[str]:
    """The Lab gets every hostile value alone; each other app (the same page handler) one
    request with the reflected script and another template at once."""
    if name == "lab":
        return [f"{key}={quote(value)}" for key, value in HOSTILE]
    return ["&".join(f"{key}={quote(value)}" for key, value in HOSTILE[:1] + HOSTILE[2:3])]


@pytest.mark.parametrize("name", [name for name, _ in APPS])
def test_hostile_theme_and_template_change_nothing(app_server, shared_server, name):
    for query in hostile_queries(name):
        status, body = fetch(f"{app_server}voila/render/{name}.ipynb?{query}")
        assert status == 200, (query, status)
        assert "<script>alert(" not in body and "alert(document.domain)" not in body
        assert whole_app_page(body), (f"{query}: the page ended at\n{body[-300:]}\n"
                                      f"server log:\n{shared_server.log_tail(60)}")
        for cdn in ("cdn.jsdelivr", "unpkg.com", "cdnjs"):
            assert cdn not in body, (query, cdn)


def test_no_script_runs_from_a_hostile_theme_in_the_browser(app_server, page, wait_for_app):
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(f"{app_server}voila/render/dispute.ipynb?theme={quote(SCRIPT)}")
    wait_for_app(page)
    assert dialogs == []
    assert page.locator("body").get_attribute("data-jp-theme-name") == "JupyterLab Light"


def query_socket_attack(base: str, kernel_id: str, times: int = 12) -> list[str]:
    """Open ``times`` sockets on /voila/query/<kernel_id> (no cookie), then close them all; how
    the server ended each one."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = base.replace("http://", "ws://") + f"voila/query/{kernel_id}"
    ends = []
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(url, open_timeout=10)) for _ in range(times)]
        for socket in sockets:
            try:
                socket.recv(timeout=5)
                ends.append("message")
            except ConnectionClosed as exc:
                ends.append(f"closed {exc.rcvd.code if exc.rcvd else None}")
            except TimeoutError:
                ends.append("open")
    return ends


def test_query_socket_attack_leaves_every_app_working(app_server, shared_server):
    """Sockets under a made-up kernel id, then under a page's own kernel id (public in its
    HTML), are refused while every app's kernel waits; each then still serves its next visitor."""
    status, body = fetch(f"{app_server}voila/render/{APPS[-1][0]}.ipynb")
    assert status == 200 and whole_app_page(body)
    kernel = json.loads(body.split('<script id="jupyter-config-data" type="application/json">')[1]
                        .split("</script>")[0])["kernelId"]
    shared_server.wait_for_pool(len(APPS))      # the page's app has its waiting kernel again
    made_up = "12345678-1234-1234-1234-123456789abc"
    assert query_socket_attack(app_server, made_up) == ["closed 4404"] * 12   # no kernel has that id
    assert query_socket_attack(app_server, kernel, times=3) == ["closed 4404"] * 3   # it waits for nobody
    for name, _ in APPS:                        # each takes its app's waiting kernel
        status, body = fetch(f"{app_server}voila/render/{name}.ipynb")
        assert status == 200 and whole_app_page(body), name


def test_past_the_kernel_cap_a_page_says_busy_and_starts_no_kernel(serve, page, phone_page):
    server = serve("--max-kernels", "2", "--max-kernels-per-client", "2")
    for name in ("lab", "graphs"):
        status, body = fetch(f"{server.url}voila/render/{name}.ipynb")
        assert status == 200 and whole_app_page(body), name
    kernels = server.kernel_pids()
    assert len(kernels) == 2
    status, body = fetch(f"{server.url}voila/render/play.ipynb")
    assert status == 503
    assert "<strong>The server is busy</strong>" in body and "--max-kernels" in body
    for p, width in ((page, 1280), (phone_page, 390)):
        response = p.goto(f"{server.url}voila/render/dispute.ipynb")
        assert response is not None and response.status == 503
        message = p.locator(".af-error")
        assert message.is_visible()
        assert "It already runs 2 apps" in message.inner_text()
        assert p.evaluate("document.documentElement.scrollWidth") <= width
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            p.screenshot(path=str(SHOTS / f"busy-{width}.png"), full_page=True)
    assert server.kernel_pids() == kernels                # no kernel was started for them
    assert fetch(server.url)[0] == 200                    # the landing page needs no kernel


def problem(page, timeout: float = 60) -> str:
    """The page-level message (page_problems.html.j2), once it shows."""
    box = page.locator(".af-error.af-page-problem")
    box.wait_for(state="visible", timeout=timeout * 1000)
    return box.inner_text()


def shot(page, name: str) -> None:
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


RESTARTED = "The app restarted: reload to continue; your round is in the share link."


def test_the_culler_keeps_an_open_page_then_takes_it_idle_and_a_closed_or_dead_kernel(
        serve, browser, page, phone_page):
    """One server with serve's default pool, three tabs, one wait (the suite's longest): the
    pool holds one waiting kernel per app and none for the landing page; each tab takes a
    waiting kernel; a closed tab's kernel is culled after --cull-idle and the pool refills, no
    more; an open tab's is kept past it, then culled after --cull-open-idle and its page says
    the app restarted; a tab whose kernel dies says so at once."""
    # 15 s: short for the test, yet longer than a loaded machine takes between the kernel's
    # last cell and the page's connection (a kernel idle with no page yet is culled too).
    server = serve("--pool-size", "1", "--cull-idle", "15", "--cull-open-idle", "30")
    pool = server.wait_for_pool(len(APPS))
    assert len(pool) == len(APPS)                         # one per app, none for the landing page
    assert server.kernel_pids() == pool                   # no page open: the pool only
    closing = browser.new_context()
    tab = closing.new_page()
    kernels = {}
    for p, name in ((page, "lab"), (phone_page, "lab"), (tab, "dispute")):
        kernels[p] = server.open_preheated(p, f"voila/render/{name}.ipynb", len(APPS))   # a waiting one
        if p is page:
            opened = time.monotonic()                     # the laptop's page is left idle from here
        assert p.locator(".af-page-problem").count() == 0
    pool = server.wait_for_pool(len(APPS))                # refilled after the last page
    assert len(server.kernel_pids() - pool) == 3          # one tab, one kernel
    closed = kernels.pop(tab)
    closing.close()                                       # a tab is closed (no goodbye: the culler's job)
    dead = server.kernel_pid(kernels[phone_page])
    assert dead is not None
    os.kill(dead, signal.SIGKILL)                         # the phone's kernel dies
    assert RESTARTED in problem(phone_page, timeout=30)
    shot(phone_page, "restarted-390")
    time.sleep(max(0.0, opened + 20 - time.monotonic()))  # idle past --cull-idle, page open: kept
    assert server.kernel_pid(kernels[page]) is not None, "an open page lost its kernel at --cull-idle"
    assert server.wait_kernel_gone(closed, 120), "the closed page's kernel is still running after 120 s"
    server.wait_for_pool(len(APPS))                       # the pool refilled ...
    assert len(server.waiting_kernel_pids()) == len(APPS)             # ... and holds no more
    assert server.wait_kernel_gone(kernels[page], 90), "an idle open page kept its kernel"
    assert RESTARTED in problem(page, timeout=30)
    shot(page, "restarted-1280")
    assert page.locator(".af-app").first.is_visible()     # the round stays on screen to copy
    assert len(server.waiting_kernel_pids()) == len(APPS)            # the pool is never culled


def test_a_cut_page_and_an_unreachable_kernel_say_so(app_server, browser):
    def served(change):
        def handle(route) -> None:
            response = route.fetch()
            route.fulfill(response=response, body=change(response.text()))
        return handle

    def cut(body: str) -> str:                            # the server ended the page midway
        return body[:body.index("window.af_page_finished();")]

    def elsewhere(body: str) -> str:                      # its kernel cannot be reached
        return re.sub(r'"kernelId": "[0-9a-f-]+"', '"kernelId": "00000000-0000-0000-0000-000000000000"', body)

    pages = []
    for change, width in ((cut, 1280), (elsewhere, 390)):
        context = browser.new_context(viewport={"width": width, "height": 844})
        p = context.new_page()
        p.route("**/voila/render/*.ipynb", served(change))
        p.goto(f"{app_server}voila/render/learn.ipynb", wait_until="commit")
        pages.append((context, p))
    try:
        assert "The app stopped while loading" in problem(pages[0][1], timeout=30)
        shot(pages[0][1], "cut-1280")
        assert "could not reach the server" in problem(pages[1][1], timeout=15)   # at once, not after 30 s
        pages[1][1].wait_for_selector("#rendered_cells", state="attached", timeout=30_000)
        shown = pages[1][1].locator("body").inner_text()
        assert "LearnApp(" not in shown, shown        # no Python text where the widget would be
        shot(pages[1][1], "unreachable-390")
    finally:
        for context, _ in pages:
            context.close()


def test_an_oversized_upload_says_so_and_the_next_upload_works(app_server, page, tmp_path,
                                                              wait_for_app):
    from aristofarsa import SCENARIOS_DIR
    from aristofarsa.controllers.sources import MAX_UPLOAD_BYTES

    from .test_dispute import upload

    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"# padding\n" * 1_200_000)            # 12 MB
    good = tmp_path / "b4.toml"
    good.write_bytes((SCENARIOS_DIR / "b4-damsel-swap.toml").read_bytes())
    page.goto(f"{app_server}voila/render/dispute.ipynb")
    wait_for_app(page)
    upload(page, huge)
    notice = page.locator(".af-error.af-upload-problem")
    notice.wait_for(state="visible", timeout=10_000)
    assert notice.inner_text() == (f"huge.toml: is 12,000,000 bytes; a scenario file may be at most "
                                   f"{MAX_UPLOAD_BYTES:,} bytes, so it was not uploaded. Choose a "
                                   "smaller file.")
    shot(page, "upload-too-big-1280")
    upload(page, good)                                       # the next upload goes through
    page.wait_for_selector(".af-winners .af-winners-box", timeout=60_000)
    assert "Bruno" in page.locator(".af-winners").inner_text()     # b4's winner
    assert notice.count() == 0
    assert page.locator(".af-page-problem").count() == 0     # the page's socket never broke


def test_closing_a_tab_shuts_its_kernel_down(app_server, shared_server, browser, wait_for_app):
    """On the shared server (serve's default --cull-idle 60: the culler could take the kernel
    only a minute after the page's last cell), a kernel gone within 30 s of its tab's closing
    was shut down by the closing tab."""
    from aristofarsa.cli.apps import DEFAULT_CULL_IDLE

    assert DEFAULT_CULL_IDLE >= 60 and not shared_server.extra
    context = browser.new_context()
    page = context.new_page()
    page.goto(app_server + "voila/render/graphs.ipynb")
    wait_for_app(page)
    assert any(c["name"] == "_xsrf" for c in context.cookies())
    kernel = page_kernel_id(page)
    assert shared_server.kernel_pid(kernel) is not None
    page.close(run_before_unload=True)                    # Voila's page asks for the shutdown
    assert shared_server.wait_kernel_gone(kernel, 30), "the closed tab's kernel still runs"
    context.close()


# ------------------------------------------------------------------ issue 30
def fetch_from(url: str, source: str) -> tuple[int, str]:
    """GET ``url`` from the local address ``source`` (127.0.0.x: every one is this machine), as
    a visitor of that address would; no browser, so the page never opens its kernel's socket."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port,
                                            timeout=TIMEOUT, source_address=(source, 0))
    try:
        connection.request("GET", f"{parts.path}?{parts.query}" if parts.query else parts.path)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def test_the_cap_counts_kernels_keeps_each_address_to_its_share_and_frees_unconnected_pages(serve):
    """Three first visitors at once under the cap all get their page (requests in flight were
    counted twice: [503, 200, 200]) and the next gets 503; the kernels of pages that never
    connect (plain GETs) are shut down once --connect-wait has passed, not after the culler's
    70 s; then one address past its share gets 429 while the server still has room."""
    server = serve("--max-kernels", "3", "--max-kernels-per-client", "2", "--connect-wait", "10")
    url = f"{server.url}voila/render/graphs.ipynb"

    def page_from(source: str) -> tuple[int, str]:
        status, body = fetch_from(url, source)
        return status, " ".join(body.split())

    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        first = list(pool.map(page_from, ["127.0.0.1", "127.0.0.2", "127.0.0.3"]))
    assert [status for status, _ in first] == [200, 200, 200], server.log_tail(30)
    assert all(whole_app_page(body) for _, body in first)
    status, body = page_from("127.0.0.4")
    assert status == 503 and "The server is busy</strong></p> <p>It already runs 3 apps," in body
    assert len(server.kernel_pids()) == 3
    deadline = time.monotonic() + 60
    while server.kernel_pids() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not server.kernel_pids(), server.log_tail(30)
    assert server.log_tail().count("its page did not connect within 10.0 s") == 3
    assert [page_from("127.0.0.1")[0] for _ in range(2)] == [200, 200]
    status, body = page_from("127.0.0.1")
    assert status == 429
    assert "Too many apps from your address</strong></p> <p>It already runs 2 apps for" in body
    assert "--max-kernels-per-client N" in body and len(server.kernel_pids()) == 2


def _without_app_output(body: str) -> str:
    """The page as it came when its app cell's output arrived after nbclient stopped waiting
    (4 s by default): every output holding a widget dropped."""
    return re.sub(r'<script type="application/vnd\.voila\.cell-output\+json">.*?</script>',
                  lambda m: "" if "widget-view+json" in m.group() else m.group(), body, flags=re.S)


def test_six_lab_pages_at_once_each_show_their_round_or_a_message(app_server, browser):
    """Six Lab pages opened at once, each with its own share code, while a helper process
    burns a core: each shows its round, or a message (never a blank page). Two of them lose
    their app cell's output on the way, as pages did under load: they say "the app did not
    start" at once, with a reload button."""
    from aristofarsa import SCENARIOS_DIR, scenario
    from aristofarsa.scenario import share

    lessons = ["b1-balcony-one-by-one", "b4-damsel-swap", "b13-bishop-chain",
               "b5-merchant-knight-anyway", "b10-bishop-replay", "b3-jester-lowest-wins"]
    dropped = {4: 1366, 5: 390}                  # page -> its width (the others at 1366)

    def drop(route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=_without_app_output(response.text()))

    pages = []
    # a loaded server: a process burning a core whenever the rest leaves one idle (niced: in the
    # whole suite the other tests already load the machine, and it must not slow them down)
    burner = subprocess.Popen([sys.executable, "-c", "import os\nos.nice(19)\nwhile True: pass"])
    try:
        for k, name in enumerate(lessons):
            text = (SCENARIOS_DIR / f"{name}.toml").read_text(encoding="utf-8")
            context, p = _page(browser, dropped.get(k, 1366), 900)
            pages.append((context, p, scenario.loads(text).title))
            if k in dropped:
                p.route(re.compile(r"/voila/render/lab\.ipynb"), drop)
            p.goto(f"{app_server}voila/render/lab.ipynb?scenario={share.encode(text)}",
                   wait_until="commit")
        for _, p, _ in pages:
            p.wait_for_selector(f"{APP_SELECTOR}, .af-page-problem", state="visible", timeout=240_000)
        burner.kill()
        for k, (_, p, title) in enumerate(pages):
            if k in dropped:
                message = problem(p, timeout=10)
                assert message.startswith("The app did not start") and "reload" in message
                assert p.get_by_role("button", name="Reload").is_visible()
                assert p.evaluate("document.documentElement.scrollWidth") <= dropped[k]
                shot(p, f"did-not-start-{dropped[k]}")
            elif p.locator(".af-page-problem").count():          # a loaded server may say so
                assert "reload" in problem(p).lower()
            else:
                p.wait_for_function("t => (document.querySelector('.af-lesson-head') || {}).innerText"
                                    "?.includes(t)", arg=title, timeout=120_000)
                assert p.locator(".af-error").first.is_hidden()
    finally:
        burner.kill()
        burner.wait()
        for context, p, _ in pages:
            context.close()
            assert not p.af_foreign, f"requests left 127.0.0.1: {p.af_foreign}"
