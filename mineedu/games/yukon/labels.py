"""Gold am Yukon's actions and die throws in French and English words.

Spaces and claims keep the numbers of :mod:`mineedu.games.yukon.board`.

>>> action_label(("step", 5, 9), "fr"), action_label(("step", 5, 9), "en")
('Déplacer le pion de la case 5 vers la case 9', 'Move the pawn on space 5 to space 9')
>>> action_label(("claim", 18, 30), "en", values=(1,) * 18 + (6,))
'Take claim no. 18 (6 nuggets) with the pawn on space 30'
"""

from __future__ import annotations

from collections.abc import Sequence

from mineedu.core import Texts

LABELS = Texts({
    "start": {"fr": "Premier pion sur la case de départ {s}", "en": "First pawn on start space {s}"},
    "place": {"fr": "Poser un pion sur la case {s}", "en": "Put a pawn on space {s}"},
    "step": {"fr": "Déplacer le pion de la case {a} vers la case {b}", "en": "Move the pawn on space {a} to space {b}"},
    "claim": {"fr": "Prendre le gain n° {c}{v} avec le pion de la case {s}", "en": "Take claim no. {c}{v} with the pawn on space {s}"},
    "value1": {"fr": " (1 pépite)", "en": " (1 nugget)"},
    "values": {"fr": " ({v} pépites)", "en": " ({v} nuggets)"},
    "die": {"fr": "Le dé donne {v}", "en": "The die shows {v}"},
})


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
        worth = "" if v is None else LABELS("value1" if v == 1 else "values", lang, v=v)
        return LABELS("claim", lang, c=c, v=worth, s=action[2])
    return " ".join(map(str, action))
