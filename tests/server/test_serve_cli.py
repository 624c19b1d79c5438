"""``mineedu serve`` and ``--class`` without a server (fast): the command, the link, the QR code, the limits' bookkeeping."""

from __future__ import annotations

import ipaddress

import pytest

import mineedu.launch as launch
from mineedu.cli import main
from mineedu.serving.policy import Owners, RenderRates


class FakeServer:
    def __init__(self, cmd, env=None):
        FakeServer.cmd = cmd
        FakeServer.env = env

    def wait(self, timeout=None):
        return 0


@pytest.fixture
def fake_popen(monkeypatch, tmp_path):
    monkeypatch.setattr(launch.subprocess, "Popen", FakeServer)
    monkeypatch.setenv("MINEEDU_STORE", f"sqlite:///{tmp_path / 'class.db'}")  # never the account's own store
    return FakeServer


def test_every_kernel_gets_the_class_store(fake_popen, capsys, tmp_path, monkeypatch):
    """--store (else $MINEEDU_STORE) reaches the server's environment, hence every kernel's; the store is
    created and migrated before the first kernel needs it; a relative SQLite path is made absolute."""
    from mineedu.store import open_store

    url = f"sqlite:///{tmp_path / 'lesson.db'}"
    assert main(["serve", "--port", "9914", "--store", url]) == 0
    assert fake_popen.env["MINEEDU_STORE"] == url
    assert open_store(url).schema_version >= 1
    assert f"class store Store('{url}')" in capsys.readouterr().err
    assert main(["serve", "--port", "9914"]) == 0
    assert fake_popen.env["MINEEDU_STORE"] == f"sqlite:///{tmp_path / 'class.db'}"
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--port", "9914", "--store", "sqlite:rel.db"]) == 0
    assert fake_popen.env["MINEEDU_STORE"] == f"sqlite://{tmp_path / 'rel.db'}"


def test_a_store_that_cannot_be_opened_stops_serve_with_its_reason(fake_popen, capsys, tmp_path):
    fake_popen.cmd = None
    assert main(["serve", "--port", "9915", "--store", "mysql://nowhere/db"]) == 2
    assert "unknown store address" in capsys.readouterr().err and fake_popen.cmd is None
    (tmp_path / "not_a_db").write_text("this is not SQLite")
    assert main(["serve", "--port", "9915", "--store", f"sqlite:///{tmp_path / 'not_a_db'}"]) == 2
    assert "mineedu: error:" in capsys.readouterr().err


def test_loopback_by_default_without_a_token(fake_popen, capsys):
    assert main(["serve", "--port", "9911"]) == 0
    cmd = fake_popen.cmd
    assert "--Voila.ip=127.0.0.1" in cmd and not any(a.startswith("--Voila.token") for a in cmd)
    assert cmd[1:3] == ["-m", "mineedu.serving"]
    assert "http://127.0.0.1:9911/voila/render/index.ipynb" in capsys.readouterr().err


def test_class_mode_prints_the_link_with_its_token_and_a_qr_code(fake_popen, capsys, monkeypatch):
    monkeypatch.setattr(launch, "network_address", lambda: "192.0.2.7")  # a documentation address, never contacted
    assert main(["serve", "--class", "--token", "k3y", "--lesson", "gold_mine", "--students", "12", "--port", "9912"]) == 0
    err = capsys.readouterr().err
    link = "http://192.0.2.7:9912/voila/render/gold_mine.ipynb?token=k3y"
    assert f"students open  {link}" in err
    assert "█" in err or "▀" in err  # the QR code, drawn in the terminal
    assert "http://127.0.0.1:9912/mineedu/join?token=k3y" in err
    cmd = fake_popen.cmd
    assert "--Voila.ip=0.0.0.0" in cmd and "--Voila.token=k3y" in cmd
    assert "--ClassServer.pools=gold_mine.ipynb:12" in cmd and f"--ClassServer.join_url={link}" in cmd
    assert "--MappingKernelManager.cull_idle_timeout=90" in cmd


def test_class_mode_makes_a_token_when_none_is_given(fake_popen, capsys, monkeypatch):
    monkeypatch.delenv(launch.TOKEN_ENV, raising=False)
    assert main(["serve", "--class", "--port", "9913"]) == 0
    [token] = [a.split("=", 1)[1] for a in fake_popen.cmd if a.startswith("--Voila.token=")]
    assert len(token) >= 12
    assert f"?token={token}" in capsys.readouterr().err


def test_an_unknown_lesson_and_class_options_without_class_are_refused(fake_popen, capsys):
    assert main(["serve", "--class", "--lesson", "no_such_lesson"]) == 2
    assert "no lesson 'no_such_lesson'" in capsys.readouterr().err
    assert main(["serve", "--token", "x"]) == 2
    assert "add --class" in capsys.readouterr().err
    assert main(["serve", "--cull-after", "3"]) == 2


def test_the_network_address_is_found_without_any_traffic():
    ip = launch.network_address()
    assert ip is None or not ipaddress.ip_address(ip).is_loopback


def test_render_rates_refill_one_page_per_interval():
    now = [0.0]
    rates = RenderRates(burst=2, every=5.0, clock=lambda: now[0])
    assert [rates.take("a"), rates.take("a"), rates.take("a")] == [True, True, False]
    now[0] = 4.9
    assert not rates.take("a")
    now[0] = 5.1
    assert rates.take("a") and not rates.take("a")
    assert rates.take("b")  # another browser has its own allowance


def test_render_rates_forget_quiet_browsers_beyond_their_cap():
    now = [0.0]
    rates = RenderRates(burst=1, every=1.0, clock=lambda: now[0], max_clients=10)
    for i in range(10):
        rates.take(f"c{i}")
    now[0] = 100.0
    rates.take("new")
    assert len(rates.buckets) == 1  # the refilled ones were forgotten, the newcomer counted


def test_owners_list_a_browsers_kernels_oldest_first():
    o = Owners()
    for k, c in [("k1", "ann"), ("k2", "bob"), ("k3", "ann")]:
        o.give(k, c)
    assert o.of("ann") == ["k1", "k3"] and o.owner("k2") == "bob" and o.owner("k9") is None
