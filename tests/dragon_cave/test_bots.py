"""The bots' figures and moves on the kernel against the rules and :mod:`~mineedu.games.dragon_cave.odds` themselves.

The bots read the kernel (:class:`~mineedu.games.dragon_cave.kernel.View`), list the moves a run at a
time (:func:`~mineedu.games.dragon_cave.kernel.runs`), look one move ahead with
:func:`~mineedu.games.dragon_cave.kernel.ahead` and keep the odds bot's figures as whole-number ratios:
each is held here to what the rules' states and the exact :class:`~fractions.Fraction` odds say, on
positions of seeded random games of each variant.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from mineedu.games.dragon_cave import DragonCave, DragonCaveState, GreedyDepthBot, OddsBot, TurnBackBot
from mineedu.games.dragon_cave.bots import treasure
from mineedu.games.dragon_cave.kernel import ahead, free, move_code, moves_of, occupied_mask, runs, stop, stops
from mineedu.games.dragon_cave.odds import escape_probability, expected_treasure
from mineedu.games.dragon_cave.rules import EATEN, IN, OUT, action_of, kernel_of

from .helpers import random_game

SETTINGS: list[dict[str, Any]] = [
    {}, {"blind": True}, {"dice_movement": True}, {"dice_dragon": True},
    {"blind": True, "dice_movement": True, "dice_dragon": True},
    {"families": ((1, 2, 3), (5, 6), (9,)), "movement": 3, "max_carry": 2},
    {"max_turns": 9, "dice_dragon": True},
]


def positions(settings: dict[str, Any], players: int = 3, games: int = 6) -> list[DragonCaveState]:
    """The decision positions of a few seeded random games."""
    game = DragonCave(players, **settings)
    return [s for seed in range(games) for s in random_game(game, seed)]


def code(a: Any) -> int:
    return move_code(a[1], a[2], a[3], a[4])


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_runs_are_the_legal_moves_in_runs(settings: dict[str, Any]) -> None:
    """Each run stands for its moves of 1 to ``steps`` steps (or the single move of none); spelt out in
    order they are the rules' legal actions, and the runs without a drop are those keeping every card."""
    for s in positions(settings):
        k = kernel_of(s)
        got = moves_of(k, s.turn)
        spelt = [a for top in got for a in ([top] if top & 31 == 0 else range(top - (top & 31) + 1, top + 1))]
        assert spelt == [code(a) for a in s.legal_actions()]
        assert moves_of(k, s.turn, False) == [a for a in got if a >> 7 == 0]
        assert got == runs(k.t, k.pos, k.status, k.returning[s.turn], len(k.carried[s.turn]), k.dragon, k.roll,
                           k.pos[s.turn])


@pytest.mark.parametrize("settings", SETTINGS[:3], ids=str)
def test_stops_free_and_stop_agree_with_the_rule(settings: dict[str, Any]) -> None:
    """D9 as the rules say it: forward, the free cards before the dragon; back, the free cards then the
    entrance. :func:`free` counts them, :func:`stop` finds each."""
    for s in positions(settings, players=4):
        occ = {q for q, st in zip(s.pos, s.status) if st == IN and q >= 0}
        for p in range(len(s.pos)):
            i = s.pos[p]
            for back in (False, True):
                want = ([j for j in range(i - 1, -1, -1) if j not in occ] + [-1] if back
                        else [j for j in range(i + 1, s.dragon) if j not in occ])
                assert stops(list(s.pos), list(s.status), s.dragon, i, back) == want
                mask = occupied_mask(list(s.pos), list(s.status))
                assert free(mask, s.dragon, i, back) == len(want)
                assert [stop(mask, s.dragon, i, back, n) for n in range(1, len(want) + 1)] == want


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_ahead_is_the_rules_move(settings: dict[str, Any]) -> None:
    """The position a bot weighs is the state the rules make of the move, and the view it looked from is
    left as it was."""
    fields = ("path", "pos", "status", "returning", "carried", "dragon", "turn", "roll", "pending", "turns", "left",
              "pool")
    for s in positions(settings, games=3):
        k = kernel_of(s)
        before = {f: repr(getattr(k, f)) for f in fields}
        for a in s.legal_actions():
            after, want = ahead(k, code(a)), kernel_of(s.apply(a))
            assert {f: getattr(after, f) for f in fields} == {f: getattr(want, f) for f in fields}, a
        assert {f: repr(getattr(k, f)) for f in fields} == before


def reference_value(s: DragonCaveState, a: Any, p: int) -> tuple[Fraction, Fraction]:
    """The odds bot's (P(escape), expected final treasure) of move ``a``, from the rules' state after it
    and the odds of :mod:`.odds` (the bot's model: a miner going forward turns back next turn with the
    card underfoot; everyone else inside comes home too, with at least one card)."""
    after = s.apply(a)
    if after.status[p] == EATEN:
        return Fraction(0), Fraction(0)
    if after.status[p] == OUT:
        return Fraction(1), expected_treasure(after, p)
    cfg = s.game.config
    others = tuple(max(1, len(after.carried[q])) for q in range(len(after.status)) if q != p and after.status[q] == IN)
    cards, d = list(after.carried[p]), after.dragon
    if not after.returning[p] and after.pos[p] >= 0 and len(cards) < cfg.max_carry:
        cards.append(after.path[after.pos[p]])
        d -= 1
    pe = escape_probability(after.steps_to_entrance(p), len(cards), d, cfg, others,
                            dragon_first=("dragon", p) in after.pending)
    return pe, pe * expected_treasure(after, p, cards)


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
def test_treasure_is_the_expected_treasure_of_the_odds(settings: dict[str, Any]) -> None:
    """Known values plus each face-down card's family expectation, as :func:`.odds.expected_treasure` has it."""
    for s in positions(settings, games=4):
        k = kernel_of(s)
        for p in range(len(s.pos)):
            hands = [s.carried[p], s.carried[p] + s.path[:2], s.path[-3:]]
            for cards in hands:
                num, den = treasure(k, list(cards))
                assert Fraction(num, den) == expected_treasure(s, p, cards)


@pytest.mark.parametrize("settings", SETTINGS, ids=str)
@pytest.mark.parametrize("p_min", [0.5, 0.7, 0.25])
def test_the_odds_bot_weighs_each_move_with_the_exact_odds(settings: dict[str, Any], p_min: float) -> None:
    """Its figures are the exact ones; its move the last of the best (P(escape) >= p_min, expected
    treasure, steps, P(escape)) among the fastest move of each (drop, turn back, capture)."""
    bot = OddsBot(p_min)
    rng = np.random.default_rng(0)
    weighed = 0
    for s in positions(settings, games=4):
        p = s.turn
        fastest: dict[tuple[Any, ...], Any] = {}
        for a in s.legal_actions():
            if (a[1], a[2], a[4]) not in fastest or a[3] > fastest[(a[1], a[2], a[4])][3]:
                fastest[(a[1], a[2], a[4])] = a
        scored = []
        for a in fastest.values():
            pe, ev = reference_value(s, a, p)
            assert bot.value(s, s.observation(p).after(a), p) == (pe, ev)
            scored.append(((pe >= p_min, ev, a[3], pe), a))
        best = max(score for score, _ in scored)
        want = [a for score, a in scored if score == best][-1]
        assert bot.act(s.observation(p), s.legal_actions(), rng) == want
        weighed += len(scored)
    assert weighed > 50


@pytest.mark.parametrize("settings", SETTINGS[:4], ids=str)
def test_turnback_and_greedy_pick_from_the_legal_moves(settings: dict[str, Any]) -> None:
    """Their wish (turn back or not, capture or not), the fastest move keeping every card that grants it,
    else the wish without the capture, else any: read off the rules' own legal actions."""

    def pick(legal: Any, back: bool | None, capture: bool | None) -> Any:
        for wb, wc in ((back, capture), (back, None), (None, None)):
            ok = [a for a in legal if a[1] == -1 and wb in (None, a[2]) and wc in (None, a[4])]
            if ok:
                return max(ok, key=lambda a: a[3])  # the first of the fastest
        raise AssertionError("no move keeps every card")

    rng = np.random.default_rng(0)
    for s in positions(settings, players=4):
        p, legal, view = s.turn, s.legal_actions(), s.observation(s.turn)
        for n in (1, 2, 3):
            want = (pick(legal, None, False) if s.returning[p] else
                    pick(legal, True, False) if len(s.carried[p]) >= n else pick(legal, False, True))
            assert TurnBackBot(n).act(view, legal, rng) == want
        for depth in (None, 3, 8):
            deep = depth is not None and s.pos[p] >= depth
            want = (pick(legal, None, False) if s.returning[p] else
                    pick(legal, True, True) if deep or all(a[2] for a in legal) else pick(legal, False, False))
            assert GreedyDepthBot(depth).act(view, legal, rng) == want
        assert action_of(code(legal[0])) == legal[0]
