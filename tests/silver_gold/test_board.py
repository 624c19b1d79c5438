"""Silver & Gold at a board: picking actions on the picture, step by step, as the browser does."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

import mineedu
from mineedu.core import SEE_ALL, ChoiceTree, RandomBot, sample_outcome
from mineedu.core.choices import reachable
from mineedu.games.silver_gold import CARDS, SilverGold
from mineedu.games.silver_gold.choices import CHOICES, mirror_moves, rotate_moves
from mineedu.games.silver_gold.shapes import orientations, turn_order
from mineedu.games.silver_gold.svg import layout, render, render_narrow
from mineedu.ui import Board
from tests.ui.drive import control, pick

from .helpers import SYMMETRIES, everyone, find_cards, normal, set_board, standard


def keep_state(n: int = 2) -> Any:
    s = SilverGold(n).initial_state()
    while s.phase != "keep":
        s = s.apply(s.chance_outcomes()[0][0])
    return s


def placing_state(shape: str = "L4") -> Any:
    cards = [find_cards(lambda c: c.colour == "purple" and not c.crosses, 2), find_cards(lambda c: c.colour == "orange", 2)]
    return standard(cards=cards).apply(shape)


# --- the paths -------------------------------------------------------------------------------


def test_keeping_two_cards_is_an_unordered_pair_of_clicks() -> None:
    s = keep_state()
    tree = ChoiceTree(CHOICES, s, 0)
    hand = s.boards[0].hand
    found = reachable(tree)
    assert len(found) == 12 and len(set(found.values())) == 6  # C(4,2) pairs, each in both orders
    for (a, b), action in found.items():
        i, j = int(a.rsplit(":", 1)[1]), int(b.rsplit(":", 1)[1])
        assert action == ("keep", *sorted((hand[i], hand[j])))
    assert tree.options(("hand:0:2",)) == ["hand:0:0", "hand:0:1", "hand:0:3"]  # a card is not kept twice


def test_a_placement_is_card_then_orientation_then_the_box_of_its_top_square() -> None:
    s = placing_state("L4")
    tree = ChoiceTree(CHOICES, s, 0)
    legal = s.legal_actions(0)
    places = [a for a in legal if a[0] == "place"]
    assert places and all(len(CHOICES.path(s, 0, a)) == 3 for a in places)
    for a in places:
        card_key, turn_key, box_key = CHOICES.path(s, 0, a)
        _, slot, o, r, c = a
        cells = [(r + dr, c + dc) for dr, dc in orientations("L4")[o]]
        top = min(cells)  # the top row's leftmost box of the shape as placed
        assert (card_key, turn_key, box_key) == (f"card:0:{slot}", f"turn:{o}", f"box:0:{slot}:{top[0]}:{top[1]}")
    singles = [a for a in legal if a[0] == "cross"]
    assert {CHOICES.path(s, 0, a)[0] for a in singles} == {"single"}
    assert tree.options(()) == ["card:0:0", "card:0:1", "single"]
    assert sorted(map(repr, reachable(tree).values())) == sorted(map(repr, legal))


def test_rotate_visits_every_orientation_that_fits_and_mirror_flips() -> None:
    for shape in ("I2", "I3", "L3", "T4", "L4", "O4", "S4"):
        n = len(orientations(shape))
        assert sorted(turn_order(shape)) == list(range(n))
        for fitting in ({*range(n)}, {o for o in range(n) if o % 2 == 0} or {0}, {n - 1}):
            rot = rotate_moves(shape, fitting)
            seen, o = [], min(fitting)
            for _ in range(len(fitting)):
                seen.append(o)
                o = rot[o]
            assert sorted(seen) == sorted(fitting) and o == min(fitting), (shape, fitting)  # one cycle through all
            assert set(mirror_moves(shape, fitting).values()) <= fitting
    # with every orientation fitting, rotate is a quarter turn and mirror a true mirror image
    cells = orientations("L4")
    rot, mir = rotate_moves("L4", set(range(8))), mirror_moves("L4", set(range(8)))
    turned = [o for o in range(8) if normal([(c, -r) for r, c in cells[o]]) == frozenset(cells[rot[o]])]
    assert len(turned) == 6  # the two other steps flip to the mirror images' turns (turn_order)
    assert all(normal([(r, -c) for r, c in cells[o]]) == frozenset(cells[mir[o]]) for o in range(8))
    assert all(len({normal([t(r, c) for r, c in cells[o]]) for t in SYMMETRIES}) == 8 for o in range(8))


def test_the_cycled_step_offers_only_orientations_that_fit_this_card() -> None:
    s = placing_state("L4")
    card = CARDS[s.boards[0].cards[0]]
    # leave free only three boxes one above the other: the straight tromino can only stand there
    r0, c0 = next((r, c) for r in range(card.rows - 2) for c in range(card.cols)
                  if all(card.is_box(r + k, c) for k in range(3)))
    free = sum(1 << ((r0 + k) * card.cols + c0) for k in range(3))
    s = replace(set_board(s, 0, crossed=(card.boxes & ~free, 0)), revealed=("I3",))
    tree = ChoiceTree(CHOICES, s, 0)
    assert orientations("I3")[1] == ((0, 0), (1, 0), (2, 0))  # standing
    assert tree.options(("card:0:0",)) == ["turn:1"]
    assert tree.options(("card:0:0", "turn:1")) == [f"box:0:0:{r0}:{c0}"]
    controls = CHOICES.cycle(s, 0, ("card:0:0",), ["turn:1"])
    assert controls is not None and [c.shortcut for c in controls] == ["r", "m"]
    assert all(c.move == {"turn:1": "turn:1"} for c in controls)  # nothing else fits: R and M stay
    assert CHOICES.prompt(s, 0, ("card:0:0", "turn:1"), "fr").startswith("Orientation 1/1 (R\xa0: tourner")


def test_labels_prompts_and_previews_in_both_languages() -> None:
    s = placing_state("L4")
    tree = ChoiceTree(CHOICES, s, 0)
    for lang in ("fr", "en"):
        assert CHOICES.prompt(s, 0, (), lang).startswith(("Le tétromino en L", "The L-tetromino"))
        labels = [tree.label((), k, lang) for k in tree.options(())]
        assert len(set(labels)) == 3 and all(labels)
    assert re.fullmatch(r"Poser le tétromino en L sur la 1re carte, n°\xa0\d+ \(violette, 14\)\xa0: \d+ placements",
                        tree.label((), "card:0:0", "fr"))
    prefix = ("card:0:0", tree.options(("card:0:0",))[0])
    assert CHOICES.prompt(s, 0, prefix, "en").startswith("Orientation 1/")
    boxes = tree.options(prefix)
    words = {tree.label(prefix, k, "en") for k in boxes}
    assert len(words) == len(boxes) and all(w.startswith("Place the L-tetromino on card 1, boxes (") for w in words)


@pytest.mark.parametrize("narrow", [False, True])
def test_a_preview_covers_exactly_the_boxes_the_placement_crosses(narrow: bool) -> None:
    s = placing_state("T4")
    picture = render_narrow(s.observation(0), "fr") if narrow else render(s.observation(0), "fr")
    boxes = {key: (float(x), float(y)) for key, x, y in
             re.findall(r'data-region="(box:0:\d:\d:\d)"><rect x="([\d.]+)" y="([\d.]+)"', picture)}
    marks = {"box:0:" + k.replace("-", ":"): (float(x), float(y)) for k, x, y in
             re.findall(r'<g id="sg-pv-0-(\d-\d-\d)"><rect x="([\d.]+)" y="([\d.]+)"', picture)}
    assert marks == boxes  # one highlight per free box, where the box is drawn in this layout
    tree = ChoiceTree(CHOICES, s, 0)
    checked = 0
    for path, action in reachable(tree).items():
        preview = CHOICES.preview(s, 0, path[:-1], path[-1])
        assert preview is not None
        used = re.findall(r'<use href="#sg-(p[vx])-(\d)-(\d)-(\d)-(\d)"/>', preview)
        assert "".join(f'<use href="#sg-{k}-{p}-{sl}-{r}-{c}"/>' for k, p, sl, r, c in used) == preview
        if action[0] == "place":
            _, slot, o, r, c = action
            assert sorted((int(x[3]), int(x[4])) for x in used) == sorted((r + dr, c + dc) for dr, dc in orientations("T4")[o])
            assert {x[0] for x in used} == {"pv"} and {int(x[2]) for x in used} == {slot}
        else:
            assert [x[0] for x in used] == ["px"] and (int(used[0][3]), int(used[0][4])) == (action[2], action[3])
        assert all(f'id="sg-{k}-{p}-{sl}-{r}-{c}"' in picture for k, p, sl, r, c in used)  # drawn in either layout
        checked += 1
    assert checked > 20


def test_the_geometry_is_the_same_for_every_viewer() -> None:
    rng = np.random.default_rng(3)
    g = SilverGold(3)
    s = g.initial_state()
    for _ in range(400):
        if s.is_terminal():
            break
        if s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        views = [s.observation(v) for v in (None, 0, 1, 2, SEE_ALL)]
        for narrow, draw in ((False, render), (True, render_narrow)):
            assert len({layout(v, narrow) for v in views}) == 1
            regions = [sorted(re.findall(r'(?:data-region|id)="([^"]+)"', draw(v, "en"))) for v in views]
            assert all(r == regions[0] for r in regions[1:])  # hidden cards are regions where visible ones are
        p = s.players_to_move()[0]
        s = s.apply(RandomBot().act(None, s.legal_actions(p), rng), player=p)


# --- at the board, as the browser sends it --------------------------------------------------


def game_state(board: Board) -> Any:
    """The rules' state behind a board (a test may read it all)."""
    return board.session.state


def test_a_human_keeps_places_rotates_and_crosses_at_the_board() -> None:
    board = Board(mineedu.make("silver_gold", 2), seats=[None, "greedy"], seed=5, bot_pause_ms=0)
    s = game_state(board)
    assert s.phase == "keep" and board.canvas.prompt.startswith("Gardez 2 cartes sur 4")
    regions = [o["region"] for o in board.canvas.options]
    assert sorted(regions) == [f"hand:0:{i}" for i in range(4)]
    pick(board, region="hand:0:3")
    assert board.canvas.selected == ["hand:0:3"] and len(board.canvas.options) == 3
    pick(board, region="hand:0:0")
    hand = s.boards[0].hand
    kept = next(a for p, a in board.session.moves if p == 0 and a[0] == "keep")
    assert kept == ("keep", *sorted((hand[0], hand[3])))
    state = game_state(board)
    assert state.phase == "place" and board.session.human_to_move() == 0
    # place: the card, then the orientation (R and M), then the box
    card_option = pick(board, region="card:0:1")
    assert card_option["label"].startswith("Poser ")
    assert [c["shortcut"] for c in board.canvas.controls] == ["r", "m", "escape"]
    first = board.canvas.selected[1]
    seen = [first]
    for _ in range(8):
        control(board, "r")
        seen.append(board.canvas.selected[1])
    assert len(set(seen)) == len(board.tree().options(("card:0:1",)))  # rotate reaches every orientation that fits
    box = board.canvas.options[0]
    assert box["region"].startswith("box:0:1:") and box["preview"].startswith('<use href="#sg-pv-0-1-')
    before = len(board.session.moves)
    turn = board.canvas.selected[1]
    pick(board, region=box["region"])
    p, action = board.session.moves[before]
    assert p == 0 and action[0] == "place" and action[1] == 1 and f"turn:{action[2]}" == turn
    # the next reveal: cross a single box instead
    for _ in range(10):  # a red cross or a completed card first: answer with the first option offered
        if game_state(board).phase == "place":
            break
        pick(board, index=0)
    assert board.session.human_to_move() == 0 and game_state(board).phase == "place"
    pick(board, label="Cocher une seule case à la place")
    assert board.canvas.prompt == "Cliquez la seule case à cocher"
    target = board.canvas.options[0]
    assert target["preview"].startswith('<use href="#sg-px-0-')  # the cross the box would get
    n = len(board.session.moves)
    pick(board, region=target["region"])
    assert board.session.moves[n][1][0] == "cross"


def test_a_red_cross_asks_for_the_next_box_at_once() -> None:
    cross_card = find_cards(lambda c: c.crosses and c.colour == "purple", 1)
    cards = [(cross_card[0], find_cards(lambda c: c.colour == "green", 1, exclude=cross_card)[0]),
             tuple(find_cards(lambda c: c.colour == "orange", 2))]
    s = standard(cards=[tuple(sorted(cards[0])), cards[1]]).apply("I2")
    slot = s.boards[0].cards.index(cross_card[0])
    r, c = next((r, c) for r in range(4) for c in range(4) if CARDS[cross_card[0]].symbol(r, c) == "cross")
    other = next((r, c) for r in range(4) for c in range(4) if CARDS[s.boards[1].cards[0]].is_box(r, c))
    s = everyone(s, [("cross", slot, r, c), ("cross", 0, *other)])
    assert s.phase == "chain" and s.current_player() == 0
    tree = ChoiceTree(CHOICES, s, 0)
    assert all(len(p) == 1 and p[0].startswith("box:0:") for p in tree.paths)
    assert CHOICES.prompt(s, 0, (), "fr") == "Croix rouge\xa0: cochez tout de suite une autre case libre"
    key = tree.options(())[0]
    assert tree.label((), key, "en").endswith("(red cross)") and CHOICES.preview(s, 0, (), key)


def test_taking_a_display_card_is_a_click_on_it() -> None:
    rng = np.random.default_rng(2)
    g = SilverGold(2)
    s = g.initial_state()
    bot = g.make_bot("greedy")
    while s.phase != "replace":
        if s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            p = s.players_to_move()[0]
            s = s.apply(bot.act(s.observation(p), s.legal_actions(p), rng), player=p)
    p = s.current_player()
    tree = ChoiceTree(CHOICES, s, p)
    assert sorted(tree.options(())) == sorted(f"display:{c}" for c in s.display)
    assert all(f'data-region="display:{c}"' in render(s.observation(p), "en") for c in s.display)
    assert CHOICES.prompt(s, p, (), "en") == "Card completed: click the display card to take"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_two_humans_at_one_screen_see_only_their_own_hand(lang: str) -> None:
    board = Board(mineedu.make("silver_gold", 2), seats=[None, None], seed=1, lang=lang, bot_pause_ms=0)
    hand = game_state(board).boards  # the rules' own state: the test may read it
    assert board.canvas.cover and not board.canvas.options  # the screen waits for J1
    pick_ready(board)
    picture = board.canvas.svg
    assert picture.count(">cachée<" if lang == "fr" else ">hidden<") == 4  # J2's four cards
    pick(board, region="hand:0:0")
    pick(board, region="hand:0:1")
    assert board.canvas.cover  # J1 has chosen: the screen is passed to J2
    pick_ready(board)
    assert board.canvas.svg.count(">cachée<" if lang == "fr" else ">hidden<") == 4  # now J1's are hidden
    log = board.log.value
    assert ("J1 a choisi ses cartes" if lang == "fr" else "P1 has chosen their cards") in log
    assert all(f"n°\xa0{c} " not in log and f"no. {c} " not in log for c in hand[0].hand)


def pick_ready(board: Board) -> None:
    from tests.ui.drive import send

    send(board, "ready")
