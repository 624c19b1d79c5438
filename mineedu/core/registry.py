"""The registry of games: ``mineedu.make("gold_mine", players=4)``."""

from __future__ import annotations

import functools
import importlib
import pkgutil
from typing import Any, TypeVar

from .errors import ConfigError
from .game import Game
from .hooks import Hooks

_GAMES: dict[str, type[Game]] = {}
_G = TypeVar("_G", bound=type[Game])


def register(cls: _G, hooks: Hooks[Any] | None = None) -> _G:
    """Make a :class:`Game` reachable by its ``name``, with the parts of its folder.

    A game's ``__init__.py`` calls ``register(MyGame, Hooks(picture=..., ...))``
    (see :mod:`mineedu.core.hooks`); ``@register`` alone registers rules only.
    """
    if cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise ValueError(f"two games are named {cls.name!r}")
    if hooks is not None:
        cls.hooks = hooks
        if hooks.bots is not None:
            cls.bots = hooks.bots
    _GAMES[cls.name] = cls
    return cls


@functools.cache  # the game packages are imported once (each registers itself)
def _load_all() -> None:
    import mineedu.games as pkg

    for mod in pkgutil.iter_modules(pkg.__path__):
        if mod.ispkg:
            importlib.import_module(f"{pkg.__name__}.{mod.name}")


def game_names() -> list[str]:
    """The names of every registered game, sorted."""
    _load_all()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    _load_all()
    try:
        return _GAMES[name]
    except KeyError:
        raise ConfigError(f"no game named {name!r}; known games: {', '.join(sorted(_GAMES))}") from None


def make(name: str, players: int, config: Any = None, **overrides: Any) -> Game:
    """Create a game by name.

    >>> import mineedu
    >>> mineedu.make("gold_mine", players=4).num_players
    4
    """
    return game_class(name)(players, config, **overrides)
