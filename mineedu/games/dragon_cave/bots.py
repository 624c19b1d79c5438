"""Bots for the dragon's cave. Each picks one of the legal actions from its view of the cave
(:class:`~.rules.DragonCaveView`: everything is public) and says why in French or English.

* ``random``: uniformly among the legal actions;
* ``turnback:n``: captures every card it leaves until it carries ``n`` (default 2), then turns back;
* ``greedy:k``: dives at full speed taking nothing until depth ``k`` (default: as deep as it can),
  turns back there with that card and runs home;
* ``odds:p``: weighs every action by (P(escape) from :mod:`.odds`) × (expected treasure),
  never taking an action whose escape chance is below ``p`` (default 0.5) when it has another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from mineedu.core import BaseBot, Bot, RandomBot, Texts
from mineedu.core.i18n import format_number

from .odds import escape_probability, expected_treasure
from .rules import EATEN, IN, OUT, DragonCaveView
from .words import cards, steps

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


def pick(legal: Sequence[Any], *, back: bool | None = None, capture: bool | None = None, drop: int = -1) -> Any:
    """The fastest legal move with the wished ``back``/``capture``/``drop``; wishes the rules
    refuse are dropped one by one (capture first, then the direction).

    >>> pick([("move", -1, False, 1, False), ("move", -1, False, 2, False)], capture=True)
    ('move', -1, False, 2, False)
    """
    for wish in ((back, capture), (back, None), (None, None)):
        ok = [a for a in legal if a[1] == drop and (wish[0] is None or a[2] == wish[0])
              and (wish[1] is None or a[4] == wish[1])]
        if ok:
            return max(ok, key=lambda a: a[3])
    return max(legal, key=lambda a: (a[1] == -1, a[3]))


class TurnBackBot(BaseBot):
    """Turn back after ``n`` cards: capture each card it leaves until it holds ``n``."""

    def __init__(self, n: int = 2) -> None:
        if n < 1:
            raise ValueError("turnback needs n >= 1")
        self.n = n
        self.name = f"turnback:{n}"

    def act(self, obs: DragonCaveView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        p = obs.turn
        held = len(obs.carried[p])
        if obs.returning[p]:
            return pick(legal, capture=False)
        if held >= self.n:
            return pick(legal, back=True, capture=False)
        return pick(legal, back=False, capture=True)

    def why(self, obs: DragonCaveView, action: Any, lang: str) -> str:
        p = obs.turn
        held = len(obs.carried[p])
        if obs.returning[p]:
            return home_words(obs, p, lang)
        if action[2]:
            return WHY("enough", lang, held=held, n=self.n)
        return WHY("collect" if action[4] else "walk_in", lang, held=held, n=self.n)


class GreedyDepthBot(BaseBot):
    """Dive as deep as ``depth`` (or as deep as possible), turn back with that card, run home."""

    def __init__(self, depth: int | None = None) -> None:
        self.depth = depth
        self.name = "greedy" if depth is None else f"greedy:{depth}"

    def act(self, obs: DragonCaveView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        p = obs.turn
        if obs.returning[p]:
            return pick(legal, capture=False)
        deep_enough = self.depth is not None and obs.pos[p] >= self.depth
        if deep_enough or not any(not a[2] for a in legal):
            return pick(legal, back=True, capture=True)
        return pick(legal, back=False, capture=False)

    def why(self, obs: DragonCaveView, action: Any, lang: str) -> str:
        p = obs.turn
        if obs.returning[p]:
            return home_words(obs, p, lang)
        if action[2]:
            deep_enough = self.depth is not None and obs.pos[p] >= self.depth
            return WHY("deep_enough" if deep_enough else "no_room", lang, k=obs.pos[p] + 1)
        return WHY("dive_deep", lang) if self.depth is None else WHY("dive", lang, k=self.depth + 1)


class OddsBot(BaseBot):
    """Chooses the move with the best P(escape) × expected treasure (see the module doc)."""

    def __init__(self, p_min: float = 0.5) -> None:
        self.p_min = p_min
        self.name = f"odds:{p_min}"

    def value(self, state: DragonCaveView, after: DragonCaveView, p: int) -> tuple[Fraction, Fraction]:
        """(P(escape), expected final treasure) for ``p`` in ``after``, the state just after p's move.

        A miner still going forward is valued as if turning back at their next turn with the card
        they stand on.
        """
        cfg = state.game.config
        if after.status[p] == EATEN:
            return Fraction(0), Fraction(0)
        if after.status[p] == OUT:
            return Fraction(1), expected_treasure(after, p)
        # everyone else still inside will be coming home too, with at least one card
        others = tuple(max(1, len(after.carried[q])) for q in range(len(after.status))
                       if q != p and after.status[q] == IN)
        steps = after.steps_to_entrance(p)
        cards = after.carried[p]
        pending = any(ev[0] == "dragon" and ev[1] == p for ev in after.pending)
        d = after.dragon
        if not after.returning[p] and after.pos[p] >= 0 and len(cards) < cfg.max_carry:
            cards = cards + (after.path[after.pos[p]],)
            d -= 1
        pe = escape_probability(steps, len(cards), d, cfg, others, dragon_first=pending)
        return pe, pe * expected_treasure(after, p, cards)

    @staticmethod
    def candidates(legal: Sequence[Any]) -> list[Any]:
        """The fastest move of each (drop, turn back, capture) choice: the ones the bot weighs."""
        fastest: dict[tuple[Any, ...], Any] = {}
        for a in legal:
            key = (a[1], a[2], a[4])
            if key not in fastest or a[3] > fastest[key][3]:
                fastest[key] = a
        return list(fastest.values())

    def act(self, obs: DragonCaveView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        p = obs.turn
        scored = []
        for a in self.candidates(legal):
            pe, ev = self.value(obs, obs.after(a), p)
            scored.append((pe >= self.p_min, ev, a[3], pe, a))
        scored.sort(key=lambda t: t[:4])
        return scored[-1][-1]

    def why(self, obs: DragonCaveView, action: Any, lang: str) -> str:
        p = obs.turn
        pe, ev = self.value(obs, obs.after(action), p)
        digits = 0 if float(100 * self.p_min).is_integer() else 1
        k = len(self.candidates(obs.legal_actions()))
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
