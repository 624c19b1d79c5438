"""What the fuzzer plays, game by game, and what must hold after every step.

Each :class:`Spec` makes a game with random players and variants, names the
game's bots mixed in with random moves (so play reaches deep positions, not
only the random walk's), and checks:

* for every game (the protocol): chance outcomes are exact and sum to 1, a
  non-terminal position offers each player to move a legal action, every
  player's observation can be drawn, scores have one entry per player;
* for each game with a spec of its own below, its own invariants, read from its rules and from
  ``tests/<game>/test_properties.py`` (whose helpers are reused): cards,
  tokens and coal conserved, positions legal, scores consistent.

A check raises ``AssertionError`` with what broke; :mod:`.runner` adds the
game, seed and move that reproduce it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

import mineedu
from mineedu.core import CHANCE, Event, Game, State

Check = Callable[[Game, State], None]
Step = Callable[[Game, Event], None]


@dataclass(frozen=True)
class Spec:
    name: str
    make: Callable[[np.random.Generator], Game]
    bots: tuple[str, ...]
    state: Check
    step: Step | None = None
    final: Check | None = None


def protocol(game: Game, s: State) -> None:
    """What every game's positions satisfy (the core protocol)."""
    if s.is_terminal():
        scores = s.scores()
        assert len(scores) == game.num_players
        return
    if s.current_player() == CHANCE:
        outcomes = s.chance_outcomes()
        assert outcomes and all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), "chance is not exact"
        dens = {p.denominator for _, p in outcomes}
        if len(dens) == 1:  # one denominator (a deck, a die): the numerators sum to it, exactly as the Fractions sum to 1
            assert sum(p.numerator for _, p in outcomes) == dens.pop(), "chance outcomes do not sum to 1"
        else:
            assert sum(p for _, p in outcomes) == 1, "chance outcomes do not sum to 1"
        return
    movers = s.players_to_move()
    assert movers, "nobody to move in a position that is not over"
    for p in movers:
        assert 0 <= p < game.num_players
        assert s.legal_actions(p), f"player {p} must move but has no legal action"


# --- My Gold Mine ---------------------------------------------------------------------------------------------
def gold_mine_state(game: Game, s: Any) -> None:
    from mineedu.games.gold_mine import BURNED, LADDER
    from tests.gold_mine.helpers import card_total

    assert card_total(s) == (sum(game.explore0), sum(game.exit0)), "a card appeared or vanished"
    assert all(c >= 0 for c in s.explore + s.explore_discard + s.exits + s.exit_discard)
    assert sum(s.tokens) + s.pool == 12, "nugget tokens not conserved"
    assert 1 <= s.dragon <= game.config.track_length
    for p, r in zip(s.positions, s.rungs):
        assert p in (LADDER, BURNED) or 1 <= p < s.dragon, f"a miner at {p} with Dragobert at {s.dragon}"
        assert (p == LADDER) == (r > 0)
    rungs = [r for r in s.rungs if r]
    assert sorted(rungs) == list(range(1, len(rungs) + 1)), "ladder rungs not taken from the top"
    if s.dragon == 1:
        assert not s.inside()
    assert s.top != "dragon"


def gold_mine_final(game: Game, s: Any) -> None:
    assert len(s.results) == 3
    assert s.scores() == tuple(float(t + g) for t, g in zip(s.tokens, s.results[-1].gold))


# --- Au fin fond de la grotte du dragon -------------------------------------------------------------------------
def dragon_cave_state(game: Game, s: Any) -> None:
    from tests.dragon_cave.test_properties import check_invariants

    check_invariants(game, s)


def dragon_cave_step(game: Game, e: Event) -> None:
    before, after, a = e.before, e.after, e.action
    dropped = e.player != CHANCE and a[1] >= 0 and not a[4]
    assert after.dragon <= before.dragon + (1 if dropped else 0), "the dragon moved away from the entrance"
    for q in range(game.num_players):
        assert before.status[q] == "in" or after.status[q] == before.status[q], "a player came back into the cave"
        assert after.returning[q] >= before.returning[q], "a player turned around twice"


# --- Gold am Yukon ----------------------------------------------------------------------------------------------
def yukon_state(game: Game, s: Any) -> None:
    from mineedu.games.yukon.board import CENTRE
    from tests.yukon.util import connected

    spaces = [x for ch in s.chains for x in ch]
    assert len(spaces) == len(set(spaces)), "two pawns on one space"
    for q in range(game.num_players):
        chain = s.chains[q]
        assert connected(chain), "a chain has a gap"
        if s.out[q]:
            assert chain == () and s.owners[CENTRE] == q
        elif not s.in_setup(q) and chain:
            assert len(chain) + s.owners.count(q) == 12, "pawns appeared or vanished"
    if s.is_terminal():
        assert s.winners() and max(s.scores()) == s.scores()[s.winners()[0]]


def yukon_step(game: Game, e: Event) -> None:
    from mineedu.games.yukon.board import RINGS

    before, after = e.before, e.after
    if before.owners == after.owners:
        return
    assert all(o == n or o < 0 for o, n in zip(before.owners, after.owners)), "a claim changed hands"
    for c, owner in enumerate(after.owners):
        if owner >= 0 and before.owners[c] < 0:
            assert set(before.chains[owner]) <= set(RINGS[c]), "a claim staked without standing on its ring"
            assert len(before.claims_of(owner)) + 1 == len(after.claims_of(owner))


# --- Silver & Gold ----------------------------------------------------------------------------------------------
def silver_gold_state(game: Game, s: Any) -> None:
    from mineedu.games.silver_gold import CARDS

    cfg = game.config
    left = s.cups_left
    assert left == tuple(cfg.cups[len(cfg.cups) - len(left):]), "cups not taken in order"
    taken = sorted((c for b in s.boards for c in b.cups), reverse=True)
    assert taken == list(cfg.cups[: len(cfg.cups) - len(left)]), "a cup appeared or vanished"
    held = [c for b in s.boards for c in b.completed + tuple(x for x in b.cards if x is not None)]
    assert len(held) == len(set(held)), "a card dealt twice"
    for b in s.boards:
        assert list(b.cups) == sorted(b.cups, reverse=True)
        assert len(b.palms) <= cfg.palm_limit
        assert all(x & ~CARDS[c].boxes == 0 for c, x in zip(b.cards, b.crossed) if c is not None), "a cross off its card"


def silver_gold_step(game: Game, e: Event) -> None:
    from mineedu.games.silver_gold.rules import score_sheet
    from tests.silver_gold.test_properties import crossed_total

    cfg = game.config
    for a, b in zip(e.before.boards, e.after.boards):
        if a is b:  # a board the move left as it was (the rules keep the same object)
            continue
        assert score_sheet(b, cfg)["score"] >= score_sheet(a, cfg)["score"], "points went down"
        assert crossed_total(b) >= crossed_total(a), "a cross was undone"


# --- Mine (charbon) ---------------------------------------------------------------------------------------------
def coal_mine_state(game: Game, s: Any) -> None:
    from tests.coal_mine.helpers import cards_total

    cfg, n = game.config, game.num_players
    start = (cfg.variant_start_coal if cfg.variant else cfg.start_coal) * n
    assert min(s.coal) >= 0
    if s.central is None:
        assert sum(s.coal) == start + s.mined - s.sold, "coal not conserved"
    elif cfg.sold_coal_returns:
        assert s.central + sum(s.coal) == cfg.coal_total, "coal not conserved"
    else:
        assert s.central + sum(s.coal) + s.sold == cfg.coal_total, "coal not conserved"
    assert s.sold == sum(s.points), "points are not the coal sold"
    assert cards_total(s) == 70 and min(s.deck) >= 0 and min(s.discard) >= 0, "a card appeared or vanished"
    assert all(min(h) >= 0 for h in s.hands)
    if s.phase in ("place", "dummy", "over", "tiebreak", "die_card"):
        assert all(sum(h) + len(b) <= cfg.hand_limit for h, b in zip(s.hands, s.boards)), "over the hand limit"
    assert all(len(b) <= cfg.cards_per_round for b in s.boards)
    assert 1 <= s.round <= cfg.rounds


def coal_mine_step(game: Game, e: Event) -> None:
    assert all(p >= q for p, q in zip(e.after.points, e.before.points)), "points went down"


def coal_mine_final(game: Game, s: Any) -> None:
    assert len(s.winners()) == 1


def _pick(rng: np.random.Generator, options: tuple[Any, ...]) -> Any:
    return options[int(rng.integers(len(options)))]


SPECS: dict[str, Spec] = {
    "gold_mine": Spec(
        "gold_mine",
        lambda r: mineedu.make("gold_mine", int(r.integers(3, 7)), deck_mode=_pick(r, ("face_down", "face_up"))),
        ("threshold:0.15", "threshold:0.3", "cautious", "greedy"),
        gold_mine_state, None, gold_mine_final,
    ),
    "dragon_cave": Spec(
        "dragon_cave",
        lambda r: mineedu.make("dragon_cave", int(r.integers(2, 7)), blind=bool(r.integers(2)),
                               dice_movement=bool(r.integers(2)), dice_dragon=bool(r.integers(2))),
        ("turnback:1", "turnback:3", "greedy"),  # not "odds:…": an exact dynamic programme per move
        dragon_cave_state, dragon_cave_step,
    ),
    "yukon": Spec(
        "yukon", lambda r: mineedu.make("yukon", int(r.integers(3, 7))),
        ("nearest-claim", "value-per-distance"), yukon_state, yukon_step,
    ),
    "silver_gold": Spec(
        "silver_gold", lambda r: mineedu.make("silver_gold", int(r.integers(2, 5))),
        ("greedy", "open"), silver_gold_state, silver_gold_step,
    ),
    "coal_mine": Spec(
        "coal_mine",
        lambda r: mineedu.make("coal_mine", int(r.integers(2, 7)), variant=bool(r.integers(2)), dummy=bool(r.integers(2)),
                               sold_coal_returns=bool(r.integers(2)), dummy_plan=_pick(r, ("basic", "bold"))),
        ("steady", "raider", "mix"), coal_mine_state, coal_mine_step, coal_mine_final,
    ),
}


def spec_of(name: str) -> Spec:
    """The fuzzer's spec of a registered game: its own above, else the protocol's checks alone, random player
    counts and every bot it registers (a sixth game is fuzzed with no edit here)."""
    if name in SPECS:
        return SPECS[name]
    cls = mineedu.core.game_class(name)
    specs = tuple(sorted(b for b in cls.bots if b != "random")) or ("random",)
    return Spec(name, lambda r: mineedu.make(name, int(r.integers(cls.min_players, cls.max_players + 1))), specs,
                lambda game, s: None)
