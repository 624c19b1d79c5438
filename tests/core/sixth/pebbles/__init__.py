"""Pebbles (``pebbles``): a sixth game in one folder, registered as every game is."""

from mineedu.core import Hooks, register
from mineedu.core.kernel import playout_hook

from . import bots
from .kernel import Kernel
from .rules import PebblesGame, freeze


def picture(view, lang):
    return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{view.pile}</text></svg>'


def odds_report(state, player):
    return {"pile": state.pile}


def format_odds(report, lang):
    return f"{report['pile']}"


register(PebblesGame, Hooks(
    picture=picture, odds_report=odds_report, format_odds=format_odds, bots=bots.BOTS,
    fast_playout=playout_hook(lambda game: Kernel(game.config.pile, 0, 0, -1), freeze),
))
