"""Mine (coal) played fast: a whole game with its bots in plain Python, for tournaments.

:func:`fast_playout` is the game's ``Hooks.fast_playout``. The function it returns plays
one game from ``game.initial_state()`` to the end, as :func:`mineedu.core.playout` would
with the bots of those specs, and gives the very same final :class:`CoalMineState` (every
field ``==``) after the very same calls on the generator (``rng.integers(total)`` with the
same totals, ``rng.random()``, in the same order: by :func:`mineedu.core.draws.draws_and_uniforms`,
numpy's own numbers without a numpy call each). ``tests/coal_mine/test_fast.py`` holds
it to the engine (``tests/playout_check.py``).

How it mirrors the engine (``rules.py`` stays the source of truth; read it beside this):

* the state is mutable lists in ``game.kinds`` order (hands, deck, discard) and per seat
  (coal, points, tally), a bit mask per hand (bit ``k``: a kind-``k`` card held) that indexes
  tables of what the bots look for in a hand (:func:`_hand_tables`), and per player and round
  one list of counters (see ``_RAID_AT``) holding what ``on_space`` / ``helmets`` / ``count``
  would find on the board; the board itself is kept as the rules' ``(space, kind, target)``
  entries for the final state. Every card laid is one precomputed entry (``Lay``);
* ``CoalMineGame.initial_state`` and ``_begin_round``: the round loop of ``run``; the
  variant's die card (``chance_outcomes``, phase ``die_card``);
* ``_after_die`` / ``_dummy_next`` / ``_dummy_lays`` / ``_dummy_slots``: the dummy's cards
  drawn from its hand, its slots (the ``_dummy_slots`` lists), a ``basic`` dummy's target
  drawn among the rivals with coal, a ``bold`` one's in seat order;
* ``_begin_placement`` / ``_next_placer`` / ``_can_place`` / ``_apply`` (placement): rounds
  of the seats still placing, from the die holder; the random bot's index into the
  ``legal_actions`` order (per held kind: Events, or Watchtower, Mine, Recruitment, then a
  raid on each other seat; ``pass`` last);
* ``_resolve``: grisou, raids (:func:`~.rules.split_loot` itself), the sale, the early end at
  ``target_points`` (the boards still laid), the mine, recruitment: the same log entries, tally
  and stock;
* ``_continue_draws`` / ``_apply`` (draw, discard): the draws seat by seat from the die holder
  (the discard replacing an empty deck), then the hand limit (a bot's discard, the dummy's by
  chance);
* ``_end_round``: the boards' cards join the discard, counted as every card neither in the
  deck nor in a hand (the cards are conserved); ``_finish`` and the ``tiebreak`` chance; the
  final state is built once, with every field the engine's holds;
* :func:`mineedu.core.play.sample_outcome`: a chance event with one outcome draws nothing;
  otherwise one ``rng.integers(total)``, ``total`` the pile over the gcd of the pile and its
  counts (the reduced Fractions' common denominator), walked in the rules' order (:func:`_pick`);
* the bots of ``bots.py`` inlined, from the facts their view holds: ``random``
  (:class:`~mineedu.core.RandomBot`: ``legal[rng.integers(len(legal))]``), ``steady``,
  ``raider[:cards]`` and ``mix`` (``rng.random()`` against :func:`~.odds.raid_mix` as a float,
  kept in a bounded dict), and ``PlanBot``'s hand-limit discard; ``richest_rival`` is worked
  out once a round (coal does not move during the placement).

What it supports: every bot of ``BOTS`` (``random``, ``steady``, ``raider`` with any card
count, ``mix``), 2 to 6 players, every valid config (the variant, the dummy with either
plan, decks of any kinds, die cards, every bound). It returns ``None`` (the engine plays)
for a game that is not a :class:`CoalMineGame` itself, a spec that is not one of those bots
(a bot class not in ``bots.py``, an unknown or bad spec), a ``None`` seat that is not the
rules' own (the dummy's seat, whatever spec it holds, is played by the rules), or a seating
of the wrong length. The move limit of ``play`` (``max_moves``) is not counted: the rules
bound a round's moves by it (placements, the dummy's cards and targets, draws and at most as
many discards). What the code does not expect (a job card without a helmet, a card laid
where it cannot go, a random index past the legal actions) raises rather than guess.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from math import gcd
from typing import Any

import numpy as np

from mineedu.core import Game, RandomBot, State, build
from mineedu.core.draws import Draw, Uniform, draws_and_uniforms
from mineedu.core.memo import remember
from mineedu.core.play import seated_bots

from .bots import MixBot, PlanBot, RaiderBot, SteadyBot
from .odds import raid_mix
from .rules import EVENT_EFFECTS, PIPE, SPACES, CoalMineGame, CoalMineState, split_loot

EV, RAID, TOWER, MINE, RECRUIT = (SPACES.index(s) for s in ("event", "raid", "tower", "mine", "recruit"))
"""Space codes: their places in :data:`~.rules.SPACES`."""

_H_TOWER, _H_MINE, _H_RECRUIT, _PIPES = 5, 6, 7, 8
_EVENT = 9
_GRISOU, _STRIKE, _WAGON, _REINFORCEMENT = (
    _EVENT + EVENT_EFFECTS.index(e) for e in ("grisou", "strike", "wagon", "reinforcement"))
_RAID_AT = _EVENT + len(EVENT_EFFECTS)
"""One player's counters for a round, ``_RAID_AT + num_players`` of them: cards on each space
(0-4, in SPACES order), helmets on the Watchtower, Mine and Recruitment, pipe-miners on the
Mine, event cards of each effect (EVENT_EFFECTS order), then helmets raiding each seat."""
_H_SLOT = {TOWER: _H_TOWER, MINE: _H_MINE, RECRUIT: _H_RECRUIT}

RANDOM, STEADY, RAIDER, MIX, NOBODY = range(5)
"""The bots a seat may hold (NOBODY: the rules' own seat, the dummy)."""

Lay = tuple[int, int, int, int, int, int, tuple[str, str, int]]
"""A card laid: (kind, its bit in a hand's mask, space, counter, what it adds to that counter,
1 for a pipe-miner on the Mine, the rules' board entry ``(space, kind, target)``)."""
Choice = Lay | None
"""A placement: a card laid, or ``None`` to pass."""

_MEMO_MAX = 1 << 12
_P_ATTACK: dict[tuple[int, int], float] = {}
"""``float(raid_mix(a, a, stock)[0])`` by (a, stock): the mix bot's P(attack)."""
_P_DEFEND: dict[tuple[int, int, int], float] = {}
"""``float(raid_mix(attack, defence, stock)[1])`` by its arguments: the mix bot's P(defend)."""
_LOOT: dict[tuple[int, int, tuple[int, ...]], tuple[int, ...]] = {}
"""``split_loot(stock, defence, attacks)`` by its arguments."""


def p_attack(a: int, stock: int) -> float:
    """The mix bot's P(attack) as the float it compares ``rng.random()`` with, kept in :data:`_P_ATTACK`
    (``run`` looks there first)."""
    return remember(_P_ATTACK, (a, stock), float(raid_mix(a, a, stock)[0]), _MEMO_MAX)


def p_defend(attack: int, defence: int, stock: int) -> float:
    """The mix bot's P(defend) as a float, kept in :data:`_P_DEFEND`."""
    return remember(_P_DEFEND, (attack, defence, stock), float(raid_mix(attack, defence, stock)[1]), _MEMO_MAX)


def loot(stock: int, defence: int, attacks: tuple[int, ...]) -> tuple[int, ...]:
    """:func:`~.rules.split_loot`, kept in :data:`_LOOT` (``run`` looks there first)."""
    return remember(_LOOT, (stock, defence, attacks), split_loot(stock, defence, attacks), _MEMO_MAX)


def _pick(pile: list[int], total: int, draw: Callable[[int], Any]) -> int:
    """One card from ``pile`` (``total`` cards), drawn as ``sample_outcome`` draws ``_pile_outcomes``.

    The outcomes are the kinds held, each ``Fraction(count, total)``: over their common
    denominator the weights are ``count / g`` out of ``total / g``, ``g`` the gcd of the total
    and the counts. A pile of one kind is one outcome: no draw.
    """
    g = gcd(total, *pile)
    if g == total:  # every count is 0 or the total: one kind left
        for k, c in enumerate(pile):
            if c:
                return k
        raise AssertionError("a draw from an empty pile")
    r = int(draw(total // g)) * g
    for k, c in enumerate(pile):
        if r < c:
            return k
        r -= c
    raise AssertionError("the pile's counts do not sum to its total")


@lru_cache(maxsize=16)
def _hand_tables(game: CoalMineGame) -> tuple[list[int], list[int], list[int], list[list[int]]]:
    """What the bots look for in a hand, by the hand's mask (bit ``k``: a kind-``k`` card held):
    the weakest and the strongest job card (``_jobs(obs)[0]`` and ``[-1]``, -1 without one),
    ``PlanBot``'s discard (the least useful card), and the kinds held in ``game.kinds`` order
    (the random bot's discards, as ``legal_actions`` lists them)."""
    kinds, helm, K = game.kinds, game.helmets, len(game.kinds)
    weak = sorted((k for k in kinds if k not in game.event_kinds), key=lambda k: (helm[k], k))  # _jobs(): weakest first
    keep = PlanBot.keep_events
    least_useful = sorted(kinds, key=lambda k: (k in keep or helm[k] > 0, helm[k], k))
    weak_bits = [(1 << game.index[k], game.index[k]) for k in weak]
    least_bits = [(1 << game.index[k], game.index[k]) for k in least_useful]
    masks = range(1 << K)
    weakest = [next((k for b, k in weak_bits if m & b), -1) for m in masks]
    strongest = [next((k for b, k in reversed(weak_bits) if m & b), -1) for m in masks]
    discard_of = [next((k for b, k in least_bits if m & b), -1) for m in masks]
    held_kinds = [[k for k in range(K) if m >> k & 1] for m in masks]
    return weakest, strongest, discard_of, held_kinds


def _seat_bots(game: CoalMineGame, seats: tuple[str | None, ...]) -> list[tuple[int, int]] | None:
    """(bot code, raider's card count) per seat, or ``None`` for a seating this module does not play."""
    table = seated_bots(game, seats)
    if table is None:
        return None
    out: list[tuple[int, int]] = []
    for bot in table:
        if bot is None:  # the rules play this seat; a bot sitting there is never asked
            out.append((NOBODY, 0))
        elif type(bot) is RandomBot:
            out.append((RANDOM, 0))
        elif type(bot) is SteadyBot:
            out.append((STEADY, 0))
        elif type(bot) is RaiderBot:
            out.append((RAIDER, bot.cards))
        elif type(bot) is MixBot:
            out.append((MIX, 0))
        else:
            return None
    return out


def fast_playout(game: Game, seats: tuple[str | None, ...]) -> Callable[[np.random.Generator], State] | None:
    """``Hooks.fast_playout``: a function playing one whole game with these bots, or ``None``."""
    if type(game) is not CoalMineGame:  # not these rules (a subclass may change them)
        return None
    bots = _seat_bots(game, seats)
    if bots is None:
        return None
    return _player(game, bots)


def _player(game: CoalMineGame, bots: list[tuple[int, int]]) -> Callable[[np.random.Generator], State]:
    """Everything fixed for the whole tournament, computed once; then ``run`` plays a game."""
    cfg, n = game.config, game.num_players
    kinds, index = game.kinds, game.index
    K = len(kinds)
    helm = list(game.helmet_list)
    is_event = [k in game.event_kinds for k in kinds]
    job_kinds = [k for k in range(K) if not is_event[k]]
    for k in job_kinds:
        if helm[k] <= 0:  # the counters take "a card on a job space" for "helmets on it"
            raise AssertionError(f"coal_mine fast playout: job card {kinds[k]!r} has no helmet")
    bit = [1 << k for k in range(K)]
    pipe = index.get(PIPE, -1)
    pipe_bit = bit[pipe] if pipe >= 0 and not is_event[pipe] else 0  # "pipe" in SteadyBot's jobs
    wagon = index.get("wagon", -1)  # SteadyBot's ("place", "event", "wagon")
    wagon_bit = bit[wagon] if wagon >= 0 else 0
    wagon_lays = wagon >= 0 and is_event[wagon]  # else that choice is not legal: the bot passes

    weakest, strongest, discard_of, held_kinds = _hand_tables(game)
    top_helmets = MixBot.strongest(game.helmets)

    dummy = n - 1 if cfg.dummy else -1
    bold = cfg.dummy_plan == "bold"
    cpr, rounds, target_points, limit = cfg.cards_per_round, cfg.rounds, cfg.target_points, cfg.hand_limit
    rbase, needs_card, pen = cfg.recruit_base, cfg.recruit_needs_card, cfg.strike_penalty
    wb, rb, returns = cfg.wagon_bonus, cfg.reinforcement_bonus, cfg.sold_coal_returns
    variant = cfg.variant
    nslots = _RAID_AT + n

    def lay_of(k: int, sp: int, t: int) -> Lay:
        entry = (SPACES[sp], kinds[k], t)
        if sp == EV:
            return (k, bit[k], sp, _EVENT + EVENT_EFFECTS.index(kinds[k]), 1, 0, entry)
        slot = _RAID_AT + t if sp == RAID else _H_SLOT[sp]
        return (k, bit[k], sp, slot, helm[k], int(sp == MINE and k == pipe), entry)

    nowhere: Lay = (K, 0, 0, 0, 0, 0, ("", "", -1))  # a card that cannot go there: hand[K] raises
    place = [[lay_of(k, sp, -1) if (sp == EV) == is_event[k] and sp != RAID else nowhere for k in range(K)]
             for sp in range(len(SPACES))]
    raid = [[lay_of(k, RAID, t) if not is_event[k] else nowhere for t in range(n)] for k in range(K)]
    on_event, on_tower, on_mine, on_recruit = place[EV], place[TOWER], place[MINE], place[RECRUIT]

    def lay(k: int, sp: int, t: int = -1) -> Lay:
        got = raid[k][t] if sp == RAID else place[sp][k]
        assert got is not nowhere, (kinds[k], SPACES[sp])
        return got

    # legal_actions order, per seat and held kind: Events, or Watchtower, Mine, Recruitment and the raids
    blocks = [[[lay(k, EV)] if is_event[k] else
               [lay(k, TOWER), lay(k, MINE), lay(k, RECRUIT)] + [lay(k, RAID, t) for t in range(n) if t != p]
               for k in range(K)] for p in range(n)]
    legal_of: list[dict[int, list[Choice]]] = [{} for _ in range(n)]  # the random bot's legal actions by mask

    def legal(p: int, m: int) -> list[Choice]:
        """The placement's legal actions of seat ``p`` holding the kinds of mask ``m`` (``None``: pass)."""
        acts: list[Choice] = [a for k in range(K) if m & bit[k] for a in blocks[p][k]]
        acts.append(None)
        legal_of[p][m] = acts
        return acts

    order = [[(s + i) % n for i in range(n)] for s in range(n)]  # _order(): seats from the die holder

    hand0 = [0] * K
    for name, c in cfg.start_hand:
        hand0[index[name]] += c
    mask0 = sum(bit[k] for k in range(K) if hand0[k])
    card_counts = game.card_counts
    deck0 = [t - n * h for t, h in zip(card_counts, hand0)]
    coal0 = cfg.variant_start_coal if variant else cfg.start_coal
    central0 = None if variant else cfg.coal_total - coal0 * n
    die0 = list(cfg.die_cards) if variant else []
    code = [b for b, _ in bots]
    cards = [c for _, c in bots]
    needs_rich = any(b in (RAIDER, MIX) for b in code)
    no_one = [False] * n
    empty_boards = ((),) * n

    def run(rng: np.random.Generator) -> State:
        draw, rand, finish = draws_and_uniforms(rng)
        try:
            return play(draw, rand)
        finally:
            finish()

    def play(draw: Draw, rand: Uniform) -> State:
        hands = [hand0[:] for _ in range(n)]
        held = [mask0] * n  # hand masks
        deck, dn = deck0[:], sum(deck0)
        disc, discn = [0] * K, 0
        coal = [coal0] * n
        points = [0] * n
        central = central0
        tally = [[0, 0, 0, 0] for _ in range(n)]
        resolutions: list[tuple[int, tuple[tuple[Any, ...], ...]]] = []
        mined_all = sold_all = 0
        die_left = die0[:]
        rnd, start, turn = 1, 0, 0
        while True:
            # --- _begin_round, the variant's die card
            boards: list[list[tuple[str, str, int]]] = [[] for _ in range(n)]
            passed = [False] * n
            B = [[0] * nslots for _ in range(n)]
            caps: tuple[int | None, int] = (None, rnd)
            if variant:
                faces = sorted(set(die_left))
                face = faces[0]
                if len(faces) > 1:
                    counts = [die_left.count(f) for f in faces]
                    g = gcd(len(die_left), *counts)
                    r = int(draw(len(die_left) // g)) * g
                    for face, c in zip(faces, counts):  # noqa: B007 (the face drawn is the one the loop stops at)
                        if r < c:
                            break
                        r -= c
                die_left.remove(face)
                caps = face
            cap0, cap1 = caps
            # --- the dummy lays its cards (_after_die, _dummy_next, _dummy_slots, _dummy_lays)
            if dummy >= 0:
                turn = d = dummy
                bd, hand, board = B[d], hands[d], boards[d]
                targets = [q for q in range(n) if q != d and coal[q] > 0]
                has_coal = coal[d] > 0
                if bold:
                    slots = [TOWER, TOWER] * has_coal + [RECRUIT] + [RAID] * len(targets)
                else:
                    slots = [TOWER] * has_coal + [RAID] * (len(targets) > 0) + [RECRUIT]
                slots += [MINE] * cpr
                while len(board) < cpr and held[d]:
                    k = _pick(hand, sum(hand), draw)
                    if is_event[k]:
                        a = on_event[k]
                    else:
                        sp = slots[len(board) - bd[EV]]
                        if sp != RAID:
                            a = place[sp][k]
                        elif bold:  # one card per rival with coal, in seat order
                            a = raid[k][targets[bd[RAID]]]
                        else:  # a colour card drawn among the rivals with coal
                            a = raid[k][targets[int(draw(len(targets)))] if len(targets) > 1 else targets[0]]
                    k, kbit, sp, slot, add, pipes, entry = a
                    hand[k] -= 1
                    if not hand[k]:
                        held[d] ^= kbit
                    bd[sp] += 1
                    bd[slot] += add
                    bd[_PIPES] += pipes
                    board.append(entry)
                passed[d] = True  # _begin_placement
            # --- the placement (_begin_placement, _next_placer, the bots)
            if needs_rich:  # richest_rival() of each seat: coal does not move during the placement
                first = second = -1  # the two richest with coal (lowest seat on ties)
                for q in range(n):
                    c = coal[q]
                    if c > 0:
                        if first < 0 or c > coal[first]:
                            first, second = q, first
                        elif second < 0 or c > coal[second]:
                            second = q
                rich = [first] * n
                if first >= 0:
                    rich[first] = second
            # _can_place(): a card in hand, room on the board, not passed (the dummy has passed)
            active = [q for q in order[start] if held[q] and q != dummy]
            stays = [True] * n
            while active:  # _next_placer: round the seats still placing, from the die holder
                gone = False
                for p in active:
                    bot = code[p]
                    choice: Choice = None
                    if bot == RANDOM:
                        acts = legal_of[p].get(held[p]) or legal(p, held[p])
                        choice = acts[int(draw(len(acts)))]
                    else:
                        m = held[p]
                        s = strongest[m]
                        if s < 0:  # no job card: pass
                            pass
                        elif bot == STEADY:
                            b = B[p]
                            if m & wagon_bit and not b[EV] and coal[p] >= cap1:
                                choice = on_event[wagon] if wagon_lays else None
                            elif not b[MINE] and m & pipe_bit:
                                choice = on_mine[pipe]
                            elif not b[RECRUIT]:
                                choice = on_recruit[weakest[m]]
                            else:
                                choice = on_mine[s]
                        elif bot == RAIDER:
                            t = rich[p]
                            if t >= 0 and B[p][RAID] < cards[p]:
                                choice = raid[s][t]
                            elif not B[p][RECRUIT]:
                                choice = on_recruit[weakest[m]]
                            else:
                                choice = on_mine[s]
                        else:  # MIX: its step is the job cards it laid
                            step = len(boards[p]) - B[p][EV]
                            if step == 0:
                                choice = on_mine[s]
                                t = rich[p]
                                if t >= 0:
                                    pa = _P_ATTACK.get((helm[s], coal[t]))
                                    if pa is None:
                                        pa = p_attack(helm[s], coal[t])
                                    if rand() < pa:
                                        choice = raid[s][t]
                            elif step == 1:
                                choice = on_mine[s]
                                mine = coal[p]
                                if mine > 0:
                                    pd = _P_DEFEND.get((top_helmets, helm[s], mine))
                                    if pd is None:
                                        pd = p_defend(top_helmets, helm[s], mine)
                                    if rand() < pd:
                                        choice = on_tower[s]
                            elif step == 2:
                                choice = on_recruit[weakest[m]]
                            else:
                                choice = on_mine[s]
                    if choice is None:
                        passed[p] = gone = True
                        stays[p] = False
                        continue
                    k, kbit, sp, slot, add, pipes, entry = choice
                    hand = hands[p]
                    hand[k] -= 1
                    if not hand[k]:
                        held[p] ^= kbit
                    b = B[p]
                    b[sp] += 1
                    b[slot] += add
                    if pipes:
                        b[_PIPES] += 1
                    board = boards[p]
                    board.append(entry)
                    if len(board) >= cpr or not held[p]:
                        gone = True
                        stays[p] = False
                turn = p  # the last to move
                if gone:
                    active = [q for q in active if stays[q]]
            # --- _resolve: events, raids, sale
            log: list[tuple[Any, ...]] = []
            grisou = strikes = 0
            raiders: list[list[int]] | None = None  # by target, in seat order
            for q in range(n):
                b = B[q]
                if b[EV]:
                    grisou += b[_GRISOU]
                    strikes += b[_STRIKE]
                if b[RAID]:
                    for t in range(n):
                        if b[_RAID_AT + t]:
                            if raiders is None:
                                raiders = [[] for _ in range(n)]
                            raiders[t].append(q)
            exposed = no_one
            if grisou:
                exposed = [b[_PIPES] < grisou for b in B]
                log.append(("grisou", grisou, tuple(q for q in range(n) if exposed[q])))
                for q in range(n):
                    if exposed[q]:
                        tally[q][3] += B[q][_H_MINE] > 0
            taken_by = [0] * n
            if raiders is not None:
                for t in range(n):
                    rs = raiders[t]
                    if not rs:
                        continue
                    slot = _RAID_AT + t
                    defence = B[t][_H_TOWER] + rb * B[t][_REINFORCEMENT]
                    attacks = tuple([B[r][slot] for r in rs])
                    taken = _LOOT.get((coal[t], defence, attacks)) or loot(coal[t], defence, attacks)
                    for r, a_r, x in zip(rs, attacks, taken):
                        log.append(("raid", r, t, a_r, defence, x))
                        taken_by[r] += x
                        tally[r][1] += x
                        tally[t][2] += x
                    coal[t] -= sum(taken)
            sold = 0
            for q in range(n):
                c = coal[q] + taken_by[q]
                cap = cap1 + wb * B[q][_WAGON]
                x = c if c < cap else cap
                if x:
                    coal[q] = c - x
                    points[q] += x
                    sold += x
                    log.append(("sell", q, x))
                else:
                    coal[q] = c
            if central is not None and returns:
                central += sold
            sold_all += sold
            if max(points) >= target_points:  # the game ends at once, the boards still laid
                resolutions.append((rnd, tuple(log)))
                final_boards = tuple(map(tuple, boards))
                break
            # --- mine, recruitment
            mined = 0
            for q in order[start]:
                h = 0 if exposed[q] else B[q][_H_MINE]
                if cap0 is not None and cap0 < h:
                    h = cap0
                if central is not None:
                    if central < h:
                        h = central
                    central -= h
                coal[q] += h
                mined += h
                tally[q][0] += h
                if B[q][MINE]:
                    log.append(("mine", q, h))
            to_draw = []
            for q in range(n):
                b = B[q]
                laid = b[RECRUIT] > 0
                base = rbase if (laid or not needs_card) else 0
                k = base + b[_H_RECRUIT] - pen * (strikes - b[_STRIKE]) if base or laid else 0
                if k < 0:
                    k = 0
                to_draw.append(k)
                if k:
                    log.append(("recruit", q, k))
            mined_all += mined
            resolutions.append((rnd, tuple(log)))
            # --- _continue_draws: the draws, then the hand limit, seat by seat from the die holder
            turn = start
            for q in order[start]:
                left = to_draw[q]
                hand = hands[q]
                while left:
                    if not dn:
                        if not discn:
                            break
                        deck, disc, dn, discn = disc, [0] * K, discn, 0  # the discard replaces an empty deck
                    g = gcd(dn, *deck)  # _pick, inlined
                    if g == dn:
                        k = next(i for i in range(K) if deck[i])
                    else:
                        r = int(draw(dn // g)) * g
                        k = 0
                        for c in deck:
                            if r < c:
                                break
                            r -= c
                            k += 1
                    turn = q
                    deck[k] -= 1
                    dn -= 1
                    if not hand[k]:
                        held[q] |= bit[k]
                    hand[k] += 1
                    left -= 1
                size = sum(hand)
                while size > limit:
                    turn = q
                    if q == dummy:
                        k = _pick(hand, size, draw)
                    elif code[q] == RANDOM:
                        ks = held_kinds[held[q]]
                        k = ks[int(draw(len(ks)))]
                    else:
                        k = discard_of[held[q]]
                    hand[k] -= 1
                    if not hand[k]:
                        held[q] ^= bit[k]
                    size -= 1
                    disc[k] += 1
                    discn += 1
            # --- _end_round
            # the boards' cards join the discard: every card not in the deck or a hand
            disc = [c - d - sum(held_k) for c, d, held_k in zip(card_counts, deck, zip(*hands))]
            discn = sum(disc)
            if not dn:
                deck, disc, dn, discn = disc, [0] * K, discn, 0
            if rnd >= rounds:
                final_boards = empty_boards
                break
            rnd += 1
            start = (start + 1) % n
        # --- _finish, the tiebreak
        keys = [(points[q], coal[q], sum(hands[q][k] for k in job_kinds)) for q in range(n)]
        top = max(keys)
        best = tuple(q for q in range(n) if keys[q] == top)
        winner = (best[int(draw(len(best)))],) if len(best) > 1 else best
        return build(
            CoalMineState, game=game, phase="over", round=rnd, start=start, turn=turn, coal=tuple(coal),
            points=tuple(points), central=central, deck=tuple(deck), discard=tuple(disc),
            hands=tuple(map(tuple, hands)), boards=final_boards, passed=tuple(passed), caps=caps,
            die_cards=tuple(die_left), to_draw=(0,) * n, pending="", resolutions=tuple(resolutions),
            tally=tuple(map(tuple, tally)), winner=winner, mined=mined_all, sold=sold_all,
        )

    return run
