# %% [markdown] lang="fr"
# # Gold am Yukon : un dé qui relance — une enquête sur l'espérance
#
# À Gold am Yukon, on lance un dé à chaque tour, mais **un 1 fait relancer** : on ajoute le 1 et l'on relance
# (encore un 1 ? on relance encore). Combien de points fait-on en moyenne par tour ? Pas 3,5 : ce carnet montre
# pourquoi c'est **21/5 = 4,2**, par une équation, par une série, puis par une simulation.
#
# **Mode d'emploi.** Exécutez les cellules dans l'ordre (Maj + Entrée, ou *Run → Run All Cells*). Les cellules
# ✏️ **À vous** sont faites pour être modifiées ; les cellules ✔ **Vérifier** disent si votre réponse est juste,
# sans la donner.
# %% [markdown] lang="en"
# # Gold am Yukon: a die that rolls again — an investigation of expectation
#
# In Gold am Yukon you throw a die on each turn, but **a 1 rolls again**: you add the 1 and roll again (another 1?
# roll again). How many pips does a turn give on average? Not 3.5: this notebook shows why it is
# **21/5 = 4.2**, by an equation, by a series, then by a simulation.
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
from mineedu.explore import check, percent, show
from mineedu.games.yukon import (
    pip_distribution,
    pip_mean,
    pip_probability,
    simulate_pips,
    simulate_turns,
    turns_to_collect,
)
from mineedu.ui import charts


def num(x):
    return format_number(x, LANG, 3)


game = mineedu.make("yukon", players=3)
show(first_decision(game.initial_state(), np.random.default_rng(1)), LANG)

# %% [markdown] lang="fr"
# ## 1. L'espérance par une équation
#
# Notons $E$ le nombre moyen de points d'un tour. Le premier lancer donne 1, 2, …, 6 avec la probabilité $1/6$
# chacun, en moyenne $3{,}5$. Avec la probabilité $1/6$ c'est un 1, et l'on recommence un tour tout neuf, qui
# rapporte encore $E$ en moyenne :
#
# $$E = 3{,}5 + \frac{1}{6}E \quad\Longrightarrow\quad \frac{5}{6}E = \frac{7}{2} \quad\Longrightarrow\quad E = \frac{21}{5} = 4{,}2.$$
# %% [markdown] lang="en"
# ## 1. The expectation by an equation
#
# Let $E$ be the mean number of pips of a turn. The first throw gives 1, 2, …, 6 with probability $1/6$ each,
# $3.5$ on average. With probability $1/6$ it is a 1, and a brand new turn starts, which brings $E$ more on average:
#
# $$E = 3.5 + \frac{1}{6}E \quad\Longrightarrow\quad \frac{5}{6}E = \frac{7}{2} \quad\Longrightarrow\quad E = \frac{21}{5} = 4.2.$$

# %%
E = Fraction(7, 2) / (1 - Fraction(1, 6))
E, pip_mean(), E == pip_mean()

# %% [markdown] lang="fr"
# ## 2. La loi des points d'un tour
#
# Un tour ne fait jamais exactement 1 point (un 1 relance). Il fait $t$ points, pour $2 \le t \le 6$, avec la
# probabilité $1/6$ ; au-delà, il faut d'abord un 1, puis un tour qui fait $t-1$ :
#
# $$P(T = t) = \frac{1}{6}\,[2 \le t \le 6] + \frac{1}{6}\,P(T = t-1).$$
#
# Par exemple, 7 points : 1 puis 6, ou 1, 1 puis 5, … jusqu'à cinq 1 puis 2. C'est une somme **géométrique** :
#
# $$P(T = 7) = \frac{1}{6^2} + \frac{1}{6^3} + \frac{1}{6^4} + \frac{1}{6^5} + \frac{1}{6^6} = \frac{1555}{46656}.$$
# %% [markdown] lang="en"
# ## 2. The distribution of a turn's pips
#
# A turn never gives exactly 1 pip (a 1 rolls again). It gives $t$ pips, for $2 \le t \le 6$, with probability
# $1/6$; beyond that, it needs a 1 first, then a turn that gives $t-1$:
#
# $$P(T = t) = \frac{1}{6}\,[2 \le t \le 6] + \frac{1}{6}\,P(T = t-1).$$
#
# For example, 7 pips: 1 then 6, or 1, 1 then 5, … up to five 1s then a 2. That is a **geometric** sum:
#
# $$P(T = 7) = \frac{1}{6^2} + \frac{1}{6^3} + \frac{1}{6^4} + \frac{1}{6^5} + \frac{1}{6^6} = \frac{1555}{46656}.$$

# %%
sum(Fraction(1, 6**j) for j in range(2, 7)) == pip_probability(7)

# %%
dist, more = pip_distribution(12)
for t, p in dist.items():
    print(f"{t:2}   {str(p):>14}   {percent(p, LANG, 2):>8}")
print("> 12", more)

# %% [markdown] lang="fr"
# ## 3. Simuler dix mille tours
#
# Le simulateur du jeu lance le dé comme les règles (un 1 ajoute et relance), pour beaucoup de tours à la fois.
# Les barres sont les fréquences simulées ; les traits noirs, les probabilités exactes.
# %% [markdown] lang="en"
# ## 3. Simulating ten thousand turns
#
# The game's simulator throws the die as the rules do (a 1 adds and rolls again), for many turns at once.
# The bars are the simulated frequencies; the black marks, the exact probabilities.

# %%
#fr: ✏️ À vous : changez la graine ou le nombre de tours, puis relancez.
#en: ✏️ Your turn: change the seed or the number of turns, then run again.
seed, turns = 2026, 10_000

sample = simulate_pips(turns, seed=seed)
mean, low, high = sample.mean()
#fr> print(f"moyenne simulée : {num(mean)} (intervalle à 95 % : {num(low)} à {num(high)})")
#en> print(f"simulated mean: {num(mean)} (95% interval: {num(low)} to {num(high)})")
print("E = 21/5 =", num(Fraction(21, 5)))
values = list(range(2, 13))
#fr> labels = {"x": "points d'un tour", "y": "probabilité", "simulated": "simulé", "exact": "exact"}
#en> labels = {"x": "pips in a turn", "y": "probability", "simulated": "simulated", "exact": "exact"}
simulated = [sample.frequency(t) for t in values]
exact = [float(dist[t]) for t in values]
show(charts.histogram(values, simulated, exact, lang=LANG, labels=labels))

# %% [markdown] lang="fr"
# ## 4. ✏️ À vous : changer le dé
#
# L'équation marche pour tout dé : avec $n$ faces dont une qui relance, $E = \frac{n+1}{2} + \frac{1}{n}E$.
# Les fonctions du jeu prennent le dé en paramètres (`sides` : les faces, `reroll` : la face qui relance, 0 pour
# aucune), ou celui d'une partie (`die=` une partie ou un état). Une partie se crée avec le dé qu'on veut :
# `mineedu.make("yukon", 3, sides=8)`.
# %% [markdown] lang="en"
# ## 4. ✏️ Your turn: change the die
#
# The equation works for any die: with $n$ faces, one of which rolls again, $E = \frac{n+1}{2} + \frac{1}{n}E$.
# The game's functions take the die as parameters (`sides`: the faces, `reroll`: the face that rolls again, 0 for
# none), or a game's (`die=` a game or a state). A game can be made with any die: `mineedu.make("yukon", 3, sides=8)`.

# %%
#fr: ✏️ À vous : changez le dé (par exemple sides = 8, ou reroll = 0), puis relancez.
#en: ✏️ Your turn: change the die (for example sides = 8, or reroll = 0), then run again.
sides, reroll = 6, 1

my_game = mineedu.make("yukon", players=3, sides=sides, reroll=reroll)
exact_mean = pip_mean(die=my_game)
sim_mean = simulate_pips(20_000, seed=7, die=my_game).mean()[0]
#fr> print(f"E = {exact_mean} ≈ {num(exact_mean)} ; simulé : {num(sim_mean)}")
#en> print(f"E = {exact_mean} ≈ {num(exact_mean)}; simulated: {num(sim_mean)}")

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Avec un dé à **4** faces où le 1 relance, combien de points fait-on en moyenne par tour ?
# Résolvez l'équation à la main, écrivez la réponse à la place de `None` (une fraction comme `"3/7"` ou, à
# 0,001 près, un décimal comme `"0,429"`), puis exécutez la cellule.
# %% [markdown] lang="en"
# ✔ **Check.** With a **4**-sided die where a 1 rolls again, how many pips does a turn give on average? Solve the
# equation by hand, write the answer in place of `None` (a fraction such as `"3/7"` or, to within 0.001, a decimal
# such as `"0.429"`), then run the cell.

# %%
my_answer = None

#fr> check(my_answer, pip_mean(sides=4), LANG, probability=False, hint="E = 2,5 + E/4.")
#en> check(my_answer, pip_mean(sides=4), LANG, probability=False, hint="E = 2.5 + E/4.")

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Quelle est la probabilité qu'un tour fasse **au moins 7** points ? (Une fraction, ou un
# décimal à 0,001 près.)
# %% [markdown] lang="en"
# ✔ **Check.** What is the chance that a turn gives **at least 7** pips? (A fraction, or a decimal to within
# 0.001.)

# %%
my_answer = None

#fr: P(plus de 6 points), le reste de la loi au-delà de 6
#en: P(more than 6 pips), what the distribution leaves beyond 6
dist_to_6, at_least_7 = pip_distribution(6)
#fr> hint = "passez par le contraire : 1 moins la somme des P(T = t) de la table, t de 2 à 6."
#en> hint = "go through the opposite: 1 minus the sum of the table's P(T = t), t from 2 to 6."
check(my_answer, at_least_7, LANG, hint=hint)

# %% [markdown] lang="fr"
# ## 5. Combien de tours pour poser 12 pions ?
#
# Au début, chaque équipe pose ses 12 pions, autant par tour que de points. Soit $N$ le nombre de tours
# nécessaires. Son espérance se calcule de haut en bas : avec $c$ pions déjà posés,
# $E(c) = 1 + \sum_j P(T = j)\,E(c + j)$, et $E(c) = 0$ dès que $c \ge 12$.
# %% [markdown] lang="en"
# ## 5. How many turns to place 12 pawns?
#
# At the start each team places its 12 pawns, as many a turn as its pips. Let $N$ be the number of turns needed.
# Its expectation is computed from the top down: with $c$ pawns placed, $E(c) = 1 + \sum_j P(T = j)\,E(c + j)$,
# and $E(c) = 0$ once $c \ge 12$.

# %%
#fr: ✏️ À vous : changez le nombre de pions à poser.
#en: ✏️ Your turn: change the number of pawns to place.
need = 12

law, longer, expected = turns_to_collect(need, max_turns=8)
sample = simulate_turns(need, 20_000, seed=seed)
#fr> print("tours   exact      simulé")
#en> print("turns   exact      simulated")
for n in range(1, 9):
    print(f"{n:4}   {percent(law[n], LANG):>8}   {percent(sample.frequency(n), LANG):>8}")
#fr> print(f"E(N) = {expected} ≈ {num(expected)} ; simulé : {num(sample.mean()[0])}")
#en> print(f"E(N) = {expected} ≈ {num(expected)}; simulated: {num(sample.mean()[0])}")

# %% [markdown] lang="fr"
# ## 6. Revoir ses décisions
#
# Une bonne décision peut mal finir, et une mauvaise bien finir. `yukon.review(partie, joueur)` reprend chaque
# décision d'un joueur : ce qu'il voyait alors, chaque option avec son calcul exact (les points de dé qu'il faut encore pour atteindre le cercle d'un gain libre après chaque pas possible), et sa
# probabilité de gagner si on la prend et que les robots de la leçon finissent la partie : des parties simulées à
# partir de la position même (rien n'est caché : le dé se lance quand on le lance), jusqu'à un intervalle à 95 %
# de ±5 points.
# Ici une partie jouée par ces robots ; une partie exportée du plateau (« Partie sauvegardée ») se lit avec
# `mineedu.SavedGame.loads(texte)`.
# %% [markdown] lang="en"
# ## 6. Reviewing one's decisions
#
# A good decision can end badly and a bad one well. `yukon.review(game, player)` goes over each decision of one
# player: what they saw then, each option with its exact odds (the pips still needed to reach the ring of a free claim after each possible step), and the chance of winning if
# it is taken and the lesson's bots finish the game: games simulated from the very position (nothing is hidden: the
# die is thrown when it is thrown), until the 95% interval is within ±5 points. Here a game the bots played; a game exported from the
# board ("Saved game") is read with `mineedu.SavedGame.loads(text)`.

# %%
from mineedu.explore import bot_game
from mineedu.games import yukon

played = bot_game(mineedu.make("yukon", players=3), seed=3)
reviewed = yukon.review(played, 0, LANG)
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
# * Pourquoi la variance vaut-elle $56/25$ ? (Indice : $E[T^2] = \frac{1}{6}\sum_{v=2}^{6} v^2 + \frac{1}{6}E[(1+T)^2]$.)
# * Quelle face vaudrait-il mieux faire relancer, le 1 ou le 6 ? Essayez `reroll=6`.
# * Les leçons de la page d'accueil (`notebooks/index.ipynb`) font jouer la partie.
# %% [markdown] lang="en"
# ## Going further
#
# * Why is the variance $56/25$? (Hint: $E[T^2] = \frac{1}{6}\sum_{v=2}^{6} v^2 + \frac{1}{6}E[(1+T)^2]$.)
# * Which face would be better to roll again, the 1 or the 6? Try `reroll=6`.
# * The lessons of the start page (`notebooks/index.ipynb`) play the game.
