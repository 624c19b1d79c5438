"""The Mine (coal) lesson: drawing cards and choosing in secret.

What the page teaches (``shared/LESSONS.md``): the raid as a hidden
simultaneous choice, a small zero-sum game whose exact mixed equilibrium
protects whoever plays it (a predictable raider is read and loses; against the
equilibrium defender, every raiding frequency earns the same value), and the
recruitment draw as a hypergeometric probability from the cards a player cannot
see. Every number comes from :mod:`.odds` (the raid game from the rules' own
raid, :func:`.odds.raid_game`).

The raid of the lesson: a Chief porion (3 helmets) against a rival as strong,
who holds 2 coal. By the rules, in coal (my gain minus the rival's):

>>> GAME
((0, 3), (1, 0))
>>> P_ATTACK, P_DEFEND, VALUE
(Fraction(3, 4), Fraction(1, 4), Fraction(3, 4))
>>> SPEC.predict[0].exact(30) == VALUE and SPEC.predict[1].exact(100) == 0
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np

from mineedu.core import fraction_text, make
from mineedu.core.i18n import french, typeset
from mineedu.core.lesson import ExerciseSpec, LessonSpec, Param, Predict, TeacherNotes, TournamentSpec

from . import odds
from .bots import bot_name, short_name
from .panel import figures
from .rules import CoalMineGame
from .words import card_name

# --- the raid of the lesson -------------------------------------------------------------

ATTACK, STOCK = 3, 2
_, _, GAME = odds.raid_game(ATTACK, ATTACK, STOCK)
P_ATTACK, P_DEFEND, VALUE = odds.raid_mix(ATTACK, ATTACK, STOCK)
MATRIX = np.array(GAME, dtype=np.int64)


def _bernoulli(p: Fraction, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` draws of 1 with probability exactly ``p`` (a whole number below the denominator)."""
    return (rng.integers(0, p.denominator, size=trials) < p.numerator).astype(np.int64)


def columns(percent: int | None) -> tuple[Fraction, Fraction]:
    """My mean gain a round against each of the rival's columns (mine, defend) when I raid ``percent`` %
    of the time."""
    assert percent is not None
    x = Fraction(percent, 100)
    return (1 - x) * GAME[0][0] + x * GAME[1][0], (1 - x) * GAME[0][1] + x * GAME[1][1]


def gain_against_equilibrium(percent: int | None) -> Fraction:
    """My mean gain a round when I raid ``percent`` % of the time and the rival defends with the
    equilibrium P(defend): the same whatever I do (the equilibrium makes me indifferent)."""
    mine, defend = columns(percent)
    return (1 - P_DEFEND) * mine + P_DEFEND * defend


def simulate_against_equilibrium(percent: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` secret rounds: I raid with P = ``percent`` %, the rival defends with P(defend)."""
    assert percent is not None
    raid = _bernoulli(Fraction(percent, 100), trials, rng)
    defend = _bernoulli(P_DEFEND, trials, rng)
    return np.asarray(MATRIX[raid, defend])


def best_reply(percent: int | None) -> int:
    """The rival's best column against my raiding frequency: 0 mine, 1 defend (mine on a tie)."""
    mine, defend = columns(percent)
    return 0 if mine <= defend else 1


def gain_against_a_reader(percent: int | None) -> Fraction:
    """My mean gain when the rival knows my raiding frequency and replies at best: the least of
    the two columns (this is what a mix guarantees; it is highest at the equilibrium)."""
    return min(columns(percent))


def simulate_against_a_reader(percent: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` rounds against a rival who always plays the best reply to my frequency."""
    raid = _bernoulli(Fraction(percent or 0, 100), trials, rng)
    return np.asarray(MATRIX[raid, best_reply(percent)])


# --- the recruitment draw -----------------------------------------------------------------


def start_unseen(players: int = 3) -> tuple[int, int]:
    """(cards a player cannot see, pipe-miners among them) at the first decision of a game."""
    game = make("coal_mine", players)
    f = figures(game.initial_state().observation(0))
    return f["unseen"], f["unseen_pipes"]


UNSEEN, PIPES = start_unseen()


def firedamp_in_round_one() -> Fraction:
    """P(firedamp hits my mine in round 1) at the lesson's first decision, from what I know with card
    counting: the grisou cards every seat may hold (its known cards and, unknown, at most all its
    cards: none here, nobody has drawn yet). 0 unless some seat may hold one."""
    game = CoalMineGame(3, dummy=True)
    view = game.initial_state().observation(0)
    i = game.index["grisou"]
    could = sum(known[i] for known in view.known) + sum(view.hand_sizes) - sum(map(sum, view.known))
    if could:  # pragma: no cover - the default hands hold no grisou
        raise ValueError("a seat may hold a grisou card at the start: the exercise's premise does not hold")
    return Fraction(0)


def start_hand_text(lang: str) -> str:
    """The public starting hand in words ("4 Mineurs, 4 Tuyauteurs"), from the rules' config."""
    game = make("coal_mine", 3)
    return ", ".join(f"{count} × {card_name(kind, lang)}" for kind, count in game.config.start_hand)


def exact_pipe(k: int | None) -> Fraction:
    """P(at least one pipe-miner among ``k`` cards drawn from the cards I cannot see), exact."""
    assert k is not None
    return odds.p_at_least(1, good=PIPES, total=UNSEEN, draws=k)


def simulate_pipe(k: int | None, trials: int, rng: np.random.Generator) -> np.ndarray:
    """``trials`` shuffles of the unseen cards (vectorized): 1 where a pipe-miner is among the first
    ``k``; a shuffle is a random order (draws without replacement), the first indices the pipe-miners."""
    assert k is not None
    keys = rng.random((trials, UNSEEN))
    first = np.argpartition(keys, k - 1, axis=1)[:, :k]
    return np.asarray((first < PIPES).any(axis=1), dtype=np.int8)


# --- words -------------------------------------------------------------------------------

W: dict[str, Mapping[str, str]] = {
    "matrix": {
        "fr": "<table class='mineedu-compare'><tr><th>vous \\ rival</th><th>il mine</th><th>il défend</th></tr>"
              "<tr><th>vous minez</th><td>0</td><td>+3</td></tr><tr><th>vous pillez</th><td>+1</td><td>0</td></tr></table>",
        "en": "<table class='mineedu-compare'><tr><th>you \\ rival</th><th>they mine</th><th>they defend</th></tr>"
              "<tr><th>you mine</th><td>0</td><td>+3</td></tr><tr><th>you raid</th><td>+1</td><td>0</td></tr></table>",
    },
    "q_eq": {
        "fr": "Vous et votre rival avez chacun un Chef porion (3 casques) ; il a 2 charbons. En secret, vous posez le vôtre "
              "à la Mine ou dans l'Abri des pilleurs contre lui ; lui, à la Mine ou sur sa Tour de guet. Le gain de la "
              "manche (votre charbon moins le sien) se lit dans le tableau. Votre rival joue l'équilibre : il défend une "
              "manche sur quatre, au hasard. Vous pillez <b>{p} %</b> des manches. Quel est votre gain moyen par manche ?",
        "en": "You and your rival each hold a Chief (3 helmets); they hold 2 coal. In secret, you lay yours on the Mine or "
              "in the Raiders' shelter against them; they lay theirs on the Mine or on their Watchtower. The round's gain "
              "(your coal minus theirs) is in the table. Your rival plays the equilibrium: they defend one round in four, "
              "at random. You raid in <b>{p}%</b> of the rounds. What is your mean gain a round?",
    },
    "q_reader": {
        "fr": "Même pillage, mais votre rival a observé vos manches : il sait que vous pillez <b>{p} %</b> du temps et "
              "joue à chaque manche ce qui vous rapporte le moins. Quel est votre gain moyen par manche ?",
        "en": "The same raid, but your rival has watched your rounds: they know you raid <b>{p}%</b> of the time and "
              "play each round what brings you least. What is your mean gain a round?",
    },
    "percent": {"fr": "P(je pille), en %", "en": "P(I raid), in %"},
    "d_eq": {
        "fr": "<p class='mineedu-derivation'>Avec P(piller) = x et P(défendre) = 1/4 : gain moyen = (1 − x) × (3/4 × 0 + "
              "1/4 × 3) + x × (3/4 × 1 + 1/4 × 0) = (1 − x) × 3/4 + x × 3/4 = <b>3/4</b>, <i>quel que soit x</i>. "
              "C'est ce que fait l'équilibre : P(défendre) = 1/4 est choisie pour que miner (3 × 1/4) et piller "
              "(1 × 3/4) vous rapportent autant. En la jouant, votre rival vous tient à 3/4 de charbon par manche, "
              "quoi que vous fassiez : mélanger ses choix au hasard le protège.</p>",
        "en": "<p class='mineedu-derivation'>With P(raid) = x and P(defend) = 1/4: mean gain = (1 − x) × (3/4 × 0 + "
              "1/4 × 3) + x × (3/4 × 1 + 1/4 × 0) = (1 − x) × 3/4 + x × 3/4 = <b>3/4</b>, <i>whatever x</i>. "
              "That is what the equilibrium does: P(defend) = 1/4 is chosen so that mining (3 × 1/4) and raiding "
              "(1 × 3/4) bring you the same. Playing it, your rival holds you to 3/4 coal a round, whatever you do: "
              "mixing their choices at random protects them.</p>",
    },
    "d_reader": {
        "fr": "<p class='mineedu-derivation'>S'il mine, vous gagnez x × 1 ; s'il défend, (1 − x) × 3. Il choisit le "
              "plus petit : gain = min(x ; 3(1 − x)) = <b>{exact}</b> pour x = {p} %. Ce minimum est le plus grand quand "
              "les deux sont égaux : x = 3(1 − x), soit x = 3/4 : l'équilibre, qui vous garantit 3/4 même face à un rival "
              "qui vous lit. Un pilleur prévisible (x = 100 %) est lu : votre rival défend toujours, et vous ne gagnez "
              "rien.</p>",
        "en": "<p class='mineedu-derivation'>If they mine, you gain x × 1; if they defend, (1 − x) × 3. They pick the "
              "smaller: gain = min(x, 3(1 − x)) = <b>{exact}</b> for x = {p}%. That minimum is largest where both are "
              "equal: x = 3(1 − x), that is x = 3/4: the equilibrium, which guarantees you 3/4 even against a rival who "
              "reads you. A predictable raider (x = 100%) is read: your rival always defends, and you gain nothing.</p>",
    },
    "c_eq": {"fr": "l'équilibre (P(piller) = 3/4) face à ce rival", "en": "the equilibrium (P(raid) = 3/4) against this rival"},
    "c_pred": {"fr": "piller toujours (prévisible) face à un rival qui vous lit",
               "en": "always raiding (predictable), against a rival who reads you"},
    "c_never": {"fr": "ne jamais piller, face à un rival qui vous lit", "en": "never raiding, against a rival who reads you"},
    "c_naive": {"fr": "piller toujours face à un rival prévisible qui ne défend jamais",
                "en": "always raiding against a predictable rival who never defends"},
    "q_pipe": {
        "fr": "Au début de la partie, chacun a la même main de départ, connue de tous : {hand}. En comptant les cartes, "
              "celles que vous ne pouvez pas situer sont donc les {n} de la pioche, dont {g} tuyauteurs. Vous recrutez "
              "{kc}. Quelle est la probabilité d'y trouver au moins un tuyauteur ?",
        "en": "At the start of the game everyone holds the same starting hand, known to all: {hand}. Counting cards, the "
              "cards you cannot place are therefore the {n} of the deck, {g} of them pipe-miners. You recruit {kc}. "
              "What is the chance of finding at least one pipe-miner {among}?",
    },
    "k": {"fr": "k cartes", "en": "k cards"},
    "d_pipe": {
        "fr": "<p class='mineedu-derivation'>Le contraire : aucun tuyauteur {among}. Sans remise, on choisit "
              "{cards} parmi les {bad} qui ne sont pas des tuyauteurs : P(aucun) = C({bad} ; {k}) / C({n} ; {k}) = "
              "{none}. Donc P(au moins un) = 1 − {none} = <b>{exact}</b> (loi hypergéométrique).</p>",
        "en": "<p class='mineedu-derivation'>The opposite: no pipe-miner {among}. Without replacement, {cards} "
              "chosen among the {bad} that are not pipe-miners: P(none) = C({bad}, {k}) / C({n}, {k}) = {none}. "
              "So P(at least one) = 1 − {none} = <b>{exact}</b> (the hypergeometric law).</p>",
    },
    "with": {"fr": "avec remise : 1 − ({bad}/{n})^{k}", "en": "with replacement: 1 − ({bad}/{n})^{k}"},
    "without": {"fr": "sans remise (le jeu) : 1 − C({bad} ; {k}) / C({n} ; {k})",
                "en": "without replacement (the game): 1 − C({bad}, {k}) / C({n}, {k})"},
}


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": french(fr), "en": en}


def words(key: str, lang: str, **fmt: Any) -> str:
    text = W[key][lang].format(**fmt) if fmt else W[key][lang]
    return french(text) if lang == "fr" else text


def _q_eq(p: int | None, lang: str) -> str:
    return words("q_eq", lang, p=p) + W["matrix"][lang]


def _q_reader(p: int | None, lang: str) -> str:
    return words("q_reader", lang, p=p) + W["matrix"][lang]


def _compare_reader(p: int | None, lang: str) -> list[tuple[str, Fraction]]:
    return [(words("c_eq", lang), gain_against_a_reader(75)), (words("c_pred", lang), gain_against_a_reader(100)),
            (words("c_never", lang), gain_against_a_reader(0)), (words("c_naive", lang), Fraction(GAME[1][0]))]


def _derive_pipe(k: int | None, lang: str) -> str:
    assert k is not None
    none = 1 - exact_pipe(k)
    if lang == "en":
        among, cards = ("in the card", "the card is") if k == 1 else (f"among the {k} cards", f"the {k} cards are")
    else:
        among, cards = ("dans la carte", "la carte") if k == 1 else (f"parmi les {k} cartes", f"les {k} cartes")
    return words("d_pipe", lang, k=k, n=UNSEEN, bad=UNSEEN - PIPES, none=fraction_text(none), exact=fraction_text(1 - none),
                 among=among, cards=cards)


def _compare_pipe(k: int | None, lang: str) -> list[tuple[str, Fraction]]:
    assert k is not None
    bad = UNSEEN - PIPES
    return [(words("without", lang, k=k, n=UNSEEN, bad=bad), exact_pipe(k)),
            (words("with", lang, k=k, n=UNSEEN, bad=bad), 1 - Fraction(bad, UNSEEN) ** k)]


READINGS = {
    "raider": _t("Ses adversaires ne lisent pas son jeu (le mineur prudent ne garde jamais sa tour) : exploiter un "
                 "adversaire prévisible rapporte plus que la valeur du jeu. Face à un rival qui le lirait, piller toujours "
                 "ne rapporterait rien (voir « Prédire » ci-dessus).",
                 "Its rivals do not read its play (the steady miner never guards its tower): exploiting a predictable "
                 "rival pays more than the value of the game. Against a rival who read it, always raiding would bring "
                 "nothing (see \"Predict\" above)."),
    "mix": _t("Son mélange au hasard ne se laisse pas exploiter : c'est ce que garantit l'équilibre.",
              "Its random mix cannot be exploited: that is what the equilibrium guarantees."),
    "steady": _t("Ici, peu de pillages réussissent : miner sans relâche suffit.",
                 "Here few raids succeed: mining steadily is enough."),
}


def _reading(result: Mapping[str, Any], lang: str) -> str:
    """What the tournament's chart says, from its result: the best bot, and why."""
    best = max(result["bots"], key=lambda r: r["win"]["mean"])
    head = _t("Le meilleur ici : {b}.", "Best here: {b}.")[lang].format(b=bot_name(best["bot"], lang))
    name = best["bot"].partition(":")[0]
    return head + (" " + READINGS[name][lang] if name in READINGS else "")


def board_summary(board: Any) -> str:
    """The board in one line: the seats, and the panel's figures for the player to move."""
    f = figures(board.session.state.observation(board.viewer()))
    seats = ", ".join("human" if s is None else s for s in board.session.seats)
    if f.get("player") is None:
        return f"Mine (coal) board: seats {seats}"
    raid = f["raids"][0] if f["raids"] else None
    return (f"Mine (coal) board: seats {seats} (the last is the dummy player); P{f['player'] + 1} to move; "
            f"P(at least one pipe-miner among {f['draws']} draws) = {f['pipe']}"
            + (f"; raid on P{raid['target'] + 1}: P(attack) = {raid['p_attack']}, value {raid['value']}" if raid else ""))


SPEC = typeset(LessonSpec(
    game="coal_mine",
    notebook="coal_mine.ipynb",
    title=_t("Mine (charbon) : tirer des cartes et choisir en secret", "Mine (coal): drawing cards and choosing in secret"),
    blurb=_t("Tirages hypergéométriques en comptant les cartes, et choix simultanés cachés : un pilleur prévisible "
             "gagne contre qui ne le lit pas, et ne gagne plus rien contre qui le lit.",
             "Hypergeometric draws with card counting, and hidden simultaneous choices: a predictable raider wins "
             "against rivals who do not read it, and gains nothing against one who does."),
    notes=TeacherNotes(
        level=_t("lycée (seconde à terminale)", "secondary school (ages 15–18)"),
        duration=_t("55 minutes (20 de jeu)", "55 minutes (20 of play)"),
        objectives=_t("probabilité d'un tirage sans remise (loi hypergéométrique) ; l'événement contraire ; espérance d'un "
                      "gain ; un jeu à somme nulle et sa stratégie mixte d'équilibre",
                      "the probability of drawing without replacement (the hypergeometric law); the complementary event; "
                      "expected gain; a zero-sum game and its mixed equilibrium strategy"),
        prerequisites=_t("fractions, probabilité d'un événement ; C(n ; k) pour le calcul exact ; "
                         "lire un tableau à double entrée",
                         "fractions, the probability of an event; C(n, k) for the exact computation; reading a two-way table"),
    ),
    rules=_t(
        "<p>Chaque manche, à tour de rôle, chacun pose une carte <b>face cachée</b> sur un des 5 emplacements de son plateau "
        "(jusqu'à 4 cartes, ou passe) : <b>Évènements</b> (coup de grisou, grève, wagonnet, renfort), <b>Abri des "
        "pilleurs</b> (pour piller un adversaire choisi), <b>Tour de guet</b> (défense), <b>Mine</b> (chaque casque "
        "extrait un charbon), <b>Recrutement</b> (piocher 2 cartes + les casques posés). Puis tout se retourne et se "
        "résout dans l'ordre : évènements (un coup de grisou vide les mines sans tuyauteur), pillages (attaque contre "
        "défense), vente (au plus la valeur du dé, 1 point par charbon), mine, recrutement. Cliquez une carte de votre "
        "main, puis l'emplacement ; pour piller, puis le plateau de la cible. Des autres, vous ne voyez que le nombre de "
        "cartes posées sur chaque emplacement. 6 manches ou 21 points. Ici, le troisième joueur est le joueur fictif, "
        "joué par les règles.</p>",
        "<p>Each round, in turn, everyone lays one card <b>face down</b> on one of the 5 spaces of their board (up to "
        "4 cards, or passes): <b>Events</b> (firedamp, strike, wagon, reinforcement), <b>Raiders' shelter</b> (to raid a "
        "chosen rival), <b>Watchtower</b> (defence), <b>Mine</b> (each helmet mines one coal), <b>Recruitment</b> (draw "
        "2 cards + the helmets laid). Then everything is turned face up and resolved in order: events (firedamp empties "
        "the mines without a pipe-miner), raids (attack against defence), sales (at most the die's value, 1 point per "
        "coal), mine, recruitment. Click a card of your hand, then the space; to raid, then the target's board. Of the "
        "others you see only how many cards lie on each space. 6 rounds or 21 points. Here the third player is the dummy "
        "player, played by the rules.</p>"),
    players=3,
    config={"dummy": True},
    seats=(None, "mix", "random"),
    bot_choices=("random", "steady", "raider", "mix"),
    predict=(
        Predict(
            question=_q_eq, param=Param({"fr": W["percent"]["fr"], "en": W["percent"]["en"]}, 0, 100, 50),
            exact=gain_against_equilibrium, simulate=simulate_against_equilibrium, mean=True,
            derivation=lambda _p, lang: words("d_eq", lang),
        ),
        Predict(
            question=_q_reader, param=Param({"fr": W["percent"]["fr"], "en": W["percent"]["en"]}, 0, 100, 100),
            exact=gain_against_a_reader, simulate=simulate_against_a_reader, mean=True,
            derivation=lambda p, lang: words("d_reader", lang, p=p, exact=fraction_text(gain_against_a_reader(p))),
            compare=_compare_reader,
        ),
        Predict(
            question=lambda k, lang: words("q_pipe", lang, n=UNSEEN, g=PIPES, hand=start_hand_text(lang),
                                           kc=f"<b>{k}</b> {'card' if lang == 'en' else 'carte'}{'s' if (k or 0) > 1 else ''}",
                                           among="in it" if k == 1 else "among them"),
            param=Param({"fr": W["k"]["fr"], "en": W["k"]["en"]}, 1, 6, 3),
            exact=exact_pipe, simulate=simulate_pipe, derivation=_derive_pipe, compare=_compare_pipe,
        ),
    ),
    tournament=TournamentSpec(
        question=_t("Quatre robots jouent l'un contre l'autre, les places tournent : au hasard ; le mineur prudent "
                    "(un tuyauteur, un recrutement, le reste à la mine) ; le pilleur (ses deux meilleures cartes sur le plus "
                    "riche) ; le robot « équilibre » (il pille et garde sa tour avec les probabilités du jeu du pillage). "
                    "Aucun ne lit le jeu des autres. Lequel gagne le plus souvent ? (barres : intervalles à 95 %)",
                    "Four bots play each other, seats rotating: random; the steady miner (a pipe-miner, one recruit, the "
                    "rest to the mine); the raider (its two best cards on the richest); the \"equilibrium\" bot (it raids "
                    "and guards its tower with the raid game's probabilities). None of them reads the others' play. Which "
                    "wins most often? (whiskers: 95% intervals)"),
        bots=("random", "steady", "raider", "mix"),
        players=4, games=(20, 400, 100), reading=_reading, bot_words=short_name,
    ),
    exercises=(
        ExerciseSpec(
            question=_t("Il reste 12 cartes que vous ne voyez pas, dont 4 tuyauteurs. Vous recrutez 2 cartes. Quelle est "
                        "la probabilité d'obtenir au moins un tuyauteur ?",
                        "12 cards are left that you cannot see, 4 of them pipe-miners. You recruit 2 cards. What is the "
                        "chance of getting at least one pipe-miner?"),
            answer=1 - Fraction(comb(8, 2), comb(12, 2)),
            hint=_t("passez par le contraire : aucun tuyauteur, c'est 2 cartes parmi les 8 autres.",
                    "go through the opposite: no pipe-miner means 2 cards among the 8 others."),
            solution=_t("P(aucun) = C(8 ; 2) / C(12 ; 2) = 28/66 ; donc P(au moins un) = 1 − 28/66 = 38/66 = 19/33 ≈ 0,576. "
                        "Autre chemin : 8/12 × 7/11 = 56/132 = 14/33 pour aucun.",
                        "P(none) = C(8, 2) / C(12, 2) = 28/66; so P(at least one) = 1 − 28/66 = 38/66 = 19/33 ≈ 0.576. "
                        "Another way: 8/12 × 7/11 = 56/132 = 14/33 for none."),
        ),
        ExerciseSpec(
            question=_t("Vous avez un Porion (2 casques), votre rival aussi, et il a 2 charbons. Gains (vous moins lui) : "
                        "vous minez et lui aussi, 0 ; vous minez et il défend, +2 ; vous pillez et il mine, +2 ; vous "
                        "pillez et il défend, 0. À l'équilibre, avec quelle probabilité pillez-vous ?",
                        "You hold a Foreman (2 helmets), so does your rival, who holds 2 coal. Gains (you minus them): "
                        "both mine, 0; you mine and they defend, +2; you raid and they mine, +2; you raid and they defend, "
                        "0. At the equilibrium, with what probability do you raid?"),
            answer=odds.raid_mix(2, 2, 2)[0],
            hint=_t("choisissez x pour que votre rival gagne autant à miner qu'à défendre : 2x = 2(1 − x).",
                    "choose x so that your rival does as well mining as defending: 2x = 2(1 − x)."),
            solution=_t("S'il mine, vous gagnez 2x ; s'il défend, 2(1 − x). Égaux pour x = 1/2 : c'est « pile ou face » "
                        "(matching pennies), l'équilibre est de piller une fois sur deux (1/2 = 0,5), au hasard ; "
                        "la valeur est 1.",
                        "If they mine you gain 2x; if they defend, 2(1 − x). Equal for x = 1/2: this is matching pennies, "
                        "the equilibrium raids half the time (1/2 = 0.5), at random; the value is 1."),
        ),
        ExerciseSpec(
            question=_t("Vous posez un Mineur et un Porion sur la Mine (3 casques), sans tuyauteur. Chacun de vos deux "
                        "rivaux pose un Grisou avec la probabilité 1/4, indépendamment. Combien de charbons extrayez-vous "
                        "en moyenne (la réserve suffit) ?",
                        "You lay a Miner and a Foreman on the Mine (3 helmets), without a pipe-miner. Each of your two "
                        "rivals lays a Firedamp card with probability 1/4, independently. How much coal do you mine on "
                        "average (the stock is enough)?"),
            answer=3 * Fraction(3, 4) ** 2, probability=False, tolerance=Fraction(1, 200),
            hint=_t("sans tuyauteur, un seul grisou vide votre mine : il faut qu'aucun des deux n'en pose.",
                    "without a pipe-miner, a single firedamp card empties your mine: you need neither rival to lay one."),
            solution=_t("P(aucun grisou) = 3/4 × 3/4 = 9/16 ; la mine donne 3 charbons dans ce cas, 0 sinon : "
                        "espérance = 3 × 9/16 = 27/16 ≈ 1,69 charbon.",
                        "P(no firedamp) = 3/4 × 3/4 = 9/16; the mine brings 3 coal then, 0 otherwise: "
                        "expectation = 3 × 9/16 = 27/16 ≈ 1.69 coal."),
        ),
        ExerciseSpec(
            question=_t("La partie de la leçon commence (3 joueurs, le 3e fictif) : en comptant les cartes, chacun tient "
                        "la main de départ connue de tous ({hand}). Vous posez votre première carte de la 1re manche. "
                        "Quelle est la probabilité qu'un coup de grisou frappe votre Mine cette manche ?".format(
                            hand=start_hand_text("fr")),
                        "The lesson's game starts (3 players, the 3rd a dummy): counting cards, everyone holds the "
                        "starting hand known to all ({hand}). You lay your first card of round 1. What is the chance "
                        "that firedamp hits your Mine this round?".format(hand=start_hand_text("en"))),
            answer=firedamp_in_round_one(), tolerance=Fraction(0),
            hint=_t("un coup de grisou ne frappe que si quelqu'un pose une carte Grisou sur ses Évènements : combien de "
                    "cartes Grisou y a-t-il dans les mains cette manche ?",
                    "firedamp only strikes if someone lays a Firedamp card on their Events: how many Firedamp cards are in "
                    "the hands this round?"),
            solution=_t("0 : les mains de départ n'ont que des Mineurs et des Tuyauteurs, et les cartes recrutées n'arrivent "
                        "qu'à la fin de la manche. Un Tuyauteur sur la Mine en 1re manche ne protège de rien : mieux vaut "
                        "le garder pour la suite, quand les Grisou piochés peuvent sortir.",
                        "0: the starting hands hold only Miners and Pipe-miners, and recruited cards arrive only at the "
                        "end of the round. A Pipe-miner on the Mine in round 1 shields from nothing: better keep it for "
                        "later, when drawn Firedamp cards may come out."),
        ),
    ),
    summary=board_summary,
))

HINT_CHECKS = (
    lambda: 1 - Fraction(comb(8, 2), comb(12, 2)),           # the opposite: 2 cards among the 8 others
    lambda: Fraction(1, 2),                                   # 2x = 2(1 - x)
    lambda: 3 * (1 - Fraction(1, 4)) ** 2,                    # neither rival lays one: 3 coal then, 0 otherwise
    lambda: Fraction(0),                                      # no grisou card in any hand this round
)
"""Each exercise's hint applied literally, as a computation (the tests check it gives the answer)."""

__all__ = ["SPEC", "exact_pipe", "gain_against_a_reader", "gain_against_equilibrium", "simulate_pipe"]
