// A memory snapshot of the browser's Python with what every page imports before its app (Pyodide's
// own start, IPython, the widgets, the package's engine and controllers), made with the pinned
// Pyodide under Node, so that a page restores it instead of starting Python and importing them.
// Called by `aristofarsa site` (aristofarsa/cli/site.py, python_snapshot):
//   node site/snapshot.mjs RUNTIME_DIR MODULES OUT.gz SITE.zip WHEEL [WHEEL ...]
// RUNTIME_DIR: the site's runtime (pyodide.asm.js, .wasm and the compiled python_stdlib.zip: the
// snapshot's import system remembers that zip's entries, so it must be the one the site ships).
// MODULES: comma-separated modules the pages open with (the apps' widget modules); MODULE:APP
// also builds the app (a class with from_query) once with no query and closes its widgets.
//
// What goes in: every module those imports load, the package's widget modules too (none makes a
// widget when imported: a widget must be made by the page's kernel to reach the page), but what a
// snapshot cannot hold (a module keeping a JavaScript object: micropip, piplite, the kernel).
// A first Python imports MODULES to learn their module list; a second imports that list, builds
// each APP once (what an app reads and draws the first time is then in its caches, as in a
// preheated kernel of aristofarsa serve) and is snapshotted. No widget may exist then: the build
// fails if one does.
// The zip of the wheels has each module's bytecode (compile-wheels.mjs, in the wheels'
// __pycache__) beside its source as MOD.pyc, where zipimport looks for it.
//
// The same sources give the same bytes: random bytes and clocks are fixed while it runs
// (PYTHONHASHSEED=0, a seeded generator for the random device); a page reseeds `random` and sets its
// own environment after restoring (aristofarsa-start.js). Written gzip-compressed (the page
// decompresses it as it downloads).
import fs from "node:fs";
import nodeCrypto from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

const [runtimeDir, modules, out, zipOut, ...wheels] = process.argv.slice(2);
if (!runtimeDir || !modules || !out || !zipOut || wheels.length === 0) {
  console.error("usage: node snapshot.mjs RUNTIME_DIR MODULES OUT.gz SITE.zip WHEEL [WHEEL ...]");
  process.exit(2);
}
// Fixed randomness and time: the snapshot holds random state (the random module's, uuids) and times.
let state = 20260101;
function fill(buffer) {
  const bytes = new Uint8Array(buffer.buffer || buffer, buffer.byteOffset || 0, buffer.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return buffer;
}
globalThis.crypto.getRandomValues = fill;
nodeCrypto.randomFillSync = fill;
let clock = 0;
Date.now = () => 315532800000 + clock++;
performance.now = () => clock++;
process.argv[1] = "python";           // Python's environment names the program (no path of this machine)

const { loadPyodide } = await import(pathToFileURL(path.join(runtimeDir, "pyodide.mjs")).href);
// Every wheel but the package's own goes into one zip on sys.path (SITE_ZIP, written by the page as
// one file, where Python's zipimport reads it); the package's own wheel is unpacked, as its code
// reads its data files beside its modules.
const SITE_ZIP = "/lib/python3.13/site-packages.zip";
const OWN = (name) => name.startsWith("aristofarsa-");
const SETUP = `
import _imp, io, marshal, re, site, sys, zipfile
PYC = re.compile(r"(.*/)?__pycache__/([^/.]+)[.]cpython-[0-9]+[.]pyc")
def zip_name(name, body):
    """Where zipimport looks for a wheel's file, and its bytes: a module's bytecode
    (PKG/__pycache__/MOD.cpython-3XX.pyc, site/compile-wheels.mjs) goes beside its source as
    PKG/MOD.pyc (zipimport does not look in __pycache__), its code naming the file in the zip."""
    found = PYC.fullmatch(name)
    if not found:
        return name, body
    name = (found.group(1) or "") + found.group(2) + ".pyc"
    code = marshal.loads(body[16:])
    _imp._fix_co_filename(code, ${JSON.stringify(SITE_ZIP)} + "/" + name[:-1])
    return name, body[:16] + marshal.dumps(code)
def merge(wheels):
    """One zip of the wheels' files, in a fixed order, with fixed times."""
    out = io.BytesIO()
    seen = set()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for data in wheels:
            source = zipfile.ZipFile(io.BytesIO(data.to_py()))
            for info in source.infolist():
                name, body = zip_name(info.filename, source.read(info))
                if name in seen or info.is_dir():
                    continue
                seen.add(name)
                parts = name.split("/")[:-1]
                for depth in range(1, len(parts) + 1):    # zipimport finds a namespace package
                    folder = "/".join(parts[:depth]) + "/"  # (no __init__.py) by its folder's entry
                    if folder not in seen:
                        seen.add(folder)
                        target.writestr(zipfile.ZipInfo(folder, date_time=(1980, 1, 1, 0, 0, 0)), b"")
                entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = info.external_attr
                target.writestr(entry, body)
    return out.getvalue()
def unpack(data):
    zipfile.ZipFile(io.BytesIO(data.to_py())).extractall(site.getsitepackages()[0])
def add_zip():
    sys.path.append(${JSON.stringify(SITE_ZIP)})
merge, unpack, add_zip`;
const sorted = [...wheels].sort((a, b) => (path.basename(a) < path.basename(b) ? -1 : 1));
const own = sorted.filter((w) => OWN(path.basename(w))).map((w) => new Uint8Array(fs.readFileSync(w)));
const others = sorted.filter((w) => !OWN(path.basename(w))).map((w) => new Uint8Array(fs.readFileSync(w)));
let zipBytes = null;

async function python(snapshot) {
  const py = await loadPyodide({ indexURL: runtimeDir + path.sep, env: { PYTHONHASHSEED: "0" },
                                 _makeSnapshot: snapshot });
  const [merge, unpack, addZip] = py.runPython(SETUP).toJs();
  if (zipBytes === null) {
    const merged = merge(others);
    zipBytes = merged.toJs();
    merged.destroy();
  }
  py.FS.writeFile(SITE_ZIP, zipBytes);
  for (const data of own) unpack(data);
  addZip();
  for (const f of [merge, unpack, addZip]) f.destroy();
  return py;
}

const first = await python(false);
const names = first.runPython(`
import importlib, sys, warnings
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    before = set(sys.modules)
    for name in ${JSON.stringify(modules)}.split(","):
        importlib.import_module(name.partition(":")[0])
KEPT_OUT = ("micropip", "piplite", "pyodide_kernel", "ipykernel", "pyodide.http",
            "pyodide_js", "js", "__main__")
",".join(sorted(n for n in set(sys.modules) - before
                if not any(n == k or n.startswith(k + ".") for k in KEPT_OUT)))
`);
const py = await python(true);
const report = py.runPython(`
import importlib, os, sys, warnings
failed = []
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for name in ${JSON.stringify(names)}.split(","):
        try:
            importlib.import_module(name)
        except Exception as exc:     # a module that needs a browser: the page imports it itself
            failed.append(name)
from ipywidgets import Widget
from ipywidgets.widgets.widget import _instances
if _instances:
    raise SystemExit(f"importing them made {len(_instances)} widget(s): a snapshot cannot hold a widget")
def warm_up(module, app):
    """Build the app once with no query and close every widget it made (as a preheated kernel of
    aristofarsa serve does): what it reads and draws the first time (lessons, rules, graphs) is then
    in the snapshot, in its caches."""
    made = []
    previous = Widget._widget_construction_callback
    Widget.on_widget_constructed(made.append)
    try:
        getattr(importlib.import_module(module), app).from_query("")
    finally:
        Widget.on_widget_constructed(previous)
        for widget in made:
            widget.close()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for name in ${JSON.stringify(modules)}.split(","):
        module, _, app = name.partition(":")
        if app:
            warm_up(module, app)
if _instances:
    raise SystemExit(f"the apps' warm-up left {len(_instances)} widget(s) open: a snapshot cannot hold a widget")
del warm_up, Widget, _instances, module, app, name
for name in ("_", "PYTHONHASHSEED"):
    os.environ.pop(name, None)
f"{len(sys.modules)} modules in the snapshot" + (f"; not imported here: {', '.join(failed)}" if failed else "")
`);
console.log(report);
const snapshot = py.makeMemorySnapshot();
fs.writeFileSync(out, zlib.gzipSync(snapshot, { level: 6 }));
fs.writeFileSync(zipOut, zipBytes);
console.log(`${path.basename(out)}: ${(snapshot.length / 1e6).toFixed(1)} MB of memory; ` +
            `${path.basename(zipOut)}: ${(zipBytes.length / 1e6).toFixed(1)} MB`);
