"""Silver & Gold (``silver_gold``): polyomino placement, exact counting of placements and odds.

The rules are in :mod:`.rules` (with the view one player may see), applied by
:mod:`.kernel` (the one code applying a rule, which tournaments drive directly), the shapes
in :mod:`.shapes`, exact odds in :mod:`.odds`, bots in :mod:`.bots`, the picture
in :mod:`.svg`, the steps of an action at a board in :mod:`.choices`, the
words in :mod:`.words` and the board's side panels in :mod:`.panel`. This file
ties them to the core (:func:`mineedu.core.register`).
"""

from mineedu.core import Hooks, register
from mineedu.core.hooks import Variant
from mineedu.core.kernel import playout_hook
from mineedu.explore import review as explore_review

from . import bots, choices, odds, panel, svg, words
from . import review as review_parts  # noqa: F401  (imported now: its later import would rebind `review`)
from .kernel import Kernel
from .odds import p_shape_this_round
from .rules import (
    CARDS,
    COLOURS,
    Board,
    Config,
    PlayerView,
    SilverGold,
    SilverGoldState,
    SilverGoldView,
    TreasureCard,
    freeze,
    score_sheet,
)
from .shapes import SHAPE_NAMES, SHAPES, orientations, placement_count, placements
from .simulate import simulate_shape

kernel_playout = playout_hook(lambda game: Kernel.first_of(game.table), freeze)
"""Tournaments on the kernel, with the bots' own ``decide`` (``tests/silver_gold/test_kernel.py``): the game's
``Hooks.fast_playout``."""

register(SilverGold, Hooks[SilverGoldView](
    picture=svg.render,
    narrow_picture=svg.render_narrow,
    odds_report=odds.odds_report,
    format_odds=odds.format_odds,
    action_label=words.action_label,
    describe_event=words.describe_event,
    bots=bots.BOTS,
    bot_name=words.bot_name,
    choices=choices.CHOICES,
    panel=panel.panel,
    status=panel.status,
    chapter=words.chapter,
    variants=(Variant("returned_to_deck", {
        "fr": "Les cartes non gardées retournent dans la pioche", "en": "Cards not kept go back into the deck"}),),
    lesson="mineedu.games.silver_gold.lesson",
    hidden_information=True,
    native=("kernel", "bots"),  # compiled to C by tools/compile_native.py where there is a C compiler
    fast_playout=kernel_playout,  # tournaments play on the kernel
))

review = explore_review
"""``<game>.review(saved, seat)``: the decision review of the exploration API (the module ``review``, the
review's parts that :mod:`mineedu.review` finds, stays ``review_parts``)."""

__all__ = [
    "CARDS", "COLOURS", "Board", "Config", "PlayerView", "SHAPES", "SilverGold", "SilverGoldState", "SilverGoldView",
    "TreasureCard", "orientations", "placement_count", "placements", "score_sheet",
    # the exploration API (notebooks/explore), besides orientations and placements above
    "SHAPE_NAMES", "p_shape_this_round", "simulate_shape",
    "review",  # the decision review (mineedu.explore.review): gold_mine.review(saved, seat)
]
