"""The Silver & Gold lesson in real Chromium against the real Voilà server: a whole 2-player game
(one human, one bot) played by clicking the picture, the keys R and M, a red cross followed, cards
completed; the panel's placement counts checked against the engine; the bot's dealt cards never
on the page (the checks every lesson passes are in ``test_lessons.py``)."""

from __future__ import annotations

import json
from typing import Any

from mineedu.core import CHANCE
from mineedu.games.silver_gold import CARDS
from mineedu.games.silver_gold.choices import CHOICES
from mineedu.games.silver_gold.shapes import orientations, placement_count

from .lesson import CHANGED, click, displayed_game, import_game, version, wait_ready

LESSON = "/voila/render/silver_gold.ipynb"
# a known deal, one card at a time round the table: the human (J1) gets two purple cards with red
# crosses and two grey ones, the bot (J2) four green cards; then the display
HUMAN, BOT, DISPLAY = (35, 37, 5, 7), (11, 12, 13, 14), (20, 25, 40, 3)
DEAL = [c for pair in zip(HUMAN, BOT, strict=True) for c in pair] + list(DISPLAY)
SAVED = json.dumps({"format": "mineedu-saved-game/1", "game": "silver_gold", "players": 2, "config": {}, "seed": 21,
                    "moves": [[CHANCE, c] for c in DEAL]})


def names(card: int) -> list[str]:
    """How a card is named in words anywhere on the page (log lines, panel, labels)."""
    spaces = (" ", "\u00a0", "\\u00a0", "&nbsp;")  # the lessons' no-break space after n°, however it is carried
    return [f"n°{sp}{card}{end}" for sp in spaces for end in (" (", " ")] + [f"no. {card} (", f"no. {card} "]


def page_text(page: Any) -> str:
    """Everything the page holds: its HTML (every widget's value as drawn) and its visible text."""
    return str(page.evaluate("() => document.documentElement.outerHTML + document.body.innerText"))


def shown_state(page: Any) -> Any:
    """The state the page displays (its own Export, replayed by the engine)."""
    return displayed_game(page)[1]


def key(page: Any, k: str) -> None:
    v = version(page)
    page.keyboard.press(k)
    page.wait_for_function(CHANGED, arg=v)


def chosen_turn(page: Any) -> str | None:
    node = page.locator(".me-picture [data-region^='turn:'].me-selected")
    return node.first.get_attribute("data-region") if node.count() else None


def check_panel(page: Any, state: Any) -> int:
    """The panel's placements per card against the engine's count for the shape to place."""
    b, shape = state.boards[0], state.shape
    checked = 0
    for slot, cid in enumerate(b.cards):
        if cid is None:
            continue
        card = CARDS[cid]
        want = placement_count(b.free(slot), shape, card.rows, card.cols)
        shown = page.locator(f".mineedu-panel .odds-placements[data-slot='{slot}']").get_attribute("data-exact")
        assert int(shown) == want, (slot, shown, want)
        checked += 1
    return checked


def choose_placement(state: Any, want_cross: bool) -> Any:
    """A placement for J1: over a red cross if one is wanted, else on the card closest to completion."""
    b = state.boards[0]
    places = [a for a in state.legal_actions(0) if a[0] == "place"]
    if not places:
        return None
    if want_cross:
        for a in places:
            card = CARDS[b.cards[a[1]]]
            cells = [(a[3] + dr, a[4] + dc) for dr, dc in orientations(state.shape)[a[2]]]
            if any(card.symbol(r, c) == "cross" for r, c in cells):
                return a
    return min(places, key=lambda a: (b.free(a[1]).bit_count(), a))


def test_a_whole_game_by_clicking_the_picture(server: str, page: Any) -> None:
    page.goto(server + LESSON)
    wait_ready(page)
    import_game(page, SAVED)
    wait_ready(page)
    # the keep: the bot's four cards are on the page nowhere, before or after anyone chooses
    text = page_text(page)
    assert all(n not in text for c in BOT for n in names(c)), "a card dealt to the bot is named on the page"
    assert page.locator(".me-picture [data-region^='hand:1:']").count() == 4  # drawn as backs
    assert all(n in page.inner_text(".mineedu-panel") for n in ("n°\u00a035 (", "n°\u00a037 ("))  # the human's own are
    click(page, page.locator(".me-picture [data-region='hand:0:0']"))  # 35
    click(page, page.locator(".me-picture [data-region='hand:0:1']"))  # 37: the keep is complete
    state = shown_state(page)
    kept = state.boards[1].cards
    returned = [c for c in BOT if c not in kept]
    text = page_text(page)
    assert all(n not in text for c in returned for n in names(c)), "a card the bot gave back is named on the page"
    used = {"r": 0, "m": 0, "chain": 0, "panel": 0, "moves": 0}
    for _ in range(400):
        if page.locator(".mineedu-over").count():
            break
        state = shown_state(page)
        if state.is_terminal():
            break
        assert state.phase in ("place", "chain", "replace"), state.phase
        if state.phase == "chain":
            used["chain"] += 1
            a = state.legal_actions(0)[0]
            click(page, page.locator(f".me-picture [data-region='{CHOICES.path(state, 0, a)[-1]}'].me-active"))
        elif state.phase == "replace":
            click(page, page.locator(".me-picture [data-region^='display:'].me-active").first)
        elif state.legal_actions(0) == (("pass",),):
            click(page, page.locator(".me-option").first)
        else:
            used["panel"] += check_panel(page, state)
            a = choose_placement(state, want_cross=used["chain"] == 0)
            if a is None:
                page.locator(".me-option").first.click()  # cross a single box instead
                page.wait_for_function("() => document.querySelectorAll('.me-picture .me-active').length > 0")
                a = next(x for x in state.legal_actions(0) if x[0] == "cross")
                click(page, page.locator(f".me-picture [data-region='{CHOICES.path(state, 0, a)[-1]}'].me-active"))
            else:
                card_key, turn_key, box_key = CHOICES.path(state, 0, a)
                v = version(page)
                page.locator(f".me-picture [data-region='{card_key}'].me-active").click()
                page.wait_for_function(CHANGED, arg=v)
                if used["m"] == 0:  # once at least each: the mirror, a turn; then rotate to the orientation wanted
                    key(page, "m")
                    used["m"] += 1
                elif used["r"] == 0:
                    key(page, "r")
                    used["r"] += 1
                for _turn in range(9):
                    if chosen_turn(page) == turn_key:
                        break
                    key(page, "r")
                    used["r"] += 1
                assert chosen_turn(page) == turn_key
                target = page.locator(f".me-picture [data-region='{box_key}'].me-active")
                page.mouse.move(0, 0)  # the pointer comes in from elsewhere (it may rest where the last move was)
                target.hover()  # the preview: the shape drawn where the pointer is
                assert page.locator(".me-hover use").count() == len(orientations(state.shape)[a[2]])
                click(page, target)
        used["moves"] += 1
    else:
        raise AssertionError("the game did not end")
    final = shown_state(page)
    assert final.is_terminal()
    assert used["r"] >= 1 and used["m"] >= 1 and used["chain"] >= 1 and used["panel"] >= 20, used
    assert final.boards[0].completed, "J1 completed no card"
    status = page.inner_text(".mineedu-status")
    assert "Partie terminée" in status and ("gagne avec" in status or "se partagent la victoire" in status)
