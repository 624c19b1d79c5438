"""The Gold am Yukon lesson in-process: its numbers against enumerations written here, its
simulators against the exact law (fixed seeds, 4 standard errors), its sections as a student uses them."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

import mineedu.games.yukon.lesson as YL
from mineedu.core import sample_outcome
from mineedu.core.i18n import NBSP
from mineedu.games.yukon import YukonGame
from mineedu.games.yukon.board import RINGS
from mineedu.games.yukon.lesson import SPEC, law
from mineedu.games.yukon.simulate import turn_pips
from mineedu.ui.lesson import Exercise, Language, Lesson, PredictSection, TournamentSection

from .util import position, turn_law

LAW, _ = turn_law()


@cache
def above(limit: int, s: int = 0) -> Fraction:
    """P(a turn's total > limit | s pips so far, about to throw), by the recursion of the throws."""
    if s > limit:
        return Fraction(1)
    return sum((above(limit, s + 1) if v == 1 else Fraction(int(s + v > limit)) for v in range(1, 7)), Fraction(0)) / 6


def test_the_exact_values_are_the_enumerated_ones() -> None:
    mean, least = SPEC.predict
    assert mean.exact(None) == Fraction(21, 5)
    # the mean from the law (totals up to 8 exact by enumeration; the rest from the recursion's tail)
    assert abs(float(sum(t * q for t, q in LAW.items())) - 4.2) < 0.01
    for k in range(2, 10):
        assert least.exact(k) == above(k - 1) == 1 - sum((q for t, q in LAW.items() if t < k), Fraction(0))
    exact_law = law(None)
    assert all(exact_law[t] == LAW[t] for t in range(2, 9)) and 1 - sum(exact_law.values()) == above(14) < Fraction(3, 10**8)


def test_the_exercise_answers_are_right() -> None:
    e = {i: x.answer for i, x in enumerate(SPEC.exercises)}
    # the mean turns to gather n pips, by the recursion on the first turn, with the law by hand
    def turns(n: int) -> Fraction:
        return Fraction(0) if n <= 0 else 1 + sum((q * turns(n - t) for t, q in LAW.items() if t < n), Fraction(0))

    need = YL.RING_NEED
    assert e[0] == turns(need) and (need, e[0]) == (6, Fraction(2401, 1296))
    assert e[1] == LAW[4] ** 2 == (Fraction(1, 6) + Fraction(1, 36) + Fraction(1, 216)) ** 2
    assert e[2] == above(12) == Fraction(311, 362797056)
    two = above(need - 1) + sum(
        (q * above(need - t - 1) for t, q in LAW.items() if t < need), Fraction(0))
    assert e[3] == two == Fraction(49, 54)
    for x in SPEC.exercises:
        for lang in ("fr", "en"):
            assert x.question[lang] and x.hint[lang] and x.solution[lang]
        assert not re.search(r" [:;]", x.solution["fr"] + x.hint["fr"] + x.question["fr"])


def test_the_simulated_turns_follow_the_exact_law() -> None:
    n = 200_000
    pips = turn_pips(n, np.random.default_rng(2026))
    assert abs(pips.mean() - 4.2) < 4 * math.sqrt(2.24 / n)
    assert abs(pips.var() - 2.24) < 0.05
    for t in range(2, 10):
        p = float(LAW.get(t, above(t - 1) - above(t)))
        assert abs(float(np.mean(pips == t)) - p) < 4 * math.sqrt(p * (1 - p) / n) + 1e-6, t


def test_the_simulator_throws_as_the_engine_does() -> None:
    """The same law, turn by turn: the engine's own chance nodes against the vectorized throws."""
    g = YukonGame(3)
    start = position(g, [RINGS[0], (102,), (211,)], rolling=True)
    rng = np.random.default_rng(7)
    n = 4000
    engine = []
    for _ in range(n):
        s = start
        while s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        engine.append(s.pips)
    sim = turn_pips(n, np.random.default_rng(8))
    for t in range(2, 8):
        a, b = np.mean(np.array(engine) == t), np.mean(sim == t)
        p = float(LAW[t])
        assert abs(a - b) < 4 * math.sqrt(2 * p * (1 - p) / n), t


def test_predict_simulate_compute_as_a_student_does() -> None:
    s = PredictSection(SPEC.predict[0], Language("fr"), seed=4)
    assert s.trials.value == 10_000
    s.receive("reveal", None)
    assert not s.revealed  # no prediction yet
    s.receive("commit", "3,5")
    s.run()
    assert "chart-bar" in s.chart.value and "chart-exact" not in s.chart.value  # the histogram, the law hidden
    s.receive("reveal", None)
    assert s.revealed and "chart-exact" in s.chart.value
    shown = s.exact_box.value
    assert "21/5" in shown and "3,5 + E/6" in shown and "56/25" in shown and "(1/6)/(5/6)" in shown
    assert "7/2" in shown  # the plain die beside it
    k = PredictSection(SPEC.predict[1], Language("en"), seed=4)
    assert k.param is not None and k.param.value == 7
    k.receive("param", 4)
    k.param.value = 4
    k.receive("commit", "0.6")
    k.run()
    k.receive("reveal", None)
    assert "23/36" in k.exact_box.value and "1/6 + 7/36" in k.exact_box.value
    assert "a plain die, no second roll" in k.exact_box.value


def test_the_exercises_check_answers_with_hints() -> None:
    lang = Language("fr")
    four = Exercise(SPEC.exercises[1], 2, lang)
    assert four.check("1849/46656") and four.check("0,0396")
    assert not four.check("43/216") and "Indice" in four.feedback.value
    tail = Exercise(SPEC.exercises[2], 3, lang)
    assert tail.check("311/362797056") and tail.check("0,000000857") and not tail.check("0")
    assert "(réponse acceptée à 10⁻⁹\xa0près)" in tail.prompt.value and tail.prompt.value.count("10⁻⁹") == 1
    turns = Exercise(SPEC.exercises[0], 1, lang)
    assert turns.check("2401/1296") and turns.check("1,85") and not turns.check("2")


def test_the_tournament_plays_the_three_bots_with_intervals() -> None:
    t = TournamentSection(SPEC.tournament, "yukon", Language("fr"), seed=3)  # type: ignore[arg-type]
    result = t.run(10)
    assert result is not None and [r["bot"] for r in result["bots"]] == ["random", "nearest-claim", "value-per-distance"]
    text = t.result.value
    assert "«" + NBSP + "pépites par point" + NBSP + "»" in text and "95" in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_page_builds_with_a_deterministic_board_summary(lang: str) -> None:
    a, b = Lesson(SPEC, lang, seed=1), Lesson(SPEC, lang, seed=99)
    assert a.board_summary() == b.board_summary() == (
        "Gold am Yukon board: seats human, nearest-claim, value-per-distance; P1 to move (start); pips per turn: mean 21/5")
    assert a.game_board.session.state.observation(None).players == 3
    assert "2401/1296" in a.exercises.summary() and "311/362797056" in a.exercises.summary()
