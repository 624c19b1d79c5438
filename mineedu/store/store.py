"""The class store: shared tables (config, server-side seed, seats, move log) and class activity.

One :class:`Store` per process, over one connection (a lock makes it safe for
the threads of a kernel); every method is one transaction. The logic is written
once; :mod:`mineedu.store.dialects` holds what SQLite and PostgreSQL spell
differently. What a caller may rely on beyond the method signatures:

* :class:`SeatInfo` has ``auto`` (the rules play this seat, as Mine's dummy
  player: no student or bot sits there) and :class:`TableInfo` has ``version``.
* :meth:`Store.join` with a ticket that holds no seat at this table (forged,
  released, another table's) takes the next free seat, as a new student would;
  :meth:`Store.seat_of` refuses such a ticket (:class:`SeatRefused`). A finished
  table gives its seats back to their tickets but seats nobody new.
* :meth:`Store.seat_bot` with ``None`` makes a bot's seat a free human seat again.
* :meth:`Store.append` refuses a move number beyond the count (``move_gap``),
  an action that is not JSON or longer than :data:`MAX_ACTION` characters.
* :meth:`Store.record` kinds and values: ``prediction`` ``{"value": x}`` (a
  student's latest replaces the earlier), ``trials`` ``{"successes": s,
  "trials": n}`` for a frequency or ``{"sum": x, "sumsq": y, "trials": n}``
  (the sum and the sum of squares of the sample's ``n`` values) for a mean
  (each call adds a sample), ``exercise`` ``{"correct": bool,
  "answer": ...}`` (each attempt), ``tournament`` ``{"wins": w, "games": g}``
  (each run adds). The summaries are dataclasses keyed by question;
  :meth:`Store.trial_summary` pools frequencies, :meth:`Store.mean_summary` means.
* :meth:`Store.clear` deletes the whole class: students, results, reveals,
  pacing, and the tables (their seats hold first names).

Tickets are ``secrets.token_urlsafe`` strings given to the page; the store keeps
only their SHA-256 and compares with :func:`hmac.compare_digest`.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import secrets
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

from .dialects import CHANNEL, Dialect, PostgreSQL
from .errors import SeatRefused, StoreError, UnknownTable
from .schema import META, MIGRATIONS, SCHEMA_VERSION

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Table code letters: capitals and digits that read aloud unambiguously (no 0/O, no 1/I)."""
CODE_LENGTH = 5  # 32**5 = 33 million codes; a collision retries, and lengthens after a few
MAX_NAME = 40
MAX_ACTION = 100_000  # characters of one move's JSON (a move is a few dozen)
MAX_VALUE = 10_000  # characters of one record's JSON
MAX_TICKET = 200
MAX_TRIALS = 10**12  # trials (or games) in one sample
MAX_SUM = 1e15  # |sum| of one mean sample's values; its sum of squares at most MAX_SUM**2 (class totals stay finite)
ROUNDING = 1e-9  # relative slack for a sum of squares just under sum**2 / n (floating-point rounding)
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
POLL = 0.05  # seconds between two looks of a SQLite listener
KINDS = ("prediction", "trials", "exercise", "tournament")
ACTIVITY = ""  # the listener's code for a change of class activity
_FREQUENCIES = ("lesson = ? AND kind = 'trials' AND successes IS NOT NULL",
                "r.lesson = ? AND r.kind = 'trials' AND r.successes IS NOT NULL")  # a lesson's frequency samples (r: aliased)
_MEANS = ("lesson = ? AND kind = 'trials' AND value_sum IS NOT NULL",
          "r.lesson = ? AND r.kind = 'trials' AND r.value_sum IS NOT NULL")  # a lesson's samples of a mean


@dataclass(frozen=True)
class SeatInfo:
    """One seat: its bot spec (``None``: a student's seat), the first name of whoever holds it,
    whether a ticket holds it, and whether the rules play it (``auto``)."""

    index: int
    bot: str | None
    name: str | None
    held: bool
    auto: bool = False

    @property
    def free(self) -> bool:
        """A student may take it."""
        return self.bot is None and not self.held and not self.auto


@dataclass(frozen=True)
class TableInfo:
    """A table as anyone may see it (never its seed): game, players, the config overrides, seats, moves so far."""

    code: str
    game: str
    players: int
    config: Mapping[str, Any]
    seats: tuple[SeatInfo, ...]
    moves: int
    created: float
    finished: bool
    version: int

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "game": self.game, "players": self.players, "config": dict(self.config),
                "seats": [{"index": s.index, "bot": s.bot, "name": s.name, "held": s.held, "auto": s.auto}
                          for s in self.seats],
                "moves": self.moves, "created": self.created, "finished": self.finished, "version": self.version}


@dataclass(frozen=True)
class Move:
    """One entry of a table's log: its number (0, 1, ...), the player (``-1`` chance), the action's JSON, when."""

    number: int
    player: int
    action: Any
    at: float


@dataclass(frozen=True)
class Presence:
    """A student seen lately: where they are."""

    student: int
    name: str
    lesson: str | None
    section: str | None
    last_seen: float


@dataclass(frozen=True)
class PredictionSummary:
    """The class's committed predictions for one question: count, mean, median, range (from SQL),
    and each student's value ``(student, name, value)`` in increasing order, for a dot plot."""

    key: str
    count: int
    mean: float
    median: float
    low: float
    high: float
    values: tuple[tuple[int, str, float], ...]


@dataclass(frozen=True)
class TrialSummary:
    """The class's pooled samples for one question: sums from SQL, each student's own sums
    ``(student, name, successes, trials)``, and the class running total after each sample
    ``(trials so far, successes so far)`` in the order they came (a convergence chart)."""

    key: str
    students: int
    samples: int
    successes: int
    trials: int
    per_student: tuple[tuple[int, str, int, int], ...]
    running: tuple[tuple[int, int], ...] = field(default=())

    @property
    def frequency(self) -> float:
        return self.successes / self.trials if self.trials else math.nan


def mean_interval(total: float, total_sq: float, n: int) -> tuple[float, float, float]:
    """``(mean, low, high)`` of ``n`` values from their sum and sum of squares: the mean and its 95 %
    interval by the normal approximation, ``mean ± 1.96·sqrt(s²/n)`` with the sample variance
    ``s² = (sumsq − sum²/n) / (n − 1)`` (floored at 0 against rounding); one value gives no interval
    (``-inf, inf``), none gives NaN.

    >>> [round(x, 3) for x in mean_interval(30.0, 110.0, 10)]
    [3.0, 2.076, 3.924]
    """
    if n < 1:
        return math.nan, math.nan, math.nan
    mean = total / n
    if n < 2:
        return mean, -math.inf, math.inf
    var = max(0.0, (total_sq - total * total / n) / (n - 1))
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class MeanSummary:
    """The class's pooled samples of a mean for one question: counts and sums from SQL (``total``,
    ``total_sq``: the sum and the sum of squares of all ``trials`` values), each student's own
    ``(student, name, trials, mean)``, and after each sample in the order they came the class's
    ``(trials so far, sum so far, sum of squares so far)`` (a convergence chart: :func:`mean_interval`
    of each)."""

    key: str
    students: int
    samples: int
    trials: int
    total: float
    total_sq: float
    per_student: tuple[tuple[int, str, int, float], ...]
    running: tuple[tuple[int, float, float], ...] = field(default=())

    @property
    def mean(self) -> float:
        return self.total / self.trials if self.trials else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        """The class mean's 95 % interval (normal approximation, :func:`mean_interval`)."""
        _, lo, hi = mean_interval(self.total, self.total_sq, self.trials)
        return lo, hi

    @property
    def convergence(self) -> tuple[tuple[int, float, float, float], ...]:
        """After each sample: ``(trials so far, class mean, low, high)`` (:func:`mean_interval` of the running sums)."""
        return tuple((n, *mean_interval(x, xx, n)) for n, x, xx in self.running)


@dataclass(frozen=True)
class ExerciseSummary:
    """How many students tried an exercise, how many got it right at least once, attempts in all."""

    key: str
    students: int
    correct: int
    attempts: int


@dataclass(frozen=True)
class TournamentSummary:
    """A tournament's pooled results: students who ran it, wins and games summed."""

    key: str
    students: int
    wins: int
    games: int


def _hash(ticket: str) -> str:
    return hashlib.sha256(ticket.encode("utf-8", "surrogatepass")).hexdigest()


def normal_code(code: object) -> str | None:
    """``code`` as stored (capitals, no spaces or dashes), or ``None`` if no table can have it.

    >>> normal_code(" ab-cd7 "), normal_code("AB0D"), normal_code(12)
    ('ABCD7', None, None)
    """
    if not isinstance(code, str):
        return None
    c = code.strip().upper().replace(" ", "").replace("-", "")
    return c if 4 <= len(c) <= 8 and all(ch in ALPHABET for ch in c) else None


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def _name(name: object) -> str:
    if not isinstance(name, str):
        raise StoreError("bad_name", limit=MAX_NAME)
    n = " ".join(name.split())
    if not 1 <= len(n) <= MAX_NAME or any(not ch.isprintable() for ch in n):
        raise StoreError("bad_name", limit=MAX_NAME)
    return n


def _json(value: Any, limit: int, key: str, **fmt: object) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"), sort_keys=True)
    except (TypeError, ValueError, RecursionError) as exc:
        raise StoreError(key, error=f"not JSON ({exc})", **fmt) from None
    if len(text) > limit:
        raise StoreError(key, error=f"longer than {limit} characters", **fmt)
    return text


def _whole(value: Any, what: str, low: int, high: int, kind: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StoreError("bad_record", kind=kind, error=f"{what} must be a whole number from {low} to {high}")
    return value


def _finite(value: Any, what: str, bound: float, kind: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise StoreError("bad_record", kind=kind, error=f"{what} must be a finite number")
    try:
        x = float(value)
    except OverflowError:
        x = math.inf
    if not math.isfinite(x) or abs(x) > bound:
        raise StoreError("bad_record", kind=kind, error=f"{what} must be a finite number of size at most {bound:g}")
    return x


Columns = tuple[float | None, int | None, int | None, int | None, float | None, float | None]


def _mean_sample(value: Mapping[str, Any], kind: str) -> Columns:
    """A mean's sample ``{"sum", "sumsq", "trials"}``: whole ``trials``, finite sums, and a sum of
    squares no less than ``sum²/trials`` (what any real values give) beyond rounding."""
    n = _whole(value.get("trials"), "trials", 1, MAX_TRIALS, kind)
    total = _finite(value.get("sum"), "sum", MAX_SUM, kind)
    sq = _finite(value.get("sumsq"), "sumsq", MAX_SUM**2, kind)
    least = total * total / n
    if sq < 0 or sq < least - ROUNDING * max(least, 1.0):
        raise StoreError("bad_record", kind=kind,
                         error="sumsq must be at least sum²/trials (no values have a smaller sum of squares)")
    return None, None, n, None, total, sq


def _record_columns(kind: str, value: Any) -> Columns:
    """``(number, successes, trials, correct, value_sum, value_sumsq)`` of a record, checked."""
    if kind not in KINDS:
        raise StoreError("bad_record", kind=kind, error=f"the kind is one of {', '.join(KINDS)}")
    if not isinstance(value, dict):
        raise StoreError("bad_record", kind=kind, error="the value is a JSON object")
    if kind == "prediction":
        x = value.get("value")
        if isinstance(x, bool) or not isinstance(x, int | float) or not math.isfinite(x):
            raise StoreError("bad_record", kind=kind, error="value must be a finite number")
        return float(x), None, None, None, None, None
    if kind == "exercise":
        if not isinstance(value.get("correct"), bool):
            raise StoreError("bad_record", kind=kind, error="correct must be true or false")
        return None, None, None, int(value["correct"]), None, None
    if kind == "trials":
        mean = "sum" in value or "sumsq" in value
        if mean and "successes" in value:
            raise StoreError("bad_record", kind=kind, error="a sample has successes (a frequency) or sum and sumsq "
                                                            "(a mean), not both")
        if mean:
            return _mean_sample(value, kind)
        n = _whole(value.get("trials"), "trials", 1, MAX_TRIALS, kind)
        s = _whole(value.get("successes"), "successes", 0, n, kind)
    else:
        n = _whole(value.get("games"), "games", 1, MAX_TRIALS, kind)
        s = _whole(value.get("wins"), "wins", 0, n, kind)
    return None, s, n, None, None, None


class _Cursor:
    """A driver cursor that takes the store's ``?`` placeholders."""

    def __init__(self, cur: Any, dialect: Dialect) -> None:
        self.cur = cur
        self.dialect = dialect

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Cursor:
        self.cur.execute(self.dialect.sql(sql), tuple(params))
        return self

    def one(self) -> Any:
        return self.cur.fetchone()

    def all(self) -> list[Any]:
        return list(self.cur.fetchall())

    @property
    def rowcount(self) -> int:
        return int(self.cur.rowcount)


class Store:
    """The class store over one database (see the module docstring and :func:`mineedu.store.open_store`)."""

    def __init__(self, dialect: Dialect, *, migrate: bool = True) -> None:
        self.dialect = dialect
        self.url = dialect.url
        self._lock = threading.RLock()
        self._conn: Any = None
        self._closed = False
        if migrate:
            self.migrate()

    def __repr__(self) -> str:
        return f"Store({_masked(self.url)!r})"

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.dialect.name

    # --- connection and transactions --------------------------------------------------

    def _connection(self) -> Any:
        if self._closed:
            raise StoreError("unreachable", error="this store was closed")
        if self._conn is not None and self.dialect.broken(self._conn):
            self._drop()
        if self._conn is None:
            self._conn = self.dialect.connect()
        return self._conn

    def _drop(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with suppress(Exception):
                conn.close()

    @contextmanager
    def _tx(self, write: bool = True) -> Iterator[_Cursor]:
        """One transaction; a driver's error comes out as a :class:`StoreError`."""
        with self._lock:
            conn = self._connection()
            try:
                self.dialect.check()
                cur = conn.cursor()
                begin = self.dialect.begin_write if write else self.dialect.begin_read
                if begin is None:
                    yield _Cursor(cur, self.dialect)
                    return
                cur.execute(begin)
                try:
                    yield _Cursor(cur, self.dialect)
                    cur.execute("COMMIT")
                except BaseException:
                    with suppress(Exception):
                        cur.execute("ROLLBACK")
                    raise
            except StoreError:
                raise
            except Exception as exc:
                err = self.dialect.translate(exc)
                if err is None:
                    raise
                if self.dialect.broken(conn) or err.key == "unreachable":
                    self._drop()
                raise err from exc

    def close(self) -> None:
        with self._lock:
            self._drop()
            self._closed = True

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- schema -----------------------------------------------------------------------

    def migrate(self) -> int:
        """Apply every migration above the store's version, each with its version in one transaction."""
        while True:
            with self._tx() as cur:
                if self.dialect.migration_lock:
                    cur.execute(self.dialect.migration_lock)
                cur.execute(META)
                row = cur.execute("SELECT value FROM meta WHERE key = 'schema_version'").one()
                version = int(row[0]) if row else 0
                if version > SCHEMA_VERSION:
                    raise StoreError("newer", found=version, known=SCHEMA_VERSION)
                if version == SCHEMA_VERSION:
                    return version
                for statement in MIGRATIONS[version]:
                    cur.execute(self.dialect.ddl(statement))
                cur.execute("INSERT INTO meta (key, value) VALUES ('schema_version', ?) "
                            "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(version + 1),))

    @property
    def schema_version(self) -> int:
        with self._tx(write=False) as cur:
            row = cur.execute("SELECT value FROM meta WHERE key = 'schema_version'").one()
        return int(row[0]) if row else 0

    def set_server_url(self, url: str | None) -> None:
        """The class server's address for links (``mineedu serve`` tells it, with its class token:
        ``http://10.0.0.5:8866/?token=...``); ``mineedu table new`` prints links on it. ``None`` forgets it.
        With one store shared by several servers, the last one to start is the one named."""
        with self._tx() as cur:
            if url is None:
                cur.execute("DELETE FROM meta WHERE key = 'server_url'")
            else:
                cur.execute("INSERT INTO meta (key, value) VALUES ('server_url', ?) "
                            "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (str(url)[:2000],))

    def server_url(self) -> str | None:
        """What :meth:`set_server_url` last stored."""
        with self._tx(write=False) as cur:
            row = cur.execute("SELECT value FROM meta WHERE key = 'server_url'").one()
        return str(row[0]) if row else None

    # --- tables -----------------------------------------------------------------------

    def create_table(
        self, game: str, players: int, bots: Sequence[str | None] | None = None,
        config: Mapping[str, Any] | None = None, seed: int | None = None,
    ) -> TableInfo:
        """A new table: the game, its players, a bot spec or ``None`` (a student) per seat, config overrides.

        The game, players, config and bot specs are checked by the game itself
        (``StoreError("bad_table")`` says what is wrong); ``seed`` ``None`` draws
        one, kept here and never in :class:`TableInfo`.
        """
        from mineedu.core import MineeduError, make

        config = dict(config or {})
        try:
            g = make(game, players, config)
            specs = list(bots) if bots is not None else [None] * players
            if len(specs) != players:
                raise MineeduError(f"give one seat (a bot spec or none) per player ({players}), not {len(specs)}")
            auto = set(g.auto_seats())
            for p, spec in enumerate(specs):
                if spec is not None and p not in auto:
                    g.make_bot(spec)
        except (MineeduError, TypeError, ValueError) as exc:
            raise StoreError("bad_table", error=exc) from None
        if seed is None:
            seed = secrets.randbelow(2**62)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise StoreError("bad_table", error=f"the seed must be a whole number from 0 to 2**63 - 1, not {seed!r}")
        text = _json(config, MAX_VALUE, "bad_table")
        now = time.time()
        with self._tx() as cur:
            for attempt in range(40):
                code = new_code(min(8, CODE_LENGTH + attempt // 8))
                cur.execute("INSERT INTO game_tables (code, game, players, config, seed, created) VALUES (?, ?, ?, ?, ?, ?) "
                            "ON CONFLICT (code) DO NOTHING", (code, game, players, text, seed, now))
                if cur.rowcount == 1:
                    break
            else:  # pragma: no cover - 40 collisions in a row
                raise StoreError("failed", error="no free table code")
            for p, spec in enumerate(specs):
                is_auto = p in auto
                cur.execute("INSERT INTO seats (code, seat, bot, auto) VALUES (?, ?, ?, ?)",
                            (code, p, None if is_auto else spec, int(is_auto)))
            self.dialect.notify(cur, code)
            return self._info(cur, code)

    def _info(self, cur: _Cursor, code: str) -> TableInfo:
        row = cur.execute("SELECT code, game, players, config, moves, created, finished, version FROM game_tables "
                          "WHERE code = ?", (code,)).one()
        if row is None:
            raise UnknownTable(code)
        seats = cur.execute("SELECT seat, bot, name, ticket_hash, auto FROM seats WHERE code = ? ORDER BY seat",
                            (code,)).all()
        return _table_info(row, seats)

    def table(self, code: str) -> TableInfo:
        """The table with this code (any case, spaces or dashes); :class:`UnknownTable` otherwise."""
        c = normal_code(code)
        if c is None:
            raise UnknownTable(str(code)[:20])
        with self._tx(write=False) as cur:
            return self._info(cur, c)

    def tables(self) -> list[TableInfo]:
        """Every table, oldest first."""
        with self._tx(write=False) as cur:
            rows = cur.execute("SELECT code, game, players, config, moves, created, finished, version FROM game_tables "
                               "ORDER BY created, code").all()
            seats = cur.execute("SELECT code, seat, bot, name, ticket_hash, auto FROM seats ORDER BY code, seat").all()
        by_code: dict[str, list[Any]] = {}
        for s in seats:
            by_code.setdefault(s[0], []).append(s[1:])
        return [_table_info(r, by_code.get(r[0], [])) for r in rows]

    def _code(self, code: str) -> str:
        c = normal_code(code)
        if c is None:
            raise UnknownTable(str(code)[:20])
        return c

    def _table_row(self, cur: _Cursor, code: str, columns: str) -> Any:
        row = cur.execute(f"SELECT {columns} FROM game_tables WHERE code = ?", (code,)).one()
        if row is None:
            raise UnknownTable(code)
        return row

    def seed(self, code: str) -> int:
        """The table's seed: for the server's replay and chance draws only, never for a browser."""
        c = self._code(code)
        with self._tx(write=False) as cur:
            return int(self._table_row(cur, c, "seed")[0])

    def version(self, code: str) -> int:
        """A counter that grows with every change of the table (a move, a seat, the end)."""
        c = self._code(code)
        with self._tx(write=False) as cur:
            return int(self._table_row(cur, c, "version")[0])

    def _touch(self, cur: _Cursor, code: str) -> None:
        cur.execute("UPDATE game_tables SET version = version + 1 WHERE code = ?", (code,))
        self.dialect.notify(cur, code)

    def _held_seat(self, cur: _Cursor, code: str, ticket: object) -> int | None:
        if not isinstance(ticket, str) or not 0 < len(ticket) <= MAX_TICKET:
            return None
        h = _hash(ticket)
        found = None
        for seat, stored in cur.execute("SELECT seat, ticket_hash FROM seats WHERE code = ? AND ticket_hash IS NOT NULL",
                                        (code,)).all():
            if hmac.compare_digest(str(stored), h):
                found = int(seat)
        return found

    def join(self, code: str, name: str | None = None, ticket: str | None = None) -> tuple[int, str]:
        """``(seat, ticket)``: the seat ``ticket`` holds at this table (a reload), else the next free
        student's seat for ``name`` with a new ticket; :class:`SeatRefused` if none is free."""
        c = self._code(code)
        with self._tx() as cur:
            finished = self._table_row(cur, c, "finished")[0]
            seat = self._held_seat(cur, c, ticket)
            if seat is not None:
                assert isinstance(ticket, str)
                if name is not None:
                    n = _name(name)
                    cur.execute("UPDATE seats SET name = ? WHERE code = ? AND seat = ? AND (name IS NULL OR name <> ?)",
                                (n, c, seat, n))
                    if cur.rowcount:
                        self._touch(cur, c)
                return seat, ticket
            if finished:
                raise SeatRefused("finished", code=c)
            n = _name(name)
            fresh = secrets.token_urlsafe(24)
            while True:  # PostgreSQL: a racing join may take the seat between the two statements; take the next
                row = cur.execute("SELECT MIN(seat) FROM seats WHERE code = ? AND bot IS NULL AND auto = 0 "
                                  "AND ticket_hash IS NULL", (c,)).one()
                if row is None or row[0] is None:
                    raise SeatRefused("full", code=c)
                cur.execute("UPDATE seats SET name = ?, ticket_hash = ? WHERE code = ? AND seat = ? "
                            "AND bot IS NULL AND ticket_hash IS NULL", (n, _hash(fresh), c, row[0]))
                if cur.rowcount == 1:
                    self._touch(cur, c)
                    return int(row[0]), fresh

    def seat_of(self, code: str, ticket: str) -> int:
        """The seat ``ticket`` holds at this table; :class:`SeatRefused` for a forged, released or other table's ticket."""
        c = self._code(code)
        with self._tx(write=False) as cur:
            self._table_row(cur, c, "code")
            seat = self._held_seat(cur, c, ticket)
        if seat is None:
            raise SeatRefused("bad_ticket", code=c)
        return seat

    def _seat_check(self, cur: _Cursor, code: str, seat: object) -> None:
        row = cur.execute("SELECT auto FROM seats WHERE code = ? AND seat = ?",
                          (code, seat if isinstance(seat, int) and not isinstance(seat, bool) else -99)).one()
        if row is None or row[0]:
            raise StoreError("bad_seat", code=code, seat=seat)

    def seat_bot(self, code: str, seat: int, spec: str | None) -> None:
        """Give ``seat`` to the bot ``spec`` (its holder's ticket stops working); ``None``: a free student's seat."""
        from mineedu.core import MineeduError, make

        c = self._code(code)
        info = self.table(c)
        if spec is not None:
            try:
                make(info.game, info.players, dict(info.config)).make_bot(spec)
            except MineeduError as exc:
                raise StoreError("bad_table", error=exc) from None
        with self._tx() as cur:
            self._seat_check(cur, c, seat)
            cur.execute("UPDATE seats SET bot = ?, name = NULL, ticket_hash = NULL WHERE code = ? AND seat = ?",
                        (spec, c, seat))
            self._touch(cur, c)

    def release(self, code: str, seat: int) -> None:
        """Free ``seat``: its ticket stops working, the next student to join may take it."""
        c = self._code(code)
        with self._tx() as cur:
            self._table_row(cur, c, "code")
            self._seat_check(cur, c, seat)
            cur.execute("UPDATE seats SET name = NULL, ticket_hash = NULL WHERE code = ? AND seat = ?", (c, seat))
            self._touch(cur, c)

    def moves(self, code: str, after: int = -1) -> list[Move]:
        """The moves numbered above ``after``, in order."""
        c = self._code(code)
        with self._tx(write=False) as cur:
            rows = cur.execute("SELECT number, player, action, at FROM moves WHERE code = ? AND number > ? ORDER BY number",
                               (c, int(after))).all()
            if not rows:
                self._table_row(cur, c, "code")
        return [Move(int(n), int(p), json.loads(a), float(t)) for n, p, a, t in rows]

    def append(self, code: str, number: int, player: int, action: Any) -> bool:
        """Store move ``number`` (which must be the count of moves so far): ``True``; ``False`` if
        that number is already taken (another page won the race: read the moves again and redraw).

        Exactly one row per (table, number): the database's primary key decides, not a lock here.
        """
        c = self._code(code)
        text = _json(action, MAX_ACTION, "bad_action")
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:
            raise StoreError("bad_action", error=f"the move number must be a whole number from 0, not {number!r}")
        with self._tx() as cur:
            count, players = self._table_row(cur, c, "moves, players")
            if isinstance(player, bool) or not isinstance(player, int) or not -1 <= player < players:
                raise StoreError("bad_action", error=f"the player is -1 (chance) or a seat from 0 to {players - 1}")
            if number < count:
                return False
            if number > count:
                raise StoreError("move_gap", number=number, count=count, code=c)
            cur.execute("INSERT INTO moves (code, number, player, action, at) VALUES (?, ?, ?, ?, ?) "
                        "ON CONFLICT (code, number) DO NOTHING", (c, number, player, text, time.time()))
            if cur.rowcount != 1:
                return False
            cur.execute("UPDATE game_tables SET moves = moves + 1, version = version + 1 WHERE code = ?", (c,))
            self.dialect.notify(cur, c)
            return True

    def mark_finished(self, code: str) -> None:
        """The game at this table is over (new students are no longer seated)."""
        c = self._code(code)
        with self._tx() as cur:
            self._table_row(cur, c, "code")
            cur.execute("UPDATE game_tables SET finished = 1 WHERE code = ? AND finished = 0", (c,))
            if cur.rowcount:
                self._touch(cur, c)

    def delete_table(self, code: str) -> None:
        """Remove a table, its seats and its moves."""
        c = self._code(code)
        with self._tx() as cur:
            self._table_row(cur, c, "code")
            cur.execute("DELETE FROM moves WHERE code = ?", (c,))
            cur.execute("DELETE FROM seats WHERE code = ?", (c,))
            cur.execute("DELETE FROM game_tables WHERE code = ?", (c,))
            self.dialect.notify(cur, c)

    def listen(self) -> Listener:
        """A change listener for this process (its own connection): ``wait(timeout)`` returns the codes changed."""
        if isinstance(self.dialect, PostgreSQL):
            return PostgresListener(self)
        return PollingListener(self)

    # --- class activity ---------------------------------------------------------------

    def _activity(self, cur: _Cursor) -> None:
        cur.execute("UPDATE counters SET value = value + 1 WHERE name = 'activity'")
        self.dialect.notify(cur, ACTIVITY)

    def student(self, name: str | None = None, ticket: str | None = None) -> tuple[int, str]:
        """``(student id, ticket)``: the student ``ticket`` names (a reload; a new ``name`` is kept),
        else a new student called ``name`` with a new ticket."""
        with self._tx() as cur:
            if isinstance(ticket, str) and 0 < len(ticket) <= MAX_TICKET:
                h = _hash(ticket)
                row = cur.execute("SELECT id, ticket_hash, name FROM students WHERE ticket_hash = ?", (h,)).one()
                if row is not None and hmac.compare_digest(str(row[1]), h):
                    if name is not None and _name(name) != row[2]:
                        cur.execute("UPDATE students SET name = ? WHERE id = ?", (_name(name), row[0]))
                        self._activity(cur)
                    return int(row[0]), ticket
            fresh = secrets.token_urlsafe(24)
            row = cur.execute("INSERT INTO students (name, ticket_hash, created) VALUES (?, ?, ?) RETURNING id",
                              (_name(name), _hash(fresh), time.time())).one()
            self._activity(cur)
            return int(row[0]), fresh

    def _student_check(self, cur: _Cursor, sid: object) -> int:
        if isinstance(sid, bool) or not isinstance(sid, int):
            raise StoreError("unknown_student")
        if cur.execute("SELECT 1 FROM students WHERE id = ?", (sid,)).one() is None:
            raise StoreError("unknown_student")
        return sid

    def seen(self, sid: int, lesson: str | None = None, section: str | None = None) -> None:
        """A student's presence heartbeat: seen now, in this lesson and section."""
        with self._tx() as cur:
            self._student_check(cur, sid)
            cur.execute("UPDATE students SET last_seen = ?, lesson = ?, section = ? WHERE id = ?",
                        (time.time(), _short(lesson), _short(section), sid))
            self._activity(cur)

    def record(self, sid: int, lesson: str, kind: str, key: str, value: Any) -> None:
        """A student's result (see the module docstring for each kind's value)."""
        number, successes, trials, correct, total, total_sq = _record_columns(kind, value)
        text = _json(value, MAX_VALUE, "bad_record", kind=kind)
        lesson_, key_ = _short(lesson), _short(key)
        if not lesson_ or not key_:
            raise StoreError("bad_record", kind=kind, error="the lesson and the question are short texts")
        with self._tx() as cur:
            self._student_check(cur, sid)
            if kind == "prediction":  # a student's committed prediction replaces their earlier one
                cur.execute("DELETE FROM records WHERE student = ? AND lesson = ? AND kind = ? AND key = ?",
                            (sid, lesson_, kind, key_))
            cur.execute("INSERT INTO records (student, lesson, kind, key, value, number, successes, trials, correct, "
                        "value_sum, value_sumsq, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (sid, lesson_, kind, key_, text, number, successes, trials, correct, total, total_sq, time.time()))
            self._activity(cur)

    def reveal(self, lesson: str, key: str, revealed: bool = True) -> None:
        """The teacher reveals (or hides again) a question's exact value for the whole class."""
        with self._tx() as cur:
            if revealed:
                cur.execute("INSERT INTO reveals (lesson, key) VALUES (?, ?) ON CONFLICT (lesson, key) DO NOTHING",
                            (_short(lesson), _short(key)))
            else:
                cur.execute("DELETE FROM reveals WHERE lesson = ? AND key = ?", (_short(lesson), _short(key)))
            self._activity(cur)

    def revealed(self, lesson: str) -> set[str]:
        with self._tx(write=False) as cur:
            return {r[0] for r in cur.execute("SELECT key FROM reveals WHERE lesson = ?", (_short(lesson),)).all()}

    def pacing(self, lesson: str) -> bool:
        """Whether students' pages hold the exact values back until the teacher reveals them."""
        with self._tx(write=False) as cur:
            row = cur.execute("SELECT held FROM pacing WHERE lesson = ?", (_short(lesson),)).one()
        return bool(row and row[0])

    def set_pacing(self, lesson: str, on: bool) -> None:
        with self._tx() as cur:
            cur.execute("INSERT INTO pacing (lesson, held) VALUES (?, ?) ON CONFLICT (lesson) DO UPDATE SET held = excluded.held",
                        (_short(lesson), int(bool(on))))
            self._activity(cur)

    def presence(self, since_seconds: float = 120) -> list[Presence]:
        """The students seen in the last ``since_seconds``, by name."""
        with self._tx(write=False) as cur:
            rows = cur.execute("SELECT id, name, lesson, section, last_seen FROM students WHERE last_seen >= ? "
                               "ORDER BY name, id", (time.time() - since_seconds,)).all()
        return [Presence(int(i), n, le, se, float(t)) for i, n, le, se, t in rows]

    def prediction_summary(self, lesson: str) -> dict[str, PredictionSummary]:
        """Per question of ``lesson``: the class's predictions (count, mean, range by SQL; values for the dot plot)."""
        with self._tx(write=False) as cur:
            heads = cur.execute("SELECT key, COUNT(*), AVG(number), MIN(number), MAX(number) FROM records "
                                "WHERE lesson = ? AND kind = 'prediction' GROUP BY key", (_short(lesson),)).all()
            rows = cur.execute("SELECT r.key, r.student, s.name, r.number FROM records r JOIN students s ON s.id = r.student "
                               "WHERE r.lesson = ? AND r.kind = 'prediction' ORDER BY r.key, r.number, r.student",
                               (_short(lesson),)).all()
        values: dict[str, list[tuple[int, str, float]]] = {}
        for key, sid, name, x in rows:
            values.setdefault(key, []).append((int(sid), name, float(x)))
        out = {}
        for key, count, mean, low, high in heads:
            v = values.get(key, [])
            mid = len(v) // 2
            median = v[mid][2] if len(v) % 2 else (v[mid - 1][2] + v[mid][2]) / 2 if v else math.nan
            out[key] = PredictionSummary(key, int(count), float(mean), median, float(low), float(high), tuple(v))
        return out

    def _pooled(self, lesson: str, where: tuple[str, str], sums: str, own: str, running: str) -> tuple[
            list[Any], dict[str, list[Any]], dict[str, list[Any]]]:
        """The three queries of a summary of samples: per question ``key, students, samples, {sums}``
        (``GROUP BY``); per question each student's ``student, name, {own}``; after each sample in the
        order they came ``{running}`` (over the window ``w``: the question's samples so far)."""
        plain, aliased = where
        with self._tx(write=False) as cur:
            heads = cur.execute(f"SELECT key, COUNT(DISTINCT student), COUNT(*), {sums} FROM records "
                                f"WHERE {plain} GROUP BY key", (_short(lesson),)).all()
            per = cur.execute(f"SELECT r.key, r.student, s.name, {own} FROM records r JOIN students s ON s.id = r.student "
                              f"WHERE {aliased} GROUP BY r.key, r.student, s.name ORDER BY r.key, s.name, r.student",
                              (_short(lesson),)).all()
            runs = cur.execute(f"SELECT key, {running} FROM records WHERE {plain} "
                               "WINDOW w AS (PARTITION BY key ORDER BY id) ORDER BY key, id", (_short(lesson),)).all()
        by: dict[str, list[Any]] = {}
        for key, *rest in per:
            by.setdefault(key, []).append(rest)
        after: dict[str, list[Any]] = {}
        for key, *rest in runs:
            after.setdefault(key, []).append(rest)
        return heads, by, after

    def trial_summary(self, lesson: str) -> dict[str, TrialSummary]:
        """Per frequency question of ``lesson``: the pooled samples (sums by SQL), per student, and the running total."""
        heads, per, run = self._pooled(lesson, _FREQUENCIES, "SUM(successes), SUM(trials)", "SUM(r.successes), SUM(r.trials)",
                                       "SUM(trials) OVER w, SUM(successes) OVER w")
        return {key: TrialSummary(key, int(students), int(samples), int(s), int(n),
                                  tuple((int(sid), name, int(k), int(m)) for sid, name, k, m in per.get(key, [])),
                                  tuple((int(m), int(k)) for m, k in run.get(key, [])))
                for key, students, samples, s, n in heads}

    def mean_summary(self, lesson: str) -> dict[str, MeanSummary]:
        """Per mean question of ``lesson``: the pooled samples' counts and sums, each student's mean and the
        running sums after each sample, all by SQL (``GROUP BY`` sums, a window ``SUM() OVER``); the class mean
        and its 95 % interval are :attr:`MeanSummary.mean` and :attr:`MeanSummary.interval`."""
        heads, per, run = self._pooled(lesson, _MEANS, "SUM(trials), SUM(value_sum), SUM(value_sumsq)",
                                       "SUM(r.trials), SUM(r.value_sum) / SUM(r.trials)",
                                       "SUM(trials) OVER w, SUM(value_sum) OVER w, SUM(value_sumsq) OVER w")
        return {key: MeanSummary(key, int(students), int(samples), int(n), float(x), float(xx),
                                 tuple((int(sid), name, int(m), float(mean)) for sid, name, m, mean in per.get(key, [])),
                                 tuple((int(m), float(y), float(yy)) for m, y, yy in run.get(key, [])))
                for key, students, samples, n, x, xx in heads}

    def exercise_summary(self, lesson: str) -> dict[str, ExerciseSummary]:
        """Per exercise of ``lesson``: students who tried, students right at least once, attempts (SQL counts)."""
        with self._tx(write=False) as cur:
            rows = cur.execute("SELECT key, COUNT(DISTINCT student), COUNT(DISTINCT CASE WHEN correct = 1 THEN student END), "
                               "COUNT(*) FROM records WHERE lesson = ? AND kind = 'exercise' GROUP BY key",
                               (_short(lesson),)).all()
        return {key: ExerciseSummary(key, int(a), int(b), int(c)) for key, a, b, c in rows}

    def tournament_summary(self, lesson: str) -> dict[str, TournamentSummary]:
        """Per tournament of ``lesson``: students who ran it, wins and games summed (SQL)."""
        with self._tx(write=False) as cur:
            rows = cur.execute("SELECT key, COUNT(DISTINCT student), SUM(successes), SUM(trials) FROM records "
                               "WHERE lesson = ? AND kind = 'tournament' GROUP BY key", (_short(lesson),)).all()
        return {key: TournamentSummary(key, int(a), int(w), int(g)) for key, a, w, g in rows}

    def export(self) -> dict[str, Any]:
        """The class's data for a spreadsheet: per student their predictions, trials, exercises and tournaments;
        per question of a mean the class's pooled mean with its 95 % interval (:func:`mean_interval`) and each
        student's mean (``means``, by SQL sums); and the tables (never a seed or a ticket).

        Format ``mineedu-class/2``: /1 plus ``means``, and a mean's samples in ``trials`` carry ``sum`` and
        ``sumsq`` where a frequency's carry ``successes``."""
        with self._tx(write=False) as cur:
            students = cur.execute("SELECT id, name, created, last_seen, lesson, section FROM students ORDER BY id").all()
            records = cur.execute("SELECT student, lesson, kind, key, value, at FROM records ORDER BY student, id").all()
            means = cur.execute("SELECT lesson, key, COUNT(DISTINCT student), COUNT(*), SUM(trials), SUM(value_sum), "
                                "SUM(value_sumsq) FROM records WHERE kind = 'trials' AND value_sum IS NOT NULL "
                                "GROUP BY lesson, key ORDER BY lesson, key").all()
            own = cur.execute("SELECT lesson, key, student, COUNT(*), SUM(trials), SUM(value_sum) / SUM(trials) FROM records "
                              "WHERE kind = 'trials' AND value_sum IS NOT NULL GROUP BY lesson, key, student "
                              "ORDER BY lesson, key, student").all()
        per: dict[int, dict[str, list[dict[str, Any]]]] = {int(s[0]): {k: [] for k in KINDS} for s in students}
        for sid, lesson, kind, key, value, at in records:
            if int(sid) in per:  # PostgreSQL reads statement by statement: a student newer than the first is left out
                per[int(sid)][kind].append({"lesson": lesson, "key": key, "at": float(at), **json.loads(value)})
        plural = {"prediction": "predictions", "trials": "trials", "exercise": "exercises", "tournament": "tournaments"}
        students_of: dict[tuple[str, str], list[dict[str, Any]]] = {}
        for lesson, key, sid, samples, n, m in own:
            students_of.setdefault((lesson, key), []).append(
                {"student": int(sid), "samples": int(samples), "trials": int(n), "mean": float(m)})
        pooled = []
        for lesson, key, k, samples, n, x, xx in means:
            mean, lo, hi = mean_interval(float(x), float(xx), int(n))
            pooled.append({"lesson": lesson, "key": key, "students": int(k), "samples": int(samples), "trials": int(n),
                           "sum": float(x), "sumsq": float(xx), "mean": mean,
                           "low": lo if math.isfinite(lo) else None, "high": hi if math.isfinite(hi) else None,
                           "per_student": students_of.get((lesson, key), [])})
        return {
            "format": "mineedu-class/2",
            "exported": time.time(),
            "students": [{"id": int(i), "name": n, "created": float(c), "last_seen": t, "lesson": le, "section": se,
                          **{plural[k]: per[int(i)][k] for k in KINDS}}
                         for i, n, c, t, le, se in students],
            "means": pooled,
            "tables": [t.to_json() for t in self.tables()],
        }

    def clear(self) -> None:
        """Delete the whole class: students, their results, reveals, pacing, and every table."""
        with self._tx() as cur:
            codes = [r[0] for r in cur.execute("SELECT code FROM game_tables").all()]
            for table in ("records", "students", "reveals", "pacing", "moves", "seats", "game_tables"):
                cur.execute(f"DELETE FROM {table}")
            for c in codes:
                self.dialect.notify(cur, c)
            self._activity(cur)

    # --- what listeners read ----------------------------------------------------------

    def _versions(self, cur: _Cursor) -> tuple[dict[str, int], int]:
        versions = {str(c): int(v) for c, v in cur.execute("SELECT code, version FROM game_tables").all()}
        row = cur.execute("SELECT value FROM counters WHERE name = 'activity'").one()
        return versions, int(row[0]) if row else 0


def _short(text: object, limit: int = 200) -> str | None:
    if text is None:
        return None
    return str(text)[:limit]


def _table_info(row: Sequence[Any], seats: Sequence[Sequence[Any]]) -> TableInfo:
    code, game, players, config, moves, created, finished, version = row
    return TableInfo(
        code=code, game=game, players=int(players), config=json.loads(config),
        seats=tuple(SeatInfo(int(s), b, n, h is not None, bool(a)) for s, b, n, h, a in seats),
        moves=int(moves), created=float(created), finished=bool(finished), version=int(version),
    )


def _masked(url: str) -> str:
    """``url`` without its password."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, cred = head.partition("://")
    user = cred.split(":", 1)[0]
    return f"{scheme}://{user}{':***' if ':' in cred else ''}@{tail}"


class Listener:
    """Change notification for one process: :meth:`wait` returns the codes of the tables changed since
    the last call ('' for class activity), or an empty set after ``timeout`` seconds.

    A store that cannot be reached raises :class:`StoreError`; while it stays unreachable, each
    further call waits ``min(timeout, 1)`` seconds before raising again, so a loop around ``wait``
    never spins.
    """

    _failing = False

    def wait(self, timeout: float) -> set[str]:
        if self._failing:
            time.sleep(max(0.0, min(timeout, 1.0)))
        try:
            changed = self._wait(timeout)
        except StoreError:
            self._failing = True
            raise
        self._failing = False
        return changed

    def _wait(self, timeout: float) -> set[str]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Listener:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class PollingListener(Listener):
    """SQLite: every :data:`POLL` seconds ``PRAGMA data_version`` (no read of the tables unless another
    connection committed); then the tables' versions and the activity counter tell what changed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._own = Store(store.dialect.twin(), migrate=False)
        self._data_version: int | None = None
        self._seen = self._snapshot()

    def _snapshot(self) -> tuple[dict[str, int], int]:
        with self._own._tx(write=False) as cur:
            self._data_version = int(cur.execute("PRAGMA data_version").one()[0])
            return self.store._versions(cur)

    def _wait(self, timeout: float) -> set[str]:
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            with self._own._tx(write=False) as cur:
                dv = int(cur.execute("PRAGMA data_version").one()[0])
            if dv != self._data_version:
                versions, activity = self._snapshot()
                old, old_activity = self._seen
                changed = {c for c in versions.keys() | old.keys() if versions.get(c) != old.get(c)}
                if activity != old_activity:
                    changed.add(ACTIVITY)
                self._seen = (versions, activity)
                if changed:
                    return changed
            left = deadline - time.monotonic()
            if left <= 0:
                return set()
            time.sleep(min(POLL, left))

    def close(self) -> None:
        self._own.close()


class PostgresListener(Listener):
    """PostgreSQL: ``LISTEN`` on its own connection; every write transaction NOTIFYs the code it changed.
    A connection lost and found again reports every table and the activity as changed (what was missed)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.dialect = store.dialect
        self._conn: Any = None
        self._open()

    def _open(self) -> None:
        conn = self.dialect.connect()
        try:
            conn.execute(f"LISTEN {CHANNEL}")
        except Exception as exc:
            conn.close()
            raise self.dialect.translate(exc) or exc from exc
        self._conn = conn

    def _wait(self, timeout: float) -> set[str]:
        changed: set[str] = set()
        if self._conn is None or self.dialect.broken(self._conn):
            self._conn = None
            self._open()
            changed = {t.code for t in self.store.tables()} | {ACTIVITY}
            return changed
        try:
            for n in self._conn.notifies(timeout=max(0.0, timeout), stop_after=1):
                changed.add(n.payload)
            if changed:  # what came in the same moment
                for n in self._conn.notifies(timeout=0.001):
                    changed.add(n.payload)
        except Exception as exc:
            err = self.dialect.translate(exc)
            if err is None:
                raise
            self.close()  # the next wait connects again
            raise err from exc
        return changed

    def close(self) -> None:
        if self._conn is not None:
            with suppress(Exception):
                self._conn.close()
            self._conn = None
