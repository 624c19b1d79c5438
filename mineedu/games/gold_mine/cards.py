"""The cards and places of My Gold Mine: names and numbers shared by rules, odds, bots and picture."""

from __future__ import annotations

from mineedu.core import Texts
from mineedu.core.i18n import count

from .kernel import DRAGON as DRAGON  # the kernel's codes
from .kernel import EYES as EYES
from .kernel import LANTERN as LANTERN
from .kernel import NUGGET as NUGGET

EXPLORE_KINDS = ("nugget", "lantern", "eyes", "dragon")
"""The exploration card kinds, in the order of ``state.explore`` (D2)."""
KIND_INDEX = {k: i for i, k in enumerate(EXPLORE_KINDS)}
CARD_GOLD = {"nugget": 1, "lantern": 1, "eyes": 2}
"""Gold on each exploration card (D2); a kept exit card is worth ``GOLD3_VALUE``."""
GOLD3_VALUE = 3
EXIT_OPTIONS = ("L1", "L2", "ALL1", "SWAP", "GOLD3")
"""L1/L2: move 1/2 toward the exit; ALL1: every miner inside moves 1; SWAP: trade
places with another miner inside; GOLD3: stay and keep the card (3 gold). D4."""

LADDER = 0
BURNED = -1

SETUP, TURN, EXPLORE, EXIT, OPTION, REVEAL, OVER = "setup", "turn", "explore", "exit", "option", "reveal", "over"

EXPLORE_ACTION = ("explore",)
EXIT_ACTION = ("exit",)

KIND_NAMES = Texts({
    "nugget": {"fr": "pépite", "en": "nugget"},
    "lantern": {"fr": "lanterne", "en": "lantern"},
    "eyes": {"fr": "yeux", "en": "eyes"},
    "dragon": {"fr": "dragon", "en": "dragon"},
})


KIND_PLURALS = Texts({
    "nugget": {"fr": "pépites", "en": "nuggets"},
    "lantern": {"fr": "lanternes", "en": "lanterns"},
    "eyes": {"fr": "yeux", "en": "eyes"},
    "dragon": {"fr": "dragons", "en": "dragons"},
})

EXIT_OPTION_NAMES = Texts({
    "L1": {"fr": "1 case vers la sortie", "en": "1 card toward the exit"},
    "L2": {"fr": "2 cases vers la sortie", "en": "2 cards toward the exit"},
    "ALL1": {"fr": "tout le monde avance d'1", "en": "everyone moves 1"},
    "SWAP": {"fr": "échange", "en": "swap"},
    "GOLD3": {"fr": "3 pépites", "en": "3 gold"},
    "or": {"fr": " ou ", "en": " or "},
})


def kind_count(kind: str, n: int, lang: str = "fr") -> str:
    """A count of exploration cards of one kind, with the plural a reader expects.

    >>> kind_count("nugget", 20, "fr"), kind_count("nugget", 1, "en"), kind_count("eyes", 0, "en")
    ('20 pépites', '1 nugget', '0 eyes')
    >>> kind_count("dragon", 0, "fr"), kind_count("dragon", 0, "en")
    ('0 dragon', '0 dragons')
    """
    return count(n, lang, KIND_NAMES(kind, "fr"), KIND_PLURALS(kind, "fr"), KIND_NAMES(kind, "en"), KIND_PLURALS(kind, "en"))


def token_words(n: int, lang: str) -> str:
    """Nugget tokens (the game's points): ``0 pépite``, ``3 pépites`` / ``0 tokens``, ``1 token``."""
    return count(n, lang, "pépite", "pépites", "token", "tokens")


def exit_card_name(card: str, lang: str = "fr") -> str:
    """An exit card in words, its options joined by "or" (D4).

    >>> exit_card_name("L1|SWAP", "fr"), exit_card_name("GOLD3|L1", "en")
    ('1 case vers la sortie ou échange', '3 gold or 1 card toward the exit')
    """
    return EXIT_OPTION_NAMES("or", lang).join(
        EXIT_OPTION_NAMES(o, lang) if o in EXIT_OPTION_NAMES.table else o for o in card.split("|")
    )


def kind_name(kind: str, lang: str = "fr") -> str:
    """A card kind in words; exit cards keep their code.

    >>> kind_name("eyes", "fr"), kind_name("eyes", "en"), kind_name("L1|SWAP", "en")
    ('yeux', 'eyes', 'L1|SWAP')
    """
    return KIND_NAMES(kind, lang) if kind in KIND_NAMES.table else kind


LABELS = Texts({
    "explore": {"fr": "Explorer : piocher une carte Exploration", "en": "Explore: draw an exploration card"},
    "exit": {"fr": "Sortie : piocher une carte Sortie", "en": "Exit: draw an exit card"},
    "L1": {"fr": "Avancer d'1 case vers la sortie", "en": "Move 1 card toward the exit"},
    "L2": {"fr": "Avancer de 2 cases vers la sortie", "en": "Move 2 cards toward the exit"},
    "ALL1": {"fr": "Tout le monde avance d'1 case vers la sortie", "en": "Everyone moves 1 card toward the exit"},
    "GOLD3": {"fr": "Rester et garder la carte (3 or)", "en": "Stay and keep the card (3 gold)"},
    "SWAP": {"fr": "Échanger sa place avec J{t}", "en": "Swap places with P{t}"},
    "SWAP0": {"fr": "Échanger (personne d'autre dans la mine : sans effet)", "en": "Swap (nobody else inside: no effect)"},
    "option": {"fr": "Option {o}", "en": "Option {o}"},
    "drawn_kind": {"fr": "Carte Exploration : {name}", "en": "Exploration card: {name}"},
    "drawn_exit": {"fr": "Carte Sortie « {name} »", "en": "Exit card \"{name}\""},
})
"""Neutral words for the actions and chance outcomes (``GoldMine.action_label``)."""


def action_label(action: object, lang: str = "fr") -> str:
    """An action or a card drawn, in words for a button or a log line.

    >>> action_label(("explore",), "fr"), action_label(("option", "SWAP", 2), "en")
    ('Explorer\xa0: piocher une carte Exploration', 'Swap places with P3')
    >>> action_label("dragon", "fr"), action_label("L1|SWAP", "en")
    ('Carte Exploration\xa0: dragon', 'Exit card "1 card toward the exit or swap"')
    """
    if action == EXPLORE_ACTION:
        return LABELS("explore", lang)
    if action == EXIT_ACTION:
        return LABELS("exit", lang)
    if isinstance(action, tuple) and len(action) >= 2 and action[0] == "option":
        opt = action[1]
        if opt == "SWAP":
            return LABELS("SWAP", lang, t=action[2] + 1) if len(action) == 3 else LABELS("SWAP0", lang)
        return LABELS(opt, lang) if opt in LABELS.table else LABELS("option", lang, o=opt)
    if isinstance(action, str):  # a chance outcome: the card drawn (or turned face up)
        if action in KIND_NAMES.table:
            return LABELS("drawn_kind", lang, name=kind_name(action, lang))
        return LABELS("drawn_exit", lang, name=exit_card_name(action, lang))
    return str(action)
