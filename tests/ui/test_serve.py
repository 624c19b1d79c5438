"""mineedu serve: where the lessons are, and the Voilà options it passes."""

from __future__ import annotations

import sys
from pathlib import Path

from mineedu import launch as S
from mineedu.cli import main

REPO = Path(__file__).resolve().parents[2]


def test_finds_the_repository_notebooks(monkeypatch, tmp_path):
    monkeypatch.delenv(S.NOTEBOOKS_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    assert S.find_notebooks() == REPO / "notebooks"


def test_env_var_wins_and_must_hold_index(monkeypatch, tmp_path):
    monkeypatch.setenv(S.NOTEBOOKS_ENV, str(tmp_path))
    assert S.find_notebooks() is None
    (tmp_path / "index.ipynb").write_text("{}")
    assert S.find_notebooks() == tmp_path


def test_serve_without_lessons_says_so(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv(S.NOTEBOOKS_ENV, str(tmp_path))
    assert main(["serve", "--port", "8999"]) == 2
    err = capsys.readouterr().err
    assert "no lessons folder found" in err and S.NOTEBOOKS_ENV in err


def test_voila_options():
    args = S.voila_args(Path("/x/notebooks"), 9001, pool_size=2, cull_after=300)
    assert args[0] == "/x/notebooks"
    assert "--Voila.ip=127.0.0.1" in args and "--Voila.port=9001" in args
    assert "--preheat_kernel=True" in args and "--pool_size=2" in args
    assert "--MappingKernelManager.cull_idle_timeout=300" in args
    assert "--MappingKernelManager.cull_connected=False" in args
    assert "--VoilaConfiguration.extension_denylist=jupyterlab-plotly" in args
    assert not any("progressive_rendering=True" in a for a in args)  # incompatible with preheating
    cmd = S.voila_command(Path("/x"), 9001)
    assert cmd[0] == sys.executable and cmd[1:3] == ["-m", "mineedu.serving"]  # the class server, from this environment
