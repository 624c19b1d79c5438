"""The cave's lesson in real Chromium against the real Voilà server: whole games played by clicking
the picture, the panel's P(escape) checked after every human move against the engine's own exact
chances for the state the page exports (the checks every lesson passes are in ``test_lessons.py``)."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from mineedu.games.dragon_cave import DragonCaveState
from mineedu.games.dragon_cave.rules import IN, OUT

from .helpers import START
from .lesson import CHOICE, click, displayed_game, wait_ready

APP = "/voila/render/dragon_cave.ipynb"


def engine_escape(state: DragonCaveState, p: int) -> Fraction:
    """P(``p`` gets out if they turn back now and run home alone), from the rules engine itself:
    the other players are taken out of the cave, ``p`` runs home with every point each turn (this
    turn's die, if rolled, as it shows), and the engine's own chance outcomes are summed over exactly."""
    others = tuple(OUT if q != p else IN for q in range(len(state.status)))
    alone = dataclasses.replace(state, status=others, turn=p)
    if not alone.returning[p]:
        alone = dataclasses.replace(alone, returning=tuple(q == p or r for q, r in enumerate(alone.returning)))

    @cache
    def value(s: DragonCaveState) -> Fraction:
        if s.status[p] != IN:
            return Fraction(1 if s.status[p] == OUT else 0)
        if s.is_chance():
            return sum((pr * value(s.apply(o)) for o, pr in s.chance_outcomes()), Fraction(0))
        home = max((a for a in s.legal_actions() if a[1] == -1 and not a[4]), key=lambda a: a[3])
        return value(s.apply(home))

    return value(alone)


def panel_escape(page: Any) -> Fraction | None:
    e = page.locator(".mineedu-panel .odds-escape")
    return Fraction(e.get_attribute("data-exact")) if e.count() else None


CHECKED: list[Fraction] = []


def check_panel(page: Any) -> DragonCaveState:
    """The panel's P(escape) against the engine, for the state the page itself exports."""
    _, state = displayed_game(page)
    assert isinstance(state, DragonCaveState)
    if not state.is_terminal() and state.current_player() == 0 and state.pos[0] >= 0:
        exact = engine_escape(state, 0)
        assert panel_escape(page) == exact, state
        CHECKED.append(exact)
    return state


def play_to_the_end(page: Any) -> DragonCaveState:
    """Click the picture (the deepest card offered, or the exit) and the buttons as a cautious diver
    would: take cards until two, then turn back; check the panel after every human move."""
    state = check_panel(page)
    for _ in range(300):
        if page.locator(".mineedu-over").count():
            return state
        held = len(state.carried[0])
        places = page.locator(".me-picture [data-region].me-active")
        buttons = page.locator(".me-option")
        labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
        if any(label.startswith("Faire demi-tour (une seule") for label in labels):
            want = "Faire demi-tour" if held >= 2 else "Continuer"
        elif any(label.startswith(("Oui, je fais demi-tour", "Faire demi-tour")) for label in labels):
            want = labels[0]
        elif any(label.startswith("Garder toutes") for label in labels):
            want = "Garder toutes"
        elif any(label.startswith("Prendre") for label in labels):
            want = "Prendre" if held < 2 else "La laisser"
        else:
            want = None
        if want is not None:
            target = buttons.filter(has_text=re.compile("^" + re.escape(want))).first
        elif places.count():
            exit_ = page.locator(".me-picture [data-region='exit'].me-active")
            target = exit_ if exit_.count() else places.last
        else:
            target = page.locator(CHOICE).first
        click(page, target)
        if not page.locator(".me-canvas .me-control").count():  # no "← Back": a whole move was played
            state = check_panel(page)
    pytest.fail("the game did not end")


def test_a_whole_game_by_clicking_the_picture(server: str, page: Any) -> None:
    page.goto(server + APP)
    wait_ready(page)
    CHECKED.clear()
    state = play_to_the_end(page)
    assert len(CHECKED) >= 3, CHECKED  # the panel was compared with the engine after several moves
    _, final = displayed_game(page)
    assert isinstance(final, DragonCaveState) and final.is_terminal() and state.game.num_players == 3
    over = page.locator(".mineedu-over").inner_text()
    assert "Partie terminée" in over and "Scores" in over
    assert "Résultats" in page.locator(".mineedu-status").inner_text()
    assert "Hasard" in page.locator(".mineedu-log").inner_text() or not any(c for c in final.carried)


def test_a_game_with_both_dice_chosen_in_the_new_game_dialog(server: str, page: Any) -> None:
    page.goto(server + APP)
    wait_ready(page)
    page.locator(".mineedu-new-toggle").click()
    boxes = page.locator(".mineedu-variant input[type='checkbox']")
    assert boxes.count() == 3
    boxes.nth(1).check()  # the movement die
    boxes.nth(2).check()  # the dragon's die
    page.locator(".mineedu-start").click()
    wait_ready(page)
    _, state = displayed_game(page)
    assert isinstance(state, DragonCaveState) and state.game.config.dice_movement and state.game.config.dice_dragon
    picture = page.locator(".me-picture").inner_text()
    assert re.search(r"au tour de J1 — dé \d − 0 carte = \d pas", picture) and "dé de déplacement (d6)" in picture
    CHECKED.clear()
    play_to_the_end(page)
    assert len(CHECKED) >= 2 and any(0 < p < 1 for p in CHECKED), CHECKED  # dice: real chances, not 0 or 1


def test_the_start_page_opens_the_lesson(server: str, page: Any) -> None:
    page.goto(server + START)
    page.locator(".mineedu-lesson[data-game='dragon_cave'] a.mineedu-lesson-link").click()
    page.wait_for_url("**/dragon_cave.ipynb?lang=fr")
    wait_ready(page)
    assert "Si J1" in page.locator(".mineedu-panel").inner_text() or "J1 entre" in page.locator(".mineedu-panel").inner_text()
