"""`aristofarsa serve` in a real browser: landing page, every app, offline, kernel culling."""
from __future__ import annotations

import os
import urllib.request
from pathlib import Path

import pytest

from aristofarsa.cli.apps import APPS

from .conftest import Server, page_kernel_id

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("AF_SCREENSHOTS", "")) if os.environ.get("AF_SCREENSHOTS") else None


def test_landing_page_links_every_app_and_the_lab_refuses_code_sent_by_its_page(app_server, page,
                                                                             wait_for_app, tmp_path):
    """The landing page's links, then the Lab opened by one of them (one page load): standalone
    Voila answers the page's kernel messages but runs no code the page sends."""
    page.goto(app_server)
    links = page.locator("a.af-app-link")
    assert links.count() == len(APPS)
    for (name, title), i in zip(APPS, range(len(APPS)), strict=True):
        link = links.nth(i)
        assert link.locator("strong").inner_text() == title
        assert link.get_attribute("href") == f"/voila/render/{name}.ipynb"
    links.filter(has_text="Scenario Lab").first.click()
    page.wait_for_url("**/voila/render/lab.ipynb")
    wait_for_app(page)
    standalone_voila_refuses_code_sent_by_a_page(page, tmp_path)


def test_no_cdn_in_the_served_html(app_server):
    bodies = {}
    for path in ["", "voila/render/lab.ipynb", "voila/render/missing.ipynb"]:
        try:
            bodies[path] = urllib.request.urlopen(app_server + path, timeout=30).read().decode()
        except urllib.error.HTTPError as exc:
            bodies[path] = exc.read().decode()
        for cdn in ("cdn.jsdelivr", "cdnjs.cloudflare", "unpkg.com", "fonts.googleapis"):
            assert cdn not in bodies[path], (path, cdn)
    # a served page has its own kernel: the in-browser kernel's extension is not offered to it
    # (it is installed when the static site's build tools are: scripts/test.sh installs them)
    body = bodies["voila/render/lab.ipynb"]
    assert "@jupyter-widgets/jupyterlab-manager" in body
    assert "pyodide-kernel-extension" not in body


def test_landing_page_at_laptop_and_phone_width(app_server, page, phone_page):
    for p, width in ((page, 1280), (phone_page, 390)):
        p.goto(app_server)
        box = p.locator("a.af-app-link").first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert p.evaluate("document.documentElement.scrollWidth") <= width   # no sideways scrolling
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            p.screenshot(path=str(SHOTS / f"landing-{width}.png"), full_page=True)


SEND_JS = """async ([kernelId, code]) => {
  const ws = new WebSocket(`ws://${location.host}/api/kernels/${kernelId}/channels`);
  await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
  const seen = [];
  ws.onmessage = e => { if (typeof e.data === 'string') seen.push(JSON.parse(e.data).header.msg_type); };
  const msg = (type, content) => JSON.stringify({
    header: {msg_id: String(Math.random()), msg_type: type, session: 'probe', username: 'probe',
             version: '5.3', date: new Date().toISOString()},
    parent_header: {}, metadata: {}, content, channel: 'shell', buffers: []});
  ws.send(msg('execute_request', {code, silent: false, store_history: false, user_expressions: {},
                                  allow_stdin: false, stop_on_error: true}));
  ws.send(msg('kernel_info_request', {}));
  await new Promise(ok => setTimeout(ok, 3000));
  ws.close();
  return seen;
}"""


def standalone_voila_refuses_code_sent_by_a_page(page, tmp_path) -> None:
    """On a served app page: a kernel message the page sends is answered, code it sends is not run."""
    kernel = page_kernel_id(page)
    marker = tmp_path / "ran.txt"
    seen = page.evaluate(SEND_JS, [kernel, f"open({str(marker)!r}, 'w').write('ran')"])
    assert "kernel_info_reply" in seen          # the channel works: allowed messages are answered
    assert "execute_reply" not in seen and not marker.exists()


def test_sigusr1_prints_every_threads_stack_and_the_server_goes_on(shared_server: Server) -> None:
    """`kill -USR1` on a server that stops answering shows where it is stuck (docs/apps.md)."""
    shared_server.output.clear()
    shared_server.stack_dump()
    log = shared_server.log_tail(200)
    assert "most recent call first" in log and "in cmd_serve" in log, log
    assert shared_server.answers(), "the server stopped answering after SIGUSR1"
