"""The board's side panels for Silver & Gold, from what one viewer sees (HTML).

* :func:`panel`: the odds the viewer faces: where the shape fits on their cards,
  which expedition card comes next and what still comes this round, how long a
  card takes to complete (exact, :mod:`.odds`).
* :func:`status`: every player's sheet in words and numbers, and at the end who
  won and why (the tie-break).

>>> from mineedu.games.silver_gold import SilverGold
>>> "<table" in panel(SilverGold(2).initial_state().observation(0), "en")
True
"""

from __future__ import annotations

import html
from typing import Any

from mineedu.core import Texts, from_json
from mineedu.core.i18n import colon, count, format_number, join_words, player_name

from .odds import view_report
from .rules import CARDS, COLOURS, SilverGoldView, colour_counts
from .words import ORIENTATIONS, capital, shape_name, short_card, slot_name, the_shape

T = Texts({
    "for": {
        "fr": "Ce que voit {who} (les cartes des autres restent cachées).",
        "en": "What {who} sees (the others' cards stay hidden).",
    },
    "for_all": {"fr": "Ce que tout le monde voit.", "en": "What everyone sees."},
    "card": {"fr": "Carte", "en": "Card"},
    "free": {"fr": "Cases", "en": "Boxes"},
    "fits_next": {"fr": "la suivante y rentre : {p}", "en": "the next one fits: {p}"},
    "expect": {"fr": "Pour la finir", "en": "To finish it"},
    "expect_card": {"fr": "{e} pour la finir", "en": "{e} to finish it"},
    "placements_head": {"fr": "placements", "en": "placements"},
    "on_card": {"fr": "sur {slot}", "en": "on {slot}"},
    "p_next_fits": {"fr": "P(la prochaine carte expédition y rentre) =", "en": "P(the next expedition card fits it) ="},
    "p_round_fits": {
        "fr": "P(une forme qui y rentre sort encore cette manche) =",
        "en": "P(a shape that fits it still comes up this round) =",
    },
    "now": {"fr": "Tout de suite, au mieux :", "en": "Right now, at best:"},
    "by_placing": {"fr": "en posant {shape}", "en": "placing {shape}"},
    "by_crossing": {"fr": "avec une seule case", "en": "with a single box"},
    "now_note": {
        "fr": "Points tout de suite : pièces, palmiers, coupes et carte complétée (avec ses sceaux) que rapporterait ce choix, "
              "si personne avant vous ne prend de coupe à ce tour ; une croix rouge ajoute ensuite une case.",
        "en": "Points right now: the coins, palms, cups and completed card (with its seals) the choice would bring, "
              "if no one before you takes a cup this turn; a red cross then adds a box.",
    },
    "heat_title": {
        "fr": "Chaque case : le nombre de placements qui la couvrent",
        "en": "Each box: how many placements cover it",
    },
    "placements_note": {
        "fr": "Placements : rotations et images miroir comprises ({k}).",
        "en": "Placements: rotations and mirror images included ({k}).",
    },
    "next": {"fr": "La prochaine carte expédition", "en": "The next expedition card"},
    "next_note": {
        "fr": "Pioche de la manche : {n} cartes, dont {r} seront encore révélées.",
        "en": "The round's deck: {n} cards, {r} of them still to be revealed.",
    },
    "next_note_new": {
        "fr": "Nouvelle manche : les {n} cartes sont remélangées.",
        "en": "New round: all {n} cards are shuffled again.",
    },
    "shape": {"fr": "Forme", "en": "Shape"},
    "p_next": {"fr": "Prochaine", "en": "Next"},
    "p_round": {"fr": "Cette manche", "en": "This round"},
    "shapes_note": {
        "fr": "La chance que chaque forme sorte à la prochaine révélation, et d'ici la fin de la manche.",
        "en": "The chance that each shape comes up at the next reveal, and before the round ends.",
    },
    "hand": {"fr": "Vos cartes distribuées", "en": "Your dealt cards"},
    "examples": {"fr": "Une carte neuve de chaque couleur", "en": "A fresh card of each colour"},
    "expect_note": {
        "fr": "Expéditions pour la finir : nombre moyen de cartes expédition révélées avant qu'un joueur simple "
              "(il pose la forme dès qu'elle rentre, sinon coche la première case libre) ait tout coché ; calcul exact.",
        "en": "Reveals to finish it: the mean number of expedition cards revealed before a simple player (who places "
              "the shape whenever it fits, else crosses the first free box) has crossed every box; computed exactly.",
    },
    "any": {
        "fr": "P(la prochaine forme rentre sur une de vos cartes) = {p}",
        "en": "P(the next shape fits one of your cards) = {p}",
    },
    "over": {"fr": "La partie est finie.", "en": "The game is over."},
    # status
    "player": {"fr": "Joueur", "en": "Player"},
    "coins": {"fr": "Pièces", "en": "Coins"},
    "cups": {"fr": "Coupes", "en": "Cups"},
    "palms": {"fr": "Palmiers", "en": "Palms"},
    "cards": {"fr": "Cartes", "en": "Cards"},
    "seals": {"fr": "Sceaux", "en": "Seals"},
    "score": {"fr": "Total", "en": "Total"},
    "done": {"fr": "Complétées", "en": "Completed"},
    "points": {"fr": "Points : {s}", "en": "Points: {s}"},
    "legend_title": {"fr": "Légende de l'image", "en": "The picture's key"},
    "won": {"fr": "{who} gagne avec {pts}.", "en": "{who} wins with {pts}."},
    "shared": {"fr": "{who} se partagent la victoire avec {pts}.", "en": "{who} share the win with {pts}."},
    "tie_break": {
        "fr": "Égalité de points : départagés par les cartes complétées, grises d'abord, puis vertes, orange, violettes.",
        "en": "Tied on points: decided by completed cards, grey first, then green, orange, purple.",
    },
    "legend": {
        "fr": "● pièce · ▲ palmier (1 point + les palmiers de l'offre) · + croix rouge (une case de plus) · "
              "✕ case cochée · ★ sceau : points par carte complétée de cette couleur · ▶ premier joueur",
        "en": "● coin · ▲ palm (1 point + the palms on the display) · + red cross (one more box) · "
              "✕ crossed box · ★ seal: points per completed card of that colour · ▶ first player",
    },
    "none": {"fr": "aucune", "en": "none"},
})

COLOUR_PLURALS = {
    "fr": {"grey": ("grise", "grises"), "green": ("verte", "vertes"), "orange": ("orange", "orange"),
           "purple": ("violette", "violettes")},
    "en": {"grey": ("grey", "grey"), "green": ("green", "green"), "orange": ("orange", "orange"), "purple": ("purple", "purple")},
}


def _e(s: object) -> str:
    return html.escape(str(s))


def _p(d: dict[str, Any], lang: str) -> str:
    """``2/7 ≈ 28,6 %``: an exact number of the report, as a fraction and a percentage."""
    value = from_json(d)
    pct = format_number(float(value), lang, percent=True)
    return f"{_e(d['fraction'])} ≈ {_e(pct)}" if value not in (0, 1) else _e(pct)


def _table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th scope='col'>{h}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table class='sg-table'><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def panel(view: SilverGoldView, lang: str = "fr") -> str:
    """The decision panel: what the viewer faces now, every figure exact (``data-exact``)."""
    report = view_report(view)
    out = [f"<p>{_e(T('for', lang, who=player_name(view.seat, lang)) if view.seat is not None else T('for_all', lang))}</p>"]
    legend = f"<h5>{_e(T('legend_title', lang))}</h5><p class='sg-legend'>{_e(T('legend', lang))}</p>"
    if report["phase"] == "over":  # nothing left to decide: no card to finish, no shape to come
        return "".join([*out, f"<p>{_e(T('over', lang))}</p>", legend])
    me = view.me
    if "decision" in report and me is not None and view.shape is not None:
        out += _decision_html(view, report, lang)
    elif report.get("cards") and me is not None:
        slots = [s for s, c in enumerate(me.cards) if c is not None]
        for s, block in zip(slots, report["cards"]):
            words = [_e(f"{capital(slot_name(s, lang))}, {short_card(block['card'], lang)}")]
            if block["p_next_fits"]:
                words.append(T("fits_next", lang, p=_p(block["p_next_fits"], lang)))
            e = count(from_json(block["expected_reveals_greedy"]), lang, "expédition", "expéditions", "reveal", "reveals")
            words.append(_e(T("expect_card", lang, e=e)))
            out.append(f"<p class='sg-card'>{words[0]}{_e(colon(lang))} {' · '.join(words[1:])}</p>")
    out += _next_shapes(report, lang)
    for key, title in (("hand", "hand"), ("example_cards", "examples")):
        if key in report:
            rows = [[_e(short_card(b["card"], lang)), str(b["free_boxes"]),
                     _e(format_number(float(from_json(b["expected_reveals_greedy"])), lang, 2))] for b in report[key]]
            out.append(f"<h5>{_e(T(title, lang))}</h5>")
            out.append(_table([_e(T("card", lang)), _e(T("free", lang)), _e(T("expect", lang))], rows))
    out.append(f"<p class='sg-note'>{_e(T('expect_note', lang))}</p>")
    return "".join([*out, legend])


def _decision_html(view: SilverGoldView, report: dict[str, Any], lang: str) -> list[str]:
    """The shape to place: placements per card (the headline), a heat map of each card, the
    chances ahead and the best points now."""
    shape = view.shape
    assert shape is not None
    blocks = report["decision"]
    per_card = [f"<b class='odds-placements' data-slot='{b['slot']}' data-exact='{b['placements']}'>{b['placements']}</b>"
                + (f" {_e(T('placements_head', lang))}" if i == 0 else "")
                + f" {_e(T('on_card', lang, slot=slot_name(b['slot'], lang)))}" for i, b in enumerate(blocks)]
    k = report["shapes"][shape]["orientations"]
    out = [f"<p class='odds-key'>{_e(capital(the_shape(shape, lang)))}{_e(colon(lang))} {', '.join(per_card)}</p>",
           f"<p class='sg-note'>{_e(T('placements_note', lang, k=count(k, lang, *ORIENTATIONS)))}</p>"]
    for b in blocks:
        cid = b["card"]
        lines = [f"<p class='odds-card-name'><b>{_e(capital(slot_name(b['slot'], lang)))}, {_e(short_card(cid, lang))}</b></p>",
                 heat_map(cid, b["coverage"], b["slot"], lang)]
        nxt = next((c for c in report.get("cards", []) if c["card"] == cid), None)
        if nxt and nxt["p_next_fits"]:
            lines.append(f"<p>{_e(T('p_next_fits', lang))} <b class='odds-next-fits' data-slot='{b['slot']}' "
                         f"data-exact='{nxt['p_next_fits']['reduced']}'>{_p(nxt['p_next_fits'], lang)}</b></p>")
        if b["p_fitting_this_round"]:
            d = b["p_fitting_this_round"]
            lines.append(f"<p>{_e(T('p_round_fits', lang))} <b class='odds-round-fits' data-slot='{b['slot']}' "
                         f"data-exact='{d['reduced']}'>{_p(d, lang)}</b></p>")
        now = []
        if b["best_place_points"] is not None:
            now.append(f"<b class='odds-place-points' data-slot='{b['slot']}' data-exact='{b['best_place_points']}'>"
                       f"{_signed(b['best_place_points'], lang)}</b> {_e(T('by_placing', lang, shape=the_shape(shape, lang)))}")
        if b["best_cross_points"] is not None:
            now.append(f"<b class='odds-cross-points' data-slot='{b['slot']}' data-exact='{b['best_cross_points']}'>"
                       f"{_signed(b['best_cross_points'], lang)}</b> {_e(T('by_crossing', lang))}")
        if now:
            lines.append(f"<p>{_e(T('now', lang))} {' · '.join(now)}</p>")
        out.append(f"<div class='odds-card' data-slot='{b['slot']}'>{''.join(lines)}</div>")
    out.append(f"<p class='sg-note'>{_e(T('now_note', lang))}</p>")
    if "p_next_fits_a_card" in report:
        out.append(f"<p>{T('any', lang, p=_p(report['p_next_fits_a_card'], lang))}</p>")
    return out


def _signed(n: int, lang: str) -> str:
    return _e(("+" if n > 0 else "") + count(n, lang, "point", "points", "point", "points"))


HEAT = ((255, 255, 255), (8, 48, 107))  # no placement covers the box .. the most placements


def heat_map(card_id: int, counts: dict[str, int], slot: int, lang: str) -> str:
    """A card's free boxes (``counts``: "r:c" -> placements covering the box) shaded by how
    many placements cover them, each with its number; crossed boxes grey."""
    card = CARDS[card_id]
    box = 30
    top = max(counts.values(), default=0) or 1
    parts = []
    for r in range(card.rows):
        for c in range(card.cols):
            if not card.is_box(r, c):
                continue
            x, y = 4 + c * box, 4 + r * box
            k = counts.get(f"{r}:{c}")
            if k is None:  # crossed already
                a, b = x + 7, x + box - 9
                parts.append(f"<rect x='{x}' y='{y}' width='{box - 2}' height='{box - 2}' rx='2' fill='#c8c8c8' stroke='#555'/>"
                             f"<path d='M{a},{y + 7} L{b},{y + box - 9} M{b},{y + 7} L{a},{y + box - 9}' "
                             f"stroke='#1a1a1a' stroke-width='2.5'/>")
                continue
            t = k / top
            rgb = tuple(round(a + (b - a) * t) for a, b in zip(*HEAT, strict=True))
            light = (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) > 140
            parts.append(f"<rect x='{x}' y='{y}' width='{box - 2}' height='{box - 2}' rx='2' fill='rgb{rgb}' stroke='#555' "
                         f"class='odds-heat-box' data-box='{slot}:{r}:{c}' data-exact='{k}'/>"
                         f"<text x='{x + (box - 2) / 2}' y='{y + box / 2 + 5}' font-size='16' text-anchor='middle' "
                         f"font-family='sans-serif' fill='{'#111' if light else '#fff'}'>{k}</text>")
    w, h = 4 * box + 8, card.rows * box + 8
    title = _e(T("heat_title", lang))
    return (f"<svg class='odds-heat' viewBox='0 0 {w} {h}' style='width:{w / box * 2.2:.1f}em;height:auto;max-width:100%' "
            f"role='img' aria-label='{title}'><title>{title}</title>{''.join(parts)}</svg>")


def _next_shapes(report: dict[str, Any], lang: str) -> list[str]:
    nxt, rest = report["p_next_shape"], report["p_shape_rest_of_round"]
    shapes = [s for s in report["shapes"] if s in nxt or s in rest]
    zero = _e(format_number(0, lang, percent=True))
    rows = [[_e(shape_name(s, lang)), _p(nxt[s], lang) if s in nxt else zero, _p(rest[s], lang) if s in rest else "–"]
            for s in shapes]
    left = report["expedition_left"]
    if report["reveals_left"] > 0:
        note = T("next_note", lang, n=sum(left.values()), r=report["reveals_left"])
    else:
        note = T("next_note_new", lang, n=sum(d["copies"] for d in report["shapes"].values()))
    return [f"<h5>{_e(T('next', lang))}</h5>", f"<p class='sg-note'>{_e(note)} {_e(T('shapes_note', lang))}</p>",
            _table([_e(T("shape", lang)), _e(T("p_next", lang)), _e(T("p_round", lang))], rows)]


def _completed_words(view: SilverGoldView, p: int, lang: str) -> str:
    counts = colour_counts(view.boards[p])
    parts = []
    for k, col in zip(counts, COLOURS):
        if k:
            one, many = COLOUR_PLURALS["en" if lang == "en" else "fr"][col]
            parts.append(f"{k} {one if k < 2 else many}")
    return ", ".join(parts) or T("none", lang)


def status(view: SilverGoldView, lang: str = "fr") -> str:
    """Everyone's points in one line; once the game is over, who won (and why, on a
    tie) and every sheet in a table (coins, cups, palms, completed cards, seals)."""
    points = " · ".join(f"{player_name(p, lang)} {view.score_sheet(p)['score']}" for p in range(view.players))
    if view.phase != "over" or not view.winners:
        return f"<p class='sg-points'>{_e(T('points', lang, s=points))}</p>"
    out = []
    w = view.winners
    best = view.score_sheet(w[0])["score"]
    names = join_words([player_name(p, lang) for p in w], lang)
    pts = count(best, lang, "point", "points", "point", "points")
    out.append(f"<p><b>{_e(T('won' if len(w) == 1 else 'shared', lang, who=names, pts=pts))}</b></p>")
    tied = [p for p in range(view.players) if view.score_sheet(p)["score"] == best]
    if len(tied) > len(w):
        out.append(f"<p>{_e(T('tie_break', lang))}</p>")
    rows = []
    for p in range(view.players):
        sheet = view.score_sheet(p)
        rows.append([_e(player_name(p, lang)), str(sheet["coins"]), str(sheet["cups"]), str(sheet["palms"]),
                     str(sheet["cards"]), str(sheet["seals"]), f"<b>{sheet['score']}</b>", _e(_completed_words(view, p, lang))])
    head = [T(k, lang) for k in ("player", "coins", "cups", "palms", "cards", "seals", "score", "done")]
    out.append(_table([_e(h) for h in head], rows))
    return "".join(out)


__all__ = ["panel", "status"]
