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
   instead of starting and importing again; the snapshot's download begins before pyodide.js loads.
   Then the page's environment (its address) is set, `random` reseeded (the snapshot's state is the
   same for everyone) and the wheels installed as without it. Without the snapshot (a missing file,
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

  /* The snapshot, the wheels' zip and the package's own wheel, all downloaded at once; null when
     the site has no snapshot or the browser cannot decompress it. */
  function snapshotFiles(indexURL) {
    if (typeof DecompressionStream !== "function") return Promise.resolve(null);
    const own = fetch(indexURL + "pyodide-lock.json").then(function (r) { return r.json(); })
      .then(function (lock) { return bytesOf(indexURL + lock.packages[OWN].file_name, false); });
    return Promise.all([bytesOf(indexURL + SNAPSHOT, true), bytesOf(indexURL + SITE_ZIP, false), own])
      .catch(function () { return null; });
  }

  function restore(pyodide, files, env) {
    pyodide.FS.writeFile(SITE_ZIP_PATH, files[1]);
    const setUp = pyodide.runPython(
      "import importlib, io, json, os, random, site, sys, zipfile\n" +
      "def set_up(own, env):\n" +
      "    zipfile.ZipFile(io.BytesIO(own.to_py())).extractall(site.getsitepackages()[0])\n" +
      "    os.environ.update(json.loads(env))\n" +
      "    random.seed()\n" +
      "    sys.path[:] = list(dict.fromkeys(sys.path))\n" +
      "    importlib.invalidate_caches()\n" +
      "set_up");
    setUp(files[2], JSON.stringify(env));
    setUp.destroy();
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
    const started = files.then(function (found) {
      if (!found) return real(plain).then(function (pyodide) { return [pyodide, false]; });
      return real(Object.assign({}, plain, { _loadSnapshot: found[0] })).then(function (pyodide) {
        tell("packages");
        restore(pyodide, found, env);
        tell("restored");
        return [pyodide, true];
      }, function (error) {   // an error, not a warning: the site's tests fail on it
        console.error("aristofarsa: the Python snapshot could not be restored; starting Python", error);
        return real(plain).then(function (pyodide) { return [pyodide, false]; });
      });
    });
    return started.then(async function ([pyodide, restored]) {
      tell("packages");
      if (!restored && packages.length) await pyodide.loadPackage(packages);
      // The current folder ("" on sys.path, first) becomes the kernel's drive (/drive), where each
      // look-up is a round trip to the page: every import asked it first, about 100 per start. No
      // app imports from its page's folder: Python's import system does not look there.
      pyodide.runPython("import sys\nsys.path_importer_cache['/drive'] = None");
      tell("imports");
      return pyodide;
    });
  }
  self.loadPyodide = loadPyodide;
})();
