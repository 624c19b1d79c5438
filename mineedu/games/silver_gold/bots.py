"""Bots for Silver & Gold. Each sees only its observation (a :class:`~.rules.SilverGoldView`).

* ``random``: a uniformly random legal action;
* ``greedy``: the action worth the most points right now, counting each crossed
  box as one point of its card (a completed card is worth one point per box);
* ``open``: places the revealed shape where it leaves the most placements open
  for the shapes still to come this round (completing a card first).

Each bot says why (``why(obs, action, lang)``), in words the log can show to
everyone: at a secret choice (keeping cards, placing the shape) the reason uses
only what everyone sees, never the bot's hand or the choice itself; once a move
is public (a red cross, taking a card) the reason gives the numbers it weighed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from mineedu.core import Action, BaseBot, RandomBot, Texts
from mineedu.core.game import BotFactory
from mineedu.core.i18n import plural

from .rules import CARDS, SilverGoldView, TreasureCard, _action_mask, display_palms
from .shapes import placement_count
from .words import french, the_shape

WHY = Texts(french({
    "greedy_keep": {
        "fr": "garde les cartes qui ont le plus de pièces, palmiers et croix rouges par case",
        "en": "keeps the cards with the most coins, palms and red crosses per box",
    },
    "greedy_place": {
        "fr": "cherche le plus de points tout de suite ; {shape} rentre de {n} sur ses cartes",
        "en": "goes for the most points now; {shape} fits {n} on its cards",
    },
    "greedy_box": {"fr": "la case qui rapporte le plus : {pts}", "en": "the box worth the most: {pts}"},
    "greedy_take": {
        "fr": "la carte la plus riche en bonus : {k} pour {n} cases",
        "en": "the card richest in bonuses: {k} for {n} boxes",
    },
    "open_keep": {
        "fr": "garde les cartes où les formes de la pioche se placent de plus de façons",
        "en": "keeps the cards where the deck's shapes fit in the most ways",
    },
    "open_place": {
        "fr": "garde de la place pour les {k} encore à venir cette manche",
        "en": "keeps room for the {k} still to come this round",
    },
    "open_box": {"fr": "la case qui laisse le plus de placements : {n}", "en": "the box that leaves the most placements: {n}"},
    "open_take": {"fr": "la carte où les formes se placent de {n}", "en": "the card where the shapes fit in {n}"},
    "pass": {"fr": "plus aucune case libre", "en": "no free box left"},
}))


def _count(n: int, fr: tuple[str, str], en: tuple[str, str], lang: str) -> str:
    return plural(n, *(en if lang == "en" else fr))


def _ways(n: int, lang: str) -> str:
    return _count(n, ("façon", "façons"), ("way", "ways"), lang)


def card_appeal(card: TreasureCard) -> float:
    """Bonus symbols per box, then small cards first: how attractive a card is to keep."""
    bonus = card.coins.bit_count() + 2 * card.palms.bit_count() + card.crosses.bit_count()
    return bonus / card.points - card.points / 100


def greedy_points(view: SilverGoldView, action: Action) -> float:
    """The points a ``place`` or ``cross`` action brings at once (boxes count 1 each;
    completing a card counts 1 more: a fresh card comes with it)."""
    return _points(view, action)[0]


def _points(view: SilverGoldView, action: Action) -> tuple[float, TreasureCard, int]:
    """:func:`greedy_points`, with the card and its boxes crossed after ``action``."""
    me = view.me
    assert me is not None
    cfg = view.config
    slot: int = action[1]
    cid = me.cards[slot]
    assert cid is not None
    card = CARDS[cid]
    mask = _action_mask(action, card, view.shape)
    crossed = me.crossed[slot] | mask
    coins = min((mask & card.coins).bit_count(), max(0, cfg.coin_boxes - me.coins))
    pts = float(mask.bit_count() + coins)
    palms = min((mask & card.palms).bit_count(), max(0, cfg.palm_limit - len(me.palms)))
    pts += palms * (1 + display_palms(view.display))
    pts += (mask & card.crosses).bit_count()  # a red cross crosses one more box
    rows_before = min(me.coins, cfg.coin_boxes) // cfg.coin_row_size
    rows_after = min(me.coins + coins, cfg.coin_boxes) // cfg.coin_row_size
    pts += sum(view.cups_left[: rows_after - rows_before])
    if crossed == card.boxes:  # completing also brings a fresh card
        pts += 1.0
    return pts, card, crossed


def gain(view: SilverGoldView, action: Action) -> float:
    """Immediate points of ``action`` for the observing player (boxes count 1 each)."""
    kind = action[0]
    if kind in ("keep", "take"):
        return sum(card_appeal(CARDS[c]) for c in action[1:])
    if kind == "pass":
        return 0.0
    pts, card, crossed = _points(view, action)
    # prefer the card closer to completion when nothing else differs
    return pts - (card.boxes & ~crossed).bit_count() / 100


def _fits_now(view: SilverGoldView) -> int:
    """Placements of the shape being played on the viewer's cards (public)."""
    me = view.me
    shape = view.shape
    if me is None or shape is None:
        return 0
    return sum(placement_count(me.free(s), shape, CARDS[c].rows, CARDS[c].cols) for s, c in enumerate(me.cards) if c is not None)


class SilverGoldBot(BaseBot):
    """A bot that says why, the same way for every Silver & Gold bot.

    At a secret choice (keeping cards, placing the shape) the reason is made from the
    view alone, never from the action (:meth:`place_reason` is not even given it),
    and the keep's reason names no card: the log shows it to everyone at once.
    """

    keep_reason = "greedy_keep"

    def why(self, obs: Any, action: Action, lang: str) -> str | None:
        view: SilverGoldView = obs
        kind = action[0]
        if kind == "pass":
            return WHY("pass", lang)
        if kind == "keep":
            return WHY(self.keep_reason, lang)
        if view.phase == "place":
            return self.place_reason(view, lang)
        if kind == "take":
            return self.take_reason(view, CARDS[action[1]], lang)
        return self.box_reason(view, action, lang)

    def place_reason(self, view: SilverGoldView, lang: str) -> str:
        raise NotImplementedError

    def take_reason(self, view: SilverGoldView, card: TreasureCard, lang: str) -> str:
        raise NotImplementedError

    def box_reason(self, view: SilverGoldView, action: Action, lang: str) -> str:
        raise NotImplementedError


class GreedyBot(SilverGoldBot):
    """Takes the action with the most immediate points (first one on ties)."""

    name = "greedy"

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        return max(legal, key=lambda a: gain(obs, a))

    def place_reason(self, view: SilverGoldView, lang: str) -> str:
        return WHY("greedy_place", lang, shape=the_shape(view.shape or "", lang), n=_ways(_fits_now(view), lang))

    def take_reason(self, view: SilverGoldView, card: TreasureCard, lang: str) -> str:
        k = card.coins.bit_count() + card.palms.bit_count() + card.crosses.bit_count()
        return WHY("greedy_take", lang, k=_count(k, ("symbole", "symboles"), ("symbol", "symbols"), lang), n=card.points)

    def box_reason(self, view: SilverGoldView, action: Action, lang: str) -> str:
        pts = int(greedy_points(view, action))
        return WHY("greedy_box", lang, pts=_count(pts, ("point", "points"), ("point", "points"), lang))


def open_placements(obs: SilverGoldView, action: Action | None = None) -> int:
    """Placements of the shapes still to come this round on the player's cards (after ``action``)."""
    return _open_placements(obs, _shapes_to_come(obs), action)


def _shapes_to_come(obs: SilverGoldView) -> list[tuple[str, int]]:
    """This round's expedition cards still to come, by shape (a full deck once the round is over)."""
    cfg = obs.config
    left = dict(cfg.expedition_counts())
    for s in obs.revealed:
        left[s] -= 1
    if sum(left.values()) == 0 or len(obs.revealed) >= cfg.reveals_per_round:
        left = dict(cfg.expedition_counts())  # a new round starts with the full deck
    return [(s, k) for s, k in left.items() if k]


def _open_placements(obs: SilverGoldView, left: list[tuple[str, int]], action: Action | None) -> int:
    me = obs.me
    assert me is not None
    total = 0
    for slot, cid in enumerate(me.cards):
        if cid is None:
            continue
        card = CARDS[cid]
        crossed = me.crossed[slot]
        if action is not None and action[0] in ("place", "cross") and action[1] == slot:
            crossed |= _action_mask(action, card, obs.shape)
        free = card.boxes & ~crossed
        total += sum(k * placement_count(free, s, card.rows, card.cols) for s, k in left)
    return total


class OpenBot(SilverGoldBot):
    """Keeps the most placements open: completes a card when it can, else leaves most room."""

    name = "open"
    keep_reason = "open_keep"

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        view: SilverGoldView = obs
        kind = legal[0][0]
        if kind in ("keep", "take"):
            shapes = view.config.expedition_counts()
            return max(legal, key=lambda a: sum(_card_room(CARDS[c], shapes) for c in a[1:]))
        places = [a for a in legal if a[0] == "place"] or list(legal)
        me = view.me
        assert me is not None
        left = _shapes_to_come(view)  # the same for every action of this choice

        def key(a: Action) -> tuple[int, int, float]:
            if a[0] == "pass":
                return (0, 0, 0.0)
            cid = me.cards[a[1]]
            assert cid is not None
            card = CARDS[cid]
            done = (me.crossed[a[1]] | _action_mask(a, card, view.shape)) == card.boxes
            return (int(done), _open_placements(view, left, a), gain(view, a))

        return max(places, key=key)

    def place_reason(self, view: SilverGoldView, lang: str) -> str:
        k = view.config.reveals_per_round - len(view.revealed)
        cards = _count(k, ("carte expédition", "cartes expédition"), ("expedition card", "expedition cards"), lang)
        return WHY("open_place", lang, k=cards)

    def take_reason(self, view: SilverGoldView, card: TreasureCard, lang: str) -> str:
        return WHY("open_take", lang, n=_ways(_card_room(card, view.config.expedition_counts()), lang))

    def box_reason(self, view: SilverGoldView, action: Action, lang: str) -> str:
        return WHY("open_box", lang, n=open_placements(view, action))


def _card_room(card: TreasureCard, shapes: dict[str, int]) -> int:
    """Placements of the expedition deck's shapes on a fresh card."""
    return sum(k * placement_count(card.boxes, s, card.rows, card.cols) for s, k in shapes.items())


BOTS: dict[str, BotFactory] = {
    "random": lambda arg: RandomBot(),
    "greedy": lambda arg: GreedyBot(),
    "open": lambda arg: OpenBot(),
}
"""The bots a board or ``mineedu simulate`` can seat (``Hooks.bots``)."""

__all__ = ["BOTS", "GreedyBot", "OpenBot", "SilverGoldBot", "card_appeal", "gain", "open_placements", "greedy_points"]
