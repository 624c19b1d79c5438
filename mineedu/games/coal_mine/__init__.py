"""Mine (coal): hidden card placement, raids, the round die, the dummy player.

The rules are in :mod:`.rules` (with the view one player may see), applied by
:mod:`.kernel` (the one code applying a rule, which tournaments drive directly), the picture
in :mod:`.svg`, the board's step-by-step choices in :mod:`.choices`, exact odds
in :mod:`.odds`, the side panel and status in :mod:`.panel`, bots in
:mod:`.bots` and every word in :mod:`.words`; they are registered here.

>>> CoalMineGame(players=3).title["en"], CoalMineGame.hooks.hidden_information
('Mine (coal)', True)
"""

from mineedu.core import Hooks, Variant, register
from mineedu.core.kernel import playout_hook
from mineedu.explore import review as explore_review

from . import bots, choices, odds, panel, svg, words
from . import review as review_parts  # noqa: F401  (imported now: its later import would rebind `review`)
from .kernel import Kernel
from .odds import RaidEquilibrium, p_at_least, p_at_least_one, raid_equilibrium, raid_game
from .rules import (
    EVENT_EFFECTS,
    SPACES,
    BoardView,
    CoalMineConfig,
    CoalMineGame,
    CoalMineState,
    CoalMineView,
    freeze,
    raid_loot,
    split_loot,
)
from .simulate import simulate_raid, simulate_recruit

kernel_playout = playout_hook(lambda game: Kernel.first(game.table), freeze)  # its mix bot's uniforms: core.kernel.draws_for
"""Tournaments on the kernel, with the bots' own ``choose`` (``tests/coal_mine/test_kernel.py``): the game's
``Hooks.fast_playout``."""

register(CoalMineGame, Hooks[CoalMineView](
    picture=svg.render,
    narrow_picture=svg.render_narrow,
    wide_picture=svg.render_wide,  # the boards side by side: larger on a projector than one tall column
    odds_report=odds.odds_report,
    format_odds=odds.format_odds,
    action_label=words.action_label,
    describe_event=words.describe_event,
    reason_visible=words.reason_visible,
    bots=bots.BOTS,
    bot_name=bots.bot_name,
    choices=choices.CHOICES,
    panel=panel.panel,
    status=panel.status,
    chapter=words.chapter,
    variants=(
        Variant("variant", {"fr": "Variante : cartes dé, 3 charbons, pas de réserve",
                            "en": "Variant: die cards, 3 coal, no central stock"}),
        Variant("dummy", {"fr": "Joueur fictif sur la dernière place", "en": "A dummy player on the last seat"}),
    ),
    lesson="mineedu.games.coal_mine.lesson",
    hidden_information=True,
    native=("kernel", "bots"),  # compiled to C by tools/compile_native.py where there is a C compiler
    fast_playout=kernel_playout,
))

review = explore_review
"""``<game>.review(saved, seat)``: the decision review of the exploration API (the module ``review``, the
review's parts that :mod:`mineedu.review` finds, stays ``review_parts``)."""

__all__ = [
    "EVENT_EFFECTS", "SPACES", "BoardView", "CoalMineConfig", "CoalMineGame", "CoalMineState", "CoalMineView",
    "raid_loot", "split_loot",
    # the exploration API (notebooks/explore): exact odds of a state or of a few numbers, and simulations
    "RaidEquilibrium", "p_at_least", "p_at_least_one", "raid_equilibrium", "raid_game", "simulate_raid",
    "simulate_recruit",
    "review",  # the decision review (mineedu.explore.review): gold_mine.review(saved, seat)
]
