"""The static site's Pyodide lock file, from small wheels made here (no build, no browser)."""
from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from aristofarsa.cli.pyodide_lock import LockError, build_lock, stub_wheel, wanted

INFO = {"abi_version": "2025_0", "python": "3.13.2"}


def make_wheel(folder: Path, name: str, version: str, requires: list[str], module: str | None = None) -> Path:
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-any.whl"
    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as wheel:
        wheel.writestr(f"{dist}/METADATA", meta)
        wheel.writestr(f"{(module or name).replace('-', '_')}/__init__.py", "")
    return path


def test_dependencies_as_they_hold_under_pyodide(tmp_path: Path) -> None:
    shell = ["Tools>=1", "pexpect>4; sys_platform != 'emscripten'", "colour; extra == 'fancy'",
             "Old; python_version < '3.12'"]
    wheels = [make_wheel(tmp_path, "shell", "1.0", shell),
              make_wheel(tmp_path, "tools", "2.0", []),
              make_wheel(tmp_path, "app", "0.1", ["shell; extra == 'lite'", "colour; extra == 'plot'"])]
    lock = build_lock(wheels, INFO, extras={"app": ["lite"]})
    packages = lock["packages"]
    assert lock["info"] == INFO
    assert packages["shell"]["depends"] == ["tools"]      # no pexpect (Emscripten), no extra, no 3.11 pin
    assert packages["app"]["depends"] == ["shell"]        # its lite extra counts, its plot extra does not
    assert packages["tools"]["imports"] == ["tools"]
    entry = packages["shell"]
    assert entry["file_name"] == wheels[0].name
    assert entry["sha256"] == hashlib.sha256(wheels[0].read_bytes()).hexdigest()


def test_a_dependency_nothing_ships_is_named(tmp_path: Path) -> None:
    wheels = [make_wheel(tmp_path, "ipywidgets", "8.1", ["comm>=0.1.3", "widgetsnbextension~=4.0"])]
    with pytest.raises(LockError, match="ipywidgets needs comm, which the site does not ship"):
        build_lock(wheels, INFO, left_out={"widgetsnbextension": "front-end files only"})
    wheels.append(make_wheel(tmp_path, "comm", "0.2", []))
    lock = build_lock(wheels, INFO, left_out={"widgetsnbextension": "front-end files only"})
    assert lock["packages"]["ipywidgets"]["depends"] == ["comm"]


def test_stub_wheel_installs_no_module_and_is_the_same_every_time(tmp_path: Path) -> None:
    first = stub_wheel(tmp_path, "sqlite3", "0.0.0", "empty")
    data = first.read_bytes()
    again = stub_wheel(tmp_path, "sqlite3", "0.0.0", "empty")
    assert again.read_bytes() == data
    with zipfile.ZipFile(first) as wheel:
        assert all(n.startswith("sqlite3-0.0.0.dist-info/") for n in wheel.namelist())
    lock = build_lock([first], INFO)
    assert lock["packages"]["sqlite3"]["imports"] == []


def test_marker_names_are_canonical() -> None:
    assert wanted("Prompt_Toolkit>=3") == "prompt-toolkit"
    assert wanted("pexpect>4.3; sys_platform != 'win32' and sys_platform != 'emscripten'") is None
