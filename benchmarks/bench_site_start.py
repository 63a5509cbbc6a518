"""How much sooner Python is ready in a static-site page because the wheels carry bytecode.

Not a test: side by side in one run, the Lab of a built static site (`aristofarsa site`, whose
wheels carry .pyc files for every module a page opens with) against a twin of the same site
whose wheels have those .pyc files taken out (the lock's hashes rewritten to match), both
served by a plain static server. Loads alternate (compiled, plain, compiled, ...), each in a
fresh Chromium; for each it takes the wall time from navigation until the Lab shows its first
step, and the CPU seconds Chromium spent on it (all its processes). Prints the medians and
the ratios plain / compiled.

    python benchmarks/bench_site_start.py [--site DIR] [--runs 3] [--lesson NAME] [--json]

`--site DIR`: a built site (default: `.site-cache/test-site/`, the one the tests build).
Needs the test extra (Playwright, psutil) and Chromium (/usr/bin/chromium or $CHROMIUM).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from bench_apps import static_site, stop  # noqa: E402  (a static server of a site, ready when it answers)
from browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402


def plain_twin(site: Path, target: Path) -> Path:
    """A copy of the site whose wheels have no __pycache__ entries (lock hashes rewritten)."""
    shutil.copytree(site, target)
    runtime = target / "static" / "pyodide"
    lock_file = runtime / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text())
    for entry in lock["packages"].values():
        wheel = runtime / entry["file_name"]
        stripped = wheel.with_suffix(".tmp")
        with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(stripped, "w", zipfile.ZIP_DEFLATED) as out:
            for info in source.infolist():
                if "/__pycache__/" not in f"/{info.filename}":
                    out.writestr(info, source.read(info))
        stripped.replace(wheel)
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock_file.write_text(json.dumps(lock, indent=1) + "\n")
    return target


def chromium_cpu() -> float:
    import psutil

    total = 0.0
    for child in psutil.Process().children(recursive=True):
        try:
            if "chrom" in child.name():
                times = child.cpu_times()
                total += times.user + times.system
        except psutil.Error:
            pass
    return total


def load(playwright, url: str) -> tuple[float, float]:
    """(seconds until the Lab shows its first step, Chromium's CPU seconds) of one fresh load."""
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        cpu0, start = chromium_cpu(), time.monotonic()
        page = browser.new_page()
        page.goto(url, timeout=180_000)
        page.wait_for_selector(".af-step", state="visible", timeout=180_000)
        return time.monotonic() - start, chromium_cpu() - cpu0
    finally:
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / ".site-cache" / "test-site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lesson", default="b13-bishop-chain")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not (args.site / "static" / "pyodide" / "pyodide-lock.json").is_file():
        print(f"bench_site_start: no built site in {args.site}: run `aristofarsa site -o DIR` "
              "(or the static-site tests) first", file=sys.stderr)
        return 2
    if chromium_path() is None:
        print("bench_site_start: Chromium is missing (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="af-bench-site-") as tmp:
        sites = {"compiled": args.site, "plain": plain_twin(args.site, Path(tmp) / args.site.name)}
        servers, urls = [], {}
        for name, folder in sites.items():
            served = static_site(folder, Path(tmp))
            assert served is not None            # a built site is given: it is always served
            servers.append(served[0])
            urls[name] = f"{served[1]}voici/render/lab.html?lesson={args.lesson}"
        found: dict[str, list[tuple[float, float]]] = {name: [] for name in sites}
        try:
            with sync_playwright() as playwright:
                for _ in range(args.runs):
                    for name in sites:
                        found[name].append(load(playwright, urls[name]))
        finally:
            for server in servers:
                stop(server)
    out = {name: {"ready_s": statistics.median(r[0] for r in runs),
                  "chromium_cpu_s": statistics.median(r[1] for r in runs)} for name, runs in found.items()}
    out["ratio_plain_over_compiled"] = {key: out["plain"][key] / out["compiled"][key]
                                        for key in ("ready_s", "chromium_cpu_s")}
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for name in sites:
            figures = out[name]
            print(f"{name:9} Lab ready {figures['ready_s']:5.1f} s   "
                  f"Chromium CPU {figures['chromium_cpu_s']:5.1f} s")
        ratio = out["ratio_plain_over_compiled"]
        print(f"plain / compiled: ready x{ratio['ready_s']:.2f}, CPU x{ratio['chromium_cpu_s']:.2f} "
              f"(median of {args.runs} loads each, interleaved)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
