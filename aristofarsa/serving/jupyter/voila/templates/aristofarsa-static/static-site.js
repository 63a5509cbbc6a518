/* The static site's page script (template aristofarsa-static). Plain browser JavaScript, no build
   step; window.aristofarsaSite holds what the template's later scripts call. */
window.aristofarsaSite = (function () {
  "use strict";
  const KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel";
  /* Each app's section in docs/apps.md (MkDocs' anchors of its headings). */
  const DOCS = {
    learn: "learn-the-rules-learnipynb", lab: "scenario-lab", play: "play-a-game-playipynb",
    dispute: "dispute-resolver-disputeipynb", graphs: "effect-graphs-graphsipynb",
    exiled: "the-exiled-expansion-exiledipynb",
  };
  const app = (window.location.pathname.match(/([\w-]+)\.html$/) || [])[1] || "";

  function config() {
    const element = document.getElementById("jupyter-config-data");
    return { element: element, data: JSON.parse(element ? element.textContent : "{}") };
  }

  /* The start-up steps (progress below): the worker's start script (pyodide-start.js, loaded as
     the kernel's pyodide.js) says on this channel when the runtime, the packages and the imports
     begin; Voici says when the app's cell runs. */
  const channelName = "aristofarsa-start-" + Math.random().toString(36).slice(2);
  const START_SCRIPT = "aristofarsa-start.js";     // beside pyodide.js (aristofarsa site copies it)

  /* What Voila tells a kernel about its request, taken from the page's own address: the kernel runs
     in a worker that cannot see it. loadPyodide's `env` becomes os.environ before any cell runs. */
  function handAddressToPython() {
    const { element, data } = config();
    if (!element) return;
    const here = window.location;
    const settings = (data.litePluginSettings = data.litePluginSettings || {});
    const kernel = (settings[KERNEL_SETTINGS] = settings[KERNEL_SETTINGS] || {});
    const options = (kernel.loadPyodideOptions = kernel.loadPyodideOptions || {});
    if (START_SCRIPT && kernel.pyodideUrl) kernel.pyodideUrl = kernel.pyodideUrl.replace(/pyodide\.js$/, START_SCRIPT);
    const scheme = here.protocol.replace(":", "");
    options.env = Object.assign({ HOME: "/home/pyodide" }, options.env, {
      QUERY_STRING: here.search.replace(/^\?/, ""),
      SCRIPT_NAME: here.pathname,
      SERVER_NAME: here.hostname,
      SERVER_PORT: here.port || (scheme === "https" ? "443" : "80"),
      HTTP_X_FORWARDED_PROTO: scheme,
      AF_START_CHANNEL: channelName,
    });
    element.textContent = JSON.stringify(data);
  }

  /* Progress while Python starts. Each step with its share of a start's wait (measured on the
     static site: benchmarks/bench_site_start.py and window.aristofarsaSite.marks); the bar moves
     within the current step's share as time passes, never past it before the step ends. */
  const STEPS = [
    { key: "page", share: 0.38, text: "Loading the page" },
    { key: "runtime", share: 0.21, text: "Starting Python (its runtime and a snapshot of it with IPython and the game: about 33 MB on the first visit, then from the browser's cache)" },
    { key: "packages", share: 0.13, text: "Installing the game and its packages" },
    { key: "imports", share: 0.08, text: "Starting the notebook kernel" },
    { key: "app", share: 0.20, text: "Building the app" },
  ];
  const EXPECTED_S = 4;        // a typical start, in seconds: how fast the bar moves inside a step
  let current = 0;
  const marks = {};    // performance.now() when each step began: where a slow start spends its time
  const site = { handAddressToPython: handAddressToPython, marks: marks, restored: false };
  marks[STEPS[0].text] = 0;
  let stepStarted = 0;
  function goTo(key) {
    const k = STEPS.findIndex(function (step) { return step.key === key; });
    if (k <= current) return;
    current = k;
    stepStarted = performance.now();
    marks[STEPS[k].text] = Math.round(stepStarted);
    showProgress();
  }
  if (typeof BroadcastChannel === "function") {
    new BroadcastChannel(channelName).onmessage = function (event) {
      if (event.data === "restored") site.restored = true;   // Python came from the site's snapshot
      else goTo(event.data);
    };
  }
  function fraction() {
    let done = 0;
    for (let k = 0; k < current; k++) done += STEPS[k].share;
    const share = STEPS[current].share;
    const inStep = (performance.now() - stepStarted) / 1000 / (share * EXPECTED_S);
    return done + share * 0.95 * (1 - Math.exp(-inStep));
  }
  function showProgress() {
    const title = document.getElementById("loading_text");
    if (!title) return;
    title.textContent = "Starting Python in your browser…";
    let list = document.querySelector("ol.af-start-steps");
    if (!list) {
      const bar = document.createElement("progress");
      bar.className = "af-start-bar";
      bar.max = 100;
      bar.setAttribute("aria-label", "Starting Python");
      list = document.createElement("ol");
      list.className = "af-start-steps";
      list.setAttribute("aria-live", "polite");
      const time = document.createElement("div");
      time.className = "af-start-time";
      title.after(bar, list, time);
      const tick = function () {      // seconds since the page was asked for (not since this script)
        time.textContent = Math.floor(performance.now() / 1000) + " s";
        bar.value = Math.round(100 * fraction());
      };
      tick();
      setInterval(tick, 250);
    }
    list.replaceChildren(...STEPS.map(function (step, k) {
      const item = document.createElement("li");
      item.textContent = step.text;
      const share = document.createElement("span");
      share.className = "af-start-share";
      share.textContent = " · about " + Math.round(step.share * 100) + " % of the wait";
      item.appendChild(share);
      item.className = k < current ? "af-done" : k === current ? "af-now" : "";
      if (k === current) item.setAttribute("aria-current", "step");
      return item;
    }));
  }
  window.update_loading_text = function (cellIndex, cellCount, text) {
    const box = document.getElementById("loading");
    if (box && box.style.display === "none") box.style.display = "flex";
    if (cellIndex > 0) goTo("app");
    showProgress();
  };

  /* JupyterLite's service worker (the kernel's drive) is unregistered and registered again on a
     visit that finds no version recorded for it, and JupyterLite records the version only on such a
     visit, never on the first one: every second visit of a browser did that (2-3 s before Python
     could start). Once this page's service worker is active, its version is recorded as
     JupyterLite records it (the same key and value), so a later visit keeps it; a new version of
     the site (another appVersion) still replaces it. */
  const RECORD_SERVICE_WORKER = true;     // (benchmarks/bench_site_start.py's bare page: false)
  function recordServiceWorkerVersion() {
    const version = config().data.appVersion;
    if (!RECORD_SERVICE_WORKER || !version || !navigator.serviceWorker) return;
    navigator.serviceWorker.ready.then(function (registration) {
      const key = registration.active && registration.active.scriptURL + "-version";
      if (key && !localStorage.getItem(key)) localStorage.setItem(key, version);
    }).catch(function () {});     // no storage (a private window): JupyterLite's own way then
  }

  /* Effect graphs: render/svg.py gives a placeholder <div class="af-dot" data-dot="..."> under
     Pyodide; it is replaced by the inline <svg> that Viz.js draws from that DOT. */
  let viz = null;
  function loadViz() {
    if (!viz) {
      const url = new URL((config().data.baseUrl || "../../") + "static/viz/viz-global.js",
                          window.location.href).href;
      viz = new Promise(function (resolve, reject) {
        const script = document.createElement("script");
        script.src = url;
        script.onload = function () { window.Viz.instance().then(resolve, reject); };
        script.onerror = function () { reject(new Error("could not load " + url)); };
        document.head.appendChild(script);
      });
    }
    return viz;
  }
  function draw(placeholder) {
    placeholder.classList.remove("af-dot");
    loadViz().then(function (graphviz) {
      let svg = graphviz.renderString(placeholder.dataset.dot, { format: "svg" });
      svg = svg.slice(svg.indexOf("<svg"));
      if (placeholder.dataset.fit === "1") {
        svg = svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ');
      }
      const label = placeholder.getAttribute("aria-label");   // the graph's text alternative
      if (label) {
        const quoted = label.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
        svg = svg.replace("<svg ", '<svg role="img" aria-label="' + quoted + '" ');
      }
      if (!placeholder.isConnected) return;
      const holder = document.createElement("div");
      holder.innerHTML = svg;
      const drawn = holder.firstElementChild;
      placeholder.replaceWith(drawn);
      fitOnceShown(drawn);
    }).catch(function (error) {
      placeholder.textContent = "The graph could not be drawn here: " + error.message;
    });
  }

  /* Viz.js lays text out with its own estimate of the font's widths; the browser's font may
     be wider, and a long line (a graph's caption) would be cut at the picture's edge. Once the
     picture is shown (a hidden one has no size yet), its viewBox grows to hold all it draws. */
  function fitOnceShown(svg) {
    const watch = new ResizeObserver(function () {
      const box = svg.getBBox();
      if (!box.width) return;
      watch.disconnect();
      const v = svg.viewBox.baseVal;
      const x0 = Math.min(v.x, box.x), y0 = Math.min(v.y, box.y);
      const x1 = Math.max(v.x + v.width, box.x + box.width), y1 = Math.max(v.y + v.height, box.y + box.height);
      if (x0 >= v.x && y0 >= v.y && x1 <= v.x + v.width && y1 <= v.y + v.height) return;
      const w = parseFloat(svg.getAttribute("width")), h = parseFloat(svg.getAttribute("height"));
      if (w && v.width) svg.setAttribute("width", (w * (x1 - x0) / v.width).toFixed(2) + "pt");
      if (h && v.height) svg.setAttribute("height", (h * (y1 - y0) / v.height).toFixed(2) + "pt");
      svg.setAttribute("viewBox", [x0, y0, x1 - x0, y1 - y0].map(function (n) { return n.toFixed(2); }).join(" "));
    });
    watch.observe(svg);
  }

  /* The apps link each other as the server names them (lab.ipynb?lesson=...); here the page
     next to this one is lab.html. */
  function relink(anchor) {
    const href = anchor.getAttribute("href");
    const html = href.replace(/^([\w-]+)\.ipynb(?=$|[?#])/, "$1.html");
    if (html !== href) anchor.setAttribute("href", html);
  }

  function onNewNodes(records) {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches(".af-dot")) draw(node);
        node.querySelectorAll(".af-dot").forEach(draw);
        if (node.matches("a[href]")) relink(node);
        node.querySelectorAll("a[href]").forEach(relink);
      }
    }
  }
  new MutationObserver(onNewNodes).observe(document.documentElement, { childList: true, subtree: true });

  document.addEventListener("DOMContentLoaded", function () {
    const docs = document.querySelector(".af-site-docs");
    if (docs && DOCS[app]) docs.href = docs.getAttribute("href") + "#" + DOCS[app];
    showProgress();
    try { recordServiceWorkerVersion(); } catch (error) { /* localStorage refused */ }
  });

  return site;
})();
