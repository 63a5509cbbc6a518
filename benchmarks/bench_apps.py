"""The apps' speed and memory in a real browser, side by side with a bare Voila notebook.

Not a test: prints figures measured in one run against one Voila server (the same template,
culling and options as `aristofarsa serve`) that serves the app notebooks and a bare notebook
(a print and one button):

* navigation -> interactive: from the start of navigation (the page's performance time
  origin) until the app's widget is visible (the bare page: its button). Median of --runs
  loads; ratio app / bare (goal <= 1.25x).
* click -> DOM: a Lab stepper step (click `af-next`, until `af-step` changes) against the bare
  button (click, until its counter changes), timed inside the page. Median; ratio (goal <= 1.5x).
* memory per open app: the RSS of the page's kernel and the growth of the server's RSS.

    python benchmarks/bench_apps.py [--runs 5] [--lesson NAME] [--json]

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

from aristofarsa.cli.apps import APPS, notebooks_dir, serving_env, voila_argv  # noqa: E402

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

# Click a button and resolve with the ms until the watched element's text changes.
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
  b.click();
  return await changed;
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_voila(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = serving_env()
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    argv = voila_argv(folder, "127.0.0.1", port, 60, False)
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


def load_ms(browser, url: str, selector: str) -> tuple[float, float]:
    """(ms until the selector is visible, ms until the HTML was complete: kernel + execution)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url, wait_until="commit")
    page.wait_for_selector("#rendered_cells", state="visible", timeout=120_000)
    page.wait_for_selector(selector, state="visible", timeout=120_000)
    ms = float(page.evaluate("performance.now()"))
    html = float(page.evaluate("performance.getEntriesByType('navigation')[0].responseEnd"))
    context.close()
    return ms, html


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads per app (median)")
    parser.add_argument("--lesson", default="example-merchant-crowns-aristocrat",
                        help="the lesson the Lab opens for the click test")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    folder = Path(tempfile.mkdtemp(prefix="af-bench-"))
    for nb in notebooks_dir().glob("*.ipynb"):
        shutil.copyfile(nb, folder / nb.name)
    (folder / "bare.ipynb").write_text(json.dumps(BARE), encoding="utf-8")
    proc, url = start_voila(folder)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))   # stop the server on SIGTERM too
    out: dict[str, object] = {"runs": args.runs}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            load_ms(browser, url + "voila/render/bare.ipynb", ".bare-button")       # warm up
            names = ["bare"] + [name for name, _ in APPS]
            loads: dict[str, list[float]] = {n: [] for n in names}
            htmls: dict[str, list[float]] = {n: [] for n in names}
            for _ in range(args.runs):                    # interleaved: drift hits all alike
                for name in names:
                    selector = ".bare-button" if name == "bare" else APP_SELECTOR
                    ms, html = load_ms(browser, f"{url}voila/render/{name}.ipynb", selector)
                    loads[name].append(ms)
                    htmls[name].append(html)
            bare = statistics.median(loads["bare"])
            out["load_ms"] = {n: round(statistics.median(v)) for n, v in loads.items()}
            out["html_ms"] = {n: round(statistics.median(v)) for n, v in htmls.items()}
            out["load_ratio"] = {n: round(statistics.median(v) / bare, 2)
                                 for n, v in loads.items() if n != "bare"}

            # memory: one page of each app open at a time
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
            context.close()
            browser.close()
        click_bare = statistics.median(clicks["bare"])
        out["click_ms"] = {n: round(statistics.median(v), 1) for n, v in clicks.items() if v}
        if clicks["lab af-next"]:
            out["click_ratio"] = round(statistics.median(clicks["lab af-next"]) / click_bare, 2)
        else:
            out["click_ratio"] = None
            out["note"] = "the Lab has no af-next/af-step yet: stepper click not measured"
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        shutil.rmtree(folder, ignore_errors=True)

    if args.json:
        print(json.dumps(out))
        return
    load_ms_ = out["load_ms"]
    assert isinstance(load_ms_, dict)
    print(f"navigation -> interactive, median of {args.runs} (goal: app <= 1.25x bare); "
          "html = until the server sent the whole page (kernel start + notebook run)")
    for name, ms in load_ms_.items():
        ratio = "" if name == "bare" else f"  {out['load_ratio'][name]:.2f}x"   # type: ignore[index]
        print(f"  {name:8} {ms:6d} ms (html {out['html_ms'][name]:6d} ms){ratio}")  # type: ignore[index]
    print("click -> DOM, median of 10 (goal: stepper <= 1.5x bare button)")
    for name, ms in out["click_ms"].items():                                     # type: ignore[union-attr]
        print(f"  {name:12} {ms:7.1f} ms")
    print(f"  ratio: {out['click_ratio']}x" if out["click_ratio"] else f"  ratio: n/a ({out['note']})")
    print(f"memory per open app (server RSS now {out['server_mb']} MB)")
    for name, m in out["memory"].items():                                        # type: ignore[union-attr]
        print(f"  {name:8} kernel {m['kernel_mb']:6.1f} MB, server +{m['server_growth_mb']:5.1f} MB")


if __name__ == "__main__":
    main()
