"""The ``mineedu`` command: exact odds, seeded simulations, and the web apps.

    mineedu games
    mineedu odds gold_mine [--state saved.json] [--players N] [--player P] [--json]   (the lesson's table)
    mineedu review saved.json --player 0 [--json] [--rollouts 200]
    mineedu simulate gold_mine --players 4 --bots threshold:0.15,random --games 1000 --seed 1 [--jobs 2] [--json]
    mineedu serve [--port 8866]
    mineedu serve --class --lesson gold_mine [--students 30]
    mineedu lab [DIR] [--lang fr|en] [--no-browser]
    mineedu --version
    mineedu table new gold_mine --players 4 [--bots ,,greedy] [--set KEY=VALUE] [--store URL] [--json]
    mineedu table list | show CODE | bot CODE SEAT SPEC      (the class's shared tables)
    mineedu class export [--csv DIR | --json] | clear [--yes]   (the class's results)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import __version__
from .core import Game, MineeduError, SavedGame, game_class, game_names, make, tournament
from .core.lesson import lesson_spec
from .core.play import GameMetrics, tournament_games, tournament_specs, tournament_summary


def _settings(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``["deck_mode=face_up", "rounds=2"]`` -> config overrides (values read as JSON, else text)."""
    out: dict[str, Any] = {}
    for pair in pairs or ():
        key, eq, raw = pair.partition("=")
        if not eq or not key.strip():
            raise MineeduError(f"--set takes KEY=VALUE, not {pair!r}")
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw
    return out


def lesson_table(name: str) -> tuple[int, dict[str, Any]] | None:
    """The table a game's lesson plays (its players and config: Mine's 3 players, the 3rd a dummy),
    read from the lesson's spec (:mod:`mineedu.core.lesson`, no widgets); ``None`` without a lesson."""
    spec = lesson_spec(name)
    return (spec.players, dict(spec.config)) if spec is not None else None


def to_move(game: Game, state: Any) -> int:
    """Whose odds ``mineedu odds`` shows by default: the player to move (the first of those who
    choose at once); at a chance move (Mine's dummy laying its first card), the first seat the
    rules do not play themselves."""
    movers = state.players_to_move() if not state.is_terminal() else ()
    if movers:
        return int(movers[0])
    return next(p for p in range(game.num_players) if p not in game.auto_seats())


def _odds(args: argparse.Namespace) -> int:
    if args.state:
        saved = SavedGame.load(args.state)
        if args.set:
            raise MineeduError("--set does not apply to a saved game: its config is saved with it")
        if args.players is not None:
            raise MineeduError("--players does not apply to a saved game: its table is saved with it")
        if saved.game.name != args.game:
            raise MineeduError(f"{args.state} is a saved {saved.game.name} game, not {args.game}")
        game, state = saved.game, saved.replay()
    else:
        cls = game_class(args.game)
        table = lesson_table(args.game)
        if table is None:
            print(f"mineedu: {args.game} has no lesson: the rules' own table", file=sys.stderr)
        players, config = table or (max(cls.min_players, min(4, cls.max_players)), {})
        game = make(args.game, args.players or players, **{**config, **_settings(args.set)})
        state = game.initial_state()
    player = to_move(game, state) if args.player is None else args.player
    if isinstance(player, bool) or not 0 <= player < game.num_players:
        raise MineeduError(f"--player must be 0..{game.num_players - 1} (the table has {game.num_players} players), not {player}")
    report = game.odds_report(state, player)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1, sort_keys=True))
    else:
        print(game.format_odds(report, args.lang))
    return 0


def _review(args: argparse.Namespace) -> int:
    from .review import Review

    saved = SavedGame.load(args.saved)
    try:
        review = Review(saved, args.player, rollouts=args.rollouts, seed=args.seed)
    except ValueError as exc:
        raise MineeduError(str(exc)) from exc
    bar = None
    if not args.no_progress and len(review):
        from tqdm import tqdm

        bar = tqdm(total=len(review), file=sys.stderr, unit="decision", desc="review", leave=False)
    try:
        if args.jobs < 1:
            raise MineeduError("--jobs must be at least 1")
        review.decisions(progress=(lambda done, total: bar.update(done - bar.n)) if bar else None, jobs=args.jobs)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        print(review.table(args.lang))
    return 0


def _simulate(args: argparse.Namespace) -> int:
    game = make(args.game, args.players, **_settings(args.set))
    specs = [s for s in args.bots.split(",") if s.strip()] if args.bots else ["random"]
    if args.games < 1:
        raise MineeduError("--games must be at least 1")
    if args.jobs < 1:
        raise MineeduError("--jobs must be at least 1")
    bar = None
    if not args.no_progress and args.games >= 100:
        from tqdm import tqdm

        bar = tqdm(total=args.games, file=sys.stderr, unit="game", desc=f"{args.game}", leave=False)
    try:
        if args.jobs == 1:
            result = tournament(game, specs, args.games, args.seed, progress=(lambda k: bar.update(1)) if bar else None)
        else:
            result = parallel_tournament(game, specs, args.games, args.seed, args.jobs,
                                         progress=(lambda k: bar.update(k)) if bar else None)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1, sort_keys=True))
    else:
        print(format_tournament(result))
    return 0


def _play_games(game: Game, specs: list[str], seed: int, start: int, stop: int) -> list[GameMetrics]:
    return tournament_games(game, specs, seed, range(start, stop))


def parallel_tournament(
    game: Game, bot_specs: Sequence[str], games: int, seed: int, jobs: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """:func:`mineedu.core.tournament` with its games spread over ``jobs`` processes: the same result.

    Game ``g`` depends only on the seed and ``g``, so the games are cut into
    slices, played in worker processes, and summed up in game order.
    ``progress`` is told how many more games are done after each slice.
    """
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    specs = tournament_specs(game, bot_specs)
    size = max(1, min(500, -(-games // (8 * jobs))))  # slices small enough for the load to even out
    cuts = [(a, min(a + size, games)) for a in range(0, games, size)]
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    played: list[GameMetrics] = []
    with ProcessPoolExecutor(max_workers=min(jobs, len(cuts)), mp_context=context) as pool:
        for (a, b), part in zip(cuts, pool.map(_play_games, *zip(*[(game, specs, seed, a, b) for a, b in cuts]))):
            played += part
            if progress is not None:
                progress(b - a)
    return tournament_summary(game, specs, games, seed, played)


def format_tournament(result: dict[str, Any]) -> str:
    """A plain-text table of a :func:`mineedu.core.tournament` result."""
    keys: list[str] = []
    for row in result["bots"]:
        keys += [k for k in row if k != "bot" and k not in keys]
    lines = [
        f"{result['game']}: {result['games']} games, {result['players']} players, seed {result['seed']}"
        " (mean [95% CI])"
    ]
    head = ["bot"] + keys
    rows = [
        [row["bot"]] + [f"{row[k]['mean']:.3f} [{row[k]['ci95'][0]:.3f}, {row[k]['ci95'][1]:.3f}]" for k in keys]
        for row in result["bots"]
    ]
    widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(len(head))]
    for r in [head] + rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
    return "\n".join(lines)


def _serve(args: argparse.Namespace) -> int:
    from .launch import serve

    if args.pool_size < 0:
        raise MineeduError("--pool-size must be 0 or more")
    if args.students < 1:
        raise MineeduError("--students must be at least 1")
    if args.cull_after < 10:
        raise MineeduError("--cull-after must be at least 10 seconds")
    if args.max_kernels < 0:
        raise MineeduError("--max-kernels must be 0 (from the memory available) or more")
    if (args.token or args.lesson or args.public_url) and not args.for_class and not args.address:
        raise MineeduError("--token, --lesson and --public-url are for a class: add --class")
    return serve(
        port=args.port, open_browser=args.open, pool_size=args.pool_size,
        for_class=args.for_class, address=args.address, token=args.token, lesson=args.lesson,
        students=args.students, cull_after=args.cull_after, max_kernels=args.max_kernels, public_url=args.public_url,
        store=args.store,
    )


def _lab(args: argparse.Namespace) -> int:
    from .lab import LabError, lab

    try:
        return lab(args.dir, args.lang, port=args.port, open_browser=not args.no_browser)
    except LabError as exc:
        raise MineeduError(str(exc)) from None


SERVER_ENV = "MINEEDU_SERVER_URL"


def _store(args: argparse.Namespace) -> Any:
    from .store import open_store

    return open_store(args.store)


def _bot_seats(spec: str | None, players: int) -> list[str | None]:
    """``--bots ,,greedy`` -> one entry per seat from J1 (empty, ``-`` or ``student``: a student's
    seat; seats after the list: students)."""
    entries = [] if spec is None else [s.strip() for s in spec.split(",")]
    if len(entries) > players:
        raise MineeduError(f"--bots lists {len(entries)} seats, the table has {players}")
    seats: list[str | None] = [None if e in ("", "-", "student", "human") else e for e in entries]
    return seats + [None] * (players - len(seats))


def table_link(game: str, code: str, server: str | None) -> str:
    """The link a student opens to sit at table ``code``: on ``server`` (its query, e.g. the class
    token, kept) or, without one, relative to the class server.

    >>> table_link("gold_mine", "ABCDE", None)
    '/voila/render/gold_mine.ipynb?table=ABCDE'
    >>> table_link("yukon", "ABCDE", "http://10.0.0.5:8866/?token=t0k")
    'http://10.0.0.5:8866/voila/render/yukon.ipynb?token=t0k&table=ABCDE'
    """
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

    path = f"/voila/render/{game}.ipynb"
    if not server:
        return f"{path}?table={code}"
    parts = urlsplit(server)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "table"] + [("table", code)]
    base = parts.path.rstrip("/")
    if base.endswith("/voila/render") or base.endswith(".ipynb"):
        base = base[: base.find("/voila")]
    return urlunsplit((parts.scheme, parts.netloc, base + path, urlencode(query), ""))


def _seat_words(seat: Any, game: Game) -> str:
    from .core.i18n import player_name

    who = player_name(seat.index, "en")
    if seat.auto:
        return f"{who} the rules"
    if seat.bot:
        return f"{who} bot {game.bot_name(seat.bot, 'en')}"
    return f"{who} {seat.name}" if seat.held else f"{who} free"


def _table_new(args: argparse.Namespace) -> int:
    config = _settings(args.set)
    store = _store(args)  # the store checks the game, players, config and bots with the game itself
    info = store.create_table(args.game, args.players, bots=_bot_seats(args.bots, args.players), config=config,
                              seed=args.seed)
    game = make(info.game, info.players, **config)
    server = args.server or os.environ.get(SERVER_ENV) or store.server_url()
    link = table_link(info.game, info.code, server)
    if args.json:
        print(json.dumps({**info.to_json(), "link": link, "store": repr(store)}, ensure_ascii=False, indent=1))
        return 0
    print(f"Table {info.code}: {game.title['en']}, {info.players} players "
          f"({', '.join(_seat_words(s, game) for s in info.seats)})")
    print(f"Link: {link}")
    if not server:
        print(f"  (on the class server: http://ADDRESS:8866{link}, with the class token as mineedu serve --class "
              f"prints it; or give --server URL, or ${SERVER_ENV})")
    print(f"Students may also type the code {info.code} on the lesson page.")
    return 0


def _table_list(args: argparse.Namespace) -> int:
    store = _store(args)
    tables = store.tables()
    if args.json:
        print(json.dumps([t.to_json() for t in tables], ensure_ascii=False, indent=1))
        return 0
    if not tables:
        print("No table yet: mineedu table new GAME --players N")
    for t in tables:
        game = make(t.game, t.players, **dict(t.config))
        state = "over" if t.finished else f"{t.moves} moves"
        print(f"{t.code:8} {t.game:12} {state:10} {', '.join(_seat_words(s, game) for s in t.seats)}")
    return 0


def table_view(store: Any, code: str) -> dict[str, Any]:
    """What a spectator may know of a table: game, seats taken (first names), whose turn, the moves so far
    in a spectator's words (nothing private)."""
    from .core import CHANCE, SIMULTANEOUS
    from .core.i18n import player_name
    from .store import replay

    info = store.table(code)
    game, state, events = replay(store, info.code)
    cp = state.current_player()
    if state.is_terminal():
        turn: dict[str, Any] = {"over": True, "seats": [], "text": "the game is over"}
    elif cp == CHANCE:
        turn = {"over": False, "seats": [], "text": "chance (the next draw)"}
    else:
        owing = list(state.players_to_move())
        names = [player_name(p, "en") + (f" ({info.seats[p].name})" if info.seats[p].name else "") for p in owing]
        turn = {"over": False, "seats": owing, "simultaneous": cp == SIMULTANEOUS,
                "text": ("waiting for " if cp == SIMULTANEOUS else "") + ", ".join(names)}
    log = [line for line in (game.describe_event(e, None, "en") for e in events) if line]
    return {**info.to_json(), "turn": turn, "log": log}


def _table_show(args: argparse.Namespace) -> int:
    store = _store(args)
    view = table_view(store, args.code)
    if args.json:
        print(json.dumps(view, ensure_ascii=False, indent=1))
        return 0
    game = make(view["game"], view["players"], **view["config"])
    info = store.table(args.code)
    print(f"Table {view['code']}: {game.title['en']}, {view['players']} players{', finished' if view['finished'] else ''}")
    print("Seats: " + ", ".join(_seat_words(s, game) for s in info.seats))
    print(f"Turn: {view['turn']['text']}")
    print(f"Moves so far: {view['moves']}")
    for line in view["log"][-10:]:
        print(f"  {line}")
    return 0


def _seat_number(text: str, players: int) -> int:
    raw = text.strip().upper().lstrip("JP")
    if not raw.isdigit() or not 1 <= int(raw) <= players:
        raise MineeduError(f"SEAT is J1 to J{players} (or 1 to {players}), not {text!r}")
    return int(raw) - 1


def _table_bot(args: argparse.Namespace) -> int:
    store = _store(args)
    info = store.table(args.code)
    seat = _seat_number(args.seat, info.players)
    spec = None if args.spec in ("none", "student", "-") else args.spec
    store.seat_bot(info.code, seat, spec)
    game = make(info.game, info.players, **dict(info.config))
    print(_seat_words(store.table(info.code).seats[seat], game))
    return 0


def _class_export(args: argparse.Namespace) -> int:
    store = _store(args)
    data = store.export()
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    if args.csv:
        for name, rows in export_rows(data).items():
            path = _write_csv(args.csv, name, rows)
            print(f"{path} ({len(rows) - 1} rows)")
        return 0
    kinds = ("predictions", "trials", "exercises", "tournaments")
    print(f"{len(data['students'])} students, {len(data['tables'])} tables; "
          + ", ".join(f"{sum(len(s[k]) for s in data['students'])} {k}" for k in kinds)
          + f"; {len(data['means'])} questions of a mean pooled")
    print("Write them with --csv DIR (one file per kind, for a spreadsheet) or --json.")
    return 0


def _when(t: float | None) -> str:
    """A moment as a spreadsheet reads it (this computer's local time), ``""`` for never."""
    import time

    return "" if t is None else time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t))


def export_rows(data: dict[str, Any]) -> dict[str, list[list[Any]]]:
    """The class export as spreadsheet rows, one sheet per kind (first row: the headings; moments in local time).

    ``trials`` holds the samples of a frequency, ``mean_trials`` those of a mean (their sum, sum of squares
    and mean); ``means`` per question of a mean the class's pooled mean with its 95 % interval (normal
    approximation), then each student's mean."""
    columns = {
        "predictions": ["value"], "trials": ["successes", "trials"],
        "exercises": ["correct", "answer"], "tournaments": ["wins", "games"],
    }
    out: dict[str, list[list[Any]]] = {
        "students": [["student", "name", "last_seen", "lesson", "section"]]
        + [[s["id"], s["name"], _when(s["last_seen"]), s["lesson"], s["section"]] for s in data["students"]],
    }
    for kind, cols in columns.items():
        out[kind] = [["student", "name", "lesson", "question", *cols, "at"]] + [
            [s["id"], s["name"], r["lesson"], r["key"], *(r.get(c) for c in cols), _when(r["at"])]
            for s in data["students"] for r in s[kind] if kind != "trials" or "successes" in r
        ]
    out["mean_trials"] = [["student", "name", "lesson", "question", "sum", "sumsq", "trials", "mean", "at"]] + [
        [s["id"], s["name"], r["lesson"], r["key"], r["sum"], r["sumsq"], r["trials"], r["sum"] / r["trials"], _when(r["at"])]
        for s in data["students"] for r in s["trials"] if "sum" in r
    ]
    names = {s["id"]: s["name"] for s in data["students"]}
    means = [["lesson", "question", "who", "student", "name", "samples", "trials", "mean", "low_95", "high_95"]]
    for q in data.get("means", []):
        means.append([q["lesson"], q["key"], "class", "", "", q["samples"], q["trials"], q["mean"], q["low"], q["high"]])
        means += [[q["lesson"], q["key"], "student", p["student"], names.get(p["student"], ""), p["samples"], p["trials"],
                   p["mean"], "", ""] for p in q["per_student"]]
    out["means"] = means
    return out


def _write_csv(folder: str, name: str, rows: list[list[Any]]) -> str:
    import csv
    from pathlib import Path

    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
        target = path / f"{name}.csv"
        with target.open("w", newline="", encoding="utf-8-sig") as f:  # the mark lets a spreadsheet read the accents
            csv.writer(f).writerows(rows)
    except OSError as exc:
        raise MineeduError(f"cannot write {path}: {exc}") from exc
    return str(target)


def _class_clear(args: argparse.Namespace) -> int:
    store = _store(args)
    data = store.export()
    what = f"{len(data['students'])} students and their results, {len(data['tables'])} tables"
    if not args.yes:
        if not sys.stdin.isatty():
            raise MineeduError(f"this deletes {what} in {store!r}: add --yes")
        answer = input(f"Delete {what} in {store!r}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes", "o", "oui"):
            print("Nothing deleted.")
            return 1
    store.clear()
    print(f"Deleted {what}.")
    return 0


def _games(args: argparse.Namespace) -> int:
    for name in game_names():
        cls = game_class(name)
        print(f"{name:12} {cls.min_players}-{cls.max_players} players  {cls.title['fr']} / {cls.title['en']}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mineedu", description="Mining board games as probability lessons.")
    p.add_argument("--version", action="version", version=f"mineedu {__version__}")
    sub = p.add_subparsers(dest="command", required=True)

    g = sub.add_parser("games", help="list the games")
    g.set_defaults(func=_games)

    o = sub.add_parser("odds", help="exact odds of a position")
    o.add_argument("game")
    o.add_argument("--state", help="a saved game (JSON); default: the start of the lesson's game")
    o.add_argument("--players", type=int, help="players of the new game (default: the lesson's table, its variant kept)")
    o.add_argument("--player", type=int, help="whose point of view, 0 the first (default: the player to move)")
    o.add_argument("--set", action="append", metavar="KEY=VALUE", help="change a config setting (repeatable)")
    o.add_argument("--lang", choices=["fr", "en"], default="en")
    o.add_argument("--json", action="store_true")
    o.set_defaults(func=_odds)

    r = sub.add_parser("review", help="a saved game's decisions of one player: their odds, their value, the best")
    r.add_argument("saved", help="a saved game (JSON, as the board's Export gives it)")
    r.add_argument("--player", type=int, required=True, help="the seat reviewed (0 is the first player)")
    r.add_argument("--rollouts", type=int, help="games simulated per option (default: until the 95%% interval is ±5 points)")
    r.add_argument("--seed", type=int, default=0, help="the rollouts' seed")
    r.add_argument("--jobs", type=int, default=1, help="processes to spread the rollouts over (the same figures)")
    r.add_argument("--lang", choices=["fr", "en"], default="en")
    r.add_argument("--json", action="store_true")
    r.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    r.set_defaults(func=_review)

    s = sub.add_parser("simulate", help="a seeded bot tournament")
    s.add_argument("game")
    s.add_argument("--players", type=int, required=True)
    s.add_argument("--bots", default="random", help="comma-separated bot specs, one per player or one for all")
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--jobs", type=int, default=1,
                   help="processes to spread the games over (the result is the same for any number)")
    s.add_argument("--set", action="append", metavar="KEY=VALUE", help="change a config setting (repeatable)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    s.set_defaults(func=_simulate)

    v = sub.add_parser("serve", help="serve the lessons with Voilà: on this computer, or to a class (--class)")
    v.add_argument("--port", type=int, default=8866)
    v.add_argument("--open", action="store_true", help="open the start page (with --class: the projector page) in a browser")
    v.add_argument(
        "--pool-size", type=int, default=1,
        help="preheated kernels kept ready per lesson (about 120 MB each for My Gold Mine)",
    )
    v.add_argument(
        "--class", dest="for_class", action="store_true",
        help="open the apps to a class: listen on the network, a class token on every page, print the link and its QR code",
    )
    v.add_argument("--address", help="the address to listen on (default 127.0.0.1; with --class every interface)")
    v.add_argument("--token", help="the class token (default $MINEEDU_CLASS_TOKEN, else a new random one)")
    v.add_argument("--lesson", help="the lesson the class link opens (e.g. gold_mine; default the start page)")
    v.add_argument("--students", type=int, default=30, help="with --lesson: pages of it prepared ahead (default 30)")
    v.add_argument(
        "--cull-after", type=int, default=90, metavar="SECONDS",
        help="shut down a kernel whose page is gone after this many idle seconds (default 90)",
    )
    v.add_argument(
        "--max-kernels", type=int, default=0, help="kernels in all; beyond, 'the class is full' (default: from memory)",
    )
    v.add_argument("--public-url", help="the address students use when a reverse proxy stands in front (https://...)")
    v.add_argument("--store", metavar="URL", help="the class store: sqlite:///path.db or postgresql://... "
                   "(default $MINEEDU_STORE, else mineedu.db in the server's data folder)")
    v.set_defaults(func=_serve)

    lab = sub.add_parser("lab", help="copy the exploration notebooks into a working folder and open JupyterLab there")
    lab.add_argument("dir", nargs="?",
                     help="the working folder (default ./mineedu-explore); a notebook edited there is never overwritten")
    lab.add_argument("--lang", choices=["fr", "en"], help="the notebooks' language (default: from the locale, else fr)")
    lab.add_argument("--no-browser", action="store_true", help="do not open a browser (JupyterLab prints its link)")
    lab.add_argument("--port", type=int, help="JupyterLab's port (default 8888, or the next free one)")
    lab.set_defaults(func=_lab)

    store_help = "the class store: sqlite:///path.db or postgresql://... (default $MINEEDU_STORE, else the data folder's)"
    tb = sub.add_parser("table", help="the class's shared tables: students play each other, each from their own browser")
    tsub = tb.add_subparsers(dest="table_command", required=True)
    tn = tsub.add_parser("new", help="create a table; print its code and link")
    tn.add_argument("game")
    tn.add_argument("--players", type=int, required=True)
    tn.add_argument("--bots", metavar="SPEC,...",
                    help="a seat per entry from J1: a bot spec, or empty/- for a student (later seats: students)")
    tn.add_argument("--set", action="append", metavar="KEY=VALUE", help="change a config setting (repeatable)")
    tn.add_argument("--seed", type=int, help="the table's seed (default: drawn at random and kept in the store)")
    tn.add_argument("--server", help=f"the class server's address for the link (default ${SERVER_ENV}, "
                                     "else the one mineedu serve noted in the store)")
    tn.add_argument("--store", help=store_help)
    tn.add_argument("--json", action="store_true")
    tn.set_defaults(func=_table_new)
    tl = tsub.add_parser("list", help="every table")
    tl.add_argument("--store", help=store_help)
    tl.add_argument("--json", action="store_true")
    tl.set_defaults(func=_table_list)
    ts = tsub.add_parser("show", help="a table as a spectator sees it: seats, whose turn, the moves so far")
    ts.add_argument("code")
    ts.add_argument("--store", help=store_help)
    ts.add_argument("--json", action="store_true")
    ts.set_defaults(func=_table_show)
    tbot = tsub.add_parser("bot", help="give a seat to a bot (a student who left); SPEC 'student' frees it")
    tbot.add_argument("code")
    tbot.add_argument("seat", help="J1 to Jn")
    tbot.add_argument("spec", help="a bot spec such as greedy or threshold:0.2, or student")
    tbot.add_argument("--store", help=store_help)
    tbot.set_defaults(func=_table_bot)

    cl = sub.add_parser("class", help="the class's predictions, samples and results (the teacher's dashboard)")
    csub = cl.add_subparsers(dest="class_command", required=True)
    ce = csub.add_parser("export", help="per student: predictions, trials, exercises, tournaments")
    ce.add_argument("--store", help=store_help)
    out = ce.add_mutually_exclusive_group()
    out.add_argument("--csv", metavar="DIR", help="one CSV file per kind in DIR, for a spreadsheet")
    out.add_argument("--json", action="store_true")
    ce.set_defaults(func=_class_export)
    cc = csub.add_parser("clear", help="delete the class's data: students, results, tables")
    cc.add_argument("--store", help=store_help)
    cc.add_argument("--yes", action="store_true", help="do not ask")
    cc.set_defaults(func=_class_clear)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except MineeduError as exc:
        print(f"mineedu: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `mineedu odds ... | head`: the reader left, that is fine
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
