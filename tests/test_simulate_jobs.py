"""``mineedu simulate --jobs N``: the games spread over processes, the output byte for byte the same."""

from __future__ import annotations

import json

import pytest

from mineedu.cli import main
from tests.known_answers import make

CASES = {  # a few games each, with the lessons' tournament bots
    "gold_mine": ["--players", "4", "--bots", "burn:0.2,threshold:0.15,cautious:3,greedy", "--games", "16"],
    "dragon_cave": ["--players", "3", "--bots", "odds:0.5,turnback:2,greedy", "--games", "16", "--set", "dice_dragon=true"],
    "yukon": ["--players", "3", "--bots", "value-per-distance,nearest-claim,random", "--games", "4"],
    "silver_gold": ["--players", "3", "--bots", "greedy,open,random", "--games", "4"],
    "coal_mine": ["--players", "4", "--bots", "steady,raider,mix", "--games", "16", "--set", "dummy=true"],
}


def run(capsys, args):
    assert main(["simulate", *args, "--no-progress"]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(CASES))
def test_jobs_give_the_same_bytes(capsys, name):
    args = [name, *CASES[name], "--seed", "11"]
    for fmt in (["--json"], []):
        one = run(capsys, [*args, *fmt])
        assert one and run(capsys, [*args, *fmt, "--jobs", "2"]) == one
    assert run(capsys, [*args, "--json", "--jobs", "3"]) == run(capsys, [*args, "--json", "--jobs", "1"])


@pytest.mark.parametrize("name", sorted(make.TOURNAMENTS))
def test_jobs_give_the_stored_tournament(capsys, name):
    """The known answer (written before --jobs existed) is what --jobs 1 and --jobs 2 print, byte for byte."""
    players, settings, bots, games, seed = make.TOURNAMENTS[name]
    sets = [x for k, v in settings.items() for x in ("--set", f"{k}={json.dumps(v)}")]
    args = [name, "--players", str(players), "--bots", ",".join(bots), "--games", str(games), "--seed", str(seed),
            *sets, "--json"]
    stored = json.loads((make.HERE / f"{name}.json").read_text(encoding="utf-8"))["tournament"]["result"]
    want = json.dumps(stored, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    assert run(capsys, args) == want
    assert run(capsys, [*args, "--jobs", "2"]) == want


def test_more_jobs_than_games(capsys):
    args = ["gold_mine", "--players", "3", "--games", "2", "--seed", "1", "--json"]
    assert run(capsys, [*args, "--jobs", "8"]) == run(capsys, args)


def test_jobs_must_be_a_whole_number_of_processes(capsys):
    assert main(["simulate", "gold_mine", "--players", "4", "--games", "5", "--jobs", "0"]) == 2
    assert "--jobs must be at least 1" in capsys.readouterr().err
