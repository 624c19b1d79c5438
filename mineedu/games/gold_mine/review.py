"""My Gold Mine's parts for the decision review (:mod:`mineedu.review`).

Per option, the figures of :mod:`.odds`: exploring, the burn risk and the expected change of
gold this round; leaving by the exit deck, the chance its next card brings the miner to the
ladder at once. Luck: an exploration that burned (its risk), or survived a risk above 2/3.
Nothing is hidden (the decks are counts; the next card is chance not yet drawn), so the
rollouts start from the very position.
"""

from __future__ import annotations

from typing import Any

from mineedu.core import State, Texts, exact_json
from mineedu.core.i18n import format_number

from .cards import EXIT_ACTION, EXPLORE_ACTION
from .odds import _burned, burn_risk, gold_change, p_exit_reaches_ladder

FIGURES = Texts({
    "burn_risk": {"fr": "P(grillé)", "en": "P(burned)"},
    "gold_change": {"fr": "variation d'or espérée", "en": "expected change of gold"},
    "exit_reaches_ladder": {"fr": "P(la Sortie mène à l'échelle)", "en": "P(the exit reaches the ladder)"},
})
LUCK = Texts({
    "burned": {"fr": "un risque de {p} d'être grillé, et le dragon vous a grillé",
               "en": "a {p} risk of being burned, and the dragon burned you"},
    "spared": {"fr": "un risque de {p} d'être grillé, et vous avez échappé au dragon",
               "en": "a {p} risk of being burned, and you escaped the dragon"},
})


def figures(state: State, seat: int, action: Any) -> dict[str, dict[str, Any]]:
    """The exact figures of ``action`` for ``seat`` at ``state`` (a turn's two decks)."""
    if action == EXPLORE_ACTION:
        return {"burn_risk": exact_json(burn_risk(state, seat)), "gold_change": exact_json(gold_change(state, seat))}
    if action == EXIT_ACTION:
        return {"exit_reaches_ladder": exact_json(p_exit_reaches_ladder(state, seat))}
    return {}


def luck(state: State, seat: int, action: Any, after: State) -> dict[str, Any] | None:
    """What the exploration's draw did, with its exact chance (``None`` for another move)."""
    if action != EXPLORE_ACTION:
        return None
    risk = burn_risk(state, seat)
    if risk == 0:
        return None
    burned = _burned(after, state, seat)
    p = risk if burned else 1 - risk
    words = {lang: LUCK("burned" if burned else "spared", lang, p=format_number(risk, lang, 0, percent=True))
             for lang in ("fr", "en")}
    return {"p": exact_json(p), "good": not burned, "words": words}
