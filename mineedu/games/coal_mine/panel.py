"""The board's side panel and status for Mine (coal), as HTML, from one viewer's view.

:func:`panel` shows the odds the viewer faces (phase 1 of the lesson: the
recruitment draws from the cards they cannot see, and what a raid can take
from each rival); :func:`status` the game's own news under the turn line: the
last resolution in words, and the final scores once the game is over.

>>> from mineedu.games.coal_mine import CoalMineGame
>>> view = CoalMineGame(3).initial_state().observation(0)
>>> "Recrutement" in panel(view, "fr") and "Recruitment" in panel(view, "en")
True
"""

from __future__ import annotations

import html

from mineedu.core import from_json
from mineedu.core.exact import fraction_text
from mineedu.core.i18n import format_number

from .odds import recruit_table
from .rules import CoalMineView
from .words import card_name, cards_text, coal_text, french, points_text, resolution_text, who

T = french({
    "recruit": {"fr": "Recrutement : P(au moins une carte de ce type)", "en": "Recruitment: P(at least one card of this kind)"},
    "recruit_note": {
        "fr": "Vous piochez {base} cartes + les casques posés au Recrutement (pour l'instant : {now}). "
              "Tirages sans remise parmi les {pile} cartes que vous ne voyez pas.",
        "en": "You draw {base} cards + the helmets laid on Recruitment (so far: {now}). "
              "Drawn without replacement from the {pile} cards you cannot see.",
    },
    "recruit_note_all": {
        "fr": "Tirages sans remise dans la vraie pioche ({pile} cartes, défausse {discard}).",
        "en": "Drawn without replacement from the true deck ({pile} cards, discard {discard}).",
    },
    "kind": {"fr": "Carte", "en": "Card"},
    "draws": {"fr": "{d} cartes", "en": "{d} cards"},
    "raid": {"fr": "Pillage : ce qu'une attaque peut prendre", "en": "Raids: what an attack can take"},
    "raid_note": {
        "fr": "Chaque casque d'attaque au-delà de la défense (casques sur la Tour de guet) prend 1 charbon, "
              "au plus le stock de la cible.",
        "en": "Each attack helmet beyond the defence (helmets on the Watchtower) takes 1 coal, "
              "at most the target's stock.",
    },
    "rival": {"fr": "{who} : {coal} en stock, {tower} sur sa Tour de guet",
              "en": "{who}: {coal} in stock, {tower} on their Watchtower"},
    "last": {"fr": "Résolution de la manche {r}", "en": "Resolution of round {r}"},
    "final": {"fr": "Scores finaux", "en": "Final scores"},
    "score": {"fr": "{who} : {pts}, {coal}", "en": "{who}: {pts}, {coal}"},
    "ties": {"fr": "Égalités départagées par les charbons, puis les cartes métiers en main, puis un dé.",
             "en": "Ties are broken by coal, then job cards in hand, then a die."},
    "no_recruit": {"fr": "Plus aucune carte à piocher.", "en": "No card left to draw."},
})


def _percent(cell: dict[str, object], lang: str) -> str:
    """A probability as the reader writes it, its exact fraction as a tooltip."""
    p = from_json(cell)
    return (f"<td style='text-align:right' title='{html.escape(fraction_text(p))}'>"
            f"{html.escape(format_number(float(p), lang, percent=True))}</td>")


def panel(view: CoalMineView, lang: str) -> str:
    """The odds the viewer faces: recruitment draws, then what a raid on each rival can take
    (nothing once the game is over: the status tells the scores)."""
    if view.phase == "over":
        return ""
    g, cfg = view.game, view.game.config
    rec = recruit_table(view)
    out = [f"<p><b>{html.escape(T('recruit', lang))}</b></p>"]
    me = view.player
    if view.see_all or me is None:
        out.append(f"<p>{html.escape(T('recruit_note_all', lang, pile=rec['pile'], discard=rec['discard']))}</p>"
                   if view.see_all else "")
    else:
        now = sum(view.helmets[k] for sp, k, _ in view.my_board if sp == "recruit")
        out.append(f"<p>{html.escape(T('recruit_note', lang, base=cfg.recruit_base, now=now, pile=rec['pile']))}</p>")
    table = rec["p_at_least"]
    if table:
        draws = list(table)
        head = "".join(f"<th scope='col'>{html.escape(T('draws', lang, d=d))}</th>" for d in draws)
        rows = []
        for kind in g.kinds:
            if not any(kind in table[d] for d in draws):
                continue
            cells = "".join(_percent(table[d][kind]["1"], lang) if kind in table[d] else "<td>–</td>" for d in draws)
            rows.append(f"<tr><th scope='row' style='text-align:left'>{html.escape(card_name(kind, lang))}</th>{cells}</tr>")
        out.append(f"<table class='mineedu-odds'><thead><tr><th scope='col'>{T('kind', lang)}</th>{head}</tr></thead>"
                   f"<tbody>{''.join(rows)}</tbody></table>")
    else:
        out.append(f"<p>{html.escape(T('no_recruit', lang))}</p>")
    rivals = [p for p in range(g.num_players) if p != me]
    out.append(f"<p><b>{html.escape(T('raid', lang))}</b></p><p>{html.escape(T('raid_note', lang))}</p><ul>")
    for p in rivals:
        line = T("rival", lang, who=who(p, lang, view.dummy), coal=coal_text(view.coal[p], lang),
                 tower=cards_text(view.boards[p].on("tower"), lang))
        out.append(f"<li>{html.escape(line)}</li>")
    out.append("</ul>")
    return "".join(out)


def status(view: CoalMineView, lang: str) -> str:
    """The last resolution in words, and the final scores (with the tie-breaks) once over."""
    g = view.game
    out = []
    if view.phase == "over":
        order = sorted(range(g.num_players), key=lambda q: (-view.points[q], -view.coal[q], q))
        lines = [T("score", lang, who=who(p, lang, view.dummy), pts=points_text(view.points[p], lang),
                   coal=coal_text(view.coal[p], lang)) for p in order]
        out.append(f"<p><b>{html.escape(T('final', lang))}</b></p><ul>"
                   + "".join(f"<li>{html.escape(x)}</li>" for x in lines) + f"</ul><p>{html.escape(T('ties', lang))}</p>")
    if view.log_round:
        told = resolution_text(view.game, view.log, lang, view.points)
        head = html.escape(T("last", lang, r=view.log_round))
        out.append(f"<details class='mineedu-resolution'><summary><b>{head}</b></summary><p>{html.escape(told)}</p></details>")
    return "".join(out)
