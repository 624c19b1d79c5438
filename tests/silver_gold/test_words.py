"""The log as each viewer reads it, action words, and the bots' reasons (French and English)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from mineedu.core import CHANCE, SEE_ALL, Event, play, sample_outcome
from mineedu.games.silver_gold import CARDS, SilverGold
from mineedu.games.silver_gold.bots import GreedyBot, OpenBot
from mineedu.games.silver_gold.words import action_label, chapter, describe_event

from .helpers import everyone, find_cards, standard


def events(n: int = 3, seed: int = 0, bots: str = "greedy") -> list[Any]:
    g = SilverGold(n)
    return list(play(g.initial_state(), [g.make_bot(bots)] * n, np.random.default_rng(seed), explain=True))


def test_the_deal_names_only_the_viewers_own_cards() -> None:
    evs = events()
    deal = [e for e in evs if e.before.phase == "deal"]
    hands = [e.after.boards[p].hand for p, e in zip(range(3), deal[-7:-4])]  # the last card to each player
    for viewer in (0, 1, None):
        lines = [describe_event(e, viewer, "fr") for e in deal]
        shown = [line for line in lines if line]
        assert len(shown) == 4  # one line per player (when the hand is complete) and one for the display
        for p in range(3):
            line = next(x for x in shown if x.startswith(f"J{p + 1} reçoit 4 cartes trésor"))
            named = [f"n°\xa0{c} (" in line for c in hands[p]]
            assert all(named) if p == viewer else not any(named), line
        assert shown[-1].startswith("Offre\xa0: n°\xa0")
    en = [describe_event(e, 2, "en") for e in deal if describe_event(e, 2, "en")]
    assert en[0] == "P1 receives 4 treasure cards" and en[2].startswith("P3 receives 4 treasure cards: no. ")


def test_secret_choices_stay_secret_until_everyone_has_chosen() -> None:
    evs = events()
    keeps = [e for e in evs if e.before.phase == "keep"]
    assert [e.player for e in keeps] == [0, 1, 2]
    assert describe_event(keeps[0], 1, "fr") == "J1 a choisi ses cartes (cachées jusqu'à ce que tous aient choisi)"
    assert describe_event(keeps[0], 0, "fr").startswith("J1 garde n°\xa0") and "(en secret)" in describe_event(keeps[0], 0, "fr")
    assert describe_event(keeps[0], SEE_ALL, "en").startswith("P1 keeps no. ")
    last = describe_event(keeps[2], 1, "en")  # the last choice reveals every choice at once
    assert last.startswith("Everyone has chosen. P1 keeps no. ") and "; P2 keeps" in last and "; P3 keeps" in last
    assert "\xa0; J2 garde" in describe_event(keeps[2], 1, "fr")
    places = [e for e in evs if e.before.phase == "place"][:3]
    assert describe_event(places[0], 2, "en") == "P1 has chosen (hidden until everyone has chosen)"
    assert describe_event(places[2], 0, "en").startswith("Everyone has chosen. P1 ")


def test_the_resolution_says_what_the_marks_brought() -> None:
    coin_cards = find_cards(lambda c: c.coins and not c.crosses and c.colour == "purple", 2)
    s = standard(cards=[tuple(coin_cards), tuple(find_cards(lambda c: c.colour == "orange", 2))]).apply("I2")
    card = CARDS[s.boards[0].cards[0]]
    r, c = next((r, c) for r in range(4) for c in range(4) if card.symbol(r, c) == "coin")
    other = next((r, c) for r in range(4) for c in range(4) if CARDS[s.boards[1].cards[0]].is_box(r, c))
    before = everyone(s, [("cross", 0, r, c)])
    after = before.apply(("cross", 0, *other), player=1)
    line = describe_event(Event(1, ("cross", 0, *other), before, after), 0, "fr")
    assert f"J1 coche une seule case ({r + 1}, {c + 1}) sur la 1re carte — +1 pièce" in line
    assert describe_event(Event(1, ("cross", 0, *other), before, after), 0, "en").startswith(
        f"Everyone has chosen. P1 crosses a single box ({r + 1}, {c + 1}) on card 1 — +1 coin; P2 crosses")


def test_every_event_of_a_game_has_words_in_both_languages() -> None:
    for e in events(4, seed=3, bots="open"):
        for viewer in (None, 0, 3, SEE_ALL):
            fr, en = describe_event(e, viewer, "fr"), describe_event(e, viewer, "en")
            assert bool(fr) == bool(en)
            if fr:
                assert fr != en or e.before.phase == "deal", (fr, e.action)
                assert " :" not in fr and " ;" not in fr  # French: a no-break space before : and ;
        assert chapter(e.before, "fr") and chapter(e.before, "en")


def test_chapters_name_the_deal_the_rounds_and_the_end() -> None:
    evs = events(2, seed=1)
    titles = [chapter(e.before, "en") for e in evs] + [chapter(evs[-1].after, "fr")]
    assert titles[0] == "The deal" and titles[-1] == "Fin de partie"
    assert [t for i, t in enumerate(titles[:-1]) if i == 0 or t != titles[i - 1]] == [
        "The deal", "Round 1", "Round 2", "Round 3", "Round 4"]


def test_action_labels_name_orientation_and_boxes() -> None:
    assert action_label(("place", 1, 2, 0, 1), "fr") == (
        "Poser la forme (orientation 3) sur la 2e carte, à partir de la ligne 1, colonne 2")
    assert action_label("O4", "en") == "Expedition card: square tetromino"
    assert action_label(("pass",), "fr") == "Passer (plus aucune case libre)"


# --- the bots' reasons ---------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [GreedyBot(), OpenBot()])
def test_a_secret_choices_reason_names_neither_the_choice_nor_the_hand(bot: Any) -> None:
    g = SilverGold(3)
    rng = np.random.default_rng(4)
    s = g.initial_state()
    checked = 0
    for _ in range(300):
        if s.is_terminal():
            break
        if s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        p = s.players_to_move()[0]
        obs = s.observation(p)
        legal = s.legal_actions(p)
        for lang in ("fr", "en"):
            reasons = {bot.why(obs, a, lang) for a in legal}
            assert all(reasons)
            if s.phase in ("keep", "place"):
                assert len(reasons) == 1, reasons  # the same whatever the bot chose
                if s.phase == "keep":  # and no card of its hand
                    assert not any(f"{c}" in next(iter(reasons)) for c in s.boards[p].hand)
                checked += 1
        s = s.apply(bot.act(obs, legal, rng), player=p)
    assert checked > 20


def test_public_reasons_give_the_numbers_weighed() -> None:
    evs = events(2, seed=0)
    chain = next(e for e in evs if e.before.phase == "chain")
    assert chain.reason is not None and chain.reason["fr"].startswith("la case qui rapporte le plus\xa0: ")
    take = next(e for e in evs if e.before.phase == "replace")
    card = CARDS[take.action[1]]
    k = card.coins.bit_count() + card.palms.bit_count() + card.crosses.bit_count()
    assert take.reason == {
        "fr": f"la carte la plus riche en bonus\xa0: {k} symbole{'s' if k > 1 else ''} pour {card.points} cases",
        "en": f"the card richest in bonuses: {k} symbol{'s' if k != 1 else ''} for {card.points} boxes",
    }
    assert all(e.reason for e in evs if e.player != CHANCE)


def test_points_agree_the_readers_way_english_zero_is_plural() -> None:
    from mineedu.games.silver_gold.panel import _signed

    assert [_signed(n, "fr") for n in (0, 1, 3)] == ["0 point", "+1 point", "+3 points"]
    assert [_signed(n, "en") for n in (0, 1, 3)] == ["0 points", "+1 point", "+3 points"]
