"""Words: an action on its own, and each event of the log with the position around it (worked out by hand)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mineedu.core import CHANCE, SEE_ALL, Event
from mineedu.games.dragon_cave import DragonCave, DragonCaveState, action_label, describe_event
from mineedu.games.dragon_cave.words import cards, count, names, points, steps

from .helpers import move, position

NBSP = "\u00a0"


def line(s: DragonCaveState, action: Any, lang: str = "fr") -> str:
    player = CHANCE if s.current_player() == CHANCE else s.current_player()
    return describe_event(Event(player, action, s, s.apply(action)), 0, lang)


# --- counts and names ---------------------------------------------------------------------------


def test_counts_take_the_plural_each_language_gives_them() -> None:
    assert [cards(n, "fr") for n in (0, 1, 2)] == ["0 carte", "1 carte", "2 cartes"]
    assert [cards(n, "en") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [steps(n, "fr") for n in (1, 3)] == ["1 pas", "3 pas"] and [steps(n, "en") for n in (1, 3)] == ["1 step", "3 steps"]
    assert points(0, "fr") == "0 point" and points(0, "en") == "0 points" and points(2, "fr") == "2 points"
    assert count(1, "en", "x", "xs", "card", "cards") == "1 card"
    assert names([0], "fr") == "J1" and names([0, 2], "fr") == "J1 et J3" and names([0, 1, 3], "en") == "P1, P2 and P4"


# --- an action alone ------------------------------------------------------------------------------


def test_an_action_alone_is_worded_without_guessing_its_direction() -> None:
    assert action_label(move(steps=3), "fr") == "je fais 3 pas"
    assert action_label(move(steps=1), "en") == "I move 1 step"
    assert action_label(move(drop=1, back=True, steps=2, capture=True), "fr") == (
        "je fais demi-tour, je pose ma carte n°\u00a02, je prends la carte que je quitte, je fais 2 pas")
    assert action_label(move(steps=0), "en") == "I stay where I am"
    assert action_label(("value", 11), "fr") == "la carte vaut 11" and action_label(("die", 6), "en") == "the die shows 6"


def test_every_legal_turn_has_words_in_both_languages() -> None:
    s = position(pos=(5, 9), carried=(((2, 8), (3, 12)), ()))
    for a in s.legal_actions():
        fr, en = action_label(a, "fr"), action_label(a, "en")
        assert fr != en and "move" not in fr and "True" not in en and "-1" not in fr


# --- the log, by hand -------------------------------------------------------------------------------


def test_a_move_deeper_names_the_card_reached_and_the_pawns_jumped() -> None:
    s = position(3, pos=(0, 1, 2))  # J2 and J3 stand on cards 2 and 3: one step takes J1 to card 4
    assert line(s, move(steps=1)) == f"J1{NBSP}: avance de 1 pas vers le dragon (carte 4), en sautant J2 et J3"
    assert line(s, move(steps=1), "en") == "P1: goes 1 step deeper (to card 4), jumping over P2 and P3"


def test_a_capture_then_its_value_turned_over() -> None:
    s = DragonCave(2).initial_state().apply(move(steps=4)).apply(move(steps=2))  # J1 on card 4, J2 on card 2
    assert line(s, move(steps=1, capture=True)) == (
        f"J1{NBSP}: prend en partant la carte Facile, avance de 1 pas vers le dragon (carte 4)")
    taken = s.apply(move(steps=1, capture=True))  # the path closed up: card 5 became card 4
    assert line(taken, ("value", 3)) == f"Hasard{NBSP}: la carte Facile prise par J1 vaut 3"
    assert line(taken, ("value", 3), "en") == "Chance: the Easy card P1 took is worth 3"


def test_a_returning_move_and_the_dragon_s_answer() -> None:
    s = position(pos=(10, 15), returning=(True, False), carried=(((1, 4), (2, 7)), ()))
    assert line(s, move(steps=2)) == (
        f"J1{NBSP}: revient de 2 pas vers l'entrée (carte 9), le dragon avance de 2 cartes vers l'entrée")
    assert line(s, move(steps=2), "en") == (
        "P1: goes 2 steps back toward the entrance (to card 9), the dragon moves 2 cards toward the entrance")
    empty = position(pos=(10, 15), returning=(True, False))
    assert line(empty, move(steps=4)) == (
        f"J1{NBSP}: revient de 4 pas vers l'entrée (carte 7), le dragon ne bouge pas (J1 ne porte rien)")


def test_turning_back_with_a_drop() -> None:
    # J1 on card 6 turns back and drops the Difficult 8 behind them (the dragon's side): 3 steps home-
    # ward end on card 3; the dragon, one card further off after the drop, moves 1 card (one card carried)
    s = position(pos=(5, 9), carried=(((2, 8), (3, 12)), ()))
    assert line(s, move(drop=0, back=True, steps=3)) == (
        f"J1{NBSP}: fait demi-tour (pour de bon), repose sa carte Difficile 8 sur le chemin, "
        "revient de 3 pas vers l'entrée (carte 3), le dragon avance de 1 carte vers l'entrée")
    assert line(s, move(drop=0, back=True, steps=3), "en") == (
        "P1: turns back (for good), puts their Difficult 8 card back on the path, "
        "goes 3 steps back toward the entrance (to card 3), the dragon moves 1 card toward the entrance")


def test_getting_out_and_the_dragon_eating_who_it_reaches() -> None:
    s = position(pos=(0, 20), returning=(True, False), carried=(((0, 3), (3, 12), (3, 11)), ()), dragon=22)
    assert line(s, move(steps=1)) == (
        f"J1{NBSP}: sort de la grotte avec 3 cartes, le dragon avance de 3 cartes vers l'entrée, le dragon dévore J2")
    everyone = position(3, pos=(1, 3, 4), returning=(True, False, False), carried=(((3, 12),) * 3, (), ()), dragon=3)
    assert line(everyone, move(steps=1), "en") == (
        "P1: goes 1 step back toward the entrance (to card 1), the dragon moves 3 cards toward the entrance, "
        "the dragon reaches the entrance and eats P1, P2 and P3")


def test_dice_in_words() -> None:
    s = position(pos=(5, 9), config={"dice_movement": True}, carried=(((1, 4), (1, 5)), ()))
    assert line(s, ("die", 5)) == f"Hasard{NBSP}: J1 lance le dé{NBSP}: 5{NBSP}; avec 2 cartes, 3 pas au plus"
    assert line(s, ("die", 1), "en") == "Chance: P1 rolls the die: 1; with 2 cards, at most 0 steps"
    assert line(s.apply(("die", 2)), move(steps=0)) == f"J1{NBSP}: ne bouge pas (0 point de déplacement)"
    d = position(pos=(10, 12), returning=(True, False), carried=(((1, 4),), ()), config={"dice_dragon": True})
    assert line(d, move(steps=3)) == f"J1{NBSP}: revient de 3 pas vers l'entrée (carte 8)"  # the die comes next
    rolled = d.apply(move(steps=3))
    assert line(rolled, ("die", 6)) == f"Hasard{NBSP}: dé du dragon{NBSP}: 6{NBSP}; le dragon avance de 6 cartes vers l'entrée"
    assert line(rolled, ("die", 6), "en") == "Chance: the dragon's die: 6; the dragon moves 6 cards toward the entrance"
    near = position(pos=(10, 14), returning=(True, False), carried=(((1, 4),), ()), config={"dice_dragon": True}, dragon=20)
    assert line(near.apply(move(steps=3)), ("die", 6)).endswith(f"{NBSP}; le dragon dévore J2")  # 20 - 6 = 14 reaches J2


def test_blind_cards_turned_over_at_the_end() -> None:
    s = position(pos=(0, -1), status=("in", "out"), returning=(True, True), carried=(((0, None), (2, None)), ()),
                 config={"blind": True}, path=DragonCave(2).initial_state().path).apply(move(steps=1))
    assert line(s, ("value", 2)) == f"Hasard{NBSP}: la carte n°{NBSP}1 de J1 (Facile) vaut 2"
    assert line(s.apply(("value", 2)), ("value", 9), "en") == "Chance: P1's card no. 2 (Difficult) is worth 9"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_viewer_reads_the_same_line(lang: str) -> None:
    s = position(3, pos=(0, 1, 2))
    e = Event(0, move(steps=1), s, s.apply(move(steps=1)))
    assert len({describe_event(e, v, lang) for v in (0, 1, 2, None, SEE_ALL)}) == 1


def test_every_french_text_puts_a_no_break_space_before_colons_and_the_like() -> None:
    """French typography in every table of texts of the game's folder (placeholders aside)."""
    import importlib

    from mineedu.core import Texts

    checked = 0
    for name in ("words", "svg", "panel", "choices", "bots", "odds", "lesson"):
        module = importlib.import_module(f"mineedu.games.dragon_cave.{name}")
        for value in vars(module).values():
            if isinstance(value, Texts):
                tables = [texts for texts in value.table.values()]
            elif isinstance(value, dict) and value and all(isinstance(v, dict) and "fr" in v for v in value.values()):
                tables = list(value.values())
            else:
                continue
            for texts in tables:
                fr = re.sub(r"\{[^}]*\}", "", re.sub(r"<[^>]+>", "", texts["fr"]))
                assert not re.search(r"[^\u00a0][:;?!»]|«[^\u00a0]", fr), (name, texts["fr"])
                checked += 1
    assert checked > 120
