"""The Gold am Yukon lesson: a die that rolls again, and a team that must close a ring.

What the page teaches (``shared/LESSONS.md``, issue 13): the mean pips of one
turn when a 1 rolls again, an expectation that solves itself (E = 3.5 + E/6,
so E = 21/5), the turn's law against 10,000 simulated turns, its variance
56/25; the chance one turn brings the k pips a team needs to reach and stake a
claim; which bot plays best. Every exact number comes from :mod:`.odds`.

Each simulated trial is one turn thrown as the rules throw it, many at once
(:func:`.simulate.turn_pips`, numpy).

>>> SPEC.predict[0].exact(None), SPEC.predict[1].exact(7)
(Fraction(21, 5), Fraction(311, 7776))
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from mineedu.core import CHANCE, Texts, fraction_text, i18n, make
from mineedu.core.i18n import bilingual, format_number
from mineedu.core.lesson import ExerciseSpec, LessonSpec, Param, Predict, TeacherNotes, TournamentSpec
from mineedu.core.positions import reached

from . import odds
from .panel import figures
from .rules import YukonConfig
from .simulate import turn_pips
from .words import bot_name

CONFIG = YukonConfig()
DIE = odds.die_of(CONFIG)[0]  # the game's die as the figures count it (its cap negligible)
LAW_UPTO = 14  # the histogram's exact law: P(more than 14 pips in a turn) = 311/13060694016, about 2 in 10^8


def simulate_mean(_k: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` turns' pips (vectorized, :func:`.simulate.turn_pips`)."""
    return turn_pips(trials, rng, CONFIG)


def simulate_at_least(k: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """1 where the turn gives at least ``k`` pips."""
    assert k is not None
    return (turn_pips(trials, rng, CONFIG) >= k).astype(np.int8)


def exact_at_least(k: int | None) -> Fraction:
    assert k is not None
    return odds.p_at_least(k, DIE)


def law(_k: int | None) -> dict[int, Fraction]:
    """The exact law of one turn's pips (2 to 14; more is rarer than 3 in 10^8)."""
    return {t: odds.pip_probability(t) for t in range(2, LAW_UPTO + 1)}


def ring_position(seed: int = 0) -> Any:
    """Exercise 1's position, reached by legal moves: a three-player game of random bots, seed
    ``seed``, at the first turn's start (out of the setup) where the player's chain is 3 to 6
    steps from the ring of a free claim. Its text and answer are read from it."""
    def found(s: Any) -> bool:
        if s.current_player() != CHANCE or s.pips or s.rolls or s.in_setup(s.turn):
            return False
        ring = odds.view_report(s.observation(None))["ring"]
        return bool(ring and 3 <= ring["steps"] <= 6)

    return reached(make("yukon", 3), ("random",) * 3, found, seeds=(seed,))


RING_STATE = ring_position()
RING_PLAYER = RING_STATE.turn
RING = odds.view_report(RING_STATE.observation(None))["ring"]
RING_STEPS = RING["steps"]
RING_NEED = RING_STEPS + 1  # the steps, and 1 pip to stake the claim
RING_LAW, _, RING_TURNS = odds.turns_to_collect(RING_NEED)
RING_TWO = RING_LAW[1] + RING_LAW[2]
"""P(the pips of this turn and the next reach RING_NEED): the panel's "turns to the ring", at 2."""


def turns_by_hand(n: int) -> Fraction:
    """The hint of exercise 1 applied literally: T(n) = 0 for n <= 0, 1 for n = 1 or 2 (a turn gives
    at least 2), else 1 + P(2) T(n - 2) + P(3) T(n - 3) + ... (the turn's law, from the rules' die)."""
    if n <= 0:
        return Fraction(0)
    if n <= 2:
        return Fraction(1)
    return 1 + sum((odds.pip_probability(j) * turns_by_hand(n - j) for j in range(2, n)), Fraction(0))


W_EX = Texts({
    "q_turns": {
        "fr": "Une partie jouée par les règles (3 joueurs). C'est au tour de J{p} : la chaîne de son équipe est à {s} pas "
              "de l'anneau d'un gain libre. Il lui faut donc {n} points ({s} pas et 1 pour revendiquer), qui s'ajoutent "
              "d'un tour à l'autre. Combien de tours faut-il en moyenne (celui-ci compris) pour les réunir ?",
        "en": "A game played by the rules (3 players). It is P{p}'s turn: their team's chain is {s} steps from the ring "
              "of a free claim. So it needs {n} pips ({s} steps and 1 to stake the claim), which add up from turn to turn. "
              "How many turns does it take on average (this one included) to gather them?",
    },
    "h_turns": {
        "fr": "notez T(n) le nombre moyen de tours pour réunir n points : T(n) = 1 pour n = 1 ou 2 (un tour donne au moins "
              "2), et sinon T(n) = 1 + P(2) × T(n − 2) + P(3) × T(n − 3) + … (T = 0 dès que n ≤ 0), avec P(2) = {p2}, "
              "P(3) = {p3}, P(4) = {p4} ; montez depuis n = 3.",
        "en": "write T(n) for the mean number of turns to gather n pips: T(n) = 1 for n = 1 or 2 (a turn gives at least 2), "
              "otherwise T(n) = 1 + P(2) × T(n − 2) + P(3) × T(n − 3) + … (T = 0 once n ≤ 0), with P(2) = {p2}, "
              "P(3) = {p3}, P(4) = {p4}; work up from n = 3.",
    },
    "q_two": {
        "fr": "Position de l'exercice 1 : l'équipe de J{p} a besoin de {n} points. Quelle est la probabilité qu'elle les "
              "réunisse en deux tours au plus (celui-ci et le suivant) ?",
        "en": "The position of exercise 1: P{p}'s team needs {n} pips. What is the chance that it gathers them within two "
              "turns (this one and the next)?",
    },
    "h_two": {
        "fr": "soit ce tour donne déjà au moins {n} points, soit il en donne j < {n} et le suivant au moins {n} − j : "
              "P(≥ {n}) + somme sur j de P(j) × P(≥ {n} − j).",
        "en": "either this turn already gives at least {n} pips, or it gives j < {n} and the next at least {n} − j: "
              "P(≥ {n}) + the sum over j of P(j) × P(≥ {n} − j).",
    },
    "s_two": {
        "fr": "P(≥ {n}) = {first} ; plus {terms} = {values}. En tout <b>{exact}</b> ≈ {x}.",
        "en": "P(≥ {n}) = {first}; plus {terms} = {values}. In all <b>{exact}</b> ≈ {x}.",
    },
    "s_turns": {
        "fr": "T(1) = T(2) = 1 ; {steps}. Donc T({n}) = <b>{exact}</b> ≈ {x} tours.",
        "en": "T(1) = T(2) = 1; {steps}. So T({n}) = <b>{exact}</b> ≈ {x} turns.",
    },
})

HINT_CHECKS = (
    lambda: turns_by_hand(RING_NEED),
    lambda: (Fraction(1, 6) + Fraction(1, 36) + Fraction(1, 216)) ** 2,           # P(4) on each turn: multiply
    lambda: Fraction(1, 6) ** 7 * (1 - sum((odds.pip_probability(j) for j in range(2, 6)), Fraction(0))),  # seven 1s, then >= 6
    lambda: odds.p_at_least(RING_NEED, DIE) + sum((odds.pip_probability(j) * odds.p_at_least(RING_NEED - j, DIE)
                                                   for j in range(2, RING_NEED)), Fraction(0)),  # now, or j now and the rest next
)
"""Each exercise's hint applied literally, as a computation (the tests check it gives the answer)."""


W = Texts({
    "q_mean": {
        "fr": "À son tour, un joueur lance le dé ; <b>un 1 fait relancer</b> et les points s'ajoutent (1 puis 4 : 5 points). "
              "Combien de points rapporte un tour <b>en moyenne</b> ? (Un dé simple donne 3,5 en moyenne.)",
        "en": "On a turn the player rolls the die; <b>on a 1 they roll again</b> and the pips add up (1 then 4: 5 pips). "
              "How many pips does a turn bring <b>on average</b>? (A plain die gives 3.5 on average.)",
    },
    "d_mean": {
        "fr": "<div class='mineedu-derivation'><p><b>L'équation.</b> Soit E la moyenne d'un tour. Le premier lancer donne 2, 3, "
              "4, 5 "
              "ou 6 avec la probabilité 1/6 chacun, et le tour s'arrête ; ou bien 1 (probabilité 1/6), et alors on a 1 point "
              "<i>plus un tour tout neuf</i>, qui vaut encore E en moyenne :</p>"
              "<p style='text-align:center'>E = (2 + 3 + 4 + 5 + 6)/6 + (1/6)(1 + E) = 20/6 + 1/6 + E/6 = 3,5 + E/6.</p>"
              "<p>Donc (5/6) E = 7/2, et <b>E = 21/5 = 4,2</b> : la relance ajoute 0,7 point à un dé simple.</p>"
              "<p><b>La série géométrique.</b> Autrement : le nombre K de 1 avant le dernier lancer vaut k avec la probabilité "
              "(1/6)<sup>k</sup> × 5/6. Sa moyenne est E[K] = Σ k (1/6)<sup>k</sup> (5/6) = (1/6)/(5/6) = 1/5. Le dernier lancer "
              "est 2, 3, 4, 5 ou 6, de moyenne 4. Donc E = E[K] × 1 + 4 = 1/5 + 4 = 21/5.</p>"
              "<p><b>La variance.</b> K et le dernier lancer sont indépendants : Var = Var(K) + Var(dernier) = "
              "(1/6)/(5/6)² + 2 = 6/25 + 2 = <b>56/25</b> = 2,24 (un dé simple : 35/12 ≈ 2,92).</p></div>",
        "en": "<div class='mineedu-derivation'><p><b>The equation.</b> Let E be a turn's mean. The first throw gives 2, 3, 4, 5 "
              "or 6 "
              "with probability 1/6 each, and the turn stops; or it gives 1 (probability 1/6), and then there is 1 pip "
              "<i>plus a brand-new turn</i>, which is again worth E on average:</p>"
              "<p style='text-align:center'>E = (2 + 3 + 4 + 5 + 6)/6 + (1/6)(1 + E) = 20/6 + 1/6 + E/6 = 3.5 + E/6.</p>"
              "<p>So (5/6) E = 7/2, and <b>E = 21/5 = 4.2</b>: rolling again adds 0.7 pips to a plain die.</p>"
              "<p><b>The geometric series.</b> Another way: the number K of 1s before the last throw is k with probability "
              "(1/6)<sup>k</sup> × 5/6. Its mean is E[K] = Σ k (1/6)<sup>k</sup> (5/6) = (1/6)/(5/6) = 1/5. The last throw is "
              "2, 3, 4, 5 or 6, with mean 4. So E = E[K] × 1 + 4 = 1/5 + 4 = 21/5.</p>"
              "<p><b>The variance.</b> K and the last throw are independent: Var = Var(K) + Var(last) = "
              "(1/6)/(5/6)² + 2 = 6/25 + 2 = <b>56/25</b> = 2.24 (a plain die: 35/12 ≈ 2.92).</p></div>",
    },
    "plain": {"fr": "dé simple : (1 + … + 6)/6", "en": "plain die: (1 + … + 6)/6"},
    "again": {"fr": "le 1 fait relancer (le jeu)", "en": "on a 1, roll again (the game)"},
    "q_least": {
        "fr": "Votre équipe a besoin de <b>{k} points</b> ce tour (les pas jusqu'à l'anneau, plus 1 pour revendiquer). "
              "Quelle est la probabilité qu'un tour les donne (au moins {k} points) ?",
        "en": "Your team needs <b>{k} pips</b> this turn (the steps to the ring, plus 1 to stake the claim). "
              "What is the chance that one turn gives them (at least {k} pips)?",
    },
    "k": {"fr": "k points", "en": "k pips"},
    "d_least": {
        "fr": "<div class='mineedu-derivation'><p>Le contraire : moins de {k} points. Un tour de t points (t ≥ 2) est fait de m "
              "uns "
              "puis d'un dernier lancer t − m entre 2 et 6 : P(t) = Σ (1/6)<sup>m+1</sup> sur ces m.</p>{table}"
              "<p>P(au moins {k}) = 1 − ({sum}) = <b>{exact}</b>.</p></div>",
        "en": "<div class='mineedu-derivation'><p>The opposite: fewer than {k} pips. A turn of t pips (t ≥ 2) is m ones and "
              "then a "
              "last throw t − m between 2 and 6: P(t) = Σ (1/6)<sup>m+1</sup> over those m.</p>{table}"
              "<p>P(at least {k}) = 1 − ({sum}) = <b>{exact}</b>.</p></div>",
    },
    "t": {"fr": "points t", "en": "pips t"},
    "one_or": {"fr": "un tour donne toujours au moins 2 points : P = 1", "en": "a turn always gives at least 2 pips: P = 1"},
    "without": {"fr": "dé simple, sans relance", "en": "a plain die, no second roll"},
})


def _derive_least(k: int | None, lang: str) -> str:
    assert k is not None
    if k <= 2:
        return f"<p class='mineedu-derivation'>{W('one_or', lang)}</p>"
    rows = []
    for t in range(2, k):
        ms = [m for m in range(t - 1) if 2 <= t - m <= 6]
        terms = " + ".join(f"(1/6)<sup>{m + 1}</sup>" for m in ms)
        rows.append(f"<tr><th scope='row'>{t}</th><td>{terms}</td><td>{fraction_text(odds.pip_probability(t))}</td></tr>")
    table = (f"<table class='mineedu-compare'><tr><th scope='col'>{W('t', lang)}</th><th scope='col'>P(t)</th>"
             f"<th scope='col'></th></tr>{''.join(rows)}</table>")
    total = " + ".join(fraction_text(odds.pip_probability(t)) for t in range(2, k))
    return W("d_least", lang).format(k=k, table=table, sum=total, exact=fraction_text(exact_at_least(k)))


def _compare_least(k: int | None, lang: str) -> list[tuple[str, Fraction]]:
    assert k is not None
    plain = Fraction(max(0, 7 - k), 6) if k > 1 else Fraction(1)
    return [(W("again", lang), exact_at_least(k)), (W("without", lang), plain)]


READING = Texts({
    "best": {"fr": "Le meilleur ici : {b}.", "en": "Best here: {b}."},
    "overlap": {"fr": "Mais son intervalle chevauche celui du suivant : jouez plus de parties pour trancher.",
                "en": "But its interval overlaps the next one's: play more games to be sure."},
    "apart": {"fr": "Son intervalle ne chevauche pas celui du suivant : l'écart n'est pas dû au hasard des dés.",
              "en": "Its interval does not overlap the next one's: the gap is not the luck of the dice."},
})


def _reading(result: Any, lang: str) -> str:
    rows = sorted(result["bots"], key=lambda r: -r["win"]["mean"])
    best, second = rows[0], rows[1]
    overlap = best["win"]["ci95"][0] <= second["win"]["ci95"][1]
    return READING("best", lang, b=bot_name(best["bot"], lang)) + " " + READING("overlap" if overlap else "apart", lang)


def board_summary(board: Any) -> str:
    """The board's one line, deterministic at the page's start (the human chooses a start space first)."""
    f = figures(board.session.state.observation(board.viewer()))
    seats = ", ".join("human" if s is None else s for s in board.session.seats)
    turn = f"P{f['player'] + 1} to move ({f['phase']})" if f["phase"] != "over" else "game over"
    return f"Gold am Yukon board: seats {seats}; {turn}; pips per turn: mean {fraction_text(odds.pip_mean())}"


SPEC: LessonSpec = i18n.typeset(LessonSpec(
    game="yukon",
    notebook="yukon.ipynb",
    title={"fr": "Gold am Yukon : un dé qui relance", "en": "Gold am Yukon: a die that rolls again"},
    blurb={"fr": "Le dé « 1 = relance » : une moyenne qui se résout elle-même (21/5) et sa loi exacte.",
           "en": "The \"roll again on a 1\" die: a mean that solves itself (21/5) and its exact law."},
    notes=TeacherNotes(
        level={"fr": "lycée (première, terminale)", "en": "secondary school (ages 16–18)"},
        duration={"fr": "55 minutes (20 de jeu)", "en": "55 minutes (20 of play)"},
        objectives={"fr": "espérance d'une variable aléatoire ; une équation qui la donne (E = 3,5 + E/6) ; série géométrique ; "
                          "loi et variance ; probabilité d'atteindre un seuil en un tour",
                    "en": "the expectation of a random variable; an equation that gives it (E = 3.5 + E/6); a geometric series; "
                          "distribution and variance; the chance of reaching a threshold in one turn"},
        prerequisites={"fr": "fractions, espérance d'un dé ; somme d'une suite géométrique pour la seconde méthode",
                       "en": "fractions, the mean of a die; the sum of a geometric series for the second method"},
    ),
    rules={
        "fr": "<p>Chaque joueur mène une équipe de 12 prospecteurs sur les cases d'un plateau de 37 gains (hexagones de 1, 2, 4 "
              "ou 6 pépites). D'abord, chacun pose un pion sur une case de départ (cercle pointillé), puis à chaque tour un pion "
              "par point du dé, toujours au bout de sa chaîne. Ensuite, chaque point fait avancer la chaîne d'un pas : le pion "
              "de "
              "la queue passe devant la tête. Vous choisissez au début du tour le bout qui mène ; s'il est bloqué, l'autre bout "
              "mène. <b>Un 1 fait relancer</b>, les points s'ajoutent. Quand toute l'équipe entoure un gain libre (pour le "
              "premier, "
              "les 12 pions ferment l'anneau), un point le revendique : un pion reste dessus. Qui prend le 6 du centre quitte la "
              "partie. Le plus de pépites gagne. Sur le plateau, cliquez le bout de chaîne, puis les cases libres, ou le "
              "gain.</p>",
        "en": "<p>Each player leads a team of 12 prospectors on the spaces of a board of 37 claims (hexagons of 1, 2, 4 or 6 "
              "nuggets). First each puts a pawn on a start space (a dashed circle), then on each turn one pawn per pip of the "
              "die, always at an end of the chain. After that each pip moves the chain one step: the tail pawn goes ahead of the "
              "head. You choose at the start of the turn which end leads; if it is blocked, the other end leads. <b>On a 1, roll "
              "again</b> and the pips add up. When the whole team rings a free claim (for the first one, the 12 pawns close the "
              "ring), one pip stakes it: a pawn stays on it. Whoever takes the 6 in the centre leaves play. Most nuggets wins. "
              "On the board, click the end of the chain, then the free spaces, or the claim.</p>",
    },
    players=3,
    seats=(None, "nearest-claim", "value-per-distance"),
    bot_choices=("random", "nearest-claim", "value-per-distance"),
    predict=(
        Predict(
            question=lambda _k, lang: W("q_mean", lang), exact=lambda _k: odds.pip_mean(), simulate=simulate_mean,
            derivation=lambda _k, lang: W("d_mean", lang), mean=True, trials=(1_000, 100_000, 10_000),
            compare=lambda _k, lang: [(W("plain", lang), odds.pip_mean(reroll=0)), (W("again", lang), odds.pip_mean())],
            distribution=law,
        ),
        Predict(
            question=lambda k, lang: W("q_least", lang).format(k=k), param=Param(W.table["k"], 2, 12, 7),
            exact=exact_at_least, simulate=simulate_at_least, derivation=_derive_least, compare=_compare_least,
        ),
    ),
    tournament=TournamentSpec(
        question={"fr": "Trois robots jouent l'un contre l'autre, les places tournent : l'un joue au hasard, l'un vise le gain "
                        "le "
                        "plus proche, l'un le plus de pépites par point de dé (et laisse le 6, qui fait quitter la partie, tant "
                        "que "
                        "son équipe est grande). Lequel gagne le plus souvent ? (barres : intervalles à 95 %)",
                  "en": "Three bots play each other, seats rotating: one plays at random, one heads for the nearest claim, one "
                        "for "
                        "the most nuggets per pip of the die (leaving the 6, whose taker leaves play, while its team is big). "
                        "Which wins most often? (whiskers: 95% intervals)"},
        bots=("random", "nearest-claim", "value-per-distance"),
        players=3, games=(10, 300, 100), reading=_reading,
    ),
    exercises=(
        ExerciseSpec(
            question=bilingual(lambda lang: W_EX("q_turns", lang, p=RING_PLAYER + 1, s=RING_STEPS, n=RING_NEED)),
            answer=RING_TURNS, probability=False, tolerance=Fraction(1, 200),
            hint=bilingual(lambda lang: W_EX("h_turns", lang,
                p2=fraction_text(odds.pip_probability(2)), p3=fraction_text(odds.pip_probability(3)),
                p4=fraction_text(odds.pip_probability(4)))),
            solution=bilingual(lambda lang: W_EX("s_turns", lang,
                steps=(" ; " if lang == "fr" else "; ").join(
                    f"T({k}) = {fraction_text(turns_by_hand(k))}" for k in range(3, RING_NEED)),
                n=RING_NEED, exact=fraction_text(RING_TURNS), x=format_number(RING_TURNS, lang, 2))),
        ),
        ExerciseSpec(
            question={"fr": "Quelle est la probabilité que deux tours de suite donnent chacun exactement 4 points ?",
                      "en": "What is the chance that two turns in a row each give exactly 4 pips?"},
            answer=odds.pip_probability(4) ** 2, tolerance=Fraction(1, 10_000),
            hint={"fr": "un tour de 4 points se fait par un 4 (1/6), par 1 puis 3 (1/36) ou par 1, 1 puis 2 (1/216) ; "
                        "les deux tours sont indépendants : multipliez.",
                  "en": "a 4-pip turn comes from a 4 (1/6), from 1 then 3 (1/36) or from 1, 1 then 2 (1/216); the two "
                        "turns are independent: multiply."},
            solution={"fr": "P(4) = 1/6 + 1/36 + 1/216 = (36 + 6 + 1)/216 = 43/216. Deux tours indépendants : "
                            "(43/216)² = 1849/46656 ≈ 0,0396.",
                      "en": "P(4) = 1/6 + 1/36 + 1/216 = (36 + 6 + 1)/216 = 43/216. Two independent turns: "
                            "(43/216)² = 1849/46656 ≈ 0.0396."},
        ),
        ExerciseSpec(
            question={"fr": "Quelle est la probabilité qu'un tour donne plus de 12 points ? (une fraction, ou un décimal)",
                      "en": "What is the chance that a turn gives more than 12 pips? (a fraction, or a decimal)"},
            answer=Fraction(311, 362797056), tolerance=Fraction(1, 10**9),
            hint={"fr": "plus de 12 demande d'abord sept 1 (7 points), puis un tour tout neuf d'au moins 6 points.",
                  "en": "more than 12 needs seven 1s first (7 pips), then a brand-new turn of at least 6 pips."},
            solution={"fr": "Les sept premiers lancers doivent être des 1 : (1/6)⁷ = 1/279936 (avec six 1 au plus, le total "
                            "reste ≤ 12). "
                            "Ensuite tout recommence, il faut au moins 6 points : 1 − (1/6 + 7/36 + 43/216 + 259/1296) = "
                            "311/1296. "
                            "Donc 311/(1296 × 279936) = 311/362797056 ≈ 0,000000857.",
                      "en": "The first seven throws must be 1s: (1/6)⁷ = 1/279936 (with at most six 1s the total stays ≤ 12). "
                            "Then "
                            "it all starts again and at least 6 pips are needed: 1 − (1/6 + 7/36 + 43/216 + 259/1296) = "
                            "311/1296. "
                            "So 311/(1296 × 279936) = 311/362797056 ≈ 0.000000857."},
        ),
        ExerciseSpec(
            question=bilingual(lambda lang: W_EX("q_two", lang, p=RING_PLAYER + 1, n=RING_NEED)),
            answer=RING_TWO, tolerance=Fraction(1, 1000),
            hint=bilingual(lambda lang: W_EX("h_two", lang, n=RING_NEED)),
            solution=bilingual(lambda lang: W_EX(
                "s_two", lang, n=RING_NEED, first=fraction_text(odds.p_at_least(RING_NEED, DIE)),
                terms=" + ".join(f"P({j}) × P(≥ {RING_NEED - j})" for j in range(2, RING_NEED)),
                values=" + ".join(f"{fraction_text(odds.pip_probability(j))} × "
                                  f"{fraction_text(odds.p_at_least(RING_NEED - j, DIE))}" for j in range(2, RING_NEED)),
                exact=fraction_text(RING_TWO), x=format_number(RING_TWO, lang, 3))),
        ),
    ),
    summary=board_summary,
))

__all__ = ["SPEC", "exact_at_least", "law", "simulate_at_least", "simulate_mean"]
