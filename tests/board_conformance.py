"""Board-layer conformance: checks every registered game passes, unchanged.

* :func:`check_every_action_reachable`: from many random states, the paths
  of :class:`mineedu.core.ChoiceTree` reach every legal action of the player
  to move and nothing else, and the real :class:`mineedu.ui.Board`, driven by
  the messages its browser front end sends, plays exactly the action whose
  path was picked (forged or stale tokens change nothing).
* :func:`check_spectator_words`: the panel and status a spectator reads (the
  projector, a table's watcher) speak of players by name, never as "you".
* :func:`check_no_leak`: a game's ``tests/<game>/twins.py`` changes what one
  viewer may not see (another player's hand, dealt cards, face-down cards) in
  a recorded game; the viewer's observation, picture, log, panel and every
  widget value sent to the browser stay byte-identical.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from mineedu.core import CHANCE, ChoiceTree, Game, RandomBot, SavedGame, sample_outcome
from mineedu.core.choices import reachable
from mineedu.core.game import config_to_dict
from mineedu.ui import Board
from tests.ui.drive import control, send, widget_states

Moves = list[tuple[int, Any]]
Twin = Callable[[Game, Moves, int, np.random.Generator], "Moves | None"]


def random_moves(game: Game, seed: int, limit: int | None = None) -> Iterator[tuple[Moves, Any]]:
    """Yield (moves so far, state) along one seeded random game, at every decision."""
    rng = np.random.default_rng(seed)
    bot = RandomBot()
    state = game.initial_state()
    moves: Moves = []
    for _ in range(limit or game.max_moves()):
        if state.is_terminal():
            return
        if state.is_chance():
            a = sample_outcome(state.chance_outcomes(), rng)
            moves.append((CHANCE, a))
            state = state.apply(a)
            continue
        yield list(moves), state
        p = state.players_to_move()[0]
        a = bot.act(state.observation(p), state.legal_actions(p), rng)
        moves.append((p, a))
        state = state.apply(a, player=p)


def check_paths(game: Game, seeds: range, every: int = 1) -> int:
    """The choice tree of every player to move reaches exactly their legal actions."""
    checked = 0
    for seed in seeds:
        for i, (_moves, state) in enumerate(random_moves(game, seed)):
            if i % every:
                continue
            for p in state.players_to_move():
                tree = ChoiceTree(game.choices, state, p)
                found = reachable(tree)
                legal = state.legal_actions(p)
                assert sorted(set(map(repr, found.values()))) == sorted(map(repr, legal)), (
                    f"{game.name}: the board reaches {len(found)} of {len(legal)} legal actions")
                for path, action in found.items():
                    for k in range(1, len(path)):
                        assert tree.action(path[:k]) is None
                    assert tree.action(path) == action
                checked += 1
    return checked


def board_at(game: Game, moves: Moves, seats: list[Any], seed: int = 0, lang: str = "fr") -> Board:
    """A board showing the game after ``moves`` (imported as a saved game would be)."""
    board = Board(game, seats=seats, seed=seed, lang=lang)
    board.receive("import", SavedGame(game, seed, moves).dumps())
    assert board.session.moves == moves, board.message.value
    board.message_key = None
    board.redraw()
    return board


def reach(board: Board, path: tuple[str, ...]) -> None:
    """Pick ``path`` at the board, using a cycled step's controls where the path needs them."""
    for k, key in enumerate(path):
        for _ in range(64):
            prefix, options, cycle = board._walk()
            if len(prefix) > k:  # the key is the current value of a cycled step
                if prefix[k] == key:
                    break
                assert cycle is not None
                at, _opts, controls, _n = cycle
                moved = False
                for c in controls:
                    if c.move.get(board._cycled[at]) == key:
                        control(board, c.shortcut)
                        moved = True
                        break
                if not moved:
                    control(board, controls[0].shortcut)
                continue
            assert key in options, f"{key!r} is not offered after {prefix!r} (offered: {options})"
            option = next(o for o in board.canvas.options if board._tokens[o["token"]] == ("pick", key))
            send(board, "pick", option["token"])
            assert board.message_key is None, board.message.value
            break
        else:
            raise AssertionError(f"the controls never reach {key!r}")


def check_board_plays_every_action(game: Game, seeds: range, states_per_seed: int = 4, actions_per_state: int = 8) -> int:
    """At sampled states, picking an action's path at the real board plays that action."""
    rng = np.random.default_rng(1)
    played = 0
    for seed in seeds:
        positions = list(random_moves(game, seed))
        if not positions:
            continue
        for j in sorted(rng.choice(len(positions), size=min(states_per_seed, len(positions)), replace=False)):
            moves, state = positions[j]
            p = state.players_to_move()[0]
            seats = [None] * game.num_players
            board = board_at(game, moves, seats, seed)
            if board.canvas.cover:
                send(board, "ready")
            assert board.session.human_to_move() == p
            tree = board.tree()
            paths = list(tree.paths.items())
            picks = [paths[i] for i in rng.permutation(len(paths))[:actions_per_state]]
            for path, action in picks:
                reach(board, path)
                last = board.session.events[len(moves)]
                assert (last.player, last.action) == (p, action), (path, action)
                board.session.undo(p)  # (at the board only p may undo, and p may no longer have the screen)
                board.redraw()
                assert board.session.moves == moves
                played += 1
            # a hostile client: forged, stale and malformed picks change nothing
            for content in ({"event": "pick", "token": "o0.0", "version": board.canvas.version},
                            {"event": "pick", "token": board.canvas.options[0]["token"] if board.canvas.options else "x",
                             "version": board.canvas.version - 1},
                            {"event": "control", "token": "c1.back", "version": board.canvas.version},
                            {"event": "pick", "token": None, "version": None}):
                board.receive("canvas", content)
                assert board.session.moves == moves and board.message_key is not None
    return played


def twin_function(game: Game) -> Twin | None:
    """``tests/<game>/twins.py``'s ``twin`` (the game's hidden facts, changed)."""
    try:
        module = importlib.import_module(f"tests.{game.name}.twins")
    except ModuleNotFoundError:
        return None
    return module.twin  # type: ignore[no-any-return]


def check_no_leak(game: Game, twin: Twin, seeds: range, cuts: int = 5, min_twins: int = 3) -> int:
    """Another player's secrets changed: the viewer's board is byte-identical."""
    rng = np.random.default_rng(7)
    compared = 0
    for seed in seeds:
        positions = list(random_moves(game, seed))
        for j in sorted(rng.choice(len(positions), size=min(cuts, len(positions)), replace=False)):
            moves, state = positions[j]
            for v in range(game.num_players):
                other = twin(game, moves, v, rng)
                if other is None:
                    continue
                twin_state = SavedGame(game, seed, other).replay()
                assert other != moves
                assert twin_state.observation(v) == state.observation(v), "the twin must look the same to the viewer"
                seats = [None if i == v else "random" for i in range(game.num_players)]
                for lang in ("fr", "en"):
                    a = board_at(game, moves, seats, seed, lang)
                    b = board_at(game, other, seats, seed, lang)
                    wa, wb = widget_states(a.widget), widget_states(b.widget)
                    assert wa == wb, _first_difference(wa, wb)
                    blob = json.dumps(wa, default=str)
                    assert '"moves"' not in blob, "the saved game reached the browser unasked"
                compared += 1
    assert compared >= min_twins, f"{game.name}: only {compared} twins were compared"
    return compared


def _first_difference(a: list[Any], b: list[Any]) -> str:
    for (name, sa), (_, sb) in zip(a, b, strict=True):
        for k in sa:
            if sa[k] != sb.get(k):
                return f"{name}.{k} differs:\n{str(sa[k])[:3000]}\n---\n{str(sb.get(k))[:3000]}"
    return "the widget trees differ"


def _public(view: Any) -> Any:
    """A view without the name of who looks (the ``viewer`` or ``player`` field)."""
    if dataclasses.is_dataclass(view) and not isinstance(view, type):
        names = {f.name for f in dataclasses.fields(view)}
        return dataclasses.replace(view, **{k: None for k in ("viewer", "player") if k in names})
    return view


YOU = re.compile(r"\b(vous|votre|vos|you|your|yours)\b", re.IGNORECASE)


def check_spectator_words(game: Game, seeds: range) -> int:
    """Every panel and status a spectator (viewer ``None``) reads, in French and English, along seeded
    random games, says no "you": nobody watching is the player. Returns the number of states read."""
    hooks, read = type(game).hooks, 0
    for seed in seeds:
        for _moves, state in random_moves(game, seed):
            view = state.observation(None)
            for lang in ("fr", "en"):
                for hook in (hooks.panel, hooks.status):
                    text = re.sub(r"<[^>]+>", " ", hook(view, lang)) if hook else ""
                    found = YOU.search(text)
                    assert found is None, f"{game.name} tells a spectator {found.group(0)!r}: {text[:found.start() + 80]}"
            read += 1
    return read


def same_for_every_viewer(game: Game, seeds: range) -> bool:
    """Whether every player sees the same (a game with nothing hidden needs no twin)."""
    for seed in seeds:
        for _moves, state in random_moves(game, seed):
            views = [_public(state.observation(v)) for v in range(game.num_players)]
            if any(v != views[0] for v in views):
                return False
    return True


# --- shared tables (mineedu.store + ui.session.TableSession) ------------------------------

def table_with(store: Any, game: Game, moves: Moves, seed: int, names: list[str]) -> tuple[str, list[str]]:
    """A table of ``store`` playing ``game`` whose log is ``moves`` (chance included), every seat
    taken by a student; its code and the seats' tickets."""
    info = store.create_table(game.name, players=game.num_players, config=config_to_dict(game.config),
                              seed=seed)
    tickets = []
    for i, seat in enumerate(info.seats):
        if seat.free:
            got, ticket = store.join(info.code, name=names[i])
            assert got == i
            tickets.append(ticket)
    for number, (p, a) in enumerate(moves):
        assert store.append(info.code, number, p, game.action_to_json(a))
    return info.code, tickets


def table_board(store: Any, game: Game, code: str, ticket: str, lang: str) -> Board:
    """A lesson's board joined to a table as its page does: the browser's hello with its ticket."""
    board = Board(game, seats=[None] * game.num_players, seed=1, lang=lang)
    board.table._store = store
    board.receive("table", {"event": "hello", "table": code, "watch": False, "ticket": ticket, "name": None})
    assert board.at_table and board.message_key is None, board.message.value
    return board


def check_table_no_leak(game: Game, twin: Twin, seeds: range, store: Any, cuts: int = 3, min_twins: int = 3) -> int:
    """Two seats' pages at one table of ``store``; a twin table (another seed too) whose log changes
    what the first seat may not see: every widget value sent to that seat's page is byte-identical
    (the table's code aside), and neither the saved game nor the seed reaches it."""
    rng = np.random.default_rng(11)
    compared = 0
    names = [f"Élève{i}" for i in range(game.num_players)]
    for seed in seeds:
        positions = list(random_moves(game, seed))
        for j in sorted(rng.choice(len(positions), size=min(cuts, len(positions)), replace=False)):
            moves, _state = positions[j]
            for v in range(game.num_players):
                if v in game.auto_seats():
                    continue
                other = twin(game, moves, v, rng)
                if other is None:
                    continue
                # 19-digit seeds: no other number on a page can spell one by chance
                seeds_here = (7_123_456_789_012_345_678 + seed * 7919 + int(j), 8_234_567_890_123_456_789 + int(j))
                code_a, tickets_a = table_with(store, game, moves, seeds_here[0], names)
                code_b, tickets_b = table_with(store, game, other, seeds_here[1], names)
                humans = [i for i in range(game.num_players) if i not in game.auto_seats()]
                w = next(i for i in humans if i != v)
                for lang in ("fr", "en"):
                    a = table_board(store, game, code_a, tickets_a[humans.index(v)], lang)
                    b = table_board(store, game, code_b, tickets_b[humans.index(v)], lang)
                    # the other seat's page is open at each table too (it may redraw: nothing reaches v's)
                    for code, tickets in ((code_a, tickets_a), (code_b, tickets_b)):
                        table_board(store, game, code, tickets[humans.index(w)], lang)
                    a.table_changed()
                    b.table_changed()
                    assert a.session.seat == b.session.seat == v
                    ja = json.dumps(widget_states(a.widget), default=str, sort_keys=True).replace(code_a, "CODE")
                    jb = json.dumps(widget_states(b.widget), default=str, sort_keys=True).replace(code_b, "CODE")
                    assert ja == jb, _first_difference(json.loads(ja), json.loads(jb))
                    assert '"moves"' not in ja, "the saved game reached a seat's page"
                    assert str(seeds_here[0]) not in ja and str(seeds_here[1]) not in jb, "the seed reached a page"
                compared += 1
    assert compared >= min_twins, f"{game.name}: only {compared} twin tables were compared"
    return compared
