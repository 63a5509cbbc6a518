"""`serve`'s checks (no browser), the notebooks' layout and `aristofarsa notebook` pinned by nbval."""
from __future__ import annotations

import importlib
import json
import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from traitlets import List, Unicode
from traitlets.config import Configurable

from aristofarsa import SCENARIOS_DIR
from aristofarsa.cli import apps, main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = SCENARIOS_DIR / "example-merchant-crowns-aristocrat.toml"


def test_serve_without_the_apps_extra_names_the_install_command(monkeypatch, capsys):
    monkeypatch.setattr(apps, "missing_apps_modules", lambda: ["voila"])
    assert main(["serve", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert "voila" in err and "pip install 'aristofarsa[apps]'" in err


@pytest.mark.parametrize("argv, words", [
    (["--cull-idle", "0"], "--cull-idle must be 1 to 110"),
    (["--cull-idle", "500"], "--cull-idle must be 1 to 110"),
    (["--port", "70000"], "--port must be 0 to 65535"),
    (["--pool-size", "9"], "--pool-size must be 0 to 8"),
    (["--pool-size", "-1"], "--pool-size must be 0 to 8"),
    (["--port", "0", "--host", "no-such-host.invalid"], "cannot listen on 'no-such-host.invalid'"),
    (["--host", "no-such-host.invalid"], "cannot listen on 'no-such-host.invalid'"),
])
def test_serve_refuses_bad_options(argv, words, capsys):
    assert main(["serve", "--no-browser", *argv]) == 2
    assert words in capsys.readouterr().err


def test_serve_refuses_a_busy_port(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["serve", "--no-browser", "--port", str(port)]) == 2
    assert f"port {port}" in capsys.readouterr().err


def test_every_app_notebook_is_thin_and_named_as_the_contract_says():
    folder = apps.notebooks_dir()
    assert folder == ROOT / "notebooks"
    for name, _title in apps.APPS:
        nb = json.loads((folder / f"{name}.ipynb").read_text(encoding="utf-8"))
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert 1 <= len(code) <= 2, name
        source = "".join("".join(c["source"]) for c in code)
        # one name per app: NAME.ipynb -> widgets/NAME.py NameApp -> controllers/NAME.py NameController
        app = f"{name.capitalize()}App"
        assert re.search(rf"^from aristofarsa\.widgets\.{name} import {app}$", source, re.M), name
        controller = getattr(importlib.import_module(f"aristofarsa.controllers.{name}"),
                             f"{name.capitalize()}Controller")
        assert controller.__module__ == f"aristofarsa.controllers.{name}", name
        assert "from aristofarsa.widgets.common import page_query" in source, name
        assert re.search(r"^(\w+App)\.from_query\(page_query\(warm_up=\1\)\)$", source, re.M), name
        assert nb["metadata"]["kernelspec"]["name"] == "python3"


class _FakeVoila:
    """Stands in for ``voila.app.Voila``: records the command line serve gives it."""
    argv: list[str] = []

    def initialize(self, argv: list[str]) -> None:
        _FakeVoila.argv = argv

    def start(self) -> None:
        pass

    def listen(self) -> None:
        pass


class _KernelManagerTraits(Configurable):
    """Reads the config section of Voila's VoilaKernelManager (made by a factory as serve starts)."""
    preheat_denylist = List(Unicode(), config=True)


_KernelManagerTraits.__name__ = "VoilaKernelManager"


def _voila_config(voila_class: type, argv: list[str]):
    app = voila_class()
    app.parse_command_line(argv)          # the configuration only: no server, no kernel
    return app.config


@pytest.mark.parametrize("extra, pool", [([], apps.DEFAULT_POOL_SIZE), (["--pool-size", "3"], 3),
                                         (["--pool-size", "0"], 0)])
def test_pool_size_reaches_voilas_configuration(monkeypatch, capsys, extra, pool):
    import voila.app

    real = voila.app.Voila
    monkeypatch.setattr(voila.app, "Voila", _FakeVoila)
    monkeypatch.setattr(os, "environ", dict(os.environ))         # serve puts its variables there
    assert main(["serve", "--no-browser", "--port", "0", *extra]) == 0
    config = _voila_config(real, _FakeVoila.argv)
    assert config.VoilaConfiguration.get("preheat_kernel", False) is (pool > 0)
    if pool:
        assert config.VoilaConfiguration.default_pool_size == pool
        assert _KernelManagerTraits(config=config).preheat_denylist == ["index.ipynb"]   # runs no code
    assert str(config.MappingKernelManager.cull_idle_timeout) == str(apps.DEFAULT_CULL_IDLE)
    assert os.environ["VOILA_APP_IP"] == "127.0.0.1"         # where a waiting kernel asks for its request


def test_preheated_kernels_reach_the_server_at_its_own_address():
    assert apps.local_address("0.0.0.0") == "127.0.0.1"
    assert apps.local_address("192.168.1.20") == "192.168.1.20"
    assert apps.local_address("::1") == "[::1]"
    assert apps.serving_env({}, host="::")["VOILA_APP_IP"] == "127.0.0.1"


def _fake_voila_query_socket(payload: str | None):
    """A web socket server answering as Voila's ``/voila/query/<kernel>`` does; None: refuses."""
    from websockets.sync.server import serve

    def handler(socket) -> None:
        _fake_voila_query_socket.path = socket.request.path
        if payload is not None:
            socket.send(payload)

    server = serve(handler, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


class _WarmUp:
    """An app class that records the queries it was built with and the widgets it made."""
    queries: list[str] = []
    made: list = []

    @classmethod
    def from_query(cls, query: str):
        import ipywidgets as ipw

        cls.queries.append(query)
        cls.made.append(ipw.Label(query))
        return cls.made[-1]


def test_page_query_outside_voila_reads_the_environment(monkeypatch):
    from aristofarsa.widgets import common

    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    _WarmUp.queries.clear()
    assert common.page_query() == ""
    monkeypatch.setenv("QUERY_STRING", "lesson=b13-bishop-chain")
    assert common.page_query() == "lesson=b13-bishop-chain"
    monkeypatch.setenv("VOILA_PREHEAT", "False")                  # a kernel Voila started for a page
    assert common.page_query(warm_up=_WarmUp) == "lesson=b13-bishop-chain"
    assert _WarmUp.queries == []                                  # nothing built twice


def test_page_query_in_a_preheated_kernel_waits_for_the_request(monkeypatch):
    from aristofarsa.widgets import common

    request = {"QUERY_STRING": "players=5&seed=7", "SERVER_NAME": "127.0.0.1"}
    _WarmUp.queries.clear()
    server = _fake_voila_query_socket(json.dumps(request))
    try:
        for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_SERVER_URL": "/",
                            "VOILA_APP_PORT": str(server.socket.getsockname()[1]),
                            "VOILA_KERNEL_ID": "k-1", "QUERY_STRING": "stale"}.items():
            monkeypatch.setenv(name, value)
        common._visitor.clear()
        assert common.page_query(warm_up=_WarmUp) == "players=5&seed=7"   # the visitor's, not the kernel's
        assert _WarmUp.queries == [""]                             # built once before the request...
        assert all(w.comm is None for w in _WarmUp.made)           # ...and closed: no page sees it
        assert _fake_voila_query_socket.path == "/voila/query/k-1"
        assert os.environ["SERVER_NAME"] == "127.0.0.1"
        assert common.page_query(warm_up=_WarmUp) == "players=5&seed=7"   # asked once per kernel
        assert _WarmUp.queries == [""]
    finally:
        server.shutdown()
        common._visitor.clear()


class _BrokenWarmUp(_WarmUp):
    @classmethod
    def from_query(cls, query: str):
        super().from_query(query)
        raise ValueError("no default round")


def test_a_failed_warm_up_still_waits_for_the_visitor_and_stays_off_the_page(monkeypatch, capsys):
    from aristofarsa.widgets import common

    server = _fake_voila_query_socket(json.dumps({"QUERY_STRING": "lesson=b4-damsel-swap"}))
    _WarmUp.queries.clear()
    try:
        for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1", "VOILA_KERNEL_ID": "k-3",
                            "VOILA_APP_PORT": str(server.socket.getsockname()[1])}.items():
            monkeypatch.setenv(name, value)
        common._visitor.clear()
        assert common.page_query(warm_up=_BrokenWarmUp) == "lesson=b4-damsel-swap"
        assert _WarmUp.queries == [""] and _WarmUp.made[-1].comm is None     # tried, and closed
        assert "warm-up" not in capsys.readouterr().err      # the server's log, not the cell's output
    finally:
        server.shutdown()
        common._visitor.clear()


def test_page_query_says_why_when_voila_cannot_be_reached(monkeypatch):
    from aristofarsa.widgets import common

    for name, value in {"VOILA_PREHEAT": "True", "VOILA_APP_IP": "127.0.0.1",
                        "VOILA_APP_PORT": str(_closed_port()), "VOILA_KERNEL_ID": "k-2"}.items():
        monkeypatch.setenv(name, value)
    common._visitor.clear()
    with pytest.raises(RuntimeError, match="--pool-size 0"):
        common.page_query()
    assert not common._visitor


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_landing_notebook_and_page_list_every_app_by_title():
    index = json.loads((apps.notebooks_dir() / "index.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in index["cells"])
    assert not [c for c in index["cells"] if c["cell_type"] == "code"]
    for name, title in apps.APPS:
        assert f"[{title}]({name}.ipynb)" in text
        assert f'href="/voila/render/{name}.ipynb"><strong>{title}</strong>' in _landing_page()
    assert [name for name, _ in apps.APPS] == list(apps.APP_NAMES)


def _landing_page(contents: tuple[str, ...] = apps.APP_NAMES) -> str:
    """The landing page ``tree.html`` as ``serve`` renders it (its words: the global af_texts)."""
    import jinja2

    folder = apps.JUPYTER_DATA_DIR / "voila" / "templates" / apps.TEMPLATE
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folder), autoescape=True)
    env.globals["af_texts"] = apps.landing_texts
    return env.get_template("tree.html").render(
        contents={"content": [{"name": f"{name}.ipynb"} for name in contents]}, base_url="/")


def test_the_landing_page_says_an_app_is_missing():
    """An app whose notebook this copy lacks is listed by its title, not linked, and says so."""
    page = _landing_page(("learn",))
    assert page.count('class="af-app-link"') == 1
    assert "<strong>Scenario Lab</strong><span>not installed with this copy</span>" in page
    assert '<html lang="en">' in page and "<title>Aristofarsa apps</title>" in page


def test_the_template_loads_nothing_from_the_internet():
    folder = apps.JUPYTER_DATA_DIR / "voila" / "templates" / "aristofarsa"
    for path in folder.iterdir():
        assert not re.search(r"(href|src)=\"https?://|cdn", path.read_text(encoding="utf-8")), path.name


def _nbval(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                           str(path)], capture_output=True, text=True, timeout=300, cwd=path.parent)


def test_lesson_notebook_is_pinned_by_nbval(tmp_path):
    """The default notebook reads its scenario file when it runs: nbval passes as written,
    and fails once the file says another round (or the engine resolves it otherwise)."""
    ruling = tmp_path / "our-ruling.toml"
    ruling.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "pinned.ipynb"
    assert main(["notebook", str(ruling), "-o", str(out)]) == 0
    nb = json.loads(out.read_text(encoding="utf-8"))
    printed = "".join(o["text"] for c in nb["cells"] if c["cell_type"] == "code" for o in c["outputs"])
    assert "Winning card: Caio's Aristocrat (13)." in printed
    assert "Caio's Merchant: ×2 to Caio's Aristocrat (9 → 18)." in printed
    assert "step  16: 9 -> 18  (B5)" in printed                     # the ledger
    assert nb["cells"][0]["source"].startswith("# The Merchant crowns the Aristocrat")
    assert "**Reads `our-ruling.toml`** each time it runs" in nb["cells"][0]["source"]
    assert "SCENARIO_FILE = 'our-ruling.toml'" in nb["cells"][1]["source"]
    proc = _nbval(out)
    assert proc.returncode == 0, proc.stdout[-2000:]
    # The club edits its ruling: the notebook, which reads the file, no longer matches.
    ruling.write_text(EXAMPLE.read_text(encoding="utf-8").replace(
        'conspire = { card = "Merchant", target = "Caio" }',
        'conspire = { card = "Merchant", target = "Bruno" }'), encoding="utf-8")
    assert "target = \"Bruno\"" in ruling.read_text(encoding="utf-8")
    assert _nbval(out).returncode != 0


def test_snapshot_notebook_says_so_and_ignores_the_file(tmp_path):
    ruling = tmp_path / "our-ruling.toml"
    ruling.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "snap.ipynb"
    assert main(["notebook", str(ruling), "-o", str(out), "--snapshot"]) == 0
    nb = json.loads(out.read_text(encoding="utf-8"))
    assert "**A snapshot.**" in nb["cells"][0]["source"]
    assert "editing that file changes nothing here" in nb["cells"][0]["source"]
    ruling.unlink()                                  # the copy inside is all it needs
    assert _nbval(out).returncode == 0
    # A pinned ruling that the engine no longer gives fails the test:
    nb["cells"][2]["outputs"][0]["text"] = nb["cells"][2]["outputs"][0]["text"].replace(
        "Winning card: Caio's", "Winning card: Ana's")
    out.write_text(json.dumps(nb), encoding="utf-8")
    assert _nbval(out).returncode != 0


def test_notebook_of_an_invalid_round_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[player]]\nname = "Ana"\ngarden = "Knight"\n', encoding="utf-8")
    assert main(["notebook", str(bad), "-o", str(tmp_path / "x.ipynb")]) == 2
    assert "3 to 6 players" in capsys.readouterr().err
    assert main(["notebook", str(EXAMPLE), "-o", str(tmp_path / "x.txt")]) == 2
