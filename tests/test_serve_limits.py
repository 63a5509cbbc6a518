"""`aristofarsa serve`'s bounds on what one visitor costs (issue 12), without a server.

The served attacks themselves are replayed in ``tests/browser/test_attacks.py``.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import os
import socket
import sys

import pytest

from aristofarsa.cli import apps, main
from aristofarsa.cli.args import UsageError
from aristofarsa.controllers.sources import MAX_UPLOAD_BYTES

pytest.importorskip("voila")


@pytest.mark.parametrize("argv, words", [
    (["--max-kernels", "0"], "--max-kernels must be 1 to 1000 app pages, got 0"),
    (["--max-kernels", "5000"], "--max-kernels must be 1 to 1000 app pages, got 5000"),
    (["--cull-open-idle", "30"], "--cull-open-idle must be --cull-idle (60) to 86400 seconds, got 30"),
    (["--cull-open-idle", "100000"], "--cull-open-idle must be --cull-idle (60) to 86400"),
])
def test_serve_refuses_bad_limits(argv, words, capsys):
    assert main(["serve", "--no-browser", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def _served_config(monkeypatch, *extra: str):
    """The configuration `serve` gives Voila: its real ``initialize``, no ``start``."""
    import voila.app

    started = []
    monkeypatch.setattr(voila.app.Voila, "start", lambda self: started.append(self))
    monkeypatch.setattr(os, "environ", dict(os.environ))
    for name in ("RequestInfoSocketHandler", "TornadoVoilaHandler", "voila_kernel_manager_factory"):
        monkeypatch.setattr(voila.app, name, getattr(voila.app, name))   # undone after the test
    assert main(["serve", "--no-browser", "--port", "0", *extra]) == 0
    return started[0].config, voila.app


def test_serve_turns_overrides_off_and_sets_its_limits(monkeypatch):
    config, voila_app = _served_config(monkeypatch, "--max-kernels", "7", "--cull-open-idle", "600")
    assert config.VoilaConfiguration.allow_theme_override == "NO"
    assert config.VoilaConfiguration.allow_template_override == "NO"
    assert str(config.AppKernelManager.max_kernels) == "7"      # read by the trait when it loads
    assert str(config.AppKernelManager.cull_open_idle) == "600"
    # the page's script keeps larger uploads from the kernel
    assert config.VoilaConfiguration.resources == {"af_upload_limit": str(MAX_UPLOAD_BYTES),
                                                   **apps.page_texts(), **apps.page_titles()}
    from aristofarsa.cli import voila_fixes

    assert voila_app.RequestInfoSocketHandler is voila_fixes.QuerySocketHandler
    assert voila_app.TornadoVoilaHandler is voila_fixes.AppPageHandler
    assert voila_app.voila_kernel_manager_factory is voila_fixes.kernel_manager_factory


def test_default_kernel_cap_follows_the_machine(monkeypatch):
    config, _ = _served_config(monkeypatch)
    assert str(config.AppKernelManager.max_kernels) == str(apps.default_max_kernels())
    assert str(config.AppKernelManager.cull_open_idle) == str(apps.DEFAULT_CULL_OPEN_IDLE)
    pages = {1: 4 * 2**30, 2: 24 * 2**30, 3: 2**40}
    for memory, expected in ((pages[1], 12), (pages[2], 76), (pages[3], 100)):
        monkeypatch.setattr(os, "sysconf", lambda name, m=memory: m if name == "SC_PHYS_PAGES" else 1)
        assert apps.default_max_kernels() == expected


def test_the_kernel_manager_keeps_voilas_pool_and_adds_the_limits():
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from aristofarsa.cli import voila_fixes

    for preheat in (True, False):
        cls = voila_fixes.kernel_manager_factory(AsyncMappingKernelManager, preheat, 1)
        assert cls.__name__ == "AppKernelManager"
        assert issubclass(cls, AsyncMappingKernelManager)
        assert hasattr(cls, "get_rendered_notebook") is preheat     # Voila's pool, wrapped
        assert {"max_kernels", "cull_open_idle", "visitor_wait"} <= set(cls.class_trait_names())


def test_an_open_pages_idle_kernel_is_culled_but_not_a_busy_one():
    """A preheated kernel's last activity is when it began to wait in the pool: taken by a
    visitor after a longer wait than --cull-open-idle, it is busy rendering the page, and the
    open-page rule must not shut it down then (only once it is idle that long)."""
    from datetime import timedelta
    from types import SimpleNamespace

    from jupyter_server._tz import utcnow
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from aristofarsa.cli import voila_fixes

    # the same rule with and without the pool (Voila's pool manager needs a running app)
    manager = voila_fixes.kernel_manager_factory(AsyncMappingKernelManager, False, 0)()
    manager.cull_open_idle = 30
    shut: list[str] = []

    async def shutdown(kernel_id: str, *args, **kwargs) -> None:
        shut.append(kernel_id)

    manager.shutdown_kernel = shutdown
    long_ago = utcnow() - timedelta(hours=2)
    for state in ("busy", "idle"):
        manager._kernels[state] = SimpleNamespace(last_activity=long_ago, execution_state=state,
                                                  kernel_name="python3",
                                                  kernel_spec=SimpleNamespace(metadata={}))
        manager._kernel_connections[state] = 1               # its page is open
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        for state in ("busy", "idle"):
            pool.submit(asyncio.run, manager.cull_kernel_if_idle(state)).result()
    assert shut == ["idle"]


def test_a_kernel_that_never_takes_its_visitor_is_given_up():
    from aristofarsa.cli import voila_fixes

    gave_up = []

    async def run() -> None:
        never: asyncio.Future = asyncio.get_running_loop().create_future()

        async def give_up() -> None:
            gave_up.append(True)

        with pytest.raises(voila_fixes.VisitorWaitExpired, match="no answer within 0.05 s"):
            await voila_fixes.within(never, 0.05, give_up)
        assert never.cancelled()
        done: asyncio.Future = asyncio.get_running_loop().create_future()
        done.set_result("page")
        assert await voila_fixes.within(done, 0.05, give_up) == "page"

    with concurrent.futures.ThreadPoolExecutor(1) as pool:   # a loop of its own, even when the
        pool.submit(asyncio.run, run()).result()             # browser tests' loop runs here
    assert gave_up == [True]


# ------------------------------------------------------------------ issue 30
def test_serve_reads_no_config_file_from_its_working_folder(monkeypatch, tmp_path):
    marker = tmp_path / "ran"
    (tmp_path / "voila.py").write_text(f"open({str(marker)!r}, 'w').write('voila.py ran')\n"
                                       "c.VoilaConfiguration.show_tracebacks = True\n")
    (tmp_path / "voila.json").write_text('{"VoilaConfiguration": {"show_tracebacks": true}}')
    monkeypatch.chdir(tmp_path)
    # `python -m aristofarsa serve` puts the working folder first on the import path, where
    # its voila.py would be imported in place of Voila: serve takes it off
    monkeypatch.setattr(sys, "path", ["", str(tmp_path), *sys.path])
    config, voila_app = _served_config(monkeypatch)
    assert not marker.exists()
    assert "" not in sys.path and str(tmp_path) not in sys.path
    assert apps.import_path_without(tmp_path, [str(tmp_path / "sub"), str(tmp_path), "."]) == \
        [str(tmp_path / "sub")]
    assert "show_tracebacks" not in config.VoilaConfiguration
    assert [str(p) for p in config.Voila.config_file_paths] == [str(apps.CONFIG_DIR)]
    assert not list(apps.CONFIG_DIR.glob("voila.*"))           # the folder it reads holds none


def test_serve_waits_for_a_loaded_servers_output_and_limits_each_client(monkeypatch):
    config, _ = _served_config(monkeypatch, "--max-kernels", "8", "--connect-wait", "12")
    assert str(config.VoilaExecutor.iopub_timeout) == str(apps.IOPUB_TIMEOUT) == "60"
    assert str(config.AppKernelManager.max_kernels_per_client) == "6"      # 3/4 of the cap
    assert str(config.AppKernelManager.connect_wait) == "12"
    config, _ = _served_config(monkeypatch, "--max-kernels", "8", "--max-kernels-per-client", "8")
    assert str(config.AppKernelManager.max_kernels_per_client) == "8"


@pytest.mark.parametrize("argv, words", [
    (["--max-kernels", "4", "--max-kernels-per-client", "5"],
     "--max-kernels-per-client must be 1 to --max-kernels (4) app pages, got 5"),
    (["--max-kernels-per-client", "0"], "--max-kernels-per-client must be 1 to --max-kernels"),
    (["--connect-wait", "1"], "--connect-wait must be 5 to 600 seconds, got 1"),
])
def test_serve_refuses_bad_client_limits(argv, words, capsys):
    assert main(["serve", "--no-browser", *argv]) == 2
    assert words in capsys.readouterr().err


def _manager(max_kernels: int, per_client: int):
    """An ``AppKernelManager`` (no pool) whose kernels are names in a list, never processes."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from aristofarsa.cli import voila_fixes

    manager = voila_fixes.kernel_manager_factory(AsyncMappingKernelManager, False, 0)()
    manager.max_kernels, manager.max_kernels_per_client, manager.connect_wait = \
        max_kernels, per_client, 0.05
    running: list[str] = []
    shut: list[str] = []
    manager.list_kernel_ids = lambda: list(running)

    async def shutdown(kernel_id: str, *args, **kwargs) -> None:
        shut.append(kernel_id)
        running.remove(kernel_id)

    manager.shutdown_kernel = shutdown
    return manager, running, shut


def test_the_cap_counts_kernels_not_requests_and_each_clients_share():
    from aristofarsa.cli import voila_fixes

    manager, running, shut = _manager(max_kernels=3, per_client=2)

    async def visit(address: str, kernel_id: str, connects: bool) -> int:
        """A page request as AppPageHandler answers it: refused (503 or 429), or reserve, get a
        kernel, send the page (200)."""
        refused = manager.refusal(address)
        if refused:
            return 503 if refused == "busy" else 429
        request = voila_fixes.PageRequest(address)
        manager.reserve(request)
        token = voila_fixes._PAGE_REQUEST.set(request)
        try:
            await asyncio.sleep(0)                    # the other requests come in meanwhile
            running.append(kernel_id)
            manager._kernels[kernel_id] = object()
            manager._given(kernel_id)
            if connects:
                manager.notify_connect(kernel_id)
        finally:
            voila_fixes._PAGE_REQUEST.reset(token)
            manager.page_sent(request)
        return 200

    async def run() -> None:
        # three first visitors at once, under the cap: each is counted once (was [503, 200, 200])
        assert await asyncio.gather(visit("10.0.0.1", "k1", True), visit("10.0.0.2", "k2", False),
                                    visit("10.0.0.3", "k3", True)) == [200, 200, 200]
        assert manager.taken() == 3 and not manager.page_kernels.waiting
        assert await visit("10.0.0.4", "k9", True) == 503
        await asyncio.sleep(0.2)                      # connect_wait: k2's page never connected
        assert shut == ["k2"] and manager.taken() == 2
        assert manager.refusal("10.0.0.4") is None
        # one address takes at most its share, even with slots free
        manager.max_kernels = 4
        assert await visit("10.0.0.1", "k4", True) == 200
        assert await visit("10.0.0.1", "k5", True) == 429 and manager.taken("10.0.0.1") == 2
        assert manager.refusal("10.0.0.5") is None
        running.remove("k1")                          # a page closed: its slot is free again
        assert manager.refusal("10.0.0.1") is None and manager.taken() == 2

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


def test_serve_binds_its_port_before_voila_starts_and_voila_serves_on_it(monkeypatch):
    """``--port 0``: the port is the one the system gives as serve binds it, Voila is told
    that port (its preheated kernels reach the server there) and serves on those very
    sockets, so no other process can take the port between a check and the bind."""
    import tornado.web
    from tornado.httpclient import AsyncHTTPClient

    from aristofarsa.cli import voila_fixes

    given: list = []
    serve_on = voila_fixes.serve_on
    monkeypatch.setattr(voila_fixes, "serve_on", lambda app, sockets, names: given.append(
        (sockets, apps.bound_port(sockets), names)))
    config, _ = _served_config(monkeypatch)
    [(sockets, port, names)] = given
    assert names == {"af_texts": apps.landing_texts}    # the landing page's words (tree.html)
    assert port > 0 and str(config.Voila.port) == str(port)
    assert all(s.fileno() == -1 for s in sockets)       # closed once Voila has ended
    with socket.socket() as taken:                      # a port in use: refused, naming it
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(UsageError, match=f"cannot listen on 127.0.0.1 port {taken.getsockname()[1]}"):
            apps.listening_sockets("127.0.0.1", taken.getsockname()[1])

    class Hello(tornado.web.RequestHandler):
        def get(self) -> None:
            self.write("served")

    import jinja2

    env = jinja2.Environment()

    async def run() -> str:
        sockets = apps.listening_sockets("127.0.0.1", 0)
        app = type("FakeVoila", (), {})()              # what Voila's listen does: app.listen(port, ip)
        app.app = tornado.web.Application([("/", Hello)], voila_jinja2_env=env)
        app.listen = lambda: app.app.listen(0, "127.0.0.1")
        serve_on(app, sockets, {"af_texts": apps.landing_texts})
        app.listen()
        assert env.globals["af_texts"] is apps.landing_texts   # given once Voila has made its app
        try:
            response = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{apps.bound_port(sockets)}/")
            return response.body.decode()
        finally:
            for s in sockets:
                s.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, run()).result() == "served"


def test_the_pages_own_sentences_come_from_the_catalog(monkeypatch):
    """What a page says when it cannot work ("the app did not start", "the app restarted" ...)
    and its Reload button are catalog messages that serve gives the template; the template's
    English stand-ins (Voila inside a Jupyter server gives none) are the catalog's English
    word for word."""
    import json

    import jinja2
    from nbconvert.exporters.exporter import ResourcesDict

    from aristofarsa.core import messages

    with messages.using(messages.pseudo()):
        config, _ = _served_config(monkeypatch)
    resources = config.VoilaConfiguration.resources
    given = {k: v for k, v in resources.items() if k in apps.page_texts()}
    titles = {k: v for k, v in resources.items() if k.startswith(("af_app_", "af_title_"))}
    assert set(resources) == {*apps.page_texts(), *apps.page_titles(), "af_upload_limit"}
    assert len(given) == 14 and len(titles) == 2 * len(apps.APP_NAMES)
    assert all(v.startswith(messages.OPEN) for v in titles.values())
    assert all(v.startswith(messages.OPEN) and v.endswith(messages.CLOSE) for v in given.values())
    folder = apps.JUPYTER_DATA_DIR / "voila" / "templates" / apps.TEMPLATE
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folder))

    def pages(resources: dict) -> str:
        # nbconvert's resources answer "" for a key they lack
        return "".join(env.get_template(name).render(resources=ResourcesDict(None, resources))
                       for name in ("page_app_watch.html.j2", "page_problems.html.j2", "a11y.html.j2"))

    served, alone = pages(given), pages({})
    for text in given.values():
        assert json.dumps(text) in served and json.dumps(text) not in alone
    for text in apps.page_texts().values():                    # the English catalog
        assert json.dumps(text) in alone


def test_the_per_client_limit_counts_an_ipv6_visitor_by_its_network():
    """A home or phone holds a whole IPv6 /64 and may take a new address in it for each
    request: the per-client limit counts the /64, so one client cannot take every slot by
    changing address; an IPv4 address (also written as IPv6) is itself."""
    from aristofarsa.cli.voila_fixes import client_of

    one_home = {client_of(f"2001:db8:1:2::{n:x}") for n in range(1, 200, 7)}
    assert one_home == {"2001:db8:1:2::/64"}
    assert client_of("2001:db8:1:3::1") != client_of("2001:db8:1:2::1")
    assert client_of("fe80::1%eth0") == "fe80::/64"
    assert client_of("::ffff:10.0.0.7") == client_of("10.0.0.7") == "10.0.0.7"
    assert client_of("10.0.0.8") != client_of("10.0.0.7")
    assert client_of("not an address") == "not an address"


def test_the_busy_page_is_told_by_the_catalog():
    """The busy page (503: the server is full; 429: this address holds its share) in the
    pseudo-translation: every sentence inside its markers, the counts in their plural forms,
    the option to raise in a code span, the page's language the catalog's."""
    import re

    import jinja2

    from aristofarsa.cli.voila_fixes import busy_page
    from aristofarsa.core import messages

    folder = apps.JUPYTER_DATA_DIR / "voila" / "templates" / apps.TEMPLATE
    busy = jinja2.Environment(loader=jinja2.FileSystemLoader(folder), autoescape=True) \
        .get_template("busy.html")

    def page(*args: object) -> str:
        return busy.render(base_url="/", **busy_page(*args))    # type: ignore[arg-type]

    with messages.using(messages.pseudo()):
        full, client = page("busy", 3, 2, 1800), page("client", 3, 1, 0)
    for html in (full, client):
        words = re.sub(r"<[^>]+>|\{.*?\}", " ", html.split("</style>")[1])
        plain = [w for w in re.findall(r"⟦[^⟧]*⟧|[A-Za-z]{2,}", words) if not w.startswith("⟦")]
        assert set(plain) <= {"Aristofarsa", "aristofarsa", "serve", "max", "kernels", "per",
                              "client"}, plain
    assert " 3 " in full and "--max-kernels N</code>" in full and " 30 " in full
    assert "--max-kernels-per-client N</code>" in client and " 1 " in client
    english = page("client", 3, 1, 0)
    assert "It already runs 1 app for this address" in english
    assert "Too many apps from your address</strong>" in english and '<html lang="en">' in english
    assert "It already runs 3 apps, as many" in page("busy", 3, 2, 60)
    assert "one left idle after 1 minute." in page("busy", 3, 2, 60)
