"""The Mine lesson page and ``mineedu odds coal_mine`` give the same recruitment odds at the start.

The command run as a terminal runs it (a subprocess: the lesson's table, the player to move)
and the page in real Chromium against the real Voilà server: the panel's headline figure
(``data-exact`` and the percent the reader sees) is the command's, 209/345 (issue 28).
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from mineedu.core.i18n import format_number

from .lesson import wait_ready

APP = "/voila/render/coal_mine.ipynb"


def command_figure() -> tuple[Fraction, int]:
    proc = subprocess.run([sys.executable, "-m", "mineedu", "odds", "coal_mine", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    pipe = json.loads(proc.stdout)["pipe"]
    return Fraction(pipe["p"]["reduced"]), pipe["draws"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_page_shows_the_commands_209_over_345_at_the_start(server, page, lang):
    p, draws = command_figure()
    assert (p, draws) == (Fraction(209, 345), 3)
    page.goto(server + APP + ("?lang=en" if lang == "en" else ""))
    wait_ready(page)
    pipe = page.locator(".mineedu-panel .odds-pipe").first
    pipe.wait_for()
    assert Fraction(pipe.get_attribute("data-exact")) == p and pipe.get_attribute("data-draws") == str(draws)
    shown = page.locator(".mineedu-panel .odds-pipe-pct").first.inner_text()
    assert shown.replace(" ", "\u00a0") == format_number(p, lang, percent=True).replace(" ", "\u00a0")
    assert ("60,6" if lang == "fr" else "60.6") in shown
