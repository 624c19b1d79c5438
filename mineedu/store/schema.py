"""The class store's schema, as numbered migrations applied in order.

``meta`` holds ``schema_version``; :func:`Store.migrate <mineedu.store.Store.migrate>`
applies every migration above it, each in the same transaction as the version
it sets, so a store is always at one whole version. A migration is written once
for both databases: ``{serial}`` (an integer key the database numbers),
``{float}`` and ``{bigint}`` are the only words the dialects spell differently.
Never change a migration that has shipped: add the next one (docs/store.md
shows the schema as it stands).
"""

from __future__ import annotations

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: shared tables (issue 26): a table's config and server-side seed, its seats, its append-only move log
    (
        """CREATE TABLE game_tables (
            code TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            players INTEGER NOT NULL,
            config TEXT NOT NULL,
            seed {bigint} NOT NULL,
            created {float} NOT NULL,
            finished INTEGER NOT NULL DEFAULT 0,
            moves INTEGER NOT NULL DEFAULT 0,
            version INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE seats (
            code TEXT NOT NULL REFERENCES game_tables (code) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            bot TEXT,
            auto INTEGER NOT NULL DEFAULT 0,
            name TEXT,
            ticket_hash TEXT,
            PRIMARY KEY (code, seat)
        )""",
        """CREATE TABLE moves (
            code TEXT NOT NULL REFERENCES game_tables (code) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            player INTEGER NOT NULL,
            action TEXT NOT NULL,
            at {float} NOT NULL,
            PRIMARY KEY (code, number)
        )""",
    ),
    # 2: class activity (issue 27): students, their presence, their results, the teacher's reveals and pacing
    (
        """CREATE TABLE counters (
            name TEXT PRIMARY KEY,
            value {bigint} NOT NULL
        )""",
        "INSERT INTO counters (name, value) VALUES ('activity', 0)",
        """CREATE TABLE students (
            id {serial},
            name TEXT NOT NULL,
            ticket_hash TEXT NOT NULL UNIQUE,
            created {float} NOT NULL,
            last_seen {float},
            lesson TEXT,
            section TEXT
        )""",
        """CREATE TABLE records (
            id {serial},
            student {bigint} NOT NULL REFERENCES students (id) ON DELETE CASCADE,
            lesson TEXT NOT NULL,
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            number {float},
            successes {bigint},
            trials {bigint},
            correct INTEGER,
            at {float} NOT NULL
        )""",
        "CREATE INDEX records_by_question ON records (lesson, kind, key)",
        """CREATE TABLE reveals (
            lesson TEXT NOT NULL,
            key TEXT NOT NULL,
            PRIMARY KEY (lesson, key)
        )""",
        """CREATE TABLE pacing (
            lesson TEXT PRIMARY KEY,
            held INTEGER NOT NULL
        )""",
    ),
    # 3: pooled means (issue 27): a trials record of a mean keeps the sum and the sum of squares of its values
    # (NULL in every earlier row: those are frequencies, whose successes and trials stay as they were)
    (
        "ALTER TABLE records ADD COLUMN value_sum {float}",
        "ALTER TABLE records ADD COLUMN value_sumsq {float}",
    ),
)
"""Migration ``n`` (from 1) is ``MIGRATIONS[n - 1]``: its statements, run in one transaction."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The version this mineedu writes and reads."""

META = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
