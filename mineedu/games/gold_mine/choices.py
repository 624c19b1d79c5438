"""How a My Gold Mine player acts at a board.

On a turn the player clicks the exploration deck or the exit deck (regions of
the picture, see :mod:`.svg`). When an exit card offers a choice, its options
are buttons; a swap then asks for the miner to swap with, clicked on the track.

>>> import mineedu
>>> from mineedu.core import ChoiceTree
>>> s = mineedu.make("gold_mine", players=3).initial_state()
>>> ChoiceTree(CHOICES, s, 0).options(())
['deck:explore', 'deck:exit']
"""

from __future__ import annotations

from typing import Any

from mineedu.core import Choices, Texts
from mineedu.core.choices import Path

from .cards import EXIT_ACTION, EXPLORE_ACTION, action_label

T = Texts({
    "pick_turn": {"fr": "Cliquez sur une pioche : Exploration (de l'or, mais le dragon) ou Sortie (vers l'échelle).",
                  "en": "Click a deck: Exploration (gold, but the dragon) or Exit (toward the ladder)."},
    "pick_option": {"fr": "Choisissez une option de la carte Sortie.", "en": "Choose one option of the exit card."},
    "pick_miner": {"fr": "Cliquez sur le mineur avec qui échanger votre place.", "en": "Click the miner to swap places with."},
    "swap": {"fr": "Échanger ma place avec un autre mineur…", "en": "Swap places with another miner…"},
})


class GoldMineChoices(Choices):
    """Explore / exit on the decks; an exit card's options as buttons; swap targets on the track."""

    def path(self, state: Any, player: int, action: Any) -> Path:
        if action == EXPLORE_ACTION:
            return ("deck:explore",)
        if action == EXIT_ACTION:
            return ("deck:exit",)
        if action[1] == "SWAP" and len(action) == 3:
            return ("option:SWAP", f"miner:{action[2]}")
        return (f"option:{action[1]}",)

    def label(self, state: Any, player: int, prefix: Path, key: str, action: Any, lang: str) -> str:
        if action is not None:
            return action_label(action, lang)
        return T("swap", lang)  # the only key that does not finish an action

    def prompt(self, state: Any, player: int, prefix: Path, lang: str) -> str:
        if state.phase == "option":
            return T("pick_miner" if prefix else "pick_option", lang)
        return T("pick_turn", lang)


CHOICES = GoldMineChoices()
