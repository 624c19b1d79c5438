"""A tiny game that exercises every part of the protocol, for testing the core.

Two or three players. A deck of ``red`` red and ``black`` black cards. In turn,
each player either draws (chance: the card's colour) or passes. A red card
scores 1; a black card ends that player's drawing. When everyone has stopped,
all players simultaneously bid "high" or "low"; each "high"
bid adds 1 if an odd number of players bid "high". Highest score wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import ClassVar

from mineedu.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, Hooks, State


@dataclass(frozen=True)
class ToyConfig:
    red: int = 3
    black: int = 2


@dataclass(frozen=True)
class ToyState(State):
    game: ToyGame
    deck: tuple[int, int]
    turn: int = 0
    stopped: tuple[bool, ...] = ()
    points: tuple[int, ...] = ()
    drawing: bool = False  # a chance node: the player to move is drawing
    bids: tuple[str | None, ...] = ()
    done: bool = False

    def current_player(self) -> int:
        if self.done:
            return TERMINAL
        if self.drawing:
            return CHANCE
        if all(self.stopped):
            return SIMULTANEOUS
        return self.turn

    def players_to_move(self):
        if self.current_player() == SIMULTANEOUS:
            return tuple(i for i, b in enumerate(self.bids) if b is None)
        return super().players_to_move()

    def legal_actions(self, player=None):
        cp = self.current_player()
        if cp == SIMULTANEOUS:
            return ("high", "low") if player in self.players_to_move() else ()
        if cp >= 0 and player in (None, cp):
            return ("draw", "pass") if sum(self.deck) else ("pass",)
        return ()

    def chance_outcomes(self):
        if not self.drawing:
            return ()
        r, b = self.deck
        return tuple((c, Fraction(k, r + b)) for c, k in (("red", r), ("black", b)) if k)

    def _next(self, s):
        n = self.game.num_players
        for k in range(1, n + 1):
            t = (s.turn + k) % n
            if not s.stopped[t]:
                return replace(s, turn=t)
        return s

    def _apply(self, action, player):
        if self.drawing:
            r, b = self.deck
            p = self.turn
            if action == "red":
                s = replace(self, deck=(r - 1, b), drawing=False,
                            points=self.points[:p] + (self.points[p] + 1,) + self.points[p + 1:])
            else:
                s = replace(self, deck=(r, b - 1), drawing=False,
                            stopped=self.stopped[:p] + (True,) + self.stopped[p + 1:])
            return self._next(s)
        if self.current_player() == SIMULTANEOUS:
            bids = self.bids[:player] + (action,) + self.bids[player + 1:]
            if None in bids:
                return replace(self, bids=bids)
            odd = sum(b == "high" for b in bids) % 2 == 1
            pts = tuple(pt + (1 if odd and b == "high" else 0) for pt, b in zip(self.points, bids))
            return replace(self, bids=bids, points=pts, done=True)
        if action == "draw":
            return replace(self, drawing=True)
        s = replace(self, stopped=self.stopped[: self.turn] + (True,) + self.stopped[self.turn + 1:])
        return self._next(s)

    def observation(self, player):
        # others' bids stay hidden until everyone has bid
        show = self.done
        return {
            "deck": self.deck, "points": self.points, "stopped": self.stopped,
            "bids": tuple(b if (show or i == player) else (None if b is None else "?") for i, b in enumerate(self.bids)),
        }

    def scores(self):
        return tuple(float(p) for p in self.points)

    def winners(self):
        best = max(self.points)
        return tuple(i for i, p in enumerate(self.points) if p == best)


def _picture(view, lang):
    from mineedu.core.svg import document, text

    return document(200, 40, [text(100, 25, f"points {view['points']}")])


class ToyGame(Game):
    hooks = Hooks(picture=_picture, hidden_information=True)
    name = "toy"
    title: ClassVar[dict[str, str]] = {"fr": "Jeu jouet", "en": "Toy game"}
    min_players = 2
    max_players = 3
    Config = ToyConfig

    def initial_state(self):
        n = self.num_players
        return ToyState(self, (self.config.red, self.config.black), 0, (False,) * n, (0,) * n, False, (None,) * n)

    def max_moves(self):
        return 4 * (self.config.red + self.config.black) + 4 * self.num_players

    def odds_report(self, state, player=None):
        r, b = state.deck
        return {"p_red": f"{r}/{r + b}"}
