"""My Gold Mine's chance, simulated many trials at once (numpy): the exploration draws.

The lesson simulates what the exact odds of :mod:`.odds` compute: the dragons
among the next ``k`` exploration cards (draws without replacement, or with
replacement for the comparison), and a lone miner who explores card after
card next to Dragobert: burned, out on the ladder, or still inside, and with
how much gold. Each function takes a seeded :class:`numpy.random.Generator`
and returns counts with 95 % intervals (:mod:`mineedu.core.trials`); the
``*_by_engine`` functions play the same trial through the rules engine, one
chance node at a time (slow: they are the reference for the tests and the
benchmark).

>>> import numpy as np
>>> t = dragon_draws(3, 200_000, np.random.default_rng(1))
>>> t.trials, round(t.at_least(1).frequency, 2)          # exact 1 - C(50,3)/C(58,3) = 0.36
(200000, 0.36)
>>> e = explore(position=4, dragon=5, draws=1, trials=100_000, rng=np.random.default_rng(2), deck=(18, 15, 16, 5))
>>> round(e.burned.frequency, 2)                          # dragon or eyes: 21/54 = 0.39
0.39
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from mineedu.core import sample_outcome
from mineedu.core.trials import Proportion, Tally, chunks, draw

from . import odds
from .cards import CARD_GOLD, DRAGON, EXPLORE, EXPLORE_ACTION, EXPLORE_KINDS, EYES, LADDER, LANTERN
from .rules import GoldMine, GoldMineConfig


def start_deck(config: GoldMineConfig | None = None) -> tuple[int, ...]:
    """The exploration counts at the start of a round, in the order of ``EXPLORE_KINDS`` (D2)."""
    return GoldMine(3, config).explore0  # the rules' own reading of the config


def dragon_draws(k: int, trials: int, rng: np.random.Generator, deck: tuple[int, ...] | None = None,
                 *, replace: bool = False) -> Tally:
    """How many dragons come among the next ``k`` exploration cards, over ``trials`` trials
    (:func:`dragons_found`, counted)."""
    return Tally.of(dragons_found(k, trials, rng, deck, replace=replace))


def dragons_found(k: int, trials: int, rng: np.random.Generator, deck: tuple[int, ...] | None = None,
                  *, replace: bool = False) -> np.ndarray:
    """How many dragons come among the next ``k`` exploration cards, in each of ``trials`` trials (in order).

    ``deck``: the unseen cards by kind (default: a fresh round's 58). Without
    replacement (the rules) a draw is a dragon with probability dragons left /
    cards left, and the draws stop when the deck is empty, as in
    :func:`.odds.dragons_in_next`; with ``replace=True`` every card goes back
    (the lesson's comparison, 1 − (50/58)^k for at least one dragon).
    """
    deck = deck or start_deck()
    n, d = sum(deck), deck[DRAGON]
    if k < 0:
        raise ValueError(f"k must be >= 0, not {k}")
    if not replace:
        k = min(k, n)
    out = []
    for m in chunks(trials):
        found = np.zeros(m, dtype=np.int64)
        left = np.full(m, d, dtype=np.int64)
        for t in range(k):
            hit = rng.integers(0, n if replace else n - t, size=m) < (d if replace else left)
            found += hit
            if not replace:
                left -= hit
        out.append(found)
    return np.concatenate(out)


@dataclass(frozen=True)
class Exploration:
    """How the trials of a lone miner exploring card after card ended (see :func:`explore`)."""

    burned: Proportion
    """Burned: by a dragon card moving Dragobert onto the miner, or an eyes card walking them onto him (D3)."""
    ladder: Proportion
    """Out: a lantern card took the miner onto the ladder (D5)."""
    gold: Tally
    """Gold held at the end of the trial (0 when burned: the cards are lost, D3)."""
    dragons: Tally
    """Dragon cards drawn."""


def explore(position: int, dragon: int, draws: int, trials: int, rng: np.random.Generator,
            deck: tuple[int, ...] | None = None, held: int = 0) -> Exploration:
    """A lone miner on card ``position``, Dragobert on ``dragon``, explores ``draws`` times in a row.

    Nobody else is inside, so the miner draws every card (face-down deck, D7
    default). Each card is resolved by the rules D2/D3: a nugget gives 1 gold;
    a lantern 1 gold and one card toward the exit (onto the ladder from card
    1: the trial stops); eyes 2 gold and one card toward Dragobert (onto him:
    burned); a dragon moves Dragobert one card toward the exit (onto the miner:
    burned). The trial stops when the miner is out or the deck is empty.
    ``held``: gold the miner already holds (lost too when burned).

    ``draws=1`` next to Dragobert is the decision panel's burn risk:
    (dragons + eyes) / cards left.
    """
    deck = deck or start_deck()
    if not 1 <= position < dragon:
        raise ValueError(f"the miner stands inside the mine, on a card left of Dragobert (1..{dragon - 1}), not {position}")
    if draws < 0 or held < 0:
        raise ValueError("draws and held gold are whole numbers >= 0")
    card_gold = np.array([CARD_GOLD.get(k, 0) for k in EXPLORE_KINDS])
    burned_n = ladder_n = 0
    gold_out, dragons_out = [], []
    for m in chunks(trials):
        counts = np.repeat(np.array(deck, dtype=np.int64)[:, None], m, axis=1)
        pos = np.full(m, position, dtype=np.int64)
        drg = np.full(m, dragon, dtype=np.int64)
        gold = np.full(m, held, dtype=np.int64)
        seen = np.zeros(m, dtype=np.int64)
        burned = np.zeros(m, dtype=bool)
        out = np.zeros(m, dtype=bool)
        live = np.arange(m)
        for step in range(draws):
            if not live.size or step == sum(deck):  # an empty deck: only exit cards are left
                break
            sub = counts[:, live]
            kind = draw(sub, rng, left=sum(deck) - step)  # every trial still going has drawn `step` cards
            counts[:, live] = sub
            gold[live] += card_gold[kind]
            p = pos[live] - (kind == LANTERN) + (kind == EYES)
            d = drg[live] - (kind == DRAGON)
            seen[live] += kind == DRAGON
            now_burned = (kind != LANTERN) & (p >= d)  # D3: onto Dragobert, or Dragobert onto the miner
            now_out = p <= LADDER  # D5: a lantern from card 1
            pos[live], drg[live] = p, d
            burned[live[now_burned]] = True
            out[live[now_out]] = True
            live = live[~(now_burned | now_out)]
        gold[burned] = 0
        burned_n += int(burned.sum())
        ladder_n += int(out.sum())
        gold_out.append(gold)
        dragons_out.append(seen)
    return Exploration(Proportion(burned_n, trials), Proportion(ladder_n, trials),
                       Tally.of(np.concatenate(gold_out)), Tally.of(np.concatenate(dragons_out)))


# --- the same trials, played by the rules engine (the reference) ---------------------------


_lone_miner = odds.miner_alone  # where the engine's trials start (the name tests/test_simulate_gold_mine.py reads)


def explore_by_engine(position: int, dragon: int, draws: int, rng: np.random.Generator,
                      deck: tuple[int, ...] | None = None, held: int = 0) -> tuple[str, int, int]:
    """One trial of :func:`explore` played by the rules: ``(end, gold, dragons)``, end in
    ``"burned"``, ``"ladder"``, ``"inside"``."""
    s: Any = _lone_miner(position, dragon, deck or start_deck(), held)  # the rules' apply is typed State
    dragons = 0
    for _ in range(draws):
        if EXPLORE_ACTION not in s.legal_actions():
            break
        s = s.apply(EXPLORE_ACTION)
        kind = sample_outcome(s.chance_outcomes(), rng)
        dragons += kind == "dragon"
        s = s.apply(kind)
        if s.round > 1:  # nobody is left inside: the round was scored
            break
    if s.round == 1:
        return "inside", s.gold(0), dragons
    result = s.results[0]
    return ("ladder" if result.rungs[0] else "burned"), result.gold[0], dragons


def dragon_draws_by_engine(k: int, rng: np.random.Generator, deck: tuple[int, ...] | None = None) -> int:
    """One trial of :func:`dragon_draws` (without replacement) by the rules' chance node.

    Each draw is the engine's exploration draw; the miners are put back after
    each one, so only the deck changes from draw to draw.
    """
    s: Any = dataclasses.replace(_lone_miner(4, 8, deck or start_deck(), 0), phase=EXPLORE)
    dragons = 0
    for _ in range(k):
        if not any(s.explore):
            break
        kind = sample_outcome(s.chance_outcomes(), rng)
        dragons += kind == "dragon"
        s = dataclasses.replace(s, explore=s.apply(kind).explore)
    return dragons


def simulate_burn(position: Any = None, trials: int = 100_000, seed: int = 0, *, player: int | None = None,
                  draws: int = 1, **description: int) -> Proportion:
    """How often ``player`` (default: the one to move) is burned exploring ``draws`` cards in a row,
    over ``trials`` trials seeded by ``seed``: a frequency with its 95 % interval (``.ci95``).

    ``position``: a state or a view, or described as :func:`.odds.lone_miner` does
    (``cards=54, dragons=5, eyes=16``). The miner explores alone (:func:`explore`):
    with ``draws=1`` that is :func:`.odds.burn_risk` of the face-down deck, whoever
    else is in the mine.

    >>> b = simulate_burn(cards=54, dragons=5, eyes=16, trials=100_000, seed=1)
    >>> round(b.frequency, 2), [round(x, 3) for x in b.ci95]    # exact 21/54 = 0.389
    (0.39, [0.385, 0.391])
    """
    s, p = odds._turn_of(odds.given(position, description), player)
    if s.game.config.deck_mode != "face_down":
        raise ValueError("simulate_burn draws from a face-down deck; this game plays it face up (deck_mode)")
    if not odds.can_explore(s, p):
        raise ValueError(f"player {p} cannot explore now (on the ladder, burned, or the round is over)")
    return explore(s.positions[p], s.dragon, draws, trials, np.random.default_rng(seed), tuple(s.explore),
                   s.gold(p)).burned
