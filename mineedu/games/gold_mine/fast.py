"""My Gold Mine's own playout for tournaments (``Hooks.fast_playout``): the engine's games, quicker.

:func:`fast_playout` plays one whole game from ``game.initial_state()`` with the
bots of :data:`~mineedu.games.gold_mine.bots.BOTS` inlined, in plain mutable
Python (ints and lists, whole-number draws), and returns the very final state
:func:`mineedu.core.playout` returns, after the very same draws from ``rng``
(``tests/gold_mine/test_fast.py`` holds it to the engine). How each part mirrors
the engine and the rules (:mod:`.rules`):

* **chance** (:func:`mineedu.core.play.sample_outcome` over
  ``GoldMineState.chance_outcomes``): the rules list the cards left (zero counts
  left out) with probability count / cards left, and the engine reduces those
  fractions, so it draws ``int(rng.integers(cards // g))`` where ``g`` is the gcd
  of the counts, and no number at all when one kind is left (``cards == g``).
  The card is the first whose running count exceeds that number times ``g``
  (:func:`_pick`). Exploration draws are the ``explore`` phase (face down),
  ``reveal`` and ``setup`` (face up, the setup without the dragons, D7); exit
  draws the ``exit`` phase, from the discards once the deck is empty (D4).
* **the numbers**: ``int(rng.integers(n))`` by :func:`mineedu.core.draws.integer_draws`
  (numpy's own numbers without a numpy call per draw, the generator left as
  numpy's calls leave it).
* **a turn** (``legal_actions`` in ``phase == "turn"``, then ``_apply``): the
  legal actions are ``explore`` (face down: a card left; face up: a visible card)
  then ``exit`` (a card in the exit deck or its discards); the seat's bot picks
  one (below). Exploring takes the card (``_Work.take``: a nugget stays, a
  lantern steps toward the ladder, eyes toward Dragobert and burn on his card, a
  dragon moves him and burns every miner on his new card, D2-D3); face up, the
  cards are then revealed until one is not a dragon (``_Work.after_take``, D7).
  An exit card lists its resolutions (``_resolutions``: one per option, one per
  other miner inside for SWAP, or SWAP without effect); a single one resolves at
  once (E1), else the bot picks one; ``_Work.resolve_exit`` applies it (D4-D5).
  ``_Work.end_turn``: the round ends when nobody is inside, or after
  ``turn_limit`` turns, when every miner inside burns (E3); else the next miner
  inside clockwise plays.
* **the bots** (``bots.py``, each ``act``): ``random`` draws
  ``rng.integers(len(legal))`` at every one of its decisions, even a forced one;
  the others draw nothing, play a forced move as it is, and decide a turn by
  ``explores`` (``threshold``: ``dragons / cards < t``, ``t`` as written (:func:`.bots.as_written`); ``cautious``:
  ``dragon - position >= margin``; ``greedy``: always; ``burn``: the exact
  P(burned if I explore now) of :func:`.odds.burn_risk` against the threshold,
  compared exactly as ``BurnBot`` does, in whole numbers: :func:`burn_risk`
  gives it in closed form, see there) and an exit card by ``nearest_exit``
  (``greedy`` keeps a GOLD3 when offered), the first of the least
  ``position_after`` in the legal order.
* **scoring** (``_Work.close_round``, D6, E2, E4): a round before the last is
  scored here as the rules score it (gold banked on the ladder, ranked by gold
  then rung, tokens from the pool, the winner starts the next round, else the
  next seat); after the last round the fast playout builds the state the rules
  would hold and lets the rules score it, so the final state is the one
  ``_Work.close_round`` returns, every field as the engine has it.

The bots' odds need no table: each is a count or two of the deck (the burn
risk face up a ratio of two ``math.perm``), quicker to compute than to look up.

Supported: every config :class:`~.rules.GoldMineConfig` accepts (both deck
modes, any decks, rounds, track, cart, turn limit, token awards), 3 to 6
players, and every bot of ``BOTS`` with any argument, in any seating. Refused
(``None``, before any draw): a game that is not :class:`~.rules.GoldMine`, a
seat without a bot spec (My Gold Mine has no seat of its own), and a spec whose
bot is not exactly one of the classes above (a bot added to ``BOTS`` later
plays through the engine until it is taught here). The engine's ``max_moves``
bound cannot be reached (E3 ends each round after ``turn_limit`` turns, of at
most three moves each plus the face-up reveals), so it is not counted here; a
position the rules would not allow (a turn without a legal action) raises.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import gcd, perm
from typing import Any

import numpy as np

from mineedu.core.draws import Draw, integer_draws
from mineedu.core.play import seated_bots

from . import bots
from .cards import BURNED, CARD_GOLD, DRAGON, EXIT_OPTIONS, EXPLORE_KINDS, EYES, KIND_INDEX, LANTERN, NUGGET, TURN
from .rules import GoldMine, GoldMineState, RoundResult, _card_gold, _Work

RANDOM, THRESHOLD, BURN, CAUTIOUS, GREEDY = range(5)
"""The bot kinds a seat can hold (``_seat``)."""
L1, L2, ALL1, SWAP, GOLD3 = (EXIT_OPTIONS.index(o) for o in ("L1", "L2", "ALL1", "SWAP", "GOLD3"))
NO_TARGET = -1
"""The target of every resolution that names none (``("option", "L1")``, a SWAP without effect)."""
NO_CARD = -1
"""``top`` when no exploration card is face up (``None`` in the state)."""

Seat = tuple[int, Any]
"""A bot kind and its argument (a margin, or ``(num, den)`` of a threshold as written)."""
Resolution = tuple[int, int]
"""An exit option (index in ``EXIT_OPTIONS``) and the SWAP target (``NO_TARGET`` if none)."""


def _seat(bot: Any) -> Seat | None:
    """The kind of ``bot`` and its argument, or ``None`` for a bot the fast playout does not know."""
    kind = type(bot)
    if kind is bots.RandomBot:
        return (RANDOM, None)
    if kind is bots.ThresholdBot:
        return (THRESHOLD, bot._ratio)
    if kind is bots.BurnBot:
        return (BURN, bot._ratio)
    if kind is bots.CautiousBot:
        return (CAUTIOUS, bot.margin)
    if kind is bots.GreedyBot:
        return (GREEDY, None)
    return None


def fast_playout(game: Any, seats: tuple[str | None, ...]) -> Callable[[np.random.Generator], GoldMineState] | None:
    """``Hooks.fast_playout``: a function playing one whole game with the bots of ``seats``, or ``None``."""
    if type(game) is not GoldMine:
        return None
    seated = seated_bots(game, seats)
    if seated is None:
        return None
    plan: list[Seat] = []
    for bot in seated:
        seat = _seat(bot)
        if seat is None:
            return None
        plan.append(seat)
    return _runner(game, tuple(plan))


def _pick(r: int, counts: Sequence[int]) -> int:
    """The card ``sample_outcome`` draws: the first whose running count exceeds ``r`` (``r`` scaled by the gcd)."""
    i = 0
    while r >= counts[i]:
        r -= counts[i]
        i += 1
    return i


def burn_risk(
    face_up: bool, position: int, dragon: int, top: int, deck: Sequence[int], last_turn: bool
) -> tuple[int, int]:
    """P(the miner on ``position`` is burned if they explore now) as ``(numerator, denominator)``, not reduced:
    :func:`.odds.burn_risk`, which sums the rules' own outcomes, in closed form.

    ``deck``: the exploration counts (nugget, lantern, eyes, dragon) left (face up: without the
    visible ``top``, a kind index); ``last_turn``: this turn reaches ``turn_limit`` (E3: whoever is
    still inside afterwards burns, so only a step onto the ladder escapes).

    Face down, one card is drawn: next to Dragobert a dragon (he moves onto the miner's card) and an
    eyes card (it walks the miner onto his) burn, nothing else does. Face up, the visible card is
    taken (eyes next to him burn, a lantern from card 1 reaches the ladder), then cards are revealed
    until one is not a dragon: the miner burns if the first ``dragon - position`` revealed are all
    dragons, ``perm(dragons, m) / perm(cards, m)``.
    """
    cards = deck[NUGGET] + deck[LANTERN] + deck[EYES] + deck[DRAGON]
    if not face_up:
        if last_turn:
            return cards - (deck[LANTERN] if position == 1 else 0), cards
        return (deck[EYES] + deck[DRAGON] if position == dragon - 1 else 0), cards
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


def _burn(p: int, pos: list[int], kept: list[list[str]], shown: list[int], discard: list[int],
          exit_index: dict[str, int]) -> None:
    """``_Work.burn``: out of the round, the cards kept this round back to their discards (D3)."""
    pos[p] = BURNED
    for c in kept[p]:
        if c in KIND_INDEX:
            shown[KIND_INDEX[c]] += 1
        else:
            discard[exit_index[c]] += 1
    kept[p] = []


def _runner(game: GoldMine, plan: tuple[Seat, ...]) -> Callable[[np.random.Generator], GoldMineState]:
    """The playout of ``game`` with one bot per seat (see the module docstring)."""
    config = game.config
    n = game.num_players
    first = game.initial_state()
    face_up = game.face_up
    cart, track, limit = config.cart, config.track_length, config.turn_limit
    deck0 = game.explore0
    names = game.exit_names
    n_exits = len(names)
    exit0 = list(game.exit0)
    exit_index = {name: i for i, name in enumerate(names)}
    options = tuple(tuple(EXIT_OPTIONS.index(o) for o in name.split("|")) for name in names)
    fixed: tuple[tuple[Resolution, ...] | None, ...] = tuple(
        None if SWAP in opts else tuple((o, NO_TARGET) for o in opts) for opts in options
    )  # the resolutions of a card without SWAP, the same whoever is inside
    nugget, lantern, eyes = EXPLORE_KINDS[NUGGET], EXPLORE_KINDS[LANTERN], EXPLORE_KINDS[EYES]
    gold_of = {c: _card_gold(c) for c in (*CARD_GOLD, *names)}
    rounds, awards = config.rounds, config.token_awards

    def run(rng: np.random.Generator) -> GoldMineState:
        draw, finish = integer_draws(rng)
        try:
            return play(draw)
        finally:
            finish()

    def play(draw: Draw) -> GoldMineState:
        rnd, start, tokens, pool, results = first.round, first.start, first.tokens, first.pool, first.results
        while True:  # a round: GoldMine.round_start
            pos = [cart] * n
            rungs = [0] * n
            kept: list[list[str]] = [[] for _ in range(n)]
            dragon = track
            e0, e1, e2, e3 = deck0
            shown = [0, 0, 0, 0]  # explore_discard
            exits = list(exit0)
            left = sum(exits)
            discard = [0] * n_exits
            top = NO_CARD
            turns = 0
            inside, ladder = n, 0
            t = start
            if face_up:  # phase "setup": the top card, never a dragon (D7)
                cards, g = e0 + e1 + e2, gcd(e0, e1, e2)
                if cards == g:
                    top = NUGGET if e0 else LANTERN if e1 else EYES
                else:
                    r = draw(cards // g) * g
                    top = NUGGET if r < e0 else LANTERN if r < e0 + e1 else EYES
                if top == NUGGET:
                    e0 -= 1
                elif top == LANTERN:
                    e1 -= 1
                else:
                    e2 -= 1
            while True:  # a turn: phase "turn" of player t
                can_explore = top != NO_CARD if face_up else e0 + e1 + e2 + e3 > 0
                can_exit = left > 0 or any(discard)
                kind, arg = plan[t]
                if kind == RANDOM:
                    if can_explore and can_exit:
                        explore = draw(2) == 0
                    elif can_explore or can_exit:
                        draw(1)
                        explore = can_explore
                    else:
                        raise AssertionError("a turn without a legal action")
                elif not (can_explore and can_exit):  # a forced move: GoldMineBot.act plays it
                    if not (can_explore or can_exit):
                        raise AssertionError("a turn without a legal action")
                    explore = can_explore
                elif kind == THRESHOLD:
                    num, den = arg
                    explore = e3 * den < num * (e0 + e1 + e2 + e3)
                elif kind == BURN:
                    num, den = arg
                    if face_up or turns + 1 >= limit:
                        risk, cards = burn_risk(face_up, pos[t], dragon, top, (e0, e1, e2, e3), turns + 1 >= limit)
                    else:  # burn_risk face down, inline: next to Dragobert, a dragon or an eyes card burns
                        risk, cards = (e2 + e3 if pos[t] == dragon - 1 else 0), e0 + e1 + e2 + e3
                    explore = risk * den < num * cards
                elif kind == CAUTIOUS:
                    explore = dragon - pos[t] >= arg
                else:  # GREEDY
                    explore = True
                turns += 1
                if explore:
                    if face_up:  # take the visible card
                        card = top
                        top = NO_CARD
                    else:  # phase "explore": draw one
                        cards, g = e0 + e1 + e2 + e3, gcd(e0, e1, e2, e3)
                        if cards == g:
                            card = NUGGET if e0 else LANTERN if e1 else EYES if e2 else DRAGON
                        else:
                            r = draw(cards // g) * g
                            card = NUGGET if r < e0 else LANTERN if r < e0 + e1 else EYES if r < e0 + e1 + e2 else DRAGON
                        if card == NUGGET:
                            e0 -= 1
                        elif card == LANTERN:
                            e1 -= 1
                        elif card == EYES:
                            e2 -= 1
                        else:
                            e3 -= 1
                    if card == NUGGET:  # _Work.take
                        kept[t].append(nugget)
                    elif card == LANTERN:
                        kept[t].append(lantern)
                        q = pos[t] - 1
                        if q <= 0:
                            pos[t] = 0
                            ladder += 1
                            rungs[t] = ladder
                            inside -= 1
                        else:
                            pos[t] = q
                    elif card == EYES:
                        kept[t].append(eyes)
                        q = pos[t] + 1
                        if q >= dragon:
                            _burn(t, pos, kept, shown, discard, exit_index)
                            inside -= 1
                        else:
                            pos[t] = q
                    else:  # a dragon (face down only: a face-up top card is never one)
                        shown[DRAGON] += 1
                        dragon -= 1
                        for i in range(n):
                            if pos[i] >= dragon:
                                _burn(i, pos, kept, shown, discard, exit_index)
                                inside -= 1
                    if face_up:  # _Work.after_take: phase "reveal" while somebody is inside and cards are left
                        while inside and (e0 or e1 or e2 or e3):
                            cards, g = e0 + e1 + e2 + e3, gcd(e0, e1, e2, e3)
                            if cards == g:
                                card = NUGGET if e0 else LANTERN if e1 else EYES if e2 else DRAGON
                            else:
                                r = draw(cards // g) * g
                                card = (NUGGET if r < e0 else LANTERN if r < e0 + e1 else EYES if r < e0 + e1 + e2
                                        else DRAGON)
                            if card != DRAGON:
                                if card == NUGGET:
                                    e0 -= 1
                                elif card == LANTERN:
                                    e1 -= 1
                                else:
                                    e2 -= 1
                                top = card
                                break
                            e3 -= 1  # a revealed dragon resolves at once
                            shown[DRAGON] += 1
                            dragon -= 1
                            for i in range(n):
                                if pos[i] >= dragon:
                                    _burn(i, pos, kept, shown, discard, exit_index)
                                    inside -= 1
                else:  # phase "exit": draw an exit card (the discards reshuffled once the deck is empty)
                    deck = exits if left else discard
                    cards, g = (left if left else sum(discard)), gcd(*deck)
                    x = _pick(0 if cards == g else draw(cards // g) * g, deck)
                    if left:
                        exits[x] -= 1
                        left -= 1
                    else:
                        exits, discard = discard, [0] * n_exits
                        exits[x] -= 1
                        left = cards - 1
                    res = fixed[x]
                    if res is None:  # GoldMineState._resolutions
                        out: list[Resolution] = []
                        for o in options[x]:
                            if o == SWAP:
                                targets = [(SWAP, i) for i in range(n) if pos[i] > 0 and i != t]
                                out += targets if targets else [(SWAP, NO_TARGET)]
                            else:
                                out.append((o, NO_TARGET))
                        res = tuple(out)
                    if len(res) == 1:  # E1
                        o, target = res[0]
                    elif kind == RANDOM:
                        o, target = res[draw(len(res))]
                    elif kind == GREEDY and (GOLD3, NO_TARGET) in res:
                        o, target = GOLD3, NO_TARGET
                    else:  # nearest_exit: the first of the least position_after
                        q = pos[t]
                        best, least = res[0], 1 << 30
                        for a in res:
                            o, target = a
                            if o in (L1, ALL1):
                                after = q - 1 if q > 1 else 0
                            elif o == L2:
                                after = q - 2 if q > 2 else 0
                            elif o == SWAP and target != NO_TARGET:
                                after = pos[target]
                            else:
                                after = q
                            if after < least:
                                least, best = after, a
                        o, target = best
                    if o == GOLD3:  # _Work.resolve_exit
                        kept[t].append(names[x])
                    else:
                        discard[x] += 1
                        if o in (L1, L2):
                            q = pos[t] - (1 if o == L1 else 2)
                            if q <= 0:
                                pos[t] = 0
                                ladder += 1
                                rungs[t] = ladder
                                inside -= 1
                            else:
                                pos[t] = q
                        elif o == ALL1:  # from the active player clockwise
                            for k in range(n):
                                i = (t + k) % n
                                q = pos[i]
                                if q > 1:
                                    pos[i] = q - 1
                                elif q == 1:
                                    pos[i] = 0
                                    ladder += 1
                                    rungs[i] = ladder
                                    inside -= 1
                        elif target != NO_TARGET:  # SWAP
                            pos[t], pos[target] = pos[target], pos[t]
                # _Work.end_turn
                if not inside:
                    break
                if turns >= limit:  # E3: the mine collapses
                    for i in range(n):
                        if pos[i] > 0:
                            _burn(i, pos, kept, shown, discard, exit_index)
                    inside = 0
                    break
                t = t + 1 if t + 1 < n else 0
                while pos[t] <= 0:
                    t = t + 1 if t + 1 < n else 0
            if rnd >= rounds:  # the last round: the rules score it from the state they would hold (_Work.close_round)
                end = GoldMineState(
                    game=game, round=rnd, start=start, turn=t, phase=TURN, positions=tuple(pos), rungs=tuple(rungs),
                    dragon=dragon, kept=tuple(tuple(k) for k in kept), tokens=tokens, pool=pool,
                    explore=(e0, e1, e2, e3), explore_discard=tuple(shown),
                    top=None if top == NO_CARD else EXPLORE_KINDS[top], exits=tuple(exits),
                    exit_discard=tuple(discard), card=None, turns=turns, results=results,
                )
                return _Work(end).close_round()
            # _Work.close_round of a round before the last (D6, E2)
            gold = [sum(gold_of[c] for c in kept[i]) if rungs[i] else 0 for i in range(n)]
            ranked = sorted((i for i in range(n) if rungs[i]), key=lambda i: (-gold[i], rungs[i]))
            awarded = [0] * n
            for i, award in zip(ranked, awards):
                awarded[i] = min(award, pool)
                pool -= awarded[i]
            winner = ranked[0] if ranked else None
            results = results + (RoundResult(rnd, tuple(gold), tuple(rungs), tuple(awarded), winner),)
            tokens = tuple(a + b for a, b in zip(tokens, awarded))
            start = winner if winner is not None else (start + 1) % n
            rnd += 1

    return run
