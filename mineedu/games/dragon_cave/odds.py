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
from typing import TYPE_CHECKING, Any

from mineedu.core import Texts
from mineedu.core.i18n import format_number

from .rules import EATEN, IN, OUT, Config, family_name

if TYPE_CHECKING:
    from .rules import DragonCaveState

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


def card_expectation(config: Config, family: int, seen: Iterable[int] = ()) -> Fraction:
    """Expected value of a face-down card of ``family`` (see :func:`card_distribution`)."""
    return sum((v * p for v, p in card_distribution(config, family, seen).items()), Fraction(0))


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
    steps: int,
    cards: int,
    dragon: int,
    config: Config | None = None,
    others: tuple[int, ...] = (),
    dragon_first: bool = False,
) -> Fraction:
    """P(a returning miner gets out) by dynamic programming over the dice.

    ``steps``: steps to the entrance (free cards in front + 1); ``cards``:
    cards carried (fixed: no more captures or drops); ``dragon``: cards between
    the dragon and the entrance (it may be ``steps - 1`` when the miner has just
    captured the card they leave: nobody is eaten before the dragon moves). A lone miner: nobody else moves the dragon or
    stands in the way unless ``others`` is given. ``dragon_first``: the miner
    has just moved and the dragon's move comes next.

    >>> escape_probability(1, 3, 1, Config(dice_movement=True, dice_dragon=True))
    Fraction(1, 2)
    """
    cfg = config or Config()
    moves = tuple(sorted(movement_distribution(cfg, cards).items()))
    drag = tuple(sorted(dragon_distribution(cfg, cards, others).items()))
    if dragon_first:
        if steps <= 0:
            return Fraction(1)
        return sum((p * _caught_or_race(steps, dragon - k, moves, drag) for k, p in drag), Fraction(0))
    return _race(steps, dragon, moves, drag)


@cache
def _race(a: int, d: int, moves: Dist, drag: Dist) -> Fraction:
    """The DP: the miner moves (all their points, up to the entrance), then the dragon moves."""
    if a <= 0:
        return Fraction(1)
    # no check of the dragon here: a miner who just took the card underfoot may have the
    # dragon level with them (the path closed up); only the dragon's own move eats (D11)
    total, loop = Fraction(0), Fraction(0)
    for m, pm in moves:
        a2 = a - min(m, a)
        if a2 == 0:
            total += pm  # out: the dragon's move after it no longer matters
            continue
        for k, pk in drag:
            if m == 0 and k == 0:
                loop += pm * pk  # nothing moved: the same position again
            else:
                total += pm * pk * _caught_or_race(a2, d - k, moves, drag)
    return total / (1 - loop)


def _caught_or_race(a: int, d: int, moves: Dist, drag: Dist) -> Fraction:
    """Just after the dragon's move: eaten if it reached or passed the miner (D11), else race on."""
    return Fraction(0) if a > d or d <= 0 else _race(a, d, moves, drag)


# --- when to turn back ---------------------------------------------------------------


def turn_back_curve(config: Config | None = None) -> list[dict[str, Any]]:
    """Expected final treasure of a lone diver who walks to card ``depth`` taking nothing,
    then turns back there, captures that card, and races home with it.

    Steps home = depth + 1 (the path closes up behind the captured card), the
    dragon is ``cards − 1`` away, the card is worth its family's expectation.

    >>> rows = turn_back_curve(Config(dice_dragon=True))
    >>> rows[0]["expected"], rows[0]["p_escape"]
    (Fraction(2, 1), Fraction(1, 1))
    """
    cfg = config or Config()
    rows = []
    families = [f for f, fam in enumerate(cfg.families) for _ in fam]
    for k, f in enumerate(families):
        p = escape_probability(k + 1, 1, len(families) - 1, cfg)
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
    return max(r["depth"] for r in rows if r["expected"] == best)


# --- the report --------------------------------------------------------------------


def _fx(x: Fraction) -> dict[str, Any]:
    return {"exact": str(x), "float": round(float(x), 6)}


def expected_treasure(state: DragonCaveState, player: int, cards: Iterable[tuple[int, int | None]] | None = None) -> Fraction:
    """Known values plus the expectation of face-down ones, for ``cards`` (default: what ``player`` carries)."""
    cfg = state.game.config
    total = Fraction(0)
    for f, v in state.carried[player] if cards is None else cards:
        total += v if v is not None else card_expectation(cfg, f, _seen(state, f))
    return total


def _seen(state: DragonCaveState, family: int) -> list[int]:
    pool = state.unrevealed(family)
    full = Counter(state.game.config.families[family])
    full.subtract(pool)
    return list((+full).elements())


def odds_report(state: DragonCaveState, player: int | None = None) -> dict[str, Any]:
    """Everything a lesson shows about ``state`` (JSON-ready)."""
    cfg = state.game.config
    families = []
    for f in range(len(cfg.families)):
        dist = card_distribution(cfg, f, _seen(state, f))
        ev = card_expectation(cfg, f, _seen(state, f))
        families.append({
            "family": f, "name_fr": family_name(f, "fr"), "name_en": family_name(f, "en"),
            "face_down": sum(state.unrevealed(f).values()),
            "distribution": {str(v): str(p) for v, p in dist.items()}, "expected": _fx(ev),
        })
    curve = turn_back_curve(cfg)
    report: dict[str, Any] = {
        "game": "dragon_cave",
        "variants": {"blind": cfg.blind, "dice_movement": cfg.dice_movement, "dice_dragon": cfg.dice_dragon},
        "dragon": state.dragon,
        "path": [{"family": f, "value": v} for f, v in state.path],
        "families": families,
        "turn_back_curve": [
            {"depth": r["depth"], "family": r["family"], "p_escape": _fx(r["p_escape"]), "expected": _fx(r["expected"])}
            for r in curve
        ],
        "break_even_depth": break_even_depth(cfg),
    }
    p = state.turn if player is None else player
    if 0 <= p < len(state.status) and state.status[p] == IN and state.pos[p] >= 0:
        steps = state.steps_to_entrance(p)
        c = len(state.carried[p])
        mine: dict[str, Any] = {"player": p, "steps_to_entrance": steps, "cards": c, "returning": state.returning[p]}
        now = escape_probability(steps, c, state.dragon, cfg)
        mine["p_escape"] = _fx(now)
        mine["expected_final"] = _fx(now * expected_treasure(state, p))
        if c < cfg.max_carry:  # capture the card under you as you leave it
            here = state.path[state.pos[p]]
            pc = escape_probability(steps, c + 1, state.dragon - 1, cfg)
            mine["p_escape_with_this_card"] = _fx(pc)
            mine["expected_final_with_this_card"] = _fx(pc * expected_treasure(state, p, state.carried[p] + (here,)))
        report["player"] = mine
    report["status"] = {"in": state.status.count(IN), "out": state.status.count(OUT), "eaten": state.status.count(EATEN)}
    return report


T = Texts({
    "title": {"fr": "Grotte du dragon : cotes exactes", "en": "Dragon's cave: exact odds"},
    "dragon": {"fr": "Le dragon est à {d} carte(s) de l'entrée.", "en": "The dragon is {d} card(s) from the entrance."},
    "family": {
        "fr": "  {name} : {n} carte(s) cachée(s), valeur espérée {ev} ≈ {evf}  ({dist})",
        "en": "  {name}: {n} face-down card(s), expected value {ev} ≈ {evf}  ({dist})",
    },
    "curve": {
        "fr": "Plongeur seul qui fait demi-tour à la profondeur k avec la carte de k :",
        "en": "Lone diver turning back at depth k with the card of k:",
    },
    "row": {
        "fr": "  k={k:2d} {name:9} P(sortir)={p}  trésor espéré={e}",
        "en": "  k={k:2d} {name:9} P(escape)={p}  expected treasure={e}",
    },
    "best": {"fr": "Meilleure profondeur pour faire demi-tour : {k}", "en": "Best depth to turn back: {k}"},
    "player": {
        "fr": "Joueur {p} : {s} pas jusqu'à l'entrée, {c} carte(s) ; P(sortir) = {pe} ≈ {pef}, trésor final espéré ≈ {ef}",
        "en": "Player {p}: {s} step(s) to the entrance, {c} card(s); P(escape) = {pe} ≈ {pef}, expected final treasure ≈ {ef}",
    },
    "with": {
        "fr": "  en prenant la carte sous soi : P(sortir) ≈ {pef}, trésor final espéré ≈ {ef}",
        "en": "  taking the card underfoot: P(escape) ≈ {pef}, expected final treasure ≈ {ef}",
    },
})


def format_odds(report: dict[str, Any], lang: str = "en") -> str:
    """The report as text for ``mineedu odds dragon_cave`` (French or English)."""
    key = "name_en" if lang == "en" else "name_fr"
    lines = [T("title", lang), T("dragon", lang, d=report["dragon"])]
    for fam in report["families"]:
        dist = ", ".join(f"{v}: {p}" for v, p in fam["distribution"].items())
        lines.append(T("family", lang, name=fam[key], n=fam["face_down"], ev=fam["expected"]["exact"],
                       evf=format_number(fam["expected"]["float"], lang, 2), dist=dist))
    lines.append(T("curve", lang))
    names = {fam["family"]: fam[key] for fam in report["families"]}
    for r in report["turn_back_curve"]:
        lines.append(T("row", lang, k=r["depth"], name=names[r["family"]], p=format_number(r["p_escape"]["float"], lang, 3),
                       e=format_number(r["expected"]["float"], lang, 2)))
    lines.append(T("best", lang, k=report["break_even_depth"]))
    mine = report.get("player")
    if mine:
        lines.append(T("player", lang, p=mine["player"], s=mine["steps_to_entrance"], c=mine["cards"],
                       pe=mine["p_escape"]["exact"], pef=format_number(mine["p_escape"]["float"], lang, 3),
                       ef=format_number(mine["expected_final"]["float"], lang, 2)))
        if "p_escape_with_this_card" in mine:
            lines.append(T("with", lang, pef=format_number(mine["p_escape_with_this_card"]["float"], lang, 3),
                           ef=format_number(mine["expected_final_with_this_card"]["float"], lang, 2)))
    return "\n".join(lines)
