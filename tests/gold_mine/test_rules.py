"""One scripted scenario per rule of rules/gold_mine.fr.txt and per decision D1–D7."""

from __future__ import annotations

from fractions import Fraction

import pytest

import mineedu
from mineedu.core import CHANCE, TERMINAL, ConfigError, IllegalActionError
from mineedu.games.gold_mine import BURNED, LADDER

from .helpers import at, card_total, new, play

EXPLORE, EXIT = ("explore",), ("exit",)


# --- set-up (D1, D2, D4) --------------------------------------------------------

def test_D1_setup_miners_on_the_cart_dragon_at_the_far_end():
    s = new(5)
    assert s.positions == (4,) * 5 and s.dragon == 8 and s.rungs == (0,) * 5
    assert s.fire == () and s.round == 1 and s.turn == 0
    assert s.current_player() == 0


def test_D2_D4_decks_hold_58_exploration_and_16_exit_cards_and_12_tokens():
    s = new(4)
    assert dict(zip(("nugget", "lantern", "eyes", "dragon"), s.explore)) == {
        "nugget": 20, "lantern": 14, "eyes": 16, "dragon": 8}
    assert sum(s.explore) == 58 and sum(s.exits) == 16
    assert s.pool == 12 and sum(s.tokens) == 0


def test_players_3_to_6_only():
    for n in (3, 6):
        assert mineedu.make("gold_mine", players=n).num_players == n
    for n in (2, 7):
        with pytest.raises(ConfigError, match="3 to 6 players"):
            mineedu.make("gold_mine", players=n)


# --- a turn: explore or exit --------------------------------------------------------

def test_turn_is_a_choice_between_exploration_and_exit_deck():
    s = new()
    assert s.legal_actions() == (EXPLORE, EXIT)
    assert s.apply(EXPLORE).current_player() == CHANCE
    assert s.apply(EXIT).current_player() == CHANCE


def test_first_draw_is_a_dragon_with_probability_8_over_58():
    outs = dict(new().apply(EXPLORE).chance_outcomes())
    assert outs["dragon"] == Fraction(8, 58)
    assert outs == {"nugget": Fraction(20, 58), "lantern": Fraction(14, 58), "eyes": Fraction(16, 58),
                    "dragon": Fraction(8, 58)}


def test_nugget_card_is_kept_and_the_miner_stays():
    s = play(new(), EXPLORE, "nugget")
    assert s.positions[0] == 4 and s.kept[0] == ("nugget",) and s.gold(0) == 1
    assert s.explore[0] == 19 and s.turn == 1  # clockwise: next player


def test_lantern_card_is_kept_and_the_miner_moves_one_toward_the_exit():
    s = play(new(), EXPLORE, "lantern")
    assert s.positions[0] == 3 and s.kept[0] == ("lantern",) and s.gold(0) == 1


def test_eyes_card_gives_two_gold_and_moves_one_toward_the_dragon():
    s = play(new(), EXPLORE, "eyes")
    assert s.positions[0] == 5 and s.gold(0) == 2


def test_D3_a_miner_moving_onto_the_dragons_card_is_burned():
    s = at(new(), positions=(7, 4, 4, 4), kept=(("nugget",), (), (), ()))
    s = play(s, EXPLORE, "eyes")
    assert s.positions[0] == BURNED and s.kept[0] == ()
    # the two cards went to the exploration discards
    assert s.explore_discard == (1, 0, 1, 0)


def test_D3_dragon_card_swaps_dragobert_one_step_left_and_burns_miners_there():
    s = at(new(), positions=(7, 7, 4, 5), kept=(("eyes",), ("nugget", "lantern"), (), ()))
    s = play(s, EXPLORE, "dragon")
    assert s.dragon == 7 and s.fire == (8,)
    assert s.positions == (BURNED, BURNED, 4, 5)
    assert s.kept[:2] == ((), ()) and s.explore_discard == (1, 1, 1, 1)


def test_D3_burned_miners_are_out_of_the_round_and_skip_their_turns():
    s = at(new(), positions=(4, BURNED, 4, 4))
    s = play(s, EXPLORE, "nugget")
    assert s.turn == 2


def test_D3_dragon_never_passes_position_1_the_last_miner_burns_and_the_round_ends():
    s = at(new(), dragon=2, positions=(1, LADDER, LADDER, BURNED), rungs=(0, 1, 2, 0),
           kept=(("eyes",), ("nugget",), ("eyes",), ()))
    s = play(s, EXPLORE, "dragon")
    assert s.round == 2 and s.dragon == 8  # round scored, board reset
    r = s.results[0]
    assert r.rungs == (0, 1, 2, 0) and r.gold == (0, 1, 2, 0)


# --- exit cards (D4) ---------------------------------------------------------------

def test_exit_card_with_two_options_lets_the_same_player_choose_one():
    s = play(new(), EXIT, "L1|ALL1")
    assert s.current_player() == 0 and s.card == "L1|ALL1"
    assert s.legal_actions() == (("option", "L1"), ("option", "ALL1"))
    s = s.apply(("option", "L1"))
    assert s.positions == (3, 4, 4, 4) and s.turn == 1 and s.card is None
    assert s.exit_discard[s.game.exit_names.index("L1|ALL1")] == 1


def test_exit_card_with_a_single_option_resolves_at_once():
    s = play(new(), EXIT, "L2")
    assert s.positions == (2, 4, 4, 4) and s.turn == 1


def test_moving_onto_the_exit_puts_the_miner_on_the_highest_free_rung():
    s = at(new(), positions=(1, LADDER, 4, 4), rungs=(0, 1, 0, 0))
    s = play(s, EXIT, "L2")
    assert s.positions[0] == LADDER and s.rungs[0] == 2


def test_D4_everyone_moves_clockwise_from_the_active_player_which_fixes_ladder_order():
    # player 2 is active; players 2, 3, 0 are on card 1 and reach the ladder in that order
    s = at(new(), turn=2, positions=(1, 3, 1, 1))
    s = play(s, EXIT, "L1|ALL1", ("option", "ALL1"))
    assert s.positions == (LADDER, 2, LADDER, LADDER)
    assert s.rungs == (3, 0, 1, 2)


def test_D4_swap_trades_places_with_a_chosen_miner_still_inside():
    s = at(new(), positions=(6, 2, LADDER, 5), rungs=(0, 0, 1, 0))
    s = play(s, EXIT, "L1|SWAP")
    assert s.legal_actions() == (("option", "L1"), ("option", "SWAP", 1), ("option", "SWAP", 3))
    s = s.apply(("option", "SWAP", 1))
    assert s.positions == (2, 6, LADDER, 5)


def test_D4_swap_alone_has_no_effect():
    s = at(new(), positions=(6, LADDER, LADDER, BURNED), rungs=(0, 1, 2, 0))
    s = play(s, EXIT, "L2|SWAP")
    assert s.legal_actions() == (("option", "L2"), ("option", "SWAP"))
    assert s.apply(("option", "SWAP")).positions[0] == 6


def test_D4_gold3_keeps_the_card_worth_three_gold_and_it_is_lost_if_burned():
    s = play(new(), EXIT, "GOLD3|L1", ("option", "GOLD3"))
    assert s.positions[0] == 4 and s.kept[0] == ("GOLD3|L1",) and s.gold(0) == 3
    assert card_total(s) == (58, 16)
    s = at(s, turn=0, positions=(7, 4, 4, 4))
    s = play(s, EXPLORE, "dragon")
    assert s.positions[0] == BURNED and s.kept[0] == ()
    assert s.exit_discard[s.game.exit_names.index("GOLD3|L1")] == 1


def test_D4_an_empty_exit_deck_is_reshuffled_from_its_discards():
    s = new()
    discards = s.exits
    s = at(s, exits=(0,) * len(discards), exit_discard=discards)
    s = s.apply(EXIT)
    assert dict(s.chance_outcomes())["L1|SWAP"] == Fraction(3, 16)
    s = s.apply("L1")
    assert sum(s.exits) == 15 and sum(s.exit_discard) == 1


def test_D4_an_empty_exploration_deck_leaves_only_exit_cards():
    s = at(new(), explore=(0, 0, 0, 0), explore_discard=(20, 14, 16, 8))
    assert s.legal_actions() == (EXIT,)
    with pytest.raises(IllegalActionError, match="exploration deck is empty"):
        s.apply(EXPLORE)


# --- the ladder and the end of a round (D5, D6) ---------------------------------------

def test_D5_miners_on_the_ladder_skip_their_turns():
    s = at(new(), positions=(4, LADDER, LADDER, 4), rungs=(0, 1, 2, 0))
    assert play(s, EXPLORE, "nugget").turn == 3


def test_D6_round_scoring_3_2_1_to_the_highest_gold_ties_to_the_higher_rung():
    # players 1 and 2 tie on 3 gold; 2 is higher on the ladder; 3 is burned
    s = at(new(), turn=0, positions=(1, LADDER, LADDER, BURNED), rungs=(0, 2, 1, 0),
           kept=(("nugget",), ("eyes", "nugget"), ("lantern", "eyes"), ()))
    s = play(s, EXIT, "L1")
    assert s.round == 2
    r = s.results[0]
    assert r.gold == (1, 3, 3, 0) and r.rungs == (3, 2, 1, 0)
    assert r.awarded == (1, 2, 3, 0) and r.winner == 2
    assert s.tokens == (1, 2, 3, 0) and s.pool == 6


def test_D6_the_previous_rounds_winner_starts_the_next_round_with_a_fresh_board():
    s = at(new(), positions=(1, LADDER, LADDER, LADDER), rungs=(0, 1, 2, 3),
           kept=(("nugget",), (), ("eyes",), ()))
    s = play(s, EXIT, "L1")
    assert s.round == 2 and s.start == 2 and s.turn == 2 and s.current_player() == 2
    assert s.positions == (4,) * 4 and s.dragon == 8 and s.kept == ((),) * 4
    assert sum(s.explore) == 58 and sum(s.exits) == 16


def test_E2_a_round_with_nobody_on_the_ladder_passes_the_start_to_the_next_player():
    s = at(new(), positions=(7, BURNED, BURNED, BURNED))
    s = play(s, EXPLORE, "dragon")
    assert s.results[0].winner is None and s.start == 1 and s.tokens == (0,) * 4 and s.pool == 12


def test_D6_round_three_adds_gold_to_tokens_and_ties_go_to_the_higher_rung_then_tokens():
    s = at(new(), round=3, pool=0, tokens=(4, 2, 6, 0), positions=(1, LADDER, LADDER, BURNED),
           rungs=(0, 2, 1, 0), kept=(("eyes", "eyes"), ("eyes", "eyes", "eyes"), ("nugget", "lantern"), ()))
    s = play(s, EXIT, "L1")
    assert s.current_player() == TERMINAL
    # totals 4+4=8, 2+6=8, 6+2=8, 0: all three tie; rung 1 (player 2) wins
    assert s.scores() == (8.0, 8.0, 8.0, 0.0)
    assert s.winners() == (2,)
    assert s.podium() == ((2,), (1,), (0,), (3,))


def test_D6_round_three_tie_on_total_among_burned_players_goes_to_tokens():
    s = at(new(), round=3, pool=0, tokens=(5, 5, 1, 1), positions=(7, BURNED, BURNED, LADDER),
           rungs=(0, 0, 0, 1), kept=((), (), (), ("nugget", "eyes", "eyes")))
    s = play(s, EXPLORE, "dragon")
    # player 3 has 1 + 5 = 6 > 5; players 0 and 1 tie on 5 with no rung and equal tokens (E4)
    assert s.scores() == (5.0, 5.0, 1.0, 6.0)
    assert s.podium() == ((3,), (0, 1), (2,))


def test_the_game_ends_after_three_rounds_with_all_twelve_tokens_handed_out():
    import numpy as np

    from mineedu.core import RandomBot, playout

    final = playout(new(), [RandomBot()] * 4, np.random.default_rng(5))
    assert final.is_terminal() and [r.round for r in final.results] == [1, 2, 3]
    assert sum(final.tokens) + final.pool == 12


# --- face-up variant (D7) -------------------------------------------------------------

def test_D7_face_up_setup_reveals_a_top_card_that_is_never_a_dragon():
    s = new(deck_mode="face_up")
    assert s.current_player() == CHANCE
    outs = dict(s.chance_outcomes())
    assert "dragon" not in outs and outs["nugget"] == Fraction(20, 50)
    s = s.apply("eyes")
    assert s.top == "eyes" and sum(s.explore) == 57 and s.current_player() == 0


def test_D7_face_up_taking_the_top_card_reveals_the_next_and_a_revealed_dragon_resolves_at_once():
    s = play(new(deck_mode="face_up"), "eyes")
    s = s.apply(EXPLORE)  # takes the visible eyes: no chance at the take
    assert s.positions[0] == 5 and s.kept[0] == ("eyes",)
    assert s.current_player() == CHANCE and s.top is None
    s = s.apply("dragon")  # revealed: Dragobert moves at once, and the next card is revealed
    assert s.dragon == 7 and s.current_player() == CHANCE
    s = s.apply("nugget")
    assert s.top == "nugget" and s.turn == 1 and card_total(s) == (58, 16)


def test_D7_face_up_revealed_dragon_burns_miners_next_to_him():
    s = at(play(new(deck_mode="face_up"), "nugget"), positions=(4, 7, 4, 4))
    s = play(s, EXPLORE, "dragon")
    assert s.positions[1] == BURNED and s.current_player() == CHANCE


# --- errors name the rule --------------------------------------------------------------

def test_illegal_actions_name_the_rule_they_break():
    s = play(at(new(), positions=(6, 2, LADDER, 5), rungs=(0, 0, 1, 0)), EXIT, "L1|SWAP")
    with pytest.raises(IllegalActionError, match="offers L1 or SWAP, not 'L2'"):
        s.apply(("option", "L2"))
    with pytest.raises(IllegalActionError, match="player 2 is not a miner still inside"):
        s.apply(("option", "SWAP", 2))
    with pytest.raises(IllegalActionError, match="cannot swap places with themself"):
        s.apply(("option", "SWAP", 0))
    with pytest.raises(IllegalActionError, match="resolve the exit card"):
        s.apply(EXPLORE)
    with pytest.raises(IllegalActionError, match="no exit card is being resolved"):
        new().apply(("option", "L1"))
    with pytest.raises(IllegalActionError, match="not a card kind left"):
        at(new(), explore=(20, 14, 16, 0)).apply(EXPLORE).apply("dragon")


def test_config_is_validated_with_clear_messages():
    with pytest.raises(ConfigError, match="not a dragon"):
        mineedu.make("gold_mine", 4, exploration=(("nugget", 0), ("lantern", 0), ("eyes", 0), ("dragon", 5)))
    with pytest.raises(ConfigError, match="options must be distinct"):
        mineedu.make("gold_mine", 4, exit_deck=(("L3", 2),))
    with pytest.raises(ConfigError, match="without the GOLD3 option"):
        mineedu.make("gold_mine", 4, exit_deck=(("GOLD3", 2),))
    with pytest.raises(ConfigError, match="deck_mode"):
        mineedu.make("gold_mine", 4, deck_mode="sideways")
    with pytest.raises(ConfigError, match="cart must lie inside"):
        mineedu.make("gold_mine", 4, cart=8)


def test_a_teacher_can_change_the_decks_and_the_odds_follow():
    s = mineedu.make("gold_mine", 4, exploration={"nugget": 10, "lantern": 5, "eyes": 5, "dragon": 10}).initial_state()
    assert dict(s.apply(EXPLORE).chance_outcomes())["dragon"] == Fraction(1, 3)


def test_E3_after_the_turn_limit_the_mine_collapses_and_burns_everyone_inside():
    s = at(mineedu.make("gold_mine", 4, turn_limit=3).initial_state(), turns=2,
           positions=(4, LADDER, 4, 4), rungs=(0, 1, 0, 0), kept=(("eyes",), ("nugget",), (), ()))
    s = play(s, EXPLORE, "nugget")
    assert s.round == 2 and s.results[0].rungs == (0, 1, 0, 0) and s.results[0].gold == (0, 1, 0, 0)


# --- hidden information ---------------------------------------------------------------

def test_E5_every_card_shows_by_its_effect_so_every_miners_gold_is_public():
    s = play(new(), EXPLORE, "eyes", EXPLORE, "nugget")
    for viewer in (None, 0, 1):
        o = s.observation(viewer)
        assert o.kept == (("eyes",), ("nugget",), (), ()) and [o.gold(p) for p in range(4)] == [2, 1, 0, 0]
        assert o.explore == (19, 14, 15, 8)  # the deck's composition is public
        assert o.viewer == viewer


# --- found in review ---------------------------------------------------------------

def test_D6_round_three_a_burned_miner_ranks_below_every_rung_on_equal_totals():
    # player 1 burned with 6 tokens; player 0 on rung 2 with 2 tokens + 4 gold: both total 6
    s = at(new(), round=3, pool=0, tokens=(2, 6, 0, 0), positions=(1, BURNED, LADDER, BURNED),
           rungs=(0, 0, 1, 0), kept=(("eyes", "eyes"), (), (), ()))
    s = play(s, EXIT, "L1")
    assert s.scores() == (6.0, 6.0, 0.0, 0.0)
    assert s.winners() == (0,) and s.podium()[:2] == ((0,), (1,))


def test_D4_an_exit_deck_that_could_run_out_is_refused():
    # every exit card offers GOLD3: once all are kept, a player with no exploration card
    # left would have no legal action at all
    with pytest.raises(ConfigError, match="without the GOLD3 option"):
        mineedu.make("gold_mine", 3, exploration={"nugget": 1, "lantern": 0, "eyes": 0, "dragon": 0},
                     exit_deck=(("GOLD3|L1", 1),))
    with pytest.raises(ConfigError, match="without the GOLD3 option"):
        mineedu.make("gold_mine", 3, exit_deck=(("GOLD3|L1", 3), ("L1", 0)))
    mineedu.make("gold_mine", 3, exit_deck=(("GOLD3|L1", 3), ("L2|SWAP", 1)))


@pytest.mark.parametrize("bad", [
    {"rounds": "3"}, {"rounds": 2.0}, {"track_length": True}, {"cart": None}, {"turn_limit": "9"},
    {"exploration": 5}, {"exit_deck": None}, {"token_awards": 5}, {"deck_mode": 1},
    {"exploration": {"nugget": 20, "lantern": 14, "eyes": 16, "dragon": 8}},
])
def test_a_hand_built_config_of_the_wrong_type_is_a_config_error_not_a_crash(bad):
    from mineedu.games.gold_mine import GoldMineConfig

    with pytest.raises(ConfigError, match=r"GoldMineConfig|must be"):
        mineedu.make("gold_mine", 3, config=GoldMineConfig(**bad))


@pytest.mark.parametrize("target", [1.0, True, "1", None])
def test_a_swap_target_must_be_a_player_number(target):
    s = play(at(new(), positions=(6, 2, LADDER, 5), rungs=(0, 0, 1, 0)), EXIT, "L1|SWAP")
    with pytest.raises(IllegalActionError, match="player number"):
        s.apply(("option", "SWAP", target))
    assert s.apply(("option", "SWAP", 1)).positions == (2, 6, LADDER, 5)


@pytest.mark.parametrize("bad, words", [
    ({"exploration": {"nugget": 10**30, "lantern": 14, "eyes": 16, "dragon": 8}}, "exploration count of at most 200"),
    ({"exit_deck": (("L1", 10**6),)}, "exit card count of at most 200"),
    ({"track_length": 30000, "cart": 4}, "track_length of at most 20"),
    ({"rounds": 10**9}, "rounds of at most 10"),
    ({"turn_limit": 10**7}, "turn_limit of at most 1000"),
    ({"token_awards": (1,) * 50}, "number of token awards of at most 6"),
    ({"token_awards": (10**9, 1)}, "token award of at most 100"),
])
def test_every_config_field_is_bounded(bad, words):
    """A saved game can carry any config: a huge one is refused with a clear message (issue 18)."""
    with pytest.raises(ConfigError, match=words):
        mineedu.make("gold_mine", 3, **bad)
    mineedu.make("gold_mine", 3, exploration={"nugget": 200, "lantern": 0, "eyes": 0, "dragon": 200}, track_length=20)
