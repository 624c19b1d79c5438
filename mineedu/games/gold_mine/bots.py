"""Bots for My Gold Mine. Each sees only its observation and the legal actions.

Every bot has ``act(obs, legal, rng)`` and ``why(obs, action, lang)``, a
one-line reason in French or English for the board's log.

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

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, cast

import numpy as np

from mineedu.core import BaseBot, Texts, fraction_text
from mineedu.core.i18n import format_number

from .cards import EXIT_ACTION, EXPLORE_ACTION
from .odds import burn_risk, dragon_fraction
from .rules import GoldMineView

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


def can_explore(obs: GoldMineView) -> bool:
    """Whether an exploration card can be taken (face up: a visible card; face down: any left)."""
    return obs.top is not None if obs.game.config.deck_mode == "face_up" else any(obs.explore)


def position_after(obs: GoldMineView, action: Any) -> int:
    """Where the bot's own miner stands after resolving an exit option (0 = the ladder)."""
    pos = obs.positions[cast(int, obs.viewer)]
    opt = action[1]
    if opt == "L1" or opt == "ALL1":
        return max(pos - 1, 0)
    if opt == "L2":
        return max(pos - 2, 0)
    if opt == "SWAP" and len(action) == 3:
        return int(obs.positions[action[2]])
    return pos


def nearest_exit(obs: GoldMineView, legal: Sequence[Any]) -> Any:
    """The exit option that brings the bot closest to the ladder (first such in ``legal``)."""
    return min(legal, key=lambda a: position_after(obs, a))


class GoldMineBot(BaseBot):
    """Base: decisions at the turn (``decide``) and at an exit card (``pick_option``)."""

    name = "base"

    def act(self, obs: GoldMineView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        if legal[0][0] == "option":
            return self.pick_option(obs, legal)
        return EXPLORE_ACTION if self.explores(obs) else EXIT_ACTION

    def explores(self, obs: GoldMineView) -> bool:
        raise NotImplementedError

    def pick_option(self, obs: GoldMineView, legal: Sequence[Any]) -> Any:
        return nearest_exit(obs, legal)

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        raise NotImplementedError

    def why(self, obs: GoldMineView, action: Any, lang: str = "fr") -> str:
        what = describe(action, lang)
        if action == EXIT_ACTION and not can_explore(obs):
            return T("only", lang, what=what)
        if action[0] == "option":
            return T("nearest", lang, what=what)
        return self.turn_reason(obs, what, lang)


class RandomBot(GoldMineBot):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def act(self, obs: GoldMineView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        return legal[int(rng.integers(len(legal)))]

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


class ThresholdBot(GoldMineBot):
    """Explores while P(the next card is a dragon) < ``threshold``; else takes an exit card."""

    name = "threshold"

    def __init__(self, threshold: float = 0.15) -> None:
        if not 0 <= threshold <= 1:
            raise ValueError(f"the threshold is a probability in [0, 1], not {threshold}")
        self.threshold = threshold
        self._ratio = as_written(threshold)

    def explores(self, obs: GoldMineView) -> bool:
        d, n = dragon_fraction(obs)
        num, den = self._ratio
        return n > 0 and d * den < num * n  # = d / n < threshold, exactly

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        d, n = dragon_fraction(obs)
        cmp = "<" if self.explores(obs) else "≥"
        whole = round(100 * self.threshold, 1).is_integer()  # a threshold of 0.15 reads "15 %", not "15,0 %"
        return T("risk", lang, f=f"{d}/{n}", pc=format_number(d / n if n else 0.0, lang, percent=True), cmp=cmp,
                 t=format_number(self.threshold, lang, 0 if whole else 1, percent=True), what=what)


class BurnBot(GoldMineBot):
    """Explores while P(I am burned if I explore now) < ``threshold``: the risk that matters."""

    name = "burn"

    def __init__(self, threshold: float = 0.2) -> None:
        if not 0 <= threshold <= 1:
            raise ValueError(f"the threshold is a probability in [0, 1], not {threshold}")
        self.threshold = threshold
        self._ratio = as_written(threshold)

    def explores(self, obs: GoldMineView) -> bool:
        r = burn_risk(obs, obs.viewer)
        num, den = self._ratio
        return r.numerator * den < num * r.denominator  # = r < threshold, exactly, without a Fraction

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        r = burn_risk(obs, obs.viewer)
        whole = round(100 * self.threshold, 1).is_integer()
        return T("burn", lang, f=fraction_text(r), pc=format_number(float(r), lang, percent=True),
                 cmp="<" if self.explores(obs) else "≥",
                 t=format_number(self.threshold, lang, 0 if whole else 1, percent=True), what=what)


class CautiousBot(GoldMineBot):
    """Explores only while Dragobert is at least ``margin`` cards away; heads for the exit."""

    name = "cautious"

    def __init__(self, margin: int = 3) -> None:
        if margin < 1:
            raise ValueError(f"the margin is a number of cards >= 1, not {margin}")
        self.margin = margin

    def distance(self, obs: GoldMineView) -> int:
        return obs.dragon - obs.positions[cast(int, obs.viewer)]

    def explores(self, obs: GoldMineView) -> bool:
        return self.distance(obs) >= self.margin

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        d = self.distance(obs)
        return T("far" if d >= self.margin else "near", lang, d=d, m=self.margin, what=what)


class GreedyBot(GoldMineBot):
    """Always explores when it can; on an exit card takes the 3 gold if offered."""

    name = "greedy"

    def explores(self, obs: GoldMineView) -> bool:
        return True

    def pick_option(self, obs: GoldMineView, legal: Sequence[Any]) -> Any:
        gold = ("option", "GOLD3")
        return gold if gold in legal else nearest_exit(obs, legal)

    def turn_reason(self, obs: GoldMineView, what: str, lang: str) -> str:
        return T("greedy", lang, what=what)

    def why(self, obs: GoldMineView, action: Any, lang: str = "fr") -> str:
        if action == ("option", "GOLD3"):
            return T("greedy", lang, what=describe(action, lang))
        return super().why(obs, action, lang)


BOTS = {
    "random": lambda arg: RandomBot(),
    "threshold": lambda arg: ThresholdBot(float(arg) if arg else 0.15),
    "burn": lambda arg: BurnBot(float(arg) if arg else 0.2),
    "cautious": lambda arg: CautiousBot(int(arg) if arg else 3),
    "greedy": lambda arg: GreedyBot(),
}
"""Bot specs: ``random``, ``threshold[:t]`` (explore while P(dragon next) < t, 0.15),
``burn[:t]`` (explore while P(burned if I explore) < t, 0.2), ``cautious[:margin]`` (3), ``greedy``."""
