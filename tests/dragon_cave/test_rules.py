"""One scripted scenario per rule of the text (and of D8-D12)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import mineedu
from mineedu.core import CHANCE, TERMINAL, ConfigError, IllegalActionError, playout
from mineedu.games.dragon_cave import ENTRANCE, Config, DragonCave, DragonCaveState

from .helpers import move, position

IN, OUT, EATEN = "in", "out", "eaten"


# --- setup (text "Mise en place", D8, D9) ------------------------------------------


def test_setup_path_families_in_order_face_down_dragon_at_the_end() -> None:
    game = mineedu.make("dragon_cave", players=3)
    assert isinstance(game, DragonCave)
    s = game.initial_state()
    assert [f for f, _ in s.path] == [0] * 6 + [1] * 6 + [2] * 6 + [3] * 6
    assert all(v is None for _, v in s.path)
    assert s.dragon == 24
    assert s.pos == (ENTRANCE,) * 3 and s.status == (IN,) * 3 and s.carried == ((),) * 3
    assert s.current_player() == 0


@pytest.mark.parametrize("n", [1, 7])
def test_two_to_six_players(n: int) -> None:
    with pytest.raises(ConfigError, match="2 to 6"):
        DragonCave(n)


def test_config_is_checked() -> None:
    with pytest.raises(ConfigError, match="max_carry"):
        DragonCave(2, max_carry=4)
    with pytest.raises(ConfigError, match="at least one card"):
        DragonCave(2, families=((1, 2), ()))
    with pytest.raises(ConfigError, match="whole numbers"):
        DragonCave(2, families=((1, -2),))
    assert DragonCave(2, families=[[5, 6], [7]]).initial_state().path == ((0, None), (0, None), (1, None))



@pytest.mark.parametrize("bad,match", [
    ({"families": [5]}, "each a list of card values"),
    ({"families": [[1, 2], 3]}, "each a list of card values"),
    ({"families": [[1] * 61]}, "at most 60 cards"),
    ({"families": [[1] * 10**6]}, "at most 60 cards"),
    ({"families": [[1]] * 7}, "at most 6 families"),
    ({"families": [[1, 10**30]]}, "card values are at most 99, not 1000000000000000000000000000000"),
    ({"families": [[100]]}, "card values are at most 99"),
    ({"families": [[1.5]]}, "whole numbers"),
    ({"families": [[True]]}, "whole numbers"),
    ({"movement": 30000}, "movement must be a whole number from 1 to 12, not 30000"),
    ({"movement": 0}, "movement must be a whole number from 1 to 12"),
    ({"max_carry": 10**9, "dice_movement": True}, "max_carry must be a whole number from 1 to 6"),
    ({"max_carry": 0}, "max_carry must be a whole number from 1 to 6"),
    ({"max_turns": 10**9}, "max_turns must be a whole number from 1 to 2000"),
    ({"max_turns": 0}, "max_turns must be a whole number from 1 to 2000"),
    ({"die_sides": 10**9, "dice_dragon": True}, "die_sides must be 1 to 12"),
    ({"die_sides": 0}, "die_sides must be 1 to 12"),
])
def test_hostile_config_is_refused_clearly(bad: dict[str, Any], match: str) -> None:
    """No TypeError, no hour-long die, no 10^30-point card, no huge path: a ConfigError naming the rule."""
    with pytest.raises(ConfigError, match=match):
        DragonCave(2, **bad)


@pytest.mark.parametrize("field,value", [
    ("movement", 2.5), ("max_carry", True), ("max_turns", "400"), ("die_sides", 6.0), ("blind", "yes"), ("dice_dragon", 1),
])
def test_a_config_built_directly_is_checked_too(field: str, value: Any) -> None:
    """A Config made in Python (not from JSON, whose types are checked on the way in) is checked by validate."""
    with pytest.raises(ConfigError, match=field):
        DragonCave(2, Config(**{field: value}))


def test_the_largest_config_allowed_still_plays_to_the_end() -> None:
    big = Config(families=tuple((99,) * 10 for _ in range(6)), movement=12, max_carry=6, die_sides=12,
                 max_turns=2000, dice_movement=True, dice_dragon=True, blind=True)
    game = DragonCave(6, big)
    final = playout(game.initial_state(), [game.make_bot("greedy")] * 6, np.random.default_rng(3))
    assert isinstance(final, DragonCaveState) and final.is_terminal()
    assert len(final.path) + sum(len(c) for c in final.carried) == 60
    assert game.max_moves() == 4 * 2000 + 60 + 1


# --- movement (D9) ------------------------------------------------------------------


@pytest.mark.parametrize("carried", [0, 1, 2, 3])
def test_movement_points_are_four_minus_cards_carried(carried: int) -> None:
    s = position(pos=(5, ENTRANCE), carried=(((0, 1),) * carried, ()))
    steps = {a[3] for a in s.legal_actions() if a[1] == -1 and not a[2] and not a[4]}
    assert steps == set(range(1, 4 - carried + 1))
    with pytest.raises(IllegalActionError, match=rf"only {4 - carried} movement point"):
        s.apply(move(steps=5 - carried))


def test_occupied_cards_are_jumped_a_run_counts_as_one_step() -> None:
    # player 0 on card 0; players 1 and 2 on cards 1 and 2: one step takes player 0 to card 3
    s = position(3, pos=(0, 1, 2))
    assert s.stops(0)[:2] == (3, 4)
    assert s.apply(move(steps=1)).pos[0] == 3
    assert s.apply(move(steps=4)).pos[0] == 6


def test_forward_moves_stop_before_the_dragon() -> None:
    s = position(pos=(3, 7), dragon=6)
    assert s.stops(0) == (4, 5)
    with pytest.raises(IllegalActionError, match="only 2 free card"):
        s.apply(move(steps=3))


def test_a_player_who_cannot_go_forward_must_turn_back() -> None:
    s = position(pos=(5, 4), dragon=6, turn=0)
    assert s.legal_actions() and all(a[2] for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="must turn back"):
        s.apply(move(steps=0))


def test_a_player_must_move_when_they_can() -> None:
    s = position(pos=(2, 5))
    with pytest.raises(IllegalActionError, match="at least 1 step"):
        s.apply(move(steps=0))


# --- capture (D10) -------------------------------------------------------------------


def test_capture_when_leaving_closes_the_path_and_reveals_the_card() -> None:
    game = DragonCave(2)
    s = game.initial_state().apply(move(steps=4))  # player 0 on card 3
    s = s.apply(move(steps=2))  # player 1 on card 1
    assert s.pos == (3, 1)
    s = s.apply(move(steps=1, capture=True))  # player 0 captures card 3 (Facile), lands on card 4 -> 3
    assert len(s.path) == 23 and s.dragon == 23 and s.pos == (3, 1)
    assert s.carried[0] == ((0, None),)
    assert s.current_player() == CHANCE
    # a Facile card: 1, 1, 2, 2, 3, 3 -> each value 1/3
    assert s.chance_outcomes() == ((("value", 1), Fraction(1, 3)), (("value", 2), Fraction(1, 3)), (("value", 3), Fraction(1, 3)))
    s = s.apply(("value", 3))
    assert s.carried[0] == ((0, 3),) and s.current_player() == 1 and s.scores() == (3.0, 0.0)
    # one 3 is gone: the next Facile card is a 3 with probability 1/5
    s = s.apply(move(steps=1, capture=True))
    assert dict(s.chance_outcomes())[("value", 3)] == Fraction(1, 5)


def test_capture_moves_the_players_behind_the_captured_card_closer() -> None:
    s = position(3, pos=(2, 6, 0))
    s = s.apply(move(steps=2, capture=True))  # 0 leaves card 2 for card 4 (3 after closing)
    assert s.pos == (3, 5, 0) and s.dragon == 23
    assert s.carried[0] == ((0, 2),)


def test_capture_needs_leaving_the_card() -> None:
    s = position(pos=(2, 5), config={"dice_movement": True}, roll=1, carried=(((0, 1),), ()))
    # a die of 1 minus one card: no movement point, no capture
    assert [a for a in s.legal_actions() if a[1] == -1] == [move(steps=0), move(back=True, steps=0)]
    with pytest.raises(IllegalActionError, match="only when you leave it"):
        s.apply(move(steps=0, capture=True))
    s = position(pos=(ENTRANCE, 5))
    with pytest.raises(IllegalActionError, match="no card"):
        s.apply(move(steps=1, capture=True))


def test_at_most_three_cards_carried() -> None:
    s = position(pos=(8, 2), carried=(((0, 1), (1, 4), (2, 7)), ()))
    assert not any(a[4] and a[1] == -1 for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="carry 4 cards"):
        s.apply(move(steps=1, capture=True))
    # dropping one makes room for the card underfoot
    assert move(drop=0, steps=1, capture=True) in s.legal_actions()


# --- drop (D10) --------------------------------------------------------------------------


def test_drop_goes_behind_you_and_frees_a_movement_point() -> None:
    s = position(pos=(5, 9), carried=(((2, 8), (3, 12)), ()))
    assert max(a[3] for a in s.legal_actions() if a[1] == -1) == 2
    after = s.apply(move(drop=1, steps=3))
    assert after.path[5] == (3, 12)  # behind the card left (card 5 is now 6)
    assert len(after.path) == 25 and after.dragon == 25
    assert after.pos == (6 + 3, 10)  # both shifted one card deeper by the insertion
    assert after.carried[0] == ((2, 8),)


def test_drop_behind_a_returning_player_lands_between_them_and_the_dragon() -> None:
    s = position(pos=(5, 9), returning=(True, False), carried=(((2, 8), (3, 12)), ()))
    after = s.apply(move(drop=0, steps=3))
    assert after.path[6] == (2, 8)
    assert after.pos[0] == 2 and after.pos[1] == 10
    assert after.dragon == 25 - 1  # +1 card in front of it, then it moves by the 1 card carried


def test_drop_and_capture_in_one_turn_the_old_card_replaces_the_new() -> None:
    s = position(pos=(20, 2), carried=(((0, 1), (0, 2), (1, 4)), ()))
    before = s.path[20]
    after = s.apply(move(drop=0, steps=1, capture=True))
    assert after.path[20] == (0, 1) and len(after.path) == 24 and after.dragon == 24
    assert after.carried[0] == ((0, 2), (1, 4), before)
    assert after.pos[0] == 21


def test_drop_index_is_checked() -> None:
    s = position(pos=(5, 9), carried=(((2, 8),), ()))
    with pytest.raises(IllegalActionError, match="you carry 1 card"):
        s.apply(move(drop=1, steps=1))


# --- direction and the dragon (D11) ------------------------------------------------------------


def test_turn_back_once_and_never_again() -> None:
    s = position(pos=(10, 2))
    s = s.apply(move(back=True, steps=1))
    assert s.returning == (True, False) and s.pos[0] == 9
    s = s.apply(move(steps=1))
    assert not any(a[2] for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="already turned back"):
        s.apply(move(back=True, steps=1))
    with pytest.raises(IllegalActionError, match="stand on a card"):
        position(pos=(ENTRANCE, 2)).apply(move(back=True, steps=1))


def test_the_dragon_moves_by_the_cards_a_returning_player_carries() -> None:
    s = position(pos=(10, 15), returning=(True, False), carried=(((1, 4), (2, 7)), ()))
    s = s.apply(move(steps=2))
    assert s.dragon == 22 and s.pos[0] == 8
    # player 1 still going forward: the dragon does not move
    s = s.apply(move(steps=2))
    assert s.dragon == 22
    # capturing on the way back: 3 cards, the path closes (22 -> 21), then 3 more
    s = s.apply(move(steps=1, capture=True))
    assert s.dragon == 21 - 3 and len(s.carried[0]) == 3


def test_the_dragon_moves_after_the_exit_move_too_and_eats_whom_it_reaches() -> None:
    s = position(pos=(0, 20), returning=(True, False), carried=(((0, 3), (3, 12), (3, 11)), ()), dragon=22)
    s = s.apply(move(steps=1))
    assert s.status == (OUT, EATEN) and s.dragon == 19  # 22 - 3 passes player 1 on card 20
    assert s.is_terminal() and s.scores() == (26.0, 0.0) and s.winners() == (0,)


def test_a_player_on_the_card_the_dragon_reaches_is_eaten() -> None:
    s = position(pos=(6, 5), returning=(True, False), carried=(((0, 3), (1, 4)), ()), dragon=7)
    s = s.apply(move(steps=2))  # jumps player 1 on card 5; then the dragon 7 -> 5 reaches player 1
    assert s.status == (IN, EATEN) and s.pos[0] == 3
    assert s.current_player() == 0  # player 1 is out of the game


def test_dragon_at_the_entrance_eats_everyone_inside() -> None:
    s = position(3, pos=(1, 3, 4), returning=(True, False, False), carried=(((3, 12),) * 3, (), ()), dragon=3)
    s = s.apply(move(steps=1))
    assert s.dragon == 0 and s.status == (EATEN, EATEN, EATEN)
    assert s.is_terminal() and s.winners() == (0, 1, 2) and s.scores() == (0.0, 0.0, 0.0)


# --- the end (D12) ------------------------------------------------------------------------------


def test_end_highest_total_wins_and_ties_share() -> None:
    s = position(3, pos=(0, ENTRANCE, ENTRANCE), status=(IN, OUT, OUT), returning=(True, True, True),
                 carried=(((1, 5),), ((0, 2), (0, 3)), ((2, 7),)))
    s = s.apply(move(steps=1))
    assert s.current_player() == TERMINAL
    assert s.scores() == (5.0, 5.0, 7.0) and s.winners() == (2,)
    tie = position(2, status=(OUT, OUT), returning=(True, True), carried=(((1, 5),), ((0, 2), (0, 3))))
    assert tie.is_terminal() and tie.winners() == (0, 1)


def test_a_survivor_with_nothing_beats_the_eaten() -> None:
    s = position(2, status=(OUT, EATEN), returning=(True, True), carried=((), ((3, 12),)))
    assert s.is_terminal() and s.scores() == (0.0, 0.0) and s.winners() == (0,)


def test_turn_order_skips_players_who_are_out_or_eaten() -> None:
    s = position(4, pos=(3, ENTRANCE, 5, 7), status=(IN, OUT, EATEN, IN), turn=0)
    assert s.apply(move(steps=1)).turn == 3


def test_safety_limit_the_dragon_charges() -> None:
    s = position(pos=(3, 5), config={"max_turns": 3}, turns=2)
    s = s.apply(move(steps=1))
    assert s.status == (EATEN, EATEN) and s.dragon == 0 and s.is_terminal()


# --- variants (D12) ---------------------------------------------------------------------------------


def test_blind_captures_stay_face_down_until_the_end() -> None:
    game = DragonCave(2, blind=True)
    s = game.initial_state().apply(move(steps=4)).apply(move(steps=1))
    s = s.apply(move(back=True, steps=2, capture=True))  # player 0 takes card 3, no reveal
    assert s.pos == (1, 0)
    assert s.carried[0] == ((0, None),) and s.current_player() == 1
    s = s.apply(move(back=True, steps=1))  # player 1 out with nothing
    s = s.apply(move(steps=2))  # player 0 out: now the blind card is revealed
    assert s.status == (OUT, OUT) and s.current_player() == CHANCE
    assert sum(p for _, p in s.chance_outcomes()) == 1
    s = s.apply(("value", 2))
    assert s.is_terminal() and s.scores() == (2.0, 0.0)


def test_dice_movement_points_are_die_minus_cards_at_least_zero() -> None:
    s = position(pos=(5, 9), config={"dice_movement": True}, carried=(((1, 4), (1, 5)), ()))
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == tuple((("die", k), Fraction(1, 6)) for k in range(1, 7))
    s5 = s.apply(("die", 5))
    assert max(a[3] for a in s5.legal_actions() if a[1] == -1 and not a[4]) == 3
    s2 = s.apply(("die", 2))
    assert {a[3] for a in s2.legal_actions() if a[1] == -1} == {0}
    # dropping a card gives one point back
    assert move(drop=0, steps=1) in s2.legal_actions()
    with pytest.raises(IllegalActionError, match="die of 2"):
        s2.apply(move(steps=1))
    nxt = s2.apply(move(steps=0))
    assert nxt.turn == 1 and nxt.roll is None and nxt.current_player() == CHANCE


def test_dice_dragon_moves_one_die_after_a_returning_move() -> None:
    s = position(pos=(10, 15), returning=(True, False), carried=(((1, 4),), ()), config={"dice_dragon": True})
    s = s.apply(move(steps=3))
    assert s.current_player() == CHANCE and s.dragon == 24 and s.pos[0] == 7
    assert s.chance_outcomes() == tuple((("die", k), Fraction(1, 6)) for k in range(1, 7))
    s = s.apply(("die", 6))
    assert s.dragon == 18 and s.current_player() == 1
    # a forward move does not wake the dragon
    assert s.apply(move(steps=1)).current_player() == 0


def test_dice_dragon_rolls_no_die_once_nobody_is_inside() -> None:
    # the last miner steps out: nobody is left for the dragon to eat, the game is over at once
    s = position(pos=(0, ENTRANCE), status=(IN, OUT), returning=(True, True), carried=(((0, 1),), ()),
                 config={"dice_dragon": True})
    s = s.apply(move(steps=1))
    assert s.status == (OUT, OUT) and s.is_terminal() and s.scores() == (1.0, 0.0)
    # while someone is still inside, the dragon's die is rolled as usual
    s = position(pos=(0, 9), returning=(True, False), carried=(((0, 1),), ()), config={"dice_dragon": True})
    assert s.apply(move(steps=1)).current_player() == CHANCE


def test_blind_cards_of_an_eaten_player_are_never_revealed() -> None:
    path = DragonCave(2).initial_state().path
    s = position(pos=(0, 20), returning=(True, False), carried=(((0, None),), ((2, None),)),
                 path=path[1:13] + path[14:], dragon=21, config={"blind": True})
    s = s.apply(move(steps=1))  # player 0 out; the dragon moves 1 card and eats player 1 on card 20
    assert s.status == (OUT, EATEN) and s.current_player() == CHANCE
    s = s.apply(("value", 2))  # only player 0's card is turned over
    assert s.is_terminal() and s.carried == (((0, 2),), ((2, None),))


def test_the_compound_action_is_explained_when_malformed() -> None:
    s = position()
    with pytest.raises(IllegalActionError, match="a turn is"):
        s.apply(("explore",))
    with pytest.raises(IllegalActionError, match="True/False"):
        s.apply(("move", -1, "no", 1, False))
    with pytest.raises(IllegalActionError, match="a turn is"):
        s.apply(["move", -1, False, 1, False])
