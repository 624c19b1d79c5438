# %% [markdown] lang="fr"
# # Mine (charbon) : piocher des cartes, choisir en secret — une enquête
#
# Deux questions de Mine : quand je recrute, quelle est la chance de piocher au moins un **mineur tuyauteur**
# (la seule protection contre le coup de grisou) ? Et quand je pille un voisin qui peut se défendre, comment
# choisir **en secret** entre attaquer et miner ? La première est une loi **hypergéométrique** ; la seconde, un
# petit **jeu matriciel** dont la bonne réponse est… de tirer au sort.
#
# **Mode d'emploi.** Exécutez les cellules dans l'ordre (Maj + Entrée, ou *Run → Run All Cells*). Les cellules
# ✏️ **À vous** sont faites pour être modifiées ; les cellules ✔ **Vérifier** disent si votre réponse est juste,
# sans la donner.
# %% [markdown] lang="en"
# # Mine (coal): drawing cards, choosing in secret — an investigation
#
# Two questions of Mine: when I recruit, what is the chance of drawing at least one **pipe-miner** (the only
# protection against firedamp)? And when I raid a neighbour who can defend, how should I choose **in secret**
# between attacking and mining? The first is a **hypergeometric** distribution; the second, a small **matrix game**
# whose right answer is… to draw lots.
#
# **How to use it.** Run the cells in order (Shift + Enter, or *Run → Run All Cells*). The ✏️ **Your turn** cells
# are there to be changed; the ✔ **Check** cells tell you whether your answer is right, without giving it away.

# %%
#fr: La langue de ce carnet (images et messages)
#en: This notebook's language (pictures and messages)
#fr> LANG = "fr"
#en> LANG = "en"

from fractions import Fraction
from math import comb

import numpy as np

import mineedu
from mineedu.core import first_decision
from mineedu.core.i18n import format_number
from mineedu.explore import check, frequency, percent, show
from mineedu.games.coal_mine import (
    p_at_least,
    p_at_least_one,
    raid_equilibrium,
    raid_game,
    simulate_raid,
    simulate_recruit,
)


def num(x):
    return format_number(x, LANG, 3)


game = mineedu.make("coal_mine", players=3)
show(first_decision(game.initial_state(), np.random.default_rng(1)), LANG)

# %% [markdown] lang="fr"
# ## 1. Recruter : des cartes piochées sans remise
#
# La pioche Métiers compte 60 cartes, dont 24 mineurs tuyauteurs (les réglages du jeu : `game.config.jobs`,
# chaque métier avec ses casques et son nombre de cartes). Pour $d$ cartes piochées, le nombre $X$ de tuyauteurs
# suit la loi hypergéométrique, et le plus simple est encore de passer par le contraire :
#
# $$P(X = j) = \frac{\binom{24}{j}\binom{36}{d-j}}{\binom{60}{d}}, \qquad
# P(X \ge 1) = 1 - \frac{\binom{36}{d}}{\binom{60}{d}}.$$
# %% [markdown] lang="en"
# ## 1. Recruiting: cards drawn without replacement
#
# The job deck has 60 cards, 24 of them pipe-miners (the game's settings: `game.config.jobs`, each job with its
# helmets and its number of cards). For $d$ cards drawn, the number $X$ of pipe-miners follows the hypergeometric
# distribution, and the easiest way is again through the opposite:
#
# $$P(X = j) = \frac{\binom{24}{j}\binom{36}{d-j}}{\binom{60}{d}}, \qquad
# P(X \ge 1) = 1 - \frac{\binom{36}{d}}{\binom{60}{d}}.$$

# %%
jobs = {name: count for name, helmets, count in game.config.jobs}
good, total = jobs["pipe"], sum(jobs.values())
print(jobs, good, total)
#fr> print(" d   sans remise   avec remise")
#en> print(" d   without       with replacement")
for d in range(2, 7):
    without = p_at_least(1, good=good, total=total, draws=d)
    with_replacement = 1 - Fraction(total - good, total) ** d
    print(f"{d:2}   {percent(without, LANG):>11}   {percent(with_replacement, LANG):>11}")

# %%
d = 3
p_at_least(1, good=24, total=60, draws=d) == 1 - Fraction(comb(36, d), comb(60, d))

# %% [markdown] lang="fr"
# Le simulateur du jeu pioche carte après carte, comme les règles, dans beaucoup d'essais à la fois :
# %% [markdown] lang="en"
# The game's simulator draws card after card, as the rules do, in many trials at once:

# %%
#fr: ✏️ À vous : changez la graine, le nombre de cartes piochées ou d'essais, puis relancez.
#en: ✏️ Your turn: change the seed, the number of cards drawn or of trials, then run again.
seed, d, trials = 2026, 3, 100_000

sample = simulate_recruit(d, trials, seed, good=good, total=total)
exact = p_at_least_one(d, good=good, total=total)
#fr> print("simulé :", frequency(sample, lang=LANG))
#en> print("simulated:", frequency(sample, lang=LANG))
#fr> print("exact :", exact, "≈", percent(exact, LANG))
#en> print("exact:", exact, "≈", percent(exact, LANG))

# %% [markdown] lang="fr"
# ## 2. ✏️ À vous : changer la pioche
#
# Une partie se crée avec les métiers qu'on veut : `mineedu.make("coal_mine", 3, jobs=...)`. Avec moitié moins de
# tuyauteurs, que devient la protection contre le grisou ?
# %% [markdown] lang="en"
# ## 2. ✏️ Your turn: change the deck
#
# A game can be made with any jobs: `mineedu.make("coal_mine", 3, jobs=...)`. With half as many pipe-miners,
# what becomes of the protection against firedamp?

# %%
#fr: ✏️ À vous : changez le nombre de tuyauteurs ("pipe"), puis relancez.
#en: ✏️ Your turn: change the number of pipe-miners ("pipe"), then run again.
my_jobs = (("miner", 1, 24), ("pipe", 1, 24), ("foreman", 2, 8), ("chief", 3, 4))

my_game = mineedu.make("coal_mine", players=3, jobs=my_jobs)
counts = {name: count for name, helmets, count in my_game.config.jobs}
for d in (2, 3, 4):
    p = p_at_least_one(d, good=counts["pipe"], total=sum(counts.values()))
    #fr> print(f"P(au moins un tuyauteur parmi {d} cartes) = {p} ≈ {percent(p, LANG)}")
    #en> print(f"P(at least one pipe-miner among {d} cards) = {p} ≈ {percent(p, LANG)}")

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Avec une pioche de **48** cartes dont **12** tuyauteurs, quelle est la probabilité de piocher
# **au moins un** tuyauteur parmi **2** cartes ? Écrivez-la à la place de `None` (une fraction comme `"3/7"`, ou,
# à 0,001 près, un décimal comme `"0,429"` ou un pourcentage comme `"42,9 %"`), puis exécutez la cellule.
# %% [markdown] lang="en"
# ✔ **Check.** With a deck of **48** cards, **12** of them pipe-miners, what is the chance of drawing **at least
# one** pipe-miner among **2** cards? Write it in place of `None` (a fraction such as `"3/7"`, or, to within 0.001,
# a decimal such as `"0.429"` or a percentage such as `"42.9%"`), then run the cell.

# %%
my_answer = None

exact = p_at_least_one(2, good=12, total=48)
#fr> check(my_answer, exact, LANG, hint="passez par le contraire : aucun tuyauteur.")
#en> check(my_answer, exact, LANG, hint="go through the opposite: no pipe-miner.")

# %% [markdown] lang="fr"
# ## 3. Le raid : un choix secret
#
# Le pillard (2 casques) choisit en secret de **miner** ou d'**attaquer** ; sa cible (2 casques aussi, 2 charbons)
# choisit en secret de **miner** ou de **défendre**. Le tableau donne le gain du pillard moins celui de la cible
# (les règles du raid, `raid_game`) :
# %% [markdown] lang="en"
# ## 3. The raid: a secret choice
#
# The raider (2 helmets) chooses in secret to **mine** or to **attack**; the target (2 helmets too, 2 coal)
# chooses in secret to **mine** or to **defend**. The table gives the raider's gain minus the target's (the raid
# rules, `raid_game`):

# %%
rows, cols, matrix = raid_game(attack=2, defence=2, stock=2)
#fr> words = {"mine": "miner", "attack": "attaquer", "defend": "défendre"}
#en> words = {"mine": "mine", "attack": "attack", "defend": "defend"}
print(" " * 10 + "".join(f"{words[c]:>10}" for c in cols))
for r, line in zip(rows, matrix):
    print(f"{words[r]:>10}" + "".join(f"{v:>10}" for v in line))

# %% [markdown] lang="fr"
# Si le pillard attaque avec la probabilité $x$ et la cible défend avec la probabilité $y$, le gain moyen est
#
# $$G(x, y) = 2(1-x)y + 2x(1-y) = 2\,(x + y - 2xy).$$
#
# Une cible qui **lit** le pillard choisit $y$ pour que $G$ soit le plus petit possible : si $x > 1/2$ elle défend
# ($G = 2(1-x)$), si $x < 1/2 $ elle mine ($G = 2x$). Le pillard s'assure le plus en prenant $x = 1/2$ : alors
# $G = 1$ quoi que fasse la cible. C'est l'**équilibre** du jeu, et sa **valeur** est 1.
# %% [markdown] lang="en"
# If the raider attacks with probability $x$ and the target defends with probability $y$, the mean gain is
#
# $$G(x, y) = 2(1-x)y + 2x(1-y) = 2\,(x + y - 2xy).$$
#
# A target who **reads** the raider picks $y$ to make $G$ as small as possible: if $x > 1/2$ it defends
# ($G = 2(1-x)$), if $x < 1/2$ it mines ($G = 2x$). The raider secures the most by taking $x = 1/2$: then $G = 1$
# whatever the target does. That is the game's **equilibrium**, and its **value** is 1.

# %%
raid_equilibrium(attack=2, defence=2, stock=2)

# %% [markdown] lang="fr"
# Simulons des raids. Contre une cible qui joue l'équilibre ($y = 1/2$), toute fréquence d'attaque rapporte 1 en
# moyenne ; contre une cible qui vous lit, seul $x = 1/2$ garantit 1.
# %% [markdown] lang="en"
# Let us simulate raids. Against a target playing the equilibrium ($y = 1/2$), any attacking frequency brings 1 on
# average; against a target who reads you, only $x = 1/2$ guarantees 1.

# %%
#fr: ✏️ À vous : changez la fréquence d'attaque x, puis relancez.
#en: ✏️ Your turn: change the attacking frequency x, then run again.
x = Fraction(3, 4)

raider = (1 - x, x)
#fr: elle défend si vous attaquez plus d'une fois sur deux
#en: it defends if you attack more often than not
reads_you = (0, 1) if x > Fraction(1, 2) else (1, 0)
#fr> targets = {"à l'équilibre": (Fraction(1, 2), Fraction(1, 2)), "qui vous lit": reads_you}
#en> targets = {"at the equilibrium": (Fraction(1, 2), Fraction(1, 2)), "who reads you": reads_you}
for who, target in targets.items():
    gain = simulate_raid(2, 2, 2, 100_000, seed, raider=raider, target=target)
    mean, low, high = gain.mean()
    exact = sum(raider[i] * target[j] * matrix[i][j] for i in range(2) for j in range(2))
    #fr> print(f"cible {who} : gain moyen simulé {num(mean)}", end=" ")
    #en> print(f"target {who}: simulated mean gain {num(mean)}", end=" ")
    #fr> print(f"(95 % : {num(low)} à {num(high)}), exact {exact}")
    #en> print(f"(95%: {num(low)} to {num(high)}), exact {exact}")

# %% [markdown] lang="fr"
# ✔ **Vérifier.** Un autre raid : 3 casques contre 3, et la cible n'a que 2 charbons (la cellule affiche son
# tableau). Avec quelle probabilité la cible doit-elle **défendre** à l'équilibre ? Écrivez-la à la place de
# `None` (une fraction, ou un décimal à 0,001 près), puis exécutez la cellule.
# %% [markdown] lang="en"
# ✔ **Check.** Another raid: 3 helmets against 3, and the target holds only 2 coal (the cell prints its table).
# With what probability should the target **defend** at the equilibrium? Write it in place of `None` (a fraction,
# or a decimal to within 0.001), then run the cell.

# %%
my_answer = None

rows, cols, other = raid_game(attack=3, defence=3, stock=2)
print(" " * 10 + "".join(f"{words[c]:>10}" for c in cols))
for r, line in zip(rows, other):
    print(f"{words[r]:>10}" + "".join(f"{v:>10}" for v in line))
exact = raid_equilibrium(attack=3, defence=3, stock=2).p_defend
#fr> check(my_answer, exact, LANG, hint="quel y rend le pillard indifférent entre miner et attaquer ?")
#en> check(my_answer, exact, LANG, hint="which y leaves the raider indifferent: mine or attack?")

# %% [markdown] lang="fr"
# ## 4. Revoir ses décisions
#
# Une bonne décision peut mal finir, et une mauvaise bien finir. `coal_mine.review(partie, joueur)` reprend chaque
# décision d'un joueur : ce qu'il voyait alors, chaque option avec son calcul exact (les chances de recruter un tuyauteur, l'équilibre du raid contre chaque cible), et sa
# probabilité de gagner si on la prend et que les robots de la leçon finissent la partie : des parties simulées à
# partir de ce que ce joueur savait (jamais les cartes cachées des autres), jusqu'à un intervalle à 95 % de ±5 points.
# Ici une partie jouée par ces robots ; une partie exportée du plateau (« Partie sauvegardée ») se lit avec
# `mineedu.SavedGame.loads(texte)`.
# %% [markdown] lang="en"
# ## 4. Reviewing one's decisions
#
# A good decision can end badly and a bad one well. `coal_mine.review(game, player)` goes over each decision of one
# player: what they saw then, each option with its exact odds (the chance of recruiting a pipe-miner, the raid's equilibrium against each target), and the chance of winning if
# it is taken and the lesson's bots finish the game: games simulated from what that player knew (never the others'
# hidden cards), until the 95% interval is within ±5 points. Here a game the bots played; a game exported from the
# board ("Saved game") is read with `mineedu.SavedGame.loads(text)`.

# %%
from mineedu.explore import bot_game
from mineedu.games import coal_mine

played = bot_game(mineedu.make("coal_mine", players=3), seed=3)
reviewed = coal_mine.review(played, 0, LANG)
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
# * Avec 3 casques contre 1 et une cible qui a 4 charbons (`raid_game(3, 1, 4)`), le jeu a un **point
#   selle** : un choix pur qu'aucun des deux ne veut quitter. Lequel ?
# * Avec `split=True`, le pillard envoie une partie de ses casques seulement : `raid_game(2, 2, 2, split=True)`.
# * Les leçons de la page d'accueil (`notebooks/index.ipynb`) font jouer la partie.
# %% [markdown] lang="en"
# ## Going further
#
# * With 3 helmets against 1 and a target holding 4 coal (`raid_game(3, 1, 4)`), the game has a **saddle
#   point**: a pure choice that neither wants to leave. Which one?
# * With `split=True` the raider sends only part of their helmets: `raid_game(2, 2, 2, split=True)`.
# * The lessons of the start page (`notebooks/index.ipynb`) play the game.
