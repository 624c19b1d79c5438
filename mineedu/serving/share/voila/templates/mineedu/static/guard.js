// The page guard of mineedu's class server: a lesson page never shows an empty or dead board in silence.
//
// It watches, without touching Voilà's own code:
//  * the render: the page's last marker (#mineedu-render-end) must arrive, no cell may end in an
//    error, and every widget the notebook displayed must appear within `widgetWait` seconds; a page
//    whose notebook the server gave up on (a cell's outputs did not come in time: a busy server) is
//    reloaded once by itself, as a student would (a new kernel runs it);
//  * the kernel: its websocket reporting "restarting" or "dead", the socket closing, and (every
//    20 s, and whenever the tab comes back into view) the server still knowing the kernel.
// When one fails it shows a banner in French and English (the page's language first) with a
// reload button. Texts come from mineedu/serving/texts.py (window.mineeduGuard.texts).
(function () {
  "use strict";
  const conf = Object.assign({ texts: {}, widgetWait: 45, renderWait: 90 }, window.mineeduGuard || {});
  const RETRY_KEY = "mineedu-retried:" + location.pathname + location.search;
  const RETRY_WITHIN_MS = 5 * 60 * 1000; // one reload by itself per page and per five minutes
  const texts = conf.texts;
  const lang = new URLSearchParams(location.search).get("lang") === "en" ? "en" : "fr";
  const langs = lang === "en" ? ["en", "fr"] : ["fr", "en"];
  const WIDGET_MIME = "application/vnd.jupyter.widget-view+json";
  const SERVER_ERRORS = ["An exception occurred at the server", "There was an error when executing cell"];
  // what Voilà writes in place of a notebook it gave up on (mineedu.serving.kernels.VOILA_GAVE_UP; not in
  // the page's own text, where the pool's check for it would find it in every page)
  const GAVE_UP = "Cell execution timed out, aborting notebook execution";
  const CHECK_EVERY_MS = 20000;
  let shown = null; // the key of the banner shown, if any
  let kernelGone = false;
  let failures = 0; // checks in a row that could not reach the server

  function say(key) {
    const t = texts[key] || {};
    return langs.map((l) => t[l]).filter(Boolean);
  }

  function banner(key) {
    if (kernelGone && key !== "stopped") return; // "stopped" says it all
    if (shown === key) return;
    shown = key;
    let box = document.getElementById("mineedu-guard");
    if (!box) {
      box = document.createElement("div");
      box.id = "mineedu-guard";
      box.setAttribute("role", "alert");
      box.style.cssText =
        "position:fixed;top:0;left:0;right:0;z-index:100000;background:#fff3cd;color:#3b2a00;" +
        "border-bottom:3px solid #b45309;padding:12px 16px;font:18px/1.45 system-ui,sans-serif;" +
        "box-shadow:0 2px 8px rgba(0,0,0,.25)";
      (document.body || document.documentElement).appendChild(box);
    }
    box.dataset.reason = key;
    box.replaceChildren();
    say(key).forEach((line, i) => {
      const p = document.createElement("p");
      p.lang = langs[i];
      p.style.margin = "0 0 6px 0";
      p.textContent = line;
      box.appendChild(p);
    });
    const button = document.createElement("button");
    button.className = "mineedu-reload";
    button.textContent = say("reload").join(" / ");
    button.style.cssText = "font:inherit;font-weight:bold;padding:8px 16px;margin-top:4px;cursor:pointer";
    button.addEventListener("click", () => location.reload());
    box.appendChild(button);
  }

  function hide(key) {
    if (shown !== key) return;
    shown = null;
    const box = document.getElementById("mineedu-guard");
    if (box) box.remove();
  }

  function config() {
    try {
      return JSON.parse(document.getElementById("jupyter-config-data").textContent);
    } catch (e) {
      return null;
    }
  }

  // --- the kernel -------------------------------------------------------------------------
  function stopped() {
    kernelGone = true;
    shown = null;
    banner("stopped");
  }

  async function checkKernel() {
    const c = config();
    if (!c || !c.kernelId || kernelGone) return;
    const base = (c.baseUrl || "/").replace(/\/?$/, "/");
    try {
      const r = await fetch(base + "api/kernels/" + encodeURIComponent(c.kernelId), { credentials: "same-origin", cache: "no-store" });
      failures = 0;
      if (r.status === 404 || r.status === 403) stopped();
    } catch (e) {
      failures += 1; // the server cannot be reached (a network blip, or it stopped)
      if (failures >= 3) stopped();
    }
  }

  function parseStatus(data) {
    // the execution state of a kernel "status" message, legacy JSON or v1 binary framing
    if (typeof data === "string") {
      const m = JSON.parse(data);
      return m.header && m.header.msg_type === "status" ? m.content.execution_state : null;
    }
    if (!(data instanceof ArrayBuffer)) return null;
    const view = new DataView(data);
    const n = Number(view.getBigUint64(0, true));
    if (n < 6) return null;
    const at = (i) => Number(view.getBigUint64(8 * (i + 1), true));
    const part = (i) => new TextDecoder().decode(new Uint8Array(data, at(i), at(i + 1) - at(i)));
    const header = JSON.parse(part(1));
    if (header.msg_type !== "status") return null;
    return JSON.parse(part(4)).execution_state;
  }

  function watch(ws) {
    ws.addEventListener("message", (ev) => {
      try {
        const state = parseStatus(ev.data);
        if (state === "restarting" || state === "dead") stopped();
      } catch (e) {
        /* not a message this guard reads */
      }
    });
    ws.addEventListener("close", () => setTimeout(checkKernel, 1500));
  }

  const NativeWebSocket = window.WebSocket;
  function GuardedWebSocket(url, protocols) {
    const ws = protocols === undefined ? new NativeWebSocket(url) : new NativeWebSocket(url, protocols);
    if (String(url).indexOf("/api/kernels/") >= 0) watch(ws);
    return ws;
  }
  GuardedWebSocket.prototype = NativeWebSocket.prototype;
  for (const k of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) GuardedWebSocket[k] = NativeWebSocket[k];
  window.WebSocket = GuardedWebSocket;

  // --- the render ---------------------------------------------------------------------------
  function outputs() {
    const out = [];
    for (const s of document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')) {
      try {
        out.push(JSON.parse(s.textContent));
      } catch (e) {
        /* not an output this guard can read */
      }
    }
    return out;
  }

  // what the server wrote of a cell that failed (Voilà sends an error, and a stream to stderr, as text
  // in the page: `.jp-OutputArea-output[data-mime-type=...stderr]`; a lesson's warnings are not failures)
  function serverErrors() {
    const out = [];
    for (const e of document.querySelectorAll('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')) {
      const text = e.textContent || "";
      if ([...SERVER_ERRORS, GAVE_UP].some((s) => text.indexOf(s) >= 0)) out.push(text);
    }
    return out;
  }

  // the widgets the notebook displayed: their outputs' script elements, read as soon as the whole page
  // has arrived (Voilà's front end replaces each one as it draws it)
  let expected = null;
  function renderState() {
    if (expected === null) expected = outputs().filter((o) => o.data && o.data[WIDGET_MIME]).length;
    const errors = serverErrors();
    const gaveUp = errors.some((t) => t.indexOf(GAVE_UP) >= 0);
    const views = document.querySelectorAll(".jp-OutputArea-output > .jupyter-widgets");
    const broken = [...views].some((v) => v.classList.contains("widget-error") || v.querySelector(".widget-error"));
    const shownViews = [...views].filter((v) => !v.classList.contains("widget-error")).length;
    return { failed: errors.length > 0, gaveUp, broken, complete: shownViews >= expected };
  }

  // a page whose notebook the server gave up on reloads by itself, once (sessionStorage remembers it)
  function reloadOnce() {
    try {
      if (Date.now() - Number(sessionStorage.getItem(RETRY_KEY) || 0) < RETRY_WITHIN_MS) return false;
      sessionStorage.setItem(RETRY_KEY, String(Date.now()));
    } catch (e) {
      return false; // no storage: the banner's button instead
    }
    banner("retrying");
    setTimeout(() => location.reload(), 1500);
    return true;
  }

  function watchRender() {
    if (!document.getElementById("mineedu-render-end")) {
      banner("incomplete"); // the page stopped half way: the server ended it
      return;
    }
    const started = Date.now();
    if (renderState().gaveUp && reloadOnce()) return;
    const timer = setInterval(() => {
      const s = renderState();
      const late = Date.now() - started > conf.widgetWait * 1000;
      if (s.failed || s.broken) banner("failed");
      else if (s.complete) hide("incomplete");
      else if (late) banner("incomplete");
      if ((s.complete && !s.failed) || Date.now() - started > 10 * 60 * 1000) clearInterval(timer);
    }, 500);
    setInterval(checkKernel, CHECK_EVERY_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") checkKernel();
    });
    window.addEventListener("pageshow", (ev) => {
      if (ev.persisted) checkKernel(); // back from the browser's page cache: the kernel may be gone
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => {
      hide("incomplete");
      watchRender();
    });
    // a render that never ends (the server overloaded or stuck) must not leave a blank page either
    setTimeout(() => document.readyState === "loading" && banner("incomplete"), conf.renderWait * 1000);
  } else watchRender();
})();
