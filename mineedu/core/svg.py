"""Small SVG helpers shared by the games' pictures (pure functions, no widgets)."""

from __future__ import annotations

from html import escape

# Okabe & Ito's colour-blind-safe palette (blue, vermillion, bluish green,
# orange, reddish purple, sky blue), one per seat.
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9")
PLAYER_COLOUR_NAMES = {
    "fr": ("bleu", "vermillon", "vert", "orange", "violet", "ciel"),
    "en": ("blue", "vermilion", "green", "orange", "purple", "sky"),
}


def text(
    x: float, y: float, s: object, size: float = 12, anchor: str = "middle", fill: str = "#222", weight: str = "normal",
    **extra: str,
) -> str:
    attrs = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in extra.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-family="sans-serif" fill="{fill}" font-weight="{weight}"{attrs}>{escape(str(s))}</text>'
    )


def rect(x: float, y: float, w: float, h: float, fill: str = "none", stroke: str = "#333", rx: float = 4, **extra: str) -> str:
    attrs = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in extra.items())
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" fill="{fill}" stroke="{stroke}"{attrs}/>'


def circle(cx: float, cy: float, r: float, fill: str, stroke: str = "#222", **extra: str) -> str:
    attrs = "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in extra.items())
    return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}"{attrs}/>'


def document(width: float, height: float, body: list[str] | str, title: str = "") -> str:
    """The root ``<svg>``; in a box taller than the picture (the projector view) it is drawn at the box's top."""
    inner = body if isinstance(body, str) else "\n".join(body)
    t = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" preserveAspectRatio="xMidYMin meet" role="img">{t}{inner}</svg>'
    )


def region(key: str, body: list[str] | str, label: str = "") -> str:
    """Group SVG elements as one *region* a board can offer as a choice.

    ``key`` is the choice key of :mod:`mineedu.core.choices` that the region
    stands for (``"card:5"``, ``"space:tower"``); the board makes the region
    clickable, focusable and highlighted when that key is an option of the
    current step, and does nothing with it otherwise. ``label`` is a tooltip.

    >>> region("card:5", '<rect x="0" y="0" width="10" height="10"/>')
    '<g data-region="card:5"><rect x="0" y="0" width="10" height="10"/></g>'
    """
    inner = body if isinstance(body, str) else "".join(body)
    title = f"<title>{escape(label)}</title>" if label else ""
    return f'<g data-region="{escape(key, quote=True)}">{title}{inner}</g>'
