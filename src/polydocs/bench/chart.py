"""A horizontal grouped bar chart as inline SVG: no script, colours from `currentColor` so that it reads
in both of Material's palettes (light and slate)."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

_WIDTH = 680
_LABEL_WIDTH = 150
_VALUE_WIDTH = 64
_BAR_HEIGHT = 12
_BAR_GAP = 2
_GROUP_GAP = 12
_LEGEND_HEIGHT = 28
_AXIS_HEIGHT = 24
# One opacity per series: distinct on white and on slate, with the value written beside each bar anyway.
_OPACITIES = (0.3, 0.55, 0.8, 1.0)


@dataclass(frozen=True)
class Bar:
    series: int
    value: float | None  # None: no measurement (failed or not run)
    label: str  # the value as the reader sees it, e.g. "2,3x" or "failed"


@dataclass(frozen=True)
class Group:
    name: str
    bars: tuple[Bar, ...]


def bar_chart(title: str, series: list[str], groups: list[Group], axis_label: str, chart_id: str) -> str:
    """SVG markup for `groups` of bars, one bar per series, scaled to the largest value."""
    largest = max((bar.value for group in groups for bar in group.bars if bar.value is not None), default=1.0)
    scale = (_WIDTH - _LABEL_WIDTH - _VALUE_WIDTH) / max(largest, 1e-9)
    rows = sum(len(group.bars) for group in groups)
    height = _LEGEND_HEIGHT + rows * (_BAR_HEIGHT + _BAR_GAP) + len(groups) * _GROUP_GAP + _AXIS_HEIGHT
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="polydocs-chart" role="img" '
        f'aria-labelledby="{chart_id}-title" viewBox="0 0 {_WIDTH} {height}" width="100%" '
        f'style="max-width:{_WIDTH}px" font-size="12" fill="currentColor">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
    ]
    parts += _legend(series)
    y = _LEGEND_HEIGHT
    for group in groups:
        group_height = len(group.bars) * (_BAR_HEIGHT + _BAR_GAP)
        parts.append(
            f'<text x="{_LABEL_WIDTH - 8}" y="{y + group_height / 2 + 4:.1f}" text-anchor="end">'
            f"{escape(group.name)}</text>"
        )
        for bar in group.bars:
            opacity = _OPACITIES[bar.series % len(_OPACITIES)]
            length = (bar.value or 0.0) * scale
            if bar.value is not None:
                parts.append(
                    f'<rect x="{_LABEL_WIDTH}" y="{y}" width="{length:.1f}" height="{_BAR_HEIGHT}" '
                    f'fill-opacity="{opacity}">'
                    f"<title>{escape(series[bar.series])}: {escape(bar.label)}</title>"
                    "</rect>"
                )
            parts.append(
                f'<text x="{_LABEL_WIDTH + length + 4:.1f}" y="{y + _BAR_HEIGHT - 2}" font-size="11">'
                f"{escape(bar.label)}</text>"
            )
            y += _BAR_HEIGHT + _BAR_GAP
        y += _GROUP_GAP
    parts.append(
        f'<line x1="{_LABEL_WIDTH}" y1="{_LEGEND_HEIGHT - 4}" x2="{_LABEL_WIDTH}" y2="{y}" '
        'stroke="currentColor" stroke-opacity="0.5"/>'
    )
    parts.append(f'<text x="{_LABEL_WIDTH}" y="{y + 14}" font-size="11">{escape(axis_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _legend(series: list[str]) -> list[str]:
    parts = []
    x = float(_LABEL_WIDTH)
    for index, name in enumerate(series):
        opacity = _OPACITIES[index % len(_OPACITIES)]
        parts.append(f'<rect x="{x:.0f}" y="6" width="12" height="12" fill-opacity="{opacity}"/>')
        parts.append(f'<text x="{x + 16:.0f}" y="16">{escape(name)}</text>')
        x += 16 + 7.5 * len(name) + 18
    return parts
