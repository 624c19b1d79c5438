// mineedu's first screen (mineedu/ui/first_screen.py): run by the browser as Voilà's page streams in.
// Mounts the static copies of the header and the board (the first screen's output, by model id) in
// their widgets' output areas, then, once the live board is drawn in its final layout, removes them.
(function () {
  "use strict";
  const MIME = "application/vnd.mineedu.first-screen+json";
  const VIEW = "application/vnd.jupyter.widget-view+json";
  const cell = document.currentScript && document.currentScript.closest(".jp-Cell");
  if (cell) cell.style.display = "none";
  let first = null;
  const outputs = {};
  for (const s of document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]')) {
    let out;
    try {
      out = JSON.parse(s.textContent);
    } catch (e) {
      continue;
    }
    const data = out.data || {};
    if (data[MIME]) {
      first = data[MIME];
      const own = s.closest(".jp-Cell");
      if (own) own.style.display = "none"; // the copies' own cell shows nothing
    }
    else if (data[VIEW]) outputs[data[VIEW].model_id] = s;
  }
  if (!first || document.body.classList.contains(first.live)) return;
  for (const c of document.querySelectorAll(".jp-MarkdownCell")) if (c.querySelector(".mineedu-boot")) c.style.display = "none";
  const style = document.createElement("style");
  style.className = "mineedu-first-style";
  style.textContent = first.css;
  document.head.appendChild(style);
  document.body.classList.add(...first.body);
  document.documentElement.lang = first.lang;
  if (first.title) document.title = first.title;

  const hosts = [];
  for (const [id, markup] of Object.entries(first.parts)) {
    const out = outputs[id];
    if (!out || !out.parentElement) continue;
    const copy = document.createElement("div");
    copy.className = "mineedu-first";
    copy.inert = true; // a picture of the page: nothing in it can be clicked or focused
    copy.innerHTML = markup;
    out.parentElement.classList.add("mineedu-first-host");
    out.parentElement.insertBefore(copy, out);
    hosts.push(out.parentElement);
    // the picture the board will draw for the width it has (canvas.js reports it, the kernel chooses)
    const canvas = copy.querySelector(".me-canvas");
    if (canvas && copy.querySelector(".mineedu-first-narrow")) {
      const narrow = () => {
        const w = canvas.getBoundingClientRect().width;
        copy.classList.toggle("mineedu-first-is-narrow", w > 0 && w < first.narrow_below);
      };
      narrow();
      window.addEventListener("resize", narrow);
    }
  }
  if (!hosts.length) return;

  const shownBox = () => {
    const picture = [...document.querySelectorAll(".mineedu-first .me-picture")].find((p) => getComputedStyle(p).display !== "none");
    const svg = picture && picture.querySelector("svg");
    return svg ? svg.getAttribute("viewBox") : null;
  };
  let seenVersion = null;
  let changed = false;
  function ready() {
    for (const host of hosts) if (!host.querySelector(":scope > .jp-OutputArea-output > .jupyter-widgets")) return false;
    const canvas = document.querySelector(".mineedu-first-host > .jp-OutputArea-output .me-canvas");
    if (!canvas) return !document.querySelector(".mineedu-first .me-canvas"); // no board on the page
    if (canvas.dataset.version === undefined) return false; // not drawn yet
    if (seenVersion !== null && canvas.dataset.version !== seenVersion) changed = true;
    seenVersion = canvas.dataset.version;
    const live = canvas.querySelector(".me-picture svg");
    if (!live || canvas.querySelector(".me-cover").style.display !== "none") return true; // a covered screen
    // in the layout the kernel chose for its width (a phone's narrow picture comes after a first redraw):
    // the copy's, or a version drawn after canvas.js told the kernel the width (data-width-at); a board
    // already redrawn (a table's seat) before it was first looked at shows no change to wait for
    const at = canvas.dataset.widthAt;
    const redrawn = at !== undefined && Number(canvas.dataset.version) > Number(at);
    return changed || redrawn || live.getAttribute("viewBox") === shownBox();
  }
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      if (!ready()) return;
      observer.disconnect();
      document.body.classList.add(first.live);
      for (const host of hosts) for (const c of host.querySelectorAll(":scope > .mineedu-first")) c.remove();
      style.remove();
      window.dispatchEvent(new Event("resize"));
    });
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-version"] });
})();
