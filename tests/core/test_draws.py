"""``mineedu.core.draws``: numpy's own numbers, without a numpy call per draw."""

from __future__ import annotations

import numpy as np
import pytest

from mineedu.core import draws


@pytest.mark.parametrize("kept", [False, True])
def test_pcg64_draws_are_numpys(kept):
    """``pcg64_draws`` gives numpy's numbers and leaves the generator as numpy does, a half word kept or not."""
    sizes = [2, 1, 29, 3, 2**31 + 1, 3 * 2**30, 2**32 - 1, 58, 1, 1] * 40
    for seed in range(3):
        for k in (0, 1, 2, 3, 255, 256, 257, 400):
            ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
            if kept:
                ours.integers(7)
                theirs.integers(7)
            draw, finish = draws.pcg64_draws(ours)
            got = [draw(n) for n in sizes[:k]]
            finish()
            assert got == [int(theirs.integers(n)) for n in sizes[:k]]
            assert ours.bit_generator.state == theirs.bit_generator.state
    assert draws.pcg64_exact()


def test_other_generators_get_numpys_calls(monkeypatch):
    def kind(rng):
        return draws.draws_and_uniforms(rng)[0].__qualname__.split(".")[0]

    for rng in (np.random.Generator(np.random.Philox(3)), np.random.Generator(np.random.SFC64(3))):
        assert kind(rng) == "draw_of"
        assert draws.integer_draws(rng)[0].__qualname__.startswith("draw_of")
    monkeypatch.setattr(draws, "_EXACT", [False])
    assert kind(np.random.default_rng(1)) == "draw_of"
    monkeypatch.setattr(draws, "_EXACT", [True])
    assert kind(np.random.default_rng(1)) == "_pcg64"


@pytest.mark.parametrize("kept", [False, True])
def test_uniforms_between_the_integers_are_numpys(kept):
    """``random()`` takes a whole new output and leaves a kept half for the next ``integers``, as numpy does."""
    plans = ["uuu", "2u3", "u2u2u", "22u", "2u2u2u2", "1u1", "u" * 300 + "7" * 301, "2" * 257 + "u"]
    for seed in range(3):
        for plan in plans:
            for cut in (len(plan), len(plan) // 2):
                ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
                if kept:
                    ours.integers(9)
                    theirs.integers(9)
                draw, uniform, finish = draws.draws_and_uniforms(ours)
                got = [uniform() if c == "u" else draw(int(c)) for c in plan[:cut]]
                finish()
                want = [float(theirs.random()) if c == "u" else int(theirs.integers(int(c))) for c in plan[:cut]]
                assert got == want, (seed, plan, cut)
                assert ours.bit_generator.state == theirs.bit_generator.state, (seed, plan, cut)
                assert all(type(x) is float for x, c in zip(got, plan) if c == "u")


def test_finish_after_an_error_leaves_the_generator_as_numpy_would():
    ours, theirs = np.random.default_rng(11), np.random.default_rng(11)
    draw, finish = draws.integer_draws(ours)
    try:
        for n in (6, 5, 4):
            draw(n)
        raise ValueError("a playout that raises")
    except ValueError:
        finish()
    for n in (6, 5, 4):
        theirs.integers(n)
    assert ours.bit_generator.state == theirs.bit_generator.state
