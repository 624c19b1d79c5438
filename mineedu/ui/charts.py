"""Small SVG charts for the lessons: pure functions from numbers to SVG text.

A lesson's charts are drawn here rather than by a plotting library: a page
stays light (no multi-megabyte bundle per student), the text is large enough
for a projector and a phone, every number is written the reader's way
(``format_number``), and a test can read the chart like any SVG.

* :func:`convergence`: a running frequency (or mean) against the number of
  trials, with the student's prediction and, once revealed, the exact value;
* :func:`histogram`: simulated frequencies beside the exact distribution;
* :func:`interval_bars`: rates with their 95 % intervals (a tournament);
* :func:`dot_plot`: a class's predictions, one dot each, with their median and,
  once revealed, the exact value (the teacher's dashboard);
* :func:`pooled`: the class's pooled frequency (or mean) with its 95 % band
  against the number of trials (a linear scale), each student's own sample a faint point.

Points may carry a name (``<title>``: the browser shows it on hover), for the
teacher's eyes; the projector view draws them without.

>>> svg = convergence([1, 10, 100], [0.0, 0.3, 0.28], prediction=0.5, exact=0.26, lang="en",
...                   labels={"x": "trials", "y": "frequency", "prediction": "my guess", "exact": "exact"})
>>> svg.startswith("<svg") and "my guess" in svg and "0.26" not in svg
True
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
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


def _step(span: float, percent: bool) -> tuple[float, int]:
    """A round tick step for ``span`` (at most 6 ticks) and the decimals its labels need.

    >>> _step(1.0, True), _step(0.3, False), _step(12.0, False)
    ((0.2, 0), (0.05, 2), (2, 0))
    """
    step = 10 ** math.floor(math.log10(span / 4))
    for m in (1, 2, 5, 10):
        if span / (step * m) <= 6:
            step *= m
            break
    return step, max(0, -math.floor(math.log10(step * (100 if percent else 1)) + 1e-9))


def _y_axis(lo: float, hi: float, lang: str, label: str, percent: bool, height: int = H) -> tuple[list[str], float]:
    """Grid lines and ticks; returns the body and the tick step."""
    body = []
    span = hi - lo or 1.0
    step, digits = _step(span, percent)
    v = math.ceil(lo / step) * step
    while v <= hi + 1e-12:
        y = TOP + (height - TOP - BOTTOM) * (1 - (v - lo) / span)
        body.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{W - RIGHT}" y2="{y:.1f}" stroke="#ddd"/>')
        body.append(_t(LEFT - 8, y + FONT * 0.35, format_number(v, lang, digits, percent=percent), anchor="end", size=FONT - 2))
        v += step
    mid = TOP + (height - TOP - BOTTOM) / 2
    body.append(_t(18, mid, label, anchor="middle", transform=f"rotate(-90 18 {mid:.1f})"))
    return body, step


def _log_x_axis(body: list[str], n_max: int, lang: str, label: str) -> Callable[[float], float]:
    """A number of trials on a log scale, ticks at 1, 10, 100... (``1 000`` / ``1,000``), appended to ``body``;
    returns the function from a number of trials to its x."""

    def lx(n: float) -> float:
        return LEFT + (W - LEFT - RIGHT) * (math.log10(max(n, 1)) / math.log10(n_max) if n_max > 1 else 1)

    k = 1
    while k <= n_max:
        x = lx(k)
        body.append(f'<line x1="{x:.1f}" y1="{H - BOTTOM}" x2="{x:.1f}" y2="{H - BOTTOM + 6}" stroke="#555"/>')
        body.append(_t(x, H - BOTTOM + 26, format_count(k, lang), size=FONT - 2))
        k *= 10
    body.append(_t((LEFT + W - RIGHT) / 2, H - 12, label))
    body.append(f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="#555"/>')
    return lx


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
    lx = _log_x_axis(body, max(trials), lang, labels["x"])

    def ly(v: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (1 - (v - lo) / (hi - lo))
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
    body += _legend(legend)
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


def _legend(items: Sequence[tuple[str, str, str]], y: float = TOP - 28) -> list[str]:
    """``(text, colour, dash)`` as short lines (``dash`` "dot": a faint dot) and words along the top."""
    body, x = [], LEFT + 10
    for text_, colour, dash in items:
        if dash == "dot":
            body.append(f'<circle cx="{x + 17}" cy="{y}" r="7" fill="{colour}" fill-opacity="0.35"/>')
        else:
            body.append(f'<line x1="{x}" y1="{y}" x2="{x + 34}" y2="{y}" stroke="{colour}" stroke-width="4" '
                        f'stroke-dasharray="{dash}"/>')
        body.append(_t(x + 40, y + 7, text_, anchor="start", size=FONT - 2))
        x += 60 + 10 * len(text_)
    return body


def _named(name: str | None) -> str:
    return f"<title>{escape(name)}</title>" if name else ""


def dot_plot(
    values: Sequence[float],
    *,
    median: float | None,
    exact: float | None,
    lang: str,
    labels: Mapping[str, str],
    percent: bool = True,
    names: Sequence[str] | None = None,
    bins: int = 40,
) -> str:
    """One dot per prediction along the axis (equal values stacked), the median dashed, the exact value solid.

    >>> svg = dot_plot([0.2, 0.2, 0.5], median=0.2, exact=None, lang="fr", names=["Léa", "Tom", "Ana"],
    ...                labels={"x": "prédiction", "median": "médiane", "exact": "exacte"})
    >>> svg.count('class="chart-dot"'), "<title>Tom</title>" in svg, "chart-exact" in svg
    (3, True, False)
    """
    marks = [*values, *(v for v in (median, exact) if v is not None)]
    lo, hi = (0.0, 1.0) if percent else (min([0.0, *marks]), max([1.0, *marks]))
    if not percent:
        pad = (hi - lo) * 0.05 or 1.0
        lo, hi = lo - (pad if lo < 0 else 0), hi + pad
    span = hi - lo
    base = H - BOTTOM

    def lx(v: float) -> float:
        return LEFT + (W - LEFT - RIGHT) * (min(max(v, lo), hi) - lo) / span

    body: list[str] = []
    step, digits = _step(span, percent)
    v = math.ceil(lo / step) * step
    while v <= hi + 1e-12:
        x = lx(v)
        body.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{base}" stroke="#eee"/>')
        body.append(_t(x, base + 26, format_number(v, lang, digits, percent=percent), size=FONT - 2))
        v += step
    body.append(f'<line x1="{LEFT}" y1="{base}" x2="{W - RIGHT}" y2="{base}" stroke="#555"/>')
    body.append(_t((LEFT + W - RIGHT) / 2, H - 12, labels["x"]))
    width = (W - LEFT - RIGHT) / bins
    stacks: dict[int, int] = {}
    radius = min(11.0, width * 0.45)
    room = (base - TOP - 10) / (2 * radius)  # dots a column holds before they shrink together
    tall = max([*Counter(min(bins - 1, int((min(max(x, lo), hi) - lo) / span * bins)) for x in values).values(), 1])
    dy = 2 * radius * min(1.0, room / tall)
    for i, value in enumerate(values):
        b = min(bins - 1, int((min(max(value, lo), hi) - lo) / span * bins))
        k = stacks.get(b, 0)
        stacks[b] = k + 1
        cx, cy = LEFT + (b + 0.5) * width, base - radius - 2 - k * dy
        name = names[i] if names is not None else None
        body.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius:.1f}" fill="{COLOURS["run"]}" fill-opacity="0.8" '
                    f'stroke="#fff" class="chart-dot">{_named(name)}</circle>')
    legend = []
    for key, mark, colour, dash in (("median", median, COLOURS["prediction"], "10 6"), ("exact", exact, COLOURS["exact"], "")):
        if mark is None:
            continue
        x = lx(mark)
        body.append(f'<line x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{base}" stroke="{colour}" stroke-width="4" '
                    f'stroke-dasharray="{dash}" class="chart-{key}"/>')
        legend.append((labels[key], colour, dash))
    body += _legend(legend)
    return _doc(body, labels.get("title", labels["x"]))


def pooled(
    trials: Sequence[int],
    values: Sequence[float],
    bands: Sequence[tuple[float, float]],
    *,
    students: Sequence[tuple[int, float, str | None]] = (),
    exact: float | None,
    lang: str,
    labels: Mapping[str, str],
    percent: bool = True,
) -> str:
    """The class's pooled value after each cumulated number of trials inside its 95 % band,
    each student's own ``(trials, value, name)`` a faint point, the exact value a line once revealed.

    >>> svg = pooled([100, 300], [0.3, 0.27], [(0.22, 0.39), (0.22, 0.32)], students=[(100, 0.3, "Léa"), (200, 0.25, None)],
    ...              exact=None, lang="en", labels={"x": "trials", "y": "frequency", "class": "class", "student": "a student",
    ...                                             "exact": "exact"})
    >>> svg.count('class="chart-student"'), "chart-band" in svg, "<title>Léa</title>" in svg
    (2, True, True)
    """
    if not trials:
        raise ValueError("nothing to draw")
    marks = [*values, *(b for ab in bands for b in ab), *(v for _, v, _ in students), *([exact] if exact is not None else [])]
    # zoom on what was drawn (a probability near 5 %, or a mean of 1.14 ± 0.02, is not a flat line at an edge)
    if percent:
        lo, hi = max(0.0, min(marks) - 0.05), min(1.0, max(marks) + 0.05)
    else:
        pad = (max(marks) - min(marks)) * 0.15 or max(abs(max(marks)) * 0.1, 0.5)
        lo, hi = min(marks) - pad, max(marks) + pad
    hi = hi if hi > lo else lo + 1
    body, _ = _y_axis(lo, hi, lang, labels["y"], percent)
    n_max = max([*trials, *(n for n, _, _ in students)])

    def lx(n: float) -> float:  # a linear scale from 0: the band narrows as the class's trials add up
        return LEFT + (W - LEFT - RIGHT) * n / n_max

    def ly(v: float) -> float:
        return TOP + (H - TOP - BOTTOM) * (1 - (min(max(v, lo), hi) - lo) / (hi - lo))

    step, _ = _step(float(n_max), False)
    k = 0.0
    while k <= n_max + 1e-9:
        x = lx(k)
        body.append(f'<line x1="{x:.1f}" y1="{H - BOTTOM}" x2="{x:.1f}" y2="{H - BOTTOM + 6}" stroke="#555"/>')
        body.append(_t(x, H - BOTTOM + 26, format_count(round(k), lang), size=FONT - 2))
        k += step
    body.append(_t((LEFT + W - RIGHT) / 2, H - 12, labels["x"]))
    body.append(f'<line x1="{LEFT}" y1="{H - BOTTOM}" x2="{W - RIGHT}" y2="{H - BOTTOM}" stroke="#555"/>')
    upper = " ".join(f"{lx(n):.1f},{ly(b):.1f}" for n, (_, b) in zip(trials, bands, strict=True))
    lower = " ".join(f"{lx(n):.1f},{ly(a):.1f}" for n, (a, _) in reversed(list(zip(trials, bands, strict=True))))
    if len(trials) > 1:
        body.append(f'<polygon points="{upper} {lower}" fill="{COLOURS["bar"]}" fill-opacity="0.35" class="chart-band"/>')
    else:  # one sample: its interval as a whisker
        x, (a, b) = lx(trials[0]), bands[0]
        body.append(f'<line x1="{x:.1f}" y1="{ly(a):.1f}" x2="{x:.1f}" y2="{ly(b):.1f}" stroke="{COLOURS["bar"]}" '
                    'stroke-width="10" class="chart-band"/>')
    for n, v, name in students:
        body.append(f'<circle cx="{lx(n):.1f}" cy="{ly(v):.1f}" r="7" fill="#777" fill-opacity="0.35" '
                    f'class="chart-student">{_named(name)}</circle>')
    pts = " ".join(f"{lx(n):.1f},{ly(v):.1f}" for n, v in zip(trials, values, strict=True))
    body.append(f'<polyline points="{pts}" fill="none" stroke="{COLOURS["run"]}" stroke-width="4" class="chart-running"/>')
    x, y = lx(trials[-1]), ly(values[-1])
    body.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{COLOURS["run"]}"/>')
    legend = [(labels["class"], COLOURS["run"], "")]
    if students:
        legend.append((labels["student"], "#777", "dot"))
    if exact is not None:
        y = ly(exact)
        body.append(f'<line x1="{LEFT}" y1="{y:.1f}" x2="{W - RIGHT}" y2="{y:.1f}" stroke="{COLOURS["exact"]}" '
                    f'stroke-width="3" class="chart-exact"/>')
        legend.append((labels["exact"], COLOURS["exact"], ""))
    body += _legend(legend)
    return _doc(body, labels.get("title", labels["y"]))
