"""The Binder route (Voila inside Jupyter's server) renders the apps with the package's
template, as ``aristofarsa serve`` does: ``binder/postBuild``'s set-up step is run here in a
fresh home, then a Jupyter server started with that home renders an app page."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from aristofarsa.cli.apps import page_texts

ROOT = Path(__file__).resolve().parents[1]
POSTBUILD = ROOT / "binder" / "postBuild"

pytest.importorskip("voila")


def _setup_step() -> str:
    """The Python that postBuild runs after installing the package (its ``python - <<'PY'`` block)."""
    found = re.search(r"python - <<'PY'\n(.*?)\nPY\n", POSTBUILD.read_text(encoding="utf-8"), re.S)
    assert found, "binder/postBuild no longer sets up the template"
    return found.group(1)


def _home(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(HOME=str(tmp_path), JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
               JUPYTER_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    env.pop("JUPYTER_PATH", None)
    return env


def test_postbuild_names_the_template_and_keeps_other_settings(tmp_path):
    env = _home(tmp_path)
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "voila.json").write_text(
        json.dumps({"VoilaConfiguration": {"show_tracebacks": False}, "Other": {"x": 1}}), encoding="utf-8")
    for _ in range(2):                                    # a rebuild runs it again: no error
        subprocess.run([sys.executable, "-c", _setup_step()], env=env, check=True, timeout=60)
    config = json.loads((tmp_path / "config" / "voila.json").read_text(encoding="utf-8"))
    assert config == {"VoilaConfiguration": {"show_tracebacks": False, "template": "aristofarsa"},
                      "Other": {"x": 1}}
    link = tmp_path / "data" / "voila" / "templates" / "aristofarsa"
    assert (link / "index.html.j2").is_file() and (link / "a11y.html.j2").is_file()


def test_voila_inside_jupyter_renders_an_app_with_the_packages_template(tmp_path):
    env = _home(tmp_path)
    subprocess.run([sys.executable, "-c", _setup_step()], env=env, check=True, timeout=60)
    env["JUPYTER_RUNTIME_DIR"] = str(tmp_path / "runtime")
    # Port 0: the system gives the server a free port, which it writes in its runtime file
    # (jpserver-<pid>.json) once it listens: no port to guess, none another process can take.
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "server", "--allow-root", "--no-browser", "--port=0",
         "--ServerApp.token=", "--ServerApp.password=", f"--ServerApp.root_dir={ROOT}"],
        env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    info = tmp_path / "runtime" / f"jpserver-{server.pid}.json"
    try:
        page = ""
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and server.poll() is None:
            try:
                port = json.loads(info.read_text(encoding="utf-8"))["port"]
                url = f"http://127.0.0.1:{port}/voila/render/notebooks/learn.ipynb"
                with urllib.request.urlopen(url, timeout=60) as response:
                    page = response.read().decode("utf-8")
                break
            except (OSError, ValueError):      # not listening yet, or its file half written
                time.sleep(0.5)
        assert "<title>Learn the rules · Aristofarsa</title>" in page, page[:500]
        assert re.search(r"<main [^>]*aria-labelledby=", page)      # the template's landmark
        assert "cdn.jsdelivr" not in page and "unpkg.com" not in page
        # no catalog words come as resources here: the page says what it must in English
        for said in page_texts().values():
            assert json.dumps(said) in page, said
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=5)
