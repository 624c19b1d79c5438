"""Whole-number draws for tournaments on a game's kernel (:mod:`mineedu.core.kernel`): ``int(rng.integers(n))``.

A tournament's playout must draw exactly the numbers the engine draws
(:func:`mineedu.core.play.sample_outcome` and the bots call ``int(rng.integers(n))``),
and leave the generator exactly as the engine leaves it. :func:`integer_draws`
gives ``draw(n)`` and ``finish()``: for numpy's default generator (a ``Generator``
on ``PCG64``, what tournaments and ``mineedu simulate`` use) the numbers are
computed here from the generator's own 64-bit outputs by numpy's own method, without
a numpy call per draw, and ``finish`` sets the generator to the very state numpy's
calls would have left. This is checked against numpy once per process
(:func:`pcg64_exact`); any other generator, or a numpy that draws otherwise,
gets numpy's calls themselves. :func:`draws_and_uniforms` adds ``uniform()``,
``float(rng.random())``, for playouts that call that too. Call ``finish`` after
the last draw, also when the playout raises, and draw from the generator by
nothing else in between.
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


Uniform = Callable[[], float]
"""``float(rng.random())``: a double in ``[0, 1)``."""


def draw_of(rng: np.random.Generator) -> Draw:
    """``int(rng.integers(n))`` itself: what a bot's ``act`` hands its ``choose``."""
    integers = rng.integers
    return lambda n: int(integers(n))


def uniform_of(rng: np.random.Generator) -> Uniform:
    """``float(rng.random())`` itself."""
    random = rng.random
    return lambda: float(random())


def numpy_draws(rng: np.random.Generator) -> tuple[Draw, Finish]:
    """``int(rng.integers(n))`` itself, one numpy call a draw (any generator)."""
    draw, _, finish = _numpy(rng)
    return draw, finish


def _numpy(rng: np.random.Generator) -> tuple[Draw, Uniform, Finish]:
    return draw_of(rng), uniform_of(rng), (lambda: None)


def pcg64_draws(rng: np.random.Generator) -> tuple[Draw, Finish]:
    """``int(rng.integers(n))`` for a PCG64 generator, computed here, and ``finish`` to call after the last draw
    (see :func:`_pcg64`)."""
    draw, _, finish = _pcg64(rng)
    return draw, finish


def _pcg64(rng: np.random.Generator) -> tuple[Draw, Uniform, Finish]:
    """``int(rng.integers(n))`` and ``float(rng.random())`` for a PCG64 generator, computed here, and ``finish``.

    For ``1 < n < 2**32`` numpy's ``Generator.integers(n)`` (``random_bounded_uint64_fill``) takes
    the generator's next 32-bit word (``next_uint32``: the low half of a new 64-bit output, the high
    half kept for the next call: ``has_uint32``, ``uinteger``) and maps it to ``[0, n)`` by Lemire's
    method (``buffered_bounded_lemire_uint32``: the high 32 bits of ``word * n``, a new word while the
    low 32 bits fall below ``2**32 % n``); ``n == 1`` draws nothing. ``Generator.random()``
    (``next_double``) takes a new 64-bit output, ``(x >> 11) * 2**-53``, and leaves a kept half
    where it is. Here the outputs come from the generator itself, read a block at a time
    (``random_raw``), and ``finish`` sets the generator to the state those draws would have left it
    in: the outputs used, the half kept, as numpy keeps it. :func:`pcg64_exact` checks all this
    against numpy before it is used.
    """
    bits = rng.bit_generator
    start = bits.state
    raw: list[int] = []
    at = 0  # outputs used
    has, half = start["has_uint32"], start["uinteger"]

    def word() -> int:
        nonlocal at, has, half
        if has:
            has = 0
            return half  # type: ignore[no-any-return]
        if at == len(raw):
            raw.extend(bits.random_raw(_BLOCK).tolist())
        x = raw[at]
        at += 1
        has, half = 1, x >> 32
        return x & _LOW

    def draw(n: int) -> int:
        nonlocal at, has, half
        if n == 1:
            return 0
        if has:  # word(), inline: the draw a playout makes most
            has = 0
            m = half * n
        else:
            if at == len(raw):
                raw.extend(bits.random_raw(_BLOCK).tolist())
            x = raw[at]
            at += 1
            has, half = 1, x >> 32
            m = (x & _LOW) * n
        if m & _LOW < n:
            floor = (0x100000000 - n) % n
            while m & _LOW < floor:
                m = word() * n
        return m >> 32  # type: ignore[no-any-return]

    def uniform() -> float:
        nonlocal at
        if at == len(raw):
            raw.extend(bits.random_raw(_BLOCK).tolist())
        x = raw[at]
        at += 1
        return (x >> 11) * (1.0 / 9007199254740992.0)

    def finish() -> None:
        bits.state = start
        if at:
            bits.random_raw(at, output=False)
        bits.state = {**bits.state, "has_uint32": has, "uinteger": half}

    return draw, uniform, finish


_EXACT: list[bool] = []
"""Whether :func:`_pcg64` draws what numpy draws (checked once, by :func:`pcg64_exact`; a test may set it)."""

CHECKED = (2, 3, 1, 5, 57, 0, 58, 2, 1, 1000, 2**31 + 1, 0, 0, 3 * 2**30, 2**32 - 1, 7, 2**32 - 5, 1, 29, 0, 4)
"""What :func:`pcg64_exact` draws: ``integers(n)``, and ``random()`` for each 0."""


def pcg64_exact() -> bool:
    """Compare :func:`_pcg64` with numpy's own ``integers`` and ``random`` on a few seeds: the same numbers,
    the same state after."""
    if not _EXACT:
        ok = True
        for seed in range(4):
            for skip in (0, 1):  # with and without a half kept from before
                ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
                if skip:
                    ours.integers(5)
                    theirs.integers(5)
                draw, uniform, finish = _pcg64(ours)
                todo = list(CHECKED) * 20
                todo = todo[: 17 * seed + 3 + skip * 200]
                got = [draw(k) if k else uniform() for k in todo]
                finish()
                want = [int(theirs.integers(k)) if k else float(theirs.random()) for k in todo]
                ok = ok and got == want and ours.bit_generator.state == theirs.bit_generator.state
        _EXACT.append(ok)
    return _EXACT[0]


def _quick(rng: np.random.Generator) -> bool:
    return type(rng) is np.random.Generator and type(rng.bit_generator) is np.random.PCG64 and pcg64_exact()


def integer_draws(rng: np.random.Generator) -> tuple[Draw, Finish]:
    """The quick draws for numpy's default generator (PCG64), once checked; else numpy's calls themselves."""
    return pcg64_draws(rng) if _quick(rng) else numpy_draws(rng)


def draws_and_uniforms(rng: np.random.Generator) -> tuple[Draw, Uniform, Finish]:
    """:func:`integer_draws` with ``uniform()`` beside it, for playouts that also call ``rng.random()``."""
    return _pcg64(rng) if _quick(rng) else _numpy(rng)
