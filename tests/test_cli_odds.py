"""``mineedu odds GAME``, run as a student's terminal runs it (a subprocess), says what the lesson's panel says.

By default the command plays the lesson's table (its players and variant: Mine's 3 players,
the 3rd a dummy) from the seat of the player to move. Its figures are compared with the
panel's (each game's ``panel.figures`` or the report the panel reads) on the same state:
the start, the lesson's first screen (chance and the lesson's bots played until the student
at seat 0 must choose) and one position later in a seeded game of the lesson's bots, passed
to the command as a saved game.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest

from mineedu.core import SavedGame, make
from mineedu.core.lesson import LessonSpec, lesson_spec
from mineedu.core.positions import reached_by
from mineedu.ui.session import GameSession

GAMES = ("coal_mine", "gold_mine", "dragon_cave", "yukon", "silver_gold")


def cli(*args: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, "-m", "mineedu", "odds", *args, "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    report: dict[str, Any] = json.loads(proc.stdout)
    return report


def spec_of(name: str) -> LessonSpec:
    spec = lesson_spec(name)
    assert spec is not None
    return spec


def lesson_game(name: str) -> Any:
    spec = spec_of(name)
    return make(name, spec.players, **spec.config)


def F(x: Any) -> Fraction:
    return Fraction(x["reduced"]) if isinstance(x, dict) else Fraction(x)


# --- each game: the panel's figures of seat 0, and the same figures read from the command's report


def coal_mine(state: Any, report: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    from mineedu.games.coal_mine.panel import figures

    f = figures(state.observation(0))
    pipe = report["pipe"]
    return ({"draws": f["draws"], "pipe": F(f["pipe"])},
            {"draws": pipe["draws"], "pipe": F(pipe["p"])})


def gold_mine(state: Any, report: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    from mineedu.games.gold_mine.panel import REACH_K, figures

    f = figures(state.observation(0))
    panel: dict[str, Any] = {"next": F(f["next"])}
    cli: dict[str, Any] = {"next": F(report["p_dragon_next"])}
    if "burn" in f:
        panel.update(burn=F(f["burn"]), change=F(f["change"]), exit=F(f["exit_ladder"]),
                     reach={k: F(f["reach"][k]) for k in REACH_K})
        cli.update(burn=F(report["burn_risk"]), change=F(report["gold_change"]), exit=F(report["exit_reaches_ladder"]),
                   reach={k: F(report["dragon_reaches_me"][str(k)]) for k in REACH_K})
    return panel, cli


def dragon_cave(state: Any, report: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    from mineedu.games.dragon_cave.panel import figures

    f = figures(state.observation(0))
    keys = ("p_escape", "expected_final", "p_escape_with_this_card", "expected_final_with_this_card")
    panel: dict[str, Any] = {k: f[k] for k in keys if k in f}
    mine = report.get("player") or {}
    said: dict[str, Any] = {k: F(mine[k]) for k in keys if k in mine}

    def worth(i: int) -> Fraction:  # a card of the path: its value, or its family's expected value
        card = report["path"][i]
        return Fraction(card["value"]) if card["value"] is not None else F(report["families"][card["family"]]["expected"])

    if "first" in f:  # outside the cave: the first card's worth, the cards before the dragon
        panel.update(first=f["first"], ahead=[mean for _, _, mean in f["ahead"]])
        view = state.observation(0)
        said["first"] = worth(view.stops(0, returning=False)[0])
        means: list[list[Fraction]] = []
        for i in range(view.pos[0] + 1, report["dragon"]):
            if i == view.pos[0] + 1 or report["path"][i]["family"] != report["path"][i - 1]["family"]:
                means.append([])
            means[-1].append(worth(i))
        said["ahead"] = [sum(m, Fraction(0)) / len(m) for m in means]
    return panel, said


def yukon(state: Any, report: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    from mineedu.games.yukon.panel import figures

    view = state.observation(0)
    return figures(view), figures(view, report)


def silver_gold(state: Any, report: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    from mineedu.games.silver_gold.odds import view_report  # what the panel draws

    return view_report(state.observation(0)), report


FIGURES: dict[str, Callable[[Any, dict[str, Any]], tuple[dict[str, Any], dict[str, Any]]]] = {
    "coal_mine": coal_mine, "gold_mine": gold_mine, "dragon_cave": dragon_cave, "yukon": yukon,
    "silver_gold": silver_gold,
}

LATER: dict[str, Callable[[Any], bool]] = {
    # a position past the start where the panel has more to say, seat 0 to move
    "coal_mine": lambda s: s.round == 2 and s.phase == "place",
    "gold_mine": lambda s: s.positions[0] > 0 and s.dragon - s.positions[0] <= 2,
    "dragon_cave": lambda s: s.pos[0] >= 3,
    "yukon": lambda s: not s.in_setup(0) and s.pips > 0,
    "silver_gold": lambda s: s.round >= 1 and s.phase == "place",
}


def compare(name: str, state: Any, report: dict[str, Any]) -> dict[str, Any]:
    panel, said = FIGURES[name](state, report)
    assert panel and panel == said, (name, panel, said)
    return panel


def test_coal_mine_at_the_start_gives_209_over_345() -> None:
    """Counting cards at the lesson's table: the 46 deck cards, 12 of them pipe-miners, 3 drawn."""
    game = lesson_game("coal_mine")
    start = game.config.start_hand
    unseen = sum(c for _, _, c in game.config.jobs) + sum(c for _, c in game.config.events) - \
        game.num_players * sum(c for _, c in start)
    pipes = dict((k, c) for k, _, c in game.config.jobs)["pipe"] - game.num_players * dict(start)["pipe"]
    assert (unseen, pipes) == (46, 12)
    report = cli("coal_mine")
    assert report["player"] == 0 and report["recruit"]["pile"] == unseen
    assert report["pipe"]["draws"] == 3 and report["pipe"]["counting_complete"]
    assert F(report["pipe"]["p"]) == 1 - Fraction(comb(unseen - pipes, 3), comb(unseen, 3)) == Fraction(209, 345)
    text = subprocess.run([sys.executable, "-m", "mineedu", "odds", "coal_mine", "--lang", "fr"],
                          capture_output=True, text=True, timeout=120).stdout
    assert "209/345 ≈ 60,6\u00a0%" in text and "en comptant les cartes" in text


def test_players_changes_the_table_and_keeps_the_lesson_variant() -> None:
    """``--players 4``: four starting hands known now, the dummy still on the last seat."""
    report = cli("coal_mine", "--players", "4")
    game = make("coal_mine", 4, dummy=True)
    total = sum(c for _, _, c in game.config.jobs) + sum(c for _, c in game.config.events)
    assert report["recruit"]["pile"] == total - 4 * sum(c for _, c in game.config.start_hand)
    assert report["pipe"] != cli("coal_mine")["pipe"]


@pytest.mark.parametrize("name", GAMES)
def test_the_command_says_what_the_lessons_panel_says(name: str, tmp_path: Path) -> None:
    spec = spec_of(name)
    game = lesson_game(name)
    assert spec.seats is not None and spec.seats[0] is None  # the student sits at seat 0
    compare(name, game.initial_state(), cli(name))  # the start: the panel shows seat 0's odds

    session = GameSession(game, spec.seats, seed=0)  # the lesson's first screen
    assert session.human_to_move() == 0
    path = tmp_path / "first.json"
    SavedGame(game, 0, session.moves).save(path)
    first = compare(name, session.state, cli(name, "--state", str(path)))
    if name == "coal_mine":
        assert first["pipe"] == Fraction(209, 345)

    bots = [s or spec.seats[1] or "random" for s in spec.seats]
    later, moves = reached_by(game, bots, lambda s: not s.is_chance() and s.players_to_move()[:1] == (0,)
                              and LATER[name](s))
    SavedGame(game, None, moves).save(path)
    assert SavedGame.load(path).replay() == later
    compare(name, later, cli(name, "--state", str(path)))


def test_without_widgets_the_command_plays_the_lessons_table() -> None:
    """A bare ``pip install mineedu`` has no widgets, yet the lessons' specs are data: the lesson's own table."""
    code = ("import sys; sys.modules['ipywidgets'] = sys.modules['anywidget'] = None; from mineedu.cli import main; "
            "sys.exit(main(['odds', 'coal_mine', '--json']))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    compare("coal_mine", lesson_game("coal_mine").initial_state(), json.loads(proc.stdout))
