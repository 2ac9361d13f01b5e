"""Small SVG charts written by hand (no plotting library): dots with intervals, bars, stacked bars, a heat map."""
from __future__ import annotations

import math
from html import escape
from typing import Sequence

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#bab0ac", "#1b9e77", "#7570b3", "#66a61e", "#e7298a")
FONT = 'font-family="sans-serif" font-size="12"'
LABEL_W, ROW_H, PLOT_W, TOP = 150, 22, 420, 44


def _doc(width: int, height: int, title: str, body: list[str]) -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" {FONT}>')
    return "\n".join([head, f'<rect width="{width}" height="{height}" fill="white"/>',
                      f'<text x="10" y="20" font-size="14" font-weight="bold">{escape(title)}</text>', *body, "</svg>\n"])


def nice(lo: float, hi: float, most: int = 6) -> tuple[float, float, float]:
    """A range around [lo, hi] that starts and ends on a round step (1, 2, 2.5 or 5 times a power of ten)."""
    span = (hi - lo) or 1.0
    power = 10 ** math.floor(math.log10(span / most))
    step = next(power * m for m in (1, 2, 2.5, 5, 10) if span / (power * m) <= most)
    return math.floor(lo / step + 1e-9) * step, math.ceil(hi / step - 1e-9) * step, step


def _axis(lo: float, hi: float, step: float, height: int, fmt: str, mark: float | None = None) -> list[str]:
    """Vertical grid lines every `step` with labels under the rows; a dashed line at `mark`."""
    out = []
    for k in range(round((hi - lo) / step) + 1):
        v = lo + step * k
        x = _x(v, lo, hi)
        out.append(f'<line x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" y2="{height - 24}" stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 8}" text-anchor="middle">{format(v, fmt)}</text>')
    if mark is not None and lo <= mark <= hi:
        x = _x(mark, lo, hi)
        out.append(f'<line x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" y2="{height - 24}" stroke="#888" '
                   f'stroke-dasharray="4 3"/>')
    return out


def _x(v: float, lo: float, hi: float) -> float:
    return LABEL_W + PLOT_W * (min(max(v, lo), hi) - lo) / ((hi - lo) or 1)


def dots(title: str, rows: Sequence[tuple], lo: float, hi: float, fmt: str = ".0%", mark: float | None = None,
         legend: tuple[str, str] | None = None) -> str:
    """One row per item: (label, value, low, high[, baseline value, baseline low, baseline high])."""
    height = TOP + ROW_H * len(rows) + 30
    lo, hi, step = nice(lo, hi)
    body = _axis(lo, hi, step, height, fmt, mark=mark)
    for i, row in enumerate(rows):
        y = TOP + ROW_H * i + ROW_H / 2
        body.append(f'<text x="{LABEL_W - 8}" y="{y + 4:.1f}" text-anchor="end">{escape(str(row[0]))}</text>')
        if len(row) > 4 and row[4] is not None:
            _, _, _, _, b, blo, bhi = row
            body.append(f'<line x1="{_x(blo, lo, hi):.1f}" y1="{y + 4:.1f}" x2="{_x(bhi, lo, hi):.1f}" '
                        f'y2="{y + 4:.1f}" stroke="#aaa" stroke-width="2"/>')
            body.append(f'<circle cx="{_x(b, lo, hi):.1f}" cy="{y + 4:.1f}" r="4" fill="white" stroke="#888"/>')
        _, v, vlo, vhi = row[:4]
        dy = -3 if len(row) > 4 and row[4] is not None else 0
        body.append(f'<line x1="{_x(vlo, lo, hi):.1f}" y1="{y + dy:.1f}" x2="{_x(vhi, lo, hi):.1f}" y2="{y + dy:.1f}" '
                    f'stroke="{PALETTE[0]}" stroke-width="2"/>')
        body.append(f'<circle cx="{_x(v, lo, hi):.1f}" cy="{y + dy:.1f}" r="4.5" fill="{PALETTE[0]}">'
                    f'<title>{escape(str(row[0]))}: {format(v, fmt)} ({format(vlo, fmt)} to {format(vhi, fmt)})</title>'
                    f'</circle>')
    if legend:
        x = LABEL_W + PLOT_W - 230
        body.append(f'<circle cx="{x}" cy="31" r="4.5" fill="{PALETTE[0]}"/><text x="{x + 8}" y="35">'
                    f'{escape(legend[0])}</text>')
        body.append(f'<circle cx="{x + 115}" cy="31" r="4" fill="white" stroke="#888"/><text x="{x + 123}" y="35">'
                    f'{escape(legend[1])}</text>')
    return _doc(LABEL_W + PLOT_W + 30, height, title, body)


def bars(title: str, rows: Sequence[tuple[str, float, bool]], fmt: str = "+.1f") -> str:
    """Signed horizontal bars from zero: (label, value, highlighted)."""
    span = max([abs(v) for _, v, _ in rows] + [1e-9])
    lo, hi, step = nice(-span if any(v < 0 for _, v, _ in rows) else 0.0, span)
    height = TOP + ROW_H * len(rows) + 30
    body = _axis(lo, hi, step, height, fmt, mark=0.0)
    for i, (label, v, strong) in enumerate(rows):
        y = TOP + ROW_H * i + 4
        x0, x1 = _x(0, lo, hi), _x(v, lo, hi)
        color = PALETTE[3] if strong else "#9db7d5"
        body.append(f'<text x="{LABEL_W - 8}" y="{y + 11}" text-anchor="end">{escape(label)}</text>')
        body.append(f'<rect x="{min(x0, x1):.1f}" y="{y}" width="{abs(x1 - x0):.1f}" height="{ROW_H - 8}" '
                    f'fill="{color}"><title>{escape(label)}: {format(v, fmt)}</title></rect>')
    return _doc(LABEL_W + PLOT_W + 30, height, title, body)


def stacked(title: str, rows: Sequence[tuple[str, dict[str, float]]], keys: Sequence[str]) -> str:
    """Stacked horizontal bars from a zero line, with a legend: positive parts to the right, negative parts
    (power charges cost VP) to the left, so a bar's right end minus its left end is the whole."""
    pos = [sum(max(0.0, parts.get(k, 0.0)) for k in keys) for _, parts in rows]
    neg = [sum(min(0.0, parts.get(k, 0.0)) for k in keys) for _, parts in rows]
    lo, hi, step = nice(min(neg + [0.0]), max(pos + [1.0]))
    legend_h = 18 * ((len(keys) + 3) // 4)
    height = TOP + ROW_H * len(rows) + 30 + legend_h
    body = _axis(lo, hi, step, height - legend_h, ".0f")
    zero = _x(0.0, lo, hi)
    for i, (label, parts) in enumerate(rows):
        y = TOP + ROW_H * i + 4
        body.append(f'<text x="{LABEL_W - 8}" y="{y + 11}" text-anchor="end">{escape(label)}</text>')
        right = left = 0.0
        for k, key in enumerate(keys):
            v = parts.get(key, 0.0)
            if v > 0:
                x0, x1 = _x(right, lo, hi), _x(right + v, lo, hi)
                right += v
            elif v < 0:
                x0, x1 = _x(left + v, lo, hi), _x(left, lo, hi)
                left += v
            else:
                continue
            body.append(f'<rect x="{x0:.1f}" y="{y}" width="{x1 - x0:.1f}" height="{ROW_H - 8}" '
                        f'fill="{PALETTE[k % len(PALETTE)]}"><title>{escape(label)}, {escape(key)}: {v:.1f}'
                        f'</title></rect>')
    if lo < 0:
        body.append(f'<line x1="{zero:.1f}" y1="{TOP - 6}" x2="{zero:.1f}" y2="{height - legend_h - 24}" '
                    f'stroke="#222"/>')
    legend_top = height - legend_h + 2
    for k, key in enumerate(keys):
        x, y = 10 + (k % 4) * 150, legend_top + 18 * (k // 4)
        body.append(f'<rect x="{x}" y="{y}" width="10" height="10" fill="{PALETTE[k % len(PALETTE)]}"/>'
                    f'<text x="{x + 14}" y="{y + 9}">{escape(key)}</text>')
    return _doc(max(LABEL_W + PLOT_W + 30, 620), height, title, body)


def heatmap(title: str, labels: Sequence[str], cell) -> str:
    """A square table coloured by cell(row, col) -> (share 0..1, count) or None (blue above 0.5, red below);
    each cell shows the share in percent and, under it, the games it rests on (n=...)."""
    size = 40
    left, top = LABEL_W, 50 + 90
    width, height = left + size * len(labels) + 20, top + size * len(labels) + 20
    body = []
    for j, b in enumerate(labels):
        x = left + size * j + size / 2
        body.append(f'<text transform="translate({x + 4:.1f},{top - 6}) rotate(-60)">{escape(b)}</text>')
    for i, a in enumerate(labels):
        y = top + size * i
        body.append(f'<text x="{left - 8}" y="{y + size / 2 + 4:.1f}" text-anchor="end">{escape(a)}</text>')
        for j, b in enumerate(labels):
            value = cell(a, b)
            x = left + size * j
            if value is None:
                body.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="#f4f4f4" stroke="white"/>')
                continue
            share, n = value
            ink = "white" if abs(share - 0.5) > 0.3 else "#222"     # readable on the dark ends of the scale
            body.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{_diverging(share)}" '
                        f'stroke="white"><title>{escape(a)} vs {escape(b)}: {share:.0%} of {n} games</title></rect>')
            body.append(f'<text x="{x + size / 2}" y="{y + size / 2 - 1}" text-anchor="middle" font-size="11" '
                        f'fill="{ink}">{round(100 * share)}</text>')
            body.append(f'<text x="{x + size / 2}" y="{y + size / 2 + 11}" text-anchor="middle" font-size="8" '
                        f'fill="{ink}">n={n}</text>')
    return _doc(max(width, 400, 20 + 9 * len(title)), height, title, body)


def _diverging(share: float) -> str:
    """White at 0.5, blue towards 1, red towards 0."""
    t = max(-1.0, min(1.0, (share - 0.5) * 2))
    end = (33, 102, 172) if t > 0 else (178, 24, 43)
    r, g, b = (round(255 + (e - 255) * abs(t)) for e in end)
    return f"#{r:02x}{g:02x}{b:02x}"
