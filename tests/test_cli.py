"""The generic CLI: clear errors, never a traceback, for bad input."""

from __future__ import annotations

import json

import pytest

from mineedu.cli import main


def test_unknown_game_is_a_clear_error(capsys):
    assert main(["odds", "chess"]) == 2
    err = capsys.readouterr().err
    assert "no game named 'chess'" in err and "gold_mine" in err


def test_unknown_bot_is_a_clear_error(capsys):
    assert main(["simulate", "gold_mine", "--players", "4", "--bots", "genius", "--games", "1"]) == 2
    assert "has no bot 'genius'" in capsys.readouterr().err


def test_wrong_number_of_bots(capsys):
    assert main(["simulate", "gold_mine", "--players", "4", "--bots", "random,random", "--games", "1"]) == 2
    assert "one bot per player" in capsys.readouterr().err


def test_players_out_of_range(capsys):
    assert main(["simulate", "gold_mine", "--players", "9", "--games", "1"]) == 2
    assert "3 to 6 players" in capsys.readouterr().err


def test_corrupt_state_file(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mineedu-saved-game/1", "game": "gold_mine", "players": 4, "moves": [[0, "fly"]]}')
    assert main(["odds", "gold_mine", "--state", str(bad)]) == 2
    assert "move 1" in capsys.readouterr().err
    bad.write_text("not json")
    assert main(["odds", "gold_mine", "--state", str(bad)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_games_lists_every_registered_game(capsys):
    import mineedu

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for name in mineedu.game_names():
        assert name in out


@pytest.mark.parametrize("fmt", [[], ["--json"]])
def test_simulate_text_and_json(capsys, fmt):
    assert main(["simulate", "gold_mine", "--players", "3", "--games", "20", "--seed", "3", *fmt]) == 0
    out = capsys.readouterr().out
    if fmt:
        data = json.loads(out)
        assert data["games"] == 20 and len(data["bots"]) == 3
    else:
        assert "mean [95% CI]" in out


def test_output_into_a_closed_pipe_is_not_a_traceback():
    import subprocess
    import sys

    proc = subprocess.run(
        f"{sys.executable} -m mineedu odds coal_mine --players 6 | head -n 1",
        shell=True, capture_output=True, text=True, timeout=60,
    )
    assert "Traceback" not in proc.stderr, proc.stderr


def test_set_changes_the_config(capsys):
    # 4 dragons among 20 cards: the first draw is a dragon with probability 4/20
    assert main(["odds", "gold_mine", "--json", "--set",
                 'exploration=[["nugget", 6], ["lantern", 5], ["eyes", 5], ["dragon", 4]]']) == 0
    assert '"4/20"' in capsys.readouterr().out
    assert main(["odds", "gold_mine", "--set", "no_such_setting=1"]) == 2
    assert "unknown" in capsys.readouterr().err
    assert main(["odds", "gold_mine", "--set", "oops"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err


def test_serve_refuses_a_negative_pool(capsys):
    assert main(["serve", "--pool-size", "-1"]) == 2
    assert "--pool-size" in capsys.readouterr().err


def test_serve_passes_the_pool_size_to_voila(monkeypatch):
    import mineedu.serve

    seen = {}
    monkeypatch.setattr(mineedu.serve, "serve", lambda **kw: seen.update(kw) or 0)
    assert main(["serve", "--pool-size", "3", "--port", "9999"]) == 0
    assert seen == {
        "port": 9999, "open_browser": False, "pool_size": 3, "for_class": False, "address": None, "token": None,
        "lesson": None, "students": 30, "cull_after": 90, "max_kernels": 0, "public_url": None,
    }
