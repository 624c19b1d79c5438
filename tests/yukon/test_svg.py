"""The picture: drawn from the view only, every choice a region, legible, lean."""

from __future__ import annotations

import re

import numpy as np

from mineedu.core import ChoiceTree, playout
from mineedu.core.choices import reachable
from mineedu.core.i18n import NBSP
from mineedu.core.svg import PLAYER_COLOURS
from mineedu.games.yukon import YukonGame, YukonState
from mineedu.games.yukon import svg as picture
from mineedu.games.yukon.board import CELLS, RINGS, SPACES
from mineedu.games.yukon.choices import CHOICES
from mineedu.games.yukon.svg import FILLS, TEXT, VALUE_TEXT, WIDTH, render

from ..board_conformance import random_moves
from .util import position

PHONE_PICTURE_PX = 360
"""How wide the picture is drawn on a 390 px phone (the board's margins take 30 px; tools/screenshot.py measures it)."""
BACKGROUND = "#fbfaf6"


def luminance(colour: str) -> float:
    rgb = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_picture_is_a_function_of_the_view_alone() -> None:
    g = YukonGame(3)
    for _moves, s in random_moves(g, 1, limit=200):
        assert g.render_svg(s, 0, "fr") == render(s.observation(None), "fr") == g.render_svg(s, None, "fr", show_all=True)


def test_every_space_and_every_claim_is_a_region_and_every_option_is_on_the_picture() -> None:
    """No choice of the game ever falls back to a button: each key the board offers names a region."""
    g = YukonGame(3)
    first = render(g.initial_state().observation(None), "en")
    assert first.count('data-region="space:') == len(SPACES) and first.count('data-region="claim:') == len(CELLS)
    checked = 0
    for seed in range(2):
        for i, (_moves, s) in enumerate(random_moves(g, seed, limit=600)):
            if i % 7:
                continue
            svg = render(s.observation(None), "fr")
            tree = ChoiceTree(CHOICES, s, s.turn)
            for path in reachable(tree):
                for key in path:
                    assert f'data-region="{key}"' in svg, key
            checked += 1
    assert checked > 50


def test_text_is_legible_on_a_phone_and_contrasted() -> None:
    g = YukonGame(6)
    rec: list[tuple[int, object]] = []
    final = playout(g.initial_state(), [g.make_bot("nearest-claim")] * 6, np.random.default_rng(1), record=rec)
    for s in (g.initial_state(), final):
        svg = g.render_svg(s, None, "fr")
        sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) * PHONE_PICTURE_PX / WIDTH >= 12, min(sizes)
        assert float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1)) == round(WIDTH)  # type: ignore[union-attr]
    # WCAG AA for text: 4.5:1. Values on every claim's gold, names on every owner's tint, the key on the page
    assert all(contrast(VALUE_TEXT, fill) >= 4.5 for fill in FILLS.values())
    assert all(contrast("#111111", picture.tint(c)) >= 4.5 for c in PLAYER_COLOURS)
    assert contrast(TEXT, BACKGROUND) >= 4.5 and contrast(TEXT, "#ffffff") >= 4.5  # the die faces are white


def test_the_die_the_turn_and_the_teams_are_shown_in_both_languages() -> None:
    g = YukonGame(3)
    s = position(g, [RINGS[0], (102,), (211,)], rolling=True, round=4).apply(1).apply(1).apply(4)
    fr, en = render(s.observation(None), "fr"), render(s.observation(None), "en")
    assert "Manche 5 · J1 (bleu) joue" in fr and "Round 5 · P1 (blue) to play" in en
    assert fr.count('rx="5"') == 3  # three die faces
    assert "= 6 · reste 6" in fr and "= 6 · 6 left" in en and ">Dé<" in fr and ">Die<" in en
    rolling = render(position(g, [RINGS[0], (102,), (211,)], rolling=True).apply(1).observation(None), "fr")
    assert "relance…" in rolling
    for key in ("J1 0", "J2 0", "J3 0"):
        assert key in fr
    assert not re.search(r" [:;]", re.sub(r"<[^>]+>", "", fr)), "French puts a no-break space before : and ;"
    assert f"Gold am Yukon{NBSP}: plateau" in fr


def test_taken_claims_show_their_owner_and_value_and_a_leaver_is_marked() -> None:
    g = YukonGame(3)
    c19 = CELLS.index((1, 0))
    s = position(g, [RINGS[0], (), (211,)], owners={c19: 1, 18: 1}, out=(False, True, False), pips=2)
    fr, en = render(s.observation(None), "fr"), render(s.observation(None), "en")
    assert fr.count(f'fill="{picture.tint(PLAYER_COLOURS[1])}"') == 2 and ">J2</text>" in fr and ">P2</text>" in en
    assert "J2 8 (parti)" in fr and "P2 8 (left)" in en  # 2 + 6 nuggets
    assert fr.count(f'fill="{PLAYER_COLOURS[0]}"') >= 1 and f'fill="{PLAYER_COLOURS[1]}"' in fr


def test_the_end_names_the_winners() -> None:
    g = YukonGame(3)
    c19 = CELLS.index((1, 0))
    over = position(g, [(), (102,), ()], owners={c19: 1}, done=True)
    assert "Game over · winner: P2" in render(over.observation(None), "en")
    assert f"Partie finie · gagnant{NBSP}: J2" in render(over.observation(None), "fr")
    tie = position(g, [(), (102,), ()], done=True)
    assert "shared win: P1, P2, P3" in render(tie.observation(None), "en")


def test_the_lead_pawn_is_marked_once_the_head_is_chosen() -> None:
    g = YukonGame(3)
    s = position(g, [RINGS[0], (102,), (211,)], pips=3, head=1)
    x, y = picture.SPACE_XY[RINGS[0][-1]]
    assert f'<circle cx="{x:.0f}" cy="{y:.0f}" r="8.5" fill="{PLAYER_COLOURS[0]}" stroke="#000" stroke-width="3"/>' in render(
        s.observation(None), "fr")
    unchosen: YukonState = position(g, [RINGS[0], (102,), (211,)], pips=3)
    assert 'stroke-width="3"' not in render(unchosen.observation(None), "fr")


def test_the_largest_picture_stays_lean() -> None:
    """Six full chains and many taken claims: the biggest picture a game draws (bytes, not time)."""
    g = YukonGame(6)
    rec: list[tuple[int, object]] = []
    final = playout(g.initial_state(), [g.make_bot("value-per-distance")] * 6, np.random.default_rng(2), record=rec)
    s = g.initial_state()
    largest = 0
    for p, a in rec:
        s = s.apply(a, player=None if p < 0 else p)
        largest = max(largest, len(render(s.observation(None), "fr").encode()))
    assert final.is_terminal() and largest < 42_000, largest
