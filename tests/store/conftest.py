"""Every store test runs on a real SQLite file and on a real PostgreSQL server (marked ``server``)."""

from __future__ import annotations

import pytest

from mineedu.store import open_store
from tests.pg import pg_cluster  # noqa: F401  (the session's PostgreSQL server)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.server)])
def store_url(request, tmp_path):
    """The URL of a new empty store on each backend."""
    if request.param == "sqlite":
        return f"sqlite://{tmp_path / 'class.db'}"
    return request.getfixturevalue("pg_cluster").new_database()


@pytest.fixture
def store(store_url):
    s = open_store(store_url)
    yield s
    s.close()
