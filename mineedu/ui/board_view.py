"""What a board shows, and the session it shows: the widgets, who sees what, the drawing.

:class:`BoardView` builds the board's widgets (the picture on a
:class:`~mineedu.ui.canvas.Canvas`, whose turn it is, the game's decision
panel, the log, undo, the new-game dialog, saved games), holds the game's
session (a local one, or a table shared by several browsers and its news from
the class store) and draws it for one viewer: the picture, the status and the
panel come from that viewer's observation, the log from the game's
viewer-aware words of each event, and the saved game reaches the browser only
when the user asks to export it. With several humans at one screen and a game
with hidden information, the screen is covered between two humans' turns.

What the browser sends is :class:`~mineedu.ui.board.Board`'s (``ui/board.py``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as W

from mineedu.core import (
    CHANCE,
    SIMULTANEOUS,
    ChoiceTree,
    Control,
    Event,
    Game,
    SavedGameError,
)
from mineedu.core.choices import Path
from mineedu.core.i18n import DEFAULT_LANG, LANGS, player_name
from mineedu.core.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS
from mineedu.store import StoreError

from .canvas import Canvas
from .review import ReviewBox
from .session import GameSession, MoveRefused, Seat, TableSession
from .table import TableControls
from .texts import T

LANG_OPTIONS = (("Français", "fr"), ("English", "en"))
BOT_PAUSE_MS = 700  # a bot's move stays on screen this long before the next
NARROW_BELOW = 600  # a picture shown narrower than this (px) takes the game's narrow layout
LOG_EVENTS = 80  # the log shows this many latest events
TABLE_POLL_MS = 300  # at a shared table with no listener (no event loop), the page asks for news this often
STORE_RETRY_MS = 2000  # the class store did not answer: the page tries again this often
HUMAN = "human"
"""A seat's dropdown value for a human (ipywidgets reads a value of None as no selection: a blank box)."""
STORE_DOWN = frozenset({"unreachable", "gone", "busy"})  # the store errors that mean "cannot be reached"


def seat_name(seat: int, lang: str) -> str:
    """``"J2 (vermillon)"`` — a seat named by number and colour."""
    colour = PLAYER_COLOUR_NAMES["en" if lang == "en" else "fr"][seat % len(PLAYER_COLOURS)]
    return f"{player_name(seat, lang)} ({colour})"


def swatch(seat: int) -> str:
    c = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    return (f'<span aria-hidden="true" style="display:inline-block;width:0.8em;height:0.8em;border-radius:50%;'
            f'background:{c};vertical-align:middle;border:1px solid #222"></span>')


def _hub_for(session: TableSession) -> Any:
    from .table import hub

    return hub(session.store)




class BoardView:
    """A game at a board, drawn (:class:`~mineedu.ui.board.Board` adds the browser's input).

    ``seats``: one entry per player, ``None`` for a human, else a bot spec
    (default: a human, then random bots). ``teacher``: offer "show all" (every
    hidden card), which players never get. ``bot_pause_ms``: how long each bot
    move stays on screen before the next (0: bots move at once).
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat] | None = None,
        seed: int = 0,
        lang: str = DEFAULT_LANG,
        *,
        teacher: bool = False,
        bot_pause_ms: int = BOT_PAUSE_MS,
        bot_choices: Sequence[str] | None = None,
    ) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG
        self.teacher = teacher
        self.show_all = False
        self.narrow = False
        self.wide = False  # the projector view: the game's wide layout, if it has one (ui/lesson.py sets it)
        self.bot_pause_ms = bot_pause_ms
        self.bot_choices = list(bot_choices or sorted(game.bots))
        self.message_key: tuple[str, Mapping[str, Any]] | None = None
        self.version = 0
        self._tokens: dict[str, tuple[str, Any]] = {}
        # earlier versions whose step offered the very same choices (another seat's move redrew the
        # board meanwhile): a click sent for one of them still means what it meant
        self._older: dict[int, dict[str, tuple[str, Any]]] = {}
        self._step_signature: Any = None
        self._event_tokens: dict[str, tuple[str, Any]] | None = None
        self._picked: list[str] = []
        self._cycled: dict[Path, str] = {}
        self._screen_for: int | None = None  # the human the screen was last shown to
        self._tree: ChoiceTree | None = None
        self._log_cache: dict[tuple[int, int | None, str], str] = {}
        self.store_down: str | None = None  # why the class store did not answer (a shared table)
        self._drawn_moves = 0  # the moves shown at the last redraw
        self.table_poll_ms = TABLE_POLL_MS
        self.table = TableControls(self)
        self._attach(GameSession(game, seats, seed))
        self._build()
        self._after_move()  # chance and the bots' hidden choices at once; bots' turns one by one, seen
        self.redraw()

    # --- the session ---------------------------------------------------------
    def _attach(self, session: GameSession) -> None:
        self.session = session
        self._announced = len(session.events)
        self._picked, self._cycled, self._tree = [], {}, None
        self._log_cache.clear()
        session.subscribe(self._session_changed)
        humans = session.humans
        self._screen_for = humans[0] if len(humans) == 1 else None

    def _session_changed(self, session: GameSession) -> None:
        if session is not self.session:
            return
        if isinstance(session, TableSession) and session.seat is not None and session.human_to_move() == session.seat:
            self._tree = None  # another seat moved (a simultaneous choice): the picks made so far stay if still valid
            return
        self._picked, self._cycled, self._tree = [], {}, None

    @property
    def at_table(self) -> bool:
        """Whether the board shows a table shared by several browsers (:class:`TableSession`)."""
        return isinstance(self.session, TableSession)

    @property
    def game(self) -> Game:
        return self.session.game

    # --- construction ----------------------------------------------------------
    def _build(self) -> None:
        game = self.game
        self.lang_switch = W.ToggleButtons(options=LANG_OPTIONS, value=self.lang, style={"button_width": "6em"})
        self.lang_switch.add_class("mineedu-board-lang")
        self.canvas = Canvas(lambda content: self.receive("canvas", content))
        self.canvas.add_class("mineedu-canvas")
        self.canvas.observe(lambda ch: self.receive("width", ch["new"]), names="client_width")
        self.status = W.HTML()
        self.status.add_class("mineedu-status")
        self.undo_button = W.Button(layout=W.Layout(width="auto"))
        self.undo_button.add_class("mineedu-undo")
        self.undo_button.on_click(lambda _b: self.receive("undo", None))
        self.finish_button = W.Button(layout=W.Layout(width="auto"))
        self.finish_button.add_class("mineedu-finish")
        self.finish_button.on_click(lambda _b: self.receive("finish", None))
        self.message = W.HTML()
        self.message.add_class("mineedu-message")
        self.announce = W.HTML()
        self.announce.add_class("mineedu-announce")  # read by screen readers, not shown
        self.panel = W.HTML()
        self.panel.add_class("mineedu-panel")
        self.log = W.HTML()
        self.log.add_class("mineedu-log")
        self.show_all_box = W.Checkbox(value=False, indent=False)
        self.show_all_box.add_class("mineedu-show-all")
        # new-game dialog: a toggle button (reachable by Tab) opens it
        lo, hi = game.min_players, game.max_players
        self.new_toggle = W.ToggleButton(value=False, layout=W.Layout(width="auto"))
        self.new_toggle.add_class("mineedu-new-toggle")
        self.players_box = W.ToggleButtons(options=[str(k) for k in range(lo, hi + 1)], value=str(game.num_players))
        self.players_box.add_class("mineedu-players")
        self.seat_boxes = [W.Dropdown(options=[("", HUMAN)], value=HUMAN) for _ in range(hi)]
        for i, box in enumerate(self.seat_boxes):
            seat = self.session.seats[i] if i < game.num_players else self.bot_choices[0]
            box.options = [("", HUMAN)] + [(c, c) for c in self.bot_choices]
            box.value = seat if seat in self.bot_choices else HUMAN
            box.layout.display = None if i < game.num_players else "none"
        self.seed_box = W.IntText(value=self.session.seed)
        self.variant_boxes: list[W.Widget] = []
        for v in game.hooks.variants:
            current = getattr(game.config, v.setting)
            if v.options:
                box = W.Dropdown(options=[(str(k), k) for k in v.options], value=current)
            else:
                box = W.Checkbox(value=bool(current), indent=False)
            box.add_class("mineedu-variant")
            self.variant_boxes.append(box)
        self.start_button = W.Button(button_style="primary")
        self.start_button.add_class("mineedu-start")
        self.start_button.on_click(lambda _b: self.receive("new_game", None))
        self.dialog = W.VBox([self.players_box, *self.seat_boxes, *self.variant_boxes, self.seed_box, self.start_button])
        self.dialog.add_class("mineedu-dialog")
        self.dialog.layout.display = "none"
        self.new_toggle.observe(lambda ch: setattr(self.dialog.layout, "display", None if ch["new"] else "none"), names="value")
        # saved games, sent to the browser only when asked for
        self.saved_toggle = W.ToggleButton(value=False, layout=W.Layout(width="auto"))
        self.saved_toggle.add_class("mineedu-saved-toggle")
        self.saved_text = W.Textarea(layout=W.Layout(width="100%", height="7em"))
        self.saved_text.add_class("mineedu-saved-text")
        self.export_button = W.Button()
        self.export_button.add_class("mineedu-export")
        self.export_button.on_click(lambda _b: self.receive("export", None))
        self.import_button = W.Button()
        self.import_button.add_class("mineedu-import")
        self.import_button.on_click(lambda _b: self.receive("import", self.saved_text.value))
        self.saved_box = W.VBox([self.saved_text, W.HBox([self.export_button, self.import_button])])
        self.saved_box.layout.display = "none"
        self.saved_toggle.observe(lambda ch: setattr(self.saved_box.layout, "display", None if ch["new"] else "none"),
                                  names="value")
        # every value a browser may change enters through receive()
        self.lang_switch.observe(lambda ch: self.receive("lang", ch["new"]), names="value")
        self.show_all_box.observe(lambda ch: self.receive("show_all", ch["new"]), names="value")
        self.players_box.observe(lambda ch: self.receive("players", ch["new"]), names="value")

        self.review = ReviewBox(self)
        tools = W.HBox([self.undo_button, self.finish_button, self.new_toggle, self.saved_toggle, self.review.button],
                       layout=W.Layout(flex_flow="row wrap"))
        left = W.VBox([self.status, self.canvas, self.message, self.announce, tools, self.dialog, self.saved_box,
                       self.review.widget],
                      layout=W.Layout(flex="3 1 560px", min_width="0"))
        left.add_class("mineedu-main")
        self.show_all_box.layout.display = None if self.teacher else "none"
        right = W.VBox([self.panel, self.log, self.show_all_box], layout=W.Layout(flex="1 1 300px", min_width="0"))
        right.add_class("mineedu-side")
        self.game_box = W.HBox([left, right], layout=W.Layout(flex_flow="row wrap"))
        self.game_box.add_class("mineedu-board-game")
        self.widget = W.VBox([self.lang_switch, self.table.widget, self.game_box])
        self.widget.add_class("mineedu-board")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:  # pragma: no cover - notebook display
        return self.widget._repr_mimebundle_(include=include, exclude=exclude)

    def receive(self, kind: str, value: Any) -> None:
        """Every input from the browser enters here: :meth:`mineedu.ui.board.Board.receive`."""
        raise NotImplementedError

    # --- a table shared by several browsers (ui/table.py joins it) -------------------
    def join_table(self, session: TableSession) -> None:
        """Play (or watch) a shared table from now on: its moves come from the store; undo, a
        new game, loading a game and "show all" on a seat's page are off."""
        self._attach(session)
        self.show_all = False
        self.show_all_box.value = False
        self.seed_box.value = 0
        self.new_toggle.value = self.saved_toggle.value = False
        for w in (self.undo_button, self.new_toggle, self.finish_button, self.import_button):
            w.layout.display = "none"
        self.show_all_box.layout.display = None if self._may_show_all() else "none"
        self.store_down = None
        self._after_move()

    def show_game(self, on: bool) -> None:
        """Show the game (picture, panel, log), or only the table controls (asking a name, a refusal)."""
        self.game_box.layout.display = None if on else "none"

    def table_changed(self) -> None:
        """Another page changed the table (the kernel's listener, on its event loop): read and redraw."""
        s = self.session
        if not isinstance(s, TableSession):
            return
        seen = (len(s.events), s.info.seats, self.store_down)
        try:
            s.refresh()
        except StoreError as exc:
            self._store_failed(exc)
        except MoveRefused as exc:
            self.message_key = (exc.key, exc.fmt)
        else:
            self._store_answered()
            if (len(s.events), s.info.seats, self.store_down) == seen:
                return  # this page's own write coming back, or another table's change: nothing to redraw
        self.redraw()

    def table_error(self, exc: Exception | None) -> None:
        """The listener lost the store (``exc``) or has it back (``None``)."""
        if exc is None:
            self.table_changed()
        else:
            self._store_failed(exc)
            self.redraw()

    def _store_failed(self, exc: Exception) -> None:
        """A store error: one that says the store cannot be reached keeps the board as it is, says so
        and tries again (:data:`STORE_RETRY_MS`); any other (a full table, a bad name...) is a message."""
        if isinstance(exc, StoreError) and exc.key not in STORE_DOWN:
            self.message_key = ("store_said", {"error": exc})
            return
        self.store_down = str(exc)
        self.message_key = ("store_down", {"error": exc})

    def _store_answered(self) -> None:
        if self.store_down is not None:
            self.store_down = None
            self.message_key = ("store_back", {})

    def _after_move(self, *, loaded: bool = False) -> None:
        """After a human move: chance and the bots' hidden choices resolve at once; bots' turns
        then come one by one. A loaded game shows the position it was saved at first."""
        self.session.advance(bot_moves=0, hidden_at_once=not loaded)
        if self.bot_pause_ms <= 0:
            self.session.advance()

    # --- who sees what -----------------------------------------------------------
    def viewer(self) -> int | None:
        """Whose eyes the board draws for: the human to move (once the screen is theirs),
        else the only human, else nobody (public facts only)."""
        s = self.session
        if isinstance(s, TableSession):
            return s.seat
        if self._covered():
            return None
        p = s.human_to_move()
        if p is not None:
            return p
        if len(s.humans) == 1:
            return s.humans[0]
        return self._screen_for if not self.game.hidden_information else None

    def _undoer(self) -> int | None:
        """Who the undo button is for: the one who has the screen (in hot-seat, the
        player who just moved, until the next one takes the screen)."""
        return self._screen_for if self._covered() else self.viewer()

    def _may_show_all(self) -> bool:
        """The teacher's "show all": never on a seat's page of a shared table (a player looks at it)."""
        return self.teacher and not (isinstance(self.session, TableSession) and self.session.seat is not None)

    def _covered(self) -> bool:
        """Hot-seat with hidden information: the screen waits for the next human."""
        s = self.session
        if isinstance(s, TableSession):
            return False
        p = s.human_to_move()
        return (
            self.game.hidden_information and len(s.humans) > 1 and p is not None and p != self._screen_for
        )

    def _mover(self) -> int | None:
        """The player this board lets choose now (at a shared table: its own seat, in turn)."""
        s = self.session
        p = s.human_to_move()
        if isinstance(s, TableSession) and (p is None or p != s.seat):
            return None
        return p

    def _player(self) -> int:
        s = self.session
        if isinstance(s, TableSession) and self._mover() is None:
            if s.seat is None:
                raise MoveRefused("table_watching")
            waiting = s.humans_to_move()
            raise MoveRefused("table_wait_turn", who=self._who(waiting[0], self.lang) if waiting else "…")
        p = self.session.human_to_move()
        if p is None or self._covered():
            raise MoveRefused("no_human_turn")
        return p

    def tree(self) -> ChoiceTree:
        """The choices of the human to move (built once per position)."""
        p = self._player()
        if self._tree is None or self._tree.state is not self.session.state or self._tree.player != p:
            self._tree = ChoiceTree(self.game.choices, self.session.state, p)
        return self._tree

    def _walk(self) -> tuple[Path, list[str], tuple[Path, list[str], Sequence[Control], int] | None]:
        """The step now shown: its prefix, its options, and the cycled step (its prefix,
        options, controls and how many explicit picks come before it)."""
        tree = self.tree()
        state, p = self.session.state, tree.player
        prefix: Path = ()
        picks = list(self._picked)
        cycle = None
        while True:
            options = tree.options(prefix)
            controls = self.game.choices.cycle(state, p, prefix, options) if options else None
            if controls:
                current = self._cycled.get(prefix)
                if current not in options:
                    current = self._cycled[prefix] = options[0]
                cycle = (prefix, options, controls, len(self._picked) - len(picks))
                prefix = (*prefix, current)
                continue
            if picks:
                key = picks.pop(0)
                if key not in options:  # no longer a way to a legal action: start the action again
                    self._picked = []
                    return self._walk()
                prefix = (*prefix, key)
                continue
            return prefix, options, cycle

    # --- drawing -------------------------------------------------------------------
    def view(self) -> Any:
        """What the viewer may see (the observation everything is drawn from)."""
        return self.session.state.observation(self.viewer())

    def picture(self) -> str:
        return self.game.render_svg(self.session.state, self.viewer(), self.lang, self.show_all, narrow=self.narrow,
                                    wide=self.wide)

    def status_html(self, lang: str) -> str:
        """Whose turn it is (or who won), then the game's own status (round results...)."""
        extra = self.game.hooks.status
        own = extra(self.view(), lang) if extra is not None else ""
        return self._turn_html(lang) + own

    def _who(self, p: int, lang: str) -> str:
        """``"J2 · Léa"`` at a shared table, ``"J2"`` elsewhere."""
        s = self.session
        name = s.names()[p] if isinstance(s, TableSession) else None
        return f"{player_name(p, lang)} · {name}" if name else player_name(p, lang)

    def _seat_label(self, p: int, lang: str) -> str:
        """``"J2 (vermillon)"``, and at a shared table ``"J2 (vermillon) · Léa"``."""
        name = self.session.names()[p] if isinstance(self.session, TableSession) else None
        return f"{seat_name(p, lang)} · {name}" if name else seat_name(p, lang)

    def _table_turn_html(self, s: TableSession, lang: str) -> str:
        """Whose turn at a shared table, in this seat's words; at a simultaneous choice, who has
        chosen already (never what)."""
        p = self._mover()
        chosen = "".join(f"<li>{swatch(q)} {html.escape(T('has_chosen', lang, who=self._who(q, lang)))}</li>"
                         for q in s.chosen())
        waiting = [q for q in s.humans_to_move() if q != s.seat]
        if p is not None:
            turn = T("turn_of", lang, who=self._who(p, lang), colour=self._colour(p, lang))
            head = f"<p>{swatch(p)} <b>{html.escape(turn)}</b></p>"
        elif s.seat is not None and s.seat in s.chosen() and waiting:
            head = f"<p>{html.escape(T('you_chose', lang, who=', '.join(self._who(q, lang) for q in waiting)))}</p>"
        elif waiting:
            key = "thinking" if s.state.current_player() == SIMULTANEOUS else "waiting_for"
            lines = "".join(f"<p>{swatch(q)} {html.escape(T(key, lang, who=self._who(q, lang)))}</p>" for q in waiting)
            head = lines
        else:
            return ""
        return head + (f"<ul class='mineedu-chosen'>{chosen}</ul>" if chosen else "")

    def _turn_html(self, lang: str) -> str:
        s = self.session
        state = s.state
        if isinstance(s, TableSession) and not state.is_terminal():
            own = self._table_turn_html(s, lang)
            if own:
                return own
        if state.is_terminal():
            w = state.winners()
            who = ", ".join(self._seat_label(p, lang) for p in w)
            scores = ", ".join(f"{player_name(i, lang)} {self._number(x)}" for i, x in enumerate(state.scores()))
            head = T("winner_is" if len(w) == 1 else "winners_are", lang, who=who)
            return f"<p class='mineedu-over'><b>{html.escape(head)}</b> {html.escape(T('scores', lang, s=scores))}</p>"
        p = s.human_to_move()
        if p is not None:
            turn = T("turn_of", lang, who=player_name(p, lang), colour=self._colour(p, lang))
            return f"<p>{swatch(p)} <b>{html.escape(turn)}</b></p>"
        if state.is_chance():
            return f"<p>{html.escape(T('chance_moves', lang))}</p>"
        bots = [q for q in state.players_to_move() if s.seats[q] is not None]
        if bots:
            q = bots[0]
            bot = self.game.bot_name(str(s.seats[q]), lang)
            return f"<p>{swatch(q)} {html.escape(T('bot_thinks', lang, who=player_name(q, lang), bot=bot))}</p>"
        return f"<p>{html.escape(T('waiting', lang))}</p>"

    @staticmethod
    def _number(x: float) -> str:
        return str(int(x)) if float(x).is_integer() else f"{x:g}"

    @staticmethod
    def _colour(p: int, lang: str) -> str:
        return PLAYER_COLOUR_NAMES[lang][p % len(PLAYER_COLOURS)]

    def panel_html(self, lang: str) -> str:
        """The game's decision panel for the viewer (from what the viewer may see)."""
        game = self.game
        if game.hooks.panel is not None:
            return game.hooks.panel(self.view(), lang)
        if game.hidden_information:
            return ""
        try:
            text = game.format_odds(game.odds_report(self.session.state, self.viewer()), lang)
        except (NotImplementedError, ImportError, AttributeError):
            return ""
        return f"<pre style='white-space:pre-wrap'>{html.escape(text)}</pre>"

    def log_html(self, lang: str) -> str:
        """The latest events, newest first, grouped under their chapter ("Manche 2") heading."""
        viewer = self.viewer()
        events = self.session.events
        start = max(0, len(events) - LOG_EVENTS)
        chapter = self.game.hooks.chapter
        groups: list[tuple[str | None, list[str]]] = []
        for i in range(start, len(events)):
            e = events[i]
            title = chapter(e.before, lang) if chapter is not None else None
            if not groups or (title and title != groups[-1][0]):
                groups.append((title, []))
            key = (i, viewer, lang)
            text = self._log_cache.get(key)
            if text is None:
                text = self._log_cache[key] = self._event_line(e, viewer, lang)
            if text:
                groups[-1][1].append(f"<div class='mineedu-log-line'>{text}</div>")
        parts = []
        for title, lines in reversed(groups):
            if title:
                parts.append(f"<div class='mineedu-log-chapter'><b>{html.escape(title)}</b></div>")
            parts.extend(reversed(lines))
        more = f"<div><i>{html.escape(T('more_events', lang, n=start))}</i></div>" if start else ""
        if not parts:
            parts.append(f"<div class='mineedu-log-empty'><i>{html.escape(T('log_empty', lang))}</i></div>")
        return f"<h4>{T('log', lang)}</h4><div class='mineedu-log-lines'>{''.join(parts)}{more}</div>"

    def _event_line(self, event: Event, viewer: int | None, lang: str) -> str:
        text = html.escape(self.game.describe_event(event, viewer, lang))
        if event.reason and event.player != CHANCE and self.game.reason_visible(event, viewer):
            text += f" <span class='mineedu-why'>— {html.escape(event.reason[lang])}</span>"
        return text

    def redraw(self) -> None:
        lang, s = self.lang, self.session
        self._drawn_moves = len(s.events)
        if self.lang_switch.value != lang:
            self.lang_switch.value = lang
        before = (self.version, self._tokens)
        self.version += 1
        self._tokens = {}
        picture = self.picture()
        canvas_state: dict[str, Any] = {
            "svg": picture, "options": [], "selected": [], "controls": [], "prompt": "",
            "cover": "", "cover_button": "", "lang": lang,
        }
        p = self._mover()
        if p is not None and self._covered():
            canvas_state["cover"] = T("pass_screen", lang, who=player_name(p, lang), colour=self._colour(p, lang))
            canvas_state["cover_button"] = T("ready", lang, who=player_name(p, lang))
        elif p is not None:
            canvas_state.update(self._step_state(lang, picture))
        waiting = s.waiting_for_bots()
        canvas_state["tick_ms"] = self.bot_pause_ms if waiting and self.bot_pause_ms > 0 else 0
        if isinstance(s, TableSession):
            if self.store_down is not None:
                canvas_state["tick_ms"] = STORE_RETRY_MS  # try the store again
            elif not canvas_state["tick_ms"] and not s.finished and (self.table.state == "seated" or s.seat is None):
                listening = _hub_for(s) is not None
                canvas_state["tick_ms"] = 0 if listening else self.table_poll_ms
        canvas_state["version"] = self.version
        canvas_state["answered"] = self.canvas.inputs
        self._keep_older(before, canvas_state)
        with self.canvas.hold_sync():
            for k, v in canvas_state.items():
                if getattr(self.canvas, k) != v:
                    setattr(self.canvas, k, v)
        self.status.value = f"<div role='status' aria-live='polite'>{self.status_html(lang)}</div>"
        self.undo_button.description = T("undo", lang)
        self.undo_button.disabled = not s.can_undo(self._undoer())
        self.finish_button.description = T("finish_bots", lang)
        self.finish_button.layout.display = None if waiting and not self.at_table else "none"
        if isinstance(s, TableSession):
            self.undo_button.layout.display = "none"
            self.saved_toggle.layout.display = None if s.finished else "none"
        self.panel.value = f"<div aria-live='polite'><h4>{T('odds', lang)}</h4>{self.panel_html(lang)}</div>"
        self.log.value = self.log_html(lang)
        events = s.events
        fresh = events[self._announced:] if self._announced <= len(events) else []
        self._announced = len(events)
        said = " ".join(self._log_cache.get((i, self.viewer(), lang)) or self._event_line(e, self.viewer(), lang)
                        for i, e in enumerate(fresh, len(events) - len(fresh)))[-2000:]
        self.announce.value = f"<div aria-live='polite'>{said}</div>"
        if self.message_key:
            key, fmt = self.message_key
            role = "status" if key in ("loaded", "exported", "store_back") else "alert"
            colour = "#1b5e20" if role == "status" else "#B00020"
            words = {k: v.text(lang) if isinstance(v, (SavedGameError, StoreError)) else v for k, v in fmt.items()}
            text = html.escape(T(key, lang, **words))
            self.message.value = f"<div role='{role}' style='color:{colour};font-weight:bold'>{text}</div>"
        else:
            self.message.value = ""
        self.table.render(lang)
        self._relabel(lang)
        self.review.redraw(lang)

    def _keep_older(self, before: tuple[int, dict[str, tuple[str, Any]]], shown: dict[str, Any]) -> None:
        """Keep the previous version's tokens while the step looks the same (at most 8 versions back)."""
        signature = (tuple(self._tokens.values()), tuple(shown["selected"]), shown["prompt"], shown["cover"],
                     tuple((o["label"], o["region"]) for o in shown["options"]), self.viewer(), self.lang)
        if signature == self._step_signature and self._tokens:
            self._older[before[0]] = before[1]
            while len(self._older) > 8:
                del self._older[min(self._older)]
        else:
            self._older = {}
        self._step_signature = signature

    def _step_state(self, lang: str, picture: str) -> dict[str, Any]:
        """The canvas's options, selection, controls and prompt for the step now shown."""
        tree = self.tree()
        prefix, options, cycle = self._walk()
        state, p = self.session.state, tree.player
        choices = self.game.choices
        out_options = []
        for i, key in enumerate(options):
            token = f"o{self.version}.{i}"
            self._tokens[token] = ("pick", key)
            region = key if f'data-region="{html.escape(key, quote=True)}"' in picture else None
            out_options.append({
                "token": token, "region": region, "label": tree.label(prefix, key, lang),
                "preview": choices.preview(state, p, prefix, key),
            })
        controls = []
        if cycle is not None:
            for j, c in enumerate(cycle[2]):
                token = f"c{self.version}.{j}"
                self._tokens[token] = ("control", c.name)
                controls.append({"token": token, "label": c.words[lang], "shortcut": c.shortcut})
        if self._picked:
            token = f"c{self.version}.back"
            self._tokens[token] = ("control", "back")
            controls.append({"token": token, "label": T("back", lang), "shortcut": "escape"})
        return {
            "options": out_options, "selected": list(prefix), "controls": controls,
            "prompt": choices.prompt(state, p, prefix, lang),
        }

    def _relabel(self, lang: str) -> None:
        self.new_toggle.description = T("new_game", lang)
        self.saved_toggle.description = T("saved_label", lang)
        self.show_all_box.description = T("show_all", lang)
        for i, box in enumerate(self.seat_boxes):
            box.description = T("seat", lang, i=i + 1)
            keep = box.value
            opts: list[tuple[str, str]] = [(T("human", lang), HUMAN)]
            opts += [(T("bot_name", lang, spec=self.game.bot_name(c, lang)), c) for c in self.bot_choices]
            if list(box.options) != opts:
                box.options = opts
                box.value = keep
        for v, box in zip(self.game.hooks.variants, self.variant_boxes, strict=True):
            box.description = v.words[lang]
            if v.options:
                keep = box.value
                opts = [(v.options[k][lang], k) for k in v.options]
                if list(box.options) != opts:
                    box.options = opts
                    box.value = keep
        self.players_box.description = T("players", lang)
        self.seed_box.description = T("seed", lang)
        self.start_button.description = T("start", lang)
        self.export_button.description = T("export", lang)
        self.import_button.description = T("import", lang)

