"""A playable board for any registered game: ``Board(make("yukon", 3))``.

The board shows the game's picture (:class:`~mineedu.ui.board_view.BoardView`)
and lets the player act *on* it (:class:`~mineedu.ui.canvas.Canvas`): the
regions that stand for a choice are highlighted, clicking or tapping one (or
Tab then Enter) picks it, and an action of several parts is chosen step by
step, each step offering only what still leads to a legal action
(:class:`mineedu.core.ChoiceTree`).

This module is the board's input. Every message from the browser enters at
:meth:`Board.receive` and goes, by the table :data:`HANDLERS`, to one method
per kind of input. Each method checks what it receives (a client can send
anything) and either changes the session or raises :class:`MoveRefused`,
which leaves a message in the player's language and changes nothing.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from mineedu.core import (
    MineeduError,
    SavedGameError,
)
from mineedu.core.errors import whole
from mineedu.core.i18n import LANGS
from mineedu.store import StoreError

from .board_view import HUMAN, NARROW_BELOW, BoardView
from .session import GameSession, MoveRefused, TableSession
from .texts import T

MAX_SAVED_CHARS = 1_000_000  # a client could paste anything into the import box


HANDLERS: dict[str, str] = {
    "pick": "on_pick", "control": "on_control", "tick": "on_tick", "ready": "on_ready", "undo": "on_undo",
    "lang": "on_lang", "show_all": "on_show_all", "players": "on_players", "new_game": "on_new_game",
    "export": "on_export", "import": "on_import", "finish": "on_finish", "width": "on_width", "table": "on_table",
    "review": "on_review",
}
"""Each kind of browser input, and the method of :class:`Board` that handles it."""


class Board(BoardView):
    """A game at a board; ``Board(game).widget`` is the whole app (it also displays itself).

    ``seats``: one entry per player, ``None`` for a human, else a bot spec
    (default: a human, then random bots). ``teacher``: offer "show all" (every
    hidden card), which players never get. ``bot_pause_ms``: how long each bot
    move stays on screen before the next (0: bots move at once).
    """

    # --- the one entry point for browser input --------------------------------
    def receive(self, kind: str, value: Any) -> None:
        """Handle one input from the browser; refused input leaves a message and no change."""
        self._event_tokens = None
        try:
            if kind == "canvas":
                kind, value = self._canvas_event(value)
            name = HANDLERS.get(kind) if isinstance(kind, str) else None
            if name is None:
                raise MoveRefused("bad_event", what=repr(kind)[:40])
            getattr(self, name)(value)
        except MoveRefused as exc:
            self.message_key = (exc.key, exc.fmt)
        except StoreError as exc:
            self._store_failed(exc)
        except SavedGameError as exc:
            self.message_key = ("bad_saved", {"error": exc})  # worded in the reader's language at redraw
        except MineeduError as exc:
            self.message_key = ("error", {"error": str(exc)})
        else:
            if kind not in ("players", "tick", "export", "import", "width"):
                self.message_key = None
        self.redraw()

    def _canvas_event(self, content: Any) -> tuple[str, Any]:
        """A canvas message ``{"event", "token", "version"}``, checked field by field."""
        if not isinstance(content, dict) or set(content) != {"event", "token", "version"}:
            raise MoveRefused("bad_event", what="format")
        event, token, version = content["event"], content["token"], content["version"]
        if event not in ("pick", "control", "tick", "ready"):
            raise MoveRefused("bad_event", what=repr(event)[:40])
        if isinstance(version, bool) or not isinstance(version, int) or (
                version != self.version and version not in self._older):
            raise MoveRefused("stale")
        self._event_tokens = self._tokens if version == self.version else self._older[version]
        return event, token

    def _token(self, token: Any, kind: str) -> Any:
        tokens = self._tokens if self._event_tokens is None else self._event_tokens
        entry = tokens.get(token) if isinstance(token, str) else None
        if entry is None or entry[0] != kind:
            raise MoveRefused("stale")
        return entry[1]

    # --- one method per input ---------------------------------------------------
    def on_pick(self, token: Any) -> None:
        """A region or button of the current step was picked."""
        key = self._token(token, "pick")
        player = self._player()
        tree = self.tree()
        prefix, _options, _cycle = self._walk()
        path = (*prefix, key)
        action = tree.action(path)
        if action is None:
            self._picked.append(key)
            return
        self.session.play(action, player)
        self._after_move()

    def on_control(self, token: Any) -> None:
        """Rotate, mirror (a cycled step) or back."""
        name = self._token(token, "control")
        if name == "back":
            if self._picked:
                self._picked.pop()
            return
        _prefix, _options, cycle = self._walk()
        if cycle is None:
            raise MoveRefused("stale")
        at, options, controls, picks_before = cycle
        control = next((c for c in controls if c.name == name), None)
        if control is None:
            raise MoveRefused("stale")
        nxt = control.move.get(self._cycled[at])
        if nxt in options:
            self._cycled[at] = nxt
            del self._picked[picks_before:]  # picks made after it assumed the old choice

    def on_tick(self, _token: Any) -> None:
        """The browser's pause after a bot move is over: the next bot moves (at a shared table,
        first the news: whoever's page writes a bot's move first writes it)."""
        if isinstance(self.session, TableSession):
            self.session.refresh()
            self._store_answered()
            if len(self.session.events) != self._drawn_moves:
                return  # another page moved first: that move gets its pause on screen too
        if self.session.waiting_for_bots():
            self.session.advance(bot_moves=1)

    def on_finish(self, _value: Any) -> None:
        """Let chance and the bots play until a human must choose."""
        self.session.advance()

    def on_width(self, value: Any) -> None:
        """The browser says how wide the picture is shown: a phone gets the narrow layout."""
        if not whole(value, 0, 100_000):
            raise MoveRefused("bad_value", what="width", value=repr(value)[:40], expected="0 … 100000")
        self.narrow = 0 < value < NARROW_BELOW

    def on_ready(self, _token: Any) -> None:
        """Hot-seat: the next human has the screen."""
        self._screen_for = self.session.human_to_move()

    def on_undo(self, _value: Any) -> None:
        if self.at_table:
            raise MoveRefused("no_undo_table")
        self.session.undo(self._undoer())
        self._after_move()

    def on_lang(self, value: Any) -> None:
        if value not in LANGS:
            raise MoveRefused("bad_value", what="lang", value=repr(value)[:40], expected="fr, en")
        self.lang = value

    def set_teacher(self, on: bool) -> None:
        """The teacher's switches ("show all") appear, or go (and everything is hidden again)."""
        self.teacher = bool(on)
        self.show_all_box.layout.display = None if self._may_show_all() else "none"
        if not self._may_show_all():
            self.show_all = False
            self.show_all_box.value = False
        self.redraw()

    def on_show_all(self, value: Any) -> None:
        if not self._may_show_all():
            raise MoveRefused("teacher_only")
        if not isinstance(value, bool):
            raise MoveRefused("bad_value", what="show all", value=repr(value)[:40], expected="True/False")
        self.show_all = value

    def on_players(self, value: Any) -> None:
        self._not_at_table()
        n = self._players_value(value)
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = None if i < n else "none"

    def _players_value(self, value: Any) -> int:
        lo, hi = self.game.min_players, self.game.max_players
        if not isinstance(value, str) or not value.isdigit() or not lo <= int(value) <= hi:
            raise MoveRefused("bad_value", what=T("players", self.lang), value=repr(value)[:40], expected=f"{lo}–{hi}")
        return int(value)

    def on_new_game(self, _value: Any) -> None:
        self._not_at_table()
        n = self._players_value(self.players_box.value)
        seats = [None if box.value == HUMAN else box.value for box in self.seat_boxes[:n]]
        for i, s in enumerate(seats):
            if s is not None and s not in self.bot_choices:
                raise MoveRefused("bad_value", what=T("seat", self.lang, i=i + 1), value=repr(s)[:40],
                                  expected=", ".join(self.bot_choices))
        seed = self.seed_box.value
        if not whole(seed, 0, 2**63 - 1):
            raise MoveRefused("bad_value", what=T("seed", self.lang), value=repr(seed)[:40], expected="0 … 2^63")
        changes = {}
        for v, box in zip(self.game.hooks.variants, self.variant_boxes, strict=True):
            value = box.value
            if (value not in v.options) if v.options else not isinstance(value, bool):
                raise MoveRefused("bad_value", what=v.words[self.lang], value=repr(value)[:40],
                                  expected=", ".join(map(str, v.options)) or "True/False")
            changes[v.setting] = value
        config = dataclasses.replace(self.game.config, **changes) if changes else self.game.config
        game = type(self.game)(n, config)
        self._attach(GameSession(game, seats, seed))
        self.new_toggle.value = False
        self._after_move()

    def on_export(self, _value: Any) -> None:
        self.saved_text.value = self.session.export()
        self.message_key = ("exported", {})

    def on_import(self, text: Any) -> None:
        self._not_at_table()
        if not isinstance(text, str) or len(text) > MAX_SAVED_CHARS:
            if not isinstance(text, str):
                raise SavedGameError(key="not_text")
            raise SavedGameError(key="too_long", limit=MAX_SAVED_CHARS, n=len(text))
        seats = self.session.seats if self._same_players(text) else None
        session = GameSession.from_text(text, seats)
        if session.game.name != self.game.name:
            raise SavedGameError(key="other_game", saved=session.game.name, here=self.game.name)
        self._attach(session)
        self._after_move(loaded=True)
        self.message_key = ("loaded", {})

    def _same_players(self, text: str) -> bool:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            return False
        return isinstance(data, dict) and data.get("players") == len(self.session.seats)

    def _not_at_table(self) -> None:
        if self.at_table:
            raise MoveRefused("table_no_change")

    def on_table(self, value: Any) -> None:
        """A message of the table controls (the browser's address and ticket, the Join button)."""
        self.table.receive(value)

    def on_review(self, value: Any) -> None:
        """A message of "Review my decisions" (ui/review.py)."""
        self.review.receive(value)

    def finish_bots(self) -> None:
        """Let chance and bots play until a human must choose (what the browser's pauses do)."""
        self.receive("finish", None)
