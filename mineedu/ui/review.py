"""The board's "Review my decisions": a finished game's decisions, one at a time (ipywidgets).

:class:`ReviewBox` sits under a :class:`~mineedu.ui.board.Board`: its button appears once the game is
over (for a teacher, at any time). It steps through the decisions of one seat (a student's own seat;
a teacher picks any) with :class:`mineedu.review.Review`: the position as that seat saw it (the
game's picture of its observation then), each option with the game's exact figures and its chance
of winning (a bar with its 95 % interval), the chosen and the best marked. A decision's picture and
figures show at once; its rollouts are worked out when it is first shown, in a worker thread (the
board stays live; stepping to another abandons a decision not finished), a progress bar moving, then
kept; the worker goes on with the decisions after it while the student reads.
"Summary" works out the rest and says in words what went well, what cost most and where luck turned.
Every input comes back through ``Board.receive("review", …)`` and is checked here.
"""

from __future__ import annotations

import html
import threading
from typing import TYPE_CHECKING, Any

import ipywidgets as W

from mineedu.core import Texts
from mineedu.core.i18n import colon, format_number, interval_text
from mineedu.review import Option, Review, figure_text, figure_words
from mineedu.review import T as RT

if TYPE_CHECKING:
    from .board_view import BoardView

T = Texts({
    "close": {"fr": "Fermer la revue", "en": "Close the review"},
    "prev": {"fr": "◀ Précédente", "en": "◀ Previous"},
    "next": {"fr": "Suivante ▶", "en": "Next ▶"},
    "summary": {"fr": "Bilan de la partie", "en": "Summary of the game"},
    "seat": {"fr": "Joueur revu", "en": "Player reviewed"},
    "computing": {"fr": "Parties simulées pour chaque option…", "en": "Simulating games for each option…"},
    "computing_all": {"fr": "Le bilan attend toutes les décisions : {k} sur {n} prêtes…",
                      "en": "The summary waits for every decision: {k} of {n} ready…"},
    "how": {"fr": "P(gagner) : parties jouées jusqu'au bout par les robots de la leçon après chaque option, "
                  "à partir de ce que vous saviez (intervalle à 95 %).",
            "en": "P(win): games played to the end by the lesson's bots after each option, "
                  "from what you knew (95% interval)."},
    "no_decision": {"fr": "Pas encore de décision à revoir.", "en": "No decision to review yet."},
    "after_end": {"fr": "une fois la partie finie", "en": "once the game is over"},
    "exact": {"fr": "Calcul exact", "en": "Exact odds"},
    "progress": {"fr": "Parties simulées", "en": "Games simulated"},
})


STYLE = """<style>
.mineedu-review { font-size: 1.05rem; }
.mineedu-review-head h4 { font-size: 1.25em; margin: 0.4em 0; }
.mineedu-review-svg svg { max-width: 100%; height: auto; max-height: 55vh; display: block; }
.mineedu-review-scroll { overflow-x: auto; max-width: 100%; }
.mineedu-review-scroll table { border-collapse: collapse; font-size: 1.05rem; line-height: 1.4; }
.mineedu-review-scroll th, .mineedu-review-scroll td { border-bottom: 1px solid #ccc; padding: 0.3em 0.5em;
  text-align: left; vertical-align: top; }
.mineedu-review-row-chosen { background: #fff8e1; }
.mineedu-review-chosen, .mineedu-review-best, .mineedu-review-as-good { display: inline-block; border-radius: 0.6em;
  padding: 0 0.5em; font-size: 0.9em; margin: 0.1em 0; white-space: nowrap; }
.mineedu-review-chosen { background: #ffe082; color: #3e2723; }
.mineedu-review-best { background: #1b5e20; color: #fff; }
.mineedu-review-as-good { background: #bbdefb; color: #0d47a1; }
.mineedu-review-win { white-space: nowrap; }
.mineedu-review-how { font-size: 0.95rem; color: #333; }
.mineedu-review-words p { font-size: 1.05rem; margin: 0.3em 0; }
.mineedu-review, .mineedu-review .widget-html, .mineedu-review .widget-html-content { max-width: 100%; min-width: 0; }
@media (max-width: 640px) {
  .mineedu-review-scroll table, .mineedu-review-scroll tbody, .mineedu-review-scroll tr,
  .mineedu-review-scroll td { display: block; width: 100%; box-sizing: border-box; }
  .mineedu-review-scroll tr:first-child { display: none; }
  .mineedu-review-scroll td { border-bottom: none; padding: 0.15em 0.4em; }
  .mineedu-review-scroll tr { border-bottom: 1px solid #bbb; padding: 0.3em 0; }
  .mineedu-review-win { white-space: normal; }
}
</style>"""


def progress_bar() -> W.IntProgress:
    """A progress bar with room for its label (the caller sets ``description``: what the bar counts) whole,
    apart from the button before it (its label is the bar's, not the button's)."""
    return W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="22em", max_width="100%", margin="2px 2px 2px 16px"),
                         style={"description_width": "initial"})


class _Abandoned(Exception):
    """The decision being worked out is no longer the one shown."""


class ReviewBox:
    """The review under a board (see the module docstring); ``board.review`` holds one.

    ``threaded``: rollouts in a worker thread (``False``: in the caller, as a test wants them);
    ``rollouts``: a fixed number per option (``None``: as many as ±5 points need)."""

    def __init__(self, board: BoardView, threaded: bool = True, rollouts: int | None = None) -> None:
        self.board = board
        self.threaded = threaded
        self.rollouts = rollouts
        self._worker: threading.Thread | None = None
        self._lock = threading.Lock()
        self.open = False
        self.k = 0
        self.seat: int | None = None
        self._review: Review | None = None
        self._key: tuple[Any, ...] | None = None
        self.summary_shown = False
        self.button = W.Button(layout=W.Layout(width="auto"))
        self.button.add_class("mineedu-review-open")
        self.button.on_click(lambda _b: board.receive("review", "close" if self.open else "open"))
        self.prev = W.Button(layout=W.Layout(width="auto"))
        self.prev.add_class("mineedu-review-prev")
        self.prev.on_click(lambda _b: board.receive("review", "prev"))
        self.next = W.Button(layout=W.Layout(width="auto"))
        self.next.add_class("mineedu-review-next")
        self.next.on_click(lambda _b: board.receive("review", "next"))
        self.summary = W.Button(layout=W.Layout(width="auto"))
        self.summary.add_class("mineedu-review-summary")
        self.summary.on_click(lambda _b: board.receive("review", "summary"))
        self.seat_box = W.Dropdown(options=[], layout=W.Layout(width="auto"))
        self.seat_box.add_class("mineedu-review-seat")
        self.seat_box.observe(lambda ch: board.receive("review", ("seat", ch["new"])) if self.open else None, names="value")
        self.progress = progress_bar()
        self.progress.add_class("mineedu-review-progress")
        self.head = W.HTML()
        self.head.add_class("mineedu-review-head")
        self.picture = W.HTML()
        self.picture.add_class("mineedu-review-picture")
        self.table = W.HTML()
        self.table.add_class("mineedu-review-table")
        self.words = W.HTML()
        self.words.add_class("mineedu-review-words")
        bar = W.HBox([self.prev, self.next, self.summary, self.seat_box, self.progress],
                     layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = W.VBox([self.head, bar, self.picture, self.table, self.words],
                             layout=W.Layout(display="none", width="100%", min_width="0"))
        self.widget.add_class("mineedu-review")

    # --- what may be reviewed -------------------------------------------------------------
    def available(self) -> bool:
        """Once the game is over; a teacher at any time."""
        return self.board.teacher or self.board.session.state.is_terminal()

    def seats(self) -> list[int]:
        """A teacher reviews any seat a person or a bot played; a student their own (the board's humans)."""
        s = self.board.session
        auto = set(s.game.auto_seats())
        if self.board.teacher:
            return [p for p in range(s.game.num_players) if p not in auto]
        return list(s.humans) or [p for p in range(s.game.num_players) if p not in auto][:1]

    def review(self) -> Review:
        """The review of the game as it stands, for the seat chosen (rebuilt when the game changes)."""
        s = self.board.session
        seats = self.seats()
        if self.seat not in seats:
            self.seat = seats[0]
        key = (id(s), len(s.events), self.seat)
        if self._review is None or self._key != key:
            self._review = Review(s.saved(), self.seat, seed=s.seed, rollouts=self.rollouts)
            self._key = key
            self.k = min(self.k, max(0, len(self._review) - 1))
            self.summary_shown = False
        return self._review

    # --- input, through Board.receive ------------------------------------------------------
    def receive(self, value: Any) -> None:
        """``open``, ``close``, ``prev``, ``next``, ``summary`` or ``("seat", n)``."""
        from .session import MoveRefused

        if value == "close":
            self.open = False
            return
        if not self.available():
            raise MoveRefused("bad_value", what=RT("title", self.board.lang), value=repr(value)[:40],
                              expected=T("after_end", self.board.lang))
        if value == "open":
            self.open = True
            self.compute()
        elif value in ("prev", "next"):
            n = len(self.review())
            self.k = max(0, min(n - 1, self.k + (1 if value == "next" else -1)))
            self.summary_shown = False
            self.compute()
        elif value == "summary":
            self.summary_shown = True
            self.compute()
        elif isinstance(value, tuple) and len(value) == 2 and value[0] == "seat" and value[1] in self.seats():
            self.seat = value[1]
            self.k = 0
            self.compute()
        else:
            raise MoveRefused("bad_value", what=RT("title", self.board.lang), value=repr(value)[:40],
                              expected="open, close, prev, next, summary")

    def _todo(self) -> list[int]:
        """The decisions still to work out: the one shown, then, in the worker, the ones after it while
        the student reads (the next one is then ready when it is asked for), and for the summary every other."""
        review = self.review()
        if not len(review):
            return []
        todo = [self.k] if self.k not in review._cache else []
        later = range(len(review)) if self.summary_shown else range(self.k + 1, len(review)) if self.threaded else ()
        todo += [j for j in later if j not in review._cache and j != self.k]
        return todo

    def compute(self) -> None:
        """Show the decision's picture and figures at once, then its rollouts as they come."""
        todo = self._todo()
        if not todo or (todo[0] != self.k and not self.summary_shown):  # the decision shown is worked out
            self.progress.value = self.progress.max
        else:
            self.progress.value, self.progress.max = 0, 1
        if not todo:
            return
        if not self.threaded:
            for j in self._todo():
                self._work(self.review(), j)
        elif self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(target=self._run, daemon=True)
            self._worker.start()

    def _run(self) -> None:
        """The worker: what :meth:`_todo` lists, the decision shown first, redrawn as each is done."""
        while self.open:
            todo = self._todo()
            if not todo:
                return
            try:
                self._work(self.review(), todo[0])
            except _Abandoned:
                continue
            if todo[0] == self.k or self.summary_shown:
                self.draw(self.board.lang)

    def _work(self, review: Review, k: int) -> None:
        def step(done: int, total: int) -> None:
            waiting = self.k != k and self.k not in review._cache  # stepped to a decision not worked out yet
            if self.threaded and (review is not self._review or not self.open or waiting):
                raise _Abandoned
            if k == self.k or self.summary_shown:  # the bar follows what the student waits for
                self.progress.max = max(1, total)
                self.progress.value = done

        with self._lock:
            review.decision(k, progress=step)
        if k == self.k or self.summary_shown:
            self.progress.value = self.progress.max

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker (tests, and a summary that needs every decision)."""
        if self._worker is not None:
            self._worker.join(timeout)

    # --- drawing -----------------------------------------------------------------------------
    def redraw(self, lang: str) -> None:
        ok = self.available()
        self.button.layout.display = None if ok else "none"
        if not ok:
            self.open = False
        self.button.description = T("close", lang) if self.open else RT("title", lang)
        self.widget.layout.display = None if self.open else "none"
        self.prev.description, self.next.description = T("prev", lang), T("next", lang)
        self.summary.description = T("summary", lang)
        self.seat_box.description = T("seat", lang)
        self.progress.description = T("progress", lang)  # what the bar counts: the rollouts of the decision shown
        from .board_view import seat_name

        seats = self.seats()
        opts = [(seat_name(p, lang), p) for p in seats]
        if list(self.seat_box.options) != opts:
            keep = self.seat if self.seat in seats else seats[0]
            self.seat_box.options = opts
            self.seat_box.value = keep
        self.seat_box.layout.display = None if len(seats) > 1 else "none"
        if self.open:
            self.draw(lang)

    def draw(self, lang: str) -> None:
        review = self.review()
        n = len(review)
        if not n:
            self.head.value = f"{STYLE}<h4>{html.escape(RT('title', lang))}</h4><p>{html.escape(T('no_decision', lang))}</p>"
            self.picture.value = self.table.value = self.words.value = ""
            return
        self.prev.disabled = self.k == 0
        self.next.disabled = self.k >= n - 1
        d = review._cache.get(self.k)
        options = d.options if d is not None else review.options(self.k)
        state = review.events[review.moves[self.k]].before
        title = RT("decision", lang, k=self.k + 1, n=n)
        self.head.value = f"{STYLE}<h4>{html.escape(RT('title', lang))} — {html.escape(title)}</h4>"
        svg = review.game.render_svg(state, review.seat, lang, narrow=self.board.narrow)
        self.picture.value = f"<div class='mineedu-review-svg'>{svg}</div>"
        self.table.value = (f"<div class='mineedu-review-options' data-decision='{self.k + 1}'>"
                            f"{options_html(review, options, lang, d is None)}</div>")
        if self.summary_shown and len(review._cache) < n:
            self.words.value = f"<p><i>{html.escape(T('computing_all', lang, k=len(review._cache), n=n))}</i></p>"
        elif self.summary_shown:
            text = review.summary(lang)
            self.words.value = "<div class='mineedu-review-summary-text'>" + "".join(
                f"<p>{html.escape(line)}</p>" for line in text.split("\n")) + "</div>"
        else:
            luck = d.luck if d is not None else None
            self.words.value = f"<p><i>{html.escape(luck['words'][lang])}</i></p>" if luck else ""


def interval_bar(option: Option, lang: str) -> str:
    """A win chance as a picture: the interval as a band on 0–100 %, the estimate as a tick."""
    w = option.win
    if w is None:
        return ""
    lo, hi = w.interval
    x, a, b = 100 * w.mean, 100 * lo, 100 * hi
    colour = "#1b5e20" if option.best else "#0d47a1" if option.as_good else "#6d6d6d"
    text = f"{format_number(w.mean, lang, 0, percent=True)} {interval_text(lo, hi, lang)}"
    return (f"<svg viewBox='0 0 100 10' width='140' height='16' role='img' aria-label='{html.escape(text)}'>"
            f"<rect x='0' y='4' width='100' height='2' fill='#ddd'/>"
            f"<rect x='{a:.1f}' y='1.5' width='{max(b - a, 0.5):.1f}' height='7' fill='{colour}' opacity='0.45'/>"
            f"<rect x='{x - 0.75:.1f}' y='0' width='1.5' height='10' fill='{colour}'/></svg>"
            f" <span class='mineedu-review-win'>{html.escape(text)}</span>")


def options_html(review: Review, options: list[Option], lang: str, pending: bool) -> str:
    """The options as a table: the action, the game's exact figures, P(win) with its interval, the marks."""
    rows = []
    for o in options:
        marks = []
        if o.chosen:
            marks.append(f"<span class='mineedu-review-chosen'>{html.escape(RT('chosen', lang))}</span>")
        if o.best:
            marks.append(f"<span class='mineedu-review-best'>{html.escape(RT('best', lang))}</span>")
        elif o.as_good and o.win is not None:
            marks.append(f"<span class='mineedu-review-as-good'>{html.escape(RT('as_good', lang))}</span>")
        figures = "<br>".join(
            f"{html.escape(figure_words(review.parts, name, lang))}{colon(lang)} "
            f"<span class='mineedu-review-figure' data-figure='{html.escape(name)}' data-exact='{html.escape(v['reduced'])}'>"
            f"{html.escape(figure_text(v, lang))}</span>" for name, v in o.figures.items())
        win = interval_bar(o, lang) if o.win is not None else (html.escape(T("computing", lang)) if pending else "—")
        cls = " class='mineedu-review-row-chosen'" if o.chosen else ""
        rows.append(f"<tr{cls}><td>{html.escape(o.labels[lang])} {' '.join(marks)}</td><td>{figures or '—'}</td>"
                    f"<td>{win}</td></tr>")
    head = (f"<tr><th>{html.escape(RT('option', lang))}</th><th>{html.escape(T('exact', lang))}</th>"
            f"<th>{html.escape(RT('win', lang))}</th></tr>")
    note = f"<p class='mineedu-review-how'>{html.escape(T('how', lang))}</p>"
    return f"<div class='mineedu-review-scroll'><table>{head}{''.join(rows)}</table></div>{note}"


__all__ = ["ReviewBox", "interval_bar", "options_html"]
