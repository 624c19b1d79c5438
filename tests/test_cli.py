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
    import mineedu.launch

    seen = {}
    monkeypatch.setattr(mineedu.launch, "serve", lambda **kw: seen.update(kw) or 0)
    assert main(["serve", "--pool-size", "3", "--port", "9999"]) == 0
    assert seen == {
        "port": 9999, "open_browser": False, "pool_size": 3, "for_class": False, "address": None, "token": None,
        "lesson": None, "students": 30, "cull_after": 90, "max_kernels": 0, "public_url": None,
        "store": None,
    }


# --- mineedu table / mineedu class: the class store (a real SQLite file) ------------------------


@pytest.fixture
def class_store(tmp_path, monkeypatch):
    url = f"sqlite://{tmp_path / 'class.db'}"
    monkeypatch.setenv("MINEEDU_STORE", url)
    monkeypatch.delenv("MINEEDU_SERVER_URL", raising=False)
    return url


def _new_table(capsys, *args):
    assert main(["table", "new", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_table_new_prints_the_code_and_the_link(class_store, capsys):
    assert main(["table", "new", "gold_mine", "--players", "4", "--bots", ",,greedy", "--store", class_store]) == 0
    out = capsys.readouterr().out
    code = out.split()[1].rstrip(":")
    assert f"/voila/render/gold_mine.ipynb?table={code}" in out and "P3 bot greedy" in out and "P4 free" in out
    assert "mineedu serve --class" in out  # no server known: how to open the relative link
    made = _new_table(capsys, "yukon", "--players", "3", "--server", "http://10.0.0.5:8866/?token=t0k", "--seed", "4")
    assert made["link"] == f"http://10.0.0.5:8866/voila/render/yukon.ipynb?token=t0k&table={made['code']}"
    assert [s["bot"] for s in made["seats"]] == [None, None, None] and "seed" not in made
    from mineedu.store import open_store

    store = open_store(class_store)
    assert store.seed(made["code"]) == 4
    store.set_server_url("http://10.0.0.9:8866/?token=abc")  # as mineedu serve notes it
    again = _new_table(capsys, "yukon", "--players", "3")
    assert again["link"] == f"http://10.0.0.9:8866/voila/render/yukon.ipynb?token=abc&table={again['code']}"
    store.set_server_url(None)
    assert _new_table(capsys, "yukon", "--players", "3")["link"].startswith("/voila/render/yukon.ipynb?table=")


@pytest.mark.parametrize("args, words", [
    (["chess", "--players", "2"], "no game named 'chess'"),
    (["gold_mine", "--players", "9"], "3 to 6 players"),
    (["gold_mine", "--players", "3", "--bots", "random,genius"], "has no bot 'genius'"),
    (["gold_mine", "--players", "3", "--bots", "random,random,random,random"], "lists 4 seats"),
    (["gold_mine", "--players", "3", "--set", "deck_mode=sideways"], "deck_mode"),
])
def test_table_new_refuses_what_the_game_refuses(class_store, capsys, args, words):
    assert main(["table", "new", *args]) == 2
    assert words in capsys.readouterr().err
    assert main(["table", "list", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_table_list_and_show_are_the_spectators_view(class_store, capsys):
    from mineedu.store import open_store

    made = _new_table(capsys, "gold_mine", "--players", "3", "--bots", ",,random")
    other = _new_table(capsys, "coal_mine", "--players", "3", "--set", "dummy=true")
    store = open_store(class_store)
    store.join(made["code"], name="Léa")
    assert main(["table", "list"]) == 0
    out = capsys.readouterr().out
    assert made["code"] in out and "P1 Léa" in out and other["code"] in out and "P3 the rules" in out
    assert main(["table", "show", made["code"].lower(), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["turn"]["seats"] == [0] and "Léa" in view["turn"]["text"] and view["moves"] == 0
    assert "seed" not in view and all("ticket" not in s for s in view["seats"])
    assert main(["table", "show", made["code"]]) == 0
    assert "Turn: P1 (Léa)" in capsys.readouterr().out
    assert main(["table", "show", "ZZZZZ"]) == 2
    assert "no table has the code ZZZZZ" in capsys.readouterr().err


def test_table_show_replays_the_moves(class_store, capsys):
    """The whose-turn of a table in play comes from its log replayed by the rules."""
    import itertools

    from mineedu.core import CHANCE, make, play
    from mineedu.store import open_store, table_rng

    made = _new_table(capsys, "gold_mine", "--players", "3", "--seed", "3")
    store = open_store(class_store)
    game = make("gold_mine", 3)
    state = game.initial_state()
    bots = [game.make_bot("random")] * 3
    for number in itertools.count():
        event = next(play(state, bots, table_rng(3, number)))
        assert store.append(made["code"], number, event.player, game.action_to_json(event.action))
        state = event.after
        if number >= 6 and state.current_player() != CHANCE:
            break
    assert main(["table", "show", made["code"], "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["moves"] == number + 1 and 0 < len(view["log"]) <= number + 1
    assert view["turn"]["seats"] == list(state.players_to_move()) and not view["turn"]["over"]
    assert main(["table", "show", made["code"]]) == 0
    assert f"Moves so far: {number + 1}" in capsys.readouterr().out


def test_table_bot_seats_a_bot_for_an_absent_student(class_store, capsys):
    from mineedu.store import SeatRefused, open_store

    made = _new_table(capsys, "gold_mine", "--players", "3")
    store = open_store(class_store)
    _, ticket = store.join(made["code"], name="Léa")
    assert main(["table", "bot", made["code"], "J1", "greedy"]) == 0
    assert "P1 bot greedy" in capsys.readouterr().out
    with pytest.raises(SeatRefused):
        store.seat_of(made["code"], ticket)
    assert main(["table", "bot", made["code"], "1", "student"]) == 0
    assert "P1 free" in capsys.readouterr().out
    assert main(["table", "bot", made["code"], "J4", "greedy"]) == 2
    assert "J1 to J3" in capsys.readouterr().err
    assert main(["table", "bot", made["code"], "J2", "genius"]) == 2
    assert "has no bot 'genius'" in capsys.readouterr().err


def test_class_export_and_clear(class_store, capsys, tmp_path, monkeypatch):
    import csv
    import io
    import re

    from mineedu.store import open_store

    store = open_store(class_store)
    a, _ = store.student(name="Léa")
    b, _ = store.student(name="Noé")
    store.record(a, "gold_mine", "prediction", "burn", {"value": 0.3})
    store.record(b, "gold_mine", "trials", "burn", {"successes": 12, "trials": 100})
    store.record(b, "gold_mine", "exercise", "ex1", {"correct": True, "answer": "2/5"})
    assert main(["class", "export", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(s["name"], len(s["predictions"]), len(s["trials"])) for s in data["students"]] == [("Léa", 1, 0), ("Noé", 0, 1)]
    assert main(["class", "export", "--csv", str(tmp_path / "sheets")]) == 0
    assert "trials.csv (1 rows)" in capsys.readouterr().out
    raw = (tmp_path / "sheets" / "trials.csv").read_bytes()
    assert raw.startswith("\ufeff".encode())  # a spreadsheet reads the accents
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[0] == ["student", "name", "lesson", "question", "successes", "trials", "at"]
    assert rows[1][1:6] == ["Noé", "gold_mine", "burn", "12", "100"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", rows[1][6])
    assert main(["class", "export"]) == 0
    assert "2 students" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["class", "clear"]) == 2  # no terminal to ask: --yes is needed
    assert "add --yes" in capsys.readouterr().err and len(store.export()["students"]) == 2
    assert main(["class", "clear", "--yes"]) == 0
    assert "Deleted 2 students" in capsys.readouterr().out
    assert store.export()["students"] == []


def test_an_unreachable_store_is_a_clear_error(tmp_path, capsys):
    (tmp_path / "a file").write_text("")
    assert main(["table", "list", "--store", f"sqlite://{tmp_path / 'a file' / 'x.db'}"]) == 2
    assert "the class store cannot be reached" in capsys.readouterr().err
    assert main(["class", "export", "--store", "mysql://x"]) == 2
    assert "unknown store address" in capsys.readouterr().err
