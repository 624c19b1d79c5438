"""The names of Mine's cards and spaces in French and English (the picture and the odds).

>>> card_name("foreman", "fr"), card_name("foreman", "en"), card_name("troll", "fr")
('Porion', 'Foreman', 'troll')
"""

from __future__ import annotations

from mineedu.core import Texts

NAMES = Texts({
    "event": {"fr": "Évènements", "en": "Events"},
    "raid": {"fr": "Abri des pilleurs", "en": "Raiders' shelter"},
    "tower": {"fr": "Tour de guet", "en": "Watchtower"},
    "mine": {"fr": "Mine", "en": "Mine"},
    "recruit": {"fr": "Recrutement", "en": "Recruitment"},
    "miner": {"fr": "Mineur", "en": "Miner"},
    "pipe": {"fr": "Tuyauteur", "en": "Pipe-miner"},
    "foreman": {"fr": "Porion", "en": "Foreman"},
    "chief": {"fr": "Chef porion", "en": "Chief"},
    "grisou": {"fr": "Grisou", "en": "Firedamp"},
    "strike": {"fr": "Grève", "en": "Strike"},
    "wagon": {"fr": "Wagonnet", "en": "Wagon"},
    "reinforcement": {"fr": "Renfort", "en": "Reinforcement"},
})
"""The five spaces and the default card kinds (D20)."""


def card_name(kind: str, lang: str) -> str:
    """A card kind's name; a teacher's own kinds keep the name they were given."""
    return NAMES(kind, lang) if kind in NAMES.table else kind
