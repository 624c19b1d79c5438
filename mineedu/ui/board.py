"""A playable board for any registered game, built from ipywidgets.

Layout: a language switch; the picture (the game's SVG in an ``HTML`` widget:
no plotting library, so the page stays light); a status line; one button per
legal action of the human to move; undo; the exact-odds panel beside the
picture; a log of what chance and the bots did (and why, when a bot says so);
a message area for refused input; a new-game dialog (seats: human or a bot
with its policy); export/import of the game as JSON.

Every event from the browser enters at one point, :meth:`Board.receive`,
which checks the value (a client can send *any* widget value: an out-of-range
slider, a click on a hidden or outdated button, a move for a bot's seat) and
either changes the session and redraws, or shows a clear message in the
player's language and changes nothing.

Games customise the board by subclassing (see ``games/gold_mine/board.py``):
:meth:`describe_action`, :meth:`describe_event`, :meth:`odds_html`,
:meth:`status_html`, :meth:`picture`.
"""

from __future__ import annotations

import html
import inspect
import json
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from mineedu.core import CHANCE, Action, Game, MineeduError, SavedGameError
from mineedu.core.i18n import DEFAULT_LANG, LANGS
from mineedu.core.svg import PLAYER_COLOUR_NAMES, PLAYER_COLOURS

from .session import Event, GameSession, MoveRefused
from .texts import T

MAX_BUTTONS = 8
MAX_SAVED_CHARS = 1_000_000  # a client could paste anything into the import box
LANG_OPTIONS = (("Français", "fr"), ("English", "en"))


def seat_name(seat: int, lang: str) -> str:
    """``"Place 2 (vermillon)"`` — a seat named by number and colour."""
    colour = PLAYER_COLOUR_NAMES["en" if lang == "en" else "fr"][seat % len(PLAYER_COLOURS)]
    return f"{T('seat', lang, i=seat + 1)} ({colour})"


def swatch(seat: int) -> str:
    c = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
    return f'<span style="display:inline-block;width:0.8em;height:0.8em;border-radius:50%;background:{c};vertical-align:middle"></span>'


# The picture fills its column (the SVG keeps its proportions through its viewBox),
# so a projected board is as large as the screen allows, never wider than 1100 px.
PICTURE_CSS = "<style>.mineedu-picture svg{width:100%;height:auto;max-width:1100px}</style>"


class Board:
    """A game at a board: ``Board(make("toy", 2)).widget`` is the whole app."""

    #: the number of seats the new-game dialog offers (default: the game's range)
    seat_range: tuple[int, int] | None = None
    #: bot specs offered for a seat (default: the game's bot names)
    bot_choices: Sequence[str] | None = None
    #: how many log lines are shown
    log_lines = 12

    def __init__(
        self,
        game: Game,
        seats: Sequence[str | None] | None = None,
        seed: int = 0,
        lang: str = DEFAULT_LANG,
    ) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG
        self.show_all = False
        self.message_key: tuple[str, dict[str, Any]] | None = None
        self.session = GameSession(game, seats, seed)
        self.version = 0
        self._labelled: str | None = None
        self._tokens: list[tuple[int, int, int] | None] = [None] * MAX_BUTTONS
        self._last_events: list[Event] = list(self.session.events)
        self._build()
        self.redraw()

    # --- construction ------------------------------------------------------
    def _build(self) -> None:
        game = self.session.game
        lo, hi = self.seat_range or (game.min_players, game.max_players)
        self.lang_switch = W.ToggleButtons(options=LANG_OPTIONS, value=self.lang, style={"button_width": "6em"})
        self.view = W.HTML(layout=W.Layout(min_width="360px"))
        self.view.add_class("mineedu-picture")
        self.status = W.HTML()
        self.status.add_class("mineedu-status")
        self.buttons = [W.Button(layout=W.Layout(width="auto", display="none")) for _ in range(MAX_BUTTONS)]
        for i, b in enumerate(self.buttons):
            b.add_class("mineedu-action")
            b.on_click(lambda _b, i=i: self.receive("action", i))
        self.undo_button = W.Button(icon="undo", layout=W.Layout(width="auto"))  # its label is long in French
        self.undo_button.on_click(lambda _b: self.receive("undo", None))
        self.show_all_box = W.Checkbox(value=False, indent=False)
        self.odds = W.HTML(layout=W.Layout(min_width="260px", max_width="420px"))
        self.odds.add_class("mineedu-odds")
        self.log = W.HTML()
        self.log.add_class("mineedu-log")
        self.message = W.HTML()
        self.message.add_class("mineedu-message")
        self.saved_view = W.HTML(layout=W.Layout(display="none"))
        self.saved_view.add_class("mineedu-saved")
        # new-game dialog
        self.players_slider = W.IntSlider(value=game.num_players, min=lo, max=hi)
        choices = list(self.bot_choices or sorted(game.bots))
        self.seat_boxes = [W.Dropdown(options=[("", None)] + [(c, c) for c in choices], value=None) for _ in range(hi)]
        for i, box in enumerate(self.seat_boxes):
            box.value = self.session.seats[i] if i < game.num_players else (choices[0] if i else None)
            box.layout.display = None if i < game.num_players else "none"
        self.seed_box = W.IntText(value=self.session.seed)
        self.start_button = W.Button(button_style="primary")
        self.start_button.add_class("mineedu-start")
        self.start_button.on_click(lambda _b: self.receive("new_game", None))
        self.dialog = W.VBox([self.players_slider, *self.seat_boxes, self.seed_box, self.start_button])
        self.dialog_toggle = W.Accordion(children=[self.dialog], selected_index=None)
        # saved games
        self.saved_text = W.Textarea(layout=W.Layout(width="100%", height="6em"))
        self.export_button = W.Button()
        self.export_button.on_click(lambda _b: self.receive("export", None))
        self.import_button = W.Button()
        self.import_button.on_click(lambda _b: self.receive("import", self.saved_text.value))
        self.saved_box = W.Accordion(children=[W.VBox([self.saved_text, W.HBox([self.export_button, self.import_button])])], selected_index=None)
        # one observe point for values
        self.lang_switch.observe(lambda ch: self.receive("lang", ch["new"]), names="value")
        self.show_all_box.observe(lambda ch: self.receive("show_all", ch["new"]), names="value")
        self.players_slider.observe(lambda ch: self.receive("players", ch["new"]), names="value")

        self.controls = W.HBox([*self.buttons, self.undo_button], layout=W.Layout(flex_flow="row wrap"))
        left = W.VBox([self.view, self.status, self.controls, self.message], layout=W.Layout(flex="1 1 auto"))
        right = W.VBox([self.odds, self.show_all_box, self.log], layout=W.Layout(flex="0 1 420px"))
        self.widget = W.VBox(
            [self.lang_switch, W.HBox([left, right], layout=W.Layout(flex_flow="row wrap")), self.dialog_toggle, self.saved_box, self.saved_view]
        )
        self.widget.add_class("mineedu-board")

    def _ipython_display_(self) -> None:  # pragma: no cover - notebook display
        from IPython.display import display

        display(self.widget)

    # --- the one entry point for browser input ----------------------------
    def receive(self, kind: str, value: Any) -> None:
        """Handle one event from the browser; refused input leaves a message and no change."""
        try:
            handler: Callable[[Any], None] | None = getattr(self, f"_on_{kind}", None)
            if handler is None:
                raise MoveRefused("stale")
            handler(value)
        except MoveRefused as exc:
            self.message_key = (exc.key, exc.fmt)
        except SavedGameError as exc:
            self.message_key = ("bad_saved", {"error": str(exc)})
        except MineeduError as exc:
            self.message_key = ("error", {"error": str(exc)})
        else:
            if kind not in ("players",):
                self.message_key = None
        self.redraw()

    def submit(self, seat: Any, index: Any, version: Any) -> None:
        """A move from the board: the ``index``-th legal action of ``seat``, chosen
        while version ``version`` was displayed (a stale click is refused)."""
        if version != self.version:
            raise MoveRefused("stale")
        events = self.session.play_index(seat, index)
        self._moved(events)

    def _moved(self, events: list[Event]) -> None:
        self._last_events = events
        self.version += 1

    def _on_move(self, value: Any) -> None:
        if not (isinstance(value, tuple) and len(value) == 3):
            raise MoveRefused("stale")
        self.submit(*value)

    def _on_action(self, i: Any) -> None:
        token = self._tokens[i] if isinstance(i, int) and 0 <= i < MAX_BUTTONS else None
        if token is None:
            raise MoveRefused("stale")
        self.submit(*token)

    def _on_undo(self, _: Any) -> None:
        self.session.undo()
        self._moved([])

    def _on_lang(self, value: Any) -> None:
        if value not in LANGS:
            raise MoveRefused("bad_value", what="lang", value=repr(value), expected="fr, en")
        self.lang = value

    def _on_show_all(self, value: Any) -> None:
        if not isinstance(value, bool):
            raise MoveRefused("bad_value", what="show all", value=repr(value), expected="True/False")
        self.show_all = value

    def _players_range(self) -> tuple[int, int]:
        game = self.session.game
        return self.seat_range or (game.min_players, game.max_players)

    def _on_players(self, value: Any) -> None:
        lo, hi = self._players_range()
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise MoveRefused("bad_value", what=T("players", self.lang), value=repr(value), expected=f"{lo}–{hi}")
        for i, box in enumerate(self.seat_boxes):
            box.layout.display = None if i < value else "none"

    def _on_new_game(self, _: Any) -> None:
        lo, hi = self._players_range()
        n = self.players_slider.value
        self._on_players(n)
        offered = {None, *(self.bot_choices or self.session.game.bots)}
        seats = [box.value for box in self.seat_boxes[:n]]
        for i, s in enumerate(seats):
            if s not in offered:
                raise MoveRefused("bad_value", what=T("seat", self.lang, i=i + 1), value=repr(s), expected=", ".join(sorted(map(str, offered - {None}))))
        seed = self.seed_box.value
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise MoveRefused("bad_value", what=T("seed", self.lang), value=repr(seed), expected="0 … 2^63")
        game = type(self.session.game)(n, self.session.game.config)
        self.session = GameSession(game, seats, seed)
        self._moved(list(self.session.events))
        self.dialog_toggle.selected_index = None

    def _on_export(self, _: Any) -> None:
        self.saved_text.value = self.session.export()

    def _on_import(self, text: Any) -> None:
        if not isinstance(text, str) or len(text) > MAX_SAVED_CHARS:
            raise SavedGameError(f"a saved game is JSON text of at most {MAX_SAVED_CHARS} characters")
        session = GameSession.from_text(text, self.session.seats if self._fits(text) else None)
        if session.game.name != self.session.game.name:
            raise SavedGameError(f"this is a {session.game.name} game, not {self.session.game.name}")
        self.session = session
        self._moved([])
        self.message_key = ("loaded", {})

    def _fits(self, text: str) -> bool:
        try:
            return json.loads(text).get("players") == len(self.session.seats)
        except (ValueError, AttributeError):
            return False

    # --- hooks for each game -------------------------------------------------
    def picture(self) -> str:
        """The SVG of the displayed state, from the viewer's point of view."""
        render = getattr(self.session.game, "render_svg", None)
        if render is None:
            return ""
        if len(inspect.signature(render).parameters) >= 4:  # (state, player, lang, show_all)
            return render(self.session.state, self.viewer(), self.lang, self.show_all)
        return render(self.session.state)

    def viewer(self) -> int | None:
        """Whose hidden cards may be shown: the human to move, else the only human."""
        p = self.session.human_to_move()
        if p is None and len(self.session.humans) == 1:
            p = self.session.humans[0]
        return p

    def describe_action(self, action: Action, lang: str) -> str:
        """The words for an action, from the game itself (:meth:`Game.action_label`)."""
        return self.session.game.action_label(action, lang)

    def describe_event(self, event: Event, lang: str) -> str:
        who = T("chance", lang) if event.player == CHANCE else seat_name(event.player, lang)
        return f"{who} : {self.describe_action(event.action, lang)}" if lang == "fr" else f"{who}: {self.describe_action(event.action, lang)}"

    def odds_html(self, lang: str) -> str:
        game, state = self.session.game, self.session.state
        try:
            report = game.odds_report(state, self.viewer())
        except (NotImplementedError, ImportError):
            return ""
        try:
            text = game.format_odds(report, lang)
        except (AttributeError, ImportError):  # a game without its odds text
            text = json.dumps(report, ensure_ascii=False, indent=1, default=str)
        return f"<pre style='white-space:pre-wrap'>{html.escape(text)}</pre>"

    def status_html(self, lang: str) -> str:
        s = self.session
        if s.state.is_terminal():
            return f"<b>{T('over', lang)}</b>"
        p = s.human_to_move()
        if p is None:
            return T("waiting", lang)
        return f"{swatch(p)} {html.escape(T('your_turn', lang, seat=p + 1, colour=PLAYER_COLOUR_NAMES[lang][p % 6]))}"

    # --- drawing -------------------------------------------------------------
    def redraw(self) -> None:
        lang, s = self.lang, self.session
        if self.lang_switch.value != lang:
            self.lang_switch.value = lang
        self.view.value = PICTURE_CSS + self.picture()
        self.status.value = self.status_html(lang)
        p = s.human_to_move()
        legal = s.legal(p) if p is not None else ()
        for i, b in enumerate(self.buttons):
            if i < len(legal):
                self._tokens[i] = (p, i, self.version)
                b.description = self.describe_action(legal[i], lang)
                b.layout.display = None
            else:
                self._tokens[i] = None
                b.layout.display = "none"
        self.undo_button.description = T("undo", lang)
        self.undo_button.disabled = not s.can_undo()
        self.show_all_box.description = T("show_all", lang)
        self.odds.value = f"<h4>{T('odds', lang)}</h4>" + self.odds_html(lang)
        lines = [html.escape(self.describe_event(e, lang)) for e in s.events[-self.log_lines:]]
        self.log.value = f"<h4>{T('log', lang)}</h4><div style='font-size:90%'>" + "<br>".join(lines) + "</div>"
        if self.message_key:
            key, fmt = self.message_key
            self.message.value = f"<div role='alert' style='color:#B00020;font-weight:bold'>{html.escape(T(key, lang, **fmt))}</div>"
        else:
            self.message.value = ""
        self.saved_view.value = f"<pre class='mineedu-saved-json'>{html.escape(s.export())}</pre>"
        if self._labelled != lang:
            self._relabel(lang)
            self._labelled = lang

    def _relabel(self, lang: str) -> None:
        self.players_slider.description = T("players", lang)
        for i, box in enumerate(self.seat_boxes):
            box.description = T("seat", lang, i=i + 1)
            keep = box.value
            box.options = [(T("human", lang), None)] + [(T("bot_name", lang, spec=o[1]), o[1]) for o in box.options[1:]]
            box.value = keep
        self.seed_box.description = T("seed", lang)
        self.start_button.description = T("start", lang)
        self.dialog_toggle.set_title(0, T("new_game", lang))
        self.saved_box.set_title(0, T("saved_label", lang))
        self.export_button.description = T("export", lang)
        self.import_button.description = T("import", lang)
