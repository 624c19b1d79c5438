"""Fixtures: the real Voilà server (``mineedu serve``'s settings) and a page of Debian's Chromium
(the browser itself is one for the whole run: ``tests/conftest.py``)."""

from __future__ import annotations

import os

import pytest

from .helpers import new_page, voila_server


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server_log(tmp_path_factory):
    return tmp_path_factory.mktemp("voila") / "voila.log"


@pytest.fixture(scope="session")
def server(server_log):
    with voila_server(preheat=True, pool_size=1, log=server_log) as url:
        yield url


@pytest.fixture
def page(browser):
    pg = new_page(browser)
    yield pg
    pg.close()
