"""Gold am Yukon in French and English words: actions, die throws, log lines.

Spaces and claims keep the numbers of :mod:`mineedu.games.yukon.board`.

>>> action_label(("step", 5, 9), "fr"), action_label(("step", 5, 9), "en")
('Déplacer le pion de la case 5 vers la case 9', 'Move the pawn on space 5 to space 9')
>>> action_label(("claim", 18, 30), "en", values=(1,) * 18 + (6,))
'Take claim no. 18 (6 nuggets) with the pawn on space 30'
>>> count(0, "nugget", "fr"), count(0, "nugget", "en"), count(1, "pip", "fr"), count(2, "pip", "en")
('0 pépite', '0 nuggets', '1 point', '2 pips')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

from mineedu.core import CHANCE, Event, Texts, i18n
from mineedu.core.i18n import colon
from mineedu.core.i18n import player_name as seat

from .rules import YukonState, YukonView

LABELS = Texts({
    "start": {"fr": "Premier pion sur la case de départ {s}", "en": "First pawn on start space {s}"},
    "place": {"fr": "Poser un pion sur la case {s}", "en": "Put a pawn on space {s}"},
    "step": {"fr": "Déplacer le pion de la case {a} vers la case {b}", "en": "Move the pawn on space {a} to space {b}"},
    "claim": {"fr": "Prendre le gain n° {c}{v} avec le pion de la case {s}",
              "en": "Take claim no. {c}{v} with the pawn on space {s}"},
    "die": {"fr": "Le dé donne {v}", "en": "The die shows {v}"},
})

LOG = Texts({
    "again": {"fr": "{who} lance le dé{c} {v}, et relance", "en": "{who} rolls the die{c} {v}, and rolls again"},
    "throw": {"fr": "{who} lance le dé{c} {t}", "en": "{who} throws the die{c} {t}"},
    "start": {"fr": "{who} pose son premier pion sur la case de départ {s}",
              "en": "{who} puts a first pawn on start space {s}"},
    "place": {"fr": "{who} pose un pion sur la case {s} ({k} sur {n})", "en": "{who} puts a pawn on space {s} ({k} of {n})"},
    "full": {"fr": " : l'équipe est complète", "en": ": the team is complete"},
    "step": {"fr": "{who} avance{c} le pion de la case {a} passe en case {b}",
             "en": "{who} moves{c} the pawn on space {a} goes to space {b}"},
    "turned": {"fr": " ; la tête est bloquée : l'autre bout mène jusqu'à la fin du tour",
               "en": "; the head is blocked: the other end leads for the rest of the turn"},
    "claim": {"fr": "{who} revendique le gain n° {c} ({v}) ; le pion de la case {s} y reste",
              "en": "{who} claims no. {c} ({v}); the pawn on space {s} stays on it"},
    "centre": {"fr": " ; avec le 6, {who} quitte la partie", "en": "; with the 6, {who} leaves play"},
    "blocked": {"fr": " ; bloqué des deux côtés : {p}", "en": "; blocked at both ends: {p}"},
    "left": {"fr": " ; {p}", "en": "; {p}"},
    "over": {"fr": ". Partie finie.", "en": ". Game over."},
})


NOUNS = {  # singular and plural, French then English
    "nugget": ("pépite", "pépites", "nugget", "nuggets"),
    "pip": ("point", "points", "pip", "pips"),  # French says *points du dé*
    "step": ("pas", "pas", "step", "steps"),
    "turn": ("tour", "tours", "turn", "turns"),
    "pawn": ("pion", "pions", "pawn", "pawns"),
}


def count(n: SupportsFloat, noun: str, lang: str) -> str:
    """``n`` things, agreed the reader's way: French counts 0 and 1 as singular, English only 1.

    >>> count(0, "turn", "fr"), count(0, "turn", "en"), count(1, "pip", "en"), count(3, "step", "fr")
    ('0 tour', '0 turns', '1 pip', '3 pas')
    >>> from fractions import Fraction
    >>> count(Fraction(103, 100), "turn", "fr"), count(Fraction(5, 2), "turn", "en")
    ('1,03 tour', '2.50 turns')
    """
    return i18n.count(n, lang, *NOUNS[noun])


def _lost(n: int, lang: str, left_over: bool = False) -> str:
    """Pips lost, agreed in French: ``1 point perdu``, ``2 points restants perdus`` / ``2 leftover pips lost``."""
    if lang == "en":
        return f"{n} {'leftover ' if left_over else ''}{'pip' if n == 1 else 'pips'} lost"
    many = abs(n) >= 2
    rest = (" restants" if many else " restant") if left_over else ""
    return f"{count(n, 'pip', lang)}{rest} {'perdus' if many else 'perdu'}"


def action_label(action: object, lang: str = "fr", values: Sequence[int] = ()) -> str:
    """A pawn's move, a claim taken (with its value when ``values`` are given) or a die throw."""
    if isinstance(action, int) and not isinstance(action, bool):
        return LABELS("die", lang, v=action)
    if not isinstance(action, tuple) or not action:
        return str(action)
    kind = action[0]
    if kind in ("start", "place") and len(action) == 2:
        return LABELS(kind, lang, s=action[1])
    if kind == "step" and len(action) == 3:
        return LABELS("step", lang, a=action[1], b=action[2])
    if kind == "claim" and len(action) == 3:
        c = action[1]
        v = values[c] if isinstance(c, int) and 0 <= c < len(values) else None
        worth = "" if v is None else f" ({count(v, 'nugget', lang)})"
        return LABELS("claim", lang, c=c, v=worth, s=action[2])
    return " ".join(map(str, action))


def turn_passed(before: YukonView, after: YukonView) -> bool:
    """Whether the player's turn ended with this move (a new turn began, or the game ended)."""
    return after.done or after.turn != before.turn or after.round != before.round


def describe_event(event: Event, viewer: int | None, lang: str = "fr") -> str:
    """A log line for one move (everything in Gold am Yukon is public, so every viewer
    reads the same line): throws with their sum, pawns placed and moved, a blocked
    head turning back, pips lost, claims, the centre's taker leaving, the end.

    >>> import mineedu
    >>> from mineedu.core import Event
    >>> s = mineedu.make("yukon", 3).initial_state()
    >>> for sp in (0, 102, 211):
    ...     s = s.apply(("start", sp))
    >>> a = s.apply(1)
    >>> describe_event(Event(-1, 1, s, a), None, "fr"), describe_event(Event(-1, 4, a, a.apply(4)), None, "en")
    ('J1 lance le dé\\xa0: 1, et relance', 'P1 throws the die: 1 + 4 = 5 pips')
    """
    before, after = event.before, event.after
    assert isinstance(before, YukonState) and isinstance(after, YukonState)
    b, a = before.observation(viewer), after.observation(viewer)
    p = b.turn
    who = seat(p, lang)
    c = colon(lang)
    action: Any = event.action
    passed = turn_passed(b, a)
    if event.player == CHANCE:
        throws = (*b.throws, action)
        if a.rolling and not passed:
            return LOG("again", lang, who=who, c=c, v=action)
        total = sum(throws)
        sums = " + ".join(map(str, throws)) + " = " if len(throws) > 1 else ""
        line = LOG("throw", lang, who=who, c=c, t=sums + count(total, "pip", lang))
        if passed:
            line += LOG("blocked", lang, p=_lost(total, lang))
        return line + (LOG("over", lang) if a.done else "")
    kind = action[0]
    left = b.pips - 1  # pips still to play after this one
    if kind == "start":
        return LOG("start", lang, who=who, s=action[1])
    if kind == "place":
        n = b.config.pawns
        k = len(a.chains[p]) + len(a.claims_of(p))
        line = LOG("place", lang, who=who, s=action[1], k=k, n=n)
        if k == n:
            line += LOG("full", lang) + (LOG("left", lang, p=_lost(left, lang, left_over=True)) if left > 0 else "")
        elif passed and left > 0:
            line += LOG("blocked", lang, p=_lost(left, lang))
    elif kind == "step":
        line = LOG("step", lang, who=who, c=c, a=action[1], b=action[2])
        if a.turned and not b.turned and not passed:
            line += LOG("turned", lang)
        if passed and left > 0:
            line += LOG("blocked", lang, p=_lost(left, lang))
    else:  # a claim
        claim, pawn = action[1], action[2]
        line = LOG("claim", lang, who=who, c=claim, v=count(b.config.values[claim], "nugget", lang), s=pawn)
        if a.out[p] and not b.out[p]:
            line += LOG("centre", lang, who=who)
        if left > 0:
            line += LOG("left", lang, p=_lost(left, lang, left_over=True))
    return line + (LOG("over", lang) if a.done else "")


BOT_NAMES = Texts({
    "random": {"fr": "« au hasard »", "en": "\"at random\""},
    "nearest-claim": {"fr": "« gain le plus proche »", "en": "\"nearest claim\""},
    "value-per-distance": {"fr": "« pépites par point »", "en": "\"nuggets per pip\""},
})


bot_name = BOT_NAMES.or_key
"""A bot in words, for a seat's menu, a status line or a tournament's chart (``Hooks.bot_name``)."""
