// Compile the pure-Python wheels the site ships with the browser's own Python (npm pyodide, run by
// Node), so a page imports bytecode instead of compiling every module each time it opens.
// Called by `aristofarsa site` (aristofarsa/cli/site.py, compiled_wheels):
//   node site/compile-wheels.mjs PYODIDE_DIR MODULES STDLIB_OUT.zip IN.whl OUT.whl [IN.whl OUT.whl ...]
// MODULES: comma-separated modules a page imports when it opens (e.g. aristofarsa.widgets.lab).
// The wheels are installed, those modules imported, and each OUT.whl is IN.whl plus
// __pycache__/*.cpython-3XX.pyc beside every module of it that was imported, listed in RECORD
// (a module no page opens with, such as most of pygments' lexers, stays source only: the
// download grows by what the start needs). STDLIB_OUT.zip is the runtime's python_stdlib.zip
// (source only) plus NAME.pyc beside every NAME.py of it that was imported, where Python's
// zipimport looks for it. The .pyc files are "unchecked-hash" ones (PEP 552): valid whatever
// the unpacked files' times, which the browser sets when it installs a wheel.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, modules, stdlibOut, ...pairs] = process.argv.slice(2);
if (!pyodideDir || !modules || !stdlibOut || pairs.length === 0 || pairs.length % 2 !== 0) {
  console.error("usage: node compile-wheels.mjs PYODIDE_DIR MODULES STDLIB_OUT.zip IN.whl OUT.whl [IN.whl OUT.whl ...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep });
const [install, importAll, compile, compileStdlib] = py.runPython(`
import importlib, importlib._bootstrap_external as external, importlib.util, io, site, sys, warnings, zipfile
from importlib.util import cache_from_source
from pathlib import Path

SITE = Path(site.getsitepackages()[0])

def install(data):
    zipfile.ZipFile(io.BytesIO(data.to_py())).extractall(SITE)

IMPORTED = set()     # the files (relative to site-packages) that import_all loaded
STDLIB = Path(sys.prefix) / "lib" / f"python{sys.version_info[0]}{sys.version_info[1]}.zip"
STDLIB_IMPORTED = set()   # the same for the standard library's zip (relative to it)

def import_all(names):
    """Import the modules a page opens with; remember the files they loaded in IMPORTED.
    Returns how many, then what did not import here."""
    failed = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name in names.split(","):
            try:
                importlib.import_module(name)
            except Exception as exc:       # e.g. a kernel module that needs a browser
                failed.append(f"{name} did not import here ({type(exc).__name__}: {exc})")
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if path and Path(path).is_relative_to(SITE):
            IMPORTED.add(Path(path).relative_to(SITE).as_posix())
        elif path and Path(path).is_relative_to(STDLIB):
            STDLIB_IMPORTED.add(Path(path).relative_to(STDLIB).as_posix())
    return [f"{len(IMPORTED)} modules imported, {len(STDLIB_IMPORTED)} of the standard library", *failed]

def pyc(body, filename):
    """An unchecked-hash .pyc of the source body."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = compile(body, filename, "exec", dont_inherit=True)
    return bytes(external._code_to_hash_pyc(code, importlib.util.source_hash(body), checked=False))

def compile_stdlib():
    """The standard library's zip with NAME.pyc beside each imported NAME.py (zipimport's place)."""
    source = zipfile.ZipFile(STDLIB)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            body = source.read(info)
            target.writestr(info, body)
            if info.filename in STDLIB_IMPORTED:
                entry = zipfile.ZipInfo(info.filename + "c", date_time=(1980, 1, 1, 0, 0, 0))
                entry.compress_type = zipfile.ZIP_DEFLATED
                target.writestr(entry, pyc(body, str(STDLIB / info.filename)))
    return out.getvalue(), len(STDLIB_IMPORTED)

def compile_wheel(data):
    """The wheel's bytes with an unchecked-hash .pyc beside each of its modules that was imported."""
    source = zipfile.ZipFile(io.BytesIO(data.to_py()))
    out = io.BytesIO()
    added = []
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        record = None
        for info in source.infolist():
            body = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, body)
                continue
            target.writestr(info, body)
            if info.filename not in IMPORTED:
                continue
            pyc_name = cache_from_source(info.filename)
            entry = zipfile.ZipInfo(pyc_name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(entry, pyc(body, info.filename))
            added.append(pyc_name)
        if record is None:
            raise ValueError("the wheel has no RECORD")
        info, body = record
        lines = body.decode().rstrip("\\n").split("\\n") + [f"{pyc},," for pyc in added]
        target.writestr(info, "\\n".join(lines) + "\\n")
    return out.getvalue(), len(added)

install, import_all, compile_wheel, compile_stdlib
`).toJs();
const wheels = [];                 // [bytes, OUT path, name] of each IN wheel, read once
for (let i = 0; i < pairs.length; i += 2) {
  wheels.push([new Uint8Array(fs.readFileSync(pairs[i])), pairs[i + 1], path.basename(pairs[i])]);
}
for (const [data] of wheels) { install(data); }
const [count, ...failed] = importAll(modules).toJs();
console.log(count);
for (const line of failed) { console.error(line); }
if (failed.some((line) => line.startsWith("aristofarsa"))) {
  process.exit(1);                 // an app that does not import would open with nothing compiled
}
{
  const [zip, count] = compileStdlib().toJs();
  fs.writeFileSync(stdlibOut, zip);
  console.log(`python_stdlib.zip: ${count} modules compiled`);
}
for (const [data, target, name] of wheels) {
  const [compiled, count] = compile(data).toJs();
  fs.writeFileSync(target, compiled);
  console.log(`${name}: ${count} modules compiled`);
}
