"""The cards and places of My Gold Mine: names and numbers shared by rules, odds, bots and picture."""

from __future__ import annotations

from mineedu.core import Texts

EXPLORE_KINDS = ("nugget", "lantern", "eyes", "dragon")
"""The exploration card kinds, in the order of ``state.explore`` (D2)."""
NUGGET, LANTERN, EYES, DRAGON = range(4)
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
    """
    return f"{n} {(KIND_NAMES if n == 1 else KIND_PLURALS)(kind, lang)}"


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


def percent(x: float, lang: str = "fr") -> str:
    """A probability as a percentage with one decimal, French decimal comma in French.

    >>> percent(8 / 58, "fr"), percent(8 / 58, "en"), percent(0.15, "en")
    ('13,8', '13.8', '15')
    """
    s = f"{100 * x:.1f}".rstrip("0").rstrip(".")
    return s.replace(".", ",") if lang == "fr" else s
