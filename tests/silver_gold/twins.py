"""Twins for the no-leak check (``tests/board_conformance.py``): the same recorded game
with what one viewer may not see changed, still a legal game.

What a Silver & Gold player does not see:

* the cards dealt to another player that never showed: while the keep is secret,
  the whole hand; afterwards the cards that went back into the deck;
* which cards lie in the deck (only how many);
* another player's secret choice (the cards they keep, where they cross) until
  the last player has chosen.

:func:`twin` swaps one unseen card dealt to another player with another unseen
card (throughout the moves: the deal and, if still secret, the keep), and/or
replaces another player's secret choice at the current step with another of
their legal choices.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mineedu.core import CHANCE, Game, SavedGame

Moves = list[tuple[int, Any]]


def _states(game: Game, moves: Moves) -> list[Any]:
    states = [game.initial_state()]
    for p, a in moves:
        states.append(states[-1].apply(a, player=None if p == CHANCE else p))
    return states


def unseen_cards(state: Any, moves: Moves, viewer: int) -> set[int]:
    """Cards ``viewer`` has never seen: in the deck, in a secret hand of another
    player, or put back in the box; never one of the viewer's own dealt cards."""
    n = len(state.boards)
    deal = [a for p, a in moves[: n * state.game.config.deal] if p == CHANCE]
    dealt_to_viewer = set(deal[viewer::n])  # the deal goes round the table from player 0
    visible = set(state.display)
    for b in state.boards:
        visible |= {c for c in b.cards if c is not None} | set(b.completed)
    return set(state.game.config.card_ids()) - visible - dealt_to_viewer


def _swap_cards(moves: Moves, a: int, b: int) -> Moves:
    def swap(c: int) -> int:
        return b if c == a else a if c == b else c

    out: Moves = []
    for p, act in moves:
        if p == CHANCE and isinstance(act, int):
            act = swap(act)
        elif isinstance(act, tuple) and act and act[0] == "keep":
            act = ("keep", *sorted(swap(c) for c in act[1:]))
        out.append((p, act))
    return out


def _other_choice(game: Game, moves: Moves, viewer: int, rng: np.random.Generator) -> Moves | None:
    """Another secret choice for one player (not the viewer) who has chosen at this step."""
    states = _states(game, moves)
    state = states[-1]
    if state.phase not in ("keep", "place"):
        return None
    start = len(moves)
    while start > 0 and states[start - 1].phase == state.phase and moves[start - 1][0] != CHANCE:
        start -= 1  # the commitments of the current simultaneous step
    committed = [i for i in range(start, len(moves)) if moves[i][0] != viewer]
    if not committed:
        return None
    i = committed[int(rng.integers(len(committed)))]
    p, old = moves[i]
    options = [a for a in states[i].legal_actions(p) if a != old]
    if not options:
        return None
    return moves[:i] + [(p, options[int(rng.integers(len(options)))])] + moves[i + 1:]


def twin(game: Game, moves: Moves, viewer: int, rng: np.random.Generator) -> Moves | None:
    """The recorded game ``moves`` with some of what ``viewer`` may not see changed."""
    state = SavedGame(game, None, moves).replay()
    candidates: list[Moves] = []
    unseen = sorted(unseen_cards(state, moves, viewer))
    dealt_to_others = [a for p, a in moves[: game.num_players * game.config.deal]
                       if p == CHANCE and a in unseen]
    if dealt_to_others and len(unseen) > 1:
        a = dealt_to_others[int(rng.integers(len(dealt_to_others)))]
        b = rng.choice([c for c in unseen if c != a])
        candidates.append(_swap_cards(moves, a, int(b)))
    changed = _other_choice(game, moves, viewer, rng)
    if changed is not None:
        candidates.append(changed)
        if candidates[0] is not changed:
            both = _other_choice(game, candidates[0], viewer, rng)
            if both is not None:
                candidates.append(both)
    if not candidates:
        return None
    return candidates[int(rng.integers(len(candidates)))]
