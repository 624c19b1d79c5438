"""Brute force over a Mine (coal) viewer's information set, from the record of a game.

Every completion of what the viewer cannot see is enumerated by replaying the
recorded game through the rules: each chance outcome the viewer cannot tell
apart is taken with its chance, each hidden choice of a rival (which card it
laid face down, whom it raids) in every way the viewer cannot tell apart, and
a completion is kept while, after every move, the viewer's observation is the
one they really had. The rivals' choices tell nothing but that they were
possible (a completion is weighted by its chance alone): completions that
differ only in how a rival laid the cards it holds are one completion, kept as
the set of those layouts. The dummy player's cards are laid by chance: they
stay apart, weighted.

Nothing here uses the odds module: the truth of a completion is counted by
drawing card after card from its deck (the discard once the deck is empty).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from mineedu.core import CHANCE, sample_outcome
from mineedu.games.coal_mine import CoalMineGame, CoalMineState

Moves = list[tuple[int, Any]]


def record(game: CoalMineGame, bots: list[str], seed: int) -> Iterator[tuple[Moves, CoalMineState]]:
    """Each move of one seeded game: the moves so far and the state they lead to."""
    rng = np.random.default_rng(seed)
    seats = [game.make_bot(b) for b in bots]
    s = game.initial_state()
    moves: Moves = []
    yield moves, s
    while not s.is_terminal():
        cp = s.current_player()
        if cp == CHANCE:
            a = sample_outcome(s.chance_outcomes(), rng)
        else:
            a = seats[cp].act(s.observation(cp), s.legal_actions(cp), rng)
        s = s.apply(a, player=None if cp == CHANCE else cp)
        moves = moves + [(cp, a)]
        yield moves, s


def _key(s: CoalMineState) -> Any:
    """What tells two completions apart: the deck, the discard, and what each seat holds
    (hand and face-down cards together: a rival's layout is its choice, not chance; the
    dummy's, drawn by chance, apart)."""
    dummy = s.dummy_seat
    held = []
    for p, (hand, board) in enumerate(zip(s.hands, s.boards)):
        laid = [0] * len(hand)
        for _, k, _ in board:
            laid[s.game.index[k]] += 1
        held.append((hand, board) if p == dummy else tuple(h + b for h, b in zip(hand, laid)))
    return s.deck, s.discard, tuple(held), s.phase, s.turn


def _keep(belief: dict[Any, tuple[Fraction, set[CoalMineState]]], weight: Fraction, states: set[CoalMineState],
          viewer: int, seen: Any) -> None:
    """Add to ``belief`` the ``states`` (one completion, ``weight``) that ``viewer`` sees as ``seen``."""
    by_key: dict[Any, set[CoalMineState]] = {}
    for s in states:
        if s.observation(viewer) == seen:
            by_key.setdefault(_key(s), set()).add(s)
    for k, group in by_key.items():
        w, old = belief.get(k, (Fraction(0), set()))
        belief[k] = (w + weight, old | group)


def information_set(game: CoalMineGame, moves: Moves, viewer: int) -> list[tuple[Fraction, CoalMineState]]:
    """Every completion of ``viewer``'s information set after ``moves``, with its chance
    (normalised), one state standing for each."""
    real = [game.initial_state()]
    for p, a in moves:
        real.append(real[-1].apply(a, player=None if p == CHANCE else p))
    belief: dict[Any, tuple[Fraction, set[CoalMineState]]] = {_key(real[0]): (Fraction(1), {real[0]})}
    for (p, a), seen in zip(moves, (r.observation(viewer) for r in real[1:])):
        new: dict[Any, tuple[Fraction, set[CoalMineState]]] = {}
        for w, group in belief.values():
            if p == CHANCE:
                rep = next(iter(group))
                for outcome, q in rep.chance_outcomes():
                    _keep(new, w * q, {s.apply(outcome) for s in group}, viewer, seen)
            elif p == viewer:
                _keep(new, w, {s.apply(a, player=p) for s in group}, viewer, seen)
            else:  # every choice of the rival that the viewer could not tell from the real one
                _keep(new, w, {s.apply(b, player=p) for s in group for b in s.legal_actions(p)}, viewer, seen)
        belief = new
        assert belief, "the real game left the information set"
    total = sum(w for w, _ in belief.values())
    return [(w / total, next(iter(group))) for w, group in belief.values()]


@lru_cache(maxsize=1 << 16)
def p_none(deck: tuple[int, ...], discard: tuple[int, ...], kind: int, draws: int) -> Fraction:
    """P(no card of ``kind`` among the next ``draws`` cards), card after card: the deck, then
    the discard shuffled in once the deck is empty (as the rules' draws)."""
    if draws == 0:
        return Fraction(1)
    if not sum(deck):
        if not sum(discard):
            return Fraction(1)
        deck, discard = discard, (0,) * len(discard)
    n = sum(deck)
    out = Fraction(0)
    for k, c in enumerate(deck):
        if c and k != kind:
            rest = deck[:k] + (c - 1,) + deck[k + 1:]
            out += Fraction(c, n) * p_none(rest, discard, kind, draws - 1)
    return out


def brute_at_least_one(completions: list[tuple[Fraction, CoalMineState]], kind: int, draws: int) -> Fraction:
    """P(at least one ``kind`` among the next ``draws`` cards), over the information set."""
    return sum((w * (1 - p_none(s.deck, s.discard, kind, draws)) for w, s in completions), Fraction(0))
