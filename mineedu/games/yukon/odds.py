"""Exact odds of Gold am Yukon: the "1 rolls again" die, setup turns, turns to a ring.

Everything is exact (:class:`fractions.Fraction`); floats are views.

The die of one turn: a 1 gives another throw, added (D13/D14). So a turn
gives 2..6 pips with probability 1/6 each and 1 + (another turn) with
probability 1/6: the mean is 21/5 = 4.2, not 3.5.

>>> pip_probability(2), pip_probability(7)
(Fraction(1, 6), Fraction(1555, 46656))
>>> pip_mean(), pip_variance()
(Fraction(21, 5), Fraction(56, 25))
>>> pip_mean(reroll=0)
Fraction(7, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from mineedu.core import Texts, exact_json, from_json
from mineedu.core.i18n import format_number

from .board import NEIGHBOURS, on_ring
from .kernel import CLAIM
from .rules import YukonConfig, YukonView, kernel_of_view
from .words import count

NEGLIGIBLE_CAP = Fraction(1, 10**9)
"""Below this chance of mattering, the report leaves the safety cap out of its figures."""


def the_die(die: Any = None, sides: int = 6, reroll: int = 1, max_rolls: int | None = None) -> Die:
    """``(sides, reroll, max_rolls)`` of the die a function is asked about, checked: from ``die``
    (a game, a state, a view or a :class:`YukonConfig`: its die, as :func:`die_of` counts it)
    or from the numbers themselves.

    >>> the_die(), the_die(YukonConfig(sides=8, reroll=0))
    ((6, 1, None), (8, 0, None))
    >>> the_die(sides=1)
    Traceback (most recent call last):
    ...
    ValueError: a die has 2 to 20 faces (sides), not 1
    """
    if die is not None:
        config = getattr(getattr(die, "game", die), "config", die)
        if not isinstance(config, YukonConfig):
            raise ValueError(f"die= is a Gold am Yukon game, state, view or YukonConfig, not {die!r}")
        return die_of(config)[0]
    if not isinstance(sides, int) or not 2 <= sides <= 20:
        raise ValueError(f"a die has 2 to 20 faces (sides), not {sides}")
    if not isinstance(reroll, int) or not 0 <= reroll <= sides:
        raise ValueError(f"the face that rolls again (reroll) is 1 to {sides}, or 0 for none, not {reroll}")
    if max_rolls is not None and (not isinstance(max_rolls, int) or max_rolls < 1):
        raise ValueError(f"max_rolls caps the throws of a turn: 1 or more (None: no cap), not {max_rolls}")
    return sides, reroll, max_rolls


def pip_probability(total: int, sides: int = 6, reroll: int = 1, max_rolls: int | None = None, *,
                    die: Any = None) -> Fraction:
    """P(one turn gives exactly ``total`` pips).

    A roll of ``reroll`` adds its pips and rolls again (``reroll=0``: never);
    ``max_rolls`` caps the throws of one turn (the last one never rolls again).
    ``die``: a game, a state, a view or a config instead of these numbers.

    >>> pip_probability(4), pip_probability(4, reroll=0), pip_probability(4, die=YukonConfig(sides=4))
    (Fraction(43, 216), Fraction(1, 6), Fraction(21, 64))
    """
    if die is not None or not (sides == 6 and reroll == 1 and max_rolls is None):
        sides, reroll, max_rolls = the_die(die, sides, reroll, max_rolls)
    return _pip_probability(total, sides, reroll, max_rolls)


@lru_cache(maxsize=4096)
def _pip_probability(total: int, sides: int, reroll: int, max_rolls: int | None) -> Fraction:
    p = Fraction(1, sides)
    if not reroll:
        return p if 1 <= total <= sides else Fraction(0)
    prob = Fraction(0)
    k = 0  # throws of the re-roll face before the last throw
    while k * reroll < total and (max_rolls is None or k < max_rolls):
        last = total - k * reroll
        capped = max_rolls is not None and k + 1 == max_rolls
        if 1 <= last <= sides and (last != reroll or capped):
            prob += p ** (k + 1)
        k += 1
    return prob


def pip_distribution(
    upto: int = 12, sides: int = 6, reroll: int = 1, max_rolls: int | None = None, *, die: Any = None
) -> tuple[dict[int, Fraction], Fraction]:
    """``({pips: probability} for 1..upto, P(more than upto pips))``; the die as :func:`the_die` reads it.

    >>> dist, tail = pip_distribution(6)
    >>> dist[1], dist[6], tail
    (Fraction(0, 1), Fraction(1555, 7776), Fraction(311, 7776))
    """
    if not isinstance(upto, int) or upto < 1:
        raise ValueError(f"upto is the largest number of pips listed, 1 or more, not {upto}")
    sides, reroll, max_rolls = the_die(die, sides, reroll, max_rolls)
    dist = {t: _pip_probability(t, sides, reroll, max_rolls) for t in range(1, upto + 1)}
    return dist, 1 - sum(dist.values(), Fraction(0))


def _moments(sides: int, reroll: int, max_rolls: int | None) -> tuple[Fraction, Fraction]:
    """E[X] and E[X^2] of one turn's pips, X = reroll*K + V (K re-rolls, V the last throw)."""
    q = Fraction(1, sides)
    faces = range(1, sides + 1)
    others = [v for v in faces if v != reroll] if reroll else list(faces)
    m1 = Fraction(sum(others), len(others))
    m2 = Fraction(sum(v * v for v in others), len(others))
    if not reroll:
        return m1, m2
    f = reroll
    if max_rolls is None:
        # K is geometric: P(K=k) = q^k (1-q); E[K] = q/(1-q), E[K^2] = q(1+q)/(1-q)^2
        ek = q / (1 - q)
        ek2 = q * (1 + q) / (1 - q) ** 2
        return f * ek + m1, f * f * ek2 + 2 * f * ek * m1 + m2
    e1 = e2 = Fraction(0)
    for k in range(max_rolls - 1):
        w = q**k * (1 - q)
        e1 += w * (f * k + m1)
        e2 += w * ((f * k) ** 2 + 2 * f * k * m1 + m2)
    w = q ** (max_rolls - 1)  # the capped last throw: any face, no re-roll
    a1 = Fraction(sum(faces), sides)
    a2 = Fraction(sum(v * v for v in faces), sides)
    k = max_rolls - 1
    return e1 + w * (f * k + a1), e2 + w * ((f * k) ** 2 + 2 * f * k * a1 + a2)


def pip_mean(sides: int = 6, reroll: int = 1, max_rolls: int | None = None, *, die: Any = None) -> Fraction:
    """Expected pips of one turn (21/5 for the game's die; the die as :func:`the_die` reads it).

    >>> pip_mean(), pip_mean(sides=4), pip_mean(die=YukonConfig(reroll=0))
    (Fraction(21, 5), Fraction(10, 3), Fraction(7, 2))
    """
    return _moments(*the_die(die, sides, reroll, max_rolls))[0]


def pip_variance(sides: int = 6, reroll: int = 1, max_rolls: int | None = None) -> Fraction:
    """Variance of one turn's pips (56/25 for the game's die)."""
    m1, m2 = _moments(sides, reroll, max_rolls)
    return m2 - m1 * m1


@lru_cache(maxsize=1024)
def _turns_to_collect(
    need: int, sides: int = 6, reroll: int = 1, max_rolls: int | None = None, max_turns: int = 12
) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """``({turns: probability} for 1..max_turns, P(more turns), exact mean)``, cached
    (a board asks again at every redraw; :func:`turns_to_collect` hands out copies)."""
    if need <= 0:
        return {t: Fraction(int(t == 0)) for t in range(1, max_turns + 1)}, Fraction(0), Fraction(0)
    step = [_pip_probability(j, sides, reroll, max_rolls) for j in range(need)]  # step[j] for j < need
    at: dict[int, Fraction] = {0: Fraction(1)}  # pips collected so far (< need) -> probability
    dist: dict[int, Fraction] = {}
    for t in range(1, max_turns + 1):
        nxt: dict[int, Fraction] = {}
        done = Fraction(0)
        for c, pc in at.items():
            short = Fraction(0)
            for j in range(1, need - c):
                if step[j]:
                    nxt[c + j] = nxt.get(c + j, Fraction(0)) + pc * step[j]
                    short += step[j]
            done += pc * (1 - short)
        dist[t] = done
        at = nxt
    tail = sum(at.values(), Fraction(0))
    # exact mean: E(c) = 1 + sum_j P(j) E(c + j), solved from the top down
    e = [Fraction(0)] * (need + 1)
    for c in range(need - 1, -1, -1):
        e[c] = 1 + sum((step[j] * e[c + j] for j in range(1, need - c)), Fraction(0))
    return dist, tail, e[0]


def turns_to_collect(
    need: int, sides: int = 6, reroll: int = 1, max_rolls: int | None = None, max_turns: int = 12, *, die: Any = None
) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    """How many turns until the pips add up to ``need`` or more (see :func:`_turns_to_collect`).

    Serves the setup (``need`` = pawns still to place, D14) and the way to a
    ring (``need`` = steps + 1 pip for the claim, D16). Opponents are ignored.

    >>> dist, tail, mean = turns_to_collect(2)
    >>> dist[1], mean
    (Fraction(1, 1), Fraction(1, 1))
    >>> turns_to_collect(11)[2]
    Fraction(30828007, 10077696)
    """
    if not isinstance(need, int) or not isinstance(max_turns, int) or max_turns < 1:
        raise ValueError(f"need is a whole number of pips, max_turns 1 or more, not {need!r}, {max_turns!r}")
    sides, reroll, max_rolls = the_die(die, sides, reroll, max_rolls)
    dist, tail, mean = _turns_to_collect(need, sides, reroll, max_rolls, max_turns)
    return dict(dist), tail, mean


def ring_distance(
    chain: Sequence[int], claims: Iterable[int], blocked: Iterable[int] = (), max_steps: int = 30
) -> tuple[int, tuple[int, ...]] | None:
    """Fewest pips until every pawn of ``chain`` stands on the ring of one of ``claims``.

    The chain moves as in D15, one end leading all the way (either end may be
    chosen); ``blocked`` spaces (opponents) are avoided, none by default.
    Breadth-first search over the chain's positions. Returns ``(steps, claims
    reached)`` or ``None`` beyond ``max_steps``.

    >>> from .board import RINGS, CENTRE
    >>> ring = RINGS[CENTRE]
    >>> ring_distance(ring, [CENTRE])
    (0, (18,))
    >>> ring_distance(ring[1:], [CENTRE])[0]
    0
    """
    targets = frozenset(claims)
    chain = tuple(chain)
    if not chain or not targets:
        return None
    hit = on_ring(chain, targets)
    if hit:
        return 0, hit
    block = frozenset(blocked)
    best: tuple[int, tuple[int, ...]] | None = None
    for start in (chain, chain[::-1]):  # the head is the last pawn
        seen = {start}
        level = [start]
        # the second end also searches up to the best distance so far: ties add claims
        for d in range(1, (max_steps if best is None else best[0]) + 1):
            nxt = []
            found: set[int] = set()
            for ch in level:
                occupied = set(ch)
                for t in NEIGHBOURS[ch[-1]]:
                    if t in occupied or t in block:
                        continue
                    new = ch[1:] + (t,)
                    if new in seen:
                        continue
                    seen.add(new)
                    nxt.append(new)
                    found.update(on_ring(new, targets))
            if found:
                if best is None or d < best[0]:
                    best = (d, tuple(sorted(found)))
                elif d == best[0]:
                    best = (d, tuple(sorted(set(best[1]) | found)))
                break
            level = nxt
            if not level:
                break
    return best




# --- the report behind ``mineedu odds yukon`` and the board's panel ----------------

Die = tuple[int, int, int | None]
"""(sides, reroll face, max_rolls or None): the die as the figures count it."""


def die_of(config: Any) -> tuple[Die, Fraction, bool]:
    """The die the figures use, the chance the safety cap changes a turn, and whether it is counted.

    The cap changes a turn with probability ``cap``. When that is negligible (the
    default: 6^-30) the figures show the textbook die (mean 21/5); a cap that
    matters (a teacher's "at most 2 throws") is counted exactly, as the engine plays it.
    """
    cap = Fraction(1, config.sides) ** config.max_rolls if config.reroll else Fraction(0)
    counted = cap > NEGLIGIBLE_CAP
    return (config.sides, config.reroll, config.max_rolls if counted else None), cap, counted


def _turns(key: str, dist: dict[int, Fraction], tail: Fraction, mean: Fraction, max_turns: int) -> dict[str, Any]:
    return {
        "turns": [{key: t, "p": exact_json(q)} for t, q in dist.items()],
        "beyond": {key: max_turns, "p": exact_json(tail)},
        "mean": exact_json(mean),
    }


def p_at_least(need: int, die: Die) -> Fraction:
    """P(one turn's pips >= ``need``) (1 for ``need`` <= 1: a turn gives at least one pip)."""
    return 1 - sum((pip_probability(k, *die) for k in range(1, need)), Fraction(0))


MAX_SEARCH = 20_000  # positions searched for the claims within reach this turn (a huge throw stops there)


@lru_cache(maxsize=128)
def stakeable(view: YukonView) -> dict[int, int]:
    """The claims the player to move can stake this turn, with the steps before each
    (the claim costs one more pip): every way to spend the pips left, played by the
    rules themselves on the board as it is (opponents stand still during a turn;
    the leading end, a blocked head turning back, D15-D16). Empty while the die rolls
    or in setup.

    >>> import mineedu
    >>> from .board import RINGS
    >>> s = mineedu.make("yukon", 3).initial_state()
    >>> from dataclasses import replace
    >>> s = replace(s, chains=(RINGS[0], (102,), (211,)), pips=1)
    >>> stakeable(s.observation(None))
    {0: 0}
    """
    if view.done or view.rolling or view.pips < 1 or not view.chains[view.turn] or view.in_setup(view.turn):
        return {}
    p = view.turn
    found: dict[int, int] = {}
    level = [kernel_of_view(view)]
    seen = {(tuple(view.chains[p]), view.head, view.turned)}
    for steps in range(view.pips):
        nxt = []
        for k in level:
            for c in k.legal():
                if c >> 16 == CLAIM:
                    found.setdefault(c >> 8 & 255, steps)
                    continue
                t = k.copy()
                t.apply(c)
                key = (tuple(t.chains[p]), t.head, t.turned)
                if t.turn == p and not t.rolling and not t.done and key not in seen and len(seen) < MAX_SEARCH:
                    seen.add(key)
                    nxt.append(t)
        level = nxt
    return dict(sorted(found.items()))


def _now(view: YukonView, steps: int | None, die: Die, max_turns: int) -> dict[str, Any]:
    """What the player to move faces this turn: the pips it needs and the chance this turn gives them.

    ``need`` is the pawns still to place (setup) or the steps to the nearest free
    ring plus the pip that stakes the claim (D16). While the die rolls (a 1 was
    thrown, or nothing yet) the pips so far count and the rest is a fresh turn's
    throw (with the throws the cap still allows, when the cap is counted).
    """
    p = view.turn
    chain = view.chains[p]
    phase = "start" if not chain else "setup" if view.in_setup(p) else "move"
    need: int | None = None
    if phase == "setup":
        need = view.config.pawns - len(chain) - len(view.claims_of(p))
    elif phase == "move" and steps is not None:
        need = steps + 1
    now: dict[str, Any] = {"player": p, "phase": phase, "rolling": view.rolling, "pips": view.pips,
                           "throws": list(view.throws), "thrown": sum(view.throws), "need": need}
    if view.throws and not view.rolling:  # how likely the turn's total was
        now["p_thrown"] = exact_json(pip_probability(sum(view.throws), *die))
    if phase == "move":
        now["within"] = [{"claim": c, "value": view.config.values[c], "steps": k} for c, k in stakeable(view).items()]
    if need is None:
        return now
    if view.rolling:
        sides, reroll, cap = die
        rest = (sides, reroll, None if cap is None else cap - len(view.throws))
        now["this_turn"] = exact_json(p_at_least(need - sum(view.throws), rest))
        return now
    now["this_turn"] = exact_json(Fraction(int(view.pips >= need)))
    if view.pips < need:  # the pips of this turn go towards it; the next turns bring the rest
        dist, tail, mean = turns_to_collect(need - view.pips, *die, max_turns=max_turns)
        now["after"] = _turns("turns", dist, tail, mean, max_turns)
    return now


@lru_cache(maxsize=256)
def _nearest(chain: tuple[int, ...], free: tuple[int, ...]) -> tuple[int, tuple[int, ...]] | None:
    return ring_distance(chain, free)


def view_report(view: YukonView, player: int | None = None, upto: int = 12, max_turns: int = 8) -> dict[str, Any]:
    """The exact odds one viewer can work out from ``view`` (JSON-ready; every number
    an :func:`mineedu.core.exact_json`): the die, the setup, the way to a ring for
    ``player`` (default: the player to move) and, for the player to move, this turn.
    """
    cfg = view.config
    die, cap, counted = die_of(cfg)
    dist, tail = pip_distribution(upto, *die)
    need = cfg.pawns - 1  # the first pawn goes on the start space without a throw
    sdist, stail, smean = turns_to_collect(need, *die, max_turns=max_turns)
    report: dict[str, Any] = {
        "die": {
            "sides": cfg.sides,
            "reroll_face": cfg.reroll,
            "pips": [{"pips": k, "p": exact_json(q)} for k, q in dist.items()],
            "beyond": {"pips": upto, "p": exact_json(tail)},
            "mean": exact_json(pip_mean(*die)),
            "variance": exact_json(pip_variance(*die)),
            "plain_die_mean": exact_json(pip_mean(cfg.sides, 0)),
            "max_rolls": cfg.max_rolls,
            "cap_changes_a_turn": exact_json(cap),
            "cap_counted": counted,
        },
        "setup": {"pawns_by_dice": need, **_turns("turns", sdist, stail, smean, max_turns)},
        "ring": None,
        "now": None,
    }
    p = view.turn if player is None else player
    free = tuple(c for c, o in enumerate(view.owners) if o < 0)
    steps: int | None = None
    if 0 <= p < view.players and view.in_play(p) and not view.in_setup(p):
        found = _nearest(view.chains[p], free)
        if found is not None:
            steps, claims = found
            tdist, ttail, tmean = turns_to_collect(steps + 1, *die, max_turns=max_turns)
            report["ring"] = {
                "player": p,
                "steps": steps,
                "claims": [{"claim": c, "value": cfg.values[c]} for c in claims],
                **_turns("turns", tdist, ttail, tmean, max_turns),
            }
    if not view.done and p == view.turn:
        report["now"] = _now(view, steps, die, max_turns)
    return report


def odds_report(state: Any, player: int | None = None, upto: int = 12, max_turns: int = 8) -> dict[str, Any]:
    """The exact odds of a position (JSON-ready): the die, the setup, the way to a ring, this turn.

    ``state`` is a :class:`~mineedu.games.yukon.rules.YukonState`; the figures come
    from its public view (:func:`view_report`). ``player`` defaults to the player to move.
    """
    return view_report(state.observation(None), player, upto, max_turns)


TEXTS = Texts({
    "die": {"fr": "Points du dé en un tour (le {face} fait relancer, d{sides}) :",
            "en": "Pips in one turn ({face} rolls again, d{sides}):"},
    "row": {"fr": "  {k:>3} : {p:>14}  ({f})", "en": "  {k:>3}: {p:>14}  ({f})"},
    "beyond_pips": {"fr": "  plus de {k} : {p} ({f})", "en": "  more than {k}: {p} ({f})"},
    "mean": {"fr": "Moyenne {m} = {mf} points (dé simple : {d} = {df}) ; variance {v} = {vf}",
             "en": "Mean {m} = {mf} pips (plain die: {d} = {df}); variance {v} = {vf}"},
    "cap": {"fr": "(plafond de sécurité : {n} lancers par tour ; il change un tour avec probabilité {f})",
            "en": "(safety cap: {n} throws a turn; it changes a turn with probability {f})"},
    "cap_counted": {"fr": "(au plus {n} lancers par tour, compté dans ces chiffres : il change un tour avec probabilité {f})",
                    "en": "(at most {n} throws a turn, counted in these figures: it changes a turn with probability {f})"},
    "setup": {"fr": "Tours pour poser les {n} pions restants (mise en place) :",
              "en": "Turns to place the {n} remaining pawns (setup):"},
    "turn_row": {"fr": "  {k:>9} : {p:>14}  ({f})", "en": "  {k:>9}: {p:>14}  ({f})"},
    "beyond_turns": {"fr": "  plus de {k} tours : {p} ({f})", "en": "  more than {k} turns: {p} ({f})"},
    "turn_mean": {"fr": "  en moyenne {m} = {mf} tours", "en": "  on average {m} = {mf} turns"},
    "ring": {"fr": "Joueur {p} : {s} jusqu'à l'anneau libre le plus proche (gains {c}), sans compter les adversaires ; "
                   "tours pour revendiquer :",
             "en": "Player {p}: {s} to the nearest free ring (claims {c}), ignoring opponents; turns to claim it:"},
    "no_ring": {"fr": "Pas de chaîne complète à mesurer pour ce joueur.",
                "en": "No complete chain to measure for this player."},
    "now_setup": {"fr": "Ce tour, joueur {p} : {k} encore à poser ; P(tous posés ce tour) = {q} ({f})",
                  "en": "This turn, player {p}: {k} still to place; P(all placed this turn) = {q} ({f})"},
    "now_move": {"fr": "Ce tour, joueur {p} : il faut {k} (les pas et 1 pour revendiquer) ; P(assez ce tour) = {q} ({f})",
                 "en": "This turn, player {p}: {k} needed (the steps and 1 to claim); P(enough this turn) = {q} ({f})"},
    "after": {"fr": "  après ce tour, tours pour le reste :", "en": "  after this turn, turns for the rest:"},
})


def _turn_lines(section: dict[str, Any], lang: str) -> list[str]:
    lines = [TEXTS("turn_row", lang, k=count(r["turns"], "turn", lang), p=r["p"]["fraction"],
                   f=format_number(r["p"]["float"], lang, 4))
             for r in section["turns"] if from_json(r["p"])]
    b = section["beyond"]
    lines.append(TEXTS("beyond_turns", lang, k=b["turns"], p=b["p"]["fraction"], f=format_number(b["p"]["float"], lang, 4)))
    mean = section["mean"]
    lines.append(TEXTS("turn_mean", lang, m=mean["fraction"], mf=format_number(mean["float"], lang, 3)))
    return lines


def _now_lines(now: dict[str, Any] | None, lang: str) -> list[str]:
    if now is None or now.get("this_turn") is None:
        return []
    q = now["this_turn"]
    p, k = now["player"] + 1, now["need"]
    if now["phase"] == "setup":
        line = TEXTS("now_setup", lang, p=p, k=count(k, "pawn", lang), q=q["fraction"], f=format_number(q["float"], lang, 4))
    else:
        line = TEXTS("now_move", lang, p=p, k=count(k, "pip", lang), q=q["fraction"], f=format_number(q["float"], lang, 4))
    lines = ["", line]
    if "after" in now:
        lines += [TEXTS("after", lang), *_turn_lines(now["after"], lang)]
    return lines


def format_odds(report: dict[str, Any], lang: str = "en") -> str:
    """The report as text for the terminal, in French or English (numbers read with :func:`from_json`)."""
    die = report["die"]
    lines = [TEXTS("die", lang, face=die["reroll_face"], sides=die["sides"])]
    lines += [TEXTS("row", lang, k=r["pips"], p=r["p"]["fraction"], f=format_number(r["p"]["float"], lang, 4))
              for r in die["pips"] if from_json(r["p"])]
    b = die["beyond"]
    lines.append(TEXTS("beyond_pips", lang, k=b["pips"], p=b["p"]["fraction"], f=format_number(b["p"]["float"], lang, 4)))
    mean, var, plain = die["mean"], die["variance"], die["plain_die_mean"]
    lines.append(TEXTS("mean", lang, m=mean["fraction"], mf=format_number(mean["float"], lang, 4),
                       d=plain["fraction"], df=format_number(plain["float"], lang, 2),
                       v=var["fraction"], vf=format_number(var["float"], lang, 4)))
    cap = die["cap_changes_a_turn"]["float"]
    if die["cap_counted"]:
        lines.append(TEXTS("cap_counted", lang, n=die["max_rolls"], f=format_number(cap, lang, 4)))
    else:
        lines.append(TEXTS("cap", lang, n=die["max_rolls"], f=format_number(cap, lang, 4)))
    lines.append("")
    lines.append(TEXTS("setup", lang, n=report["setup"]["pawns_by_dice"]))
    lines += _turn_lines(report["setup"], lang)
    lines.append("")
    ring = report["ring"]
    if ring is None:
        lines.append(TEXTS("no_ring", lang))
    else:
        claims = ", ".join(f"{c['claim']} ({c['value']})" for c in ring["claims"])
        # players are numbered from 1 in what students read (the report keeps the index)
        lines.append(TEXTS("ring", lang, p=ring["player"] + 1, s=count(ring["steps"], "step", lang), c=claims))
        lines += _turn_lines(ring, lang)
    lines += _now_lines(report.get("now"), lang)
    return "\n".join(lines)
