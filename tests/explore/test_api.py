"""The exploration API each game exports (``from mineedu.games.<game> import ...``).

Every exact value is checked against one computed here another way: a formula
worked by hand, or a brute-force enumeration written in this file (not the
package's dynamic programming or hypergeometric code). Simulations: fixed
seeds, tolerances stated beside each check (about 5 standard deviations).
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest

import mineedu
from mineedu.games import coal_mine, dragon_cave, gold_mine, silver_gold, yukon

API = {
    gold_mine: ["burn_risk", "dragons_in_next", "gold_change", "p_dragon_next", "p_dragon_within", "simulate_burn"],
    dragon_cave: ["break_even_depth", "card_expectation", "escape_probability", "movement_distribution",
                  "simulate_escape", "turn_back_curve"],
    yukon: ["pip_distribution", "pip_mean", "pip_probability", "simulate_pips", "simulate_turns", "turns_to_collect"],
    silver_gold: ["orientations", "p_shape_this_round", "placement_count", "placements", "simulate_shape"],
    coal_mine: ["p_at_least", "p_at_least_one", "raid_equilibrium", "raid_game", "simulate_raid", "simulate_recruit"],
}


@pytest.mark.parametrize("package", list(API), ids=lambda p: p.__name__.rsplit(".", 1)[-1])
def test_each_game_exports_its_api_with_runnable_examples(package):
    for name in API[package]:
        assert name in package.__all__, f"{package.__name__}.{name} is not in __all__"
        fn = getattr(package, name)
        assert fn.__doc__ and (">>>" in fn.__doc__ or name in ("placements", "placement_count")), name


# --- My Gold Mine -------------------------------------------------------------------------


@pytest.mark.parametrize("cards,dragons,eyes,lanterns", [(54, 5, 16, 0), (51, 5, 16, 14), (40, 4, 12, 10), (3, 1, 1, 1)])
def test_burn_risk_next_to_dragobert_is_dragons_plus_eyes_over_cards(cards, dragons, eyes, lanterns):
    by_hand = Fraction(dragons + eyes, cards)  # a dragon moves him onto me, an eyes card walks me onto him
    assert gold_mine.burn_risk(cards=cards, dragons=dragons, eyes=eyes, lanterns=lanterns, distance=1) == by_hand
    assert gold_mine.burn_risk(cards=cards, dragons=dragons, eyes=eyes, lanterns=lanterns, distance=2) == 0
    assert gold_mine.p_dragon_next(cards=cards, dragons=dragons) == Fraction(dragons, cards)


def test_gold_change_counts_the_gold_won_and_the_gold_lost():
    held, cards, dragons, eyes, lanterns = 3, 51, 5, 16, 14
    nuggets = cards - dragons - eyes - lanterns
    by_hand = Fraction(nuggets + lanterns - (dragons + eyes) * held, cards)
    assert gold_mine.gold_change(cards=cards, dragons=dragons, eyes=eyes, lanterns=lanterns, held=held) == by_hand


def _near():
    """The notebook's position: four nuggets then three dragons; P4 to move, next to Dragobert."""
    s = mineedu.make("gold_mine", players=4).initial_state()
    for card in ["nugget"] * 4 + ["dragon"] * 3:
        s = s.apply(("explore",)).apply(card)
    return s


def test_burn_risk_of_a_state_its_view_and_its_description_agree():
    s = _near()
    assert (s.dragon, s.positions[3], sum(s.explore)) == (5, 4, 51)
    by_hand = Fraction(5 + 16, 51)
    assert gold_mine.burn_risk(s) == gold_mine.burn_risk(s.observation(3)) == by_hand
    assert gold_mine.burn_risk(cards=51, dragons=5, eyes=16) == by_hand


def test_p_dragon_within_is_one_minus_no_dragon_in_every_ordered_draw():
    deck = ["d"] * 3 + ["x"] * 6
    for k in range(0, 5):
        draws = list(itertools.permutations(range(len(deck)), k))
        hit = sum(any(deck[i] == "d" for i in d) for d in draws)
        assert gold_mine.p_dragon_within(k, 3, 9) == Fraction(hit, len(draws))


@pytest.mark.parametrize("call,words", [
    (lambda: gold_mine.burn_risk(), "describe the position"),
    (lambda: gold_mine.burn_risk(cards=5, dragons=6), "cannot hold"),
    (lambda: gold_mine.burn_risk(cards=10, dragons=2, distance=0), "cards from Dragobert"),
    (lambda: gold_mine.burn_risk(cards=10, dragons=-1), "whole numbers >= 0"),
    (lambda: gold_mine.burn_risk(_near(), cards=10, dragons=2), "not both"),
    (lambda: gold_mine.burn_risk(_near(), player=7), "player 7 does not exist"),
    (lambda: gold_mine.p_dragon_within(70, 8, 58), "cannot draw 70 cards"),
])
def test_gold_mine_bad_input_says_what_is_wrong(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_simulate_burn_follows_the_exact_risk():
    exact = gold_mine.burn_risk(_near())
    f = gold_mine.simulate_burn(_near(), trials=100_000, seed=5)
    assert f.trials == 100_000 and abs(f.frequency - float(exact)) < 0.008  # sd 0.0016
    lo, hi = f.ci95
    assert lo < f.frequency < hi
    # the same numbers described: the same trials
    assert gold_mine.simulate_burn(cards=51, dragons=5, eyes=16, trials=1000, seed=5) == \
        gold_mine.simulate_burn(_near(), trials=1000, seed=5)
    with pytest.raises(ValueError, match="face up"):
        gold_mine.simulate_burn(mineedu.make("gold_mine", 4, deck_mode="face_up").initial_state())


# --- the dragon's cave ----------------------------------------------------------------------


def _race_by_enumeration(steps: int, cards: int, dragon: int, sides: int = 6) -> Fraction:
    """A lone diver against the dice dragon, every sequence of dragon throws enumerated.

    Each turn the diver moves 4 - cards (out when no step is left); then the
    dragon moves a die toward the entrance and eats the diver once it is
    nearer the entrance than them, or at it.
    """
    move = 4 - cards
    turns = -(-steps // move)  # the diver's moves until out
    escaped = 0
    for throws in itertools.product(range(1, sides + 1), repeat=turns - 1):
        a, g, alive = steps, dragon, True
        for k in throws:
            a -= move
            g -= k
            if a > g or g <= 0:
                alive = False
                break
        escaped += alive
    return Fraction(escaped, sides ** (turns - 1))


@pytest.mark.parametrize("depth,cards", [(3, 1), (8, 1), (12, 1), (14, 2), (20, 1)])
def test_escape_probability_from_a_depth_matches_every_dice_sequence(depth, cards):
    dice = dragon_cave.Config(dice_dragon=True)
    steps, dragon = depth + 1, dice.cards - cards  # the diver turns back there: the dragon behind the last card
    exact = dragon_cave.escape_probability(depth=depth, cards=cards, config=dice)
    assert exact == _race_by_enumeration(steps, cards, dragon)
    assert exact == dragon_cave.escape_probability(steps, cards, dragon, dice)


def test_escape_probability_by_hand_and_of_a_state():
    dice = dragon_cave.Config(dice_dragon=True)
    # 3 steps, then the dragon 4 cards away must not come past the last step: throws 1, 2, 3
    assert dragon_cave.escape_probability(steps=4, cards=1, dragon=4, config=dice) == Fraction(1, 2)
    s = dragon_cave.simulate.lone_diver(steps=13, cards=1, dragon=14, config=dice)  # a real state of the game
    p = s.turn
    by_enumeration = _race_by_enumeration(s.pos[p] + 1, len(s.carried[p]), s.dragon)
    assert 0 < by_enumeration < 1
    assert dragon_cave.escape_probability(s) == by_enumeration
    assert dragon_cave.escape_probability(s.observation(p)) == by_enumeration


def test_card_expectation_of_a_state_leaves_out_the_values_seen():
    cfg = dragon_cave.Config()
    assert dragon_cave.card_expectation(cfg, 2) == Fraction(7 + 7 + 8 + 8 + 9 + 9, 6)
    assert dragon_cave.card_expectation(cfg, 1, seen=[4, 6]) == Fraction(4 + 5 + 5 + 6, 4)
    s = mineedu.make("dragon_cave", 3).initial_state()
    assert dragon_cave.card_expectation(s, 0) == Fraction(1 + 1 + 2 + 2 + 3 + 3, 6)  # nothing turned over yet


@pytest.mark.parametrize("call,words", [
    (lambda: dragon_cave.escape_probability(), "describe the race"),
    (lambda: dragon_cave.escape_probability(depth=30), "depth is a card of the path"),
    (lambda: dragon_cave.escape_probability(4, -1, 4), "whole numbers >= 0"),
    (lambda: dragon_cave.escape_probability(4, 9, 4), "at most 3 cards"),
    (lambda: dragon_cave.escape_probability(depth=3, steps=4), "not both"),
    (lambda: dragon_cave.escape_probability(mineedu.make("dragon_cave", 3).initial_state()), "not on a card"),
    (lambda: dragon_cave.card_expectation(dragon_cave.Config(), 7), "families are 0 to 3"),
])
def test_dragon_cave_bad_input_says_what_is_wrong(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_simulate_escape_follows_the_exact_race():
    dice = dragon_cave.Config(dice_dragon=True)
    exact = dragon_cave.escape_probability(depth=20, config=dice)
    f = dragon_cave.simulate_escape(depth=20, config=dice, trials=100_000, seed=2)
    assert abs(f.frequency - float(exact)) < 0.008  # sd 0.0015


# --- Gold am Yukon --------------------------------------------------------------------------


def _pips_by_enumeration(total: int, sides: int, reroll: int) -> Fraction:
    """P(a turn gives ``total`` pips): every sequence of throws that ends the turn on ``total``."""
    p = Fraction(0)
    for n in range(1, total + 1):
        for throws in itertools.product(range(1, sides + 1), repeat=n):
            again = [t == reroll for t in throws]
            if all(again[:-1]) and not again[-1] and sum(throws) == total:
                p += Fraction(1, sides**n)
    return p


@pytest.mark.parametrize("sides,reroll", [(6, 1), (4, 1), (6, 6), (5, 0)])
def test_pip_odds_of_a_game_match_every_sequence_of_throws(sides, reroll):
    game = mineedu.make("yukon", players=3, sides=sides, reroll=reroll)
    state = game.initial_state()
    for total in range(1, 9):
        exact = _pips_by_enumeration(total, sides, reroll)
        assert yukon.pip_probability(total, die=state) == exact
        assert yukon.pip_probability(total, sides=sides, reroll=reroll) == exact
    dist, _ = yukon.pip_distribution(8, die=game.config)
    assert dist == {t: _pips_by_enumeration(t, sides, reroll) for t in range(1, 9)}


@pytest.mark.parametrize("sides", range(2, 9))
def test_pip_mean_solves_its_equation(sides):
    mean_face = Fraction(sides + 1, 2)
    # E = mean face + (1/sides) E: a throw of the re-roll face starts a fresh turn, added
    assert yukon.pip_mean(sides=sides) == mean_face / (1 - Fraction(1, sides))
    assert yukon.pip_mean(sides=sides, reroll=0) == mean_face


def test_turns_to_collect_by_enumeration_for_a_small_need():
    # need 3 with the game's die: one turn unless it gives exactly 2 pips (1/6), then a second always
    dist, tail, mean = yukon.turns_to_collect(3)
    assert dist[1] == Fraction(5, 6) and dist[2] == Fraction(1, 6) and tail == 0 and mean == 1 + Fraction(1, 6)


@pytest.mark.parametrize("call,words", [
    (lambda: yukon.pip_probability(3, sides=1), "2 to 20 faces"),
    (lambda: yukon.pip_mean(reroll=9), "rolls again"),
    (lambda: yukon.pip_distribution(0), "upto"),
    (lambda: yukon.pip_mean(die="a die"), "die= is a Gold am Yukon"),
    (lambda: yukon.simulate_turns(-2), "need is a whole number"),
])
def test_yukon_bad_input_says_what_is_wrong(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_simulated_pips_follow_the_exact_odds():
    t = yukon.simulate_pips(100_000, seed=4, sides=4)
    assert abs(t.mean()[0] - 10 / 3) < 0.03  # sd of the mean 0.005
    assert abs(t[4].frequency - float(_pips_by_enumeration(4, 4, 1))) < 0.007  # sd 0.0013
    turns = yukon.simulate_turns(3, 100_000, seed=4)
    assert abs(turns.frequency(2) - 1 / 6) < 0.006 and turns.count(3) == 0


# --- Silver & Gold --------------------------------------------------------------------------


def _shape_by_enumeration(left: dict[str, int], reveals: int, shape: str) -> Fraction:
    cards = [s for s, k in left.items() for _ in range(k)]
    hands = list(itertools.combinations(range(len(cards)), reveals))
    return Fraction(sum(any(cards[i] == shape for i in h) for h in hands), len(hands))


def test_p_shape_this_round_of_a_state_matches_every_set_of_reveals():
    s = silver_gold.simulate.first_reveal(seed=3)
    left = s.expedition_left()
    for shape in left:
        assert silver_gold.p_shape_this_round(s, shape=shape) == _shape_by_enumeration(left, 7, shape)
    s = s.apply(s.chance_outcomes()[0][0])  # one card revealed: 6 reveals to come from 7 cards
    left = s.expedition_left()
    assert sum(left.values()) == 7
    for shape in left:
        exact = _shape_by_enumeration(left, 6, shape)
        assert silver_gold.p_shape_this_round(s, shape=shape) == exact
        assert silver_gold.p_shape_this_round(s.observation(0), shape=shape) == exact


@pytest.mark.parametrize("call,words", [
    (lambda: silver_gold.p_shape_this_round(3, 2, 1), "cannot hold 3 copies"),
    (lambda: silver_gold.p_shape_this_round(mineedu.make("silver_gold", 2).initial_state()), "shape="),
    (lambda: silver_gold.p_shape_this_round(mineedu.make("silver_gold", 2).initial_state(), shape="Z9"), "no shape"),
    (lambda: silver_gold.simulate_shape("Z9", 10), "no expedition card"),
])
def test_silver_gold_bad_input_says_what_is_wrong(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_simulate_shape_follows_the_exact_odds():
    f = silver_gold.simulate_shape("O4", 100_000, seed=6)
    assert abs(f.frequency - 7 / 8) < 0.006  # sd 0.001
    s = silver_gold.simulate.first_reveal(seed=3)
    s = s.apply(s.chance_outcomes()[0][0])
    shape = s.revealed[0]
    f = silver_gold.simulate_shape(shape, 100_000, seed=6, position=s)
    assert abs(f.frequency - float(silver_gold.p_shape_this_round(s, shape=shape))) < 0.008


# --- Mine (coal) ----------------------------------------------------------------------------


@pytest.mark.parametrize("attack,defence,stock", list(itertools.product(range(1, 5), range(0, 5), range(0, 6))))
def test_raid_equilibrium_no_pure_choice_does_better(attack, defence, stock):
    _, _, m = coal_mine.raid_game(attack, defence, stock)
    eq = coal_mine.raid_equilibrium(attack=attack, defence=defence, stock=stock)
    x = (1 - eq.p_attack, eq.p_attack)
    y = (1 - eq.p_defend, eq.p_defend)
    assert all(0 <= p <= 1 for p in x + y)
    rows = [sum(m[i][j] * y[j] for j in range(2)) for i in range(2)]  # each raider choice against the target's mix
    cols = [sum(x[i] * m[i][j] for i in range(2)) for j in range(2)]  # each target choice against the raider's mix
    assert max(rows) == eq.value == min(cols)


def test_raid_equilibrium_by_hand_and_of_a_state():
    # mine/attack against mine/defend, 2 helmets each, 2 coal: ((0, 2), (2, 0)): indifference at 1/2, value 1
    assert coal_mine.raid_equilibrium(attack=2, defence=2, stock=2) == (Fraction(1, 2), Fraction(1, 2), Fraction(1))
    s = mineedu.make("coal_mine", 3).initial_state()
    # the start hands hold 1-helmet cards only; the target holds 2 coal
    assert coal_mine.raid_equilibrium(s, target=1) == coal_mine.raid_equilibrium(attack=1, defence=1, stock=2)


def test_p_at_least_one_of_a_state_and_of_a_view():
    assert coal_mine.p_at_least_one(3, good=24, total=60) == 1 - Fraction(comb(36, 3), comb(60, 3))
    s = mineedu.make("coal_mine", 3).initial_state()
    # the true deck: 70 cards less three start hands of 4 miners and 4 pipe-miners
    assert coal_mine.p_at_least_one(2, position=s) == 1 - Fraction(comb(46 - 12, 2), comb(46, 2))
    # P1 counts cards: the starting hands are public, so the unseen cards are the deck's 46, 12 pipe-miners
    assert coal_mine.p_at_least_one(2, position=s.observation(0)) == 1 - Fraction(comb(34, 2), comb(46, 2))


@pytest.mark.parametrize("call,words", [
    (lambda: coal_mine.raid_equilibrium(attack=2, defence=2), "describe the raid"),
    (lambda: coal_mine.raid_equilibrium(attack=-1, defence=2, stock=2), "whole numbers >= 0"),
    (lambda: coal_mine.raid_equilibrium(mineedu.make("coal_mine", 3).initial_state(), target=0), "name the target"),
    (lambda: coal_mine.p_at_least_one(2), "describe the deck"),
    (lambda: coal_mine.p_at_least_one(2, good=70, total=60), "cannot hold 70"),
    (lambda: coal_mine.p_at_least_one(99, good=2, total=60), "cannot recruit 99"),
    (lambda: coal_mine.p_at_least_one(2, "joker", mineedu.make("coal_mine", 3).initial_state()), "no card 'joker'"),
])
def test_coal_mine_bad_input_says_what_is_wrong(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_coal_mine_simulations_follow_the_exact_odds():
    f = coal_mine.simulate_recruit(3, 100_000, seed=8, good=24, total=60)
    assert abs(f.frequency - float(coal_mine.p_at_least_one(3, good=24, total=60))) < 0.007  # sd 0.0013
    gain = coal_mine.simulate_raid(2, 2, 2, 100_000, seed=8)
    assert abs(gain.mean()[0] - 1) < 0.03  # the value; sd of the mean 0.0045
