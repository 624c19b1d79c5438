"""The picture: drawn from a view, its choice regions, readable on a phone and a projector, in both languages."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

import pytest

from mineedu.core import ChoiceTree
from mineedu.core.svg import PLAYER_COLOURS
from mineedu.games.dragon_cave import DragonCave, DragonCaveState, render
from mineedu.games.dragon_cave import svg as pic
from mineedu.games.dragon_cave.choices import CHOICES

from .helpers import position, random_game

NS = {"s": "http://www.w3.org/2000/svg"}
PHONE_PICTURE_PX = 360  # the narrow picture's width on a 390 px wide phone (measured with tools/screenshot.py)
NARROWEST_WIDE_PX = 600  # the board shows the wide picture only this wide or wider (ui.board.NARROW_BELOW)


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    size: float
    anchor: str
    fill: str
    words: str


def texts(svg: str) -> list[Text]:
    root = ET.fromstring(svg)
    return [Text(float(t.get("x", 0)), float(t.get("y", 0)), float(t.get("font-size", 0)), t.get("text-anchor", ""),
                 t.get("fill", ""), t.text or "") for t in root.iter("{http://www.w3.org/2000/svg}text")]


def words(svg: str) -> list[str]:
    return [t.words for t in texts(svg)]


def regions(svg: str) -> list[str]:
    return [g.get("data-region", "") for g in ET.fromstring(svg).iterfind(".//s:g[@data-region]", NS)]


def picture(s: DragonCaveState, lang: str = "fr", viewer: int | None = 0, lay: pic.Layout = pic.WIDE) -> str:
    return pic.draw(s.observation(viewer), lang, lay)


def random_states(n: int, seed: int, **config: bool) -> list[DragonCaveState]:
    return random_game(DragonCave(n, **config), seed, decisions=False)


# --- drawn from the view ------------------------------------------------------------------------


def test_the_board_picture_is_the_view_s_picture() -> None:
    s = position(3, pos=(2, 5, -1), returning=(True, False, False), carried=(((1, 4),), (), ()))
    for viewer in (0, 1, None):
        assert s.game.render_svg(s, viewer, "en") == render(s.observation(viewer), "en")
    assert s._repr_svg_() == render(s.observation(0), "fr")  # "show all" shows what everyone sees


# --- the choice regions -------------------------------------------------------------------------


def test_regions_are_the_reachable_places_cards_before_the_dragon_the_exit_and_my_cards() -> None:
    s = position(3, pos=(2, 5, -1), carried=(((1, 4), (0, 2)), ((3, 11),), ()), dragon=17,
                 path=DragonCave(3).initial_state().path[:20])
    keys = regions(picture(s))
    assert keys.count("exit") == 1
    assert sorted(k for k in keys if k.startswith("card:")) == sorted(f"card:{i}" for i in range(17))  # not 17..19
    assert sorted(k for k in keys if k.startswith("drop:")) == ["drop:0", "drop:1"]  # player 1's two cards, not player 2's
    assert len(keys) == len(set(keys))


def test_every_destination_and_drop_the_choices_offer_is_a_region_of_the_picture() -> None:
    for s in random_states(4, 3, dice_movement=True)[::3]:
        p = s.current_player()
        if p < 0:
            continue
        keys = set(regions(picture(s, viewer=p)))
        for path in ChoiceTree(CHOICES, s, p).paths:
            for key in path:
                if (key.startswith(("card:", "drop:")) and key != "drop:none") or key == "exit":
                    assert key in keys, (key, path)


# --- readable: a phone, a projector, contrast ---------------------------------------------------


@pytest.mark.parametrize("config", [{}, {"blind": True, "dice_movement": True, "dice_dragon": True}])
@pytest.mark.parametrize("lay,shown_px", [(pic.NARROW, PHONE_PICTURE_PX), (pic.WIDE, NARROWEST_WIDE_PX)])
def test_every_text_is_12_px_or_more_as_shown_and_stays_inside_the_picture(
        config: dict[str, bool], lay: pic.Layout, shown_px: int) -> None:
    seen = 0
    for s in random_states(6, 9, **config)[::2]:
        for lang in ("fr", "en"):
            svg = picture(s, lang, lay=lay)
            assert re.search(rf'viewBox="0 0 {lay.width:.0f} \d+"', svg) and f'data-dc-layout="{lay.name}"' in svg
            for t in texts(svg):
                assert t.size * shown_px / lay.width >= 12, t
                width = pic.text_width(t.words, t.size)
                left = t.x - {"start": 0, "middle": width / 2, "end": width}[t.anchor]
                assert left >= -1 and left + width <= lay.width + 1, t
            seen += 1
    assert seen > 20
    assert (pic.NARROW.width, pic.WIDE.width) == (800, 1024)


def test_the_narrow_picture_is_the_wide_one_in_rows_of_seven() -> None:
    s = position(3, pos=(2, 9, -1), carried=(((1, 4),), (), ()))
    wide, narrow = render(s.observation(0), "fr"), pic.render_narrow(s.observation(0), "fr")
    assert sorted(words(wide)) == sorted(words(narrow)) and sorted(regions(wide)) == sorted(regions(narrow))
    assert pic.path_height(s, pic.WIDE) == 3 * pic.ROW_PITCH and pic.path_height(s, pic.NARROW) == 4 * pic.ROW_PITCH


def test_text_colours_have_a_contrast_of_at_least_4_5() -> None:
    backgrounds = (*pic.FAMILY_FILLS, pic.PASSED_FILL, pic.PAPER, "#FFFFFF")
    for fill in backgrounds:
        assert pic.contrast(pic.INK, fill) >= 4.5 and pic.contrast(pic.MUTED, fill) >= 4.5, fill
    assert pic.contrast(pic.DRAGON_RED, pic.PAPER) >= 4.5  # the word "dragon"
    for colour in PLAYER_COLOURS:  # the seat number on its pawn
        assert pic.contrast(pic.ink_on(colour), colour) >= 4.5, colour
    # and the picture uses no other text colour than those
    used = {t.fill for s in random_states(6, 2) for t in texts(picture(s))}
    assert used <= {pic.INK, pic.MUTED, pic.DRAGON_RED, "#000000", "#FFFFFF"}, used


def test_contrast_ratio_by_hand() -> None:
    assert round(pic.contrast("#000000", "#FFFFFF"), 2) == 21.0
    assert round(pic.contrast("#777777", "#FFFFFF"), 2) == 4.48  # the classic grey just below 4.5
    assert pic.ink_on("#0072B2") == "#FFFFFF" and pic.ink_on("#E69F00") == "#000000"


# --- what the picture shows ---------------------------------------------------------------------


def _circles(svg: str) -> list[tuple[float, float, float]]:
    return [(float(c.get("cx", 0)), float(c.get("cy", 0)), float(c.get("r", 0)))
            for c in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}circle")]


@pytest.mark.parametrize("waiting", [1, 2, 3, 6])
def test_pawns_are_clear_of_the_title_of_each_other_and_inside_the_entrance(waiting: int) -> None:
    n = max(waiting, 2)
    pos = tuple([-1] * waiting + [14 + 2 * k for k in range(n - waiting)])
    s = position(n, pos=pos)
    svg = picture(s)
    title = next(t for t in texts(svg) if t.words.startswith("Au fin fond"))
    pawns = [c for c in _circles(svg) if c[2] >= 19][:n]  # pawns (drawn before the players' lines)
    assert all(cy - r > title.y + 2 for _, cy, r in pawns)
    for i, (x1, y1, r1) in enumerate(pawns):
        for x2, y2, r2 in pawns[i + 1:]:
            assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (r1 + r2) ** 2, "two pawns overlap"
    ex, ey = pic.slot_xy(0)
    for cx, cy, r in pawns[:waiting]:
        assert ex <= cx - r and cx + r <= ex + pic.CARD_W and ey <= cy - r and cy + r <= ey + pic.CARD_H


def test_cards_are_numbered_lettered_and_explained_in_both_languages() -> None:
    s = position(2, path=DragonCave(2).initial_state().path)
    en, fr = picture(s, "en"), picture(s, "fr")
    numbers = [t.words for t in texts(en) if t.fill == pic.MUTED and t.words.isdigit()]
    assert numbers == [str(k) for k in range(1, 25)]
    assert "E = Easy (1–3)" in words(en) and "H = Heroic (10–12)" in words(en)
    assert "F = Facile (1–3)" in words(fr) and "H = Héroïque (10–12)" in words(fr)
    assert "J1\u00a0: avance" in words(fr) and "P1: diving" in words(en)
    assert words(fr).count("?") == 24 and "entrée" in words(fr) and "entrance" in words(en)


def test_the_dragon_has_its_slot_and_the_cards_it_passed_are_greyed() -> None:
    s = position(2, pos=(2, 5), dragon=17)
    svg = picture(s)
    x, y = pic.slot_xy(18, pic.WIDE)  # entrance, cards 0..16, then the dragon
    box = f'<rect x="{x:.1f}" y="{y:.1f}" width="{pic.CARD_W:.1f}" height="{pic.CARD_H:.1f}" rx="8"'
    assert f'{box} fill="{pic.DRAGON_RED}"' in svg
    assert svg.count(f'fill="{pic.PASSED_FILL}"') == 24 - 17
    assert pic.slot_of(s, 16) == 17 and pic.slot_of(s, 17) == 19


def test_arrows_point_the_way_each_pawn_walks() -> None:
    # row 0 runs left to right, row 1 right to left: deeper on row 1 is to the left
    s = position(3, pos=(3, 9, 10), returning=(False, False, True))
    assert pic.walks_right(s, 0) and not pic.walks_right(s, 1) and pic.walks_right(s, 2)  # rows of 7
    assert pic.walks_right(s, 0, pic.WIDE) and not pic.walks_right(s, 1, pic.WIDE)  # rows of 9: card 10 on row 1


def test_the_end_names_the_winner_and_greys_the_lost_cards() -> None:
    s = position(3, status=("out", "eaten", "out"), returning=(True, True, True), carried=(((1, 5),), ((3, 12),), ((2, 7),)))
    assert s.is_terminal()
    fr, en = picture(s, "fr"), picture(s, "en")
    assert "partie terminée — gagnant\u00a0: J3" in words(fr) and "game over — winner: P3" in words(en)
    assert "J2\u00a0: dévoré" in words(fr) and "P2: eaten" in words(en)
    assert "J3\u00a0: sorti avec 7 points" in words(fr) and "P1: out with 5 points" in words(en)
    assert fr.count(f'fill="{pic.PASSED_FILL}"') == 1  # the Heroic 12 the dragon ate with J2
    everyone = position(2, status=("eaten", "eaten"))
    assert "partie terminée — le dragon a dévoré tout le monde" in words(picture(everyone, "fr"))
    assert "game over — the dragon ate everyone" in words(picture(everyone, "en"))


def test_the_headline_says_whose_turn_and_which_chance_comes_next() -> None:
    s = position(pos=(5, 9), config={"dice_movement": True})
    assert "J1 lance le dé" in words(picture(s, "fr")) and "P1 rolls the die" in words(picture(s, "en"))
    rolled = s.apply(("die", 5))
    assert "au tour de J1 — dé 5 − 0 carte = 5 pas" in words(picture(rolled, "fr"))
    assert "P1 to move — die 5 − 0 cards = 5 steps" in words(picture(rolled, "en"))
    loaded = position(pos=(5, 9), config={"dice_movement": True}, roll=2, carried=(((0, 1), (1, 4), (2, 7)), ()))
    assert "au tour de J1 — dé 2 − 3 cartes = 0 pas" in words(picture(loaded, "fr"))  # at least 0
    dragon = position(pos=(5, 9), returning=(True, False), carried=(((0, 1),), ()), config={"dice_dragon": True}).apply(
        ("move", -1, False, 3, False))
    assert "le dé du dragon est lancé" in words(picture(dragon, "fr"))


def test_a_rolled_die_is_drawn_with_its_pips() -> None:
    s = position(pos=(5, 9), config={"dice_movement": True}, roll=4)
    svg = picture(s)
    pips = [c for c in _circles(svg) if c[2] == pytest.approx(56 / 11, abs=0.1)]
    assert len(pips) == 4
    assert len([c for c in _circles(picture(position(pos=(5, 9)))) if c[2] == pytest.approx(56 / 11, abs=0.1)]) == 0


def test_the_variants_in_play_are_written_and_blind_cards_stay_face_down() -> None:
    s = position(2, pos=(5, 9), carried=(((2, None),), ()), config={"blind": True, "dice_dragon": True})
    fr, en = " · ".join(words(picture(s, "fr"))), " · ".join(words(picture(s, "en")))
    assert "Variantes\u00a0: aveugle (valeurs cachées) · dé du dragon (d6)" in fr
    assert "Variants: blind (values hidden) · dragon's die (d6)" in en
    assert "D?" in words(picture(s, "fr")) and "Variant" not in " ".join(words(picture(position(2), "en")))


@pytest.mark.parametrize("lang,foreign", [("fr", ("entrance", "diving", "to move", "Easy", "game over")),
                                          ("en", ("entrée", "avance", "au tour", "Facile", "partie"))])
def test_one_language_at_a_time(lang: str, foreign: tuple[str, ...]) -> None:
    for s in random_states(3, 4, dice_movement=True)[::4]:
        shown = words(picture(s, lang))
        assert not any(w in " ".join(shown) for w in foreign), shown
        if lang == "fr":
            assert not any(re.search(r" [:;?!%]", t) for t in shown), shown  # a no-break space before them
