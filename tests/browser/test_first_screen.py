"""The first screen in real Chromium against the real Voilà server, for every lesson, at 1280x800.

Voilà's front end is held back (its ``voila.js`` request waits), so the page
shows only what its HTML brings: the lesson's title, the board's picture and
its headline odds must be there, no spinner and no "Loading widget..." line.
Then the front end is let through: once the live board is drawn the copy is
gone, the title, status, picture and panel are where they were (no jump), and
the live picture is the copy's, element for element (the copy showed nothing
the board does not).
"""

from __future__ import annotations

import pytest

from mineedu.ui.lesson import lesson_spec

from .helpers import new_page
from .lesson import READY
from .test_lessons import LESSONS, url

FRONT_END = "**/voila/static/voila.js*"
WATCH_LOADING = """() => {
  // before every frame the browser paints: a "Loading widget..." text on the screen, Voilà's spinner shown
  window.__loadingSeen = []; window.__spinnerSeen = false;
  const look = () => {
    const spinner = document.getElementById('loading');
    if (spinner && getComputedStyle(spinner).display !== 'none' && spinner.getClientRects().length) window.__spinnerSeen = true;
    for (const e of document.querySelectorAll('.jp-OutputArea-output')) {
      if (e.textContent.includes('Loading widget') && getComputedStyle(e).visibility !== 'hidden' && e.getClientRects().length)
        window.__loadingSeen.push(Math.round(performance.now()));
    }
  };
  const frame = () => { look(); if (!document.body || !document.body.classList.contains('mineedu-live')
    || performance.now() < 60000) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
}"""
SHOWN = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(Math.round); };
  const visible = e => e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
    && getComputedStyle(e).display !== 'none';
  const first = s => [...document.querySelectorAll(s)].find(visible) || null;
  const picture = [...document.querySelectorAll('.me-picture')].find(p => visible(p) && visible(p.querySelector('svg')));
  const canon = n => {  // the picture as drawn from the kernel's SVG: without the browser's marks and highlights
    if (n.nodeType === 3) return n.textContent;
    if (n.nodeType !== 1 || n.matches('.me-overlay, .me-hover')) return '';
    const skip = new Set(['class', 'tabindex', 'role', 'aria-label', 'data-me-key']);
    const attrs = [...n.attributes].filter(a => !skip.has(a.name) || !n.hasAttribute('data-region'))
      .map(a => `${a.name}=${a.value}`).sort().join(' ');
    return `<${n.localName} ${attrs}>${[...n.childNodes].map(canon).join('')}</${n.localName}>`;
  };
  const key = first('.mineedu-panel .odds-key');
  return {
    title: (first('.mineedu-header h1') || {}).textContent || null,
    picture: picture ? box(picture.querySelector('svg')) : null,
    svg: picture ? canon(picture.querySelector('svg')) : null,
    status: first('.mineedu-status') ? box(first('.mineedu-status')) : null,
    panel: first('.mineedu-panel') ? box(first('.mineedu-panel')) : null,
    key: key ? key.textContent : null,
    live: document.body.classList.contains('mineedu-live'),
    copies: document.querySelectorAll('.mineedu-first').length,
  };
}"""


@pytest.mark.parametrize("name", LESSONS)
def test_the_html_shows_the_picture_and_the_live_board_takes_its_place(server, browser, name):
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    held = []
    page.route(FRONT_END, lambda route: held.append(route))  # the front end waits until the copy has been looked at
    page.add_init_script(f"({WATCH_LOADING})()")
    page.goto(url(server, name), wait_until="commit")
    page.wait_for_function("() => [...document.querySelectorAll('.mineedu-first .me-picture svg')]"
                           ".some(s => s.getBoundingClientRect().height > 0)")
    while not held:
        page.wait_for_timeout(50)
    before = page.evaluate(SHOWN)
    held[0].continue_()
    page.wait_for_function(READY)
    page.wait_for_timeout(500)  # the sections below the board arrive
    after = page.evaluate(SHOWN)
    loading, spinner = page.evaluate("[window.__loadingSeen, window.__spinnerSeen]")
    body = page.locator("body").inner_text()
    page.close()
    def words(text: str) -> str:
        return " ".join(text.replace("\u00a0", " ").split())

    assert words(before["title"] or "") == words(lesson_spec(name).title["fr"])
    assert before["picture"] and before["status"] and before["panel"] and not before["live"]
    assert (before["key"] is None) == (after["key"] is None)  # the headline odds, when the board has one
    assert after["live"] and after["copies"] == 0
    for part in ("title", "picture", "status", "panel", "key"):
        assert before[part] == after[part], f"{part}: {before[part]} then {after[part]}"
    assert before["svg"] == after["svg"]  # the very picture the live board draws: nothing more, nothing else
    assert not loading and not spinner, (loading, spinner)
    assert "Loading widget" not in body


def test_the_first_screen_style_comes_in_the_head_before_voilas_spinner(server):
    """The lesson's boot style (no spinner, no "Loading widget...") is in the page's head, before the
    spinner's element, not only in its second cell: a page whose first bytes stall shows no spinner."""
    import urllib.request

    lesson = urllib.request.urlopen(url(server, "gold_mine"), timeout=120).read().decode()
    head = lesson[: lesson.index("</head>")]
    assert '<style class="mineedu-boot">' in head and "#loading { display: none !important; }" in head
    assert lesson.index("mineedu-boot") < lesson.index('id="loading"')
    start = urllib.request.urlopen(f"{server}/voila/render/index.ipynb", timeout=120).read().decode()
    assert "mineedu-boot" not in start  # the start page keeps Voilà's own loading


SYNTHETIC = """<!doctype html><html><body>
<div class="jp-Cell"><div id="host"><script type="application/vnd.voila.cell-output+json">
{"data": {"application/vnd.jupyter.widget-view+json": {"model_id": "board"}}}</script></div></div>
<div class="jp-Cell"><div><script type="application/vnd.voila.cell-output+json">
{"data": {"%(mime)s": %(payload)s}}</script></div></div>
<div class="jp-Cell jp-MarkdownCell">%(boot)s</div>
</body></html>"""

LIVE_VIEW = """([version, widthAt]) => {
  // the board's live view as Voilà mounts it: drawn at ``version``, its width told at ``widthAt``
  const out = document.createElement('div');
  out.className = 'jp-OutputArea-output';
  out.innerHTML = `<div class="jupyter-widgets"><div class="me-canvas" data-version="${version}"
    ${widthAt === null ? '' : `data-width-at="${widthAt}"`}><div class="me-picture"><svg viewBox="0 0 100 40"></svg>
    </div><div class="me-cover" style="display: none"></div></div></div>`;
  document.getElementById('host').append(out);
}"""


@pytest.mark.parametrize("width_at, live_at_once", [(6, True), (7, False), (None, False)])
def test_the_copy_gives_way_to_a_board_redrawn_before_it_was_first_looked_at(browser, width_at, live_at_once):
    """A table's page reloaded with its seat ticket: the kernel seats it and redraws the board (another
    picture than the copy's, the lesson's own game) before the page first looks, so no change of version
    is ever seen. The copy gives way once the board is drawn after its width was told (``data-width-at``
    below ``data-version``); before that, or with no width told yet, it waits for a redraw."""
    import json

    from mineedu.ui.first_screen import BOOT_SCRIPT, MIME

    payload = {"parts": {"board": '<div class="me-canvas"><div class="me-picture"><svg viewBox="0 0 100 50"></svg>'
                                  "</div></div>"},
               "css": "", "lang": "fr", "title": "t", "body": ["mineedu-page"], "live": "mineedu-live", "narrow_below": 600}
    page = new_page(browser)
    try:
        page.set_content(SYNTHETIC % {"mime": MIME, "payload": json.dumps(payload), "boot": BOOT_SCRIPT})
        assert page.locator(".mineedu-first").count() == 1
        page.evaluate(LIVE_VIEW, [7, width_at])
        page.wait_for_timeout(300)  # a few frames: the observer looks
        live = "() => document.body.classList.contains('mineedu-live')"
        assert page.evaluate(live) is live_at_once
        if not live_at_once:  # the redraw for its width comes: the copy gives way
            page.evaluate("() => document.querySelector('#host > .jp-OutputArea-output .me-canvas').dataset.version = '8'")
            page.wait_for_function(live, timeout=5_000)
        assert page.locator(".mineedu-first").count() == 0
    finally:
        page.close()
