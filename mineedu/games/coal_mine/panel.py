"""The board's decision panel and status for Mine (coal), as HTML, from one viewer's view.

The panel answers the questions of the player to move, from what they may
know with a perfect memory (card counting, :attr:`.rules.CoalMineView.known`):
the starting hands are public and every card played or discarded shows, so a
rival's starting cards not yet turned up are known to be in their hand; the
rest (the deck and the cards the others drew) is unseen, well mixed:

* **recruit?** P(at least one pipe-miner among my recruitment draws), the
  draws being 2 + the helmets on my Recruitment (as if one 1-helmet card, while
  it is empty), without replacement from the deck, a part of the unseen cards
  (the discard once it is empty); then every kind for 2 to 5 cards;
* **raid?** for each rival: what my strongest card takes against each defence
  it could lay on its Watchtower (the raid table), the raid as a 2×2 game
  (attack or mine, against defend or mine, a rival as strong as me) with its
  exact mixed equilibrium and value, and the loot to expect against it.

Every figure carries its exact value in a ``data-exact`` attribute (the
headline: ``.odds-key``). :func:`figures` gives the same numbers to the tests
and the notebook's summary. :func:`status` tells the last resolution step by
step in the text's order, and the final scores.

>>> from mineedu.games.coal_mine import CoalMineGame
>>> view = CoalMineGame(3).initial_state().observation(0)
>>> f = figures(view)
>>> f["draws"], f["pipe"], f["unseen"], f["unseen_pipes"], f["raids"][0]["p_attack"]   # 209/345
(3, '9196/15180', 46, 12, '1/2')
"""

from __future__ import annotations

import html
from fractions import Fraction
from typing import Any

from mineedu.core import Texts, from_json
from mineedu.core.exact import fraction_text
from mineedu.core.i18n import colon, format_number, join_clauses
from mineedu.core.markup import esc, exact, percent

from .odds import at_least_one, draw_pile, planned_draws, raid_figures, recruit_table
from .rules import PIPE, CoalMineView, raid_loot
from .words import (
    a_card,
    card_name,
    cards_text,
    coal_text,
    helmets_text,
    points_text,
    resolution_steps,
    who,
)

T = Texts({
    "who": {"fr": "Pour {p}, qui voit sa main et son plateau, pas ceux des autres.",
            "en": "For {p}, who sees their own hand and board, not the others'."},
    "pipe": {"fr": "Recrutement : P(au moins un Tuyauteur parmi vos {d} cartes) =",
             "en": "Recruitment: P(at least one Pipe-miner among your {d} cards) ="},
    "pipe_why": {"fr": "{d} = {base} + {h} sur votre Recrutement{empty}. En comptant les cartes (les mains de départ sont "
                       "connues, chaque carte jouée se voit) : tirées sans remise parmi les {n} cartes dont vous ne pouvez "
                       "pas savoir où elles sont (la pioche et les cartes piochées par les autres), dont {g} tuyauteurs : "
                       "1 − C({bad} ; {d}) / C({n} ; {d}) = ({all} − {none}) / {all}.",
                 "en": "{d} = {base} + {h} on your Recruitment{empty}. With card counting (the starting hands are known, "
                       "every card played shows): drawn without replacement from the {n} cards whose place you cannot "
                       "know (the deck and the cards the others drew), {g} of them pipe-miners: "
                       "1 − C({bad}, {d}) / C({n}, {d}) = ({all} − {none}) / {all}."},
    "pipe_why_discard": {"fr": "{d} = {base} + {h} sur votre Recrutement{empty}. En comptant les cartes : la pioche ({deck} "
                               "cartes, prises parmi les {n} dont vous ne pouvez pas savoir où elles sont, dont {g} "
                               "tuyauteurs) ne suffit pas, la défausse ({discard} cartes, dont {gd} tuyauteurs) la remplace.",
                         "en": "{d} = {base} + {h} on your Recruitment{empty}. With card counting: the deck ({deck} cards, "
                               "a part of the {n} whose place you cannot know, {g} of them pipe-miners) is not enough, the "
                               "discard ({discard} cards, {gd} pipe-miners) replaces it."},
    "if_empty": {"fr": " (vide : comme si vous y posiez une carte à 1 casque)",
                 "en": " (empty: as if you laid a 1-helmet card there)"},
    "no_pipe": {"fr": "Recrutement : plus de tuyauteur parmi les cartes que vous pouvez piocher.",
                "en": "Recruitment: no pipe-miner left among the cards you may draw."},
    "every_kind": {"fr": "Chaque type de carte, de 2 à 5 cartes piochées", "en": "Every kind of card, 2 to 5 cards drawn"},
    "recruit_note_all": {"fr": "Tirages sans remise dans la vraie pioche ({pile} cartes, défausse {discard}).",
                         "en": "Drawn without replacement from the true deck ({pile} cards, discard {discard})."},
    "mixed": {"fr": "≈ en comptant les cartes, les cartes piochées par les autres prises comme bien mêlées à la pioche : "
                    "proche, pas exact (une mémoire de toute la partie en sait un peu plus : quelles cartes un rival a "
                    "forcément piochées, ce que tenait la défausse remise en pioche).",
              "en": "≈ with card counting, the cards the others drew taken as well mixed with the deck: close, not exact "
                    "(a memory of the whole game knows a little more: which cards a rival must have drawn, what the "
                    "discard held when it became the deck)."},
    "unseen_note": {"fr": "En comptant les cartes : tirages sans remise parmi les {pile} cartes dont {p} ne peut pas savoir "
                          "où elles sont (la pioche et les cartes piochées par les autres).",
                    "en": "With card counting: drawn without replacement from the {pile} cards whose place {p} cannot know "
                          "(the deck and the cards the others drew)."},
    "unseen_note_public": {"fr": "En comptant les cartes : tirages sans remise parmi les {pile} cartes dont personne ne peut "
                                 "savoir où elles sont en regardant la table (la pioche et les cartes piochées par les joueurs).",
                           "en": "With card counting: drawn without replacement from the {pile} cards whose place no one "
                                 "watching the table can know (the deck and the cards the players drew)."},
    "kind": {"fr": "Carte", "en": "Card"},
    "draws": {"fr": "{d} cartes", "en": "{d} cards"},
    "raid": {"fr": "Pillage", "en": "Raids"},
    "raid_note": {"fr": "Chaque casque d'attaque au-delà de la défense (les casques de sa Tour de guet) prend 1 charbon, "
                        "au plus son stock. Une carte qui ne pille pas ou ne défend pas va à la Mine : ses casques y "
                        "rapportent autant de charbons.",
                  "en": "Each attack helmet beyond the defence (the helmets on its Watchtower) takes 1 coal, at most its "
                        "stock. A card that neither raids nor defends goes to the Mine, where its helmets bring as many coal."},
    "no_jobs": {"fr": "Pas de carte métier en main : pas de pillage possible.",
                "en": "No job card in hand: no raid possible."},
    "rival": {"fr": "Contre {who} : {coal} en stock, {tower} sur sa Tour de guet",
              "en": "Against {who}: {coal} in stock, {tower} on their Watchtower"},
    "table": {"fr": "Charbon pris : votre attaque (lignes, en casques) contre sa défense (colonnes)",
              "en": "Coal taken: your attack (rows, in helmets) against their defence (columns)"},
    "game": {"fr": "Le pillage comme jeu (vous pillez avec {card}, contre un rival aussi fort) : gain en charbon de vous "
                   "moins le sien",
             "en": "The raid as a game (you raid with {card}, against a rival as strong): your coal gain minus theirs"},
    "mine": {"fr": "Miner", "en": "Mine"},
    "attack": {"fr": "Piller", "en": "Raid"},
    "defend": {"fr": "Défendre", "en": "Defend"},
    "you": {"fr": "vous", "en": "you"},
    "eq": {"fr": "Équilibre : vous pillez avec P =", "en": "Equilibrium: you raid with P ="},
    "eq_defend": {"fr": ", {who} défend avec P =", "en": ", {who} defends with P ="},
    "value": {"fr": "Valeur du jeu :", "en": "Value of the game:"},
    "per_round": {"fr": "charbon par manche, en votre faveur", "en": "coal a round, in your favour"},
    "loot": {"fr": "Pillage attendu contre cet équilibre :", "en": "Loot to expect against this equilibrium:"},
    "coal_unit": {"fr": "charbon", "en": "coal"},
    "last": {"fr": "Résolution de la manche {r}", "en": "Resolution of round {r}"},
    "step_grisou": {"fr": "Évènements", "en": "Events"},
    "step_raid": {"fr": "Pillage", "en": "Raids"},
    "step_sell": {"fr": "Expédition", "en": "Expedition"},
    "step_mine": {"fr": "Mine", "en": "Mine"},
    "step_recruit": {"fr": "Recrutement", "en": "Recruitment"},
    "none_grisou": {"fr": "pas de coup de grisou", "en": "no firedamp"},
    "none": {"fr": "rien", "en": "nothing"},
    "final": {"fr": "Scores finaux", "en": "Final scores"},
    "score": {"fr": "{who} : {pts}, {coal}", "en": "{who}: {pts}, {coal}"},
    "ties": {"fr": "Égalités départagées par les charbons, puis les cartes métiers en main, puis un dé.",
             "en": "Ties are broken by coal, then job cards in hand, then a die."},
    "no_recruit": {"fr": "Plus aucune carte à piocher.", "en": "No card left to draw."},
})


def _coal(x: Fraction, lang: str) -> str:
    return esc(format_number(x, lang, 2))


def figures(view: CoalMineView) -> dict[str, Any]:
    """The panel's numbers for the viewer's seat (exact fractions as text), for tests and summaries."""
    p = view.player
    g = view.game
    out: dict[str, Any] = {"player": p}
    if p is None:
        return out
    unseen_pipes, _, _, _, unseen = draw_pile(view, PIPE)
    d = planned_draws(view, p)
    out.update(draws=d, unseen=unseen, unseen_pipes=unseen_pipes)
    counts = at_least_one(view, PIPE, d)
    out["pipe"] = f"{counts[0]}/{counts[1]}" if counts else None
    jobs = [k for k in view.hand if view.helmets[k] > 0]
    strongest = max(jobs, key=lambda k: (view.helmets[k], k)) if jobs else None
    out["strongest"] = strongest
    out["raids"] = []
    for t in range(g.num_players):
        if t == p or strongest is None:
            continue
        f = raid_figures(view.helmets[strongest], view.coal[t])
        out["raids"].append({"target": t, "stock": view.coal[t], "tower_cards": view.boards[t].on("tower"),
                             "attack": f["attack"], "matrix": f["matrix"],
                             **{k: fraction_text(f[k]) for k in ("p_attack", "p_defend", "value", "loot")}})
    return out


def _percent_cell(cell: dict[str, object], lang: str) -> str:
    """A probability as the reader writes it, its exact fraction as a tooltip."""
    p = from_json(cell)
    return f"<td title='{html.escape(fraction_text(p))}' data-exact='{fraction_text(p)}'>{percent(p, lang)}</td>"


def panel(view: CoalMineView, lang: str) -> str:
    """The odds the player to move faces (see the module docstring); nothing once the game is over."""
    if view.phase == "over":
        return ""
    f = figures(view)
    p = f["player"]
    out = []
    if p is not None:
        out.append(f"<p class='odds-who'>{esc(T('who', lang, p=who(p, lang, view.dummy)))}</p>")
        out.append(_pipe(view, f, lang))
    out.append(_every_kind(view, lang))
    if p is not None:
        out.append(_raids(view, f, lang))
    return "".join(out)


def _pipe(view: CoalMineView, f: dict[str, Any], lang: str) -> str:
    if f["pipe"] is None:
        return f"<p class='odds-key'>{esc(T('no_pipe', lang))}</p>"
    cfg = view.game.config
    d, n, good = f["draws"], f["unseen"], f["unseen_pipes"]
    hits, total = (int(x) for x in f["pipe"].split("/"))
    prob = Fraction(hits, total)
    helmets = d - cfg.recruit_base
    laid = any(sp == "recruit" for sp, _, _ in view.my_board)
    fmt = dict(d=d, base=cfg.recruit_base, h=helmets_text(helmets, lang), empty="" if laid else T("if_empty", lang),
               n=n, g=good)
    if d <= view.deck_size:
        why = T("pipe_why", lang, bad=n - good, all=total, none=total - hits, **fmt)
    else:
        why = T("pipe_why_discard", lang, deck=view.deck_size, discard=sum(view.discard),
                gd=view.discard[view.game.index[PIPE]], **fmt)
    return (f"<p class='odds-key'>{esc(T('pipe', lang, d=d))} "
            f"<b class='odds-pipe' data-exact='{fraction_text(prob)}' data-draws='{d}'>{hits}/{total}</b>"
            f" ≈ <b class='odds-pipe-pct'>{percent(prob, lang)}</b></p><p class='odds-why'>{esc(why)}</p>"
            + ("" if view.counting_complete else f"<p class='odds-why odds-mixed'>{esc(T('mixed', lang))}</p>"))


def _every_kind(view: CoalMineView, lang: str) -> str:
    rec = recruit_table(view)
    table = rec["p_at_least"]
    if not table:
        return f"<p>{esc(T('no_recruit', lang))}</p>"
    if view.see_all:
        note = T("recruit_note_all", lang, pile=rec["pile"], discard=rec["discard"])
    else:
        seat = view.player
        note = (T("unseen_note_public", lang, pile=rec["pile"]) if seat is None
                else T("unseen_note", lang, pile=rec["pile"], p=who(seat, lang, view.dummy)))
    draws = list(table)
    head = "".join(f"<th scope='col'>{esc(T('draws', lang, d=d))}</th>" for d in draws)
    rows = []
    for kind in view.game.kinds:
        if not any(kind in table[d] for d in draws):
            continue
        cells = "".join(_percent_cell(table[d][kind]["1"], lang) if kind in table[d] else "<td>–</td>" for d in draws)
        rows.append(f"<tr><th scope='row' style='text-align:left'>{esc(card_name(kind, lang))}</th>{cells}</tr>")
    opened = " open" if view.player is None else ""
    if not view.counting_complete:
        note += " " + T("mixed", lang)
    return (f"<details class='odds-kinds'{opened}><summary>{esc(T('every_kind', lang))}</summary><p>{esc(note)}</p>"
            f"<table class='odds-kinds-table'><thead><tr><th scope='col'>{esc(T('kind', lang))}</th>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></details>")


def _raids(view: CoalMineView, f: dict[str, Any], lang: str) -> str:
    out = [f"<p class='odds-key2'>{esc(T('raid', lang))}</p>"]
    if f["strongest"] is None:
        out.append(f"<p>{esc(T('no_jobs', lang))}</p>")
        return "".join(out)
    out.append(f"<p class='odds-why'>{esc(T('raid_note', lang))}</p>")
    attacks = sorted({view.helmets[k] for k in view.hand if view.helmets[k] > 0})
    top = max(h for h in view.helmets.values())
    richest = max(f["raids"], key=lambda r: (r["stock"], -r["target"]))["target"] if f["raids"] else None
    card = a_card(f["strongest"], lang, view.helmets[f["strongest"]])
    for r in f["raids"]:
        t, stock = r["target"], r["stock"]
        name = who(t, lang, view.dummy)
        head = T("rival", lang, who=name, coal=coal_text(stock, lang), tower=cards_text(r["tower_cards"], lang))
        cols = "".join(f"<th scope='col'>{d}</th>" for d in range(top + 1))
        body = "".join(f"<tr><th scope='row'>{a}</th>" + "".join(
            f"<td>{raid_loot(a, d, stock)}</td>" for d in range(top + 1)) + "</tr>" for a in attacks)
        m = r["matrix"]
        you, them = T("you", lang), name
        game = (f"<table class='odds-raid-game'><tr><th scope='col'>{esc(you)} \\ {esc(them)}</th>"
                f"<th scope='col'>{esc(T('mine', lang))}</th><th scope='col'>{esc(T('defend', lang))}</th></tr>"
                f"<tr><th scope='row'>{esc(T('mine', lang))}</th><td>{m[0][0]}</td><td>{m[0][1]}</td></tr>"
                f"<tr><th scope='row'>{esc(T('attack', lang))}</th><td>{m[1][0]}</td><td>{m[1][1]}</td></tr></table>")
        pa, pd, value, loot = (Fraction(r[k]) for k in ("p_attack", "p_defend", "value", "loot"))
        eq = (f"<p>{esc(T('eq', lang))} {exact('odds-attack', pa)} ≈ {percent(pa, lang)}"
              f"{esc(T('eq_defend', lang, who=name))} {exact('odds-defend', pd)} ≈ {percent(pd, lang)}. "
              f"{esc(T('value', lang))} {exact('odds-value', value)} ≈ {_coal(value, lang)} {esc(T('per_round', lang))}. "
              f"{esc(T('loot', lang))} {exact('odds-loot', loot)} ≈ {_coal(loot, lang)} {esc(T('coal_unit', lang))}.</p>")
        opened = " open" if t == richest else ""
        out.append(f"<details class='odds-raid' data-target='{t}' data-attack='{r['attack']}'{opened}>"
                   f"<summary>{esc(head)}</summary><p>{esc(T('table', lang))}</p>"
                   f"<table class='odds-raid-table'><tr><th></th>{cols}</tr>{body}</table>"
                   f"<p>{esc(T('game', lang, card=card))}</p>{game}{eq}</details>")
    return "".join(out)


def status(view: CoalMineView, lang: str) -> str:
    """The last resolution step by step in the text's order (open until the viewer lays their first
    card of the next round), and the final scores (with the tie-breaks) once over."""
    g = view.game
    out = []
    if view.phase == "over":
        order = sorted(range(g.num_players), key=lambda q: (-view.points[q], -view.coal[q], q))
        lines = [T("score", lang, who=who(p, lang, view.dummy), pts=points_text(view.points[p], lang),
                   coal=coal_text(view.coal[p], lang)) for p in order]
        out.append(f"<div class='mineedu-final'><p><b>{esc(T('final', lang))}</b></p><ul>"
                   + "".join(f"<li>{esc(x)}</li>" for x in lines) + f"</ul><p>{esc(T('ties', lang))}</p></div>")
    if view.log_round:
        steps = resolution_steps(g, view.log, lang, view.points)
        items = []
        for step, phrases in steps:
            told = join_clauses(phrases, lang) if phrases else T("none_grisou" if step == "grisou" else "none", lang)
            items.append(f"<li data-step='{step}'><b>{esc(T(f'step_{step}', lang))}</b>{esc(colon(lang))} {esc(told)}</li>")
        opened = " open" if (view.revealed or not view.my_board or view.phase == "over") else ""
        head = esc(T("last", lang, r=view.log_round))
        out.append(f"<details class='mineedu-resolution' data-round='{view.log_round}'{opened}><summary><b>{head}</b></summary>"
                   f"<ol>{''.join(items)}</ol></details>")
    return "".join(out)
