"""Bots for Mine (coal). Each reads only its :class:`CoalMineView` (its own hand
and the public facts), picks from the legal actions, and says why in words.

* ``steady``: protects its mine with a pipe-miner, recruits once, mines the rest;
* ``raider``: raids the richest rival with its two strongest cards;
* ``mix``: plays the exact equilibrium mix of the raid game (:func:`raid_mix`):
  its strongest card raids with probability P(attack), its next one guards the
  watchtower with probability P(defend).

A bot is stateless: where it is in its round is read from its own board. Each
decides in ``choose(view, seat, legal, draw)`` on the rules' kernel
(:class:`.kernel.View`, actions coded by :meth:`.kernel.Table.code`): tournaments
call it on the kernel they play, ``act(obs, legal, rng)`` (a lesson, the engine's
loop) on the kernel of the observation (:func:`~.rules.kernel_of_view`). What the
bots look for in a hand is worked out once per game, by the hand's mask
(:func:`hand_tables`).

>>> import numpy as np
>>> from mineedu.games.coal_mine import CoalMineGame
>>> s = CoalMineGame(2).initial_state()
>>> bot = SteadyBot()
>>> a = bot.act(s.observation(0), s.legal_actions(0), np.random.default_rng(0))
>>> a, bot.why(s.observation(0), a, "en")
(('place', 'mine', 'pipe'), 'a Pipe-miner on the Mine shields it from firedamp (4 firedamp cards in the game)')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final

import numpy as np

from mineedu.core import Bot, RandomBot, Texts
from mineedu.core.draws import Draw, draw_of, uniform_of
from mineedu.core.exact import fraction_text
from mineedu.core.i18n import count, format_number
from mineedu.core.memo import remember
from mineedu.core.native import mypyc_attr

from .kernel import DISCARD, EV, MINE, RAID, RECRUIT, TOWER, Table, View
from .odds import raid_mix
from .rules import CoalMineView, code_of, kernel_of_view
from .words import LABELS, a_card, cards_text, coal_text, helmets_text, who

T = Texts({
    "discard": {"fr": "défausse la carte la moins utile : {card}", "en": "discards the least useful card: {card}"},
    "wagon": {"fr": "un Wagonnet : {coal} en stock pour une vente max de {cap}, il vendra {bonus} de plus",
              "en": "a Wagon: {coal} in stock for a sale cap of {cap}, it sells {bonus} more"},
    "pipe": {"fr": "un Tuyauteur sur la Mine la protège du grisou ({g} dans le jeu)",
             "en": "a Pipe-miner on the Mine shields it from firedamp ({g} in the game)"},
    "lays": {"fr": "pose {card} {at}", "en": "puts {card} {at}"},
    "recruit": {"fr": "recrute : {base} + {h} = {cards} à piocher", "en": "recruits: {base} + {h} = {cards} to draw"},
    "mine": {"fr": "à la Mine : {h} de plus, {coal} attendus si la réserve suffit",
             "en": "to the Mine: {h} more, {coal} expected if the stock lasts"},
    "pass": {"fr": "passe : plus de carte métier à poser", "en": "passes: no job card left to lay"},
    "raid": {"fr": "pille {t}, le plus riche ({coal}), avec {card} : attaque de {h}",
             "en": "raids {t}, the richest ({coal}), with {card}: an attack of {h}"},
    "mix_raid": {"fr": "pille {t} ({coal}) : l'équilibre du jeu du pillage ({a} contre {a}) attaque avec P = {p} ({pct}), "
                       "le tirage a dit oui",
                 "en": "raids {t} ({coal}): the raid game's equilibrium ({a} against {a}) attacks with P = {p} ({pct}), "
                       "the draw said yes"},
    "mix_no_raid": {"fr": "mine : l'équilibre attaque {t} ({coal}) avec P = {p} ({pct}), le tirage a dit non",
                    "en": "mines: the equilibrium attacks {t} ({coal}) with P = {p} ({pct}), the draw said no"},
    "mix_no_rival": {"fr": "mine : aucun rival n'a de charbon à piller", "en": "mines: no rival has coal to raid"},
    "mix_tower": {"fr": "garde la Tour de guet ({coal} à protéger) : l'équilibre défend avec P = {p} ({pct}), "
                        "le tirage a dit oui",
                  "en": "guards the Watchtower ({coal} to protect): the equilibrium defends with P = {p} ({pct}), "
                        "the draw said yes"},
    "mix_no_tower": {"fr": "mine : l'équilibre défend ({coal} à protéger) avec P = {p} ({pct}), le tirage a dit non",
                     "en": "mines: the equilibrium defends ({coal} to protect) with P = {p} ({pct}), the draw said no"},
    "mix_nothing": {"fr": "mine : rien à protéger sur la Tour de guet", "en": "mines: nothing to guard on the Watchtower"},
})


def me(obs: CoalMineView) -> int:
    """The bot's own seat (a bot is always handed its seat's view)."""
    assert obs.player is not None, "a bot acts on its own seat's view"
    return obs.player


def _chance(p: Fraction, lang: str) -> dict[str, str]:
    """A probability written both ways: ``3/4`` and ``75 %`` / ``75.0%``."""
    return {"p": fraction_text(p), "pct": format_number(float(p), lang, percent=True)}


class HandTables:
    """What the bots look for in a hand, by the hand's mask (bit ``k``: a kind-``k`` card held)."""

    def __init__(self, t: Table) -> None:
        helm, kinds = t.helm, t.kinds
        weak = sorted((k for k in range(t.K) if not t.is_event[k]), key=lambda k: (helm[k], kinds[k]))
        least = sorted(range(t.K), key=lambda k: (kinds[k] in PlanBot.keep_events or helm[k] > 0, helm[k], kinds[k]))
        masks = range(1 << t.K)
        pipe, wagon = t.index.get("pipe", -1), t.index.get("wagon", -1)
        self.weakest: list[int] = [next((k for k in weak if m >> k & 1), -1) for m in masks]
        """The weakest job card held (fewest helmets, then name), -1 without one."""
        self.strongest: list[int] = [next((k for k in reversed(weak) if m >> k & 1), -1) for m in masks]
        """The strongest job card held, -1 without one."""
        self.discard_of: list[int] = [next((k for k in least if m >> k & 1), -1) for m in masks]
        """:class:`PlanBot`'s discard: the least useful card held."""
        self.top_helmets: int = max(h for h in helm if h > 0)
        """The most helmets a card of the game has."""
        self.pipe: int = pipe if pipe >= 0 and not t.is_event[pipe] else -1
        """The pipe-miner's kind if it is a job card, else -1."""
        self.wagon: int = wagon
        """The wagon's kind (-1: none), and whether it is an event card (``wagon_event``)."""
        self.wagon_event: bool = wagon >= 0 and t.is_event[wagon]
        self.width: int = t.width
        """:attr:`.kernel.Table.width`: a placement's code is ``kind * width + slot`` (:meth:`.kernel.Table.code`)."""
        self.helm: list[int] = list(t.helm)
        """Helmets per kind."""
        assert [t.code(0, sp) for sp in (EV, TOWER, MINE, RECRUIT)] == [0, 1, 2, 3] and t.code(0, RAID, 0) == 4


def hand_tables(t: Table) -> HandTables:
    """:class:`HandTables` of the game of ``t``, worked out once and kept on it."""
    hit = t.bots
    if isinstance(hit, HandTables):
        return hit
    made = HandTables(t)
    t.bots = made
    return made


def rival(view: View, seat: int) -> int:
    """The other seat with the most coal (lowest seat on ties): -1 if no rival has coal."""
    coal = view.coal
    best = -1
    most = 0
    for q in range(len(coal)):
        c = coal[q]
        if q != seat and c > most:
            best, most = q, c
    return best


_P_ATTACK: Final[dict[tuple[int, int], float]] = {}
_P_DEFEND: Final[dict[tuple[int, int, int], float]] = {}


def p_attack(a: int, stock: int) -> float:
    """The mix bot's P(attack), ``raid_mix(a, a, stock)``, as the float it compares a uniform draw with (kept)."""
    hit = _P_ATTACK.get((a, stock))
    return remember(_P_ATTACK, (a, stock), float(raid_mix(a, a, stock)[0]), 4096) if hit is None else hit


def p_defend(attack: int, defence: int, stock: int) -> float:
    """The mix bot's P(defend), ``raid_mix(attack, defence, stock)``, as a float (kept)."""
    key = (attack, defence, stock)
    hit = _P_DEFEND.get(key)
    return remember(_P_DEFEND, key, float(raid_mix(attack, defence, stock)[1]), 4096) if hit is None else hit


# mypyc builds a native class (attributes and method calls in C) only if its decorators are calls to mypyc_attr
# itself and its bases are compiled: hence no ``@subclassable`` alias and no ``BaseBot`` base for the bots.
@mypyc_attr(allow_interpreted_subclasses=True)
class PlanBot:
    """Shared skeleton: hand-limit discards, and a placement rule per subclass (:meth:`place`, on the kernel)."""

    name = "plan"
    keep_events: ClassVar[tuple[str, ...]] = ("wagon", "reinforcement")

    def act(self, obs: CoalMineView, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        k = kernel_of_view(obs)
        k.uniform = uniform_of(rng)
        return legal[self.choose(k, me(obs), [code_of(obs, a) for a in legal], draw_of(rng))]

    def choose(self, view: View, seat: int, legal: list[int], draw: Draw) -> int:
        """The index in ``legal`` of the move: the least useful card over the hand limit (events it never
        plays, then the fewest helmets), else :meth:`place`'s card, or a pass if it is not legal."""
        m = view.held[seat]
        tables = hand_tables(view.t)
        if view.phase == DISCARD:
            return legal.index(tables.discard_of[m])
        s = tables.strongest[m]
        if s < 0:
            return len(legal) - 1  # no job card: the pass, always last
        try:
            return legal.index(self.place(view, seat, m, s, tables))
        except ValueError:
            return len(legal) - 1

    def place(self, view: View, seat: int, m: int, s: int, tables: HandTables) -> int:
        """The placement's code for a hand of mask ``m`` whose strongest job card is ``s``."""
        raise NotImplementedError

    def why(self, obs: CoalMineView, action: Any, lang: str) -> str | None:
        """The reason for ``action``, from the same view the bot acted on."""
        return self.reason(obs, action, lang) or self.common_reason(obs, action, lang)

    def reason(self, obs: CoalMineView, action: Any, lang: str) -> str | None:
        """A subclass's own reasons (``None``: the common ones)."""
        return None

    @staticmethod
    def common_reason(obs: CoalMineView, action: Any, lang: str) -> str:
        h, cfg = obs.helmets, obs.game.config
        tag = action[0]
        if tag == "discard":
            return T("discard", lang, card=a_card(action[1], lang, h[action[1]]))
        if tag == "pass":
            return T("pass", lang)
        kind = action[2] if tag == "place" else action[1]
        if tag == "place" and action[1] == "recruit":
            now = sum(h[k] for s, k, _ in obs.my_board if s == "recruit") + h[kind]
            return T("recruit", lang, base=cfg.recruit_base, h=helmets_text(now, lang),
                     cards=cards_text(cfg.recruit_base + now, lang))
        if tag == "place" and action[1] == "mine":
            now = sum(h[k] for s, k, _ in obs.my_board if s == "mine") + h[kind]
            return T("mine", lang, h=helmets_text(h[kind], lang), coal=coal_text(now, lang))
        space = "raid" if tag == "raid" else action[1]
        return T("lays", lang, card=a_card(kind, lang, h[kind]), at=LABELS(f"at_{space}", lang))


@mypyc_attr(allow_interpreted_subclasses=True)
class SteadyBot(PlanBot):
    """Mines every round: a pipe-miner against grisou, one recruit, the rest to the mine."""

    name = "steady"

    def place(self, view: View, seat: int, m: int, s: int, tables: HandTables) -> int:
        b = view.counts[seat]
        w = tables.wagon
        width = tables.width
        if w >= 0 and m >> w & 1 and not b[EV] and view.coal[seat] >= view.caps[1]:
            return w * width if tables.wagon_event else view.t.PASS  # a Wagon (on Events), if it is an event card
        if not b[MINE] and tables.pipe >= 0 and m >> tables.pipe & 1:
            return tables.pipe * width + 2  # the Mine's slot
        if not b[RECRUIT]:
            return tables.weakest[m] * width + 3  # Recruitment's
        return s * width + 2

    def reason(self, obs: CoalMineView, action: Any, lang: str) -> str | None:
        cfg = obs.game.config
        if action == ("place", "event", "wagon"):
            return T("wagon", lang, coal=coal_text(obs.coal[me(obs)], lang), cap=coal_text(obs.caps[1], lang),
                     bonus=coal_text(cfg.wagon_bonus, lang))
        if action == ("place", "mine", "pipe") and not any(s == "mine" for s, _, _ in obs.my_board):
            g = sum(c for k, c in cfg.events if k == "grisou")
            return T("pipe", lang, g=count(g, lang, "carte Grisou", "cartes Grisou", "firedamp card", "firedamp cards"))
        return None


@mypyc_attr(allow_interpreted_subclasses=True)
class RaiderBot(PlanBot):
    """Raids the richest rival with up to ``cards`` strongest cards, recruits, then mines."""

    name = "raider"

    def __init__(self, cards: int = 2) -> None:
        self.cards = cards

    def place(self, view: View, seat: int, m: int, s: int, tables: HandTables) -> int:
        b = view.counts[seat]
        width = tables.width
        if b[RAID] < self.cards:
            target = rival(view, seat)
            if target >= 0:
                return s * width + 4 + target  # a raid's slot
        if not b[RECRUIT]:
            return tables.weakest[m] * width + 3
        return s * width + 2

    def reason(self, obs: CoalMineView, action: Any, lang: str) -> str | None:
        if action[0] != "raid":
            return None
        h = obs.helmets
        _, kind, t = action
        attack = sum(h[k] for s, k, tt in obs.my_board if s == "raid" and tt == t) + h[kind]
        return T("raid", lang, t=who(t, lang, obs.dummy), coal=coal_text(obs.coal[t], lang),
                 card=a_card(kind, lang, h[kind]), h=helmets_text(attack, lang))


@mypyc_attr(allow_interpreted_subclasses=True)
class MixBot(PlanBot):
    """Plays the raid game's equilibrium mix.

    1st card (strongest): raid the richest rival with P(attack) of
    ``raid_mix(h, h, rival's coal)`` (the rival assumed as strong), else mine.
    2nd card: watchtower with P(defend) of ``raid_mix(h1, h2, own coal)``, else
    mine. 3rd: recruit the weakest. 4th: mine.
    """

    name = "mix"

    def place(self, view: View, seat: int, m: int, s: int, tables: HandTables) -> int:
        step = view.laid[seat]
        width = tables.width
        if step == 0:
            target = rival(view, seat)
            if target >= 0:
                key = (tables.helm[s], view.coal[target])
                pa = _P_ATTACK.get(key)
                if view.uniform() < (p_attack(*key) if pa is None else pa):
                    return s * width + 4 + target
            return s * width + 2
        if step == 1:
            mine = view.coal[seat]
            if mine > 0:
                key3 = (tables.top_helmets, tables.helm[s], mine)
                pd = _P_DEFEND.get(key3)
                if view.uniform() < (p_defend(*key3) if pd is None else pd):
                    return s * width + 1  # the Watchtower's slot
            return s * width + 2
        if step == 2:
            return tables.weakest[m] * width + 3
        return s * width + 2

    def reason(self, obs: CoalMineView, action: Any, lang: str) -> str | None:
        seat = me(obs)
        view = kernel_of_view(obs)  # the position :meth:`place` read
        tables = hand_tables(view.t)
        s = tables.strongest[view.held[seat]]
        step = view.laid[seat]
        if s < 0 or action[0] in ("discard", "pass") or step > 1:
            return None
        if step == 0:
            target = rival(view, seat)
            if target < 0:
                return T("mix_no_rival", lang)
            a = tables.helm[s]
            chance = _chance(raid_mix(a, a, obs.coal[target])[0], lang)
            key = "mix_raid" if action[0] == "raid" else "mix_no_raid"
            return T(key, lang, t=who(target, lang, obs.dummy), coal=coal_text(obs.coal[target], lang),
                     a=helmets_text(a, lang), **chance)
        mine = obs.coal[seat]
        if mine == 0:
            return T("mix_nothing", lang)
        chance = _chance(raid_mix(tables.top_helmets, tables.helm[s], mine)[1], lang)
        key = "mix_tower" if action[1:2] == ("tower",) else "mix_no_tower"
        return T(key, lang, coal=coal_text(mine, lang), **chance)


NAMES = Texts({
    "random": {"fr": "au hasard", "en": "random"},
    "steady": {"fr": "mineur prudent", "en": "steady miner"},
    "raider": {"fr": "pilleur", "en": "raider"},
    "raider_n": {"fr": "pilleur ({n})", "en": "raider ({n})"},
    "mix": {"fr": "équilibre du pillage", "en": "raid-game equilibrium"},
})
SHORT = Texts({
    "random": {"fr": "hasard", "en": "random"},
    "steady": {"fr": "prudent", "en": "steady"},
    "raider": {"fr": "pilleur", "en": "raider"},
    "mix": {"fr": "équilibre", "en": "equilibrium"},
})


def bot_name(spec: str, lang: str = "fr") -> str:
    """A bot spec in words, for a seat's menu or a status line.

    >>> bot_name("raider:3", "fr"), bot_name("raider", "en"), bot_name("mix", "en")
    ('pilleur (3 cartes)', 'raider', 'raid-game equilibrium')
    """
    name, _, arg = spec.partition(":")
    if name == "raider" and arg.isdigit() and int(arg) != 2:
        return NAMES("raider_n", lang, n=cards_text(int(arg), lang))
    return NAMES(name, lang) if name in NAMES.table else spec


def short_name(spec: str, lang: str = "fr") -> str:
    """A bot in one word, under a chart's bar (``raider:3`` -> "pilleur 3")."""
    name, _, arg = spec.partition(":")
    word = SHORT(name, lang) if name in SHORT.table else name
    return f"{word} {arg}" if arg else word


BOTS: dict[str, Callable[[str | None], Bot]] = {
    "random": lambda arg: RandomBot(),
    "steady": lambda arg: SteadyBot(),
    "raider": lambda arg: RaiderBot(int(arg or 2)),
    "mix": lambda arg: MixBot(),
}
"""The bots a board or ``mineedu simulate`` can seat (``raider:3`` raids with 3 cards)."""
