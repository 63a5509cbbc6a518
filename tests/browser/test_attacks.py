"""Issue 12's attacks on a served app, each needing only a link, replayed on `aristofarsa serve`.

Reflected script through ``?theme=``, another template through ``?template=``, Voila's query
socket unhooking the waiting kernels, more kernels than the server can hold, idle open pages
holding kernels for ever. The shared default server (``app_server``) takes the attacks that
leave it as it was; the kernel cap and the idle limit get small servers of their own.
"""
from __future__ import annotations

import contextlib
import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

from aristofarsa.cli.apps import APPS

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


@pytest.mark.parametrize("name", [name for name, _ in APPS])
def test_hostile_theme_and_template_change_nothing(app_server, name):
    for key, value in HOSTILE if name == "lab" else HOSTILE[:1] + HOSTILE[2:4]:
        status, body = fetch(f"{app_server}voila/render/{name}.ipynb?{key}={quote(value)}")
        assert status == 200, (key, value, status)
        assert "<script>alert(" not in body and "alert(document.domain)" not in body
        assert whole_app_page(body), (key, value)
        for cdn in ("cdn.jsdelivr", "unpkg.com", "cdnjs"):
            assert cdn not in body, (key, value, cdn)


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


def test_query_socket_attack_leaves_every_app_working(app_server):
    made_up = "12345678-1234-1234-1234-123456789abc"
    ends = query_socket_attack(app_server, made_up)
    for name, _ in APPS:                        # each takes its app's waiting kernel
        status, body = fetch(f"{app_server}voila/render/{name}.ipynb")
        assert status == 200 and whole_app_page(body), name
    assert ends == ["closed 4404"] * 12         # refused: no kernel of the server has that id
    # a page's own kernel id (public in its HTML) gets no socket either: it waits for nobody
    kernel = json.loads(body.split('<script id="jupyter-config-data" type="application/json">')[1]
                        .split("</script>")[0])["kernelId"]
    assert query_socket_attack(app_server, kernel, times=3) == ["closed 4404"] * 3
    for name, _ in APPS:                        # and the refilled pools serve the next visitors
        status, body = fetch(f"{app_server}voila/render/{name}.ipynb")
        assert status == 200 and whole_app_page(body), name


def test_past_the_kernel_cap_a_page_says_busy_and_starts_no_kernel(serve, page, phone_page):
    server = serve("--max-kernels", "2")
    for name in ("lab", "graphs"):
        status, body = fetch(f"{server.url}voila/render/{name}.ipynb")
        assert status == 200 and whole_app_page(body), name
    kernels = server.kernel_pids()
    assert len(kernels) == 2
    status, body = fetch(f"{server.url}voila/render/play.ipynb")
    assert status == 503
    assert "The server is busy:" in body and "--max-kernels" in body
    for p, width in ((page, 1280), (phone_page, 390)):
        response = p.goto(f"{server.url}voila/render/dispute.ipynb")
        assert response is not None and response.status == 503
        message = p.locator(".af-error")
        assert message.is_visible()
        assert "it already runs 2 apps" in message.inner_text()
        assert p.evaluate("document.documentElement.scrollWidth") <= width
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            p.screenshot(path=str(SHOTS / f"busy-{width}.png"), full_page=True)
    assert server.kernel_pids() == kernels                # no kernel was started for them
    assert fetch(server.url)[0] == 200                    # the landing page needs no kernel


def test_an_idle_open_page_loses_its_kernel(serve, page, wait_for_app):
    server = serve("--cull-idle", "15", "--cull-open-idle", "25")
    page.goto(server.url + "voila/render/lab.ipynb")
    wait_for_app(page)
    kernel = json.loads(page.locator("#jupyter-config-data").inner_text())["kernelId"]
    assert server.kernel_pid(kernel) is not None
    deadline = time.monotonic() + 90
    while server.kernel_pid(kernel) is not None and time.monotonic() < deadline:
        time.sleep(1)
    assert server.kernel_pid(kernel) is None, "an idle open page kept its kernel"
