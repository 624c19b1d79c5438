"""What every lesson page passes in real Chromium against the real Voilà server, for each lesson
the registry declares: screenshots at four sizes with their text sizes, the keyboard, English by
address, and no request leaving the server."""

from __future__ import annotations

from pathlib import Path

import pytest

from mineedu.core import game_names
from mineedu.ui.lesson import lesson_spec

from .helpers import new_page
from .lesson import finish_bots, wait_ready

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
LESSONS = {name: spec.notebook for name in game_names() if (spec := lesson_spec(name)) is not None}
SIZES = {
    "projector": (1920, 1080),
    "laptop": (1280, 800),
    "tablet": (768, 1024),
    "phone": (390, 844),
}
TEXT_SIZES = """() => {
  const px = e => parseFloat(getComputedStyle(e).fontSize);
  const svg = document.querySelector('.me-picture svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const shown = [...svg.querySelectorAll('text')].filter(t => t.getBBox().width > 0);
  const picture = Math.min(...shown.map(t => px(t) * scale));
  const key = document.querySelector('.mineedu-panel .odds-key');
  return {picture, key: key ? px(key) : null,
          panel: px(document.querySelector('.mineedu-panel')), status: px(document.querySelector('.mineedu-status')),
          overflow: document.documentElement.scrollWidth - window.innerWidth};
}"""


def url(server: str, name: str, query: str = "") -> str:
    return f"{server}/voila/render/{LESSONS[name]}" + (f"?{query}" if query else "")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", LESSONS)
def test_screenshots_and_text_sizes(server, browser, name, size):
    w, h = SIZES[size]
    page = new_page(browser, viewport={"width": w, "height": h})
    page.goto(url(server, name))
    wait_ready(page)
    page.wait_for_timeout(600)  # a narrow picture arrives after the page measured itself
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{size}-{w}x{h}.png"), full_page=True)
    sizes = page.evaluate(TEXT_SIZES)
    assert sizes["picture"] >= 12, sizes  # the board's every label, scaled as it is shown
    assert sizes["panel"] >= 14 and sizes["status"] >= 15, sizes
    if size == "projector" and sizes["key"] is not None:
        assert sizes["key"] >= 28, sizes  # the headline odds, readable from the back of a room
    assert sizes["overflow"] <= 1, sizes  # nothing cut off to the side
    page.close()


FOCUSED = """() => { const e = document.activeElement;
  return e ? (e.dataset.region || e.dataset.meKey || e.className || e.tagName).toString() + '|'
    + (e.innerText || e.placeholder || e.value || '').slice(0, 40) : ''; }"""


@pytest.mark.parametrize("name", LESSONS)
def test_the_keyboard_reaches_every_control(server, page, name):
    page.goto(url(server, name))
    wait_ready(page)
    spec = lesson_spec(name)
    seen = []
    for _ in range(320):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUSED))
    text = "\n".join(seen)
    needed = ["Nouvelle partie", "Sauvegarder", "English", "Pour l'enseignant", "Les règles en bref"]
    if spec.predict:
        needed += ["Simuler", "Ma prédiction", "Je m'engage"]
    if spec.tournament:
        needed.append("Lancer le tournoi")
    if spec.exercises:
        needed += ["Vérifier", "Voir la solution", "Réponse"]
    missing = [n for n in needed if n not in text]
    assert not missing, f"Tab never reaches {missing}"
    # the board's choices are reached too: a picture region or a button, and Enter plays it
    choice = page.locator(".me-canvas .me-active, .me-canvas .me-option").first
    choice.focus()
    before = page.locator(".me-canvas").first.get_attribute("data-version")
    page.keyboard.press("Enter")
    page.wait_for_function("v => document.querySelector('.me-canvas').dataset.version !== v", arg=before)
    finish_bots(page)


@pytest.mark.parametrize("name", LESSONS)
def test_the_address_opens_the_lesson_in_english(server, page, name):
    page.goto(url(server, name, "lang=en"))
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.title() == lesson_spec(name).title["en"]
    assert "All lessons" in page.locator(".mineedu-back").inner_text()
    assert page.locator(".mineedu-lang .mod-active").inner_text() == "English"


@pytest.mark.parametrize("name", LESSONS)
def test_no_request_leaves_the_server(server, browser, name):
    page = new_page(browser)
    outside = []

    def route(r):
        if r.request.url.startswith(server) or r.request.url.startswith("data:"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.goto(url(server, name))
    wait_ready(page)
    page.close()
    assert outside == [], outside
