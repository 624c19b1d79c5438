"""How a player picks a Gold am Yukon action on the picture, step by step.

Every pip is one action of the engine (D14-D16), and every part of it is a
place on the board (the regions of :mod:`mineedu.games.yukon.svg`):

* the first pawn: click a start space (``space:<n>``);
* setup: click a free space next to an end of the chain, once per pip;
* a turn's first pip, when both ends of the chain could lead: click the end
  that leads (``space:<end>``), then a free space next to it. Once the head is
  chosen (or only one end can move) each pip is one click on a free space
  ahead. When the head is blocked the rules turn the chain round and the
  prompt says so (D15);
* a claim: click the claim (``claim:<n>``), then, when the chain has two ends,
  the end pawn that stays on it (D16).

Only keys that lead to a legal action are offered (:class:`mineedu.core.ChoiceTree`).
"""

from __future__ import annotations

from typing import Any

from mineedu.core import Choices, State, Texts
from mineedu.core.choices import Path
from mineedu.core.svg import PLAYER_COLOURS

from . import svg
from .rules import YukonState
from .words import action_label, count

T = Texts({
    "start": {"fr": "Cliquez une case de départ (encadrée en pointillé) pour votre premier pion.",
              "en": "Click a start space (framed by a dashed line) for your first pawn."},
    "place": {"fr": "Mise en place : cliquez une case libre à côté d'un bout de votre chaîne ({n} à poser).",
              "en": "Setup: click a free space next to an end of your chain ({n} to place)."},
    "lead": {"fr": "{n} à jouer : cliquez le bout de votre chaîne qui mène ce tour",
             "en": "{n} to play: click the end of your chain that leads this turn"},
    "only": {"fr": "{n} à jouer : seul le bout de la case {e} peut avancer ; cliquez une case libre à côté",
             "en": "{n} to play: only the end on space {e} can move; click a free space next to it"},
    "ahead": {"fr": "{n} à jouer : cliquez une case libre devant la tête",
              "en": "{n} to play: click a free space ahead of the head"},
    "turned": {"fr": "La tête était bloquée : l'autre bout mène jusqu'à la fin du tour. ",
               "en": "The head was blocked: the other end leads for the rest of the turn. "},
    "next_to": {"fr": "Cliquez une case libre à côté du bout de la case {e}.",
                "en": "Click a free space next to the end on space {e}."},
    "or_claim": {"fr": ", ou un gain à revendiquer (1 point).", "en": ", or a claim to stake (1 pip)."},
    "claim_only": {"fr": "{n} à jouer : cliquez un gain à revendiquer (1 point).",
                   "en": "{n} to play: click a claim to stake (1 pip)."},
    "which": {"fr": "Quel bout de la chaîne reste sur le gain n° {c} ? Cliquez ce pion.",
              "en": "Which end of the chain stays on claim no. {c}? Click that pawn."},
    "end": {"fr": "Le bout de la case {e} mène ce tour", "en": "The end on space {e} leads this turn"},
    "claim": {"fr": "Revendiquer le gain n° {c} ({v})", "en": "Claim no. {c} ({v})"},
    "stay": {"fr": "Le pion de la case {s} reste sur le gain n° {c} ({v})",
             "en": "The pawn on space {s} stays on claim no. {c} ({v})"},
})


def _space(key: str) -> int | None:
    return int(key[6:]) if key.startswith("space:") else None


def _claim(key: str) -> int | None:
    return int(key[6:]) if key.startswith("claim:") else None


def leads(state: YukonState, player: int) -> frozenset[int]:
    """The ends of the chain that a step may lead with now (the head, once chosen)."""
    chain = state.chains[player]
    return frozenset(chain[0] if a[1] == chain[-1] else chain[-1]
                     for a in state.legal_actions(player) if a[0] == "step")


class YukonChoices(Choices):
    """Spaces and claims clicked on the picture (see the module docstring)."""

    def path(self, state: State, player: int, action: Any) -> Path:
        assert isinstance(state, YukonState)
        kind = action[0]
        chain = state.chains[player]
        if kind in ("start", "place"):
            return (f"space:{action[1]}",)
        if kind == "step":
            tail, to = action[1], action[2]
            lead = chain[0] if tail == chain[-1] else chain[-1]
            if state.head < 0 and len(leads(state, player)) > 1:  # the player picks the head (D15)
                return (f"space:{lead}", f"space:{to}")
            return (f"space:{to}",)
        claim, pawn = action[1], action[2]
        if chain[0] != chain[-1]:  # two ends: the player says which pawn stays (D16)
            return (f"claim:{claim}", f"space:{pawn}")
        return (f"claim:{claim}",)

    def label(self, state: State, player: int, prefix: Path, key: str, action: Any, lang: str) -> str:
        assert isinstance(state, YukonState)
        values = state.config.values
        if action is not None and action[0] == "claim":
            c, s = action[1], action[2]
            if prefix:
                return T("stay", lang, s=s, c=c, v=count(values[c], "nugget", lang))
            return action_label(action, lang, values)
        if action is not None:
            return action_label(action, lang, values)
        c = _claim(key)
        if c is not None:
            return T("claim", lang, c=c, v=count(values[c], "nugget", lang))
        return T("end", lang, e=_space(key))

    def prompt(self, state: State, player: int, prefix: Path, lang: str) -> str:
        assert isinstance(state, YukonState)
        chain = state.chains[player]
        if not chain:
            return T("start", lang)
        if state.in_setup(player):
            placed = len(chain) + len(state.claims_of(player))
            return T("place", lang, n=min(state.pips, state.config.pawns - placed))
        if prefix:
            c = _claim(prefix[-1])
            if c is not None:
                return T("which", lang, c=c)
            return T("next_to", lang, e=_space(prefix[-1]))
        n = count(state.pips, "pip", lang)
        ends = leads(state, player)
        claims = any(a[0] == "claim" for a in state.legal_actions(player))
        if not ends:
            return T("claim_only", lang, n=n)
        if state.head < 0 and len(ends) > 1:
            text = T("lead", lang, n=n)
        elif state.head < 0:
            text = T("only", lang, n=n, e=next(iter(ends)))
        else:
            text = (T("turned", lang) if state.turned else "") + T("ahead", lang, n=n)
        return text + (T("or_claim", lang) if claims else ".")

    def preview(self, state: State, player: int, prefix: Path, key: str) -> str | None:
        """A dashed pawn where the pick puts one, a cross on the pawn that leaves."""
        assert isinstance(state, YukonState)
        colour = PLAYER_COLOURS[player]
        chain = state.chains[player]
        c = _claim(key) if not prefix else _claim(prefix[0])
        if c is not None:
            marks = svg.ghost(svg.CLAIM_XY[c], colour)
            pawn = _space(key) if prefix else (chain[0] if chain[0] == chain[-1] else None)
            return marks + (svg.leaving(pawn) if pawn is not None else "")
        s = _space(key)
        if s is None or s in chain:  # the end that leads: nothing moves yet
            return None
        marks = svg.ghost(svg.SPACE_XY[s], colour)
        if state.in_setup(player) or len(chain) < 2:
            return marks + (svg.leaving(chain[0]) if chain and not state.in_setup(player) else "")
        lead = _space(prefix[0]) if prefix else next(iter(leads(state, player)), None)
        tail = chain[0] if lead == chain[-1] else chain[-1]
        return marks + svg.leaving(tail)


CHOICES = YukonChoices()
