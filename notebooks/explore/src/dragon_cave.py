# %% [markdown] lang="fr"
# # Au fin fond de la grotte du dragon : l'espérance et la course — une enquête
#
# Plus on descend dans la grotte, plus les trésors valent cher ; mais chaque trésor porté ralentit, et au retour
# le dragon se lance à votre poursuite. Où faut-il faire demi-tour ? Ce carnet calcule l'**espérance** d'une carte
# selon sa profondeur, puis la probabilité d'échapper au dragon (variante « dragon au dé ») par une
# **programmation dynamique**, et les compare à des plongées simulées.
#
# **Mode d'emploi.** Exécutez les cellules dans l'ordre (Maj + Entrée, ou *Run → Run All Cells*). Les cellules
# ✏️ **À vous** sont faites pour être modifiées ; les cellules ✔ **Vérifier** disent si votre réponse est juste,
# sans la donner.
# %% [markdown] lang="en"
# # Deep down in the dragon's cave: expectation and a race — an investigation
#
# The deeper into the cave, the more the treasures are worth; but every treasure carried slows you down, and on the
# way back the dragon chases you. Where should you turn back? This notebook computes the **expected value** of a
# card by its depth, then the chance of escaping the dragon (the "dice dragon" variant) by **dynamic
# programming**, and compares them with simulated dives.
#
# **How to use it.** Run the cells in order (Shift + Enter, or *Run → Run All Cells*). The ✏️ **Your turn** cells
# are there to be changed; the ✔ **Check** cells tell you whether your answer is right, without giving it away.

# %%
#fr: La langue de ce carnet (images et messages)
#en: This notebook's language (pictures and messages)
#fr> LANG = "fr"
#en> LANG = "en"

from fractions import Fraction

import numpy as np

import mineedu
from mineedu.core import first_decision
from mineedu.core.i18n import format_number
from mineedu.explore import check, frequency, percent, show
from mineedu.games.dragon_cave import (
    Config,
    break_even_depth,
    card_expectation,
    escape_probability,
    movement_distribution,
    simulate_escape,
    turn_back_curve,
)


def num(x):
    return format_number(x, LANG, 3)


game = mineedu.make("dragon_cave", players=3)
show(first_decision(game.initial_state(), np.random.default_rng(1)), LANG)

# %% [markdown] lang="fr"
# ## 1. Ce que vaut une carte
#
# Le chemin compte 24 cartes face cachée, en quatre familles de 6 : Facile (1, 1, 2, 2, 3, 3), Moyen
# (4 à 6), Difficile (7 à 9) et Héroïque (10 à 12). Une carte cachée d'une famille vaut en moyenne
#
# $$E = \sum_v v \cdot P(v) = \frac{7 + 7 + 8 + 8 + 9 + 9}{6} = 8 \quad\text{(Difficile)}.$$
#
# Une carte déjà retournée ne peut plus sortir : l'espérance des cartes restantes change (`seen=`). Appliquée à
# un état de la partie, `card_expectation(state, famille)` tient compte de toutes les cartes déjà retournées.
# %% [markdown] lang="en"
# ## 1. What a card is worth
#
# The path has 24 face-down cards in four families of 6: Facile (1, 1, 2, 2, 3, 3), Moyen (4 to 6), Difficile (7 to 9)
# and Héroïque (10 to 12). A hidden card of a family is worth on average
#
# $$E = \sum_v v \cdot P(v) = \frac{7 + 7 + 8 + 8 + 9 + 9}{6} = 8 \quad\text{(Difficile)}.$$
#
# A card already turned over cannot come up again: the expectation of the cards left changes (`seen=`). Given a
# state of the game, `card_expectation(state, family)` takes every card already turned over into account.

# %%
config = game.config
for family, values in enumerate(config.families):
    print(family, values, card_expectation(config, family))
#fr: une Difficile de 9 déjà vue : il reste 7, 7, 8, 8, 9
#en: a Difficile 9 already seen: 7, 7, 8, 8, 9 are left
card_expectation(config, 2, seen=[9])

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Que vaut en moyenne une carte **Moyen** cachée, quand on sait qu'un 4 et un 6 sont déjà sortis ?
# Écrivez la réponse à la place de `None` (un nombre comme `"7"` ou une fraction comme `"21/4"`).
# %% [markdown] lang="en"
# ✔ **Check.** What is a hidden **Moyen** card worth on average, once a 4 and a 6 are known to be out? Write the
# answer in place of `None` (a number such as `"7"` or a fraction such as `"21/4"`).

# %%
my_answer = None

exact = card_expectation(config, 1, seen=[4, 6])
#fr> check(my_answer, exact, LANG, probability=False, hint="la moyenne des valeurs qui restent.")
#en> check(my_answer, exact, LANG, probability=False, hint="the mean of the values left.")

# %% [markdown] lang="fr"
# ## 2. Le prix de la lenteur
#
# À chaque tour, un plongeur avance de $4 - c$ cases quand il porte $c$ cartes (variante « déplacement au dé » :
# un dé moins $c$, au moins 0). Porter, c'est ralentir.
# %% [markdown] lang="en"
# ## 2. The price of slowness
#
# Each turn a diver moves $4 - c$ cards when carrying $c$ cards (the "dice movement" variant: a die minus $c$, at
# least 0). Carrying means slowing down.

# %%
for cards in range(4):
    print(cards, movement_distribution(config, cards))
movement_distribution(Config(dice_movement=True), 1)

# %% [markdown] lang="fr"
# ## 3. La course contre le dragon au dé
#
# Un plongeur seul fait demi-tour sur la carte $d$ avec une carte : il a $d + 1$ pas à faire jusqu'à l'entrée,
# 3 par tour ; le dragon part de derrière la dernière carte et avance d'un dé (1 à 6) après chaque mouvement
# du plongeur ; il mange le plongeur s'il l'atteint ou le dépasse. Notons $P(a, g)$ la probabilité de sortir
# avec $a$ pas encore à faire et le dragon à $g$ cartes de l'entrée. Après un tour à 3 pas, le dragon avance de $k$ :
#
# $$P(a, g) = 1 \text{ si } a \le 3, \qquad
# P(a, g) = \sum_{k=1}^{6} \frac{1}{6}\,[\,g - k \ge a - 3\,]\;P(a - 3,\; g - k) \text{ sinon}.$$
#
# Chaque ligne se calcule à partir de la précédente : c'est la **programmation dynamique** de
# `escape_probability`.
# %% [markdown] lang="en"
# ## 3. The race against the dice dragon
#
# A lone diver turns back on card $d$ with one card: $d + 1$ steps to the entrance, 3 a turn; the dragon starts
# behind the last card and moves as many cards as a die shows (1 to 6) after each of the diver's moves; it eats
# the diver if it reaches or passes them. Let $P(a, g)$ be the chance of getting out with $a$ steps still to go and
# the dragon $g$ cards from the entrance. After a turn of 3 steps, the dragon moves $k$:
#
# $$P(a, g) = 1 \text{ if } a \le 3, \qquad
# P(a, g) = \sum_{k=1}^{6} \frac{1}{6}\,[\,g - k \ge a - 3\,]\;P(a - 3,\; g - k) \text{ otherwise}.$$
#
# Each row is computed from the one before: that is the **dynamic programming** of `escape_probability`.

# %%
#fr: ✏️ À vous : changez la graine, le nombre de plongées simulées
#en: ✏️ Your turn: change the seed, the number of simulated dives
#fr: ou celui des cartes portées au retour (cards).
#en: or that of the cards carried on the way back (cards).
seed, dives, cards = 2026, 20_000, 1

dice = Config(dice_dragon=True)
#fr> print(" d   pas  dragon   P(sortir) exacte   simulée")
#en> print(" d   steps dragon  P(escape) exact    simulated")
for depth in range(12, 24, 2):
    #fr: d + 1 pas jusqu'à l'entrée ; le dragon part de derrière la dernière carte
    #en: d + 1 steps to the entrance; the dragon starts behind the last card
    #fr: (moins les cartes prises)
    #en: (less the cards taken)
    steps, dragon = depth + 1, dice.cards - cards
    exact = escape_probability(depth=depth, cards=cards, config=dice)
    race = simulate_escape(depth=depth, cards=cards, config=dice, trials=dives, seed=seed)
    simulated = percent(race.frequency, LANG)
    print(f"{depth:2}   {steps:3}  {dragon:6}   {percent(exact, LANG):>16}   {simulated:>7}")

# %% [markdown] lang="fr"
# ## 4. Où faire demi-tour ?
#
# Ce que rapporte en moyenne un demi-tour sur la carte $d$ : la probabilité de sortir fois la valeur moyenne de
# la carte prise, $E_d = P_d(\text{sortir}) \times E(\text{famille de } d)$. Plus profond, la carte vaut plus, mais
# la course est plus risquée. La cellule finit par `break_even_depth` : la profondeur où ce trésor moyen est le
# plus grand (la plus profonde en cas d'égalité).
# %% [markdown] lang="en"
# ## 4. Where to turn back?
#
# What turning back on card $d$ brings on average: the chance of getting out times the mean value of the card
# taken, $E_d = P_d(\text{escape}) \times E(\text{family of } d)$. Deeper, the card is worth more, but the race is
# riskier. The cell ends with `break_even_depth`: the depth where that mean treasure is the greatest (the deepest
# if tied).

# %%
#fr: ✏️ À vous : essayez sans le dragon au dé (dice_dragon=False),
#en: ✏️ Your turn: try without the dice dragon (dice_dragon=False),
#fr: ou avec le déplacement au dé (dice_movement=True).
#en: or with dice movement (dice_movement=True).
my_config = Config(dice_dragon=True)

#fr> print(" d   P(sortir)   trésor moyen")
#en> print(" d   P(escape)   mean treasure")
for row in turn_back_curve(my_config)[::3]:
    print(f"{row['depth']:2}   {percent(row['p_escape'], LANG):>8}   {num(row['expected']):>7}")
#fr: la profondeur où faire demi-tour rapporte le plus en moyenne
#en: the depth where turning back brings the most on average
break_even_depth(my_config)

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Avec le dragon au dé, un plongeur porte une carte, à 4 pas de l'entrée ; le dragon est à 4 cartes
# de l'entrée, juste derrière lui. Quelle est la probabilité qu'il sorte ? (Un tour de 3 pas, puis le dé du
# dragon, puis un dernier pas.)
# %% [markdown] lang="en"
# ✔ **Check.** With the dice dragon, a diver carries one card, 4 steps from the entrance; the dragon is 4 cards
# from the entrance, right behind them. What is the chance of getting out? (A turn of 3 steps, then the dragon's
# die, then a last step.)

# %%
my_answer = None

exact = escape_probability(steps=4, cards=1, dragon=4, config=Config(dice_dragon=True))
#fr> hint = "après 3 pas, il en reste 1 : quels dés laissent le dragon derrière ?"
#en> hint = "after 3 steps, 1 is left: which throws keep the dragon behind?"
check(my_answer, exact, LANG, hint=hint)

# %% [markdown] lang="fr"
# ## 5. Revoir ses décisions
#
# Une bonne décision peut mal finir, et une mauvaise bien finir. `dragon_cave.review(partie, joueur)` reprend chaque
# décision d'un joueur : ce qu'il voyait alors, chaque option avec son calcul exact (P(sortir) et le trésor espéré depuis chaque destination), et sa
# probabilité de gagner si on la prend et que les robots de la leçon finissent la partie : des parties simulées à
# partir de ce que ce joueur savait (les cartes encore face cachée mélangées au hasard), jusqu'à un intervalle à 95 % de ±5 points.
# Ici une partie jouée par ces robots ; une partie exportée du plateau (« Partie sauvegardée ») se lit avec
# `mineedu.SavedGame.loads(texte)`.
# %% [markdown] lang="en"
# ## 5. Reviewing one's decisions
#
# A good decision can end badly and a bad one well. `dragon_cave.review(game, player)` goes over each decision of one
# player: what they saw then, each option with its exact odds (P(escape) and the expected treasure from each destination), and the chance of winning if
# it is taken and the lesson's bots finish the game: games simulated from what that player knew (the cards still face
# down shuffled at random), until the 95% interval is within ±5 points. Here a game the bots played; a game exported from the
# board ("Saved game") is read with `mineedu.SavedGame.loads(text)`.

# %%
from mineedu.explore import bot_game
from mineedu.games import dragon_cave

played = bot_game(mineedu.make("dragon_cave", players=3), seed=3)
reviewed = dragon_cave.review(played, 0, LANG)
#fr: les décisions où il y avait vraiment un choix (les autres étaient forcées)
#en: the decisions with a real choice (the others were forced)
real = reviewed.choices()
len(reviewed), len(real)

# %%
#fr: ✏️ À vous : changez la décision revue (real[-1] est la dernière, real[-2] l'avant-dernière…).
#en: ✏️ Your turn: change the decision reviewed (real[-1] is the last, real[-2] the one before…).
reviewed.decision(real[-1])

# %% [markdown] lang="fr"
# ## Pour aller plus loin
#
# * Avec deux cartes portées, on n'avance plus que de 2 pas par tour : refaites la table de la course en
#   changeant `cards` (`cards = 2`).
# * Les leçons de la page d'accueil (`notebooks/index.ipynb`) font jouer la partie.
# %% [markdown] lang="en"
# ## Going further
#
# * Carrying two cards, you move only 2 steps a turn: redo the race's table after changing `cards`
#   (`cards = 2`).
# * The lessons of the start page (`notebooks/index.ipynb`) play the game.
