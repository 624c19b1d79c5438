"""How a Silver & Gold player picks an action at a board, step by step, on the picture.

* Keeping cards: click the dealt cards to keep, in any order (``hand:P:I``).
* Placing the shape: click the card (``card:P:S``); the orientation is a cycled
  step, adjusted with Rotate (R) and Mirror (M) while the boxes are offered; click
  the box where the shape's top square goes (``box:P:S:R:C``), the shape is drawn
  there while the pointer or the focus is on a box. Or "Cross a single box"
  instead, then the box.
* A red cross: click the next box at once (one step).
* A completed card: click the display card to take (``display:ID``).

Only choices that still lead to a legal action are offered (the paths are made
from the legal actions; :class:`mineedu.core.ChoiceTree` walks them).

>>> from mineedu.core import ChoiceTree
>>> from mineedu.games.silver_gold import SilverGold
>>> s = SilverGold(2).initial_state()
>>> while s.phase != "keep":
...     s = s.apply(s.chance_outcomes()[0][0])
>>> tree = ChoiceTree(CHOICES, s, 0)
>>> s.boards[0].hand, tree.options(()), tree.options(("hand:0:3",))
((0, 2, 4, 6), ['hand:0:0', 'hand:0:1', 'hand:0:2', 'hand:0:3'], ['hand:0:0', 'hand:0:1', 'hand:0:2'])
>>> tree.action(("hand:0:3", "hand:0:1")), tree.action(("hand:0:1", "hand:0:3"))
(('keep', 2, 6), ('keep', 2, 6))
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from mineedu.core import Action, Choices, Control, State, Texts
from mineedu.core.choices import Path

from .rules import CARDS, SilverGoldState
from .shapes import anchor, mirror_image, orientations, placement_count, placements, turn_order
from .svg import preview as drawn_over
from .words import action_label, capital, card_label, place_label, short_card, slot_name, the_shape

T = Texts({
    "keep_first": {
        "fr": "Gardez {k} cartes sur {n} : cliquez une carte à garder",
        "en": "Keep {k} of your {n} cards: click a card to keep",
    },
    "keep_more": {"fr": "Cliquez encore {k} à garder", "en": "Click {k} more to keep"},
    "one_card": {"fr": "1 carte", "en": "1 card"},
    "cards": {"fr": "{k} cartes", "en": "{k} cards"},
    "place": {
        "fr": "{Shape} : cliquez la carte où le poser, ou cochez une seule case",
        "en": "{Shape}: click the card to place it on, or cross a single box",
    },
    "position": {
        "fr": "Orientation {i}/{m} (R : tourner, M : retourner). Cliquez la case de son carré du haut (le plus à gauche)",
        "en": "Orientation {i}/{m} (R: rotate, M: mirror). Click the box for its top square (the leftmost one)",
    },
    "single": {"fr": "Cliquez la seule case à cocher", "en": "Click the one box to cross"},
    "chain": {"fr": "Croix rouge : cochez tout de suite une autre case libre", "en": "Red cross: cross another free box at once"},
    "replace": {
        "fr": "Carte complétée : cliquez la carte de l'offre à prendre",
        "en": "Card completed: click the display card to take",
    },
    "pass": {"fr": "Plus aucune case libre : passez", "en": "No free box left: pass"},
    "keep_card": {"fr": "Garder la {card}", "en": "Keep {card}"},
    "card": {"fr": "Poser {shape} sur {slot}, {card} : {n} placements", "en": "Place {shape} on {slot}, {card}: {n} placements"},
    "card1": {"fr": "Poser {shape} sur {slot}, {card} : 1 placement", "en": "Place {shape} on {slot}, {card}: 1 placement"},
    "single_button": {"fr": "Cocher une seule case à la place", "en": "Cross a single box instead"},
    "chain_box": {"fr": "{what} (croix rouge)", "en": "{what} (red cross)"},
    "turn": {"fr": "Orientation {i} sur {m}", "en": "Orientation {i} of {m}"},
})

ROTATE = {"fr": "↻ Tourner (R)", "en": "↻ Rotate (R)"}
MIRROR = {"fr": "⇆ Retourner (M)", "en": "⇆ Mirror (M)"}


def _key_ints(key: str) -> list[int]:
    return [int(x) for x in key.split(":")[1:]]


def _next_fitting(shape: str, start: int, fitting: set[int]) -> int:
    """The first orientation from ``start`` on (in rotate's order) that fits."""
    order = turn_order(shape)
    i = order.index(start)
    for k in range(len(order)):
        o = order[(i + k) % len(order)]
        if o in fitting:
            return o
    return start  # pragma: no cover - ``fitting`` is never empty


def rotate_moves(shape: str, fitting: set[int]) -> dict[int, int]:
    """Rotate: each fitting orientation to the next one that fits (a quarter turn,
    or, after the quarter turns, the mirror image: see ``shapes.turn_order``)."""
    order = turn_order(shape)
    return {o: _next_fitting(shape, order[(order.index(o) + 1) % len(order)], fitting) for o in fitting}


def mirror_moves(shape: str, fitting: set[int]) -> dict[int, int]:
    """Mirror: each fitting orientation to its mirror image, or the next that fits from it."""
    return {o: _next_fitting(shape, mirror_image(shape, o), fitting) for o in fitting}


class SilverGoldChoices(Choices):
    """The steps of Silver & Gold's actions (see the module docstring)."""

    def path(self, state: State, player: int, action: Action) -> Path:
        return tuple(self.paths(state, player, action)[0])

    def paths(self, state: State, player: int, action: Action) -> Sequence[Path]:
        assert isinstance(state, SilverGoldState)
        p, kind = player, action[0]
        if kind == "keep":
            hand = state.boards[p].hand
            picks = [hand.index(c) for c in action[1:]]
            return [tuple(f"hand:{p}:{i}" for i in order) for order in permutations(picks)]
        if kind == "place":
            _, s, o, r, c = action
            ar, ac = anchor(str(state.shape), o)
            return [(f"card:{p}:{s}", f"turn:{o}", f"box:{p}:{s}:{r + ar}:{c + ac}")]
        if kind == "cross":
            box = f"box:{p}:{action[1]}:{action[2]}:{action[3]}"
            return [(box,)] if state.phase == "chain" else [("single", box)]
        if kind == "take":
            return [(f"display:{action[1]}",)]
        return [("pass",)]

    def cycle(self, state: State, player: int, prefix: Path, options: Sequence[str]) -> Sequence[Control] | None:
        assert isinstance(state, SilverGoldState)
        if len(prefix) != 1 or not prefix[0].startswith("card:") or not all(o.startswith("turn:") for o in options):
            return None
        shape = str(state.shape)
        fitting = {int(o.split(":")[1]) for o in options}
        rot = {f"turn:{a}": f"turn:{b}" for a, b in rotate_moves(shape, fitting).items()}
        mir = {f"turn:{a}": f"turn:{b}" for a, b in mirror_moves(shape, fitting).items()}
        return (Control("rotate", "r", ROTATE, rot), Control("mirror", "m", MIRROR, mir))

    def prompt(self, state: State, player: int, prefix: Path, lang: str) -> str:
        assert isinstance(state, SilverGoldState)
        cfg = state.game.config
        if state.phase == "keep":
            left = cfg.keep - len(prefix)
            if not prefix:
                return T("keep_first", lang, k=cfg.keep, n=cfg.deal)
            return T("keep_more", lang, k=T("one_card", lang) if left == 1 else T("cards", lang, k=left))
        if state.phase == "chain":
            return T("chain", lang)
        if state.phase == "replace":
            return T("replace", lang)
        if state.legal_actions(player) == (("pass",),):
            return T("pass", lang)
        shape = str(state.shape)
        if not prefix:
            return T("place", lang, Shape=capital(the_shape(shape, lang)))
        if prefix[0] == "single":
            return T("single", lang)
        if len(prefix) >= 2 and prefix[1].startswith("turn:"):
            i, m = self._rank(state, player, prefix)
            return T("position", lang, i=i, m=m)
        return ""

    def _rank(self, state: SilverGoldState, player: int, prefix: Path) -> tuple[int, int]:
        """The chosen orientation's rank among those that fit this card (in rotate's order)."""
        p, s = _key_ints(prefix[0])
        shape = str(state.shape)
        cid = state.boards[p].cards[s]
        assert cid is not None
        card = CARDS[cid]
        fits = {o for o, _r, _c, _m in placements(state.boards[p].free(s), shape, card.rows, card.cols)}
        fitting = [o for o in turn_order(shape) if o in fits]
        o = int(prefix[1].split(":")[1])
        return (fitting.index(o) + 1 if o in fitting else 1), max(1, len(fitting))

    def label(self, state: State, player: int, prefix: Path, key: str, action: Action | None, lang: str) -> str:
        assert isinstance(state, SilverGoldState)
        shape = state.shape
        if action is not None:
            if action[0] == "place" and shape is not None:
                return place_label(shape, action, lang)
            if action[0] == "cross" and state.phase == "chain":
                return T("chain_box", lang, what=action_label(action, lang))
            return action_label(action, lang)
        if key.startswith("hand:"):
            _p, i = _key_ints(key)
            return T("keep_card", lang, card=card_label(state.boards[player].hand[i], lang))
        if key.startswith("card:") and shape is not None:
            _p, s = _key_ints(key)
            cid = state.boards[player].cards[s]
            assert cid is not None
            card = CARDS[cid]
            n = placement_count(state.boards[player].free(s), shape, card.rows, card.cols)
            words = dict(shape=the_shape(shape, lang), slot=slot_name(s, lang), card=short_card(cid, lang), n=n)
            return T("card1" if n == 1 else "card", lang, **words)
        if key == "single":
            return T("single_button", lang)
        if key.startswith("turn:"):
            i, m = self._rank(state, player, (*prefix, key))
            return T("turn", lang, i=i, m=m)
        return key

    def preview(self, state: State, player: int, prefix: Path, key: str) -> str | None:
        assert isinstance(state, SilverGoldState)
        if not key.startswith("box:"):
            return None
        p, s, r, c = _key_ints(key)
        if len(prefix) == 2 and prefix[1].startswith("turn:") and state.shape is not None:
            o = int(prefix[1].split(":")[1])
            ar, ac = anchor(state.shape, o)
            cells = [(r - ar + dr, c - ac + dc) for dr, dc in orientations(state.shape)[o]]
            return drawn_over(p, s, cells)
        return drawn_over(p, s, [(r, c)], cross=True)


CHOICES = SilverGoldChoices()
"""The one instance the game registers (``Hooks.choices``)."""
