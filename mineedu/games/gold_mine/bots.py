"""Bots for My Gold Mine. Each sees only its observation and the legal actions.

Every bot decides in ``decide(view, seat, draw)`` on the rules' kernel
(:class:`.kernel.View`, the codes of :mod:`.kernel`), the code of its move:
tournaments call it on the kernel they play, and ``act(obs, legal, rng)`` (a
lesson, the engine's loop), through ``choose``, on the kernel of the observation.
``why(obs, action, lang)`` is a one-line reason in French or English for the board's log.

>>> import mineedu, numpy as np
>>> s = mineedu.make("gold_mine", players=4).initial_state()
>>> bot = ThresholdBot(0.15)
>>> a = bot.act(s.observation(0), s.legal_actions(), np.random.default_rng(0))
>>> a, bot.why(s.observation(0), a, "fr")
(('explore',), "P(dragon) = 8/58 ≈ 13,8\\xa0% < 15\\xa0%\\xa0: j'explore")
>>> bot.why(s.observation(0), a, "en")
'P(dragon) = 8/58 ≈ 13.8% < 15%: I explore'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, cast

import numpy as np

from mineedu.core import Texts, fraction_text
from mineedu.core.draws import draw_of
from mineedu.core.i18n import format_number
from mineedu.core.native import mypyc_attr
from mineedu.core.protocol import Bot

from .cards import EXIT_ACTION, EXPLORE_ACTION
from .kernel import (
    ALL1,
    DRAGON,
    EXIT_A,
    EXPLORE_A,
    EYES,
    GOLD3,
    L1,
    L2,
    LANTERN,
    NONE,
    NUGGET,
    OPTION,
    SWAP,
    View,
    burn_counts,
    can_exit,
    can_explore,
    resolution,
    resolutions,
)
from .kernel import legal as legal_of
from .odds import burn_risk, dragon_fraction
from .rules import GoldMineView, kernel_of
from .words import threshold_text

Draw = Callable[[int], int]

T = Texts({
    "random": {"fr": "au hasard : {what}", "en": "at random: {what}"},
    "explore": {"fr": "j'explore", "en": "I explore"},
    "exit": {"fr": "je prends une carte Sortie", "en": "I take an exit card"},
    "risk": {"fr": "P(dragon) = {f} ≈ {pc} {cmp} {t} : {what}", "en": "P(dragon) = {f} ≈ {pc} {cmp} {t}: {what}"},
    "burn": {"fr": "P(grillé) = {f} ≈ {pc} {cmp} {t} : {what}", "en": "P(burned) = {f} ≈ {pc} {cmp} {t}: {what}"},
    "far": {"fr": "Dragobert est à {d} cases (≥ {m}) : {what}", "en": "Dragobert is {d} cards away (≥ {m}): {what}"},
    "near": {"fr": "Dragobert est à {d} cases (< {m}) : {what}", "en": "Dragobert is only {d} cards away (< {m}): {what}"},
    "greedy": {"fr": "toujours plus d'or : {what}", "en": "always more gold: {what}"},
    "only": {"fr": "seul choix possible : {what}", "en": "the only choice: {what}"},
    "L1": {"fr": "j'avance d'une case vers la sortie", "en": "I move 1 toward the exit"},
    "L2": {"fr": "j'avance de deux cases vers la sortie", "en": "I move 2 toward the exit"},
    "ALL1": {"fr": "tout le monde avance d'une case", "en": "everyone moves 1 toward the exit"},
    "SWAP": {"fr": "j'échange ma place avec J{t}", "en": "I swap places with P{t}"},
    "SWAP0": {"fr": "échange sans effet (personne d'autre dans la mine)", "en": "a swap with no effect (nobody else inside)"},
    "GOLD3": {"fr": "je garde la carte : 3 pépites", "en": "I keep the card: 3 gold"},
    "nearest": {"fr": "au plus près de la sortie : {what}", "en": "closest to the exit: {what}"},
})


def describe(action: Any, lang: str = "fr") -> str:
    """An action in words (``("option", "L2")`` -> ``"I move 2 toward the exit"``)."""
    if action == EXPLORE_ACTION:
        return T("explore", lang)
    if action == EXIT_ACTION:
        return T("exit", lang)
    if action[1] == "SWAP":
        return T("SWAP", lang, t=action[2] + 1) if len(action) == 3 else T("SWAP0", lang)
    return T(action[1], lang)


def position_after(view: View, seat: int, code: int) -> int:
    """Where ``seat``'s miner stands after the exit resolution ``code`` (0 = the ladder)."""
    pos = view.pos[seat]
    opt = code // 8
    if opt in (L1, ALL1):
        return max(pos - 1, 0)
    if opt == L2:
        return max(pos - 2, 0)
    if opt == SWAP and code % 8:
        return view.pos[code % 8 - 1]
    return pos


def nearest_exit(view: View, seat: int, legal: list[int]) -> int:
    """The exit resolution that brings ``seat`` closest to the ladder (the first such in ``legal``): its index."""
    best, at = position_after(view, seat, legal[0]), 0
    for i in range(1, len(legal)):
        q = position_after(view, seat, legal[i])
        if q < best:
            best, at = q, i
    return at


@mypyc_attr(allow_interpreted_subclasses=True)
class GoldMineBot:  # no BaseBot base: mypyc compiles a class natively only if its bases are compiled
    """Base: decisions at the turn (``explores``) and at an exit card (``pick_option``), on the kernel."""

    name = "base"

    def act(self, obs: GoldMineView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        codes = [obs.game.codes[a] for a in legal]
        return legal[self.choose(kernel_of(obs), cast(int, obs.viewer), codes, draw_of(rng))]

    def choose(self, view: View, seat: int, legal: list[int], draw: Draw) -> int:
        """The index in ``legal`` (codes) of the move :meth:`decide` makes."""
        return legal.index(self.decide(view, seat, draw))

    def decide(self, view: View, seat: int, draw: Draw) -> int:
        """The code of this bot's move: a forced one as it is, else :meth:`pick_option` at an exit card and
        :meth:`explores` at a turn."""
        if view.phase == OPTION:
            res = resolutions(view, view.card)
            return res[0] if len(res) == 1 else res[self.pick_option(view, seat, res)]
        explore, leave = can_explore(view), can_exit(view)
        if explore and leave:
            return EXPLORE_A if self.explores(view, seat) else EXIT_A
        return EXPLORE_A if explore else EXIT_A

    def explores(self, view: View, seat: int) -> bool:
        raise NotImplementedError

    def pick_option(self, view: View, seat: int, legal: list[int]) -> int:
        return nearest_exit(view, seat, legal)

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        raise NotImplementedError

    def why(self, obs: GoldMineView, action: Any, lang: str = "fr") -> str:
        what = describe(action, lang)
        if action == EXIT_ACTION and not can_explore(kernel_of(obs)):
            return T("only", lang, what=what)
        if action[0] == "option":
            return T("nearest", lang, what=what)
        return self.turn_reason(obs, what, lang)

    def explores_at(self, obs: GoldMineView) -> bool:
        """:meth:`explores` for the viewer of ``obs``."""
        return self.explores(kernel_of(obs), cast(int, obs.viewer))


@mypyc_attr(allow_interpreted_subclasses=True)
class RandomBot(GoldMineBot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def act(self, obs: GoldMineView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        return legal[draw_of(rng)(len(legal))]  # reads no position: the draw of decide over the legal codes

    def decide(self, view: View, seat: int, draw: Draw) -> int:
        codes = legal_of(view)
        return codes[draw(len(codes))]

    def why(self, obs: GoldMineView, action: Any, lang: str = "fr") -> str:
        return T("random", lang, what=describe(action, lang))


def as_written(threshold: float) -> tuple[int, int]:
    """A threshold as the decimal it is written as, ``(numerator, denominator)``: 0.2 is 1/5, not the
    binary float just above it, so a risk of exactly 1/5 is not "< 20 %" (nor 7/25 "< 28 %", where
    ``0.28 * 25`` is 7.000000000000001).

    >>> as_written(0.2), as_written(0.15), as_written(1)
    ((1, 5), (3, 20), (1, 1))
    """
    exact = Fraction(repr(float(threshold)))
    return exact.numerator, exact.denominator


@mypyc_attr(allow_interpreted_subclasses=True)
class ThresholdBot(GoldMineBot):
    """Explores while P(the next card is a dragon) < ``threshold``; else takes an exit card."""

    name = "threshold"

    def __init__(self, threshold: float = 0.15) -> None:
        if not 0 <= threshold <= 1:
            raise ValueError(f"the threshold is a probability in [0, 1], not {threshold}")
        self.threshold = threshold
        self._ratio = as_written(threshold)

    def explores(self, view: View, seat: int) -> bool:
        e = view.explore
        d, n = e[DRAGON], e[NUGGET] + e[LANTERN] + e[EYES] + e[DRAGON]
        num, den = self._ratio
        return n > 0 and d * den < num * n  # = d / n < threshold, exactly

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        d, n = dragon_fraction(obs)
        cmp = "<" if self.explores_at(obs) else "≥"
        return T("risk", lang, f=f"{d}/{n}", pc=format_number(d / n if n else 0.0, lang, percent=True), cmp=cmp,
                 t=threshold_text(self.threshold, lang), what=what)


@mypyc_attr(allow_interpreted_subclasses=True)
class BurnBot(ThresholdBot):
    """Explores while P(I am burned if I explore now) < ``threshold``: the risk that matters."""

    name = "burn"

    def __init__(self, threshold: float = 0.2) -> None:
        super().__init__(threshold)

    def explores(self, view: View, seat: int) -> bool:
        risk, cards = burn_counts(view, seat)
        num, den = self._ratio
        return risk * den < num * cards  # = risk < threshold, exactly, without a Fraction

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        r = burn_risk(obs, obs.viewer)
        return T("burn", lang, f=fraction_text(r), pc=format_number(float(r), lang, percent=True),
                 cmp="<" if self.explores_at(obs) else "≥", t=threshold_text(self.threshold, lang), what=what)


@mypyc_attr(allow_interpreted_subclasses=True)
class CautiousBot(GoldMineBot):
    """Explores only while Dragobert is at least ``margin`` cards away; heads for the exit."""

    name = "cautious"

    def __init__(self, margin: int = 3) -> None:
        if margin < 1:
            raise ValueError(f"the margin is a number of cards >= 1, not {margin}")
        self.margin = margin

    def explores(self, view: View, seat: int) -> bool:
        return view.dragon - view.pos[seat] >= self.margin

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        d = obs.dragon - obs.positions[cast(int, obs.viewer)]
        return T("far" if d >= self.margin else "near", lang, d=d, m=self.margin, what=what)


@mypyc_attr(allow_interpreted_subclasses=True)
class GreedyBot(GoldMineBot):
    """Always explores when it can; on an exit card takes the 3 gold if offered."""

    name = "greedy"

    def explores(self, view: View, seat: int) -> bool:
        return True

    def pick_option(self, view: View, seat: int, legal: list[int]) -> int:
        gold = resolution(GOLD3, NONE)
        return legal.index(gold) if gold in legal else nearest_exit(view, seat, legal)

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        return T("greedy", lang, what=what)

    def why(self, obs: GoldMineView, action: Any, lang: str = "fr") -> str:
        if action == ("option", "GOLD3"):
            return T("greedy", lang, what=describe(action, lang))
        return super().why(obs, action, lang)


BOTS: dict[str, Callable[[str | None], Bot]] = {
    "random": lambda arg: RandomBot(),
    "threshold": lambda arg: ThresholdBot(float(arg) if arg else 0.15),
    "burn": lambda arg: BurnBot(float(arg) if arg else 0.2),
    "cautious": lambda arg: CautiousBot(int(arg) if arg else 3),
    "greedy": lambda arg: GreedyBot(),
}
"""Bot specs: ``random``, ``threshold[:t]`` (explore while P(dragon next) < t, 0.15),
``burn[:t]`` (explore while P(burned if I explore) < t, 0.2), ``cautious[:margin]`` (3), ``greedy``."""
