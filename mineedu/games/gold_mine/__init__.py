"""My Gold Mine (``gold_mine``): push your luck against Dragobert the dragon.

The folder, one module per part: :mod:`.rules` (the game, pure), :mod:`.cards`
(names and numbers), :mod:`.odds` (exact odds), :mod:`.bots`, :mod:`.svg` (the
picture), :mod:`.words` (the log), :mod:`.choices` (acting at a board),
:mod:`.panel` (the decision panel), :mod:`.lesson` (the lesson's spec),
:mod:`.kernel` (the one code applying a rule, which tournaments drive directly).
This file ties them to the rules.
"""

from mineedu.core import Hooks, Variant, register
from mineedu.core.kernel import playout_hook
from mineedu.explore import review as explore_review

from . import bots, cards, choices, odds, panel, svg, words
from . import review as review_parts  # noqa: F401  (imported now: its later import would rebind `review`)
from .cards import BURNED, EXIT_OPTIONS, EXPLORE_KINDS, LADDER
from .kernel import Kernel, RoundResult
from .odds import burn_risk, dragons_in_next, gold_change, p_dragon_next, p_dragon_within
from .rules import (
    GoldMine,
    GoldMineConfig,
    GoldMineState,
    GoldMineView,
    freeze,
)
from .simulate import simulate_burn

register(GoldMine, Hooks[GoldMineView](
    picture=svg.render,
    narrow_picture=svg.render_narrow,
    odds_report=odds.odds_report,
    format_odds=odds.format_odds,
    action_label=cards.action_label,
    describe_event=words.describe_event,
    bots=bots.BOTS,
    bot_name=words.bot_name,
    choices=choices.CHOICES,
    panel=panel.panel,
    status=panel.status,
    chapter=words.chapter,
    variants=(Variant("deck_mode", {"fr": "Pioche Exploration", "en": "Exploration deck"},
                      {"face_down": {"fr": "face cachée (la règle en français)", "en": "face down (the French rules)"},
                       "face_up": {"fr": "face visible (la règle publiée)", "en": "face up (the published rules)"}}),),
    lesson="mineedu.games.gold_mine.lesson",
    native=("kernel", "bots"),  # compiled to C by tools/compile_native.py where there is a C compiler
    fast_playout=playout_hook(lambda game: Kernel.first(game.table), freeze),
))

review = explore_review
"""``<game>.review(saved, seat)``: the decision review of the exploration API (the module ``review``, the
review's parts that :mod:`mineedu.review` finds, stays ``review_parts``)."""

__all__ = [
    "BURNED", "EXIT_OPTIONS", "EXPLORE_KINDS", "LADDER", "GoldMine", "GoldMineConfig",
    "GoldMineState", "GoldMineView", "RoundResult",
    # the exploration API (notebooks/explore): exact odds of a state or of a few numbers, and a simulation
    "burn_risk", "dragons_in_next", "gold_change", "p_dragon_next", "p_dragon_within", "simulate_burn",
    "review",  # the decision review (mineedu.explore.review): gold_mine.review(saved, seat)
]
