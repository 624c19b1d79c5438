"""Twins for the no-leak check (``tests/board_conformance.py``): the same recorded game
with what one viewer may not see changed, still a legal game.

What a Mine (coal) player does not see:

* the kind of a card another player laid face down this round, and whom a raid
  card targets (only how many cards lie on each space);
* the cards dealt to another player at recruitment (only how many), hence what
  their hand holds and what is left in the pile;
* the dummy player's cards, drawn from its hand and laid face down, and the
  colour card drawn for its raid.

:func:`twin` changes one such move of the recorded game (another kind laid, another
target, another card dealt), trying the most recent first, and keeps the first
change after which the game still replays and the viewer's observation is the
same. It never changes what the viewer did or was dealt.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mineedu.core import CHANCE, Game, IllegalActionError, State

Moves = list[tuple[int, Any]]
TRIES = 40


def _states(game: Game, moves: Moves) -> list[Any]:
    """``states[i]`` is the state before move ``i`` (and ``states[-1]`` after the last)."""
    states = [game.initial_state()]
    for p, a in moves:
        states.append(states[-1].apply(a, player=None if p == CHANCE else p))
    return states


def alternatives(state: Any, player: int, action: Any, viewer: int) -> list[Any]:
    """Other moves at ``state`` that ``viewer`` could not tell from ``action`` when made."""
    g = state.game
    tag = action[0]
    if player >= 0 and player != viewer:
        held = [k for k, c in zip(g.kinds, state.hands[player]) if c]
        if tag == "place":
            space, kind = action[1], action[2]
            same = [k for k in held if (k in g.event_kinds) == (kind in g.event_kinds) and k != kind]
            return [("place", space, k) for k in same]
        if tag == "raid":
            jobs = [k for k in held if k not in g.event_kinds]
            targets = [t for t in range(g.num_players) if t != player]
            return [("raid", k, t) for k in jobs for t in targets if (k, t) != (action[1], action[2])]
        return []  # passing and discarding are public
    if player != CHANCE:
        return []
    outcomes = [o for o, _ in state.chance_outcomes() if o != action]
    if tag == "draw" and state.turn != viewer:
        return outcomes
    if tag == "dummy_card":  # the same space, another card
        return [o for o in outcomes if state.dummy_space(o[1]) == state.dummy_space(action[1])]
    if tag == "target":
        return outcomes
    return []  # die cards, the dummy's discards and the tie-break die are public


def _same_to(viewer: int, states: list[Any], start: State, moves: Moves) -> bool:
    """Whether ``moves`` replay from ``start`` and ``viewer`` sees, after each of them, what
    they saw after the recorded one (``states[1:]``): the change never showed, even later."""
    state = start
    try:
        for (p, a), was in zip(moves, states):
            if (p == CHANCE) != state.is_chance():
                return False
            state = state.apply(a, player=None if p == CHANCE else p)
            if state.observation(viewer) != was.observation(viewer):
                return False
    except IllegalActionError:
        return False
    return True


def twin(game: Game, moves: Moves, viewer: int, rng: np.random.Generator) -> Moves | None:
    """The recorded ``moves`` with one move ``viewer`` could not see changed (``None`` if none can be)."""
    states = _states(game, moves)
    hidden = [i for i, (p, a) in enumerate(moves) if alternatives(states[i], p, a, viewer)]
    for i in sorted(hidden, reverse=True)[:TRIES]:
        p, a = moves[i]
        options = alternatives(states[i], p, a, viewer)
        other = options[int(rng.integers(len(options)))]
        changed = moves[:i] + [(p, other)] + moves[i + 1:]
        if _same_to(viewer, states[i + 1:], states[i], changed[i:]):
            return changed
    return None
