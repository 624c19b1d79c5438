"""Every panel figure called exact, against a brute force over the viewer's information set (issue 28).

On positions reached by the lesson's bots (seeded games of the lesson's table), what the
viewer cannot see is completed in every way, each completion weighted by its chance, and the
figure is counted over them. The brute force is its own code: what the viewer knows is
counted here from the record of the game as the viewer saw it (each card turned up, from the
rules' full decks), not read from the odds modules or the engine's chance weights; the engine
only applies the moves. Each check is run once more with one thing the viewer is assumed to
know changed (one more dragon in the deck, a card value moved), and must then disagree.

Already covered elsewhere, by the same kind of test: Mine's recruitment odds over the whole
information set (``tests/coal_mine/infoset.py``, ``test_knowledge.py``), the cave's P(escape)
by a walk of every die (``tests/dragon_cave/test_panel.py``), Yukon's turn law by every
sequence of throws (``tests/yukon/util.turn_law``). Silver & Gold's P(the next expedition card
fits) is checked here: the rules' own legal placements after each card the deck may hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from mineedu.core import CHANCE, SIMULTANEOUS, from_json, make, sample_outcome
from mineedu.core.lesson import lesson_spec
from mineedu.games.dragon_cave import panel as cave_panel
from mineedu.games.gold_mine import panel as gold_panel
from mineedu.games.gold_mine.cards import BURNED, DRAGON, EXPLORE_ACTION, EXPLORE_KINDS
from mineedu.games.silver_gold import odds as sg_odds

SEEDS = range(6)


def lesson_game(name: str) -> tuple[Any, list[str]]:
    """The lesson's table, every seat played by the lesson's bots (the student's by the first of them)."""
    spec = lesson_spec(name)
    assert spec is not None and spec.seats is not None
    named = [s for s in spec.seats if s]
    return make(name, spec.players, **spec.config), [s or named[0] for s in spec.seats]


def record(game: Any, bots: list[str], seed: int) -> Iterator[tuple[list[tuple[int, Any, Any]], Any]]:
    """Each position of one seeded game, with the moves that led there as ``(player, action, state before)``."""
    rng = np.random.default_rng(seed)
    seats = [game.make_bot(b) for b in bots]
    s = game.initial_state()
    moves: list[tuple[int, Any, Any]] = []
    while not s.is_terminal():
        yield moves, s
        p = s.current_player()
        if p == SIMULTANEOUS:  # those who choose at once commit in seat order (as core.play)
            p = s.players_to_move()[0]
        a = sample_outcome(s.chance_outcomes(), rng) if p == CHANCE else \
            seats[p].act(s.observation(p), s.legal_actions(p), rng)
        moves = moves + [(p, a, s)]
        s = s.apply(a) if p == CHANCE else s.apply(a, player=p)


# --- My Gold Mine: the exploration deck's order is what nobody sees -------------------------


def gold_deck_seen(game: Any, moves: list[tuple[int, Any, Any]], s: Any) -> Counter[str]:
    """The exploration cards nobody has seen this round, by kind: the rules' full deck less every
    card turned up since the round began (each exploration draw is a chance move naming its kind)."""
    left = Counter(dict(game.config.exploration))
    for player, action, before in moves:
        if player == CHANCE and before.round == s.round and action in EXPLORE_KINDS:
            left[action] -= 1
    assert min(left.values()) >= 0
    return left


def gold_explore(s: Any, p: int, deck: Counter[str]) -> tuple[Fraction, Fraction]:
    """(P(burned), expected change of gold) if ``p`` explores now: every order of the next cards
    drawn (a kind taken with the chance of its count in ``deck``), the engine applying each."""
    held = s.gold(p)

    def walk(t: Any, left: Counter[str]) -> tuple[Fraction, Fraction]:
        if t.current_player() != CHANCE:  # the draw is resolved
            ended = t.round != s.round or t.is_terminal()
            burned = t.results[-1].rungs[p] == 0 if ended else t.positions[p] == BURNED
            after = t.results[-1].gold[p] if ended else t.gold(p)
            return Fraction(int(burned)), Fraction(after - held)
        n = sum(left.values())
        burn = change = Fraction(0)
        for kind, c in left.items():
            if c:
                b, g = walk(t.apply(kind), left - Counter({kind: 1}))
                burn, change = burn + Fraction(c, n) * b, change + Fraction(c, n) * g
        return burn, change

    return walk(s.apply(EXPLORE_ACTION, player=p), deck)


def gold_reach(dragon: int, card: int, deck: Counter[str], k: int) -> Fraction:
    """P(Dragobert, on ``dragon``, reaches ``card`` within the next ``k`` cards): every sequence of
    k cards drawn from ``deck``, one card closer for each dragon."""
    if dragon <= card:
        return Fraction(1)
    n = sum(deck.values())
    if k == 0 or n == 0:
        return Fraction(0)
    return sum((Fraction(c, n) * gold_reach(dragon - (kind == EXPLORE_KINDS[DRAGON]), card, deck - Counter({kind: 1}), k - 1)
                for kind, c in deck.items() if c), Fraction(0))


def gold_positions(perturb: bool) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(the panel's figures, the brute force's) at each turn of a miner inside the mine."""
    game, bots = lesson_game("gold_mine")
    for seed in SEEDS:
        for moves, s in record(game, bots, seed):
            if s.current_player() == CHANCE or s.phase != "turn" or s.positions[s.turn] <= 0:
                continue
            p = s.turn
            view = s.observation(p)
            f = gold_panel.figures(view)
            if not f["can_explore"]:
                continue
            deck = gold_deck_seen(game, moves, s)
            if perturb:
                deck["dragon"] += 1
            n = sum(deck.values())
            burn, change = gold_explore(s, p, deck)
            pos = s.positions[p]
            brute = {"next": Fraction(deck["dragon"], n), "burn": burn, "change": change,
                     "reach": {k: gold_reach(s.dragon, pos, deck, k) for k in gold_panel.REACH_K}}
            shown = {"next": Fraction(f["next"]), "burn": Fraction(f["burn"]), "change": Fraction(f["change"]),
                     "reach": {k: Fraction(v) for k, v in f["reach"].items()}}
            yield shown, brute


def test_gold_mine_panel_equals_the_brute_force_over_every_order_of_the_deck() -> None:
    checked = near = 0
    for shown, brute in gold_positions(perturb=False):
        assert shown == brute
        checked += 1
        near += shown["burn"] > 0
    assert checked >= 100 and near >= 10  # the burn next to Dragobert was met, not only the safe cards


def test_gold_mine_brute_force_fails_with_one_dragon_too_many() -> None:
    assert sum(shown != brute for shown, brute in gold_positions(perturb=True)) >= 100


# --- the cave: face-down cards' values are undecided until turned up -----------------------


def cave_pools(game: Any, s: Any) -> list[Counter[int]]:
    """Each family's values nobody has seen: the rules' full family less every value turned up
    (on the path, or carried by anyone, inside or home)."""
    pools = [Counter(values) for values in game.config.families]
    for family, value in s.path:
        if value is not None:
            pools[family][value] -= 1
    for cards in s.carried:
        for family, value in cards:
            if value is not None:
                pools[family][value] -= 1
    assert all(min(p.values(), default=0) >= 0 for p in pools)
    return pools


def worth(card: tuple[int, int | None], pools: list[Counter[int]]) -> Fraction:
    """A card's value: as turned up, or averaged over every value its family may still hold."""
    family, value = card
    if value is not None:
        return Fraction(value)
    pool = pools[family]
    return Fraction(sum(v * c for v, c in pool.items()), sum(pool.values()))


def cave_positions(perturb: bool) -> Iterator[tuple[dict[str, Fraction], dict[str, Fraction]]]:
    """(the panel's expected final treasure, the brute force's) for a miner inside the cave: the
    treasure carried, each face-down card's value taken over every value its family may still
    hold, times the panel's P(escape) (checked by the walk of the dice elsewhere)."""
    game, bots = lesson_game("dragon_cave")
    for seed in SEEDS:
        for _, s in record(game, bots, seed):
            f = cave_panel.figures(s.observation(s.turn if s.current_player() == CHANCE else s.current_player()))
            p = f.get("player")
            if p is None or "p_escape" not in f:
                continue
            pools = cave_pools(game, s)
            if perturb:  # one value of the first family believed higher than it is
                low = min(pools[0])
                pools[0] -= Counter({low: 1})
                pools[0][low + 100] += 1
            carried = sum((worth(c, pools) for c in s.carried[p]), Fraction(0))
            brute = {"expected_final": f["p_escape"] * carried}
            shown = {"expected_final": f["expected_final"]}
            if "expected_final_with_this_card" in f:
                here = worth(s.path[s.pos[p]], pools)
                brute["expected_final_with_this_card"] = f["p_escape_with_this_card"] * (carried + here)
                shown["expected_final_with_this_card"] = f["expected_final_with_this_card"]
            yield shown, brute


def test_cave_expected_treasure_equals_the_brute_force_over_every_undecided_value() -> None:
    checked = 0
    for shown, brute in cave_positions(perturb=False):
        assert shown == brute
        checked += 1
    assert checked >= 50


def test_cave_brute_force_fails_with_a_value_moved() -> None:
    assert sum(shown != brute for shown, brute in cave_positions(perturb=True)) >= 10


@pytest.mark.parametrize("name", ["gold_mine", "dragon_cave", "silver_gold"])
def test_the_positions_are_reached_by_the_lessons_bots(name: str) -> None:
    game, bots = lesson_game(name)
    ends = {repr([s for _, s in record(game, bots, seed)][-1]) for seed in SEEDS}
    assert len(ends) == len(SEEDS)  # each seed its own game


# --- Silver & Gold: the order of the expedition deck is what nobody sees ---------------------


def expedition_seen(game: Any, moves: list[tuple[int, Any, Any]], s: Any) -> Counter[str]:
    """This round's expedition cards nobody has seen, by shape: the rules' full deck less every
    card revealed since the round began (each reveal is a chance move naming its shape)."""
    left = Counter(dict(game.config.expedition))
    for player, action, before in moves:
        if player == CHANCE and before.phase == "reveal" and before.round == s.round:
            left[action] -= 1
    assert min(left.values()) >= 0
    return +left


def fits_somewhere(s: Any, p: int, shape: str, slots: set[int]) -> bool:
    """Whether, the expedition card ``shape`` revealed by the engine, ``p`` may place it on one of
    the cards in ``slots`` (the rules' own legal moves after that reveal)."""
    t = s.apply(shape)
    return any(a[0] == "place" and a[1] in slots for a in t.legal_actions(p))


def silver_positions(perturb: bool) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(the panel's P(the next expedition card fits), the brute force's) before each reveal, for
    every player with a card: over every card the deck may still hold, each with its count's chance."""
    game, bots = lesson_game("silver_gold")
    for seed in SEEDS:
        for moves, s in record(game, bots, seed):
            if s.current_player() != CHANCE or s.phase != "reveal":
                continue
            deck = expedition_seen(game, moves, s)
            if perturb:  # one card more of the shape the deck holds most of
                deck[max(sorted(deck), key=deck.__getitem__)] += 1
            n = sum(deck.values())
            for p in range(game.num_players):
                report = sg_odds.view_report(s.observation(p))
                slots = [i for i, c in enumerate(s.boards[p].cards) if c is not None]
                if not slots or "p_next_fits_a_card" not in report:
                    continue
                brute = {"any": sum((Fraction(k, n) for shape, k in deck.items()
                                     if fits_somewhere(s, p, shape, set(slots))), Fraction(0)),
                         "each": [sum((Fraction(k, n) for shape, k in deck.items() if fits_somewhere(s, p, shape, {i})),
                                      Fraction(0)) for i in slots]}
                shown = {"any": from_json(report["p_next_fits_a_card"]),
                         "each": [from_json(b["p_next_fits"]) for b in report["cards"]]}
                yield shown, brute


def test_silver_gold_next_fits_equals_the_brute_force_over_every_card_the_deck_may_hold() -> None:
    checked = unsure = 0
    for shown, brute in silver_positions(perturb=False):
        assert shown == brute
        checked += 1
        unsure += 0 < shown["any"] < 1
    assert checked >= 100 and unsure >= 10  # positions where the next card may or may not fit


def test_silver_gold_brute_force_fails_with_one_card_too_many() -> None:
    assert sum(shown != brute for shown, brute in silver_positions(perturb=True)) >= 10
