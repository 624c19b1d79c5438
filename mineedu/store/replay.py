"""A shared table's position: its config, seed and move log replayed by the rules.

:func:`replay` is the one way to rebuild a table (the pages, the spectator
view, ``mineedu table show``). :func:`table_rng` is the generator for drawing
move ``number`` (chance, or a bot's choice): seeded by the table's seed and that
number only, so two pages that race to draw the same move draw the same one,
and the loser's redraw shows what the winner stored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from mineedu.core import Event, Game, MineeduError, SavedGame, State, make

from .errors import StoreError

if TYPE_CHECKING:
    from .store import Store


def replay(store: Store, code: str) -> tuple[Game, State, list[Event]]:
    """``(game, state, events)`` of the table ``code``: every move of its log replayed by the rules
    (as a :class:`~mineedu.core.SavedGame`), ``state`` the position now.

    A log that does not replay (a move the rules refuse) raises ``StoreError("corrupt_log")``.
    """
    info = store.table(code)
    moves = store.moves(info.code)
    try:
        game = make(info.game, info.players, dict(info.config))
        saved = SavedGame(game, store.seed(info.code), [(m.player, game.action_from_json(m.action)) for m in moves])
        events = saved.events()
    except (MineeduError, TypeError, ValueError, KeyError) as exc:
        raise StoreError("corrupt_log", code=info.code, error=exc) from exc
    return game, events[-1].after if events else game.initial_state(), events


def table_rng(seed: int, number: int) -> np.random.Generator:
    """The generator that draws move ``number`` of a table with this seed (the same on every page)."""
    return np.random.default_rng([seed, number])
