# %% [markdown] lang="fr"
# # Premiers pas avec mineedu (pour l'enseignant·e)
#
# mineedu fait de cinq jeux de société de mine des leçons de probabilités. On s'en sert de trois façons :
#
# 1. **en classe**, avec les leçons servies par Voilà (une page par jeu : jouer, prédire, simuler, calculer) ;
# 2. **au tableau ou chez soi**, avec ces carnets d'exploration ouverts dans JupyterLab : on lit, on exécute,
#    on change un nombre et l'on regarde les probabilités bouger ;
# 3. **en Python**, avec les mêmes fonctions que les carnets appellent.
#
# Ce carnet montre l'installation, les cinq jeux en quelques lignes, comment changer un paquet, et comment servir
# les leçons à une classe.
# %% [markdown] lang="en"
# # Getting started with mineedu (for the teacher)
#
# mineedu turns five mining board games into probability lessons. It is used three ways:
#
# 1. **in class**, with the lessons served by Voilà (one page per game: play, predict, simulate, compute);
# 2. **on the board or at home**, with these exploration notebooks opened in JupyterLab: read, run, change a
#    number and watch the odds move;
# 3. **in Python**, with the same functions the notebooks call.
#
# This notebook shows the installation, the five games in a few lines each, how to change a deck, and how to serve
# the lessons to a class.

# %% [markdown] lang="fr"
# ## 1. Installer
#
# Il faut Python 3.11 ou plus récent. Dans un terminal, avec le fichier `mineedu-….whl` :
#
# ```bash
# python3 -m venv ~/mineedu                                   # une fois : un dossier à lui
# ~/mineedu/bin/python -m pip install "mineedu-0.2.0-py3-none-any.whl[app]"
# ~/mineedu/bin/mineedu lab --lang fr   # copie ces carnets dans ./mineedu-explore et ouvre JupyterLab
# ~/mineedu/bin/mineedu serve --open    # les leçons (Voilà), sur cet ordinateur
# ```
#
# Depuis le dépôt : `make serve` installe tout dans `.venv/`, puis `.venv/bin/jupyter lab notebooks/`.
# Les carnets d'exploration sont dans `notebooks/explore/fr/` (en français) et `notebooks/explore/en/` (en anglais).
# Ce sont deux rendus d'une même source (`notebooks/explore/src/`) : ils disent la même chose.
# %% [markdown] lang="en"
# ## 1. Install
#
# Python 3.11 or newer is needed. In a terminal, with the `mineedu-….whl` file:
#
# ```bash
# python3 -m venv ~/mineedu                                   # once: a folder of its own
# ~/mineedu/bin/python -m pip install "mineedu-0.2.0-py3-none-any.whl[app]"
# ~/mineedu/bin/mineedu lab --lang en   # copies these notebooks into ./mineedu-explore and opens JupyterLab
# ~/mineedu/bin/mineedu serve --open    # the lessons (Voilà), on this computer
# ```
#
# From the repository: `make serve` installs everything in `.venv/`, then `.venv/bin/jupyter lab notebooks/`.
# The exploration notebooks are in `notebooks/explore/en/` (in English) and `notebooks/explore/fr/` (in French).
# They are two renderings of one source (`notebooks/explore/src/`): they say the same thing.

# %%
#fr: La langue de ce carnet (images et messages)
#en: This notebook's language (pictures and messages)
#fr> LANG = "fr"
#en> LANG = "en"

import numpy as np
from IPython.display import display

import mineedu
from mineedu.core import first_decision, game_class
from mineedu.explore import percent, show

mineedu.game_names()

# %% [markdown] lang="fr"
# ## 2. Les cinq jeux en quelques lignes
#
# Chaque jeu se crée par son nom et un nombre de joueurs : `mineedu.make("gold_mine", players=4)`. Une partie est
# une suite d'**états** immuables : `state.apply(action)` rend l'état suivant. Le hasard est un joueur à part
# entière : à un nœud de hasard, `state.chance_outcomes()` donne chaque issue avec sa probabilité **exacte**
# (une fraction). `show(state, LANG)` dessine un état ; chaque jeu donne ses probabilités exactes et ses
# simulations sous des noms de professeur (`from mineedu.games.gold_mine import burn_risk`), qui prennent un état
# ou quelques nombres.
# %% [markdown] lang="en"
# ## 2. The five games in a few lines
#
# Each game is made from its name and a number of players: `mineedu.make("gold_mine", players=4)`. A game is a
# sequence of immutable **states**: `state.apply(action)` returns the next one. Chance is a player of its own: at a
# chance node, `state.chance_outcomes()` gives each outcome with its **exact** probability (a fraction).
# `show(state, LANG)` draws a state; each game gives its exact odds and its simulations under the names a teacher
# would use (`from mineedu.games.gold_mine import burn_risk`), which take a state or a few numbers.

# %%
for name in mineedu.game_names():
    cls = game_class(name)
    #fr> print(f"{name:12} {cls.title[LANG]} — {cls.min_players} à {cls.max_players} joueurs")
    #en> print(f"{name:12} {cls.title[LANG]} — {cls.min_players} to {cls.max_players} players")

# %% [markdown] lang="fr"
# **My Gold Mine** (`gold_mine`) — stop ou encore face au dragon : des tirages **sans remise**. Au début d'une
# manche, la prochaine carte est un dragon avec la probabilité 8/58.
# %% [markdown] lang="en"
# **My Gold Mine** (`gold_mine`) — push your luck against the dragon: drawing **without replacement**. At the start of
# a round the next card is a dragon with probability 8/58.

# %%
from mineedu.games.gold_mine import burn_risk, p_dragon_next

gold = mineedu.make("gold_mine", players=4).initial_state()
display(show(gold, LANG))
#fr: la prochaine carte, et le risque d'un mineur à côté de Dragobert (54 cartes, 5 dragons, 16 yeux)
#en: the next card, and the risk of a miner next to Dragobert (54 cards, 5 dragons, 16 eyes)
p_dragon_next(gold), burn_risk(cards=54, dragons=5, eyes=16, distance=1)

# %% [markdown] lang="fr"
# **Au fin fond de la grotte du dragon** (`dragon_cave`) — l'**espérance** d'une carte selon sa profondeur, et la
# course contre le dragon au retour. Une carte Difficile (7, 7, 8, 8, 9, 9) vaut 8 en moyenne.
# %% [markdown] lang="en"
# **Deep down in the dragon's cave** (`dragon_cave`) — the **expected value** of a card by its depth, and the race
# against the dragon on the way back. A Difficile card (7, 7, 8, 8, 9, 9) is worth 8 on average.

# %%
from mineedu.games.dragon_cave import card_expectation

cave = mineedu.make("dragon_cave", players=3)
display(show(first_decision(cave.initial_state(), np.random.default_rng(1)), LANG))
card_expectation(cave.config, 2)

# %% [markdown] lang="fr"
# **Gold am Yukon** (`yukon`) — un dé où **le 1 fait relancer** (et s'ajoute) : $E = 3{,}5 + E/6$, donc
# $E = 21/5 = 4{,}2$ points par tour.
# %% [markdown] lang="en"
# **Gold am Yukon** (`yukon`) — a die where **a 1 rolls again** (and adds up): $E = 3.5 + E/6$, so $E = 21/5 = 4.2$
# pips a turn.

# %%
from mineedu.games.yukon import pip_mean

yukon = mineedu.make("yukon", players=3)
display(show(first_decision(yukon.initial_state(), np.random.default_rng(1)), LANG))
pip_mean()

# %% [markdown] lang="fr"
# **Silver & Gold** (`silver_gold`) — **compter** les placements d'une forme (rotations et symétries comprises).
# Chaque manche révèle 7 des 8 cartes Expédition : une forme présente une seule fois sort avec la probabilité 7/8.
# %% [markdown] lang="en"
# **Silver & Gold** (`silver_gold`) — **counting** the placements of a shape (rotations and mirror images included).
# Each round reveals 7 of the 8 expedition cards: a shape on one card only comes up with probability 7/8.

# %%
from mineedu.games.silver_gold import p_shape_this_round

silver = mineedu.make("silver_gold", players=2)
display(show(first_decision(silver.initial_state(), np.random.default_rng(1)), LANG))
p_shape_this_round(copies=1, deck=8, reveals=7)

# %% [markdown] lang="fr"
# **Mine (charbon)** (`coal_mine`) — des cartes piochées (loi **hypergéométrique**) et le raid, un choix secret :
# le pillard attaque ou mine, sa cible défend ou mine. C'est un petit **jeu matriciel** ; à 2 casques contre 2,
# son équilibre fait jouer à chacun chacune de ses deux options avec la probabilité 1/2.
# %% [markdown] lang="en"
# **Mine (coal)** (`coal_mine`) — cards drawn (the **hypergeometric** distribution) and the raid, a secret choice:
# the raider attacks or mines, the target defends or mines. It is a small **matrix game**; at 2 helmets against 2,
# its equilibrium has each play each of their two options with probability 1/2.

# %%
from mineedu.games.coal_mine import raid_equilibrium

coal = mineedu.make("coal_mine", players=3)
display(show(first_decision(coal.initial_state(), np.random.default_rng(1)), LANG))
#fr: P(le pillard attaque), P(la cible défend) et gain moyen du pillard (value) à l'équilibre
#en: P(the raider attacks), P(the target defends) and the raider's mean gain (value) at the equilibrium
raid_equilibrium(attack=2, defence=2, stock=2)

# %% [markdown] lang="fr"
# ## 3. Changer un paquet et regarder les probabilités bouger
#
# Chaque nombre d'un jeu est un réglage qu'on peut changer en créant la partie (les réglages d'un jeu :
# `game.config`). Par exemple, une pioche de My Gold Mine avec 12 dragons au lieu de 8 :
# %% [markdown] lang="en"
# ## 3. Change a deck and watch the odds move
#
# Every number of a game is a setting that can be changed when the game is made (a game's settings:
# `game.config`). For example, a My Gold Mine deck with 12 dragons instead of 8:

# %%
#fr: ✏️ Changez le nombre de dragons, puis relancez la cellule.
#en: ✏️ Change the number of dragons, then run the cell again.
dragons = 12

deck = {"nugget": 20, "lantern": 14, "eyes": 16, "dragon": dragons}
changed = mineedu.make("gold_mine", players=4, exploration=deck).initial_state()
for label, s in (("8", gold), (str(dragons), changed)):
    p = p_dragon_next(s)
    #fr> print(f"{label:>2} dragons : P(prochaine carte = dragon) = {p} ≈ {percent(p, LANG)}")
    #en> print(f"{label:>2} dragons: P(next card is a dragon) = {p} ≈ {percent(p, LANG)}")

# %% [markdown] lang="fr"
# ## 4. Servir les leçons à une classe
#
# Dans un terminal, depuis le dossier du dépôt :
#
# ```bash
# make serve                                   # installe si besoin, puis sert les leçons sur cet ordinateur
# .venv/bin/mineedu serve --class --open       # pour la classe : sur le réseau de l'école, avec un code de classe
# ```
#
# Sans `--class`, le serveur n'écoute que sur cet ordinateur (`127.0.0.1`) : la page d'accueil est
# `http://127.0.0.1:8866/voila/render/index.ipynb`, et les élèves ne peuvent pas l'atteindre. Avec `--class`, il
# écoute sur le réseau et affiche dans le terminal le lien des élèves (avec le code de la classe) et son QR code ;
# `--open` ouvre la page à projeter. `--lesson gold_mine --students 30` envoie le lien directement sur une leçon,
# préparée d'avance pour 30 élèves (voir `docs/serving.md`). Chaque leçon s'ouvre en français, `lang=en` dans
# l'adresse l'ouvre en anglais. Un onglet fermé libère son noyau aussitôt ; une page disparue sans prévenir
# (navigateur tué, téléphone hors réseau) le libère après 90 secondes d'inactivité (`--cull-after`).
# Pour ouvrir ces carnets dans JupyterLab : `.venv/bin/jupyter lab notebooks/`.
# %% [markdown] lang="en"
# ## 4. Serve the lessons to a class
#
# In a terminal, from the repository's folder:
#
# ```bash
# make serve                                   # installs if needed, then serves the lessons on this computer
# .venv/bin/mineedu serve --class --open       # for the class: on the school network, with a class code
# ```
#
# Without `--class`, the server listens on this computer only (`127.0.0.1`): the start page is
# `http://127.0.0.1:8866/voila/render/index.ipynb`, and students cannot reach it. With `--class`, it listens on the
# network and prints in the terminal the students' link (with the class code) and its QR code; `--open` opens the
# page to project. `--lesson gold_mine --students 30` sends the link straight to one lesson, prepared ahead for
# 30 students (see `docs/serving.md`). Each lesson opens in French; `lang=en` in the address opens it in English.
# A closed tab frees its kernel at once; a page gone without a word (a browser killed, a phone off the network)
# frees it after 90 idle seconds (`--cull-after`). To open these notebooks in JupyterLab:
# `.venv/bin/jupyter lab notebooks/`.

# %% [markdown] lang="fr"
# ## 5. Les carnets d'exploration
#
# Chacun est une enquête sur le concept d'un jeu, avec les formules, des cellules ✏️ **À vous** et des ✔
# **vérifications** de réponse :
#
# * [My Gold Mine : pourquoi 8/58 ?](gold_mine.ipynb) — tirages sans remise, le vrai risque à côté du dragon.
# * [Au fin fond de la grotte du dragon](dragon_cave.ipynb) — l'espérance d'une carte, la course contre le dragon.
# * [Gold am Yukon](yukon.ipynb) — un dé qui relance : $E = 21/5$.
# * [Silver & Gold](silver_gold.ipynb) — orientations, placements, $7/8$.
# * [Mine (charbon)](coal_mine.ipynb) — la loi hypergéométrique, le raid comme jeu matriciel.
# %% [markdown] lang="en"
# ## 5. The exploration notebooks
#
# Each is an investigation of one game's concept, with the formulas, ✏️ **Your turn** cells and ✔ answer
# **checks**:
#
# * [My Gold Mine: why 8/58?](gold_mine.ipynb) — drawing without replacement, the real risk next to the dragon.
# * [Deep down in the dragon's cave](dragon_cave.ipynb) — a card's expected value, the race against the dragon.
# * [Gold am Yukon](yukon.ipynb) — a die that rolls again: $E = 21/5$.
# * [Silver & Gold](silver_gold.ipynb) — orientations, placements, $7/8$.
# * [Mine (coal)](coal_mine.ipynb) — the hypergeometric distribution, the raid as a matrix game.
