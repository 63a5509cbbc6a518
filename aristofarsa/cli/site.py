"""`aristofarsa site -o DIR`: the docs and the six apps as one static folder, Python in the browser.

The apps are the same notebooks as `aristofarsa serve`, built with Voici (JupyterLite) and run
by Pyodide in the visitor's browser; the docs are built with MkDocs (strict: a broken link fails
the build). Everything comes from the package registries, at the versions pinned in the clone's
``site/`` folder: ``requirements.txt`` (the build tools), ``pyodide-wheels.txt`` (the wheels
Python in the browser installs, with their hashes) and ``package.json`` + ``package-lock.json``
(npm: the Pyodide runtime and Viz.js, Graphviz compiled to WebAssembly). Downloads are kept in
``--cache`` (``.site-cache/`` of the clone), so a second build fetches nothing. The wheels get,
at build time, the bytecode of every module a page opens with (``site/compile-wheels.mjs``: the
pinned Pyodide under Node), so a page does not compile them each time it opens, and a memory
snapshot of that Python with them imported (``site/snapshot.mjs``), which a page restores instead
of starting Python and importing them (``python_snapshot``).

The folder holds no server-side code: any static host serves it (``DIR/index.html`` is the
landing page, ``DIR/docs/`` the docs, ``DIR/voici/render/NAME.html`` the apps). Nothing a page
loads comes from anywhere else: the kernel's PyPI fallback is off and its lock file lists only
the shipped wheels (``cli/pyodide_lock.py``).
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..core.messages import Join, text
from .apps import APP_NAMES, JUPYTER_DATA_DIR, PACKAGE_DIR, landing_texts, notebooks_dir, page_titles
from .args import EXIT_OK, UsageError
from .pyodide_lock import LockError, build_lock, stub_wheel

CLONE = PACKAGE_DIR.parent
PINS = CLONE / "site"
TEMPLATE = "aristofarsa-static"
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
SITE_TOOLS = {"voici_core": "voici-core", "jupyterlite_pyodide_kernel": "jupyterlite-pyodide-kernel",
              "mkdocs": "mkdocs", "material": "mkdocs-material", "packaging": "packaging"}
#: The kernel's pyodide.js on the site (the page names it, static-site.js): it loads the real one and
#: tells the page each start-up step (template aristofarsa-static/pyodide-start.js).
START_SCRIPT = "aristofarsa-start.js"
#: The runtime's files the site ships (npm pyodide: runtime and standard library, no wheels).
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json")
#: Loaded with the runtime, all at once, before the first cell (else the kernel installs the ones it
#: needs one by one, each through micropip's resolver).
PRELOAD = ("aristofarsa", "ipython", "comm", "jedi", "sqlite3", "ipykernel", "pyodide_kernel", "micropip",
           "piplite")
#: What a page imports when it opens (IPython, the widgets, its app, the kernel): compiled at
#: build time, in this order (once the kernel is imported outside a browser, a widget cannot be made).
OPENING_IMPORTS = ("IPython", "ipywidgets", *(f"aristofarsa.widgets.{name}" for name in APP_NAMES),
                   "micropip", "piplite.piplite", "pyodide_kernel")
#: What the site's Python snapshot holds imported (``site/snapshot.mjs``: these and all they import,
#: the apps' widget modules too, but what keeps a JavaScript object): a page restores it instead
#: of starting Python and importing them (template aristofarsa-static/pyodide-start.js). The
#: standard library's and IPython's modules the kernel imports besides itself are in it too.
#: ``MODULE:APP``: each app is also built once, with no query, and its widgets closed (as a
#: preheated kernel of ``aristofarsa serve`` does), so what an app reads and draws the first time
#: (lessons, rules, graphs) is in the snapshot's caches.
SNAPSHOT_IMPORTS = ("IPython", "ipywidgets", "_strptime", "getpass", "IPython.core.completerlib",
                    "traitlets.log",
                    *(f"aristofarsa.widgets.{name}:{name.capitalize()}App" for name in APP_NAMES))
#: The snapshot (gzip) and the wheels' files but the package's own in one zip, which the restored
#: Python imports from (the names pyodide-start.js fetches, beside the runtime).
SNAPSHOT_FILES = ("python-snapshot.gz", "python-site-packages.zip")
#: The kernel's own wheels (in its JupyterLab extension), shipped in the lock like the others
#: (piplite too: preloaded, the kernel does not install it through micropip on every start).
KERNEL_WHEELS = ("ipykernel-*.whl", "pyodide_kernel-*.whl", "piplite-*.whl")
#: Names the kernel installs that the site ships as empty wheels (no module: ``import`` fails with
#: ImportError, which IPython expects when they are missing), and why (the stub's summary, read
#: only by whoever builds the site).
STUBS = {  # i18n: developer
    "sqlite3": "no registry has sqlite3 for Pyodide; IPython keeps no history without it",
    "jedi": "code completion, 5 MB with parso, which no app uses; IPython completes without it",
}
#: Dependencies that are not shipped, and why (a note for whoever changes the site's pins).
LEFT_OUT = {  # i18n: developer
    "pexpect": "IPython needs it only outside Emscripten",
    "ptyprocess": "IPython needs it only outside Emscripten",
    "widgetsnbextension": "front-end files only: the page gets the widgets' JavaScript from the build",
    "jupyterlab-widgets": "front-end files only: the page gets the widgets' JavaScript from the build",
}
#: The time of every file in the build unless ``SOURCE_DATE_EPOCH`` says otherwise (1980-01-01, the
#: earliest a zip entry holds): the same sources give the same bytes, whenever they are built.
EPOCH = 315532800
#: Voici's command (its package has no ``__main__`` that works without the ``voici`` package),
#: through :func:`voici`.
VOICI = "import sys; from aristofarsa.cli.site import voici; sys.exit(voici())"   # i18n: code
#: Parts of the JupyterLite output that no page of the site loads.
PRUNED = ("build", "doc", "jupyter-lite.ipynb", "voici/render/index.html",
          "docs/404.html")   # a host shows only the 404 page at the site's root; MkDocs' needs it there


def add_commands(sub) -> None:
    p = sub.add_parser("site", help=text("cli-help.site.help"),
                       description=text("cli-help.site.description"))
    p.add_argument("-o", "--output", required=True, metavar="DIR", help=text("cli-help.site.output"))
    p.add_argument("--cache", metavar="DIR", default=None, help=text("cli-help.site.cache"))
    p.add_argument("--no-docs", action="store_true", help=text("cli-help.site.no-docs"))
    p.set_defaults(func=cmd_site)


def cmd_site(args: argparse.Namespace) -> int:
    out = Path(args.output).resolve()
    cache = Path(args.cache).resolve() if args.cache else CLONE / ".site-cache"
    summary = build_site(out, cache, docs=not args.no_docs)
    print(text("cli-site.built", out=out, files=summary["files"],
               megabytes=f"{summary['bytes'] / 1e6:.1f}", landing=out / "index.html"))
    python_mb = f"{summary['python_bytes'] / 1e6:.1f}"
    print(text("cli-site.python-made", megabytes=python_mb) if summary["compiled"]
          else text("cli-site.python-cached", megabytes=python_mb))
    print(text("cli-site.try", out=out))
    return EXIT_OK


def site_texts() -> dict[str, str]:
    """What the static site's app pages say themselves, from the catalog in use: the site bar
    (``aristofarsa-static/index.html.j2``), the words when Python never starts
    (``aristofarsa-static/page_problems.html.j2``) and each app page's title and heading
    (``page_titles``, as ``serve`` gives them)."""
    return {"bar": text("site.bar"), "all_apps": text("site.all-apps"), "docs": text("site.docs"),
            "note": text("site.note"), "not_started": text("site.not-started"),
            "reload": text("serve.reload"), **page_titles()}


def voici() -> int:
    """Voici's command line, its templates given the Jinja globals ``af_texts`` (the landing
    page's words from the catalog: ``tree.html``, which Voici renders for its tree page) and
    ``af_site_texts`` (the app pages' own words: :func:`site_texts`)."""
    import jinja2.defaults
    from voici_core.app import main  # type: ignore[import-untyped]

    # every Jinja environment's globals, nbconvert's (the app pages) and Voici's (its tree)
    jinja2.defaults.DEFAULT_NAMESPACE.update(af_texts=landing_texts, af_site_texts=site_texts)
    main()
    return 0


def check_tools() -> None:
    """The build tools are installed and the clone's pins are there, else say what to do."""
    if not (PINS / "pyodide-wheels.txt").is_file():
        raise UsageError(text("cli-site.no-pins", pins=PINS))
    missing = [pip for module, pip in SITE_TOOLS.items() if importlib.util.find_spec(module) is None]
    if missing:
        raise UsageError(text("cli-site.tools", tools=Join(missing),
                              requirements=PINS / "requirements.txt"))
    if shutil.which("npm") is None or shutil.which("node") is None:
        raise UsageError(text("cli-site.node"))


def source_date_epoch() -> str:
    """The time every file of the build carries (``SOURCE_DATE_EPOCH``: the wheels' zip entries,
    the contents' listing, the docs' sitemap): the environment's if set, else a fixed one."""
    return os.environ.get("SOURCE_DATE_EPOCH") or str(EPOCH)


def run(what: str, argv: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Run a build step (``env``: variables on top of this process's, with ``SOURCE_DATE_EPOCH``);
    on failure, a message naming the step and the tool's last lines (:func:`output_tail`)."""
    done = subprocess.run(argv, capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, "SOURCE_DATE_EPOCH": source_date_epoch(), **(env or {})})
    if done.returncode != 0:
        tool = " ".join([Path(argv[0]).name, *argv[1:3]])
        raise UsageError(text("cli-site.failed", step=what, tool=tool, code=done.returncode,
                              tail=output_tail(done.stderr or done.stdout)))


#: What of a failed build step's output its error quotes: the last lines, each cut to a width
#: (Node quotes the source line of an error, a whole minified pyodide.asm.js line of tens of kB).
TAIL_LINES, TAIL_WIDTH = 15, 300


def output_tail(output: str, lines: int = TAIL_LINES, width: int = TAIL_WIDTH) -> str:
    """The last ``lines`` lines of a tool's ``output`` with something to say (not blank, not
    pip's note on a missing local index), each longer than ``width`` characters cut in the
    middle, its start and end kept ("…" between)."""
    kept = [line.rstrip() for line in output.strip().splitlines()
            if line.strip() and not line.startswith("WARNING: Location")]
    half = (width - 1) // 2
    return "\n".join(line if len(line) <= width else line[:half] + "…" + line[-half:]
                     for line in kept[-lines:])


def npm_packages(cache: Path) -> Path:
    """``node_modules`` of the pinned npm packages (npm ci from the lock; again only when it changed)."""
    folder = cache / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    lock = (PINS / "package-lock.json").read_bytes()
    stamp = folder / "node_modules" / ".aristofarsa-lock-sha256"
    digest = hashlib.sha256(lock).hexdigest()
    if not (stamp.is_file() and stamp.read_text() == digest):
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(PINS / name, folder / name)
        run(text("cli-site.step-npm"),
            ["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=folder)
        stamp.write_text(digest)
    return folder / "node_modules"


def pinned_wheels() -> list[tuple[str, str]]:
    """(name, version) of every wheel in site/pyodide-wheels.txt."""
    pins = []
    for line in (PINS / "pyodide-wheels.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, rest = line.partition("==")
            pins.append((name.strip(), rest.split()[0]))
    return pins


def pyodide_wheels(cache: Path) -> list[Path]:
    """The pinned wheels for the browser, downloaded once (pip checks every hash)."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    run(text("cli-site.step-download"),
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--python-version", "3.13", "--implementation", "py", "--abi", "none", "--platform", "any",
         "--require-hashes", "-r", str(PINS / "pyodide-wheels.txt"), "-d", str(folder)])
    wheels = []
    for name, version in pinned_wheels():
        stem = f"{name.replace('-', '_')}-{version}-".lower()
        found = [w for w in folder.glob("*.whl") if w.name.lower().startswith(stem)]
        if not found:
            raise UsageError(text("cli-site.no-download", name=name, version=version, folder=folder))
        wheels.append(found[0])
    return wheels


#: What of the clone a wheel is never built from: setuptools' ``build/`` keeps every file it
#: ever copied (a data file renamed since would ride along), environments and caches.
NOT_SOURCE = (".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".site-cache", "_site",
              "node_modules", ".pytest_cache", ".hypothesis")


def source_copy(clone: Path, dest: Path) -> Path:
    """A copy of the clone's sources in ``dest`` without ``NOT_SOURCE``, to build a wheel from."""
    shutil.copytree(clone, dest, ignore=shutil.ignore_patterns(*NOT_SOURCE), symlinks=True)
    return dest


def own_wheel(folder: Path) -> Path:
    """aristofarsa's wheel, built from a clean copy of the clone's sources (the notebooks and
    docs/rulings.md inside; never a stale file of an earlier build)."""
    source = source_copy(CLONE, folder / "source")
    run(text("cli-site.step-own-wheel"), [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                                         "-w", str(folder), str(source)])
    shutil.rmtree(source, ignore_errors=True)
    found = sorted(folder.glob("aristofarsa-*.whl"))
    if not found:
        raise UsageError(text("cli-site.no-own-wheel", folder=folder))
    return found[-1]


def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels, from the jupyterlite-pyodide-kernel package installed here."""
    from_data = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
        "pyodide-kernel-extension" / "static" / "pypi"
    found = [w for pattern in KERNEL_WHEELS for w in sorted(from_data.glob(pattern))]
    if len(found) != len(KERNEL_WHEELS):
        raise UsageError(text("cli-site.kernel-wheels", patterns=Join(KERNEL_WHEELS),
                              folder=from_data, requirements=PINS / "requirements.txt"))
    return found


def compiled_wheels(wheels: list[Path], node_modules: Path, cache: Path) -> tuple[list[Path], Path, bool]:
    """The wheels, and the runtime's standard library (``python_stdlib.zip``), with bytecode for the
    browser's Python beside every module a page imports when it opens (``site/compile-wheels.mjs``,
    run by Node with the pinned Pyodide), so a page does not compile IPython, the package and the
    standard library each time it opens. Kept in ``cache/compiled/`` under the hash of everything
    they come from: a second build of the same sources compiles nothing."""
    script = PINS / "compile-wheels.mjs"
    stdlib = node_modules / "pyodide" / "python_stdlib.zip"
    key = hashlib.sha256(script.read_bytes() + ",".join(OPENING_IMPORTS).encode())
    for source in (stdlib, *wheels):
        key.update(hashlib.sha256(source.read_bytes()).digest())
    folder = cache / "compiled" / key.hexdigest()[:16]
    out = [folder / wheel.name for wheel in wheels]
    stdlib_out = folder / stdlib.name
    compiling = not all(target.is_file() for target in (*out, stdlib_out))
    if compiling:
        shutil.rmtree(cache / "compiled", ignore_errors=True)        # only the latest set is kept
        folder.mkdir(parents=True)
        run(text("cli-site.step-compile"),
            ["node", str(script), str(node_modules / "pyodide"), ",".join(OPENING_IMPORTS), str(stdlib_out),
             *(str(p) for pair in zip(wheels, out, strict=True) for p in pair)])
    return out, stdlib_out, compiling


def python_snapshot(runtime: Path, wheels: list[Path], cache: Path) -> bool:
    """Add to ``runtime`` (the site's runtime folder: pyodide.asm.*, its compiled standard library)
    a memory snapshot of its Python with ``SNAPSHOT_IMPORTS`` imported, and the zip of the wheels'
    files it imports from (``SNAPSHOT_FILES``; ``site/snapshot.mjs`` under Node). Kept in
    ``cache/snapshot/`` under the hash of everything they come from; whether one was made (True) or
    taken from the cache. The snapshot is reproducible (fixed random bytes and clocks)."""
    script = PINS / "snapshot.mjs"
    key = hashlib.sha256(script.read_bytes() + ",".join(SNAPSHOT_IMPORTS).encode())
    for source in (runtime / "pyodide.asm.wasm", runtime / "pyodide.asm.js", runtime / "python_stdlib.zip",
                   *wheels):
        key.update(hashlib.sha256(source.read_bytes()).digest())
    folder = cache / "snapshot" / key.hexdigest()[:16]
    made = not all((folder / name).is_file() for name in SNAPSHOT_FILES)
    if made:
        shutil.rmtree(cache / "snapshot", ignore_errors=True)        # only the latest is kept
        folder.mkdir(parents=True)
        run(text("cli-site.step-snapshot"),
            ["node", str(script), str(runtime), ",".join(SNAPSHOT_IMPORTS),
             *(str(folder / name) for name in SNAPSHOT_FILES), *(str(w) for w in wheels)])
    for name in SNAPSHOT_FILES:
        shutil.copyfile(folder / name, runtime / name)
    return made


def lite_folder(lite: Path, node_modules: Path, wheels: list[Path], stdlib: Path, cache: Path) -> bool:
    """The JupyterLite project Voici builds from: the app notebooks, the runtime with its lock,
    wheels and Python snapshot in ``static/pyodide/`` (the kernel's well-known place), the kernel's
    settings; whether the snapshot was made (else it came from ``cache``)."""
    contents = lite / "contents"
    contents.mkdir(parents=True)
    source = notebooks_dir()
    for name in APP_NAMES:
        shutil.copyfile(source / f"{name}.ipynb", contents / f"{name}.ipynb")
    runtime = lite / "static" / "pyodide"
    runtime.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(stdlib if name == stdlib.name else node_modules / "pyodide" / name, runtime / name)
    for wheel in wheels:
        shutil.copyfile(wheel, runtime / wheel.name)
    template = JUPYTER_DATA_DIR / "voila" / "templates" / TEMPLATE
    shutil.copyfile(template / "pyodide-start.js", runtime / START_SCRIPT)
    info = json.loads((node_modules / "pyodide" / "pyodide-lock.json").read_text())["info"]
    try:
        lock = build_lock([runtime / w.name for w in wheels], info, LEFT_OUT, {"aristofarsa": ["lite"]})
    except LockError as exc:
        raise UsageError(text("cli-site.lock", error=exc)) from None
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    made = python_snapshot(runtime, [runtime / w.name for w in wheels], cache)
    settings = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": list(PRELOAD)}}
    (lite / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": {KERNEL_SETTINGS: settings}}}, indent=1) + "\n")
    return made


def build_site(out: Path, cache: Path, docs: bool = True) -> dict[str, int]:
    """Build the site in ``out``; its files and bytes, the bytes of Python in the browser (the
    files of ``static/pyodide/``), and whether bytecode was compiled (1) or taken from the cache (0)."""
    check_tools()
    if out.exists() and any(out.iterdir()) and not (out / "voici").is_dir():
        raise UsageError(text("cli-site.not-a-build", out=out))
    node_modules = npm_packages(cache)
    wheels = pyodide_wheels(cache)
    with tempfile.TemporaryDirectory(prefix="aristofarsa-site-") as tmp:
        work = Path(tmp)
        stubs = [stub_wheel(work, name, "0.0.0", f"empty: {why}") for name, why in STUBS.items()]
        wheels, stdlib, compiled = compiled_wheels(
            [*wheels, own_wheel(work / "own"), *stubs, *kernel_wheels()], node_modules, cache)
        lite = work / "lite"
        compiled = lite_folder(lite, node_modules, wheels, stdlib, cache) or compiled
        if out.exists():
            shutil.rmtree(out)
        env = {"JUPYTER_PATH": os.pathsep.join(
            p for p in (str(JUPYTER_DATA_DIR), os.environ.get("JUPYTER_PATH")) if p)}
        run(text("cli-site.step-voici"),
            [sys.executable, "-c", VOICI, "build", "--contents", "contents", "--output-dir", str(out),
             "--no-sourcemaps", f"--template={TEMPLATE}", "--theme=light"], cwd=lite, env=env)
    viz = out / "static" / "viz"
    viz.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(node_modules / "@viz-js" / "viz" / "dist" / "viz-global.js", viz / "viz-global.js")
    (out / "index.html").write_text(landing_page(), encoding="utf-8")
    if docs:
        run(text("cli-site.step-docs"),
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(CLONE / "mkdocs.yml"),
             "-d", str(out / "docs")],
            env={"NO_MKDOCS_2_WARNING": "1"})   # Material's banner about MkDocs 2
    prune(out)
    files = [p for p in out.rglob("*") if p.is_file()]
    python = [p for p in (out / "static" / "pyodide").iterdir() if p.is_file()]
    return {"files": len(files), "bytes": sum(p.stat().st_size for p in files),
            "python_bytes": sum(p.stat().st_size for p in python), "compiled": int(compiled)}


def prune(out: Path) -> None:
    """Drop what no page loads: JupyterLab's own build, source maps, the notebook-only landing."""
    for name in PRUNED:
        path = out / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    for path in out.rglob("*.map"):
        path.unlink()


def landing_page() -> str:
    """The package's landing page (template ``tree.html``: every app by its title), pointing at
    the static pages, with a link to the docs; its words from the catalog in use."""
    import jinja2  # the site's build tools bring jinja2 (Voici, MkDocs)
    from markupsafe import escape

    folder = JUPYTER_DATA_DIR / "voila" / "templates" / "aristofarsa"
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), autoescape=True)
    env.globals["af_texts"] = landing_texts
    contents = {"content": [{"name": f"{name}.ipynb"} for name in APP_NAMES]}
    page = env.get_template("tree.html").render(contents=contents, base_url="")
    for name in APP_NAMES:
        page = page.replace(f'href="voila/render/{name}.ipynb"', f'href="voici/render/{name}.html"')
    page = page.replace("voila/render/lab.ipynb?lesson=", "voici/render/lab.html?lesson=")
    docs, runs_here = escape(text("landing.docs")), escape(text("landing.site-note"))
    note = f"<p class='af-site-docs'><a href='docs/index.html'>{docs}</a> · {runs_here}</p>"
    return page.replace("</main>", f"  {note}\n</main>", 1)
