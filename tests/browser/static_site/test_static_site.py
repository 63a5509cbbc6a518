"""The static site (`aristofarsa site`): what the build writes, then every app of it in Chromium,
offline, with Python running in the page (fixtures in conftest.py; a page fails its test on any
request that leaves 127.0.0.1).

The browser tests wait up to two minutes for a page: Python starts in the page (10-20 s on a
loaded 2-core machine, more the first time the runtime is read from disk)."""
from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from aristofarsa import SCENARIOS_DIR, scenario
from aristofarsa.cli.apps import APPS
from aristofarsa.controllers.play import SEED_MAX

from .conftest import CACHE, ROOT

LESSON = "b13-bishop-chain"
LOAD_MS = 120_000
APP_PAGES = [f"voici/render/{name}.html" for name, _ in APPS]


def lesson_result(name: str = LESSON) -> tuple[list[Any], list[str]]:
    """(the trace's events, the winners) of a bundled lesson, as the engine resolves it here."""
    result = scenario.run(scenario.load(SCENARIOS_DIR / f"{name}.toml"))
    return list(result.trace), list(result.winners)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("href", "src") and value:
                self.links.append(value)
            if key == "id" and value:
                self.ids.add(value)


def _parsed(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    return parser


def _pages(site_dir: Path) -> list[Path]:
    """The landing page, the six app pages and every docs page."""
    return [site_dir / "index.html", *(site_dir / p for p in APP_PAGES),
            *sorted((site_dir / "docs").glob("*.html"))]


# ------------------------------------------------------------------ the folder, no browser
def test_landing_page_links_every_app_and_the_docs(site_dir: Path) -> None:
    landing = site_dir / "index.html"
    text = landing.read_text(encoding="utf-8")
    links = _parsed(landing).links
    for name, title in APPS:
        assert title in text
        assert f"voici/render/{name}.html" in links
    assert "docs/index.html" in links
    assert "voila/render" not in text        # the served addresses are all replaced


def test_every_local_link_of_the_site_resolves(site_dir: Path) -> None:
    """Every relative href/src of every page (landing, apps, docs) names a file of the site,
    and a #fragment into a docs page names an id that page has."""
    pages = _pages(site_dir)
    problems = []
    for page in pages:
        for link in _parsed(page).links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith(("//", "#", "data:")) or not parts.path:
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                problems.append(f"{page.relative_to(site_dir)}: {link}")
            elif parts.fragment and target.suffix == ".html" and "docs" in target.parts:
                if parts.fragment not in _parsed(target).ids:
                    problems.append(f"{page.relative_to(site_dir)}: {link} (no such id)")
    assert problems == []


def test_every_app_page_links_its_docs_section(site_dir: Path) -> None:
    script = (site_dir / APP_PAGES[0]).read_text(encoding="utf-8")
    sections = dict(re.findall(r"(\w+): \"([\w-]+)\"", script.split("const DOCS = {", 1)[1].split("}", 1)[0]))
    ids = _parsed(site_dir / "docs" / "apps.html").ids
    assert sorted(sections) == sorted(name for name, _ in APPS)
    assert all(anchor in ids for anchor in sections.values()), sections


def test_python_in_the_page_installs_only_shipped_wheels(site_dir: Path) -> None:
    """The kernel never falls back to PyPI; its runtime is local; every package of the lock
    file is a file of the site with the lock's hash, and every dependency is in the lock."""
    config = json.loads((site_dir / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js"     # the page names the start script
    assert (site_dir / "static" / "pyodide" / "aristofarsa-start.js").is_file()
    runtime = site_dir / "static" / "pyodide"
    packages = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]
    for name in ("aristofarsa", "ipywidgets", "ipython", "micropip", "sqlite3"):
        assert name in packages
    assert "ipywidgets" in packages["aristofarsa"]["depends"]
    for name, entry in packages.items():
        wheel = runtime / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(packages), name
    assert not [p for p in site_dir.rglob("*.map")]          # pruned: source maps,
    assert not (site_dir / "build").exists()                 # JupyterLab's own build


def test_the_wheels_carry_bytecode_for_what_a_page_opens_with(site_dir: Path) -> None:
    """Every module a page imports when it opens (the kernel, IPython, each app) is shipped with
    an unchecked-hash .pyc for the runtime's Python (PEP 552: valid whatever the unpacked files'
    times), listed in RECORD; a module no page opens with stays source only."""
    import zipfile

    from aristofarsa.cli.site import OPENING_IMPORTS

    runtime = site_dir / "static" / "pyodide"
    python = json.loads((runtime / "pyodide-lock.json").read_text())["info"]["python"]
    tag = "cpython-" + "".join(python.split(".")[:2])
    wanted = {"aristofarsa": [f"aristofarsa/widgets/__pycache__/{name}.{tag}.pyc" for name, _ in APPS]
              + [f"aristofarsa/core/__pycache__/round.{tag}.pyc"],
              "ipython": [f"IPython/core/__pycache__/interactiveshell.{tag}.pyc"],
              "ipywidgets": [f"ipywidgets/widgets/__pycache__/widget.{tag}.pyc"],
              "pyodide_kernel": [f"pyodide_kernel/__pycache__/kernel.{tag}.pyc"]}
    assert "IPython" in OPENING_IMPORTS and "aristofarsa.widgets.lab" in OPENING_IMPORTS
    for package, pycs in wanted.items():
        [wheel] = runtime.glob(f"{package}-*.whl")
        with zipfile.ZipFile(wheel) as z:
            names = set(z.namelist())
            record = z.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
            for pyc in pycs:
                assert pyc in names, f"{wheel.name} has no {pyc}"
                head = z.read(pyc)[:8]
                assert int.from_bytes(head[4:8], "little") == 0b01, f"{pyc}: not an unchecked-hash pyc"
                assert f"{pyc},," in record.splitlines()
            assert names.issuperset(p.replace("__pycache__/", "").replace(f".{tag}.pyc", ".py") for p in pycs)
    with zipfile.ZipFile(next(runtime.glob("pygments-*.whl"))) as z:
        assert f"pygments/lexers/__pycache__/fortran.{tag}.pyc" not in z.namelist()
        assert "pygments/lexers/fortran.py" in z.namelist()


def test_the_snapshots_zip_holds_bytecode_where_zipimport_looks(site_dir: Path) -> None:
    """python-site-packages.zip, which the restored Python imports the wheels from: every compiled
    module's bytecode is beside its source as MOD.pyc (zipimport does not look in __pycache__, so
    the kernel, imported after the restore, would be compiled from source on every visit), its code
    naming the file in the zip (tracebacks show its lines); a module no page opens with stays
    source only."""
    import zipfile

    zip_path = "/lib/python3.13/site-packages.zip"       # where pyodide-start.js writes it
    with zipfile.ZipFile(site_dir / "static" / "pyodide" / "python-site-packages.zip") as z:
        names = set(z.namelist())
        assert not [name for name in names if "__pycache__" in name]
        for module in ("pyodide_kernel/kernel", "pyodide_kernel/__init__", "IPython/core/interactiveshell",
                       "ipywidgets/widgets/widget", "micropip/__init__"):
            assert f"{module}.py" in names
            data = z.read(f"{module}.pyc")
            assert int.from_bytes(data[4:8], "little") == 0b01, f"{module}.pyc: not an unchecked-hash pyc"
            assert f"{zip_path}/{module}.py".encode() in data, f"{module}.pyc names another file"
        assert "pygments/lexers/fortran.py" in names and "pygments/lexers/fortran.pyc" not in names


#: Python restored from the site's snapshot as a page does it (pyodide-start.js: the zip written
#: where the snapshot looks, the package's wheel unpacked), then its code run before the kernel
#: starts; then each cell given, printing what it prints. Node, the pinned Pyodide.
RESTORE = """
import fs from "node:fs"; import zlib from "node:zlib"; import { pathToFileURL } from "node:url";
const [runtime, ...cells] = process.argv.slice(2);
const start = fs.readFileSync(runtime + "aristofarsa-start.js", "utf8");
const before = eval(start.match(/const STAND_INS = (\\[[\\s\\S]*?\\])\\.join/)[1]).join("\\n");
const { loadPyodide } = await import(pathToFileURL(runtime + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL: runtime, stdout: console.log, stderr: console.log,
  _loadSnapshot: new Uint8Array(zlib.gunzipSync(fs.readFileSync(runtime + "python-snapshot.gz"))) });
py.FS.writeFile("/lib/python3.13/site-packages.zip", fs.readFileSync(runtime + "python-site-packages.zip"));
const lock = JSON.parse(fs.readFileSync(runtime + "pyodide-lock.json"));
py.globals.set("own", new Uint8Array(fs.readFileSync(runtime + lock.packages.aristofarsa.file_name)));
py.runPython("import io, site, zipfile\\n" +
             "zipfile.ZipFile(io.BytesIO(own.to_py())).extractall(site.getsitepackages()[0])");
py.runPython(before, { globals: py.globals.get("dict")() });
for (const cell of cells) await py.runPythonAsync(cell);
"""


def test_the_kernel_starts_without_piplite_until_it_is_used(site_dir: Path, tmp_path: Path) -> None:
    """What the start script runs in the restored Python before the kernel starts: piplite (the
    kernel's %pip, which imports micropip) is a stand-in that takes the kernel's settings, and the
    first real use imports it with them; the widgets' comm targets are registered (the page's
    widget manager asks the kernel for its widgets through them)."""
    script = tmp_path / "restore.mjs"
    script.write_text(RESTORE)
    cells = ["import piplite.piplite\npiplite.piplite._PIPLITE_DISABLE_PYPI = True\n"
             "piplite.piplite._PIPLITE_URLS = ['./pypi/all.json']",
             "import inspect, sys\ninspect.getmodule(inspect.getmodule)\n"
             "print('before use:', 'micropip' in sys.modules)",
             "import comm\nprint('targets:', sorted(comm.get_comm_manager().targets))",
             "from piplite import install\nfrom piplite.piplite import _PIPLITE_URLS, _PIPLITE_DISABLE_PYPI\n"
             "print('after use:', 'micropip' in sys.modules, install.__module__, _PIPLITE_URLS, "
             "_PIPLITE_DISABLE_PYPI)"]
    done = subprocess.run(["node", str(script), f"{site_dir / 'static' / 'pyodide'}/", *cells],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert "before use: False" in lines
    assert "targets: ['jupyter.widget', 'jupyter.widget.control']" in lines
    assert "after use: True piplite.piplite ['./pypi/all.json'] True" in lines


def test_no_page_names_an_outside_script_or_stylesheet(site_dir: Path) -> None:
    pages = _pages(site_dir)
    outside = [f"{p.relative_to(site_dir)}: {link}" for p in pages for link in _parsed(p).links
               if re.match(r"(https?:)?//", link) and re.search(r"\.(js|mjs|css|woff2?|wasm)(\?|$)", link)]
    assert outside == []


# ------------------------------------------------------------------ the apps in Chromium


def _open(page: Any, url: str, selector: str = ".af-app") -> None:
    page.goto(url, timeout=LOAD_MS)
    page.wait_for_selector(selector, state="visible", timeout=LOAD_MS)


def _wait_text(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => [...document.querySelectorAll(sel)].some(e => e.innerText.includes(text))",
        arg=[selector, text], timeout=LOAD_MS)


def _share_code(page: Any) -> str:
    page.wait_for_selector(".af-share a", state="attached", timeout=LOAD_MS)
    href = page.locator(".af-share a").get_attribute("href")
    return parse_qs(urlsplit(href).query)["scenario"][0]


@pytest.mark.browser
def test_lab_lesson_link_steps_draws_and_shares_to_served_and_back(site_url: str, app_server: str,
                                                                   page: Any) -> None:
    """A lesson link on the static Lab: progress while Python starts, steps to the winners, the
    graph drawn in the page, its own links. Its share link then opens the same round on the
    served Lab, and the served Lab's link opens it on the static Lab again (same code, same last
    step, same winners). One static page does both jobs: Python starting in a page is the
    costliest step of the suite. The served Lab is the shared server's (tests/browser/conftest.py)."""
    trace, winners = lesson_result()
    wheels: list[str] = []
    page.on("request", lambda request: wheels.append(request.url.rsplit("/", 1)[-1])
            if request.url.endswith(".whl") else None)
    page.goto(f"{site_url}voici/render/lab.html?lesson={LESSON}", timeout=LOAD_MS)
    # while Python starts: the progress, with its steps, not a blank page
    page.wait_for_selector("text=Starting Python in your browser", timeout=30_000)
    assert page.locator("ol.af-start-steps li").count() == 5
    assert page.locator("progress.af-start-bar").count() == 1
    page.wait_for_selector(".af-step", state="visible", timeout=LOAD_MS)
    # Python came from the site's snapshot, not started again (pyodide-start.js tells the page)
    assert page.evaluate("window.aristofarsaSite.restored") is True
    # ... which holds every wheel but the package's own: Pyodide is told they are installed, so the
    # kernel does not fetch and unpack them again for the imports of the app's cell
    assert wheels and {name.split("-")[0] for name in wheels} == {"aristofarsa"}, wheels
    # the service worker's version is recorded as JupyterLite records it, so that the next visit
    # keeps the service worker instead of registering it again
    page.wait_for_function("""() => Object.keys(localStorage).some(key =>
        key.endsWith("service-worker.js?enableCache=false-version") && localStorage.getItem(key) ===
        JSON.parse(document.getElementById("jupyter-config-data").textContent).appVersion)""",
                           timeout=LOAD_MS)
    # each step began when it really did: told by the kernel's worker (runtime, packages, imports)
    # and by Voici (the app's cell), in this order
    marks = page.evaluate("window.aristofarsaSite.marks")
    began = [marks[k] for k in marks]
    assert [k.split(" (")[0] for k in marks] == [
        "Loading the page", "Starting Python", "Installing the game and its packages",
        "Starting the notebook kernel", "Building the app"]
    assert began == sorted(began) and began[1] > 0
    _wait_text(page, ".af-step", f"Step 1 of {len(trace)}")
    page.click("button.af-last")
    _wait_text(page, ".af-step", trace[-1].text)
    _wait_text(page, ".af-winners", winners[0])
    shown = page.inner_text(".af-winners")
    for name in ("Ana", "Bruno", "Caio", "Dora"):
        assert (name in shown) == (name in winners), shown
    page.wait_for_selector(".af-graph svg", timeout=LOAD_MS)     # drawn in the page by Viz.js
    assert page.locator(".af-graph svg g.node").count() >= 3
    assert page.locator(".af-dot").count() == 0
    # the page's own links: the landing page, and this app's section of the docs
    assert page.locator(".af-site-docs").get_attribute("href") == "../../docs/apps.html#scenario-lab"
    # its share link, absolute on this host, opens the round on the served Lab ...
    static_code = _share_code(page)
    link = page.locator(".af-share input").input_value()
    assert link.startswith(f"{site_url}voici/render/lab.html?scenario=")
    _open(page, f"{app_server}voila/render/lab.ipynb?scenario={static_code}", ".af-share a")
    page.click("button.af-last")
    _wait_text(page, ".af-step", trace[-1].text)
    served_winners = page.inner_text(".af-winners")
    assert served_winners == shown
    served_code = _share_code(page)
    assert served_code == static_code
    # ... and the served Lab's link opens it on the static Lab again
    _open(page, f"{site_url}voici/render/lab.html?scenario={served_code}", ".af-share a")
    page.click("button.af-last")
    _wait_text(page, ".af-step", trace[-1].text)
    assert page.inner_text(".af-winners") == served_winners


#: Each app's page for the every-panel test, and what each of its tabs shows when opened.
PANEL_PAGES = {"learn": "", "lab": f"?lesson={LESSON}", "play": f"?players=3&seed={SEED_MAX}&human=1",
               "dispute": f"?lesson={LESSON}", "graphs": "?ruling=B13", "exiled": ""}
TAB_SHOWS = {"Rules": ".af-rules", "Cards": ".af-card", "A round": ".af-step", "Quiz": ".af-quiz-question",
             "Lessons": ".af-lesson-list"}
#: A folded section is drawn: open, with something in it (built by the kernel when first opened).
SECTION_DRAWN = """el => { const c = el.querySelector(':scope > .jupyter-widget-Collapse-contents');
    return el.classList.contains('jupyter-widget-Collapse-open') && c && c.innerText.trim() !== ''; }"""


def _console_errors(page: Any) -> list[str]:
    """Every page error and console error of the page from now on (a list that grows)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on("console", lambda msg: errors.append(f"console {msg.type}: {msg.text[:400]}")
            if msg.type == "error" else None)
    return errors


def _open_every_section(page: Any, scope: str) -> list[str]:
    """Open every folded section (accordion) in ``scope``, one after another, each drawn; their titles."""
    opened = []
    headers = page.locator(f"{scope} .jupyter-widget-Collapse-header:visible")
    for k in range(headers.count()):
        header = headers.nth(k)
        section = header.locator("xpath=..")
        if "jupyter-widget-Collapse-open" not in (section.get_attribute("class") or ""):
            header.click()
        page.wait_for_function(SECTION_DRAWN, arg=section.element_handle(), timeout=LOAD_MS)
        opened.append(header.inner_text().strip())
    return opened


@pytest.mark.browser
@pytest.mark.parametrize("name", [name for name, _ in APPS])
def test_every_panel_of_every_app_opens_without_an_error(site_url: str, page: Any, name: str) -> None:
    """One load of each app on the static site: every tab and every folded section opened (each
    drawn), the app's own work done once (Play: a new game from its form, then a move; Graphs: a
    filter), and not one page error or console error from the load to the end. Play opens with
    its largest seed: Pyodide hands 2**53 - 1 to the page as a BigInt, which broke New game."""
    errors = _console_errors(page)
    _open(page, f"{site_url}voici/render/{name}.html{PANEL_PAGES[name]}")
    assert page.locator(".af-error:visible").all_inner_texts() in ([], [""])
    if name == "dispute":     # a shared link opens on its verdict (a trait set back to None: shown)
        page.wait_for_selector(".af-verdict .af-winners", state="visible", timeout=LOAD_MS)
    tabs = page.locator(".af-app .lm-TabBar-tab")
    titles = [t.strip() for t in tabs.all_inner_texts()]
    assert titles == (list(TAB_SHOWS) if name in ("learn", "exiled") else [])
    opened = []
    for k, title in enumerate(titles):
        tabs.nth(k).click()
        pane = ".af-app .widget-tab-contents > :not(.lm-mod-hidden)"
        page.wait_for_selector(f"{pane} {TAB_SHOWS[title]}", state="visible", timeout=LOAD_MS)
        opened += _open_every_section(page, pane)
    if not titles:
        opened = _open_every_section(page, ".af-app")
    expected = {"learn": "1. ", "exiled": "1. ", "lab": "Build the round", "play": "New game…",
                "dispute": "Enter the round by tapping", "graphs": None}[name]
    assert any(t.startswith(expected) for t in opened) if expected else opened == [], opened
    if name == "lab":                    # its graph is the round's up to the step on screen
        page.locator("button.af-last").first.click()
    if name in ("lab", "dispute", "graphs"):
        # drawn in the page by Viz.js; the Dispute's verdict (and its graph) is folded away while
        # its form is open, and the form is one of the sections opened above
        page.wait_for_selector(".af-graph svg", timeout=LOAD_MS,
                               state="attached" if name == "dispute" else "visible")
    if name == "graphs":       # the gallery's links into the Lab name the page next to this one
        href = page.locator("a.af-open-lab").first.get_attribute("href")
        assert href.startswith("lab.html?lesson="), href
        count = page.locator(".af-gallery-item").count()
        page.locator(".af-filter-card select").select_option("Witch")
        page.wait_for_function("n => { const k = document.querySelectorAll('.af-gallery-item').length; "
                               "return k >= 1 && k < n; }", arg=count, timeout=LOAD_MS)
    if name == "play":
        _play_a_new_game_and_a_move(page)
    # the site bar stays in view above the app, not hidden under Voici's shell
    assert page.evaluate(_SITE_BAR_SHOWN_JS), "the site bar is covered by the app"
    page.wait_for_load_state("networkidle", timeout=LOAD_MS)
    assert errors == []


#: True when each link of the site bar is the element seen at its own centre (nothing over it)
_SITE_BAR_SHOWN_JS = """() => { const links = [...document.querySelectorAll('.af-site-bar a')];
  return links.length >= 2 && links.every(a => { const r = a.getBoundingClientRect();
    return r.width > 0 && r.top >= 0
      && document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === a; }); }"""


def _play_a_new_game_and_a_move(page: Any) -> None:
    """Play's "New game…" form (opened above) starts the game it shows; a move then takes a card
    from the hand."""
    assert f"seed {SEED_MAX}" in page.locator(".af-app").inner_text()
    seed = page.locator(".af-app .widget-text:has-text('Seed') input")
    assert seed.input_value() == str(SEED_MAX)
    seed.fill("4")
    seed.press("Enter")
    page.locator("button.af-new-game").click()
    _wait_text(page, ".af-app", "3 players, seed 4.")
    page.wait_for_selector(".af-actions button:not([disabled]):visible", timeout=LOAD_MS)
    assert page.locator(".af-hand .af-card").count() == 3
    assert "Play a card into the Ball Garden (Phase 1)." in page.locator(".af-app").inner_text()
    button = page.locator(".af-actions button:not([disabled])").first.element_handle()
    button.click()
    button.wait_for_element_state("hidden", timeout=LOAD_MS)
    page.wait_for_selector(".af-actions button:not([disabled]):visible", timeout=LOAD_MS)
    assert page.locator(".af-hand .af-card").count() == 2          # the card left the hand


@pytest.mark.browser
def test_a_damaged_share_code_is_a_message_in_the_page(site_url: str, page: Any) -> None:
    _open(page, f"{site_url}voici/render/lab.html?scenario=AF1.damaged", ".af-error:visible")
    assert page.locator(".af-error:visible").first.inner_text().strip()
    assert "Traceback" not in page.locator(".af-app").inner_text()


# ------------------------------------------------------------------ the same build twice
def test_the_python_snapshot_is_the_same_when_made_again(site_dir: Path, tmp_path: Path) -> None:
    """The site's Python snapshot and the zip it imports from, made again from the site's own
    runtime and wheels (site/snapshot.mjs under Node, not from the build's cache): the same bytes.
    It holds random state and times, which the script fixes while it runs."""
    from aristofarsa.cli.site import PINS, SNAPSHOT_FILES, SNAPSHOT_IMPORTS

    runtime = site_dir / "static" / "pyodide"
    done = subprocess.run(["node", str(PINS / "snapshot.mjs"), str(runtime), ",".join(SNAPSHOT_IMPORTS),
                           *(str(tmp_path / name) for name in SNAPSHOT_FILES),
                           *(str(w) for w in sorted(runtime.glob("*.whl")))],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert re.search(r"\d{3,} modules in the snapshot", done.stdout)
    for name in SNAPSHOT_FILES:
        assert (tmp_path / name).read_bytes() == (runtime / name).read_bytes(), name


def test_a_second_build_is_byte_identical_and_compiles_nothing(site_dir: Path, tmp_path: Path) -> None:
    """The whole site built again (the same sources, the same cache, another folder): every file the
    same, byte for byte (the wheels, the standard library, the lock, the pages, the contents'
    listing, the docs), and the build says it took its bytecode from the cache. Its report of the
    size is the folder's."""
    again = tmp_path / "again"
    done = subprocess.run([sys.executable, "-m", "aristofarsa.cli", "site", "-o", str(again), "--cache",
                           str(CACHE)], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "bytecode from the cache (nothing compiled)" in done.stdout

    def contents(folder: Path) -> dict[str, str]:
        return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(folder.rglob("*")) if p.is_file()}

    first, second = contents(site_dir), contents(again)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []
    files = [p for p in again.rglob("*") if p.is_file()]
    reported = re.search(r"(\d+) files, ([\d.]+) MB", done.stdout)
    assert reported and int(reported.group(1)) == len(files)
    assert float(reported.group(2)) == round(sum(p.stat().st_size for p in files) / 1e6, 1)
