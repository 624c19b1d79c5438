"""Test-wide settings.

Hypothesis: under CI (``CI`` set, as ``.ci/run`` runs) examples are drawn
derandomized, so a red CI run is reproducible by running the same commit again;
on a developer's machine they stay random, to keep exploring new cases. Either
way a failure prints the example and the seed to replay it.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, one per test module, closed when that module ends: Playwright's sync API
    runs an event loop in this thread while it is open, which a second launch beside it, and the
    tests that run an asyncio loop of their own (a kernel's listener, a page's watcher), would meet."""
    from tests.browser.helpers import CHROMIUM, launch

    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: apt-get install chromium (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()
