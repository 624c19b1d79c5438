"""One scripted scenario per rule of the French text (and of D17-D19)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from mineedu.core import CHANCE, SIMULTANEOUS, TERMINAL, ConfigError, IllegalActionError, RandomBot, sample_outcome
from mineedu.games.silver_gold import CARDS, Board, SilverGold, TreasureCard, orientations, score_sheet
from mineedu.games.silver_gold.shapes import mask_cells

from .helpers import everyone, find_cards, set_board, standard


def free_cells(card_id: int, crossed: int = 0) -> list[tuple[int, int]]:
    card = CARDS[card_id]
    return mask_cells(card.boxes & ~crossed, card.cols)


def cell_bit(card_id: int, r: int, c: int) -> int:
    return 1 << (r * CARDS[card_id].cols + c)


def plain(card: TreasureCard) -> bool:
    return not card.crosses and not card.palms


# --- the material (D17) ------------------------------------------------------------


def test_the_47_treasure_cards() -> None:
    sizes = {"grey": (8, 3, 4, 11), "green": (10, 3, 4, 12), "orange": (12, 4, 4, 12), "purple": (14, 4, 4, 12)}
    for colour, (boxes, rows, cols, count) in sizes.items():
        cards = [c for c in CARDS if c.colour == colour]
        assert len(cards) == count
        assert all(c.points == boxes and (c.rows, c.cols) == (rows, cols) for c in cards)
        seals = [c.seal for c in cards if c.seal]
        assert len(seals) == 3 and colour not in seals  # 3 seal cards, each pointing at another colour
    assert len({(c.colour, c.boxes, c.coins, c.palms, c.crosses) for c in CARDS}) == 47
    assert all(c.coins | c.palms | c.crosses == (c.coins | c.palms | c.crosses) & c.boxes for c in CARDS)


# --- deal 4, keep 2; the display of 4 ----------------------------------------------


def test_deal_four_keep_two_and_the_display() -> None:
    s = SilverGold(2).initial_state()
    for _ in range(8):
        s = s.apply(s.chance_outcomes()[0][0])
    assert [len(b.hand) for b in s.boards] == [4, 4] and s.phase == "deal"
    for _ in range(4):
        s = s.apply(s.chance_outcomes()[-1][0])
    assert s.phase == "keep" and len(s.display) == 4 and s.current_player() == SIMULTANEOUS
    hand0 = s.boards[0].hand
    assert len(s.legal_actions(0)) == 6  # C(4, 2) ways to keep two
    # others' hands are hidden; your own is seen
    seen_by_1, seen_by_0 = s.observation(1).boards[0], s.observation(0).boards[0]
    assert (seen_by_1.hand, seen_by_1.hand_size) == (None, 4) and seen_by_0.hand == hand0
    with pytest.raises(IllegalActionError, match="keep exactly 2"):
        s.apply(("keep",) + hand0[:3], player=0)
    with pytest.raises(IllegalActionError, match="not among the cards you were dealt"):
        s.apply(("keep", hand0[0], s.boards[1].hand[0]), player=0)
    s = s.apply(("keep",) + tuple(sorted(hand0[:2])), player=0)
    seen = s.observation(1).boards[0]
    assert seen.chosen is True and seen.choice is None  # chosen, but what stays hidden
    assert s.observation(0).boards[0].choice == ("keep",) + tuple(sorted(hand0[:2]))
    s = s.apply(s.legal_actions(1)[0], player=1)
    assert s.phase == "reveal" and s.boards[0].cards == tuple(sorted(hand0[:2]))
    assert len(s.deck) == 47 - 12 + 4  # the returned cards go back into the deck (our choice)
    assert set(hand0[2:]) <= set(s.deck)


def test_returned_cards_can_leave_the_game() -> None:
    s = SilverGold(2, returned_to_deck=False).initial_state()
    while s.phase != "reveal":
        if s.is_chance():
            s = s.apply(s.chance_outcomes()[0][0])
        else:
            p = s.players_to_move()[0]
            s = s.apply(s.legal_actions(p)[0], player=p)
    assert len(s.deck) == 47 - 12


# --- the revealed shape, rotated or mirrored -----------------------------------------


def test_mirrored_shape_crosses_exactly_its_boxes() -> None:
    # the L-tetromino mirrored: a J
    j = {(0, 1), (1, 1), (2, 1), (2, 0)}
    o = [set(x) for x in orientations("L4")].index(j)
    fit = next((c.id, r, col) for c in CARDS if c.colour == "purple"
               for r in range(2) for col in range(3) if all(c.is_box(r + dr, col + dc) for dr, dc in j))
    cid, r, col = fit
    other = find_cards(lambda c: c.colour == "grey", exclude={cid})[0]
    s = standard(cards=[(min(cid, other), max(cid, other)), find_cards(lambda c: c.colour == "green", 2)])
    slot = s.boards[0].cards.index(cid)
    s = s.apply("L4")
    assert s.phase == "place" and s.shape == "L4"
    action = ("place", slot, o, r, col)
    assert action in s.legal_actions(0)
    s = everyone(s, [action, ("cross",) + (0,) + free_cells(s.boards[1].cards[0])[0]])
    want = sum(cell_bit(cid, r + dr, col + dc) for dr, dc in j)
    assert s.boards[0].crossed[slot] == want


def test_illegal_placements_say_which_box() -> None:
    cid = find_cards(lambda c: c.colour == "grey" and plain(c))[0]
    other = find_cards(lambda c: c.colour == "green" and plain(c))[0]
    s = standard(cards=[(cid, other), find_cards(lambda c: c.colour == "orange", 2)]).apply("I2")
    r, c = free_cells(cid)[0]
    s = set_board(s, 0, crossed=(cell_bit(cid, r, c), 0))
    horizontal = orientations("I2").index(((0, 0), (0, 1)))
    with pytest.raises(IllegalActionError, match=rf"box \({r},{c}\) of card {cid} is already crossed"):
        s.apply(("place", 0, horizontal, r, c), player=0)
    with pytest.raises(IllegalActionError, match=rf"box \(2,4\) is outside card {cid}'s 3x4 frame"):
        s.apply(("place", 0, horizontal, 2, 3), player=0)
    hole = next((r, c) for r in range(3) for c in range(4) if not CARDS[cid].is_box(r, c))
    with pytest.raises(IllegalActionError, match=rf"\({hole[0]},{hole[1]}\) is not a box of card {cid}"):
        s.apply(("cross", 0, *hole), player=0)
    with pytest.raises(IllegalActionError, match="2 orientations"):
        s.apply(("place", 0, 5, 0, 0), player=0)


def test_cross_one_box_instead_and_no_pass() -> None:
    cards = [find_cards(lambda c: c.colour == "grey" and plain(c), 2),
             find_cards(lambda c: c.colour == "green" and not c.crosses, 2)]
    s = standard(cards=cards).apply("I2")
    assert any(a[0] == "place" for a in s.legal_actions(0))
    with pytest.raises(IllegalActionError, match="passing is not allowed"):
        s.apply(("pass",), player=0)
    r, c = free_cells(cards[0][0])[0]
    s = s.apply(("cross", 0, r, c), player=0)  # allowed even though the domino fits
    with pytest.raises(IllegalActionError, match="not player 0's turn"):
        s.apply(("cross", 0, r, c), player=0)
    # player 0's choice stays hidden from player 1 until both have chosen
    assert s.observation(1).boards[0].chosen is True and s.observation(1).boards[0].choice is None
    s = s.apply(("cross", 1, *free_cells(cards[1][1])[0]), player=1)
    assert s.boards[0].crossed == (cell_bit(cards[0][0], r, c), 0)
    assert s.phase == "reveal"


def test_when_the_shape_fits_nowhere_only_single_boxes_remain() -> None:
    cards = [find_cards(lambda c: c.colour == "grey" and plain(c), 2),
             find_cards(lambda c: c.colour == "green" and not c.crosses, 2)]
    s = standard(cards=cards).apply("O4")
    # leave a single free box on each card of player 0: no square fits
    keep = [free_cells(cid)[0] for cid in cards[0]]
    crossed = tuple(CARDS[cid].boxes & ~cell_bit(cid, *k) for cid, k in zip(cards[0], keep))
    s = set_board(s, 0, crossed=crossed)
    assert sorted(s.legal_actions(0)) == sorted([("cross", 0, *keep[0]), ("cross", 1, *keep[1])])


# --- red crosses chain ------------------------------------------------------------------


def test_red_crosses_chain() -> None:
    a, b = find_cards(lambda c: c.crosses and not c.palms and c.colour in ("orange", "purple"), 2)
    s = standard(cards=[(a, b), find_cards(lambda c: c.colour == "grey" and plain(c), 2)]).apply("I2")
    xa = mask_cells(CARDS[a].crosses, 4)[0]
    xb = mask_cells(CARDS[b].crosses, 4)[0]
    s = everyone(s, [("cross", 0, *xa), ("cross", 0, *free_cells(s.boards[1].cards[0])[0])])
    assert s.phase == "chain" and s.current_player() == 0 and s.boards[0].pending == 1
    with pytest.raises(IllegalActionError, match="one more single box"):
        s.apply(("place", 0, 0, 0, 0))
    s = s.apply(("cross", 1, *xb))  # another red cross: one more box owed
    assert s.phase == "chain" and s.boards[0].pending == 1
    r, c = next(x for x in free_cells(a, s.boards[0].crossed[0]) if x != xa and CARDS[a].symbol(*x) is None)
    s = s.apply(("cross", 0, r, c))
    assert s.boards[0].pending == 0 and s.phase == "reveal"
    assert s.boards[0].crossed == (cell_bit(a, *xa) | cell_bit(a, r, c), cell_bit(b, *xb))


# --- completing and replacing cards --------------------------------------------------------


def test_completed_card_scores_and_is_replaced_after_the_action() -> None:
    cid = find_cards(lambda c: c.colour == "grey" and plain(c))[0]
    other = find_cards(lambda c: c.colour == "green" and plain(c))[0]
    s = standard(cards=[(cid, other), find_cards(lambda c: c.colour == "orange", 2)]).apply("I2")
    last = free_cells(cid)[-1]
    s = set_board(s, 0, crossed=(CARDS[cid].boxes & ~cell_bit(cid, *last), 0))
    s = everyone(s, [("cross", 0, *last), ("cross", 0, *free_cells(s.boards[1].cards[0])[0])])
    assert s.boards[0].completed == (cid,) and s.boards[0].cards == (None, other)
    assert s.phase == "replace" and s.current_player() == 0
    assert s.score_sheet(0)["cards"] == 8
    display = s.display
    s = s.apply(("take", display[2]))
    # the display is refilled only once the action is over: a chance draw now
    assert s.boards[0].cards == (display[2], other) and len(s.display) == 3 and s.current_player() == CHANCE
    deck = s.deck
    s = s.apply(deck[0])
    assert s.display == display[:2] + display[3:] + (deck[0],) and s.phase == "reveal"
    with pytest.raises(IllegalActionError):
        s.apply(("take", display[2]))


# --- coins, rows and the shared cups 6..1 --------------------------------------------------


def test_coin_rows_take_the_highest_free_cup_in_player_order() -> None:
    coin_cards = find_cards(lambda c: c.coins and not c.crosses, 4)
    s = standard(cards=[tuple(sorted(coin_cards[:2])), tuple(sorted(coin_cards[2:]))]).apply("I2")
    s = set_board(set_board(s, 0, coins=3), 1, coins=7, cups=(), rows_settled=1)
    s = replace(s, first=1, cups_left=(5, 4, 3, 2, 1))  # cup 6 already taken by someone
    acts = [("cross", 0, *mask_cells(CARDS[p_cards[0]].coins, 4)[0]) for p_cards in (s.boards[0].cards, s.boards[1].cards)]
    s = everyone(s, acts)
    # both complete a row in the same reveal; player 1 is first this reveal, so takes the 5
    assert s.boards[1].cups == (5,) and s.boards[0].cups == (4,) and s.cups_left == (3, 2, 1)
    assert s.boards[0].coins == 4 and s.score_sheet(0)["coins"] == 4 and s.score_sheet(0)["cups"] == 4
    assert s.first == 0  # the first player passes left


def test_no_cup_left_means_nothing_and_coins_are_capped() -> None:
    b = Board(cards=(None, None), crossed=(0, 0), coins=30, cups=(6,), rows_settled=6)
    assert score_sheet(b, SilverGold(2).config)["coins"] == 24  # 6 rows of 4 coin boxes


# --- palms ----------------------------------------------------------------------------------


def test_palm_scores_one_plus_palms_on_the_display_at_most_four_times() -> None:
    pc = find_cards(lambda c: c.palms and not c.crosses and c.colour == "purple", 2)
    display = (find_cards(lambda c: c.palms and c.colour == "grey", 2)
               + find_cards(lambda c: not c.palms and c.colour == "grey", 2))
    on_display = sum(CARDS[d].palms.bit_count() for d in display)
    s = standard(cards=[tuple(pc), find_cards(lambda c: c.colour == "green" and not c.crosses, 2)], display=display).apply("I2")
    palm = mask_cells(CARDS[pc[0]].palms, 4)[0]
    t = everyone(s, [("cross", 0, *palm), ("cross", 0, *free_cells(s.boards[1].cards[0])[0])])
    assert t.boards[0].palms == (1 + on_display,)  # own other card does not count
    full = set_board(s, 0, palms=(3, 3, 3, 3))
    t = everyone(full, [("cross", 0, *palm), ("cross", 0, *free_cells(s.boards[1].cards[0])[0])])
    assert t.boards[0].palms == (3, 3, 3, 3)


# --- seals and final scoring ---------------------------------------------------------------------


def test_seals_score_per_completed_card_of_their_colour() -> None:
    seal_to_orange = find_cards(lambda c: c.seal == "orange")[0]
    seal_to_grey = find_cards(lambda c: c.seal == "grey")[0]
    oranges = find_cards(lambda c: c.colour == "orange" and not c.seal, 2)
    greys = find_cards(lambda c: c.colour == "grey" and not c.seal, 3)
    cfg = SilverGold(2).config
    b = Board(cards=(None, None), crossed=(0, 0), completed=(seal_to_orange, seal_to_grey, *oranges, *greys))
    n_orange = 2 + (CARDS[seal_to_grey].colour == "orange")
    n_grey = 3 + (CARDS[seal_to_orange].colour == "grey")
    assert score_sheet(b, cfg)["seals"] == 2 * n_orange + 1 * n_grey
    # a seal on an unfinished card is worth nothing; neither is the card
    b = Board(cards=(seal_to_orange, None), crossed=(0, 0), completed=tuple(oranges))
    assert score_sheet(b, cfg)["seals"] == 0 and score_sheet(b, cfg)["cards"] == 24


def test_tie_break_by_grey_then_green_cards() -> None:
    grey = find_cards(lambda c: c.colour == "grey" and not c.seal, 1)
    green = find_cards(lambda c: c.colour == "green" and not c.seal, 2)
    purple = find_cards(lambda c: c.colour == "purple" and not c.seal, 1)
    s = SilverGold(3).initial_state()
    boards = (
        Board(cards=(None, None), crossed=(0, 0), completed=(*grey, *purple), coins=2),   # 8+14+2 = 24, 1 grey
        Board(cards=(None, None), crossed=(0, 0), completed=(*green,), coins=4),          # 20+4 = 24, 0 grey
        Board(cards=(None, None), crossed=(0, 0), completed=(*grey,), coins=16),          # 8+16 = 24, 1 grey, 0 purple
    )
    s = replace(s, phase="over", boards=boards)
    assert s.scores() == (24.0, 24.0, 24.0)
    # 0 and 2 have one grey, 1 has none; then green (0 both), orange (0 both), purple: 0 has one
    assert s.winners() == (0,)
    s = replace(s, boards=boards[1:2] * 2 + boards[2:])
    assert s.winners() == (2,)
    s = replace(s, boards=boards[1:2] * 3)
    assert s.winners() == (0, 1, 2)  # a full tie is shared


# --- rounds: 7 of the 8 expedition cards, 4 rounds ----------------------------------------------


def test_rounds_of_seven_of_eight_and_the_end_after_four() -> None:
    s = standard(cards=[find_cards(lambda c: c.colour == "purple", 2), find_cards(lambda c: c.colour == "orange", 2)])
    rng = np.random.default_rng(5)
    bot = RandomBot()
    reveals_per_round: dict[int, list[str]] = {}
    firsts = []
    while not s.is_terminal():
        if s.phase == "reveal":
            outs = s.chance_outcomes()
            assert sum(p for _, p in outs) == 1
            if not s.revealed:  # a new round: all 8 cards are back
                assert dict((o, p * 8) for o, p in outs) == {"I2": 1, "I3": 2, "L3": 2, "T4": 1, "L4": 1, "O4": 1}
            firsts.append(s.first)
            o = sample_outcome(outs, rng)
            reveals_per_round.setdefault(s.round, []).append(o)
            s = s.apply(o)
        elif s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            p = s.players_to_move()[0]
            s = s.apply(bot.act(None, s.legal_actions(p), rng), player=p)
    assert sorted(reveals_per_round) == [0, 1, 2, 3]
    assert all(len(v) == 7 for v in reveals_per_round.values())
    assert firsts == [k % 2 for k in range(28)]  # the first player passes left after each reveal
    assert s.current_player() == TERMINAL and s.legal_actions(0) == ()


def test_config_is_checked() -> None:
    with pytest.raises(ConfigError, match="reveals_per_round"):
        SilverGold(2, reveals_per_round=9)
    with pytest.raises(ConfigError, match="unknown expedition shape"):
        SilverGold(2, expedition={"Q9": 1})
    with pytest.raises(ConfigError, match="need at least"):
        SilverGold(4, cards_per_colour={"grey": 5, "green": 5})
    g = SilverGold(2, expedition={"I1": 2, "O4": 2}, reveals_per_round=3, rounds=1)
    assert g.initial_state().game.config.expedition_counts() == {"I1": 2, "O4": 2}


# --- review: hostile configs, unsorted cups, coins past the sheet, a red cross with nowhere to go ----


@pytest.mark.parametrize("setting", [
    {"cards_per_colour": [1, 2, 3]}, {"expedition": [["I2"]]}, {"seal_values": [1]},
    {"seal_values": {"grey": "a", "green": 1, "orange": 2, "purple": 2}}, {"expedition": {"I2": 0}},
    {"coin_rows": 10**9}, {"palm_limit": 10**9}, {"cups": [6] * 100}, {"rounds": 10**9},
])
def test_hostile_configs_give_a_clear_error(setting: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        SilverGold(2, **setting)


def test_a_config_built_by_hand_is_checked_too() -> None:
    from mineedu.games.silver_gold.rules import Config

    with pytest.raises(ConfigError, match="rounds must be a whole number"):
        SilverGold(2, config=Config(rounds="4"))  # type: ignore[arg-type]


def test_unsorted_cups_still_go_highest_first() -> None:
    s = SilverGold(2, cups=[1, 3, 6]).initial_state()
    assert s.cups_left == (6, 3, 1)  # D18: a row takes the highest cup still free


def test_junk_kept_cards_are_refused_with_a_rule() -> None:
    s = SilverGold(2).initial_state()
    while s.phase != "keep":
        s = s.apply(s.chance_outcomes()[0][0])
    junks: list[tuple[Any, ...]] = [("keep", [1], 2), ("keep", {}, {}), ("keep", 1.5, 2)]
    for junk in junks:
        with pytest.raises(IllegalActionError, match="ids of the kept cards"):
            s.apply(junk, player=0)


def test_coins_past_the_sheet_complete_no_more_rows() -> None:
    coin_cards = find_cards(lambda c: c.coins and not c.crosses, 4)
    s = standard(cards=[tuple(sorted(coin_cards[:2])), tuple(sorted(coin_cards[2:]))]).apply("I2")
    s = set_board(s, 0, coins=27, cups=(6, 5, 4, 3, 2, 1)[:6], rows_settled=6)  # a full sheet of 24 coin boxes
    s = replace(s, cups_left=(9,))  # a cup still free: the 28th coin must not take it
    coin = mask_cells(CARDS[s.boards[0].cards[0]].coins, 4)[0]
    s = everyone(s, [("cross", 0, *coin), ("cross", 0, *free_cells(s.boards[1].cards[0])[0])])
    assert s.boards[0].coins == 28 and s.cups_left == (9,) and s.score_sheet(0)["coins"] == 24


def test_a_red_cross_with_no_free_box_left_is_lost() -> None:
    a = find_cards(lambda c: c.crosses and c.colour == "grey")[0]
    b = find_cards(lambda c: c.colour == "green" and plain(c))[0]
    s = standard(cards=[(a, b), find_cards(lambda c: c.colour == "orange", 2)]).apply("I2")
    last = mask_cells(CARDS[a].crosses, 4)[0]
    s = set_board(s, 0, crossed=(CARDS[a].boxes & ~cell_bit(a, *last), CARDS[b].boxes))
    s = everyone(s, [("cross", 0, *last), ("cross", 0, *free_cells(s.boards[1].cards[0])[0])])
    # the red cross owes a box but none is free: nothing is owed, both cards are completed
    assert s.boards[0].pending == 0 and s.phase == "replace" and set(s.boards[0].completed) == {a, b}


# --- bounded configs (issue 18): every field refused outside its bounds, with its name ------------


@pytest.mark.parametrize(("setting", "says"), [
    ({"cards_per_colour": {"grey": 10**30}}, "cards_per_colour: grey must be 0..11"),
    ({"cards_per_colour": {"grey": -1}}, "cards_per_colour: grey must be 0..11"),
    ({"expedition": {"I2": 10**30}}, "expedition copies must be whole numbers 0..16"),
    ({"expedition": {"I2": 9, "I3": 9}}, "the expedition deck needs 1..16 cards, not 18"),
    ({"reveals_per_round": 10**6}, "reveals_per_round must be a whole number 1..16"),
    ({"rounds": 101}, "rounds must be a whole number 1..100"),
    ({"rounds": 0}, "rounds must be a whole number 1..100"),
    ({"deal": 30_000}, "deal must be a whole number 1..6"),
    ({"keep": 4, "deal": 6}, "keep must be a whole number 1..3"),
    ({"keep": 3, "deal": 2}, "keep must be 1..deal (2), not 3"),
    ({"display": 9}, "display must be a whole number 0..8"),
    ({"coin_rows": 13}, "coin_rows must be a whole number 0..12"),
    ({"coin_row_size": 0}, "coin_row_size must be a whole number 1..12"),
    ({"palm_limit": 10**9}, "palm_limit must be a whole number 0..12"),
    ({"cups": [6] * 13}, "cups must be at most 12 whole numbers 0..99"),
    ({"cups": [10**30]}, "cups must be at most 12 whole numbers 0..99"),
    ({"seal_values": {"grey": 100, "green": 1, "orange": 2, "purple": 2}}, "seal_values needs one whole number 0..99"),
])
def test_every_config_field_has_bounds(setting: dict[str, Any], says: str) -> None:
    with pytest.raises(ConfigError) as info:
        SilverGold(2, **setting)
    assert says in str(info.value)


def test_returned_to_deck_is_a_switch() -> None:
    from mineedu.games.silver_gold.rules import Config

    with pytest.raises(ConfigError, match="returned_to_deck must be true or false"):
        SilverGold(2, config=Config(returned_to_deck=1))  # type: ignore[arg-type]


def test_the_largest_configs_still_play_and_draw() -> None:
    from mineedu.games.silver_gold.svg import render

    g = SilverGold(4, deal=3, keep=3, display=8, coin_rows=12, coin_row_size=12, palm_limit=12, cups=[99] * 12,
                   expedition={"I1": 4, "I2": 4, "S4": 4, "I4": 4}, reveals_per_round=16, rounds=1)
    rng = np.random.default_rng(0)
    s = g.initial_state()
    while not s.is_terminal():
        if s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            p = s.players_to_move()[0]
            s = s.apply(RandomBot().act(None, s.legal_actions(p), rng), player=p)
            assert render(s.observation(p), "fr").endswith("</svg>")
