"""Driving a lesson page in Chromium as a student does (shared by the browser tests and benchmarks)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from mineedu.core import SavedGame

CANVAS = ".me-canvas"
CHOICE = ".me-canvas .me-active, .me-canvas .me-option"
READY = """() => { const c = document.querySelector('.me-canvas');
  return c && c.dataset.waiting === '0' && c.dataset.pending === '0'
    && document.querySelectorAll('.me-canvas .me-active, .me-canvas .me-option').length > 0; }"""
CHANGED = """v => { const c = document.querySelector('.me-canvas'); return c && c.dataset.version !== v; }"""
CLIPPED = """() => {
  // every element showing text (its own text nodes, or a text box's value) that is wider than its box, or
  // cut by the window's edge or by an ancestor that clips (overflow other than visible): one line each
  const out = [];
  const cells = document.querySelector('#rendered_cells') || document.body;
  const vw = document.documentElement.clientWidth;
  const name = e => e.tagName.toLowerCase() + [...e.classList].map(c => '.' + c).join('');
  for (const e of cells.querySelectorAll('*')) {
    if (e.closest('svg, script, style, .mineedu-announce')) continue;
    let folded = false;  // inside a closed <details> (its summary aside): not shown
    for (let d = e.closest('details'); d && !folded; d = d.parentElement && d.parentElement.closest('details'))
      folded = !d.open && !(e.closest('summary') && d.contains(e.closest('summary')));
    if (folded) continue;
    if (e.tagName === 'INPUT' && ['text', 'number'].includes(e.type) && e.value && e.getClientRects().length
        && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {  // a seed, a guess: its digits all seen
      out.push(`a value wider than its box (${e.scrollWidth} > ${e.clientWidth} px): ${name(e)} "${e.value.slice(0, 30)}"`);
      continue;
    }
    const text = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
    if (!text || !e.getClientRects().length) continue;
    const cs = getComputedStyle(e);
    if (cs.visibility === 'hidden') continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const what = `${name(e)} "${text.slice(0, 50)}"`;
    if (cs.display !== 'inline' && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1) {
      out.push(`wider than its box (${e.scrollWidth} > ${e.clientWidth} px): ${what}`);
      continue;
    }
    if (r.right > vw + 1 || r.left < -1) {
      out.push(`cut by the window's edge: ${what}`);
      continue;
    }
    for (let a = e.parentElement; a && a !== cells.parentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.right > b.right + 1 || r.left < b.left - 1) {
        out.push(`cut by ${name(a)}: ${what}`);
        break;
      }
    }
  }
  return out;
}"""
MENU_CUT = """() => {
  // every option of a menu on show that would show cut once chosen (a native menu has no room to wrap it)
  const out = [], ctx = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll('select')) {
    if (!s.offsetParent || s.multiple || s.size > 1) continue;
    const cs = getComputedStyle(s);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    for (const o of s.options) {
      const width = ctx.measureText(o.text).width;
      if (width > room) out.push(`menu too narrow (${Math.round(width)} > ${Math.round(room)} px): ${o.text}`);
    }
  }
  return out;
}"""
PICTURE_GAP = """() => {
  // how far below the top of its box the picture's drawing begins (px): a box taller than the picture
  // (the projector view) must not centre it under a band of nothing
  const svg = [...document.querySelectorAll('.me-canvas .me-picture svg')].find(s => s.getClientRects().length);
  if (!svg) return null;
  const tops = [...svg.children].filter(c => !c.matches('.me-overlay, .me-hover'))
    .map(c => c.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0).map(r => r.top);
  return Math.round(Math.min(...tops) - svg.getBoundingClientRect().top);
}"""
PROJECTED = """() => {
  // the projector view: nothing to scroll, the board's picture, the headline odds and the status on the
  // screen, the figures large; one line per problem
  const out = [];
  const vw = window.innerWidth, vh = window.innerHeight;
  const cells = document.querySelector('#rendered_cells');
  if (cells && cells.scrollHeight > cells.clientHeight + 1)
    out.push(`the page scrolls (${cells.scrollHeight} > ${cells.clientHeight} px)`);
  if (document.scrollingElement.scrollHeight > vh + 1) out.push('the window scrolls');
  const inside = (what, e) => {
    if (!e) return out.push(`no ${what}`);
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1)
      out.push(`${what} not wholly on the screen: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
  };
  const px = e => parseFloat(getComputedStyle(e).fontSize);
  inside('picture', document.querySelector('.jp-OutputArea-output .me-picture svg'));
  inside('status', document.querySelector('.mineedu-status'));
  const key = document.querySelector('.mineedu-panel .odds-key');
  if (key) {
    inside('headline odds', key);
    if (px(key) < 32) out.push(`the headline odds at ${px(key)} px`);
  }
  const status = document.querySelector('.mineedu-status');
  if (status && px(status) < 32) out.push(`the status at ${px(status)} px`);
  const title = document.querySelector('.mineedu-header h1');
  if (title && title.getClientRects().length) out.push('the header is not folded away');
  for (const s of document.querySelectorAll('.mineedu-section')) if (s.getClientRects().length) out.push('a section is shown');
  return out;
}"""


UNFOLDED = "() => !!document.querySelector('.mineedu-dialog .mineedu-start')"
"""The board's folded parts (the new game's dialog, the saved game) are back: they load once the board is
live (``FirstScreen.fold_until_live``), a moment after it offers its first choice."""


SEEN = """() => {
  // what the page shows when it is not ready: the live board's marks, the first screen's copies still up
  // (and the hosts whose live widget has not come), the page guard's banner, the errors on the page
  const live = [...document.querySelectorAll('.me-canvas')].find(c => !c.closest('.mineedu-first'));
  const text = s => [...document.querySelectorAll(s)].map(e => e.textContent.trim().slice(0, 300)).filter(t => t);
  const hosts = [...document.querySelectorAll('.mineedu-first-host')];
  return {live: !!live, ...(live ? {...live.dataset} : {}),
    choices: live ? live.querySelectorAll('.me-active, .me-option').length : 0,
    copies: document.querySelectorAll('.mineedu-first').length,
    hostsWithoutWidget: hosts.filter(h => !h.querySelector(':scope > .jp-OutputArea-output > .jupyter-widgets')).length,
    unfolded: !!document.querySelector('.mineedu-dialog .mineedu-start'),
    body: document.body.className, guard: text('#mineedu-guard'), status: text('.mineedu-status'),
    errors: text('.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"], .widget-error, .jp-OutputArea-output pre')};
}"""


def wait_ready(page, timeout: float = 120_000) -> None:
    """Until the board offers a choice to the human (bots done) and its folded parts are back; generous:
    a page whose lesson's preheated kernel was just taken waits for a new one to run the notebook. On a
    timeout the error says what the page showed (its board's marks, status and any error printed)."""
    for check in (READY, UNFOLDED):
        try:
            page.wait_for_function(check, timeout=timeout)
        except PlaywrightTimeout as e:
            raise PlaywrightTimeout(f"{e}\nthe page at {page.url} showed: {page.evaluate(SEEN)}") from None


def version(page) -> str:
    return page.locator(CANVAS).first.get_attribute("data-version") or ""


def click(page, locator) -> None:
    """Click a region or button of the board, then let the bots finish, until the human may choose again."""
    v = version(page)
    locator.click()
    page.wait_for_function(CHANGED, arg=v)
    finish_bots(page)


def finish_bots(page) -> None:
    """The board's own "bots play at once" button, when bots are to move."""
    page.wait_for_function("() => document.querySelector('.me-canvas').dataset.version !== undefined")
    for _ in range(50):
        waiting = page.locator(CANVAS).first.get_attribute("data-waiting") == "1"
        over = page.locator(".mineedu-over").count() > 0
        if over or (not waiting and page.evaluate(f"() => ({READY})()")):
            return
        if waiting and page.locator(".mineedu-finish").is_visible():
            v = version(page)
            try:  # the bots may finish on their own (the browser's pauses) just before the click
                page.locator(".mineedu-finish").click(timeout=3000)
            except PlaywrightTimeout:
                continue
            page.wait_for_function(CHANGED, arg=v)
        else:
            page.wait_for_timeout(200)


def open_saved_box(page) -> None:
    if not page.locator(".mineedu-saved-text textarea").is_visible():
        page.locator(".mineedu-saved-toggle").click()
        page.locator(".mineedu-saved-text textarea").wait_for()


def displayed_game(page) -> tuple[SavedGame, object]:
    """The game the page displays, exported by its own Export button and replayed by the engine."""
    open_saved_box(page)
    box = page.locator(".mineedu-saved-text textarea")
    box.fill("")
    page.locator(".mineedu-export").click()
    page.wait_for_function("() => document.querySelector('.mineedu-saved-text textarea').value.length > 0")
    saved = SavedGame.loads(box.input_value())
    return saved, saved.replay()


def import_game(page, text: str) -> None:
    open_saved_box(page)
    page.locator(".mineedu-saved-text textarea").fill(text)
    v = version(page)
    page.locator(".mineedu-import").click()
    page.wait_for_function(CHANGED, arg=v)


SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
SIZES = {
    "projector": (1920, 1080),
    "laptop": (1280, 800),
    "tablet": (768, 1024),
    "phone": (390, 844),
}
TEXT_SIZES = """() => {
  const px = e => parseFloat(getComputedStyle(e).fontSize);
  const svg = document.querySelector('.jp-OutputArea-output .me-picture svg');
  const box = svg.getBoundingClientRect(), vb = svg.viewBox.baseVal;
  const scale = Math.min(box.width / vb.width, box.height / vb.height);  // drawn to fit its box (preserveAspectRatio meet)
  const shown = [...svg.querySelectorAll('text')].filter(t => t.getBBox().width > 0);
  const picture = Math.min(...shown.map(t => px(t) * scale));
  const key = document.querySelector('.mineedu-panel .odds-key');
  return {picture, key: key ? px(key) : null,
          panel: px(document.querySelector('.mineedu-panel')), status: px(document.querySelector('.mineedu-status')),
          overflow: document.documentElement.scrollWidth - window.innerWidth};
}"""


def shoot(page, name: str) -> None:
    """The window as the student sees it, and the end of the page (Voilà scrolls its cells, not the window)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    if page.evaluate("(() => { const c = document.querySelector('#rendered_cells'); c.scrollTop = c.scrollHeight;"
                     " return c.scrollTop > 0; })()"):
        page.screenshot(path=str(SHOTS / f"{name}-end.png"))
        page.evaluate("document.querySelector('#rendered_cells').scrollTop = 0")


def said(wrong: dict) -> str:
    """What is wrong at each size, one line each (pytest would cut a long dict short)."""
    return "\n".join(f"{size}: {problem}" for size, (problems, _sizes) in wrong.items() for problem in problems)


CANVAS_WIDTH = "() => document.querySelector('.me-canvas').getBoundingClientRect().width"


def check_sizes(page, name: str, lang: str) -> dict:
    """Each of the four sizes in turn (the page re-lays itself out as a resized window does: the picture
    reports its new width and the kernel redraws it, narrow on a phone); what is wrong at each."""
    wrong = {}
    for i, (size, (w, h)) in enumerate(SIZES.items()):
        if i:
            v, before = version(page), page.evaluate(CANVAS_WIDTH)
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(200)
            if abs(page.evaluate(CANVAS_WIDTH) - before) > 20:  # the picture reports a new width (canvas.js)
                page.wait_for_function(CHANGED, arg=v, timeout=30_000)  # and is redrawn for it
        page.wait_for_timeout(400)  # the new picture laid out
        shoot(page, f"{name}-{lang}-{size}-{w}x{h}")
        sizes = page.evaluate(TEXT_SIZES)
        problems = list(page.evaluate(CLIPPED)) + list(page.evaluate(MENU_CUT))
        if sizes["picture"] < 12:
            problems.append("a label of the board under 12 px")
        if sizes["panel"] < 14 or sizes["status"] < 15:
            problems.append("panel or status text too small")
        if size == "projector" and sizes["key"] is not None and sizes["key"] < 28:
            problems.append("the headline odds under 28 px on a projector")  # read from the back of a room
        if sizes["overflow"] > 1:
            problems.append("something cut off to the side")
        if problems:
            wrong[size] = (problems, sizes)
    return wrong
