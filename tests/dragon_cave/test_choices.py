"""A turn picked step by step: the steps, their order, the skipped ones, words, prompts and previews."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mineedu.core import ChoiceTree
from mineedu.core.choices import reachable
from mineedu.games.dragon_cave import DragonCave, DragonCaveState
from mineedu.games.dragon_cave.choices import CHOICES, plan

from .helpers import move, position, random_game

NBSP = "\u00a0"


def tree(s: DragonCaveState) -> ChoiceTree:
    return ChoiceTree(CHOICES, s, s.current_player())


def path_of(s: DragonCaveState, action: Any) -> tuple[str, ...]:
    return CHOICES.path(s, s.current_player(), action)


def test_at_the_entrance_the_only_step_is_where_to_go() -> None:
    t = tree(DragonCave(2).initial_state())
    assert t.options(()) == ["card:0", "card:1", "card:2", "card:3"]
    assert t.action(("card:2",)) == move(steps=3)
    assert CHOICES.prompt(t.state, 0, (), "fr") == f"Cliquez la carte où aller (jusqu'à 4 pas{NBSP}; une carte occupée se saute)."
    assert t.label((), "card:0", "en") == "Go to card 1 (Easy): 1 step"


def test_on_a_card_the_direction_then_the_card_left_then_where_to_go() -> None:
    s = position(pos=(5, 7))
    t = tree(s)
    assert t.options(()) == ["go:deeper", "go:back"]
    assert CHOICES.prompt(s, 0, (), "en") == "Keep going deeper, or turn back? Turning back is for good."
    assert t.options(("go:deeper",)) == ["take:no", "take:yes"]
    assert t.label(("go:deeper",), "take:yes", "fr") == "Prendre la carte Facile (puis jusqu'à 3 pas)"
    assert t.label(("go:deeper",), "take:no", "en") == "Leave it (then up to 4 steps)"
    assert t.options(("go:deeper", "take:yes")) == ["card:6", "card:8", "card:9"]  # J2 on card 8 (index 7) is jumped
    assert t.label(("go:deeper", "take:yes"), "card:9", "fr") == f"Aller à la carte 10 (Moyen){NBSP}: 3 pas, en sautant J2"
    assert path_of(s, move(steps=3, capture=True)) == ("go:deeper", "take:yes", "card:9")


def test_turning_back_is_confirmed_and_says_it_is_for_good() -> None:
    s = position(pos=(5, 9))
    t = tree(s)
    assert t.options(("go:back",)) == ["back:confirm"]
    assert CHOICES.prompt(s, 0, ("go:back",), "fr") == (
        f"Demi-tour{NBSP}: vous ne pourrez plus jamais repartir vers le dragon. Vous confirmez{NBSP}?")
    assert t.label(("go:back",), "back:confirm", "en") == "Yes, I turn back for good"
    assert path_of(s, move(back=True, steps=4)) == ("go:back", "back:confirm", "take:no", "card:1")
    assert t.options(("go:back", "back:confirm", "take:no")) == ["card:4", "card:3", "card:2", "card:1"]


def test_no_free_card_ahead_the_turn_back_is_the_only_first_step() -> None:
    s = position(pos=(5, 4), dragon=6)  # J2 on card 5 (index 4): nothing free before the dragon
    t = tree(s)
    assert t.options(()) == ["back:confirm"]
    assert CHOICES.prompt(s, 0, (), "en") == "No free card is left ahead of you before the dragon: you must turn back, for good."
    assert t.label((), "back:confirm", "fr") == "Faire demi-tour"


def test_a_carried_card_may_be_put_down_and_a_full_load_can_take_only_after_a_drop() -> None:
    s = position(pos=(8, 2), carried=(((0, 1), (1, 4), (2, 7)), ()))  # three cards: the most one may carry
    t = tree(s)
    assert t.options(("go:deeper",)) == ["drop:none", "drop:0", "drop:1", "drop:2"]
    assert CHOICES.prompt(s, 0, ("go:deeper",), "en") == (
        "Put one of your cards down behind you to go faster? Click it, or keep them all.")
    assert t.label(("go:deeper",), "drop:1", "fr") == "Reposer ma carte Moyen 4 (puis jusqu'à 2 pas)"
    assert t.options(("go:deeper", "drop:none")) == ["card:9"]  # 1 point, no room for a 4th card: no take step
    assert t.options(("go:deeper", "drop:1")) == ["take:no", "take:yes"]
    assert path_of(s, move(drop=1, steps=1, capture=True)) == ("go:deeper", "drop:1", "take:yes", "card:9")


def test_coming_back_there_is_no_direction_step_and_the_entrance_gets_you_out() -> None:
    s = position(pos=(2, 9), returning=(True, False), carried=(((0, 1),), ()))
    t = tree(s)
    assert t.options(()) == ["drop:none", "drop:0"]
    opts = t.options(("drop:none", "take:no"))
    assert opts == ["card:1", "card:0", "exit"]
    assert t.label(("drop:none", "take:no"), "exit", "en") == "Get out of the cave: 3 steps"
    assert CHOICES.prompt(s, 0, ("drop:none", "take:no"), "fr") == (
        "Cliquez la carte où aller, ou l'entrée pour sortir (jusqu'à 3 pas).")


def test_no_movement_point_the_player_stays() -> None:
    s = position(pos=(2, 9), config={"dice_movement": True}, roll=1, carried=(((0, 1),), ()))
    t = tree(s)
    assert t.action(("go:deeper", "drop:none", "stay")) == move(steps=0)
    assert CHOICES.prompt(s, 0, ("go:deeper", "drop:none"), "en") == "You have no movement point: you stay where you are."
    assert t.label(("go:deeper", "drop:none"), "stay", "fr") == "Rester sur place (0 point de déplacement)"
    assert t.options(("go:deeper", "drop:0")) == ["card:3"]  # dropping the card gives a point back (not two)


@pytest.mark.parametrize("config", [{}, {"dice_movement": True}, {"dice_movement": True, "dice_dragon": True, "blind": True},
                                    {"families": ((1, 2), (5,), (9, 9, 9)), "movement": 5, "max_carry": 4}])
def test_the_steps_reach_every_legal_action_and_nothing_else(config: dict[str, Any]) -> None:
    checked = 0
    for n in (2, 6):
        for seed in range(3):
            for s in random_game(DragonCave(n, **config), seed):
                t = tree(s)
                found = reachable(t)
                assert sorted(map(repr, found.values())) == sorted(map(repr, s.legal_actions()))
                # a step with one answer is skipped, except the destination and the confirmation of a turn back
                for path in found:
                    for k in range(len(path) - 1):
                        if len(t.options(path[:k])) == 1:
                            assert path[k] == "back:confirm", path
                checked += 1
    assert checked > 50


def test_every_option_and_prompt_has_words_in_both_languages() -> None:
    for s in random_game(DragonCave(4, dice_movement=True), 8)[::2]:
        p = s.current_player()
        t = tree(s)
        prefixes = {path[:k] for path in t.paths for k in range(len(path))}
        for prefix in prefixes:
            fr, en = CHOICES.prompt(s, p, prefix, "fr"), CHOICES.prompt(s, p, prefix, "en")
            assert fr and en and fr != en
            for key in t.options(prefix):
                lf, le = t.label(prefix, key, "fr"), t.label(prefix, key, "en")
                assert lf != key and le != key and lf != le, (prefix, key)
                for text in (fr, lf):
                    assert not re.search(r" [:;?!]", text), text


def test_hovering_a_destination_draws_one_hop_per_step() -> None:
    s = position(3, pos=(5, 6, 7))  # J2 and J3 right ahead: one step jumps both
    t = tree(s)
    prefix = ("go:deeper", "take:no")
    hops = CHOICES.preview(s, 0, prefix, "card:9")  # 2 steps: 8 (after the jump), then 9
    assert hops is not None and hops.count("<path") == 4 and hops.count("<circle") == 4  # for each layout
    wide, narrow = hops.split('<g class="dc-narrow">')
    assert wide.startswith('<g class="dc-wide">') and wide.count("<path") == narrow.count("<path") == 2
    assert t.action((*prefix, "card:9")) == move(steps=2)
    assert CHOICES.preview(s, 0, (), "go:deeper") is None


def test_plans_are_one_path_per_legal_action() -> None:
    s = position(pos=(8, 2), carried=(((0, 1), (1, 4)), ()))
    paths = plan(s, 0)
    assert len(paths) == len(s.legal_actions()) == len(set(paths.values()))
