"""The Mine (coal) lesson in real Chromium against the real Voilà server: a whole 3-player game
(one human, the mix bot and the dummy player) played by clicking the picture until the final
scores show, the decision panel checked against the engine on the very positions shown, and
nothing of another player's hand or face-down cards on the page (the checks every lesson
passes are in ``test_lessons.py``)."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import comb

import pytest

from .lesson import click, displayed_game, wait_ready

APP = "/voila/render/coal_mine.ipynb"
NAMES_FR = ("Mineur", "Tuyauteur", "Porion", "Chef porion", "Grisou", "Grève", "Wagonnet", "Renfort")


def pipe_odds_by_hand(state, p: int, draws: int) -> Fraction:
    """P(at least one pipe-miner among the next ``draws`` cards, for ``p`` counting cards), counted
    here from the state: every card of the game less p's hand (and face-down cards), the cards face
    up on the boards, the discard pile, and what p knows the others hold (their public starting
    hand less every card they turned up, ``state.shown``); the deck is a part of the rest taken at
    random, the discard replaces it once it is empty."""
    g = state.game
    revealed = state.phase in ("draw", "discard", "tiebreak", "over")
    pool = {k: c - state.hands[p][i] - state.discard[i] for i, (k, c) in enumerate(zip(g.kinds, g.card_counts))}
    for q, board in enumerate(state.boards):
        if q == p or revealed:
            for _, k, _ in board:
                pool[k] -= 1
    start = dict(g.config.start_hand)
    for q in range(g.num_players):
        if q == p:
            continue
        up = {k: state.shown[q][i] if state.shown else 0 for i, k in enumerate(g.kinds)}
        if revealed:
            for _, k, _ in state.boards[q]:
                up[k] += 1
        for k, c in start.items():
            pool[k] -= max(0, c - up[k])
    n, pipes, deck = sum(pool.values()), pool["pipe"], sum(state.deck)
    if draws <= deck:
        return 1 - Fraction(comb(n - pipes, draws), comb(n, draws))
    disc, dpipes = sum(state.discard), state.discard[g.index["pipe"]]
    rest = min(draws - deck, disc)
    return 1 - Fraction(comb(n - pipes, deck), comb(n, deck)) * Fraction(comb(disc - dpipes, rest), comb(disc, rest))


def raid_by_hand(attack: int, stock: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The raid with ``attack`` helmets against a rival as strong holding ``stock`` coal, from the
    rules read by hand: a card not sent raiding or defending mines its helmets; a raid takes
    attack − defence coal, at most the stock (my gain minus the rival's)."""
    loot = min(attack, stock)
    return ((0, attack), (2 * loot - attack, 0))


def is_equilibrium(m, x: Fraction, y: Fraction, v: Fraction) -> bool:
    """Neither side gains by leaving its mix (x = P(raid), y = P(defend)), and v is what both get."""
    rows = [(1 - y) * m[i][0] + y * m[i][1] for i in (0, 1)]
    cols = [(1 - x) * m[0][j] + x * m[1][j] for j in (0, 1)]
    return max(rows) == v == min(cols)


def check_panel(page) -> object:
    """The panel's figures against the engine, for the position the page itself exports."""
    _, state = displayed_game(page)
    if state.is_terminal() or state.current_player() != 0:
        return state
    pipe = page.locator(".mineedu-panel .odds-pipe")
    if pipe.count():
        draws = int(pipe.get_attribute("data-draws"))
        laid = [k for sp, k, _ in state.boards[0] if sp == "recruit"]
        assert draws == 2 + max(1, sum(state.game.helmets[k] for k in laid))
        assert Fraction(pipe.get_attribute("data-exact")) == pipe_odds_by_hand(state, 0, draws)
    hand = [k for k, c in zip(state.game.kinds, state.hands[0]) if c and state.game.helmets[k]]
    raids = page.locator(".mineedu-panel .odds-raid")
    assert raids.count() == (2 if hand else 0)
    for i in range(raids.count()):
        r = raids.nth(i)
        t, a = int(r.get_attribute("data-target")), int(r.get_attribute("data-attack"))
        assert a == max(state.game.helmets[k] for k in hand)
        x, y, v = (Fraction(r.locator(f".odds-{k}").get_attribute("data-exact")) for k in ("attack", "defend", "value"))
        assert is_equilibrium(raid_by_hand(a, state.coal[t]), x, y, v)
    return state


def others_hidden(page, state) -> None:
    """The page shows another board's face-down cards as backs and counts, and another hand as a size."""
    svg = page.locator(".me-picture svg").first.inner_html()
    revealed = state.phase in ("draw", "discard", "tiebreak", "over")
    for q in (1, 2):
        marker = f'data-region="target:{q}"'
        block = svg.split(marker)[1].split('data-region="target:')[0] if marker in svg else ""
        if block and not revealed:
            assert not any(f">{n}<" in block or f">{n} " in block for n in NAMES_FR), f"P{q + 1}'s cards show"
            assert block.count('fill="#4a4a4a"') == len(state.boards[q])
    log = page.locator(".mineedu-log").inner_text()
    for line in log.splitlines():
        if re.match(r"J[23]( \(joueur fictif\))? (pose|reçoit) ", line) and "Résolution" not in line:
            assert not any(n in line for n in NAMES_FR), line


def test_play_a_whole_game_by_clicking_the_picture(server, page):
    page.goto(server + APP)
    wait_ready(page)
    assert "J3 (fictif)" in page.locator(".me-picture svg").first.inner_html()
    rng = random.Random(15)
    checked = 0
    for moves in range(1, 401):
        if page.locator(".mineedu-over").count():
            break
        regions = page.locator(".me-canvas .me-active")
        keys = [regions.nth(i).get_attribute("data-region") for i in range(regions.count())]
        cards = [k for k in keys if k.startswith("card:")]
        if cards and page.locator(".me-canvas .me-option").count() and rng.random() < 0.1:
            click(page, page.locator(".me-canvas .me-option").first)  # pass, now and then
        elif keys:
            spaces = [k for k in keys if k.startswith("space:")]
            if spaces:  # prefer recruiting and mining, raid now and then
                weights = [3 if k in ("space:recruit", "space:mine") else 1 for k in spaces]
                key = rng.choices(spaces, weights)[0]
            else:
                key = rng.choice(keys)
            click(page, page.locator(f".me-canvas .me-active[data-region='{key}']"))
        else:
            click(page, page.locator(".me-canvas .me-option").first)
        if moves % 5 == 1:  # the panel against the engine, on the position shown (not after every move: slow)
            state = check_panel(page)
            others_hidden(page, state)
            checked += 1
    else:
        pytest.fail("the game did not end")
    _, state = displayed_game(page)
    assert state.is_terminal() and checked >= 5
    status = page.locator(".mineedu-status").inner_text()
    assert "Scores finaux" in status and "points" in status


def test_the_raid_lesson_reveals_the_value_after_a_prediction(server, page):
    page.goto(server + APP)
    section = page.locator(".mineedu-predict").first
    reveal = section.locator(".mineedu-reveal button, button.mineedu-reveal").first
    reveal.wait_for()
    section.locator(".mineedu-simulate").first.click()
    section.locator(".mineedu-chart-box svg").first.wait_for()
    assert reveal.is_disabled()
    section.locator(".mineedu-guess input").first.fill("1")
    section.locator(".mineedu-commit").first.click()
    page.wait_for_function("b => !b.disabled", arg=reveal.element_handle())
    reveal.click()
    section.locator(".mineedu-exact-value").first.wait_for()
    assert "3/4" in section.locator(".mineedu-exact").first.inner_text()


def test_the_address_opens_english(server, page):
    page.goto(server + APP + "?lang=en")
    wait_ready(page)
    assert "Your turn" in page.locator(".mineedu-status").inner_text()
    assert "P(at least one Pipe-miner" in page.locator(".mineedu-panel").inner_text()
    assert page.title() == "Mine (coal): drawing cards and choosing in secret"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_at_the_start_the_panel_and_the_lesson_give_209_over_345(server, page, lang):
    """Counting cards, the starting hands are public: the 46 deck cards, 12 pipe-miners, 3 drawn."""
    page.goto(server + APP + ("?lang=en" if lang == "en" else ""))
    wait_ready(page)
    pipe = page.locator(".mineedu-panel .odds-pipe").first
    pipe.wait_for()
    assert Fraction(pipe.get_attribute("data-exact")) == Fraction(209, 345) and pipe.get_attribute("data-draws") == "3"
    shown = "60,6\u00a0%" if lang == "fr" else "60.6%"
    assert page.locator(".mineedu-panel .odds-pipe-pct").first.inner_text().replace(" ", "\u00a0") == shown
    why = page.locator(".mineedu-panel .odds-why").first.inner_text()
    assert ("En comptant les cartes" in why and "46 cartes" in why) if lang == "fr" else \
        ("With card counting" in why and "46 cards" in why)
    # the lesson's recruitment question (its third predict section), k = 3 by default
    section = page.locator(".mineedu-predict").nth(2)
    assert "46" in section.inner_text() and "12" in section.inner_text()
    section.locator(".mineedu-guess input").first.fill("0,5")
    section.locator(".mineedu-commit").first.click()
    reveal = section.locator(".mineedu-reveal button, button.mineedu-reveal").first
    page.wait_for_function("b => !b.disabled", arg=reveal.element_handle())
    reveal.click()
    value = section.locator(".mineedu-exact-value").first
    value.wait_for()
    assert "209/345" in value.inner_text() and shown in value.inner_text().replace(" ", "\u00a0")
