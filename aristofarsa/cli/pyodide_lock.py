"""The static site's ``pyodide-lock.json``: the wheels Python in the browser may install, and no others.

Pyodide installs a package named in its lock file from the file the lock names, next to the
runtime, checked against the lock's sha256. The full Pyodide distribution is not used (its wheels
are not on PyPI), so the site writes its own lock from the pure-Python wheels it ships: each
entry's dependencies are the wheel's own ``Requires-Dist`` as they evaluate under Pyodide
(Emscripten, Python 3.13), limited to what is shipped. A dependency that is neither shipped nor
left out on purpose is an error naming both packages.
"""
from __future__ import annotations

import hashlib
import io
import re
import zipfile
from collections.abc import Iterable, Mapping
from email.parser import HeaderParser
from pathlib import Path
from typing import Any

from ..core.messages import text

#: What ``sys`` and ``platform`` say under Pyodide 0.29 (for environment markers).
PYODIDE_ENVIRONMENT = {
    "implementation_name": "cpython", "implementation_version": "3.13.2", "os_name": "posix",
    "platform_machine": "wasm32", "platform_python_implementation": "CPython",
    "platform_release": "4.0.9", "platform_system": "Emscripten", "platform_version": "#1",
    "python_full_version": "3.13.2", "python_version": "3.13", "sys_platform": "emscripten",
}


class LockError(ValueError):
    """A wheel that cannot go into the lock, or a dependency that nothing ships."""


def canonical(name: str) -> str:
    """A project name as pip and Pyodide compare them: lower case, runs of ``-_.`` as ``-``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_metadata(path: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, Requires-Dist lines, top-level import names) of a wheel."""
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        meta_name = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        if meta_name is None:
            raise LockError(text("cli-site.not-a-wheel", wheel=path.name))
        meta = HeaderParser().parsestr(wheel.read(meta_name).decode("utf-8"))
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top is not None:
            imports = [line.strip() for line in wheel.read(top).decode("utf-8").splitlines() if line.strip()]
        else:
            imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                              if not n.split("/")[0].endswith((".dist-info", ".data"))
                              and (n.endswith(".py") or "/" in n)})
    return str(meta["Name"]), str(meta["Version"]), meta.get_all("Requires-Dist") or [], imports


def wanted(requirement: str, extras: Iterable[str] = ()) -> str | None:
    """The canonical name of a ``Requires-Dist`` line if Pyodide needs it (its marker holds
    there, for no extra or one of ``extras``), else None."""
    from packaging.requirements import Requirement  # the site's build tools bring packaging

    req = Requirement(requirement)
    if req.marker is None:
        return canonical(req.name)
    for extra in ("", *extras):
        if req.marker.evaluate({**PYODIDE_ENVIRONMENT, "extra": extra}):
            return canonical(req.name)
    return None


def build_lock(wheels: Iterable[Path], info: Mapping[str, Any], left_out: Mapping[str, str] = {},
               extras: Mapping[str, Iterable[str]] = {}) -> dict[str, Any]:
    """The lock file (as a dict) for ``wheels``, each file named relative to the lock's folder.

    ``info`` is the runtime's own lock ``info`` (its ABI and Python version); ``left_out`` maps a
    dependency that is not shipped on purpose to the reason; ``extras`` maps a package to the
    extras of its own whose dependencies count (aristofarsa's ``lite``)."""
    entries: dict[str, dict[str, Any]] = {}
    requires: dict[str, list[str]] = {}
    for path in sorted(wheels):
        name, version, reqs, imports = wheel_metadata(path)
        key = canonical(name)
        entries[key] = {"name": key, "version": version, "file_name": path.name,
                        "install_dir": "site", "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                        "package_type": "package", "imports": imports, "depends": [],
                        "unvendored_tests": False}
        requires[key] = reqs
    for key, reqs in requires.items():
        depends = []
        for line in reqs:
            dep = wanted(line, extras.get(key, ()))
            if dep is None or dep in left_out:
                continue
            if dep not in entries:
                raise LockError(text("cli-site.not-shipped", package=key, dependency=dep))
            depends.append(dep)
        entries[key]["depends"] = sorted(set(depends))
    return {"info": dict(info), "packages": dict(sorted(entries.items()))}


def stub_wheel(folder: Path, name: str, version: str, summary: str) -> Path:
    """A wheel that installs no module at all (only its .dist-info), written byte for byte the same
    on every build. For a name the kernel installs but that no registry has for Pyodide (sqlite3):
    installing it succeeds and ``import`` still fails as it should, with ImportError."""
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n",
        f"{dist}/WHEEL": ("Wheel-Version: 1.0\nGenerator: aristofarsa site\nRoot-Is-Purelib: true\n"
                          "Tag: py3-none-any\n"),  # i18n: code
    }
    record = "".join(f"{n},sha256={_record_hash(text)},{len(text.encode())}\n"
                     for n, text in files.items())
    files[f"{dist}/RECORD"] = record + f"{dist}/RECORD,,\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as wheel:
        for n, text in files.items():
            wheel.writestr(zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0)), text)
    path = folder / f"{name}-{version}-py3-none-any.whl"
    path.write_bytes(buffer.getvalue())
    return path


def _record_hash(text: str) -> str:
    import base64
    return base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
