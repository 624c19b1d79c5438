"""``mineedu lab``'s copies: a student's edited notebook is never overwritten, nothing is lost, each decision said.

Real files in a temporary folder, from the real exploration notebooks (``notebooks/explore``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mineedu import __version__
from mineedu.cli import main
from mineedu.lab import DEFAULT_DIR, RECORD, copy_notebooks, lab_command, prepare

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
NAMES = sorted(p.name for p in (NOTEBOOKS / "explore" / "fr").glob("*.ipynb"))


def actions(done) -> dict[str, str]:
    return {c.name: c.action for c in done}


def test_first_copy_writes_every_notebook_of_the_language(tmp_path):
    folder = tmp_path / "work"
    done = copy_notebooks(NOTEBOOKS, folder, "en")
    assert actions(done) == dict.fromkeys(NAMES, "copied")
    for name in NAMES:
        assert (folder / name).read_bytes() == (NOTEBOOKS / "explore" / "en" / name).read_bytes()
    assert json.loads((folder / RECORD).read_text())["lang"] == "en"
    assert actions(copy_notebooks(NOTEBOOKS, folder, "en")) == dict.fromkeys(NAMES, "same")


def test_an_edited_copy_is_kept_and_nothing_is_written_beside_it(tmp_path):
    copy_notebooks(NOTEBOOKS, tmp_path, "fr")
    edited = tmp_path / "gold_mine.ipynb"
    edited.write_text(edited.read_text() + " ")  # the student's change
    mine = edited.read_bytes()
    done = actions(copy_notebooks(NOTEBOOKS, tmp_path, "fr"))
    assert done["gold_mine.ipynb"] == "kept" and edited.read_bytes() == mine
    assert not list(tmp_path.glob("gold_mine-*.ipynb"))


def test_the_other_language_replaces_untouched_copies_and_goes_beside_edited_ones(tmp_path):
    copy_notebooks(NOTEBOOKS, tmp_path, "fr")
    edited = tmp_path / "yukon.ipynb"
    edited.write_bytes(edited.read_bytes().replace(b'"cells"', b'"cells" ', 1))
    mine = edited.read_bytes()
    done = copy_notebooks(NOTEBOOKS, tmp_path, "en")
    by_name = {c.name: c for c in done}
    assert by_name["yukon.ipynb"].action == "beside"
    beside = tmp_path / by_name["yukon.ipynb"].other
    assert beside.name == f"yukon-en-{__version__}.ipynb"
    assert edited.read_bytes() == mine
    assert beside.read_bytes() == (NOTEBOOKS / "explore" / "en" / "yukon.ipynb").read_bytes()
    assert by_name["gold_mine.ipynb"].action == "updated"
    assert (tmp_path / "gold_mine.ipynb").read_bytes() == (NOTEBOOKS / "explore" / "en" / "gold_mine.ipynb").read_bytes()
    # the copy written beside is the student's too once edited: never overwritten either
    beside.write_text(beside.read_text() + "\n")
    theirs = beside.read_bytes()
    assert {c.name: c.action for c in copy_notebooks(NOTEBOOKS, tmp_path, "en")}["yukon.ipynb"] == "beside_kept"
    assert beside.read_bytes() == theirs and edited.read_bytes() == mine


def test_a_file_mineedu_did_not_write_is_never_overwritten(tmp_path):
    (tmp_path / "coal_mine.ipynb").write_text("my own notes")
    (tmp_path / RECORD).write_text("not json")  # a damaged record: every existing file counts as the student's
    done = {c.name: c for c in copy_notebooks(NOTEBOOKS, tmp_path, "fr")}
    assert done["coal_mine.ipynb"].action == "beside"
    assert (tmp_path / "coal_mine.ipynb").read_text() == "my own notes"
    assert (tmp_path / done["coal_mine.ipynb"].other).is_file()


def test_the_decisions_are_said_in_the_notebooks_language(tmp_path):
    copy_notebooks(NOTEBOOKS, tmp_path, "fr")
    (tmp_path / "gold_mine.ipynb").write_text("{}")
    done = {c.name: c for c in copy_notebooks(NOTEBOOKS, tmp_path, "en")}
    assert "you edited it" in done["gold_mine.ipynb"].describe("en")
    assert "vous l'avez modifié)\u00a0; cette version-ci est à côté\u00a0:" in done["gold_mine.ipynb"].describe("fr")


def test_a_file_in_the_way_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MINEEDU_NOTEBOOKS", str(NOTEBOOKS))
    (tmp_path / "work").write_text("")
    assert main(["lab", str(tmp_path / "work"), "--lang", "en", "--no-browser"]) == 2
    assert "exists and is not a folder" in capsys.readouterr().err


def test_no_lessons_folder_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("MINEEDU_NOTEBOOKS", str(tmp_path / "nowhere"))
    assert main(["lab", str(tmp_path / "work"), "--lang", "fr"]) == 2
    assert "no lessons folder found" in capsys.readouterr().err
    assert not (tmp_path / "work").exists()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_prepare_says_what_it_did_in_the_language(tmp_path, capsys, monkeypatch, lang):
    monkeypatch.setenv("MINEEDU_NOTEBOOKS", str(NOTEBOOKS))
    monkeypatch.chdir(tmp_path)
    folder, chosen = prepare(None, lang)
    assert folder == tmp_path / DEFAULT_DIR and chosen == lang
    err = capsys.readouterr().err
    head = {"fr": "mineedu\u00a0: carnets d'exploration en français dans", "en": "mineedu: exploration notebooks in English in"}
    assert err.startswith(f"{head[lang]} {folder}\n")
    word = {"fr": "copié", "en": "copied"}[lang]
    assert [line.strip() for line in err.splitlines()[1:]] == [f"{name}: {word}" for name in NAMES]


@pytest.mark.parametrize(("env", "lang"), [({"LANG": "en_CA.UTF-8"}, "en"), ({"LANG": "fr_FR.UTF-8"}, "fr"),
                                          ({"LANG": "de_DE.UTF-8"}, "fr"), ({"LC_ALL": "en_GB", "LANG": "fr_FR"}, "en"),
                                          ({}, "fr")])
def test_the_default_language_follows_the_locale(monkeypatch, env, lang):
    from mineedu.lab import default_lang

    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert default_lang() == lang


@pytest.mark.parametrize("browser", [True, False])
def test_lab_command_opens_the_first_notebook(tmp_path, browser):
    copy_notebooks(NOTEBOOKS, tmp_path, "fr")
    cmd = lab_command(tmp_path, port=9999, open_browser=browser)
    assert f"--ServerApp.root_dir={tmp_path}" in cmd and "--LabApp.default_url=/lab/tree/getting_started.ipynb" in cmd
    assert "--ServerApp.port=9999" in cmd and ("--no-browser" in cmd) is not browser
    assert "--LabApp.news_url=None" in cmd  # no news feed fetched from outside


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.strip() == f"mineedu {__version__}"
