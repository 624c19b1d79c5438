"""What a Mine (coal) seat knows, with card counting, against brute force over its information set.

:mod:`.infoset` enumerates every completion of what the viewer cannot see by
replaying the record through the rules (no odds code), weighted by chance. The
panel's recruitment figures must equal it on every reachable position where the
view says its card counting is complete (``counting_complete``); and they must
say so where it is not.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from mineedu.games.coal_mine import CoalMineGame
from mineedu.games.coal_mine.odds import odds_report, recruit_table
from mineedu.games.coal_mine.panel import figures, panel

from .infoset import brute_at_least_one, information_set, record

SMALL = dict(jobs=(("miner", 1, 5), ("pipe", 1, 5), ("foreman", 2, 3)), events=(("grisou", 2), ("strike", 1)),
             start_hand=(("miner", 1), ("pipe", 1)), cards_per_round=2, hand_limit=4, rounds=5, coal_total=20)
"""A deck small enough that the information set stays small for a whole game (reshuffles included)."""


def test_at_the_start_every_hand_is_public_and_the_recruitment_odds_are_209_over_345() -> None:
    g = CoalMineGame(3, dummy=True)  # the lesson's table
    s = g.initial_state()
    view = s.observation(0)
    assert view.known == (g.start_counts,) * 3 and sum(view.unseen) == view.deck_size == 46
    assert Fraction(figures(view)["pipe"]) == Fraction(209, 345)
    assert brute_at_least_one(information_set(g, [], 0), g.index["pipe"], 3) == Fraction(209, 345)
    report = odds_report(s, 0)
    assert report["recruit"]["p_at_least"]["3"]["pipe"]["1"]["reduced"] == "209/345"
    assert report["recruit"]["source"] == "unseen" and report["recruit"]["pile"] == 46


def _check(game: CoalMineGame, bots: list[str], seed: int, rounds: int = 99) -> tuple[int, int]:
    """Every placement decision of seat 0: the panel's figures against the brute force.
    Returns (positions checked, positions where the view says counting is not complete)."""
    checked = incomplete = 0
    for moves, s in record(game, bots, seed):
        if s.round > rounds:
            break
        if s.phase != "place" or s.turn != 0:
            continue
        view = s.observation(0)
        if not view.counting_complete:
            incomplete += 1
            assert "≈" in panel(view, "en") or "not exact" in panel(view, "en")
            continue
        completions = information_set(game, moves, 0)
        f = figures(view)
        pipe = game.index["pipe"]
        if f["pipe"] is not None:
            assert Fraction(f["pipe"]) == brute_at_least_one(completions, pipe, f["draws"]), (seed, s.round)
        for draws, row in recruit_table(view)["p_at_least"].items():
            for kind, cells in row.items():
                exact = Fraction(cells["1"]["fraction"])
                assert exact == brute_at_least_one(completions, game.index[kind], int(draws)), (seed, kind, draws)
        checked += 1
    return checked, incomplete


@pytest.mark.parametrize("dummy", [False, True])
def test_card_counting_is_exact_over_the_information_set_on_a_small_deck(dummy: bool) -> None:
    game = CoalMineGame(3 if dummy else 2, dummy=dummy, **SMALL)
    totals = [_check(game, ["random", "steady", "random"][:game.num_players], seed) for seed in range(16)]
    checked, incomplete = sum(t[0] for t in totals), sum(t[1] for t in totals)
    assert checked >= 25 and incomplete >= 10  # both kinds of positions were met


@pytest.mark.slow
def test_card_counting_is_exact_over_the_information_set_in_the_first_rounds_of_the_real_game() -> None:
    game = CoalMineGame(2)
    checked = sum(_check(game, ["random", "steady"], seed, rounds=2)[0] for seed in range(3))
    assert checked >= 10


def test_a_rival_who_lays_a_card_it_must_have_drawn_ends_complete_counting() -> None:
    g = CoalMineGame(2)
    s = g.initial_state()
    assert s.observation(0).counting_complete
    # P2 lays a firedamp card face down on Events: its starting hand holds none, so it drew it
    from dataclasses import replace

    from .helpers import hand_of
    s = replace(s, hands=(s.hands[0], hand_of(g, miner=4, pipe=3, grisou=1)), turn=1)
    t = s.apply(("place", "event", "grisou"), player=1)
    assert not t.observation(0).counting_complete and t.observation(1).counting_complete
    u = s.apply(("place", "mine", "miner"), player=1)
    assert u.observation(0).counting_complete
