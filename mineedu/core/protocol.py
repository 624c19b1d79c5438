"""The protocol's types, in a module that imports nothing of mineedu: what rules, bots and boards say to each other.

``Action`` (a hashable value of str/int/bool/tuples), who moves (a seat, or
:data:`CHANCE`, :data:`SIMULTANEOUS`, :data:`TERMINAL`; :data:`SEE_ALL`, the viewer
who sees everything), ``Words`` and the :class:`Bot` protocol. ``game``, ``hooks``,
``choices`` and ``play`` import these from here; what remains between them is
``State``, ``Game`` and ``Event`` named in annotations only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

Action = Any
"""An action: a hashable value made of str/int/bool/tuples (see ``mineedu.core.game``)."""

CHANCE = -1
SIMULTANEOUS = -2
TERMINAL = -3
SEE_ALL = -4
"""The viewer who sees everything (a teacher's "show all"): ``state.observation(SEE_ALL)``."""

Words = Mapping[str, str]
"""A text in every language: ``{"fr": ..., "en": ...}``."""

@runtime_checkable
class Bot(Protocol):
    """A policy: picks one of ``legal`` from what its player may see, and can say why.

    ``why(obs, action, lang)`` is the bot's reason for ``action`` in that
    language (``None`` if it gives none); boards log it beside the move.
    """

    name: str

    def act(self, obs: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action: ...

    def why(self, obs: Any, action: Action, lang: str) -> str | None: ...
