"""Exact odds of My Gold Mine, for the decision the player to move faces.

Every exploration card's type is revealed by its effect, so the counts of the
cards not yet seen (``explore``) are public, and every function here takes a
state or a :class:`~mineedu.games.gold_mine.rules.GoldMineView` alike.

The question a miner faces on their turn is *explore or exit?* Exploring
risks a burn, and a burn loses every card held this round:

* :func:`burn_risk`: P(I am burned if I explore now). Next to Dragobert a
  dragon card burns me (he moves onto my card) and so does an eyes card (it
  walks me onto his); anywhere else nothing drawn now can burn me. On card 4
  with Dragobert on 5 and 54 cards left, 16 of them eyes and 5 dragons, that is
  21/54, not the 5/54 of "P(next card is a dragon)".
* :func:`gold_change`: the expected change of my round's gold if I explore
  (a burn costs what I hold).
* :func:`p_dragon_reaches`: P(Dragobert reaches my card within the next k
  exploration cards, whoever draws them).
* :func:`p_exit_reaches_ladder`: what the exit deck offers instead (exiting never burns).

:func:`gold_change` is a sum over the chance outcomes of the rules themselves
(:func:`mineedu.core.outcomes_after`), :func:`burn_risk` the kernel's count the
burn bot decides by (:func:`.kernel.burn_counts`): both exact in both deck modes
(the face-up variant's chain of revealed dragons included) and at the end of a
round (the mine collapsing, E3).

>>> import mineedu
>>> s = mineedu.make("gold_mine", players=4).initial_state()
>>> p_dragon_next(s), burn_risk(s), gold_change(s)
(Fraction(4, 29), Fraction(0, 1), Fraction(33, 29))
>>> near = s._evolve(dragon=5, explore=(20, 13, 16, 5))   # card 4, Dragobert on 5: 54 cards left
>>> burn_risk(near), p_dragon_next(near)
(Fraction(7, 18), Fraction(5, 54))
>>> dragons_in_next(s, 2)[2]
Fraction(28, 1653)
>>> p_dragon_reaches(s, 7, 1) == p_dragon_next(s)
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from mineedu.core import Texts, exact_json, make, outcomes_after
from mineedu.core.i18n import format_number, player_name

from .cards import BURNED, CARD_GOLD, DRAGON, EXIT, EXPLORE_ACTION, EXPLORE_KINDS, EYES, LADDER, TURN, kind_count
from .kernel import burn_counts
from .rules import GoldMineConfig, kernel_of

K_MAX = 10


def dragon_fraction(position: Any) -> tuple[int, int]:
    """``(dragons left, cards left)`` among the unseen exploration cards: the unreduced odds.

    Accepts a state, a view, or the ``explore`` counts themselves.
    """
    deck = position if isinstance(position, tuple) else tuple(position.explore)
    return deck[DRAGON], sum(deck)


def p_dragon_next(position: Any = None, **description: int) -> Fraction:
    """P(the next unseen exploration card is a dragon) = dragons left / cards left (0 if none).

    ``position``: a state, a view or the ``explore`` counts; or describe the deck
    (``cards=``, ``dragons=``: see :func:`lone_miner`).

    >>> p_dragon_next(cards=58, dragons=8)
    Fraction(4, 29)
    """
    d, n = dragon_fraction(given(position, description) if description or position is None else position)
    return Fraction(d, n) if n else Fraction(0)


def dragons_in_next(position: Any, k: int) -> dict[int, Fraction]:
    """The number of dragons among the next ``k`` draws (hypergeometric; fewer if the deck ends).

    >>> dragons_in_next((1, 0, 0, 1), 1)
    {0: Fraction(1, 2), 1: Fraction(1, 2)}
    """
    if k < 0:
        raise ValueError(f"k must be >= 0, not {k}")
    d, n = dragon_fraction(position)
    k = min(k, n)
    total = comb(n, k)
    return {j: Fraction(comb(d, j) * comb(n - d, k - j), total) for j in range(0, min(d, k) + 1)
            if comb(n - d, k - j)}


def p_dragon_within(k: int, dragons: int, cards: int, replacement: bool = False) -> Fraction:
    """P(at least one dragon among ``k`` cards drawn from ``cards`` holding ``dragons``).

    Without replacement (the game): 1 − C(cards − dragons, k) / C(cards, k);
    with replacement (each card put back): 1 − ((cards − dragons)/cards)^k.

    >>> p_dragon_within(2, 8, 58), p_dragon_within(2, 8, 58, replacement=True)
    (Fraction(428, 1653), Fraction(216, 841))
    >>> p_dragon_within(2, dragons=9, cards=8)
    Traceback (most recent call last):
    ...
    ValueError: a deck of 8 cards cannot hold 9 dragons
    """
    if cards < 1 or not 0 <= dragons <= cards:
        raise ValueError(f"a deck of {cards} cards cannot hold {dragons} dragons")
    if k < 0 or (k > cards and not replacement):
        raise ValueError(f"cannot draw {k} cards from {cards} without replacement (0 to {cards})")
    if replacement:
        return 1 - Fraction(cards - dragons, cards) ** k
    return 1 - Fraction(comb(cards - dragons, k), comb(cards, k))


def p_dragon_reaches(position: Any, card: int, k: int) -> Fraction:
    """P(Dragobert reaches ``card`` within the next ``k`` exploration cards, whoever draws them).

    He moves one card per dragon drawn (D3), so he needs ``dragon − card``
    dragons among them (the deck only: as if the round lasted for those draws).
    """
    need = position.dragon - card
    if need <= 0:
        return Fraction(1)
    return sum((p for j, p in dragons_in_next(position, k).items() if j >= need), Fraction(0))


def expected_gold_next(position: Any) -> Fraction:
    """Expected gold on the next exploration card taken (a dragon has none; face up: the visible card's)."""
    if position.top is not None:
        return Fraction(CARD_GOLD.get(position.top, 0))
    deck = tuple(position.explore)
    n = sum(deck)
    if not n:
        return Fraction(0)
    return Fraction(sum(CARD_GOLD.get(kind, 0) * c for kind, c in zip(EXPLORE_KINDS, deck, strict=True)), n)


def miner_alone(position: int, dragon: int, deck: tuple[int, ...], held: int = 0) -> Any:
    """A round of 3 with P1 alone inside (to move, on ``position``, holding ``held`` nuggets), the others on the ladder."""
    s: Any = make("gold_mine", 3).initial_state()  # a GoldMineState (make is typed State)
    return s._evolve(positions=(position, LADDER, LADDER), rungs=(0, 1, 2), dragon=dragon, explore=tuple(deck),
                     kept=(("nugget",) * held, (), ()))


def lone_miner(cards: int, dragons: int, eyes: int = 0, lanterns: int = 0, distance: int = 1, held: int = 0) -> Any:
    """A position in a few numbers: one miner alone in the mine, ``distance`` cards from Dragobert.

    ``cards`` exploration cards are left, ``dragons``, ``eyes`` and ``lanterns``
    of them (the rest nuggets); Dragobert is on the last card of the track and
    the miner (P1, to move, holding ``held`` gold) ``distance`` cards before him;
    the two other miners are already on the ladder. Every odds function here
    takes these numbers in place of a state (``burn_risk(cards=54, dragons=5, eyes=16)``).

    >>> s = lone_miner(cards=54, dragons=5, eyes=16, distance=1)
    >>> s.explore, s.positions[0], s.dragon
    ((33, 0, 16, 5), 7, 8)
    """
    track = GoldMineConfig.track_length
    counts = {"cards": cards, "dragons": dragons, "eyes": eyes, "lanterns": lanterns, "held gold": held}
    bad = [f"{name}={n}" for name, n in counts.items() if not isinstance(n, int) or n < 0]
    if bad:
        raise ValueError(f"the counts are whole numbers >= 0, not {', '.join(bad)}")
    if dragons + eyes + lanterns > cards:
        raise ValueError(f"{cards} cards cannot hold {dragons} dragons + {eyes} eyes + {lanterns} lanterns")
    if not 1 <= distance < track:
        raise ValueError(f"the miner stands 1 to {track - 1} cards from Dragobert, not {distance}")
    return miner_alone(track - distance, track, (cards - dragons - eyes - lanterns, lanterns, eyes, dragons), held)


def given(position: Any, description: dict[str, int]) -> Any:
    """The position an odds function was given: a state or a view as it is, or the state
    :func:`lone_miner` describes (a clear error when neither, or both, is given)."""
    if position is None:
        if not description:
            raise ValueError("give a state (or a view), or describe the position: cards=..., dragons=..., eyes=..., "
                             "distance=...")
        return lone_miner(**description)
    if description:
        raise ValueError(f"give a state or a description ({', '.join(description)}=...), not both")
    return position


def _turn_of(position: Any, player: int | None) -> tuple[Any, int]:
    """The position as ``player`` would face it on their turn (default: the player to move)."""
    s = position.state() if hasattr(position, "state") else position  # a view: its position
    p = s.turn if player is None else player
    if not 0 <= p < s.game.num_players:
        raise ValueError(f"player {p} does not exist: the seats are 0 to {s.game.num_players - 1}")
    if s.phase != TURN or s.turn != p:
        s = s._evolve(phase=TURN, turn=p)
    return s, p


def can_explore(position: Any, player: int | None = None) -> bool:
    """Whether ``player`` (default: the player to move) may take an exploration card now."""
    s, p = _turn_of(position, player)
    return s.positions[p] > 0 and EXPLORE_ACTION in s.legal_actions(p)


def burn_risk(position: Any = None, player: int | None = None, **description: int) -> Fraction:
    """P(``player`` (default: the one to move) is burned if they explore now), exact (0 if they cannot explore).

    ``position``: a state or a view; or describe it (see :func:`lone_miner`).
    Next to Dragobert a dragon burns and so does an eyes card:

    >>> burn_risk(cards=54, dragons=5, eyes=16, distance=1)
    Fraction(7, 18)
    >>> burn_risk(cards=54, dragons=5, eyes=16, distance=2)   # one card cannot burn a miner two cards away
    Fraction(0, 1)
    >>> burn_risk(cards=5, dragons=6)
    Traceback (most recent call last):
    ...
    ValueError: 5 cards cannot hold 6 dragons + 0 eyes + 0 lanterns
    """
    s, p = _turn_of(given(position, description), player)
    return Fraction(*burn_counts(kernel_of(s), p)) if can_explore(s, p) else Fraction(0)


def _burned(s: Any, s0: Any, p: int) -> bool:
    """Burned by this draw: out of the mine, or (when the draw ended the round) banked nothing."""
    ended = s.ended_round(s0)  # the round was scored: its result says
    return bool(ended.rungs[p] == 0 if ended else s.positions[p] == BURNED)


def gold_change(position: Any = None, player: int | None = None, **description: int) -> Fraction:
    """The expected change of ``player``'s gold this round if they explore now (a burn loses it all).

    ``position``: a state or a view, or described (see :func:`lone_miner`).

    >>> gold_change(cards=51, dragons=5, eyes=16, lanterns=14, held=1)   # (16 + 14 - 21 x 1) / 51
    Fraction(3, 17)
    """
    s0, p = _turn_of(given(position, description), player)
    if not can_explore(s0, p):
        return Fraction(0)
    held = s0.gold(p)
    total = Fraction(0)
    outs: list[tuple[Any, Fraction]] = outcomes_after(s0, EXPLORE_ACTION, p)  # states of the rules (GoldMineState)
    for s, q in outs:
        ended = s.ended_round(s0)  # the round ended on this draw: what was banked
        total += q * ((ended.gold[p] if ended else s.gold(p)) - held)
    return total


def burn_causes(position: Any, player: int | None = None) -> dict[str, int] | None:
    """Why exploring can burn ``player`` in words a student can count: next to Dragobert, the
    dragon and eyes cards left (face down); ``None`` when the simple count does not apply
    (face-up deck, or not next to him)."""
    s, p = _turn_of(position, player)
    if s.top is not None or s.positions[p] != s.dragon - 1:
        return None
    return {"dragons": s.explore[DRAGON], "eyes": s.explore[EYES], "cards": sum(s.explore)}


def p_exit_reaches_ladder(position: Any, player: int | None = None) -> Fraction:
    """P(the next exit card can bring ``player`` to the ladder at once) (L1/ALL1 from card 1, L2 from 1–2),
    over the rules' own draw of an exit card (the discards once the deck is empty, D4)."""
    s, p = _turn_of(position, player)
    q = s.positions[p]
    if q <= 0:
        return Fraction(0)
    steps = {"L1": 1, "ALL1": 1, "L2": 2}
    return sum((f for name, f in s._evolve(phase=EXIT).chance_outcomes()
                if max(steps.get(o, 0) for o in name.split("|")) >= q), Fraction(0))


def odds_report(state: Any, player: int | None = None) -> dict[str, Any]:
    """The exact odds of ``state`` as JSON-ready data (every number in :func:`mineedu.core.exact_json` form).

    ``player`` (default: the player to move) is the point of view of the
    "me" figures: the burn risk, the gold change, Dragobert reaching my card.
    """
    d, n = dragon_fraction(state)
    if player is None:
        player = state.turn
    pos = state.positions[player]
    report: dict[str, Any] = {
        "game": "gold_mine",
        "round": state.round,
        "deck_mode": state.game.config.deck_mode,
        "deck": dict(zip(EXPLORE_KINDS, state.explore, strict=True)),
        "top": state.top,
        "cards_left": n,
        "dragons_left": d,
        "dragon": state.dragon,
        "p_dragon_next": exact_json(p_dragon_next(state), (d, n) if n else None),
        "dragons_in_next_k": {
            str(k): {str(j): exact_json(p) for j, p in dragons_in_next(state, k).items()} for k in range(1, K_MAX + 1)
        },
        "player": player,
        "position": pos,
        "can_explore": can_explore(state, player) if pos > 0 else False,
        "burn_risk": None,
        "gold_change": None,
        "dragon_reaches_me": None,
        "expected_gold_next": exact_json(expected_gold_next(state)),
        "exit_reaches_ladder": None,
    }
    if pos not in (LADDER, BURNED):
        report["burn_risk"] = exact_json(burn_risk(state, player))
        report["gold_change"] = exact_json(gold_change(state, player))
        report["dragon_reaches_me"] = {str(k): exact_json(p_dragon_reaches(state, pos, k)) for k in range(1, K_MAX + 1)}
        report["exit_reaches_ladder"] = exact_json(p_exit_reaches_ladder(state, player))
    return report


T = Texts({
    "head": {"fr": "My Gold Mine — manche {r}, Dragobert sur la case {dr}",
             "en": "My Gold Mine — round {r}, Dragobert on card {dr}"},
    "deck": {"fr": "Cartes Exploration non vues : {n} ({detail})", "en": "Unseen exploration cards: {n} ({detail})"},
    "next": {"fr": "P(prochaine carte = dragon) = {f} ≈ {pc}", "en": "P(next card is a dragon) = {f} ≈ {pc}"},
    "burn": {"fr": "P({p} grillé s'il explore maintenant) = {f} ≈ {pc}", "en": "P({p} is burned if exploring now) = {f} ≈ {pc}"},
    "change": {"fr": "Variation attendue de l'or de {p} s'il explore : {f} ≈ {x}",
               "en": "Expected change of {p}'s gold if exploring: {f} ≈ {x}"},
    "dist": {"fr": "Dragons dans les k prochaines cartes :", "en": "Dragons among the next k cards:"},
    "reach": {"fr": "P(Dragobert atteint la case {q} de {p} dans les k prochaines cartes, piochées par n'importe qui) :",
              "en": "P(Dragobert reaches {p}'s card {q} within the next k cards, whoever draws them):"},
    "gold": {"fr": "Or attendu d'une carte Exploration : {f} ≈ {x}", "en": "Expected gold of one exploration card: {f} ≈ {x}"},
    "safe": {"fr": "{p} n'est plus dans la mine.", "en": "{p} is no longer inside the mine."},
})


def format_odds(report: dict[str, Any], lang: str = "en") -> str:
    """The report as readable text, in French or English."""
    detail = ", ".join(kind_count(name, k, lang) for name, k in report["deck"].items())
    pd = report["p_dragon_next"]
    p = player_name(report["player"], lang)
    lines = [
        T("head", lang, r=report["round"], dr=report["dragon"]),
        T("deck", lang, n=report["cards_left"], detail=detail),
        T("next", lang, f=pd["fraction"], pc=format_number(pd["float"], lang, percent=True)),
    ]
    if report["burn_risk"] is not None:
        b, g = report["burn_risk"], report["gold_change"]
        lines.append(T("burn", lang, p=p, f=b["fraction"], pc=format_number(b["float"], lang, percent=True)))
        lines.append(T("change", lang, p=p, f=g["fraction"], x=format_number(g["float"], lang, 3)))
    lines.append(T("dist", lang))
    for k, dist in report["dragons_in_next_k"].items():
        cells = "  ".join(f"{j}: {format_number(v['float'], lang, 3)}" for j, v in dist.items())
        lines.append(f"  k={k:>2}  {cells}")
    if report["dragon_reaches_me"] is None:
        lines.append(T("safe", lang, p=p))
    else:
        lines.append(T("reach", lang, p=p, q=report["position"]))
        reach = report["dragon_reaches_me"].items()
        lines.append("  " + "  ".join(f"k={k}: {format_number(v['float'], lang, 3)}" for k, v in reach))
    g = report["expected_gold_next"]
    lines.append(T("gold", lang, f=g["reduced"], x=format_number(g["float"], lang, 3)))
    return "\n".join(lines)
