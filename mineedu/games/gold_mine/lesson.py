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
from mineedu.core.i18n import bilingual, count, format_number, typeset
from mineedu.core.lesson import ExerciseSpec, LessonSpec, Param, Predict, TeacherNotes, TournamentSpec, exact_text
from mineedu.core.positions import reached

from . import odds
from .cards import CARD_GOLD, DRAGON, EXPLORE_KINDS, EYES, LANTERN, NUGGET
from .panel import figures
from .simulate import dragons_found, start_deck
from .words import bot_name

DECK = start_deck()
CARDS, DRAGONS = sum(DECK), DECK[DRAGON]


def exercise_position(bots: tuple[str, ...] = ("greedy", "greedy", "burn:0.4", "random")) -> Any:
    """The position of the exercises, reached by legal moves: the first seeded game (seed 0, 1,
    ...) in which, in round 1 and with the deck face down, the player to move stands next to
    Dragobert after he has moved, holding at least 2 gold. Its text and answers are read from it."""
    def found(s: Any) -> bool:
        p = s.current_player()
        return bool(p >= 0 and s.phase == "turn" and s.positions[p] == s.dragon - 1
                    and s.dragon < s.game.config.track_length and s.gold(p) >= 2 and odds.can_explore(s, p))

    return reached(make("gold_mine", 4), bots, found, stop=lambda s: s.round > 1)


POSITION = exercise_position()
ME = POSITION.turn
HERE, DRAGOBERT, HELD = POSITION.positions[ME], POSITION.dragon, POSITION.gold(ME)
LEFT = tuple(POSITION.explore)
REACH_K = 3
NO_DRAGON_IN_TWO = odds.dragons_in_next(LEFT, 2)[0]
REACH_NONE = odds.dragons_in_next(LEFT, REACH_K).get(0, Fraction(0))
"""P(no dragon among the next REACH_K cards of the exercises' position): Dragobert stays put."""
MOVED = POSITION.game.config.track_length - DRAGOBERT
"""How many cards Dragobert has moved: one per dragon card drawn, so DRAGONS - MOVED dragons are left."""


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
    "position": {
        "fr": "Une partie jouée par les règles, manche 1, pioche face cachée. C'est à vous (J{p}) : votre mineur est sur "
              "la case {q}, Dragobert sur la case {dr}. Il a avancé de {moved} depuis la case 8, une par carte "
              "dragon sortie. Il reste {n} cartes Exploration : {nug} pépites, {lan} lanternes, {e} yeux et {d} dragons. ",
        "en": "A game played by the rules, round 1, deck face down. It is your turn (P{p}): your miner is on card {q}, "
              "Dragobert on card {dr}. He has moved {moved} from card 8, one per dragon card drawn. {n} "
              "exploration cards are left: {nug} nuggets, {lan} lanterns, {e} eyes and {d} dragons. ",
    },
    "q_burn": {"fr": "Quelle est la probabilité d'être grillé si vous explorez ?",
               "en": "What is the chance of being burned if you explore?"},
    "s_burn": {"fr": "Les cartes qui grillent : {d} dragons + {e} yeux, sur {n} : {burn} ≈ {pct}. P(dragon) seule ({dragon} "
                     "≈ {dpct}) sous-estime le risque.",
               "en": "The cards that burn: {d} dragons + {e} eyes, of {n}: {burn} ≈ {pct}. P(dragon) alone ({dragon} ≈ "
                     "{dpct}) underestimates the risk."},
    "q_two": {"fr": "Même position : quelle est la probabilité qu'aucune des deux prochaines cartes Exploration ne soit un "
                    "dragon (qui que ce soit qui les pioche) ?",
              "en": "The same position: what is the chance that neither of the next two exploration cards is a dragon "
                    "(whoever draws them)?"},
    "h_two": {"fr": "la première n'est pas un dragon avec la probabilité {safe}/{n} ; après elle, il reste {n1} cartes, dont "
                    "{safe1} sans dragon : multipliez.",
              "en": "the first is not a dragon with probability {safe}/{n}; after it {n1} cards are left, {safe1} of them not "
                    "dragons: multiply."},
    "s_two": {"fr": "{safe}/{n} × {safe1}/{n1} = <b>{exact}</b> ≈ {x}.",
              "en": "{safe}/{n} × {safe1}/{n1} = <b>{exact}</b> ≈ {x}."},
    "q_change": {"fr": "Même position : vous tenez {g} or cette manche. De combien votre or de la manche change-t-il en "
                       "moyenne si vous explorez (grillé, vous perdez tout ce que vous tenez) ?",
                 "en": "The same position: you hold {g} gold this round. By how much does your round's gold change on "
                       "average if you explore (burned, you lose all you hold)?"},
    "h_change": {"fr": "une pépite ou une lanterne ajoute 1 or ; une carte yeux ou dragon vous grille : −{g}. Chaque gain "
                       "multiplié par sa probabilité, puis la somme.",
                 "en": "a nugget or a lantern adds 1 gold; an eyes or a dragon card burns you: −{g}. Each gain times its "
                       "probability, then the sum."},
    "s_change": {"fr": "({nug} × 1 + {lan} × 1 − ({e} + {d}) × {g}) / {n} = <b>{exact}</b> ≈ {x} or : explorer ici coûte "
                       "en moyenne, alors que la première carte d'une manche rapporte en moyenne 33/29.",
                 "en": "({nug} × 1 + {lan} × 1 − ({e} + {d}) × {g}) / {n} = <b>{exact}</b> ≈ {x} gold: exploring here "
                       "costs on average, while the first card of a round brings on average 33/29."},
    "q_reach": {"fr": "Même position : quelle est la probabilité que Dragobert atteigne votre case ({q}) dans les {k} "
                      "prochaines cartes Exploration, qui que ce soit qui les pioche ?",
                "en": "The same position: what is the chance that Dragobert reaches your card ({q}) within the next {k} "
                      "exploration cards, whoever draws them?"},
    "h_reach": {"fr": "il lui suffit d'un dragon parmi les {k} cartes : passez par le contraire, aucun dragon, "
                      "C({safe} ; {k}) / C({n} ; {k}).",
                "en": "one dragon among the {k} cards is enough: go through the opposite, no dragon, "
                      "C({safe}, {k}) / C({n}, {k})."},
    "s_reach": {"fr": "P(aucun dragon dans les {k} cartes) = C({safe} ; {k}) / C({n} ; {k}) = {none} ; donc "
                      "P(il vous atteint) = 1 − {none} = <b>{exact}</b> ≈ {x}.",
                "en": "P(no dragon in the {k} cards) = C({safe}, {k}) / C({n}, {k}) = {none}; so P(he reaches you) = "
                      "1 − {none} = <b>{exact}</b> ≈ {x}."},
    "q_within": {
        "fr": "Au début d'une manche, quelle est la probabilité qu'au moins un dragon sorte {within} "
              "(58 cartes Exploration, dont 8 dragons) ?",
        "en": "At the start of a round, what is the chance that at least one dragon comes up {within} "
              "(58 exploration cards, 8 of them dragons)?",
    },
    "q_within_one": {
        "fr": "Au début d'une manche, quelle est la probabilité que la première carte soit un dragon "
              "(58 cartes Exploration, dont 8 dragons) ?",
        "en": "At the start of a round, what is the chance that the first card is a dragon "
              "(58 exploration cards, 8 of them dragons)?",
    },
    "k": {"fr": "k cartes", "en": "k cards"},
    "d_within": {
        "fr": "<p class='mineedu-derivation'>Le contraire : aucun dragon {within}. "
              "Sans remise, chaque carte piochée laisse une carte de moins : "
              "P(aucun dragon) = {prod} = C(50 ; {k}) / C(58 ; {k}) = {none}. "
              "Donc P(au moins un dragon) = 1 − {none} = <b>{exact}</b>.</p>",
        "en": "<p class='mineedu-derivation'>The opposite: no dragon {within}. "
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


def first_cards(k: int | None, lang: str, among: bool = False) -> str:
    """"in the first 3 cards" / "in the first card": the words for k, one card or several."""
    if lang == "en":
        word = "among" if among and k != 1 else "in"
        return f"{word} the first card" if k == 1 else f"{word} the first <b>{k}</b> cards"
    return "dans la première carte" if k == 1 else f"dans les <b>{k}</b> premières cartes"


def _position_text(lang: str) -> str:
    """The exercises' position in words, read from the state (a game played by the rules)."""
    moved = count(MOVED, lang, "case", "cases", "card", "cards")
    return W["position"][lang].format(q=HERE, dr=DRAGOBERT, moved=moved, n=sum(LEFT), nug=LEFT[NUGGET],
                                      lan=LEFT[LANTERN], e=LEFT[EYES], d=LEFT[DRAGON], p=ME + 1)


HINT_CHECKS = (
    lambda: Fraction(LEFT[DRAGON] + LEFT[EYES], sum(LEFT)),                       # the cards that burn, over those left
    lambda: Fraction(sum(LEFT) - LEFT[DRAGON], sum(LEFT)) * Fraction(sum(LEFT) - LEFT[DRAGON] - 1, sum(LEFT) - 1),
    lambda: Fraction(LEFT[NUGGET] + LEFT[LANTERN] - (LEFT[EYES] + LEFT[DRAGON]) * HELD, sum(LEFT)),  # +1, +1, -HELD
    lambda: 1 - Fraction(comb(sum(LEFT) - LEFT[DRAGON], REACH_K), comb(sum(LEFT), REACH_K)),  # 1 - P(no dragon in k)
)
"""Each exercise's hint applied literally, as a computation (the tests check it gives the answer)."""


def _question(key: str) -> Any:
    return lambda k, lang: W[key][lang].format(k=k, within=first_cards(k, lang))


def _question_within(k: int | None, lang: str) -> str:
    """P(at least one dragon in the first k cards); with one card, P(the first card is a dragon)."""
    return W["q_within_one"][lang] if k == 1 else _question("q_within")(k, lang)


def _derive_within(k: int | None, lang: str) -> str:
    assert k is not None
    prod = " × ".join(f"{50 - i}/{58 - i}" for i in range(k)) if k <= 4 else (
        " × ".join(f"{50 - i}/{58 - i}" for i in range(3)) + " × … × " + f"{50 - k + 1}/{58 - k + 1}")
    none = Fraction(comb(50, k), comb(58, k))
    return W["d_within"][lang].format(k=k, prod=prod, none=fraction_text(none), exact=fraction_text(1 - none),
                                      within=first_cards(k, lang, among=True).replace("<b>", "").replace("</b>", ""))


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


SPEC = typeset(LessonSpec(
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
              "them dragons; every card drawn is known by its effect, so the exact odds can always be computed.</p>",
    },
    players=4,
    seats=(None, "burn:0.2", "threshold:0.15", "cautious"),
    bot_choices=("random", "threshold:0.15", "threshold:0.3", "burn:0.2", "burn:0.4", "cautious", "greedy"),
    predict=(
        Predict(
            question=_question_within, param=Param({"fr": "k cartes", "en": "k cards"}, 1, 10, 3),
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
            question=bilingual(lambda lang: _position_text(lang) + W["q_burn"][lang]),
            answer=odds.burn_risk(POSITION),
            hint={"fr": "un dragon vous grille, mais une carte yeux aussi : elle vous fait avancer d'un pas… sur Dragobert. "
                        "Comptez les cartes qui grillent, sur les cartes qui restent.",
                  "en": "a dragon burns you, but so does an eyes card: it walks you one step… onto Dragobert. Count the "
                        "cards that burn, over the cards left."},
            solution=bilingual(lambda lang: W["s_burn"][lang].format(
                d=LEFT[DRAGON], e=LEFT[EYES], n=sum(LEFT), burn=fraction_text(odds.burn_risk(POSITION)),
                pct=format_number(odds.burn_risk(POSITION), lang, percent=True), dragon=fraction_text(odds.p_dragon_next(LEFT)),
                dpct=format_number(odds.p_dragon_next(LEFT), lang, percent=True))),
        ),
        ExerciseSpec(
            question=bilingual(lambda lang: W["q_two"][lang]),
            answer=NO_DRAGON_IN_TWO,
            hint=bilingual(lambda lang: W["h_two"][lang].format(n=sum(LEFT), safe=sum(LEFT) - LEFT[DRAGON],
                                                                n1=sum(LEFT) - 1, safe1=sum(LEFT) - LEFT[DRAGON] - 1)),
            solution=bilingual(lambda lang: W["s_two"][lang].format(
                n=sum(LEFT), safe=sum(LEFT) - LEFT[DRAGON], n1=sum(LEFT) - 1, safe1=sum(LEFT) - LEFT[DRAGON] - 1,
                exact=fraction_text(NO_DRAGON_IN_TWO),
                x=format_number(NO_DRAGON_IN_TWO, lang, 3))),
        ),
        ExerciseSpec(
            question=bilingual(lambda lang: W["q_change"][lang].format(g=HELD)),
            answer=odds.gold_change(POSITION), probability=False, tolerance=Fraction(1, 200),
            hint=bilingual(lambda lang: W["h_change"][lang].format(g=HELD)),
            solution=bilingual(lambda lang: W["s_change"][lang].format(
                nug=LEFT[NUGGET], lan=LEFT[LANTERN], e=LEFT[EYES], d=LEFT[DRAGON], n=sum(LEFT), g=HELD,
                exact=exact_text(odds.gold_change(POSITION)), x=format_number(odds.gold_change(POSITION), lang, 2))),
        ),
        ExerciseSpec(
            question=bilingual(lambda lang: W["q_reach"][lang].format(q=HERE, k=REACH_K)),
            answer=odds.p_dragon_reaches(POSITION, HERE, REACH_K),
            hint=bilingual(lambda lang: W["h_reach"][lang].format(k=REACH_K, n=sum(LEFT), safe=sum(LEFT) - LEFT[DRAGON])),
            solution=bilingual(lambda lang: W["s_reach"][lang].format(
                k=REACH_K, n=sum(LEFT), safe=sum(LEFT) - LEFT[DRAGON], none=fraction_text(REACH_NONE),
                exact=fraction_text(odds.p_dragon_reaches(POSITION, HERE, REACH_K)),
                x=format_number(odds.p_dragon_reaches(POSITION, HERE, REACH_K), lang, 3))),
        ),
    ),
    summary=board_summary,
))

__all__ = ["SPEC", "exact_dragon_within", "simulate_dragon_within"]
