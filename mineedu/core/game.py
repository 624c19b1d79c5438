"""The game protocol every mineedu game implements.

A *game* (:class:`Game`) holds what is fixed for a whole play: the number of
players and a frozen configuration (deck compositions, variants). A *state*
(:class:`State`) is immutable: :meth:`State.apply` returns the next state and
never changes the one it is called on.

Who acts in a state is told by :meth:`State.current_player`:

* a player index ``0..n-1``: that player chooses among :meth:`State.legal_actions`;
* :data:`CHANCE`: nature acts; :meth:`State.chance_outcomes` lists every outcome
  with its exact :class:`fractions.Fraction` probability (they sum to 1);
* :data:`SIMULTANEOUS`: several players choose "at once";
  :meth:`State.players_to_move` says who still owes a choice. Each commits with
  ``apply(action, player=p)``; a committed choice stays hidden from the others
  (see :meth:`State.observation`) until the last one commits and the choices
  resolve together;
* :data:`TERMINAL`: the game is over; :meth:`State.scores` and
  :meth:`State.winners` tell the result.

Hidden information: :meth:`State.observation` returns what one player may see
(``None`` for a spectator who sees only public facts). Bots and boards are
handed observations, never the full state.

Actions are immutable, hashable values built of ``str``, ``int``, ``bool`` and
tuples of them, so that a saved game is plain JSON. Games whose actions are
richer override :meth:`Game.action_to_json` / :meth:`Game.action_from_json`.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import numpy as np

from .draws import draw_of
from .errors import ConfigError, IllegalActionError
from .hooks import Hooks
from .i18n import chance_name, colon, player_name
from .protocol import CHANCE as CHANCE
from .protocol import SEE_ALL as SEE_ALL
from .protocol import SIMULTANEOUS as SIMULTANEOUS
from .protocol import TERMINAL as TERMINAL
from .protocol import Action as Action
from .protocol import Bot as Bot

if TYPE_CHECKING:
    from .choices import Choices
    from .play import Event



_D = TypeVar("_D")
_PLAIN: dict[type, bool] = {}


def _plain(cls: type) -> bool:
    """A dataclass whose ``__init__`` only stores its fields (no ``__post_init__``, no slots, every field in it)."""
    return (
        dataclasses.is_dataclass(cls) and not hasattr(cls, "__post_init__") and "__slots__" not in vars(cls)
        and all(f.init for f in dataclasses.fields(cls))
    )


def evolve(obj: _D, **changes: Any) -> _D:
    """``dataclasses.replace(obj, **changes)``, quicker: the same new object, built by copying the
    fields instead of running ``__init__`` again (which for a frozen dataclass sets each field
    through ``object.__setattr__``). A class whose ``__init__`` does more, or an unknown field
    name, goes through ``dataclasses.replace`` itself.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     x: int
    ...     y: int = 0
    >>> evolve(P(1, 2), y=5)
    P(x=1, y=5)
    """
    cls = type(obj)
    plain = _PLAIN.get(cls)
    if plain is None:
        plain = _PLAIN[cls] = _plain(cls)
    d = obj.__dict__
    if not plain or not changes.keys() <= d.keys():
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new = object.__new__(cls)
    nd = new.__dict__
    nd.update(d)
    nd.update(changes)
    return new


_FIELDS: dict[type, frozenset[str]] = {}


def build(cls: type[_D], /, **fields: Any) -> _D:
    """``cls(**fields)``, quicker, for a frozen dataclass given every one of its fields (views,
    events): the fields are stored as they are instead of one ``object.__setattr__`` each. Any
    other call (a field left to its default, a class whose ``__init__`` does more) is ``cls(**fields)``.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     x: int
    ...     y: int = 0
    >>> build(P, x=1, y=2) == P(1, 2), build(P, x=1)
    (True, P(x=1, y=0))
    """
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in dataclasses.fields(cls)) if _plain(cls) else frozenset()  # type: ignore[arg-type]
    if not names or fields.keys() != names:
        return cls(**fields)
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


def same_action(a: Any, b: Any) -> bool:
    """Equal *and* of the same types, recursively: ``True``, ``1`` and ``1.0`` are
    three different actions here, though Python finds them ``==``.

    >>> same_action(("swap", 1), ("swap", 1)), same_action(("swap", 1), ("swap", True))
    (True, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_action(x, y) for x, y in zip(a, b))
    return bool(a == b)


def spelled(action: Any) -> str:
    """An action's parts spelled out, the words of last resort: ``place 2 mine``."""
    return " ".join(map(str, action)) if isinstance(action, tuple) else str(action)


def _find(action: Any, options: Sequence[Any]) -> bool:
    try:
        return any(same_action(action, o) for o in options if o == action)
    except Exception:
        return False


class State(ABC):
    """One immutable position of a game (see the module docstring)."""

    game: Game

    # --- who acts -----------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A player index, or :data:`CHANCE`, :data:`SIMULTANEOUS`, :data:`TERMINAL`."""

    def players_to_move(self) -> tuple[int, ...]:
        """The players who still owe a choice (one for an ordinary turn)."""
        p = self.current_player()
        return (p,) if p >= 0 else ()

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # --- what may happen ------------------------------------------------------
    @abstractmethod
    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The actions ``player`` (default: the single player to move) may take."""

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """At a chance node: every outcome with its exact probability."""
        return ()

    def why_illegal(self, action: Action, player: int | None) -> str:
        """The rule an illegal ``action`` breaks; games override for precise texts."""
        if self.is_terminal():
            return "the game is over"
        if self.is_chance():
            return "it is not a possible outcome of this chance event"
        return "it is not among the legal actions of this turn"

    def apply(self, action: Action, player: int | None = None, *, check: bool = True) -> State:
        """Return the state after ``action``. Raises :class:`IllegalActionError`.

        ``player`` is needed only at :data:`SIMULTANEOUS` nodes; at an ordinary
        turn it may be given and must then be the player to move.
        """
        cp = self.current_player()
        if check:
            if cp == TERMINAL:
                raise IllegalActionError(action, "the game is over")
            if cp == CHANCE:
                if player is not None:
                    raise IllegalActionError(action, "a chance event is not a player's move")
                if not _find(action, [o for o, _ in self.chance_outcomes()]):
                    raise IllegalActionError(action, self.why_illegal(action, None))
            else:
                movers = self.players_to_move()
                if player is None:
                    if len(movers) != 1:
                        raise IllegalActionError(
                            action, f"several players choose at once here; say which one ({movers})"
                        )
                    player = movers[0]
                if player not in movers:
                    raise IllegalActionError(
                        action, f"it is not player {player}'s turn to choose (waiting for {movers})"
                    )
                if not _find(action, self.legal_actions(player)):
                    raise IllegalActionError(action, self.why_illegal(action, player))
        elif player is None and cp >= 0:
            player = cp
        return self._apply(action, player)

    @abstractmethod
    def _apply(self, action: Action, player: int | None) -> State:
        """Apply an action already known to be legal."""

    # --- what is seen -------------------------------------------------------
    @abstractmethod
    def observation(self, player: int | None) -> Any:
        """What ``player`` may see (``None``: a spectator, public facts only)."""

    # --- the result ---------------------------------------------------------
    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """Each player's score (final once terminal)."""

    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """The winning players once terminal (several when they share the win)."""

    # --- pictures -----------------------------------------------------------
    def _repr_svg_(self) -> str:
        """In a notebook a state shows itself as a picture, with every hidden card:
        whoever holds the state object knows it all anyway."""
        return self.game.render_svg(self, show_all=True)



_RESULT: list[tuple[State, tuple[int, ...], tuple[float, ...]] | None] = [None]
"""The state :func:`result` was last asked about, with its winners and scores."""


def result(state: State) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """``(state.winners(), state.scores())``, worked out once for the state asked about last: a
    tournament asks :meth:`Game.metrics` of every seat of one final state in turn. States never
    change, so the same object (``is``) has the same result."""
    last = _RESULT[0]
    if last is not None and last[0] is state:
        return last[1], last[2]
    got = _RESULT[0] = (state, state.winners(), state.scores())
    return got[1], got[2]

class BaseBot:
    """A bot that gives no reason unless it overrides :meth:`why`."""

    name = "bot"

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        raise NotImplementedError

    def why(self, obs: Any, action: Action, lang: str) -> str | None:
        return None


class RandomBot(BaseBot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return legal[self.choose(None, 0, legal, draw_of(rng))]

    def choose(self, view: Any, seat: int, legal: Sequence[Any], draw: Callable[[int], int]) -> int:
        """On a game's kernel (:mod:`mineedu.core.kernel`): the index of the move, one draw over ``legal``."""
        return draw(len(legal))

    def why(self, obs: Any, action: Action, lang: str) -> str | None:
        return "au hasard" if lang == "fr" else "at random"


BotFactory = Callable[[str | None], Bot]
"""Builds a bot from the text after ``name:`` in a bot spec (``None`` if absent)."""


class Game(ABC):
    """A game: players and a frozen config. Subclasses register with :func:`register`."""

    name: ClassVar[str]
    title: ClassVar[Mapping[str, str]]  # {"fr": ..., "en": ...}
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Config: ClassVar[type]  # a frozen dataclass with defaults
    bots: ClassVar[Mapping[str, BotFactory]] = {"random": lambda arg: RandomBot()}
    hooks: ClassVar[Hooks[Any]] = Hooks()  # set by :func:`mineedu.core.register`

    def __init__(self, players: int, config: Any = None, **overrides: Any) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"{self.name}: players must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ConfigError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players}"
            )
        if config is None:
            config = self.Config()
        elif isinstance(config, Mapping):
            config = config_from_dict(self.Config, config)
        elif not isinstance(config, self.Config):
            raise ConfigError(f"{self.name}: config must be a {self.Config.__name__} or a dict")
        if overrides:
            config = config_from_dict(self.Config, {**config_to_dict(config), **overrides})
        validate = getattr(config, "validate", None)
        if validate is not None:
            validate(players)
        self.num_players = players
        self.config = config

    def make_table(self) -> Any:
        """The numbers this game's kernel plays by, worked out once from its config and players (``None``:
        no kernel)."""
        return None

    @property
    def table(self) -> Any:
        """:meth:`make_table`, made on first use and kept; not pickled (a compiled kernel's objects do not
        pickle: a game sent to a worker process makes its table again there)."""
        made = self.__dict__.get("_table")
        if made is None:
            made = self.__dict__["_table"] = self.make_table()
        return made

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "_table"}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.num_players}, config={self.config!r})"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and other.num_players == self.num_players
            and other.config == self.config
        )

    def __hash__(self) -> int:
        return hash((type(self), self.num_players, self.config))

    @abstractmethod
    def initial_state(self) -> State:
        """The state before the first move (usually a chance node: the deal)."""

    @abstractmethod
    def max_moves(self) -> int:
        """An upper bound on the number of applies (chance included) in one game."""

    # --- JSON for saved games ------------------------------------------------
    def action_to_json(self, action: Action) -> Any:
        return _tuples_to_lists(action)

    def action_from_json(self, data: Any) -> Action:
        return _lists_to_tuples(data)

    # --- hooks: a game's folder registers them (see :mod:`mineedu.core.hooks`) ---------
    def _missing(self, hook: str) -> NotImplementedError:
        return NotImplementedError(f"{self.name} registers no {hook} (Hooks.{hook}, see mineedu.core.hooks)")

    def render_svg(
        self, state: State, player: int | None = None, lang: str = "fr", show_all: bool = False, *, narrow: bool = False,
        wide: bool = False,
    ) -> str:
        """A picture of ``state`` as ``player`` sees it (``show_all``: every hidden card;
        ``narrow``: laid out for a phone held upright, ``wide``: for the projector view, if the
        game has such a layout; ``narrow`` first).

        The picture is drawn from the viewer's observation only, so it cannot
        show what that viewer may not see.
        """
        h = self.hooks
        draw = (h.narrow_picture if narrow and h.narrow_picture else h.wide_picture if wide and h.wide_picture
                else h.picture)
        if draw is not None:
            return draw(state.observation(SEE_ALL if show_all else player), lang)
        raise self._missing("picture")

    def action_label(self, action: Action, lang: str = "fr") -> str:
        """An action or chance outcome in words, for a button or a log line.

        Games word their own actions; this fallback spells the action's parts:

        >>> from tests.core.toy import ToyGame
        >>> ToyGame(2).action_label(("place", 2, "mine"), "en")
        'place 2 mine'
        """
        if self.hooks.action_label is not None:
            return self.hooks.action_label(action, lang)
        return spelled(action)

    def describe_event(self, event: Event, viewer: int | None, lang: str = "fr") -> str:
        """A log line for ``event`` that ``viewer`` may read.

        Games with hidden information register their own wording (a card dealt
        to someone else is "J2 receives 4 cards", never which); this default
        words every move in full, right for games where everything is public.
        """
        if self.hooks.describe_event is not None:
            return self.hooks.describe_event(event, viewer, lang)
        who = chance_name(lang) if event.player == CHANCE else player_name(event.player, lang)
        return f"{who}{colon(lang)} {self.action_label(event.action, lang)}"

    def reason_visible(self, event: Event, viewer: int | None) -> bool:
        """Whether ``viewer`` may read the bot's reason for ``event`` (a game with face-down
        moves registers ``Hooks.reason_visible``; by default every reason is public)."""
        if self.hooks.reason_visible is not None:
            return self.hooks.reason_visible(event, viewer)
        return True

    def bot_name(self, spec: str, lang: str = "fr") -> str:
        """A bot spec in words, for a seat's menu, a status line or a tournament's chart."""
        if self.hooks.bot_name is not None:
            return self.hooks.bot_name(spec, lang)
        return spec

    @property
    def choices(self) -> Choices:
        """How a board offers this game's actions step by step."""
        return self.hooks.choices

    @property
    def hidden_information(self) -> bool:
        """Whether players hold what others may not see (a hot-seat board passes the screen)."""
        return self.hooks.hidden_information

    def format_odds(self, report: dict[str, Any], lang: str = "en") -> str:
        """The text ``mineedu odds`` prints for an :meth:`odds_report`."""
        if self.hooks.format_odds is not None:
            return self.hooks.format_odds(report, lang)
        raise self._missing("format_odds")

    def auto_seats(self) -> tuple[int, ...]:
        """Seats the rules play by themselves (Mine's dummy player): no bot or human sits there."""
        return ()

    def metrics(self, state: State, player: int) -> dict[str, float]:
        """Per-player figures of a finished game, averaged by ``mineedu simulate``.

        ``win`` counts a shared win as ``1/k`` for each of the ``k`` winners.
        Games add their own (``escaped``, ``gold`` ...).
        """
        w, scores = result(state)
        return {"win": (1.0 / len(w)) if player in w else 0.0, "score": float(scores[player])}

    def odds_report(self, state: State, player: int | None = None) -> dict[str, Any]:
        """The exact odds a lesson shows for ``state`` (JSON-ready): the game's ``Hooks.odds_report``."""
        if self.hooks.odds_report is not None:
            return self.hooks.odds_report(state, player)
        raise self._missing("odds_report")

    def make_bot(self, spec: str) -> Bot:
        """Build a bot from a spec such as ``"random"`` or ``"threshold:0.15"``."""
        name, _, arg = spec.strip().partition(":")
        if name not in self.bots:
            raise ConfigError(f"{self.name} has no bot {name!r}; known bots: {', '.join(sorted(self.bots))}")
        try:
            return self.bots[name](arg or None)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"bad bot spec {spec!r}: {exc}") from exc


# --- configs <-> JSON ---------------------------------------------------------


def _tuples_to_lists(x: Any) -> Any:
    if isinstance(x, tuple):
        return [_tuples_to_lists(v) for v in x]
    if isinstance(x, Mapping):
        return {k: _tuples_to_lists(v) for k, v in x.items()}
    return x


def _lists_to_tuples(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_lists_to_tuples(v) for v in x)
    if isinstance(x, dict):
        return {k: _lists_to_tuples(v) for k, v in x.items()}
    return x


def config_to_dict(config: Any) -> dict[str, Any]:
    """A frozen-dataclass config as a JSON-ready dict."""
    return {f.name: _tuples_to_lists(getattr(config, f.name)) for f in dataclasses.fields(config)}


def config_from_dict(cls: type, data: Mapping[str, Any]) -> Any:
    """Build a config dataclass from a dict, refusing unknown keys with a clear error.

    Lists become tuples and dicts become tuples of ``(key, value)`` pairs only if
    the default value of that field is such a tuple; a field's type is checked
    against its default's type.
    """
    if not isinstance(data, Mapping):
        raise ConfigError(f"a {cls.__name__} must be a JSON object, not {type(data).__name__}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = set(data) - set(fields)
    if unknown:
        raise ConfigError(f"unknown {cls.__name__} setting(s): {', '.join(sorted(unknown))}")
    default = cls()
    kwargs = {}
    for name, value in data.items():
        ref = getattr(default, name)
        value = _lists_to_tuples(value)
        if isinstance(ref, tuple) and isinstance(value, dict):
            value = tuple(value.items())
        if isinstance(ref, bool) != isinstance(value, bool) or (
            not isinstance(ref, bool)
            and not isinstance(value, type(ref))
            and not (isinstance(ref, float) and isinstance(value, int))
            and ref is not None
        ):
            raise ConfigError(
                f"{cls.__name__}.{name} must be a {type(ref).__name__}, not {type(value).__name__} ({value!r})"
            )
        kwargs[name] = value
    try:
        return dataclasses.replace(default, **kwargs)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"bad {cls.__name__}: {exc}") from exc
