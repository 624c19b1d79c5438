"""Mine (coal) on the board layer: the view, the picture's regions and sizes, picking
an action step by step at a real Board, the log's words per viewer, the panel and
status, and the bots' reasons."""

from __future__ import annotations

import html
import itertools
import re
from dataclasses import FrozenInstanceError, replace
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import pytest

import mineedu
from mineedu.core import CHANCE, SEE_ALL, Event, from_json, play
from mineedu.core.i18n import NBSP
from mineedu.games.coal_mine import CoalMineGame, CoalMineState, CoalMineView
from mineedu.games.coal_mine import svg as picture_module
from mineedu.games.coal_mine.odds import odds_report
from mineedu.games.coal_mine.panel import panel, status
from mineedu.games.coal_mine.words import chapter, describe_event
from mineedu.ui import Board
from tests.ui.drive import labels, pick

from .helpers import hand_of, picture, resolve

# --- the view -------------------------------------------------------------------------


def test_every_viewer_gets_a_frozen_typed_view() -> None:
    s = CoalMineGame(3).initial_state()
    for viewer in (0, 2, None, SEE_ALL):
        view = s.observation(viewer)
        assert isinstance(view, CoalMineView) and not isinstance(view, dict)
        with pytest.raises(FrozenInstanceError):
            view.round = 2  # type: ignore[misc]
    assert s.observation(1).player == 1 and s.observation(None).player is None and s.observation(SEE_ALL).see_all


# --- the picture ----------------------------------------------------------------------

TEXT = re.compile(r'<text [^>]*font-size="([\d.]+)"[^>]*fill="([^"]+)"')


def luminance(colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    if len(colour) == 4:  # "#rgb"
        colour = "#" + "".join(c * 2 for c in colour[1:])
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def positions() -> list[tuple[str, Any]]:
    """Views of several kinds of position: placement, the cards turned up, the teacher, the end."""
    out = []
    for n, cfg in ((2, {}), (3, {}), (6, {"dummy": True, "variant": True})):
        game = CoalMineGame(n, **cfg)
        rng = np.random.default_rng(n)
        bots = [game.make_bot(b) for b in ("raider", "steady", "mix", "random", "raider", "mix")[:n]]
        for k, event in enumerate(play(game.initial_state(), bots, rng)):
            s = event.after
            assert isinstance(s, CoalMineState)
            if k % 17 == 0 or s.phase == "discard" or s.is_terminal():
                out += [(f"{n}p-{k}-{v}", s.observation(v)) for v in (0, None, SEE_ALL)]
    return out


def test_picture_text_is_big_enough_for_a_phone_and_dark_enough_to_read() -> None:
    """Every text is at least 18 units on a 520-unit-wide picture (12 px once the picture is 355 px
    wide on a 390 px phone), in a colour with a contrast of 4.5:1 or more on what it is written on."""
    for a, b in picture_module.TEXT_ON:
        assert contrast(a, b) >= 4.5, (a, b, contrast(a, b))
    inks = {a for a, _ in picture_module.TEXT_ON}
    seen = 0
    for name, view in positions():
        for lang, (draw, width) in itertools.product(("fr", "en"), ((picture_module.render_wide, 1060),
                                                                     (picture_module.render_narrow, 520))):
            svg = draw(view, lang)
            assert f'viewBox="0 0 {width} ' in svg
            assert len(TEXT.findall(svg)) == svg.count("<text ")
            for size, fill in TEXT.findall(svg):
                assert float(size) >= 18 and fill in inks, (name, size, fill)
                seen += 1
    assert seen > 1000


@pytest.mark.parametrize("draw", [picture_module.render_wide, picture_module.render_narrow])
def test_the_picture_marks_every_choice_as_a_region(draw: Any) -> None:
    """Both layouts mark the same places."""
    g = CoalMineGame(3)
    s = g.initial_state()
    mine = draw(s.observation(0), "en")
    for kind in ("miner", "pipe"):
        assert f'data-region="card:{kind}"' in mine
    for space in ("event", "raid", "tower", "mine", "recruit"):
        assert f'data-region="space:{space}"' in mine
    assert 'data-region="target:1"' in mine and 'data-region="target:2"' in mine
    assert 'data-region="target:0"' not in mine  # nobody raids themselves
    spectator = draw(s.observation(None), "en")
    assert "data-region=" not in spectator  # a spectator has nothing to pick
    # the teacher sees every hand, and the board of the seat to move in full
    teacher = draw(s.observation(SEE_ALL), "en")
    assert 'data-region="card:miner"' in teacher and teacher.count("4× Miner") == 2


def test_others_boards_show_how_many_cards_lie_on_each_space_only() -> None:
    g = CoalMineGame(3)
    s = g.initial_state().apply(("raid", "pipe", 2)).apply(("place", "mine", "miner"))
    t = g.initial_state().apply(("raid", "miner", 1)).apply(("place", "mine", "pipe"))
    assert s.observation(2) == t.observation(2)
    assert picture(s, 2, "fr") == picture(t, 2, "fr")
    board0 = picture(s, 2, "en").split('data-region="target:0"')[1].split("data-region")[0]
    assert "Raiders&#x27; shelter" in board0 and "Pipe-miner" not in board0 and "→" not in board0
    assert board0.count('fill="#4a4a4a"') == 1  # one card back


def test_the_dummy_and_the_variants_die_card_are_drawn() -> None:
    g = CoalMineGame(4, dummy=True, variant=True)
    s = g.initial_state()
    assert s.phase == "die_card"
    s = s.apply(("die_card", 2, 5))
    svg = picture(s, 0, "fr")
    assert "J4 (fictif)" in svg and f"Mine max{NBSP}: 2 charbons" in svg and f"Vente max{NBSP}: 5 charbons" in svg
    assert f"Cartes dé restantes{NBSP}: 5" in svg and "Pas de réserve" in svg
    en = picture(s, 0, "en")
    assert "P4 (dummy)" in en and "Mine up to 2 coal" in en and "Die cards left: 5" in en
    # the round die shows the round: one pip in round 1
    assert svg.count('r="4.4"') == 1


# --- picking an action at the real board -----------------------------------------------


def test_a_raid_is_picked_card_then_space_then_target_on_the_picture() -> None:
    board = Board(mineedu.make("coal_mine", 3), seats=[None, "steady", "steady"], bot_pause_ms=0, lang="en")
    canvas = board.canvas
    assert canvas.prompt.startswith("Pick a card of your hand") and "card 1 of 4" in canvas.prompt
    assert {o["region"] for o in canvas.options} == {"card:miner", "card:pipe", None}
    assert [o["label"] for o in canvas.options if o["region"] is None] == ["Pass: lay no more cards this round"]
    pick(board, region="card:pipe")
    assert canvas.selected == ["card:pipe"] and canvas.prompt.startswith("Where does a Pipe-miner (1 helmet) go?")
    assert {o["region"] for o in canvas.options} == {"space:tower", "space:mine", "space:recruit", "space:raid"}
    pick(board, region="space:raid")
    assert canvas.prompt.startswith("Whom do you raid")
    targets = {o["region"]: o["label"] for o in canvas.options}
    assert targets == {"target:1": "Send a Pipe-miner (1 helmet) to the Raiders' shelter against P2",
                       "target:2": "Send a Pipe-miner (1 helmet) to the Raiders' shelter against P3"}
    pick(board, region="target:2")
    assert board.session.events[0].action == ("raid", "pipe", 2)
    # the bots have moved; it is P1's turn again, card 2 of 4, and the log hides their cards
    assert "card 2 of 4" in canvas.prompt
    log = board.log.value
    assert "P2 puts" not in log and "P2 lays a card face down" in log and "P1 sends a Pipe-miner" in log


def test_an_event_card_goes_on_events_and_french_prompts() -> None:
    game = CoalMineGame(2)
    board = Board(game, seats=[None, "steady"], bot_pause_ms=0, lang="fr")
    assert isinstance(board.session.state, CoalMineState)
    state = replace(board.session.state, hands=(hand_of(game, grisou=1, miner=1), hand_of(game, miner=8)))
    board.session.state = state
    board.redraw()
    pick(board, region="card:grisou")
    assert [o["region"] for o in board.canvas.options] == ["space:event"]
    assert board.canvas.prompt == f"Une carte Grisou se pose sur les Évènements{NBSP}: touchez-les."
    assert labels(board) == ["Poser une carte Grisou sur les Évènements"]


def test_the_hand_limit_is_met_by_picking_cards_to_discard() -> None:
    game = CoalMineGame(2)
    board = Board(game, seats=[None, "steady"], bot_pause_ms=0, lang="en")
    s = resolve(game, [[("recruit", "chief", -1)], []])
    s = s.apply(("draw", "miner")).apply(("draw", "miner")).apply(("draw", "miner")).apply(("draw", "miner"))
    s = s.apply(("draw", "miner"))
    # (the chief was laid straight on the board: the hand kept its 8 cards, and drew 2 + 3)
    assert s.phase == "discard" and s.turn == 0 and s.hand_size(0) == 13
    board.session.state = s
    board.redraw()
    assert board.canvas.prompt == "Your hand holds 13 cards, the limit is 8: tap a card to discard."
    assert {o["region"] for o in board.canvas.options} == {"card:miner", "card:pipe"}
    assert labels(board) == ["Discard a Miner (1 helmet)", "Discard a Pipe-miner (1 helmet)"]
    pick(board, region="card:miner")
    assert board.session.state.hand_size(0) == 12 and board.canvas.prompt.startswith("Your hand holds 12 cards")


def test_hot_seat_covers_the_screen_between_two_humans() -> None:
    board = Board(mineedu.make("coal_mine", 2), seats=[None, None], bot_pause_ms=0)
    assert board.canvas.cover and board.canvas.options == []
    board.receive("canvas", {"event": "ready", "token": None, "version": board.canvas.version})
    pick(board, region="card:miner")
    pick(board, region="space:mine")
    assert board.canvas.cover and "J2" in board.canvas.cover and "Mineur" not in board.canvas.svg


# --- the log: each viewer reads only what they may see -----------------------------------


def events_of(state: CoalMineState, moves: list[tuple[int, Any]]) -> list[Event]:
    out = []
    for p, a in moves:
        after = state.apply(a, player=None if p == CHANCE else p)
        out.append(Event(p, a, state, after))
        state = after
    return out


def test_a_card_dealt_to_someone_else_is_counted_never_named() -> None:
    g = CoalMineGame(2, hand_limit=20)
    s = resolve(g, [[("recruit", "foreman", -1)], [("recruit", "miner", -1)]])
    assert s.to_draw == (4, 3)
    draws = events_of(s, [(CHANCE, ("draw", k)) for k in ("chief", "grisou", "miner", "pipe", "wagon", "foreman", "miner")])
    theirs = [describe_event(e, 1, "fr") for e in draws[:4]]
    assert theirs == ["J1 reçoit 4 cartes.", "", "", ""]
    assert [describe_event(e, 1, "en") for e in draws[:1]] == ["P1 receives 4 cards."]
    mine = [describe_event(e, 0, "en") for e in draws[:4]]
    assert mine == ["P1 receives a Chief (3 helmets).", "P1 receives a Firedamp card.", "P1 receives a Miner (1 helmet).",
                    "P1 receives a Pipe-miner (1 helmet)."]
    assert describe_event(draws[4], None, "en") == "P2 receives 3 cards."
    assert describe_event(draws[4], SEE_ALL, "fr") == "J2 reçoit une carte Wagonnet."
    for e in draws[4:]:
        line = describe_event(e, 0, "fr") + describe_event(e, 0, "en")
        assert not any(w in line for w in ("Wagon", "Porion", "Foreman", "Mineur", "Miner"))


def test_a_face_down_card_says_where_it_lies_never_what_nor_whom_it_raids() -> None:
    g = CoalMineGame(3)
    s = g.initial_state()
    e1, e2 = events_of(s, [(0, ("raid", "pipe", 2)), (1, ("place", "tower", "miner"))])
    assert describe_event(e1, 1, "fr") == "J1 pose une carte face cachée dans l'Abri des pilleurs."
    assert describe_event(e1, 2, "en") == "P1 lays a card face down in the Raiders' shelter."
    assert describe_event(e1, 0, "fr") == "J1 envoie un Tuyauteur (1 casque) dans l'Abri des pilleurs contre J3."
    assert describe_event(e2, 0, "en") == "P2 lays a card face down on the Watchtower."
    assert describe_event(e2, SEE_ALL, "en") == "P2 puts a Miner (1 helmet) on the Watchtower."


def test_the_move_that_ends_the_placement_tells_the_resolution_to_everyone() -> None:
    g = CoalMineGame(2)
    s = replace(g.initial_state(), coal=(3, 0), phase="place", passed=(True, False), turn=1,
                boards=((("raid", "chief", 1), ("event", "grisou", -1), ("mine", "miner", -1)), (("mine", "pipe", -1),)))
    s = replace(s, coal=(0, 3))
    (e,) = events_of(s, [(1, ("pass",))])
    fr = describe_event(e, 0, "fr")
    en = describe_event(e, 1, "en")
    assert fr.startswith("J2 passe" + NBSP + ": plus de carte cette manche. Résolution" + NBSP + ":")
    assert "coup de grisou ×1, la Mine de J1 ne donne rien" in fr
    assert "J1 pille J2 et prend 3 charbons (attaque 3, défense 0)" in fr
    assert "J1 vend 1 charbon (+1 point)" in fr and "J2 extrait 1 charbon" in fr
    assert "P1 raids P2 and takes 3 coal (attack 3, defence 0)" in en and "P1 sells 1 coal (+1 point)" in en
    assert describe_event(e, 0, "en") == en  # the resolution is public: every viewer reads the same
    assert chapter(s, "fr") == "Manche 1" and chapter(s, "en") == "Round 1"


def test_the_dummys_cards_and_colour_card_stay_hidden() -> None:
    g = CoalMineGame(3, dummy=True)
    s = g.initial_state()
    assert s.phase == "dummy"
    s = replace(s, coal=(2, 0, 2), hands=s.hands[:2] + (hand_of(g, foreman=4),))
    e1, e2, e3 = events_of(s, [(CHANCE, ("dummy_card", "foreman"))] * 2 + [(CHANCE, ("target", 0))])
    assert describe_event(e1, 0, "fr") == "J3 (joueur fictif) pose une carte face cachée sur la Tour de guet."
    assert describe_event(e2, 1, "en") == ("P3 (dummy player) puts a card face down in the Raiders' shelter: "
                                           "its target is drawn at random.")
    assert describe_event(e3, 0, "fr") == "J3 (joueur fictif) tire une carte couleur au sort, face cachée."
    assert describe_event(e3, SEE_ALL, "en") == "Colour card drawn at random: P3 (dummy player) targets P1."
    assert describe_event(e1, SEE_ALL, "en") == "P3 (dummy player) puts a Foreman (2 helmets) on the Watchtower."


# --- the panel and the status ----------------------------------------------------------


def brute_at_least_one(unseen: list[str], kind: str, draws: int) -> Fraction:
    hands = list(combinations(range(len(unseen)), draws))
    return Fraction(sum(any(unseen[i] == kind for i in h) for h in hands), len(hands))


def mixed_2x2(m: Any) -> tuple[Fraction, Fraction, Fraction]:
    """(P(row 2), P(column 2), value) of a 2x2 zero-sum game without a saddle point, by the
    textbook formulas (each side's mix makes the other indifferent); written here on purpose."""
    (a, b), (c, d) = m
    return (Fraction(a - b, (a - b) + (d - c)), Fraction(a - c, (a - c) + (d - b)),
            Fraction(a * d - b * c, a + d - b - c))


def panel_numbers(html_text: str) -> dict[str, Any]:
    """The numbers the panel shows, read from its HTML as a browser would (``data-exact``)."""
    def grab(cls: str) -> list[str]:
        return re.findall(rf"class='{cls}' data-exact='([^']+)'", html_text)

    pipe = re.search(r"class='odds-pipe' data-exact='([^']+)' data-draws='(\d+)'>([^<]+)<", html_text)
    return {"pipe": (Fraction(pipe.group(1)), int(pipe.group(2)), pipe.group(3)) if pipe else None,
            "targets": [int(t) for t in re.findall(r"class='odds-raid' data-target='(\d+)'", html_text)],
            **{k: [Fraction(x) for x in grab(f"odds-{k}")] for k in ("attack", "defend", "value", "loot")}}


def test_the_panel_gives_the_odds_the_player_to_move_faces_from_what_they_see() -> None:
    g = CoalMineGame(3)
    s = g.initial_state()
    # every player starts with the same public hand, 4 miners and 4 pipe-miners: with card
    # counting, the cards P1 cannot place are the 70 - 3 x 8 = 46 of the deck, 12 of them pipe-miners
    unseen = [k for k, c in zip(g.kinds, g.card_counts) for _ in range(c)]
    for k in (["miner"] * 4 + ["pipe"] * 4) * 3:
        unseen.remove(k)
    assert brute_at_least_one(unseen, "pipe", 2) == 1 - Fraction(comb(34, 2), comb(46, 2)) == Fraction(158, 345)
    fr, en = panel(s.observation(0), "fr"), panel(s.observation(0), "en")
    # nothing on Recruitment yet: as if one 1-helmet card went there, 2 + 1 = 3 cards
    three = brute_at_least_one(unseen, "pipe", 3)
    assert panel_numbers(fr)["pipe"] == (three, 3, "9196/15180") and three == Fraction(209, 345)
    assert f">60,6{NBSP}%<" in fr and ">60.6%<" in en
    assert f"data-exact='158/345'>45,8{NBSP}%<" in fr and "data-exact='158/345'>45.8%<" in en
    assert "46 cartes dont vous ne pouvez pas savoir" in fr and "the 46 cards whose place you cannot know" in en
    assert "En comptant les cartes" in fr and "With card counting" in en
    assert html.escape(f"Contre J2{NBSP}: 2 charbons en stock, 0 carte sur sa Tour de guet", quote=False) in fr
    assert "Against P2: 2 coal in stock, 0 cards on their Watchtower" in en
    # the raid with a 1-helmet card on 2 coal: mine or raid against mine or defend
    nums = panel_numbers(fr)
    assert nums["targets"] == [1, 2]
    m = ((0, 1), (1, 0))  # by hand: a card mined brings 1; a raid takes 1 unless defended
    x, y, v = mixed_2x2(m)
    assert nums["attack"] == [x, x] and nums["defend"] == [y, y] and nums["value"] == [v, v] == [Fraction(1, 2)] * 2
    assert nums["loot"] == [(1 - y) * 1] * 2
    # another player's secret hand changes nothing of it
    other = replace(s, hands=s.hands[:1] + (hand_of(g, chief=4, foreman=4),) + s.hands[2:])
    assert panel(other.observation(0), "fr") == fr


def test_the_panel_follows_what_lies_on_my_recruitment_and_my_strongest_card() -> None:
    g = CoalMineGame(3)
    s = replace(g.initial_state(), hands=(hand_of(g, miner=2, chief=1, foreman=1),) + g.initial_state().hands[1:],
                coal=(2, 2, 5))
    s = s.apply(("place", "recruit", "foreman"))  # 2 + 2 helmets: 4 cards
    s = replace(s, turn=0)
    view = s.observation(0)
    nums = panel_numbers(panel(view, "en"))
    # with card counting: 70 cards less my 4 and the 2 x 8 public starting cards of the others,
    # 50 cards, 24 - 8 = 16 of them pipe-miners
    assert nums["pipe"] is not None and nums["pipe"][1] == 4
    assert nums["pipe"][0] == 1 - Fraction(comb(50 - 16, 4), comb(50, 4))
    # my chief (3 helmets) against P3 (5 coal) as strong: rows mine / raid, columns mine / defend, my coal
    # gain minus theirs, by hand: both mine: 3 - 3; I mine, they defend: 3 - 0; I raid undefended: I take 3,
    # they mine 3 and lose 3: 3 - 0; I raid a defended tower: 0 - 0
    x, y, v = mixed_2x2(((0, 3), (3, 0)))
    i = nums["targets"].index(2)
    assert (nums["attack"][i], nums["defend"][i], nums["value"][i]) == (x, y, v)
    assert (x, y, v) == (Fraction(1, 2), Fraction(1, 2), Fraction(3, 2))
    assert nums["loot"][i] == (1 - y) * 3


def test_the_report_writes_every_fraction_in_the_exact_json_form() -> None:
    g = CoalMineGame(3)
    s = g.initial_state()
    report = odds_report(s, 0)
    cells = []

    def walk(x: Any) -> None:
        if isinstance(x, dict) and "fraction" in x:
            cells.append(x)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(report)
    assert len(cells) > 50
    for c in cells:
        assert set(c) == {"fraction", "reduced", "float"} and from_json(c) == Fraction(c["fraction"])
        assert c["float"] == float(from_json(c))
    # counted as a player counts cards: pairs with at least one pipe-miner among all pairs of the
    # 46 cards whose place they cannot know (the starting hands are public), 12 pipe-miners
    assert report["recruit"]["p_at_least"]["2"]["pipe"]["1"]["fraction"] == f"{comb(46, 2) - comb(34, 2)}/{comb(46, 2)}"
    three = report["recruit"]["p_at_least"]["3"]["pipe"]["2"]
    assert three["fraction"] == f"{comb(12, 2) * 34 + comb(12, 3)}/{comb(46, 3)}"


def test_status_tells_the_last_resolution_and_the_final_scores() -> None:
    g = CoalMineGame(2)
    s = resolve(g, [[("mine", "chief", -1)], []], round=2, caps=(None, 2), coal=(2, 0), points=(19, 0))
    assert s.is_terminal()
    fr, en = status(s.observation(1), "fr"), status(s.observation(1), "en")
    assert "Scores finaux" in fr and html.escape(f"J1{NBSP}: 21 points, 0 charbon") in fr
    assert "J2" + NBSP + ": 0 point, 0 charbon" in html.unescape(fr)
    assert "P1: 21 points, 0 coal" in en and "P2: 0 points, 0 coal" in en
    assert "P1 reaches 21 points, and the game ends" in html.unescape(en)
    assert status(g.initial_state().observation(0), "en") == ""


# --- the bots say why --------------------------------------------------------------------


def test_every_bot_move_comes_with_a_reason_in_both_languages() -> None:
    game = CoalMineGame(4)
    bots = [game.make_bot(b) for b in ("steady", "raider", "mix", "raider:3")]
    moves = 0
    for event in play(game.initial_state(), bots, np.random.default_rng(5), explain=True):
        if event.player != CHANCE:
            assert event.reason is not None and event.reason["fr"] and event.reason["en"], event.action
            assert event.reason["fr"] != event.reason["en"]
            moves += 1
    assert moves > 40


def test_the_mix_bot_states_the_equilibrium_it_drew_from() -> None:
    g = CoalMineGame(2)
    s = replace(g.initial_state(), coal=(2, 2), hands=(hand_of(g, miner=3, chief=1),) * 2)
    bot = g.make_bot("mix")
    obs = s.observation(0)
    rng = np.random.default_rng(1)
    said = set()
    for _ in range(40):
        a = bot.act(obs, s.legal_actions(0), rng)
        fr, en = bot.why(obs, a, "fr"), bot.why(obs, a, "en")
        assert fr is not None and en is not None
        # raid 3 helmets against 3 on 2 coal: P(attack) = 3/4 (see test_bots_cli_svg)
        assert f"P = 3/4 (75,0{NBSP}%)" in fr and "P = 3/4 (75.0%)" in en
        said.add(("oui" in fr, a[0]))
    assert said == {(True, "raid"), (False, "place")}  # "the draw said yes" exactly when it raids


def test_the_raider_and_steady_bots_give_their_numbers() -> None:
    g = CoalMineGame(3)
    s = replace(g.initial_state(), coal=(2, 1, 4), hands=(hand_of(g, miner=2, chief=1),) * 3)
    raider = g.make_bot("raider")
    a = raider.act(s.observation(0), s.legal_actions(0), np.random.default_rng(0))
    assert raider.why(s.observation(0), a, "en") == (
        "raids P3, the richest (4 coal), with a Chief (3 helmets): an attack of 3 helmets")
    steady = g.make_bot("steady")
    t = g.initial_state().apply(("place", "mine", "pipe"))
    t = replace(t, turn=0)
    a = steady.act(t.observation(0), t.legal_actions(0), np.random.default_rng(0))
    assert a == ("place", "recruit", "miner")
    assert steady.why(t.observation(0), a, "fr") == "recrute" + NBSP + ": 2 + 1 casque = 3 cartes à piocher"


def test_a_move_that_ends_several_rounds_tells_each_resolution() -> None:
    """When nobody holds a card, the next rounds resolve at once, in the same move: the
    log tells each of them, and the status the last one."""
    g = CoalMineGame(2)
    empty = hand_of(g)
    s = replace(g.initial_state(), round=2, caps=(None, 2), coal=(10, 0), central=10, passed=(True, False), turn=1,
                hands=(empty, hand_of(g, miner=1)))
    (e,) = events_of(s, [(1, ("place", "tower", "miner"))])
    after = e.after
    assert isinstance(after, CoalMineState)
    assert after.is_terminal() and [r for r, _ in after.resolutions] == [2, 3, 4, 5, 6]
    fr = describe_event(e, 0, "fr")
    assert fr.startswith("J2 pose une carte face cachée sur la Tour de guet. Résolution de la manche 2" + NBSP + ":")
    for r, sold in ((2, 2), (3, 3), (4, 4), (5, 1)):
        assert f"Résolution de la manche {r}{NBSP}: J1 vend {sold} charbon" in fr
    assert fr.endswith(f"Résolution de la manche 6{NBSP}: rien ne se passe.")
    assert after.points == (10, 0)
    told = status(after.observation(0), "en")
    assert "Resolution of round 6" in told and "<b>Events</b>: no firedamp" in told and "<b>Raids</b>: nothing" in told


def test_a_wide_screen_gets_one_column_until_it_is_too_high() -> None:
    small = CoalMineGame(3).initial_state().observation(0)
    assert picture_module.render(small, "fr") == picture_module.render_narrow(small, "fr")
    big = CoalMineGame(6).initial_state().observation(0)
    narrow = picture_module.render_narrow(big, "fr")
    assert float(narrow.split('height="')[1].split('"')[0]) > picture_module.TALL
    assert picture_module.render(big, "fr") == picture_module.render_wide(big, "fr")
    assert 'viewBox="0 0 1060 ' in picture_module.render(big, "fr")


def test_the_picture_shows_what_the_last_resolution_moved() -> None:
    """After a resolution, each board says how its coal changed and the gear track shows each
    pawn's trail, through the next round's placement; not before any resolution."""
    g = CoalMineGame(2)
    s = resolve(g, [[("raid", "chief", 1), ("mine", "miner", -1)], [("mine", "pipe", -1)]], coal=(0, 4), caps=(None, 1))
    # P1 takes 3 of P2's 4 coal, sells 1 and mines 1: +3; P2 loses 3, sells 1, mines 1: -3
    assert s.coal == (3, 1) and s.points == (1, 1)
    assert picture_module.last_changes(s.observation(0)) == ((3, -3), (1, 1))
    svg = picture(s, 0, "fr")
    assert "3 charbons (+3)" in svg and "1 charbon (−3)" in svg and svg.count('class="trail"') == 2
    assert picture_module.last_changes(g.initial_state().observation(0)) is None
    assert 'class="trail"' not in picture(g.initial_state(), 0, "fr")


def test_a_live_board_shows_no_bots_reason_that_tells_a_face_down_card() -> None:
    """At a board the bots move live and give reasons (which name their cards and targets): the
    log shows those of face-down moves to nobody else; a discard's reason, public, it shows."""
    game = CoalMineGame(3)
    board = Board(game, seats=[None, "raider", "steady"], seed=4, bot_pause_ms=0, lang="fr")
    for _ in range(30):
        if board.session.state.is_terminal():
            break
        pick(board, index=0)
    reasons = [(e, e.reason["fr"]) for e in board.session.events if e.reason and e.player > 0]
    hidden = [(e, why) for e, why in reasons if e.action[0] != "discard"]
    assert hidden and any(w in why for _, why in hidden for w in ("Chef porion", "Tuyauteur", "pille"))
    log = board.log.value
    for _, why in hidden:
        assert html.escape(why) not in log
    for e, why in reasons:
        if e.action[0] == "discard":
            assert html.escape(why) in log
    first = hidden[0][0]
    assert game.reason_visible(first, first.player) and game.reason_visible(first, SEE_ALL)
