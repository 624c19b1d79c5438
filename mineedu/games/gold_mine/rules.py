"""My Gold Mine: the complete rules (``rules/gold_mine.fr.txt`` + decisions D1–D7).

Pure rules: no widgets, no printing, no random numbers (chance is explicit).

>>> import mineedu
>>> game = mineedu.make("gold_mine", players=4)
>>> s = game.initial_state()
>>> s.current_player(), s.legal_actions()
(0, (('explore',), ('exit',)))
>>> s = s.apply(("explore",))
>>> dict(s.chance_outcomes())["dragon"]
Fraction(4, 29)
>>> s = s.apply("eyes")               # chance: an eyes card, 2 gold, one step toward the dragon
>>> s.positions, s.current_player()
((5, 4, 4, 4), 1)

Public API
==========
``GoldMineConfig``: every number a teacher may change, each default the published game
(what each means, D1–D7 and E1–E5: ``docs/rules/gold_mine.md``).

``GoldMineState`` fields (all tuples have one entry per player):

* ``round`` (1..rounds), ``start`` (the round's start player), ``turn`` (the
  active player), ``phase`` (see decision points), ``turns`` (turns played this
  round);
* ``positions``: 1..7 inside the mine (D1), ``LADDER`` (0) on the ladder,
  ``BURNED`` (-1) burned this round; ``rungs``: 1 (top) .. 6 on the ladder, else 0;
* ``dragon``: Dragobert's position (8 at the start, never below 1, D3); the
  cards right of him show their fire side (``state.fire``);
* ``kept``: the cards each player holds this round (``"nugget"``, ``"lantern"``,
  ``"eyes"``, or a kept exit card such as ``"GOLD3|L1"``); ``state.gold(p)``;
* ``tokens`` (nugget tokens won, D6) and ``pool`` (tokens still to award);
* ``explore``: counts of the exploration cards not yet seen, in the order
  ``EXPLORE_KINDS``; ``explore_discard`` (dragons drawn, burned players' cards);
  ``top``: the visible top card in ``face_up`` mode (else ``None``);
* ``exits`` / ``exit_discard``: exit-card counts in the order of
  ``config.exit_deck``; ``card``: the exit card being resolved;
* ``results``: one :class:`RoundResult` per finished round (gold banked, rungs,
  tokens awarded, round winner). ``state.podium()`` ranks the players.

Decision points and actions (the same player decides in a row):

* ``phase == "turn"``: the active player plays ``("explore",)`` or ``("exit",)``;
* ``phase == "explore"`` / ``"exit"``: CHANCE, outcome = the card drawn
  (``"dragon"``, ``"L1|SWAP"`` ...) with probability count left / cards left;
* ``phase == "option"``: the same player resolves the exit card:
  ``("option", "L1")``, ``("option", "L2")``, ``("option", "ALL1")``,
  ``("option", "GOLD3")``, ``("option", "SWAP", target)`` or, when no other miner
  is inside, ``("option", "SWAP")`` (no effect). A card with a single possible
  resolution resolves at once, without this step;
* ``phase == "setup"`` / ``"reveal"`` (``face_up`` only): CHANCE, the card turned
  face up on the exploration deck (setup: never a dragon, D7; a revealed dragon
  resolves at once and the next card is revealed);
* ``phase == "over"``: TERMINAL.

``observation(player)`` is a :class:`GoldMineView`: every fact of the position,
since every card's effect shows its type to the whole table (E5 in
``docs/rules/gold_mine.md``: the board shows each miner's gold instead of asking
players to remember it).

When nobody is left inside, the round is scored at once (``results`` grows) and
the next round starts, or the game ends after the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from mineedu.core import ConfigError, Game, State

from .cards import (
    CARD_GOLD,
    EXIT,
    EXIT_ACTION,
    EXIT_OPTIONS,
    EXPLORE,
    EXPLORE_ACTION,
    EXPLORE_KINDS,
    GOLD3_VALUE,
    KIND_INDEX,
    OPTION,
    OVER,
    REVEAL,
    SETUP,
    TURN,
)
from .kernel import EXIT_A, EXPLORE_A, NONE, PHASES, Kernel, RoundResult, Table, mover, resolution

PHASE_CODE = {name: i for i, name in enumerate(PHASES)}

MAX_CARDS_OF_A_KIND = 200
MAX_EXIT_KINDS = 20
MAX_ROUNDS = 10
MAX_TRACK = 20
MAX_TURN_LIMIT = 1000
MAX_TOKEN_AWARDS = 6
MAX_TOKENS = 100


@dataclass(frozen=True)
class GoldMineConfig:
    """The numbers of My Gold Mine; each default is the published game (D1–D7)."""

    exploration: tuple[tuple[str, int], ...] = (("nugget", 20), ("lantern", 14), ("eyes", 16), ("dragon", 8))
    exit_deck: tuple[tuple[str, int], ...] = (
        ("L1", 2), ("L2", 2), ("L1|ALL1", 3), ("L1|SWAP", 3),
        ("L2|SWAP", 2), ("ALL1|SWAP", 2), ("L2|ALL1", 1), ("GOLD3|L1", 1),
    )
    rounds: int = 3
    deck_mode: str = "face_down"
    token_awards: tuple[int, ...] = (3, 2, 1)
    track_length: int = 8
    cart: int = 4
    turn_limit: int = 200

    def validate(self, players: int) -> None:
        """Raise :class:`ConfigError` with a clear message if the config cannot be played."""
        for name, kind in (("rounds", int), ("track_length", int), ("cart", int), ("turn_limit", int),
                           ("deck_mode", str), ("exploration", tuple), ("exit_deck", tuple),
                           ("token_awards", tuple)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, kind):
                raise ConfigError(f"GoldMineConfig.{name} must be a {kind.__name__}, not {value!r}")
        kinds = [k for k, _ in _pairs(self.exploration, "exploration")]
        if sorted(kinds) != sorted(EXPLORE_KINDS):
            raise ConfigError(
                f"exploration must give a count for each of {', '.join(EXPLORE_KINDS)} once, not {kinds}"
            )
        counts = dict(self.exploration)
        if sum(counts[k] for k in EXPLORE_KINDS if k != "dragon") == 0:
            raise ConfigError("the exploration deck needs at least one card that is not a dragon")
        names = [c for c, _ in _pairs(self.exit_deck, "exit_deck")]
        if len(set(names)) != len(names):
            raise ConfigError(f"exit_deck names a card twice: {names}")
        for name in names:
            opts = name.split("|")
            bad = [o for o in opts if o not in EXIT_OPTIONS]
            if bad or len(set(opts)) != len(opts):
                raise ConfigError(
                    f"exit card {name!r}: options must be distinct, among {', '.join(EXIT_OPTIONS)} joined by '|'"
                )
        if not any(n and "GOLD3" not in c.split("|") for c, n in self.exit_deck):
            # a kept GOLD3 card leaves the deck for the round; a card without that option
            # always returns to the discards, so an exit card can always be taken (D4)
            raise ConfigError(
                "the exit deck needs at least one card without the GOLD3 option (D4): "
                "kept GOLD3 cards leave the deck, and a player must always be able to take an exit card"
            )
        for what, value, hi in (
            ("an exploration count", max(counts.values()), MAX_CARDS_OF_A_KIND),
            ("an exit card count", max((k for _, k in self.exit_deck), default=0), MAX_CARDS_OF_A_KIND),
            ("the number of exit card kinds", len(self.exit_deck), MAX_EXIT_KINDS),
            ("rounds", self.rounds, MAX_ROUNDS),
            ("track_length", self.track_length, MAX_TRACK),
            ("turn_limit", self.turn_limit, MAX_TURN_LIMIT),
            ("the number of token awards", len(self.token_awards), MAX_TOKEN_AWARDS),
            ("a token award", max(self.token_awards, default=0), MAX_TOKENS),
        ):
            if value > hi:
                raise ConfigError(f"{what} of at most {hi}, not {value}: a game a class can play")
        if self.rounds < 1:
            raise ConfigError(f"rounds must be at least 1, not {self.rounds}")
        if self.deck_mode not in ("face_down", "face_up"):
            raise ConfigError(f"deck_mode must be 'face_down' or 'face_up', not {self.deck_mode!r}")
        if not all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in self.token_awards):
            raise ConfigError(f"token_awards must be whole numbers >= 0, not {self.token_awards!r}")
        if self.track_length < 2:
            raise ConfigError(f"track_length must be at least 2, not {self.track_length}")
        if not 1 <= self.cart < self.track_length:
            raise ConfigError(f"cart must lie inside the mine, 1..{self.track_length - 1}, not {self.cart}")
        if self.turn_limit < 1:
            raise ConfigError(f"turn_limit must be at least 1, not {self.turn_limit}")


def _pairs(pairs: Any, what: str) -> Any:
    for p in pairs:
        if not (
            isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)
            and isinstance(p[1], int) and not isinstance(p[1], bool) and p[1] >= 0
        ):
            raise ConfigError(f"{what} must be (card, count) pairs with a count >= 0, not {p!r}")
    return pairs


@lru_cache(maxsize=1 << 15)  # the deck counts met in many games (a miss builds the exact fractions again)
def _outcomes(names: tuple[str, ...], counts: tuple[int, ...]) -> tuple[tuple[str, Fraction], ...]:
    total = sum(counts)
    return tuple((name, Fraction(c, total)) for name, c in zip(names, counts) if c)


def _card_gold(card: str) -> int:
    return CARD_GOLD.get(card, GOLD3_VALUE)


def _not_a_player(t: Any) -> str:
    return f"the miner to swap with is a player number (0, 1, ...), not {t!r} (D4)"


@dataclass(frozen=True)
class Position:
    """The fields of a position (see the module docstring) and what follows from them: a
    :class:`GoldMineState` and the :class:`GoldMineView` of it that every viewer sees alike."""

    game: GoldMine
    round: int
    start: int
    turn: int
    phase: str
    positions: tuple[int, ...]
    rungs: tuple[int, ...]
    dragon: int
    kept: tuple[tuple[str, ...], ...]
    tokens: tuple[int, ...]
    pool: int
    explore: tuple[int, ...]
    explore_discard: tuple[int, ...]
    top: str | None
    exits: tuple[int, ...]
    exit_discard: tuple[int, ...]
    card: str | None = None
    turns: int = 0
    results: tuple[RoundResult, ...] = ()

    @property
    def fire(self) -> tuple[int, ...]:
        """Positions showing the dragon-fire side (right of Dragobert, D3)."""
        return tuple(range(self.dragon + 1, self.game.config.track_length + 1))

    def inside(self) -> tuple[int, ...]:
        """The players still inside the mine (neither on the ladder nor burned)."""
        return tuple(i for i, p in enumerate(self.positions) if p > 0)

    def gold(self, player: int) -> int:
        """Gold on the cards ``player`` holds this round."""
        return sum(_card_gold(c) for c in self.kept[player])

    def ended_round(self, before: Position) -> RoundResult | None:
        """The result of the round a move from ``before`` ended (scored at once, D6), or None if it goes on."""
        return self.results[-1] if self.phase == OVER or self.round != before.round else None

    def exit_options(self) -> tuple[str, ...]:
        """The options of the exit card being resolved (D4)."""
        return tuple(self.card.split("|")) if self.card else ()

    # --- the result ---------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        """Nugget tokens; at the end, tokens + gold banked in the last round (D6)."""
        if self.phase == OVER and self.results:
            last = self.results[-1]
            return tuple(float(t + g) for t, g in zip(self.tokens, last.gold))
        return tuple(float(t) for t in self.tokens)

    def _final_key(self, p: int, scores: tuple[float, ...]) -> tuple[float, int, int]:
        # D6: most gold + tokens; ties: higher rung in the last round (burned = below all), then tokens
        last = self.results[-1]
        rung = last.rungs[p] or 99
        return (-scores[p], rung, -self.tokens[p])

    def podium(self) -> tuple[tuple[int, ...], ...]:
        """The final ranking: places in order, each a tuple of players (E4: full ties share)."""
        if self.phase != OVER:
            return ()
        scores = self.scores()  # once for every player
        keys = {p: self._final_key(p, scores) for p in range(len(self.positions))}
        places: list[tuple[int, ...]] = []
        for k in sorted(set(keys.values())):
            places.append(tuple(p for p in sorted(keys) if keys[p] == k))
        return tuple(places)


@dataclass(frozen=True)
class GoldMineState(Position, State):
    """One position of My Gold Mine (fields: see the module docstring)."""

    def _evolve(self, **changes: Any) -> GoldMineState:
        """A copy with some fields changed (like ``dataclasses.replace``, without re-running ``__init__``)."""
        new = object.__new__(GoldMineState)
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        return new

    # --- who acts -----------------------------------------------------------
    def current_player(self) -> int:
        return mover(PHASE_CODE[self.phase], self.turn)

    def legal_actions(self, player: int | None = None) -> tuple[Any, ...]:
        if player is not None and player != self.turn:
            return ()
        if self.phase not in (TURN, OPTION):
            return ()
        actions = self.game.turn_actions if self.phase == TURN else self.game.resolutions
        return tuple([actions[c] for c in kernel_of(self).legal()])

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        if self.phase not in (EXPLORE, EXIT, SETUP, REVEAL):
            return ()
        counts, m = kernel_of(self).deck()
        names = self.game.exit_names if self.phase == EXIT else EXPLORE_KINDS
        return _outcomes(names[:m], tuple(counts[:m]))

    def why_illegal(self, action: Any, player: int | None) -> str:
        ph = self.phase
        if ph == OVER:
            return "the game is over"
        if ph in (EXPLORE, REVEAL, SETUP):
            return f"{action!r} is not a card kind left in the exploration deck ({', '.join(EXPLORE_KINDS)})"
        if ph == EXIT:
            return f"{action!r} is not an exit card left in the exit deck"
        if ph == TURN:
            if action == EXPLORE_ACTION:
                if self.game.face_up:
                    return "no exploration card is face up: the deck is empty, take an exit card (D4, D7)"
                return "the exploration deck is empty: only an exit card can be taken (D4)"
            if action == EXIT_ACTION:
                return "the exit deck and its discards are empty"
            if isinstance(action, tuple) and action[:1] == ("option",):
                return "no exit card is being resolved: first choose ('explore',) or ('exit',)"
            return "a turn is ('explore',) (draw an exploration card) or ('exit',) (draw an exit card)"
        # OPTION
        opts = self.exit_options()
        if not (isinstance(action, tuple) and len(action) in (2, 3) and action[0] == "option"):
            return f"resolve the exit card {self.card!r} first: choose one of its options {' or '.join(opts)}"
        if action[1] not in opts:
            return f"the exit card {self.card!r} offers {' or '.join(opts)}, not {action[1]!r} (D4)"
        if action[1] == "SWAP":
            others = [i for i in self.inside() if i != self.turn]
            if len(action) == 2:
                return "name the miner to swap with: ('option', 'SWAP', player)"
            t = action[2]
            if type(t) is not int:
                return _not_a_player(t)
            if t == self.turn:
                return "a miner cannot swap places with themself (D4)"
            if not others:
                return "no other miner is inside the mine: SWAP has no effect, play ('option', 'SWAP') (D4)"
            return f"player {t!r} is not a miner still inside the mine: SWAP needs one of {others} (D4)"
        return f"{action!r} is not a way to resolve the exit card {self.card!r}"

    # --- applying -------------------------------------------------------------
    def _apply(self, action: Any, player: int | None) -> GoldMineState:
        k = kernel_of(self)
        k.apply(self.game.codes[action])
        return freeze(self.game, k)

    # --- what is seen -------------------------------------------------------
    def observation(self, player: int | None) -> GoldMineView:
        """Everything: each card's effect shows its type to the whole table, so the decks'
        counts, the cards each miner keeps and their gold are public (see :class:`GoldMineView`)."""
        view = object.__new__(GoldMineView)  # the state's fields as they are (a frozen dataclass's __init__ is slow)
        view.__dict__.update(self.__dict__, viewer=player)
        return view

    # --- the result ---------------------------------------------------------
    def winners(self) -> tuple[int, ...]:
        podium = self.podium()
        return podium[0] if podium else ()


@dataclass(frozen=True)
class GoldMineView(Position):
    """What one viewer sees of a My Gold Mine position: all of it.

    Every exploration card shows its type by its effect (a nugget stays, a
    lantern steps toward the exit, eyes step toward Dragobert, a dragon moves
    him), exit cards are resolved in the open, and the face-up variant's top
    card is visible: nothing a player holds is secret, only hard to remember.
    The view therefore carries every field of the state (``viewer`` says who
    looks) and :meth:`state` gives the position back, for exact odds computed
    by the rules themselves.
    """

    viewer: int | None = None

    def state(self) -> GoldMineState:
        """The position this view shows."""
        state = object.__new__(GoldMineState)
        state.__dict__.update(self.__dict__)
        del state.__dict__["viewer"]
        return state


def kernel_of(s: GoldMineState | GoldMineView) -> Kernel:
    """A kernel holding the position of ``s`` (a state or a view: every fact of it is public)."""
    g = s.game
    code = g.card_code
    return Kernel(
        g.table, s.round, s.start, s.turn, PHASE_CODE[s.phase], list(s.positions), list(s.rungs), s.dragon,
        [[code[c] for c in cards] for cards in s.kept], list(s.tokens), s.pool, list(s.explore),
        list(s.explore_discard), NONE if s.top is None else KIND_INDEX[s.top], list(s.exits), list(s.exit_discard),
        NONE if s.card is None else g.exit_names.index(s.card), s.turns, s.results,
    )


def freeze(game: GoldMine, k: Kernel) -> GoldMineState:
    """The state kernel ``k`` holds."""
    names = game.card_names
    new = object.__new__(GoldMineState)
    new.__dict__.update(
        game=game, round=k.round, start=k.start, turn=k.turn, phase=PHASES[k.phase], positions=tuple(k.pos),
        rungs=tuple(k.rungs), dragon=k.dragon, kept=tuple([tuple([names[c] for c in cards]) for cards in k.kept]),
        tokens=tuple(k.tokens), pool=k.pool, explore=tuple(k.explore), explore_discard=tuple(k.shown),
        top=None if k.top == NONE else EXPLORE_KINDS[k.top], exits=tuple(k.exits), exit_discard=tuple(k.discard),
        card=None if k.card == NONE else game.exit_names[k.card], turns=k.turns, results=k.results,
    )
    return new


class GoldMine(Game):
    """My Gold Mine (Kosmos 2021): push your luck against Dragobert."""

    name = "gold_mine"
    title: ClassVar[dict[str, str]] = {"fr": "My Gold Mine", "en": "My Gold Mine"}
    min_players = 3
    max_players = 6
    Config = GoldMineConfig

    def make_table(self) -> Table:
        c = self.config
        options = [[EXIT_OPTIONS.index(o) for o in name.split("|")] for name in self.exit_names]
        gold = [CARD_GOLD.get(kind, 0) for kind in EXPLORE_KINDS] + [GOLD3_VALUE] * len(self.exit0)  # D2, D4
        return Table(self.num_players, c.cart, c.track_length, c.turn_limit, c.rounds, c.token_awards, self.face_up,
                     self.explore0, options, self.exit0, gold)

    def __init__(self, players: int, config: Any = None, **overrides: Any) -> None:
        super().__init__(players, config, **overrides)
        c = self.config
        counts = dict(c.exploration)
        self.explore0 = tuple(counts[k] for k in EXPLORE_KINDS)
        self.exit_names = tuple(name for name, _ in c.exit_deck)
        self.exit0 = tuple(k for _, k in c.exit_deck)
        self.face_up = c.deck_mode == "face_up"
        self.card_names = EXPLORE_KINDS + self.exit_names
        """A kept card's name by its kernel code (the exploration kinds, then the exit cards)."""
        self.card_code = {name: i for i, name in enumerate(self.card_names)}
        self.turn_actions = {EXPLORE_A: EXPLORE_ACTION, EXIT_A: EXIT_ACTION}
        """A turn's decision by its kernel code."""
        self.resolutions: dict[int, Any] = {resolution(o, NONE): ("option", name) for o, name in enumerate(EXIT_OPTIONS)}
        """An exit card's resolution by its kernel code."""
        swap = EXIT_OPTIONS.index("SWAP")
        self.resolutions.update({resolution(swap, t): ("option", "SWAP", t) for t in range(self.num_players)})
        self.codes: dict[Any, int] = {**KIND_INDEX, **{name: i for i, name in enumerate(self.exit_names)}}
        """The kernel's code of a legal action or chance outcome: the two tables above read back, a card's index."""
        self.codes.update({a: c for table in (self.turn_actions, self.resolutions) for c, a in table.items()})

    def initial_state(self) -> GoldMineState:
        return freeze(self, Kernel.first(self.table))

    def max_moves(self) -> int:
        # per round: the face-up setup reveal, each turn's decision + draw + option,
        # and at most one face-up reveal per exploration card
        per_round = 1 + 3 * self.config.turn_limit + sum(self.explore0)
        return int(self.config.rounds * per_round)

    def metrics(self, state: Any, player: int) -> dict[str, float]:
        """``win``, ``score``, ``escaped`` (share of rounds on the ladder), ``gold`` (mean banked per round)."""
        m = super().metrics(state, player)
        rs = state.results
        k = len(rs) or 1
        m["escaped"] = sum(1 for r in rs if r.rungs[player]) / k
        m["gold"] = sum(r.gold[player] for r in rs) / k
        return m
