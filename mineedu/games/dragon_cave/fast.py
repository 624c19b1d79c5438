"""The dragon's cave played fast, for tournaments: one whole game with the game's bots inlined.

:func:`fast_playout` is the game's ``Hooks.fast_playout``. The function it returns plays
from ``game.initial_state()`` to the end the very game :func:`mineedu.core.playout` plays
with the bots of those specs, with the very same draws from ``rng``, and returns the same
final :class:`~.rules.DragonCaveState` (every field equal); ``tests/dragon_cave/test_fast.py``
holds it to the engine with ``tests/fast_check.py``.

The position is kept in plain mutable lists (the fields of :class:`~.rules.Position`:
``path``, ``pos``, ``status``, ``returning``, ``carried``, ``dragon``, ``turn``, ``roll``,
``turns``), with each family's face-down values counted (what
:meth:`~.rules.Position.unrevealed` recounts). How each part mirrors the rules:

* a turn in :func:`_play` is what :meth:`~.rules.Position.chance_event` orders: the movement
  die (``"roll"``, dice movement), the player's move, then the pending events of
  :meth:`~.rules.DragonCaveState._apply` (``"reveal"`` of the captured card, then the dragon's
  die) resolved as :meth:`~.rules.DragonCaveState._resolve` does, then
  :meth:`~.rules.DragonCaveState._end_turn`; once nobody is inside, the blind variant's
  reveals of what the escaped miners carry, seat by seat and card by card;
* chance draws as :func:`mineedu.core.sample_outcome` does with
  :meth:`~.rules.DragonCaveState.chance_outcomes`: no draw for a single outcome, else one
  ``rng.integers(total)`` over the reduced whole-number weights (a die: ``sides``; a reveal:
  the values left of the family, in increasing order, their counts divided by their gcd:
  :class:`_Family`);
* :func:`_segments` is :meth:`~.rules.DragonCaveState.legal_actions` (with
  :meth:`~.rules.DragonCaveState._turn_options`, :meth:`~.rules.Position.stops` and
  :meth:`~.rules.Position.points`), one run of steps ``1..top`` (or the single ``0``) per
  ``(turn_back, drop, capture)`` in the rules' order, so the random bot's index and the
  bots' "fastest move" are found without listing every action;
* :func:`_move` is ``_apply`` for a player's move (with ``_dragon_moves`` in
  :func:`_dragon_moves`); the odds bot also calls it to look one move ahead, as
  :meth:`~.rules.DragonCaveView.after` does (and, on the last allowed turn, adds the
  dragon's charge of ``_end_turn`` that the view after the move includes);
* the bots of :mod:`.bots`: ``random`` (:class:`~mineedu.core.RandomBot`, one draw, even for a
  single legal move), ``turnback`` and ``greedy`` through :func:`_pick` (:func:`.bots.pick`;
  they always ask for ``drop=-1``, and a move keeping every card is always legal, so only
  those runs are listed for them), ``odds`` through :func:`_odds_move`
  (:meth:`.bots.OddsBot.act` and ``value``). The odds bot's figures are those of :mod:`.odds`
  itself (:func:`.odds.escape_probability`, :func:`.odds.card_expectation`), kept exact as
  whole-number ratios.

What the bots compute is pure, so it is remembered, in bounded memos, one :class:`_Memo` per
config: the legal runs and the turnback and greedy choices by the few numbers they depend on
(:data:`Where`), the odds bot's choices by everything they read (the key in :func:`_play`),
its escape chances, and each family's reveals (:class:`_Family`).

Every config the rules accept (families, movement, carry limit, the blind, dice movement
and dice dragon variants, any die, the turn limit) and 2 to 6 players are played. Refused
(``None``, the engine plays those games): a seat without a bot spec, a spec that is not
one of :data:`.bots.BOTS` built as the game builds it (a subclass or another bot class), or
a game that is not a :class:`~.rules.DragonCave`. A position the code does not expect
raises rather than guesses.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from mineedu.core import Game, RandomBot, State, build
from mineedu.core.memo import remember
from mineedu.core.play import seated_bots

from .bots import GreedyDepthBot, OddsBot, TurnBackBot
from .odds import card_expectation, escape_probability
from .rules import EATEN, ENTRANCE, IN, OUT, Card, Config, DragonCave, DragonCaveState

RANDOM, TURNBACK, GREEDY, ODDS = range(4)
Seat = tuple[int, Any]
"""A bot as the fast playout plays it: ``(kind, argument)`` (``n``, ``depth`` or ``p_min``)."""
Segment = tuple[bool, int, bool, int]
"""``(turn_back, drop, capture, top)``: the legal moves ``("move", drop, turn_back, s, capture)``
for ``s`` in ``1..top``, or the single ``s = 0`` when ``top`` is 0."""
Ratio = tuple[int, int]
"""An exact number >= 0 as (numerator, denominator > 0), not always reduced: the odds bot's
figures, added, multiplied and compared by cross products instead of as :class:`Fraction`."""

MEMO_SIZE = 1 << 16
"""The most entries of each memo (a full memo is emptied and starts again)."""


# --- a config's tables and memos --------------------------------------------------------------


class _Family:
    """One family's face-down values at one moment: the reveal's outcomes as
    :func:`~mineedu.core.sample_outcome` draws them, and :func:`.odds.card_expectation` then.

    ``which``: indices (into the family's distinct values, increasing) of the values left;
    ``weights``: their counts over the counts' gcd (the reduced Fractions over their common
    denominator), ``total`` their sum; ``expect``: the expectation of a face-down card;
    ``after``: the family once value ``j`` is turned over (filled as games meet it)."""

    __slots__ = ("after", "counts", "expect", "total", "weights", "which")

    def __init__(self, memo: _Memo, f: int, counts: tuple[int, ...]) -> None:
        self.counts = counts
        self.which = tuple(j for j, c in enumerate(counts) if c > 0)
        left = [counts[j] for j in self.which]
        g = math.gcd(*left) if left else 1
        self.weights = tuple(c // g for c in left)
        self.total = sum(self.weights)
        values, full = memo.values[f], memo.full[f]
        seen = [v for v, n0, n in zip(values, full, counts) for _ in range(n0 - n)]
        mean = card_expectation(memo.cfg, f, seen)
        self.expect: Ratio = (mean.numerator, mean.denominator)
        self.after: dict[int, _Family] = {}


class _Memo:
    """A config's numbers worked out once, and what its games computed, remembered.

    ``values``/``full``: each family's distinct values (increasing) and how many cards carry
    each; ``place``: the weight of one face-down card of each value in ``pool``, one number for
    all the counts left (mixed radix), a key for what the odds bot expects of face-down cards;
    ``path``: the path at the start; ``start``: each family before any reveal (:class:`_Family`,
    a graph of the reveals met, its nodes in ``nodes``); ``lists``: the legal runs and their
    number by :data:`Where`; ``picks``: the turnback and greedy choices; ``decisions``: the odds
    bot's choices; ``escapes``: :func:`.odds.escape_probability` with whether it reaches the bot's
    ``p_min``. Every dict is bounded by :data:`MEMO_SIZE`."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.values = [tuple(sorted(set(fam))) for fam in cfg.families]
        self.full = [tuple(list(fam).count(v) for v in vals) for fam, vals in zip(cfg.families, self.values)]
        self.place: list[list[int]] = []
        radix = 1
        for counts in self.full:
            self.place.append([])
            for c in counts:
                self.place[-1].append(radix)
                radix *= c + 1
        self.pool = sum(c * w for counts, ws in zip(self.full, self.place) for c, w in zip(counts, ws))
        self.path: list[Card] = [(f, None) for f, fam in enumerate(cfg.families) for _ in fam]
        self.nodes: dict[tuple[int, tuple[int, ...]], _Family] = {}
        self.start = self._start()
        self.decisions: dict[tuple[Any, ...], Segment] = {}
        self.lists: dict[Where, tuple[list[Segment], int]] = {}
        self.picks: dict[tuple[Any, ...], Segment] = {}
        self.escapes: dict[tuple[Any, ...], tuple[bool, int, int]] = {}

    def _start(self) -> list[_Family]:
        return [self._node(f, counts) for f, counts in enumerate(self.full)]

    def _node(self, f: int, counts: tuple[int, ...]) -> _Family:
        node = self.nodes[(f, counts)] = _Family(self, f, counts)
        return node

    def reveal(self, fam: _Family, f: int, j: int) -> _Family:
        """Family ``f`` once value ``j`` is turned over from ``fam`` (``fam.after[j]``, made now)."""
        counts = list(fam.counts)
        counts[j] -= 1
        key = (f, tuple(counts))
        nxt = self.nodes.get(key)
        if nxt is None:
            if len(self.nodes) >= MEMO_SIZE:  # a new graph (games under way keep the nodes they hold)
                self.nodes.clear()
                self.start = self._start()
            nxt = self._node(*key)
        fam.after[j] = nxt
        return nxt

    def escape(self, key: tuple[Any, ...]) -> tuple[bool, int, int]:
        """``(P >= p_min, P's numerator, P's denominator)`` for ``key = (p_min, steps, cards,
        dragon, others, dragon first)``, the arguments of :func:`.odds.escape_probability`."""
        p_min, steps, cards, dragon, others, first = key
        pe = escape_probability(steps, cards, dragon, self.cfg, others, dragon_first=first)
        return remember(self.escapes, key, (pe >= p_min, pe.numerator, pe.denominator), MEMO_SIZE)

    def fixed(self, key: tuple[Any, ...], pe: Fraction) -> tuple[bool, int, int]:
        """The same for a move that ends the race (``pe`` 1 out, 0 eaten), under its own ``key``."""
        return remember(self.escapes, key, (pe >= key[0], pe.numerator, pe.denominator), MEMO_SIZE)


_MEMOS: dict[tuple[Any, ...], _Memo] = {}
"""One :class:`_Memo` per config (see :func:`_memo`)."""


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


def _memo(cfg: Config) -> _Memo:
    """The memo of games of ``cfg``: every field of it (lists, which a config may hold, as tuples)."""
    key = tuple((f.name, _frozen(getattr(cfg, f.name))) for f in dataclasses.fields(cfg))
    memo = _MEMOS.get(key)
    if memo is None:
        memo = remember(_MEMOS, key, _Memo(cfg), 64)
    return memo


# --- the hook -----------------------------------------------------------------------------


def _seat(bot: Any) -> Seat | None:
    """What the playout needs of ``bot`` (built as the game builds it), or ``None`` for a bot it does not know."""
    kind = type(bot)
    if kind is RandomBot:
        return (RANDOM, None)
    if kind is TurnBackBot:
        assert isinstance(bot, TurnBackBot)
        return (TURNBACK, bot.n)
    if kind is GreedyDepthBot:
        assert isinstance(bot, GreedyDepthBot)
        return (GREEDY, bot.depth)
    if kind is OddsBot:
        assert isinstance(bot, OddsBot)
        return (ODDS, bot.p_min)
    return None


def fast_playout(game: Game, seats: tuple[str | None, ...]) -> Callable[[np.random.Generator], State] | None:
    """``Hooks.fast_playout``: a function playing one whole game with the bots of ``seats``
    (``rng -> final state``), or ``None`` for what it does not play (see the module docstring)."""
    if type(game) is not DragonCave:
        return None
    seated = seated_bots(game, seats)
    if seated is None:
        return None
    bots = [_seat(b) for b in seated]
    table: list[Seat] = [b for b in bots if b is not None]
    if len(table) != len(bots):
        return None
    cave: DragonCave = game
    memo = _memo(game.config)

    def run(rng: np.random.Generator) -> State:
        return _play(cave, table, rng, memo)

    return run


# --- the rules' geometry and moves ------------------------------------------------------------


def _free(occ: set[int], i: int, dragon: int) -> tuple[int, int]:
    """``(len(stops forward), len(stops back))`` from card ``i`` (back counts the entrance)."""
    ahead = dragon - i - 1
    behind = i + 1 if i >= 0 else 1
    for x in occ:
        if i < x < dragon:
            ahead -= 1
        elif x < i:
            behind -= 1
    return (ahead if ahead > 0 else 0), behind


def _stop(occ: set[int], i: int, back: bool, dragon: int, steps: int) -> int:
    """Where ``steps`` steps (>= 1) from card ``i`` lead: ``Position.stops(...)[steps - 1]``."""
    if back:
        for j in range(i - 1, -1, -1):
            if j not in occ:
                steps -= 1
                if not steps:
                    return j
        if steps == 1:
            return ENTRANCE
    else:
        for j in range(i + 1, dragon):
            if j not in occ:
                steps -= 1
                if not steps:
                    return j
    raise AssertionError(f"dragon_cave fast playout: no stop {steps} steps from card {i}")


def _segments(
    i: int, back_now: bool, held: int, ahead: int, behind: int, points: int, dice: bool, max_carry: int,
    drops: bool,
) -> list[Segment]:
    """``DragonCaveState.legal_actions`` as runs of steps (see :data:`Segment`), in the rules' order.

    ``points``: the movement (or the die) before carried cards are subtracted; ``drops``: list
    the moves that put a card down too (else only those with ``drop=-1``)."""
    on_card = i >= 0
    if back_now or not on_card:
        backs: tuple[bool, ...] = (False,)
    else:
        backs = (True,) if not ahead else (False, True)
    out: list[Segment] = []
    for back in backs:
        avail = behind if (back or back_now) else ahead
        for drop in range(-1, held if drops else 0):
            kept = held if drop < 0 else held - 1
            for capture in (False, True):
                if capture and (not on_card or kept + 1 > max_carry):
                    continue
                pts = points - kept - capture
                if dice and pts < 0:
                    pts = 0
                most = pts if pts < avail else avail
                if most < 1:
                    if not capture:
                        out.append((back, drop, False, 0))
                    continue
                out.append((back, drop, capture, most))
    return out


def _pick(segs: list[Segment], back: bool | None, capture: bool | None) -> Segment:
    """:func:`.bots.pick` with ``drop=-1``: the fastest move of the first wish the rules allow."""
    for wb, wc in ((back, capture), (back, None), (None, None)):
        best: Segment | None = None
        for seg in segs:
            if (seg[1] == -1 and (wb is None or seg[0] == wb) and (wc is None or seg[2] == wc)
                    and (best is None or seg[3] > best[3])):
                best = seg
        if best is not None:
            return best
    raise AssertionError("dragon_cave fast playout: no move keeps every card")  # the rules always list one


Where = tuple[bool, bool, int, int, int, "int | None"]
"""What the legal moves depend on besides the config: (on a card, heading home, cards carried,
free cards ahead, free cards behind and the entrance, the movement die or ``None``)."""


def _listed(where: Where, movement: int, dice: bool, max_carry: int) -> tuple[list[Segment], int]:
    """Every legal move (:func:`_segments`) and how many there are (``len(legal)``)."""
    on_card, back_now, held, ahead, behind, roll = where
    segs = _segments(0 if on_card else -1, back_now, held, ahead, behind, (roll or 0) if dice else movement, dice,
                     max_carry, True)
    return segs, sum(s[3] or 1 for s in segs)


def _picked(wish: tuple[Any, ...], movement: int, dice: bool, max_carry: int) -> Segment:
    """:meth:`.bots.TurnBackBot.act` or :meth:`.bots.GreedyDepthBot.act`: ``wish`` is (kind, whether the
    turnback bot holds its ``n`` cards or the greedy bot is deep enough) and the :data:`Where` of the move."""
    kind, enough, on_card, back_now, held, ahead, behind, roll = wish
    segs = _segments(0 if on_card else -1, back_now, held, ahead, behind, (roll or 0) if dice else movement, dice,
                     max_carry, False)  # they always ask for drop=-1: the other runs do not matter
    if back_now:
        return _pick(segs, None, False)
    if kind == TURNBACK:
        return _pick(segs, True, False) if enough else _pick(segs, False, True)
    if enough or not any(not s[0] for s in segs):  # deep enough, or no way forward
        return _pick(segs, True, True)
    return _pick(segs, False, False)


def _dragon_moves(dragon: int, k: int, status: list[str], pos: Sequence[int]) -> tuple[int, list[str]]:
    """``DragonCaveState._dragon_moves``: the dragon moves ``k`` cards and eats whom it reaches."""
    d = dragon - k if dragon > k else 0
    return d, [EATEN if s is IN and (d == 0 or q >= d) else s for s, q in zip(status, pos)]


Moved = tuple[list[Card], list[int], list[str], bool, list[Card], int, int, bool]


def _move(
    path: list[Card], pos: list[int], status: list[str], returning: bool, carried: list[Card], dragon: int,
    p: int, occ: set[int], drop: int, back: bool, steps: int, capture: bool, blind: bool, dice_dragon: bool,
) -> Moved:
    """``DragonCaveState._apply`` for ``p``'s move (``returning``, ``carried``: theirs; ``occ``:
    ``Position.occupied`` before the move), the arguments left as they are (a list the move changes is a new one):
    ``(path, pos, status, returning, carried, dragon, reveal, dragon_die)`` after the move, ``p``'s
    own for ``returning`` and ``carried``. The events left pending, in their order: ``("reveal", p,
    reveal)`` when ``reveal >= 0``, then ``("dragon", p)`` when ``dragon_die``."""
    r = returning or back
    i = pos[p]
    dest = _stop(occ, i, r, dragon, steps) if steps else i
    pos = pos[:]
    cards = carried[:]
    dropped = cards.pop(drop) if drop >= 0 else None
    reveal = -1
    if capture:
        path = path[:]
        cards.append(path[i])
        if dropped is not None:
            path[i] = dropped  # D10: the dropped card takes the captured one's place
        else:
            del path[i]  # D10: the path closes up
            for q, x in enumerate(pos):
                if x > i and q != p and status[q] is IN:
                    pos[q] = x - 1
            if dest > i:
                dest -= 1
            dragon -= 1
        if not blind and cards[-1][1] is None:
            reveal = len(cards) - 1
    elif dropped is not None:
        path = path[:]
        k = max(i + 1 if r else i, 0)  # D10: behind you, as you face
        path.insert(k, dropped)
        for q, x in enumerate(pos):
            if x >= k and q != p and status[q] is IN:
                pos[q] = x + 1
        if dest >= k:
            dest += 1
        if k <= dragon:
            dragon += 1
    if r and dest == ENTRANCE:
        status = status[:]
        status[p] = OUT
    pos[p] = dest
    dragon_die = False
    if r and IN in status:  # D11: the dragon moves after a returning miner's move
        if dice_dragon:
            dragon_die = True
        else:
            dragon, status = _dragon_moves(dragon, len(cards), status, pos)
    return path, pos, status, r, cards, dragon, reveal, dragon_die


# --- the odds bot -------------------------------------------------------------------------


def _treasure(cards: Sequence[Card], expect: Sequence[Ratio]) -> Ratio:
    """:func:`.odds.expected_treasure`: known values plus each face-down card's family expectation."""
    num, den = 0, 1
    for f, v in cards:
        if v is not None:
            num += v * den
        else:
            en, ed = expect[f]
            num, den = num * ed + en * den, den * ed
    return num, den


def _odds_move(
    segs: list[Segment], p_min: float, memo: _Memo, expect: Sequence[Ratio],
    path: list[Card], pos: list[int], status: list[str], returning: list[bool], carried: list[list[Card]],
    dragon: int, p: int, occ: set[int], blind: bool, dice_dragon: bool, max_carry: int, last_turn: bool,
) -> Segment:
    """:meth:`.bots.OddsBot.act`: of the fastest move of each (drop, turn back, capture), the one
    with the highest (P(escape) >= p_min, expected treasure, steps, P(escape)), the last if tied;
    each weighed as :meth:`.bots.OddsBot.value` weighs the view after it.

    ``expect``: each family's card expectation now; ``last_turn``: this turn reaches
    ``max_turns``, so a move that leaves nothing pending ends the turn with the dragon's
    charge (``_end_turn``) in the view the bot weighs."""
    best: tuple[bool, int, int, int, int, int] | None = None
    choice = segs[0]
    escapes = memo.escapes
    for seg in segs:
        back, drop, capture, top = seg
        path2, pos2, status2, r, cards, d, reveal, first = _move(
            path, pos, status, returning[p], carried[p], dragon, p, occ, drop, back, top, capture, blind, dice_dragon)
        if last_turn and reveal < 0 and not first and IN in status2:  # the view after the move is past _end_turn
            d, status2 = _dragon_moves(d, d, status2, pos2)  # the safety limit: the dragon charges
        mine = status2[p]
        if mine is EATEN:
            key: tuple[Any, ...] = (p_min, EATEN)
            ok, pn, pd = escapes.get(key) or memo.fixed(key, Fraction(0))
            en, ed = 0, 1
        elif mine is OUT:
            key = (p_min, OUT)
            ok, pn, pd = escapes.get(key) or memo.fixed(key, Fraction(1))
            en, ed = _treasure(cards, expect)
        else:
            i = pos2[p]
            steps = 1 + i if i >= 0 else 1  # steps_to_entrance: the free cards behind, and the entrance
            loads = []  # everyone else still inside will be coming home too, with at least one card
            for q, s in enumerate(status2):
                if s is IN:
                    x = pos2[q]
                    if 0 <= x < i:
                        steps -= 1
                    if q != p:
                        loads.append(len(carried[q]) or 1)
            others = tuple(loads)
            # first: a ("dragon", p) event pending after the move
            if not r and i >= 0 and len(cards) < max_carry:  # valued as turning back with the card underfoot
                cards = cards + [path2[i]]
                d -= 1
            key = (p_min, steps, len(cards), d, others, first)
            ok, pn, pd = escapes.get(key) or memo.escape(key)
            tn, td = _treasure(cards, expect)
            en, ed = pn * tn, pd * td
        # the engine sorts by (ok, ev, steps, pe) and takes the last: a later move wins ties
        if best is None:
            better = True
        elif ok != best[0]:
            better = ok
        else:
            x, y = en * best[2], best[1] * ed
            if x != y:
                better = x > y
            elif top != best[3]:
                better = top > best[3]
            else:
                better = pn * best[5] >= best[4] * pd
        if better:
            best, choice = (ok, en, ed, top, pn, pd), seg
    return choice


# --- one game -----------------------------------------------------------------------------


def _play(game: DragonCave, seats: Sequence[Seat], rng: np.random.Generator, memo: _Memo) -> DragonCaveState:
    """One whole game from ``game.initial_state()`` (see the module docstring); ``memo``: the
    config's tables and what its games computed already."""
    cfg = game.config
    n = game.num_players
    blind = cfg.blind is not False  # _apply reveals a captured card when blind is False
    dice_move, dice_dragon = cfg.dice_movement, cfg.dice_dragon
    sides, max_turns, max_carry, movement = cfg.die_sides, cfg.max_turns, cfg.max_carry, int(cfg.movement)
    limit = game.max_moves()
    draw = rng.integers
    decisions, lists, picks = memo.decisions, memo.lists, memo.picks
    values, place = memo.values, memo.place

    families = list(memo.start)  # each family's face-down values (Position.unrevealed)
    expect = [fam.expect for fam in families]
    pool = memo.pool

    def reveal(f: int) -> int:
        """A face-down card of family ``f`` turned over: its value (one draw unless one value is left)."""
        nonlocal pool
        fam = families[f]
        which = fam.which
        if len(which) == 1:
            j = which[0]
        else:
            x = int(draw(fam.total))
            weights = fam.weights
            k = 0
            while x >= weights[k]:  # sample_outcome: the outcomes walked in their order
                x -= weights[k]
                k += 1
            j = which[k]
        nxt = fam.after.get(j) or memo.reveal(fam, f, j)
        families[f] = nxt
        expect[f] = nxt.expect
        pool -= place[f][j]
        return values[f][j]

    path = memo.path[:]
    pos = [ENTRANCE] * n
    status = [IN] * n
    returning = [False] * n
    carried: list[list[Card]] = [[] for _ in range(n)]
    dragon = len(path)
    turn, turns, moves = 0, 0, 0
    roll: int | None = None

    while IN in status:
        p = turn
        if dice_move:  # chance_event "roll"
            roll = int(draw(sides)) + 1 if sides > 1 else 1
            moves += 1
        i = pos[p]
        back_now = returning[p]
        held = len(carried[p])
        occ = {x for x, s in zip(pos, status) if s is IN and x >= 0}  # Position.occupied
        ahead, behind = _free(occ, i, dragon)
        kind, arg = seats[p]
        # the legal moves depend on no more than this (and the config): runs and choices are remembered
        where = (i >= 0, back_now, held, ahead, behind, roll)
        if kind == RANDOM:
            runs = lists.get(where) or remember(lists, where, _listed(where, movement, dice_move, max_carry), MEMO_SIZE)
            x = int(draw(runs[1]))  # RandomBot: legal[rng.integers(len(legal))]
            for seg in runs[0]:
                k = seg[3] or 1
                if x < k:
                    break
                x -= k
            back, drop, capture, steps = seg[0], seg[1], seg[2], (x + 1 if seg[3] else 0)
        elif kind == ODDS:
            # all the choice reads: the mover's card, load, direction and die, the cards from theirs to
            # the dragon, the others inside (where, how loaded: each counts alike), the face-down counts
            last = turns + 1 >= max_turns
            others = sorted([(pos[q], len(carried[q])) for q in range(n) if q != p and status[q] is IN])
            key = (arg, last, roll, i, back_now, tuple(carried[p]), dragon, tuple(others),
                   tuple(path[i if i > 0 else 0:dragon]), pool)
            chosen = decisions.get(key)
            if chosen is None:
                runs = lists.get(where) or remember(lists, where, _listed(where, movement, dice_move, max_carry), MEMO_SIZE)
                chosen = remember(decisions, key, _odds_move(
                    runs[0], arg, memo, expect, path, pos, status, returning, carried, dragon, p, occ,
                    blind, dice_dragon, max_carry, last), MEMO_SIZE)
            back, drop, capture, steps = chosen
        else:
            # turnback: holds its n cards; greedy: deep enough
            wish = (kind, held >= arg if kind == TURNBACK else (arg is not None and i >= arg)) + where
            chosen = picks.get(wish)
            if chosen is None:
                chosen = remember(picks, wish, _picked(wish, movement, dice_move, max_carry), MEMO_SIZE)
            back, drop, capture, steps = chosen
        path, pos, status, r, cards, dragon, shown, dragon_die = _move(
            path, pos, status, back_now, carried[p], dragon, p, occ, drop, back, steps, capture, blind, dice_dragon)
        moves += 1
        returning[p] = r
        carried[p] = cards
        if shown >= 0:  # _resolve the pending events in their order: the captured card's value
            f = cards[shown][0]
            cards[shown] = (f, reveal(f))
            moves += 1
        if dragon_die:  # then the dragon's die (D12)
            dragon, status = _dragon_moves(dragon, int(draw(sides)) + 1 if sides > 1 else 1, status, pos)
            moves += 1
        # _end_turn
        turns += 1
        roll = None
        if turns >= max_turns and IN in status:
            dragon, status = _dragon_moves(dragon, dragon, status, pos)  # the safety limit: the dragon charges
        for k in range(1, n + 1):
            q = (turn + k) % n
            if status[q] is IN:
                turn = q
                break
        if moves > limit:
            raise RuntimeError(f"{game.name}: no end after {limit} moves")

    for q in range(n):  # chance_event: the blind variant's reveals once nobody is inside (D12)
        if status[q] is OUT:
            cards = carried[q]
            for k, (f, v) in enumerate(cards):
                if v is None:
                    cards[k] = (f, reveal(f))
                    moves += 1
    if moves > limit:
        raise RuntimeError(f"{game.name}: no end after {limit} moves")

    return build(
        DragonCaveState, game=game, path=tuple(path), pos=tuple(pos), status=tuple(status),
        returning=tuple(returning), carried=tuple(tuple(c) for c in carried), dragon=dragon, turn=turn,
        roll=roll, pending=(), turns=turns,
    )
