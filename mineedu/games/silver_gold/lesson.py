"""The Silver & Gold lesson: counting placements with symmetry, and what "7 of 8 cards" does.

What the page teaches (``shared/LESSONS.md``): how many ways a shape fits on a
grid (the L-tromino has 24 placements on a full 3×4 grid: 4 orientations,
6 positions each); why an L-tetromino has 8 orientations and a square 1
(orientations = 8 / the turns and flips that leave the shape unchanged); and
that in a round of 7 of the 8 expedition cards each card is the one left out
1 time in 8, so a shape printed once comes up 7 times in 8 and one printed
twice always. Every number comes from the rules' own shapes (:mod:`.shapes`).

>>> SPEC.predict[0].exact(None), SPEC.predict[1].exact(1), SPEC.predict[1].exact(2)
(Fraction(24, 1), Fraction(7, 8), Fraction(7, 4))
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from mineedu.core import fraction_text
from mineedu.core.i18n import bilingual, colon, count, format_number, typeset
from mineedu.core.lesson import ExerciseSpec, LessonSpec, Param, Predict, TeacherNotes, TournamentSpec

from .rules import CARDS, Config
from .shapes import SHAPES, all_placements, extent, mask_cells, orientations, placement_count
from .simulate import round_end
from .words import ORIENTATIONS, bot_name, capital, shape_name, the_shape

ROWS, COLS = 3, 4  # the frame of a grey or green card (D17); full, it is no treasure card
FULL = (1 << ROWS * COLS) - 1
LESSON_SHAPE = "L3"
EXPEDITION = tuple(s for s, _k in Config().expedition)
DECK = tuple(s for s, k in Config().expedition for _ in range(k))  # the 8 expedition cards
REVEALS = Config().reveals_per_round  # 7 of the 8


# --- 1. placements of the L-tromino on a full 3×4 grid ---------------------------------------


def fits_table(shape: str = LESSON_SHAPE) -> np.ndarray:
    """``[orientation, box]``: whether the orientation, its corner on that box, lies inside the full grid."""
    table = np.zeros((len(orientations(shape)), ROWS * COLS), dtype=bool)
    for o in range(len(orientations(shape))):
        h, w = extent(shape, o)
        for box in range(ROWS * COLS):
            r, c = divmod(box, COLS)
            table[o, box] = r + h <= ROWS and c + w <= COLS
    return table


def exact_placements(_k: int | None) -> Fraction:
    """The placements of the L-tromino on a full 3×4 grid, counted by the rules' shapes."""
    return Fraction(placement_count(FULL, LESSON_SHAPE, ROWS, COLS))


def simulate_throws(_k: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` random throws of the L-tromino (vectorized): one of its orientations and one of
    the 12 boxes for its corner, all equally likely; each throw that lands inside the card counts
    ``orientations × 12`` (the number of possible throws), one that does not counts 0, so the
    mean estimates the number of placements."""
    table = fits_table()
    n_orient = table.shape[0]
    o = rng.integers(n_orient, size=trials)
    box = rng.integers(ROWS * COLS, size=trials)
    return np.where(table[o, box], n_orient * ROWS * COLS, 0).astype(np.int16)


# --- 2. copies of a shape that come up in a round -------------------------------------------------

COPIES_SHAPE = {1: "O4", 2: "I3"}
"""The shape of the expedition deck printed on k cards: the square once, the straight tromino twice."""


def copies_law(k: int | None) -> dict[int, Fraction]:
    """How many of a shape's ``k`` copies come up when 7 of the 8 cards are revealed (hypergeometric)."""
    assert k is not None
    n, reveals = len(DECK), REVEALS
    return {x: Fraction(comb(k, x) * comb(n - k, reveals - x), comb(n, reveals))
            for x in range(max(0, k - (n - reveals)), min(k, reveals) + 1)}


def exact_copies(k: int | None) -> Fraction:
    """The mean number of copies that come up: ``k × 7/8`` (each card is revealed 7 times in 8)."""
    return sum((x * p for x, p in copies_law(k).items()), Fraction(0))


def simulate_rounds(k: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` rounds of the rules' expedition deck (vectorized, :func:`.simulate.round_end`):
    how many copies of the shape printed on ``k`` cards come up in each."""
    assert k is not None
    shapes, start, end = round_end(trials, rng)
    i = shapes.index(COPIES_SHAPE[k])
    assert start[i] == k
    return np.asarray(start[i] - end[i], dtype=np.int8)


# --- 3. a real card --------------------------------------------------------------------------------

REAL = CARDS[0]
"""Grey card no. 0 of the rules' deck (8 boxes in a 3×4 frame): the placements the board's panel counts."""


def domino_pairs(card: Any) -> tuple[int, int]:
    """(lying, standing) dominoes on ``card``, by hand from its boxes: two neighbouring boxes in a
    row, or in a column (the hint of the exercise applied literally)."""
    lying = sum(card.is_box(r, c) and card.is_box(r, c + 1) for r in range(card.rows) for c in range(card.cols - 1))
    standing = sum(card.is_box(r, c) and card.is_box(r + 1, c) for r in range(card.rows - 1) for c in range(card.cols))
    return lying, standing


def unchanged_by(shape: str) -> int:
    """How many of the 8 moves (4 turns, each flipped or not) leave ``shape`` as it was, by hand
    from its boxes: each move applied, the result slid back to the corner, compared."""
    cells = SHAPES[shape]

    def norm(cs: list[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        r0, c0 = min(r for r, _ in cs), min(c for _, c in cs)
        return frozenset((r - r0, c - c0) for r, c in cs)

    start, count = norm(list(cells)), 0
    for flip in (False, True):
        cs = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            cs = [(c, -r) for r, c in cs]  # a quarter turn
            count += norm(cs) == start
    return count


def card_picture(card: Any) -> str:
    """``card``'s frame, its boxes white and the holes grey (a small SVG)."""
    box = 28
    cells = "".join(f"<rect x='{c * box}' y='{r * box}' width='{box - 2}' height='{box - 2}' "
                    f"fill='{'#fff' if card.is_box(r, c) else '#999'}' stroke='#555'/>"
                    for r in range(card.rows) for c in range(card.cols))
    return (f"<span style='display:block'><svg xmlns='http://www.w3.org/2000/svg' class='mineedu-real-card' "
            f"width='{card.cols * box}' "
            f"height='{card.rows * box}' role='img' aria-label='{card.colour} {card.id}'>{cells}</svg></span>")


HINT_CHECKS = (
    lambda: Fraction(ROWS * (COLS - 1) + (ROWS - 1) * COLS),  # 3 per row x 3 rows + 2 per column x 4 columns
    lambda: Fraction(8, unchanged_by("L4")),                   # 8 moves / those that leave the L unchanged
    lambda: Fraction(sum(domino_pairs(REAL))),                 # neighbouring pairs in rows, then in columns
    lambda: 1 - Fraction(1, 5),                                # 5 cards left, 4 revealed: one stays out
)
"""Each exercise's hint applied literally, as a computation (the tests check it gives the answer)."""


# --- words and pictures -----------------------------------------------------------------------------


def _box_svg(cells: list[tuple[int, int]], box: float, x: float, y: float, rows: int = ROWS, cols: int = COLS) -> str:
    grid = "".join(f"<rect x='{x + c * box:.0f}' y='{y + r * box:.0f}' width='{box - 1:.0f}' height='{box - 1:.0f}' "
                   f"fill='{'#0072B2' if (r, c) in cells else '#fff'}' stroke='#777'/>"
                   for r in range(rows) for c in range(cols))
    return grid


def placements_picture(lang: str) -> str:
    """Every placement of the L-tromino on a full 3×4 grid, one small grid each, by orientation."""
    box, gap = 14, 12
    cw, ch = COLS * box, ROWS * box
    per_row = 6
    items = [mask_cells(m, COLS) for _o, _r, _c, m in all_placements(LESSON_SHAPE, ROWS, COLS)]
    rows = -(-len(items) // per_row)
    width, height = per_row * (cw + gap), rows * (ch + gap)
    body = "".join(_box_svg(cells, box, (i % per_row) * (cw + gap), (i // per_row) * (ch + gap)) for i, cells in enumerate(items))
    label = {"fr": f"Les {len(items)} placements du triomino en L", "en": f"The {len(items)} placements of the L-tromino"}[lang]
    style = f"width:100%;max-width:{width * 1.4:.0f}px;height:auto"
    return (f"<svg class='sg-placements' viewBox='0 0 {width} {height}' style='{style}' "
            f"role='img' aria-label='{label}' data-count='{len(items)}'><title>{label}</title>{body}</svg>")


def shapes_picture(lang: str) -> str:
    """The six expedition shapes, each in all its orientations, with 8 / (its symmetries)."""
    box, gap = 11, 10
    rows = []
    for s in EXPEDITION:
        k = len(orientations(s))
        icons, x = [], 0.0
        for o, cells in enumerate(orientations(s)):
            w = extent(s, o)[1]
            icons.append("".join(f"<rect x='{x + c * box:.0f}' y='{r * box:.0f}' width='{box - 1}' height='{box - 1}' "
                                 f"fill='#222'/>" for r, c in cells))
            x += w * box + gap
        height = 4 * box
        svg = (f"<svg viewBox='0 0 {x:.0f} {height}' style='height:2.6em;width:auto;vertical-align:middle' role='img' "
               f"aria-label='{shape_name(s, lang)}'>{''.join(icons)}</svg>")
        text = f"{shape_name(s, lang)}{colon(lang)} 8 / {8 // k} = {count(k, lang, *ORIENTATIONS)}"
        rows.append(f"<tr><th scope='row' data-orientations='{k}'>{text}</th><td>{svg}</td></tr>")
    return f"<table class='sg-shapes'>{''.join(rows)}</table>"


W = {
    "q_real": {"fr": "Une vraie carte : la carte grise n° {no}, {n} cases dans son cadre de 3 × 4 (en gris, les trous). "
                     "De combien de façons peut-on y poser le <b>domino</b> (sur des cases libres, couché ou debout) ?",
               "en": "A real card: grey card no. {no}, {n} boxes in its 3 × 4 frame (the holes in grey). In how many ways "
                     "can the <b>domino</b> be placed on it (on free boxes, lying or standing)?"},
    "s_real": {"fr": "Couchés : {lying} paires de cases voisines dans une ligne ; debout : {standing} dans une colonne. "
                     "Total {lying} + {standing} = {total}, contre 17 sur la grille pleine : c'est ce que compte le panneau "
                     "du plateau pour chacune de vos cartes.",
               "en": "Lying: {lying} pairs of neighbouring boxes in a row; standing: {standing} in a column. In all "
                     "{lying} + {standing} = {total}, against 17 on the full grid: this is what the board's panel counts "
                     "for each of your cards."},
    "q_count": {
        "fr": "Sur une grille pleine de 3 × 4 cases (aucune carte trésor n'en est une : une carte grise ou verte n'a que "
              "8 ou 10 cases dans son cadre de 3 × 4), de combien de façons peut-on poser le <b>triomino en L</b> "
              "(rotations et images miroir comprises) ? <i>La simulation lance la forme au hasard : une de ses "
              "orientations, son coin sur une des 12 cases ; chaque lancer qui tombe dans la grille compte pour tous "
              "les lancers possibles, si bien que la moyenne tend vers le nombre de placements.</i>",
        "en": "On a full 3 × 4 grid (no treasure card is one: a grey or green card has only 8 or 10 boxes in its "
              "3 × 4 frame), in how many ways can the <b>L-tromino</b> be placed (rotations and "
              "mirror images included)? <i>The simulation throws the shape at random: one of its orientations, its "
              "corner on one of the 12 boxes; each throw that lands inside the grid counts for all the possible "
              "throws, so the mean tends to the number of placements.</i>",
    },
    "d_count": {
        "fr": "<p class='mineedu-derivation'>Le triomino en L se tourne de 90° (4 positions) et se retourne (× 2) : "
              "8 mouvements. Mais il est symétrique par rapport à une diagonale : chacun de ses aspects revient "
              "2 fois, d'où <b>8 / 2 = 4 orientations</b>. Chacune tient dans un carré de 2 × 2 cases : son coin "
              "peut aller sur (3 − 1) × (4 − 1) = 6 cases. Donc 4 × 6 = <b>24 placements</b> ; la simulation en "
              "trouve 4 × 12 = 48 lancers possibles, dont la moitié tombent dans la grille.</p>",
        "en": "<p class='mineedu-derivation'>The L-tromino can be turned by 90° (4 positions) and flipped (× 2): "
              "8 moves. But it is symmetric about a diagonal: each result appears twice among the 8 moves, hence "
              "<b>8 / 2 = 4 orientations</b>. Each fits in a 2 × 2 square: its corner can go on (3 − 1) × (4 − 1) = "
              "6 boxes. So 4 × 6 = <b>24 placements</b>; the simulation has 4 × 12 = 48 possible throws, half of "
              "which land inside the grid.</p>",
    },
    "compare_head": {
        "fr": "<p>Sur la même grille pleine de 3 × 4 cases, les placements de chaque forme :</p>",
        "en": "<p>On the same full 3 × 4 grid, the placements of each shape:</p>",
    },
    "shapes_head": {
        "fr": "<p>Les six formes : orientations = 8 / (le nombre de mouvements qui ne changent pas la forme).</p>",
        "en": "<p>The six shapes: orientations = 8 / (the number of moves that leave the shape unchanged).</p>",
    },
    "q_copies": {
        "fr": "Une manche révèle 7 des 8 cartes expédition. {Shape} est imprimé sur <b>{k}</b> {cards}. "
              "<b>En moyenne</b>, combien de ses exemplaires sortent pendant la manche ? (Le graphique montre aussi "
              "combien de fois aucun ne sort.)",
        "en": "A round reveals 7 of the 8 expedition cards. {Shape} is printed on <b>{k}</b> {cards}. "
              "<b>On average</b>, how many of its copies come up in the round? (The chart also shows how often "
              "none does.)",
    },
    "k": {"fr": "k exemplaires", "en": "k copies"},
    "d_copies": {
        "fr": "<p class='mineedu-derivation'>La carte laissée de côté est n'importe laquelle des 8, chacune avec la "
              "probabilité 1/8 : chaque carte sort donc 7 fois sur 8. Avec {k} {cards}, la moyenne est "
              "{k} × 7/8 = <b>{mean}</b>. Aucun exemplaire ne sort seulement si tous sont laissés de côté. "
              "{none_text}</p>",
        "en": "<p class='mineedu-derivation'>The card left out is any of the 8, each with probability 1/8: so each "
              "card comes up 7 times in 8. With {k} {cards}, the mean is {k} × 7/8 = <b>{mean}</b>. No copy comes up "
              "only if all of them are left out. {none_text}</p>",
    },
    "none1": {"fr": "Pour une forme imprimée une fois, cela arrive une fois sur 8.",
              "en": "For a shape printed once, that happens 1 time in 8."},
    "none2": {"fr": "C'est impossible dès 2 exemplaires : une seule carte est laissée de côté, la forme sort à coup sûr.",
              "en": "That is impossible from 2 copies on: only one card is left out, so the shape surely comes up."},
    "compare_none": {"fr": "P(aucun exemplaire ne sort)", "en": "P(no copy comes up)"},
    "compare_card": {"fr": "P(une carte donnée est laissée de côté)", "en": "P(a given card is left out)"},
}


def _cards(k: int, lang: str) -> str:
    return ("carte" if k < 2 else "cartes") if lang != "en" else ("card" if k == 1 else "cards")


def _question_copies(k: int | None, lang: str) -> str:
    assert k is not None
    return W["q_copies"][lang].format(k=k, cards=_cards(k, lang), Shape=capital(the_shape(COPIES_SHAPE[k], lang)))


def _derive_copies(k: int | None, lang: str) -> str:
    assert k is not None
    mean = exact_copies(k)
    return W["d_copies"][lang].format(k=k, cards=_cards(k, lang), mean=f"{fraction_text(mean)} ≈ {format_number(mean, lang, 3)}",
                                      none_text=W["none1" if k == 1 else "none2"][lang])


def _compare_copies(k: int | None, lang: str) -> list[tuple[str, Fraction]]:
    assert k is not None
    return [(W["compare_none"][lang], copies_law(k).get(0, Fraction(0))), (W["compare_card"][lang], Fraction(1, len(DECK)))]


def _compare_count(_k: int | None, lang: str) -> list[tuple[str, Fraction]]:
    return [(shape_name(s, lang), Fraction(placement_count(FULL, s, ROWS, COLS))) for s in EXPEDITION]


def _derive_count(_k: int | None, lang: str) -> str:
    return (W["d_count"][lang] + f"<div class='sg-placements-box'>{placements_picture(lang)}</div>"
            + W["shapes_head"][lang] + shapes_picture(lang) + W["compare_head"][lang])


def _reading(result: Any, lang: str) -> str:
    best = max(result["bots"], key=lambda r: r["win"]["mean"])
    text = {"fr": "Le meilleur ici : {b}. Le robot « garde de la place » pose la forme là où les formes encore à venir "
                  "gardent le plus de placements : compter les placements rapporte.",
            "en": "Best here: {b}. The \"keeps room\" bot places the shape where the shapes still to come keep the most "
                  "placements: counting placements pays."}
    return text[lang].format(b=bot_name(best["bot"], lang))


def board_summary(board: Any) -> str:
    """The board in one line that does not depend on the page's deal (a saved notebook keeps it)."""
    seats = ", ".join("human" if s is None else s for s in board.session.seats)
    return f"Silver & Gold board: {len(board.session.seats)} players (seats {seats}); the deal: keep 2 of 4 cards"


SPEC = typeset(LessonSpec(
    game="silver_gold",
    notebook="silver_gold.ipynb",
    title={"fr": "Silver & Gold : compter les placements avec les symétries",
           "en": "Silver & Gold: counting placements with symmetry"},
    blurb={"fr": "Compter les placements d'une forme avec rotations et symétries ; 7 cartes sur 8.",
           "en": "Counting placements of a shape with rotations and mirror images; 7 cards out of 8."},
    notes=TeacherNotes(
        level={"fr": "collège (4e–3e) et seconde", "en": "ages 13–16"},
        duration={"fr": "50 minutes (20 de jeu)", "en": "50 minutes (20 of play)"},
        objectives={"fr": "dénombrer avec méthode (orientations × positions) ; symétries d'une figure ; "
                          "probabilité d'un événement et de son contraire ; espérance par linéarité",
                    "en": "counting methodically (orientations × positions); the symmetries of a figure; the probability "
                          "of an event and of its complement; expectation by linearity"},
        prerequisites={"fr": "rotations et symétries axiales ; fractions", "en": "rotations and reflections; fractions"},
    ),
    rules={
        "fr": "<p>Chaque joueur a deux cartes trésor : des grilles de cases, certaines avec une pièce, un palmier ou une "
              "croix rouge. On en reçoit quatre, on en garde deux (cliquez-les). À chaque tour, une carte expédition "
              "révèle une forme (de 2 à 4 cases) : tous les joueurs, en secret, la posent sur une de leurs cartes "
              "(tournée ou retournée comme on veut : touches R et M), ou cochent une seule case à la place. Une pièce "
              "cochée rapporte 1 point (chaque ligne de 4 pièces gagne la plus haute coupe encore libre) ; un palmier "
              "1 point plus les palmiers de l'offre ; une croix rouge oblige à cocher tout de suite une autre case. "
              "Une carte entièrement cochée rapporte ses points (8 à 14) et se remplace par une carte de l'offre. "
              "Une manche révèle 7 des 8 cartes expédition ; la partie dure 4 manches.</p>",
        "en": "<p>Each player has two treasure cards: grids of boxes, some with a coin, a palm or a red cross. You are "
              "dealt four and keep two (click them). Each turn an expedition card reveals a shape (2 to 4 boxes): all "
              "players, in secret, place it on one of their cards (turned or flipped as they like: keys R and M), or "
              "cross a single box instead. A crossed coin scores 1 point (each row of 4 coins wins the highest cup "
              "still free); a palm 1 point plus the palms on the display; a red cross makes you cross another box at "
              "once. A card with every box crossed scores its points (8 to 14) and is replaced from the display. A "
              "round reveals 7 of the 8 expedition cards; the game lasts 4 rounds.</p>",
    },
    players=2,
    seats=(None, "open"),
    bot_choices=("random", "greedy", "open"),
    predict=(
        Predict(
            question=lambda _k, lang: W["q_count"][lang], exact=exact_placements, simulate=simulate_throws,
            derivation=_derive_count, mean=True, compare=_compare_count, trials=(100, 20_000, 2_000),
        ),
        Predict(
            question=_question_copies, param=Param(W["k"], 1, 2, 1), exact=exact_copies, simulate=simulate_rounds,
            derivation=_derive_copies, mean=True, compare=_compare_copies, distribution=copies_law,
            trials=(100, 20_000, 2_000),
        ),
    ),
    tournament=TournamentSpec(
        question={"fr": "Trois robots jouent l'un contre l'autre, les places tournent : l'un au hasard, un glouton (le plus "
                        "de points tout de suite) et un qui garde de la place (le plus de placements pour les formes à "
                        "venir). Lequel gagne le plus souvent ? (barres : intervalles à 95 %)",
                  "en": "Three bots play each other, seats rotating: one at random, a greedy one (the most points now) "
                        "and one that keeps room (the most placements for the shapes to come). Which wins most often? "
                        "(whiskers: 95% intervals)"},
        bots=("random", "greedy", "open"), players=3, games=(10, 200, 100), reading=_reading,
    ),
    exercises=(
        ExerciseSpec(
            question={"fr": "De combien de façons peut-on poser le <b>domino</b> sur une grille pleine de 3 × 4 cases ?",
                      "en": "In how many ways can the <b>domino</b> be placed on a full 3 × 4 grid?"},
            answer=Fraction(placement_count(FULL, "I2", ROWS, COLS)), tolerance=Fraction(0), probability=False,
            hint={"fr": "comptez à part les dominos couchés (combien par ligne ?) et les dominos debout (combien par colonne ?).",
                  "en": "count the lying dominoes (how many per row?) and the standing ones (how many per column?) separately."},
            solution={"fr": "Couché : 3 par ligne × 3 lignes = 9. Debout : 2 par colonne × 4 colonnes = 8. Total 9 + 8 = 17.",
                      "en": "Lying: 3 per row × 3 rows = 9. Standing: 2 per column × 4 columns = 8. In all 9 + 8 = 17."},
        ),
        ExerciseSpec(
            question={"fr": "Combien d'orientations différentes a le <b>tétromino en L</b> (rotations et images miroir) ?",
                      "en": "How many different orientations does the <b>L-tetromino</b> have (rotations and mirror images)?"},
            answer=Fraction(len(orientations("L4"))), tolerance=Fraction(0), probability=False,
            hint={"fr": "4 rotations, 2 faces : combien de ces 8 mouvements laissent la forme inchangée ?",
                  "en": "4 rotations, 2 sides: how many of these 8 moves leave the shape unchanged?"},
            solution={"fr": "Seul le mouvement « ne rien faire » laisse le L à 4 cases inchangé : 8 / 1 = 8 orientations "
                            "(le carré, inchangé par les 8 mouvements, n'en a que 8 / 8 = 1).",
                      "en": "Only the \"do nothing\" move leaves the 4-box L unchanged: 8 / 1 = 8 orientations "
                            "(the square, unchanged by all 8 moves, has only 8 / 8 = 1)."},
        ),
        ExerciseSpec(
            question=bilingual(lambda lang: W["q_real"][lang].format(no=REAL.id, n=REAL.points) + card_picture(REAL)),
            answer=Fraction(placement_count(REAL.boxes, "I2", REAL.rows, REAL.cols)), tolerance=Fraction(0),
            probability=False,
            hint={"fr": "comptez les paires de cases voisines sur une même ligne (domino couché), puis sur une même "
                        "colonne (domino debout) : une case manquante coupe la ligne ou la colonne.",
                  "en": "count the pairs of neighbouring boxes in the same row (a lying domino), then in the same "
                        "column (a standing one): a missing box cuts the row or the column."},
            solution=bilingual(lambda lang: W["s_real"][lang].format(
                lying=domino_pairs(REAL)[0], standing=domino_pairs(REAL)[1], total=sum(domino_pairs(REAL)))),
        ),
        ExerciseSpec(
            question={"fr": "Trois cartes expédition sont sorties, aucune n'est le carré. Quatre vont encore être révélées "
                            "cette manche. Quelle est la probabilité que le carré sorte d'ici la fin de la manche ?",
                      "en": "Three expedition cards are out, none of them the square. Four more will be revealed this "
                            "round. What is the chance that the square comes up before the round ends?"},
            answer=1 - Fraction(comb(4, 4), comb(5, 4)),
            hint={"fr": "il reste 5 cartes, dont le carré, et 4 seront révélées : une seule restera de côté.",
                  "en": "5 cards are left, the square among them, and 4 will be revealed: only one stays out."},
            solution={"fr": "Des 5 cartes restantes, une seule ne sortira pas, chacune étant celle-là avec la probabilité "
                            "1/5 : P(le carré sort) = 1 − 1/5 = 4/5 = 0,8. (Ce que le panneau du plateau appelle "
                            "« cette manche ».)",
                      "en": "Of the 5 cards left, only one will not come up, each being that one with probability 1/5: "
                            "P(the square comes up) = 1 − 1/5 = 4/5 = 0.8. (What the board's panel calls \"this round\".)"},
        ),
    ),
    summary=board_summary,
))

__all__ = ["SPEC", "copies_law", "exact_copies", "exact_placements", "simulate_rounds", "simulate_throws"]
