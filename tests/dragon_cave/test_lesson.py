"""The cave's lesson: the race table against a walk of every die, the simulators against the exact
values (fixed seeds, 4 standard errors), the exercises' answers worked out here, and the page in-process."""

from __future__ import annotations

import html
import math
import re
from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np
import pytest

import mineedu.games.dragon_cave.lesson as lesson_module
from mineedu.games.dragon_cave import Config, escape_probability, odds
from mineedu.games.dragon_cave.lesson import LESSON, SPEC, escaped, exact_escape, exact_treasure, race_rows, treasure
from mineedu.ui.lesson import Lesson, lesson

NBSP = "\u00a0"


def plain(markup: str) -> str:
    return re.sub(r"[ \n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def walk(steps: int, dragon: int, per_turn: int, sides: int) -> Fraction:
    """P(a lone returning diver gets out), from the rules (D9, D11) by a walk of the dice, memoised on
    (steps left, dragon's distance): move ``per_turn`` steps; out at the entrance; else the dragon rolls
    and eats the diver if it reaches or passes them."""

    @cache
    def go(a: int, d: int) -> Fraction:
        a -= per_turn
        if a <= 0:
            return Fraction(1)
        return sum((Fraction(1, sides) * (go(a, d - k) if d - k >= a else Fraction(0)) for k in range(1, sides + 1)),
                   Fraction(0))

    return go(steps, dragon)


# --- the race, turn by turn -------------------------------------------------------------------


@pytest.mark.parametrize("sides,cards", [(6, 1), (6, 2), (4, 1), (3, 2)])
def test_the_race_table_ends_with_the_exact_escape_probability(sides: int, cards: int) -> None:
    cfg = Config(dice_dragon=True, die_sides=sides)
    for steps in range(1, 25):
        for dragon in (steps - 1, steps + 4, 23):
            rows = odds.race_table(steps, cards, dragon, cfg)
            assert rows[-1]["alive"] == escape_probability(steps, cards, dragon, cfg) == walk(steps, dragon, 4 - cards, sides)


def test_each_row_of_the_race_table_by_enumerating_every_sequence_of_dice() -> None:
    """Card 19 with one card: after move t the dragon's t dice must total at most 23 − a_t for every t so far."""
    rows = odds.race_table(19, 1, 23, LESSON)
    assert [r["steps_left"] for r in rows] == [16, 13, 10, 7, 4, 1, 0]
    assert [r["limit"] for r in rows] == [7, 10, 13, 16, 19, 22, None]
    for r in rows[:5]:  # up to 5 dice: 7,776 sequences
        t = r["turn"]
        ok = sum(all(sum(dice[:i + 1]) <= 23 - (19 - 3 * (i + 1)) for i in range(t)) for dice in product(range(1, 7), repeat=t))
        assert r["alive"] == Fraction(ok, 6**t), t
        assert sum(r["totals"].values()) == r["alive"] and max(r["totals"]) <= r["limit"]
    assert rows[-1]["alive"] == Fraction(26005, 46656) == exact_escape(19)


def test_the_race_table_is_for_the_dice_dragon_only() -> None:
    with pytest.raises(ValueError, match="dice dragon"):
        odds.race_table(10, 1, 23, Config())
    with pytest.raises(ValueError, match="dice dragon"):
        odds.race_table(10, 1, 23, Config(dice_dragon=True, dice_movement=True))


# --- the simulators ------------------------------------------------------------------------------


@pytest.mark.parametrize("card", [5, 13, 16, 19, 22, 24])
def test_simulated_dives_agree_with_the_exact_value(card: int) -> None:
    n = 20_000
    hits = escaped(card, n, np.random.default_rng(card)).sum()
    p = float(exact_escape(card))
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 4 * se + 1e-12, (card, hits / n, p)


@pytest.mark.parametrize("card", [6, 16, 20])
def test_simulated_treasure_agrees_with_the_exact_mean(card: int) -> None:
    values = treasure(card, 20_000, np.random.default_rng(100 + card)).astype(float)
    se = values.std(ddof=1) / math.sqrt(values.size)
    assert abs(values.mean() - float(exact_treasure(card))) <= 4 * se + 1e-12


def test_a_seed_repeats_its_dives() -> None:
    a, b = (escaped(19, 1000, np.random.default_rng(9)) for _ in range(2))
    assert (a == b).all() and not (a == escaped(19, 1000, np.random.default_rng(10))).all()


# --- the exercises, worked out here ----------------------------------------------------------------


def test_the_exercises_answers() -> None:
    by_hand = [
        Fraction(7 + 7 + 8 + 8 + 9 + 9, 6),  # a Difficult card's mean
        Fraction(4 - 2),  # movement points with two cards
        # the race of a real game (seed 237): on card 5, 3 steps a turn, the dragon 5 cards from the entrance;
        # after the first move on card 2, eaten unless 5 - k >= 2: k <= 3
        Fraction(sum(1 for k in range(1, 7) if 5 - k >= 2), 6),
    ]
    means = [Fraction(sum(f), len(f)) for f in Config().families]
    family = [f for f, fam in enumerate(Config().families) for _ in fam]
    curve = [walk(card, 23, 3, 6) * means[family[card - 1]] for card in range(1, 25)]
    by_hand.append(Fraction(max(range(1, 25), key=lambda card: curve[card - 1])))
    assert [e.answer for e in SPEC.exercises] == by_hand
    assert by_hand[2] == Fraction(1, 2) and by_hand[3] == 13
    race = lesson_module.RACE  # reached by legal moves: a real state of the rules
    assert (race.pos[race.turn] + 1, race.dragon, len(race.carried[race.turn])) == (5, 5, 1)
    assert race.returning[race.turn] and race.status.count("in") == 1


# --- the page, in-process ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def page() -> Lesson:
    return lesson("dragon_cave", seed=2024)


def test_predict_simulate_then_the_exact_table_row_by_row(page: Lesson) -> None:
    s = page.predict_sections[0]
    assert s.param is not None and s.param.value == 19
    s.receive("commit", "0,5")
    s.run()
    assert s.last is not None and s.last["n"] == 10_000
    assert "Simulé" in s.result.value
    s.receive("reveal", None)
    text = plain(s.exact_box.value)
    assert "26005/46656" in text and "S ≤ 7" in text and "dehors" in text
    assert text.count("≈") >= 7  # one per row, and more
    assert "la carte 13" not in text and "7,97" not in text  # exercise 4's answer is not given away
    assert 'data-card="13"' in s.exact_box.value and 'stroke-width="4"' not in s.exact_box.value  # no bar marked
    assert "demi-tour une carte plus tôt (carte 18)" in text and "sans le dé du dragon" in text
    s.param.value = 5  # a new question: a new prediction, a new simulation
    assert not s.revealed and s.last is None


def test_the_race_table_in_both_languages() -> None:
    fr, en = plain(race_rows(13, "fr")), plain(race_rows(13, "en"))
    assert "coup t" in fr and "move t" in en and "dehors" in fr and "out!" in en
    assert "1291/1296" in fr and "99,6" in fr and "99.6" in en


def test_the_tournament_and_its_reading(page: Lesson) -> None:
    t = page.tournament_section
    assert t is not None
    result = t.run(20)
    assert result is not None and [r["bot"] for r in result["bots"]] == ["turnback:1", "turnback:2", "turnback:3", "odds"]
    assert "(95" in t.result.value and "Graine du tournoi" in t.result.value and t.chart.value.startswith("<svg")
    assert "robot des probabilités" in plain(t.result.value)


def test_the_exercises_check_hint_and_solve_in_both_languages(page: Lesson) -> None:
    best = page.exercise_list[3]
    assert not best.check("12") and "Indice" in best.feedback.value
    assert best.check("13") and "Juste" in best.feedback.value
    best.solution_button.value = True
    assert "carte 13" in best.solution.value and "1291/1296" in best.solution.value
    page.language.set("en")
    assert "card 13" in best.solution.value
    page.language.set("fr")
    race = page.exercise_list[2]
    assert race.check("1/2") and race.check("0,500") and not race.check("0,6")
    assert "derrière la carte 5" in race.prompt.value and "5 cartes le séparent de l'entrée" in race.prompt.value


def test_every_french_text_of_the_lesson_has_its_no_break_spaces(page: Lesson) -> None:
    texts = [s.spec.question(19, "fr") for s in page.predict_sections]
    texts += [s.spec.derivation(19, "fr") for s in page.predict_sections]
    texts += [e.spec.question["fr"] + e.spec.hint["fr"] + e.spec.solution["fr"] for e in page.exercise_list]
    texts += [SPEC.rules["fr"], SPEC.title["fr"], SPEC.tournament.question["fr"] if SPEC.tournament else ""]
    for t in texts:
        assert not re.search(r"[^\u00a0][:;?!»]|«[^\u00a0]", plain(t)), plain(t)  # a no-break space before them


def test_the_board_summary_is_the_same_at_every_page_s_start() -> None:
    a, b = lesson("dragon_cave", seed=1), lesson("dragon_cave", seed=99)
    assert a.board_summary() == b.board_summary() == (
        "dragon_cave board: seats human, odds, turnback:2; P1 to move; the dragon 24 cards from the entrance; first card worth 2")
