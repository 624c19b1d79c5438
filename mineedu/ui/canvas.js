// The board's picture as a controller (anywidget front end of mineedu/ui/canvas.py).
//
// The kernel sends the picture (SVG text whose action regions carry
// data-region="key"), the options of the current step (an opaque token each,
// the region that stands for it or none, the words), the controls of a cycled
// step (rotate, mirror...) and a prompt. This code only marks the regions,
// draws hover/focus highlights and previews, and sends back a token with the
// version it was shown for. It never learns what an action is. After a click it waits for the kernel
// to answer (data-pending="1") before it sends another.

const SVGNS = "http://www.w3.org/2000/svg";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// the bounding box of a region in the root SVG's user units
function boxOf(node, root) {
  const b = node.getBBox();
  const m = root.getScreenCTM();
  const n = node.getScreenCTM();
  if (!m || !n) return b;
  const t = m.inverse().multiply(n);
  const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].map(([x, y]) => {
    const p = root.createSVGPoint();
    p.x = x; p.y = y;
    return p.matrixTransform(t);
  });
  const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

function frame(root, box, cls, pad) {
  const r = document.createElementNS(SVGNS, "rect");
  r.setAttribute("x", box.x - pad);
  r.setAttribute("y", box.y - pad);
  r.setAttribute("width", box.width + 2 * pad);
  r.setAttribute("height", box.height + 2 * pad);
  r.setAttribute("rx", 6);
  r.setAttribute("class", cls);
  return r;
}

function render({ model, el: host }) {
  host.classList.add("me-canvas");
  const prompt = el("div", "me-prompt");
  prompt.setAttribute("aria-live", "polite");
  const picture = el("div", "me-picture");
  const cover = el("div", "me-cover");
  const controls = el("div", "me-controls");
  const buttons = el("div", "me-options");
  host.append(prompt, picture, cover, controls, buttons);
  let timer = null;
  let root = null; // the <svg> element
  let overlay = null; // marks of active/selected regions
  let hover = null; // highlight and preview of the hovered/focused region

  // A student's input (not a pause's tick) waits for the kernel's answer: until `answered` reaches it,
  // the page offers nothing (a redraw for another seat's move may still show options no longer meant).
  let asked = 0;
  const pending = () => model.get("answered") < asked;
  function markPending() {
    host.dataset.pending = pending() ? "1" : "0";
  }
  function send(event, token) {
    if (event !== "tick") {
      if (pending()) return;
      asked = Math.max(asked, model.get("answered")) + 1;
      markPending();
    }
    model.send({ event, token: token ?? null, version: model.get("version") });
  }

  function drawPicture() {
    picture.innerHTML = model.get("svg");
    root = picture.querySelector("svg");
    overlay = hover = null;
    if (root) {
      root.removeAttribute("width");
      root.removeAttribute("height");
      root.setAttribute("focusable", "false");
      overlay = document.createElementNS(SVGNS, "g");
      overlay.setAttribute("class", "me-overlay");
      hover = document.createElementNS(SVGNS, "g");
      hover.setAttribute("class", "me-hover");
      root.append(overlay, hover);
    }
    drawOptions();
  }

  function showHover(node, option) {
    if (!hover) return;
    hover.replaceChildren();
    if (!node) return;
    hover.append(frame(root, boxOf(node, root), "me-hover-frame", 4));
    if (option && option.preview) {
      const g = document.createElementNS(SVGNS, "g");
      g.innerHTML = option.preview;
      hover.append(g);
    }
  }

  function drawOptions() {
    const focusedKey = document.activeElement && host.contains(document.activeElement) ? document.activeElement.dataset.meKey : null;
    const hadFocus = focusedKey !== null && focusedKey !== undefined;
    const options = model.get("options");
    const selected = new Set(model.get("selected"));
    const covered = model.get("cover") !== "";
    prompt.textContent = model.get("prompt");
    host.dataset.version = model.get("version"); // for tests and tools: what the kernel last drew
    host.dataset.waiting = model.get("tick_ms") > 0 ? "1" : "0";
    markPending();
    host.setAttribute("lang", model.get("lang"));
    picture.style.display = covered ? "none" : "";
    cover.style.display = covered ? "" : "none";
    cover.replaceChildren();
    if (covered) {
      cover.append(el("p", "me-cover-text", model.get("cover")));
      const ready = el("button", "me-button me-ready", model.get("cover_button"));
      ready.dataset.meKey = "ready";
      ready.addEventListener("click", () => send("ready"));
      cover.append(ready);
    }
    if (root) {
      for (const node of root.querySelectorAll("[data-region]")) {
        node.classList.remove("me-active", "me-selected");
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
        node.removeAttribute("aria-label");
        delete node.dataset.meKey; // no longer an option: focus must not be given back to it
        node.onclick = node.onkeydown = node.onmouseenter = node.onmouseleave = node.onfocus = node.onblur = null;
        if (selected.has(node.dataset.region)) node.classList.add("me-selected");
      }
      overlay.replaceChildren();
      hover.replaceChildren();
      for (const key of selected) {
        const node = root.querySelector(`[data-region="${CSS.escape(key)}"]`);
        if (node) overlay.append(frame(root, boxOf(node, root), "me-selected-frame", 3));
      }
    }
    buttons.replaceChildren();
    for (const option of covered ? [] : options) {
      const node = option.region && root ? root.querySelector(`[data-region="${CSS.escape(option.region)}"]`) : null;
      if (node) {
        node.classList.add("me-active");
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", option.label);
        node.dataset.meKey = option.region;
        overlay.append(frame(root, boxOf(node, root), "me-active-frame", 2));
        node.onclick = () => {
          node.focus({ preventScroll: true }); // a click keeps the keyboard here: R, M, Esc work after it
          send("pick", option.token);
        };
        node.onkeydown = (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            send("pick", option.token);
          }
        };
        node.onmouseenter = node.onfocus = () => showHover(node, option);
        node.onmouseleave = node.onblur = () => showHover(null);
      } else {
        const b = el("button", "me-button me-option", option.label);
        b.dataset.meKey = option.label;
        b.addEventListener("click", () => send("pick", option.token));
        buttons.append(b);
      }
    }
    controls.replaceChildren();
    for (const c of covered ? [] : model.get("controls")) {
      const b = el("button", "me-button me-control", c.label);
      b.dataset.meKey = "control:" + c.shortcut;
      if (c.shortcut) b.setAttribute("aria-keyshortcuts", c.shortcut.toUpperCase());
      b.addEventListener("click", () => send("control", c.token));
      controls.append(b);
    }
    if (hadFocus) {
      const same = host.querySelector(`[data-me-key="${CSS.escape(focusedKey)}"]`);
      const first = host.querySelector(".me-active, .me-button");
      (same || first || host).focus({ preventScroll: true });
    }
    schedule();
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = null;
    const ms = model.get("tick_ms");
    if (ms > 0) {
      const v = model.get("version");
      timer = setTimeout(() => {
        timer = null;
        if (model.get("version") === v) send("tick");
      }, ms);
    }
  }

  host.tabIndex = -1;
  host.addEventListener("keydown", (e) => {
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.toLowerCase();
    for (const c of model.get("controls")) {
      if (c.shortcut && c.shortcut === key) {
        e.preventDefault();
        send("control", c.token);
        return;
      }
    }
  });

  // tell the kernel how wide the picture is, so a phone gets the narrow layout
  let reported = 0;
  const observer = new ResizeObserver(() => {
    const w = Math.round(host.getBoundingClientRect().width);
    if (w > 0 && Math.abs(w - reported) > 20) {
      reported = w;
      host.dataset.widthAt = model.get("version"); // the kernel redraws for this width: a later version (first_screen.js)
      model.set("client_width", w);
      model.save_changes();
    }
  });
  observer.observe(host);

  model.on("change:svg", drawPicture);
  model.on("change:options", drawOptions);
  model.on("change:selected", drawOptions);
  model.on("change:controls", drawOptions);
  model.on("change:prompt", drawOptions);
  model.on("change:cover", drawOptions);
  model.on("change:answered", markPending);
  model.on("change:tick_ms", schedule);
  model.on("change:version", () => {
    host.dataset.version = model.get("version"); // a redraw that changes nothing on show (a wider window) still answers
    schedule();
  });
  drawPicture();
  return () => {
    if (timer) clearTimeout(timer);
    observer.disconnect();
  };
}

export default { render };
