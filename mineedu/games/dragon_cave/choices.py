"""A turn of the cave, picked step by step at a board (see :mod:`mineedu.core.choices`).

A turn ``("move", drop, turn_back, steps, capture)`` is picked in the order a
player thinks it through, one step at a time:

1. the direction (``go:deeper`` / ``go:back``), and turning back is confirmed
   (``back:confirm``): it is once and for good (D11); when no free card is
   left before the dragon the confirmation is the only step of its kind;
2. a carried card to put down behind you (``drop:<k>``, a card of your line on
   the picture) or none (``drop:none``) (D10);
3. taking the card you leave (``take:yes`` / ``take:no``) (D10);
4. where to go: a card of the path (``card:<i>``), the entrance to get out
   (``exit``), or ``stay`` when you have no movement point (D9). Hovering a
   card draws the hops, jumped cards included.

A step with one possible answer is skipped (except the destination, the move
itself, and the confirmation of a turn back).

>>> from mineedu.games.dragon_cave import DragonCave
>>> from mineedu.core import ChoiceTree
>>> s = DragonCave(2).initial_state()
>>> tree = ChoiceTree(CHOICES, s, 0)
>>> tree.options(())
['card:0', 'card:1', 'card:2', 'card:3']
>>> tree.label((), "card:2", "en")
'Go to card 3 (Easy): 3 steps'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from mineedu.core import Choices, State, Texts
from mineedu.core.choices import Path

from .rules import ENTRANCE, DragonCaveState, Position, family_name
from .svg import preview_hops
from .words import card_words, names, points, steps
from .words import jumped as jumped_players

KIND = {"go": "direction", "back": "confirm", "drop": "drop", "take": "take",
        "card": "destination", "exit": "destination", "stay": "destination"}

T = Texts({
    "direction": {"fr": "Continuer vers le dragon, ou faire demi-tour\u00a0? Un demi-tour est définitif.",
                  "en": "Keep going deeper, or turn back? Turning back is for good."},
    "confirm": {"fr": "Demi-tour\u00a0: vous ne pourrez plus jamais repartir vers le dragon. Vous confirmez\u00a0?",
                "en": "Turning back: you can never head for the dragon again. Do you confirm?"},
    "forced": {"fr": "Plus aucune carte libre devant vous avant le dragon\u00a0: vous devez faire demi-tour, pour de bon.",
               "en": "No free card is left ahead of you before the dragon: you must turn back, for good."},
    "drop": {"fr": "Reposer une de vos cartes derrière vous pour aller plus vite\u00a0? Cliquez-la, ou gardez tout.",
             "en": "Put one of your cards down behind you to go faster? Click it, or keep them all."},
    "take": {"fr": "Prendre la carte que vous quittez\u00a0?", "en": "Take the card you leave?"},
    "destination": {"fr": "Cliquez la carte où aller (jusqu'à {n}\u00a0; une carte occupée se saute).",
                    "en": "Click the card to go to (up to {n}; an occupied card is jumped)."},
    "destination_out": {"fr": "Cliquez la carte où aller, ou l'entrée pour sortir (jusqu'à {n}).",
                        "en": "Click the card to go to, or the entrance to get out (up to {n})."},
    "stay_only": {"fr": "Vous n'avez aucun point de déplacement\u00a0: vous restez sur place.",
                  "en": "You have no movement point: you stay where you are."},
    "go:deeper": {"fr": "Continuer vers le dragon", "en": "Keep going deeper"},
    "go:back": {"fr": "Faire demi-tour (une seule fois)", "en": "Turn back (only once)"},
    "back:confirm": {"fr": "Oui, je fais demi-tour pour de bon", "en": "Yes, I turn back for good"},
    "back:forced": {"fr": "Faire demi-tour", "en": "Turn back"},
    "drop:none": {"fr": "Garder toutes mes cartes", "en": "Keep all my cards"},
    "drop:card": {"fr": "Reposer ma carte {card} (puis jusqu'à {n})", "en": "Put down my {card} (then up to {n})"},
    "take:yes": {"fr": "Prendre la carte {family} (puis jusqu'à {n})", "en": "Take the {family} card (then up to {n})"},
    "take:no": {"fr": "La laisser (puis jusqu'à {n})", "en": "Leave it (then up to {n})"},
    "card": {"fr": "Aller à la carte {k} ({family})\u00a0: {n}", "en": "Go to card {k} ({family}): {n}"},
    "exit": {"fr": "Sortir de la grotte\u00a0: {n}", "en": "Get out of the cave: {n}"},
    "jump": {"fr": ", en sautant {who}", "en": ", jumping over {who}"},
    "stay": {"fr": "Rester sur place ({p} de déplacement)", "en": "Stay where I am ({p} of movement)"},
})


def destination(state: Position, player: int, back: bool, n: int) -> str:
    """The key of where ``n`` steps take ``player`` (turning back now if ``back``)."""
    if n == 0:
        return "stay"
    dest = state.stops(player, returning=back or state.returning[player])[n - 1]
    return "exit" if dest == ENTRANCE else f"card:{dest}"


@lru_cache(maxsize=16)
def plan(state: DragonCaveState, player: int) -> dict[Path, Any]:
    """Every legal action of ``player`` by its path (see the module docstring)."""
    legal = state.legal_actions(player)
    backs = {a[2] for a in legal}
    out: dict[Path, Any] = {}
    for a in legal:
        _, drop, back, n, capture = a
        keys: list[str] = []
        if len(backs) > 1:
            keys.append("go:back" if back else "go:deeper")
        if back:
            keys.append("back:confirm")
        same_back = [b for b in legal if b[2] == back]
        if len({b[1] for b in same_back}) > 1:
            keys.append("drop:none" if drop < 0 else f"drop:{drop}")
        same_drop = [b for b in same_back if b[1] == drop]
        if len({b[4] for b in same_drop}) > 1:
            keys.append("take:yes" if capture else "take:no")
        keys.append(destination(state, player, back, n))
        out[tuple(keys)] = a
    return out


def _under(state: State, player: int, prefix: Path) -> list[tuple[Path, Any]]:
    assert isinstance(state, DragonCaveState)
    k = len(prefix)
    return [(p, a) for p, a in plan(state, player).items() if p[:k] == prefix]


class CaveChoices(Choices):
    """The steps of a cave turn (see the module docstring)."""

    def path(self, state: State, player: int, action: Any) -> Path:
        assert isinstance(state, DragonCaveState)
        for p, a in plan(state, player).items():
            if a == action:
                return p
        raise ValueError(f"dragon_cave: {action!r} is not a legal action of player {player}")

    def prompt(self, state: State, player: int, prefix: Path, lang: str) -> str:
        under = _under(state, player, prefix)
        nxt = [p[len(prefix)] for p, _ in under if len(p) > len(prefix)]
        if not nxt:
            return ""
        kind = KIND[nxt[0].partition(":")[0]]
        if kind == "confirm":
            return T("confirm" if "go:back" in prefix else "forced", lang)
        if kind == "destination":
            most = max(a[3] for _, a in under)
            if most == 0:
                return T("stay_only", lang)
            return T("destination_out" if "exit" in nxt else "destination", lang, n=steps(most, lang))
        return T(kind, lang)

    def label(self, state: State, player: int, prefix: Path, key: str, action: Any, lang: str) -> str:
        assert isinstance(state, DragonCaveState)
        head, _, rest = key.partition(":")
        if KIND.get(head) == "destination" and action is not None:
            n = action[3]
            if key == "stay":
                return T("stay", lang, p=points(0, lang))
            dest = ENTRANCE if key == "exit" else int(rest)
            words = (T("exit", lang, n=steps(n, lang)) if key == "exit" else
                     T("card", lang, k=dest + 1, family=family_name(state.path[dest][0], lang), n=steps(n, lang)))
            over = jumped_players(state, player, dest)
            return words + (T("jump", lang, who=names(over, lang)) if over else "")
        if key == "back:confirm" and "go:back" not in prefix:
            return T("back:forced", lang)
        if key in ("go:deeper", "go:back", "back:confirm", "drop:none"):
            return T(key, lang)
        most = steps(max(a[3] for _, a in _under(state, player, (*prefix, key))), lang)
        if head == "drop":
            return T("drop:card", lang, card=card_words(state.carried[player][int(rest)], lang), n=most)
        if key == "take:yes":
            return T("take:yes", lang, family=family_name(state.path[state.pos[player]][0], lang), n=most)
        if key == "take:no":
            return T("take:no", lang, n=most)
        return key

    def preview(self, state: State, player: int, prefix: Path, key: str) -> str | None:
        """The hops to a destination: one arc per step, over the occupied cards it jumps
        (drawn for both layouts of the picture; each picture shows the one that fits it)."""
        assert isinstance(state, DragonCaveState)
        if KIND.get(key.partition(":")[0]) != "destination" or key == "stay":
            return None
        action = plan(state, player).get((*prefix, key))
        if action is None:
            return None
        return preview_hops(state, player, action[2], action[3])


CHOICES = CaveChoices()
