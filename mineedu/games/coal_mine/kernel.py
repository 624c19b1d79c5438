"""Mine (coal)'s kernel: the one code that applies a rule (D20, D21, the dummy player), on a mutable, integer-coded position.

:class:`~.rules.CoalMineState` copies its position into a :class:`Kernel`, applies one
move and freezes the result; tournaments (:func:`playout_hook`) play whole games on
one kernel with the bots' own ``choose``, each bot reading it as a :class:`View`:
what its seat may see. Codes: phases :data:`DIE_CARD`..:data:`OVER`;
card kinds by their place in ``game.kinds``; a placement ``kind * width + slot``
(:meth:`Table.code`: slot 0 Events, 1 Watchtower, 2 Mine, 3 Recruitment, ``4 + t`` a
raid on seat ``t``), :attr:`Table.PASS` the pass; a discard, a card drawn, the dummy's
card: the kind; the dummy's target and the tie-break: the seat; a die card: its place
among the die cards left, sorted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

Draw = Callable[[int], int]
"""``int(rng.integers(n))`` (``mineedu.core.draws.Draw``)."""
Uniform = Callable[[], float]
"""``float(rng.random())`` (``mineedu.core.draws.Uniform``)."""

DIE_CARD: Final = 0
DUMMY: Final = 1
DUMMY_TARGET: Final = 2
PLACE: Final = 3
DRAW: Final = 4
DISCARD: Final = 5
TIEBREAK: Final = 6
OVER: Final = 7
PHASES: Final = ("die_card", "dummy", "dummy_target", "place", "draw", "discard", "tiebreak", "over")
CHANCE: Final = -1
TERMINAL: Final = -3

SPACES: Final = ("event", "raid", "tower", "mine", "recruit")
EVENT_EFFECTS: Final = ("grisou", "strike", "wagon", "reinforcement")
PIPE: Final = "pipe"
EV: Final = 0
RAID: Final = 1
TOWER: Final = 2
MINE: Final = 3
RECRUIT: Final = 4
"""Space codes: their places in :data:`SPACES`."""
SLOT_SPACE: Final = (EV, TOWER, MINE, RECRUIT)
"""The space of a placement's slot 0..3 (slot ``4 + t``: a raid)."""

H_TOWER: Final = 5
H_MINE: Final = 6
H_RECRUIT: Final = 7
PIPES: Final = 8
GRISOU: Final = 9
STRIKE: Final = 10
WAGON: Final = 11
REINFORCEMENT: Final = 12
RAID_AT: Final = 13
"""One seat's counters for a round (:attr:`Kernel.counts`), ``RAID_AT + players`` of them: cards on each
space (in SPACES order), helmets on the Watchtower, Mine and Recruitment, pipe-miners on the Mine, event
cards of each effect (EVENT_EFFECTS order), then helmets raiding each seat."""
_H_SLOT: Final = {TOWER: H_TOWER, MINE: H_MINE, RECRUIT: H_RECRUIT}


class Lay:
    """A card laid: its kind, the space, the counter it adds to (:data:`RAID_AT`) and what it adds,
    1 for a pipe-miner on the Mine, and the rules' board entry ``(space, kind, target)``."""

    def __init__(self, kind: int, space: int, counter: int, add: int, pipes: int, entry: tuple[str, str, int]) -> None:
        self.kind = kind
        self.space = space
        self.counter = counter
        self.add = add
        self.pipes = pipes
        self.entry = entry


def total(xs: list[int]) -> int:
    """``sum(xs)``, as a loop mypyc compiles (it calls the builtin as any Python function)."""
    s = 0
    for x in xs:
        s += x
    return s


def mask_of(hand: list[int]) -> int:
    """The mask of the kinds a hand holds (bit ``k``: a kind-``k`` card)."""
    m = 0
    for k in range(len(hand)):
        if hand[k]:
            m |= 1 << k
    return m


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


class Table:
    """The numbers of one game (its config and player count), shared by its kernels."""

    def __init__(self, game: Any) -> None:
        cfg = game.config
        n: int = game.num_players
        self.n = n
        self.kinds: tuple[str, ...] = game.kinds
        K = len(self.kinds)
        self.K = K
        self.helm: list[int] = list(game.helmet_list)
        self.is_event = [k in game.event_kinds for k in self.kinds]
        self.job_kinds = [k for k in range(K) if not self.is_event[k]]
        self.bit = [1 << k for k in range(K)]
        self.index: dict[str, int] = dict(game.index)
        self.card_counts: tuple[int, ...] = game.card_counts
        self.start_counts: tuple[int, ...] = game.start_counts
        self.start_size: int = sum(game.start_counts)
        self.cpr: int = cfg.cards_per_round
        self.rounds: int = cfg.rounds
        self.target: int = cfg.target_points
        self.limit: int = cfg.hand_limit
        self.variant: bool = cfg.variant
        self.start_coal: int = cfg.variant_start_coal if cfg.variant else cfg.start_coal
        self.coal_total: int = cfg.coal_total
        self.die_cards: list[tuple[int, int]] = list(cfg.die_cards)
        self.recruit_base: int = cfg.recruit_base
        self.recruit_needs_card: bool = cfg.recruit_needs_card
        self.strike_penalty: int = cfg.strike_penalty
        self.wagon_bonus: int = cfg.wagon_bonus
        self.reinforcement_bonus: int = cfg.reinforcement_bonus
        self.sold_coal_returns: bool = cfg.sold_coal_returns
        self.dummy = n - 1 if cfg.dummy else -1
        self.bold: bool = cfg.dummy_plan == "bold"
        self.width = 4 + n
        self.PASS = K * self.width
        self.lays: list[Lay | None] = [self._lay(c) for c in range(self.PASS)]
        self.order = [[(s + i) % n for i in range(n)] for s in range(n)]
        self.held_kinds = [[k for k in range(K) if m >> k & 1] for m in range(1 << K)]
        self.legal_of: list[list[list[int] | None]] = [[None] * (1 << K) for _ in range(n)]
        """:meth:`legal_place` by seat and mask, as worked out."""
        self.loot: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]] = {}
        """:func:`split_loot` by its arguments (bounded)."""
        self.bots: object = None
        """What the bots work out once per game (:func:`.bots.hand_tables`), kept here by them."""

    def code(self, k: int, sp: int, t: int = -1) -> int:
        """The code of laying a kind-``k`` card on space ``sp`` (a raid: on seat ``t``)."""
        return k * self.width + (4 + t if sp == RAID else SLOT_SPACE.index(sp))

    def _lay(self, c: int) -> Lay | None:
        k, slot = divmod(c, self.width)
        sp = RAID if slot >= 4 else SLOT_SPACE[slot]
        t = slot - 4 if slot >= 4 else -1
        if (sp == EV) != self.is_event[k]:
            return None
        entry = (SPACES[sp], self.kinds[k], t)
        if sp == EV:
            return Lay(k, sp, GRISOU + EVENT_EFFECTS.index(self.kinds[k]), 1, 0, entry)
        counter = RAID_AT + t if sp == RAID else _H_SLOT[sp]
        return Lay(k, sp, counter, self.helm[k], int(sp == MINE and self.kinds[k] == PIPE), entry)

    def legal_place(self, p: int, mask: int) -> list[int]:
        """The placement's legal codes of seat ``p`` holding the kinds of ``mask``, in ``legal_actions``'s order."""
        out = []
        for k in self.held_kinds[mask]:
            if self.is_event[k]:
                out.append(self.code(k, EV))
            else:
                out += [self.code(k, TOWER), self.code(k, MINE), self.code(k, RECRUIT)]
                out += [self.code(k, RAID, t) for t in range(self.n) if t != p]
        out.append(self.PASS)
        self.legal_of[p][mask] = out
        return out


def split_loot(stock: int, defence: int, attacks: Sequence[int]) -> tuple[int, ...]:
    """Coal each raider takes from one target's stock (D21).

    A raider whose attack is above the defence wants ``attack - defence``; the
    strongest raider is served first, then the next; raiders with equal attack
    share what is left evenly and the remainder stays with the target: a
    weaker raider gets nothing once a stronger one could not be fully served.

    >>> split_loot(5, 1, [4, 2])   # 4 takes 3, then 2 takes 1
    (3, 1)
    >>> split_loot(3, 0, [2, 2])   # tie, 3 coal for 2 raiders: 1 each, 1 stays
    (1, 1)
    >>> split_loot(1, 0, [2, 2, 1])  # 1 coal cannot be split by two: it stays
    (0, 0, 0)
    >>> split_loot(4, 2, [2, 1])   # defence >= attack: nothing
    (0, 0)
    """
    loot = [0] * len(attacks)
    left = stock
    for a in sorted({a for a in attacks if a > defence}, reverse=True):
        group = [i for i, x in enumerate(attacks) if x == a]
        each = min(a - defence, left // len(group))
        for i in group:
            loot[i] = each
        left -= each * len(group)
        if each < a - defence:  # an uneven remainder stays with the target (D21)
            break
    return tuple(loot)


def pick(pile: list[int], total: int, draw: Draw) -> int:
    """A kind drawn from ``pile`` (``total`` cards) as ``sample_outcome`` draws its outcomes
    (each kind held, ``count / total`` reduced: one draw over ``total / g``, none for one kind)."""
    g = total
    for c in pile:
        if c:
            g = _gcd(c, g)
            if g == 1:
                break
    if g == total:
        for k in range(len(pile)):
            if pile[k]:
                return k
        raise AssertionError("a draw from an empty pile")
    r = draw(total // g) * g
    for k in range(len(pile)):
        c = pile[k]
        if r < c:
            return k
        r -= c
    raise AssertionError("the pile's counts do not sum to its total")


def _no_uniform() -> float:
    raise AssertionError("no uniform draws here")  # pragma: no cover


class View:
    """What a bot of one seat reads of a kernel: the public position (the phase, the round, the die holder
    and the seat to move, the round's caps, the die cards still to come, everyone's coal and points, the
    central stock, the discard pile by kind (discards are face up), who passed, what each seat still draws,
    the winners) and three fields per seat, of which a bot reads only its own seat's entry: its hand as a
    mask of the kinds held (``held``), its round's counters (``counts``, :data:`RAID_AT`: another seat's
    are face down) and its job cards laid (``laid``). ``uniform`` is the bot's own draws. Never the draw
    pile, the hands' counts, the cards on the boards, the dummy's card waiting for its target, nor the
    record of the game: :class:`Kernel` adds those. The kernel's part a bot is handed, to read, not to
    change."""

    __slots__ = ("caps", "central", "coal", "counts", "die", "discard", "held", "laid", "passed", "phase", "points",
                 "round", "start", "t", "to_draw", "turn", "uniform", "winner")

    t: Table
    phase: int
    round: int
    start: int
    turn: int
    caps: tuple[int | None, int]
    die: list[tuple[int, int]]
    coal: list[int]
    points: list[int]
    central: int | None
    discard: list[int]
    passed: list[bool]
    to_draw: list[int]
    winner: tuple[int, ...]
    held: list[int]
    counts: list[list[int]]
    laid: list[int]
    uniform: Uniform
    """``float(rng.random())`` for a bot that draws one (the mix bot), set by whoever plays the kernel."""


class Kernel(View):
    """One position, mutable (fields as :class:`~.rules.CoalMineState`'s, in codes): :class:`View`'s fields and
    what no bot reads, the draw pile (``deck``), every hand by kind (``hands``), the cards laid (``boards``), the
    dummy's job card waiting for its target (``pending``) and the record of the game (``resolutions``, ``tally``,
    ``mined``, ``sold``, the cards each seat turned up, ``shown``, and ``past``, ``past_counting``)."""

    __slots__ = ("boards", "deck", "hands", "mined", "past", "pending", "resolutions", "shown", "sold", "tally")

    def __init__(self, t: Table, phase: int, round: int, start: int, turn: int, coal: list[int], points: list[int],
                 central: int | None, deck: list[int], discard: list[int], hands: list[list[int]],
                 boards: list[list[tuple[str, str, int]]], passed: list[bool], caps: tuple[int | None, int],
                 die: list[tuple[int, int]], to_draw: list[int], pending: int,
                 resolutions: tuple[tuple[int, tuple[tuple[Any, ...], ...]], ...], tally: list[list[int]],
                 winner: tuple[int, ...], mined: int, sold: int, shown: list[list[int]], past: int) -> None:
        self.t = t
        self.phase = phase
        self.round = round
        self.start = start
        self.turn = turn
        self.coal = coal
        self.points = points
        self.central = central
        self.deck = deck
        self.discard = discard
        self.hands = hands
        self.boards = boards
        self.passed = passed
        self.caps = caps
        self.die = die
        self.to_draw = to_draw
        self.pending = pending
        """The dummy's job card waiting for its target (-1: none)."""
        self.resolutions = resolutions
        self.tally = tally
        self.winner = winner
        self.mined = mined
        self.sold = sold
        self.shown = shown
        self.past = past
        """``past_counting``."""
        self.uniform = _no_uniform
        self.held = [mask_of(h) for h in hands]
        self.counts = [[0] * (RAID_AT + t.n) for _ in range(t.n)]
        self.laid = [0] * t.n
        for p, board in enumerate(boards):
            for sp, kind, target in board:
                lay = t.lays[t.code(t.index[kind], SPACES.index(sp), target)]
                assert lay is not None
                self._count(p, lay)

    @staticmethod
    def first(t: Table) -> Kernel:
        """The kernel of a new game."""
        n, coal = t.n, t.start_coal
        k = Kernel(t, PLACE, 1, 0, 0, [coal] * n, [0] * n, None if t.variant else t.coal_total - coal * n,
                   [c - n * h for c, h in zip(t.card_counts, t.start_counts)], [0] * t.K,
                   [list(t.start_counts) for _ in range(n)], [[] for _ in range(n)], [False] * n, (None, 1),
                   list(t.die_cards) if t.variant else [], [0] * n, -1, (), [[0, 0, 0, 0] for _ in range(n)], (),
                   0, 0, [[0] * t.K for _ in range(n)], 0)
        k.begin_round()
        return k

    def copy(self) -> Kernel:
        return Kernel(self.t, self.phase, self.round, self.start, self.turn, list(self.coal), list(self.points),
                      self.central, list(self.deck), list(self.discard), [list(h) for h in self.hands],
                      [list(b) for b in self.boards], list(self.passed), self.caps, list(self.die), list(self.to_draw),
                      self.pending, self.resolutions, [list(x) for x in self.tally], self.winner, self.mined,
                      self.sold, [list(s) for s in self.shown], self.past)

    # --- who acts, what is legal ------------------------------------------------
    def mover(self) -> int:
        ph = self.phase
        if ph == PLACE:
            return self.turn
        if ph == DISCARD and self.turn != self.t.dummy:
            return self.turn
        return TERMINAL if ph == OVER else CHANCE

    def legal(self) -> list[int]:
        p = self.turn
        t = self.t
        if self.phase == PLACE:
            m = self.held[p]
            known = t.legal_of[p][m]
            return known if known is not None else t.legal_place(p, m)
        if self.phase == DISCARD and p != t.dummy:
            return t.held_kinds[self.held[p]]
        return []

    def outcomes(self) -> tuple[list[int], list[int]]:
        """The chance outcomes' codes and whole-number weights (probability: weight / their sum)."""
        ph = self.phase
        if ph == DIE_CARD:
            faces = sorted(set(self.die))
            return list(range(len(faces))), [self.die.count(f) for f in faces]
        if ph in (DRAW, DUMMY, DISCARD):
            pile = self.deck if ph == DRAW else self.hands[self.turn]
            return [k for k, c in enumerate(pile) if c], [c for c in pile if c]
        if ph == DUMMY_TARGET:
            targets = self.targets()
            return targets, [1] * len(targets)
        if ph == TIEBREAK:
            return list(self.winner), [1] * len(self.winner)
        return [], []

    def chance(self, draw: Draw) -> None:
        """Draw as ``sample_outcome`` draws over the rules' outcomes, and apply it; the recruitment's draws
        all at once, up to the next decision (the same draws, the same cards, each as :meth:`apply` takes it)."""
        ph = self.phase
        if ph == DRAW:
            t = self.t
            while self.phase == DRAW:
                p = self.turn
                hand, deck, to_draw = self.hands[p], self.deck, self.to_draw
                left = total(deck)
                want = to_draw[p]
                while want and left:  # apply(DRAW), but for continue_draws until the last card
                    a = pick(deck, left, draw)
                    deck[a] -= 1
                    left -= 1
                    if not hand[a]:
                        self.held[p] |= t.bit[a]
                    hand[a] += 1
                    want -= 1
                to_draw[p] = want
                self.continue_draws()
        elif ph in (DUMMY, DISCARD):
            hand = self.hands[self.turn]
            self.apply(pick(hand, total(hand), draw))
        else:
            codes, weights = self.outcomes()
            self.apply(codes[pick(weights, total(weights), draw)])

    # --- applying ---------------------------------------------------------------
    def apply(self, a: int) -> None:
        ph = self.phase
        t = self.t
        p = self.turn
        if ph == PLACE:
            if a == t.PASS:
                self.passed[p] = True
            else:
                lay = t.lays[a]
                assert lay is not None
                self.lay(p, lay)
            self.next_placer(p)
        elif ph == DRAW:
            self.deck[a] -= 1
            hand = self.hands[p]
            if not hand[a]:
                self.held[p] |= t.bit[a]
            hand[a] += 1
            self.to_draw[p] -= 1
            self.continue_draws()
        elif ph == DISCARD:
            self.discard[a] += 1
            self.take(p, a)
            self.shown[p][a] += 1
            if p == t.dummy and self.has_drawn(p):
                self.past += 1
            self.continue_draws()
        elif ph == DUMMY:
            if self.has_drawn(p):  # by chance from its hand: the space it shows weighs on what it drew
                self.past += 1
            self.dummy_lays(a)
        elif ph == DUMMY_TARGET:
            lay = t.lays[t.code(self.pending, RAID, a)]
            assert lay is not None
            self.lay(p, lay)
            self.phase = DUMMY
            self.pending = -1
            self.dummy_next()
        elif ph == DIE_CARD:
            d = sorted(set(self.die))[a]
            self.die.remove(d)
            self.caps = d
            self.after_die()
        elif ph == TIEBREAK:
            self.phase = OVER
            self.winner = (a,)
        else:
            raise AssertionError(f"no move in phase {PHASES[ph]}")

    def take(self, p: int, k: int) -> None:
        """One kind-``k`` card out of ``p``'s hand."""
        hand = self.hands[p]
        hand[k] -= 1
        if not hand[k]:
            self.held[p] ^= self.t.bit[k]

    def _count(self, p: int, lay: Lay) -> None:
        c = self.counts[p]
        c[lay.space] += 1
        c[lay.counter] += lay.add
        c[PIPES] += lay.pipes
        if lay.space != EV:
            self.laid[p] += 1

    def lay(self, p: int, lay: Lay) -> None:
        """``p`` lays a card from its hand."""
        self.take(p, lay.kind)
        self._count(p, lay)
        self.boards[p].append(lay.entry)

    def has_drawn(self, p: int) -> bool:
        """Whether seat ``p`` holds (in hand or laid this round) more cards than its starting
        hand less what it turned up: some of them were drawn."""
        return total(self.hands[p]) + len(self.boards[p]) > self.t.start_size - total(self.shown[p])

    # --- the flow of a round ------------------------------------------------------
    def begin_round(self) -> None:
        n = self.t.n
        self.boards = [[] for _ in range(n)]
        self.counts = [[0] * (RAID_AT + n) for _ in range(n)]
        self.laid = [0] * n
        self.passed = [False] * n
        self.to_draw = [0] * n
        self.caps = (None, self.round)  # the die shows the round: the sale cap (D21)
        if self.t.variant:
            self.phase = DIE_CARD
        else:
            self.after_die()

    def after_die(self) -> None:
        d = self.t.dummy
        if d >= 0:
            self.phase = DUMMY
            self.turn = d
            self.dummy_next()
        else:
            self.begin_placement()

    def begin_placement(self) -> None:
        self.phase = PLACE
        t = self.t
        if t.dummy >= 0:
            self.passed[t.dummy] = True
        self.next_placer((self.start - 1) % t.n)

    def next_placer(self, after: int) -> None:
        """The next seat after ``after`` that still places (cards in hand, room on its board, not passed),
        else the resolution."""
        t = self.t
        n, cpr = t.n, t.cpr
        passed, held, boards = self.passed, self.held, self.boards
        q = after
        for _ in range(n):
            q += 1
            if q == n:
                q = 0
            if not passed[q] and held[q] and len(boards[q]) < cpr:
                self.turn = q
                return
        self.resolve()

    def targets(self) -> list[int]:
        """The dummy's rivals with coal."""
        d = self.t.dummy
        return [p for p in range(self.t.n) if p != d and self.coal[p] > 0]

    def dummy_slots(self) -> list[int]:
        """Where the dummy's successive job cards go this round (our reading of the text).

        ``basic`` (the text's first list): the Watchtower if it has coal, one raid if a
        rival has coal (a colour card drawn at random), one Recruitment, the rest to the Mine.

        ``bold`` (the text's second list: "2 cartes tour de guet si le fictif a du charbon.
        Cartes restantes abri des pilleurs selon nombre d'adversaires avec charbon"): two on
        the Watchtower if it has coal, then one raid per rival with coal, the rest to the
        Mine; and one Recruitment card before the raids, kept from the first list. Read
        alone, the second list never recruits: the dummy draws its cards from its own hand,
        4 a round, so its 8 starting cards would be gone after round 2 and it would lay
        nothing from round 3 on. We read the second list as changing the first one's
        Watchtower and raids, not as dropping its Recruitment card.
        """
        has_coal = self.coal[self.turn] > 0
        rivals = len(self.targets())
        if self.t.bold:
            slots = [TOWER, TOWER] * has_coal + [RECRUIT] + [RAID] * rivals
        else:
            slots = [TOWER] * has_coal + [RAID] * (rivals > 0) + [RECRUIT]
        return slots + [MINE] * self.t.cpr

    def dummy_space(self, k: int) -> int:
        """The space the dummy's next card goes to if it is a kind-``k`` card."""
        if self.t.is_event[k]:
            return EV
        return self.dummy_slots()[self.laid[self.turn]]

    def dummy_next(self) -> None:
        d = self.turn
        if not (len(self.boards[d]) < self.t.cpr and self.held[d]):
            self.begin_placement()

    def dummy_lays(self, k: int) -> None:
        t = self.t
        d = self.turn
        sp = self.dummy_space(k)
        if sp != RAID:
            lay = t.lays[t.code(k, sp)]
        elif t.bold:  # one card per rival with coal, in seat order
            raided = {x for s, _, x in self.boards[d] if s == "raid"}
            lay = t.lays[t.code(k, RAID, next(x for x in self.targets() if x not in raided))]
        else:  # basic: a colour card drawn among the rivals who have coal
            self.phase = DUMMY_TARGET
            self.pending = k
            return
        assert lay is not None
        self.lay(d, lay)
        self.dummy_next()

    def resolve(self) -> None:
        """Events, raids, expedition, mine (D21), then on to the recruitment draws."""
        t = self.t
        n = t.n
        B = self.counts
        coal, points, tally = self.coal, self.points, self.tally
        log: list[tuple[Any, ...]] = []
        # 1. Events. Coup de grisou hits everyone, its player too: a mine needs one
        # pipe-miner per grisou card played this round, else it yields nothing (D20).
        grisou = strikes = 0
        raided = False
        for b in B:
            if b[EV]:
                grisou += b[GRISOU]
                strikes += b[STRIKE]
            if b[RAID]:
                raided = True
        exposed = [False] * n
        if grisou:
            hit = []
            for p in range(n):
                if B[p][PIPES] < grisou:
                    exposed[p] = True
                    hit.append(p)
                    if B[p][H_MINE] > 0:  # a hit only where a mine lost its coal
                        tally[p][3] += 1
            log.append(("grisou", grisou, tuple(hit)))
        # 2-3. Raids: each raider's helmets against the target's watchtower; only the
        # stock the target held before the raids can be taken (D21).
        loot = [0] * n
        if raided:
            for x in range(n):
                counter = RAID_AT + x
                raiders = [r for r in range(n) if r != x and B[r][counter]]
                if not raiders:
                    continue
                defence = B[x][H_TOWER] + t.reinforcement_bonus * B[x][REINFORCEMENT]
                attacks = tuple([B[r][counter] for r in raiders])
                key = (coal[x], defence, attacks)
                taken = t.loot.get(key)
                if taken is None:
                    taken = self._loot(coal[x], defence, attacks)
                for i in range(len(raiders)):
                    r, got = raiders[i], taken[i]
                    log.append(("raid", r, x, attacks[i], defence, got))
                    loot[r] += got
                    tally[r][1] += got
                    tally[x][2] += got
                    coal[x] -= got
        # Expedition: sell up to the die (D21), 1 point per coal; sold coal goes back
        # to the central stock so that 21 points can be reached with 20 cubes.
        sold = 0
        cap = self.caps[1]
        best = 0
        for p in range(n):
            c = coal[p] + loot[p]
            most = cap + t.wagon_bonus * B[p][WAGON]
            got = c if c < most else most
            coal[p] = c - got
            if got:
                points[p] += got
                sold += got
                log.append(("sell", p, got))
            if points[p] > best:
                best = points[p]
        if self.central is not None and t.sold_coal_returns:
            self.central += sold
        self.sold += sold
        if best >= t.target:  # "dès qu'un joueur atteint 21 points"
            self.resolutions = self.resolutions + ((self.round, tuple(log)),)
            self.finish()
            return
        # Mine: helmets = coal, from the die holder clockwise while the stock lasts.
        mined = 0
        cap0 = self.caps[0]
        for p in t.order[self.start]:
            h = 0 if exposed[p] else B[p][H_MINE]
            if cap0 is not None and cap0 < h:
                h = cap0
            central = self.central
            if central is not None:
                if central < h:
                    h = central
                self.central = central - h
            coal[p] += h
            mined += h
            tally[p][0] += h
            if B[p][MINE]:
                log.append(("mine", p, h))
        # Recruitment: 2 + helmets, one card less per strike played by someone else.
        for p in range(n):
            b = B[p]
            laid = b[RECRUIT] > 0
            base = t.recruit_base if (laid or not t.recruit_needs_card) else 0
            k = base + b[H_RECRUIT] - t.strike_penalty * (strikes - b[STRIKE]) if base or laid else 0
            if k < 0:
                k = 0
            self.to_draw[p] = k
            if k:
                log.append(("recruit", p, k))
        self.mined += mined
        self.resolutions = self.resolutions + ((self.round, tuple(log)),)
        self.phase = DRAW
        self.turn = self.start
        self.continue_draws()

    def _loot(self, stock: int, defence: int, attacks: tuple[int, ...]) -> tuple[int, ...]:
        memo = self.t.loot
        if len(memo) > 4096:
            memo.clear()
        got = memo[(stock, defence, attacks)] = split_loot(stock, defence, attacks)
        return got

    def continue_draws(self) -> None:
        """Draw for the current player until done, then the hand limit, then the next player."""
        t = self.t
        n = t.n
        p = self.turn
        for _ in range((self.start - p - 1) % n + 1):  # the seats from the current one to the die holder's last
            if self.to_draw[p]:
                if not total(self.deck) and total(self.discard) > 0:  # the discard replaces an empty deck
                    self.deck, self.discard = self.discard, [0] * t.K
                    self.past += 1
                if total(self.deck):
                    self.phase = DRAW
                    self.turn = p
                    return
                self.to_draw[p] = 0  # nothing left to draw
            if total(self.hands[p]) > t.limit:
                self.phase = DISCARD
                self.turn = p
                return
            p += 1
            if p == n:
                p = 0
        self.end_round()

    def end_round(self) -> None:
        t = self.t
        n = t.n
        discard = self.discard
        for p in range(n):
            shown = self.shown[p]
            for _, kind, _ in self.boards[p]:
                k = t.index[kind]
                discard[k] += 1
                shown[k] += 1
        if not total(self.deck):
            self.deck, self.discard = discard, [0] * t.K
            self.past += total(self.deck) > 0
        if self.round >= t.rounds:
            self.boards = [[] for _ in range(n)]
            self.counts = [[0] * (RAID_AT + n) for _ in range(n)]
            self.laid = [0] * n
            self.finish()
            return
        self.round += 1
        self.start = (self.start + 1) % n
        self.begin_round()

    def finish(self) -> None:
        """Points, then coal in stock, then job cards in hand (the text's tie-breaks); an ultimate tie
        is settled by a die roll, each tied player equally likely."""
        t = self.t
        keys = [(self.points[p], self.coal[p], sum(self.hands[p][k] for k in t.job_kinds)) for p in range(t.n)]
        top = max(keys)
        self.winner = tuple(p for p in range(t.n) if keys[p] == top)
        self.phase = OVER if len(self.winner) == 1 else TIEBREAK
        self.to_draw = [0] * t.n

