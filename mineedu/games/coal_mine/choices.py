"""How a player picks an action of Mine (coal) at a board, step by step, on the picture.

A placement is picked in two or three steps: a card of the hand (the region
``card:<kind>`` of the picture), then the space of the board to lay it on,
face down (``space:<space>``); on the Raiders' shelter, then the target's
board (``target:<seat>``). Passing is a button. At the hand limit, a card of
the hand is picked to discard. :class:`mineedu.core.ChoiceTree` offers at each
step only what still leads to a legal action.

>>> from mineedu.core import ChoiceTree
>>> from mineedu.games.coal_mine import CoalMineGame
>>> tree = ChoiceTree(CHOICES, CoalMineGame(3).initial_state(), 0)
>>> tree.options(()), tree.options(("card:miner",))
(['card:miner', 'card:pipe', 'pass'], ['space:tower', 'space:mine', 'space:recruit', 'space:raid'])
>>> tree.options(("card:miner", "space:raid")), tree.action(("card:miner", "space:raid", "target:2"))
(['target:1', 'target:2'], ('raid', 'miner', 2))
"""

from __future__ import annotations

from mineedu.core import Action, Choices, State, Texts
from mineedu.core.choices import Path

from .rules import CoalMineView
from .words import a_card, action_label, cards_text, space_name

T = Texts({
    "card": {"fr": "{card} ({n} en main)", "en": "{card} ({n} in hand)"},
    "event_card": {"fr": "{name}, carte évènement ({n} en main)", "en": "{name}, an event card ({n} in hand)"},
    "to_raid": {"fr": "Abri des pilleurs (puis la cible)", "en": "Raiders' shelter (then the target)"},
    "pick_card": {"fr": "Choisissez une carte de votre main à poser face cachée (carte {k} sur {n}), ou passez.",
                  "en": "Pick a card of your hand to lay face down (card {k} of {n}), or pass."},
    "pick_space": {"fr": "Où poser {card} ? Touchez un emplacement de votre plateau.",
                   "en": "Where does {card} go? Tap a space of your board."},
    "pick_event": {"fr": "{card} se pose sur les Évènements : touchez-les.",
                   "en": "{card} goes on Events: tap them."},
    "pick_target": {"fr": "Qui piller avec {card} ? Touchez le plateau de votre cible.",
                    "en": "Whom do you raid with {card}? Tap your target's board."},
    "discard": {"fr": "Votre main a {cards}, la limite est {limit} : touchez une carte à défausser.",
                "en": "Your hand holds {cards}, the limit is {limit}: tap a card to discard."},
})


class CoalMineChoices(Choices):
    """Card, then space, then (raids) target; ``pass`` is a button."""

    def path(self, state: State, player: int, action: Action) -> Path:
        tag = action[0]
        if tag == "place":
            return (f"card:{action[2]}", f"space:{action[1]}")
        if tag == "raid":
            return (f"card:{action[1]}", "space:raid", f"target:{action[2]}")
        if tag == "discard":
            return (f"card:{action[1]}",)
        return (str(tag),)  # ("pass",)

    def label(self, state: State, player: int, prefix: Path, key: str, action: Action | None, lang: str) -> str:
        view = state.observation(player)
        assert isinstance(view, CoalMineView)
        h = view.helmets
        if action is not None:
            return action_label(action, lang, h)
        kind_of, _, value = key.partition(":")
        if kind_of == "card":
            n = view.hand.get(value, 0)
            if value in view.game.event_kinds:
                return T("event_card", lang, name=a_card(value, lang), n=n)
            return T("card", lang, card=a_card(value, lang, h.get(value, 0)), n=n)
        if key == "space:raid":
            return T("to_raid", lang)
        return space_name(value, lang) if kind_of == "space" else key

    def prompt(self, state: State, player: int, prefix: Path, lang: str) -> str:
        view = state.observation(player)
        assert isinstance(view, CoalMineView)
        cfg = view.game.config
        if view.phase == "discard":
            return T("discard", lang, cards=cards_text(view.hand_sizes[player], lang), limit=cfg.hand_limit)
        if not prefix:
            return T("pick_card", lang, k=len(view.my_board) + 1, n=cfg.cards_per_round)
        kind = prefix[0].partition(":")[2]
        h = view.helmets.get(kind, 0)
        card = a_card(kind, lang, h)
        if len(prefix) == 1 and kind in view.game.event_kinds:
            return T("pick_event", lang, card=card[:1].upper() + card[1:])
        if len(prefix) == 1:
            return T("pick_space", lang, card=card)
        return T("pick_target", lang, card=card)


CHOICES = CoalMineChoices()
