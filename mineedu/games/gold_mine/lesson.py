"""The My Gold Mine lesson: drawing without replacement, and measuring the right risk.

What the page teaches (``shared/LESSONS.md``): P(at least one dragon in the
first k cards) = 1 − C(50, k)/C(58, k), beside the same draw *with*
replacement; the risk a miner really runs next to Dragobert (dragon *and* eyes
cards burn); which push-your-luck threshold wins, when bots measure the right
risk or the wrong one. Every number comes from :mod:`.odds`.

>>> SPEC.predict[0].exact(2) == 1 - Fraction(50 * 49, 58 * 57)
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from mineedu.core import fraction_text, make
from mineedu.ui.lesson import ExerciseSpec, LessonSpec, Param, Predict, TeacherNotes, TournamentSpec

from . import odds
from .cards import CARD_GOLD, DRAGON, EXPLORE_KINDS
from .panel import figures
from .simulate import dragons_found
from .words import bot_name


def start_deck(players: int = 4) -> tuple[int, ...]:
    """The exploration counts at the start of a round, from the rules."""
    state: Any = make("gold_mine", players).initial_state()
    return tuple(state.explore)


DECK = start_deck()
CARDS, DRAGONS = sum(DECK), DECK[DRAGON]


def exact_dragon_within(k: int | None) -> Fraction:
    """P(at least one dragon among the first ``k`` cards of a fresh deck), exact."""
    assert k is not None
    return 1 - odds.dragons_in_next(DECK, k).get(0, Fraction(0))


def simulate_dragon_within(k: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` rounds' first ``k`` draws (vectorized, :func:`.simulate.dragons_found`): 1 where a dragon came."""
    assert k is not None
    return (dragons_found(k, trials, rng, DECK) > 0).astype(np.int8)


def simulate_gold_of_one_card(_k: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """The gold on the first card of ``trials`` fresh decks (a dragon brings none)."""
    gold = np.repeat([CARD_GOLD.get(kind, 0) for kind in EXPLORE_KINDS], DECK)
    return gold[rng.integers(CARDS, size=trials)]


W = {  # words
    "q_within": {
        "fr": "Au début d'une manche, quelle est la probabilité qu'au moins un dragon sorte dans les <b>{k}</b> "
              "premières cartes Exploration (58 cartes, dont 8 dragons) ?",
        "en": "At the start of a round, what is the chance that at least one dragon comes up in the first <b>{k}</b> "
              "exploration cards (58 cards, 8 of them dragons)?",
    },
    "k": {"fr": "k cartes", "en": "k cards"},
    "d_within": {
        "fr": "<p class='mineedu-derivation'>Le contraire : aucun dragon dans les {k} premières cartes. "
              "Sans remise, chaque carte piochée laisse une carte de moins : "
              "P(aucun dragon) = {prod} = C(50 ; {k}) / C(58 ; {k}) = {none}. "
              "Donc P(au moins un dragon) = 1 − {none} = <b>{exact}</b>.</p>",
        "en": "<p class='mineedu-derivation'>The opposite: no dragon among the first {k} cards. "
              "Without replacement each card drawn leaves one card fewer: "
              "P(no dragon) = {prod} = C(50, {k}) / C(58, {k}) = {none}. "
              "So P(at least one dragon) = 1 − {none} = <b>{exact}</b>.</p>",
    },
    "with": {"fr": "avec remise : 1 − (50/58)^{k}", "en": "with replacement: 1 − (50/58)^{k}"},
    "without": {"fr": "sans remise (le jeu) : 1 − C(50 ; {k}) / C(58 ; {k})",
                "en": "without replacement (the game): 1 − C(50, {k}) / C(58, {k})"},
    "q_gold": {
        "fr": "Combien d'or rapporte <b>en moyenne</b> la première carte Exploration (pépite 1, lanterne 1, yeux 2, dragon 0) ?",
        "en": "How much gold does the first exploration card bring <b>on average</b> (nugget 1, lantern 1, eyes 2, dragon 0)?",
    },
    "d_gold": {
        "fr": "<p class='mineedu-derivation'>Espérance = somme des valeurs × leurs probabilités : "
              "1 × 20/58 + 1 × 14/58 + 2 × 16/58 + 0 × 8/58 = 66/58 = <b>33/29</b> ≈ 1,138.</p>",
        "en": "<p class='mineedu-derivation'>Expectation = the sum of the values × their probabilities: "
              "1 × 20/58 + 1 × 14/58 + 2 × 16/58 + 0 × 8/58 = 66/58 = <b>33/29</b> ≈ 1.138.</p>",
    },
}


def _question(key: str) -> Any:
    return lambda k, lang: W[key][lang].format(k=k)


def _derive_within(k: int | None, lang: str) -> str:
    assert k is not None
    prod = " × ".join(f"{50 - i}/{58 - i}" for i in range(k)) if k <= 4 else (
        " × ".join(f"{50 - i}/{58 - i}" for i in range(3)) + " × … × " + f"{50 - k + 1}/{58 - k + 1}")
    none = Fraction(comb(50, k), comb(58, k))
    return W["d_within"][lang].format(k=k, prod=prod, none=fraction_text(none), exact=fraction_text(1 - none))


def _compare_within(k: int | None, lang: str) -> list[tuple[str, Fraction]]:
    assert k is not None
    return [(W["without"][lang].format(k=k), exact_dragon_within(k)),
            (W["with"][lang].format(k=k), odds.p_dragon_within(k, DRAGONS, CARDS, replacement=True))]


def _reading(result: Any, lang: str) -> str:
    best = max(result["bots"], key=lambda r: r["win"]["mean"])
    wrong = {"fr": "Les robots « P(dragon) » regardent la mauvaise mesure : à côté de Dragobert, les cartes yeux grillent aussi.",
             "en": "The \"P(dragon)\" bots watch the wrong measure: next to Dragobert, eyes cards burn too."}
    head = {"fr": "Le meilleur ici : {b}.", "en": "Best here: {b}."}
    return head[lang].format(b=bot_name(best["bot"], lang)) + " " + wrong[lang]


def board_summary(board: Any) -> str:
    f = figures(board.session.state.observation(board.viewer()))
    seats = ", ".join("human" if s is None else s for s in board.session.seats)
    return (f"My Gold Mine board: seats {seats}; P{f['player'] + 1} to move; P(next card is a dragon) = {f['next']}; "
            f"P(burned if exploring) = {f.get('burn')}; expected change of gold = {f.get('change')}")


SPEC = LessonSpec(
    game="gold_mine",
    notebook="gold_mine.ipynb",
    title={"fr": "My Gold Mine : stop ou encore face au dragon", "en": "My Gold Mine: push your luck against the dragon"},
    blurb={"fr": "Stop ou encore face au dragon : tirages sans remise, et mesurer le bon risque.",
           "en": "Push your luck against the dragon: drawing without replacement, and measuring the right risk."},
    notes=TeacherNotes(
        level={"fr": "lycée (seconde à terminale)", "en": "secondary school (ages 15–18)"},
        duration={"fr": "55 minutes (20 de jeu)", "en": "55 minutes (20 of play)"},
        objectives={"fr": "probabilité d'un tirage sans remise ; l'événement contraire ; espérance d'un gain ; "
                          "choisir la mesure du risque qui répond à la décision",
                    "en": "the probability of drawing without replacement; the complementary event; expected gain; "
                          "choosing the risk measure that answers the decision"},
        prerequisites={"fr": "fractions, probabilité d'un événement ; C(n ; k) pour le calcul exact",
                       "en": "fractions, the probability of an event; C(n, k) for the exact computation"},
    ),
    rules={
        "fr": "<p>Chaque joueur est un mineur (départ sur le chariot, case 4). À votre tour, cliquez une pioche : "
              "<b>Exploration</b> (pépite = 1 or ; lanterne = 1 or et un pas vers la sortie ; yeux = 2 or et "
              "un pas vers Dragobert ; "
              "<b>dragon</b> = Dragobert avance d'une case et grille les mineurs qui s'y trouvent) ou "
              "<b>Sortie</b> (avancer vers "
              "l'échelle, faire avancer tout le monde, échanger sa place…). Sur l'échelle, votre or est à l'abri ; grillé, vous "
              "perdez l'or de la manche. Trois manches : 3/2/1 pépites aux meilleurs des manches 1 et 2, puis "
              "l'or de la manche 3 "
              "s'ajoute. Le paquet Exploration compte 58 cartes dont 8 dragons ; chaque carte se voit à son effet, donc les "
              "probabilités exactes se calculent à tout moment.</p>",
        "en": "<p>Each player is a miner (starting on the cart, card 4). On your turn click a deck: <b>Exploration</b> "
              "(nugget = 1 gold; lantern = 1 gold and one step toward the exit; eyes = 2 gold and one step toward Dragobert; "
              "<b>dragon</b> = Dragobert moves one card closer and burns the miners there) or <b>Exit</b> "
              "(move toward the ladder, "
              "move everyone, swap places…). On the ladder your gold is safe; burned, you lose the round's gold. Three rounds: "
              "3/2/1 tokens to the best of rounds 1 and 2, then round 3's gold is added. The exploration deck has 58 cards, 8 of "
              "them dragons; every card shows by its effect, so the exact odds can always be computed.</p>",
    },
    players=4,
    seats=(None, "burn:0.2", "threshold:0.15", "cautious"),
    bot_choices=("random", "threshold:0.15", "threshold:0.3", "burn:0.2", "burn:0.4", "cautious", "greedy"),
    predict=(
        Predict(
            question=_question("q_within"), param=Param({"fr": "k cartes", "en": "k cards"}, 1, 10, 3),
            exact=exact_dragon_within, simulate=simulate_dragon_within, derivation=_derive_within,
            compare=_compare_within,
        ),
        Predict(
            question=_question("q_gold"), exact=lambda _k: odds.expected_gold_next(make("gold_mine", 4).initial_state()),
            simulate=simulate_gold_of_one_card, mean=True,
            derivation=lambda _k, lang: W["d_gold"][lang],
        ),
    ),
    tournament=TournamentSpec(
        question={"fr": "Quatre robots jouent l'un contre l'autre, les places tournent. Deux explorent tant que "
                        "P(prochaine carte = dragon) reste sous leur seuil ; deux tant que P(être grillé) reste sous le leur. "
                        "Lequel gagne le plus souvent ? (barres : intervalles à 95 %)",
                  "en": "Four bots play each other, seats rotating. Two explore while P(next card is a dragon) stays below "
                        "their threshold; two while P(being burned) stays below theirs. Which wins most often? "
                        "(whiskers: 95% intervals)"},
        bots=("threshold:0.15", "threshold:0.3", "burn:0.2", "burn:0.4"),
        players=4, games=(20, 400, 100), reading=_reading,
    ),
    exercises=(
        ExerciseSpec(
            question={"fr": "Au début d'une manche, quelle est la probabilité que la première carte Exploration soit un dragon ?",
                      "en": "At the start of a round, what is the chance that the first exploration card is a dragon?"},
            answer=Fraction(8, 58),
            hint={"fr": "les cas favorables sur les cas possibles : combien de dragons, combien de cartes ?",
                  "en": "favourable cases over possible cases: how many dragons, how many cards?"},
            solution={"fr": "8 dragons sur 58 cartes, toutes aussi probables : 8/58 = 4/29 ≈ 0,138.",
                      "en": "8 dragons among 58 equally likely cards: 8/58 = 4/29 ≈ 0.138."},
        ),
        ExerciseSpec(
            question={"fr": "Quelle est la probabilité que les deux premières cartes Exploration ne soient pas des dragons ?",
                      "en": "What is the chance that neither of the first two exploration cards is a dragon?"},
            answer=Fraction(50 * 49, 58 * 57),
            hint={"fr": "après une première carte sans dragon, il reste 57 cartes, dont 49 sans dragon.",
                  "en": "after a first card that is not a dragon, 57 cards are left, 49 of them not dragons."},
            solution={"fr": "50/58 pour la première, puis 49/57 : 50/58 × 49/57 = 2450/3306 = 1225/1653 ≈ 0,741.",
                      "en": "50/58 for the first, then 49/57: 50/58 × 49/57 = 2450/3306 = 1225/1653 ≈ 0.741."},
        ),
        ExerciseSpec(
            question={"fr": "Combien d'or rapporte en moyenne la première carte Exploration (un dragon ne rapporte rien) ?",
                      "en": "How much gold does the first exploration card bring on average (a dragon brings none)?"},
            answer=Fraction(33, 29), probability=False,
            hint={"fr": "multipliez chaque gain par sa probabilité, puis additionnez.",
                  "en": "multiply each gain by its probability, then add them up."},
            solution={"fr": "(1 × 20 + 1 × 14 + 2 × 16 + 0 × 8) / 58 = 66/58 = 33/29 ≈ 1,138 or.",
                      "en": "(1 × 20 + 1 × 14 + 2 × 16 + 0 × 8) / 58 = 66/58 = 33/29 ≈ 1.138 gold."},
        ),
        ExerciseSpec(
            question={"fr": "Votre mineur est sur la case 6, Dragobert sur la case 7. Il reste 40 cartes Exploration, dont "
                            "12 yeux et 4 dragons. Quelle est la probabilité d'être grillé si vous explorez ?",
                      "en": "Your miner is on card 6, Dragobert on card 7. 40 exploration cards are left, 12 of them eyes and "
                            "4 dragons. What is the chance of being burned if you explore?"},
            answer=Fraction(16, 40),
            hint={"fr": "un dragon vous grille, mais une carte yeux aussi : elle vous fait avancer d'un pas… sur Dragobert.",
                  "en": "a dragon burns you, but so does an eyes card: it walks you one step… onto Dragobert."},
            solution={"fr": "Les cartes qui grillent : 4 dragons + 12 yeux = 16 sur 40, soit 2/5 = 40 %. "
                            "P(dragon) seule (4/40 = 10 %) sous-estime le risque quatre fois.",
                      "en": "The cards that burn: 4 dragons + 12 eyes = 16 of 40, that is 2/5 = 40%. "
                            "P(dragon) alone (4/40 = 10%) underestimates the risk fourfold."},
        ),
    ),
    summary=board_summary,
)

__all__ = ["SPEC", "exact_dragon_within", "simulate_dragon_within"]
