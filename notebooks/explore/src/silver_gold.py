# %% [markdown] lang="fr"
# # Silver & Gold : compter avec les symétries — une enquête
#
# À Silver & Gold, chaque carte Expédition montre une forme (un domino, un triomino, un tétromino) qu'on place sur
# une de vos cartes Trésor, tournée ou retournée comme on veut. De combien de façons ? Et quelle est la chance
# qu'une forme donnée sorte pendant une manche ? Ce carnet compte les **orientations** d'une forme par ses
# **symétries**, les **placements** sur une carte, puis la probabilité $7/8$.
#
# **Mode d'emploi.** Exécutez les cellules dans l'ordre (Maj + Entrée, ou *Run → Run All Cells*). Les cellules
# ✏️ **À vous** sont faites pour être modifiées ; les cellules ✔ **Vérifier** disent si votre réponse est juste,
# sans la donner.
# %% [markdown] lang="en"
# # Silver & Gold: counting with symmetry — an investigation
#
# In Silver & Gold each expedition card shows a shape (a domino, a tromino, a tetromino) that you place on one of
# your treasure cards, turned or flipped as you like. In how many ways? And what is the chance that a given shape
# comes up during a round? This notebook counts a shape's **orientations** through its **symmetries**, its
# **placements** on a card, then the probability $7/8$.
#
# **How to use it.** Run the cells in order (Shift + Enter, or *Run → Run All Cells*). The ✏️ **Your turn** cells
# are there to be changed; the ✔ **Check** cells tell you whether your answer is right, without giving it away.

# %%
#fr: La langue de ce carnet (images et messages)
#en: This notebook's language (pictures and messages)
#fr> LANG = "fr"
#en> LANG = "en"

import numpy as np

import mineedu
from mineedu.core import first_decision
from mineedu.explore import check, frequency, percent, show
from mineedu.games.silver_gold import (
    SHAPE_NAMES,
    orientations,
    p_shape_this_round,
    placement_count,
    simulate_shape,
)


def draw(cells):
    #fr: une forme en texte : # pour chaque case qu'elle couvre
    #en: a shape as text: # for each box it covers
    rows, cols = max(r for r, c in cells) + 1, max(c for r, c in cells) + 1
    lines = ("".join("#" if (r, c) in cells else "." for c in range(cols)) for r in range(rows))
    return "\n".join(lines)


game = mineedu.make("silver_gold", players=2)
show(first_decision(game.initial_state(), np.random.default_rng(1)), LANG)

# %% [markdown] lang="fr"
# ## 1. Les orientations d'une forme
#
# Un carré se tourne de 4 façons (0°, 90°, 180°, 270°) et se retourne : 8 mouvements en tout. Une forme qui
# revient sur elle-même par $s$ de ces 8 mouvements (ses **symétries**) n'a que
#
# $$\text{orientations} = \frac{8}{s}$$
#
# positions différentes. Le triomino en L a 2 symétries (lui-même et son reflet par sa diagonale) : 4 orientations.
# %% [markdown] lang="en"
# ## 1. A shape's orientations
#
# A square can be turned 4 ways (0°, 90°, 180°, 270°) and flipped: 8 moves in all. A shape that comes back onto
# itself under $s$ of these 8 moves (its **symmetries**) has only
#
# $$\text{orientations} = \frac{8}{s}$$
#
# different positions. The L-tromino has 2 symmetries (itself, and its mirror image along its diagonal):
# 4 orientations.

# %%
#fr: ✏️ À vous : essayez une autre forme : "I2", "I3", "L3", "T4", "L4", "O4" ou "S4".
#en: ✏️ Your turn: try another shape: "I2", "I3", "L3", "T4", "L4", "O4" or "S4".
shape = "L3"

found = orientations(shape)
name = SHAPE_NAMES[shape][LANG]
#fr> print(name, "—", len(found), "orientations,", 8 // len(found), "symétries")
#en> print(name, "—", len(found), "orientations,", 8 // len(found), "symmetries")
print("\n\n".join(draw(cells) for cells in found))

# %%
{shape: len(orientations(shape)) for shape in ("I2", "I3", "L3", "T4", "L4", "O4")}

# %% [markdown] lang="fr"
# ## 2. Les placements sur une carte vide
#
# Une orientation de $h$ lignes et $\ell$ colonnes se pose sur une carte de 3 × 4 cases de
# $(3 - h + 1)(4 - \ell + 1)$ façons. Le triomino en L : 4 orientations de 2 × 2, chacune de $2 \times 3 = 6$
# façons, soit **24** placements.
# %% [markdown] lang="en"
# ## 2. Placements on an empty card
#
# An orientation $h$ rows high and $\ell$ columns wide goes onto a card of 3 × 4 boxes in $(3 - h + 1)(4 - \ell + 1)$
# ways. The L-tromino: 4 orientations of 2 × 2, each in $2 \times 3 = 6$ ways, that is **24** placements.

# %%
#fr: ✏️ À vous : changez la forme ou la taille de la carte (rows, cols).
#en: ✏️ Your turn: change the shape or the size of the card (rows, cols).
shape, rows, cols = "L3", 3, 4

#fr: toutes les cases libres
#en: every box free
empty = (1 << (rows * cols)) - 1
by_formula = 0
for cells in orientations(shape):
    h, w = max(r for r, c in cells) + 1, max(c for r, c in cells) + 1
    by_formula += max(0, rows - h + 1) * max(0, cols - w + 1)
by_formula, placement_count(empty, shape, rows=rows, cols=cols)

# %% [markdown] lang="fr"
# ✔ **Vérifier.** De combien de façons peut-on poser le **domino** sur une carte vide de 3 × 4 cases ?
# %% [markdown] lang="en"
# ✔ **Check.** In how many ways can the **domino** be placed on an empty card of 3 × 4 boxes?

# %%
my_answer = None

exact = placement_count((1 << 12) - 1, "I2", rows=3, cols=4)
#fr> check(my_answer, exact, LANG, tolerance=None, probability=False, hint="couché, puis debout.")
#en> check(my_answer, exact, LANG, tolerance=None, probability=False, hint="lying, then standing.")

# %% [markdown] lang="fr"
# ## 3. Une forme sortira-t-elle cette manche ?
#
# Une manche révèle 7 des 8 cartes Expédition, chacune laissée de côté avec la même probabilité $1/8$. Une forme
# présente sur une seule carte manque donc seulement si c'est elle qu'on laisse :
#
# $$P(\text{la forme sort}) = 1 - \frac{1}{8} = \frac{7}{8}.$$
#
# Le triomino droit et le triomino en L sont chacun sur deux cartes : ils sortent **toujours**.
# %% [markdown] lang="en"
# ## 3. Will a shape come up this round?
#
# A round reveals 7 of the 8 expedition cards, each one left out with the same probability $1/8$. A shape on a
# single card is therefore missed only if it is the one left out:
#
# $$P(\text{the shape comes up}) = 1 - \frac{1}{8} = \frac{7}{8}.$$
#
# The straight tromino and the L-tromino are each on two cards: they **always** come up.

# %%
[p_shape_this_round(copies=copies, deck=8, reveals=7) for copies in (1, 2)]

# %%
#fr: ✏️ À vous : changez la graine ou le nombre de manches.
#en: ✏️ Your turn: change the seed or the number of rounds.
seed, rounds = 2026, 20_000

for shape in sorted(game.config.expedition_counts()):
    came = simulate_shape(shape, rounds, seed)
    #fr> print(f"{SHAPE_NAMES[shape][LANG]:>18} : {frequency(came, lang=LANG)}")
    #en> print(f"{SHAPE_NAMES[shape][LANG]:>18}: {frequency(came, lang=LANG)}")

# %% [markdown] lang="fr"
# ## 4. ✏️ À vous : changer la manche
#
# Une partie se crée avec les réglages qu'on veut : moins de cartes révélées par manche (`reveals_per_round`), ou
# une autre pioche Expédition (`expedition`, chaque forme avec son nombre de cartes).
# %% [markdown] lang="en"
# ## 4. ✏️ Your turn: change the round
#
# A game can be made with any settings: fewer cards revealed per round (`reveals_per_round`), or another
# expedition deck (`expedition`, each shape with its number of cards).

# %%
#fr: ✏️ À vous : changez le nombre de cartes révélées (1 à 8), puis relancez.
#en: ✏️ Your turn: change the number of cards revealed (1 to 8), then run again.
reveals = 6

my_game = mineedu.make("silver_gold", players=2, reveals_per_round=reveals)
deck = dict(my_game.config.expedition)
for shape in ("O4", "I3"):
    exact = p_shape_this_round(copies=deck[shape], deck=sum(deck.values()), reveals=reveals)
    simulated = frequency(simulate_shape(shape, rounds, seed, config=my_game.config), lang=LANG)
    #fr> print(f"{SHAPE_NAMES[shape][LANG]:>18} : {exact} ≈ {percent(exact, LANG)} ; {simulated}")
    #en> print(f"{SHAPE_NAMES[shape][LANG]:>18}: {exact} ≈ {percent(exact, LANG)}; {simulated}")

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Si une manche ne révélait que **5** des 8 cartes, quelle serait la probabilité que le
# tétromino carré (une seule carte) sorte ? (Une fraction, ou un décimal à 0,001 près.)
# %% [markdown] lang="en"
# ✔ **Check.** If a round revealed only **5** of the 8 cards, what would be the chance that the square tetromino
# (a single card) comes up? (A fraction, or a decimal to within 0.001.)

# %%
my_answer = None

exact = p_shape_this_round(copies=1, deck=8, reveals=5)
#fr> check(my_answer, exact, LANG, hint="combien de cartes sont laissées de côté ?")
#en> check(my_answer, exact, LANG, hint="how many cards are left out?")

# %% [markdown] lang="fr"
# ## 5. Revoir ses décisions
#
# Une bonne décision peut mal finir, et une mauvaise bien finir. `silver_gold.review(partie, joueur)` reprend chaque
# décision d'un joueur : ce qu'il voyait alors, chaque option avec son calcul exact (les points gagnés tout de suite et les cartes Expédition espérées avant de compléter la carte), et sa
# probabilité de gagner si on la prend et que les robots de la leçon finissent la partie : des parties simulées à
# partir de ce que ce joueur savait (les mains des autres et la pioche sont distribuées au hasard, et leurs choix
# pas encore dévoilés refaits par leurs robots), jusqu'à un intervalle à 95 % de ±5 points.
# Ici une partie jouée par ces robots ; une partie exportée du plateau (« Partie sauvegardée ») se lit avec
# `mineedu.SavedGame.loads(texte)`.
# %% [markdown] lang="en"
# ## 5. Reviewing one's decisions
#
# A good decision can end badly and a bad one well. `silver_gold.review(game, player)` goes over each decision of one
# player: what they saw then, each option with its exact odds (the points scored at once and the expedition cards expected until the card is complete), and the chance of winning if
# it is taken and the lesson's bots finish the game: games simulated from what that player knew (the others' hands
# and the deck are dealt at random, and their choices not yet revealed are made again by their bots), until the 95%
# interval is within ±5 points. Here a game the bots played; a game exported from the board ("Saved game") is read
# with `mineedu.SavedGame.loads(text)`.

# %%
from mineedu.explore import bot_game
from mineedu.games import silver_gold

played = bot_game(mineedu.make("silver_gold", players=2), seed=3)
reviewed = silver_gold.review(played, 0, LANG)
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
# * Combien de symétries a le tétromino en T ? Vérifiez avec `orientations("T4")`.
# * Sur une carte déjà entamée, `placement_count(libres, forme, rows, cols)` compte les placements qui
#   restent (`libres` : le masque des cases libres).
# * Les leçons de la page d'accueil (`notebooks/index.ipynb`) font jouer la partie.
# %% [markdown] lang="en"
# ## Going further
#
# * How many symmetries does the T-tetromino have? Check with `orientations("T4")`.
# * On a card already begun, `placement_count(free, shape, rows, cols)` counts the placements left (`free`:
#   the mask of the free boxes).
# * The lessons of the start page (`notebooks/index.ipynb`) play the game.
