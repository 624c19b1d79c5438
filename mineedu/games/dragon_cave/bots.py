"""Bots for the dragon's cave. Each picks one of the legal actions from its view of the cave
(:class:`~.rules.DragonCaveView`: everything is public) and says why in French or English.

* ``random``: uniformly among the legal actions;
* ``turnback:n``: captures every card it leaves until it carries ``n`` (default 2), then turns back;
* ``greedy:k``: dives at full speed taking nothing until depth ``k`` (default: as deep as it can),
  turns back there with that card and runs home;
* ``odds:p``: weighs every action by (P(escape) from :mod:`.odds`) × (expected treasure),
  never taking an action whose escape chance is below ``p`` (default 0.5) when it has another.

Each decides in ``decide(view, seat, draw)`` on the rules' kernel (:class:`.kernel.View`, moves
coded by :func:`.kernel.move_code`, listed a run at a time by :func:`.kernel.runs`): tournaments
call it on the kernel they play, and ``act(obs, legal, rng)`` (a lesson, the engine's loop), through
``choose``, on the kernel of the observation. The odds bot looks each candidate move ahead
(:func:`.kernel.ahead`), keeps its odds as whole-number ratios (the very numbers of :mod:`.odds`), and
remembers its choices (bounded memos, one per config) by everything they read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from mineedu.core import Bot, RandomBot, Texts
from mineedu.core.draws import draw_of
from mineedu.core.i18n import format_number
from mineedu.core.memo import remember
from mineedu.core.native import mypyc_attr

from .kernel import (
    EATEN,
    IN,
    OUT,
    Table,
    View,
    ahead,
    back_of,
    capture_of,
    drop_of,
    free,
    move_code,
    moves_of,
    occupied_mask,
    steps_of,
    treasure,
)
from .odds import escape_probability
from .rules import DragonCaveView, kernel_of
from .words import cards, steps

Draw = Callable[[int], int]
MEMO_SIZE = 1 << 16
"""The most entries of each memo (a full memo is emptied and starts again)."""

Move = tuple[str, int, bool, int, bool]

WHY = Texts({
    "home": {"fr": "rentre avec {cards}, encore {steps} jusqu'à l'entrée",
             "en": "heading home with {cards}, {steps} to go"},
    "enough": {"fr": "porte {held} sur les {n} voulues\u00a0: demi-tour",
               "en": "carries {held} of the {n} it wants: turns back"},
    "collect": {"fr": "en veut {n}, en porte {held}\u00a0: prend la carte qu'il quitte",
                "en": "wants {n}, carries {held}: takes the card it leaves"},
    "walk_in": {"fr": "en veut {n}, en porte {held}\u00a0: avance", "en": "wants {n}, carries {held}: goes on"},
    "dive": {"fr": "plonge sans rien prendre jusqu'à la carte {k}", "en": "dives taking nothing down to card {k}"},
    "dive_deep": {"fr": "plonge sans rien prendre, aussi loin que possible", "en": "dives taking nothing, as deep as it can"},
    "deep_enough": {"fr": "carte {k} atteinte\u00a0: demi-tour avec elle", "en": "card {k} reached: turns back with it"},
    "no_room": {"fr": "plus de carte libre devant\u00a0: demi-tour avec celle-ci",
                "en": "no free card ahead: turns back with this one"},
    "odds": {"fr": "P(sortir) ≈ {pe}, trésor espéré ≈ {ev} ({best}, seuil {p_min})",
             "en": "P(escape) ≈ {pe}, expected treasure ≈ {ev} ({best}, threshold {p_min})"},
    "best_of": {"fr": "le meilleur de {k} choix", "en": "the best of {k} choices"},
    "only": {"fr": "seul choix", "en": "its only choice"},
})


def fastest(codes: list[int], back: bool | None = None, capture: bool | None = None, drop: int = -1) -> int:
    """The index of the fastest of ``codes`` (moves, or runs of them: :func:`.kernel.runs`) with the wished
    ``back``/``capture``/``drop``, the first if tied; wishes the rules refuse are dropped one by one (capture
    first, then the direction); -1 if no code drops ``drop``."""
    for wb, wc in ((back, capture), (back, None), (None, None)):
        best, at = -1, -1
        for i, a in enumerate(codes):
            if (drop_of(a) == drop and (wb is None or back_of(a) == wb) and (wc is None or capture_of(a) == wc)
                    and steps_of(a) > best):
                best, at = steps_of(a), i
        if at >= 0:
            return at
    return -1


def run_to(runs: list[int], back: bool | None = None, capture: bool | None = None) -> int:
    """The code of the fastest move keeping every card with the wished ``back``/``capture`` (:func:`fastest`
    over the runs of :func:`.kernel.runs`: a run's fastest move is its code; one keeping every card is always
    legal)."""
    return runs[fastest(runs, back, capture)]


@mypyc_attr(allow_interpreted_subclasses=True)
class KernelBot:  # no BaseBot base: mypyc compiles a class natively only if its bases are compiled
    """A bot deciding on the kernel (:meth:`decide`); ``act`` asks it on the kernel of the observation."""

    def act(self, obs: DragonCaveView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        codes = [move_code(a[1], a[2], a[3], a[4]) for a in legal]
        return legal[self.choose(kernel_of(obs), obs.turn, codes, draw_of(rng))]

    def choose(self, view: View, seat: int, legal: list[int], draw: Draw) -> int:
        """The index in ``legal`` (codes) of the move :meth:`decide` makes."""
        return legal.index(self.decide(view, seat, draw))

    def decide(self, view: View, seat: int, draw: Draw) -> int:
        """The code of this bot's move for ``seat``, the player to move."""
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnBackBot(KernelBot):
    """Turn back after ``n`` cards: capture each card it leaves until it holds ``n``."""

    def __init__(self, n: int = 2) -> None:
        if n < 1:
            raise ValueError("turnback needs n >= 1")
        self.n = n
        self.name = f"turnback:{n}"

    def decide(self, view: View, seat: int, draw: Draw) -> int:
        runs = moves_of(view, seat, False)
        if view.returning[seat]:
            return run_to(runs, capture=False)
        if len(view.carried[seat]) >= self.n:
            return run_to(runs, back=True, capture=False)
        return run_to(runs, back=False, capture=True)

    def why(self, obs: DragonCaveView, action: Any, lang: str) -> str:
        p = obs.turn
        held = len(obs.carried[p])
        if obs.returning[p]:
            return home_words(obs, p, lang)
        if action[2]:
            return WHY("enough", lang, held=held, n=self.n)
        return WHY("collect" if action[4] else "walk_in", lang, held=held, n=self.n)


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyDepthBot(KernelBot):
    """Dive as deep as ``depth`` (or as deep as possible), turn back with that card, run home."""

    def __init__(self, depth: int | None = None) -> None:
        self.depth = depth
        self.name = "greedy" if depth is None else f"greedy:{depth}"

    def decide(self, view: View, seat: int, draw: Draw) -> int:
        runs = moves_of(view, seat, False)
        if view.returning[seat]:
            return run_to(runs, capture=False)
        deep_enough = self.depth is not None and view.pos[seat] >= self.depth
        if deep_enough or all(back_of(a) for a in runs):  # or no way forward
            return run_to(runs, back=True, capture=True)
        return run_to(runs, back=False, capture=False)

    def why(self, obs: DragonCaveView, action: Any, lang: str) -> str:
        p = obs.turn
        if obs.returning[p]:
            return home_words(obs, p, lang)
        if action[2]:
            deep_enough = self.depth is not None and obs.pos[p] >= self.depth
            return WHY("deep_enough" if deep_enough else "no_room", lang, k=obs.pos[p] + 1)
        return WHY("dive_deep", lang) if self.depth is None else WHY("dive", lang, k=self.depth + 1)


class _Memo:
    """What the odds bot worked out for one config: its choices, and each race's P(escape) as a whole-number
    ratio with whether it reaches the bot's threshold."""

    def __init__(self) -> None:
        self.choices: dict[tuple[Any, ...], int] = {}
        self.escapes: dict[tuple[Any, ...], tuple[bool, int, int]] = {}


_MEMOS: dict[Table, _Memo] = {}


def _memo(t: Table) -> _Memo:
    memo = _MEMOS.get(t)
    return memo if memo is not None else remember(_MEMOS, t, _Memo(), 64)


@mypyc_attr(allow_interpreted_subclasses=True)
class OddsBot(KernelBot):
    """Chooses the move with the best P(escape) × expected treasure (see the module doc)."""

    def __init__(self, p_min: float = 0.5) -> None:
        self.p_min = p_min
        self.name = f"odds:{p_min}"

    def value(self, state: Any, after: View | DragonCaveView, p: int) -> tuple[Fraction, Fraction]:
        """(P(escape), expected final treasure) for ``p`` in ``after``, the position just after p's move
        (a kernel, or a view: :meth:`~.rules.DragonCaveView.after`): :meth:`figures` as fractions."""
        k = kernel_of(after) if isinstance(after, DragonCaveView) else after
        _, pn, pd, en, ed = self.figures(k, p)
        return Fraction(pn, pd), Fraction(en, ed)

    def figures(self, k: View, p: int) -> tuple[bool, int, int, int, int]:
        """Whether P(escape) reaches ``p_min``, P(escape) and the expected final treasure (each a
        ``(numerator, denominator)``) for ``p`` in ``k``, the position just after p's move.

        A miner still going forward is valued as if turning back at their next turn with the card
        they stand on.
        """
        t = k.t
        status = k.status
        if status[p] == EATEN:
            return self.p_min <= 0, 0, 1, 0, 1
        if status[p] == OUT:
            tn, td = treasure(k, k.carried[p])
            return self.p_min <= 1, 1, 1, tn, td
        # everyone else still inside will be coming home too, with at least one card
        others = tuple([max(1, len(k.carried[q])) for q in range(len(status)) if q != p and status[q] == IN])
        i = k.pos[p]
        home = free(occupied_mask(k.pos, status), k.dragon, i, True)
        cards = list(k.carried[p])
        pending = False
        for ev in k.pending:
            if ev[0] == "dragon" and ev[1] == p:
                pending = True
        d = k.dragon
        if not k.returning[p] and i >= 0 and len(cards) < t.max_carry:
            cards.append(k.path[i])
            d -= 1
        escapes = _memo(t).escapes
        key = (self.p_min, home, len(cards), d, others, pending)
        known = escapes.get(key)
        if known is None:
            pe = escape_probability(home, len(cards), d, t.cfg, others, dragon_first=pending)
            known = remember(escapes, key, (pe >= self.p_min, pe.numerator, pe.denominator), MEMO_SIZE)
        ok, pn, pd = known
        tn, td = treasure(k, cards)
        return ok, pn, pd, pn * tn, pd * td

    def decide(self, view: View, seat: int, draw: Draw) -> int:
        # all the choice reads: the mover's card, load, direction and die, the cards from theirs to
        # the dragon, the others inside (where, how loaded: each counts alike), the face-down counts
        i = view.pos[seat]
        status = view.status
        others = sorted([(view.pos[q], len(view.carried[q])) for q in range(len(status)) if q != seat and status[q] == IN])
        key = (self.p_min, view.turns + 1 >= view.t.max_turns, view.roll, i, view.returning[seat],
               tuple(view.carried[seat]), view.dragon, tuple(others), tuple(view.path[max(i, 0):view.dragon]), view.pool)
        choices = _memo(view.t).choices
        move = choices.get(key)
        if move is None:
            move = remember(choices, key, self.weigh(view, seat), MEMO_SIZE)
        return move

    def weigh(self, view: View, seat: int) -> int:
        """The move of :meth:`decide`, worked out: of the fastest move of each (drop, turn back, capture)
        (:func:`.kernel.runs`), the one with the highest (P(escape) >= p_min, expected treasure, steps,
        P(escape)), the last if tied."""
        move = -1
        bok, bpn, bpd, ben, bed, bsteps = False, 0, 1, 0, 1, 0
        for a in moves_of(view, seat):
            ok, pn, pd, en, ed = self.figures(ahead(view, a), seat)
            steps = steps_of(a)
            if move < 0:
                better = True
            elif ok != bok:
                better = ok
            elif en * bed != ben * ed:
                better = en * bed > ben * ed
            elif steps != bsteps:
                better = steps > bsteps
            else:
                better = pn * bpd >= bpn * pd
            if better:
                move, bok, bpn, bpd, ben, bed, bsteps = a, ok, pn, pd, en, ed, steps
        return move

    def why(self, obs: DragonCaveView, action: Any, lang: str) -> str:
        p = obs.turn
        pe, ev = self.value(obs, obs.after(action), p)
        digits = 0 if float(100 * self.p_min).is_integer() else 1
        k = len(moves_of(kernel_of(obs), p))  # the moves it weighs
        best = WHY("best_of", lang, k=k) if k > 1 else WHY("only", lang)
        return WHY("odds", lang, pe=format_number(float(pe), lang, percent=True), ev=format_number(float(ev), lang, 2),
                   best=best, p_min=format_number(self.p_min, lang, digits, percent=True))


NAMES = Texts({
    "random": {"fr": "au hasard", "en": "random"},
    "turnback": {"fr": "retour à {n}", "en": "back at {n}"},
    "greedy": {"fr": "plonge au fond", "en": "dives to the end"},
    "greedy_k": {"fr": "retour carte {k}", "en": "back at card {k}"},
    "odds": {"fr": "probabilités {p}", "en": "odds {p}"},
})


def bot_name(spec: str, lang: str = "fr") -> str:
    """A bot spec in words, short enough for a chart's label.

    >>> bot_name("turnback:2", "fr"), bot_name("greedy:11", "en"), bot_name("odds", "fr")
    ('retour à 2 cartes', 'back at card 12', 'probabilités 50\xa0%')
    """
    name, _, arg = spec.partition(":")
    try:
        if name == "turnback":
            return NAMES("turnback", lang, n=cards(int(arg or 2), lang))
        if name == "greedy":
            return NAMES("greedy", lang) if not arg else NAMES("greedy_k", lang, k=int(arg) + 1)
        if name == "odds":
            p = float(arg or 0.5)
            return NAMES("odds", lang, p=format_number(p, lang, 0 if float(100 * p).is_integer() else 1, percent=True))
    except ValueError:
        return spec
    return NAMES("random", lang) if name == "random" else spec


def home_words(obs: DragonCaveView, p: int, lang: str) -> str:
    return WHY("home", lang, cards=cards(len(obs.carried[p]), lang), steps=steps(obs.steps_to_entrance(p), lang))


BOTS: dict[str, Callable[[str | None], Bot]] = {
    "random": lambda arg: RandomBot(),
    "turnback": lambda arg: TurnBackBot(int(arg or 2)),
    "greedy": lambda arg: GreedyDepthBot(None if arg is None else int(arg)),
    "odds": lambda arg: OddsBot(float(arg or 0.5)),
}
