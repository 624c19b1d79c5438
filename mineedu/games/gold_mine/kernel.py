"""My Gold Mine's kernel: the one code that applies a rule (D1-D7, E1-E4), on a mutable, integer-coded position.

:class:`GoldMineState` (``rules.py``) copies its position into a :class:`Kernel`,
applies one move and freezes the result; tournaments (:func:`mineedu.core.kernel.playout_hook`)
play whole games on one kernel with the bots' own ``decide``, which read it as a
:class:`View` and find their move with :func:`legal`'s parts. Codes: phases
:data:`SETUP`..:data:`OVER`; cards 0..3 the exploration kinds, ``4 + i`` the
exit card ``i`` of the config (a kept card); a turn's actions :data:`EXPLORE_A`
and :data:`EXIT_A`; an exit card's resolution ``option * 8 + target + 1``
(:func:`resolution`, ``target`` -1 when it names none); a chance outcome's
code is the card's (exploration kind, or exit card index).
"""

from __future__ import annotations

from collections.abc import Callable
from math import perm
from typing import Final, NamedTuple

SETUP: Final = 0
TURN: Final = 1
EXPLORE: Final = 2
EXIT: Final = 3
OPTION: Final = 4
REVEAL: Final = 5
OVER: Final = 6
PHASES: Final = ("setup", "turn", "explore", "exit", "option", "reveal", "over")

NUGGET: Final = 0
LANTERN: Final = 1
EYES: Final = 2
DRAGON: Final = 3
L1: Final = 0
L2: Final = 1
ALL1: Final = 2
SWAP: Final = 3
GOLD3: Final = 4
EXPLORE_A: Final = 0
EXIT_A: Final = 1
NONE: Final = -1
"""No card (``top``, ``card``), no target."""
BURNED: Final = -1

CHANCE: Final = -1
TERMINAL: Final = -3


def has_any(counts: list[int]) -> bool:
    """Whether one of ``counts`` (counts, or positions: the ladder 0, burned -1) is above 0."""
    return any(c > 0 for c in counts)


def resolution(option: int, target: int) -> int:
    """The code of an exit card's resolution (``target`` -1: none)."""
    return option * 8 + target + 1


def mover(phase: int, turn: int) -> int:
    """Who decides in ``phase``: the player on ``turn``, chance, or nobody (the game is over)."""
    if phase in (TURN, OPTION):
        return turn
    if phase == OVER:
        return TERMINAL
    return CHANCE


class RoundResult(NamedTuple):
    """The scoring of one finished round (D6)."""

    round: int
    gold: tuple[int, ...]
    """Gold banked per player (0 for a burned miner)."""
    rungs: tuple[int, ...]
    """Ladder rung per player (0: burned)."""
    awarded: tuple[int, ...]
    """Nugget tokens awarded this round (all 0 in the last round)."""
    winner: int | None
    """The round's winner (most gold on the ladder, ties: higher rung), or None."""


class Table:
    """The numbers of one game (its config and player count), shared by its kernels."""

    def __init__(self, players: int, cart: int, track: int, limit: int, rounds: int, awards: tuple[int, ...],
                 face_up: bool, explore0: tuple[int, ...], options: list[list[int]], exit0: tuple[int, ...],
                 gold: list[int]) -> None:
        self.n = players
        self.cart = cart
        self.track = track
        self.limit = limit
        self.rounds = rounds
        self.awards = awards
        self.face_up = face_up
        self.explore0 = explore0
        self.options = options
        """Each exit card's options, in the order of its name."""
        self.exit0 = exit0
        self.gold = gold
        """Gold of each kept card's code (a kept exit card is a GOLD3 one)."""


class View:
    """What a bot reads of a kernel: all of it (every card's effect shows its type, see ``GoldMineView``;
    chance draws by the counts left, so no order of a deck is held). The kernel's part a bot is handed
    (:class:`Kernel` is one), to read, not to change."""

    __slots__ = ("card", "discard", "dragon", "exits", "explore", "kept", "phase", "pool", "pos", "results",
                 "round", "rungs", "shown", "start", "t", "tokens", "top", "turn", "turns")

    t: Table
    round: int
    start: int
    turn: int
    phase: int
    pos: list[int]
    rungs: list[int]
    dragon: int
    kept: list[list[int]]
    tokens: list[int]
    pool: int
    explore: list[int]
    shown: list[int]
    """Exploration cards discarded (``explore_discard``)."""
    top: int
    exits: list[int]
    discard: list[int]
    """Exit cards discarded (``exit_discard``)."""
    card: int
    turns: int
    results: tuple[RoundResult, ...]


def gcd(a: int, b: int) -> int:
    """The greatest common divisor of ``a`` and ``b`` >= 0 (``math.gcd``)."""
    while b:
        a, b = b, a % b
    return a


def can_explore(v: View) -> bool:
    """Whether the player on turn may take an exploration card (face up: a visible one; face down: any left)."""
    if v.t.face_up:
        return v.top != NONE
    e = v.explore
    return e[0] + e[1] + e[2] + e[3] > 0


def can_exit(v: View) -> bool:
    """Whether an exit card is left, in the deck or its discards (D4: they are reshuffled)."""
    return has_any(v.exits) or has_any(v.discard)


def resolutions(v: View, card: int) -> list[int]:
    """An exit card's resolutions: one per option; SWAP one per other miner inside, or none if nobody is (D4)."""
    out: list[int] = []
    p = v.turn
    for opt in v.t.options[card]:
        if opt == SWAP:
            k = len(out)
            pos = v.pos
            for i in range(len(pos)):
                if pos[i] > 0 and i != p:
                    out.append(resolution(SWAP, i))
            if len(out) == k:
                out.append(resolution(SWAP, NONE))
        else:
            out.append(resolution(opt, NONE))
    return out


def legal(v: View) -> list[int]:
    """The legal codes of the player to move, in ``legal_actions``'s order."""
    ph = v.phase
    if ph == TURN:
        out = [EXPLORE_A] if can_explore(v) else []
        if can_exit(v):
            out.append(EXIT_A)
        return out
    if ph == OPTION:
        return resolutions(v, v.card)
    return []


def burn_counts(view: View, seat: int) -> tuple[int, int]:
    """P(``seat``'s miner, inside the mine, is burned if they explore now) as ``(numerator, denominator)``,
    not reduced (:func:`.odds.burn_risk` reduces it; ``tests/gold_mine/test_kernel.py`` holds it to the
    rules' own outcomes).

    Face down, one card is drawn: next to Dragobert a dragon (he moves onto the miner's card) and an
    eyes card (it walks the miner onto his) burn, nothing else does. Face up, the visible card is
    taken (eyes next to him burn, a lantern from card 1 reaches the ladder), then cards are revealed
    until one is not a dragon: the miner burns if the first ``dragon - position`` revealed are all
    dragons, ``perm(dragons, m) / perm(cards, m)``. On the turn that reaches ``turn_limit`` (E3)
    whoever is still inside afterwards burns, so only a step onto the ladder escapes.
    """
    deck = view.explore
    position, dragon = view.pos[seat], view.dragon
    last_turn = view.turns + 1 >= view.t.limit
    cards = deck[NUGGET] + deck[LANTERN] + deck[EYES] + deck[DRAGON]
    if not view.t.face_up:
        if last_turn:
            return cards - (deck[LANTERN] if position == 1 else 0), cards
        return (deck[EYES] + deck[DRAGON] if position == dragon - 1 else 0), cards
    top = view.top
    if top == EYES:
        position += 1
        if position >= dragon:
            return 1, 1
    elif top == LANTERN:
        position -= 1
        if position <= 0:
            return 0, 1
    if last_turn:
        return 1, 1
    m = dragon - position
    if deck[DRAGON] < m:
        return 0, 1
    return perm(deck[DRAGON], m), perm(cards, m)


class Kernel(View):
    """One position, mutable (fields as :class:`~.rules.GoldMineState`'s, in codes: :class:`View`)."""

    __slots__ = ()

    def __init__(self, t: Table, round: int, start: int, turn: int, phase: int, pos: list[int], rungs: list[int],
                 dragon: int, kept: list[list[int]], tokens: list[int], pool: int, explore: list[int],
                 shown: list[int], top: int, exits: list[int], discard: list[int], card: int, turns: int,
                 results: tuple[RoundResult, ...]) -> None:
        self.t = t
        self.round = round
        self.start = start
        self.turn = turn
        self.phase = phase
        self.pos = pos
        self.rungs = rungs
        self.dragon = dragon
        self.kept = kept
        self.tokens = tokens
        self.pool = pool
        self.explore = explore
        self.shown = shown
        self.top = top
        self.exits = exits
        self.discard = discard
        self.card = card
        self.turns = turns
        self.results = results

    @staticmethod
    def first(t: Table) -> Kernel:
        """The kernel of a new game."""
        k = Kernel(t, 0, 0, 0, TURN, [], [], 0, [], [0] * t.n, sum(t.awards) * (t.rounds - 1), [], [], NONE, [], [],
                   NONE, 0, ())
        k.new_round(1, 0)
        return k

    def new_round(self, round: int, start: int) -> None:
        """Every card back, decks reshuffled (``GoldMine.round_start``)."""
        t = self.t
        self.round = round
        self.start = start
        self.turn = start
        self.phase = SETUP if t.face_up else TURN
        self.pos = [t.cart] * t.n
        self.rungs = [0] * t.n
        self.dragon = t.track
        self.kept = [[] for _ in range(t.n)]
        self.explore = list(t.explore0)
        self.shown = [0, 0, 0, 0]
        self.top = NONE
        self.exits = list(t.exit0)
        self.discard = [0] * len(t.exit0)
        self.card = NONE
        self.turns = 0

    def copy(self) -> Kernel:
        return Kernel(self.t, self.round, self.start, self.turn, self.phase, list(self.pos), list(self.rungs),
                      self.dragon, [list(c) for c in self.kept], list(self.tokens), self.pool, list(self.explore),
                      list(self.shown), self.top, list(self.exits), list(self.discard), self.card, self.turns,
                      self.results)

    # --- who acts, what is legal ----------------------------------------------
    def mover(self) -> int:
        return mover(self.phase, self.turn)

    def legal(self) -> list[int]:
        return legal(self)

    def deck(self) -> tuple[list[int], int]:
        """The counts chance draws from in this phase, and how many of their kinds are drawn (setup: no dragon, D7)."""
        ph = self.phase
        if ph == EXIT:
            return (self.exits if has_any(self.exits) else self.discard), len(self.exits)  # D4: the discards reshuffled
        return self.explore, (3 if ph == SETUP else 4)

    def chance(self, draw: Callable[[int], int]) -> None:
        """Draw as ``sample_outcome`` draws over the rules' outcomes (count / cards left, reduced), and apply it."""
        counts, m = self.deck()
        g = 0
        total = 0
        for i in range(m):
            g = gcd(g, counts[i])
            total += counts[i]
        i = 0
        if total != g:  # more than one kind left: one number in [0, total / g)
            r = draw(total // g) * g
            while r >= counts[i]:
                r -= counts[i]
                i += 1
        else:
            while not counts[i]:
                i += 1
        self.apply(i)

    # --- applying ---------------------------------------------------------------
    def apply(self, a: int) -> None:
        ph = self.phase
        if ph == TURN:
            self.turns += 1
            if a == EXPLORE_A:
                if self.t.face_up:  # D7: take the visible card, then reveal the next one
                    card = self.top
                    self.top = NONE
                    self.take(self.turn, card)
                    self.after_take()
                else:
                    self.phase = EXPLORE
            else:
                self.phase = EXIT
        elif ph == EXPLORE:
            self.explore[a] -= 1
            self.take(self.turn, a)
            self.end_turn()
        elif ph == EXIT:
            if not has_any(self.exits):  # D4: the discards reshuffled into the deck
                self.exits, self.discard = self.discard, [0] * len(self.discard)
            self.exits[a] -= 1
            self.card = a
            self.phase = OPTION
            res = resolutions(self, a)
            if len(res) == 1:  # E1: a single possible resolution needs no decision
                self.apply(res[0])
        elif ph == OPTION:
            self.resolve_exit(self.turn, self.card, a)
            self.card = NONE
            self.end_turn()
        elif ph == SETUP:
            self.explore[a] -= 1
            self.top = a
            self.phase = TURN
        elif ph == REVEAL:
            self.explore[a] -= 1
            if a == DRAGON:  # D7: a revealed dragon resolves at once
                self.take(self.turn, a)
                self.after_take()
            else:
                self.top = a
                self.end_turn()
        else:
            raise AssertionError(f"no move in phase {PHASES[ph]}")

    def take(self, p: int, kind: int) -> None:
        """Player ``p`` resolves an exploration card (D2, D3)."""
        if kind == DRAGON:  # D3: Dragobert swaps with the card on his left, flipped to fire; miners on it burn
            self.shown[DRAGON] += 1
            self.dragon -= 1
            for i, q in enumerate(self.pos):
                if q >= self.dragon:
                    self.burn(i)
            return
        self.kept[p].append(kind)
        if kind == LANTERN:
            self.to_exit(p, 1)
        elif kind == EYES:
            self.pos[p] += 1
            if self.pos[p] >= self.dragon:  # D3: a miner moving onto the dragon's card is burned
                self.burn(p)

    def burn(self, p: int) -> None:
        """D3: out of the round, every card kept this round is lost (back to the discards)."""
        self.pos[p] = BURNED
        for c in self.kept[p]:
            if c < 4:
                self.shown[c] += 1
            else:
                self.discard[c - 4] += 1
        self.kept[p] = []

    def to_exit(self, p: int, steps: int) -> None:
        q = self.pos[p] - steps
        if q <= 0:  # D5: the highest free rung
            self.pos[p] = 0
            rung = 1
            for r in self.rungs:
                if r:
                    rung += 1
            self.rungs[p] = rung
        else:
            self.pos[p] = q

    def resolve_exit(self, p: int, card: int, a: int) -> None:
        opt = a // 8
        if opt == GOLD3:  # stay, keep the card: 3 gold (lost if burned)
            self.kept[p].append(4 + card)
            return
        self.discard[card] += 1
        if opt == L1:
            self.to_exit(p, 1)
        elif opt == L2:
            self.to_exit(p, 2)
        elif opt == ALL1:  # D4: from the active player clockwise (fixes the ladder order)
            n = len(self.pos)
            for k in range(n):
                q = (p + k) % n
                if self.pos[q] > 0:
                    self.to_exit(q, 1)
        else:  # SWAP
            target = a % 8 - 1
            if target != NONE:
                self.pos[p], self.pos[target] = self.pos[target], self.pos[p]

    # --- turn flow --------------------------------------------------------------
    def after_take(self) -> None:
        """face_up (D7): reveal the next card if the round goes on and cards are left."""
        if has_any(self.pos) and has_any(self.explore):
            self.phase = REVEAL
        else:
            self.end_turn()

    def end_turn(self) -> None:
        if not has_any(self.pos):
            self.close_round()
            return
        if self.turns >= self.t.limit:  # E3: the mine collapses
            for i, q in enumerate(self.pos):
                if q > 0:
                    self.burn(i)
            self.close_round()
            return
        n = len(self.pos)
        t = self.turn
        for k in range(1, n + 1):
            nxt = (t + k) % n
            if self.pos[nxt] > 0:  # D5: miners on the ladder (and burned ones) skip their turns
                self.phase = TURN
                self.turn = nxt
                return
        raise AssertionError("somebody is inside")  # pragma: no cover

    def gold(self, p: int) -> int:
        """Gold on the cards ``p`` holds this round."""
        g = self.t.gold
        return sum([g[c] for c in self.kept[p]])

    def close_round(self) -> None:
        """D6: score the round, then set up the next one (or end the game)."""
        t = self.t
        n = t.n
        rungs = self.rungs
        gold = tuple([self.gold(i) if rungs[i] else 0 for i in range(n)])
        ranked = sorted([i for i in range(n) if rungs[i]], key=lambda i: (-gold[i], rungs[i]))
        last = self.round >= t.rounds
        awarded = [0] * n
        if not last:
            for i, award in zip(ranked, t.awards):
                awarded[i] = min(award, self.pool)
                self.pool -= awarded[i]
        winner = ranked[0] if ranked else None
        self.results = self.results + (RoundResult(self.round, gold, tuple(rungs), tuple(awarded), winner),)
        self.tokens = [a + b for a, b in zip(self.tokens, awarded)]
        if last:
            self.phase = OVER
        else:
            self.new_round(self.round + 1, winner if winner is not None else (self.start + 1) % n)  # D6, E2
