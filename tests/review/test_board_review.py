"""The board's "Review my decisions" (mineedu.ui.review) on a real Board, without a browser:
the button once the game is over (a teacher at any time), each decision's picture and exact figures
(the engine's burn risk), stepping, the summary, refused input."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest

import mineedu
from mineedu.games.gold_mine import odds
from mineedu.ui import Board
from mineedu.ui.review import T as review_texts

SEATS = [None, "burn:0.2", "threshold:0.15", "cautious"]


def finished_board(teacher: bool = False) -> Board:
    game = mineedu.make("gold_mine", 4, rounds=1)
    b = Board(game, seats=SEATS, seed=3, bot_pause_ms=0, teacher=teacher)
    b.review.threaded, b.review.rollouts = False, 12
    me, rng = game.make_bot("burn:0.3"), np.random.default_rng(0)
    while not b.session.state.is_terminal():
        p = b.session.human_to_move()
        if p is None:
            b.finish_bots()
            continue
        s = b.session.state
        b.session.play(me.act(s.observation(p), s.legal_actions(p), rng), p)
        b._after_move()
    b.redraw()
    return b


def shown_burn(b: Board) -> Fraction | None:
    m = re.search(r"data-figure='burn_risk' data-exact='([^']+)'", b.review.table.value)
    return Fraction(m.group(1)) if m else None


def test_the_button_waits_for_the_end_of_the_game() -> None:
    b = Board(mineedu.make("gold_mine", 4), seats=SEATS, seed=3, bot_pause_ms=0)
    assert b.review.button.layout.display == "none"
    b.receive("review", "open")
    assert "Revoir mes décisions" in b.message.value and not b.review.open
    teacher = Board(mineedu.make("gold_mine", 4), seats=SEATS, seed=3, bot_pause_ms=0, teacher=True)
    assert teacher.review.button.layout.display is None


def test_stepping_through_shows_the_engines_burn_risk() -> None:
    b = finished_board()
    assert b.review.button.layout.display is None
    b.receive("review", "open")
    review = b.review.review()
    assert len(review) == sum(p == 0 for p, _ in b.session.moves)
    for k in range(len(review)):
        state = review.events[review.moves[k]].before
        assert f"Décision {k + 1} sur {len(review)}" in b.review.head.value
        assert "<svg" in b.review.picture.value and "votre choix" in b.review.table.value
        if ("explore",) in state.legal_actions(0):
            assert shown_burn(b) == odds.burn_risk(state, 0)
        assert "P(gagner)" in b.review.table.value and "%" in b.review.table.value
        b.receive("review", "next")
    assert b.review.k == len(review) - 1  # no step past the last
    b.receive("review", "prev")
    assert b.review.k == len(review) - 2
    b.receive("lang", "en")
    assert "Decision" in b.review.head.value and "your choice" in b.review.table.value


def test_the_summary_in_words() -> None:
    b = finished_board()
    b.receive("review", "open")
    b.receive("review", "summary")
    words = b.review.words.value
    assert re.search(r"\d+ décisions? sur \d+ au niveau", words) and "on juge une décision sur ce que l" in words


@pytest.mark.parametrize("value", ["delete", ("seat", 7), ("seat", "0"), 3, None])
def test_hostile_review_input_is_refused(value: object) -> None:
    b = finished_board()
    b.receive("review", "open")
    k = b.review.k
    b.receive("review", value)
    assert "Valeur refusée" in b.message.value and b.review.k == k


def test_a_teacher_reviews_any_seat() -> None:
    b = finished_board(teacher=True)
    b.receive("review", "open")
    assert [v for _, v in b.review.seat_box.options] == [0, 1, 2, 3]
    b.receive("review", ("seat", 2))
    assert b.review.review().seat == 2 and "Décision 1" in b.review.head.value


def test_the_progress_bar_moves_while_a_decision_is_worked_out() -> None:
    """Adaptive rollouts (as many as ±5 points need): the bar moves forward in small steps, then is full."""
    b = finished_board()
    b.review.rollouts = None
    seen: list[float] = []
    b.review.progress.observe(lambda ch: seen.append(b.review.progress.value / b.review.progress.max), names="value")
    b.receive("review", "open")
    d = b.review.review().decision(0)
    assert all(o.win is not None and o.win.n > 32 for o in d.options)
    assert seen[-1] == 1.0
    assert b.review.progress.description == "Parties simulées"  # the bar says what it counts
    b.receive("lang", "en")
    assert b.review.progress.description == "Games simulated"
    moving = [x for x in seen if 0 < x < 1]
    assert len(moving) >= 4 and moving == sorted(moving)
    # its length is what ±5 points need (not the most an option may take): no leap at an option's end
    assert max(y - x for x, y in zip([0.0, *seen], seen)) <= 0.15


def test_the_worker_works_out_the_decisions_ahead_while_the_student_reads() -> None:
    """In its thread, once the decision shown is done, the review goes on with the ones after it: stepping
    on shows a decision already worked out (its figures, no progress to wait for)."""
    b = finished_board()
    b.review.threaded = True
    b.receive("review", "open")
    review = b.review.review()
    assert len(review) >= 3
    b.review.join(timeout=120)
    assert sorted(review._cache) == list(range(len(review)))
    b.receive("review", "next")
    assert b.review.k == 1 and b.review.progress.value == b.review.progress.max
    assert all(o.win is not None for o in review._cache[1].options)
    assert "%" in b.review.table.value and review_texts("computing", "fr") not in b.review.table.value


@pytest.mark.parametrize("n", [10, 13, 25, 200])
def test_a_chance_won_in_every_rollout_reads_100_percent_at_both_ends(n: int) -> None:
    """Every rollout won: the bar says "100 % [72 % ; 100 %]", not "> 99 %" beside 100 % (10, 13, 25:
    sizes whose Wilson upper end floating point alone puts just below 1)."""
    from mineedu.review import Option, WinChance
    from mineedu.ui.review import interval_bar

    option = Option("k", ("explore",), 1, {"fr": "x", "en": "x"}, {"fr": "x", "en": "x"}, {}, True, WinChance(n, n))
    text = re.search(r"<span class='mineedu-review-win'>(.*?)</span>", interval_bar(option, "fr")).group(1)
    assert text.startswith("100\u00a0% [") and text.endswith("\u00a0; 100\u00a0%]") and ">" not in text, text
    lost = Option("k", ("explore",), 1, {"fr": "x", "en": "x"}, {"fr": "x", "en": "x"}, {}, True, WinChance(0, n))
    text = re.search(r"<span class='mineedu-review-win'>(.*?)</span>", interval_bar(lost, "en")).group(1)
    assert text.startswith("0% [0%, ") and "<" not in text, text
