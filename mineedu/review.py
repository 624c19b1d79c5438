"""Decision review: after a game, each decision of one seat with its risk, its value and the best choice.

From a :class:`~mineedu.core.SavedGame` and a seat, :class:`Review` lists every move that seat
made. For each, the options as the board groups them (the first step of the game's
:class:`~mineedu.core.Choices`: My Gold Mine's two decks, the cave's destinations, Silver & Gold's
cards), and for each option:

* the game's own exact figures for it (``figures(state, seat, action)`` of the game's
  ``review.py``, built from its ``odds.py``; every number in the :func:`~mineedu.core.exact_json` form);
* the chance of winning if that option is taken and the lesson's bots play on (the seat included),
  by seeded rollouts (:class:`~mineedu.core.rollout.Rollouts`: on the game's kernel where it has one,
  else through :func:`~mineedu.core.playout`; the same games either way), with a 95 % Wilson interval; the
  rollouts stop at the first one where the interval is at most ±5 points (:data:`HALF_WIDTH`).

Hidden information stays hidden: a rollout starts from a world drawn by the game's
``sample(state, seat, rng)`` (its ``review.py``), which keeps what the seat saw and redraws what it
could not (the others' hands, their face-down cards), as a function of the seat's observation only.
A game without ``sample`` hides nothing a rollout could use (its future is chance not yet drawn).

A group plays one action: the one chosen if it lies in the group, else the one the play-on bot
picks among the group's actions. The chosen option and the best (highest estimate) are marked;
an option whose interval overlaps the best one's is "as good as" it. Each decision is worked out
when first asked for (:meth:`Review.decision`) and kept. :meth:`Review.summary` says in words which
decisions matched the best, the costliest one, and where luck turned, apart from the decisions.

A game's parts for the review live in ``mineedu/games/<name>/review.py`` (found by name, as the
core finds nothing else: a sixth game adds the one file); every function there is optional:
``figures``, ``FIGURES`` (the figures' words), ``sample``, ``luck``.
"""

from __future__ import annotations

import importlib
import importlib.util
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType
from typing import Any

import numpy as np

from mineedu.core.choices import ChoiceTree, Path
from mineedu.core.exact import from_json
from mineedu.core.game import Action, Bot, Game, RandomBot, State
from mineedu.core.i18n import LANGS, Texts, colon, count, format_number, interval_text, player_name
from mineedu.core.lesson import lesson_spec
from mineedu.core.play import Event, playout, wilson_interval
from mineedu.core.rollout import Play, Rollouts
from mineedu.core.saved import SavedGame

HALF_WIDTH = 0.05
"""The widest a win chance's 95 % interval may be on each side (5 points)."""
BATCH = 32
"""Rollouts between two reports of progress."""
PER_DECISION = 1000
"""A decision's progress is told in thousandths (its options share them equally)."""
MAX_ROLLOUTS = 1200
"""Enough for ±5 points at any win chance (the worst, 50 %, needs 385)."""
SWING = 0.15
"""A change of win chance between two decisions of at least this much is a turn of luck."""
RARE = Fraction(1, 3)
"""What happened after a decision is luck when it had at most this chance."""

T = Texts({
    "title": {"fr": "Revoir mes décisions", "en": "Review my decisions"},
    "decision": {"fr": "Décision {k} sur {n}", "en": "Decision {k} of {n}"},
    "forced": {"fr": "coup forcé (une seule possibilité)", "en": "forced move (only one possibility)"},
    "chosen": {"fr": "votre choix", "en": "your choice"},
    "best": {"fr": "le meilleur", "en": "the best"},
    "as_good": {"fr": "aussi bon", "en": "as good"},
    "win": {"fr": "P(gagner)", "en": "P(win)"},
    "option": {"fr": "Option", "en": "Option"},
    "rollouts": {"fr": "{n} parties simulées", "en": "{n} simulated games"},
    "none": {"fr": "{p} n'a pris aucune décision dans cette partie.", "en": "{p} made no decision in this game."},
    "matched": {"fr": "{m} sur {n} au niveau de la meilleure (les intervalles se recouvrent).",
                "en": "{m} of {n} as good as the best (the intervals overlap)."},
    "costliest": {"fr": "Le choix le plus coûteux : décision {k}, « {chosen} » au lieu de « {best} » "
                        "(P(gagner) {a} au lieu de {b}).",
                  "en": "The costliest choice: decision {k}, “{chosen}” instead of “{best}” "
                        "(P(win) {a} instead of {b})."},
    "no_cost": {"fr": "Aucun choix n'a coûté nettement de chances de gagner.",
                "en": "No choice clearly cost a chance of winning."},
    "luck_head": {"fr": "La chance, à part les décisions :", "en": "Luck, apart from the decisions:"},
    "no_luck": {"fr": "Pas de coup de chance marquant : le résultat suit les décisions.",
                "en": "No striking turn of luck: the result follows the decisions."},
    "luck_for": {"fr": "après la décision {k}, la chance vous a souri : {what}",
                 "en": "after decision {k}, luck went your way: {what}"},
    "luck_against": {"fr": "après la décision {k}, la chance a tourné contre vous : {what}",
                     "en": "after decision {k}, luck went against you: {what}"},
    "swing": {"fr": "P(gagner) de {a} à {b}", "en": "P(win) from {a} to {b}"},
    "won": {"fr": "gagné", "en": "won"},
    "lost": {"fr": "perdu", "en": "lost"},
    "end": {"fr": "la partie est finie : {r}", "en": "the game is over: {r}"},
    "lesson": {"fr": "Une bonne décision peut mal finir, et une mauvaise bien finir : "
                     "on juge une décision sur ce que l'on savait.",
               "en": "A good decision can end badly and a bad one well: "
                     "a decision is judged on what you knew."},
})


def parts(game: Game) -> ModuleType | None:
    """The game's ``review.py`` (``None`` if it has none)."""
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.review"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name) if found is not None else None


def play_on_seating(game: Game) -> tuple[str | None, ...]:
    """The bots that play on after each option: the lesson's seats (a seat the lesson leaves to a
    human plays as the lesson's first bot), ``None`` on the rules' own seats (Mine's dummy)."""
    spec = lesson_spec(game.name)
    seats: tuple[str | None, ...] = spec.seats if spec is not None and spec.seats else ()
    named = [s for s in seats if s] or [next(iter(game.bots))]
    auto = set(game.auto_seats())
    return tuple(None if p in auto else seats[p] if p < len(seats) and seats[p] else named[p % len(named)]
                 for p in range(game.num_players))


def rollouts_needed(wins: float, n: int, half_width: float, most: int) -> int:
    """About how many rollouts an interval within ±``half_width`` needs if the chance stays at ``wins``
    of ``n`` (at least 2 %, at most 98 %), between ``n`` + 1 and ``most``: the progress bar's length,
    not the stopping rule (that is the interval itself, at each rollout)."""
    p = min(max(wins / n, 0.02), 0.98) if n else 0.5
    lo, hi = n + 1, max(n + 1, most)
    while lo < hi:  # the fewest m whose Wilson interval at p is within ±half_width
        m = (lo + hi) // 2
        a, b = wilson_interval(p * m, m)
        lo, hi = (lo, m) if max(b - p, p - a) <= half_width else (m + 1, hi)
    return lo


def bot_game(game: Game, seed: int = 0) -> SavedGame:
    """A whole game of ``game`` played by the play-on bots (:func:`play_on_seating`), seeded: something to review."""
    bots = [game.make_bot(s) if s is not None else RandomBot() for s in play_on_seating(game)]
    moves: list[tuple[int, Action]] = []
    playout(game.initial_state(), bots, np.random.default_rng(seed), record=moves)
    return SavedGame(game, seed, moves)


@dataclass(frozen=True)
class WinChance:
    """A win chance by rollouts: ``wins`` (a shared win counts ``1/k``) of ``n`` games, its 95 % interval."""

    wins: float
    n: int

    @property
    def mean(self) -> float:
        return self.wins / self.n if self.n else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.n)

    def overlaps(self, other: WinChance) -> bool:
        a, b = self.interval
        c, d = other.interval
        return a <= d and c <= b

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {"mean": round(self.mean, 6), "ci95": [round(lo, 6), round(hi, 6)], "rollouts": self.n}


@dataclass
class Option:
    """One option of a decision: a group of the board's first step, played by ``action``."""

    key: str
    action: Action
    actions: int
    labels: dict[str, str]
    """The action played, in words."""
    group_labels: dict[str, str]
    """The board's step the group is (the action's words when the group is that one action)."""
    figures: dict[str, dict[str, Any]]
    chosen: bool
    win: WinChance | None = None
    best: bool = False
    as_good: bool = False


@dataclass
class Decision:
    """One move of the seat: where it stood (``state``, the true one: read it through ``view``), its options."""

    number: int
    move: int
    state: State
    seat: int
    options: list[Option]
    after: State | None = None
    """The first state after the move where someone decides (or the game's end): what chance did."""
    luck: dict[str, Any] | None = None

    @property
    def forced(self) -> bool:
        return len(self.options) == 1

    @property
    def chosen(self) -> Option:
        return next(o for o in self.options if o.chosen)

    @property
    def best(self) -> Option:
        return next((o for o in self.options if o.best), self.chosen)

    @property
    def view(self) -> Any:
        return self.state.observation(self.seat)

    def picture(self, lang: str = "fr") -> str:
        """The position as the seat saw it: the game's own picture of its observation."""
        return self.state.game.render_svg(self.state, self.seat, lang)

    def drop(self) -> float:
        """How much win chance the choice gave up against the best (0 when as good as it)."""
        c, b = self.chosen, self.best
        if c.win is None or b.win is None or c.as_good or c.best:
            return 0.0
        return b.win.mean - c.win.mean

    def to_json(self) -> dict[str, Any]:
        game = self.state.game
        return {
            "number": self.number,
            "move": self.move,
            "forced": self.forced,
            "options": [{
                "group": o.key,
                "label": o.labels,
                "group_label": o.group_labels,
                "action": game.action_to_json(o.action),
                "actions": o.actions,
                "chosen": o.chosen,
                "best": o.best,
                "as_good_as_best": o.as_good,
                "figures": o.figures,
                "win": o.win.to_json() if o.win is not None else None,
            } for o in self.options],
            "luck": self.luck,
        }


Sampler = Callable[[State, int, np.random.Generator], State]


@dataclass
class Review:
    """The review of ``saved`` for ``seat`` (see the module docstring).

    ``bots``: the play-on bots, one spec per seat (default :func:`play_on_seating`); ``rollouts``:
    a fixed number of rollouts per option instead of the adaptive count; ``seed``: the rollouts'
    seed (decision ``k``, option ``j`` draws from ``SeedSequence(seed, spawn_key=(move,))``, the same
    stream for every option of a decision, so options are compared on the same luck).
    """

    saved: SavedGame
    seat: int
    bots: tuple[str | None, ...] | None = None
    rollouts: int | None = None
    seed: int = 0
    half_width: float = HALF_WIDTH
    _cache: dict[int, Decision] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        game = self.saved.game
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or not 0 <= self.seat < game.num_players:
            raise ValueError(f"seat must be 0 to {game.num_players - 1}, not {self.seat!r}")
        if self.seat in game.auto_seats():
            raise ValueError(f"seat {self.seat} is played by the rules themselves")
        if self.rollouts is not None and (isinstance(self.rollouts, bool) or not isinstance(self.rollouts, int)
                                          or not 1 <= self.rollouts <= 100_000):
            raise ValueError(f"rollouts must be a whole number from 1 to 100000, not {self.rollouts!r}")
        self.bots = tuple(self.bots) if self.bots is not None else play_on_seating(game)
        idle = RandomBot()
        self._bots: list[Bot] = [game.make_bot(s) if s is not None else idle for s in self.bots]
        self._rollouts = Rollouts(game, self._bots)
        self.parts = parts(game)
        self.events: list[Event] = self.saved.events()
        self.moves = [i for i, e in enumerate(self.events) if e.player == self.seat]

    @property
    def game(self) -> Game:
        return self.saved.game

    def __len__(self) -> int:
        return len(self.moves)

    # --- one decision -------------------------------------------------------------------------
    def decision(self, k: int, progress: Callable[[int, int], None] | None = None) -> Decision:
        """Decision ``k`` (0-based), worked out once; ``progress(done, total)`` hears of its rollouts."""
        if not 0 <= k < len(self.moves):
            raise IndexError(f"decision {k} of {len(self.moves)}")
        hit = self._cache.get(k)
        if hit is None:
            hit = self._cache[k] = self._decide(k, progress)
        return hit

    def decisions(self, progress: Callable[[int, int], None] | None = None, jobs: int = 1) -> list[Decision]:
        """Every decision (``progress(done, total)`` counts decisions). With ``jobs`` > 1 the rollouts of
        the decisions not worked out yet run in that many processes: the same figures (each decision's
        rollouts depend only on the seed and its move)."""
        todo = [k for k in range(len(self.moves)) if k not in self._cache]
        if jobs > 1 and len(todo) > 1:
            for done, (k, wins) in enumerate(_in_processes(self, todo, jobs), 1):
                self._cache[k] = self._decide(k, None, wins)
                if progress is not None:
                    progress(len(self.moves) - len(todo) + done, len(self.moves))
        out = []
        for k in range(len(self.moves)):
            out.append(self.decision(k))
            if progress is not None and k in todo and jobs <= 1:
                progress(k + 1, len(self.moves))
        return out

    def options(self, k: int) -> list[Option]:
        """Decision ``k``'s options with their exact figures, without rollouts (quick)."""
        i = self.moves[k]
        event = self.events[i]
        state, seat = event.before, self.seat
        tree = ChoiceTree(self.game.choices, state, seat)
        group = getattr(self.parts, "group", None)
        groups: dict[str, list[Action]] = {}
        where: dict[str, Path] = {}
        for action in tree.legal:  # each action in one group: by its own path (an unordered choice has several)
            path = tuple(self.game.choices.path(state, seat, action))
            key = group(state, seat, path) if group is not None else path[0]
            groups.setdefault(key, []).append(action)
            where.setdefault(key, path[:path.index(key)] if key in path else ())
        figures = getattr(self.parts, "figures", None)
        out = []
        obs = state.observation(seat)
        for key, acts in groups.items():
            chosen = any(_same(a, event.action) for a in acts)
            if chosen:
                action = event.action
            elif len(acts) == 1:
                action = acts[0]
            else:  # the group as the play-on bot plays it (a fixed stream: the same for every viewer)
                action = self._pick(obs, acts, i)
            labels = {lang: self.game.action_label(action, lang) for lang in LANGS}
            if len(acts) > 1 and key in tree.options(where[key]):
                group_labels = {lang: tree.label(where[key], key, lang) for lang in LANGS}
            else:
                group_labels = labels
            out.append(Option(key=key, action=action, actions=len(acts), labels=labels, group_labels=group_labels,
                              figures=dict(figures(state, seat, action)) if figures is not None else {},
                              chosen=chosen))
        return out

    def _pick(self, obs: Any, acts: list[Action], move: int) -> Action:
        """The action of a group the play-on bot picks when offered that group alone; a bot that
        cannot choose among part of its legal actions gets the group's first (in the rules' order)."""
        rng = np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(move, 1 << 20)))
        try:
            action = self._bots[self.seat].act(obs, acts, rng)
        except (StopIteration, ValueError, KeyError, IndexError):
            return acts[0]
        return next((a for a in acts if _same(a, action)), acts[0])

    def wins(self, k: int, progress: Callable[[int, int], None] | None = None) -> list[WinChance]:
        """The win chance of each of decision ``k``'s options (none for a forced move)."""
        i = self.moves[k]
        state = self.events[i].before
        options = self.options(k)
        if len(options) < 2:
            return []
        sample = getattr(self.parts, "sample", None)
        out = []
        for j, o in enumerate(options):
            def step(done: int, total: int, j: int = j) -> None:
                if progress is not None:  # per mille of the decision: option j's share done
                    progress(round(PER_DECISION * (j + done / total) / len(options)), PER_DECISION)
            out.append(self.win_chance(state, o.action, i, sample, step))
        return out

    def _decide(self, k: int, progress: Callable[[int, int], None] | None,
                wins: list[WinChance] | None = None) -> Decision:
        i = self.moves[k]
        event = self.events[i]
        options = self.options(k)
        after = next((e.before for e in self.events[i + 1:] if not e.before.is_chance()), self.events[-1].after)
        decision = Decision(number=k + 1, move=i, state=event.before, seat=self.seat, options=options, after=after)
        if len(options) > 1:
            for o, w in zip(options, self.wins(k, progress) if wins is None else wins, strict=True):
                o.win = w
            best = max(options, key=lambda o: o.win.mean if o.win is not None else -1.0)
            best.best = True
            for o in options:
                assert o.win is not None and best.win is not None
                o.as_good = o is best or o.win.overlaps(best.win)
        luck = getattr(self.parts, "luck", None)
        if luck is not None:
            decision.luck = luck(event.before, self.seat, event.action, after)
        return decision

    def win_chance(self, state: State, action: Action, move: int, sample: Sampler | None = None,
                   progress: Callable[[int, int], None] | None = None) -> WinChance:
        """P(the seat wins) if it plays ``action`` at ``state`` and the bots play on, by rollouts
        from worlds ``sample`` draws (the same stream for every action of ``move``)."""
        rng = np.random.default_rng(np.random.SeedSequence(self.seed, spawn_key=(move,)))
        game, seat, start = self.game, self.seat, self._rollouts.start
        if sample is None:  # nothing hidden: one position, read once
            fixed = start(state.apply(action, player=seat))

            def rollout() -> Play:
                return fixed
        else:
            draw_world = sample

            def rollout() -> Play:
                return start(draw_world(state, seat, rng).apply(action, player=seat))
        wins, n = 0.0, 0
        target = self.rollouts or MAX_ROLLOUTS
        adaptive, h = self.rollouts is None, self.half_width
        while n < target:
            wins += game.metrics(rollout()(rng), seat)["win"]
            n += 1
            if adaptive:  # stopped at the first rollout where the interval is within ±h (checked at each)
                lo, hi = wilson_interval(wins, n)
                if max(hi - wins / n, wins / n - lo) <= h:
                    break
            if progress is not None and n % BATCH == 0:
                progress(n, rollouts_needed(wins, n, h, target) if adaptive else target)
        if progress is not None:
            progress(n, n)
        return WinChance(wins, n)

    # --- the whole game -----------------------------------------------------------------------
    def luck_moments(self) -> list[tuple[Decision, dict[str, Any]]]:
        """After which decisions chance (or the others) turned the game, and how: a game's own
        ``luck`` (what happened and its exact chance) where it is rare, else a swing of win chance
        between this decision's choice and the next decision (or the result)."""
        out: list[tuple[Decision, dict[str, Any]]] = []
        ds = self.decisions()
        for k, d in enumerate(ds):
            if d.luck is not None and from_json(d.luck["p"]) <= RARE:
                out.append((d, {"good": d.luck["good"], "words": d.luck["words"], "p": d.luck["p"]}))
                continue
            a = d.chosen.win
            if a is None:
                continue
            if k + 1 < len(ds):
                nxt = [o.win for o in ds[k + 1].options if o.win is not None]
                if not nxt:
                    continue
                b = max(w.mean for w in nxt)
                words = {lang: T("swing", lang, a=percent(a.mean, lang), b=percent(b, lang)) for lang in LANGS}
            else:
                final = self.events[-1].after
                if not final.is_terminal():
                    continue
                b = self.game.metrics(final, self.seat)["win"]
                words = {lang: T("end", lang, r=T("won" if b > 0 else "lost", lang)) + " ("
                         + T("swing", lang, a=percent(a.mean, lang), b=percent(b, lang)) + ")" for lang in LANGS}
            if abs(b - a.mean) >= SWING:
                out.append((d, {"good": b > a.mean, "words": words}))
        return out

    def summary(self, lang: str = "fr") -> str:
        """The review in words: decisions as good as the best, the costliest one, luck apart."""
        ds = self.decisions()
        if not ds:
            return T("none", lang, p=player_name(self.seat, lang))
        real = [d for d in ds if not d.forced]
        lines = [T("matched", lang, m=count(sum(d.chosen.as_good for d in real), lang, "décision", "décisions", "decision",
                                               "decisions"), n=len(real))]
        worst = max(real, key=Decision.drop, default=None)
        if worst is not None and worst.drop() > 0:
            c, b = worst.chosen, worst.best
            assert c.win is not None and b.win is not None
            lines.append(T("costliest", lang, k=worst.number, chosen=c.labels[lang], best=b.labels[lang],
                           a=percent(c.win.mean, lang), b=percent(b.win.mean, lang)))
        else:
            lines.append(T("no_cost", lang))
        moments = self.luck_moments()
        if moments:
            lines.append(T("luck_head", lang))
            for d, m in moments:
                lines.append("– " + T("luck_for" if m["good"] else "luck_against", lang, k=d.number, what=m["words"][lang]))
        else:
            lines.append(T("no_luck", lang))
        lines.append(T("lesson", lang))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """``{"decisions": [...]}`` (one per move of the seat), with the seat, the bots and the summary."""
        ds = self.decisions()
        return {
            "game": self.game.name,
            "seat": self.seat,
            "bots": list(self.bots or ()),
            "half_width": self.half_width if self.rollouts is None else None,
            "rollouts": self.rollouts,
            "seed": self.seed,
            "decisions": [d.to_json() for d in ds],
            "summary": {lang: self.summary(lang) for lang in LANGS},
        }

    def table(self, lang: str = "en") -> str:
        """The review as the text ``mineedu review`` prints."""
        lines = [f"{self.game.title[lang]} — {T('title', lang)} — {player_name(self.seat, lang)}"]
        for d in self.decisions():
            lines.append("")
            lines.append(T("decision", lang, k=d.number, n=len(self)) + (f" ({T('forced', lang)})" if d.forced else ""))
            for o in d.options:
                marks = [T(m, lang) for m, on in (("chosen", o.chosen), ("best", o.best),
                                                  ("as_good", o.as_good and not o.best)) if on]
                figs = "; ".join(f"{figure_words(self.parts, name, lang)}{colon(lang)} {figure_text(v, lang)}"
                                 for name, v in o.figures.items())
                win = ""
                if o.win is not None:
                    lo, hi = o.win.interval
                    win = f"{T('win', lang)} {percent(o.win.mean, lang)} {interval_text(lo, hi, lang)}"
                cells = [c for c in (o.labels[lang], figs, win) if c]
                lines.append(("  * " if o.chosen else "    ") + " | ".join(cells) + (f"  <- {', '.join(marks)}" if marks else ""))
        lines.append("")
        lines.append(self.summary(lang))
        return "\n".join(lines)


_WORKER: list[Review] = []


def _start_worker(text: str, seat: int, bots: tuple[str | None, ...], rollouts: int | None, seed: int,
                  half_width: float) -> None:
    _WORKER[:] = [Review(SavedGame.loads(text), seat, bots, rollouts, seed, half_width)]


def _worker_wins(k: int) -> tuple[int, list[WinChance]]:
    return k, _WORKER[0].wins(k)


def _in_processes(review: Review, todo: list[int], jobs: int) -> Any:
    """``(k, wins)`` for each decision of ``todo``, worked out in ``jobs`` worker processes (in order)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    args = (review.saved.dumps(), review.seat, tuple(review.bots or ()), review.rollouts, review.seed, review.half_width)
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_start_worker, initargs=args) as pool:
        # the longest first (the earliest decisions have the longest games ahead), so the load evens out
        order = sorted(todo)
        yield from pool.map(_worker_wins, order)


def _same(a: Any, b: Any) -> bool:
    from mineedu.core.game import same_action

    return same_action(a, b)


def percent(x: float, lang: str) -> str:
    return format_number(x, lang, 0, percent=True)


def figure_words(module: ModuleType | None, name: str, lang: str) -> str:
    table: Texts | None = getattr(module, "FIGURES", None)
    return table(name, lang) if table is not None and name in table.table else name


def figure_text(value: Mapping[str, Any], lang: str) -> str:
    """An exact figure as a reader reads it: ``4/29 ≈ 13,8 %`` for a probability, the number else."""
    x = from_json(value)
    if value.get("percent", 0 <= x <= 1 and x.denominator != 1):
        return f"{value['fraction']} ≈ {format_number(float(x), lang, 1, percent=True)}"
    return value["fraction"] if x.denominator == 1 else f"{value['fraction']} ≈ {format_number(float(x), lang, 2)}"


__all__ = ["HALF_WIDTH", "Decision", "Option", "Review", "WinChance", "bot_game", "parts", "play_on_seating"]
