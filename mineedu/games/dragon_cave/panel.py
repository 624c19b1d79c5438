"""The cave's decision panel and status line, drawn from a view (HTML for the board).

The panel answers the question of the player to move, *go on or turn back?*
(``shared/LESSONS.md``): first, if they turn back now with what they carry,
P(escape) and the treasure they can expect to bring home; then what the card
underfoot and the cards ahead are worth (each family's mean, given the values
already seen), the same race if they also take the card underfoot, or go one
card deeper first; their movement points now and with one more card; and what
the other divers coming back do to the race. Without dice the race of a lone
diver is decided in advance, and the panel says why.

Every number comes from :mod:`.odds`, exact (``data-exact`` holds the fraction,
so a browser test can check it against the engine), with a decimal written the
reader's way.

>>> from mineedu.games.dragon_cave import DragonCave
>>> figures(DragonCave(2).initial_state().observation(0))["first"]
Fraction(2, 1)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from mineedu.core import TERMINAL, Texts, fraction_text
from mineedu.core.i18n import colon, format_number, player_name, semicolon
from mineedu.core.markup import esc, exact
from mineedu.core.svg import PLAYER_COLOUR_NAMES

from .odds import escape_probability, family_mean, player_odds
from .rules import EATEN, IN, OUT, DragonCaveView, Position, family_name, view_of
from .svg import waiting
from .words import card_words, cards, names, points, steps

READABLE_DENOMINATOR = 1000
"""A fraction with a bigger denominator is shown by its decimal only (``data-exact`` keeps it)."""

T = Texts({
    "who": {"fr": "{p} ({colour}){c} {what}", "en": "{p} ({colour}){c} {what}"},
    "at_door": {"fr": "à l'entrée, pas encore entré", "en": "at the entrance, not in yet"},
    "diving": {"fr": "sur la carte {k}, avance vers le dragon {cards}",
               "en": "on card {k}, going deeper {cards}"},
    "returning": {"fr": "sur la carte {k}, revient {cards}",
                  "en": "on card {k}, coming back {cards}"},
    "carrying": {"fr": "avec {cards}", "en": "with {cards}"},
    "no_card": {"fr": "sans carte", "en": "with no card"},
    "key_back": {"fr": "Si {p} fait demi-tour maintenant{c} P(sortir)", "en": "If {p} turns back now: P(escape)"},
    "key_home": {"fr": "{p} rentre{c} P(sortir)", "en": "{p} is going home: P(escape)"},
    "key_door": {"fr": "{p} entre{c} la première carte vaut en moyenne", "en": "{p} goes in: the first card is worth on average"},
    "treasure": {"fr": "Trésor rapporté espéré ≈ {e}", "en": "Expected treasure brought home ≈ {e}"},
    "first_card": {"fr": "Première carte", "en": "First card"},
    "this_card": {"fr": "Carte sous le plongeur", "en": "The card under the diver"},
    "ahead": {"fr": "Cartes devant (avant le dragon)", "en": "Cards ahead (before the dragon)"},
    "ahead_none": {"fr": "aucune", "en": "none"},
    "ahead_group": {"fr": "{family} ×{n}{c} {ev}", "en": "{family} ×{n}: {ev}"},
    "card_value": {"fr": "{family}{c} valeur espérée {ev} ({sum}/{n})", "en": "{family}: expected value {ev} ({sum}/{n})"},
    "card_known": {"fr": "{family}{c} vaut {v}", "en": "{family}: worth {v}"},
    "movement": {"fr": "Points de déplacement", "en": "Movement points"},
    "move_now": {"fr": "{now} maintenant{s} {more} avec une carte de plus", "en": "{now} now; {more} with one more card"},
    "move_full": {"fr": "{now} maintenant ({cards} portées : pas une de plus)",
                  "en": "{now} now ({cards} carried: no more can be taken)"},
    "move_die": {"fr": "dé {v} − {cards}", "en": "die {v} − {cards}"},
    "move_dice": {"fr": "le dé (1 à {n}) moins les cartes portées, au moins 0",
                  "en": "the die (1 to {n}) minus the cards carried, at least 0"},
    "with_card": {"fr": "… en prenant aussi la carte sous le plongeur", "en": "… also taking the card under the diver"},
    "deeper": {"fr": "… en allant d'abord une carte plus loin (carte {k})", "en": "… going one card deeper first (card {k})"},
    "deeper_with": {"fr": "… une carte plus loin, et en la prenant", "en": "… one card deeper, and taking it"},
    "escape": {"fr": "P(sortir) {p}{s} trésor rapporté ≈ {e}", "en": "P(escape) {p}; treasure brought home ≈ {e}"},
    "others": {"fr": "Avec {who}, qui revien{nt} aussi (le dragon avance aussi de leurs cartes)",
               "en": "With {who} coming back too (the dragon also moves by their cards)"},
    "plain": {"fr": "Sans dé, la course d'un plongeur seul est jouée d'avance{c} avec c cartes il fait 4 − c pas par tour "
                    "et le dragon avance de c cartes après chacun de ses coups. Avec 1 carte, 3 pas contre 1\u00a0: il sort "
                    "toujours\u00a0; avec 3 cartes, 1 pas contre 3\u00a0: le dragon le rattrape vite. (Ce calcul le suppose "
                    "seul dans la grotte{c} les autres plongeurs qui reviennent font avancer le dragon en plus.)",
              "en": "Without dice a lone diver's race is decided in advance: with c cards they move 4 − c steps a turn and "
                    "the dragon moves c cards after each of their moves. With 1 card, 3 steps against 1: they always get "
                    "out; with 3 cards, 1 step against 3: the dragon soon catches them. (This assumes they are alone in "
                    "the cave: the other divers coming back move the dragon further.)"},
    "lone": {"fr": "La course d'un plongeur seul dans la grotte{c} personne à sauter sur le chemin, personne d'autre "
                   "pour faire avancer le dragon.",
             "en": "The race of a diver alone in the cave: nobody to jump on the way, nobody else to move the dragon."},
    "nobody": {"fr": "Personne n'a de choix à faire.", "en": "Nobody has a choice to make."},
    "dragon": {"fr": "Dragon{c} à {cards} de l'entrée", "en": "Dragon: {cards} from the entrance"},
    "door": {"fr": "à l'entrée{c} {who}", "en": "at the entrance: {who}"},
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


def decimal(x: Fraction, lang: str) -> str:
    """A whole number as is, else two decimals the reader's way."""
    return str(x.numerator) if x.denominator == 1 else format_number(float(x), lang, 2)


def probability(p: Fraction, lang: str) -> str:
    """``= 5/6 ≈ 83,3 %``, or ``≈ 8,4 %`` when the exact fraction is too long to read.

    >>> probability(Fraction(5, 6), "fr"), probability(Fraction(3489, 41451), "en")
    ('= 5/6 ≈ 83,3\\xa0%', '≈ 8.4%')
    """
    shown = format_number(float(p), lang, percent=True)
    return f"≈ {shown}" if p.denominator > READABLE_DENOMINATOR else f"= {fraction_text(p)} ≈ {shown}"


# --- the numbers ------------------------------------------------------------------------


def who(view: Position) -> int | None:
    """Whose decision the panel shows: the player to move (or about to, at a die), if inside."""
    if view.to_move() == TERMINAL:
        return None
    p = view.turn
    return p if view.status[p] == IN else None


def card_value(view: Position, index: int) -> Fraction:
    """What card ``index`` of the path is worth: its value if known, else its family's mean."""
    f, v = view.path[index]
    return Fraction(v) if v is not None else family_mean(view, f)[0]


def ahead(view: Position, player: int) -> list[tuple[int, int, Fraction]]:
    """The cards in front of ``player`` before the dragon, by family in path order:
    ``(family, how many, the mean value of one)``."""
    groups: list[tuple[int, int, Fraction]] = []
    for i in range(view.pos[player] + 1, view.dragon):
        f = view.path[i][0]
        if groups and groups[-1][0] == f:
            _, n, total = groups[-1]
            groups[-1] = (f, n + 1, total + card_value(view, i))
        else:
            groups.append((f, 1, card_value(view, i)))
    return [(f, n, total / n) for f, n, total in groups]


def one_card_deeper(view: DragonCaveView, player: int) -> tuple[int, dict[str, Any] | None] | None:
    """Going one step deeper now (taking nothing), then turning back: ``(card reached, odds there)``."""
    a = ("move", -1, False, 1, False)
    if view.returning[player] or view.to_move() != player or a not in view.legal_actions():
        return None
    after = view.after(a)
    return after.pos[player], player_odds(after, player)


def figures(position: Position) -> dict[str, Any]:
    """The panel's numbers for a view (or a state): exact fractions (for the panel, the tests and the summary)."""
    view = view_of(position)
    p = who(view)
    if p is None:
        return {"player": None}
    cfg = view.game.config
    n = len(view.carried[p])
    fig: dict[str, Any] = {"player": p, "pos": view.pos[p], "returning": view.returning[p], "cards": n,
                           "steps": view.pos[p] + 1, "dragon": view.dragon,
                           "plain": not (cfg.dice_dragon or cfg.dice_movement)}
    if cfg.dice_movement and view.roll is None:
        fig["points"] = None
    else:
        fig["points"] = view.points(p, n)
        fig["points_more"] = view.points(p, n + 1) if n < cfg.max_carry else None
    if view.pos[p] < 0:
        stops = view.stops(p, returning=False)
        fig["first"] = card_value(view, stops[0]) if stops else None
        fig["ahead"] = ahead(view, p)
        return fig
    fig["here"] = card_value(view, view.pos[p])
    fig["ahead"] = [] if view.returning[p] else ahead(view, p)
    mine = player_odds(view, p)
    assert mine is not None
    fig.update({k: v for k, v in mine.items() if isinstance(v, Fraction)})
    deeper = one_card_deeper(view, p)
    if deeper is not None and deeper[1] is not None:
        fig["deeper_card"] = deeper[0]
        fig["deeper"] = {k: v for k, v in deeper[1].items() if isinstance(v, Fraction)}
    others = tuple(q for q in range(len(view.status)) if q != p and view.status[q] == IN and view.returning[q])
    if others:
        fig["others"] = others
        fig["p_escape_others"] = escape_probability(view.pos[p] + 1, n, view.dragon, cfg,
                                                    tuple(len(view.carried[q]) for q in others))
    return fig


# --- the panel ---------------------------------------------------------------------------------


def _row(head: str, value: str, cls: str = "") -> str:
    style = "text-align:left;padding-right:0.8em"
    klass = f" class='{cls}'" if cls else ""
    return f"<tr{klass}><th scope='row' style='{style}'>{esc(head)}</th><td style='text-align:left'>{value}</td></tr>"


def _race(p_escape: Fraction, treasure: Fraction, cls: str, lang: str) -> str:
    s = semicolon(lang)
    return (f"<span class='{cls}' data-exact='{fraction_text(p_escape)}' data-treasure='{fraction_text(treasure)}'>"
            f"{esc(T('escape', lang, p=probability(p_escape, lang), s=s, e=decimal(treasure, lang)))}</span>")


def _card_words(view: Position, index: int, lang: str) -> str:
    f, v = view.path[index]
    c = colon(lang)
    if v is not None:
        return esc(T("card_known", lang, c=c, family=family_name(f, lang), v=v))
    ev, total, n = family_mean(view, f)
    return exact("odds-card", ev, T("card_value", lang, c=c, family=family_name(f, lang), ev=decimal(ev, lang), sum=total, n=n))


def _movement(view: Position, fig: dict[str, Any], lang: str) -> str:
    cfg = view.game.config
    if fig["points"] is None:
        return esc(T("move_dice", lang, n=cfg.die_sides))
    now = steps(fig["points"], lang)
    if cfg.dice_movement:
        now = f"{now} ({T('move_die', lang, v=view.roll, cards=cards(fig['cards'], lang))})"
    if fig.get("points_more") is None:
        return esc(T("move_full", lang, now=now, cards=cards(fig["cards"], lang)))
    return esc(T("move_now", lang, now=now, more=steps(fig["points_more"], lang), s=semicolon(lang)))


def panel(view: Position, lang: str = "fr") -> str:
    """The decision panel's HTML for the player to move (see the module docstring)."""
    fig = figures(view)
    p = fig["player"]
    if p is None:
        return f"<p>{esc(T('nobody', lang))}</p>"
    c = colon(lang)
    name = player_name(p, lang)
    n = fig["cards"]
    held = ", ".join(card_words(card, lang) for card in view.carried[p])
    carried = T("carrying", lang, cards=f"{cards(n, lang)} ({held})") if n else T("no_card", lang)
    what = (T("at_door", lang) if fig["pos"] < 0 else
            T("returning" if fig["returning"] else "diving", lang, cards=carried, k=fig["pos"] + 1))
    rows = [f"<p class='odds-who'><b>{esc(T('who', lang, p=name, colour=_colour(p, lang), c=c, what=what))}</b></p>"]
    table: list[str] = []
    if fig["pos"] < 0:
        if fig["first"] is not None:
            rows.append(f"<p class='odds-key'>{esc(T('key_door', lang, p=name, c=c))} "
                        f"{exact('odds-first', fig['first'], decimal(fig['first'], lang))}</p>")
    else:
        pe = fig["p_escape"]
        key = T("key_home" if fig["returning"] else "key_back", lang, p=name, c=c)
        rows.append(f"<p class='odds-key'>{esc(key)} {exact('odds-escape', pe, probability(pe, lang))}</p>")
        rows.append(f"<p class='odds-key2'>{esc(T('treasure', lang, e=decimal(fig['expected_final'], lang)))}"
                    f"<span class='odds-treasure' data-exact='{fraction_text(fig['expected_final'])}'></span></p>")
        table.append(_row(T("this_card", lang), _card_words(view, fig["pos"], lang), "odds-here"))
        if "p_escape_with_this_card" in fig:
            table.append(_row(T("with_card", lang), _race(fig["p_escape_with_this_card"], fig["expected_final_with_this_card"],
                                                          "odds-with", lang)))
        if "deeper" in fig:
            d = fig["deeper"]
            table.append(_row(T("deeper", lang, k=fig["deeper_card"] + 1), _race(d["p_escape"], d["expected_final"],
                                                                                 "odds-deeper", lang)))
            if "p_escape_with_this_card" in d:
                table.append(_row(T("deeper_with", lang), _race(d["p_escape_with_this_card"], d["expected_final_with_this_card"],
                                                                 "odds-deeper-with", lang)))
        if "others" in fig:
            loads = ", ".join(f"{player_name(q, lang)} ({cards(len(view.carried[q]), lang)})" for q in fig["others"])
            plural_verb = "nent" if len(fig["others"]) > 1 else "t"
            head = T("others", lang, who=loads, nt=plural_verb)
            pe_o = fig["p_escape_others"]
            table.append(_row(head, f"<span class='odds-others' data-exact='{fraction_text(pe_o)}'>"
                                    f"P{'(sortir)' if lang == 'fr' else '(escape)'} {esc(probability(pe_o, lang))}</span>"))
    if fig["ahead"]:
        groups = " · ".join(T("ahead_group", lang, family=family_name(f, lang), n=k, ev=decimal(ev, lang), c=c)
                            for f, k, ev in fig["ahead"])
        table.append(_row(T("ahead", lang), f"<span class='odds-ahead'>{esc(groups)}</span>"))
    table.append(_row(T("movement", lang), f"<span class='odds-points'>{_movement(view, fig, lang)}</span>"))
    rows.append(f"<table class='mineedu-odds'>{''.join(table)}</table>")
    if fig["pos"] >= 0:
        note = "plain" if fig["plain"] else "lone"
        rows.append(f"<p class='odds-note'><i>{esc(T(note, lang, c=c))}</i></p>")
    return "".join(rows)


def status(view: Position, lang: str = "fr") -> str:
    """The cave's own status (HTML): where the dragon is and who is where; the results at the end."""
    c = colon(lang)
    everyone = range(len(view.status))
    if view.to_move() != TERMINAL:
        parts = [T("dragon", lang, c=c, cards=cards(view.dragon, lang))]
        door = waiting(view)
        for key, st in (("door", IN), ("inside", IN), ("outside", OUT), ("eaten", EATEN)):
            group = [q for q in everyone if view.status[q] == st and (q in door) == (key == "door")]
            if group:
                parts.append(T(key, lang, c=c, who=names(group, lang)))
        return f"<p class='mineedu-cave-status'>{esc(' · '.join(parts))}</p>"
    rows = []
    for q in sorted(everyone, key=lambda q: (-view.scores()[q], q)):
        held = ", ".join(card_words(card, lang) for card in view.carried[q])
        if view.status[q] == OUT:
            line = T("result_out", lang, p=player_name(q, lang), c=c, pts=points(view.treasure(q), lang),
                     cards=held or cards(0, lang))
        else:
            line = T("result_lost" if held else "result_eaten", lang, p=player_name(q, lang), c=c, cards=held)
        rows.append(f"<li>{esc(line)}</li>")
    return f"<div class='mineedu-cave-status'><b>{esc(T('results', lang))}</b><ol>{''.join(rows)}</ol></div>"
