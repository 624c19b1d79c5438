"""My Gold Mine in words: each event of a game as a log line, and the log's chapters.

Everything in My Gold Mine is public (E5), so every viewer reads the same log:
who drew what, who was burned and lost how much, where Dragobert went, who
reached the ladder, and each round's scoring.

>>> import mineedu, numpy as np
>>> from mineedu.core import RandomBot, play
>>> game = mineedu.make("gold_mine", players=3)
>>> events = list(play(game.initial_state(), [RandomBot()] * 3, np.random.default_rng(4)))
>>> describe_event(events[0], 0, "en"), describe_event(events[1], 0, "en")
('P1 chooses the exit pile.', 'P1 draws the exit card "3 gold or 1 card toward the exit".')

Each line is made of sentences: what was drawn or chosen, then what it did
("P3 draws eyes: +2 gold, one step toward Dragobert. P3 is burned and loses 4 gold.").
"""

from __future__ import annotations

from typing import Any

from mineedu.core import CHANCE, Texts
from mineedu.core.i18n import colon, count, format_number, player_name, round_name

from .cards import (
    BURNED,
    CARD_GOLD,
    EXIT,
    EXIT_ACTION,
    EXPLORE,
    EXPLORE_ACTION,
    LADDER,
    OVER,
    REVEAL,
    SETUP,
    action_label,
    exit_card_name,
    kind_name,
    token_words,
)

T = Texts({
    "draws": {"fr": "{p} pioche {card}", "en": "{p} draws {card}"},
    "explores": {"fr": "{p} choisit la pioche Exploration.", "en": "{p} chooses the exploration pile."},
    "exits": {"fr": "{p} choisit la pioche Sortie.", "en": "{p} chooses the exit pile."},
    "turns_up": {"fr": "Carte retournée sur la pioche : {card}", "en": "Card turned face up: {card}"},
    "exit_card": {"fr": "la carte Sortie « {name} »", "en": "the exit card \"{name}\""},
    "nugget": {"fr": "une pépite : +1 or", "en": "a nugget: +1 gold"},
    "lantern": {"fr": "une lanterne : +1 or, un pas vers la sortie", "en": "a lantern: +1 gold, one step toward the exit"},
    "eyes": {"fr": "des yeux : +2 or, un pas vers Dragobert", "en": "eyes: +2 gold, one step toward Dragobert"},
    "dragon": {"fr": "un dragon !", "en": "a dragon!"},
    "dragon_moves": {"fr": "Dragobert avance sur la case {q}.", "en": "Dragobert moves onto card {q}."},
    "burned": {"fr": "{p} est grillé·e et perd {gold}.", "en": "{p} is burned and loses {gold}."},
    "ladder": {"fr": "{p} atteint l'échelle (échelon {r}) avec {gold}.", "en": "{p} reaches the ladder (rung {r}) with {gold}."},
    "scored": {"fr": "Fin de la manche {r}{c} {detail}.", "en": "End of round {r}{c} {detail}."},
    "scored_one": {"fr": "{p} {gold} → {tokens}", "en": "{p} {gold} → {tokens}"},
    "nobody": {"fr": "personne n'a atteint l'échelle", "en": "nobody reached the ladder"},
    "final": {"fr": "Fin de la partie{c} {detail}.", "en": "End of the game{c} {detail}."},
})


def gold_words(n: int, lang: str) -> str:
    """``3 or`` / ``3 gold`` (gold is uncountable in both languages)."""
    return f"{n} {'gold' if lang == 'en' else 'or'}"


def _drawn(card: str, lang: str) -> str:
    return T(card, lang) if card in CARD_GOLD or card == "dragon" else kind_name(card, lang)


def describe_event(event: Any, viewer: int | None, lang: str = "fr") -> str:
    """One log line for ``event`` (the same for every viewer: nothing is hidden, E5)."""
    b, a = event.before, event.after
    if event.player == CHANCE:
        card = event.action
        if b.phase == EXPLORE:
            line = T("draws", lang, p=player_name(b.turn, lang), card=_drawn(card, lang))
        elif b.phase == EXIT:
            line = T("draws", lang, p=player_name(b.turn, lang), card=T("exit_card", lang, name=exit_card_name(card, lang)))
        elif b.phase in (SETUP, REVEAL):
            line = T("turns_up", lang, card=kind_name(card, lang))
        else:  # pragma: no cover - no other chance node
            line = action_label(card, lang)
    elif event.action in (EXPLORE_ACTION, EXIT_ACTION):
        line = T("explores" if event.action == EXPLORE_ACTION else "exits", lang, p=player_name(event.player, lang))
    else:
        line = f"{player_name(event.player, lang)}{colon(lang)} {action_label(event.action, lang)}"
    after = consequences(b, a, lang, dragon_drawn=event.player == CHANCE and event.action == "dragon")
    return " ".join([line if line.endswith((".", "!")) else line + ".", *after])


def consequences(b: Any, a: Any, lang: str, dragon_drawn: bool = False) -> list[str]:
    """What a move did beyond itself: Dragobert moving, burns, arrivals on the ladder, scoring."""
    out: list[str] = []
    result = a.ended_round(b)
    if dragon_drawn:
        out.append(T("dragon_moves", lang, q=b.dragon - 1))
    for p, (q0, held) in enumerate(zip(b.positions, (b.gold(i) for i in range(len(b.positions))), strict=True)):
        if q0 <= 0:
            continue
        if result is not None:
            burned, rung = result.rungs[p] == 0, result.rungs[p]
        else:
            burned, rung = a.positions[p] == BURNED, (a.rungs[p] if a.positions[p] == LADDER else 0)
        if burned:
            out.append(T("burned", lang, p=player_name(p, lang), gold=gold_words(held, lang)))
        elif rung:
            gold = result.gold[p] if result is not None else a.gold(p)
            out.append(T("ladder", lang, p=player_name(p, lang), r=rung, gold=gold_words(gold, lang)))
    if result is not None:
        last = a.phase == OVER
        parts = [
            T("scored_one", lang, p=player_name(p, lang), gold=gold_words(result.gold[p], lang),
              tokens=token_words(result.awarded[p], lang))
            for p in range(len(result.gold)) if result.rungs[p]
        ]
        detail = ", ".join(parts) if parts else T("nobody", lang)
        if last:
            scores = ", ".join(player_name(p, lang) + " " + count(int(x), lang, "point", "points", "point", "points")
                               for p, x in enumerate(a.scores()))
            out.append(T("final", lang, c=colon(lang), detail=scores))
        else:
            out.append(T("scored", lang, r=result.round, c=colon(lang), detail=detail))
    return out


def threshold_text(t: float, lang: str) -> str:
    """A bot's threshold in percent, as it is written: 0.15 reads "15 %", not "15,0 %"; 0.155 "15,5 %"."""
    return format_number(t, lang, 0 if round(100 * t, 1).is_integer() else 1, percent=True)


def chapter(state: Any, lang: str = "fr") -> str:
    """The log's heading for the moves made from ``state``: its round."""
    return round_name(state.round, lang)


BOT_WORDS = {
    "random": {"fr": "au hasard", "en": "random"},
    "greedy": {"fr": "gourmand (explore toujours)", "en": "greedy (always explores)"},
}


def bot_name(spec: str, lang: str = "fr") -> str:
    """A bot in words: ``threshold:0.15`` -> "P(dragon) < 15 %", ``burn:0.2`` -> "P(grillé) < 20 %".

    >>> bot_name("threshold:0.15", "fr"), bot_name("burn:0.2", "en"), bot_name("cautious:4", "en")
    ('P(dragon) < 15\xa0%', 'P(burned) < 20%', 'cautious (Dragobert 4+ cards away)')
    >>> bot_name("burn", "en")  # the bot's own default
    'P(burned) < 20%'
    """
    name, _, arg = spec.partition(":")
    if name in ("threshold", "burn", "cautious") and not arg:
        from .bots import BOTS  # the number the bot takes when none is given (bots imports this module)

        bot = BOTS[name](None)
        arg = str(getattr(bot, "margin" if name == "cautious" else "threshold"))
    if name in ("threshold", "burn") and arg:
        what = "P(dragon)" if name == "threshold" else ("P(grillé)" if lang == "fr" else "P(burned)")
        return f"{what} < {threshold_text(float(arg), lang)}"
    if name == "cautious":
        text = "prudent (Dragobert à {m} cases ou plus)" if lang == "fr" else "cautious (Dragobert {m}+ cards away)"
        return text.format(m=arg)
    return BOT_WORDS[name][lang] if name in BOT_WORDS else spec
