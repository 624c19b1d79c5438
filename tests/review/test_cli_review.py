"""``mineedu review SAVED.json --player N [--json] [--rollouts K]``: the table, the JSON, clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mineedu.cli import main
from tests.review.helpers import seeded_game


@pytest.fixture(scope="module")
def saved_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "cave.json"
    seeded_game("dragon_cave", seed=2).save(path)
    return path


def test_the_table(saved_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(saved_file), "--player", "0", "--rollouts", "4", "--no-progress", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Revoir mes décisions" in out and "Décision 1 sur" in out
    assert "P(sortir)\u00a0:" in out and "P(gagner)" in out and "votre choix" in out


def test_the_json(saved_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(saved_file), "--player", "1", "--rollouts", "3", "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    saved = seeded_game("dragon_cave", seed=2)
    assert len(data["decisions"]) == sum(p == 1 for p, _ in saved.moves)
    option = data["decisions"][0]["options"][0]
    assert {"action", "chosen", "best", "figures", "win", "group"} <= set(option)
    assert option["win"] is None or option["win"]["rollouts"] == 3


def test_jobs_give_the_same_review(saved_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outs = []
    for jobs in ("1", "2"):
        assert main(["review", str(saved_file), "--player", "2", "--rollouts", "3", "--json", "--no-progress",
                     "--jobs", jobs]) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1]


@pytest.mark.parametrize("args, words", [
    (["--player", "9"], "seat must be 0 to 2"),
    (["--player", "0", "--rollouts", "0"], "rollouts must be"),
    (["--player", "0", "--jobs", "0"], "--jobs must be at least 1"),
])
def test_bad_arguments(saved_file: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert main(["review", str(saved_file), *args, "--no-progress"]) == 2
    assert words in capsys.readouterr().err


def test_a_corrupt_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["review", str(bad), "--player", "0"]) == 2
    assert "error" in capsys.readouterr().err
