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


ARTICLES = Texts({
    "miner": {"fr": "un Mineur", "en": "a Miner"},
    "pipe": {"fr": "un Tuyauteur", "en": "a Pipe-miner"},
    "foreman": {"fr": "un Porion", "en": "a Foreman"},
    "chief": {"fr": "un Chef porion", "en": "a Chief"},
})
"""A job card with its article; other kinds read "a ... card" (see :func:`a_card`)."""

LABELS = Texts({
    "at_event": {"fr": "sur les Évènements", "en": "on Events"},
    "at_raid": {"fr": "dans l'Abri des pilleurs", "en": "in the Raiders' shelter"},
    "at_tower": {"fr": "sur la Tour de guet", "en": "on the Watchtower"},
    "at_mine": {"fr": "sur la Mine", "en": "on the Mine"},
    "at_recruit": {"fr": "sur le Recrutement", "en": "on Recruitment"},
    "a_card": {"fr": "une carte {name}", "en": "a {name} card"},
    "helmet": {"fr": "1 casque", "en": "1 helmet"},
    "helmets": {"fr": "{n} casques", "en": "{n} helmets"},
    "place": {"fr": "Poser {card} {at}", "en": "Put {card} {at}"},
    "raid": {"fr": "Envoyer {card} dans l'Abri des pilleurs contre J{t}", "en": "Send {card} to the Raiders' shelter against P{t}"},
    "discard": {"fr": "Défausser {card}", "en": "Discard {card}"},
    "pass": {"fr": "Passer : ne plus poser de carte cette manche", "en": "Pass: lay no more cards this round"},
    "draw": {"fr": "Pioche : {card}", "en": "Drawn: {card}"},
    "dummy_card": {"fr": "Le joueur fictif joue {card}", "en": "The dummy player plays {card}"},
    "dummy_discard": {"fr": "Le joueur fictif défausse {card}", "en": "The dummy player discards {card}"},
    "target": {"fr": "Le joueur fictif attaque J{t}", "en": "The dummy player raids P{t}"},
    "tiebreak": {"fr": "Le dé départage les ex æquo : J{t} gagne", "en": "The die breaks the tie: P{t} wins"},
    "die_card": {"fr": "Carte dé : mine max {m}, vente max {s}", "en": "Die card: mine up to {m}, sell up to {s}"},
})
"""The words of every action and chance outcome (``CoalMineGame.action_label``)."""


def a_card(kind: str, lang: str, helmets: int = 0) -> str:
    """One card with its article, and its helmets when it has some.

    >>> a_card("foreman", "fr", 2), a_card("strike", "en"), a_card("miner", "en", 1)
    ('un Porion (2 casques)', 'a Strike card', 'a Miner (1 helmet)')
    """
    card = ARTICLES(kind, lang) if kind in ARTICLES.table else LABELS("a_card", lang, name=card_name(kind, lang))
    if helmets:
        card += " (" + (LABELS("helmet", lang) if helmets == 1 else LABELS("helmets", lang, n=helmets)) + ")"
    return card


def action_label(action: object, lang: str = "fr", helmets: dict[str, int] | None = None) -> str:
    """An action or a chance outcome of Mine in words; ``helmets``: each job kind's helmets.

    >>> action_label(("place", "mine", "foreman"), "fr", {"foreman": 2})
    'Poser un Porion (2 casques) sur la Mine'
    >>> action_label(("place", "mine", "foreman"), "en", {"foreman": 2})
    'Put a Foreman (2 helmets) on the Mine'
    >>> action_label(("raid", "miner", 1), "en", {"miner": 1}), action_label(("die_card", 2, 5), "fr")
    ("Send a Miner (1 helmet) to the Raiders' shelter against P2", 'Carte dé : mine max 2, vente max 5')
    """
    helmets = helmets or {}
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return str(action)
    tag, args = action[0], action[1:]

    def card(kind: object) -> str:
        return a_card(str(kind), lang, helmets.get(str(kind), 0))

    if tag == "place" and len(args) == 2 and f"at_{args[0]}" in LABELS.table:
        return LABELS("place", lang, card=card(args[1]), at=LABELS(f"at_{args[0]}", lang))
    if tag == "raid" and len(args) == 2 and isinstance(args[1], int):
        return LABELS("raid", lang, card=card(args[0]), t=args[1] + 1)
    if tag in ("discard", "draw", "dummy_card", "dummy_discard") and len(args) == 1:
        return LABELS(tag, lang, card=card(args[0]))
    if tag in ("target", "tiebreak") and len(args) == 1 and isinstance(args[0], int):
        return LABELS(tag, lang, t=args[0] + 1)
    if tag == "die_card" and len(args) == 2:
        return LABELS("die_card", lang, m=args[0], s=args[1])
    if tag == "pass" and not args:
        return LABELS("pass", lang)
    return " ".join(map(str, action))
