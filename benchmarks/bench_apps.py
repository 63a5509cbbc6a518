"""The apps' speed and memory in a real browser, side by side with a bare Voila notebook.

Not a test: prints figures measured in one run against two Voila servers (the same template,
culling and options as `aristofarsa serve`), both serving the app notebooks and a bare notebook
(a print and one button): "cold" starts a kernel for each page (`--pool-size 0`), "preheated"
hands each page a kernel of its pool (`--pool-size N`, default 1), which has run the notebook's
imports and waits for the request.

* navigation -> interactive: from the start of navigation (the page's performance time
  origin) until the app's widget is visible (the bare page: its button). Median of --runs
  loads of each page on each server, interleaved; ratio app / cold bare page (goal <= 1.25x).
  After each preheated load the bench waits until that server's pool is full again (a
  visitor who finds a waiting kernel), so the pool's refill does not slow the next loads.
* click -> DOM: a Lab stepper step (click `af-next`, until `af-step` changes) against the bare
  button (click, until its counter changes), timed inside the page. Median; ratio (goal <= 1.5x).
* static: the same apps from the static site (`aristofarsa site`, Python in the page, served by
  a plain static server), in the same interleaved loop, and its Lab's step click; the site's
  size. `--site DIR` uses a built site; else one is built (apps only) when the site's tools are
  installed (site/requirements.txt); `--no-static` leaves the column out.
* memory per open app: the RSS of the page's kernel and the growth of the server's RSS (cold
  server); and the preheated server's waiting kernels: how many, RSS and unique memory (USS).

    python benchmarks/bench_apps.py [--runs 5] [--pool-size 1] [--lesson NAME] [--site DIR]
                                    [--no-static] [--json]

Needs the apps and test extras and Chromium (/usr/bin/chromium or $CHROMIUM).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, too

from aristofarsa.cli.apps import APPS, NOT_PREHEATED, notebooks_dir, serving_env, voila_argv  # noqa: E402

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
APP_SELECTOR = ".af-app, .jupyter-widgets.widget-container, .widget-box, .widget-html"

BARE_SOURCE = """\
import ipywidgets as ipw

print('bare')
button = ipw.Button(description='click')
count = ipw.Label('0')
button.add_class('bare-button')
count.add_class('bare-count')
button.on_click(lambda _: setattr(count, 'value', str(int(count.value) + 1)))
ipw.HBox([button, count])"""
BARE = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "bare", "metadata": {}, "outputs": [],
               "source": BARE_SOURCE}],
    "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5}

# Click a button and resolve with the ms until the watched element's text changes (null
# after 10 s: a click that changed nothing is left out of the medians, not waited for forever).
CLICK_JS = """async ([button, watched]) => {
  const el = document.querySelector(watched);
  const before = el.innerText;
  let b = document.querySelector(button);
  if (b.tagName !== 'BUTTON') b = b.querySelector('button') || b;
  const t0 = performance.now();
  const changed = new Promise(resolve => {
    const obs = new MutationObserver(() => {
      if (el.innerText !== before) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(el, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  const timeout = new Promise(resolve => setTimeout(() => resolve(null), 10000));
  b.click();
  return await Promise.race([changed, timeout]);
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_voila(folder: Path, pool_size: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = serving_env()
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    argv = voila_argv(folder, "127.0.0.1", port, 60, False, pool_size)
    proc = subprocess.Popen([sys.executable, "-m", "voila", *argv],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("Voila did not start within 60 s")


def rss_mb(pid: int) -> float:
    import psutil

    return psutil.Process(pid).memory_info().rss / 1e6


def kernels(server_pid: int) -> dict[int, float]:
    import psutil

    found = {}
    for kid in psutil.Process(server_pid).children(recursive=True):
        try:
            if any("ipykernel" in part for part in kid.cmdline()):
                found[kid.pid] = kid.memory_info().rss / 1e6
        except psutil.Error:
            pass
    return found


def waiting(server_pid: int, url: str) -> dict[int, tuple[float, float]]:
    """The preheated kernels waiting for a visitor -> (RSS MB, USS MB): a waiting kernel holds
    a web socket open to the server (`/voila/query/<kernel>`); a page's kernel does not."""
    import psutil

    port = int(url.rsplit(":", 1)[1].strip("/"))
    found = {}
    for kid in psutil.Process(server_pid).children(recursive=True):
        try:
            if any(c.raddr and c.raddr.port == port for c in kid.net_connections("tcp")):
                m = kid.memory_full_info()
                found[kid.pid] = (m.rss / 1e6, m.uss / 1e6)
        except psutil.Error:
            pass
    return found


def wait_for_pool(server_pid: int, used: set[str], size: int, timeout: float = 120) -> None:
    """Wait until ``size`` kernels no page has used (ids in ``used``) exist and have settled
    (no CPU time for 0.5 s: an app's kernel waits for its request, the bare one has run)."""
    import psutil

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pool = [psutil.Process(pid) for pid, kid in kernel_ids(server_pid).items() if kid not in used]
        try:
            before = [sum(p.cpu_times()[:2]) for p in pool]
            time.sleep(0.5)
            if len(pool) >= size and before == [sum(p.cpu_times()[:2]) for p in pool]:
                return
        except psutil.Error:
            pass
    raise SystemExit(f"the preheated pool did not fill ({size} kernels) within {timeout:.0f} s")


def kernel_ids(server_pid: int) -> dict[int, str]:
    """Kernel pid -> kernel id (from its connection file's name, kernel-<id>.json)."""
    import psutil

    found = {}
    for kid in psutil.Process(server_pid).children(recursive=True):
        try:
            for part in kid.cmdline():
                if part.endswith(".json") and "kernel-" in part:
                    found[kid.pid] = part.rsplit("kernel-", 1)[1][:-5]
        except psutil.Error:
            pass
    return found


def load_ms(browser, url: str, selector: str) -> tuple[float, float, str]:
    """(ms until the selector is visible, ms until the HTML was complete: kernel + execution,
    the page's kernel id)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url, wait_until="commit")
    try:
        page.wait_for_selector("#rendered_cells", state="visible", timeout=120_000)
        page.wait_for_selector(selector, state="visible", timeout=120_000)
    except Exception as exc:
        raise RuntimeError(f"{url} was not interactive within 120 s: {exc}") from None
    ms = float(page.evaluate("performance.now()"))
    html = float(page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd"))
    kernel = json.loads(page.locator("#jupyter-config-data").inner_text()).get("kernelId", "")  # static: none
    context.close()
    return ms, html, kernel


def medians(samples: dict[str, list[float]]) -> dict[str, int]:
    return {name: round(statistics.median(v)) for name, v in samples.items()}


def static_site(built: Path | None, work: Path) -> tuple[subprocess.Popen[bytes], str, dict] | None:
    """(a plain static server of the site, its URL, the site's size); None when there is no
    site and its build tools are missing (the column is then left out, with a note)."""
    import importlib.util
    if built is None:
        if importlib.util.find_spec("voici_core") is None:
            print("static column left out: no --site DIR and the site's tools are missing "
                  "(pip install -r site/requirements.txt)", file=sys.stderr)
            return None
        built = work / "site"
        subprocess.run([sys.executable, "-m", "aristofarsa.cli", "site", "-o", str(built), "--no-docs"],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    files = [p for p in built.rglob("*") if p.is_file()]
    size = {"files": len(files), "mb": round(sum(p.stat().st_size for p in files) / 1e6, 1),
            "docs": (built / "docs").is_dir()}
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
                             str(built), str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=2).close()
            break
        except OSError:
            time.sleep(0.1)
    return proc, url, size


def stop(proc: subprocess.Popen[bytes]) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads per app and server (median)")
    parser.add_argument("--pool-size", type=int, default=1, help="the preheated server's pool per notebook")
    parser.add_argument("--lesson", default="example-merchant-crowns-aristocrat",
                        help="the lesson the Lab opens for the click test")
    parser.add_argument("--site", type=Path, default=None, help="a static site built by `aristofarsa site`")
    parser.add_argument("--no-static", action="store_true", help="leave the static site's column out")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    folder = Path(tempfile.mkdtemp(prefix="af-bench-"))
    for nb in notebooks_dir().glob("*.ipynb"):
        shutil.copyfile(nb, folder / nb.name)
    (folder / "bare.ipynb").write_text(json.dumps(BARE), encoding="utf-8")
    pool = args.pool_size * len([n for n in folder.glob("*.ipynb") if n.name not in NOT_PREHEATED])
    used: set[str] = set()                      # kernel ids the preheated server's pages took
    servers: dict[str, tuple[subprocess.Popen[bytes], str]] = {}
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))   # stop the servers on SIGTERM too
    out: dict[str, object] = {"runs": args.runs, "pool_size": args.pool_size}
    try:
        servers["cold"] = start_voila(folder, 0)
        servers["preheated"] = start_voila(folder, args.pool_size)
        proc, url = servers["cold"]
        hot_proc, hot_url = servers["preheated"]
        wait_for_pool(hot_proc.pid, used, pool)
        site = None if args.no_static else static_site(args.site, folder)
        if site is not None:
            servers["static"] = site[0], site[1]
            out["site"] = site[2]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for mode, (_, base) in servers.items():                              # warm up
                if mode == "static":
                    load_ms(browser, base + "voici/render/lab.html", APP_SELECTOR)
                else:
                    used.add(load_ms(browser, base + "voila/render/bare.ipynb", ".bare-button")[2])
            wait_for_pool(hot_proc.pid, used, pool)
            names = ["bare"] + [name for name, _ in APPS]
            loads: dict[str, dict[str, list[float]]] = {m: {n: [] for n in names} for m in servers}
            htmls: dict[str, dict[str, list[float]]] = {m: {n: [] for n in names} for m in servers}
            for _ in range(args.runs):                    # interleaved: drift hits all alike
                for name in names:
                    selector = ".bare-button" if name == "bare" else APP_SELECTOR
                    for mode, (_, base) in servers.items():
                        if mode == "static" and name == "bare":
                            continue                      # the site has no bare page
                        page_url = (f"{base}voici/render/{name}.html" if mode == "static"
                                    else f"{base}voila/render/{name}.ipynb")
                        ms, html, kernel = load_ms(browser, page_url, selector)
                        loads[mode][name].append(ms)
                        htmls[mode][name].append(html)
                        if mode == "preheated":
                            used.add(kernel)
                            wait_for_pool(hot_proc.pid, used, pool)
            bare = statistics.median(loads["cold"]["bare"])
            loads = {m: {n: v for n, v in d.items() if v} for m, d in loads.items()}
            htmls = {m: {n: v for n, v in d.items() if v} for m, d in htmls.items()}
            out["load_ms"] = {m: medians(d) for m, d in loads.items()}
            out["html_ms"] = {m: medians(d) for m, d in htmls.items()}
            out["load_ratio"] = {m: {n: round(ms / bare, 2) for n, ms in medians(d).items() if n != "bare"}
                                 for m, d in loads.items()}
            standby = waiting(hot_proc.pid, hot_url)
            out["waiting_kernels"] = {"kernels": len(standby),
                                      "rss_mb": round(sum(r for r, _ in standby.values()), 1),
                                      "uss_mb": round(sum(u for _, u in standby.values()), 1),
                                      "server_mb": round(rss_mb(hot_proc.pid), 1)}

            # memory: one page of each app open at a time (cold server)
            time.sleep(1)
            memory = {}
            for name in names:
                server_before, kernels_before = rss_mb(proc.pid), kernels(proc.pid)
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{url}voila/render/{name}.ipynb")
                page.wait_for_selector(".bare-button" if name == "bare" else APP_SELECTOR, timeout=120_000)
                time.sleep(0.5)
                new = {pid: mb for pid, mb in kernels(proc.pid).items() if pid not in kernels_before}
                memory[name] = {"kernel_mb": round(sum(new.values()), 1),
                                "server_growth_mb": round(rss_mb(proc.pid) - server_before, 1)}
                context.close()
            out["memory"] = memory
            out["server_mb"] = round(rss_mb(proc.pid), 1)

            # click -> DOM
            clicks: dict[str, list[float]] = {"bare": [], "lab af-next": []}
            context = browser.new_context()
            page = context.new_page()
            page.goto(url + "voila/render/bare.ipynb")
            page.wait_for_selector(".bare-button")
            for _ in range(10):
                clicks["bare"].append(page.evaluate(CLICK_JS, [".bare-button", ".bare-count"]))
            page.goto(f"{url}voila/render/lab.ipynb?lesson={args.lesson}")
            page.wait_for_selector(APP_SELECTOR, timeout=120_000)
            if page.locator(".af-next").count() and page.locator(".af-step").count():
                for _ in range(10):
                    clicks["lab af-next"].append(page.evaluate(CLICK_JS, [".af-next", ".af-step"]))
            if "static" in servers:
                clicks["static lab af-next"] = []
                page.goto(f"{servers['static'][1]}voici/render/lab.html?lesson={args.lesson}")
                page.wait_for_selector(".af-step", timeout=120_000)
                for _ in range(10):
                    clicks["static lab af-next"].append(page.evaluate(CLICK_JS, [".af-next", ".af-step"]))
            context.close()
            browser.close()
        lost = {n: sum(ms is None for ms in v) for n, v in clicks.items()}
        clicks = {n: [ms for ms in v if ms is not None] for n, v in clicks.items()}
        if any(lost.values()):
            out["clicks_lost"] = lost          # clicks that changed nothing within 10 s
        click_bare = statistics.median(clicks["bare"])
        out["click_ms"] = {n: round(statistics.median(v), 1) for n, v in clicks.items() if v}
        if clicks.get("static lab af-next"):
            out["static_click_ratio"] = round(statistics.median(clicks["static lab af-next"]) / click_bare, 2)
        if clicks["lab af-next"]:
            out["click_ratio"] = round(statistics.median(clicks["lab af-next"]) / click_bare, 2)
        else:
            out["click_ratio"] = None
            out["note"] = "the Lab has no af-next/af-step yet: stepper click not measured"
    finally:
        for server, _ in servers.values():
            stop(server)
        shutil.rmtree(folder, ignore_errors=True)

    if args.json:
        print(json.dumps(out))
        return
    report(out)


def report(out: dict) -> None:
    print(f"navigation -> interactive, median of {out['runs']} (goal: app <= 1.25x the cold bare page); "
          "html = until the server sent the whole page (kernel start + notebook run)")
    modes = [m for m in ("cold", "preheated", "static") if m in out["load_ms"]]
    static_head = "   static  vs bare" if "static" in modes else ""
    print(f"  {'page':8} {'cold':>8} {'(html)':>8} {'vs bare':>8}   "
          f"{'preheated':>9} {'(html)':>8} {'vs bare':>8}{static_head}")
    for name in out["load_ms"]["cold"]:
        row = f"  {name:8}"
        for mode in modes:
            if name not in out["load_ms"][mode]:
                row += f" {'-':>8}"
                continue
            if mode == "static":
                ms = out['load_ms'][mode][name]
                row += f" {ms:6d} ms {ms / out['load_ms']['cold']['bare']:.2f}x"
                continue
            ratio = "1" if name == "bare" and mode == "cold" else (
                f"{out['load_ms'][mode][name] / out['load_ms']['cold']['bare']:.2f}x")
            row += f" {out['load_ms'][mode][name]:6d} ms {out['html_ms'][mode][name]:5d} ms {ratio:>8}  "
        print(row)
    w = out["waiting_kernels"]
    print(f"preheated server (pool {out['pool_size']} per notebook): {w['kernels']} kernels waiting, "
          f"{w['rss_mb']} MB RSS ({w['uss_mb']} MB unique), server {w['server_mb']} MB")
    print("click -> DOM, median of 10 (goal: stepper <= 1.5x bare button)")
    for name, ms in out["click_ms"].items():
        print(f"  {name:20} {ms:7.1f} ms")
    print(f"  ratio: {out['click_ratio']}x" if out["click_ratio"] else f"  ratio: n/a ({out['note']})")
    if "static_click_ratio" in out:
        print(f"  static Lab ratio: {out['static_click_ratio']}x")
    if "site" in out:
        print(f"static site: {out['site']['mb']} MB in {out['site']['files']} files "
              f"({'docs and apps' if out['site']['docs'] else 'apps only'})")
    print(f"memory per open app, cold server (server RSS now {out['server_mb']} MB)")
    for name, m in out["memory"].items():
        print(f"  {name:8} kernel {m['kernel_mb']:6.1f} MB, server +{m['server_growth_mb']:5.1f} MB")


if __name__ == "__main__":
    main()
