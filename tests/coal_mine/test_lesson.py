"""The Mine (coal) lesson, in-process: its exact values against the rules and brute force, its
simulators against the exact values (fixed seeds, 4 standard errors), its page and exercises."""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from mineedu.core.i18n import NBSP
from mineedu.games.coal_mine import CoalMineGame, CoalMineState
from mineedu.games.coal_mine import lesson as L
from mineedu.ui.lesson import Exercise, Language, lesson, lesson_spec

from .helpers import hand_of, resolve
from .test_board import brute_at_least_one, mixed_2x2


def coal_difference(raider_plays: str, target_plays: str) -> int:
    """One round of the lesson's raid played by the rules: a Chief each, the target holding 2 coal;
    the raider's coal gain minus the target's."""
    g = CoalMineGame(2, recruit_base=0)
    mine = ("raid", "chief", 1) if raider_plays == "raid" else ("mine", "chief", -1)
    theirs = ("tower", "chief", -1) if target_plays == "defend" else ("mine", "chief", -1)
    s = resolve(g, [[mine], [theirs]], coal=(0, 2), central=50, caps=(None, 0))
    return s.coal[0] - (s.coal[1] - 2)


def test_the_lessons_raid_game_is_the_rules_own_raid() -> None:
    by_rules = tuple(tuple(coal_difference(r, t) for t in ("mine", "defend")) for r in ("mine", "raid"))
    assert by_rules == L.GAME == ((0, 3), (1, 0))
    x, y, v = mixed_2x2(by_rules)
    assert (L.P_ATTACK, L.P_DEFEND, L.VALUE) == (x, y, v) == (Fraction(3, 4), Fraction(1, 4), Fraction(3, 4))


@pytest.mark.parametrize("percent", [0, 10, 30, 50, 75, 90, 100])
def test_the_exact_gains_are_the_expectations_by_hand(percent: int) -> None:
    x = Fraction(percent, 100)
    y = Fraction(1, 4)
    # against the equilibrium defender: rows mine/raid with 1 - x, x; columns mine/defend with 3/4, 1/4
    by_hand = (1 - x) * (1 - y) * 0 + (1 - x) * y * 3 + x * (1 - y) * 1 + x * y * 0
    assert L.gain_against_equilibrium(percent) == by_hand == Fraction(3, 4)
    # against a rival who reads x: the column that gives me least
    assert L.gain_against_a_reader(percent) == min(x * 1, (1 - x) * 3)


def test_only_the_equilibrium_guarantees_the_value_against_a_reader() -> None:
    gains = {p: L.gain_against_a_reader(p) for p in range(101)}
    assert max(gains.values()) == L.VALUE and [p for p, g in gains.items() if g == L.VALUE] == [75]


def _within(values: np.ndarray, exact: Fraction, sd: float) -> bool:
    return abs(float(values.mean()) - float(exact)) < 4 * sd / math.sqrt(len(values))


def test_the_simulators_agree_with_the_exact_values() -> None:
    rng = np.random.default_rng(20261201)
    n = 40_000
    for p in (0, 30, 75, 100):
        sims = L.simulate_against_equilibrium(p, n, rng)
        assert set(np.unique(sims)) <= {0, 1, 3}
        assert _within(sims, L.gain_against_equilibrium(p), 3.0)  # payoffs lie in 0..3: sd at most 1.5
        assert _within(L.simulate_against_a_reader(p, n, rng), L.gain_against_a_reader(p), 3.0)
    for k in (1, 3, 6):
        sims = L.simulate_pipe(k, n, rng)
        assert _within(sims, L.exact_pipe(k), 0.5)


def test_the_lessons_simulators_agree_with_the_speed_modules() -> None:
    """Two implementations of the same chance: the lesson's per-trial simulators (a running mean
    on the page) and ``simulate.py``'s counts (which the speed checks hold against the engine)."""
    from mineedu.games.coal_mine import simulate as S

    rng = np.random.default_rng(7)
    n = 60_000
    for k in (1, 3):
        theirs = S.recruit_draws(good=L.PIPES, deck=L.UNSEEN, draws=k, trials=n, rng=rng).at_least(1).frequency
        ours = float(L.simulate_pipe(k, n, rng).mean())
        assert abs(theirs - ours) < 4 * math.sqrt(2 * 0.25 / n)
    rounds = S.raid_rounds(L.ATTACK, L.ATTACK, L.STOCK, n, rng)  # both at the equilibrium
    assert rounds.rows == ("mine", "attack") and abs(rounds.payoff.mean()[0] - float(L.VALUE)) < 4 * 1.5 / math.sqrt(n)
    assert abs(float(L.simulate_against_equilibrium(75, n, rng).mean()) - rounds.payoff.mean()[0]) < 8 * 1.5 / math.sqrt(n)


def test_the_recruitment_question_is_hypergeometric_by_brute_force() -> None:
    g = CoalMineGame(3)
    unseen = [k for k, c in zip(g.kinds, g.card_counts) for _ in range(c)]
    for kind in (["miner"] * 4 + ["pipe"] * 4) * 3:  # the three starting hands are public
        unseen.remove(kind)
    assert (L.UNSEEN, L.PIPES) == (len(unseen), unseen.count("pipe")) == (46, 12)
    for k in (1, 2, 3):
        assert L.exact_pipe(k) == brute_at_least_one(unseen, "pipe", k)


def test_the_exercises_answers_by_independent_counts() -> None:
    spec = lesson_spec("coal_mine")
    assert spec is not None
    hyper, pennies, mined, firedamp = (e.answer for e in spec.exercises)
    assert hyper == brute_at_least_one(["pipe"] * 4 + ["other"] * 8, "pipe", 2) == Fraction(19, 33)
    assert pennies == mixed_2x2(((0, 2), (2, 0)))[0] == Fraction(1, 2)
    # round 1: every hand is the public starting hand, without a single grisou card; by the rules,
    # every placement a seat could make at the first decision lays no grisou on Events
    start = CoalMineGame(3, dummy=True).initial_state()
    assert firedamp == 0 and not any(a[1:2] == ("event",) for a in start.legal_actions(0))
    assert all(h[start.game.index["grisou"]] == 0 for h in start.hands)
    # the expected coal mined, through the rules: each rival lays a grisou with probability 1/4
    g = CoalMineGame(3)
    expected = Fraction(0)
    for lays in itertools.product((False, True), repeat=2):
        boards = [[("mine", "miner", -1), ("mine", "foreman", -1)]] + [[("event", "grisou", -1)] if x else [] for x in lays]
        s = resolve(g, boards, central=50, caps=(None, 0))
        got = next(e[2] for e in s.log if e[0] == "mine" and e[1] == 0)
        expected += Fraction(1, 4) ** sum(lays) * Fraction(3, 4) ** (2 - sum(lays)) * got
    assert mined == expected == Fraction(27, 16)


def test_the_exercises_check_answers_with_hints_in_both_languages() -> None:
    spec = lesson_spec("coal_mine")
    assert spec is not None
    ex = Exercise(spec.exercises[0], 1, Language("fr"))
    assert ex.check("19/33") and ex.check("0,576")
    assert not ex.check("0,5") and "Indice" in ex.feedback.value
    ex.language.set("en")
    assert "Hint" in ex.feedback.value and "8 others" in ex.feedback.value
    for e in spec.exercises:
        for lang in ("fr", "en"):
            assert e.question[lang] and e.hint[lang] and e.solution[lang]
        assert " :" not in e.question["fr"] and " ?" not in e.question["fr"]  # no-break spaces in French


def test_the_page_seats_a_human_a_bot_and_the_dummy_and_its_summary_is_the_same_for_any_seed() -> None:
    pages = [lesson("coal_mine", seed=s) for s in (1, 2)]
    board = pages[0].game_board
    assert board.game.num_players == 3 and board.game.config.dummy and board.game.auto_seats() == (2,)
    assert board.session.seats == [None, "mix", "random"] and board.session.human_to_move() == 0
    assert pages[0].board_summary() == pages[1].board_summary()
    assert "9196/15180" in pages[0].board_summary() and "P(attack) = 1/2" in pages[0].board_summary()
    assert "(fictif)" in board.canvas.svg


def test_predict_simulate_compute_and_the_tournament_on_the_page() -> None:
    page = lesson("coal_mine", lang="en", seed=3)
    eq, reader, pipe = page.predict_sections
    eq.receive("commit", "0.5")
    eq.run()
    eq.receive("reveal", None)
    assert "Exact value: 3/4" in eq.exact_box.value and "whatever x" in eq.exact_box.value
    reader.receive("commit", "0.2")
    reader.receive("reveal", None)
    assert "Exact value: 0 " in reader.exact_box.value and "predictable raider" in reader.exact_box.value
    pipe.receive("commit", "70%")
    pipe.receive("reveal", None)
    assert "209/345" in pipe.exact_box.value and "with replacement" in pipe.exact_box.value
    t = page.tournament_section
    assert t is not None
    result = t.run(20)
    assert result is not None and [r["bot"] for r in result["bots"]] == ["random", "steady", "raider", "mix"]
    best = max(result["bots"], key=lambda r: r["win"]["mean"])["bot"]
    assert "Best here" in t.result.value and page.game_board.game.bot_name(best, "en") in t.result.value
    page.language.set("fr")
    assert f"Le meilleur ici{NBSP}:" in t.result.value and "Valeur exacte" in eq.exact_box.value


def test_the_lessons_words_are_french_and_english_with_french_typography() -> None:
    page = lesson("coal_mine", lang="fr", seed=4)
    text = page.header.widget.children[2].value + page.predict_sections[0].question.value
    assert "Mine (charbon)" in text and re.search(r"\w :", text) is None
    page.language.set("en")
    assert "Mine (coal)" in page.header.widget.children[2].value


def test_the_board_summary_follows_the_position() -> None:
    page = lesson("coal_mine", seed=5)
    s = page.game_board.session.state
    g = page.game_board.game
    assert isinstance(s, CoalMineState) and isinstance(g, CoalMineGame) and s.current_player() == 0
    page.game_board.session.state = replace(s, hands=(hand_of(g, chief=1, miner=1),) + s.hands[1:])
    # P1's strongest card is now a chief and P2 holds 2 coal: the lesson's own raid game
    assert f"P(attack) = {L.P_ATTACK}, value {L.VALUE}" in page.board_summary()
