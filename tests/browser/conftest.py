"""Fixtures: the real Voilà server (``mineedu serve``'s settings) and Debian's Chromium."""

from __future__ import annotations

import os

import pytest

from .helpers import CHROMIUM, launch, new_page, voila_server


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


@pytest.fixture(scope="session")
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: apt-get install chromium (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    pg = new_page(browser)
    yield pg
    pg.close()
