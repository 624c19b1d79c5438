"""The lesson of the dragon's cave: expected value per depth, and the race against the dragon.

What the page teaches (``shared/LESSONS.md``): a card's expected value is its
family's mean, so going deeper pays more; carrying slows you down (4 − cards
steps a turn) while the dragon speeds up; with the dice dragon, a lone diver
turning back at depth d with one card escapes with a probability the page
simulates and then computes exactly, turn by turn (:func:`.odds.race_table`,
each row from the one before); P(escape) × the card's mean gives the expected
treasure by depth, and its best depth. Every number comes from :mod:`.odds`.

>>> SPEC.predict[0].exact(5) == 1 and SPEC.predict[0].exact(19) == Fraction(26005, 46656)
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from mineedu.core import fraction_text, make
from mineedu.core.i18n import bilingual, colon, format_number, join_clauses, player_name, typeset
from mineedu.core.lesson import ExerciseSpec, LessonSpec, Param, Predict, TeacherNotes, TournamentSpec
from mineedu.core.markup import percent
from mineedu.core.positions import reached

from . import odds, simulate
from .bots import bot_name
from .panel import figures
from .rules import IN, Config, family_name
from .svg import FAMILY_FILLS, INK

LESSON = Config(dice_dragon=True)
"""The variant the questions are about: the dragon moves one die after each move of a returning miner."""
CARDS = LESSON.cards
FAMILY_OF = tuple(f for f, fam in enumerate(LESSON.families) for _ in fam)
"""The family of the card at each depth (0 = the card next to the entrance)."""


def start(card: int | None) -> tuple[int, int]:
    """``(steps home, dragon)`` of a lone diver who turned back on card ``card`` (numbered from 1)
    and took it: the path closed up behind the captured card, the dragon started behind the last."""
    assert card is not None and 1 <= card <= CARDS
    return simulate.turn_back(card - 1, 1, LESSON)


RACE_SEED = 237
"""The first seed (searching from 0) whose game reaches the race of exercise 3 (:func:`race_position`)."""


def race_position(seed: int = RACE_SEED) -> Any:
    """Exercise 3's position, reached by legal moves: a two-player dice-dragon game, seed ``seed``
    (a diver who turns back after one card against a greedy one), at the first turn where a lone
    returning diver carries one card and stands 4 to 6 steps from the entrance, so that one move
    of 3 steps leaves the dragon's die alone to decide. Its text and answer are read from it."""
    def found(s: Any) -> bool:
        p = s.current_player()
        if p < 0 or s.status[p] != IN or not s.returning[p] or len(s.carried[p]) != 1 or s.status.count(IN) != 1:
            return False
        steps = s.pos[p] + 1
        return bool(4 <= steps <= 6 and 1 <= s.dragon - (steps - 3) <= 5)

    return reached(make("dragon_cave", 2, dice_dragon=True), ("turnback:1", "greedy"), found, seeds=(seed,))


RACE = race_position()
RACER = RACE.turn
RACE_STEPS, RACE_DRAGON = RACE.pos[RACER] + 1, RACE.dragon
RACE_LEFT = RACE_STEPS - (LESSON.movement - 1)
"""Steps still to go after the diver's first move (3 steps with one card)."""


def exact_escape(card: int | None) -> Fraction:
    """P(a lone diver turning back on card ``card`` with that card gets out), dice dragon: exact."""
    steps, dragon = start(card)
    return odds.escape_probability(steps, 1, dragon, LESSON)


def exact_treasure(card: int | None) -> Fraction:
    """The treasure that diver can expect to bring home: P(escape) × the card's family mean."""
    assert card is not None
    return exact_escape(card) * odds.card_expectation(LESSON, FAMILY_OF[card - 1])


def escaped(card: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` races home at once (:func:`.simulate.race_trials`, vectorized): 1 where the diver gets out."""
    steps, dragon = start(card)
    safe, _turns = simulate.race_trials(steps, 1, dragon, trials, rng, LESSON)
    return np.asarray(safe, dtype=np.int8)


def treasure(card: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """The treasure of ``trials`` such dives: the card's value (one of its family, at random) if out, else 0."""
    assert card is not None
    values = np.array(LESSON.families[FAMILY_OF[card - 1]])
    worth = values[rng.integers(values.size, size=trials)]
    out: np.ndarray = worth * escaped(card, trials, rng)
    return out


def _either(faces: list[int], lang: str) -> str:
    """``4, 5 ou 6`` / ``4, 5 or 6``."""
    words = [str(k) for k in faces]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + (" or " if lang == "en" else " ou ") + words[-1]


def race_eating_faces() -> list[int]:
    """The faces of the dragon's die that bring it onto the diver's card, or past it, after the
    diver's first move (:data:`RACE_LEFT` steps to go): ``RACE_DRAGON - face < RACE_LEFT``."""
    return [k for k in range(1, LESSON.die_sides + 1) if RACE_DRAGON - k < RACE_LEFT]


W = {  # words
    "q_race": {
        "fr": "Variante «\u00a0dé du dragon\u00a0», une partie jouée par les règles. Vous (J{p}) revenez seul, avec 1 carte "
              "(3 pas par tour), sur la carte {a} en comptant depuis l'entrée\u00a0: {a} pas pour sortir. Le dragon se "
              "tient derrière la carte {d}\u00a0: {d} cartes le séparent de l'entrée. Après chacun de vos coups, il avance "
              "d'un dé et vous dévore s'il arrive sur votre carte ou la dépasse. Quelle est la probabilité de sortir\u00a0?",
        "en": "The \"dragon's die\" variant, a game played by the rules. You (P{p}) come back alone with 1 card (3 steps a "
              "turn), on card {a} counting from the entrance: {a} steps to get out. The dragon stands behind card {d}: {d} "
              "cards lie between it and the entrance. After each of your moves it moves one die, and eats you if it lands "
              "on your card or passes it. What is the chance of getting out?",
    },
    "h_race": {"fr": "après votre premier coup, vous êtes sur la carte {left}\u00a0: le dragon vous dévore si, après son dé, "
                     "moins de {left} cartes le séparent de l'entrée. Comptez les faces qui vous laissent en vie, sur 6.",
               "en": "after your first move you are on card {left}: the dragon eats you if, after its die, fewer than {left} "
                     "cards lie between it and the entrance. Count the faces that leave you alive, out of 6."},
    "s_race": {"fr": "Après votre coup, vous êtes sur la carte {left}\u00a0; le dragon vous dévore si {d} − dé < {left}\u00a0: "
                     "un {bad}. P(sortir) = {good}/6 = <b>{exact}</b> ≈ {x} (au coup suivant vous sortez avant qu'il ne "
                     "bouge).",
               "en": "After your move you are on card {left}; the dragon eats you if {d} − die < {left}: a {bad}. P(escape) = "
                     "{good}/6 = <b>{exact}</b> ≈ {x} (on your next move you are out before it moves)."},
    "q_escape": {
        "fr": "Variante «\u00a0dé du dragon\u00a0». Un plongeur seul ne prend rien à l'aller, fait demi-tour sur la carte "
              "<b>{d}</b> (numérotée depuis l'entrée) et la prend\u00a0: avec 1 carte, il fait 3 pas par tour. Le dragon "
              "attend derrière la dernière carte\u00a0: {all} cartes le séparent de l'entrée, {dragon} une fois la carte du "
              "plongeur prise (le chemin se resserre). Après chacun des coups du plongeur, il avance d'un dé et le dévore "
              "s'il arrive sur sa carte ou la dépasse. Quelle est la probabilité que le plongeur sorte de la grotte\u00a0?",
        "en": "The \"dragon's die\" variant. A lone diver takes nothing on the way in, turns back on card <b>{d}</b> "
              "(numbered from the entrance) and takes it: with 1 card they move 3 steps a turn. The dragon waits behind the "
              "last card: {all} cards lie between it and the entrance, {dragon} once the diver's card is taken (the path "
              "closes up). After each move of the diver it moves one die, and eats the diver if it lands on their card or "
              "passes it. What is the chance that the diver gets out of the cave?",
    },
    "q_treasure": {
        "fr": "Même plongeur, même carte <b>{d}</b> ({family}). Combien de trésor rapporte-t-il <b>en moyenne</b> "
              "(0 s'il est dévoré)\u00a0?",
        "en": "The same diver, the same card <b>{d}</b> ({family}). How much treasure do they bring home <b>on average</b> "
              "(0 if eaten)?",
    },
    "d_card": {"fr": "carte d", "en": "card d"},
    "d_escape": {
        "fr": "<p class='mineedu-derivation'>On suit la course coup par coup. Après son t-ième coup, le plongeur est à "
              "a<sub>t</sub> pas de l'entrée\u00a0; le dragon, à {dragon} cartes de l'entrée une fois la carte prise, a "
              "avancé du total S<sub>t</sub> de ses dés. Il ne dévore pas le plongeur tant que "
              "{dragon} − S<sub>t</sub> ≥ a<sub>t</sub>, c'est-à-dire "
              "S<sub>t</sub> ≤ {dragon} − a<sub>t</sub>. Chaque ligne se calcule à partir de la précédente\u00a0: chaque total "
              "encore permis, plus chaque face du dé (1/6 chacune), en ne gardant que les totaux permis (≤ la limite). "
              "Le dernier coup fait sortir le plongeur avant que le dragon ne bouge.</p>",
        "en": "<p class='mineedu-derivation'>Follow the race move by move. After their t-th move the diver is a<sub>t</sub> "
              "steps from the entrance; the dragon, {dragon} cards from the entrance once the card is taken, has moved the "
              "total S<sub>t</sub> of its dice. It does not reach the diver while {dragon} − S<sub>t</sub> ≥ a<sub>t</sub>, "
              "that is "
              "S<sub>t</sub> ≤ {dragon} − a<sub>t</sub>. Each row is made from the one before: every total still allowed, "
              "plus each face of the die (1/6 each), keeping only the totals within the limit. The last move gets the diver "
              "out before the dragon moves.</p>",
    },
    "col_turn": {"fr": "coup t", "en": "move t"},
    "col_left": {"fr": "pas restants a<sub>t</sub>", "en": "steps left a<sub>t</sub>"},
    "col_limit": {"fr": "total des dés permis", "en": "dice total allowed"},
    "col_alive": {"fr": "P(encore en course)", "en": "P(still racing)"},
    "out": {"fr": "dehors\u00a0!", "en": "out!"},
    "no_limit": {"fr": "(le dragon ne bouge plus)", "en": "(the dragon no longer moves)"},
    "at_most": {"fr": "S ≤ {v}", "en": "S ≤ {v}"},
    "safe": {"fr": "<p>Jusqu'à la carte 12, le dragon ne peut pas rattraper un plongeur qui fait 3 pas par tour, face à "
                   "un seul dé par coup\u00a0: P(sortir) = 1.</p>",
             "en": "<p>Up to card 12 the dragon cannot catch a diver who moves 3 steps a turn, against one die a move: "
                   "P(escape) = 1.</p>"},
    "curve": {"fr": "<p><b>Le trésor espéré selon la carte où l'on fait demi-tour</b> (P(sortir) × la moyenne de la "
                    "famille)\u00a0: où est le meilleur\u00a0? (c'est l'exercice 4).</p>",
              "en": "<p><b>The expected treasure by the card where one turns back</b> (P(escape) × the family's mean): "
                    "where is the best? (that is exercise 4).</p>"},
    "d_treasure": {
        "fr": "<p class='mineedu-derivation'>Le trésor vaut la valeur de la carte si le plongeur sort, 0 sinon. Les deux "
              "sont indépendants (la valeur de la carte ne change pas la course)\u00a0: E[trésor] = P(sortir) × E[carte] = "
              "{p} × {ev} = <b>{exact}</b>.</p>",
        "en": "<p class='mineedu-derivation'>The treasure is the card's value if the diver gets out, 0 if not. The two are "
              "independent (the card's value does not change the race): E[treasure] = P(escape) × E[card] = "
              "{p} × {ev} = <b>{exact}</b>.</p>",
    },
    "plain": {"fr": "sans le dé du dragon (le jeu de base\u00a0: 1 carte par coup)", "en": "without the dragon's "
                                                                                           "die (the plain game: 1 card a move)"},
    "earlier": {"fr": "demi-tour une carte plus tôt (carte {k})", "en": "turning back one card earlier (card {k})"},
    "later": {"fr": "demi-tour une carte plus loin (carte {k})", "en": "turning back one card deeper (card {k})"},
    "two": {"fr": "en prenant aussi une 2ᵉ carte (2 pas par tour)", "en": "also taking a 2nd card (2 steps a turn)"},
}


def _question(key: str) -> Any:
    return lambda d, lang: W[key][lang].format(d=d, dragon=CARDS - 1, all=CARDS,
                                               family=family_name(FAMILY_OF[(d or 1) - 1], lang))


def race_rows(card: int | None, lang: str) -> str:
    """The table of :func:`.odds.race_table` for the lesson's diver, as HTML."""
    steps, dragon = start(card)
    head = "".join(f"<th scope='col'>{W[k][lang]}</th>" for k in ("col_turn", "col_left", "col_limit", "col_alive"))
    body = []
    for r in odds.race_table(steps, 1, dragon, LESSON):
        left = W["out"][lang] if r["steps_left"] == 0 else str(r["steps_left"])
        limit = W["no_limit"][lang] if r["limit"] is None else W["at_most"][lang].format(v=r["limit"])
        alive = r["alive"]
        shown = fraction_text(alive) if alive.denominator <= 100_000 else "…"
        body.append(f"<tr class='race-row'><td>{r['turn']}</td><td>{left}</td><td>{limit}</td>"
                    f"<td data-exact='{fraction_text(alive)}'>{shown} ≈ {percent(float(alive), lang)}</td></tr>")
    return f"<table class='mineedu-race'><tr>{head}</tr>{''.join(body)}</table>"


def curve_chart(lang: str) -> str:
    """The expected treasure by the card where a lone diver turns back (bars in the family colours)."""
    rows = odds.turn_back_curve(LESSON)
    w, h, left, bottom, top = 760, 360, 60, 64, 20
    hi = 12.0
    slot = (w - left - 16) / len(rows)

    def y(v: float) -> float:
        return top + (h - top - bottom) * (1 - v / hi)

    parts = [f'<rect width="{w}" height="{h}" fill="#fff"/>']
    for v in range(0, 13, 2):
        parts.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{w - 16}" y2="{y(v):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 8}" y="{y(v) + 7:.1f}" font-size="20" text-anchor="end" font-family="sans-serif" '
                     f'fill="{INK}">{v}</text>')
    for r in rows:
        x = left + r["depth"] * slot
        ev = float(r["expected"])
        stroke = ' stroke="#555" stroke-width="1"'  # no bar stands out: finding the best is exercise 4
        parts.append(f'<rect class="curve-bar" data-card="{r["depth"] + 1}" data-exact="{fraction_text(r["expected"])}" '
                     f'x="{x + 2:.1f}" y="{y(ev):.1f}" width="{slot - 4:.1f}" height="{y(0) - y(ev):.1f}" '
                     f'fill="{FAMILY_FILLS[r["family"]]}"{stroke}/>')
        if (r["depth"] + 1) % 2 == 1:
            parts.append(f'<text x="{x + slot / 2:.1f}" y="{h - bottom + 26}" font-size="18" text-anchor="middle" '
                         f'font-family="sans-serif" fill="{INK}">{r["depth"] + 1}</text>')
    label = {"fr": "carte où l'on fait demi-tour", "en": "card where one turns back"}[lang]
    parts.append(f'<text x="{(left + w) / 2:.1f}" y="{h - 8}" font-size="20" text-anchor="middle" font-family="sans-serif" '
                 f'fill="{INK}">{html.escape(label)}</text>')
    title = {"fr": "trésor espéré", "en": "expected treasure"}[lang]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
            f'class="mineedu-chart mineedu-curve" aria-label="{title}"><title>{title}</title>{"".join(parts)}</svg>')


def _derive_escape(card: int | None, lang: str) -> str:
    assert card is not None
    parts = [W["d_escape"][lang].format(dragon=CARDS - 1), race_rows(card, lang)]
    if exact_escape(card) == 1:
        parts.append(W["safe"][lang])
    parts.append(W["curve"][lang])
    parts.append(f"<div class='mineedu-chart-box'>{curve_chart(lang)}</div>")
    return "".join(parts)


def _compare_escape(card: int | None, lang: str) -> list[tuple[str, Fraction]]:
    assert card is not None
    steps, dragon = start(card)
    rows = [(W["plain"][lang], odds.escape_probability(steps, 1, dragon, Config()))]
    rows += [(W[key][lang].format(k=k), exact_escape(k)) for key, k in (("earlier", card - 1), ("later", card + 1))
             if 1 <= k <= CARDS]
    rows.append((W["two"][lang], odds.escape_probability(steps, 2, dragon - 1, LESSON)))
    return rows


def _derive_treasure(card: int | None, lang: str) -> str:
    assert card is not None
    p, ev = exact_escape(card), odds.card_expectation(LESSON, FAMILY_OF[card - 1])
    return W["d_treasure"][lang].format(p=fraction_text(p), ev=fraction_text(ev), exact=fraction_text(p * ev))


def _reading(result: Mapping[str, Any], lang: str) -> str:
    best = max(result["bots"], key=lambda r: r["win"]["mean"])
    text = {"fr": "Le meilleur ici\u00a0: {b}. Faire demi-tour après un nombre fixe de cartes ignore ce qu'elles "
                  "valent et où est "
                  "le dragon\u00a0; le robot des probabilités pèse, à chaque tour, P(sortir) × le trésor espéré.",
            "en": "Best here: {b}. Turning back after a fixed number of cards ignores what they are worth and where the "
                  "dragon is; the odds bot weighs P(escape) × the expected treasure at every turn."}
    return html.escape(text[lang].format(b=bot_name(best["bot"], lang)))


def board_summary(board: Any) -> str:
    """The board in one line (what a saved notebook keeps): the same at every page's start."""
    view = board.session.state.observation(board.viewer())
    f = figures(view)
    seats = ", ".join("human" if s is None else s for s in board.session.seats)
    who = "nobody" if f["player"] is None else player_name(f["player"], "en")
    return (f"dragon_cave board: seats {seats}; {who} to move; the dragon {view.dragon} cards from the entrance; "
            f"first card worth {f.get('first')}")


def _best_solution(lang: str) -> str:
    rows = odds.turn_back_curve(LESSON)
    c = colon(lang)
    shown = [11, 12, 13, 14, 18]
    items = join_clauses([f"{'carte' if lang == 'fr' else 'card'} {k + 1}{c} {fraction_text(rows[k]['p_escape'])} × "
                          f"{fraction_text(rows[k]['card'])} ≈ {format_number(float(rows[k]['expected']), lang, 2)}"
                          for k in shown], lang)
    best = odds.break_even_depth(LESSON) + 1
    if lang == "fr":
        return (f"Trésor espéré = P(sortir) × moyenne de la famille{c} {items}. Jusqu'à la carte 12 on sort toujours, mais "
                f"une carte Moyen ne vaut que 5\u00a0; la carte {best}, la première Difficile, vaut 8 et on en sort presque "
                f"toujours\u00a0: c'est le meilleur endroit pour faire demi-tour.")
    return (f"Expected treasure = P(escape) × the family's mean{c} {items}. Up to card 12 one always gets out, but a Medium "
            f"card is only worth 5; card {best}, the first Difficult one, is worth 8 and one almost always gets out: the best "
            f"place to turn back.")


SPEC = typeset(LessonSpec(
    game="dragon_cave",
    notebook="dragon_cave.ipynb",
    title={"fr": "Au fin fond de la grotte du dragon\u00a0: espérance et course contre le dragon",
           "en": "Deep down in the dragon's cave: expected value and a race against the dragon"},
    blurb={"fr": "Plonger ou remonter\u00a0: espérance par profondeur et course contre le dragon.",
           "en": "Dive or turn back: expected value by depth and the race against the dragon."},
    notes=TeacherNotes(
        level={"fr": "lycée (seconde à terminale)", "en": "secondary school (ages 15–18)"},
        duration={"fr": "55 minutes (20 de jeu)", "en": "55 minutes (20 of play)"},
        objectives={"fr": "espérance d'une variable aléatoire (la moyenne d'une famille de cartes)\u00a0; probabilité d'une "
                          "course par un arbre ou un tableau construit ligne par ligne\u00a0; arbitrer entre gain et risque",
                    "en": "the expected value of a random variable (a family's mean); the probability of a race by a tree "
                          "or a table built row by row; trading gain against risk"},
        prerequisites={"fr": "fractions, moyenne, probabilité d'un événement\u00a0; la somme de deux dés",
                       "en": "fractions, the mean, the probability of an event; the sum of two dice"},
    ),
    rules={
        "fr": "<p>Le chemin\u00a0: l'entrée, puis 24 cartes face cachée, de plus en plus précieuses (Facile 1–3, Moyen 4–6, "
              "Difficile 7–9, Héroïque 10–12), puis le dragon. À votre tour, cliquez la carte où aller. Vous avez "
              "4 points de déplacement moins un par carte portée (3 cartes au plus)\u00a0; une carte occupée se saute "
              "sans compter. En quittant une carte, vous pouvez la prendre (sa valeur se révèle)\u00a0; au début d'un "
              "tour vous pouvez en reposer une. Une fois, et une seule, vous pouvez faire demi-tour\u00a0: dès lors, "
              "après chacun de vos coups le dragon avance d'autant de cartes que vous en portez, et dévore qui il "
              "atteint. Sortez avec le plus de trésor. Variantes\u00a0: aveugle, dé de déplacement, dé du dragon.</p>",
        "en": "<p>The path: the entrance, then 24 face-down cards, worth more and more (Easy 1–3, Medium 4–6, Difficult 7–9, "
              "Heroic 10–12), then the dragon. On your turn click the card to go to. You have 4 movement points minus one "
              "per card carried (at most 3 cards); an occupied card is jumped for free. Leaving a card you may take it (its "
              "value shows); at the start of a turn you may put one down. Once, and only once, you may turn back: from then on, "
              "after each of your moves the dragon moves as many cards as you carry, and eats whoever it reaches. Get out "
              "with the most treasure. Variants: blind, movement die, dragon's die.</p>",
    },
    players=3,
    seats=(None, "odds", "turnback:2"),
    bot_choices=("random", "turnback:1", "turnback:2", "turnback:3", "greedy", "greedy:12", "odds", "odds:0.8"),
    predict=(
        Predict(
            question=_question("q_escape"), param=Param(W["d_card"], 1, CARDS, 19),
            exact=exact_escape, simulate=escaped, derivation=_derive_escape, compare=_compare_escape,
            trials=(1_000, 40_000, 10_000),
        ),
        Predict(
            question=_question("q_treasure"), param=Param(W["d_card"], 1, CARDS, 16),
            exact=exact_treasure, simulate=treasure, derivation=_derive_treasure, mean=True,
            trials=(1_000, 40_000, 10_000),
        ),
    ),
    tournament=TournamentSpec(
        question={"fr": "Variante «\u00a0dé du dragon\u00a0»\u00a0: quatre robots jouent l'un contre l'autre, les "
                        "places tournent. Trois font "
                        "demi-tour après 1, 2 ou 3 cartes\u00a0; le robot des probabilités pèse à chaque tour "
                        "P(sortir) × le trésor "
                        "espéré. Quand faut-il faire demi-tour\u00a0? (barres\u00a0: intervalles à 95 %)",
                  "en": "The \"dragon's die\" variant: four bots play each other, seats rotating. Three turn back after 1, 2 or "
                        "3 cards; the odds bot weighs P(escape) × the expected treasure at every turn. When should one turn "
                        "back? (whiskers: 95% intervals)"},
        bots=("turnback:1", "turnback:2", "turnback:3", "odds"),
        players=4, games=(20, 400, 100), config={"dice_dragon": True}, reading=_reading,
    ),
    exercises=(
        ExerciseSpec(
            question={"fr": "Combien vaut en moyenne une carte Difficile (valeurs 7, 7, 8, 8, 9, 9)\u00a0?",
                      "en": "What is a Difficult card worth on average (values 7, 7, 8, 8, 9, 9)?"},
            answer=odds.card_expectation(Config(), 2), probability=False, tolerance=Fraction(0),
            hint={"fr": "l'espérance est la moyenne des valeurs, chacune aussi probable.",
                  "en": "the expected value is the mean of the values, each equally likely."},
            solution={"fr": "(7 + 7 + 8 + 8 + 9 + 9) / 6 = 48/6 = 8.", "en": "(7 + 7 + 8 + 8 + 9 + 9) / 6 = 48/6 = 8."},
        ),
        ExerciseSpec(
            question={"fr": "Vous portez deux cartes. Combien de points de déplacement avez-vous ce tour-ci\u00a0?",
                      "en": "You carry two cards. How many movement points do you have this turn?"},
            answer=Fraction(Config().movement - 2), probability=False, tolerance=Fraction(0),
            hint={"fr": "chaque carte portée retire un des 4 points.", "en": "each card carried takes away one of the 4 points."},
            solution={"fr": "4 − 2 = 2 points\u00a0: deux fois moins vite qu'à vide.", "en": "4 − 2 = 2 points: "
                                                                                             "half as fast as empty-handed."},
        ),
        ExerciseSpec(
            question=bilingual(lambda lang: W["q_race"][lang].format(p=RACER + 1, a=RACE_STEPS, d=RACE_DRAGON)),
            answer=odds.escape_probability(RACE),
            hint=bilingual(lambda lang: W["h_race"][lang].format(left=RACE_LEFT)),
            solution=bilingual(lambda lang: W["s_race"][lang].format(
                left=RACE_LEFT, d=RACE_DRAGON, bad=_either(race_eating_faces(), lang),
                good=LESSON.die_sides - len(race_eating_faces()), exact=fraction_text(odds.escape_probability(RACE)),
                x=format_number(odds.escape_probability(RACE), lang, 3))),
        ),
        ExerciseSpec(
            question={"fr": "Variante «\u00a0dé du dragon\u00a0». Un plongeur seul ne prend rien à l'aller et fait "
                            "demi-tour sur une "
                            "carte qu'il prend. Sur quelle carte (numérotée depuis l'entrée) son trésor espéré est-il le "
                            "plus grand\u00a0? (le tableau du calcul exact ci-dessus aide)",
                      "en": "The \"dragon's die\" variant. A lone diver takes nothing on the way in and turns back on a card "
                            "they take. On which card (numbered from the entrance) is their expected treasure highest? "
                            "(the table of the exact computation above helps)"},
            answer=Fraction(odds.break_even_depth(LESSON) + 1), probability=False, tolerance=Fraction(0),
            hint={"fr": "comparez P(sortir) × la moyenne de la famille\u00a0: jusqu'à la carte 12 on sort "
                        "toujours, mais que vaut "
                        "une carte Difficile\u00a0?",
                  "en": "compare P(escape) × the family's mean: up to card 12 one always gets out, but what is a Difficult "
                        "card worth?"},
            solution={"fr": _best_solution("fr"), "en": _best_solution("en")},
        ),
    ),
    summary=board_summary,
))

HINT_CHECKS = (
    lambda: Fraction(sum(LESSON.families[2]), len(LESSON.families[2])),        # the mean of the values
    lambda: Fraction(LESSON.movement - 2),                                      # 4 minus one per card carried
    lambda: Fraction(sum(1 for k in range(1, 7) if RACE_DRAGON - k >= RACE_LEFT), 6),  # the faces that leave you alive
    lambda: Fraction(max(range(CARDS), key=lambda k: (odds.escape_probability(k + 1, 1, CARDS - 1, LESSON)
                                                     * odds.card_expectation(LESSON, FAMILY_OF[k]), k)) + 1),
)
"""Each exercise's hint applied literally, as a computation (the tests check it gives the answer):
the last compares P(escape) × the family's mean card by card."""

__all__ = ["LESSON", "SPEC", "escaped", "exact_escape", "exact_treasure", "race_rows", "treasure"]
