"""The decision review (mineedu.review) on a seeded game of each game, a bot in the reviewed seat.

* every move of the seat is a decision, its options cover its legal actions once, the chosen one marked;
* each exact figure is the engine's on that very state (My Gold Mine's burn risk summed over
  ``outcomes_after``, the others recomputed by their odds from the seat's view);
* a win chance (its interval at most ±5 points) agrees with an independent Monte Carlo four times
  larger (another seed): their difference within 2.58 standard errors (99 %; fixed seeds, repeatable);
* hidden information: a twin game (tests/<game>/twins.py) where another seat's private data
  before the decision differs gives the very same review of that decision.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from mineedu.core import CHANCE, SavedGame, from_json
from mineedu.review import Review
from tests.review.helpers import PLAYERS, engine_burn_risk, seeded_game

GAMES = sorted(PLAYERS)
SEAT = 0


@pytest.fixture(scope="module", params=GAMES)
def review(request: pytest.FixtureRequest) -> Review:
    return Review(seeded_game(request.param), SEAT, rollouts=8)


def test_every_decision_is_listed(review: Review) -> None:
    mine = [i for i, (p, _) in enumerate(review.saved.moves) if p == SEAT]
    assert review.moves == mine and len(review) > 3
    for k, i in enumerate(mine):
        options = review.options(k)
        state = review.events[i].before
        legal = state.legal_actions(SEAT)
        assert sum(o.actions for o in options) == len(legal)  # every legal action in one group
        assert [o.chosen for o in options].count(True) == 1
        chosen = next(o for o in options if o.chosen)
        assert chosen.action == review.saved.moves[i][1]
        assert all(o.action in legal for o in options)


def _expected(name: str, state, seat: int, action) -> dict[str, Fraction]:
    """The figures recomputed here, from the engine and the game's odds on the seat's view."""
    view = state.observation(seat)
    if name == "gold_mine":
        from mineedu.games.gold_mine import odds

        if action == ("explore",):
            return {"burn_risk": engine_burn_risk(state, seat), "gold_change": odds.gold_change(view, seat)}
        if action == ("exit",):
            return {"exit_reaches_ladder": odds.p_exit_reaches_ladder(view, seat)}
        return {}
    if name == "dragon_cave":
        from mineedu.games.dragon_cave import odds
        from mineedu.games.dragon_cave.rules import OUT

        after = state.apply(action, player=seat)
        if after.status[seat] == OUT:
            return {"p_escape": Fraction(1), "expected_treasure": odds.expected_treasure(after, seat)}
        mine = odds.player_odds(after, seat)
        return {} if mine is None else {"p_escape": mine["p_escape"], "expected_treasure": mine["expected_final"]}
    if name == "yukon":
        from mineedu.games.yukon.odds import ring_distance

        after = state.apply(action, player=seat).observation(seat)
        if not after.chains[seat] or after.in_setup(seat):
            return {}
        found = ring_distance(after.chains[seat], [c for c, o in enumerate(after.owners) if o < 0])
        return {} if found is None else {"pips_to_ring": Fraction(found[0])}
    if name == "silver_gold":
        from mineedu.games.silver_gold import odds
        from mineedu.games.silver_gold.rules import CARDS

        if action[0] == "keep":
            kept = [(CARDS[c], 0) for c in action[1:]]
            return {"p_next_fits": odds.p_next_fits(kept, view.expedition_left()),
                    "expected_reveals": min(odds.expected_reveals(c, 0, view.config, view.revealed) for c, _ in kept)}
        if action[0] in ("place", "cross"):
            return {"points_now": Fraction(odds.points_now(view, action))}
        return {}
    if name == "coal_mine":
        from mineedu.games.coal_mine import odds

        if action[0] == "raid":
            eq = odds.raid_equilibrium(view, action[2], seat, attack=view.helmets[action[1]])
            return {"p_attack": eq.p_attack, "p_defend": eq.p_defend, "raid_value": eq.value}
        if action[:2] == ("place", "recruit"):
            laid = sum(view.helmets[k] for sp, k, _ in view.my_board if sp == "recruit")
            draws = view.game.config.recruit_base + laid + view.helmets[action[2]]
            return {"p_pipe": odds.p_at_least_one(draws, "pipe", view)}
        return {}
    raise AssertionError(name)


def test_exact_figures_are_the_engines(review: Review) -> None:
    name = review.game.name
    checked = 0
    for k, i in enumerate(review.moves):
        state = review.events[i].before
        for o in review.options(k):
            want = _expected(name, state, SEAT, o.action)
            got = {key: from_json(v) for key, v in o.figures.items()}
            for key, value in want.items():
                assert got[key] == value, (k, o.key, key)
                checked += 1
            assert set(want) <= set(got)
    assert checked > 0


def _last_choice(review: Review) -> int:
    """The last decision with two options or more (its rollouts are short)."""
    return max(k for k in range(len(review)) if len(review.options(k)) > 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_rollouts_agree_with_a_larger_monte_carlo(name: str) -> None:
    """The latest decision whose outcome is still open (an option between 10 % and 90 %): short rollouts."""
    review = Review(seeded_game(name), SEAT)  # adaptive: every interval at most ±5 points
    sample = getattr(review.parts, "sample", None)
    open_ = None
    for k in sorted((k for k in range(len(review)) if len(review.options(k)) > 1), reverse=True)[:12]:
        d = review.decision(k)
        for o in d.options:
            assert o.win is not None
            lo, hi = o.win.interval
            assert hi - o.win.mean <= 0.05 + 1e-9 and o.win.mean - lo <= 0.05 + 1e-9
        open_ = next((o for o in d.options if 0.1 < o.win.mean < 0.9), None)
        if open_ is not None:
            break
    assert open_ is not None and open_.win is not None
    big = Review(review.saved, SEAT, rollouts=4 * open_.win.n, seed=12345)  # independent: another seed
    wide = big.win_chance(d.state, open_.action, d.move, sample)
    # the two estimates agree: their difference within 2.58 standard errors of a difference (99 %)
    a, b = open_.win, wide
    se = math.sqrt(a.mean * (1 - a.mean) / a.n + b.mean * (1 - b.mean) / b.n)
    assert abs(a.mean - b.mean) <= 2.58 * se, (name, k, a.to_json(), b.to_json())


def test_the_best_is_marked(review: Review) -> None:
    k = _last_choice(review)
    d = review.decision(k)
    best = [o for o in d.options if o.best]
    assert len(best) == 1 and best[0].as_good
    top = max(o.win.mean for o in d.options if o.win is not None)
    assert best[0].win is not None and best[0].win.mean == top
    for o in d.options:
        assert o.as_good == o.win.overlaps(best[0].win)


HIDDEN = ["coal_mine", "silver_gold"]


def _twins(name: str):
    import importlib

    return importlib.import_module(f"tests.{name}.twins")


@pytest.mark.parametrize("name", HIDDEN)
def test_hidden_information_never_changes_a_decision(name: str) -> None:
    saved = seeded_game(name)
    full = Review(saved, SEAT, rollouts=6)
    rng = np.random.default_rng(3)
    compared = 0
    for k in range(1, len(full), max(1, len(full) // 6)):
        i = full.moves[k]
        if len(full.options(k)) < 2:
            continue
        prefix = saved.moves[:i]
        twin = _twins(name).twin(saved.game, prefix, SEAT, rng)
        if twin is None:
            continue
        assert twin != prefix
        other = SavedGame(saved.game, saved.seed, twin + [saved.moves[i]])
        assert other.replay(i).observation(SEAT) == saved.replay(i).observation(SEAT)
        assert other.replay(i).observation(None if name == "silver_gold" else 1) is not None
        again = Review(other, SEAT, rollouts=6)
        a, b = full.decision(k).to_json(), again.decision(len(again) - 1).to_json()
        for d in (a, b):
            d.pop("luck"), d.pop("number")  # what came after the decision, and its rank among the seat's moves
        assert a == b, (name, k)
        compared += 1
    assert compared >= 2


@pytest.mark.parametrize("name", HIDDEN)
def test_a_sampled_world_keeps_what_the_seat_saw(name: str) -> None:
    """The worlds the rollouts start from look, to the seat, exactly like the position."""
    saved = seeded_game(name)
    review = Review(saved, SEAT, rollouts=1)
    rng = np.random.default_rng(0)
    differ = 0
    for k in range(0, len(review), 3):
        state = review.events[review.moves[k]].before
        for _ in range(5):
            world = review.parts.sample(state, SEAT, rng)
            assert world.observation(SEAT) == state.observation(SEAT)
            assert set(world.legal_actions(SEAT)) == set(state.legal_actions(SEAT))
            differ += world.observation(1) != state.observation(1)
    assert differ > 0  # the others' private data is drawn anew


def test_summary_words_and_json(review: Review) -> None:
    review = Review(review.saved, SEAT, rollouts=4)
    review._cache.clear()
    data = review.to_json()
    assert len(data["decisions"]) == len(review)
    for d in data["decisions"]:
        assert sum(o["chosen"] for o in d["options"]) == 1
        for o in d["options"]:
            for v in o["figures"].values():
                assert set(v) == {"fraction", "reduced", "float"}
            if not d["forced"]:
                assert set(o["win"]) == {"mean", "ci95", "rollouts"}
    fr, en = data["summary"]["fr"], data["summary"]["en"]
    assert "décision" in fr and "decision" in en
    assert " :" not in fr.replace("\u00a0:", "")  # French typography: a no-break space before a colon
    assert CHANCE == -1
