"""Gold am Yukon (Amigo 1991, R. Wittig): chains of prospectors ring gold claims.

The rules are in :mod:`.rules` (the board's geometry in :mod:`.board`), applied by
:mod:`.kernel` (the one code applying a rule, which tournaments drive directly), exact
odds in :mod:`.odds`, bots in :mod:`.bots`, the picture in :mod:`.svg`, the
words in :mod:`.words`, how a board offers each action in :mod:`.choices` and
the panel beside the picture in :mod:`.panel`, the lesson's spec in :mod:`.lesson`.
This file ties them together.

>>> import mineedu
>>> mineedu.make("yukon", players=4).num_players
4
"""

from mineedu.core import Hooks, Variant, register
from mineedu.core.kernel import playout_hook
from mineedu.explore import review as explore_review

from . import bots, choices, odds, panel, svg, words
from . import review as review_parts  # noqa: F401  (imported now: its later import would rebind `review`)
from .bots import GreedyBot, nearest_claim_bot, value_per_distance_bot
from .kernel import Kernel
from .odds import pip_distribution, pip_mean, pip_probability, turns_to_collect
from .rules import YukonConfig, YukonGame, YukonState, YukonView, freeze
from .simulate import simulate_pips, simulate_turns

register(YukonGame, Hooks[YukonView](
    picture=svg.render,
    odds_report=odds.odds_report,
    format_odds=odds.format_odds,
    action_label=words.action_label,
    describe_event=words.describe_event,
    bots=bots.BOTS,
    bot_name=words.bot_name,
    choices=choices.CHOICES,
    panel=panel.panel,
    status=panel.status,
    chapter=panel.chapter,
    variants=(
        Variant("reroll", {"fr": "Le dé", "en": "The die"},
                {1: {"fr": "le 1 fait relancer (la règle)", "en": "on a 1, roll again (the rules)"},
                 0: {"fr": "dé simple, sans relance", "en": "a plain die, no second roll"}}),
        Variant("centre_leaves", {"fr": "Qui prend le 6 quitte la partie", "en": "Whoever takes the 6 leaves play"}),
    ),
    lesson="mineedu.games.yukon.lesson",  # imported when asked for (mineedu.core.lesson.lesson_spec)
    hidden_information=False,  # everyone sees the whole board
    native=("kernel", "bots"),  # compiled to C by tools/compile_native.py where there is a C compiler
    fast_playout=playout_hook(lambda game: Kernel.first(game.table), freeze),  # tournaments play on the kernel
))

review = explore_review
"""``<game>.review(saved, seat)``: the decision review of the exploration API (the module ``review``, the
review's parts that :mod:`mineedu.review` finds, stays ``review_parts``)."""

__all__ = [
    "GreedyBot", "YukonConfig", "YukonGame", "YukonState", "YukonView", "nearest_claim_bot", "odds",
    "value_per_distance_bot",
    # the exploration API (notebooks/explore): the die's exact odds (of a game, a state or a few numbers), simulated
    "pip_distribution", "pip_mean", "pip_probability", "simulate_pips", "simulate_turns", "turns_to_collect",
    "review",  # the decision review (mineedu.explore.review): gold_mine.review(saved, seat)
]
