# %% [markdown] lang="fr"
# # My Gold Mine : pourquoi 8/58 ? Une enquête sur les tirages sans remise
#
# Vous avez joué à My Gold Mine : à chaque tour, on explore (une carte de la pioche Exploration) ou on sort.
# Le tableau de bord affichait « P(prochaine carte = dragon) = 8/58 ». Ce carnet cherche **pourquoi**, puis ce qui
# change quand on pioche plusieurs cartes, quand on change le paquet, et quel est le **vrai** risque d'un mineur
# à côté de Dragobert.
#
# **Mode d'emploi.** Exécutez les cellules dans l'ordre (Maj + Entrée, ou *Run → Run All Cells*). Les cellules
# marquées ✏️ **À vous** sont faites pour être modifiées : changez un nombre, relancez la cellule, regardez ce qui
# bouge. Les cellules ✔ **Vérifier** disent si votre réponse est juste, sans la donner.
# %% [markdown] lang="en"
# # My Gold Mine: why 8/58? An investigation of drawing without replacement
#
# You have played My Gold Mine: on each turn you explore (a card from the exploration deck) or you leave.
# The board said "P(next card is a dragon) = 8/58". This notebook finds out **why**, then what changes when
# several cards are drawn, when the deck is changed, and what the **real** risk of a miner next to Dragobert is.
#
# **How to use it.** Run the cells in order (Shift + Enter, or *Run → Run All Cells*). The cells marked
# ✏️ **Your turn** are there to be changed: change a number, run the cell again, watch what moves. The
# ✔ **Check** cells tell you whether your answer is right, without giving it away.

# %%
#fr: La langue de ce carnet (images et messages)
#en: This notebook's language (pictures and messages)
#fr> LANG = "fr"
#en> LANG = "en"

from fractions import Fraction
from math import comb

import numpy as np

import mineedu
from mineedu.explore import check, frequency, percent, show
from mineedu.games.gold_mine import (
    EXPLORE_KINDS,
    burn_risk,
    dragons_in_next,
    gold_change,
    p_dragon_next,
    p_dragon_within,
    simulate_burn,
)
from mineedu.ui import charts

game = mineedu.make("gold_mine", players=4)
state = game.initial_state()
show(state, LANG)

# %% [markdown] lang="fr"
# ## 1. La pioche Exploration
#
# Elle compte 58 cartes : 20 pépites (1 or), 14 lanternes (1 or, un pas vers la sortie), 16 yeux (2 or, un pas
# vers Dragobert) et 8 dragons (Dragobert avance d'une case). Chaque carte se voit à son effet, donc tout le monde
# peut compter les cartes qui restent. L'état du jeu les tient dans `state.explore` :
# %% [markdown] lang="en"
# ## 1. The exploration deck
#
# It has 58 cards: 20 nuggets (1 gold), 14 lanterns (1 gold, one step toward the exit), 16 eyes (2 gold, one step
# toward Dragobert) and 8 dragons (Dragobert moves one card closer). Every card shows by its effect, so everyone can
# count the cards left. The game's state holds them in `state.explore`:

# %%
dict(zip(EXPLORE_KINDS, state.explore))

# %% [markdown] lang="fr"
# ## 2. La prochaine carte
#
# Les 58 cartes ont toutes la même chance d'être dessus. La probabilité d'un dragon est donc le nombre de cas
# favorables sur le nombre de cas possibles :
#
# $$P(\text{dragon}) = \frac{\text{dragons restants}}{\text{cartes restantes}} = \frac{8}{58} = \frac{4}{29} \approx 0{,}138.$$
# %% [markdown] lang="en"
# ## 2. The next card
#
# Each of the 58 cards is equally likely to be on top. The chance of a dragon is therefore the number of favourable
# cases over the number of possible cases:
#
# $$P(\text{dragon}) = \frac{\text{dragons left}}{\text{cards left}} = \frac{8}{58} = \frac{4}{29} \approx 0.138.$$

# %%
p_dragon_next(state)

# %% [markdown] lang="fr"
# ## 3. Plusieurs cartes : sans remise
#
# Quelle est la probabilité qu'au moins un dragon sorte parmi les $k$ premières cartes ? Le plus simple est de
# passer par le contraire, *aucun dragon*. La première carte n'est pas un dragon avec la probabilité $50/58$ ;
# il reste alors 57 cartes, dont 49 sans dragon, et ainsi de suite :
#
# $$P(\text{aucun dragon parmi } k) = \frac{50}{58}\cdot\frac{49}{57}\cdots\frac{50-k+1}{58-k+1} = \frac{\binom{50}{k}}{\binom{58}{k}},
# \qquad P(\text{au moins un dragon}) = 1 - \frac{\binom{50}{k}}{\binom{58}{k}}.$$
#
# Si l'on remettait chaque carte dans la pioche (**avec remise**), chaque tirage serait un dragon avec la même
# probabilité $8/58$, et l'on aurait $1 - \left(\frac{50}{58}\right)^k$. Comparez :
# %% [markdown] lang="en"
# ## 3. Several cards: without replacement
#
# What is the chance that at least one dragon comes up among the first $k$ cards? The easiest way is through the
# opposite, *no dragon*. The first card is not a dragon with probability $50/58$; then 57 cards are left, 49 of them
# not dragons, and so on:
#
# $$P(\text{no dragon among } k) = \frac{50}{58}\cdot\frac{49}{57}\cdots\frac{50-k+1}{58-k+1} = \frac{\binom{50}{k}}{\binom{58}{k}},
# \qquad P(\text{at least one dragon}) = 1 - \frac{\binom{50}{k}}{\binom{58}{k}}.$$
#
# If every card were put back into the deck (**with replacement**), each draw would be a dragon with the same
# probability $8/58$, and we would get $1 - \left(\frac{50}{58}\right)^k$. Compare:

# %%
#fr> print(" k   sans remise   avec remise")
#en> print(" k   without       with replacement")
for k in range(1, 11):
    without = p_dragon_within(k, 8, 58)
    with_replacement = p_dragon_within(k, 8, 58, replacement=True)
    print(f"{k:2}   {percent(without, LANG):>11}   {percent(with_replacement, LANG):>11}")

# %% [markdown] lang="fr"
# Sans remise, le risque monte un peu plus vite : chaque carte qui n'est pas un dragon laisse les 8 dragons
# dans une pioche plus petite. La formule et la fonction du jeu donnent bien la même valeur exacte :
# %% [markdown] lang="en"
# Without replacement the risk climbs a little faster: every card that is not a dragon leaves the 8 dragons in a
# smaller deck. The formula and the game's function give the same exact value:

# %%
k = 3
1 - Fraction(comb(50, k), comb(58, k)) == p_dragon_within(k, 8, 58)

# %% [markdown] lang="fr"
# ## 4. Simuler : battre la pioche dix mille fois
#
# Une simulation ne démontre rien, mais elle permet de vérifier un calcul. On bat la pioche `trials` fois (un
# ordre au hasard des 58 cartes, comme au jeu) et l'on compte les pioches battues qui ont un dragon parmi leurs $k$
# premières cartes.
# La **graine** fixe le hasard : la même graine redonne les mêmes essais ; une autre en donne d'autres.
# %% [markdown] lang="en"
# ## 4. Simulate: shuffling the deck ten thousand times
#
# A simulation proves nothing, but it checks a computation. We shuffle the deck `trials` times (a random order of
# the 58 cards, as in the game) and count the shuffles with a dragon among the first $k$ cards. The **seed** fixes
# the chance: the same seed gives the same trials again; another gives others.

# %%
#fr: ✏️ À vous : changez la graine, k ou le nombre d'essais, puis relancez.
#en: ✏️ Your turn: change the seed, k or the number of trials, then run again.
seed, k, trials = 2026, 3, 10_000

rng = np.random.default_rng(seed)
DRAGON = EXPLORE_KINDS.index("dragon")
#fr: les 58 cartes, chacune écrite par le numéro de sa sorte (3 = dragon)
#en: the 58 cards, each written as its kind's number (3 = dragon)
deck = np.repeat(np.arange(len(EXPLORE_KINDS)), state.explore)
#fr: une pioche battue par ligne
#en: one shuffled deck per row
shuffles = rng.permuted(np.tile(deck, (trials, 1)), axis=1)
hits = int((shuffles[:, :k] == DRAGON).any(axis=1).sum())
p = p_dragon_within(k, 8, 58)
#fr> print("simulé :", frequency(hits, trials, LANG))
#en> print("simulated:", frequency(hits, trials, LANG))
#fr> print("exact :", p, "≈", percent(p, LANG))
#en> print("exact:", p, "≈", percent(p, LANG))

# %% [markdown] lang="fr"
# Combien de dragons parmi les 5 premières cartes ? Le nombre $X$ de dragons suit une loi **hypergéométrique** :
# on choisit $j$ dragons parmi 8 et $5-j$ autres cartes parmi 50, sur toutes les façons de choisir 5 cartes parmi 58 :
#
# $$P(X = j) = \frac{\binom{8}{j}\binom{50}{5-j}}{\binom{58}{5}}.$$
#
# Les barres sont les fréquences des mêmes pioches battues ; les traits noirs, les probabilités exactes.
# %% [markdown] lang="en"
# How many dragons among the first 5 cards? The number $X$ of dragons follows a **hypergeometric** distribution:
# choose $j$ dragons among 8 and $5-j$ other cards among 50, over all the ways of choosing 5 cards among 58:
#
# $$P(X = j) = \frac{\binom{8}{j}\binom{50}{5-j}}{\binom{58}{5}}.$$
#
# The bars are the frequencies in the same shuffled decks; the black marks, the exact probabilities.

# %%
exact = dragons_in_next(state, 5)
counts = np.bincount((shuffles[:, :5] == DRAGON).sum(axis=1), minlength=len(exact))
values = sorted(exact)
#fr> labels = {"x": "dragons parmi les 5 premières cartes", "y": "probabilité",
#en> labels = {"x": "dragons among the first 5 cards", "y": "probability",
#fr>           "simulated": "simulé", "exact": "exact"}
#en>           "simulated": "simulated", "exact": "exact"}
#fr> line = " ; ".join(f"P(X = {j}) = {percent(p, LANG)}" for j, p in exact.items())
#en> line = ", ".join(f"P(X = {j}) = {percent(p, LANG)}" for j, p in exact.items())
print(line, "— Σ =", sum(exact.values()))
simulated = [counts[j] / trials for j in values]
probabilities = [float(exact[j]) for j in values]
show(charts.histogram(values, simulated, probabilities, lang=LANG, labels=labels))

# %% [markdown] lang="fr"
# ## 5. ✏️ À vous : changer le paquet
#
# Et avec 12 dragons ? Une partie se crée avec le paquet qu'on veut : `mineedu.make("gold_mine", 4, exploration=...)`.
# Changez les nombres ci-dessous, relancez, et regardez les probabilités bouger.
# %% [markdown] lang="en"
# ## 5. ✏️ Your turn: change the deck
#
# What about 12 dragons? A game can be made with any deck: `mineedu.make("gold_mine", 4, exploration=...)`.
# Change the numbers below, run again, and watch the odds move.

# %%
#fr: ✏️ À vous : changez le paquet (par exemple "dragon": 12), puis relancez cette cellule.
#en: ✏️ Your turn: change the deck (for example "dragon": 12), then run this cell again.
my_deck = {"nugget": 20, "lantern": 14, "eyes": 16, "dragon": 8}

my_state = mineedu.make("gold_mine", players=4, exploration=my_deck).initial_state()
p_next = p_dragon_next(my_state)
#fr> print("P(prochaine carte = dragon) =", p_next, "≈", percent(p_next, LANG))
#en> print("P(next card is a dragon) =", p_next, "≈", percent(p_next, LANG))
for k in (2, 5, 10):
    p = 1 - dragons_in_next(my_state, k).get(0, Fraction(0))
    #fr> print(f"P(au moins un dragon parmi {k:2} cartes) ≈ {percent(p, LANG)}")
    #en> print(f"P(at least one dragon among {k:2} cards) ≈ {percent(p, LANG)}")

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Avec 20 pépites, 14 lanternes, 16 yeux et **12** dragons, quelle est la probabilité que la
# première carte soit un dragon ? Calculez-la à la main, écrivez-la à la place de `None` (une fraction `"3/7"`,
# ou, à 0,001 près, un décimal `"0,429"` ou un pourcentage `"42,9 %"`), puis exécutez la cellule.
# %% [markdown] lang="en"
# ✔ **Check.** With 20 nuggets, 14 lanterns, 16 eyes and **12** dragons, what is the chance that the first card is
# a dragon? Work it out by hand, write it in place of `None` (a fraction `"3/7"`, or, to within 0.001, a decimal
# `"0.429"` or a percentage `"42.9%"`), then run the cell.

# %%
my_answer = None

twelve = {"nugget": 20, "lantern": 14, "eyes": 16, "dragon": 12}
exact = p_dragon_next(mineedu.make("gold_mine", players=4, exploration=twelve).initial_state())
#fr> check(my_answer, exact, LANG, hint="combien de cartes en tout, maintenant ?")
#en> check(my_answer, exact, LANG, hint="how many cards are there in all now?")

# %% [markdown] lang="fr"
# ## 6. Le bon risque : à côté de Dragobert
#
# Jouons une position. `state.apply(("explore",))` est le choix du joueur ; `.apply("dragon")` choisit le résultat
# du hasard (la carte piochée). Chacun pioche une pépite, puis J1, J2 et J3 piochent chacun un dragon :
# Dragobert passe de la case 8 à la case 5, juste à côté des mineurs, restés sur le chariot (case 4).
# %% [markdown] lang="en"
# ## 6. The right risk: next to Dragobert
#
# Let us play a position. `state.apply(("explore",))` is the player's choice; `.apply("dragon")` picks what chance
# does (the card drawn). Everyone draws a nugget, then P1, P2 and P3 each draw a dragon: Dragobert goes from card 8
# to card 5, right next to the miners, still on the cart (card 4).

# %%
near = game.initial_state()
for card in ["nugget"] * 4 + ["dragon"] * 3:
    near = near.apply(("explore",)).apply(card)
show(near, LANG)

# %% [markdown] lang="fr"
# C'est à J4 (1 or en main). Un **dragon** le grille : Dragobert avance sur sa case. Mais une carte **yeux** aussi :
# elle le fait avancer d'un pas… sur Dragobert. Il reste 51 cartes, dont 5 dragons et 16 yeux :
#
# $$P(\text{J4 grillé s'il explore}) = \frac{5 + 16}{51} = \frac{7}{17} \approx 41{,}2\ \%
# \qquad\text{alors que}\qquad P(\text{dragon}) = \frac{5}{51} \approx 9{,}8\ \%.$$
# %% [markdown] lang="en"
# P4 is to move (holding 1 gold). A **dragon** burns them: Dragobert moves onto their card. But so does an **eyes**
# card: it walks them one step… onto Dragobert. 51 cards are left, 5 of them dragons and 16 eyes:
#
# $$P(\text{P4 is burned if exploring}) = \frac{5 + 16}{51} = \frac{7}{17} \approx 41.2\%
# \qquad\text{while}\qquad P(\text{dragon}) = \frac{5}{51} \approx 9.8\%.$$

# %%
p_dragon_next(near), burn_risk(near), burn_risk(near) == Fraction(5 + 16, 51)

# %% [markdown] lang="fr"
# Le simulateur du jeu le confirme, `simulate_burn` : J4 pioche une carte dans la même pioche, encore et encore
# (les autres mineurs ne changent rien à cette carte-là). Il donne une fréquence et son intervalle à 95 %.
# %% [markdown] lang="en"
# The game's simulator agrees, `simulate_burn`: P4 draws one card from the same deck, again and again (the other
# miners change nothing about that one card). It gives a frequency and its 95% interval.

# %%
burned = simulate_burn(near, trials=100_000, seed=seed)
exact = percent(burn_risk(near), LANG)
#fr> print("grillé :", frequency(burned, lang=LANG), "— exact :", exact)
#en> print("burned:", frequency(burned, lang=LANG), "— exact:", exact)

# %% [markdown] lang="fr"
# Que rapporte l'exploration, en moyenne ? L'**espérance** de la variation de l'or de J4 est la somme des
# variations pondérées par leurs probabilités. Une pépite ou une lanterne rapporte 1 ; une carte yeux ou un dragon
# le grille et lui fait perdre les $g$ pièces d'or qu'il tient :
#
# $$E[\Delta] = \frac{16 \times 1 + 14 \times 1 + (16 + 5) \times (-g)}{51}, \qquad g = 1 :\ E[\Delta] = \frac{9}{51} = \frac{3}{17}.$$
# %% [markdown] lang="en"
# What does exploring bring, on average? The **expectation** of the change of P4's gold is the sum of the changes
# weighted by their probabilities. A nugget or a lantern brings 1; an eyes card or a dragon burns them, and they lose
# the $g$ gold they hold:
#
# $$E[\Delta] = \frac{16 \times 1 + 14 \times 1 + (16 + 5) \times (-g)}{51}, \qquad g = 1:\ E[\Delta] = \frac{9}{51} = \frac{3}{17}.$$

# %%
g = near.gold(3)
gold_change(near), gold_change(near) == Fraction(16 + 14 - (16 + 5) * g, 51)

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Votre mineur est sur la case 6, Dragobert sur la case 7. Il reste 40 cartes Exploration, dont
# 12 yeux et 4 dragons. Quelle est la probabilité d'être grillé si vous explorez ? (La cellule décrit cette position
# en quelques nombres : les cartes qui restent, les dragons, les yeux, et la distance jusqu'à Dragobert.)
# %% [markdown] lang="en"
# ✔ **Check.** Your miner is on card 6, Dragobert on card 7. 40 exploration cards are left, 12 of them eyes and
# 4 dragons. What is the chance of being burned if you explore? (The cell describes this position in a few numbers:
# the cards left, the dragons, the eyes, and the distance to Dragobert.)

# %%
my_answer = None

exact = burn_risk(cards=40, dragons=4, eyes=12, distance=1)
#fr> check(my_answer, exact, LANG, hint="un dragon vous grille, une carte yeux aussi.")
#en> check(my_answer, exact, LANG, hint="a dragon burns you, and so does an eyes card.")

# %% [markdown] lang="fr"
# ## 7. Dragobert arrivera-t-il jusqu'à moi ?
#
# Dragobert avance d'une case par dragon pioché, quel que soit le joueur qui le pioche. Pour atteindre la case $c$
# depuis la case $d$, il lui faut $m = d - c$ dragons parmi les $k$ prochaines cartes :
#
# $$P(\text{Dragobert atteint } c \text{ en } k \text{ cartes}) = \sum_{j \ge m} P(X_k = j).$$
#
# Au début de la manche (case 4, Dragobert en 8) il faut 4 dragons ; dans la position de J4, un seul. La cellule
# fait cette somme sur la loi de `dragons_in_next`.
# %% [markdown] lang="en"
# ## 7. Will Dragobert reach me?
#
# Dragobert moves one card per dragon drawn, whoever draws it. To reach card $c$ from card $d$ he needs
# $m = d - c$ dragons among the next $k$ cards:
#
# $$P(\text{Dragobert reaches } c \text{ within } k \text{ cards}) = \sum_{j \ge m} P(X_k = j).$$
#
# At the start of the round (card 4, Dragobert on 8) he needs 4 dragons; in P4's position, only one. The cell adds
# up that sum over the distribution of `dragons_in_next`.

# %%
#fr: ✏️ À vous : changez la case (card) ou le nombre de cartes (range), puis relancez.
#en: ✏️ Your turn: change the card or the number of cards (range), then run again.
card = 4


def reaches(s, card, k):
    #fr: P(Dragobert atteint la case card en k cartes) : au moins d - c dragons dans les k suivantes
    #en: P(Dragobert reaches card within k cards): at least d - c dragons among the next k cards
    m = s.dragon - card
    return sum((p for j, p in dragons_in_next(s, k).items() if j >= m), Fraction(0))


#fr> print(" k   début de manche   position de J4")
#en> print(" k   round start       P4's position")
for k in range(1, 11):
    start, now = reaches(state, card, k), reaches(near, card, k)
    print(f"{k:2}   {percent(start, LANG):>15}   {percent(now, LANG):>14}")

# %% [markdown] lang="fr"
# ## 8. Revoir ses décisions
#
# Une bonne décision peut mal finir, et une mauvaise bien finir. `gold_mine.review(partie, joueur)` reprend chaque
# décision d'un joueur : ce qu'il voyait alors, chaque option avec son calcul exact (le risque d'être grillé et la variation d'or espérée si l'on explore, la chance que la Sortie mène à l'échelle), et sa
# probabilité de gagner si on la prend et que les robots de la leçon finissent la partie : des parties simulées à
# partir de ce que ce joueur savait (les cartes pas encore piochées mélangées au hasard), jusqu'à un intervalle à 95 % de ±5 points.
# Ici une partie jouée par ces robots ; une partie exportée du plateau (« Partie sauvegardée ») se lit avec
# `mineedu.SavedGame.loads(texte)`.
# %% [markdown] lang="en"
# ## 8. Reviewing one's decisions
#
# A good decision can end badly and a bad one well. `gold_mine.review(game, player)` goes over each decision of one
# player: what they saw then, each option with its exact odds (the risk of being burned and the expected change of gold if you explore, the chance the exit reaches the ladder), and the chance of winning if
# it is taken and the lesson's bots finish the game: games simulated from what that player knew (the cards not yet drawn
# shuffled at random), until the 95% interval is within ±5 points. Here a game the bots played; a game exported from the
# board ("Saved game") is read with `mineedu.SavedGame.loads(text)`.

# %%
from mineedu.explore import bot_game
from mineedu.games import gold_mine

played = bot_game(mineedu.make("gold_mine", players=4, rounds=1), seed=3)
reviewed = gold_mine.review(played, 0, LANG)
#fr: les décisions où il y avait vraiment un choix (s'il y en a de forcées, elles sont écartées)
#en: the decisions with a real choice (forced ones, if any, are left out)
real = reviewed.choices()
len(reviewed), len(real)

# %%
#fr: ✏️ À vous : changez la décision revue (real[-1] est la dernière, real[-2] l'avant-dernière…).
#en: ✏️ Your turn: change the decision reviewed (real[-1] is the last, real[-2] the one before…).
reviewed.decision(real[-1])

# %% [markdown] lang="fr"
# ## Pour aller plus loin
#
# * La règle publiée joue la pioche **face visible** : `mineedu.make("gold_mine", 4, deck_mode="face_up")`.
#   Que devient `burn_risk` quand on voit la carte du dessus ?
# * Avec combien de dragons le risque « au moins un dragon parmi 5 cartes » dépasse-t-il 50 % ?
# * La leçon `gold_mine.ipynb` (dossier `notebooks/`) fait jouer la partie et compare des robots qui mesurent le
#   bon risque à ceux qui regardent seulement P(dragon).
# %% [markdown] lang="en"
# ## Going further
#
# * The published rules play the deck **face up**: `mineedu.make("gold_mine", 4, deck_mode="face_up")`.
#   What becomes of `burn_risk` when the top card is visible?
# * With how many dragons does the risk "at least one dragon among 5 cards" pass 50%?
# * The lesson `gold_mine.ipynb` (in `notebooks/`) plays the game and compares bots that measure the right risk with
#   bots that only watch P(dragon).
