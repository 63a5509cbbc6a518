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

  /* What Voila tells a kernel about its request, taken from the page's own address: the kernel runs
     in a worker that cannot see it. loadPyodide's `env` becomes os.environ before any cell runs. */
  function handAddressToPython() {
    const { element, data } = config();
    if (!element) return;
    const here = window.location;
    const settings = (data.litePluginSettings = data.litePluginSettings || {});
    const kernel = (settings[KERNEL_SETTINGS] = settings[KERNEL_SETTINGS] || {});
    const options = (kernel.loadPyodideOptions = kernel.loadPyodideOptions || {});
    const scheme = here.protocol.replace(":", "");
    options.env = Object.assign({ HOME: "/home/pyodide" }, options.env, {
      QUERY_STRING: here.search.replace(/^\?/, ""),
      SCRIPT_NAME: here.pathname,
      SERVER_NAME: here.hostname,
      SERVER_PORT: here.port || (scheme === "https" ? "443" : "80"),
      HTTP_X_FORWARDED_PROTO: scheme,
    });
    element.textContent = JSON.stringify(data);
  }

  /* Progress while Python starts: Voici calls update_loading_text(0, 0, text) once the kernel is
     connected and (k, n, null) before each cell; display_cells() removes the whole box. */
  const STEPS = [
    "Loading the page",
    "Starting Python and installing the game (about 15 MB on the first visit, then from the browser's cache)",
    "Building the app",
  ];
  let current = 0;
  const started = Date.now();
  function showProgress() {
    const title = document.getElementById("loading_text");
    if (!title) return;
    title.textContent = "Starting Python in your browser…";
    let list = document.querySelector("ol.af-start-steps");
    if (!list) {
      list = document.createElement("ol");
      list.className = "af-start-steps";
      list.setAttribute("aria-live", "polite");
      const time = document.createElement("div");
      time.className = "af-start-time";
      title.after(list, time);
      setInterval(function () {
        time.textContent = Math.round((Date.now() - started) / 1000) + " s";
      }, 1000);
    }
    list.replaceChildren(...STEPS.map(function (text, k) {
      const item = document.createElement("li");
      item.textContent = text;
      item.className = k < current ? "af-done" : k === current ? "af-now" : "";
      return item;
    }));
  }
  const marks = {};    // performance.now() when each step began: where a slow start spends its time
  window.update_loading_text = function (cellIndex, cellCount, text) {
    const box = document.getElementById("loading");
    if (box && box.style.display === "none") box.style.display = "flex";
    current = Math.max(current, cellIndex > 0 ? 2 : 1);
    if (!(STEPS[current] in marks)) marks[STEPS[current]] = Math.round(performance.now());
    showProgress();
  };

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
      if (placeholder.isConnected) placeholder.outerHTML = svg;
    }).catch(function (error) {
      placeholder.textContent = "The graph could not be drawn here: " + error.message;
    });
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
  });

  return { handAddressToPython: handAddressToPython, marks: marks };
})();
