"""`serve`'s checks (no browser), the notebooks' layout and `aristofarsa notebook` pinned by nbval."""
from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

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
    (["--port", "0", "--host", "no-such-host.invalid"], "cannot listen on 'no-such-host.invalid'"),
    (["--host", "no-such-host.invalid"], "cannot listen on no-such-host.invalid"),
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
        assert re.search(r"^from aristofarsa\.widgets\.\w+ import \w+App$", source, re.M), name
        assert 'os.environ.get("QUERY_STRING", "")' in source, name
        assert nb["metadata"]["kernelspec"]["name"] == "python3"


def test_landing_notebook_and_page_list_every_app_by_title():
    index = json.loads((apps.notebooks_dir() / "index.ipynb").read_text(encoding="utf-8"))
    text = "".join("".join(c["source"]) for c in index["cells"])
    assert not [c for c in index["cells"] if c["cell_type"] == "code"]
    tree = (apps.JUPYTER_DATA_DIR / "voila" / "templates" / "aristofarsa" / "tree.html").read_text()
    for name, title in apps.APPS:
        assert f"[{title}]({name}.ipynb)" in text
        assert f'("{name}", "{title}"' in tree


def test_the_template_loads_nothing_from_the_internet():
    folder = apps.JUPYTER_DATA_DIR / "voila" / "templates" / "aristofarsa"
    for path in folder.iterdir():
        assert not re.search(r"(href|src)=\"https?://|cdn", path.read_text(encoding="utf-8")), path.name


def _nbval(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                           str(path)], capture_output=True, text=True, timeout=300, cwd=path.parent)


def test_lesson_notebook_is_pinned_by_nbval(tmp_path):
    out = tmp_path / "pinned.ipynb"
    assert main(["notebook", str(EXAMPLE), "-o", str(out)]) == 0
    nb = json.loads(out.read_text(encoding="utf-8"))
    printed = "".join(o["text"] for c in nb["cells"] if c["cell_type"] == "code" for o in c["outputs"])
    assert "Winners: Caio" in printed and "Caio's Merchant: ×2 to Caio's Aristocrat (9 → 18)." in printed
    assert "step  16: 9 -> 18  (B5)" in printed                     # the ledger
    assert nb["cells"][0]["source"].startswith("# The Merchant crowns the Aristocrat")
    proc = _nbval(out)
    assert proc.returncode == 0, proc.stdout[-2000:]
    # A club's pinned ruling that the engine no longer gives fails the test:
    nb["cells"][2]["outputs"][0]["text"] = nb["cells"][2]["outputs"][0]["text"].replace("Winners: Caio",
                                                                                        "Winners: Ana")
    out.write_text(json.dumps(nb), encoding="utf-8")
    assert _nbval(out).returncode != 0


def test_notebook_of_an_invalid_round_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[player]]\nname = "Ana"\ngarden = "Knight"\n', encoding="utf-8")
    assert main(["notebook", str(bad), "-o", str(tmp_path / "x.ipynb")]) == 2
    assert "3 to 6 players" in capsys.readouterr().err
    assert main(["notebook", str(EXAMPLE), "-o", str(tmp_path / "x.txt")]) == 2
