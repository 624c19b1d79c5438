"""The start page links each game to its exploration notebook where JupyterLab serves it ("explore in JupyterLab")."""

from __future__ import annotations

import re

import pytest

from mineedu.core import game_names
from mineedu.ui.start import LAB_URL_ENV, _page, explore_link
from tools.explore_notebooks import EXPLORE

WITH_NOTEBOOK = sorted(p.stem for p in (EXPLORE / "fr").glob("*.ipynb") if p.stem in game_names())
WITHOUT = sorted(set(game_names()) - set(WITH_NOTEBOOK))


def _links(page: str) -> dict[str, str]:
    return dict(re.findall(r"<a class='mineedu-explore-link' href='([^']*)'>([^<]*)</a>", page))


@pytest.fixture
def in_lab(monkeypatch):
    for k in [k for k in __import__("os").environ if k.startswith("VOILA_")]:
        monkeypatch.delenv(k)
    monkeypatch.delenv(LAB_URL_ENV, raising=False)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_in_jupyterlab_each_notebook_is_linked_beside_its_page(in_lab, lang):
    links = _links(_page(lang))
    words = {"fr": "Explorer dans JupyterLab", "en": "Explore in JupyterLab"}[lang]
    assert WITH_NOTEBOOK
    for name in WITH_NOTEBOOK:
        assert links[f"explore/{lang}/{name}.ipynb"] == words
    for name in WITHOUT:
        assert not any(f"/{name}.ipynb" in href for href in links)
    assert links[f"explore/{lang}/getting_started.ipynb"].startswith(("Premiers pas", "Getting started"))


def test_under_voila_no_link_unless_a_jupyterlab_is_named(in_lab, monkeypatch):
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    assert _links(_page("en")) == {}
    assert explore_link("gold_mine", "en") is None
    monkeypatch.setenv(LAB_URL_ENV, "http://127.0.0.1:8888/")
    links = _links(_page("en"))
    assert links["http://127.0.0.1:8888/lab/tree/explore/en/gold_mine.ipynb"] == "Explore in JupyterLab"


def test_a_hostile_address_cannot_break_out_of_the_link(in_lab, monkeypatch):
    monkeypatch.setenv(LAB_URL_ENV, "http://x/'><script>alert(1)</script>")
    page = _page("fr")
    assert "<script>" not in page
    assert "&#x27;&gt;&lt;script&gt;" in page


def test_no_link_to_a_notebook_that_does_not_exist(in_lab):
    assert explore_link("gold_mine", "de") is None
    assert explore_link("no_such_game", "fr") is None
