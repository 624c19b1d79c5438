"""Silver & Gold's actions and chance outcomes in French and English words.

Card places, rows, columns and orientations are counted from 1 here (the
actions count them from 0); treasure cards keep their ids (``cards.json``).

>>> action_label(("cross", 0, 1, 2), "fr"), action_label(("cross", 0, 1, 2), "en")
('Cocher une seule case sur la 1re carte : ligne 2, colonne 3', 'Cross a single box on card 1: row 2, column 3')
>>> action_label("L3", "fr"), action_label(11, "en")
('Carte expédition : tromino en L', 'Drawn: treasure card no. 11 (green, 10 boxes)')
"""

from __future__ import annotations

from mineedu.core import Texts

from .rules import CARDS
from .shapes import SHAPE_NAMES
from .svg import T as PICTURE

LABELS = Texts({
    "slot": {"fr": "la {k}e carte", "en": "card {k}"},
    "slot1": {"fr": "la 1re carte", "en": "card 1"},
    "place": {
        "fr": "Poser la forme (orientation {o}) sur {slot}, à partir de la ligne {r}, colonne {c}",
        "en": "Place the shape (orientation {o}) on {slot}, from row {r}, column {c}",
    },
    "cross": {"fr": "Cocher une seule case sur {slot} : ligne {r}, colonne {c}", "en": "Cross a single box on {slot}: row {r}, column {c}"},
    "pass": {"fr": "Passer (plus aucune case libre)", "en": "Pass (no free box left)"},
    "keep": {"fr": "Garder : {cards}", "en": "Keep: {cards}"},
    "take": {"fr": "Prendre la {card} dans l'offre", "en": "Take {card} from the display"},
    "drawn": {"fr": "Pioche : {card}", "en": "Drawn: {card}"},
    "and": {"fr": " et ", "en": " and "},
    "card": {"fr": "carte trésor n° {id} ({colour}, {n} cases)", "en": "treasure card no. {id} ({colour}, {n} boxes)"},
    "card_id": {"fr": "carte trésor n° {id}", "en": "treasure card no. {id}"},
    "grey": {"fr": "grise", "en": "grey"},
    "green": {"fr": "verte", "en": "green"},
    "orange": {"fr": "orange", "en": "orange"},
    "purple": {"fr": "violette", "en": "purple"},
})
"""The words of the actions; a card's colour agrees with *carte* in French."""


def card_label(card: object, lang: str = "fr") -> str:
    """A treasure card: its id, colour and number of boxes (its points once completed)."""
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(CARDS):
        k = CARDS[card]
        colour = LABELS(k.colour, lang) if k.colour in LABELS.table else k.colour
        return LABELS("card", lang, id=card, colour=colour, n=k.points)
    return LABELS("card_id", lang, id=card)


def _slot(slot: int, lang: str) -> str:
    return LABELS("slot1", lang) if slot == 0 else LABELS("slot", lang, k=slot + 1)


def action_label(action: object, lang: str = "fr") -> str:
    """A player's action, an expedition card revealed (a shape) or a treasure card drawn (an id).

    >>> action_label(("keep", 3, 17), "en")
    'Keep: treasure card no. 3 (grey, 8 boxes) and treasure card no. 17 (green, 10 boxes)'
    """
    if isinstance(action, str):  # an expedition card revealed
        name = SHAPE_NAMES[action][lang if lang == "en" else "fr"] if action in SHAPE_NAMES else action
        return PICTURE("shape", lang, s=name)
    if isinstance(action, int) and not isinstance(action, bool):  # a treasure card dealt or drawn
        return LABELS("drawn", lang, card=card_label(action, lang))
    if not isinstance(action, tuple) or not action:
        return str(action)
    tag, args = action[0], action[1:]
    ints = all(isinstance(x, int) and not isinstance(x, bool) for x in args)
    if tag == "place" and len(args) == 4 and ints:
        slot, o, r, c = args
        return LABELS("place", lang, o=o + 1, slot=_slot(slot, lang), r=r + 1, c=c + 1)
    if tag == "cross" and len(args) == 3 and ints:
        slot, r, c = args
        return LABELS("cross", lang, slot=_slot(slot, lang), r=r + 1, c=c + 1)
    if tag == "keep" and args and ints:
        return LABELS("keep", lang, cards=LABELS("and", lang).join(card_label(i, lang) for i in args))
    if tag == "take" and len(args) == 1:
        return LABELS("take", lang, card=card_label(args[0], lang))
    if tag == "pass" and not args:
        return LABELS("pass", lang)
    return " ".join(map(str, action))
