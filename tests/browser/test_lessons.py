"""What every lesson page passes in real Chromium against the real Voilà server, for each lesson
the registry declares, in both languages: screenshots at four sizes with their text sizes and no text
clipped, the projector view (by its switch, and by the address; no switch on a phone), the keyboard, English by address with
no request leaving the server. Two page loads a lesson and language at most: each load costs a kernel."""

from __future__ import annotations

import pytest

from mineedu.core import game_names
from mineedu.ui.lesson import lesson_spec

from .helpers import new_page
from .lesson import (
    CLIPPED,
    MENU_CUT,
    PICTURE_GAP,
    PROJECTED,
    SHOTS,
    TEXT_SIZES,
    check_sizes,
    finish_bots,
    said,
    wait_ready,
)

LESSONS = {name: spec.notebook for name in game_names() if (spec := lesson_spec(name)) is not None}
def url(server: str, name: str, query: str = "") -> str:
    return f"{server}/voila/render/{LESSONS[name]}" + (f"?{query}" if query else "")


def check_projected(page, name: str, lang: str) -> list[str]:
    """The projector view at 1920x1080: the whole board and its headline odds on the screen, large, no scrolling."""
    page.wait_for_function("() => document.body.classList.contains('mineedu-projector')")
    page.wait_for_timeout(600)  # laid out again, the picture re-measured
    page.screenshot(path=str(SHOTS / f"{name}-{lang}-projected-1920x1080.png"))
    gap = page.evaluate(PICTURE_GAP)
    above = [f"a band of {gap} px above the picture"] if gap is None or gap > 24 else []  # its own margin: a few px
    labels = page.evaluate(TEXT_SIZES)["picture"]
    print(f"\nPROJECTED {name} {lang}: the board's smallest label {labels:.1f} px")
    small = [f"the board's smallest label at {labels:.1f} px"] if labels < 16 else []
    return list(page.evaluate(PROJECTED)) + list(page.evaluate(CLIPPED)) + above + small


@pytest.mark.parametrize("name", LESSONS)
def test_french_at_four_sizes_then_projected_by_its_switch(server, browser, name):
    page = new_page(browser, viewport={"width": 1920, "height": 1080})
    page.goto(url(server, name))
    wait_ready(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    wrong = check_sizes(page, name, "fr")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    assert not page.locator(".mineedu-project").is_visible()  # nobody projects from a phone
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.locator(".mineedu-project").click()
    projected = check_projected(page, name, "fr")
    assert "view=projector" in page.url  # a reload stays in the projector view
    page.close()
    assert not wrong, said(wrong)
    assert not projected, "\n".join(projected)


@pytest.mark.parametrize("name", LESSONS)
def test_english_and_projected_by_the_address_then_four_sizes_nothing_leaving_the_server(server, browser, name):
    page = new_page(browser, viewport={"width": 1920, "height": 1080})
    outside = []

    def route(r):
        if r.request.url.startswith(server) or r.request.url.startswith("data:"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.goto(url(server, name, "lang=en&view=projector"))
    wait_ready(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    projected = check_projected(page, name, "en")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.title() == lesson_spec(name).title["en"]
    assert page.locator(".mineedu-lang .mod-active").inner_text() == "English"
    assert page.locator(".mineedu-project").inner_text() == "Project"
    page.locator(".mineedu-project").click()
    page.wait_for_function("() => !document.body.classList.contains('mineedu-projector')")
    assert "All lessons" in page.locator(".mineedu-back").inner_text()
    wrong = check_sizes(page, name, "en")
    page.close()
    assert outside == [], outside
    assert not projected, "\n".join(projected)
    assert not wrong, said(wrong)


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
    needed = ["Nouvelle partie", "Sauvegarder", "English", "Projeter", "Pour l'enseignant", "Les règles en bref"]
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
def test_the_new_game_dialog_is_read_whole_on_a_phone(server, browser, name):
    """The new-game dialog, hidden until asked for, at 390x844 then 1280x800 in French: every seat says who
    plays it (a human seat's box was blank), no label is cut (Mine's variant ended in "pas de …") and every
    menu shows each of its choices whole (My Gold Mine's "robot prudent (Dragobert à 3" at 390 px)."""
    page = new_page(browser, viewport={"width": 390, "height": 844})
    page.goto(url(server, name))
    wait_ready(page)
    page.locator(".mineedu-new-toggle").click()
    dialog = page.locator(".mineedu-dialog")
    dialog.wait_for(state="visible")
    dialog.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-fr-new-game-390x844.png"))
    seats = dialog.locator("select").evaluate_all("ss => ss.filter(s => s.offsetParent).map(s => s.selectedIndex)")
    clipped = page.evaluate(CLIPPED) + page.evaluate(MENU_CUT)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(600)  # laid out again
    dialog.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{name}-fr-new-game-1280x800.png"))
    clipped += page.evaluate(CLIPPED) + page.evaluate(MENU_CUT)
    page.close()
    assert seats and -1 not in seats, seats
    assert not clipped, "\n".join(clipped)
