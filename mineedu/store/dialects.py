"""What SQLite and PostgreSQL spell differently, and nothing else: the store's logic is one.

A :class:`Dialect` opens connections (in autocommit mode: the store writes
``BEGIN``/``COMMIT`` itself), turns the store's ``?`` placeholders into the
driver's, spells the few DDL words that differ, says how a write transaction
starts (SQLite: ``BEGIN IMMEDIATE``, so two processes never deadlock upgrading
a read lock), sends change notifications (PostgreSQL: ``pg_notify`` inside the
writing transaction, delivered at commit; SQLite: none, its listener polls
``PRAGMA data_version``) and turns a driver's exception into a
:class:`~mineedu.store.errors.StoreError` worded for people. Upserts are written
once (``INSERT ... ON CONFLICT (...) DO UPDATE``): both databases read them alike.

Timeouts, so that a store that went away is an error, never a hang: SQLite
waits at most :data:`BUSY_TIMEOUT` seconds for another process's write lock and
checks before every transaction that its file is still the one it opened (a
deleted or replaced file would otherwise go on "working" on an unlinked inode);
PostgreSQL connects within :data:`CONNECT_TIMEOUT` seconds, runs a statement for
at most :data:`STATEMENT_TIMEOUT` seconds and keeps its TCP connection alive
with keepalives, and a broken connection is opened again by the next call.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any, ClassVar

from .errors import StoreError

BUSY_TIMEOUT = 10.0  # seconds a SQLite writer waits for another process's lock
CONNECT_TIMEOUT = 5  # seconds to reach a PostgreSQL server
STATEMENT_TIMEOUT = 15  # seconds one PostgreSQL statement may run (or wait for a lock)
CHANNEL = "mineedu_store"  # the PostgreSQL LISTEN/NOTIFY channel


class Dialect:
    """The part of a database the store cannot write in common SQL."""

    name = ""
    param = "?"
    begin_write = "BEGIN"
    begin_read: str | None = "BEGIN"  # None: reads run statement by statement (autocommit)
    migration_lock: str | None = None
    words: ClassVar[dict[str, str]] = {}
    notifies = False  # whether notify() reaches listeners (else they poll)

    def __init__(self, url: str) -> None:
        self.url = url

    def connect(self) -> Any:
        raise NotImplementedError

    def sql(self, text: str) -> str:
        """``text`` with the driver's placeholders."""
        return text if self.param == "?" else text.replace("?", self.param)

    def ddl(self, text: str) -> str:
        return text.format(**self.words)

    def check(self) -> None:
        """Raise :class:`StoreError` if the database is known to be gone (before a transaction)."""

    def twin(self) -> Dialect:
        """The dialect for a second connection to the same database (a listener's)."""
        return self

    def notify(self, cur: Any, code: str) -> None:
        """Tell listeners of other processes that ``code`` ('' = class activity) changed, at commit."""

    def translate(self, exc: BaseException) -> StoreError | None:
        """The :class:`StoreError` for a driver's exception (``None``: not the database's)."""
        raise NotImplementedError

    def broken(self, conn: Any) -> bool:
        """Whether ``conn`` can no longer be used (the next call opens a new one)."""
        return False


class SQLite(Dialect):
    """One file, WAL mode (readers never wait for the writer), a busy timeout across processes."""

    name = "sqlite"
    begin_write = "BEGIN IMMEDIATE"
    begin_read = "BEGIN"
    words: ClassVar[dict[str, str]] = {"serial": "INTEGER PRIMARY KEY AUTOINCREMENT", "float": "REAL", "bigint": "INTEGER"}

    def __init__(self, url: str, path: Path) -> None:
        super().__init__(url)
        self.path = path
        self._identity: tuple[int, int] | None = None

    def twin(self) -> SQLite:
        other = SQLite(self.url, self.path)
        other._identity = self._identity  # the file this store opened, not a new one in its place
        return other

    def connect(self) -> sqlite3.Connection:
        if self._identity is not None:
            self.check()  # never create the file again where it went away
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None, check_same_thread=False)
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise sqlite3.OperationalError(f"{self.path} cannot be put in WAL mode (journal mode {mode})")
            conn.execute("PRAGMA synchronous = NORMAL")  # WAL + NORMAL: durable at each checkpoint, consistent always
            conn.execute("PRAGMA foreign_keys = ON")
            st = os.stat(self.path)
        except (sqlite3.Error, OSError) as exc:
            raise StoreError("unreachable", error=f"{self.path}: {exc}") from exc
        if self._identity is None:
            self._identity = (st.st_dev, st.st_ino)
        elif self._identity != (st.st_dev, st.st_ino):
            conn.close()
            raise StoreError("gone", path=str(self.path))
        return conn

    def check(self) -> None:
        try:
            st = os.stat(self.path)
        except OSError:
            raise StoreError("gone", path=str(self.path)) from None
        if self._identity is not None and self._identity != (st.st_dev, st.st_ino):
            raise StoreError("gone", path=str(self.path))

    def translate(self, exc: BaseException) -> StoreError | None:
        if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
            return StoreError("busy", error=exc)
        if isinstance(exc, sqlite3.Error | OSError):
            return StoreError("unreachable", error=f"{self.path}: {exc}")
        return None


class PostgreSQL(Dialect):
    """A server several class servers share; LISTEN/NOTIFY tells every process of each change."""

    name = "postgresql"
    param = "%s"
    begin_read = None  # READ COMMITTED gives each statement its own snapshot anyway: a read needs no BEGIN/COMMIT
    migration_lock = "SELECT pg_advisory_xact_lock(7260726)"  # one migrating process at a time
    words: ClassVar[dict[str, str]] = {
        "serial": "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", "float": "DOUBLE PRECISION", "bigint": "BIGINT",
    }
    notifies = True

    def __init__(self, url: str) -> None:
        super().__init__(url)
        try:
            import psycopg
        except ImportError:
            raise StoreError("no_driver") from None
        self.psycopg = psycopg

    def connect(self) -> Any:
        """A connection with the store's timeouts; the URL's own settings (``?options=-csearch_path=klass``
        for a class in its own schema, ``sslmode``, ...) are kept, its ``connect_timeout`` too if it has one."""
        try:
            params: dict[str, Any] = dict(self.psycopg.conninfo.conninfo_to_dict(self.url))
            timeouts = (f"-c statement_timeout={STATEMENT_TIMEOUT * 1000} -c lock_timeout={STATEMENT_TIMEOUT * 1000}"
                        " -c idle_in_transaction_session_timeout=60000")
            params["options"] = f"{timeouts} {params.get('options') or ''}".strip()
            defaults: dict[str, Any] = {
                "connect_timeout": CONNECT_TIMEOUT, "application_name": "mineedu", "keepalives": 1, "keepalives_idle": 5,
                "keepalives_interval": 2, "keepalives_count": 3, "tcp_user_timeout": STATEMENT_TIMEOUT * 1000,
            }
            return self.psycopg.connect(self.psycopg.conninfo.make_conninfo("", **{**defaults, **params}), autocommit=True)
        except self.psycopg.Error as exc:
            raise StoreError("unreachable", error=_first_line(exc)) from exc

    def notify(self, cur: Any, code: str) -> None:
        cur.execute("SELECT pg_notify(?, ?)", (CHANNEL, code))

    def translate(self, exc: BaseException) -> StoreError | None:
        errors = self.psycopg.errors
        if isinstance(exc, errors.QueryCanceled | errors.LockNotAvailable | errors.SerializationFailure
                      | errors.DeadlockDetected):
            return StoreError("busy", error=_first_line(exc))
        if isinstance(exc, self.psycopg.OperationalError | self.psycopg.InterfaceError | OSError):
            return StoreError("unreachable", error=_first_line(exc))
        if isinstance(exc, self.psycopg.Error):
            return StoreError("failed", error=_first_line(exc))
        return None

    def broken(self, conn: Any) -> bool:
        return bool(conn.closed or conn.broken)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def data_dir() -> Path:
    """Where the default store lives: ``$MINEEDU_DATA``, else ``$XDG_DATA_HOME/mineedu``
    (``~/.local/share/mineedu``): the data folder of the account the class server runs as."""
    env = os.environ.get("MINEEDU_DATA")
    if env:
        return Path(env).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "mineedu"


def dialect_for(url: str) -> Dialect:
    """The dialect of a store URL: ``sqlite:///abs/path.db`` (``sqlite:rel.db``, ``sqlite://~/x.db``)
    or ``postgresql://user@host/db`` (libpq's URL, ``?host=/socket/dir`` for a Unix socket)."""
    if url.startswith("sqlite:"):
        rest = url[len("sqlite:"):]
        rest = rest[2:] if rest.startswith("//") else rest
        if not rest or rest.endswith("/"):
            raise StoreError("bad_url", url=url)
        return SQLite(url, Path(rest).expanduser())
    if url.startswith(("postgresql://", "postgres://")):
        return PostgreSQL(url)
    raise StoreError("bad_url", url=url)
