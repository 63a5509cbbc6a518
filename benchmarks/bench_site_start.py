"""How soon each app of the static site is ready, against a bare Voici page of the same pins.

Not a test: side by side in one run, every app page of a built static site (`aristofarsa site`)
and a bare Voici page: the same Voici, Pyodide, wheels and lock, one notebook cell that shows one
`ipywidgets.Button`, none of the site's own start-up work (its standard library as npm's Pyodide
ships it, source only; micropip and piplite not preloaded: the kernel installs piplite itself, as
it does on any Voici site; pyodide.js loaded as it is, not through the site's start script;
JupyterLite's service worker registered again on the second visit, as JupyterLite does). The
bare page is a twin of the site made here: a copy whose `python_stdlib.zip` is npm's, whose
kernel settings preload only what the stock kernel asks for, and whose `voici/render/bare.html`
is the Lab's page with its one code cell replaced. Both are served by a plain static server on
127.0.0.1.

Each load is in a fresh Chromium: *cold* is the first visit (nothing cached), *warm* the same
page loaded again in that browser (the runtime and the wheels from its cache). The time is from
navigation until the app (`.af-app`; the bare page: its button) is visible. Loads are interleaved
(bare, then each app, run after run), and the ratios are medians over medians: app / bare.

    python benchmarks/bench_site_start.py [--site DIR] [--runs 3] [--apps lab,play] [--json]

`--site DIR`: a built site (default: `.site-cache/test-site/`, the one the tests build).
Needs the test extra (Playwright) and Chromium (/usr/bin/chromium or $CHROMIUM).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from bench_apps import static_site, stop  # noqa: E402  (a static server of a site, ready when it answers)
from browser.conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402

from aristofarsa.cli.apps import APPS  # noqa: E402

KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
#: What the stock kernel asks to be installed (pyodide-kernel 0.7: initKernel), preloaded as on the site.
STOCK_PRELOAD = ["ipython", "comm", "jedi", "sqlite3", "ipykernel", "pyodide_kernel"]
LAB_CELL = ('"source": "from aristofarsa.widgets.common import page_query\\nfrom aristofarsa.widgets.lab '
            'import LabApp\\n\\nLabApp.from_query(page_query(warm_up=LabApp))"')
BARE_CELL = '"source": "import ipywidgets\\nipywidgets.Button(description=\\"Bare page\\")"'
READY = {"bare": ".widget-button:visible"}
#: The page's start script (static-site.js), which the bare page does without: it loads pyodide.js.
START_SCRIPT = 'const START_SCRIPT = "aristofarsa-start.js"'
#: The page keeps JupyterLite's service worker from one visit to the next (static-site.js); the bare
#: page does not: JupyterLite registers it again on a browser's second visit.
RECORD_SW = "const RECORD_SERVICE_WORKER = true;"



def bare_twin(site: Path, target: Path) -> Path:
    """A copy of the site with a bare page (``voici/render/bare.html``) and none of its start-up work."""
    shutil.copytree(site, target)
    runtime = target / "static" / "pyodide"
    stock = ROOT / ".site-cache" / "npm" / "node_modules" / "pyodide" / "python_stdlib.zip"
    if stock.is_file():
        shutil.copyfile(stock, runtime / "python_stdlib.zip")
    else:                                    # the same sources: the site's zip without its bytecode
        source = runtime / "python_stdlib.zip"
        stripped = source.with_suffix(".tmp")
        with zipfile.ZipFile(source) as zin, zipfile.ZipFile(stripped, "w", zipfile.ZIP_DEFLATED) as out:
            for info in zin.infolist():
                if not info.filename.endswith(".pyc"):
                    out.writestr(info, zin.read(info))
        stripped.replace(source)
    config_file = target / "jupyter-lite.json"
    config = json.loads(config_file.read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_SETTINGS]
    kernel["loadPyodideOptions"]["packages"] = STOCK_PRELOAD
    config_file.write_text(json.dumps(config, indent=1))
    lab = (target / "voici" / "render" / "lab.html").read_text(encoding="utf-8")
    if lab.count(LAB_CELL) != 1 or lab.count(START_SCRIPT) != 1 or lab.count(RECORD_SW) != 1:
        raise SystemExit("bench_site_start: the Lab page's code cell is not the one expected "
                         "(notebooks/lab.ipynb or static-site.js changed?): update LAB_CELL, START_SCRIPT, "
                         "RECORD_SW")
    bare = (lab.replace(LAB_CELL, BARE_CELL).replace(START_SCRIPT, 'const START_SCRIPT = ""')
            .replace(RECORD_SW, RECORD_SW.replace("true", "false")))
    (target / "voici" / "render" / "bare.html").write_text(bare, encoding="utf-8")
    return target


#: The page's start-up steps (static-site.js: window.aristofarsaSite.marks, keyed by each step's
#: text), in order: where a start spends its time. The bare page tells only "page" and "app".
PHASES = ("page", "runtime", "packages", "imports", "app")


def phases(marks: dict[str, int], total: float) -> dict[str, float]:
    """Seconds spent in each start-up step the page told (from its marks, in step order), the
    last one until the app was ready (``total``)."""
    told = [key for key in PHASES if any(text.lower().startswith(STEP_TEXT[key]) for text in marks)]
    at = [marks[next(t for t in marks if t.lower().startswith(STEP_TEXT[key]))] / 1000 for key in told]
    ends = [*at[1:], total]
    return {key: round(end - start, 2) for key, start, end in zip(told, at, ends, strict=True)}


#: How each step's text (static-site.js STEPS) begins.
STEP_TEXT = {"page": "loading the page", "runtime": "starting python", "packages": "installing the game",
             "imports": "starting the notebook kernel", "app": "building the app"}


def cold_and_warm(playwright, url: str, ready: str
                  ) -> tuple[float, float, dict[str, float], dict[str, float]]:
    """(seconds until ``ready`` is visible on a first visit, the same on a second visit, the
    first visit's seconds per start-up step, the second visit's)."""
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    try:
        page = browser.new_context().new_page()
        times: list[float] = []
        steps: list[dict[str, float]] = []
        for visit in ("cold", "warm"):
            start = time.monotonic()
            try:
                page.goto(url, timeout=300_000)
                page.wait_for_selector(ready, state="visible", timeout=300_000)
            except Exception as exc:         # Playwright's TimeoutError: name the page and the visit
                raise SystemExit(f"bench_site_start: {url} ({visit}) was not ready within 300 s: "
                                 f"{str(exc).splitlines()[0]}") from None
            times.append(time.monotonic() - start)
            marks = page.evaluate("window.aristofarsaSite ? window.aristofarsaSite.marks : {}")
            steps.append(phases(marks, page.evaluate("performance.now()") / 1000))
        return times[0], times[1], steps[0], steps[1]
    finally:
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / ".site-cache" / "test-site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--apps", default=",".join(name for name, _ in APPS),
                        help="the apps to load (comma-separated; default all six)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not (args.site / "static" / "pyodide" / "pyodide-lock.json").is_file():
        print(f"bench_site_start: no built site in {args.site}: run `aristofarsa site -o DIR` "
              "(or the static-site tests) first", file=sys.stderr)
        return 2
    if chromium_path() is None:
        print("bench_site_start: Chromium is missing (Debian: apt-get install chromium)", file=sys.stderr)
        return 2
    apps = [a.strip() for a in args.apps.split(",") if a.strip()]
    unknown = sorted(set(apps) - {name for name, _ in APPS})
    if unknown:
        print(f"bench_site_start: unknown app {', '.join(unknown)}; the apps are "
              f"{', '.join(name for name, _ in APPS)}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="af-bench-site-") as tmp:
        twin = bare_twin(args.site, Path(tmp) / "bare")
        servers, urls = [], {}
        for name, folder in (("site", args.site), ("bare", twin)):
            served = static_site(folder, Path(tmp))
            assert served is not None            # a built site is given: it is always served
            servers.append(served[0])
            urls[name] = served[1]
        pages = {"bare": f"{urls['bare']}voici/render/bare.html",
                 **{app: f"{urls['site']}voici/render/{app}.html" for app in apps}}
        found: dict[str, list[tuple[float, float, dict[str, float], dict[str, float]]]] = {
            name: [] for name in pages}
        try:
            with sync_playwright() as playwright:
                for _ in range(args.runs):
                    for name, url in pages.items():
                        found[name].append(cold_and_warm(playwright, url, READY.get(name, ".af-app")))
        finally:
            for server in servers:
                stop(server)
    medians: dict[str, dict[str, Any]] = {
        name: {"cold_s": statistics.median(r[0] for r in runs),
               "warm_s": statistics.median(r[1] for r in runs)}
        for name, runs in found.items()}
    for name, runs in found.items():
        for visit, steps in (("cold", [r[2] for r in runs]), ("warm", [r[3] for r in runs])):
            medians[name][f"{visit}_steps_s"] = {
                key: round(statistics.median(s.get(key, 0.0) for s in steps), 2)
                for key in PHASES if any(key in s for s in steps)}
    bare = medians["bare"]
    out = {"runs": args.runs, "bare": bare,
           "apps": {app: {**medians[app], "cold_ratio": medians[app]["cold_s"] / bare["cold_s"],
                          "warm_ratio": medians[app]["warm_s"] / bare["warm_s"]} for app in apps}}
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"{'page':8} {'cold s':>7} {'warm s':>7} {'cold/bare':>10} {'warm/bare':>10}")
        print(f"{'bare':8} {bare['cold_s']:7.1f} {bare['warm_s']:7.1f}")
        for app, figures in out["apps"].items():
            print(f"{app:8} {figures['cold_s']:7.1f} {figures['warm_s']:7.1f} "
                  f"{figures['cold_ratio']:10.2f} {figures['warm_ratio']:10.2f}")
        print(f"(median of {args.runs} runs; each load a fresh Chromium, cold then warm; interleaved)")
        for visit in ("cold", "warm"):
            print(f"\n{visit} load, seconds in each start-up step (the page's own marks; the bare page "
                  "tells only its page and its cell):")
            print(f"{'page':8} " + " ".join(f"{key:>9}" for key in PHASES))
            for name in pages:
                steps = medians[name][f"{visit}_steps_s"]
                print(f"{name:8} " + " ".join(f"{steps[key]:9.2f}" if key in steps else f"{'':>9}"
                                              for key in PHASES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
