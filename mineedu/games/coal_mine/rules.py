"""Mine (coal): the rules (pure: no widgets, no printing, no random numbers).

A round has two phases. In the *placement* each player, in turn from the die
holder, lays one card face down on one of the five spaces of their board
(events, raiders' shelter, watchtower, mine, recruitment), until each has laid
4 cards or passed. The *resolution* then follows the text's order (D21):
events (coup de grisou), raids, expedition (sale capped by the round die),
mine (capped by the central stock), recruitment (one card at a time: chance),
hand limit. The game ends after 6 rounds or as soon as a sale takes someone to
21 points.

What one viewer may see is a :class:`CoalMineView` (``state.observation(p)``):
another player's face-down cards are only a count per space, their hand only
its size.

>>> from mineedu.games.coal_mine import CoalMineGame
>>> s = CoalMineGame(3).initial_state()
>>> s.current_player(), s.hand(0)
(0, {'miner': 4, 'pipe': 4})
>>> s = s.apply(("place", "mine", "pipe"))
>>> view = s.observation(1)
>>> s.current_player(), view.boards[0].on("mine"), view.boards[0].cards, view.hands[0]
(1, 1, None, None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from mineedu.core import CHANCE, SEE_ALL, TERMINAL, ConfigError, Game, State, build
from mineedu.core.errors import whole

from . import kernel
from .kernel import EVENT_EFFECTS as EVENT_EFFECTS  # the event kinds the rules know (D20)
from .kernel import PHASES, RAID, SLOT_SPACE, Kernel, Table
from .kernel import PIPE as PIPE  # the pipe-miner's kind, the only protection against grisou
from .kernel import SPACES as SPACES  # Évènements, Abri des pilleurs, Tour de guet, Mine, Recrutement
from .kernel import split_loot as split_loot

PHASE_CODE = {name: i for i, name in enumerate(PHASES)}
CHANCE_TAGS = {"draw": "draw", "dummy": "dummy_card", "discard": "dummy_discard", "dummy_target": "target",
               "tiebreak": "tiebreak"}
"""The tag of a chance outcome in each chance phase but the die card's."""

DUMMY_PLANS = ("basic", "bold")
REVEALED_PHASES = ("draw", "discard", "tiebreak", "over")
"""After the placement every card on the boards is face up until the end of the round."""


@dataclass(frozen=True)
class CoalMineConfig:
    """Every number of Mine (coal); a teacher may change any of them.

    ``jobs`` are ``(kind, helmets, count)`` and ``events`` ``(kind, count)``
    (D20: 60 job cards, 10 event cards). ``die_cards`` are ``(mine cap, sale
    cap)`` pairs used by the variant.
    """

    jobs: tuple[tuple[str, int, int], ...] = (
        ("miner", 1, 24), ("pipe", 1, 24), ("foreman", 2, 8), ("chief", 3, 4),
    )
    events: tuple[tuple[str, int], ...] = (("grisou", 4), ("strike", 2), ("wagon", 2), ("reinforcement", 2))
    start_hand: tuple[tuple[str, int], ...] = (("miner", 4), ("pipe", 4))
    start_coal: int = 2
    coal_total: int = 20
    cards_per_round: int = 4
    rounds: int = 6
    target_points: int = 21
    hand_limit: int = 8
    recruit_base: int = 2
    recruit_needs_card: bool = True
    sold_coal_returns: bool = True
    wagon_bonus: int = 1
    reinforcement_bonus: int = 2
    strike_penalty: int = 1
    variant: bool = False
    variant_start_coal: int = 3
    die_cards: tuple[tuple[int, int], ...] = ((1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1))
    dummy: bool = False
    dummy_plan: str = "basic"

    def validate(self, players: int) -> None:
        """Refuse, with a :class:`ConfigError` naming the setting, anything the rules,
        the picture or the odds could not handle (a deck of 10**30 cards, a huge die).

        >>> CoalMineConfig(rounds=10**6).validate(3)
        Traceback (most recent call last):
        ...
        mineedu.core.errors.ConfigError: coal_mine: rounds must be a whole number from 1 to 12, not 1000000
        """
        if not isinstance(self.jobs, tuple) or not 1 <= len(self.jobs) <= MAX_JOB_KINDS:
            raise ConfigError(f"coal_mine: jobs lists 1 to {MAX_JOB_KINDS} job card kinds, not {_short(self.jobs)}")
        for job in self.jobs:
            if not (isinstance(job, tuple) and len(job) == 3 and _kind_name(job[0])
                    and whole(job[1], 1, MAX_HELMETS) and whole(job[2], 0, MAX_KIND_CARDS)):
                raise ConfigError(
                    f"coal_mine: a job card is (kind, helmets 1..{MAX_HELMETS}, count 0..{MAX_KIND_CARDS}), "
                    f"the kind a short name ({KIND_NAME_CHARS} letters, digits, _ or -), not {_short(job)}"
                )
        if not isinstance(self.events, tuple) or len(self.events) > len(EVENT_EFFECTS):
            raise ConfigError(f"coal_mine: events lists at most {len(EVENT_EFFECTS)} event kinds, not {_short(self.events)}")
        for ev in self.events:
            if not (isinstance(ev, tuple) and len(ev) == 2 and ev[0] in EVENT_EFFECTS and whole(ev[1], 0, MAX_KIND_CARDS)):
                raise ConfigError(f"coal_mine: an event card is (kind, count 0..{MAX_KIND_CARDS}) "
                                  f"with kind in {EVENT_EFFECTS}, not {_short(ev)}")
        kinds = [j[0] for j in self.jobs] + [e[0] for e in self.events]
        if len(set(kinds)) != len(kinds):
            raise ConfigError(f"coal_mine: card kinds must be distinct, got {kinds}")
        cards = sum(j[2] for j in self.jobs) + sum(e[1] for e in self.events)
        if cards > MAX_CARDS:
            raise ConfigError(f"coal_mine: the job and event cards number at most {MAX_CARDS} in all, not {cards}")
        jobs = {k: c for k, _, c in self.jobs}
        if not isinstance(self.start_hand, tuple) or len(self.start_hand) > len(self.jobs):
            raise ConfigError(f"coal_mine: the starting hand lists each job kind at most once, not {_short(self.start_hand)}")
        for entry in self.start_hand:
            if not (isinstance(entry, tuple) and len(entry) == 2 and whole(entry[1], 0, MAX_KIND_CARDS)):
                raise ConfigError(
                    f"coal_mine: a starting hand entry is (job kind, count 0..{MAX_KIND_CARDS}), not {_short(entry)}")
        hand_kinds = [k for k, _ in self.start_hand]
        if len(set(hand_kinds)) != len(hand_kinds):
            raise ConfigError(f"coal_mine: each kind appears once in the starting hand, got {hand_kinds}")
        for kind, count in self.start_hand:
            if kind not in jobs:
                raise ConfigError(f"coal_mine: starting hand card {_short(kind)} is not a job card")
            if count * players > jobs[kind]:
                raise ConfigError(
                    f"coal_mine: {players} starting hands need {count * players} {_short(kind)} cards, the deck has {jobs[kind]}"
                )
        for name, (lo, hi) in BOUNDS.items():
            value = getattr(self, name)
            if not whole(value, lo, hi):
                raise ConfigError(f"coal_mine: {name} must be a whole number from {lo} to {hi}, not {_short(value)}")
        if sum(c for _, c in self.start_hand) > self.hand_limit:
            raise ConfigError("coal_mine: the starting hand is larger than the hand limit")
        if not self.variant and self.start_coal * players > self.coal_total:
            raise ConfigError(f"coal_mine: {players} players need {self.start_coal * players} coal, there are {self.coal_total}")
        if not isinstance(self.die_cards, tuple) or len(self.die_cards) > MAX_DIE_CARDS:
            raise ConfigError(f"coal_mine: there are at most {MAX_DIE_CARDS} die cards, not {_short(self.die_cards)}")
        if not all(isinstance(d, tuple) and len(d) == 2 and whole(d[0], 0, MAX_CAP) and whole(d[1], 0, MAX_CAP)
                   for d in self.die_cards):
            raise ConfigError(
                f"coal_mine: a die card is (mine cap 0..{MAX_CAP}, sale cap 0..{MAX_CAP}), not {_short(self.die_cards)}")
        if self.variant and len(self.die_cards) < self.rounds:
            raise ConfigError(f"coal_mine: the variant needs one die card per round ({self.rounds})")
        for name in ("variant", "dummy", "recruit_needs_card", "sold_coal_returns"):
            if not isinstance(getattr(self, name), bool):
                raise ConfigError(f"coal_mine: {name} is true or false, not {_short(getattr(self, name))}")
        if self.dummy_plan not in DUMMY_PLANS:
            raise ConfigError(f"coal_mine: dummy_plan must be one of {DUMMY_PLANS}, not {_short(self.dummy_plan)}")


MAX_JOB_KINDS = 8
MAX_HELMETS = 9
MAX_KIND_CARDS = 100
MAX_CARDS = 400
MAX_DIE_CARDS = 12
MAX_CAP = 20
KIND_NAME_CHARS = "1-20"
BOUNDS: dict[str, tuple[int, int]] = {
    "start_coal": (0, 50),
    "coal_total": (0, 500),
    "cards_per_round": (1, 8),
    "rounds": (1, 12),
    "target_points": (1, 200),
    "hand_limit": (1, 30),
    "recruit_base": (0, 10),
    "wagon_bonus": (0, 10),
    "reinforcement_bonus": (0, 10),
    "strike_penalty": (0, 10),
    "variant_start_coal": (0, 50),
}
"""The bounds of every whole-number setting (a teacher's deck stays drawable and playable)."""


def _short(x: Any) -> str:
    """A value for an error message, cut short (a hostile config can be huge)."""
    text = repr(x)
    return text if len(text) <= 80 else text[:77] + "..."


def _kind_name(x: Any) -> bool:
    """A card kind's name: 1 to 20 letters, digits, ``_`` or ``-`` (it is a choice key and a label)."""
    return isinstance(x, str) and 1 <= len(x) <= 20 and x.replace("_", "").replace("-", "").isalnum()


def raid_loot(attack: int, defence: int, stock: int) -> int:
    """Coal one lone raider takes: ``attack - defence`` if positive, at most the stock.

    >>> [raid_loot(a, 1, 2) for a in range(5)]
    [0, 0, 1, 2, 2]
    """
    return split_loot(stock, defence, [attack])[0]


def _plus(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _board_counts(game: CoalMineGame, cards: tuple[tuple[str, str, int], ...]) -> tuple[int, ...]:
    """One board's placements as counts by kind (in ``game.kinds`` order)."""
    out = [0] * len(game.kinds)
    for _, k, _ in cards:
        out[game.index[k]] += 1
    return tuple(out)


@lru_cache(maxsize=1 << 14)  # a board is seen again at every move of a round (a frozen view of a tuple: shared)
def _board_view(cards: tuple[tuple[str, str, int], ...], face_up: bool) -> BoardView:
    """``cards`` (one player's placements) as a viewer sees them: counts per space, the cards if ``face_up``."""
    laid = [s for s, _, _ in cards]
    return build(BoardView, counts=tuple(map(laid.count, SPACES)), cards=cards if face_up else None)


@dataclass(frozen=True)
class BoardView:
    """One player's board as a viewer sees it.

    ``counts``: how many cards lie on each space (in :data:`SPACES` order), which
    everyone sees; ``cards``: the ``(space, kind, target)`` placements when the
    viewer sees them face up (their own, every board once turned up), else ``None``.
    """

    counts: tuple[int, ...]
    cards: tuple[tuple[str, str, int], ...] | None

    def on(self, space: str) -> int:
        """How many cards lie on ``space``."""
        return self.counts[SPACES.index(space)]


@dataclass(frozen=True)
class CoalMineView:
    """Everything one viewer may see of a position (``CoalMineState.observation``).

    ``viewer`` is a seat, ``None`` (a spectator) or ``SEE_ALL``. ``hands[p]`` holds
    a hand's counts by kind (in ``game.kinds`` order) only where the viewer may
    see it, ``deck`` the draw pile only for ``SEE_ALL``; the discard pile, the
    die cards still to come and every count are public. ``log`` is the public
    record of the last resolution (see :meth:`CoalMineState._resolve`), made in
    round ``log_round`` (0: none yet).

    ``known[p]``: what a viewer with a perfect memory (card counting) knows seat
    ``p`` holds, by kind: the starting hands are public, so it is the starting
    hand less every card ``p`` has turned up since (played, once the resolution
    showed it, or discarded over the hand limit), never below 0. During the
    placement it counts ``p``'s hand *and* face-down cards together (the viewer
    cannot tell which of them were laid); in the viewer's own seat, and for
    ``SEE_ALL``, it is the true hand (with the face-down cards in placement).
    Every card the viewer cannot place (the deck and the cards the others drew)
    is then :attr:`unseen`.
    """

    game: CoalMineGame
    viewer: int | None
    phase: str
    round: int
    start: int
    turn: int | None
    caps: tuple[int | None, int]
    coal: tuple[int, ...]
    points: tuple[int, ...]
    central: int | None
    deck_size: int
    deck: tuple[int, ...] | None
    discard: tuple[int, ...]
    die_cards: tuple[tuple[int, int], ...]
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    boards: tuple[BoardView, ...]
    passed: tuple[bool, ...]
    to_draw: tuple[int, ...]
    log: tuple[tuple[Any, ...], ...]
    log_round: int
    winner: tuple[int, ...]
    known: tuple[tuple[int, ...], ...] = ()
    counting_complete: bool = True
    """Whether :attr:`known` is all a perfect memory knows: while the discard has never
    replaced the deck and every card a rival turned up could be one of its starting cards
    (always so in the first two rounds of the default game). Past that, a memory of the
    whole game knows a little more (which cards a rival must have drawn, and when; what the
    reshuffled deck held), and counting the unseen cards as well mixed is close, not exact."""

    @property
    def unseen(self) -> tuple[int, ...]:
        """The cards, by kind, whose place this viewer cannot know (card counting): every card
        less the discard pile, the cards face up on the boards, and what :attr:`known` places
        in each seat's hand (and face-down cards). They are the deck and the cards the
        others drew, unseen; for ``SEE_ALL`` just the deck."""
        if self.deck is not None:
            return self.deck
        left = list(self.game.card_counts)
        for i, c in enumerate(self.discard):
            left[i] -= c
        for p, board in enumerate(self.boards):
            if board.cards is not None and (self.revealed or p != self.player):
                for _, k, _ in board.cards:
                    left[self.game.index[k]] -= 1
        for held in self.known:
            for i, c in enumerate(held):
                left[i] -= c
        return tuple(left)

    @property
    def player(self) -> int | None:
        """The viewer's seat (``None`` for a spectator or the teacher's "show all")."""
        return self.viewer if self.viewer is not None and self.viewer >= 0 else None

    @property
    def see_all(self) -> bool:
        return self.viewer == SEE_ALL

    @property
    def hand(self) -> dict[str, int]:
        """The viewer's own hand as ``{kind: count}`` (empty for a spectator)."""
        p = self.player
        counts = self.hands[p] if p is not None else None
        return {k: c for k, c in zip(self.game.kinds, counts or ()) if c}

    @property
    def my_board(self) -> tuple[tuple[str, str, int], ...]:
        """The viewer's own placements this round (empty for a spectator)."""
        p = self.player
        return (self.boards[p].cards or ()) if p is not None else ()

    @property
    def helmets(self) -> dict[str, int]:
        return self.game.helmets

    @property
    def dummy(self) -> int | None:
        return self.game.num_players - 1 if self.game.config.dummy else None

    @property
    def revealed(self) -> bool:
        return self.phase in REVEALED_PHASES


@dataclass(frozen=True)
class CoalMineState(State):
    """One position. Card piles are count tuples in the order of ``game.kinds``.

    ``boards[p]`` lists ``(space, kind, target)`` placements (target = raided
    player, -1 off the shelter). ``resolutions`` is the public record of every
    resolution so far, ``(round, entries)`` (:attr:`log`: the last one's entries);
    ``tally`` counts per player ``(mined, stolen, lost to raids, grisou hits)``.
    """

    game: CoalMineGame
    phase: str  # die_card, dummy, dummy_target, place, draw, discard, tiebreak, over
    round: int
    start: int
    turn: int
    coal: tuple[int, ...]
    points: tuple[int, ...]
    central: int | None  # None: no central stock (variant)
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    boards: tuple[tuple[tuple[str, str, int], ...], ...]
    passed: tuple[bool, ...]
    caps: tuple[int | None, int]  # (mine cap or None, sale cap) of this round
    die_cards: tuple[tuple[int, int], ...] = ()
    to_draw: tuple[int, ...] = ()
    pending: str = ""  # the dummy's job card waiting for its target
    resolutions: tuple[tuple[int, tuple[tuple[Any, ...], ...]], ...] = ()
    tally: tuple[tuple[int, int, int, int], ...] = ()
    winner: tuple[int, ...] = ()
    mined: int = field(default=0)
    sold: int = field(default=0)
    shown: tuple[tuple[int, ...], ...] = field(default=(), compare=False)
    """Per seat, by kind, every card that seat has turned up so far (played, at the end of
    the round; discarded over the hand limit): public record for :meth:`observation`'s
    ``known``, no part of the game's dynamics (hence not compared)."""
    past_counting: int = field(default=0, compare=False)
    """How many public events told more than card counting keeps (for :meth:`observation`'s
    ``counting_complete``): the discard replacing an empty deck (its cards were known), the
    dummy player laying or discarding, by chance, from a hand that held drawn cards (the
    spaces and kinds it showed weigh on what it drew)."""

    # --- small views -----------------------------------------------------------
    @property
    def log(self) -> tuple[tuple[Any, ...], ...]:
        """The entries of the last resolution (empty before the first)."""
        return self.resolutions[-1][1] if self.resolutions else ()

    def hand(self, player: int) -> dict[str, int]:
        """A player's hand as ``{kind: count}`` (cards held only)."""
        return {k: c for k, c in zip(self.game.kinds, self.hands[player]) if c}

    def hand_size(self, player: int) -> int:
        return sum(self.hands[player])

    def on_space(self, player: int, space: str, target: int | None = None) -> list[str]:
        """The kinds a player laid on a space (raids: at ``target`` only, if given)."""
        return [k for s, k, t in self.boards[player] if s == space and (target is None or t == target)]

    @property
    def dummy_seat(self) -> int | None:
        return self.game.num_players - 1 if self.game.config.dummy else None

    def revealed(self) -> bool:
        return self.phase in REVEALED_PHASES

    # --- who acts -------------------------------------------------------------
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "place":
            return self.turn
        if self.phase == "discard" and self.turn != self.dummy_seat:
            return self.turn
        return CHANCE

    def legal_actions(self, player: int | None = None) -> tuple[Any, ...]:
        cp = self.current_player()
        if cp < 0 or player not in (None, cp):
            return ()
        g = self.game
        key = (self.phase == "discard", cp, self.hands[cp])
        known = g.legal_cache.get(key)  # the same hand gives the same actions: kept, as the same tuples
        if known is not None:
            return known
        t = g.table
        mask = sum(t.bit[k] for k, c in enumerate(self.hands[cp]) if c)
        if self.phase == "discard":
            out = tuple(("discard", g.kinds[k]) for k in t.held_kinds[mask])
        else:
            out = tuple(action_of(t, c) for c in t.legal_place(cp, mask))
        if len(g.legal_cache) < 1 << 16:
            g.legal_cache[key] = out
        return out

    def chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        """The kernel's chance outcomes (:meth:`.kernel.Kernel.outcomes`) as the rules write them."""
        if self.current_player() != CHANCE:
            return ()
        codes, weights = kernel_of(self).outcomes()
        total = sum(weights)
        if self.phase == "die_card":
            faces = sorted(set(self.die_cards))
            return tuple((("die_card", *faces[c]), Fraction(w, total)) for c, w in zip(codes, weights))
        tag = CHANCE_TAGS[self.phase]
        named = self.phase in ("draw", "dummy", "discard")  # a card's kind, else a seat
        return tuple(((tag, self.game.kinds[c] if named else c), Fraction(w, total)) for c, w in zip(codes, weights))

    def why_illegal(self, action: Any, player: int | None) -> str:
        cp = self.current_player()
        if cp < 0:
            return super().why_illegal(action, player)
        g = self.game
        if not isinstance(action, tuple) or not action or not all(isinstance(x, (str, int)) for x in action):
            return (f"{action!r} is not an action of coal_mine: use ('place', space, kind), ('raid', kind, target), "
                    "('discard', kind) or ('pass',)")
        if self.phase == "discard":
            if action[0] != "discard" or len(action) != 2:
                return (f"your hand holds {self.hand_size(cp)} cards, over the limit of {g.config.hand_limit}: "
                        "discard one with ('discard', kind)")
            return f"you have no {action[1]!r} card in hand"
        if action[0] == "discard":
            return f"nothing to discard now: it is the placement and your hand holds {self.hand_size(cp)} cards"
        if action[0] == "pass":
            return "('pass',) takes no argument"
        if action[0] not in ("place", "raid") or len(action) != 3:
            return f"unknown action {action[0]!r}: use ('place', space, kind), ('raid', kind, target) or ('pass',)"
        space, kind = (action[1], action[2]) if action[0] == "place" else ("raid", action[1])
        if kind not in g.kinds:
            return f"there is no card kind {kind!r} (kinds: {', '.join(g.kinds)})"
        if not self.hands[cp][g.index[kind]]:
            return f"you have no {kind!r} card in hand"
        if space not in SPACES:
            return f"there is no space {space!r} on a board (spaces: {', '.join(SPACES)})"
        if space == "raid" and action[0] == "place":
            return "a raid needs a target: use ('raid', kind, target)"
        if kind in g.event_kinds and space != "event":
            return "event cards may only go on the Events space"
        if kind not in g.event_kinds and space == "event":
            return "only event cards may go on the Events space"
        if action[0] == "raid":
            t = action[2]
            if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < g.num_players:
                return f"player {t!r} is not in this game"
            if t == cp:
                return "you cannot raid yourself: the colour card must be another player's"
        return super().why_illegal(action, player)

    # --- moves ------------------------------------------------------------------
    if TYPE_CHECKING:  # ``State.apply`` returns what ``_apply`` makes: a CoalMineState

        def apply(self, action: Any, player: int | None = None, *, check: bool = True) -> CoalMineState: ...

    def _apply(self, action: Any, player: int | None) -> CoalMineState:
        k = kernel_of(self)
        k.apply(code_of(self, action))
        return freeze(self.game, k)

    # --- the flow of a round (applied by the kernel) ----------------------------
    def _shown(self) -> tuple[tuple[int, ...], ...]:
        """:attr:`shown`, or none yet (a state made without it)."""
        return self.shown or ((0,) * len(self.game.kinds),) * self.game.num_players

    # --- the dummy player (joueur fictif) ----------------------------------------
    def dummy_space(self, kind: str) -> str:
        """The space the dummy player's next card goes to if it is a ``kind`` card
        (an event card goes on Events; job cards follow the dummy's plan: ``Kernel.dummy_slots``)."""
        return kernel.SPACES[kernel_of(self).dummy_space(self.game.index[kind])]

    # --- what is seen -------------------------------------------------------------
    def observation(self, player: int | None) -> CoalMineView:
        """What ``player`` may see: public facts, their own hand and face-down cards.

        Others' hands are seen as sizes; their face-down cards as a count per
        space (not the kinds, not whom a raid targets) until the resolution
        turns them up. ``None`` is a spectator (public facts only);
        :data:`~mineedu.core.SEE_ALL` sees every hand, card and the pile.
        """
        g = self.game
        n = g.num_players
        see_all = player == SEE_ALL
        shown = see_all or self.revealed()
        boards = [_board_view(self.boards[p], shown or p == player) for p in range(n)]
        return build(  # every field of the view (a frozen dataclass's __init__ is slow)
            CoalMineView,
            game=g,
            viewer=player,
            phase=self.phase,
            round=self.round,
            start=self.start,
            turn=self.turn if self.current_player() >= 0 else None,
            caps=self.caps,
            coal=self.coal,
            points=self.points,
            central=self.central,
            deck_size=sum(self.deck),
            deck=self.deck if see_all else None,
            discard=self.discard,
            die_cards=self.die_cards,
            hand_sizes=tuple(sum(h) for h in self.hands),
            hands=tuple(self.hands[p] if (see_all or p == player) else None for p in range(n)),
            boards=tuple(boards),
            passed=self.passed,
            to_draw=self.to_draw,
            log=self.log,
            log_round=self.resolutions[-1][0] if self.resolutions else 0,
            winner=self.winner,
            known=self._known(player),
            counting_complete=see_all or (not self.past_counting and not self._drawn_for_sure(player)),
        )

    def _known(self, player: int | None) -> tuple[tuple[int, ...], ...]:
        """What ``player`` knows each seat holds (:attr:`CoalMineView.known`): the public
        starting hand less the cards that seat turned up since, never below 0."""
        g = self.game
        start = g.start_counts
        revealed = self.revealed()
        out = []
        for p, (hand, board, before) in enumerate(zip(self.hands, self.boards, self._shown())):
            if player == SEE_ALL or p == player:
                out.append(hand if revealed else _plus(hand, _board_counts(g, board)))
                continue
            up = _plus(before, _board_counts(g, board)) if revealed else before
            out.append(tuple(max(0, h - u) for h, u in zip(start, up)))
        return tuple(out)

    def _drawn_for_sure(self, player: int | None) -> bool:
        """Whether a rival of ``player`` showed a card it can only have drawn: turned up more
        of a kind than its starting hand held, or laid face down on Events (or elsewhere) more
        event (or job) cards than its known starting cards hold; a perfect memory then knows
        a little of what it drew."""
        g = self.game
        revealed = self.revealed()
        for p, (board, before) in enumerate(zip(self.boards, self._shown())):
            if p == player:
                continue
            up = _plus(before, _board_counts(g, board)) if revealed else before
            if any(u > h for u, h in zip(up, g.start_counts)):
                return True
            if not revealed and board:
                known = [max(0, h - u) for h, u in zip(g.start_counts, before)]
                events = sum(c for k, c in zip(g.kinds, known) if k in g.event_kinds)
                laid_events = sum(1 for sp, _, _ in board if sp == "event")
                if laid_events > events or len(board) - laid_events > sum(known) - events:
                    return True
        return False

    # --- the result ---------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self.points)

    def winners(self) -> tuple[int, ...]:
        if self.phase == "over":
            return self.winner
        k = kernel_of(self)
        k.finish()  # the text's tie-breaks, on a copy of the position
        return k.winner


def action_of(t: Table, code: int) -> Any:
    """The placement of ``code`` (:meth:`~.kernel.Table.code`) as the rules write it."""
    if code == t.PASS:
        return ("pass",)
    k, slot = divmod(code, t.width)
    if slot >= 4:
        return ("raid", t.kinds[k], slot - 4)
    return ("place", SPACES[SLOT_SPACE[slot]], t.kinds[k])


def code_of(s: CoalMineState | CoalMineView, action: Any) -> int:
    """The kernel's code of a legal ``action`` (or chance outcome) of ``s`` (a state, or a bot's view)."""
    g = s.game
    t: Table = g.table
    tag = action[0]
    if tag == "pass":
        return t.PASS
    if tag == "place":
        return t.code(g.index[action[2]], SPACES.index(action[1]))
    if tag == "raid":
        return t.code(g.index[action[1]], RAID, action[2])
    if tag in ("target", "tiebreak"):
        return int(action[1])
    if tag == "die_card":
        return sorted(set(s.die_cards)).index((action[1], action[2]))
    return int(g.index[action[1]])  # a card: discard, draw, the dummy's card or discard


def kernel_of(s: CoalMineState) -> Kernel:
    """A kernel holding state ``s``."""
    g = s.game
    return Kernel(g.table, PHASE_CODE[s.phase], s.round, s.start, s.turn, list(s.coal), list(s.points), s.central,
                  list(s.deck), list(s.discard), [list(h) for h in s.hands], [list(b) for b in s.boards],
                  list(s.passed), s.caps, list(s.die_cards), list(s.to_draw), g.index[s.pending] if s.pending else -1,
                  s.resolutions, [list(x) for x in s.tally], s.winner, s.mined, s.sold,
                  [list(x) for x in s._shown()], s.past_counting)


def kernel_of_view(v: CoalMineView) -> Kernel:
    """A kernel of what view ``v`` shows, for a bot's ``choose``: the hidden parts (the others' hands and
    face-down cards, the deck, what the public record holds beyond the facts of the position) left empty."""
    g = v.game
    t = g.table
    empty = [0] * t.K
    return Kernel(t, PHASE_CODE[v.phase], v.round, v.start, v.turn or 0, list(v.coal), list(v.points), v.central,
                  list(v.deck or empty), list(v.discard), [list(h or empty) for h in v.hands],
                  [list(b.cards or ()) for b in v.boards], list(v.passed), v.caps, list(v.die_cards), list(v.to_draw),
                  -1, (), [[0, 0, 0, 0] for _ in range(t.n)], v.winner, 0, 0, [list(empty) for _ in range(t.n)], 0)


def freeze(game: CoalMineGame, k: Kernel) -> CoalMineState:
    """The state kernel ``k`` holds."""
    return build(
        CoalMineState, game=game, phase=PHASES[k.phase], round=k.round, start=k.start, turn=k.turn,
        coal=tuple(k.coal), points=tuple(k.points), central=k.central, deck=tuple(k.deck), discard=tuple(k.discard),
        hands=tuple(map(tuple, k.hands)), boards=tuple(map(tuple, k.boards)), passed=tuple(k.passed), caps=k.caps,
        die_cards=tuple(k.die), to_draw=tuple(k.to_draw), pending=game.kinds[k.pending] if k.pending >= 0 else "",
        resolutions=k.resolutions, tally=tuple(map(tuple, k.tally)), winner=k.winner, mined=k.mined, sold=k.sold,
        shown=tuple(map(tuple, k.shown)), past_counting=k.past,
    )


class CoalMineGame(Game):
    """Mine (coal) for 2-6 seats; with ``dummy=True`` the last seat is the dummy player.

    Its pictures, odds, words, bots and board choices are registered by the
    package (``mineedu/games/coal_mine/__init__.py``).
    """

    name = "coal_mine"
    title: ClassVar[Mapping[str, str]] = {"fr": "Mine (charbon)", "en": "Mine (coal)"}
    min_players = 2
    max_players = 6
    Config = CoalMineConfig

    def __init__(self, players: int, config: Any = None, **overrides: Any) -> None:
        super().__init__(players, config, **overrides)
        cfg = self.config
        self.kinds: tuple[str, ...] = tuple(j[0] for j in cfg.jobs) + tuple(e[0] for e in cfg.events)
        self.helmet_list: tuple[int, ...] = tuple(j[1] for j in cfg.jobs) + (0,) * len(cfg.events)
        self.helmets: dict[str, int] = dict(zip(self.kinds, self.helmet_list))
        self.index: dict[str, int] = {k: i for i, k in enumerate(self.kinds)}
        self.event_kinds: frozenset[str] = frozenset(e[0] for e in cfg.events)
        self.card_counts: tuple[int, ...] = tuple(j[2] for j in cfg.jobs) + tuple(e[1] for e in cfg.events)
        hand = [0] * len(self.kinds)
        for k, c in cfg.start_hand:
            hand[self.index[k]] += c
        self.start_counts: tuple[int, ...] = tuple(hand)
        """Every seat's starting hand by kind: public (each player starts with the same cards)."""
        self.legal_cache: dict[tuple[bool, int, tuple[int, ...]], tuple[Any, ...]] = {}
        """Legal actions by (discarding?, seat, hand): they depend on nothing else (a speed cache)."""

    def make_table(self) -> Table:
        return Table(self)

    def initial_state(self) -> CoalMineState:
        return freeze(self, Kernel.first(self.table))

    def max_moves(self) -> int:
        cfg, n = self.config, self.num_players
        most_draws = cfg.recruit_base + max(self.helmet_list) * cfg.cards_per_round
        per_round = 1 + 2 * cfg.cards_per_round + n * (cfg.cards_per_round + 1) + 2 * n * most_draws
        return int(cfg.rounds * per_round + 1)

    def auto_seats(self) -> tuple[int, ...]:
        """The dummy player ("joueur fictif") sits on the last seat and is played by the rules."""
        return (self.num_players - 1,) if self.config.dummy else ()

    def metrics(self, state: State, player: int) -> dict[str, float]:
        m = super().metrics(state, player)
        s: CoalMineState = state  # type: ignore[assignment]
        mined, stolen, lost, hits = s.tally[player]
        m.update(coal=float(s.coal[player]), mined=float(mined), stolen=float(stolen),
                 lost_to_raids=float(lost), grisou_hits=float(hits), rounds=float(s.round))
        return m

