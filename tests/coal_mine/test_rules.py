"""One scripted scenario per rule of the text (and of D20-D21)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from mineedu.core import CHANCE, SEE_ALL, TERMINAL, ConfigError, IllegalActionError
from mineedu.games.coal_mine import BoardView, CoalMineGame, split_loot

from .helpers import cards_total, draw_all, hand_of, resolve

# --- setup ---------------------------------------------------------------------------


def test_setup_hands_coal_stock_deck_and_die() -> None:
    g = CoalMineGame(4)
    s = g.initial_state()
    assert all(s.hand(p) == {"miner": 4, "pipe": 4} for p in range(4))
    assert s.coal == (2, 2, 2, 2) and s.points == (0, 0, 0, 0)
    assert s.central == 20 - 8
    assert sum(s.deck) == 60 + 10 - 4 * 8 and cards_total(s) == 70
    assert (s.round, s.caps, s.start, s.current_player()) == (1, (None, 1), 0, 0)


def test_config_is_checked() -> None:
    with pytest.raises(ConfigError, match="starting hands need"):
        CoalMineGame(6, jobs=(("miner", 1, 20), ("pipe", 1, 24)))
    with pytest.raises(ConfigError, match="event card"):
        CoalMineGame(2, events=(("earthquake", 1),))
    with pytest.raises(ConfigError, match="need 12 coal"):
        CoalMineGame(6, coal_total=10)
    with pytest.raises(ConfigError, match="dummy_plan"):
        CoalMineGame(3, dummy=True, dummy_plan="clever")


# --- placement -----------------------------------------------------------------------


def test_placement_in_turn_one_card_each_several_on_a_space_and_passing() -> None:
    s = CoalMineGame(3).initial_state()
    s = s.apply(("place", "mine", "pipe"))
    assert s.current_player() == 1
    s = s.apply(("pass",))  # player 1 plays no card this round
    assert s.current_player() == 2
    s = s.apply(("place", "mine", "miner"))
    assert s.current_player() == 0  # clockwise, player 1 skipped from now on
    s = s.apply(("place", "mine", "pipe"))  # a second card on the same space
    assert s.on_space(0, "mine") == ["pipe", "pipe"] and s.current_player() == 2


def test_at_most_four_cards_then_the_resolution() -> None:
    s = CoalMineGame(2).initial_state()
    s = s.apply(("place", "mine", "miner"))
    s = s.apply(("pass",), player=1)
    for _ in range(3):
        assert s.current_player() == 0
        s = s.apply(("place", "mine", "miner"))
    # no fifth card: resolved (no recruitment, so the round is over)
    assert s.round == 2 and ("mine", 0, 4) in s.log
    assert s.coal[0] == 2 - 1 + 4  # sold 1 (round 1), mined 4 helmets


def test_illegal_placements_name_the_rule() -> None:
    g = CoalMineGame(3)
    s = replace(g.initial_state(), hands=(hand_of(g, miner=1, grisou=1),) + g.initial_state().hands[1:])
    cases = [
        (("place", "event", "miner"), "only event cards may go on the Events space"),
        (("place", "mine", "grisou"), "event cards may only go on the Events space"),
        (("raid", "miner", 0), "cannot raid yourself"),
        (("raid", "miner", 7), "player 7 is not in this game"),
        (("place", "mine", "chief"), "no 'chief' card in hand"),
        (("place", "cellar", "miner"), "no space 'cellar'"),
        (("place", "raid", "miner"), "a raid needs a target"),
        (("discard", "miner"), "nothing to discard now"),
    ]
    for action, rule in cases:
        with pytest.raises(IllegalActionError, match=rule):
            s.apply(action)
    with pytest.raises(IllegalActionError, match="not player 1's turn"):
        s.apply(("place", "mine", "miner"), player=1)


# --- hidden information ----------------------------------------------------------------


def test_face_down_cards_and_hands_are_hidden_until_the_resolution() -> None:
    s = CoalMineGame(3).initial_state()
    a = s.apply(("raid", "pipe", 1))
    b = s.apply(("raid", "miner", 2))
    # what player 1 sees is the same whichever card player 0 laid and at whom
    assert a.observation(1) == b.observation(1)
    assert a.observation(1).boards[0] == BoardView(counts=(0, 1, 0, 0, 0), cards=None)
    assert a.observation(0).my_board == (("raid", "pipe", 1),)
    assert a.observation(1).hand == {"miner": 4, "pipe": 4} and a.observation(1).hand_sizes[0] == 7
    assert a.observation(1).hands[0] is None and a.observation(1).deck is None
    assert a.observation(None).hand == {} and a.observation(None).hands == (None, None, None)
    # the teacher's "show all" sees every hand, every card and the pile
    every = a.observation(SEE_ALL)
    assert every.hands == a.hands and every.deck == a.deck and every.boards[0].cards == (("raid", "pipe", 1),)
    # once turned up (the resolution), every board is seen
    g = CoalMineGame(2)
    r = resolve(g, [[("raid", "pipe", 1)], [("recruit", "miner", -1)]])
    assert r.phase == "draw" and r.observation(1).boards[0].cards == (("raid", "pipe", 1),)


# --- 1. events -------------------------------------------------------------------------


def test_grisou_needs_one_pipe_miner_per_grisou_card_and_hits_its_player_too() -> None:
    g = CoalMineGame(3)
    boards = [
        [("event", "grisou", -1), ("mine", "pipe", -1), ("mine", "miner", -1)],  # 1 pipe: exposed
        [("event", "grisou", -1), ("mine", "pipe", -1), ("mine", "pipe", -1), ("mine", "foreman", -1)],
        [("mine", "miner", -1), ("mine", "chief", -1)],  # no pipe: exposed
    ]
    s = resolve(g, boards)
    assert ("grisou", 2, (0, 2)) in s.log
    # each sold 1 (round 1); only player 1 mined: 4 helmets
    assert s.coal == (1, 1 + 4, 1)
    assert s.central == 14 + 3 - 4


def test_one_grisou_one_pipe_miner_protects() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("event", "grisou", -1), ("mine", "pipe", -1), ("mine", "foreman", -1)], [("mine", "miner", -1)]])
    assert s.coal == (1 + 3, 1)


def test_strike_wagon_and_reinforcement() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [
        [("event", "strike", -1), ("event", "wagon", -1), ("raid", "chief", 1), ("raid", "miner", 1)],
        [("event", "reinforcement", -1), ("tower", "miner", -1), ("recruit", "foreman", -1)],
    ], coal=(5, 5))
    # attack 4 against 1 + 2 (reinforcement): 1 coal taken
    assert ("raid", 0, 1, 4, 3, 1) in s.log
    # wagon: player 0 sells 1 + 1; player 1 sells 1
    assert s.points == (2, 1) and s.coal == (5 + 1 - 2, 5 - 1 - 1)
    # strike: player 1 recruits 2 + 2 helmets - 1
    assert s.to_draw == (0, 3)


# --- 2-3. raids ------------------------------------------------------------------------


def test_defence_at_least_attack_stops_the_raid() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("raid", "foreman", 1)], [("tower", "miner", -1), ("tower", "pipe", -1)]])
    assert ("raid", 0, 1, 2, 2, 0) in s.log and s.coal == (1, 1)


def test_weaker_defence_loses_the_difference() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("raid", "chief", 1), ("raid", "miner", 1)], [("tower", "miner", -1)]], coal=(2, 5))
    assert ("raid", 0, 1, 4, 1, 3) in s.log
    assert s.coal == (2 + 3 - 1, 5 - 3 - 1)


def test_coal_just_pilfered_cannot_be_raided() -> None:
    g = CoalMineGame(3)
    s = resolve(g, [[("raid", "chief", 1)], [("raid", "chief", 2)], []], coal=(0, 0, 3))
    assert ("raid", 1, 2, 3, 0, 3) in s.log and ("raid", 0, 1, 3, 0, 0) in s.log
    assert s.coal == (0, 3 - 1, 0) and s.points == (0, 1, 0)


def test_several_raiders_strongest_first() -> None:
    g = CoalMineGame(4)
    s = resolve(g, [
        [("raid", "chief", 3), ("raid", "foreman", 3)],  # 5 - 1: wants 4
        [("raid", "chief", 3)],  # 3 - 1: wants 2
        [("raid", "foreman", 3)],  # 2 - 1: wants 1
        [("tower", "miner", -1)],
    ], coal=(0, 0, 0, 5))
    taken = {(e[1], e[5]) for e in s.log if e[0] == "raid"}
    assert taken == {(0, 4), (1, 1), (2, 0)}


def test_equal_raiders_share_evenly_and_the_remainder_stays() -> None:
    g = CoalMineGame(3)
    s = resolve(g, [[("raid", "foreman", 2)], [("raid", "foreman", 2)], []], coal=(0, 0, 3))
    # the text's example: 3 coal for 2 raiders, 1 each
    assert s.coal == (1 - 1, 1 - 1, 1 - 1) and s.points == (1, 1, 1)
    assert {(e[1], e[5]) for e in s.log if e[0] == "raid"} == {(0, 1), (1, 1)}
    assert split_loot(6, 0, [3, 2, 2]) == (3, 1, 1)  # after the strongest, 3 left for two


# --- expedition, mine --------------------------------------------------------------------


def test_expedition_sells_up_to_the_die_and_returns_coal_to_the_stock() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[], []], round=3, caps=(None, 3), coal=(5, 2), central=20 - 7)
    assert s.points == (3, 2) and s.coal == (2, 0) and s.central == 13 + 5


def test_sold_coal_leaves_the_game_when_configured() -> None:
    g = CoalMineGame(2, sold_coal_returns=False)
    s = resolve(g, [[], []])
    assert s.central == 16 and s.sold == 2


def test_mine_is_limited_by_the_central_stock_from_the_die_holder() -> None:
    g = CoalMineGame(3)
    boards = [[("mine", "chief", -1)], [("mine", "foreman", -1)], [("mine", "miner", -1)]]
    s = resolve(g, boards, coal=(0, 0, 0), central=2, start=1)
    assert s.coal == (0, 2, 0) and s.central == 0  # player 1 mines first and empties it


# --- recruitment, hand limit ------------------------------------------------------------


def test_recruitment_draws_two_plus_helmets_one_card_at_a_time() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("recruit", "foreman", -1)], [("mine", "miner", -1)]])
    assert s.to_draw == (4, 0) and s.current_player() == CHANCE
    outs = dict(s.chance_outcomes())
    assert outs[("draw", "chief")] == Fraction(4, sum(s.deck))
    assert sum(outs.values()) == 1
    s = s.apply(("draw", "chief"))
    assert s.hands[0][g.index["chief"]] == 1 and s.to_draw == (3, 0)


def test_without_a_recruitment_card_nothing_is_drawn_unless_configured() -> None:
    s = resolve(CoalMineGame(2, recruit_needs_card=False), [[], [("recruit", "miner", -1)]])
    assert s.to_draw == (2, 3)


def test_hand_limit_the_player_chooses_the_discards() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("recruit", "chief", -1)], []])  # the hand keeps its 8 starting cards
    assert s.to_draw == (5, 0)
    s = draw_all(s, "miner")
    assert s.phase == "discard" and s.current_player() == 0 and s.hand_size(0) == 13
    assert set(s.legal_actions()) == {("discard", "miner"), ("discard", "pipe")}
    for kind in ["pipe"] * 4 + ["miner"]:
        assert s.current_player() == 0
        s = s.apply(("discard", kind))
    assert s.hand(0) == {"miner": 8}
    assert s.hand_size(0) <= 8 and s.round == 2 and s.phase == "place"


def test_the_discard_pile_replaces_an_empty_deck() -> None:
    g = CoalMineGame(2)
    empty = (0,) * len(g.kinds)
    s = resolve(g, [[("recruit", "miner", -1)], []], deck=empty, discard=hand_of(g, chief=2, wagon=1))
    assert dict(s.chance_outcomes()) == {("draw", "chief"): Fraction(2, 3), ("draw", "wagon"): Fraction(1, 3)}
    assert sum(s.discard) == 0


# --- end of round, end of game ------------------------------------------------------------


def test_end_of_round_discards_played_cards_and_passes_the_die_left() -> None:
    g = CoalMineGame(3)
    s = g.initial_state()
    before = sum(s.discard)
    for _ in range(3):
        s = s.apply(("place", "mine", "miner"))
    s = s.apply(("pass",)).apply(("pass",)).apply(("pass",))
    assert (s.round, s.start, s.caps, s.current_player()) == (2, 1, (None, 2), 1)
    assert sum(s.discard) == before + 3 and s.boards == ((), (), ())
    assert cards_total(s) == 70


def test_empty_deck_is_replaced_at_the_end_of_the_round() -> None:
    g = CoalMineGame(2)
    empty = (0,) * len(g.kinds)
    s = resolve(g, [[("mine", "chief", -1)], []], deck=empty, discard=hand_of(g, foreman=3))
    assert s.round == 2 and s.deck == hand_of(g, foreman=3, chief=1) and sum(s.discard) == 0


def test_the_game_ends_after_six_rounds() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[], []], round=6, caps=(None, 6), coal=(8, 7), points=(5, 5))
    assert s.current_player() == TERMINAL
    assert s.points == (11, 11) and s.winners() == (0,)  # tie on points: more coal wins


def test_reaching_21_points_ends_the_game_at_once() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("mine", "chief", -1)], [("mine", "chief", -1)]], round=2, caps=(None, 2),
                coal=(3, 0), points=(20, 3))
    assert s.is_terminal() and s.points == (22, 3) and s.coal == (1, 0)  # no mining after the sale
    assert s.winners() == (0,) and s.scores() == (22.0, 3.0)


def test_tie_breaks_job_cards_in_hand_then_a_die_roll() -> None:
    g = CoalMineGame(2)
    jobs = resolve(g, [[], []], round=6, caps=(None, 6), coal=(0, 0),
                   hands=(hand_of(g, miner=3), hand_of(g, miner=2, grisou=1)))
    assert jobs.winners() == (0,)  # events do not count
    tie = resolve(g, [[], []], round=6, caps=(None, 6), coal=(0, 0), hands=(hand_of(g, miner=3),) * 2)
    assert tie.current_player() == CHANCE
    assert dict(tie.chance_outcomes()) == {("tiebreak", 0): Fraction(1, 2), ("tiebreak", 1): Fraction(1, 2)}
    assert tie.apply(("tiebreak", 1)).winners() == (1,)


# --- the variant -----------------------------------------------------------------------------


def test_variant_three_coal_no_central_stock_and_die_cards() -> None:
    g = CoalMineGame(3, variant=True)
    s = g.initial_state()
    assert s.coal == (3, 3, 3) and s.central is None
    assert s.current_player() == CHANCE
    assert dict(s.chance_outcomes()) == {("die_card", m, 7 - m): Fraction(1, 6) for m in range(1, 7)}
    s = s.apply(("die_card", 2, 5))
    assert s.caps == (2, 5) and s.current_player() == 0
    s = replace(s, boards=(((("mine", "chief", -1)),), (), ()), passed=(False, True, True))
    s = s.apply(("pass",))
    assert s.coal == (0 + 2, 0, 0) and s.points == (3, 3, 3)  # sold 3 each (cap 5), mined 2 (cap 2)
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 5  # next die card


# --- the dummy player -----------------------------------------------------------------------


def test_dummy_player_basic_plan() -> None:
    g = CoalMineGame(3, dummy=True)
    s = g.initial_state()
    assert s.dummy_seat == 2 and s.current_player() == CHANCE
    assert dict(s.chance_outcomes()) == {("dummy_card", "miner"): Fraction(1, 2), ("dummy_card", "pipe"): Fraction(1, 2)}
    s = s.apply(("dummy_card", "pipe"))  # it has coal: a watchtower card
    assert s.boards[2] == (("tower", "pipe", -1),)
    s = s.apply(("dummy_card", "miner"))  # rivals have coal: a colour card is drawn
    assert dict(s.chance_outcomes()) == {("target", 0): Fraction(1, 2), ("target", 1): Fraction(1, 2)}
    s = s.apply(("target", 1))
    s = s.apply(("dummy_card", "miner")).apply(("dummy_card", "pipe"))
    assert s.boards[2] == (("tower", "pipe", -1), ("raid", "miner", 1), ("recruit", "miner", -1), ("mine", "pipe", -1))
    assert s.current_player() == 0
    s = s.apply(("pass",)).apply(("pass",))  # the dummy never gets a placement turn
    assert s.phase == "draw" and ("raid", 2, 1, 1, 0, 1) in s.log


def test_dummy_player_without_coal_recruits_then_mines_and_lays_events() -> None:
    g = CoalMineGame(2, dummy=True)
    s = replace(g.initial_state(), coal=(0, 0), hands=(hand_of(g, miner=4), hand_of(g, miner=3, wagon=1)))
    s = replace(s, boards=((), ()), phase="dummy", turn=1)
    for kind in ("wagon", "miner", "miner", "miner"):
        s = s.apply(("dummy_card", kind))
    assert s.boards[1] == (("event", "wagon", -1), ("recruit", "miner", -1), ("mine", "miner", -1), ("mine", "miner", -1))


def test_dummy_player_bold_plan_and_its_discards_by_chance() -> None:
    g = CoalMineGame(3, dummy=True, dummy_plan="bold")
    s = g.initial_state()
    s = replace(s, hands=s.hands[:2] + (hand_of(g, miner=4, pipe=3, chief=1),))
    for kind in ("miner", "pipe", "chief", "pipe"):
        s = s.apply(("dummy_card", kind))
    assert s.boards[2] == (("tower", "miner", -1), ("tower", "pipe", -1), ("recruit", "chief", -1), ("raid", "pipe", 0))
    s = s.apply(("pass",)).apply(("pass",))
    s = draw_all(s, "miner")  # the dummy draws 2 + 3 onto a hand of 4: one over the limit of 8
    assert s.phase == "discard" and s.current_player() == CHANCE and s.hand_size(2) == 9
    assert dict(s.chance_outcomes()) == {("dummy_discard", "miner"): Fraction(8, 9),
                                         ("dummy_discard", "pipe"): Fraction(1, 9)}
    s = s.apply(("dummy_discard", "pipe"))
    assert s.round == 2 and s.hand_size(2) == 8
