"""The board's HTML beside the picture: the decision the player to move faces, the game's status.

Both read a :class:`~mineedu.games.yukon.rules.YukonView` only, and every number
comes from :mod:`mineedu.games.yukon.odds` (exact fractions, then a percentage
written the reader's way), so the panel and ``mineedu odds yukon`` never
disagree. The panel of a turn, top to bottom:

* this turn's throws, their sum and how likely that sum was (the die's law);
* the headline (class ``odds-key``): a claim that can be staked this turn, or
  the exact chance that the next turn brings the pips still missing;
* the nearest free ring (steps, the claims there, the pips it takes), the
  claims within reach this turn (played by the rules on the board as it is),
  the expected number of turns still needed;
* the law of one turn's pips, the row of this turn's sum marked.

Every figure carries its exact fraction in a ``data-exact`` attribute, so a
browser test can compare it with the engine. :func:`figures` gives the same
numbers as a dict.

>>> import mineedu
>>> from dataclasses import replace
>>> from .board import RINGS
>>> s = replace(mineedu.make("yukon", 3).initial_state(), chains=(RINGS[5][:6], (102,), (211,)), pips=3, rolls=1, thrown=3)
>>> f = figures(s.observation(None))
>>> f["phase"], f["need"], f["p_thrown"], f["next"]
('setup', 6, '7/36', '5/6')
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

from mineedu.core import State, Texts, fraction_text, from_json
from mineedu.core.i18n import format_number, join_clauses, player_name, round_name
from mineedu.core.markup import exact, percent
from mineedu.core.svg import PLAYER_COLOUR_NAMES

from .odds import view_report
from .rules import YukonView
from .words import count

STYLE = "font-size:clamp(15px,1.1vw,24px);line-height:1.4;overflow-wrap:anywhere"
KEY_STYLE = "font-size:clamp(17px,1.6vw,32px);font-weight:bold;margin:0.3em 0"
CELL = "padding:0.1em 0.5em;text-align:right;border-bottom:1px solid #ccc"
MARK = "background:#fde9a9"  # this turn's sum in the table (text stays #222: 14:1)

T = Texts({
    "who": {"fr": "{who} ({colour})", "en": "{who} ({colour})"},
    "rolling": {"fr": "{who} lance le dé.", "en": "{who} throws the die."},
    "again": {"fr": "{who} a déjà {t} et relance.", "en": "{who} has {t} so far and rolls again."},
    "thrown": {"fr": "{who} : ce tour {sum}{t} (P = {q} ≈ {pct}) ; il en reste {n} à jouer.",
               "en": "{who}: this turn {sum}{t} (P = {q} ≈ {pct}); {n} left to play."},
    "has": {"fr": "{who} a {n} à jouer.", "en": "{who} has {n} to play."},
    "start": {"fr": "{who} choisit une case de départ.", "en": "{who} chooses a start space."},
    "setup": {"fr": "Mise en place : encore {k} à poser.", "en": "Setup: {k} still to place."},
    "complete": {"fr": "L'équipe de {p} sera complète ce tour.", "en": "{p}'s team will be complete this turn."},
    "p_complete": {"fr": "P(équipe complète au prochain tour) =", "en": "P(team complete next turn) ="},
    "ring": {"fr": "Anneau libre le plus proche : {s} ({c}), sans compter les adversaires ; il faut {k} "
                   "(les pas et 1 pour revendiquer).",
             "en": "Nearest free ring: {s} ({c}), ignoring opponents; it takes {k} (the steps and 1 to stake the claim)."},
    "claim": {"fr": "gain n° {c}, {v}", "en": "claim no. {c}, {v}"},
    "no_ring": {"fr": "Aucun anneau libre à moins de 30 pas.", "en": "No free ring within 30 steps."},
    "stake_now": {"fr": "Revendicable ce tour : gain n° {c} ({v}), après {s}.",
                  "en": "Can be staked this turn: claim no. {c} ({v}), after {s}."},
    "blocked": {"fr": "Aucun gain à portée ce tour, avec le bout qui mène et le plateau tel qu'il est.",
                "en": "No claim within reach this turn, with the leading end and the board as they are."},
    "p_next": {"fr": "P(assez de points au prochain tour) =", "en": "P(enough pips next turn) ="},
    "p_this": {"fr": "P(assez de points ce tour) =", "en": "P(enough pips this turn) ="},
    "missing": {"fr": "Il manquera {k} après ce tour (si {p} avance vers lui et que la voie reste libre).",
                "en": "{k} will be missing after this turn (if {p} heads for it and the way stays free)."},
    "within": {"fr": "À portée ce tour (joué par les règles, le plateau tel qu'il est) : {w}.",
               "en": "Within reach this turn (played by the rules, the board as it is): {w}."},
    "within_one": {"fr": "gain n° {c} ({v}) après {s}", "en": "claim no. {c} ({v}) after {s}"},
    "none_within": {"fr": "Aucun gain à portée ce tour.", "en": "No claim within reach this turn."},
    "mean": {"fr": "En moyenne encore {m} pour l'atteindre et le revendiquer.",
             "en": "On average {m} more to get there and stake it."},
    "die": {"fr": "Points du dé en un tour (le {f} fait relancer) : moyenne {m} = {mf}",
            "en": "Pips in one turn ({f} rolls again): mean {m} = {mf}"},
    "pips": {"fr": "points", "en": "pips"},
    "p": {"fr": "probabilité", "en": "probability"},
    "more": {"fr": "plus de {k}", "en": "over {k}"},
    "nuggets": {"fr": "Pépites : {s}", "en": "Nuggets: {s}"},
    "gone": {"fr": "{who} a pris le 6 et a quitté la partie", "en": "{who} took the 6 and left play"},
    "round": {"fr": "Manche {r} (sur {n} au plus).", "en": "Round {r} (of {n} at most)."},
    "end_claims": {"fr": "Partie finie : tous les gains sont pris.", "en": "Game over: every claim is taken."},
    "end_players": {"fr": "Partie finie : il reste au plus un joueur en jeu.",
                    "en": "Game over: at most one player is left in play."},
    "end_rounds": {"fr": "Partie finie : la limite de {n} manches est atteinte.",
                   "en": "Game over: the limit of {n} rounds is reached."},
})

DIE_ROWS = 7  # rows for 2..8 pips, then "over 8"


def figures(view: YukonView, report: dict[str, Any] | None = None) -> dict[str, Any]:
    """The panel's numbers for the player to move (exact fractions as text), for tests and summaries.

    ``next`` is P(the next turn brings the pips still missing) when this turn's are
    not enough; ``this`` is P(this turn's pips will be enough) while the die still rolls.
    ``report``: the view's :func:`~.odds.view_report`, if already made.
    """
    if report is None:
        report = view_report(view)
    now = report["now"]
    if now is None:
        return {"phase": "over"}
    f: dict[str, Any] = {k: now[k] for k in ("player", "phase", "pips", "throws", "thrown", "need", "rolling")}
    if "p_thrown" in now:
        f["p_thrown"] = now["p_thrown"]["reduced"]
    ring = report["ring"]
    if ring is not None:
        f["steps"] = ring["steps"]
        f["aim"] = [c["claim"] for c in ring["claims"]]
        f["mean_turns"] = ring["mean"]["reduced"]
    if "within" in now:
        f["within"] = {w["claim"]: w["steps"] for w in now["within"]}
    if "this_turn" in now and view.rolling:
        f["this"] = now["this_turn"]["reduced"]
    if "after" in now:
        f["next"] = now["after"]["turns"][0]["p"]["reduced"]
        f["more_turns"] = now["after"]["mean"]["reduced"]
    f["die"] = {r["pips"]: r["p"]["reduced"] for r in report["die"]["pips"]}
    return f


def _p(q: Fraction, cls: str, lang: str) -> str:
    """An exact probability and its percentage, tagged for a test: ``<b data-exact=..>35/36</b> ≈ 97,2 %``."""
    return f"{exact(cls, q)} ≈ <b class='{cls}-pct'>{percent(q, lang)}</b>"


def _who(p: int, lang: str) -> str:
    return T("who", lang, who=player_name(p, lang), colour=PLAYER_COLOUR_NAMES[lang][p])


def _die_table(report: dict[str, Any], thrown: int | None, lang: str) -> str:
    """One row per number of pips (a narrow table: it fits the side column on a phone)."""
    die = report["die"]
    rows = [r for r in die["pips"] if from_json(r["p"])][:DIE_ROWS]
    rest = 1 - sum((from_json(r["p"]) for r in rows), Fraction(0))
    cells = [(str(r["pips"]), from_json(r["p"]), r["pips"] == thrown) for r in rows]
    cells.append((T("more", lang, k=rows[-1]["pips"]), rest, thrown is not None and thrown > rows[-1]["pips"]))
    body = "".join(
        f"<tr class='odds-pips{' odds-this' if mark else ''}' data-pips='{escape(k)}' data-exact='{fraction_text(q)}'"
        f"{f' style={chr(39)}{MARK}{chr(39)}' if mark else ''}><th style='{CELL}'>{escape(k)}</th>"
        f"<td style='{CELL}'>{fraction_text(q)}</td><td style='{CELL}'>{format_number(q, lang, percent=True)}</td></tr>"
        for k, q, mark in cells)
    m = die["mean"]
    caption = T("die", lang, f=die["reroll_face"], m=m["fraction"], mf=format_number(m["float"], lang, 2))
    return (f"<table class='odds-pips-table' style='border-collapse:collapse;margin-top:0.4em'>"
            f"<caption style='text-align:left'>{escape(caption)}</caption>"
            f"<tr><th style='{CELL}'>{T('pips', lang)}</th><th style='{CELL}' colspan='2'>{T('p', lang)}</th></tr>"
            f"{body}</table>")


def _html(key: str, lang: str, **parts: str) -> str:
    """A text of :data:`T` as HTML, its blanks filled with ``parts`` that are HTML already."""
    return escape(T(key, lang)).format(**parts)


def _words(key: str, lang: str, **fmt: object) -> str:
    """A text of :data:`T` as HTML, filled with plain values."""
    return escape(T(key, lang, **fmt))


def _line(text: str, cls: str = "", key: bool = False) -> str:
    return f"<p class='{cls}' style='{KEY_STYLE if key else 'margin:0.3em 0'}'>{text}</p>"


def _first_line(view: YukonView, f: dict[str, Any], lang: str) -> str:
    who = _who(view.turn, lang)
    if view.rolling:
        if f["throws"]:
            return _words("again", lang, who=who, t=count(f["thrown"], "pip", lang))
        return _words("rolling", lang, who=who)
    if "p_thrown" not in f:  # a position set up by hand, with no throw this turn
        return _words("has", lang, who=who, n=count(view.pips, "pip", lang))
    q = Fraction(f["p_thrown"])
    sums = " + ".join(map(str, f["throws"])) + " = " if len(f["throws"]) > 1 else ""
    return _html("thrown", lang, who=escape(who), sum=sums, t=escape(count(f["thrown"], "pip", lang)),
                 q=exact("odds-thrown", q, tag="span"), pct=percent(q, lang), n=str(view.pips))


def _setup(view: YukonView, f: dict[str, Any], lang: str) -> list[str]:
    need = f["need"]
    lines = [_line(_words("setup", lang, k=count(need, "pawn", lang)))]
    if "this" in f:
        lines.append(_line(f"{_words('p_this', lang)} {_p(Fraction(f['this']), 'odds-this-turn', lang)}", "odds-key", True))
    elif view.pips >= need:
        lines.append(_line(_words("complete", lang, p=player_name(view.turn, lang)), "odds-key", True))
    else:
        lines.append(_line(f"{_words('p_complete', lang)} {_p(Fraction(f['next']), 'odds-next', lang)}", "odds-key", True))
    return lines


def _move(view: YukonView, f: dict[str, Any], lang: str) -> list[str]:
    if "steps" not in f:
        return [_line(_words("no_ring", lang))]
    values = view.config.values
    need, within = f["need"], f.get("within", {})
    lines = []
    if "this" in f:
        lines.append(_line(f"{_words('p_this', lang)} {_p(Fraction(f['this']), 'odds-this-turn', lang)}", "odds-key", True))
    elif within:
        best = max(within, key=lambda c: (values[c], -within[c]))
        lines.append(_line(_words("stake_now", lang, c=best, v=count(values[best], "nugget", lang),
                                  s=count(within[best], "step", lang)), "odds-key odds-stake", True))
    elif view.pips >= need:
        lines.append(_line(_words("blocked", lang), "odds-key", True))
    else:
        lines.append(_line(f"{_words('p_next', lang)} {_p(Fraction(f['next']), 'odds-next', lang)}", "odds-key", True))
        lines.append(_line(_words("missing", lang, k=count(need - view.pips, "pip", lang), p=player_name(view.turn, lang))))
    claims = ", ".join(T("claim", lang, c=c, v=count(values[c], "nugget", lang)) for c in f["aim"])
    lines.append(_line(_words("ring", lang, s=count(f["steps"], "step", lang), c=claims, k=count(need, "pip", lang)),
                       "odds-ring"))
    if not view.rolling:
        if within:
            ws = join_clauses((T("within_one", lang, c=c, v=count(values[c], "nugget", lang), s=count(k, "step", lang))
                               for c, k in within.items()), lang)
            lines.append(_line(_words("within", lang, w=ws), "odds-within"))
        else:
            lines.append(_line(_words("none_within", lang), "odds-within"))
    if "more_turns" in f:
        m = Fraction(f["more_turns"])
        lines.append(_line(_html("mean", lang, m=exact("odds-mean", m, count(m, "turn", lang), tag="span"))))
    return lines


def _turn(view: YukonView, f: dict[str, Any], lang: str) -> list[str]:
    if f["phase"] == "start":
        return [_line(_words("start", lang, who=_who(view.turn, lang)), "odds-who")]
    head = _line(_first_line(view, f, lang), "odds-who")
    return [head, *(_setup(view, f, lang) if f["phase"] == "setup" else _move(view, f, lang))]


def panel(view: YukonView, lang: str = "fr") -> str:
    """The decision the player to move faces this turn, then the law of one turn's pips (HTML)."""
    lang = "en" if lang == "en" else "fr"
    report = view_report(view)
    f = figures(view, report)
    lines = [] if f["phase"] == "over" else _turn(view, f, lang)
    thrown = f.get("thrown") if f.get("throws") and not view.rolling else None
    return f"<div class='yukon-panel' style='{STYLE}'>{''.join(lines)}{_die_table(report, thrown, lang)}</div>"


def status(view: YukonView, lang: str = "fr") -> str:
    """The teams' nuggets, who left with the centre, the round, and why the game ended (HTML)."""
    lang = "en" if lang == "en" else "fr"
    scores = view.scores()
    parts = [f"{player_name(p, lang)} {count(int(scores[p]), 'nugget', lang)}" for p in range(view.players)]
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
    return round_name(view.round + 1, lang)
