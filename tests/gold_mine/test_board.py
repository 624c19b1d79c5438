"""My Gold Mine at the shared board, driven as its browser would: picks on the decks and
miners, the decision panel checked against independent counts and brute force."""

from __future__ import annotations

import math
import re
from fractions import Fraction

import numpy as np
import pytest

import mineedu
from mineedu.core import CHANCE, Event, RandomBot, sample_outcome
from mineedu.core import play as core_play
from mineedu.core.i18n import format_number
from mineedu.games.gold_mine import BURNED, LADDER, odds
from mineedu.ui import Board
from tests.test_lesson_content import plain
from tests.ui.drive import labels, pick, run_bots

from .helpers import at, new, play

GOLD = {"nugget": 1, "lantern": 1, "eyes": 2, "dragon": 0}  # D2, restated here on purpose
KINDS = ("nugget", "lantern", "eyes", "dragon")


def hypergeom_reach(counts, need, k):
    """P(at least ``need`` dragons in ``k`` draws), written from the textbook formula."""
    d, n = counts[3], sum(counts)
    k = min(k, n)
    return sum(Fraction(math.comb(d, j) * math.comb(n - d, k - j), math.comb(n, k)) for j in range(need, min(d, k) + 1))


def burn_by_hand(state, p):
    """P(p is burned by exploring), face-down deck, from the rules read by hand (D2, D3):
    only when p stands right before Dragobert, a dragon card (he moves onto p) or an eyes card
    (it walks p onto him) burns; the E3 collapse aside."""
    counts = state.explore
    if state.positions[p] != state.dragon - 1 or not sum(counts):
        return Fraction(0)
    return Fraction(counts[3] + counts[2], sum(counts))


def gold_change_by_hand(state, p):
    counts, n = state.explore, sum(state.explore)
    held, near = state.gold(p), state.positions[p] == state.dragon - 1
    total = Fraction(0)
    for kind, c in zip(KINDS, counts, strict=True):
        burns = near and kind in ("eyes", "dragon")
        total += Fraction(c, n) * (-held if burns else GOLD[kind])
    return total


def panel_figures(board):
    """The numbers the panel shows, read from its HTML as a browser would."""
    v = board.panel.value
    grab = lambda cls: (m.group(1) if (m := re.search(rf"class='{cls}'(?: data-exact='[^']*')?>([^<]+)<", v)) else None)
    exact = lambda cls: (m.group(1) if (m := re.search(rf"class='{cls}' data-exact='([^']+)'", v)) else None)
    reach = {int(k): Fraction(x) for k, x in re.findall(r"data-k='(\d+)'>([^<]+)<", v)}
    return {"burn": exact("odds-burn"), "burn_shown": grab("odds-burn"), "burn_pct": grab("odds-burn-pct"),
            "change": exact("odds-change"), "next": grab("odds-next"), "reach": reach}


def check_panel_against_engine(board, lang="fr"):
    state = board.session.state
    if state.is_terminal():
        return
    p = board.viewer()
    f = panel_figures(board)
    if state.positions[p] <= 0:
        assert f["burn"] is None and f["reach"] == {}
        return
    n = sum(state.explore)
    if n:
        assert f["next"] == f"{state.explore[3]}/{n}"
        assert Fraction(f["burn"]) == burn_by_hand(state, p) == odds.burn_risk(state, p)
        assert f["burn_pct"] == format_number(burn_by_hand(state, p), lang, percent=True)
        assert Fraction(f["change"]) == gold_change_by_hand(state, p)
    need = state.dragon - state.positions[p]
    assert f["reach"] and all(v == hypergeom_reach(state.explore, need, k) for k, v in f["reach"].items())


@pytest.fixture
def board():
    return Board(mineedu.make("gold_mine", 4), seats=[None, "threshold:0.15", "random", "cautious"], seed=5)


def test_a_turn_is_a_click_on_a_deck(board):
    assert [o["region"] for o in board.canvas.options] == ["deck:explore", "deck:exit"]
    assert labels(board) == ["Explorer\u00a0: piocher une carte Exploration", "Sortie\u00a0: piocher une carte Sortie"]
    assert "pioche" in board.canvas.prompt
    check_panel_against_engine(board)


def test_play_a_whole_game_by_clicking_the_decks(board):
    rng = np.random.default_rng(3)
    clicks = 0
    while not board.session.state.is_terminal():
        run_bots(board)
        if board.session.state.is_terminal():
            break
        check_panel_against_engine(board)
        option = board.canvas.options[int(rng.integers(len(board.canvas.options)))]
        before = len(board.session.events)
        pick(board, label=option["label"])
        assert board.message.value == "", board.message.value
        assert len(board.session.events) > before or board.session.state.phase == "option"
        clicks += 1
        assert clicks < 400
    assert "mineedu-podium" in board.status.value and "Partie terminée" in board.status.value
    result = board.session.state.results[-1]
    for i, g in enumerate(result.gold):
        assert f"<th scope='row'>J{i + 1}</th><td>{g} or</td>" in board.status.value


def test_next_to_dragobert_the_panel_shows_the_burn_risk_not_the_dragon_odds(board):
    """REVIEW.md's case: card 4, Dragobert on 5, 54 cards left (16 eyes, 5 dragons): 21/54, not 5/54."""
    s = board.session
    s.state = at(s.state, positions=(4, 2, 3, 1), dragon=5, explore=(20, 13, 16, 5), kept=(("eyes", "nugget"), (), (), ()))
    board.redraw()
    f = panel_figures(board)
    assert f["burn_shown"] == "21/54" and Fraction(f["burn"]) == Fraction(21, 54)
    assert f["burn_pct"] == "38,9\u00a0%"
    assert f["next"] == "5/54"
    # exploring: +1 for 33 nuggets and lanterns, a burn (21 cards) loses the 3 gold held
    assert Fraction(f["change"]) == Fraction(33 - 21 * 3, 54)
    assert "(5 + 16) / 54" in board.panel.value and "−0,56" in board.panel.value
    board.receive("lang", "en")
    assert "38.9%" in board.panel.value and "P(burned)" in board.panel.value


def test_burn_risk_equals_brute_force_over_the_next_draw_in_both_deck_modes():
    """Enumerate every card the next draw (and, face up, the reveals after it) can be, by hand."""
    rng = np.random.default_rng(11)
    for mode in ("face_down", "face_up"):
        game = mineedu.make("gold_mine", 4, deck_mode=mode)
        s = game.initial_state()
        checked = 0
        for _ in range(3000):
            if s.is_terminal():
                s = game.initial_state()
            if s.is_chance():
                s = s.apply(sample_outcome(s.chance_outcomes(), rng))
                continue
            if s.phase == "turn" and odds.can_explore(s):
                p = s.turn
                # brute force: every outcome of the chance tree, walked here with the rules' apply
                total, stack = Fraction(0), [(s.apply(("explore",)), Fraction(1))]
                while stack:
                    t, q = stack.pop()
                    if t.is_chance():
                        stack += [(t.apply(o), q * w) for o, w in t.chance_outcomes()]
                    elif (t.results[-1].rungs[p] == 0) if (t.round != s.round or t.phase == "over") else t.positions[p] == BURNED:
                        total += q
                assert odds.burn_risk(s) == total
                if mode == "face_down":
                    assert total == burn_by_hand(s, p)
                checked += 1
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.integers(len(legal)))])
        assert checked > 200


def test_burn_risk_matches_monte_carlo():
    """Seeded draws from the very state: the frequency within 4 standard errors of 21/54."""
    s = at(new(), positions=(4, 2, 3, 1), dragon=5, explore=(20, 13, 16, 5))
    rng = np.random.default_rng(2024)
    trials, burned = 4000, 0
    for _ in range(trials):
        t = s.apply(("explore",))
        while t.is_chance():
            t = t.apply(sample_outcome(t.chance_outcomes(), rng))
        burned += t.positions[0] == BURNED
    p = 21 / 54
    assert abs(burned / trials - p) < 4 * math.sqrt(p * (1 - p) / trials)


def test_an_exit_card_with_a_swap_asks_for_the_miner_on_the_picture(board):
    s = board.session
    s.state = play(at(s.state, positions=(5, 4, 3, 2)), ("exit",), "L1|SWAP")
    board.redraw()
    assert labels(board) == ["Avancer d'1 case vers la sortie", "Échanger ma place avec un autre mineur…"]
    assert "1 case vers la sortie ou échange" in board.status.value
    pick(board, label="Échanger ma place avec un autre mineur…")
    assert [o["region"] for o in board.canvas.options] == ["miner:1", "miner:2", "miner:3"]
    assert labels(board) == ["Échanger sa place avec J2", "Échanger sa place avec J3", "Échanger sa place avec J4"]
    assert board.canvas.selected == ["option:SWAP"] and any(c["shortcut"] == "escape" for c in board.canvas.controls)
    n = len(s.events)
    pick(board, region="miner:3")
    move = s.events[n]
    assert (move.player, move.action) == (0, ("option", "SWAP", 3))
    assert move.after.positions == (2, 4, 3, 5)


def test_the_log_says_what_happened_in_words():
    game = mineedu.make("gold_mine", 4)
    before = at(game.initial_state(), positions=(4, 2, 3, 7), dragon=8, kept=((), (), (), ("eyes", "nugget"))).apply(("explore",))
    e = Event(CHANCE, "dragon", before, before.apply("dragon"))
    fr = "J1 pioche un dragon\u00a0! Dragobert avance sur la case 7. J4 est grillé·e et perd 3 or."
    assert game.describe_event(e, 0, "fr") == fr
    assert game.describe_event(e, 0, "en") == "P1 draws a dragon! Dragobert moves onto card 7. P4 is burned and loses 3 gold."
    before = at(game.initial_state(), positions=(5, 4, 3, 2)).apply(("exit",))
    e = Event(CHANCE, "L1|SWAP", before, before.apply("L1|SWAP"))
    assert game.describe_event(e, 0, "fr") == "J1 pioche la carte Sortie «\u00a01 case vers la sortie ou échange\u00a0»."
    assert game.describe_event(e, 0, "en") == 'P1 draws the exit card "1 card toward the exit or swap".'
    before = at(game.initial_state(), positions=(5, 4, 3, 2))
    e = Event(0, ("exit",), before, before.apply(("exit",)))
    assert game.describe_event(e, 0, "fr") == "J1 choisit la pioche Sortie."
    assert game.describe_event(e, 0, "en") == "P1 chooses the exit pile."


# What the log tells after a draw or a choice, each its own sentence.
AFTER = re.compile(r"(?<![.!]) (?:J\d est grillé|J\d atteint|Dragobert avance|Fin de"
                   r"|P\d is burned|P\d reaches|Dragobert moves|End of)")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_log_line_is_made_of_sentences(lang):
    """A draw and what it did are two sentences: "J3 pioche des yeux : +2 or, un pas vers Dragobert.
    J3 est grillé·e…", never run together ("…vers Dragobert J3 est grillé·e…"), in bot games that
    burn miners, reach the ladder and end rounds."""
    game = mineedu.make("gold_mine", 3)
    seen = set()
    for seed in range(6):
        for e in core_play(game.initial_state(), [RandomBot()] * 3, np.random.default_rng(seed)):
            line = game.describe_event(e, None, lang)
            assert line.endswith((".", "!")), line
            assert not AFTER.search(line), line
            seen.update(m for m in ("grillé", "burned", "échelle", "ladder", "Fin de", "End of") if m in line)
    assert len(seen) == 3, seen  # burns, arrivals and ends of rounds were all told


def test_a_bot_at_play_is_named_in_one_clause():
    """A bot's name carries its own parentheses ("prudent (Dragobert à 3 cases ou plus)"):
    the status names it between commas, not inside another pair of parentheses."""
    board = Board(mineedu.make("gold_mine", 3), seats=["cautious:3", "greedy", None], seed=5)
    status = plain(board.status.value).strip()
    assert status == "J1, robot prudent (Dragobert à 3 cases ou plus), joue…", status
    board.lang = "en"
    board.redraw()
    assert plain(board.status.value).strip() == "P1, bot cautious (Dragobert 3+ cards away), is playing…"


def test_the_log_names_rounds_and_bots_reasons(board):
    pick(board, region="deck:explore")
    run_bots(board)
    log = board.log.value
    assert "Manche 1" in log and "J2 choisit la pioche" in log
    assert "P(dragon) = " in log  # the threshold bot's reason, with its figures


def test_undo_takes_back_my_move_only(board):
    before = (board.session.state, list(board.session.moves))
    pick(board, region="deck:explore")
    run_bots(board)
    board.undo_button.click()
    assert (board.session.state, list(board.session.moves)) == before


def test_new_game_with_six_seats_and_a_face_up_deck():
    b = Board(mineedu.make("gold_mine", 3))
    b.players_box.value = "6"
    for box in b.seat_boxes[1:6]:
        box.value = "burn"
    b.start_button.click()
    assert b.session.game.num_players == 6 and b.session.seats == [None] + ["burn"] * 5


def test_a_seat_count_outside_3_to_6_is_refused():
    from traitlets import TraitError

    b = Board(mineedu.make("gold_mine", 3))
    b.receive("players", "2")  # a client sending a value the dialog never offers
    assert "3–6" in b.message.value
    with pytest.raises(TraitError):
        b.players_box.set_state({"index": 7})
    b.receive("new_game", None)
    assert b.session.game.num_players == 3


def test_on_the_ladder_the_panel_says_so():
    b = Board(mineedu.make("gold_mine", 3))
    b.session.state = at(b.session.state, positions=(LADDER, 2, 3), rungs=(1, 0, 0), turn=1)
    b.redraw()
    assert "sur l'échelle" in b.panel.value
