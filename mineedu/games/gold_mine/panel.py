"""My Gold Mine's decision panel and status, drawn from a view (HTML for the board).

The panel answers the question of the player to move, *explore or exit?*:
first P(I am burned if I explore now) with where it comes from (next to
Dragobert: the dragon and eyes cards left), the expected change of my gold,
then what the exit deck offers instead; below, for comparison, P(the next
card is a dragon) (the figure a first look suggests, and the wrong one next
to Dragobert) and P(Dragobert reaches my card within the next k cards).
Every number comes from :mod:`.odds`, exact, with a decimal written the
reader's way.

>>> import mineedu
>>> s = mineedu.make("gold_mine", players=4).initial_state()._evolve(dragon=5, explore=(20, 13, 16, 5))
>>> figures(s.observation(0))["burn"], figures(s.observation(0))["causes"]
('7/18', {'dragons': 5, 'eyes': 16, 'cards': 54})
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from mineedu.core import Texts, fraction_text
from mineedu.core.i18n import count, format_number, player_name
from mineedu.core.markup import esc, exact, percent
from mineedu.core.svg import PLAYER_COLOURS

from . import odds
from .cards import BURNED, LADDER, OPTION, OVER, TURN, exit_card_name, token_words
from .words import gold_words

REACH_K = (1, 2, 3, 5)


T = Texts({
    "who": {"fr": "Pour {p}, sur la case {q} (Dragobert sur la case {d})", "en": "For {p}, on card {q} (Dragobert on card {d})"},
    "burn": {"fr": "Si {p} explore maintenant : P(grillé) =", "en": "If {p} explores now: P(burned) ="},
    "burn_why": {"fr": "À côté de Dragobert, un dragon ({d}) ou des yeux ({e}) vous grillent : ({d} + {e}) / {n}.",
                 "en": "Next to Dragobert, a dragon ({d}) or eyes ({e}) burn you: ({d} + {e}) / {n}."},
    "burn_why_they": {"fr": "À côté de Dragobert, un dragon ({d}) ou des yeux ({e}) grillent {p} : ({d} + {e}) / {n}.",
                      "en": "Next to Dragobert, a dragon ({d}) or eyes ({e}) burn {p}: ({d} + {e}) / {n}."},
    "burn_far": {"fr": "Dragobert est à {k} cases : aucune carte piochée maintenant ne peut vous griller.",
                 "en": "Dragobert is {k} cards away: no card drawn now can burn you."},
    "burn_far_they": {"fr": "Dragobert est à {k} cases : aucune carte piochée maintenant ne peut griller {p}.",
                      "en": "Dragobert is {k} cards away: no card drawn now can burn {p}."},
    "burn_face_up": {"fr": "La carte visible et les dragons qu'on retournerait ensuite, comptés exactement.",
                     "en": "The face-up card and the dragons turned up after it, counted exactly."},
    "change": {"fr": "Variation attendue de votre or si vous explorez :", "en": "Expected change of your gold if you explore:"},
    "change_they": {"fr": "Variation attendue de l'or de {p} si {p} explore :",
                    "en": "Expected change of {p}'s gold if {p} explores:"},
    "held": {"fr": "(vous tenez {gold} : grillé, vous le perdez)", "en": "(you hold {gold}: burned, you lose it)"},
    "held_they": {"fr": "({p} tient {gold} : perdu si {p} est grillé·e)", "en": "({p} holds {gold}: lost if {p} is burned)"},
    "exit": {"fr": "Si vous sortez : aucun risque ce tour ; P(la carte Sortie vous mène à l'échelle) =",
             "en": "If you exit: no risk this turn; P(the exit card takes you to the ladder) ="},
    "exit_they": {"fr": "Si {p} sort : aucun risque ce tour ; P(la carte Sortie mène {p} à l'échelle) =",
                  "en": "If {p} exits: no risk this turn; P(the exit card takes {p} to the ladder) ="},
    "no_explore": {"fr": "Plus de carte Exploration : il faut sortir.", "en": "No exploration card left: you must exit."},
    "no_explore_they": {"fr": "Plus de carte Exploration : {p} doit sortir.", "en": "No exploration card left: {p} must exit."},
    "next": {"fr": "Pour comparer : P(prochaine carte = dragon) =", "en": "For comparison: P(next card is a dragon) ="},
    "reach": {"fr": "P(Dragobert atteint votre case dans les k prochaines cartes Exploration, piochées par n'importe qui)",
              "en": "P(Dragobert reaches your card within the next k exploration cards, whoever draws them)"},
    "reach_they": {"fr": "P(Dragobert atteint la case de {p} dans les k prochaines cartes Exploration, piochées par "
                         "n'importe qui)",
                   "en": "P(Dragobert reaches {p}'s card within the next k exploration cards, whoever draws them)"},
    "exact": {"fr": "exacte", "en": "exact"},
    "out_ladder": {"fr": "{p} est sur l'échelle : son or est à l'abri.", "en": "{p} is on the ladder: their gold is safe."},
    "out_burned": {"fr": "{p} a été grillé·e : hors de la manche.", "en": "{p} was burned: out of this round."},
    "over": {"fr": "Partie terminée.", "en": "Game over."},
    "round_done": {"fr": "Manche {r} : décompte", "en": "Round {r}: scoring"},
    "col_player": {"fr": "Joueur", "en": "Player"},
    "col_gold": {"fr": "Or mis à l'abri", "en": "Gold banked"},
    "col_rung": {"fr": "Échelon", "en": "Rung"},
    "col_tokens": {"fr": "Pépites gagnées", "en": "Tokens won"},
    "burned": {"fr": "grillé", "en": "burned"},
    "round_winner": {"fr": "Gagnant de la manche : {w}", "en": "Round winner: {w}"},
    "nobody": {"fr": "personne", "en": "nobody"},
    "podium": {"fr": "Podium final", "en": "Final podium"},
    "place": {"fr": "{k}ᵉ", "en": "#{k}"},
    "first": {"fr": "1ᵉʳ", "en": "#1"},
    "points": {"fr": "{s} (pépites + or de la dernière manche)", "en": "{s} (tokens + last round's gold)"},
    "option": {"fr": "{p} résout la carte Sortie « {name} ».", "en": "{p} resolves the exit card \"{name}\"."},
})


def _who(view: Any) -> int:
    """Whose decision the panel shows: the viewer if inside the mine, else the player to move."""
    v = view.viewer
    if v is not None and 0 <= v < view.game.num_players:
        return int(v)
    return int(view.turn)


def figures(view: Any) -> dict[str, Any]:
    """The panel's numbers for ``view`` (exact fractions as text), for tests and summaries."""
    p = _who(view)
    pos = view.positions[p]
    d, n = odds.dragon_fraction(view)
    fig: dict[str, Any] = {"player": p, "position": pos, "dragon": view.dragon, "cards_left": n, "dragons_left": d,
                           "next": f"{d}/{n}" if n else None}
    if pos > 0 and view.phase != OVER:
        fig["can_explore"] = odds.can_explore(view, p)
        fig["burn"] = fraction_text(odds.burn_risk(view, p))
        fig["change"] = fraction_text(odds.gold_change(view, p))
        fig["held"] = view.gold(p)
        fig["exit_ladder"] = fraction_text(odds.p_exit_reaches_ladder(view, p))
        fig["reach"] = {k: fraction_text(odds.p_dragon_reaches(view, pos, k)) for k in REACH_K}
        fig["causes"] = odds.burn_causes(view, p)
    return fig


def panel(view: Any, lang: str = "fr") -> str:
    """The decision panel's HTML for the player it concerns (see the module docstring)."""
    if view.phase == OVER:
        return f"<p>{T('over', lang)}</p>"
    f = figures(view)
    p = f["player"]
    name = player_name(p, lang)
    if f["position"] == LADDER:
        return f"<p>{esc(T('out_ladder', lang, p=name))}</p>"
    if f["position"] == BURNED:
        return f"<p>{esc(T('out_burned', lang, p=name))}</p>"
    rows = [f"<p class='odds-who'>{esc(T('who', lang, p=name, q=f['position'], d=f['dragon']))}</p>"]

    def says(key: str, **kw: Any) -> str:  # "you" to the player concerned, their name to anyone else (a spectator)
        return esc(T(key if view.viewer == p else f"{key}_they", lang, p=name, **kw))

    if f["can_explore"]:
        burn = Fraction(f["burn"])
        causes = f["causes"]
        if causes is not None:
            shown = f"{causes['dragons'] + causes['eyes']}/{causes['cards']}"
            why = says("burn_why", d=causes["dragons"], e=causes["eyes"], n=causes["cards"])
        else:
            shown = f["burn"]
            why = esc(T("burn_face_up", lang)) if view.top is not None else says("burn_far", k=f["dragon"] - f["position"])
        rows.append(
            f"<p class='odds-key'>{esc(T('burn', lang, p=name))} {exact('odds-burn', burn, shown)}"
            f" ≈ <b class='odds-burn-pct'>{percent(burn, lang)}</b></p>"
            f"<p class='odds-why'>{why}</p>"
        )
        change = Fraction(f["change"])
        sign = "+" if change > 0 else ("−" if change < 0 else "")
        rows.append(
            f"<p class='odds-key2'>{says('change')} {exact('odds-change', change, sign + format_number(abs(change), lang, 2))} "
            f"<span class='odds-held'>{says('held', gold=gold_words(f['held'], lang))}</span></p>"
        )
    else:
        rows.append(f"<p class='odds-key'>{says('no_explore')}</p>")
    ladder = Fraction(f["exit_ladder"])
    rows.append(f"<p>{says('exit')} {exact('odds-exit', ladder)} ≈ {percent(ladder, lang)}</p>")
    if f["next"]:
        rows.append(f"<p class='odds-compare'>{esc(T('next', lang))} <b class='odds-next'>{f['next']}</b> ≈ "
                    f"<span class='odds-next-pct'>{percent(Fraction(f['next']), lang)}</span></p>")
    head = "".join(f"<th scope='col'>{h}</th>" for h in ("k", T("exact", lang), "≈"))
    cells = "".join(
        f"<tr><th scope='row'>{k}</th><td class='odds-reach' data-k='{k}'>{v}</td><td "
        f"class='odds-reach-pct'>{percent(Fraction(v), lang)}</td></tr>"
        for k, v in f["reach"].items()
    )
    rows.append(f"<p>{says('reach')}</p><table class='odds-reach-table'><tr>{head}</tr>{cells}</table>")
    return "".join(rows)


def status(view: Any, lang: str = "fr") -> str:
    """Under the turn line: the exit card being resolved, the last round's scoring, the podium."""
    parts = []
    if view.phase == OPTION and view.card:
        parts.append(f"<p>{esc(T('option', lang, p=player_name(view.turn, lang), name=exit_card_name(view.card, lang)))}</p>")
    if view.results and view.phase in (TURN, OVER) and (view.phase == OVER or view.turns == 0):
        parts.append(round_table(view.results[-1], lang))
    if view.phase == OVER:
        parts.append(podium_html(view, lang))
    return "".join(parts)


def round_table(result: Any, lang: str) -> str:
    rows = []
    for i in range(len(result.gold)):
        rung = str(result.rungs[i]) if result.rungs[i] else T("burned", lang)
        rows.append(
            f"<tr><td aria-hidden='true' style='color:{PLAYER_COLOURS[i]}'>●</td><th scope='row'>{player_name(i, lang)}</th>"
            f"<td>{gold_words(result.gold[i], lang)}</td><td>{rung}</td><td>{token_words(result.awarded[i], lang)}</td></tr>"
        )
    w = player_name(result.winner, lang) if result.winner is not None else T("nobody", lang)
    head = "".join(f"<th scope='col'>{T(k, lang)}</th>" for k in ("col_player", "col_gold", "col_rung", "col_tokens"))
    return (
        f"<div class='mineedu-round-result' data-round='{result.round}'><b>{T('round_done', lang, r=result.round)}</b>"
        f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>{esc(T('round_winner', lang, w=w))}</div>"
    )


def podium_html(view: Any, lang: str) -> str:
    scores = view.scores()
    items = []
    for k, place in enumerate(view.podium(), 1):
        names = ", ".join(player_name(p, lang) for p in place)
        rank = T("first", lang) if k == 1 else T("place", lang, k=k)
        pts = count(int(scores[place[0]]), lang, "point", "points", "point", "points")
        items.append(f"<li>{rank} {names} — {esc(T('points', lang, s=pts))}</li>")
    return (f"<div class='mineedu-podium'><b>{T('podium', lang)}</b>"
            f"<ol style='list-style:none;padding-left:0'>{''.join(items)}</ol></div>")
