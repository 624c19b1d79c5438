"""Au fin fond de la grotte du dragon (``dragon_cave``): dive for treasure, then race the dragon home.

The rules are in :mod:`.rules` (the state and each viewer's :class:`DragonCaveView`),
applied by :mod:`.kernel` (the one code applying a rule, which tournaments drive directly),
exact odds in :mod:`.odds`, bots in :mod:`.bots`, the picture in :mod:`.svg`, the
words in :mod:`.words`, the steps of a turn at a board in :mod:`.choices`, the
board's odds panel and status in :mod:`.panel`, and the lesson's spec in
:mod:`.lesson` (imported when asked for). This file ties them together.

>>> import mineedu
>>> mineedu.make("dragon_cave", players=3).initial_state().dragon
24
"""

from mineedu.core import Hooks, register
from mineedu.core.hooks import Variant
from mineedu.core.kernel import playout_hook
from mineedu.explore import review as explore_review

from . import bots, choices, odds, panel, svg, words
from . import review as review_parts  # noqa: F401  (imported now: its later import would rebind `review`)
from .bots import BOTS, GreedyDepthBot, OddsBot, TurnBackBot
from .kernel import Kernel
from .odds import (
    break_even_depth,
    card_distribution,
    card_expectation,
    dragon_distribution,
    escape_probability,
    format_odds,
    movement_distribution,
    odds_report,
    turn_back_curve,
)
from .rules import ENTRANCE, Config, DragonCave, DragonCaveState, DragonCaveView, Position, family_name, freeze
from .simulate import simulate_escape
from .svg import render
from .words import action_label, describe_event

VARIANTS = (
    Variant("blind", {"fr": "Aveugle\u00a0: les cartes prises restent cachées jusqu'à la fin",
                      "en": "Blind: captured cards stay face down until the end"}),
    Variant("dice_movement", {"fr": "Dé de déplacement\u00a0: points = dé − cartes portées",
                              "en": "Movement die: points = die − cards carried"}),
    Variant("dice_dragon", {"fr": "Dé du dragon\u00a0: il avance d'un dé après chaque coup d'un joueur qui revient",
                            "en": "Dragon's die: it moves one die roll after each move of a returning player"}),
)

register(DragonCave, Hooks[DragonCaveView](
    picture=svg.render,
    narrow_picture=svg.render_narrow,
    odds_report=odds.odds_report,
    format_odds=odds.format_odds,
    action_label=words.action_label,
    describe_event=words.describe_event,
    bots=bots.BOTS,
    bot_name=bots.bot_name,
    choices=choices.CHOICES,
    panel=panel.panel,
    status=panel.status,
    variants=VARIANTS,
    lesson="mineedu.games.dragon_cave.lesson",
    hidden_information=False,  # nothing is hidden: a face-down value is decided when it is turned over
    native=("kernel", "bots"),  # compiled to C by tools/compile_native.py where there is a C compiler
    fast_playout=playout_hook(lambda game: Kernel.first(game.table, game.num_players), freeze),
))

review = explore_review
"""``<game>.review(saved, seat)``: the decision review of the exploration API (the module ``review``, the
review's parts that :mod:`mineedu.review` finds, stays ``review_parts``)."""

__all__ = [
    "BOTS", "Config", "DragonCave", "DragonCaveState", "DragonCaveView", "ENTRANCE", "GreedyDepthBot", "OddsBot",
    "Position", "TurnBackBot", "VARIANTS", "action_label", "break_even_depth", "card_distribution", "card_expectation",
    "describe_event", "dragon_distribution", "escape_probability", "family_name", "format_odds",
    "movement_distribution", "odds_report", "render", "simulate_escape", "turn_back_curve",
    "review",  # the decision review (mineedu.explore.review): gold_mine.review(saved, seat)
]
