"""A lesson page's link to the class store: who the student is, what the page reports, what the teacher holds back.

Only where the server names a class store (``$MINEEDU_STORE``, set by
``mineedu serve --store`` / the class server) does a lesson page join the
class; elsewhere (a student alone, JupyterLab, a store that cannot be reached)
the lesson works as it always did, with at most one discreet line saying so.

* :class:`StudentBar`: the student's first name, asked once and kept by the
  browser (``localStorage["mineedu-student"]``: ``{"name", "ticket"}``) with
  the store's student ticket, so a reloaded tab is the same student again;
* :class:`Classroom`: the page's reports (a committed prediction, each
  simulated sample, an exercise attempt, a tournament's results: kept until
  the student has given a name, then sent), the presence heartbeat (which part
  of the lesson the student is in), and the teacher's pacing: a watcher reads
  the store every :data:`POLL` seconds and tells the page's parts which exact
  values the teacher still holds back and which ones were revealed. The store
  is the kernel's one (:func:`mineedu.ui.table.class_store`, shared with the
  page's table: one database connection per kernel).

Every call to the store is guarded: a :class:`~mineedu.store.StoreError` (or
any failure of the database) turns the page solo with a message, never a crash.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from mineedu.core import Texts
from mineedu.store import STORE_ENV

HERE = Path(__file__).parent
POLL = 0.25  # seconds between two looks at the teacher's pacing while it holds values back (a reveal shows within this)
IDLE_POLL = 1.0  # ... and while it holds nothing back (one watcher: 0.12 % of a core at 0.25 s, 0.03 % at 1 s)
HEARTBEAT = 15.0  # seconds between two presence reports
MAX_NAME = 30
MAX_TICKET = 200
REFUSALS = frozenset({"bad_record", "bad_name"})  # the store refused one report: the page goes on without it

T = Texts(
    {
        "name_label": {"fr": "Votre prénom", "en": "Your first name"},
        "join": {"fr": "Rejoindre la classe", "en": "Join the class"},
        "ask": {"fr": "Donnez votre prénom pour que vos prédictions et vos essais comptent avec ceux de la classe.",
                "en": "Give your first name so that your predictions and trials count with the class's."},
        "joined": {"fr": "Connecté·e à la classe : {name}.", "en": "Connected to the class: {name}."},
        "change": {"fr": "Changer", "en": "Change"},
        "bad_name": {"fr": "Un prénom de 1 à {n} caractères, s'il vous plaît.",
                     "en": "A first name of 1 to {n} characters, please."},
        "solo": {"fr": "La classe n'est pas joignable : la leçon marche seule sur cette page ({why}).",
                 "en": "The class cannot be reached: the lesson works on its own on this page ({why})."},
    }
)


class StudentBar(anywidget.AnyWidget):
    """The first name and ticket the browser keeps; the kernel reads only ``hello`` (checked) and sets the rest."""

    _esm = HERE / "classroom.js"
    _css = HERE / "classroom.css"
    hello = traitlets.Dict().tag(sync=True)
    """Set by the browser: ``{"name", "ticket"}`` (from its storage or just typed)."""
    name = traitlets.Unicode("").tag(sync=True)
    ticket = traitlets.Unicode("").tag(sync=True)
    state = traitlets.Unicode("off").tag(sync=True)
    """``off`` (no class: hidden), ``ask`` (a name is wanted), ``in`` (joined), ``solo`` (store unreachable)."""
    texts = traitlets.Dict().tag(sync=True)
    """The bar's words in the page's language."""


def clean_name(value: Any) -> str | None:
    """A first name as the store keeps it, or ``None``.

    >>> clean_name("  Léa "), clean_name(""), clean_name("x" * 31), clean_name(3)
    ('Léa', None, None, None)
    """
    if not isinstance(value, str):
        return None
    name = " ".join(value.split())
    return name if 0 < len(name) <= MAX_NAME and name.isprintable() else None


@dataclass
class Pacing:
    """What the teacher holds back for one lesson: ``held`` (pacing on) and the keys revealed."""

    held: bool = False
    revealed: frozenset[str] = frozenset()

    def hides(self, key: str) -> bool:
        return self.held and key not in self.revealed


class Classroom:
    """The page's link to the class store (see the module docstring)."""

    def __init__(self, lesson: str, url: str | None = None, poll: float = POLL, idle_poll: float = IDLE_POLL) -> None:
        self.lesson = lesson
        self.url = url
        self.poll = poll
        self.idle_poll = idle_poll
        self.store: Any = None
        self.sid: Any = None
        self.error: str | None = None
        self.lang = "fr"
        self.section = "header"
        self.pacing = Pacing()
        self.bar = StudentBar()
        self.bar.observe(lambda ch: self.hello(ch["new"]), names="hello")
        self.pending: list[tuple[str, str, Any]] = []
        self.listeners: list[Callable[[Pacing], None]] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- life -------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.store is not None

    def start(self) -> bool:
        """Join the class if the server names a store; whether the page is now in class mode."""
        url = self.url or os.environ.get(STORE_ENV)
        if not url or self.store is not None:
            return self.active
        try:
            if self.url is None:  # the kernel's one store, shared with its tables (mineedu.ui.table)
                from .table import class_store

                self.store = class_store()
            else:
                from mineedu.store import open_store

                self.store = open_store(url)
            pacing = self._read_pacing()
        except Exception as exc:
            self._fail(exc)
            return False
        self.set_pacing(pacing)
        self.bar.state = "ask"
        self.render(self.lang)
        try:
            self._loop = asyncio.get_running_loop()  # a kernel's cell runs on the kernel's loop
        except RuntimeError:
            self._loop = None
        self._thread = threading.Thread(target=self._watch, args=(self.store,), name="mineedu-pacing", daemon=True)
        self._thread.start()
        return True

    def stop(self) -> None:
        self._stop.set()

    def _fail(self, exc: BaseException) -> None:
        text = getattr(exc, "text", None)
        try:
            why = text(self.lang) if callable(text) else type(exc).__name__
        except Exception:
            why = type(exc).__name__
        self.error = str(why)[:200]
        self.store = None
        self._stop.set()
        self.bar.state = "solo"
        self.render(self.lang)

    def _call(self, method: str, *args: Any, **kwargs: Any) -> tuple[bool, Any]:
        """One store call, guarded: ``(True, its result)``, or ``(False, None)``.

        A store that went away turns the page solo; a student the store no longer
        knows (the teacher cleared the class) is asked for a name again, the reports
        kept; a report the store refuses is dropped (and logged), the page goes on.
        """
        store = self.store
        if store is None:
            return False, None
        try:
            return True, getattr(store, method)(*args, **kwargs)
        except Exception as exc:
            key = getattr(exc, "key", None)
            if key == "unknown_student":
                self._lost()
            elif key in REFUSALS:
                logging.getLogger("mineedu").warning("mineedu: the class store refused %s: %s", method, exc)
            else:
                self._fail(exc)
            return False, None

    def _lost(self) -> None:
        """The store no longer knows this student (the class was cleared): ask for the name again."""
        self.sid = None
        self.bar.ticket = ""
        self.bar.state = "ask"

    # --- the student ---------------------------------------------------------------------
    def hello(self, value: Any) -> None:
        """The browser's ``{"name", "ticket"}`` (from its storage or just typed), checked."""
        if not isinstance(value, dict) or self.store is None:
            return
        name = clean_name(value.get("name"))
        ticket = value.get("ticket")
        ticket = ticket if isinstance(ticket, str) and 0 < len(ticket) <= MAX_TICKET else None
        if name is None:
            self.bar.state = "ask"
            self.bar.texts = {**self.bar.texts, "error": T("bad_name", self.lang, n=MAX_NAME)}
            return
        ok, got = self._call("student", name=name, ticket=ticket)
        if not ok:
            return
        self.sid, new_ticket = got
        self.bar.state = "ask"  # a changed name comes back "in" even if the page already was
        self.bar.name, self.bar.ticket, self.bar.state = name, str(new_ticket), "in"
        self.render(self.lang)
        self.seen(self.section)
        self.flush()

    def render(self, lang: str) -> None:
        self.lang = lang
        texts = {k: T(k, lang) for k in ("name_label", "join", "ask", "change")}
        texts["joined"] = T("joined", lang, name=self.bar.name)
        if self.error:
            texts["solo"] = T("solo", lang, why=self.error)
        self.bar.texts = texts

    # --- reports -------------------------------------------------------------------------
    def record(self, kind: str, key: str, value: Any, section: str | None = None) -> None:
        """Report one fact of the lesson (kept until the student has a name); nothing without a class."""
        if self.store is None:
            return
        if section:
            self.section = section
        self.pending.append((kind, key, value))
        self.flush()

    def flush(self) -> None:
        if self.sid is None:
            return
        while self.pending and self.store is not None and self.sid is not None:
            kind, key, value = self.pending[0]
            ok, _ = self._call("record", self.sid, self.lesson, kind, key, value)
            if not ok and (self.store is None or self.sid is None):
                return  # kept: sent once the page has a store and a student again
            self.pending.pop(0)
        self.seen(self.section)

    def seen(self, section: str | None = None) -> None:
        """Where the student is now (the watcher repeats it every ``HEARTBEAT`` s)."""
        if section:
            self.section = section
        if self.sid is not None:
            self._call("seen", self.sid, lesson=self.lesson, section=self.section)

    # --- pacing --------------------------------------------------------------------------
    def on_pacing(self, listener: Callable[[Pacing], None]) -> None:
        self.listeners.append(listener)
        listener(self.pacing)

    def _read_pacing(self, store: Any = None) -> Pacing:
        store = store or self.store
        return Pacing(bool(store.pacing(self.lesson)), frozenset(store.revealed(self.lesson)))

    def set_pacing(self, pacing: Pacing) -> None:
        """The teacher's pacing as just read: tell the page's parts if it changed."""
        if pacing == self.pacing:
            return
        self.pacing = pacing
        for listener in self.listeners:
            listener(pacing)

    def _soon(self, fn: Callable[..., None], *args: Any) -> None:
        """Run ``fn`` on the kernel's own loop (widgets change between two messages), else at once."""
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(fn, *args)
        else:
            fn(*args)

    def _watch(self, store: Any) -> None:
        """The teacher's pacing every ``poll`` s, and the presence heartbeat (the store is thread-safe)."""
        last = 0.0
        while not self._stop.wait(self.poll if self.pacing.held else self.idle_poll):
            try:
                pacing = self._read_pacing(store)
                now = time.monotonic()
                if self.sid is not None and now - last >= HEARTBEAT:
                    store.seen(self.sid, lesson=self.lesson, section=self.section)
                    last = now
            except Exception as exc:
                key = getattr(exc, "key", None)
                if key == "busy":
                    continue
                if key == "unknown_student":
                    self._soon(self._lost)
                    continue
                if not self._stop.is_set():
                    self._soon(self._fail, exc)
                break
            if pacing != self.pacing:
                self._soon(self.set_pacing, pacing)
