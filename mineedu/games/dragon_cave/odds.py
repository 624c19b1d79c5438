"""Exact odds of the dragon's cave, with :class:`fractions.Fraction`.

* what a face-down card is worth, by family (D8);
* the race home: P(a returning miner escapes) from (steps to the entrance,
  cards carried, dragon distance), by dynamic programming over the dice
  (D9, D11, dice variants of D12; without dice the race is certain, 0 or 1);
* the break-even point for turning back: the expected final treasure of a lone
  diver as a function of the depth where they turn.

>>> from fractions import Fraction
>>> card_expectation(Config(), 3)
Fraction(11, 1)
>>> escape_probability(steps=6, cards=3, dragon=6)      # 1 step a turn vs 3: caught
Fraction(0, 1)
>>> escape_probability(steps=6, cards=1, dragon=6)      # 3 steps a turn vs 1: home in 2 turns
Fraction(1, 1)
>>> escape_probability(steps=4, cards=1, dragon=4, config=Config(dice_dragon=True))
Fraction(1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from mineedu.core import State, Texts, exact_json
from mineedu.core.i18n import count, format_number, player_name

from .kernel import treasure
from .rules import EATEN, IN, OUT, Card, Config, Position, family_name, kernel_of
from .simulate import race_start, turn_back
from .words import cards

Dist = tuple[tuple[int, Fraction], ...]


# --- cards ---------------------------------------------------------------------


def card_distribution(config: Config, family: int, seen: Iterable[int] = ()) -> dict[int, Fraction]:
    """Value distribution of a face-down card of ``family`` once ``seen`` values of it are known.

    >>> card_distribution(Config(), 0)
    {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    >>> card_distribution(Config(), 0, seen=[3, 3])
    {1: Fraction(1, 2), 2: Fraction(1, 2)}
    """
    pool = Counter(config.families[family])
    pool.subtract(seen)
    pool = +pool
    n = sum(pool.values())
    return {v: Fraction(k, n) for v, k in sorted(pool.items())} if n else {}


def card_expectation(config: Config | Position, family: int, seen: Iterable[int] | None = None) -> Fraction:
    """Expected value of a face-down card of ``family`` (see :func:`card_distribution`).

    ``config``: the game's numbers, with the values ``seen`` already turned over
    (default none); or a state or a view, whose turned-over values are then the ones seen.

    >>> card_expectation(Config(), 2), card_expectation(Config(), 2, seen=[9])
    (Fraction(8, 1), Fraction(39, 5))
    >>> card_expectation(Config(), 4)
    Traceback (most recent call last):
    ...
    ValueError: the families are 0 to 3, not 4
    """
    cfg = config.game.config if isinstance(config, Position) else config
    if not isinstance(family, int) or not 0 <= family < len(cfg.families):
        raise ValueError(f"the families are 0 to {len(cfg.families) - 1}, not {family}")
    if seen is None and isinstance(config, Position):
        return family_mean(config, family)[0]
    return sum((v * p for v, p in card_distribution(cfg, family, seen or ()).items()), Fraction(0))


def family_mean(pos: Position, family: int) -> tuple[Fraction, int, int]:
    """A face-down card of ``family`` in ``pos``: its expected value (0 if none is left), and the sum and
    number of the values nobody has seen."""
    pool = pos.unrevealed(family)
    total, n = sum(v * k for v, k in pool.items()), sum(pool.values())
    return (Fraction(total, n) if n else Fraction(0)), total, n


# --- the race home ---------------------------------------------------------------


def _convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def die(config: Config) -> dict[int, Fraction]:
    """One die of the dice variants (D12)."""
    return {k: Fraction(1, config.die_sides) for k in range(1, config.die_sides + 1)}


def movement_distribution(config: Config, cards: int) -> dict[int, Fraction]:
    """Movement points a turn with ``cards`` carried (D9; dice movement: die − cards, at least 0).

    >>> movement_distribution(Config(dice_movement=True), 2)[0]
    Fraction(1, 3)
    """
    if not config.dice_movement:
        return {config.movement - cards: Fraction(1)}
    out: dict[int, Fraction] = {}
    for r, p in die(config).items():
        out[max(0, r - cards)] = out.get(max(0, r - cards), Fraction(0)) + p
    return out


def dragon_distribution(config: Config, cards: int, others: tuple[int, ...] = ()) -> dict[int, Fraction]:
    """How far the dragon moves after a returning miner carrying ``cards`` moves (D11).

    ``others``: cards carried by other returning miners whose moves are counted
    in the same round (an estimate used by the odds bot; ``()`` for a lone miner).
    Dice dragon variant: one die per returning miner's move.
    """
    if not config.dice_dragon:
        return {cards + sum(others): Fraction(1)}
    dist = die(config)
    for _ in others:
        dist = _convolve(dist, die(config))
    return dist


def escape_probability(
    steps: Any = None,
    cards: int | None = None,
    dragon: int | None = None,
    config: Config | None = None,
    others: tuple[int, ...] = (),
    dragon_first: bool = False,
    points: int | None = None,
    *,
    depth: int | None = None,
    player: int | None = None,
) -> Fraction:
    """P(a returning miner gets out) by dynamic programming over the dice.

    ``steps``: steps to the entrance (free cards in front + 1); ``cards``:
    cards carried (fixed: no more captures or drops); ``dragon``: cards between
    the dragon and the entrance (it may be ``steps - 1`` when the miner has just
    captured the card they leave: nobody is eaten before the dragon moves). A lone miner: nobody else moves the dragon or
    stands in the way unless ``others`` is given. ``dragon_first``: the miner
    has just moved and the dragon's move comes next. ``points``: the miner's
    movement points for the first move, when already known (the movement die
    rolled at the start of the turn); the later moves are drawn as usual.

    >>> escape_probability(1, 3, 1, Config(dice_movement=True, dice_dragon=True))
    Fraction(1, 2)
    >>> both = Config(dice_movement=True, dice_dragon=True)
    >>> escape_probability(4, 1, 4, both, points=5), escape_probability(4, 1, 4, both, points=3) < Fraction(1, 2)
    (Fraction(1, 1), True)

    The race may also be given as a diver turning back on card ``depth`` with
    ``cards`` (default 1) captured (:func:`.simulate.turn_back`), or as a state
    or a view: ``player`` (default: the one to move) racing home alone from where
    they stand, as the board's panel counts it.

    >>> escape_probability(depth=5, config=Config(dice_dragon=True))
    Fraction(1, 1)
    >>> escape_probability(depth=20, cards=1, config=Config(dice_dragon=True))
    Fraction(7567, 23328)
    >>> escape_probability(depth=30)
    Traceback (most recent call last):
    ...
    ValueError: depth is a card of the path, 0 (next to the entrance) to 23, not 30
    """
    if isinstance(steps, Position):
        if points is not None or others or dragon_first:
            raise ValueError("a state gives the whole race: no points=, others= or dragon_first= with it")
        race_start(steps, player, cards=cards, dragon=dragon, depth=depth, config=config)  # checks the player
        mine = player_odds(steps, steps.turn if player is None else player)
        assert mine is not None  # race_start checked that the player is inside, on a card
        return Fraction(mine["p_escape"])
    steps, cards, dragon, cfg = race_start(steps=steps, cards=cards, dragon=dragon, depth=depth, config=config)
    moves = tuple(sorted(movement_distribution(cfg, cards).items()))
    drag = tuple(sorted(dragon_distribution(cfg, cards, others).items()))
    if points is not None:
        if steps <= 0 or points >= steps:
            return Fraction(1)  # out with this move, before the dragon moves
        return _racer(moves, drag).after_move(steps - max(points, 0), dragon)
    if dragon_first:
        if steps <= 0:
            return Fraction(1)
        return sum((p * _racer(moves, drag).caught_or_race(steps, dragon - k) for k, p in drag), Fraction(0))
    return _racer(moves, drag).race(steps, dragon)


class _Race:
    """The DP for one pair of distributions (the miner's points, the dragon's move).

    ``race(a, d)``: P(out) with ``a`` steps to go and the dragon ``d`` cards from the
    entrance, the miner to move. The miner moves all their points (up to the entrance),
    then the dragon moves; a dragon that reaches or passes the miner eats them (D11).
    The sum over the dragon's move is kept apart (``after_move``), so each position costs
    one term per miner's move plus one per dragon's move, not their product.
    """

    def __init__(self, moves: Dist, drag: Dist) -> None:
        self.moves, self.drag = moves, drag
        self.stay = sum((p for m, p in moves if m == 0), Fraction(0))  # the miner cannot move
        self.still = sum((p for k, p in drag if k == 0), Fraction(0))  # the dragon does not move
        self.memo: dict[tuple[int, int], Fraction] = {}
        self.memo_after: dict[tuple[int, int], Fraction] = {}

    def race(self, a: int, d: int) -> Fraction:
        if a <= 0:
            return Fraction(1)
        known = self.memo.get((a, d))
        if known is not None:
            return known
        # no check of the dragon here: a miner who just took the card underfoot may have the
        # dragon level with them (the path closed up); only the dragon's own move eats (D11)
        total = Fraction(0)
        for m, pm in self.moves:
            if m >= a:
                total += pm  # out: the dragon's move after it no longer matters
            elif m > 0:
                total += pm * self.after_move(a - m, d)
        if self.stay:  # the miner stays: every dragon move but none (nothing moved: the same position)
            total += self.stay * sum((pk * self.caught_or_race(a, d - k) for k, pk in self.drag if k != 0), Fraction(0))
        value = self.memo[(a, d)] = total / (1 - self.stay * self.still)
        return value

    def after_move(self, a: int, d: int) -> Fraction:
        """The miner has moved and has ``a`` steps to go: the dragon moves, then the race goes on."""
        known = self.memo_after.get((a, d))
        if known is None:
            known = self.memo_after[(a, d)] = sum((pk * self.caught_or_race(a, d - k) for k, pk in self.drag), Fraction(0))
        return known

    def caught_or_race(self, a: int, d: int) -> Fraction:
        """Just after the dragon's move: eaten if it reached or passed the miner (D11), else race on."""
        return Fraction(0) if a > d or d <= 0 else self.race(a, d)


@cache
def _racer(moves: Dist, drag: Dist) -> _Race:
    return _Race(moves, drag)


def race_table(steps: int, cards: int, dragon: int, config: Config) -> list[dict[str, Any]]:
    """The race of :func:`escape_probability` turn by turn, for the dice dragon with fixed
    movement (the lesson's variant): one row per move of the miner.

    Each row: ``turn``; ``steps_left`` after the miner's move; ``limit``, the most the
    dragon's dice may total by then without reaching the miner (the dragon must stay at
    least ``steps_left`` cards from the entrance: ``dragon - total >= steps_left``);
    ``totals``, the chance of each total among the races still going, each row made from
    the one before (every total still allowed, plus each face of the die, kept while
    ``<= limit``); ``alive``, their sum. The last row is the move that gets the miner out
    (``steps_left`` 0): its ``alive`` is P(escape).

    >>> rows = race_table(5, 1, 6, Config(dice_dragon=True))
    >>> [(r["steps_left"], r["limit"], r["alive"]) for r in rows]
    [(2, 4, Fraction(2, 3)), (0, None, Fraction(2, 3))]
    """
    if config.dice_movement or not config.dice_dragon:
        raise ValueError("race_table is the dice dragon's race with fixed movement (dice_dragon only)")
    per_turn = config.movement - cards
    if per_turn < 1:
        raise ValueError(f"with {cards} cards the miner has no movement point")
    face = Fraction(1, config.die_sides)
    totals: dict[int, Fraction] = {0: Fraction(1)}
    rows: list[dict[str, Any]] = []
    left = steps
    while True:
        left = max(0, left - per_turn)
        if left == 0:
            rows.append({"turn": len(rows) + 1, "steps_left": 0, "limit": None, "totals": totals,
                         "alive": sum(totals.values(), Fraction(0))})
            return rows
        limit = dragon - left
        nxt: dict[int, Fraction] = {}
        for total, p in totals.items():
            for k in range(1, config.die_sides + 1):
                if total + k <= limit:
                    nxt[total + k] = nxt.get(total + k, Fraction(0)) + p * face
        totals = dict(sorted(nxt.items()))
        rows.append({"turn": len(rows) + 1, "steps_left": left, "limit": limit, "totals": totals,
                     "alive": sum(totals.values(), Fraction(0))})
        if not totals:
            return rows


# --- when to turn back ---------------------------------------------------------------


def turn_back_curve(config: Config | None = None) -> list[dict[str, Any]]:
    """Expected final treasure of a lone diver who walks to card ``depth`` taking nothing,
    then turns back there, captures that card, and races home with it.

    The race starts as :func:`.simulate.turn_back` has it; the card is worth its family's expectation.

    >>> rows = turn_back_curve(Config(dice_dragon=True))
    >>> rows[0]["expected"], rows[0]["p_escape"]
    (Fraction(2, 1), Fraction(1, 1))
    """
    cfg = config or Config()
    rows = []
    for k, f in enumerate(f for f, fam in enumerate(cfg.families) for _ in fam):
        steps, dragon = turn_back(k, 1, cfg)
        p = escape_probability(steps, 1, dragon, cfg)
        ev = card_expectation(cfg, f)
        rows.append({"depth": k, "family": f, "p_escape": p, "card": ev, "expected": p * ev})
    return rows


def break_even_depth(config: Config | None = None) -> int:
    """The depth of :func:`turn_back_curve` with the highest expected treasure (deepest if tied).

    >>> break_even_depth(Config())        # without dice a lone diver with one card is always safe
    23
    """
    rows = turn_back_curve(config)
    best = max(r["expected"] for r in rows)
    return int(max(r["depth"] for r in rows if r["expected"] == best))


# --- the report --------------------------------------------------------------------


def expected_treasure(pos: Position, player: int, cards: Iterable[Card] | None = None) -> Fraction:
    """Known values plus the expectation of face-down ones, for ``cards`` (default: what ``player`` carries):
    :func:`.kernel.treasure` as a fraction."""
    return Fraction(*treasure(kernel_of(pos), list(pos.carried[player] if cards is None else cards)))


def player_odds(pos: Position, player: int) -> dict[str, Any] | None:
    """What ``player``, on a card inside the cave, faces if they turn back now and race home
    alone (exact): as if nobody else were in the cave, so that no one stands in the way and no
    one else moves the dragon. Every card between them and the entrance is then one step.

    ``p_escape`` and ``expected_final`` with what they carry; with ``..._with_this_card``
    the same if they also take the card they stand on (when they may carry one more). When
    their movement die for this turn is rolled already, the first move uses it.
    ``None`` if ``player`` is not on a card inside the cave.
    """
    cfg = pos.game.config
    if not (0 <= player < len(pos.status) and pos.status[player] == IN and pos.pos[player] >= 0):
        return None
    steps = pos.pos[player] + 1
    c = len(pos.carried[player])
    rolled = cfg.dice_movement and pos.roll is not None and pos.turn == player and not pos.pending

    def known(load: int) -> int | None:
        return pos.points(player, load) if rolled else None

    now = escape_probability(steps, c, pos.dragon, cfg, points=known(c))
    mine: dict[str, Any] = {"player": player, "steps_to_entrance": steps, "cards": c, "returning": pos.returning[player],
                            "p_escape": now, "expected_final": now * expected_treasure(pos, player)}
    if c < cfg.max_carry:  # capture the card under you as you leave it
        here = pos.path[pos.pos[player]]
        pc = escape_probability(steps, c + 1, pos.dragon - 1, cfg, points=known(c + 1))
        mine["p_escape_with_this_card"] = pc
        mine["expected_final_with_this_card"] = pc * expected_treasure(pos, player, pos.carried[player] + (here,))
    return mine


def family_report(pos: Position, family: int) -> dict[str, Any]:
    """A family's face-down cards: how many, each value's chance (counted), the expected value."""
    pool = pos.unrevealed(family)
    ev, total, n = family_mean(pos, family)
    dist = {str(v): exact_json(Fraction(k, n), counts=(k, n)) for v, k in sorted(pool.items())}
    return {
        "family": family, "name_fr": family_name(family, "fr"), "name_en": family_name(family, "en"),
        "face_down": n, "distribution": dist, "expected": exact_json(ev, counts=(total, n) if n else None),
    }


def odds_report(state: State | Position, player: int | None = None) -> dict[str, Any]:
    """Everything a lesson shows about a position (JSON-ready; exact numbers in
    :func:`mineedu.core.exact_json` form)."""
    assert isinstance(state, Position), "a dragon_cave state or view"
    cfg = state.game.config
    curve = turn_back_curve(cfg)
    report: dict[str, Any] = {
        "game": "dragon_cave",
        "variants": {"blind": cfg.blind, "dice_movement": cfg.dice_movement, "dice_dragon": cfg.dice_dragon},
        "dragon": state.dragon,
        "path": [{"family": f, "value": v} for f, v in state.path],
        "families": [family_report(state, f) for f in range(len(cfg.families))],
        "turn_back_curve": [
            {"depth": r["depth"], "family": r["family"], "p_escape": exact_json(r["p_escape"]),
             "expected": exact_json(r["expected"])}
            for r in curve
        ],
        "break_even_depth": break_even_depth(cfg),
    }
    mine = player_odds(state, state.turn if player is None else player)
    if mine is not None:
        report["player"] = {k: exact_json(v) if isinstance(v, Fraction) else v for k, v in mine.items()}
    report["status"] = {"in": state.status.count(IN), "out": state.status.count(OUT), "eaten": state.status.count(EATEN)}
    return report


T = Texts({
    "title": {"fr": "Grotte du dragon\u00a0: cotes exactes", "en": "Dragon's cave: exact odds"},
    "dragon": {"fr": "Le dragon est à {d} de l'entrée.", "en": "The dragon is {d} from the entrance."},
    "family": {
        "fr": "  {name}\u00a0: {n}, valeur espérée {ev} ≈ {evf}  ({dist})",
        "en": "  {name}: {n}, expected value {ev} ≈ {evf}  ({dist})",
    },
    "curve": {
        "fr": "Plongeur seul qui fait demi-tour à la profondeur k avec la carte de k\u00a0:",
        "en": "Lone diver turning back at depth k with the card of k:",
    },
    "row": {
        "fr": "  k={k:2d} {name:9} P(sortir)={p}  trésor espéré={e}",
        "en": "  k={k:2d} {name:9} P(escape)={p}  expected treasure={e}",
    },
    "best": {"fr": "Meilleure profondeur pour faire demi-tour\u00a0: {k}", "en": "Best depth to turn back: {k}"},
    "player": {
        "fr": "{p}, sur la carte {k} avec {c}\u00a0; en rentrant maintenant, seul dans la grotte\u00a0: "
              "P(sortir) = {pe} ≈ {pef}, trésor final espéré ≈ {ef}",
        "en": "{p}, on card {k} with {c}; turning back now, alone in the cave: P(escape) = {pe} ≈ {pef}, "
              "expected final treasure ≈ {ef}",
    },
    "with": {
        "fr": "  en prenant la carte sous soi\u00a0: P(sortir) ≈ {pef}, trésor final espéré ≈ {ef}",
        "en": "  taking the card underfoot: P(escape) ≈ {pef}, expected final treasure ≈ {ef}",
    },
})


def format_odds(report: dict[str, Any], lang: str = "en") -> str:
    """The report as text for ``mineedu odds dragon_cave`` (French or English)."""
    key = "name_en" if lang == "en" else "name_fr"
    lines = [T("title", lang), T("dragon", lang, d=cards(report["dragon"], lang))]
    for fam in report["families"]:
        dist = ", ".join(f"{v}: {p['fraction']}" for v, p in fam["distribution"].items())
        hidden = count(fam["face_down"], lang, "carte cachée", "cartes cachées", "face-down card", "face-down cards")
        lines.append(T("family", lang, name=fam[key], n=hidden, ev=fam["expected"]["reduced"],
                       evf=format_number(fam["expected"]["float"], lang, 2), dist=dist))
    lines.append(T("curve", lang))
    names = {fam["family"]: fam[key] for fam in report["families"]}
    for r in report["turn_back_curve"]:
        lines.append(T("row", lang, k=r["depth"], name=names[r["family"]], p=format_number(r["p_escape"]["float"], lang, 3),
                       e=format_number(r["expected"]["float"], lang, 2)))
    lines.append(T("best", lang, k=report["break_even_depth"]))
    mine = report.get("player")
    if mine:
        lines.append(T("player", lang, p=player_name(mine["player"], lang), k=mine["steps_to_entrance"],
                       c=cards(mine["cards"], lang),
                       pe=mine["p_escape"]["reduced"], pef=format_number(mine["p_escape"]["float"], lang, 3),
                       ef=format_number(mine["expected_final"]["float"], lang, 2)))
        if "p_escape_with_this_card" in mine:
            lines.append(T("with", lang, pef=format_number(mine["p_escape_with_this_card"]["float"], lang, 3),
                           ef=format_number(mine["expected_final_with_this_card"]["float"], lang, 2)))
    return "\n".join(lines)
