"""`aristofarsa serve` (the Voila apps), `share` (share codes) and `notebook` (lesson notebooks).

`serve` runs standalone Voila in this process over the app notebooks (which ship inside the
package: ``aristofarsa/notebooks/`` in an installed wheel, ``notebooks/`` in a clone), with the
package's own Voila template (no CDN: ``aristofarsa/serving/jupyter`` goes first on
``JUPYTER_PATH``), idle-kernel culling and a pool of preheated kernels per app (Voila's
``preheat_kernel``: a kernel that has run its notebook's imports waits for the next visitor and
reads that request's query string, ``widgets.common.page_query``). Standalone Voila refuses code
sent by a page; JupyterLab's Voila route (Binder) does not.

A crafted link must not break the server (issue 12): the theme and template cannot be chosen
from the address, at most ``--max-kernels`` app pages hold a kernel (past that a page says the
server is busy), a page left open but idle for ``--cull-open-idle`` seconds loses its kernel,
and Voila's query socket and preheated kernels are fixed by ``cli/voila_fixes.py``. Under
load (issue 30) the cap counts kernels, not requests, one address holds at most
``--max-kernels-per-client`` pages, a page that never connects loses its kernel after
``--connect-wait`` seconds, Voila waits 60 s for a cell's output (``IOPUB_TIMEOUT``), and no
``voila.py`` of the working folder is read (``CONFIG_DIR``) nor imported (``python -m`` puts
that folder on ``sys.path``: ``import_path_without``). ``serve`` binds its port itself before
Voila starts (``listening_sockets``; ``--port 0``: the system's choice, printed) and Voila
serves on those sockets (``voila_fixes.serve_on``).
"""
from __future__ import annotations

import argparse
import errno
import faulthandler
import importlib.util
import json
import os
import signal
import socket
import sys
from pathlib import Path
from typing import Any

from ..controllers.sources import MAX_UPLOAD_BYTES
from ..core.messages import Join, catalog, text
from .args import EXIT_OK, UsageError, whole_number

PACKAGE_DIR = Path(__file__).resolve().parents[1]
#: The package's Voila template ("aristofarsa": Voila's lab template without CDN links + landing page).
JUPYTER_DATA_DIR = PACKAGE_DIR / "serving" / "jupyter"
TEMPLATE = "aristofarsa"
#: The six apps of the contract by their notebook names, in landing-page order. ``APPS`` gives
#: (notebook name, title) pairs, the titles from the catalog in use (``app_titles``).
APP_NAMES = ("learn", "lab", "play", "dispute", "graphs", "exiled")
DEFAULT_PORT = 8866
DEFAULT_CULL_IDLE = 60          # seconds a kernel without a page may stay idle (contract: gone within 120 s)
DEFAULT_POOL_SIZE = 1           # preheated kernels waiting per app (0: none, each page starts its own)
MAX_POOL_SIZE = 8
DEFAULT_CULL_OPEN_IDLE = 1800   # seconds an open page's kernel may stay idle (30 minutes)
MAX_CULL_OPEN_IDLE = 86_400
KERNEL_MB = 80                  # what one app kernel holds, at most (docs/apps.md measures 60-80 MB)
MAX_KERNELS_LIMIT = 1000
DEFAULT_CONNECT_WAIT = 30       # seconds a page's kernel waits for the page to open its socket
MIN_CONNECT_WAIT, MAX_CONNECT_WAIT = 5, 600
#: Seconds Voila waits for a cell's output after the cell ran (nbclient's default, 4 s, drops
#: the app cell's output on a loaded server: the page stayed blank for good, issue 30).
IOPUB_TIMEOUT = 60
#: The only folder Voila looks in for a voila.py / voila.json: the package's own, which holds
#: none. Voila's default is the working folder first, so `serve` ran any voila.py found there.
CONFIG_DIR = JUPYTER_DATA_DIR


def app_titles() -> dict[str, str]:
    """Each app's title by its notebook name, from the catalog in use."""
    return {"learn": text("apps.title.learn"), "lab": text("apps.title.lab"),
            "play": text("apps.title.play"), "dispute": text("apps.title.dispute"),
            "graphs": text("apps.title.graphs"), "exiled": text("apps.title.exiled")}


def landing_texts() -> dict[str, Any]:
    """What the landing page (template ``tree.html``) says, from the catalog in use: its
    language, title, lead, footer, the words for an app not installed, and each app as
    (notebook name, title, what it is for). The template gets this function as the Jinja
    global ``af_texts`` (``voila_fixes.serve_on`` for ``serve``, ``site.landing_page`` and
    ``site.voici`` for the static site)."""
    titles = app_titles()
    blurbs = {"learn": text("apps.blurb.learn"), "lab": text("apps.blurb.lab"),
              "play": text("apps.blurb.play"), "dispute": text("apps.blurb.dispute"),
              "graphs": text("apps.blurb.graphs"), "exiled": text("apps.blurb.exiled")}
    return {"lang": catalog().language, "title": text("landing.title"),
            "lead": text("landing.lead"), "missing": text("landing.missing"),
            "footer": text("landing.footer"),
            "apps": [(name, titles[name], blurbs[name]) for name in APP_NAMES]}


def __getattr__(name: str) -> Any:
    if name == "APPS":          # (notebook name, title) of each app, titled in the catalog in use
        return tuple(app_titles().items())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")  # i18n: developer


def default_per_client(max_kernels: int) -> int:
    """App pages one address may hold by default: three quarters of the cap (at least 1), so
    that one client never takes every slot."""
    return max(1, max_kernels * 3 // 4)


def default_max_kernels() -> int:
    """Kernels for app pages that fill a quarter of this machine's memory at KERNEL_MB each
    (10 to 100): 75 on a 24 GB machine."""
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        memory = 8 * 2**30
    return max(10, min(100, memory // 4 // (KERNEL_MB * 2**20)))

#: Notebooks in the apps folder that get no preheated kernel (the landing notebook runs no code).
NOT_PREHEATED = ("index.ipynb",)
APPS_EXTRA_HINT = "pip install 'aristofarsa[apps]'"   # i18n: code
APPS_MODULES = ("voila", "ipywidgets", "ipykernel")


def notebooks_dir() -> Path:
    """Where the app notebooks are: inside the installed package, else the clone's notebooks/."""
    for folder in (PACKAGE_DIR / "notebooks", PACKAGE_DIR.parent / "notebooks"):
        if (folder / "index.ipynb").is_file():
            return folder
    raise UsageError(text("cli-serve.notebooks-missing", inside=PACKAGE_DIR / "notebooks",
                          clone=PACKAGE_DIR.parent / "notebooks", install=APPS_EXTRA_HINT))


def missing_apps_modules() -> list[str]:
    return [m for m in APPS_MODULES if importlib.util.find_spec(m) is None]


def add_commands(sub) -> None:
    """Register `serve`, `share` and `notebook` on the main parser's subparsers."""
    p = sub.add_parser("serve", help=text("cli-help.serve.help"),
                       description=text("cli-help.serve.description",
                                        apps=Join(app_titles().values()),
                                        install=APPS_EXTRA_HINT))
    p.add_argument("--port", type=whole_number("--port"), default=DEFAULT_PORT,
                   help=text("cli-help.serve.port", port=DEFAULT_PORT))
    p.add_argument("--host", default="127.0.0.1", help=text("cli-help.serve.host"))
    p.add_argument("--no-browser", action="store_true", help=text("cli-help.serve.no-browser"))
    p.add_argument("--cull-idle", type=whole_number("--cull-idle"), default=DEFAULT_CULL_IDLE,
                   metavar="SECONDS", help=text("cli-help.serve.cull-idle", default=DEFAULT_CULL_IDLE))
    p.add_argument("--cull-open-idle", type=whole_number("--cull-open-idle"),
                   default=DEFAULT_CULL_OPEN_IDLE, metavar="SECONDS",
                   help=text("cli-help.serve.cull-open-idle", default=DEFAULT_CULL_OPEN_IDLE,
                             max=MAX_CULL_OPEN_IDLE))
    p.add_argument("--max-kernels", type=whole_number("--max-kernels"), default=None, metavar="N",
                   help=text("cli-help.serve.max-kernels", here=default_max_kernels()))
    p.add_argument("--max-kernels-per-client", type=whole_number("--max-kernels-per-client"),
                   default=None, metavar="N", help=text("cli-help.serve.max-kernels-per-client"))
    p.add_argument("--connect-wait", type=whole_number("--connect-wait"),
                   default=DEFAULT_CONNECT_WAIT, metavar="SECONDS",
                   help=text("cli-help.serve.connect-wait", default=DEFAULT_CONNECT_WAIT,
                             min=MIN_CONNECT_WAIT, max=MAX_CONNECT_WAIT))
    p.add_argument("--pool-size", type=whole_number("--pool-size"), default=DEFAULT_POOL_SIZE,
                   metavar="N",
                   help=text("cli-help.serve.pool-size", default=DEFAULT_POOL_SIZE, max=MAX_POOL_SIZE))
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("share", help=text("cli-help.share.help"),
                       description=text("cli-help.share.description"))
    p.add_argument("file", nargs="?", help=text("cli-help.resolve.file"))
    p.add_argument("--url", metavar="BASE", help=text("cli-help.share.url"))
    p.add_argument("--decode", metavar="CODE", help=text("cli-help.share.decode"))
    p.add_argument("--text", action="store_true", help=text("cli-help.share.text"))
    p.set_defaults(func=cmd_share)

    p = sub.add_parser("notebook", help=text("cli-help.notebook.help"),
                       description=text("cli-help.notebook.description"))
    p.add_argument("file", help=text("cli-help.resolve.file"))
    p.add_argument("-o", "--output", metavar="OUT.ipynb", help=text("cli-help.notebook.output"))
    p.add_argument("--snapshot", action="store_true", help=text("cli-help.notebook.snapshot"))
    p.set_defaults(func=cmd_notebook)


# ------------------------------------------------------------------ serve
def listening_sockets(host: str, port: int) -> list[socket.socket]:
    """The server's listening sockets, bound here before Voila starts (``--port 0``: on a port
    the system gives). Voila serves on these very sockets (``voila_fixes.serve_on``), so no
    other process can take the port between a check and the bind, and the address printed is
    the one bound."""
    from tornado.netutil import bind_sockets

    try:
        return bind_sockets(port, host or None)
    except OSError as exc:
        why = exc.strerror or str(exc)
        if port and exc.errno in (errno.EADDRINUSE, errno.EACCES):
            raise UsageError(text("cli-serve.port-taken", host=host, port=port, error=why)) from None
        raise UsageError(text("cli-serve.bad-host", host=repr(host), error=why)) from None


def bound_port(sockets: list[socket.socket]) -> int:
    """The port ``sockets`` listen on (one port for all of them)."""
    return int(sockets[0].getsockname()[1])


#: Front-end extensions a served page never loads (they serve Python in the browser only).
UNUSED_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension",)


def voila_argv(folder: Path, host: str, port: int, cull_idle: int, browser: bool,
               pool_size: int = DEFAULT_POOL_SIZE, max_kernels: int | None = None,
               cull_open_idle: int = DEFAULT_CULL_OPEN_IDLE, per_client: int | None = None,
               connect_wait: int = DEFAULT_CONNECT_WAIT) -> list[str]:
    """The Voila command line `serve` runs (also used by the tests and the benchmark); the
    ``AppKernelManager`` options need ``voila_fixes.install()`` first."""
    max_kernels = default_max_kernels() if max_kernels is None else max_kernels
    per_client = default_per_client(max_kernels) if per_client is None else per_client
    argv = [str(folder), f"--port={port}", f"--Voila.ip={host}", "--Voila.port_retries=0",
            f"--Voila.config_file_paths={CONFIG_DIR}",       # no voila.py of the working folder
            f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",  # a loaded server's output comes late
            f"--Voila.open_browser={browser}", f"--template={TEMPLATE}",
            "--VoilaConfiguration.classic_tree=True",          # "/" is the static landing page
            "--VoilaConfiguration.allow_theme_override=NO",    # ?theme= and ?template= are
            "--VoilaConfiguration.allow_template_override=NO",  # ignored (issue 12)
            f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
            f"--MappingKernelManager.cull_interval={max(1, min(10, cull_idle // 5))}",
            "--MappingKernelManager.cull_connected=False",      # an open page keeps its kernel ...
            f"--AppKernelManager.cull_open_idle={cull_open_idle}",   # ... until idle this long
            f"--AppKernelManager.max_kernels={max_kernels}",
            f"--AppKernelManager.max_kernels_per_client={per_client}",
            f"--AppKernelManager.connect_wait={connect_wait}",
            # the template's script keeps a larger upload from the kernel (page_problems.html.j2)
            f"--VoilaConfiguration.resources=af_upload_limit={MAX_UPLOAD_BYTES}",
            # the page's own sentences and titles, from the catalog (page_app_watch, page_problems,
            # a11y, index)
            *(f"--VoilaConfiguration.resources={key}={said}"
              for key, said in {**page_texts(), **page_titles()}.items()),
            # the static site's build tools put this JupyterLab extension next to Voila's: a
            # served page has a kernel of its own and never needs its scripts
            *(f"--VoilaConfiguration.extension_denylist={name}" for name in UNUSED_EXTENSIONS),
            # kernels talk to the server over local sockets, not TCP ports: no port Jupyter
            # chose can be taken by another process before the kernel binds it (a preheated
            # kernel died of that under load), and no other user of the host can reach them
            "--KernelManager.transport=ipc",
            "--Voila.log_level=WARN"]
    if pool_size > 0:       # Voila never culls a kernel still waiting in its pool
        argv += ["--VoilaConfiguration.preheat_kernel=True",
                 f"--VoilaConfiguration.default_pool_size={pool_size}",
                 *(f"--VoilaKernelManager.preheat_denylist={name}" for name in NOT_PREHEATED)]
    return argv


def page_texts() -> dict[str, str]:
    """The sentences the page template writes itself, from the catalog in use, by the name of
    the template's resource (Voila inside a Jupyter server gives none: the template's English
    words stand in then)."""
    from ..core import messages

    return {"af_no_start": messages.text("serve.app-did-not-start"),
            "af_restarted": messages.text("serve.app-restarted"),
            "af_cut": messages.text("serve.page-cut"),
            "af_slow": messages.text("serve.page-slow"),
            "af_unreachable": messages.text("serve.page-unreachable"),
            "af_reload": messages.text("serve.reload"),
            "af_too_big": messages.text("serve.upload-too-big", name="{name}", size="{size}",
                                        limit="{limit}"),
            "af_hook_lesson_list": messages.text("serve.hook.lesson-list"),
            "af_hook_viewer": messages.text("serve.hook.viewer"),
            "af_hook_slider": messages.text("serve.hook.slider"),
            "af_hook_line": messages.text("serve.hook.line"),
            "af_hook_filter_ruling": messages.text("serve.hook.filter-ruling"),
            "af_hook_filter_card": messages.text("serve.hook.filter-card"),
            "af_hook_upload": messages.text("serve.hook.upload")}


def page_titles() -> dict[str, str]:
    """Each app page's main heading (``af_app_<name>``) and title (``af_title_<name>``) from
    the catalog in use, by the name of the template's resource (index.html.j2)."""
    from ..core import messages

    titles = app_titles()
    return {**{f"af_app_{name}": title for name, title in titles.items()},
            **{f"af_title_{name}": messages.text("serve.page-title", app=title)
               for name, title in titles.items()}}


def use_template_in_jupyter(config_dir: Path, data_dir: Path) -> Path:
    """Make Voila *inside a Jupyter server* (the Binder route, or JupyterLab's Voila preview)
    render the apps with the package's template, as ``aristofarsa serve`` does: its page title,
    ``main`` landmark, live region, named controls and focus rings (docs/apps.md,
    "Accessibility"). Links the template into ``data_dir``'s Voila templates (``jupyter
    --data-dir``) and names it in ``config_dir``'s ``voila.json`` (``jupyter --config-dir``),
    keeping any other setting there. Returns the link. ``binder/postBuild`` calls it."""
    templates = data_dir / "voila" / "templates"
    templates.mkdir(parents=True, exist_ok=True)
    link = templates / TEMPLATE
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(JUPYTER_DATA_DIR / "voila" / "templates" / TEMPLATE, target_is_directory=True)
    config_dir.mkdir(parents=True, exist_ok=True)
    config_file = config_dir / "voila.json"
    config = json.loads(config_file.read_text(encoding="utf-8")) if config_file.exists() else {}
    config.setdefault("VoilaConfiguration", {})["template"] = TEMPLATE
    config_file.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return link


def import_path_without(folder: Path, path: list[str]) -> list[str]:
    """``path`` (``sys.path``) without ``folder``: ``python -m aristofarsa serve`` puts the
    working folder first, and a ``voila.py`` (or ``tornado.py`` ...) there would be imported
    as code in place of the real module. The package itself is imported by then."""
    here = os.path.realpath(folder)
    return [p for p in path if os.path.realpath(p or os.curdir) != here]


def local_address(host: str) -> str:
    """How this machine reaches a server listening on ``host`` (an IPv6 address in brackets)."""
    address = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    return f"[{address}]" if ":" in address else address


def serving_env(env: dict[str, str] | None = None, host: str = "127.0.0.1") -> dict[str, str]:
    """Environment with the package's template first on JUPYTER_PATH, and the address a
    preheated kernel uses to ask the server for its visitor's request (``VOILA_APP_IP``)."""
    env = dict(os.environ if env is None else env)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(JUPYTER_DATA_DIR), env.get("JUPYTER_PATH")) if p)
    env["VOILA_APP_IP"] = local_address(host)
    return env


def _stacks_on_sigusr1() -> None:
    """`kill -USR1 <pid>` prints every thread's stack to the log, for a server that stops
    answering (none where stderr is not a file, as under pytest's capture)."""
    if hasattr(signal, "SIGUSR1"):
        try:
            faulthandler.register(signal.SIGUSR1, all_threads=True)
        except (OSError, ValueError, AttributeError):   # io.UnsupportedOperation is both
            pass


def cmd_serve(args: argparse.Namespace) -> int:
    missing = missing_apps_modules()
    if missing:
        raise UsageError(text("cli-serve.modules-missing", modules=Join(missing),
                              install=APPS_EXTRA_HINT))
    if not 1 <= args.cull_idle <= 110:
        raise UsageError(text("cli-serve.cull-idle", value=args.cull_idle))
    if not 0 <= args.pool_size <= MAX_POOL_SIZE:
        raise UsageError(text("cli-serve.pool-size", max=MAX_POOL_SIZE, value=args.pool_size))
    if not 0 <= args.port <= 65535:
        raise UsageError(text("cli-serve.port", value=args.port))
    if not args.cull_idle <= args.cull_open_idle <= MAX_CULL_OPEN_IDLE:
        raise UsageError(text("cli-serve.cull-open-idle", min=args.cull_idle, max=MAX_CULL_OPEN_IDLE,
                              value=args.cull_open_idle))
    if args.max_kernels is not None and not 1 <= args.max_kernels <= MAX_KERNELS_LIMIT:
        raise UsageError(text("cli-serve.max-kernels", max=MAX_KERNELS_LIMIT, value=args.max_kernels))
    cap = default_max_kernels() if args.max_kernels is None else args.max_kernels
    if args.max_kernels_per_client is not None and not 1 <= args.max_kernels_per_client <= cap:
        raise UsageError(text("cli-serve.per-client", max=cap, value=args.max_kernels_per_client))
    if not MIN_CONNECT_WAIT <= args.connect_wait <= MAX_CONNECT_WAIT:
        raise UsageError(text("cli-serve.connect-wait", min=MIN_CONNECT_WAIT, max=MAX_CONNECT_WAIT,
                              value=args.connect_wait))
    folder = notebooks_dir()
    host = args.host
    sockets = listening_sockets(host, args.port)
    port = bound_port(sockets)
    url = f"http://{local_address(host)}:{port}/"

    os.environ.update(serving_env(host=host))
    sys.path[:] = import_path_without(Path.cwd(), sys.path)
    from tornado.ioloop import IOLoop
    from voila.app import Voila

    from . import voila_fixes

    voila_fixes.install()
    app = Voila()
    voila_fixes.serve_on(app, sockets, {"af_texts": landing_texts})   # the landing page's words
    app.initialize(voila_argv(folder, host, port, args.cull_idle, not args.no_browser, args.pool_size,
                              args.max_kernels, args.cull_open_idle, args.max_kernels_per_client,
                              args.connect_wait))

    def ready() -> None:
        print(text("cli-serve.serving", url=url), flush=True)

    IOLoop.current().add_callback(ready)   # runs once Voila listens and its loop starts
    _stacks_on_sigusr1()
    try:
        app.start()
    except KeyboardInterrupt:
        pass
    finally:
        for s in sockets:
            s.close()
    return EXIT_OK


# ------------------------------------------------------------------ share
def cmd_share(args: argparse.Namespace) -> int:
    from .. import scenario
    from ..scenario import share

    if args.decode is not None:
        if args.file is not None or args.url is not None or args.text:
            raise UsageError(text("cli-share.decode-and-file"))
        try:
            decoded = share.decode(args.decode)
            share.load(args.decode)                  # the same validator as a file
        except (share.ShareCodeError, scenario.ScenarioError) as exc:
            raise UsageError(str(exc)) from None
        sys.stdout.write(decoded if decoded.endswith("\n") else decoded + "\n")
        return EXIT_OK
    if args.file is None:
        raise UsageError(text("cli-share.no-file"))
    if args.text and args.url is not None:
        raise UsageError(text("cli-share.text-and-url"))
    try:
        sc = scenario.load(args.file)                # refuse an invalid round with the validator's message
        if args.text:
            from ..scenario import line
            print(line.dumps(sc))
            return EXIT_OK
        code = share.encode(Path(args.file).read_bytes().decode("utf-8"))
    except (scenario.ScenarioError, share.ShareCodeError) as exc:
        raise UsageError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:     # the validator read it a moment ago
        raise UsageError(text("cli-share.cannot-read", path=args.file, error=exc)) from None
    if args.url is not None:
        base = args.url.rstrip("/")
        if not base.startswith(("http://", "https://")):
            raise UsageError(text("cli-share.url", url=repr(args.url)))
        print(f"{base}/voila/render/lab.ipynb?scenario={code}")
    else:
        print(code)
    return EXIT_OK


# ------------------------------------------------------------------ notebook
_LEDGER_CELL = (  # i18n: code (a code cell of the notebook)
'''\
out = result.to_json()
for g in out["garden"]:
    print(f"{g['player']}'s {g['card']}: final Prestige {g['prestige']}")
    for e in out["trace"]:
        if (e.get("target"), e.get("target_card")) == (g["player"], g["card"]) and e.get("after") is not None:
            print(f"  step {e['step']:>3}: {e['before']} -> {e['after']}  ({e['rule']})")''')


def _python_string(text: str) -> str:
    """A Python literal of ``text``, as a readable triple-quoted block when that is exact."""
    if "'''" not in text and "\\" not in text and not text.endswith("'"):
        return "'''\\\n" + text + "'''"
    return repr(text)


def _relative(path: str, folder: Path) -> str:
    """``path`` as the notebook in ``folder`` reaches it (relative when it can be)."""
    try:
        return Path(os.path.relpath(Path(path).resolve(), folder.resolve())).as_posix()
    except ValueError:                      # another drive (Windows): no relative path
        return Path(path).resolve().as_posix()


def lesson_notebook(path: str, snapshot: bool = False, folder: Path | None = None) -> dict:
    """A notebook (nbformat 4 JSON) for one scenario, its outputs computed here and stored.

    By default its first cell reads the scenario file (``path`` as seen from ``folder``, where
    the notebook is written) each time it runs: editing the file then fails ``pytest --nbval``
    until the notebook is written again. With ``snapshot`` the round's TOML is copied into the
    notebook and the notebook says plainly that it is a snapshot."""
    import contextlib
    import io

    from .. import scenario

    try:
        sc = scenario.load(path)
        written = Path(path).read_bytes().decode("utf-8")
    except scenario.ScenarioError as exc:
        raise UsageError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(text("cli-share.cannot-read", path=path, error=exc)) from None
    from ..render.markup import md_code, md_light, md_literal

    # everything from the file is escaped for Markdown: no HTML, link or image can come of a
    # title, a description or a file name (a notebook is often converted to HTML and shared)
    title = sc.title or Path(path).stem
    intro = f"# {md_literal(title)}\n\n{md_light(sc.description)}".rstrip()
    if sc.rulings:
        intro += "\n\n" + text("cli-notebook.rulings", rulings=Join(md_literal(r) for r in sc.rulings))
    name = Path(path).name
    where = _relative(path, folder if folder is not None else Path.cwd())
    if snapshot:
        intro += "\n\n" + text("cli-notebook.snapshot", name=md_code(name))
        load = ("from aristofarsa import scenario\n\n# a snapshot: the round as it was written, "
                "copied here\nSCENARIO = " + _python_string(written)
                + "\nresult = scenario.run(scenario.loads(SCENARIO))")  # i18n: code
    else:
        intro += "\n\n" + text("cli-notebook.reads", where=md_code(where),
                                 command=md_code("aristofarsa notebook " + name))  # i18n: code
        load = ("from aristofarsa import scenario\n\n# read when the notebook runs: edit the file, and "
                f"nbval shows what changed\nSCENARIO_FILE = {where!r}\n"
                "result = scenario.run(scenario.load(SCENARIO_FILE))")  # i18n: code
    # the code cells are Python source, their comments included (nbval compares their outputs)
    sources = [  # i18n: code
        load,
        "# The outcome\nprint(result.summary_text())",
        "# Step by step, each step with its ruling\nfor e in result.to_json()[\"trace\"]:\n"
        "    print(f\"{e['step']:>3}. [{e['phase']}] {e['text']} ({e['rule']})\")",
        "# Each Garden card's ledger: every change of its Prestige\n" + _LEDGER_CELL,
    ]
    namespace: dict[str, object] = {"__name__": "__main__"}
    cells: list[dict] = [{"cell_type": "markdown", "id": "about", "metadata": {}, "source": intro}]
    for n, source in enumerate(sources, 1):
        buffer = io.StringIO()
        run = source if n > 1 or snapshot else source.replace(f"SCENARIO_FILE = {where!r}",
                                                              f"SCENARIO_FILE = {str(path)!r}")
        with contextlib.redirect_stdout(buffer):
            exec(compile(run, f"<cell {n}>", "exec"), namespace)  # our own code, run as nbval will
        printed = buffer.getvalue()
        outputs = [{"name": "stdout", "output_type": "stream", "text": printed}] if printed else []
        cells.append({"cell_type": "code", "execution_count": n, "id": f"cell{n}", "metadata": {},
                      "outputs": outputs, "source": source})
    return {"cells": cells, "nbformat": 4, "nbformat_minor": 5,
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}, "language_info": {"name": "python"}}}


def cmd_notebook(args: argparse.Namespace) -> int:
    out = Path(args.output) if args.output else Path(Path(args.file).stem + ".ipynb")
    if out.suffix != ".ipynb":
        raise UsageError(text("cli-notebook.not-ipynb", output=repr(str(out))))
    nb = lesson_notebook(args.file, snapshot=args.snapshot, folder=out.parent)
    try:
        out.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise UsageError(text("cli-notebook.cannot-write", output=out, error=exc.strerror or exc)) from None
    print(text("cli-notebook.wrote-snapshot", output=out) if args.snapshot
          else text("cli-notebook.wrote-reads", output=out, file=args.file))
    return EXIT_OK
