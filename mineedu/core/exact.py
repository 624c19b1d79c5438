"""One JSON form for every exact number an odds report holds.

A probability in a report is ``{"fraction": "8/58", "reduced": "4/29",
"float": 0.13793103448275862}``: ``fraction`` as a player would count it
(dragons left over cards left, unreduced when the report gives the counts),
``reduced`` in lowest terms, ``float`` for charts. Every game's ``odds.py``
writes numbers with :func:`exact_json`, and readers get the value back with
:func:`from_json`, so the board, the lesson and ``mineedu odds --json`` never
disagree on a number.

>>> from fractions import Fraction
>>> exact_json(Fraction(8, 58), counts=(8, 58))
{'fraction': '8/58', 'reduced': '4/29', 'float': 0.13793103448275862}
>>> exact_json(Fraction(3))
{'fraction': '3', 'reduced': '3', 'float': 3.0}
>>> from_json({'fraction': '8/58', 'reduced': '4/29', 'float': 0.1379})
Fraction(4, 29)
>>> fraction_text(Fraction(21, 54)), fraction_text(Fraction(2, 1))
('7/18', '2')
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

ExactJSON = dict[str, Any]
"""``{"fraction": str, "reduced": str, "float": float}``."""


def fraction_text(p: Fraction | int) -> str:
    """``a/b`` in lowest terms, or ``a`` for a whole number."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def exact_json(p: Fraction | int, counts: tuple[int, int] | None = None) -> ExactJSON:
    """An exact number as JSON; ``counts`` = (numerator, denominator) as counted, unreduced.

    ``counts`` must describe the same number: ``exact_json(Fraction(1, 2), (3, 6))``.
    """
    p = Fraction(p)
    if counts is not None:
        num, den = counts
        if den == 0 or Fraction(num, den) != p:
            raise ValueError(f"counts {num}/{den} do not make {p}")
        shown = f"{num}/{den}"
    else:
        shown = fraction_text(p)
    return {"fraction": shown, "reduced": fraction_text(p), "float": float(p)}


def from_json(data: Mapping[str, Any]) -> Fraction:
    """The exact value of :func:`exact_json`'s output (from ``reduced``)."""
    return Fraction(str(data["reduced"]))
