"""The cave in words, French and English: a turn on a button, each event in the log.

:func:`action_label` words an action alone (it knows no position, so it says
"I move 2 steps", not which way); :func:`describe_event` words what happened
at the table, with the position around it: the direction, the card reached, the
pawns jumped, the dragon's move and whom it ate. Everything in the cave is
public, so every viewer reads the same line.

>>> action_label(("move", 0, True, 2, True), "en")
'I turn back, I put down my card no. 1, I take the card I leave, I move 2 steps'
>>> action_label(("move", -1, False, 1, False), "fr")
'je fais 1 pas'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mineedu.core import CHANCE, Texts
from mineedu.core.i18n import chance_name, colon, count, join_clauses, join_words, player_name

from .rules import EATEN, ENTRANCE, IN, OUT, Card, Position, family_name

if TYPE_CHECKING:
    from mineedu.core import Event

ACTION = Texts({
    "back": {"fr": "je fais demi-tour", "en": "I turn back"},
    "drop": {"fr": "je pose ma carte n° {k}", "en": "I put down my card no. {k}"},
    "capture": {"fr": "je prends la carte que je quitte", "en": "I take the card I leave"},
    "move": {"fr": "je fais {n}", "en": "I move {n}"},
    "stay": {"fr": "je ne bouge pas", "en": "I stay where I am"},
    "value": {"fr": "la carte vaut {v}", "en": "the card is worth {v}"},
    "die": {"fr": "le dé donne {v}", "en": "the die shows {v}"},
})

EVENT = Texts({
    "back": {"fr": "fait demi-tour (pour de bon)", "en": "turns back (for good)"},
    "drop": {"fr": "repose sa carte {card} sur le chemin", "en": "puts their {card} card back on the path"},
    "capture": {"fr": "prend en partant la carte {family}", "en": "takes the {family} card as they leave"},
    "deeper": {"fr": "avance de {n} vers le dragon (carte {to})", "en": "goes {n} deeper (to card {to})"},
    "home": {"fr": "revient de {n} vers l'entrée (carte {to})", "en": "goes {n} back toward the entrance (to card {to})"},
    "out": {"fr": "sort de la grotte avec {cards}", "en": "gets out of the cave with {cards}"},
    "jump": {"fr": "en sautant {who}", "en": "jumping over {who}"},
    "stay": {"fr": "ne bouge pas (0 point de déplacement)", "en": "stays put (0 movement points)"},
    "dragon": {"fr": "le dragon avance de {n} vers l'entrée", "en": "the dragon moves {n} toward the entrance"},
    "dragon_still": {"fr": "le dragon ne bouge pas ({who} ne porte rien)", "en": "the dragon stays put ({who} carries nothing)"},
    "eats": {"fr": "le dragon dévore {who}", "en": "the dragon eats {who}"},
    "eats_all": {"fr": "le dragon atteint l'entrée et dévore {who}", "en": "the dragon reaches the entrance and eats {who}"},
    "roll": {"fr": "{who} lance le dé\u00a0: {v}\u00a0; avec {cards}, {points} au plus",
             "en": "{who} rolls the die: {v}; with {cards}, at most {points}"},
    "dragon_die": {"fr": "dé du dragon\u00a0: {v}", "en": "the dragon's die: {v}"},
    "revealed": {"fr": "la carte {family} prise par {who} vaut {v}", "en": "the {family} card {who} took is worth {v}"},
    "revealed_end": {"fr": "la carte n° {k} de {who} ({family}) vaut {v}", "en": "{who}'s card no. {k} ({family}) is worth {v}"},
})


def steps(n: int, lang: str) -> str:
    """``1 pas``, ``3 pas`` / ``1 step``, ``3 steps``."""
    return count(n, lang, "pas", "pas", "step", "steps")


def cards(n: int, lang: str) -> str:
    """``0 carte``, ``2 cartes`` / ``0 cards``, ``1 card``."""
    return count(n, lang, "carte", "cartes", "card", "cards")


def points(n: int, lang: str) -> str:
    """``1 point``, ``0 point`` / ``1 point``, ``0 points``."""
    return count(n, lang, "point", "points", "point", "points")


def card_words(card: Card, lang: str) -> str:
    """A card by family and value: ``Moyen 5``, ``Heroic ?`` while face down."""
    f, v = card
    return f"{family_name(f, lang)} {'?' if v is None else v}"


def names(players: list[int], lang: str) -> str:
    """``J1``, ``J1 et J3``, ``J1, J2 et J4``."""
    return join_words([player_name(p, lang) for p in players], lang)


def action_label(action: Any, lang: str = "fr") -> str:
    """A turn or a chance outcome in words, with no position around it (see the module docstring)."""
    if isinstance(action, tuple) and len(action) == 2 and action[0] in ("value", "die"):
        return ACTION(action[0], lang, v=action[1])
    if not (isinstance(action, tuple) and len(action) == 5 and action[0] == "move"):
        return str(action)
    _, drop, back, n, capture = action
    parts = [ACTION("back", lang)] if back else []
    if isinstance(drop, int) and drop >= 0:
        parts.append(ACTION("drop", lang, k=drop + 1))
    if capture:
        parts.append(ACTION("capture", lang))
    parts.append(ACTION("move", lang, n=steps(n, lang)) if n else ACTION("stay", lang))
    return ", ".join(parts)


def jumped(before: Position, player: int, dest: int) -> list[int]:
    """The players whose cards ``player`` jumps going from their card to path index ``dest``."""
    i = before.pos[player]
    lo, hi = (dest, i) if dest < i else (i, dest)
    return sorted(q for q in range(len(before.pos))
                  if q != player and before.status[q] == IN and lo < before.pos[q] < hi)


def move_words(before: Position, after: Position, player: int, action: Any, lang: str) -> list[str]:
    """The parts of a player's turn, in the order they happen (without the dragon's answer)."""
    _, drop, back, n, capture = action
    parts = [EVENT("back", lang)] if back else []
    if drop >= 0:
        parts.append(EVENT("drop", lang, card=card_words(before.carried[player][drop], lang)))
    here = before.pos[player]
    if capture:
        parts.append(EVENT("capture", lang, family=family_name(before.path[here][0], lang)))
    returning = back or before.returning[player]
    if not n:
        parts.append(EVENT("stay", lang))
        return parts
    dest = before.stops(player, returning=returning)[n - 1]
    if dest == ENTRANCE:
        parts.append(EVENT("out", lang, cards=cards(len(after.carried[player]), lang)))
    else:
        parts.append(EVENT("home" if returning else "deeper", lang, n=steps(n, lang), to=after.pos[player] + 1))
    over = jumped(before, player, dest if dest != ENTRANCE else -1)
    if over:
        parts.append(EVENT("jump", lang, who=names(over, lang)))
    return parts


def eaten_words(before: Position, after: Position, lang: str) -> list[str]:
    """Whom the dragon ate between two positions."""
    gone = [q for q in range(len(after.status)) if before.status[q] == IN and after.status[q] == EATEN]
    if not gone:
        return []
    return [EVENT("eats_all" if after.dragon == 0 else "eats", lang, who=names(gone, lang))]


def describe_event(event: Event, viewer: int | None = None, lang: str = "fr") -> str:
    """The log line of one event (the same for every viewer: nothing in the cave is hidden).

    >>> from mineedu.games.dragon_cave import DragonCave
    >>> from mineedu.core import Event
    >>> s = DragonCave(2).initial_state()
    >>> a = ("move", -1, False, 3, False)
    >>> describe_event(Event(0, a, s, s.apply(a)), None, "en")
    'P1: goes 3 steps deeper (to card 3)'
    """
    before, after, action = event.before, event.after, event.action
    if not isinstance(before, Position) or not isinstance(after, Position):
        return f"{player_name(event.player, lang)}{colon(lang)} {action_label(action, lang)}"
    if event.player == CHANCE:
        return f"{chance_name(lang)}{colon(lang)} {join_clauses(chance_words(before, after, action, lang), lang)}"
    p = event.player
    parts = move_words(before, after, p, action, lang)
    returning = action[2] or before.returning[p]
    still_in = [q for q in range(len(before.status))
                if before.status[q] == IN and not (q == p and after.status[q] == OUT)]
    if returning and still_in and not before.game.config.dice_dragon:  # D11: the dragon answers the move
        k = len(after.carried[p])
        parts.append(EVENT("dragon", lang, n=cards(k, lang)) if k else EVENT("dragon_still", lang, who=player_name(p, lang)))
    parts += eaten_words(before, after, lang)
    return f"{player_name(p, lang)}{colon(lang)} {', '.join(parts)}"


def chance_words(before: Position, after: Position, action: Any, lang: str) -> list[str]:
    """What a chance event did: a die for a move, the dragon's die, a card turned over."""
    ev = before.chance_event()
    v = action[1]
    if ev is None:
        return [action_label(action, lang)]
    if ev[0] == "roll":
        p = ev[1]
        c = len(before.carried[p])
        return [EVENT("roll", lang, who=player_name(p, lang), v=v, cards=cards(c, lang),
                      points=steps(max(0, v - c), lang))]
    if ev[0] == "dragon":
        return [EVENT("dragon_die", lang, v=v), EVENT("dragon", lang, n=cards(before.dragon - after.dragon, lang)),
                *eaten_words(before, after, lang)]
    _, p, k = ev
    family = family_name(before.carried[p][k][0], lang)
    if IN in before.status:
        return [EVENT("revealed", lang, family=family, who=player_name(p, lang), v=v)]
    return [EVENT("revealed_end", lang, k=k + 1, family=family, who=player_name(p, lang), v=v)]
