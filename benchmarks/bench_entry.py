"""Taps to enter a disputed round on a phone: the Dispute resolver's round builder, driven in
Chromium at 390 px, for three reference 4-player rounds.

Not a test: prints, for each reference round, how many taps a person needs from opening the
page to the resolved outcome (each chip tapped once, chips already on the right value left
alone, plus the *Resolve* button), the taps if every field had to be tapped (no default
right), side by side with the goal (40), and checks that the page
then shows the winners `aristofarsa resolve` gives for the same round. Names are the builder's
defaults (Ana, Bruno, Caio, Dora), so no typing is counted.

    python benchmarks/bench_entry.py [--url http://127.0.0.1:8866/] [--json]

Without ``--url`` it starts ``aristofarsa serve --no-browser --port 0 --pool-size 0`` and
stops it at the end. Needs the apps and test extras and Chromium (/usr/bin/chromium or
$CHROMIUM).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout, too

from aristofarsa import scenario  # noqa: E402
from aristofarsa.controllers.builder import chip_label  # noqa: E402

GOAL = 40
TIMEOUT_MS = 60_000
SETTLE_MS = 250
PAGE = "voila/render/dispute.ipynb"

#: Typical disputed tables: Garden cards, two Conspires with targets, one Convoke, hands.
ROUNDS = {
    "witch-war": """
[[player]]
name = "Ana"
garden = "Knight"
conspire = { card = "Witch", target = "Bruno", delta = -5 }
hand = ["Jester"]
[[player]]
name = "Bruno"
garden = "Aristocrat"
conspire = { card = "Merchant", target = "Bruno" }
hand = ["Damsel"]
[[player]]
name = "Caio"
garden = "Rogue"
convoke = { discard = ["Servant", "Servant"], take = "Courtisan" }
[[player]]
name = "Dora"
garden = "Squire"
conspire = "Jester"
hand = ["Witch"]
""",
    "bishop-cancels-the-damsel": """
[[player]]
name = "Ana"
garden = "Merchant"
conspire = { card = "Damsel", target = "Caio" }
hand = ["Rogue"]
[[player]]
name = "Bruno"
garden = "Jester"
convoke = { discard = ["Witch", "Merchant"], take = "Squire" }
[[player]]
name = "Caio"
garden = "Knight"
conspire = { card = "Witch", target = "Dora", delta = 5 }
hand = ["Servant"]
[[player]]
name = "Dora"
garden = "Servant"
conspire = { card = "Bishop", target = "Ana" }
hand = ["Jester"]
""",
    "merchant-and-convoke": """
[[player]]
name = "Ana"
garden = "Rogue"
conspire = { card = "Merchant", target = "Caio" }
hand = ["Witch"]
[[player]]
name = "Bruno"
garden = "Damsel"
conspire = { card = "Witch", target = "Ana", delta = 5 }
hand = ["Servant"]
[[player]]
name = "Caio"
garden = "Witch"
conspire = "Knight"
hand = ["Jester"]
[[player]]
name = "Dora"
garden = "Merchant"
convoke = { discard = ["Servant", "Jester"], take = "Courtisan" }
""",
}


def taps_for(text: str) -> list[tuple[str, str]]:
    """(chip row hook inside the builder, chip text) for every field of the round, in the
    order a person enters it: player by player in seat order."""
    out: list[tuple[str, str]] = []
    for k, p in enumerate(tomllib.loads(text)["player"]):
        box = f".af-player-{k}"
        out.append((f"{box} .af-field-garden", p["garden"]))
        if "convoke" in p:
            out.append((f"{box} .af-field-action", "Convoke"))
            for j, card in enumerate(p["convoke"]["discard"]):
                out.append((f"{box} .af-field-discard-{j}", card))
            out.append((f"{box} .af-field-take", p["convoke"]["take"]))
            continue
        out.append((f"{box} .af-field-action", "Conspire"))
        conspire = p["conspire"] if isinstance(p["conspire"], dict) else {"card": p["conspire"]}
        out.append((f"{box} .af-field-conspire", conspire["card"]))
        for key, value in conspire.items():
            if key != "card":
                out.append((f"{box} .af-field-conspire-{key}", chip_label(value)))
        for j, card in enumerate(p.get("hand", [])):
            out.append((f"{box} .af-field-hand-{j}", card))
    return out


def chip(page: Any, row: str, text: str) -> Any:
    return page.locator(f"{row} button").filter(has_text=re.compile(f"^\\s*{re.escape(text)}\\s*$")).first


def enter(page: Any, base: str, text: str) -> tuple[int, list[str]]:
    """Open the page, tap the round in, resolve it; (taps, winners the page shows)."""
    page.goto(base.rstrip("/") + "/" + PAGE, timeout=TIMEOUT_MS)
    page.wait_for_selector(".af-build .af-player-0", timeout=TIMEOUT_MS)
    taps = 0
    for row, value in taps_for(text):
        button = chip(page, row, value)
        button.wait_for(timeout=TIMEOUT_MS)
        if "mod-active" in (button.get_attribute("class") or ""):
            continue                                  # already right: a person leaves it alone
        button.click()
        taps += 1
        page.wait_for_function(
            "([row, value]) => [...document.querySelectorAll(row + ' button')].some("
            "b => b.textContent.trim() === value && b.classList.contains('mod-active'))",
            arg=[row, value], timeout=TIMEOUT_MS)
        page.wait_for_timeout(SETTLE_MS)              # the rest of the redrawn builder lands
    page.locator(".af-build-resolve").click()
    taps += 1
    page.wait_for_function("[...document.querySelectorAll('.af-winners')]"
                           ".some(e => /Winning card/.test(e.innerText))", timeout=TIMEOUT_MS)
    shown = " ".join(page.locator(".af-winners").all_inner_texts())
    return taps, [name for name in ("Ana", "Bruno", "Caio", "Dora") if name in shown]


def start_server() -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "aristofarsa.cli", "serve", "--no-browser", "--port", "0",
                             "--pool-size", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env)
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        found = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        if found:
            return proc, found.group(1)
    proc.kill()
    raise SystemExit("aristofarsa serve did not print its address within 60 s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running `aristofarsa serve` (default: start one)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    proc, base = (None, args.url) if args.url else start_server()
    rows = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                        args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 390, "height": 844})
            for name, text in ROUNDS.items():
                want = scenario.run(scenario.loads(text, name)).winners
                taps, shown = enter(page, base, text)
                rows.append({"round": name, "taps": taps, "every_field": len(taps_for(text)) + 1,
                             "goal": GOAL, "ratio": round(taps / GOAL, 2),
                             "winners": shown, "as_resolve": shown == list(want)})
            browser.close()
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(10)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print(f"{'round':<28} {'taps':>4}  {'every field':>11}  {'goal':>4}  {'taps/goal':>9}  "
              "winners (same as resolve?)")
        for r in rows:
            print(f"{r['round']:<28} {r['taps']:>4}  {r['every_field']:>11}  {r['goal']:>4}  "
                  f"{r['ratio']:>9.2f}  "
                  f"{', '.join(r['winners'])} ({'yes' if r['as_resolve'] else 'NO'})")
    return 0 if all(r["as_resolve"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
