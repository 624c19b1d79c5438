"""Errors shared by every game."""

from __future__ import annotations

from typing import Any

from .i18n import Texts


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


SAVED_TEXTS = Texts({
    "not_json": {"fr": "la partie sauvegardée n'est pas du JSON valide : {error}",
                 "en": "the saved game is not valid JSON: {error}"},
    "too_long": {"fr": "une partie sauvegardée tient en {limit} caractères au plus, celle-ci en a {n}",
                 "en": "a saved game is at most {limit} characters long, this one has {n}"},
    "too_deep": {"fr": "la partie sauvegardée imbrique plus de {limit} niveaux de crochets ou d'accolades",
                 "en": "the saved game nests brackets or braces more than {limit} levels deep"},
    "not_text": {"fr": "une partie sauvegardée est un texte JSON", "en": "a saved game is JSON text"},
    "not_saved": {"fr": "ce n'est pas une partie sauvegardée mineedu (attendu : \"format\": \"{format}\")",
                  "en": "not a mineedu saved game (expected \"format\": \"{format}\")"},
    "lacks": {"fr": "il manque {what!r} à la partie sauvegardée", "en": "the saved game lacks {what!r}"},
    "bad_seed": {"fr": "la graine doit être un nombre entier, pas {seed}", "en": "seed must be a whole number, not {seed}"},
    "moves_list": {"fr": "les coups doivent former une liste", "en": "moves must be a list"},
    "bad_move": {"fr": "le coup {i} doit être [joueur, action], pas {move}",
                 "en": "move {i} must be [player, action], not {move}"},
    "corrupt": {"fr": "partie sauvegardée abîmée : {error}", "en": "corrupt saved game: {error}"},
    "no_replay": {"fr": "le coup {i} de la partie sauvegardée ne se rejoue pas : {error}",
                  "en": "move {i} of the saved game does not replay: {error}"},
    "unreadable": {"fr": "impossible de lire {path} : {error}", "en": "cannot read {path}: {error}"},
    "players": {"fr": "la partie sauvegardée se joue à {n} joueurs, pas à {seats}",
                "en": "the saved game has {n} players, not {seats}"},
    "other_game": {"fr": "c'est une partie de {saved}, pas de {here}", "en": "this is a {saved} game, not {here}"},
})
"""The words of every :class:`SavedGameError` that has a key, in French and English."""


class SavedGameError(MineeduError, ValueError):
    """A saved game that cannot be read or does not replay.

    With a ``key`` (of :data:`SAVED_TEXTS`) and its ``fmt`` values, the error can
    be worded in the student's language (as ``ui.session.MoveRefused``); its
    ``str`` stays the English text. Without a key, the message is all there is.

    >>> e = SavedGameError(key="too_deep", limit=64)
    >>> str(e)
    'the saved game nests brackets or braces more than 64 levels deep'
    >>> e.text("fr")
    "la partie sauvegardée imbrique plus de 64 niveaux de crochets ou d'accolades"
    """

    def __init__(self, message: str | None = None, *, key: str | None = None, **fmt: object) -> None:
        self.key = key
        self.fmt = fmt
        super().__init__(message if message is not None else self.text("en"))

    def text(self, lang: str) -> str:
        """The error in ``lang`` (``"fr"`` or ``"en"``)."""
        if self.key is None:
            return str(self.args[0]) if self.args else ""
        return SAVED_TEXTS(self.key, lang, **self.fmt)


def whole(value: Any, lo: int | None = None, hi: int | None = None) -> bool:
    """Whether ``value`` is a whole number (an ``int``, not a ``bool``), within ``lo``..``hi`` where they are
    given: what every number that comes from outside (a config, a browser, a saved game, a record) must be.

    >>> whole(3, 0, 5), whole(True), whole(2.0), whole(-1, 0), whole(10**30)
    (True, False, False, False, True)
    """
    return (isinstance(value, int) and not isinstance(value, bool)
            and (lo is None or value >= lo) and (hi is None or value <= hi))


class ConfigError(MineeduError, ValueError):
    """A game configuration (deck, number of players, variant) that is not valid."""
