"""One scripted scenario per rule of the text (and D13-D16)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mineedu.core import CHANCE, TERMINAL, ConfigError, IllegalActionError
from mineedu.games.yukon import YukonConfig, YukonGame, YukonState
from mineedu.games.yukon.board import CELLS, CENTRE, NEIGHBOURS, RINGS, STARTS

from .util import connected, outside, position

G3 = YukonGame(3)
R18 = RINGS[CENTRE]  # the centre's ring, in turn around the claim
C19 = CELLS.index((1, 0))  # a neighbour of the centre (value 2)
R19 = RINGS[C19]


def started(game: YukonGame = G3, starts: tuple[int, ...] = (0, 102, 211)) -> YukonState:
    s = game.initial_state()
    for sp in starts:
        s = s.apply(("start", sp))
    return s


# --- setup (text: "un pion sur une case de départ de son choix"; D14) ----------

def test_each_player_in_turn_puts_a_first_pawn_on_a_free_start_space() -> None:
    s = G3.initial_state()
    assert s.current_player() == 0
    assert {a[1] for a in s.legal_actions()} == set(STARTS)
    s = s.apply(("start", 0))
    assert s.current_player() == 1 and ("start", 0) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="already taken"):
        s.apply(("start", 0))
    with pytest.raises(IllegalActionError, match="not a start space"):
        s.apply(("start", 1))
    s = s.apply(("start", 102)).apply(("start", 211))
    assert s.current_player() == CHANCE and s.turn == 0
    assert s.chains == ((0,), (102,), (211,))


def test_setup_places_one_pawn_per_pip_next_to_an_end_with_no_gap() -> None:
    s = started().apply(1)
    assert s.is_chance(), "a 1 throws again"
    s = s.apply(3)
    assert s.pips == 4 and s.current_player() == 0
    assert {a[1] for a in s.legal_actions()} == set(NEIGHBOURS[0])
    with pytest.raises(IllegalActionError, match="no gap"):
        s.apply(("place", 200))
    with pytest.raises(IllegalActionError, match="still placing"):
        s.apply(("step", 0, NEIGHBOURS[0][0]))
    for _ in range(4):
        s = s.apply(s.legal_actions()[-1])
    assert len(s.chains[0]) == 5 and connected(s.chains[0])
    assert s.turn == 1 and s.is_chance()


def test_setup_pips_beyond_the_last_pawn_are_lost() -> None:
    chain = R19[:11]
    s = position(G3, [chain, (102,), (211,)], rolling=True)
    s = s.apply(5)
    ends = {t for e in (chain[0], chain[-1]) for t in NEIGHBOURS[e] if t not in chain}
    assert {a[1] for a in s.legal_actions()} == ends and R19[11] in ends
    s = s.apply(("place", R19[11]))
    assert len(s.chains[0]) == 12 and s.turn == 1 and s.is_chance()


def test_setup_blocked_at_both_ends_loses_the_pips() -> None:
    a, b = NEIGHBOURS[0]
    s = position(G3, [(0,), (a,), (b,)], rolling=True)
    s = s.apply(4)
    assert s.turn == 1 and s.is_chance() and s.chains[0] == (0,)


# --- the die: "chaque fois que le 1 sort au dé, on peut rejouer" --------------

def test_ones_throw_again_and_add_up() -> None:
    s = position(G3, [R19, (102,), (211,)], rolling=True)
    for _ in range(3):
        s = s.apply(1)
        assert s.is_chance()
    s = s.apply(5)
    assert s.pips == 8 and s.current_player() == 0
    assert [p for _, p in position(G3, [R19], rolling=True).chance_outcomes()] == [pytest.approx(1 / 6)] * 6


def test_the_safety_cap_stops_rethrowing() -> None:
    g = YukonGame(3, max_rolls=2)
    s = position(g, [R19, (102,), (211,)], rolling=True).apply(1).apply(1)
    assert not s.is_chance() and s.pips == 2


# --- moving (D15) ---------------------------------------------------------------

def test_a_pip_moves_the_tail_pawn_to_the_front_of_the_head() -> None:
    g = YukonGame(3, pawns=3)
    chain = R18[:3]  # on the rings of the centre and of claim 19: both taken
    s = position(g, [chain, (102,), (211,)], owners={CENTRE: 2, C19: 2}, pips=2)
    steps = set(s.legal_actions())
    front = {("step", chain[0], t) for t in NEIGHBOURS[chain[2]] if t != chain[1]}
    back = {("step", chain[2], t) for t in NEIGHBOURS[chain[0]] if t != chain[1]}
    assert steps == front | back, "the player picks the head end at the start of the turn"
    s = s.apply(("step", chain[0], R18[3]))
    assert s.chains[0] == (R18[1], R18[2], R18[3]) and s.head == 1 and s.pips == 1
    with pytest.raises(IllegalActionError, match="head end was chosen"):
        s.apply(("step", R18[3], R18[0]))
    s2 = s.apply(("step", R18[1], R18[4]))
    assert s2.chains[0] == (R18[2], R18[3], R18[4]) and s2.turn == 1


def test_blocked_head_turns_the_chain_back_for_the_rest_of_the_turn() -> None:
    g = YukonGame(3, pawns=3)
    chain = R18[:3]
    # R18[3] is a midpoint whose other neighbour R18[4] is held by player 1
    s = position(g, [chain, (R18[4],), (211,)], owners={CENTRE: 2, C19: 2}, pips=3)
    s = s.apply(("step", chain[0], R18[3]))
    assert s.head == 0 and s.turned
    assert s.legal_actions() == (("step", R18[3], R18[0]),) + tuple(
        ("step", R18[3], t) for t in NEIGHBOURS[R18[1]] if t not in (R18[0], R18[2])
    )
    s = s.apply(("step", R18[3], R18[0]))
    assert s.chains[0] == chain and s.head == 0 and s.pips == 1


def test_after_turning_back_a_blocked_head_loses_the_pips_it_never_turns_twice() -> None:
    g = YukonGame(3, pawns=3)
    chain = (R18[2], R18[1], R18[0])  # end 0 (a corner) already leads after a turn back
    s = position(g, [chain, (R18[4],), (211,)], owners={CENTRE: 2}, pips=3, head=0, turned=True)
    s = s.apply(("step", R18[0], R18[3]))  # the head R18[3]: own pawn behind, player 1 ahead
    # the other end (now on R18[1], next to the freed R18[0]) does not lead again: pips lost
    assert s.chains[0] == (R18[3], R18[2], R18[1])
    assert s.turn == 1 and s.is_chance()


def test_both_ends_stuck_lose_the_pips() -> None:
    g = YukonGame(3, pawns=3)
    chain = R18[1:4]  # midpoint, corner, midpoint
    s = position(g, [chain, (R18[4],), (R18[0],)], owners={CENTRE: 2}, rolling=True)
    s = s.apply(4)
    assert s.turn == 1 and s.is_chance() and s.chains[0] == chain


# --- claiming (D16) --------------------------------------------------------------

def test_first_claim_needs_all_12_pawns_closing_the_ring() -> None:
    out = outside(R19[0], R19[1], R19[11])
    open_chain = (out,) + R19[:11]
    s = position(G3, [open_chain, (102,), (211,)], pips=3)
    assert not any(a[0] == "claim" for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="first claim needs all 12"):
        s.apply(("claim", C19, out))
    s = s.apply(("step", out, R19[11]))  # the ring closes
    assert set(s.chains[0]) == set(R19)
    claims = [a for a in s.legal_actions() if a[0] == "claim"]
    assert {a[1] for a in claims} == {C19}
    s = s.apply(("claim", C19, s.chains[0][0]))
    assert s.owners[C19] == 0 and len(s.chains[0]) == 11 and connected(s.chains[0])
    assert s.turn == 1 and s.is_chance(), "the claim cost 1 pip and the pip left is lost"
    assert s.scores() == (2.0, 0.0, 0.0)


def test_later_claims_need_every_remaining_pawn_on_the_ring_only() -> None:
    c17 = CELLS.index((-1, 0))
    arc = RINGS[c17][:11]
    s = position(G3, [arc, (102,), (211,)], owners={C19: 0}, pips=1)
    assert ("claim", c17, arc[0]) in s.legal_actions() and ("claim", c17, arc[-1]) in s.legal_actions()
    with pytest.raises(IllegalActionError, match="end pawn"):
        s.apply(("claim", c17, arc[5]))
    s = s.apply(("claim", c17, arc[-1]))
    assert s.chains[0] == arc[:-1] and s.claims_of(0) == (c17, C19)


def test_one_pawn_per_claim_a_taken_claim_cannot_be_claimed() -> None:
    s = position(G3, [R19[:11], (102,), (211,)], owners={C19: 1, 0: 0}, pips=2)
    assert not any(a[0] == "claim" and a[1] == C19 for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="already taken by player 1"):
        s.apply(("claim", C19, R19[0]))


def test_the_taker_of_the_centre_leaves_play() -> None:
    s = position(G3, [R18, (102,), (211,)], pips=2)
    s = s.apply(("claim", CENTRE, R18[0]))
    assert s.out[0] and s.chains[0] == () and not s.in_play(0)
    assert s.scores()[0] == 6.0 and not s.is_terminal()
    s = s.apply(3)  # player 1 throws
    while s.turn == 1:
        s = s.apply(s.legal_actions()[0])
    s = s.apply(2)
    while s.turn == 2 and not s.is_chance():
        s = s.apply(s.legal_actions()[0])
    assert s.turn == 1, "player 0 is skipped from now on"


# --- the end --------------------------------------------------------------------

def test_game_ends_when_one_player_is_left_in_play_and_most_nuggets_win() -> None:
    s = position(G3, [R18, (102,), (211,)], owners={C19: 1}, out=(False, True, False), pips=1)
    s = s.apply(("claim", CENTRE, R18[0]))
    assert s.current_player() == TERMINAL
    assert s.scores() == (6.0, 2.0, 0.0) and s.winners() == (0,)


def test_game_ends_when_every_claim_is_taken_and_ties_share() -> None:
    owners = {c: 1 for c in range(len(CELLS)) if c != C19}
    owners[CENTRE] = 2
    g = YukonGame(3, pawns=3)
    s = position(g, [R19[:3], (102,), (211,)], owners=owners, pips=4)
    s = s.apply(("claim", C19, R19[0]))
    assert s.is_terminal() and s.scores() == (2.0, 62.0, 6.0) and s.winners() == (1,)
    g = YukonGame(3, pawns=3, values=(0,) * 37)
    tie = position(g, [R19[:3], (102,), (211,)], owners=owners, pips=1).apply(("claim", C19, R19[0]))
    assert tie.is_terminal() and tie.winners() == (0, 1, 2)


def test_a_round_ends_when_every_player_in_play_has_had_a_turn() -> None:
    s = started()
    seen: list[tuple[int, int]] = []
    while len(seen) < 4:
        seen.append((s.turn, s.round))
        s = s.apply(2)  # two pawns placed, the turn passes
        while not s.is_chance():
            s = s.apply(s.legal_actions()[0])
    assert seen == [(0, 0), (1, 0), (2, 0), (0, 1)]
    # player 1 has left play: 2 -> 0 starts a round, 0 -> 2 does not
    g = YukonGame(3, pawns=1)
    s = position(g, [(0,), (), (211,)], out=(False, True, False), turn=2, round=4, pips=1, owners={C19: 1})
    s = s.apply(s.legal_actions()[0])
    assert (s.turn, s.round) == (0, 5)
    s = s.apply(2)
    while not s.is_chance():
        s = s.apply(s.legal_actions()[0])
    assert (s.turn, s.round) == (2, 5)


def test_round_limit_ends_a_wandering_game() -> None:
    import numpy as np

    from mineedu.core import RandomBot, playout

    g = YukonGame(3, max_rounds=2)
    final = playout(g.initial_state(), [RandomBot()] * 3, np.random.default_rng(0))
    assert isinstance(final, YukonState) and final.is_terminal() and final.round == 1


def test_config_is_checked() -> None:
    with pytest.raises(ConfigError, match="37"):
        YukonGame(3, values=(1, 2))
    with pytest.raises(ConfigError, match="pawns"):
        YukonGame(3, pawns=13)
    with pytest.raises(ConfigError, match="3 to 6"):
        YukonGame(7)


@pytest.mark.parametrize("setting,value,message", [
    ("sides", 10**9, "sides must be a whole number from 2 to 20"),  # would list a billion chance outcomes
    ("sides", 1, "from 2 to 20"),
    ("max_rolls", 10**7, "max_rolls must be a whole number from 1 to 100"),  # 6**-(10**7) would never finish
    ("max_rolls", 0, "from 1 to 100"),
    ("max_rounds", 10**30, "max_rounds must be a whole number from 1 to 1000"),  # a game that never ends
    ("max_rounds", 0, "from 1 to 1000"),
    ("values", (True,) * 37, "value of claim 0 must be a whole number"),
    ("values", (1,) * 36 + (10**30,), "value of claim 36 must be a whole number from 0 to 99"),
    ("values", (1,) * 36 + (-1,), "from 0 to 99"),
    ("values", (1,) * 10**4, "37 whole numbers"),
    ("pawns", 0, "pawns must be a whole number from 1 to 12"),
    ("pawns", 2.5, "must be a int"),  # refused by the config reader before the bounds
    ("reroll", 7, "reroll must be a whole number from 0 to 6"),
    ("reroll", -1, "from 0 to 6"),
])
def test_hostile_config_is_refused_clearly(setting: str, value: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        YukonGame(3, **{setting: value})


@pytest.mark.parametrize("config", [
    YukonConfig(values=5),  # type: ignore[arg-type]
    YukonConfig(pawns=True),
    YukonConfig(max_rounds=1.5),  # type: ignore[arg-type]
    YukonConfig(centre_leaves=1),  # type: ignore[arg-type]
    YukonConfig(sides=21),
])
def test_a_config_object_built_by_hand_is_checked_too(config: YukonConfig) -> None:
    with pytest.raises(ConfigError, match="yukon: "):
        YukonGame(3, config)


def test_the_bounds_themselves_are_accepted() -> None:
    low = YukonConfig(sides=2, reroll=0, max_rolls=1, max_rounds=1, pawns=1)
    high = YukonConfig(sides=20, reroll=20, max_rolls=100, max_rounds=1000, pawns=12)
    for cfg in (low, high):
        assert YukonGame(3, cfg).config == cfg
    assert YukonGame(3, values=(0,) * 36 + (99,)).config.values[-1] == 99


def test_junk_actions_name_the_expected_shapes() -> None:
    s = started().apply(3)
    for junk in [("fly",), ("step", 1), ("place", "x"), 5, ("place", 9999)]:
        with pytest.raises(IllegalActionError, match=r"not a Gold am Yukon action|no space"):
            s.apply(junk)


def test_the_variants_a_new_game_offers_are_valid_settings_in_both_languages() -> None:
    import dataclasses

    from mineedu.core import from_json

    fields = {f.name for f in dataclasses.fields(YukonConfig)}
    for v in YukonGame.hooks.variants:
        assert v.setting in fields and set(v.words) == {"fr", "en"}
        for value, words in (v.options.items() if v.options else [(False, {}), (True, {})]):
            game = YukonGame(3, **{v.setting: value})
            assert getattr(game.config, v.setting) == value
            assert not words or set(words) == {"fr", "en"}
    plain = YukonGame(3, reroll=0)
    assert from_json(plain.odds_report(plain.initial_state())["die"]["mean"]) == Fraction(7, 2)
