"""A lesson's board at a class table: joining by code and first name, seats kept by the browser.

:class:`TableControls` is the part of a :class:`~mineedu.ui.board.Board` that
joins a shared table of the class store (:mod:`mineedu.store`). The page's
address says which (``?table=CODE``; ``&watch=1`` for a spectator), or the
student types the code; a first name takes the next free seat
(``store.join``). The seat ticket the store gives is kept by the browser
(:class:`TableLink`, an invisible ``anywidget``: ``localStorage``), so a
reload or another tab of the same browser gets the same seat back; the store
checks it (``store.seat_of``). A code no table has, or a ticket that is not
one of that table's, gets a clear refusal and nothing else: the page's own
game is hidden while it asks.

Every message (the link's and the buttons') reaches the board's one entry
point, :meth:`Board.receive` ``("table", ...)``, and then :meth:`TableControls.receive`;
the board then plays a :class:`~mineedu.ui.session.TableSession`. Changes
made by other pages reach this one through one :class:`~mineedu.ui.session.TableHub`
per kernel, on the kernel's event loop.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as W

from mineedu.core.i18n import player_name
from mineedu.store import SeatRefused, StoreError, UnknownTable, normal_code, open_store

from .session import MoveRefused, TableHub, TableSession
from .texts import T

if TYPE_CHECKING:
    from .board_view import BoardView

HERE = Path(__file__).parent
MAX_NAME = 40  # longer than the store keeps: the store says what is wrong
MAX_TICKET = 200

_STORE: Any = None
_HUB: TableHub | None = None


def class_store() -> Any:
    """The class store of this kernel (``$MINEEDU_STORE``, set by ``mineedu serve``), opened once."""
    global _STORE
    if _STORE is None:
        _STORE = open_store()
    return _STORE


def hub(store: Any) -> TableHub | None:
    """The kernel's one listener for ``store``, on the running event loop (``None`` outside one:
    then the page asks for news itself, see :attr:`Board.table_poll_ms`)."""
    global _HUB
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    if _HUB is None or _HUB.store is not store or _HUB.loop is not loop:
        if _HUB is not None:
            _HUB.close()
        _HUB = TableHub(store, loop)
    return _HUB


class TableLink(anywidget.AnyWidget):
    """The browser's side (``table.js``): the page's address and the seat tickets it keeps."""

    _esm = HERE / "table.js"
    _css = HERE / "table.css"


class TableControls:
    """Joining a table from a board; ``widget`` is drawn above the board's game."""

    def __init__(self, board: BoardView, store: Any = None) -> None:
        self.board = board
        self._store = store
        self.code: str | None = None  # the table this page shows or asks about
        self.ticket: str | None = None
        self.state = "solo"  # solo | ask | refused | seated | watching
        self.opened = False  # solo: the join box shows once its button is pressed (one line until then)
        self.refusal: tuple[str, dict[str, Any]] | None = None
        self.link = TableLink()
        self.link.on_msg(lambda _w, content, _b: board.receive("table", content))
        self.open_button = W.Button(layout=W.Layout(width="auto"))
        self.open_button.add_class("mineedu-table-open")
        self.open_button.on_click(lambda _b: board.receive("table", {"event": "open"}))
        self.title = W.HTML()
        self.code_box = W.Text(layout=W.Layout(width="auto"))
        self.code_box.add_class("mineedu-table-code-box")
        self.code_box.continuous_update = False
        self.name_box = W.Text(layout=W.Layout(width="auto"))
        self.name_box.add_class("mineedu-table-name")
        self.join_button = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.join_button.add_class("mineedu-table-join-button")
        self.join_button.on_click(lambda _b: board.receive("table", {"event": "join"}))
        self.note = W.HTML()
        self.join_box = W.VBox([self.title, self.code_box, self.name_box, self.join_button, self.note])
        self.join_box.add_class("mineedu-table-join")
        self.banner = W.HTML()
        self.banner.add_class("mineedu-table-banner")
        self.widget = W.VBox([self.link, self.open_button, self.join_box, self.banner], layout=W.Layout(width="100%"))
        self.widget.add_class("mineedu-table")
        self.named: list[Callable[[str], None]] = []
        """Told the first name a seat was just taken with (the lesson's class bar: one name to type, not two)."""

    @property
    def store(self) -> Any:
        if self._store is None:
            self._store = class_store()
        return self._store

    # --- input ------------------------------------------------------------------
    def receive(self, content: Any) -> None:
        """One message: ``hello``/``ticket`` from the browser's link, ``open``/``join`` from the buttons."""
        if not isinstance(content, dict) or content.get("event") not in ("hello", "ticket", "open", "join"):
            raise MoveRefused("bad_event", what="table")
        event = content["event"]
        if event == "open":
            self.opened = not self.opened if self.state == "solo" else True
            return None
        if event == "join":
            return self._join()
        if self.state in ("seated", "watching"):
            return None  # a second view of the page, or a late answer: the seat is taken already
        raw, ticket, name = content.get("table"), content.get("ticket"), content.get("name")
        if isinstance(name, str) and 0 < len(name) <= MAX_NAME and not self.name_box.value:
            self.name_box.value = name
        if event == "hello" and not raw:
            return None  # a page of its own: the join box waits for a code
        code = normal_code(raw)
        if code is None:
            return self._refuse("table_bad_code", code=str(raw)[:12])
        if event == "ticket" and code != self.code:
            return None  # a late answer about another code
        self.code = code
        self.code_box.value = code
        if not isinstance(ticket, str) or not 0 < len(ticket) <= MAX_TICKET:
            ticket = None
        if event == "hello" and content.get("watch") is True:
            return self._sit(None, None)
        return self._find(code, ticket)

    def _find(self, code: str, ticket: str | None) -> None:
        """The table exists: the browser's ticket gives its seat back, else the name is asked."""
        try:
            self.store.table(code)
        except UnknownTable:
            return self._refuse("table_unknown", code=code)
        if ticket is not None:
            try:
                seat = self.store.seat_of(code, ticket)
            except (SeatRefused, UnknownTable):
                self.link.send({"forget": code})
                self.refusal = ("table_bad_ticket", {"code": code})
                self.state = "ask"
                return None
            self.ticket = ticket
            return self._sit(seat, ticket)
        self.state = "ask"
        self.refusal = None
        return None

    def _join(self) -> None:
        """The Join button: the code typed (or given by the address) and a first name."""
        if self.state in ("seated", "watching"):
            return None
        code = normal_code(self.code_box.value) if self.state in ("solo", "refused") else self.code
        if code is None:
            return self._refuse("table_bad_code", code=str(self.code_box.value)[:12])
        if code != self.code or self.state in ("solo", "refused"):
            # first ask the browser for a ticket it may keep for that table (another tab's seat)
            self.code = code
            self.state = "ask"
            self.link.send({"ticket_for": code})
            try:
                self.store.table(code)
            except UnknownTable:
                return self._refuse("table_unknown", code=code)
            if not self.name_box.value:
                return None
        name = self.name_box.value
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise MoveRefused("bad_value", what="name", value=repr(name)[:40], expected=f"1 … {MAX_NAME}")
        try:
            seat, ticket = self.store.join(code, name=name, ticket=self.ticket)
        except UnknownTable:
            return self._refuse("table_unknown", code=code)
        except SeatRefused as exc:
            if exc.key == "full":
                return self._refuse("table_full", code=code)
            return self._refuse("store_said", error=exc)
        self.ticket = ticket
        self.link.send({"keep": {"code": code, "ticket": ticket, "name": name}})
        self._sit(seat, ticket)
        for f in self.named:
            f(name)
        return None

    def _refuse(self, key: str, **fmt: Any) -> None:
        self.state = "refused"
        self.refusal = (key, fmt)
        self.link.send({"pending": True})

    def _sit(self, seat: int | None, ticket: str | None) -> None:
        """Play ``seat`` of the table (``None``: watch it)."""
        assert self.code is not None
        session = TableSession(self.store, self.code, seat)
        self.state = "watching" if seat is None else "seated"
        self.refusal = None
        self.board.join_table(session)
        self.link.send({"pending": False, "watching": seat is None})
        listener = hub(self.store)
        if listener is not None:
            listener.add(self.code, self.board.table_changed, self.board.table_error)

    # --- drawing ----------------------------------------------------------------
    def render(self, lang: str) -> None:
        # a table asked about: nothing of a game shows until the student has a seat (or watches)
        self.board.show_game(self.state in ("solo", "seated", "watching"))
        show_join = self.state in ("solo", "ask", "refused")
        self.open_button.layout.display = None if self.state == "solo" else "none"
        self.open_button.description = T("table_open", lang) + (" \u25b4" if self.opened else " \u25be")
        self.join_box.layout.display = None if show_join and (self.opened or self.state != "solo") else "none"
        self.banner.layout.display = "none" if show_join else None
        self.code_box.layout.display = None if self.state in ("solo", "refused") else "none"
        self.name_box.layout.display = None if self.state in ("solo", "ask", "refused") else "none"
        self.code_box.description = T("table_code", lang)
        self.code_box.placeholder = "K7QX"
        self.name_box.description = T("table_name", lang)
        self.name_box.placeholder = T("table_name_hint", lang)
        self.join_button.description = T("table_join", lang)
        if self.state == "ask":
            head = T("table_ask", lang, code=self.code)
        elif self.state == "refused":
            head = T("table_try_again", lang)
        else:
            head = T("table_solo", lang)
        self.title.value = f"<b>{html.escape(head)}</b>"
        note = ""
        if self.refusal is not None:
            key, fmt = self.refusal
            fmt = {k: v.text(lang) if isinstance(v, StoreError) else v for k, v in fmt.items()}
            note = f"<div role='alert' style='color:#B00020;font-weight:bold'>{html.escape(T(key, lang, **fmt))}</div>"
        self.note.value = note
        if not show_join:
            self.banner.value = self._banner(lang)

    def _banner(self, lang: str) -> str:
        from .board_view import seat_name, swatch

        session = self.board.session
        if not isinstance(session, TableSession):
            return ""
        code = f"<span class='mineedu-table-code'>{html.escape(session.code)}</span>"
        if session.seat is None:
            who = T("table_you_watch", lang)
        else:
            who = T("table_you_are", lang, seat=seat_name(session.seat, lang), name=session.names()[session.seat] or "")
        rows = []
        for i, name in enumerate(session.names()):
            bot = session.seats[i]
            label = (T("bot_name", lang, spec=session.game.bot_name(bot, lang)) if bot is not None
                     else name or T("nobody_yet", lang))
            rows.append(f"<li>{swatch(i)} {html.escape(player_name(i, lang))} : {html.escape(label)}</li>" if lang == "fr"
                        else f"<li>{swatch(i)} {html.escape(player_name(i, lang))}: {html.escape(label)}</li>")
        head = T("table_banner", lang, code="\x00", who=who)
        head = html.escape(head).replace("\x00", code)
        seats = f"<details><summary>{html.escape(T('table_seats', lang))}</summary><ul>{''.join(rows)}</ul></details>"
        return f"<div>{head}</div>{seats}"

