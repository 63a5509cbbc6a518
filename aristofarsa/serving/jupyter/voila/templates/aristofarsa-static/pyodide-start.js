/* The static site's start of Python, in the kernel's worker (aristofarsa site copies this file to
   static/pyodide/aristofarsa-start.js and names it the kernel's pyodideUrl). It loads the real
   pyodide.js beside it and tells the page which start-up step is under way, so that the page's
   progress follows what really happens: "runtime" (the WebAssembly runtime and Python's own start),
   "packages" (the wheels of the lock, installed at once), then "imports" (the kernel imports
   IPython and itself; the page sees the app's cell start after that). The page names the channel
   in the environment it hands to Python (AF_START_CHANNEL, static-site.js); without one, nothing is
   told.
   Python is restored from the site's memory snapshot (SNAPSHOT, made at build time by
   site/snapshot.mjs: Python started, with IPython, the widgets and the package's engine imported)
   instead of starting and importing again; the snapshot's download begins before pyodide.js loads,
   and the runtime loads while it downloads.
   Then the page's environment (its address) is set, `random` reseeded (the snapshot's state is the
   same for everyone) and Pyodide told that the lock's packages are installed (the snapshot's zip
   holds them). Without the snapshot (a missing file,
   a browser that cannot restore it), Python starts exactly as with pyodide.js. A restored start
   tells the page "restored" (window.aristofarsaSite.restored). */
(function () {
  "use strict";
  const SNAPSHOT = "python-snapshot.gz";
  const SITE_ZIP = "python-site-packages.zip";      // the wheels' files, but the package's own
  const SITE_ZIP_PATH = "/lib/python3.13/site-packages.zip";  // where the snapshot looks for it
  const OWN = "aristofarsa";                           // its wheel is unpacked (data files beside code)

  async function bytesOf(url, gzipped) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(url + ": " + response.status);
    const body = gzipped ? response.body.pipeThrough(new DecompressionStream("gzip")) : response.body;
    return new Uint8Array(await new Response(body).arrayBuffer());
  }

  /* The snapshot, the wheels' zip, the package's own wheel and the lock, all downloaded at once;
     null when the site has no snapshot or the browser cannot decompress it. */
  function snapshotFiles(indexURL) {
    if (typeof DecompressionStream !== "function") return Promise.resolve(null);
    const lock = fetch(indexURL + "pyodide-lock.json").then(function (r) { return r.json(); });
    const own = lock.then(function (found) { return bytesOf(indexURL + found.packages[OWN].file_name, false); });
    return Promise.all([bytesOf(indexURL + SNAPSHOT, true), bytesOf(indexURL + SITE_ZIP, false), own, lock])
      .catch(function () { return null; });
  }

  function restore(pyodide, files, env) {
    pyodide.FS.writeFile(SITE_ZIP_PATH, files[1]);
    const scope = pyodide.globals.get("dict")();      // not the notebook's namespace
    const setUp = pyodide.runPython(
      "import importlib, io, json, os, random, site, sys, zipfile\n" +
      "def set_up(own, env):\n" +
      "    zipfile.ZipFile(io.BytesIO(own.to_py())).extractall(site.getsitepackages()[0])\n" +
      "    os.environ.update(json.loads(env))\n" +
      "    random.seed()\n" +
      "    sys.path[:] = list(dict.fromkeys(sys.path))\n" +
      "    importlib.invalidate_caches()\n" +
      "set_up", { globals: scope });
    setUp(files[2], JSON.stringify(env));
    setUp.destroy();
    scope.destroy();
    /* Every package of the lock is in the snapshot's zip (the package's own one just unpacked):
       Pyodide is told they are installed. Else the kernel, which asks Pyodide to install what a
       cell imports before it runs it (loadPackagesFromImports), would download and unpack the
       package's wheel and every one it depends on again, IPython and the widgets too, while the
       app's cell waits. */
    for (const name in files[3].packages) {
      pyodide.loadedPackages[files[3].packages[name].name] = "default channel";
    }
  }

  /* The kernel imports piplite.piplite on every start (its %pip: micropip, unittest.mock, difflib;
     about half a second), which no app uses and a snapshot cannot hold (they keep JavaScript
     objects). Stand-ins take their place in sys.modules: the kernel sets its two settings on them,
     and the first use of any other name (%pip, `import piplite.cli`) imports the real modules,
     with those settings. __file__ is None, so that a look through sys.modules (inspect, tracebacks)
     does not count as a use. */
  const STAND_INS = [
    "import sys, types",
    "NAMES = ('piplite', 'piplite.piplite')",
    "class Later(types.ModuleType):",
    "    def __getattr__(self, name):",
    "        real = sys.modules.get(self.__name__)",
    "        if real is None or isinstance(real, Later):",
    "            settings = dict(vars(sys.modules['piplite.piplite']))",
    "            for each in NAMES:",
    "                sys.modules.pop(each, None)",
    "            import piplite.piplite",
    "            for key, value in settings.items():",
    "                if not key.startswith('__'):",
    "                    setattr(piplite.piplite, key, value)",
    "            real = sys.modules[self.__name__]",
    "        return getattr(real, name)",
    "if 'piplite' not in sys.modules:",
    "    package, module = (Later(name) for name in NAMES)",
    "    package.__file__ = module.__file__ = None",
    "    package.piplite = module",
    "    sys.modules.update(zip(NAMES, (package, module)))",
    // The widgets came imported with the snapshot, before there was a kernel, so they did not
    // register their comm targets (ipywidgets does that when it is imported in a kernel): without
    // them the page's widget manager cannot ask the kernel for its widgets ("Failed to fetch
    // ipywidgets through the jupyter.widget.control comm channel").
    "if 'ipywidgets' in sys.modules:",
    "    sys.modules['ipywidgets'].register_comm_target()",
  ].join("\n");

  function standIns(pyodide) {
    const scope = pyodide.globals.get("dict")();
    pyodide.runPython(STAND_INS, { globals: scope });
    scope.destroy();
  }

  function loadPyodide(options) {
    const files = snapshotFiles(options.indexURL);
    importScripts(options.indexURL + "pyodide.js");   // defines self.loadPyodide: the real one
    const real = self.loadPyodide;
    self.loadPyodide = loadPyodide;
    const env = options.env || {};
    const name = env.AF_START_CHANNEL;
    const channel = name && typeof BroadcastChannel === "function" ? new BroadcastChannel(name) : null;
    const tell = function (step) { if (channel) channel.postMessage(step); };
    const packages = options.packages || [];
    const plain = Object.assign({}, options, { packages: [] });
    tell("runtime");
    /* The runtime starts loading (pyodide.asm.js, the WebAssembly's download) while the snapshot
       downloads: Pyodide waits for the snapshot only when it is about to instantiate. */
    const NONE = new Error("no Python snapshot on this site or in this browser");
    const snapshot = files.then(function (found) { if (!found) throw NONE; return found[0]; });
    snapshot.catch(function () {});     // handled below, where the start waits for it
    const started = real(Object.assign({}, plain, { _loadSnapshot: snapshot })).then(function (pyodide) {
      return files.then(function (found) {
        tell("packages");
        restore(pyodide, found, env);
        tell("restored");
        return [pyodide, true];
      });
    }, function (error) {
      if (error !== NONE) {   // an error, not a warning: the site's tests fail on it
        console.error("aristofarsa: the Python snapshot could not be restored; starting Python", error);
      }
      return real(plain).then(function (pyodide) { return [pyodide, false]; });
    });
    return started.then(async function ([pyodide, restored]) {
      tell("packages");
      if (!restored && packages.length) await pyodide.loadPackage(packages);
      // The current folder ("" on sys.path, first) becomes the kernel's drive (/drive), where each
      // look-up is a round trip to the page: every import asked it first, about 100 per start. No
      // app imports from its page's folder: Python's import system does not look there.
      pyodide.runPython("import sys\nsys.path_importer_cache['/drive'] = None");
      standIns(pyodide);
      tell("imports");
      return pyodide;
    });
  }
  self.loadPyodide = loadPyodide;
})();
