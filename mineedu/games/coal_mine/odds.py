"""Exact odds of Mine (coal): recruitment draws, raids, and the raid as a matrix game.

Recruitment draws cards without replacement: the number of cards of one kind
among ``d`` drawn is hypergeometric.

>>> p_at_least(1, good=4, total=10, draws=2)   # at least 1 of 4 grisou among 10, 2 drawn
Fraction(2, 3)

A raid takes ``attack - defence`` coal if positive (see :func:`raid_loot`). The
raid as a hidden simultaneous choice, raider (mine or attack) against target
(mine or defend), is a zero-sum game on the coal difference:

>>> rows, cols, m = raid_game(attack=2, defence=2, stock=2)
>>> m
((0, 2), (2, 0))
>>> solve_zero_sum(m)
((Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)), Fraction(1, 1))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any, NamedTuple

from mineedu.core import SEE_ALL, State, Texts, exact_json, fraction_text, from_json
from mineedu.core.i18n import format_number, player_name

from .rules import PIPE, CoalMineView, raid_loot
from .words import card_name, coal_text

Matrix = tuple[tuple[Fraction | int, ...], ...]


# --- recruitment: hypergeometric draws -----------------------------------------------


def p_at_least(k: int, good: int, total: int, draws: int) -> Fraction:
    """P(at least ``k`` good cards among ``draws`` drawn without replacement).

    >>> p_at_least(1, good=24, total=60, draws=2)          # 1 - (36/60)(35/59)
    Fraction(38, 59)
    >>> p_at_least(1, good=61, total=60, draws=2)
    Traceback (most recent call last):
    ...
    ValueError: a deck of 60 cards cannot hold 61 good ones
    """
    if not 0 <= good <= total:
        raise ValueError(f"a deck of {total} cards cannot hold {good} good ones")
    if not 0 <= draws <= total:
        raise ValueError(f"cannot draw {draws} cards from {total}")
    counts, ways = draw_counts(good, total, 0, 0, draws)  # hypergeometric: C(good, j) C(total - good, draws - j)
    return Fraction(sum(c for j, c in counts.items() if j >= k), ways)


def draw_counts(good: int, deck: int, good_discard: int, discard: int, draws: int,
                pool: int | None = None) -> tuple[dict[int, int], int]:
    """How many of the equally likely draws give ``k`` good cards, and how many draws
    there are: the counts behind :func:`draw_distribution` (a lesson shows them).

    ``good`` counts the good cards of the pile the deck's ``deck`` cards are: the deck
    itself, or (``pool``) the ``pool`` cards a viewer cannot place, of which the deck is
    a part taken at random (card counting: the deck and the cards the others drew). The
    discard replaces an empty deck.

    >>> draw_counts(2, 4, 0, 0, 2)   # C(4, 2) = 6 pairs: 1 with both good cards, 4 with one
    ({0: 1, 1: 4, 2: 1}, 6)
    >>> draw_counts(1, 1, 0, 2, 2, pool=2)   # the 1 deck card is one of 2 unseen, 1 good; then the discard
    ({0: 2, 1: 2}, 4)
    """
    pool = deck if pool is None else pool
    if draws <= deck:
        return {k: comb(good, k) * comb(pool - good, draws - k) for k in range(draws + 1)}, comb(pool, draws)
    rest = min(draws - deck, discard)
    counts: dict[int, int] = {}
    for j in range(min(good, deck) + 1):  # j good cards in the deck, all of it drawn
        ways = comb(good, j) * comb(pool - good, deck - j)
        for k in range(rest + 1):
            counts[j + k] = counts.get(j + k, 0) + ways * comb(good_discard, k) * comb(discard - good_discard, rest - k)
    return {k: c for k, c in counts.items() if c}, comb(pool, deck) * comb(discard, rest)


def draw_distribution(good: int, deck: int, good_discard: int, discard: int, draws: int) -> dict[int, Fraction]:
    """Distribution of the good cards among ``draws`` from a deck, the discard
    pile replacing the deck once it is empty (the rules' reshuffle).

    >>> draw_distribution(1, 1, 0, 5, 3)   # the last deck card, then 2 from the discard
    {1: Fraction(1, 1)}
    """
    counts, total = draw_counts(good, deck, good_discard, discard, draws)
    return {k: Fraction(c, total) for k, c in counts.items() if c}


def recruit_odds(deck: Mapping[str, int], discard: Mapping[str, int], draws: int) -> dict[str, list[Fraction]]:
    """For each kind: ``[P(at least j of that kind) for j in 0..draws]``.

    >>> recruit_odds({"chief": 1, "miner": 3}, {}, 2)["chief"]
    [Fraction(1, 1), Fraction(1, 2), Fraction(0, 1)]
    """
    d, r = sum(deck.values()), sum(discard.values())
    out = {}
    for kind in sorted(set(deck) | set(discard)):
        dist = draw_distribution(deck.get(kind, 0), d, discard.get(kind, 0), r, draws)
        out[kind] = [sum((p for k, p in dist.items() if k >= j), Fraction(0)) for j in range(draws + 1)]
    return out


# --- raids -------------------------------------------------------------------------


def raid_table(stock: int, max_attack: int = 6, max_defence: int = 6) -> list[list[int]]:
    """Coal a lone raid takes: ``table[attack][defence]`` for a target holding ``stock``."""
    return [[raid_loot(a, d, stock) for d in range(max_defence + 1)] for a in range(max_attack + 1)]


def raid_game(attack: int, defence: int, stock: int, split: bool = False) -> tuple[tuple[str, ...], tuple[str, ...], Matrix]:
    """The raid as a zero-sum matrix game; payoff = raider's coal gain - target's gain.

    The raider holds cards worth ``attack`` helmets, the target ``defence``.
    All-or-nothing (``split=False``): raider rows ``mine``/``attack``, target
    columns ``mine``/``defend``. With ``split=True`` a row is the number of
    helmets sent raiding (the rest mine) and a column the helmets in the
    watchtower. Mining is taken as unlimited and grisou as absent.

    >>> raid_game(3, 1, 5)[2]
    ((2, 3), (5, 4))
    """
    ks = tuple(range(attack + 1)) if split else (0, attack)
    js = tuple(range(defence + 1)) if split else (0, defence)

    def pay(k: int, j: int) -> int:
        loot = raid_loot(k, j, stock)
        return (attack - k + loot) - (defence - j - loot)

    rows = tuple(str(k) for k in ks) if split else ("mine", "attack")
    cols = tuple(str(j) for j in js) if split else ("mine", "defend")
    return rows, cols, tuple(tuple(pay(k, j) for j in js) for k in ks)


def _solve_linear(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction] | None:
    """Exact Gauss-Jordan elimination; ``None`` if the system is singular."""
    n = len(b)
    m = [row[:] + [bi] for row, bi in zip(a, b)]
    for c in range(n):
        piv = next((r for r in range(c, n) if m[r][c] != 0), None)
        if piv is None:
            return None
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def solve_zero_sum(matrix: Sequence[Sequence[Fraction | int]]) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...], Fraction]:
    """An exact equilibrium ``(row mix, column mix, value)`` of a zero-sum game.

    The row player maximises. Square supports are tried in turn (Shapley-Snow:
    some optimal pair has a square, non-singular kernel); the first pair whose
    mixes are non-negative and which no pure strategy improves is returned.
    Meant for small games (a few rows and columns).

    >>> solve_zero_sum([[3, 1], [2, 2]])   # a saddle point
    ((Fraction(0, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(1, 1)), Fraction(2, 1))
    """
    m = [[Fraction(x) for x in row] for row in matrix]
    nr, nc = len(m), len(m[0])
    for size in range(1, min(nr, nc) + 1):
        for rows in combinations(range(nr), size):
            for cols in combinations(range(nc), size):
                # column mix y on cols: every row of the support earns v
                sums_to_one = [[Fraction(1)] * size + [Fraction(0)]]
                rhs = [Fraction(0)] * size + [Fraction(1)]
                ys = _solve_linear([[m[i][j] for j in cols] + [Fraction(-1)] for i in rows] + sums_to_one, rhs)
                xs = _solve_linear([[m[i][j] for i in rows] + [Fraction(-1)] for j in cols] + sums_to_one, rhs)
                if ys is None or xs is None or min(ys[:-1]) < 0 or min(xs[:-1]) < 0:
                    continue
                x = [Fraction(0)] * nr
                y = [Fraction(0)] * nc
                for i, p in zip(rows, xs):
                    x[i] = p
                for j, p in zip(cols, ys):
                    y[j] = p
                v = ys[-1]
                if all(sum(m[i][j] * y[j] for j in range(nc)) <= v for i in range(nr)) and all(
                    sum(x[i] * m[i][j] for i in range(nr)) >= v for j in range(nc)
                ):
                    return tuple(x), tuple(y), v
    raise ValueError("no equilibrium found")  # pragma: no cover - impossible for a finite game


@lru_cache(maxsize=512)
def raid_mix(attack: int, defence: int, stock: int) -> tuple[Fraction, Fraction, Fraction]:
    """(P(raider attacks), P(target defends), value) in the all-or-nothing raid game.

    >>> raid_mix(2, 2, 2)
    (Fraction(1, 2), Fraction(1, 2), Fraction(1, 1))
    """
    x, y, v = solve_zero_sum(raid_game(attack, defence, stock)[2])
    return x[1], y[1], v


class RaidEquilibrium(NamedTuple):
    """The raid game's exact equilibrium: how often each side should play, and what it is worth."""

    p_attack: Fraction
    """P(the raider attacks)."""
    p_defend: Fraction
    """P(the target defends)."""
    value: Fraction
    """The raider's expected coal gain over the target's when both play so."""


def _view(position: Any) -> CoalMineView:
    """A view as it is; a state as its teacher's view (whoever holds the state knows it all)."""
    return position if isinstance(position, CoalMineView) else position.observation(SEE_ALL)


def raid_equilibrium(position: Any = None, target: int | None = None, player: int | None = None, *,
                     attack: int | None = None, defence: int | None = None,
                     stock: int | None = None) -> RaidEquilibrium:
    """The raid as a matrix game against one target (:func:`raid_game`), solved exactly.

    Either the numbers: ``attack`` helmets raiding a target with ``defence``
    helmets that holds ``stock`` coal; or a state or a view, ``player`` (default:
    the one to move) raiding ``target``: the target's coal, ``player``'s strongest
    card, and the target's strongest card when it can be seen (else a target as
    strong as the raider, as the board's panel assumes).

    >>> raid_equilibrium(attack=2, defence=2, stock=2)
    RaidEquilibrium(p_attack=Fraction(1, 2), p_defend=Fraction(1, 2), value=Fraction(1, 1))
    >>> raid_equilibrium(attack=3, defence=1, stock=4).p_attack     # a saddle point: always attack
    Fraction(1, 1)
    >>> raid_equilibrium(attack=2, defence=2)
    Traceback (most recent call last):
    ...
    ValueError: describe the raid (attack=, defence=, stock=) or give a state (or a view) and target=
    """
    if position is not None:
        view = _view(position)
        me = (view.turn or 0) if player is None else player
        seats = range(len(view.coal))
        if target is None or target not in seats or me not in seats or target == me:
            raise ValueError(f"name the target, another seat than the raider's {me} (seats 0 to {len(view.coal) - 1})")

        def strongest(seat: int) -> int | None:
            hand = view.hands[seat]
            if hand is None:
                return None
            return max((view.helmets.get(k, 0) for k, c in zip(view.game.kinds, hand) if c), default=0)

        attack = strongest(me) if attack is None else attack
        if attack is None:
            raise ValueError(f"this view does not show seat {me}'s hand: give attack=")
        seen = strongest(target)
        defence = defence if defence is not None else (attack if seen is None else seen)
        stock = view.coal[target] if stock is None else stock
    if attack is None or defence is None or stock is None:
        raise ValueError("describe the raid (attack=, defence=, stock=) or give a state (or a view) and target=")
    bad = [f"{n}={v}" for n, v in (("attack", attack), ("defence", defence), ("stock", stock))
           if not isinstance(v, int) or v < 0]
    if bad:
        raise ValueError(f"helmets and coal are whole numbers >= 0, not {', '.join(bad)}")
    return RaidEquilibrium(*raid_mix(attack, defence, stock))


def recruit_piles(kind: str, position: Any = None, good: int | None = None,
                  total: int | None = None) -> tuple[int, int, int, int]:
    """``(kind in the deck, deck, kind in the discard, discard)``: the piles a recruitment draws from
    (the discard shuffled in once the deck is empty), from a state (the true piles), a view
    (the cards that viewer cannot place, with card counting, as :func:`draw_pile`: exact while the
    draws stay within the deck), or ``good`` of ``total`` cards.

    >>> import mineedu
    >>> s = mineedu.make("coal_mine", 3).initial_state()
    >>> recruit_piles("pipe", good=24, total=60), recruit_piles("pipe", s), recruit_piles("pipe", s.observation(0))
    ((24, 60, 0, 0), (12, 46, 0, 0), (12, 46, 0, 0))
    """
    if position is not None:
        if good is not None or total is not None:
            raise ValueError("give a state (or a view) or good= and total=, not both")
        view = _view(position)
        if kind not in view.game.kinds:
            raise ValueError(f"no card {kind!r}: the kinds are {', '.join(view.game.kinds)}")
        good, _, good_discard, discard, pool = draw_pile(view, kind)
        return good, pool, good_discard, discard
    if good is None or total is None:
        raise ValueError("describe the deck (good=, total=) or give a state (or a view)")
    if not 0 <= good <= total:
        raise ValueError(f"a deck of {total} cards cannot hold {good} good ones")
    return good, total, 0, 0


def p_at_least_one(draws: int, kind: str = "pipe", position: Any = None, *, good: int | None = None,
                   total: int | None = None) -> Fraction:
    """P(at least one ``kind`` card (a pipe-miner, by default) among ``draws`` cards recruited).

    The piles: a state's or a view's (:func:`recruit_piles`), or ``good`` of ``total`` cards.

    >>> p_at_least_one(2, good=24, total=60)
    Fraction(38, 59)
    >>> p_at_least_one(9, good=2, total=8)
    Traceback (most recent call last):
    ...
    ValueError: cannot recruit 9 cards from 8
    """
    if position is not None:
        recruit_piles(kind, position)  # the same checks
        view = _view(position)
        most = view.deck_size + sum(view.discard)
        if not isinstance(draws, int) or not 0 <= draws <= most:
            raise ValueError(f"cannot recruit {draws} cards from {most}")
        return Fraction(*at_least_one(view, kind, draws) or (0, 1))
    good, deck, good_discard, discard = recruit_piles(kind, position, good, total)
    if not isinstance(draws, int) or not 0 <= draws <= deck + discard:
        raise ValueError(f"cannot recruit {draws} cards from {deck + discard}")
    counts, n = draw_counts(good, deck, good_discard, discard, draws)
    return Fraction(sum(c for k, c in counts.items() if k >= 1), n)


# --- the report -----------------------------------------------------------------------


def draw_pile(view: CoalMineView, kind: str) -> tuple[int, int, int, int, int]:
    """``(kind among the unseen, deck, kind in the discard, discard, unseen)``: the arguments of
    :func:`draw_counts` for a draw of ``kind`` from what ``view`` knows (``pool=`` the last): the true
    deck (``SEE_ALL``), or, with card counting, the cards the viewer cannot place
    (:attr:`CoalMineView.unseen`: the deck and the cards the others drew, the deck a part of them taken
    at random); then the public discard, which replaces an empty deck."""
    i = view.game.index[kind]
    return view.unseen[i], view.deck_size, view.discard[i], sum(view.discard), sum(view.unseen)


def recruit_table(view: CoalMineView) -> dict[str, Any]:
    """P(at least j cards of each kind) for 2..5 cards recruited (exact, with their counts)."""
    g, cfg = view.game, view.game.config
    d_size, r_size = view.deck_size, sum(view.discard)
    table: dict[str, dict[str, dict[str, Any]]] = {}
    for draws in range(cfg.recruit_base, cfg.recruit_base + 4):
        if draws > d_size + r_size:
            break
        row = table[str(draws)] = {}
        for kind in g.kinds:
            pile = draw_pile(view, kind)
            if not pile[0] and not pile[2]:  # none of this kind left to draw
                continue
            counts, total = draw_counts(*pile[:4], draws, pool=pile[4])
            row[kind] = {}
            for j in range(1, draws + 1):
                hits = sum(c for k, c in counts.items() if k >= j)
                row[kind][str(j)] = exact_json(Fraction(hits, total), counts=(hits, total))
    return {"source": "deck" if view.deck is not None else "unseen", "pile": sum(view.unseen), "deck": d_size,
            "discard": r_size, "p_at_least": table}


def planned_draws(view: CoalMineView, player: int) -> int:
    """How many cards ``player`` recruits with what lies on their Recruitment now: the base
    2 + its helmets; with nothing there yet, as if one 1-helmet card were laid (no card, no draw)."""
    cfg = view.game.config
    laid = [k for sp, k, _ in (view.boards[player].cards or ()) if sp == "recruit"]
    return int(cfg.recruit_base) + max(1, sum(view.helmets[k] for k in laid))


def at_least_one(view: CoalMineView, kind: str, draws: int) -> tuple[int, int] | None:
    """(draws with at least one ``kind`` card, all the draws) among ``draws`` cards from the
    pile as the viewer knows it (:func:`draw_pile`); ``None`` if the pile cannot give that many."""
    good, d_size, good_discard, r_size, pool = draw_pile(view, kind)
    if draws > d_size + r_size or not good + good_discard:
        return None
    counts, total = draw_counts(good, d_size, good_discard, r_size, draws, pool=pool)
    return sum(c for k, c in counts.items() if k >= 1), total


def raid_figures(attack: int, stock: int) -> dict[str, Any]:
    """The raid on a target holding ``stock`` coal, with my strongest card (``attack`` helmets)
    against a target as strong (it defends with ``attack`` helmets or mines): the 2x2 game,
    its exact equilibrium and value, and the loot I can expect against that equilibrium.

    >>> f = raid_figures(3, 2)
    >>> f["matrix"], f["p_attack"], f["p_defend"], f["value"], f["loot"]
    (((0, 3), (1, 0)), Fraction(3, 4), Fraction(1, 4), Fraction(3, 4), Fraction(3, 2))
    """
    _, _, matrix = raid_game(attack, attack, stock)
    p_attack, p_defend, value = raid_mix(attack, attack, stock)
    loot = (1 - p_defend) * raid_loot(attack, 0, stock) + p_defend * raid_loot(attack, attack, stock)
    return {"attack": attack, "stock": stock, "matrix": matrix, "p_attack": p_attack, "p_defend": p_defend,
            "value": value, "loot": loot}


def report_for(view: CoalMineView) -> dict[str, Any]:
    """The exact odds one viewer can work out (JSON-ready): recruitment from the
    cards that viewer cannot see, the raid table and the raid game on the stock
    of the viewer (or of the seat to move)."""
    g = view.game
    me = view.player if view.player is not None else (view.turn if view.turn is not None else 0)
    stock = view.coal[me]
    mixes = {}
    for a, d in ((1, 1), (2, 1), (2, 2), (3, 2), (3, 3)):
        rows, cols, m = raid_game(a, d, stock)
        p_attack, p_defend, v = raid_mix(a, d, stock)
        mixes[f"{a}v{d}"] = {
            "attack": a, "defence": d, "stock": stock, "rows": list(rows), "cols": list(cols),
            "matrix": [[int(c) for c in r] for r in m],
            "p_attack": exact_json(p_attack), "p_defend": exact_json(p_defend), "value": exact_json(v),
        }
    pipe = None  # the panel's headline: P(at least one pipe-miner in the viewer's planned draws)
    if view.player is not None:
        d = planned_draws(view, view.player)
        counts = at_least_one(view, PIPE, d)
        pipe = {"draws": d, "counting_complete": view.counting_complete,
                "p": exact_json(Fraction(*counts), counts=counts) if counts else None}
    return {
        "game": g.name,
        "round": view.round,
        "sale_cap": view.caps[1],
        "player": view.player,
        "kinds": list(g.kinds),
        "pipe": pipe,
        "recruit": recruit_table(view),
        "raid": {"stock": stock, "loot": raid_table(stock)},
        "raid_game": mixes,
    }


def odds_report(state: State, player: int | None = None) -> dict[str, Any]:
    """The exact odds of a position, JSON-ready (``mineedu odds``), from one viewer's view.

    ``player=None`` is the teacher, who sees the true deck; a player's report
    draws from the cards that player cannot see (deck and others' hands, taken
    as well mixed).
    """
    return report_for(state.observation(SEE_ALL if player is None else player))


T = Texts({
    "head": {"fr": "Mine (charbon), manche {r} : vente max {cap}", "en": "Mine (coal), round {r}: sell at most {cap}"},
    "recruit": {"fr": "Recrutement : P(au moins 1 carte de ce type) ({src}, {pile} cartes)",
                "en": "Recruitment: P(at least 1 card of this kind) ({src}, {pile} cards)"},
    "pipe": {"fr": "{p}, recrutement : P(au moins un Tuyauteur parmi ses {d} cartes) = {f} ≈ {pc} ({how})",
             "en": "{p}, recruitment: P(at least one Pipe-miner among their {d} cards) = {f} ≈ {pc} ({how})"},
    "counted": {"fr": "en comptant les cartes", "en": "with card counting"},
    "not_exact": {"fr": "≈ en comptant les cartes, pas exact", "en": "≈ with card counting, not exact"},
    "deck": {"fr": "pioche", "en": "deck"},
    "unseen": {"fr": "cartes que vous ne voyez pas", "en": "cards you cannot see"},
    "draws": {"fr": "{d} cartes", "en": "{d} cards"},
    "raid": {"fr": "Pillage d'une cible à {s} : charbon pris (lignes attaque 0-6, colonnes défense 0-6)",
             "en": "Raid on a target with {s}: coal taken (rows attack 0-6, columns defence 0-6)"},
    "game": {"fr": "Le pillage comme jeu à somme nulle (gain du pilleur - gain de la cible) :",
             "en": "The raid as a zero-sum game (raider's gain - target's gain):"},
    "mix": {"fr": "  casques : attaque {a} contre défense {d} : P(attaquer) = {x}, P(défendre) = {y}, valeur {v}",
            "en": "  helmets: attack {a} vs defence {d}: P(attack) = {x}, P(defend) = {y}, value {v}"},
})


def _cell(c: dict[str, Any] | None, lang: str) -> str:
    if not c:
        return "-"
    p = from_json(c)
    return f"{fraction_text(p)} ≈ {format_number(float(p), lang, 3)}"


def _counted(c: dict[str, Any]) -> str:
    """``9196/15180 = 209/345``: the count as drawn, then reduced (just one if they agree)."""
    return c["fraction"] if c["fraction"] == c["reduced"] else f"{c['fraction']} = {c['reduced']}"


def format_odds(report: dict[str, Any], lang: str = "en") -> str:
    """The report as text for ``mineedu odds coal_mine``."""
    rec = report["recruit"]
    lines = [T("head", lang, r=report["round"], cap=coal_text(report["sale_cap"], lang))]
    pipe = report.get("pipe")
    if pipe and pipe["p"]:
        p = from_json(pipe["p"])
        lines.append(T("pipe", lang, p=player_name(report["player"], lang), d=pipe["draws"], f=_counted(pipe["p"]),
                       pc=format_number(p, lang, percent=True),
                       how=T("counted" if pipe["counting_complete"] else "not_exact", lang)))
    lines.append(T("recruit", lang, src=T(rec["source"], lang), pile=rec["pile"]))
    table = rec["p_at_least"]
    ds = list(table)
    present = {k for d in ds for k in table[d]}
    kinds = [k for k in report.get("kinds", sorted(present)) if k in present]
    rows = [[card_name(k, lang)] + [_cell(table[d].get(k, {}).get("1"), lang) for d in ds] for k in kinds]
    head = [""] + [T("draws", lang, d=d) for d in ds]
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    for r in [head] + rows:
        lines.append("  " + r[0].ljust(widths[0]) + "".join("  " + c.rjust(w) for c, w in zip(r[1:], widths[1:])))
    lines.append(T("raid", lang, s=coal_text(report["raid"]["stock"], lang)))
    for a, row in enumerate(report["raid"]["loot"]):
        lines.append(f"  {a}: " + " ".join(str(x) for x in row))
    lines.append(T("game", lang))
    for mix in report["raid_game"].values():
        lines.append(T("mix", lang, a=mix["attack"], d=mix["defence"], x=fraction_text(from_json(mix["p_attack"])),
                       y=fraction_text(from_json(mix["p_defend"])), v=fraction_text(from_json(mix["value"]))))
    return "\n".join(lines)
