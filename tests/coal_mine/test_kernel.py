"""Mine (coal)'s tournaments on the kernel play the engine's games: the same final state, the same draws.

The rules apply every move through the kernel either way; what is held here is the other path: whole
games on one kernel (``kernel_playout``, the game's ``Hooks.fast_playout``) with each bot's ``choose``
on the kernel itself, against :func:`mineedu.core.playout` with its ``act`` on each observation (the
kernel of the view). Every bot of ``BOTS`` (the raider with a few card counts), 2 to 6 players, the
variant, the dummy with either plan, and configs that reach the rules' corners (decks that run dry,
hand-limit discards, the early end at ``target_points``, tiebreaks, repeated die cards, a deck without
pipe-miners or with a job card named like an event), each compared seed by seed with the engine by
:func:`tests.playout_check.assert_same_games`; the lesson's tournament and the known-answer one by
:func:`tests.playout_check.assert_same_tournament`.
The corner configs also check, on the engine's own games, that they do reach their corner.
"""

from __future__ import annotations

from itertools import cycle, islice
from typing import Any

import numpy as np
import pytest

import mineedu
from mineedu.core import CHANCE, BaseBot, RandomBot, play
from mineedu.games.coal_mine import CoalMineGame, bots, kernel_playout
from mineedu.games.coal_mine.lesson import SPEC
from tests.known_answers import make
from tests.playout_check import assert_same_games, assert_same_tournament, seating


def test_tournaments_play_on_the_kernel() -> None:
    assert CoalMineGame.hooks.fast_playout is kernel_playout

SPECS = {  # every bot of BOTS, with a few arguments
    "random": ["random"],
    "steady": ["steady"],
    "raider": ["raider", "raider:1", "raider:3", "raider:0", "raider:9"],
    "mix": ["mix"],
}
ALL = [s for specs in SPECS.values() for s in specs]


def test_every_bot_is_tested() -> None:
    assert set(SPECS) == set(bots.BOTS)


def mixed(seats: int, shift: int) -> list[str]:
    """``seats`` bots of every kind, shifted through the list of specs."""
    return list(islice(cycle(ALL[shift:] + ALL[:shift]), seats))


TABLES = [  # (players, config, specs, games)
    *[(p, {}, mixed(p, 2 * p), 12) for p in range(2, 7)],
    *[(4, {}, [spec] * 4, 6) for spec in ALL],
    (4, {}, ["steady", "raider", "mix", "mix"], 24),
    (4, {}, ["random", "steady", "raider", "mix"], 24),  # the lesson's tournament bots
    (3, {"variant": True}, mixed(3, 1), 16),
    (6, {"variant": True}, mixed(6, 4), 10),
    (3, {"dummy": True}, mixed(2, 3), 16),
    (5, {"dummy": True}, mixed(4, 5), 12),
    (4, {"dummy": True, "dummy_plan": "bold"}, mixed(3, 0), 16),
    (6, {"dummy": True, "dummy_plan": "bold"}, mixed(5, 2), 10),
    (4, {"variant": True, "dummy": True}, mixed(3, 6), 12),
    (2, {"variant": True, "dummy": True, "dummy_plan": "bold"}, ["mix"], 12),
]

SMALL_DECK: dict[str, Any] = {
    "jobs": (("miner", 1, 5), ("pipe", 1, 5), ("foreman", 2, 3), ("chief", 3, 2)),
    "events": (("grisou", 2), ("strike", 2), ("wagon", 1), ("reinforcement", 1)),
    "start_hand": (("miner", 1), ("pipe", 1)),
}
CORNERS: list[tuple[str, dict[str, Any], str]] = [  # (name, config, a corner its games must reach)
    ("small deck", {**SMALL_DECK, "hand_limit": 3}, "deck_dry"),
    ("every card out", {**SMALL_DECK, "hand_limit": 12, "recruit_base": 6}, "all_out"),
    ("hand limit", {"hand_limit": 4, "recruit_base": 4, "start_hand": (("miner", 2), ("pipe", 2))}, "discard"),
    ("dummy discards", {"dummy": True, "hand_limit": 3, "recruit_base": 5, "dummy_plan": "bold",
                        "start_hand": (("miner", 2), ("pipe", 1))}, "dummy_discard"),
    ("early end", {"target_points": 7, "wagon_bonus": 4}, "early_end"),
    ("tiebreak", {"rounds": 1, "start_coal": 1}, "tiebreak"),
    ("events", {"events": (("grisou", 12), ("strike", 10), ("wagon", 8), ("reinforcement", 8)), "strike_penalty": 4,
                "reinforcement_bonus": 3}, "grisou"),
    ("no card needed", {"recruit_needs_card": False, "sold_coal_returns": False, "coal_total": 12, "start_coal": 1,
                        "recruit_base": 1}, "stock_dry"),
    ("die cards", {"variant": True, "rounds": 5, "die_cards": ((2, 2), (2, 2), (1, 3), (3, 1), (1, 3))}, "one_face"),
    ("other kinds", {"jobs": (("wagon", 1, 20), ("digger", 2, 14), ("boss", 4, 4)), "events": (("grisou", 3),),
                     "start_hand": (("wagon", 3), ("digger", 1)), "cards_per_round": 3, "rounds": 8}, "no_pipe"),
]


def reached(game: CoalMineGame, specs: list[str], seeds: range) -> set[str]:
    """The corners the engine's games of these seeds reach."""
    seen: set[str] = set()
    table = [RandomBot() if s is None else game.make_bot(s) for s in seating(game, specs)]
    for seed in seeds:
        s = game.initial_state()
        for event in play(s, table, np.random.default_rng(seed)):
            b, a = event.before, event.after
            if a.phase in ("draw", "discard") and sum(a.deck) > sum(b.deck):
                seen.add("deck_dry")  # the discard replaced the deck during the draws
            if not sum(a.deck) and not sum(a.discard):
                seen.add("all_out")  # every card in a hand or on a board: a recruit may draw nothing
            if b.phase == "discard":
                seen.add("dummy_discard" if event.player == CHANCE else "discard")
            if b.phase == "tiebreak":
                seen.add("tiebreak")
            if b.phase == "die_card" and len(b.chance_outcomes()) == 1:
                seen.add("one_face")
            if a.central == 0 and b.central:
                seen.add("stock_dry")
            if any(entry[0] == "grisou" for entry in a.log):
                seen.add("grisou")
            s = a
        if s.boards != ((),) * game.num_players:
            seen.add("early_end")
        if "pipe" not in game.kinds:
            seen.add("no_pipe")
    return seen


@pytest.mark.parametrize(("players", "config", "specs", "games"), TABLES)
def test_same_games_as_the_engine(players: int, config: dict[str, Any], specs: list[str], games: int) -> None:
    game = mineedu.make("coal_mine", players, **config)
    assert assert_same_games(game, specs, range(games)) == games


@pytest.mark.parametrize(("name", "config", "corner"), CORNERS, ids=[c[0] for c in CORNERS])
def test_same_games_in_the_rules_corners(name: str, config: dict[str, Any], corner: str) -> None:
    seen: set[str] = set()
    for players, shift, seeds in ((3, 1, range(8)), (4, 6, range(8)), (4, -1, range(300, 308))):
        game = mineedu.make("coal_mine", players, **config)
        seats = players - len(game.auto_seats())
        specs = mixed(seats, shift) if shift >= 0 else ["random", "steady", "random", "mix"][:seats]
        assert assert_same_games(game, specs, seeds) == len(seeds)
        seen |= reached(game, specs, seeds)
    assert corner in seen


@pytest.mark.parametrize(("players", "config", "specs"), [
    (4, {}, ["random", "steady", "raider", "mix"]),
    (3, {"variant": True, "dummy": True}, ["random", "mix"]),
    (4, {**SMALL_DECK, "hand_limit": 12, "recruit_base": 6, "dummy": True}, ["random", "steady", "mix"]),
    (5, {"dummy": True, "dummy_plan": "bold", "hand_limit": 3, "recruit_base": 5, "start_hand": (("miner", 2), ("pipe", 1))},
     ["random", "raider", "random", "mix"]),
])
def test_the_same_calls_with_the_same_arguments(players: int, config: dict[str, Any], specs: list[str]) -> None:
    """The same numpy calls in the same order, each with the same argument, on every seed here
    (``assert_same_games`` records the first three of every other table)."""
    game = mineedu.make("coal_mine", players, **config)
    assert assert_same_games(game, specs, range(6), recorded=6) == 6


def test_same_tournaments() -> None:
    lesson = SPEC.tournament
    game = mineedu.make("coal_mine", lesson.players, **lesson.config)
    assert_same_tournament(game, list(lesson.bots), 24, 5)
    assert_same_tournament(game, ["steady", "raider", "mix", "mix"], 16, 3)
    players, settings, specs, games, seed = make.TOURNAMENTS["coal_mine"]
    assert_same_tournament(mineedu.make("coal_mine", players, **settings), specs, games, seed)


def test_what_it_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    game = mineedu.make("coal_mine", 4)
    hook = game.hooks.fast_playout
    assert hook is not None
    assert hook(game, ("random",) * 4) is not None
    assert hook(game, ("random", None, "steady", "mix")) is None  # not a seat of the rules' own
    assert hook(game, ("random",) * 3) is None
    assert hook(game, ("random", "digger", "steady", "mix")) is None  # no such bot: the engine says so
    dummy = mineedu.make("coal_mine", 4, dummy=True)
    assert hook(dummy, ("random", "mix", "steady", None)) is not None

    class Actor(BaseBot):  # a bot written for the engine alone (no choose): the engine plays it
        name = "actor"

        def act(self, obs: Any, legal: Any, rng: np.random.Generator) -> Any:
            return legal[-1]

    class Bolder(bots.RaiderBot):  # a bot of its own (a notebook's) that chooses on the kernel: played there
        placed = 0

        def place(self, view: Any, seat: int, m: int, s: int, tables: Any) -> int:
            Bolder.placed += 1  # its own placement, called by the compiled choose
            return view.t.PASS if view.laid[seat] >= 2 else super().place(view, seat, m, s, tables)

    monkeypatch.setattr(CoalMineGame, "bots", dict(bots.BOTS, actor=lambda arg: Actor(), bolder=lambda arg: Bolder(3)))
    assert hook(game, ("random", "actor", "steady", "mix")) is None
    assert hook(game, ("random", "bolder", "steady", "mix")) is not None
    assert assert_same_games(game, ["random", "bolder", "steady", "mix"], range(4)) == 4
    assert Bolder.placed > 0
