"""The board's HTML beside the picture: the odds the player to move faces, the game's status.

Both read a :class:`~mineedu.games.yukon.rules.YukonView` only, and every number
comes from :func:`mineedu.games.yukon.odds.view_report` (exact fractions, then a
percentage written the reader's way), so the panel and ``mineedu odds yukon``
never disagree.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from mineedu.core import State, fraction_text, from_json
from mineedu.core.i18n import format_number, player_name
from mineedu.core.svg import PLAYER_COLOUR_NAMES

from .odds import view_report
from .rules import YukonView
from .words import count, nuggets, pips_words, texts

STYLE = "font-size:clamp(15px,1.1vw,24px);line-height:1.4;overflow-wrap:anywhere"
CELL = "padding:0.1em 0.5em;text-align:right;border-bottom:1px solid #ccc"

T = texts({
    "who": {"fr": "{who} ({colour})", "en": "{who} ({colour})"},
    "rolling": {"fr": "{who} lance le dé.", "en": "{who} throws the die."},
    "again": {"fr": "{who} a déjà {t} et relance.", "en": "{who} has {t} so far and throws again."},
    "has": {"fr": "{who} a {n} à jouer.", "en": "{who} has {n} to play."},
    "start": {"fr": "{who} choisit une case de départ.", "en": "{who} chooses a start space."},
    "setup": {"fr": "Mise en place : encore {k} à poser.", "en": "Setup: {k} still to place."},
    "ring": {"fr": "Anneau libre le plus proche : {s} ({c}), sans compter les adversaires. "
                   "Il faut {k} : les pas et 1 pour revendiquer.",
             "en": "Nearest free ring: {s} ({c}), ignoring opponents. {k} needed: the steps and 1 to stake the claim."},
    "claim": {"fr": "gain n° {c}, {v}", "en": "claim no. {c}, {v}"},
    "no_ring": {"fr": "Aucun anneau libre à moins de 30 pas.", "en": "No free ring within 30 steps."},
    "this_turn": {"fr": "P(assez ce tour) = {q}", "en": "P(enough this turn) = {q}"},
    "enough": {"fr": "Vos {n} suffisent ce tour.", "en": "Your {n} are enough this turn."},
    "short": {"fr": "Vos {n} ne suffisent pas ce tour.", "en": "Your {n} are not enough this turn."},
    "enough1": {"fr": "Votre point suffit ce tour.", "en": "Your 1 pip is enough this turn."},
    "short1": {"fr": "Votre point ne suffit pas ce tour.", "en": "Your 1 pip is not enough this turn."},
    "after": {"fr": "Après ce tour il manquera {k} : P(au tour suivant) = {q} ; en moyenne {m} de plus.",
              "en": "After this turn {k} will be missing: P(next turn) = {q}; on average {m} more."},
    "after_setup": {"fr": "Après ce tour il restera {k} : P(au tour suivant) = {q} ; en moyenne {m} de plus.",
                    "en": "After this turn {k} will be left: P(next turn) = {q}; on average {m} more."},
    "free_way": {"fr": "(Si la voie reste libre.)", "en": "(If the way stays free.)"},
    "die": {"fr": "Points du dé en un tour (le {f} fait relancer) : moyenne {m} = {mf}",
            "en": "Pips in one turn ({f} throws again): mean {m} = {mf}"},
    "pips": {"fr": "points", "en": "pips"},
    "p": {"fr": "probabilité", "en": "probability"},
    "more": {"fr": "plus de {k}", "en": "over {k}"},
    "nuggets": {"fr": "Pépites : {s}", "en": "Nuggets: {s}"},
    "gone": {"fr": "{who} a pris le 6 et a quitté la partie", "en": "{who} took the 6 and left play"},
    "round": {"fr": "Manche {r} (la partie s'arrête après {n}).", "en": "Round {r} (the game stops after {n})."},
    "end_claims": {"fr": "Partie finie : tous les gains sont pris.", "en": "Game over: every claim is taken."},
    "end_players": {"fr": "Partie finie : il reste au plus un joueur en jeu.",
                    "en": "Game over: at most one player is left in play."},
    "end_rounds": {"fr": "Partie finie : la limite de {n} manches est atteinte.",
                   "en": "Game over: the limit of {n} rounds is reached."},
    "chapter": {"fr": "Manche {r}", "en": "Round {r}"},
})

DIE_ROWS = 7  # rows for 2..8 pips, then "over 8"


def _p(q: dict[str, Any], lang: str) -> str:
    """An exact probability and its percentage: ``35/36 (97,2 %)``."""
    return f"{q['fraction']} ({format_number(q['float'], lang, percent=True)})"


def _who(p: int, lang: str) -> str:
    return T("who", lang, who=player_name(p, lang), colour=PLAYER_COLOUR_NAMES[lang][p])


def mean_turns(mean: Fraction, lang: str) -> str:
    """An expected number of turns: ``1 tour``, ``1,03 tour``, ``2,50 tours`` / ``1 turn``, ``1.03 turns``."""
    if mean.denominator == 1:
        return count(int(mean), "turn", lang)
    number = format_number(float(mean), lang, 2)
    if lang == "en":
        return f"{number} turns"
    return f"{number} {'tour' if mean < 2 else 'tours'}"


def _die_table(report: dict[str, Any], lang: str) -> str:
    """One row per number of pips (a narrow table: it fits the side column on a phone)."""
    die = report["die"]
    rows = [r for r in die["pips"] if from_json(r["p"])][:DIE_ROWS]
    rest = 1 - sum((from_json(r["p"]) for r in rows), Fraction(0))
    cells = [(str(r["pips"]), r["p"]["fraction"], r["p"]["float"]) for r in rows]
    cells.append((T("more", lang, k=rows[-1]["pips"]), fraction_text(rest), float(rest)))
    body = "".join(f"<tr><th style='{CELL}'>{escape(k)}</th><td style='{CELL}'>{q}</td>"
                   f"<td style='{CELL}'>{format_number(f, lang, percent=True)}</td></tr>" for k, q, f in cells)
    m = die["mean"]
    caption = T("die", lang, f=die["reroll_face"], m=m["fraction"], mf=format_number(m["float"], lang, 2))
    return (f"<table style='border-collapse:collapse;margin-top:0.4em'>"
            f"<caption style='text-align:left'>{escape(caption)}</caption>"
            f"<tr><th style='{CELL}'>{T('pips', lang)}</th><th style='{CELL}' colspan='2'>{T('p', lang)}</th></tr>"
            f"{body}</table>")


def _turn_lines(view: YukonView, report: dict[str, Any], lang: str) -> list[str]:
    now = report["now"]
    p = view.turn
    who = _who(p, lang)
    if now["phase"] == "start":
        return [T("start", lang, who=who)]
    if view.rolling and not view.throws:
        first = T("rolling", lang, who=who)
    elif view.rolling:
        first = T("again", lang, who=who, t=pips_words(now["thrown"], lang))
    else:
        first = T("has", lang, who=who, n=pips_words(view.pips, lang))
    lines = [first]
    if now["phase"] == "setup":
        lines.append(T("setup", lang, k=count(now["need"], "pawn", lang)))
    else:
        ring = report["ring"]
        if ring is None:
            return [*lines, T("no_ring", lang)]
        claims = ", ".join(T("claim", lang, c=c["claim"], v=nuggets(c["value"], lang)) for c in ring["claims"])
        lines.append(T("ring", lang, s=count(ring["steps"], "step", lang), c=claims, k=pips_words(now["need"], lang)))
    if view.rolling:
        line = T("this_turn", lang, q=_p(now["this_turn"], lang))
    else:
        key = ("enough" if from_json(now["this_turn"]) == 1 else "short") + ("1" if view.pips == 1 else "")
        line = T(key, lang, n=pips_words(view.pips, lang))
    if now["phase"] == "move":
        line += " " + T("free_way", lang)
    lines.append(f"<b>{escape(line)}</b>")
    after = now.get("after")
    if after is not None:
        missing = now["need"] - view.pips
        k = count(missing, "pawn" if now["phase"] == "setup" else "pip", lang)
        m = mean_turns(from_json(after["mean"]), lang)
        lines.append(T("after_setup" if now["phase"] == "setup" else "after", lang, k=k, q=_p(after["turns"][0]["p"], lang), m=m))
    return lines


def panel(view: YukonView, lang: str = "fr") -> str:
    """The odds the player to move faces this turn, then the die of one turn (HTML)."""
    lang = "en" if lang == "en" else "fr"
    report = view_report(view)
    lines = [] if report["now"] is None else _turn_lines(view, report, lang)
    text = "".join(f"<p style='margin:0.3em 0'>{line if line.startswith('<b>') else escape(line)}</p>" for line in lines)
    return f"<div class='yukon-panel' style='{STYLE}'>{text}{_die_table(report, lang)}</div>"


def status(view: YukonView, lang: str = "fr") -> str:
    """The teams' nuggets, who left with the centre, the round, and why the game ended (HTML)."""
    lang = "en" if lang == "en" else "fr"
    scores = view.scores()
    parts = [f"{player_name(p, lang)} {nuggets(int(scores[p]), lang)}" for p in range(view.players)]
    lines = [T("nuggets", lang, s=" · ".join(parts))]
    lines += [T("gone", lang, who=player_name(p, lang)) + "." for p in range(view.players) if view.out[p]]
    if view.done:
        if all(o >= 0 for o in view.owners):
            lines.append(T("end_claims", lang))
        elif sum(view.in_play(p) for p in range(view.players)) <= 1:
            lines.append(T("end_players", lang))
        else:
            lines.append(T("end_rounds", lang, n=view.config.max_rounds))
    else:
        lines.append(T("round", lang, r=view.round + 1, n=view.config.max_rounds))
    body = "".join(f"<p style='margin:0.2em 0'>{escape(x)}</p>" for x in lines)
    return f"<div class='yukon-status' style='{STYLE}'>{body}</div>"


def chapter(state: State, lang: str = "fr") -> str | None:
    """The log's heading for a move: its round (``Manche 3`` / ``Round 3``)."""
    view = state.observation(None)
    assert isinstance(view, YukonView)
    return T("chapter", lang, r=view.round + 1)
