"""Whole-number draws for a game's own playout (``fast.py``): ``int(rng.integers(n))``, quicker.

A fast playout must draw exactly the numbers the engine draws
(:func:`mineedu.core.play.sample_outcome` and the bots call ``int(rng.integers(n))``),
and leave the generator exactly as the engine leaves it. :func:`integer_draws`
gives ``draw(n)`` and ``finish()``: for numpy's default generator (a ``Generator``
on ``PCG64``, what tournaments and ``mineedu simulate`` use) the numbers are
computed here from the generator's own 64-bit outputs, read a block at a time,
by numpy's own method, and ``finish`` sets the generator to the very state
numpy's calls would have left: the same numbers without a numpy call (about
2 µs) per draw. This is checked against numpy once per process
(:func:`pcg64_exact`); any other generator, or a numpy that draws otherwise,
gets numpy's calls themselves. Call ``finish`` after the last draw, also when
the playout raises, and draw from the generator by nothing else in between.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

Draw = Callable[[int], int]
"""``int(rng.integers(n))``, for ``1 <= n < 2**32``."""
Finish = Callable[[], None]
"""Sets the generator to the state the draws made so far leave it in."""

_LOW = 0xFFFFFFFF
_BLOCK = 128
"""64-bit outputs read ahead at a time (a My Gold Mine game takes about 50 to 100)."""


def numpy_draws(rng: np.random.Generator) -> tuple[Draw, Finish]:
    """``int(rng.integers(n))`` itself, one numpy call a draw (any generator)."""
    integers = rng.integers
    return (lambda n: int(integers(n))), (lambda: None)


def pcg64_draws(rng: np.random.Generator) -> tuple[Draw, Finish]:
    """``int(rng.integers(n))`` for a PCG64 generator, computed here, and ``finish`` to call after the last draw.

    For ``1 < n < 2**32`` numpy's ``Generator.integers(n)`` (``random_bounded_uint64_fill``) takes
    the generator's next 32-bit word (``next_uint32``: the low half of a new 64-bit output, the high
    half kept for the next call: ``has_uint32``, ``uinteger``) and maps it to ``[0, n)`` by Lemire's
    method (``buffered_bounded_lemire_uint32``: the high 32 bits of ``word * n``, a new word while the
    low 32 bits fall below ``2**32 % n``); ``n == 1`` draws nothing. Here the words come from the
    generator's own outputs read a block at a time (``random_raw``), and ``finish`` sets the generator
    to the state those draws would have left it in: the outputs used, the half kept, as numpy keeps
    it. :func:`pcg64_exact` checks all this against numpy before it is used.
    """
    bits = rng.bit_generator
    start = bits.state
    words: list[int] = [start["uinteger"]] if start["has_uint32"] else []
    buffered = len(words)  # the half kept from before, taken first
    at = 0

    def more() -> None:
        words.extend(bits.random_raw(_BLOCK).astype("<u8").view("<u4").tolist())  # low half, then high half

    def draw(n: int) -> int:
        nonlocal at
        if n == 1:
            return 0
        if at == len(words):
            more()
        m = words[at] * n
        at += 1
        if m & _LOW < n:
            floor = (0x100000000 - n) % n
            while m & _LOW < floor:
                if at == len(words):
                    more()
                m = words[at] * n
                at += 1
        return m >> 32

    def finish() -> None:
        used = at - buffered  # words of new outputs
        if used <= 0:
            outputs, has, half = 0, start["has_uint32"] if at == 0 else 0, start["uinteger"]
        else:
            outputs, has = (used + 1) // 2, used % 2
            half = words[at] if has else words[at - 1]  # the high half of the last output used
        bits.state = start
        if outputs:
            bits.random_raw(outputs, output=False)
        bits.state = {**bits.state, "has_uint32": has, "uinteger": half}

    more()
    return draw, finish


_EXACT: list[bool] = []
"""Whether :func:`pcg64_draws` draws what numpy draws (checked once, by :func:`pcg64_exact`; a test may set it)."""


def pcg64_exact() -> bool:
    """Compare :func:`pcg64_draws` with numpy's own ``integers`` on a few seeds: the same numbers, the same state after."""
    if not _EXACT:
        sizes = [2, 3, 1, 5, 57, 58, 2, 1, 1000, 2**31 + 1, 3 * 2**30, 2**32 - 1, 7, 2**32 - 5, 1, 29, 4] * 20
        ok = True
        for seed in range(4):
            for skip in (0, 1):  # with and without a half kept from before
                ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
                if skip:
                    ours.integers(5)
                    theirs.integers(5)
                draw, finish = pcg64_draws(ours)
                got = [draw(k) for k in sizes[: 17 * seed + 3]]
                finish()
                want = [int(theirs.integers(k)) for k in sizes[: 17 * seed + 3]]
                ok = ok and got == want and ours.bit_generator.state == theirs.bit_generator.state
        _EXACT.append(ok)
    return _EXACT[0]


def integer_draws(rng: np.random.Generator) -> tuple[Draw, Finish]:
    """The quick draws for numpy's default generator (PCG64), once checked; else numpy's calls themselves."""
    if type(rng) is np.random.Generator and type(rng.bit_generator) is np.random.PCG64 and pcg64_exact():
        return pcg64_draws(rng)
    return numpy_draws(rng)
