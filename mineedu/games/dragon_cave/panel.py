"""What the board shows beside the cave, drawn from a view: the odds the player to move
faces (:func:`panel`) and the game's own status line (:func:`status`).

Every number is exact (a fraction from :mod:`.odds`) with its decimal written the
reader's way (``83,3 %`` / ``83.3%``).

>>> from mineedu.games.dragon_cave import DragonCave
>>> "valeur espérée 2" in panel(DragonCave(2).initial_state().observation(0), "fr")
True
"""

from __future__ import annotations

import html
from fractions import Fraction

from mineedu.core import TERMINAL, Texts, fraction_text
from mineedu.core.i18n import colon, format_number, player_name
from mineedu.core.svg import PLAYER_COLOUR_NAMES

from .odds import card_expectation, player_odds, seen
from .rules import EATEN, IN, OUT, Position, family_name
from .words import card_words, cards, names, points, semicolon, steps

T = Texts({
    "who": {"fr": "{p} ({colour}){c} {what}", "en": "{p} ({colour}){c} {what}"},
    "at_door": {"fr": "à l'entrée, pas encore entré", "en": "at the entrance, not in yet"},
    "diving": {"fr": "avance vers le dragon {cards}, à {steps} de l'entrée",
               "en": "going deeper {cards}, {steps} from the entrance"},
    "returning": {"fr": "revient {cards}, à {steps} de l'entrée",
                  "en": "coming back {cards}, {steps} from the entrance"},
    "carrying": {"fr": "avec {cards}", "en": "with {cards}"},
    "no_card": {"fr": "sans carte", "en": "with no card"},
    "first_card": {"fr": "Première carte", "en": "First card"},
    "this_card": {"fr": "Carte sous vous", "en": "The card you stand on"},
    "card_value": {"fr": "{family}{c} valeur espérée {ev} ({sum}/{n})", "en": "{family}: expected value {ev} ({sum}/{n})"},
    "card_known": {"fr": "{family}{c} vaut {v}", "en": "{family}: worth {v}"},
    "movement": {"fr": "Points de déplacement", "en": "Movement points"},
    "move_now": {"fr": "{now} maintenant{s} {more} avec une carte de plus", "en": "{now} now; {more} with one more card"},
    "move_full": {"fr": "{now} maintenant (vous ne pouvez pas porter plus)", "en": "{now} now (you cannot carry more)"},
    "move_die": {"fr": "dé {v} − {cards}", "en": "die {v} − {cards}"},
    "back_now": {"fr": "Demi-tour maintenant avec ce que vous portez", "en": "Turning back now with what you carry"},
    "home_now": {"fr": "Retour avec ce que vous portez", "en": "Going home with what you carry"},
    "with_card": {"fr": "… en prenant aussi la carte sous vous", "en": "… also taking the card you stand on"},
    "escape": {"fr": "P(sortir) {p}{s} trésor rapporté espéré ≈ {e}",
               "en": "P(escape) {p}; expected treasure brought home ≈ {e}"},
    "lone": {"fr": "Course d'un mineur seul contre le dragon{c} sans les autres joueurs qui le feraient avancer.",
             "en": "The race of a lone miner against the dragon: without the other players who would move it too."},
    "nobody": {"fr": "Personne n'a de choix à faire.", "en": "Nobody has a choice to make."},
    "dragon": {"fr": "Dragon{c} à {cards} de l'entrée", "en": "Dragon: {cards} from the entrance"},
    "inside": {"fr": "dans la grotte{c} {who}", "en": "inside: {who}"},
    "outside": {"fr": "sortis{c} {who}", "en": "out: {who}"},
    "eaten": {"fr": "dévorés{c} {who}", "en": "eaten: {who}"},
    "result_out": {"fr": "{p}{c} sorti avec {pts} ({cards})", "en": "{p}: got out with {pts} ({cards})"},
    "result_eaten": {"fr": "{p}{c} dévoré, 0 point", "en": "{p}: eaten, 0 points"},
    "result_lost": {"fr": "{p}{c} dévoré, 0 point (perd {cards})", "en": "{p}: eaten, 0 points (loses {cards})"},
    "results": {"fr": "Résultats", "en": "Results"},
})


def _colour(p: int, lang: str) -> str:
    names_ = PLAYER_COLOUR_NAMES["en" if lang == "en" else "fr"]
    return names_[p % len(names_)]


def _decimal(x: Fraction, lang: str) -> str:
    """A whole number as is, else two decimals the reader's way."""
    return str(x.numerator) if x.denominator == 1 else format_number(float(x), lang, 2)


READABLE_DENOMINATOR = 1000
"""A fraction with a bigger denominator is shown by its decimal only (the report keeps it exact)."""


def probability(p: Fraction, lang: str) -> str:
    """``= 5/6 ≈ 83,3 %``, or ``≈ 8,4 %`` when the exact fraction is too long to read.

    >>> probability(Fraction(5, 6), "fr"), probability(Fraction(3489, 41451), "en")
    ('= 5/6 ≈ 83,3\xa0%', '≈ 8.4%')
    """
    decimal = format_number(float(p), lang, percent=True)
    if p.denominator > READABLE_DENOMINATOR:
        return f"≈ {decimal}"
    return f"= {fraction_text(p)} ≈ {decimal}"


def _row(head: str, value: str) -> str:
    style = "text-align:left;padding-right:0.8em"
    return f"<tr><th scope='row' style='{style}'>{html.escape(head)}</th><td>{html.escape(value)}</td></tr>"


def _card_row(view: Position, index: int, head: str, lang: str) -> str:
    f, v = view.path[index]
    c = colon(lang)
    if v is not None:
        return _row(head, T("card_known", lang, c=c, family=family_name(f, lang), v=v))
    pool = view.unrevealed(f)
    ev = card_expectation(view.game.config, f, seen(view, f))
    return _row(head, T("card_value", lang, c=c, family=family_name(f, lang), ev=_decimal(ev, lang),
                        sum=sum(k * n for k, n in pool.items()), n=sum(pool.values())))


def _movement(view: Position, p: int, lang: str) -> str:
    cfg = view.game.config
    n = len(view.carried[p])
    now = steps(view.points(p, n), lang)
    if cfg.dice_movement and view.roll is not None:
        now = f"{now} ({T('move_die', lang, v=view.roll, cards=cards(n, lang))})"
    if n >= cfg.max_carry:
        return T("move_full", lang, now=now)
    return T("move_now", lang, now=now, more=steps(view.points(p, n + 1), lang), s=semicolon(lang))


def panel(view: Position, lang: str = "fr") -> str:
    """The odds the player to move faces, from ``view`` (HTML)."""
    p = view.to_move()
    if p < 0:
        p = view.turn if view.to_move() != TERMINAL and view.status[view.turn] == IN else -1
    if p < 0:
        return f"<p>{html.escape(T('nobody', lang))}</p>"
    c, s = colon(lang), semicolon(lang)
    n = len(view.carried[p])
    held = ", ".join(card_words(card, lang) for card in view.carried[p])
    carried = T("carrying", lang, cards=f"{cards(n, lang)} ({held})") if n else T("no_card", lang)
    if view.pos[p] < 0:
        what = T("at_door", lang)
    else:
        where = steps(view.steps_to_entrance(p), lang)
        what = T("returning" if view.returning[p] else "diving", lang, cards=carried, steps=where)
    lines = [f"<p><b>{html.escape(T('who', lang, p=player_name(p, lang), colour=_colour(p, lang), c=c, what=what))}</b></p>",
             "<table class='mineedu-odds'>"]
    if view.pos[p] < 0:
        stops = view.stops(p, returning=False)
        if stops:
            lines.append(_card_row(view, stops[0], T("first_card", lang), lang))
    else:
        lines.append(_card_row(view, view.pos[p], T("this_card", lang), lang))
    lines.append(_row(T("movement", lang), _movement(view, p, lang)))
    mine = player_odds(view, p)
    if mine is not None:
        head = T("home_now" if view.returning[p] else "back_now", lang)
        e = format_number(float(mine["expected_final"]), lang, 2)
        lines.append(_row(head, T("escape", lang, p=probability(mine["p_escape"], lang), s=s, e=e)))
        if "p_escape_with_this_card" in mine:
            e = format_number(float(mine["expected_final_with_this_card"]), lang, 2)
            pe = probability(mine["p_escape_with_this_card"], lang)
            lines.append(_row(T("with_card", lang), T("escape", lang, p=pe, s=s, e=e)))
    lines.append("</table>")
    if mine is not None:
        lines.append(f"<p><i>{html.escape(T('lone', lang, c=c))}</i></p>")
    return "".join(lines)


def status(view: Position, lang: str = "fr") -> str:
    """The cave's own status (HTML): where the dragon is and who is where; the results at the end."""
    c = colon(lang)
    everyone = range(len(view.status))
    if view.to_move() != TERMINAL:
        parts = [T("dragon", lang, c=c, cards=cards(view.dragon, lang))]
        for key, st in (("inside", IN), ("outside", OUT), ("eaten", EATEN)):
            who = [q for q in everyone if view.status[q] == st]
            if who:
                parts.append(T(key, lang, c=c, who=names(who, lang)))
        return f"<p class='mineedu-cave-status'>{html.escape(' · '.join(parts))}</p>"
    rows = []
    for q in sorted(everyone, key=lambda q: (-view.scores()[q], q)):
        held = ", ".join(card_words(card, lang) for card in view.carried[q])
        if view.status[q] == OUT:
            line = T("result_out", lang, p=player_name(q, lang), c=c, pts=points(view.treasure(q), lang),
                     cards=held or cards(0, lang))
        else:
            line = T("result_lost" if held else "result_eaten", lang, p=player_name(q, lang), c=c, cards=held)
        rows.append(f"<li>{html.escape(line)}</li>")
    return f"<div class='mineedu-cave-status'><b>{html.escape(T('results', lang))}</b><ol>{''.join(rows)}</ol></div>"
