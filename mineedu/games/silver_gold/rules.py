"""Silver & Gold: the rules (pure: no widgets, no printing).

Every player has two treasure cards. Each turn one expedition card (a shape of
2 to 4 boxes) is revealed; all players at once cross that shape, rotated or
mirrored, on one of their cards, or cross one single box. Coins, palms, red
crosses and seals on the crossed boxes score bonuses; a completed card scores
its points and is replaced from the display. 4 rounds of 7 of the 8
expedition cards. See ``docs/rules/silver_gold.md``.

>>> g = SilverGold(2)
>>> s = g.initial_state()
>>> s.current_player() == CHANCE, len(s.chance_outcomes())
(True, 47)

What a player may see is a :class:`SilverGoldView` (``s.observation(0)``); the
pictures, odds, bots and words read that, never the state.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from mineedu.core import CHANCE, SEE_ALL, SIMULTANEOUS, TERMINAL, Action, ConfigError, Game, State, build
from mineedu.core.errors import whole

from .kernel import CROSS, PASS, SLOT, Kernel, Table, keeps
from .shapes import SHAPES, cells_mask, orientations

COLOURS = ("grey", "green", "orange", "purple")
MAX_SHEET = 12  # at most 12 coin rows, boxes per row, palm boxes and cups: a sheet that fits the picture
MAX_EXPEDITION = 16  # expedition cards in a round's deck (the picture draws each one)
MAX_DEAL = 6  # treasure cards dealt to a player (one row of the picture)
MAX_KEEP = 3  # card places in front of a player
MAX_DISPLAY = 8  # face-up cards of the display
MAX_POINTS = 99  # a cup or a seal value
MAX_ROUNDS = 100


def _pairs(pairs: Any, what: str, example: str) -> Any:
    """``pairs`` if it is a tuple of ``(name, whole number)`` pairs, else a clear :class:`ConfigError`."""
    if not isinstance(pairs, tuple) or not all(
        isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str) for p in pairs
    ):
        raise ConfigError(f"{what} must be (name, number) pairs such as {{{example}}}, not {reprlib.repr(pairs)}")
    return pairs


# --- the treasure cards (D17: our own 47 grids, in cards.json) ----------------


@dataclass(frozen=True)
class TreasureCard:
    """One treasure card: a grid of boxes, some with a coin, a palm or a red cross."""

    id: int
    colour: str
    rows: int
    cols: int
    boxes: int  # mask of the boxes (see shapes.py)
    coins: int
    palms: int
    crosses: int
    seal: str | None  # the colour the seal points at (D17), or None

    @property
    def points(self) -> int:
        """A completed card is worth one point per box (8/10/12/14)."""
        return self.boxes.bit_count()

    def symbol(self, r: int, c: int) -> str | None:
        bit = 1 << (r * self.cols + c)
        for name, mask in (("coin", self.coins), ("palm", self.palms), ("cross", self.crosses)):
            if mask & bit:
                return name
        return None

    def is_box(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols and bool(self.boxes >> (r * self.cols + c) & 1)


def _load_cards() -> tuple[TreasureCard, ...]:
    data = json.loads((Path(__file__).with_name("cards.json")).read_text(encoding="utf-8"))
    cards = []
    for raw in data["cards"]:
        grid = raw["grid"]
        rows, cols = len(grid), len(grid[0])
        masks = {"#": 0, "c": 0, "p": 0, "x": 0}
        boxes = 0
        for r, line in enumerate(grid):
            for c, ch in enumerate(line):
                if ch != ".":
                    bit = 1 << (r * cols + c)
                    boxes |= bit
                    masks[ch] |= bit
        cards.append(TreasureCard(raw["id"], raw["colour"], rows, cols, boxes, masks["c"], masks["p"], masks["x"], raw["seal"]))
    return tuple(cards)


CARDS: tuple[TreasureCard, ...] = _load_cards()
"""All 47 treasure cards, indexed by id."""


# --- configuration ------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """Every number of Silver & Gold; a teacher may change them (see the rules page)."""

    cards_per_colour: tuple[tuple[str, int], ...] = (("grey", 11), ("green", 12), ("orange", 12), ("purple", 12))
    """How many of each colour's designed cards are used (the first ones of cards.json)."""
    expedition: tuple[tuple[str, int], ...] = (("I2", 1), ("I3", 2), ("L3", 2), ("T4", 1), ("L4", 1), ("O4", 1))
    """The expedition deck: (shape, copies); shapes are named in ``shapes.SHAPES``."""
    reveals_per_round: int = 7  # D19: 7 of the 8 cards
    rounds: int = 4  # D19
    deal: int = 4  # cards dealt to each player at the start
    keep: int = 2  # cards kept (the number of card places in front of a player)
    display: int = 4  # the display of face-up treasure cards
    returned_to_deck: bool = True  # the cards not kept go back into the deck (our choice)
    coin_rows: int = 6  # D18: rows of coin boxes on the valuation sheet
    coin_row_size: int = 4  # D18
    cups: tuple[int, ...] = (6, 5, 4, 3, 2, 1)  # D18: shared cups, taken highest first
    palm_limit: int = 4  # D18: palms score at most 4 times
    seal_values: tuple[tuple[str, int], ...] = (("grey", 1), ("green", 1), ("orange", 2), ("purple", 2))  # D17

    def validate(self, players: int) -> None:
        """Refuse, with a :class:`ConfigError` saying which field and why, any value
        outside the bounds that keep a game finite, playable and drawable."""
        per = dict(_pairs(self.cards_per_colour, "cards_per_colour", '"grey": 11'))
        if set(per) - set(COLOURS):
            raise ConfigError(f"unknown treasure colour(s): {sorted(set(per) - set(COLOURS))}; use {COLOURS}")
        for colour, k in per.items():
            have = sum(1 for c in CARDS if c.colour == colour)
            if not whole(k, 0, have):
                raise ConfigError(f"cards_per_colour: {colour} must be 0..{have}, not {reprlib.repr(k)}")
        exp = dict(_pairs(self.expedition, "expedition", '"I2": 1'))
        if set(exp) - set(SHAPES):
            raise ConfigError(f"unknown expedition shape(s): {sorted(set(exp) - set(SHAPES))}; known: {sorted(SHAPES)}")
        if any(not whole(k, 0, MAX_EXPEDITION) for k in exp.values()):
            raise ConfigError(f"expedition copies must be whole numbers 0..{MAX_EXPEDITION}, not {reprlib.repr(self.expedition)}")
        # whole numbers within bounds that keep the game and its picture sensible
        for name, lo, hi in (
            ("reveals_per_round", 1, MAX_EXPEDITION), ("rounds", 1, MAX_ROUNDS), ("deal", 1, MAX_DEAL),
            ("keep", 1, MAX_KEEP), ("display", 0, MAX_DISPLAY), ("coin_rows", 0, MAX_SHEET),
            ("coin_row_size", 1, MAX_SHEET), ("palm_limit", 0, MAX_SHEET),
        ):
            v = getattr(self, name)
            if not whole(v, lo, hi):
                raise ConfigError(f"{name} must be a whole number {lo}..{hi}, not {reprlib.repr(v)}")
        if not isinstance(self.returned_to_deck, bool):
            raise ConfigError(f"returned_to_deck must be true or false, not {reprlib.repr(self.returned_to_deck)}")
        total = sum(exp.values())
        if not 1 <= total <= MAX_EXPEDITION:
            raise ConfigError(f"the expedition deck needs 1..{MAX_EXPEDITION} cards, not {total}")
        if not 1 <= self.reveals_per_round <= total:
            raise ConfigError(f"reveals_per_round must be 1..{total} (the expedition deck), not {self.reveals_per_round}")
        if not 1 <= self.keep <= self.deal:
            raise ConfigError(f"keep must be 1..deal ({self.deal}), not {self.keep}")
        if (not isinstance(self.cups, tuple) or len(self.cups) > MAX_SHEET
                or any(not whole(c, 0, MAX_POINTS) for c in self.cups)):
            raise ConfigError(f"cups must be at most {MAX_SHEET} whole numbers 0..{MAX_POINTS}, not {reprlib.repr(self.cups)}")
        values = dict(_pairs(self.seal_values, "seal_values", '"grey": 1'))
        if set(values) != set(COLOURS) or any(not whole(v, 0, MAX_POINTS) for v in values.values()):
            raise ConfigError(
                f"seal_values needs one whole number 0..{MAX_POINTS} per colour {COLOURS}, not {reprlib.repr(self.seal_values)}")
        need = players * self.deal + self.display
        if sum(per.values()) < need:
            raise ConfigError(f"{players} players need at least {need} treasure cards, the deck has {sum(per.values())}")

    def card_ids(self) -> tuple[int, ...]:
        """The ids of the treasure cards in play."""
        per = dict(self.cards_per_colour)
        out = []
        for colour in COLOURS:
            out += [c.id for c in CARDS if c.colour == colour][: per.get(colour, 0)]
        return tuple(sorted(out))

    def expedition_counts(self) -> dict[str, int]:
        return {s: k for s, k in self.expedition if k > 0}

    @property
    def coin_boxes(self) -> int:
        return self.coin_rows * self.coin_row_size


# --- a player's board ------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """What lies in front of one player: card places, crossed boxes, the valuation sheet."""

    cards: tuple[int | None, ...] = ()  # card id in each place, None when empty
    crossed: tuple[int, ...] = ()  # mask of crossed boxes, per place
    hand: tuple[int, ...] = ()  # the cards dealt at the start, before keeping (hidden)
    coins: int = 0  # coins crossed (all; only coin_boxes of them score)
    rows_settled: int = 0  # coin rows already rewarded (with a cup or, when none is left, nothing)
    cups: tuple[int, ...] = ()
    palms: tuple[int, ...] = ()  # the points of each palm scoring (at most palm_limit)
    completed: tuple[int, ...] = ()  # ids of completed cards
    pending: int = 0  # single boxes still owed because of red crosses (D18)

    def free(self, slot: int) -> int:
        card = self.cards[slot]
        return 0 if card is None else CARDS[card].boxes & ~self.crossed[slot]


@lru_cache(maxsize=1 << 12)  # a display is met again and again (a speed cache; a tuple of card ids)
def display_palms(display: tuple[int, ...]) -> int:
    """Palms printed on the treasure cards of the display (D18)."""
    return sum(CARDS[c].palms.bit_count() for c in display)


# --- what one viewer sees ----------------------------------------------------------


@dataclass(frozen=True)
class PlayerView:
    """One player's side of the table as a viewer sees it."""

    cards: tuple[int | None, ...]
    crossed: tuple[int, ...]
    coins: int
    cups: tuple[int, ...]
    palms: tuple[int, ...]
    completed: tuple[int, ...]
    pending: int
    hand_size: int
    hand: tuple[int, ...] | None
    """The dealt cards, or ``None`` when this viewer may not see them."""
    chosen: bool
    """Whether the player has committed a choice at the current simultaneous step."""
    choice: Action | None
    """That choice, when this viewer may see it."""

    def free(self, slot: int) -> int:
        """The free boxes (a mask) of the card in ``slot`` (0 for an empty place)."""
        card = self.cards[slot]
        return 0 if card is None else CARDS[card].boxes & ~self.crossed[slot]


@dataclass(frozen=True)
class SilverGoldView:
    """Everything one viewer may see (``State.observation``): what pictures, odds,
    bots and words are made from.

    >>> v = SilverGold(2).initial_state().observation(0)
    >>> v.phase, v.deck_size, v.boards[1].hand
    ('deal', 47, None)
    """

    viewer: int | None
    """A seat, ``None`` (a spectator) or :data:`SEE_ALL`."""
    config: Config
    phase: str
    round: int
    revealed: tuple[str, ...]
    first: int
    display: tuple[int, ...]
    deck_size: int
    cups_left: tuple[int, ...]
    boards: tuple[PlayerView, ...]
    to_move: tuple[int, ...]
    """The players who still owe a choice (public: everyone sees who has chosen)."""
    queue: tuple[int, ...]
    winners: tuple[int, ...]
    """Once the game is over."""

    @property
    def players(self) -> int:
        return len(self.boards)

    @property
    def seat(self) -> int | None:
        """The viewer's own seat (``None`` for a spectator or "show all")."""
        v = self.viewer
        return v if v is not None and 0 <= v < len(self.boards) else None

    @property
    def me(self) -> PlayerView | None:
        return None if self.seat is None else self.boards[self.seat]

    @property
    def shape(self) -> str | None:
        """The expedition card being played (None between reveals)."""
        return self.revealed[-1] if self.phase in ("place", "chain") else None

    def expedition_left(self) -> dict[str, int]:
        """This round's expedition cards not revealed yet, by shape."""
        return _left(self.config, self.revealed)

    def score_sheet(self, player: int) -> dict[str, int]:
        return score_sheet(self.boards[player], self.config)


def _left(config: Config, revealed: tuple[str, ...]) -> dict[str, int]:
    left = config.expedition_counts()
    for s in revealed:
        left[s] -= 1
    return {s: k for s, k in left.items() if k}


# --- the state --------------------------------------------------------------------

from .kernel import PHASES as PHASES  # noqa: E402  (the phases' names, in the kernel's codes' order)


@dataclass(frozen=True)
class SilverGoldState(State):
    game: SilverGold
    phase: str
    boards: tuple[Board, ...]
    deck: tuple[int, ...]  # treasure cards left to draw (sorted ids; order is chance)
    display: tuple[int, ...] = ()
    round: int = 0  # 0-based
    revealed: tuple[str, ...] = ()  # expedition cards revealed this round, in order
    first: int = 0  # the first player (reveals; settles first); passes left each reveal
    choices: tuple[Any, ...] = ()  # simultaneous commitments (keep / place), hidden from others
    queue: tuple[int, ...] = ()  # players owed a replacement card, in order
    cups_left: tuple[int, ...] = ()

    if TYPE_CHECKING:  # what apply returns here, for type checkers (no code at run time)

        def apply(self, action: Action, player: int | None = None, *, check: bool = True) -> SilverGoldState: ...

    # --- who acts -------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == "over":
            return TERMINAL
        if ph in ("deal", "reveal", "refill"):
            return CHANCE
        if ph in ("keep", "place"):
            return SIMULTANEOUS
        if ph == "chain":  # a red cross's box: the first owed from the first player on
            n = len(self.boards)
            return next(p for p in ((self.first + k) % n for k in range(n)) if self.boards[p].pending)
        return self.queue[0]  # replace

    def players_to_move(self) -> tuple[int, ...]:
        if self.phase in ("keep", "place"):
            return tuple(p for p, c in enumerate(self.choices) if c is None)
        return super().players_to_move()

    @property
    def shape(self) -> str | None:
        """The expedition card being played (None between reveals)."""
        return self.revealed[-1] if self.phase in ("place", "chain") else None

    def expedition_left(self) -> dict[str, int]:
        """This round's expedition cards not revealed yet, by shape."""
        return _left(self.game.config, self.revealed)

    # --- what may happen -----------------------------------------------------------------
    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The kernel's outcomes (:meth:`.kernel.Kernel.outcomes`: the treasure cards left to draw, or this
        round's expedition cards left by shape) with their probabilities."""
        codes, weights, _ = kernel_of(self).outcomes()
        total = sum(weights)
        p = {w: Fraction(w, total) for w in set(weights)}  # a deal's cards are all alike: one Fraction
        shapes = self.game.table.shapes
        return tuple((shapes[c] if self.phase == "reveal" else c, p[w]) for c, w in zip(codes, weights))

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        cp = self.current_player()
        if cp in (TERMINAL, CHANCE):
            return ()
        if cp == SIMULTANEOUS:
            if player not in self.players_to_move():
                return ()
        else:
            if player not in (None, cp):
                return ()
            player = cp
        if self.phase == "keep":
            return tuple([("keep", *ids) for ids in keeps(self.boards[player].hand, self.game.config.keep)])
        if self.phase == "replace":
            return tuple(("take", c) for c in self.display)
        t = self.game.table
        k = kernel_of(self)
        j = t.shapes.index(self.revealed[-1]) if self.phase == "place" else -1
        return tuple([action_of(t, k.cards[player], j, c) for c in k.moves(player, j)])

    def why_illegal(self, action: Action, player: int | None) -> str:
        cp = self.current_player()
        if cp in (TERMINAL, CHANCE):
            return super().why_illegal(action, player)
        if cp == SIMULTANEOUS and player is not None and self.choices[player] is not None:
            return f"player {player} has already chosen"
        who = cp if cp >= 0 else player
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            return super().why_illegal(action, player)
        kind = action[0]
        b = self.boards[who] if who is not None and 0 <= who < len(self.boards) else None
        if self.phase == "keep":
            if kind != "keep":
                return f"first keep {self.game.config.keep} of the cards you were dealt: ('keep', id, ...)"
            ids = action[1:]
            if not all(whole(i) for i in ids):
                return f"('keep', id, ...) lists the ids of the kept cards, whole numbers, not {reprlib.repr(ids)}"
            if len(ids) != self.game.config.keep or len(set(ids)) != len(ids):
                return f"keep exactly {self.game.config.keep} different cards"
            bad = [i for i in ids if b is None or i not in b.hand]
            if bad:
                return f"card {bad[0]!r} is not among the cards you were dealt {b.hand if b else ()}"
            return "list the kept cards in increasing order"
        if self.phase == "replace":
            if kind != "take":
                return "you completed a card: take one card of the display, ('take', id)"
            return f"card {action[1:]!r} is not in the display {self.display}"
        if kind == "pass":
            return "passing is not allowed: place the shape or cross one box"
        if kind == "place" and self.phase == "chain":
            return "a red cross asks for one more single box: ('cross', card place, row, col)"
        if kind in ("place", "cross") and b is not None:
            return _why_boxes(action, b, self.shape) or super().why_illegal(action, player)
        return super().why_illegal(action, player)

    def _apply(self, action: Action, player: int | None) -> State:
        k = kernel_of(self)
        code = code_of(self, action, self.current_player() if player is None else player)
        if self.phase in ("keep", "place"):
            assert player is not None
            k.commit(player, code)
        else:
            k.apply(code)
        return freeze(self.game, k)

    # --- what is seen -----------------------------------------------------------------------
    def observation(self, player: int | None) -> SilverGoldView:
        """What ``player`` may see: every kept card, crossed box and sheet, the display,
        the cups and this round's expedition cards; their own dealt hand and their own
        choice, not the others' (``None``: a spectator; :data:`SEE_ALL`: everything)."""
        every = player == SEE_ALL
        simultaneous = self.phase in ("keep", "place")
        boards = []
        for p, b in enumerate(self.boards):
            mine = every or p == player
            choice = self.choices[p] if simultaneous else None
            boards.append(PlayerView(
                cards=b.cards, crossed=b.crossed, coins=b.coins, cups=b.cups, palms=b.palms,
                completed=b.completed, pending=b.pending, hand_size=len(b.hand),
                hand=b.hand if mine else None,
                chosen=choice is not None, choice=choice if mine else None,
            ))
        return SilverGoldView(
            viewer=player, config=self.game.config, phase=self.phase, round=self.round,
            revealed=self.revealed, first=self.first, display=self.display, deck_size=len(self.deck),
            cups_left=self.cups_left, boards=tuple(boards), to_move=self.players_to_move(), queue=self.queue,
            winners=self.winners() if self.phase == "over" else (),
        )

    # --- the result ---------------------------------------------------------------------------
    def score_sheet(self, player: int) -> dict[str, int]:
        """One player's points by kind (D18, D17); the total is ``score``."""
        return dict(_sheet(self.boards[player], self.game.config))

    def scores(self) -> tuple[float, ...]:
        cfg = self.game.config
        return tuple(float(_sheet(b, cfg)[-1][1]) for b in self.boards)  # the last kind is the score

    def winners(self) -> tuple[int, ...]:
        """Highest score; ties: most grey cards completed, then green, orange, purple (D19)."""
        keys = [(sc, *colour_counts(b)) for sc, b in zip(self.scores(), self.boards)]
        best = max(keys)
        return tuple(p for p, k in enumerate(keys) if k == best)


def colour_counts(b: Board | PlayerView) -> tuple[int, ...]:
    """Completed cards per colour, in tie-break order grey, green, orange, purple."""
    counts = dict.fromkeys(COLOURS, 0)
    for c in b.completed:
        counts[CARDS[c].colour] += 1
    return tuple(counts.values())


def score_sheet(b: Board | PlayerView, cfg: Config) -> dict[str, int]:
    """Points of a board: coins, cups, palms, completed cards, seals and their sum.

    A seal on a completed card scores its colour's seal value for each
    completed card of the colour it points at (D17); unfinished cards score nothing.
    """
    values = dict(cfg.seal_values)
    counts = dict(zip(COLOURS, colour_counts(b)))
    seals = sum(values[seal] * counts[seal] for c in b.completed if (seal := CARDS[c].seal))
    sheet = {
        "coins": min(b.coins, cfg.coin_boxes),
        "cups": sum(b.cups),
        "palms": sum(b.palms),
        "cards": sum(CARDS[c].points for c in b.completed),
        "seals": seals,
    }
    sheet["score"] = sum(sheet.values())
    return sheet


@lru_cache(maxsize=1 << 13)  # a speed cache: a board is scored again at every later move that leaves it as it is
def _sheet(b: Board, cfg: Config) -> tuple[tuple[str, int], ...]:
    """:func:`score_sheet` of a board, as ``(kind, points)`` pairs (kept: a dict could be changed)."""
    return tuple(score_sheet(b, cfg).items())


def _action_mask(action: tuple[Any, ...], card: TreasureCard, shape: str | None) -> int:
    """The boxes a legal ``place`` or ``cross`` action crosses on ``card``."""
    return cells_mask(action_cells(action, shape), card.cols)


def action_cells(action: tuple[Any, ...], shape: str | None) -> list[tuple[int, int]]:
    """The boxes ``(row, col)`` a ``place`` or ``cross`` action would cross (outside ones included)."""
    if action[0] == "cross":
        return [(action[2], action[3])]
    _, _, o, r, c = action
    return [(r + dr, c + dc) for dr, dc in orientations(shape)[o]]


def _why_boxes(action: tuple[Any, ...], b: Board, shape: str | None) -> str | None:
    """Which rule a ``place``/``cross`` action breaks: the card place, the orientation, a box."""
    kind = action[0]
    size = 5 if kind == "place" else 4
    if len(action) != size or not all(isinstance(x, int) and not isinstance(x, bool) for x in action[1:]):
        return "a placement is ('place', card place, orientation, row, col); a single box is ('cross', card place, row, col)"
    slot = action[1]
    if not 0 <= slot < len(b.cards) or b.cards[slot] is None:
        return f"you have no card in place {slot}"
    card = CARDS[b.cards[slot]]
    if kind == "place" and not 0 <= action[2] < len(orientations(shape)):
        k = len(orientations(shape))
        return f"the {shape} shape has {k} orientations (0..{k - 1}), not {action[2]}"
    cells = action_cells(action, shape)
    for r, c in cells:
        if not (0 <= r < card.rows and 0 <= c < card.cols):
            return f"box ({r},{c}) is outside card {card.id}'s {card.rows}x{card.cols} frame"
    for r, c in cells:
        if not card.is_box(r, c):
            return f"({r},{c}) is not a box of card {card.id} (its grid has a hole there)"
    for r, c in cells:
        if b.crossed[slot] >> (r * card.cols + c) & 1:
            return f"box ({r},{c}) of card {card.id} is already crossed"
    return None


# --- the kernel's codes ------------------------------------------------------------------------


def action_of(t: Table, cards: Sequence[int], j: int, code: int) -> Action:
    """The placement, single box or pass of ``code`` (shape ``j``) as the rules write it."""
    if code == PASS:
        return ("pass",)
    if code >= CROSS:
        s, bit = divmod(code - CROSS, SLOT)
        return ("cross", s, *divmod(bit, t.cols[cards[s]]))
    s, i = divmod(code, SLOT)
    o, r, c, _ = t.placements(cards[s], j)[i]
    return ("place", s, o, r, c)


def code_of(s: SilverGoldState | SilverGoldView, action: Action, player: int | None) -> int:
    """The kernel's code of a legal ``action`` (or chance outcome) of ``s`` for ``player``."""
    t = s.game.table if isinstance(s, SilverGoldState) else _table(s.config, s.players)
    if s.phase in ("deal", "refill"):
        return int(action)
    if s.phase == "reveal":
        return t.shapes.index(action)
    kind = action[0]
    if kind == "pass":
        return PASS
    if kind == "take":
        return int(action[1])
    assert player is not None
    b = s.boards[player]
    if kind == "keep":
        assert b.hand is not None
        return keeps(b.hand, t.keep).index(action[1:])
    slot = int(action[1])
    cid = b.cards[slot]
    assert cid is not None
    if kind == "cross":
        return CROSS + slot * SLOT + int(action[2]) * t.cols[cid] + int(action[3])
    j = t.shapes.index(str(s.revealed[-1]))
    return int(slot) * SLOT + _placement_index(t, cid, j)[action[2:]]


def _placement_index(t: Table, cid: int, j: int) -> dict[tuple[int, ...], int]:
    """``(orientation, row, col)`` -> its place in :meth:`~.kernel.Table.placements`."""
    key = f"index {cid} {j}"
    hit = t.memo.get(key)
    if hit is None:
        hit = t.memo[key] = {(o, r, c): i for i, (o, r, c, _) in enumerate(t.placements(cid, j))}
    return hit


@lru_cache(maxsize=64)
def _table(cfg: Config, players: int) -> Table:
    """The kernel's table of a config (for a view, which holds no game)."""
    return Table(cfg, players, CARDS)


def kernel_of(s: SilverGoldState | SilverGoldView) -> Kernel:
    """A kernel holding state ``s``, or what view ``s`` shows (for a bot's ``choose``): the hands it may not
    see empty, no choice made (a seat's own choice is never asked of it again), the deck as many unknown
    cards (-1), no coin row settled (a bot reads that kernel, never plays on it)."""
    bs = s.boards
    n = len(bs)
    choices: list[int] = []
    if isinstance(s, SilverGoldState):
        t, deck, settled = s.game.table, list(s.deck), [b.rows_settled for b in s.boards]
        if s.phase in ("keep", "place"):
            choices = [-1 if c is None else code_of(s, c, p) for p, c in enumerate(s.choices)]
    else:
        t, deck, settled = _table(s.config, n), [-1] * s.deck_size, [0] * n
        if s.phase in ("keep", "place"):
            choices = [-1] * n
    return Kernel(t, PHASES.index(s.phase), deck, list(s.display), s.round, [t.shapes.index(x) for x in s.revealed],
                  s.first, choices, list(s.queue), list(s.cups_left), [[-1 if c is None else c for c in b.cards] for b in bs],
                  [list(b.crossed) for b in bs], [list(b.hand or ()) for b in bs], [b.coins for b in bs], settled,
                  [list(b.cups) for b in bs], [list(b.palms) for b in bs], [list(b.completed) for b in bs],
                  [b.pending for b in bs])


def freeze(game: SilverGold, k: Kernel) -> SilverGoldState:
    """The state kernel ``k`` holds."""
    t = k.t
    phase = PHASES[k.phase]
    j = k.revealed[-1] if phase == "place" else -1
    choices: tuple[Any, ...] = ()
    if phase in ("keep", "place"):
        choices = tuple(None if c < 0 else (("keep", *keeps(k.hands[p], t.keep)[c]) if phase == "keep"
                                            else action_of(t, k.cards[p], j, c)) for p, c in enumerate(k.choices))
    boards = tuple(
        build(Board, cards=tuple([None if c < 0 else c for c in k.cards[p]]), crossed=tuple(k.crossed[p]),
              hand=tuple(k.hands[p]), coins=k.coins[p], rows_settled=k.settled[p], cups=tuple(k.cups[p]),
              palms=tuple(k.palms[p]), completed=tuple(k.completed[p]), pending=k.pending[p])
        for p in range(t.n))
    return build(SilverGoldState, game=game, phase=phase, boards=boards, deck=tuple(k.deck), display=tuple(k.display),
                 round=k.round, revealed=tuple([t.shapes[x] for x in k.revealed]), first=k.first, choices=choices,
                 queue=tuple(k.queue), cups_left=tuple(k.cups_left))


# --- the game ---------------------------------------------------------------------------------


class SilverGold(Game):
    """Silver & Gold (Nürnberger-Spielkarten-Verlag 2019, Phil Walker-Harding)."""

    name = "silver_gold"
    title: ClassVar[Mapping[str, str]] = {"fr": "Silver & Gold", "en": "Silver & Gold"}
    min_players = 2
    max_players = 4
    Config = Config

    def make_table(self) -> Table:
        return Table(self.config, self.num_players, CARDS)

    def initial_state(self) -> SilverGoldState:
        return freeze(self, Kernel.first_of(self.table))

    def max_moves(self) -> int:
        cfg = self.config
        n = self.num_players
        crosses = max((CARDS[c].crosses.bit_count() for c in cfg.card_ids()), default=0)
        per_reveal = 1 + n + n * cfg.keep * crosses + n * 2 * cfg.keep
        return int(n * cfg.deal + cfg.display + n + cfg.rounds * cfg.reveals_per_round * per_reveal)

    def metrics(self, state: State, player: int) -> dict[str, float]:
        out = super().metrics(state, player)
        sheet = state.score_sheet(player)  # type: ignore[attr-defined]
        out.update({k: float(v) for k, v in sheet.items() if k != "score"})
        out["completed"] = float(len(state.boards[player].completed))  # type: ignore[attr-defined]
        return out
