"""The My Gold Mine board and lesson, driven in-process: clicks, values, hostile input."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction

import numpy as np
import pytest

from mineedu.core import SavedGame
from mineedu.games.gold_mine.board import GoldMineBoard, Lesson, exact_dragon_within, simulate_dragon_within

GOLD = {"nugget": 1, "lantern": 1, "eyes": 2, "dragon": 0}  # D2, restated here on purpose


def visible(board):
    return [b for b in board.buttons if b.layout.display != "none"]


def snapshot(board):
    return (board.session.state, list(board.session.moves))


def hypergeom_reach(counts, need, k):
    """P(at least ``need`` dragons in ``k`` draws), written from the textbook formula."""
    d, n = counts[3], sum(counts)
    k = min(k, n)
    return sum(Fraction(math.comb(d, j) * math.comb(n - d, k - j), math.comb(n, k)) for j in range(need, min(d, k) + 1))


def panel_figures(board):
    """Read the numbers the odds panel shows (as a browser would)."""
    v = board.odds.value
    nxt = re.search(r"class='odds-next'>([^<]+)<", v)
    gold = re.search(r"class='odds-gold'>([^<]+)<", v).group(1)
    reach = dict(re.findall(r"data-k='(\d+)'>([^<]+)<", v))
    return (nxt.group(1) if nxt else None), Fraction(gold), {int(k): Fraction(x) for k, x in reach.items()}


def check_panel_against_engine(board):
    state = board.session.state
    counts = state.explore
    nxt, gold, reach = panel_figures(board)
    n = sum(counts)
    if n:
        assert nxt == f"{counts[3]}/{n}"
        assert gold == Fraction(sum(GOLD[k] * c for k, c in zip(("nugget", "lantern", "eyes", "dragon"), counts)), n)
    p = board.viewer()
    pos = state.positions[p]
    if pos > 0:
        need = state.dragon - pos
        assert reach and all(v == hypergeom_reach(counts, need, k) for k, v in reach.items())
    else:
        assert reach == {}


@pytest.fixture
def board():
    return GoldMineBoard(players=4, seats=[None, "threshold:0.15", "random", "cautious"], seed=5)


def test_first_turn_buttons_and_panel(board):
    assert [b.description for b in visible(board)] == [
        "Explorer : piocher une carte Exploration", "Sortie : piocher une carte Sortie"]
    check_panel_against_engine(board)
    assert "8/58" in board.odds.value


def test_play_a_whole_round_by_clicking(board):
    clicks = 0
    while not board.session.state.results:
        before = board.session.state
        visible(board)[0].click()  # always explore / first option
        assert board.message.value == "", board.message.value
        assert board.session.state != before
        check_panel_against_engine(board)
        clicks += 1
        assert clicks < 100
    result = board.session.state.results[0]
    assert "mineedu-round-result" in board.status.value and "data-round='1'" in board.status.value
    # the table shows the engine's figures
    for i, g in enumerate(result.gold):
        assert f"<td>J{i + 1}</td><td>{g}</td>" in board.status.value
    # the hidden saved game replays to the displayed state
    assert SavedGame(board.session.game, 5, board.session.moves).replay() == board.session.state


def test_exit_card_options_and_swap_target(board):
    from dataclasses import replace

    s = board.session
    state = replace(s.state, positions=(5, 4, 3, 2)).apply(("exit",)).apply("L1|SWAP")
    s.state = state
    board.redraw()
    labels = [b.description for b in visible(board)]
    assert labels == ["Avancer d'1 case vers la sortie", "Échanger sa place avec J2", "Échanger sa place avec J3", "Échanger sa place avec J4"]
    assert "L1|SWAP" in board.status.value
    n = len(s.events)
    visible(board)[3].click()  # swap with J4
    assert board.message.value == ""
    move = s.events[n]
    assert (move.player, move.action) == (0, ("option", "SWAP", 3))
    assert move.after.positions == (2, 4, 3, 5)


def test_show_all_reveals_hidden_gold(board):
    visible(board)[0].click()
    hidden = board.view.value.count("or ?")
    assert hidden >= 1
    board.show_all_box.value = True
    assert board.view.value.count("or ?") == 0
    board.show_all_box.value = False
    assert board.view.value.count("or ?") == hidden


def test_language_switch_and_back(board):
    fr = (board.view.value, board.odds.value, board.status.value, [b.description for b in visible(board)])
    board.lang_switch.value = "en"
    assert "Explore: draw an exploration card" in [b.description for b in visible(board)]
    assert "P(next card is a dragon)" in board.odds.value and "Exit" in board.view.value
    board.lang_switch.value = "fr"
    assert (board.view.value, board.odds.value, board.status.value, [b.description for b in visible(board)]) == fr


def test_undo_last_human_move(board):
    before = snapshot(board)
    visible(board)[0].click()
    board.undo_button.click()
    assert snapshot(board) == before


def test_new_game_six_seats(board):
    board.players_slider.value = 6
    for i, box in enumerate(board.seat_boxes):
        box.value = None if i == 2 else "greedy"
    board.start_button.click()
    s = board.session
    assert s.game.num_players == 6 and s.seats[2] is None and s.seats.count("greedy") == 5
    assert s.human_to_move() == 2 or s.state.is_terminal()


def test_seat_count_outside_3_to_6_refused(board):
    before = snapshot(board)
    board.players_slider.set_state({"min": 1})
    board.players_slider.set_state({"value": 2})
    board.start_button.click()
    assert snapshot(board) == before and "3–6" in board.message.value


def test_final_podium():
    b = GoldMineBoard(players=3, seats=[None, "threshold:0.2", "greedy"], seed=3)
    while not b.session.state.is_terminal():
        visible(b)[-1].click()  # exit card / its last option
    state = b.session.state
    podium = re.findall(r"<li>(\d)ᵉ ([^—]+) — (\d+) points", b.status.value)
    assert [tuple(f"J{p + 1}" for p in place) for place in state.podium()] == [tuple(x[1].strip().split(", ")) for x in podium]
    scores = [state.results[-1].gold[p] + state.tokens[p] for p in range(3)]
    assert [int(x[2]) for x in podium] == [scores[place[0]] for place in state.podium()]
    assert max(scores) == int(podium[0][2])


def test_hostile_move_for_a_bot_and_stale_index(board):
    before = snapshot(board)
    board.receive("move", (1, 0, board.version))
    assert snapshot(board) == before and "robot" in board.message.value
    board.receive("move", (0, 5, board.version))
    assert snapshot(board) == before and "Le choix 5 n&#x27;existe pas" in board.message.value
    board.receive("action", 99)
    assert snapshot(board) == before


# --- the lesson -----------------------------------------------------------------


@pytest.fixture(scope="module")
def page():
    return Lesson(lang="fr", seed=0)


def test_exact_dragon_within_matches_product_formula():
    for k in range(1, 11):
        none = Fraction(1)
        for i in range(k):
            none *= Fraction(50 - i, 58 - i)
        assert exact_dragon_within(k) == 1 - none


def test_exact_dragon_within_matches_brute_force_on_a_small_deck():
    deck = (2, 1, 1, 2)  # 6 cards, 2 dragons
    cards = ["n", "n", "l", "e", "D", "D"]
    orders = list(itertools.permutations(range(6)))
    for k in (1, 2, 3, 5):
        hits = sum(any(cards[i] == "D" for i in o[:k]) for o in orders)
        assert exact_dragon_within(k, deck) == Fraction(hits, len(orders))


def test_simulation_converges_on_the_exact_value():
    k, n = 3, 20000
    hits = simulate_dragon_within(k, n, np.random.default_rng(123))
    p = float(exact_dragon_within(k))
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits.mean() - p) < 4 * se


def test_predict_section_runs_and_shows_both_values(page):
    sec = page.predict_section
    sec.k.value, sec.trials.value = 2, 1000
    sec.button.click()
    assert sec.progress.value == 1000
    assert "428/1653" in sec.result.value  # 1 - (50·49)/(58·57) reduced
    assert sec.chart.outputs  # the chart was drawn on demand


def test_predict_section_refuses_hacked_sliders(page):
    sec = page.predict_section
    runs = sec.runs
    sec.trials.set_state({"max": 10**9})
    sec.trials.set_state({"value": 10**9})
    sec.button.click()
    assert sec.runs == runs and "1000000000" in sec.result.value
    sec.trials.set_state({"max": 20000, "value": 2000})
    sec.k.set_state({"max": 500})
    sec.k.set_state({"value": 400})
    sec.button.click()
    assert sec.runs == runs and "400" in sec.result.value
    sec.k.set_state({"max": 10, "value": 3})


def test_tournament_section(page):
    sec = page.tournament_section
    sec.games.set_state({"min": 0})
    sec.games.set_state({"value": 0})
    sec.button.click()
    assert sec.last is None and "0" in sec.result.value
    sec.games.set_state({"min": 10})
    sec.run(10)
    rates = sec.win_rates()
    assert len(rates) == 5 and math.isclose(sum(r for _, r in rates), 1.0, abs_tol=1e-5)
    assert sec.progress.value == 10 and "%" in sec.result.value


@pytest.mark.parametrize(
    "i, right, wrong",
    [(0, "8/58", "1/8"), (1, f"{50 * 49}/{58 * 57}", "0.5"), (2, f"{20 + 14 + 2 * 16}/58", "1")],
)
def test_exercises_check_answers(page, i, right, wrong):
    ex = page.exercise_list[i]
    assert not ex.check(wrong) and "Pas encore" in ex.feedback.value
    assert ex.check(right) and "Juste" in ex.feedback.value
    assert not ex.check("beaucoup") and "Je ne lis pas" in ex.feedback.value
    approx = f"{float(Fraction(right)) * 100:.3f} %".replace(".", ",")
    assert ex.check(approx)


def test_lesson_language_switch_reaches_every_part(page):
    page.language.switch.value = "en"
    assert page.game_board.lang == "en"
    assert "Explore: draw an exploration card" in [b.description for b in visible(page.game_board)]
    assert page.predict_section.button.description == "Simulate"
    assert page.exercise_list[0].button.description == "Check"
    page.language.switch.value = "fr"
    assert page.game_board.lang == "fr" and page.predict_section.button.description == "Simuler"


def test_parts_summaries(page):
    assert "8/58" in repr(page.board)
    assert "k=1: 4/29" in repr(page.predict)
    bundle = page.board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle and bundle["text/plain"] == repr(page.board)
