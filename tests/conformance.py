"""The conformance suite: every registered game must pass it, unchanged.

``tests/test_conformance.py`` runs these checks for every name in
``mineedu.game_names()`` and every allowed number of players, so a new game
folder plugs in with no edit here.
"""

from __future__ import annotations

import json
import pickle
import re
from fractions import Fraction

import numpy as np
import pytest

from mineedu.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    IllegalActionError,
    RandomBot,
    SavedGame,
    SavedGameError,
    State,
    play,
    playout,
)

JUNK_ACTIONS = ["no-such-action", ("no", "such", 99), 10**9, -7, None, ["a", "list"], {"a": 1}, 3.5]


def walk(game: Game, seed: int, bot=None):
    """Yield every state of one seeded random playout (the core's one loop), and the move taken from it."""
    bot = bot or RandomBot()
    state = game.initial_state()
    try:
        for event in play(state, [bot] * game.num_players, np.random.default_rng(seed)):
            yield event.before, event.player, event.action
            state = event.after
    except RuntimeError as exc:
        raise AssertionError(f"{game.name}: no end within max_moves={game.max_moves()} (seed {seed})") from exc
    assert state.current_player() == TERMINAL
    yield state, None, None


def check_playouts_end(game: Game, seeds: range) -> None:
    for seed in seeds:
        final = None
        for state, _, _ in walk(game, seed):
            final = state
        assert final is not None and final.is_terminal()
        scores = final.scores()
        assert len(scores) == game.num_players
        winners = final.winners()
        assert winners and set(winners) <= set(range(game.num_players)), winners
        assert final.legal_actions(0) == () or final.players_to_move() == ()


def check_chance_and_actions(game: Game, seeds: range, max_states: int = 400) -> None:
    """Probabilities sum to 1; every legal action applies without changing the state it came from."""
    seen = 0
    for seed in seeds:
        for state, _p, a in walk(game, seed):
            if a is None:
                continue
            cp = state.current_player()
            before = pickle.dumps(state)
            if cp == CHANCE:
                outs = state.chance_outcomes()
                assert outs, "a chance node has no outcomes"
                probs = [pr for _, pr in outs]
                assert all(isinstance(pr, Fraction) and pr > 0 for pr in probs), probs
                assert sum(probs) == 1, f"chance probabilities sum to {sum(probs)}"
                assert len({o for o, _ in outs}) == len(outs), "duplicate chance outcomes"
                for o, _ in outs[:50]:
                    state.apply(o)
            else:
                movers = state.players_to_move()
                assert movers and all(0 <= q < game.num_players for q in movers)
                if cp != SIMULTANEOUS:
                    assert movers == (cp,)
                for q in movers:
                    legal = state.legal_actions(q)
                    assert legal, f"player {q} must act but has no legal action"
                    assert len(set(legal)) == len(legal), "duplicate legal actions"
                    for act in legal[:60]:
                        nxt = state.apply(act, player=q)
                        assert isinstance(nxt, State)
                        assert game.action_from_json(json.loads(json.dumps(game.action_to_json(act)))) == act
            assert pickle.dumps(state) == before, "apply changed the state it was called on"
            seen += 1
            if seen >= max_states:
                return


def check_illegal_actions_raise(game: Game, seeds: range) -> None:
    for seed in seeds:
        for i, (state, p, a) in enumerate(walk(game, seed)):
            if i % 7:
                continue
            for junk in JUNK_ACTIONS:
                with pytest.raises(IllegalActionError) as info:
                    state.apply(junk, player=None if p in (None, CHANCE) else p)
                assert repr(junk) in str(info.value) or str(junk) in str(info.value)
            if p is not None and p >= 0 and state.current_player() != SIMULTANEOUS:
                other = (p + 1) % game.num_players
                if other != p:
                    with pytest.raises(IllegalActionError):
                        state.apply(a, player=other)


def check_save_load(game: Game, seeds: range) -> None:
    for seed in seeds:
        moves: list = []
        rng = np.random.default_rng(seed)
        final = playout(game.initial_state(), [RandomBot()] * game.num_players, rng, record=moves)
        saved = SavedGame(game, seed, moves)
        text = saved.dumps()
        again = SavedGame.loads(text)
        assert again.game == game
        assert again.replay() == final
        assert again.dumps() == text
        half = len(moves) // 2
        assert SavedGame(game, seed, moves[:half]).replay() == SavedGame.loads(text).replay(half)
        # a corrupt file is refused with a clear error, and nothing is half-loaded
        data = json.loads(text)
        if moves:
            bad = dict(data, moves=data["moves"][:-1] + [[data["moves"][-1][0], "no-such-action"]])
            with pytest.raises(SavedGameError, match="move"):
                SavedGame.from_dict(bad)
        with pytest.raises(SavedGameError):
            SavedGame.loads(text[: len(text) // 2])
        with pytest.raises(SavedGameError):
            SavedGame.from_dict(dict(data, players=99))


def check_same_seed_same_game(game: Game, seed: int) -> None:
    runs = []
    for _ in range(2):
        moves: list = []
        final = playout(game.initial_state(), [RandomBot()] * game.num_players, np.random.default_rng(seed), record=moves)
        runs.append((moves, final))
    assert runs[0][0] == runs[1][0]
    assert runs[0][1] == runs[1][1]


def check_observations_and_picture(game: Game, seed: int) -> None:
    for i, (state, _, _) in enumerate(walk(game, seed)):
        if i % 5:
            continue
        for q in [None, *range(game.num_players)]:
            state.observation(q)
        svg = state._repr_svg_()
        assert isinstance(svg, str) and svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")


def check_bots_play_legally(game: Game, seeds: range) -> None:
    for name in game.bots:
        bot = game.make_bot(name)
        for seed in seeds:
            playout(game.initial_state(), [bot] * game.num_players, np.random.default_rng(seed))


def check_odds_report(game: Game) -> None:
    report = game.odds_report(game.initial_state())
    json.dumps(report)


DECIMAL_POINT = re.compile(r"\d\.\d")
DECIMAL_COMMA = re.compile(r"\d,\d")


def check_both_languages(report, format_odds):
    """Every decimal in the French odds text has a comma, in the English one a point; the report is untouched."""
    before = json.dumps(report, sort_keys=True)
    fr, en = format_odds(report, "fr"), format_odds(report, "en")
    assert DECIMAL_COMMA.search(fr) and not DECIMAL_POINT.search(fr), fr
    assert DECIMAL_POINT.search(en) and not DECIMAL_COMMA.search(en), en
    assert json.dumps(report, sort_keys=True) == before  # floats and "a/b" strings, as the JSON output prints them
    return fr, en


def check_french_odds_text(game: Game, seed: int) -> None:
    """Along a playout, the French odds text never writes a decimal point."""
    for i, (state, _, _) in enumerate(walk(game, seed)):
        if i % 9:
            continue
        report = game.odds_report(state)
        fr = game.format_odds(report, "fr")
        assert not DECIMAL_POINT.search(fr), fr


def simulate_json_twice(capsys, args: list[str]) -> tuple[dict, str]:
    """Run ``mineedu simulate ... --json`` twice; the outputs must be byte-identical. Returns (result, text)."""
    from mineedu.cli import main

    outs = []
    for _ in range(2):
        assert main(args) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1], "the same seed gave two different outputs"
    return json.loads(outs[0]), outs[0]
