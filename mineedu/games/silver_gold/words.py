"""Silver & Gold in French and English words: actions, cards, shapes, and log lines.

Card places, rows, columns and orientations are counted from 1 here (the
actions count them from 0); treasure cards keep their ids (``cards.json``).

>>> action_label(("cross", 0, 1, 2), "fr"), action_label(("cross", 0, 1, 2), "en")
('Cocher une seule case sur la 1re carte\xa0: ligne 2, colonne 3', 'Cross a single box on card 1: row 2, column 3')
>>> action_label("L3", "fr"), action_label(11, "en")
('Carte expédition\xa0: triomino en L', 'Drawn: treasure card no. 11 (green, 10 boxes)')

A log line says only what its reader may know (:func:`describe_event`): a card
dealt to someone else is counted, never named, and a choice made in secret is
"chosen" until everyone has chosen.
"""

from __future__ import annotations

from typing import Any

from mineedu.core import CHANCE, SEE_ALL, Action, Event, State, Texts
from mineedu.core.i18n import colon, count, join_clauses, join_words, player_name, round_name

from .rules import CARDS, PlayerView, SilverGoldView, action_cells
from .shapes import SHAPE_NAMES

WORDS = Texts({
    # actions, as a button says them
    "slot": {"fr": "la {k}e carte", "en": "card {k}"},
    "slot1": {"fr": "la 1re carte", "en": "card 1"},
    "place": {
        "fr": "Poser la forme (orientation {o}) sur {slot}, à partir de la ligne {r}, colonne {c}",
        "en": "Place the shape (orientation {o}) on {slot}, from row {r}, column {c}",
    },
    "place_cells": {"fr": "Poser {shape} sur {slot}, cases {cells}", "en": "Place {the_shape} on {slot}, boxes {cells}"},
    "cross": {
        "fr": "Cocher une seule case sur {slot} : ligne {r}, colonne {c}",
        "en": "Cross a single box on {slot}: row {r}, column {c}",
    },
    "pass": {"fr": "Passer (plus aucune case libre)", "en": "Pass (no free box left)"},
    "keep": {"fr": "Garder : {cards}", "en": "Keep: {cards}"},
    "take": {"fr": "Prendre la {card} dans l'offre", "en": "Take {card} from the display"},
    "drawn": {"fr": "Pioche : {card}", "en": "Drawn: {card}"},
    "shape_card": {"fr": "Carte expédition : {s}", "en": "Expedition card: {s}"},
    "card": {"fr": "carte trésor n° {id} ({colour}, {n} cases)", "en": "treasure card no. {id} ({colour}, {n} boxes)"},
    "card_id": {"fr": "carte trésor n° {id}", "en": "treasure card no. {id}"},
    "short_card": {"fr": "n° {id} ({colour}, {n})", "en": "no. {id} ({colour}, {n})"},
    "box": {"fr": "({r}, {c})", "en": "({r}, {c})"},
    # colours: of a card (agrees with "carte") and as a colour
    "grey": {"fr": "grise", "en": "grey"},
    "green": {"fr": "verte", "en": "green"},
    "orange": {"fr": "orange", "en": "orange"},
    "purple": {"fr": "violette", "en": "purple"},
    "colour_grey": {"fr": "gris", "en": "grey"},
    "colour_green": {"fr": "vert", "en": "green"},
    "colour_orange": {"fr": "orange", "en": "orange"},
    "colour_purple": {"fr": "violet", "en": "purple"},
    # log lines
    "dealt_hidden": {"fr": "{who} reçoit {n}", "en": "{who} receives {n}"},
    "dealt_seen": {"fr": "{who} reçoit {n} : {cards}", "en": "{who} receives {n}: {cards}"},
    "display_dealt": {"fr": "Offre : {cards}", "en": "Display: {cards}"},
    "kept_hidden": {
        "fr": "{who} a choisi ses cartes (cachées jusqu'à ce que tous aient choisi)",
        "en": "{who} has chosen their cards (hidden until everyone has chosen)",
    },
    "keeps": {"fr": "{who} garde {cards}", "en": "{who} keeps {cards}"},
    "all_chosen": {"fr": "Tous ont choisi. {list}", "en": "Everyone has chosen. {list}"},
    "chose_hidden": {
        "fr": "{who} a choisi (caché jusqu'à ce que tous aient choisi)",
        "en": "{who} has chosen (hidden until everyone has chosen)",
    },
    "reveal": {"fr": "Carte expédition {k}/{K} : {shape}", "en": "Expedition card {k}/{K}: {shape}"},
    "places": {"fr": "{who} pose {shape} sur {slot}, cases {cells}", "en": "{who} places {the_shape} on {slot}, boxes {cells}"},
    "crosses": {"fr": "{who} coche une seule case {box} sur {slot}", "en": "{who} crosses a single box {box} on {slot}"},
    "chain": {
        "fr": "{who} coche une case de plus (croix rouge) : {box} sur {slot}",
        "en": "{who} crosses one more box (red cross): {box} on {slot}",
    },
    "passes": {"fr": "{who} passe (plus aucune case libre)", "en": "{who} passes (no free box left)"},
    "secret": {"fr": "(en secret)", "en": "(in secret)"},
    "takes": {"fr": "{who} prend la {card} dans l'offre", "en": "{who} takes {card} from the display"},
    "refill": {"fr": "L'offre reçoit la {card}", "en": "The display gets {card}"},
    "coins": {"fr": "+{n}", "en": "+{n}"},
    "palm": {"fr": "palmier +{v}", "en": "palm +{v}"},
    "owed": {"fr": "croix rouge : encore {n}", "en": "red cross: {n} more"},
    "cup": {"fr": "coupe {v}", "en": "cup {v}"},
    "completed": {"fr": "carte n° {id} complétée (+{n})", "en": "card no. {id} completed (+{n})"},
    "chapter_deal": {"fr": "Distribution", "en": "The deal"},
    "chapter_over": {"fr": "Fin de partie", "en": "Game over"},
})
"""The words of the actions and of the log; a card's colour agrees with *carte* in French."""

ARTICLES = {"fr": "le {s}", "en": "the {s}"}

ORIENTATIONS = ("orientation", "orientations", "orientation", "orientations")  # a noun for core.i18n.count


def shape_name(shape: str, lang: str = "fr") -> str:
    """``"tétromino en L"`` / ``"L-tetromino"`` (an unknown shape keeps its code)."""
    names = SHAPE_NAMES.get(shape)
    return names["en" if lang == "en" else "fr"] if names else shape


def the_shape(shape: str, lang: str = "fr") -> str:
    """``"le domino"`` / ``"the domino"``."""
    return ARTICLES["en" if lang == "en" else "fr"].format(s=shape_name(shape, lang))


def capital(s: str) -> str:
    """``s`` with its first letter in capitals (the rest as it is)."""
    return s[:1].upper() + s[1:]


def colour_name(colour: str, lang: str = "fr") -> str:
    """A colour as a colour (a seal points at green: "vert")."""
    key = "colour_" + colour
    return WORDS(key, lang) if key in WORDS.table else colour


def card_label(card: object, lang: str = "fr") -> str:
    """A treasure card: its id, colour and number of boxes (its points once completed)."""
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(CARDS):
        k = CARDS[card]
        return WORDS("card", lang, id=card, colour=WORDS(k.colour, lang), n=k.points)
    return WORDS("card_id", lang, id=card)


def short_card(card: int, lang: str = "fr") -> str:
    """``"n° 11 (verte, 10)"``: a card in a list."""
    k = CARDS[card]
    return WORDS("short_card", lang, id=card, colour=WORDS(k.colour, lang), n=k.points)


def slot_name(slot: int, lang: str = "fr") -> str:
    """``"la 1re carte"``, ``"la 2e carte"`` / ``"card 1"``."""
    return WORDS("slot1", lang) if slot == 0 else WORDS("slot", lang, k=slot + 1)


def box_name(r: int, c: int, lang: str = "fr") -> str:
    """A box as (row, column), counted from 1."""
    return WORDS("box", lang, r=r + 1, c=c + 1)


def cells_text(cells: list[tuple[int, int]], lang: str = "fr") -> str:
    """``"(1, 2), (1, 3) et (2, 3)"``: boxes as (row, column) from 1, in reading order."""
    return join_words([box_name(r, c, lang) for r, c in sorted(cells)], lang)


def place_label(shape: str, action: tuple[Any, ...], lang: str = "fr") -> str:
    """A placement in words, with the shape and the boxes it covers.

    >>> place_label("I2", ("place", 1, 0, 0, 1), "fr")
    'Poser le domino sur la 2e carte, cases (1, 2) et (1, 3)'
    """
    return WORDS("place_cells", lang, shape=the_shape(shape, lang), the_shape=the_shape(shape, lang),
                 slot=slot_name(action[1], lang), cells=cells_text(action_cells(action, shape), lang))


def action_label(action: object, lang: str = "fr") -> str:
    """A player's action, an expedition card revealed (a shape) or a treasure card drawn (an id).

    A placement names its orientation and corner here (no state: the shape is
    not known); boards and logs name its boxes (:func:`place_label`).

    >>> action_label(("keep", 3, 17), "en")
    'Keep: treasure card no. 3 (grey, 8 boxes) and treasure card no. 17 (green, 10 boxes)'
    >>> action_label(("take", 11), "fr")
    "Prendre la carte trésor n°\xa011 (verte, 10 cases) dans l'offre"
    """
    if isinstance(action, str):  # an expedition card revealed
        return WORDS("shape_card", lang, s=shape_name(action, lang))
    if isinstance(action, int) and not isinstance(action, bool):  # a treasure card dealt or drawn
        return WORDS("drawn", lang, card=card_label(action, lang))
    if not isinstance(action, tuple) or not action:
        return str(action)
    tag, args = action[0], action[1:]
    ints = all(isinstance(x, int) and not isinstance(x, bool) for x in args)
    if tag == "place" and len(args) == 4 and ints:
        slot, o, r, c = args
        return WORDS("place", lang, o=o + 1, slot=slot_name(slot, lang), r=r + 1, c=c + 1)
    if tag == "cross" and len(args) == 3 and ints:
        slot, r, c = args
        return WORDS("cross", lang, slot=slot_name(slot, lang), r=r + 1, c=c + 1)
    if tag == "keep" and args and ints:
        return WORDS("keep", lang, cards=join_words([card_label(i, lang) for i in args], lang))
    if tag == "take" and len(args) == 1:
        return WORDS("take", lang, card=card_label(args[0], lang))
    if tag == "pass" and not args:
        return WORDS("pass", lang)
    return " ".join(map(str, action))


# --- the log ---------------------------------------------------------------------------


def _cards(ids: tuple[int, ...] | list[int], lang: str) -> str:
    return ", ".join(short_card(c, lang) for c in ids)


def move_words(player: int, action: Action, shape: str | None, lang: str) -> str:
    """What ``player`` did, in the third person (a move everyone may now know)."""
    who = player_name(player, lang)
    kind = action[0]
    if kind == "keep":
        return WORDS("keeps", lang, who=who, cards=join_words([short_card(c, lang) for c in action[1:]], lang))
    if kind == "place" and shape is not None:
        return WORDS("places", lang, who=who, shape=the_shape(shape, lang), the_shape=the_shape(shape, lang),
                     slot=slot_name(action[1], lang), cells=cells_text(action_cells(action, shape), lang))
    if kind == "cross":
        return WORDS("crosses", lang, who=who, box=box_name(action[2], action[3], lang), slot=slot_name(action[1], lang))
    if kind == "take":
        return WORDS("takes", lang, who=who, card=card_label(action[1], lang))
    if kind == "pass":
        return WORDS("passes", lang, who=who)
    return f"{who}{colon(lang)} {action_label(action, lang)}"


def consequences(before: PlayerView, after: PlayerView, lang: str) -> str:
    """What a player's marks brought (coins, palms, red crosses owed, cups, cards completed)."""
    parts = []
    coins = after.coins - before.coins
    if coins > 0:
        parts.append("+" + count(coins, lang, "pièce", "pièces", "coin", "coins"))
    parts += [WORDS("palm", lang, v=v) for v in after.palms[len(before.palms):]]
    if after.pending:
        parts.append(WORDS("owed", lang, n=count(after.pending, lang, "case", "cases", "box", "boxes")))
    parts += [WORDS("cup", lang, v=v) for v in after.cups[len(before.cups):]]
    parts += [WORDS("completed", lang, id=c, n=CARDS[c].points) for c in after.completed[len(before.completed):]]
    return f" — {', '.join(parts)}" if parts else ""


def describe_event(event: Event, viewer: int | None, lang: str = "fr") -> str:
    """A log line for ``event`` that ``viewer`` may read, made from that viewer's views
    before and after it ("" for a card of the deal until the hand is complete).

    A card dealt to another player is counted, not named; a secret choice is
    "chosen" until the last player chooses, and then every choice is told.
    """
    before: SilverGoldView = event.before.observation(viewer)
    after: SilverGoldView = event.after.observation(viewer)
    cfg = before.config
    if event.player == CHANCE:
        if before.phase == "deal":
            for p, (b, a) in enumerate(zip(before.boards, after.boards)):
                if a.hand_size > b.hand_size:
                    if a.hand_size < cfg.deal:
                        return ""
                    who = player_name(p, lang)
                    n = count(a.hand_size, lang, "carte trésor", "cartes trésor", "treasure card", "treasure cards")
                    if a.hand is None:
                        return WORDS("dealt_hidden", lang, who=who, n=n)
                    return WORDS("dealt_seen", lang, who=who, n=n, cards=_cards(a.hand, lang))
            if len(after.display) < cfg.display and after.phase == "deal":
                return ""
            return WORDS("display_dealt", lang, cards=_cards(after.display, lang))
        if before.phase == "reveal":
            return WORDS("reveal", lang, k=len(after.revealed), K=cfg.reveals_per_round, shape=shape_name(event.action, lang))
        if before.phase == "refill":
            return WORDS("refill", lang, card=card_label(event.action, lang))
        return action_label(event.action, lang)
    p = event.player
    shape = before.shape
    if before.phase in ("keep", "place"):
        if after.phase == before.phase:  # not everyone has chosen: only the chooser (and "show all") knows what
            if viewer in (p, SEE_ALL):
                return move_words(p, event.action, shape, lang) + " " + WORDS("secret", lang)
            return WORDS("kept_hidden" if before.phase == "keep" else "chose_hidden", lang, who=player_name(p, lang))
        every = event.before.observation(SEE_ALL).boards  # the choices are revealed by this move
        choices = [b.choice if q != p else event.action for q, b in enumerate(every)]
        lines = [move_words(q, a, shape, lang) + consequences(before.boards[q], after.boards[q], lang)
                 for q, a in enumerate(choices)]
        return WORDS("all_chosen", lang, list=join_clauses(lines, lang))
    if before.phase == "chain":
        text = WORDS("chain", lang, who=player_name(p, lang), box=box_name(event.action[2], event.action[3], lang),
                     slot=slot_name(event.action[1], lang))
        return text + consequences(before.boards[p], after.boards[p], lang)
    return move_words(p, event.action, shape, lang)


def chapter(state: State, lang: str = "fr") -> str:
    """The log heading a state belongs to: the deal, a round, the end."""
    phase = getattr(state, "phase", "")
    if phase in ("deal", "keep"):
        return WORDS("chapter_deal", lang)
    if phase == "over":
        return WORDS("chapter_over", lang)
    return round_name(getattr(state, "round", 0) + 1, lang)


BOT_NAMES = Texts({
    "random": {"fr": "au hasard", "en": "random"},
    "greedy": {"fr": "glouton", "en": "greedy"},
    "open": {"fr": "garde de la place", "en": "keeps room"},
})


bot_name = BOT_NAMES.or_key
"""A bot in words, for a seat's menu, a status line or a tournament's chart (``Hooks.bot_name``)."""


__all__ = [
    "BOT_NAMES", "WORDS", "action_label", "bot_name", "box_name", "capital", "card_label", "cells_text", "chapter",
    "colour_name", "consequences", "describe_event", "move_words", "place_label",
    "shape_name", "short_card", "slot_name", "the_shape",
]
