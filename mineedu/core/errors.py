"""Errors shared by every game."""

from __future__ import annotations

from typing import Any


class MineeduError(Exception):
    """Base class of every error mineedu raises on purpose."""


class IllegalActionError(MineeduError, ValueError):
    """An action that the rules do not allow in this state.

    The message names the action and the rule it breaks:

    >>> str(IllegalActionError("explore", "the exploration deck is empty (D4)"))
    "illegal action 'explore': the exploration deck is empty (D4)"
    """

    def __init__(self, action: Any, rule: str) -> None:
        self.action = action
        self.rule = rule
        super().__init__(f"illegal action {action!r}: {rule}")


class SavedGameError(MineeduError, ValueError):
    """A saved game that cannot be read or does not replay."""


class ConfigError(MineeduError, ValueError):
    """A game configuration (deck, number of players, variant) that is not valid."""
