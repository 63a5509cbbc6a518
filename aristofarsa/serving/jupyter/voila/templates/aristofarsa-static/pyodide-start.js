/* The static site's start of Python, in the kernel's worker (aristofarsa site copies this file to
   static/pyodide/aristofarsa-start.js and names it the kernel's pyodideUrl). It loads the real
   pyodide.js beside it and tells the page which start-up step is under way, so that the page's
   progress follows what really happens: "runtime" (the WebAssembly runtime and Python's own start),
   "packages" (the wheels of the lock, installed at once), then "imports" (the kernel imports
   IPython and itself; the page sees the app's cell start after that). The page names the channel
   in the environment it hands to Python (AF_START_CHANNEL, static-site.js); without one, nothing is
   told. Python starts exactly as with pyodide.js: the same options, the same packages. */
(function () {
  "use strict";
  function loadPyodide(options) {
    importScripts(options.indexURL + "pyodide.js");   // defines self.loadPyodide: the real one
    const real = self.loadPyodide;
    self.loadPyodide = loadPyodide;
    const name = (options.env || {}).AF_START_CHANNEL;
    const channel = name && typeof BroadcastChannel === "function" ? new BroadcastChannel(name) : null;
    const tell = function (step) { if (channel) channel.postMessage(step); };
    const packages = options.packages || [];
    tell("runtime");
    return real(Object.assign({}, options, { packages: [] })).then(async function (pyodide) {
      tell("packages");
      if (packages.length) await pyodide.loadPackage(packages);
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
