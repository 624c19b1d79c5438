"""Small SVG charts for the lessons: pure functions from numbers to SVG text.

A lesson's charts are drawn here rather than by a plotting library: a page
stays light (no multi-megabyte bundle per student), the text is large enough
for a projector and a phone, every number is written the reader's way
(``format_number``), and a test can read the chart like any SVG.

* :func:`convergence`: a running frequency (or mean) against the number of
  trials, with the student's prediction and, once revealed, the exact value;
* :func:`histogram`: simulated frequencies beside the exact distribution;
* :func:`interval_bars`: rates with their 95 % intervals (a tournament).

>>> svg = convergence([1, 10, 100], [0.0, 0.3, 0.28], prediction=0.5, exact=0.26, lang="en",
...                   labels={"x": "trials", "y": "frequency", "prediction": "my guess", "exact": "exact"})
>>> svg.startswith("<svg") and "my guess" in svg and "0.26" not in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape

from mineedu.core.i18n import format_count, format_number

W, H = 760, 400
LEFT, RIGHT, TOP, BOTTOM = 84, 24, 50, 70
FONT = 20
COLOURS = {"run": "#0072B2", "prediction": "#D55E00", "exact": "#111111", "bar": "#56B4E9", "exact_bar": "#E69F00"}


def _t(x: float, y: float, s: str, size: int = FONT, anchor: str = "middle", fill: str = "#222", **extra: str) -> str:
    more = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in extra.items())
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" font-family="sans-serif" '
            f'fill="{fill}"{more}>{escape(s)}</text>')


def _doc(body: list[str], title: str, height: int = H) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{W}" height="{height}" role="img" '
            f'aria-label="{escape(title)}" class="mineedu-chart"><title>{escape(title)}</title>'
            f'<rect width="{W}" height="{height}" fill="#fff"/>{"".join(body)}</svg>')


def _y_axis(lo: float, hi: float, lang: str, label: str, percent: bool, height: int = H) -> tuple[list[str], float]:
    """Grid lines and ticks; returns the body and the tick step."""
    body = []
    span = hi - lo or 1.0
    step = 10 ** math.floor(math.log10(span / 4))
    for m in (1, 2, 5, 10):
        if span / (step * m) <= 6:
            step *= m
            break
    digits = max(0, -math.floor(math.log10(step * (100 if percent else 1)) + 1e-9))
    v = math.ceil(lo / step) * step
    while v <= hi + 1e-12:
        y = TOP + (height - TOP - BOTTOM) * (1 - (v - lo) / span)
        body.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{W - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>')
        body.append(_t(LEFT - 8, y + FONT * 0.35, format_number(v, lang, digits, percent=percent), anchor="end", size=FONT - 2))
        v += step
    mid = TOP + (height - TOP - BOTTOM) / 2
    body.append(_t(18, mid, label, anchor="middle", transform=f"rotate(-90 18 {mid:.1f})"))
    return body, step


def convergence(
    trials: Sequence[int],
    running: Sequence[float],
    *,
    prediction: float | None,
    exact: float | None,
    lang: str,
    labels: Mapping[str, str],
    percent: bool = False,
) -> str:
    """The running frequency (or mean) after each number of trials (a log scale), the
    prediction as a dashed line, and the exact value once it is shown."""
    if not trials:
        raise ValueError("nothing to draw")
    values = [*running] + [v for v in (prediction, exact) if v is not None]
    lo, hi = min(0.0, *values), max(values)
    if not percent and hi <= 1:
        hi = 1.0
    hi = hi if hi > lo else lo + 1
    body, _ = _y_axis(lo, hi, lang, labels["y"], percent)
    n_max = max(trials)
    def lx(n: float) -> float:
        return LEFT + (W - LEFT - RIGHT) * (math.log10(n) / math.log10(n_max) if n_max > 1 else 1)

    def ly(v: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (1 - (v - lo) / (hi - lo))
    k = 1
    while k <= n_max:
        x = lx(k)
        body.append(f'<line x1="{x:.1f}" y1="{H - BOTTOM}" x2="{x:.1f}" y2="{H - BOTTOM + 6}" stroke="#555"/>')
        tick = format_count(k, lang)  # 1 000 / 1,000
        body.append(_t(x, H - BOTTOM + 26, tick, size=FONT - 2))
        k *= 10
    body.append(_t((LEFT + W - RIGHT) / 2, H - 12, labels["x"]))
    body.append(f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="#555"/>')
    pts = " ".join(f"{lx(n):.1f},{ly(v):.1f}" for n, v in zip(trials, running, strict=True))
    body.append(f'<polyline points="{pts}" fill="none" stroke="{COLOURS["run"]}" stroke-width="3" class="chart-running"/>')
    legend = [(labels.get("run", labels["y"]), COLOURS["run"], "")]
    if prediction is not None:
        y = ly(prediction)
        body.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{W - RIGHT}" y2="{y:.1f}" stroke="{COLOURS["prediction"]}" '
                    f'stroke-width="3" stroke-dasharray="10 6" class="chart-prediction"/>')
        legend.append((labels["prediction"], COLOURS["prediction"], "10 6"))
    if exact is not None:
        y = ly(exact)
        body.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{W - RIGHT}" y2="{y:.1f}" stroke="{COLOURS["exact"]}" '
                    f'stroke-width="3" class="chart-exact"/>')
        legend.append((labels["exact"], COLOURS["exact"], ""))
    x = LEFT + 10
    for text_, colour, dash in legend:
        body.append(f'<line x1="{x}" y1="{TOP - 28}" x2="{x + 34}" y2="{TOP - 28}" stroke="{colour}" stroke-width="4" '
                    f'stroke-dasharray="{dash}"/>')
        body.append(_t(x + 40, TOP - 21, text_, anchor="start", size=FONT - 2))
        x += 60 + 10 * len(text_)
    return _doc(body, labels.get("title", labels["y"]))


def histogram(
    values: Sequence[int],
    simulated: Sequence[float],
    exact: Sequence[float] | None,
    *,
    lang: str,
    labels: Mapping[str, str],
) -> str:
    """Simulated frequencies as bars, the exact probabilities (when given) as marks on them."""
    top = max([*simulated, *(exact or [])], default=1.0) or 1.0
    body, _ = _y_axis(0.0, top * 1.1, lang, labels["y"], percent=True)
    n = len(values)
    slot = (W - LEFT - RIGHT) / max(n, 1)
    def ly(v: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (1 - v / (top * 1.1))
    every = max(1, math.ceil(n / 16))
    for i, (v, f) in enumerate(zip(values, simulated, strict=True)):
        x = LEFT + i * slot
        body.append(f'<rect x="{x + slot * 0.12:.1f}" y="{ly(f):.1f}" width="{slot * 0.76:.1f}" '
                    f'height="{H - BOTTOM - ly(f):.1f}" '
                    f'fill="{COLOURS["bar"]}" class="chart-bar"/>')
        if exact is not None:
            y = ly(exact[i])
            body.append(f'<line x1="{x + 2:.1f}" y1="{y:.1f}" x2="{x + slot - 2:.1f}" y2="{y:.1f}" stroke="{COLOURS["exact"]}" '
                        f'stroke-width="4" class="chart-exact"/>')
        if i % every == 0:
            body.append(_t(x + slot / 2, H - BOTTOM + 26, str(v), size=FONT - 2))
    body.append(f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="#555"/>')
    body.append(_t((LEFT + W - RIGHT) / 2, H - 12, labels["x"]))
    body.append(f'<rect x="{LEFT + 10}" y="{TOP - 38}" width="30" height="18" fill="{COLOURS["bar"]}"/>')
    body.append(_t(LEFT + 48, TOP - 22, labels["simulated"], anchor="start", size=FONT - 2))
    if exact is not None:
        x = LEFT + 70 + 10 * len(labels["simulated"])
        ink = COLOURS["exact"]
        body.append(f'<line x1="{x}" y1="{TOP - 29}" x2="{x + 34}" y2="{TOP - 29}" stroke="{ink}" stroke-width="4"/>')
        body.append(_t(x + 40, TOP - 22, labels["exact"], anchor="start", size=FONT - 2))
    return _doc(body, labels.get("title", labels["y"]))


def interval_bars(
    names: Sequence[str],
    rates: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    *,
    lang: str,
    labels: Mapping[str, str],
) -> str:
    """Rates (in percent) as bars with their 95 % intervals as whiskers, one bar a name."""
    hi = max([r for _, r in intervals] + [*rates, 0.05])
    body, _ = _y_axis(0.0, min(1.0, hi * 1.1), lang, labels["y"], percent=True)
    span = min(1.0, hi * 1.1)
    n = len(names)
    slot = (W - LEFT - RIGHT) / max(n, 1)
    def ly(v: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (1 - v / span)
    for i, (name, r, (a, b)) in enumerate(zip(names, rates, intervals, strict=True)):
        x = LEFT + i * slot
        body.append(f'<rect x="{x + slot * 0.2:.1f}" y="{ly(r):.1f}" width="{slot * 0.6:.1f}" height="{H - BOTTOM - ly(r):.1f}" '
                    f'fill="{COLOURS["bar"]}" class="chart-bar"/>')
        cx = x + slot / 2
        body.append(f'<line x1="{cx:.1f}" y1="{ly(a):.1f}" x2="{cx:.1f}" y2="{ly(b):.1f}" stroke="#111" stroke-width="3" '
                    'class="chart-ci"/>')
        for v in (a, b):
            body.append(f'<line x1="{cx - 10:.1f}" y1="{ly(v):.1f}" x2="{cx + 10:.1f}" y2="{ly(v):.1f}" '
                        'stroke="#111" stroke-width="3"/>')
        body.append(_t(cx, ly(b) - 8, format_number(r, lang, 0, percent=True), size=FONT - 2))
        body.append(_t(cx, H - BOTTOM + 26, name, size=FONT - 2))
    body.append(f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="#555"/>')
    body.append(_t((LEFT + W - RIGHT) / 2, H - 12, labels["x"]))
    return _doc(body, labels.get("title", labels["y"]))
