"""Pebbles: the rules, on the kernel (two players, a pile, a die)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from mineedu.core import ConfigError, Game, State

from .kernel import Kernel


@dataclass(frozen=True)
class PebblesConfig:
    pile: int = 9

    def validate(self, players: int) -> None:
        if isinstance(self.pile, bool) or not isinstance(self.pile, int) or not 1 <= self.pile <= 50:
            raise ConfigError(f"pebbles: pile must be a whole number from 1 to 50, not {self.pile!r}")


@dataclass(frozen=True)
class PebblesView:
    viewer: int | None
    pile: int
    roll: int
    turn: int
    winner: int


@dataclass(frozen=True)
class PebblesState(State):
    game: PebblesGame
    pile: int
    roll: int = 0
    turn: int = 0
    winner: int = -1

    def current_player(self) -> int:
        return kernel_of(self).mover()

    def legal_actions(self, player: int | None = None) -> tuple[Any, ...]:
        cp = self.current_player()
        if cp < 0 or player not in (None, cp):
            return ()
        return tuple(kernel_of(self).legal())

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        return tuple((k, Fraction(1, 3)) for k in (1, 2, 3)) if self.current_player() == -1 else ()

    def _apply(self, action: Any, player: int | None) -> PebblesState:
        k = kernel_of(self)
        k.apply(action)
        return freeze(self.game, k)

    def observation(self, player: int | None) -> PebblesView:
        return PebblesView(player, self.pile, self.roll, self.turn, self.winner)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p == self.winner) for p in range(2))

    def winners(self) -> tuple[int, ...]:
        return (self.winner,) if self.winner >= 0 else ()


def kernel_of(s: PebblesState | PebblesView) -> Kernel:
    return Kernel(s.pile, s.roll, s.turn, s.winner)


def freeze(game: PebblesGame, k: Kernel) -> PebblesState:
    return PebblesState(game, k.pile, k.roll, k.turn, k.winner)


class PebblesGame(Game):
    name = "pebbles"
    title: ClassVar[dict[str, str]] = {"fr": "Cailloux", "en": "Pebbles"}
    min_players = 2
    max_players = 2
    Config = PebblesConfig

    def initial_state(self) -> PebblesState:
        return PebblesState(self, self.config.pile)

    def max_moves(self) -> int:
        return 2 * self.config.pile
