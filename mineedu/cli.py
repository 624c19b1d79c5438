"""The ``mineedu`` command: exact odds, seeded simulations, and the web apps.

    mineedu games
    mineedu odds gold_mine [--state saved.json] [--json]
    mineedu review saved.json --player 0 [--json] [--rollouts 200]
    mineedu simulate gold_mine --players 4 --bots threshold:0.15,random --games 1000 --seed 1 [--jobs 2] [--json]
    mineedu serve [--port 8866]
    mineedu serve --class --lesson gold_mine [--students 30]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .core import Game, MineeduError, SavedGame, game_class, game_names, make, tournament
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


def _odds(args: argparse.Namespace) -> int:
    if args.state:
        saved = SavedGame.load(args.state)
        if args.set:
            raise MineeduError("--set does not apply to a saved game: its config is saved with it")
        if saved.game.name != args.game:
            raise MineeduError(f"{args.state} is a saved {saved.game.name} game, not {args.game}")
        game, state = saved.game, saved.replay()
    else:
        cls = game_class(args.game)
        game = make(args.game, args.players or max(cls.min_players, min(4, cls.max_players)), **_settings(args.set))
        state = game.initial_state()
    report = game.odds_report(state, args.player)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1, sort_keys=True))
    else:
        print(game.format_odds(report, args.lang))
    return 0


def _review(args: argparse.Namespace) -> int:
    from .core.review import Review

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
    from .serve import serve

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
    )


def _games(args: argparse.Namespace) -> int:
    for name in game_names():
        cls = game_class(name)
        print(f"{name:12} {cls.min_players}-{cls.max_players} players  {cls.title['fr']} / {cls.title['en']}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="mineedu", description="Mining board games as probability lessons.")
    sub = p.add_subparsers(dest="command", required=True)

    g = sub.add_parser("games", help="list the games")
    g.set_defaults(func=_games)

    o = sub.add_parser("odds", help="exact odds of a position")
    o.add_argument("game")
    o.add_argument("--state", help="a saved game (JSON); default: the start of a new game")
    o.add_argument("--players", type=int, help="players of the new game (default 4, within the game's range)")
    o.add_argument("--player", type=int, help="whose point of view (default: the player to move)")
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
    v.set_defaults(func=_serve)
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
