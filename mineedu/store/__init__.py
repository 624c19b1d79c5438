"""The class store: shared tables across devices and the class's activity, in one database.

A table is its game, config, seed (kept here, never sent to a browser), seats
(held by seat tickets) and an append-only move log; every seat's page replays
the log (:func:`replay`) and shows its own observation. The class activity is
the students, their presence, their predictions, samples and exercise results,
and the teacher's reveals, for the dashboard. SQLite (one file, WAL mode) for one
server; PostgreSQL (LISTEN/NOTIFY) for several. See docs/store.md.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = open_store("sqlite://" + os.path.join(folder.name, "class.db"))
>>> info = store.create_table("gold_mine", players=3, bots=[None, None, "random"], seed=7)
>>> seat, ticket = store.join(info.code, name="Léa")
>>> seat, store.seat_of(info.code, ticket), store.join(info.code, ticket=ticket)[0]
(0, 0, 0)
>>> store.append(info.code, 0, -1, None), store.append(info.code, 0, -1, None)
(True, False)
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import os

from .dialects import Dialect, data_dir, dialect_for
from .errors import STORE_TEXTS, SeatRefused, StoreError, UnknownTable
from .replay import replay, table_rng
from .schema import SCHEMA_VERSION
from .store import (
    ALPHABET,
    ExerciseSummary,
    Listener,
    MeanSummary,
    Move,
    PredictionSummary,
    Presence,
    SeatInfo,
    Store,
    TableInfo,
    TournamentSummary,
    TrialSummary,
    mean_interval,
    normal_code,
)

STORE_ENV = "MINEEDU_STORE"
DEFAULT_NAME = "mineedu.db"


def default_url() -> str:
    """``$MINEEDU_STORE``, else the SQLite file ``mineedu.db`` in :func:`~mineedu.store.dialects.data_dir`."""
    return os.environ.get(STORE_ENV) or f"sqlite://{(data_dir() / DEFAULT_NAME).resolve()}"


def open_store(url: str | None = None) -> Store:
    """The store at ``url`` (``None``: :func:`default_url`), migrated to :data:`SCHEMA_VERSION`.

    ``sqlite:///abs/path.db`` (its folder is created if missing), ``sqlite:relative.db``,
    ``postgresql://user@host/db`` or ``postgresql://user@/db?host=/socket/dir``.
    """
    return Store(dialect_for(url or default_url()))


__all__ = [
    "ALPHABET", "SCHEMA_VERSION", "STORE_ENV", "STORE_TEXTS", "Dialect", "ExerciseSummary", "Listener", "MeanSummary", "Move",
    "PredictionSummary", "Presence", "SeatInfo", "SeatRefused", "Store", "StoreError", "TableInfo",
    "TournamentSummary", "TrialSummary", "UnknownTable", "default_url", "mean_interval", "normal_code", "open_store", "replay",
    "table_rng",
]
