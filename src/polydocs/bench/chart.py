"""A horizontal grouped bar chart as plain HTML: text at the page's body size that wraps on a phone, bars
sized in percent of their track, no script. The theme's CSS (`polydocs.css`, `.polydocs-bench-*`) gives
each series a colour for the light and the dark palette; the value is written at the end of every bar and
the series' name at its start, so colour is never the only cue."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

# The longest bar fills its track; the track's padding (the theme's CSS) holds the value written after it.
_LONGEST_BAR_PERCENT = 100.0


@dataclass(frozen=True)
class Bar:
    # Index into the chart's series: picks the colour class.
    series: int
    value: float | None  # None: no measurement (failed or not run)
    label: str  # the value as the reader sees it, e.g. "2,3\u00d7" or "failed"
    # A figure the page marks (not reproduced, or not known to be measured alone): its bar is hatched.
    marked: bool = False


@dataclass(frozen=True)
class Group:
    name: str
    bars: tuple[Bar, ...]


def bar_chart(title: str, series: list[str], groups: list[Group]) -> str:
    """HTML for `groups` of bars, one row per bar, scaled to the largest value; `title` is the caption."""
    largest = max((bar.value for group in groups for bar in group.bars if bar.value is not None), default=1.0)
    # Room after a full-length bar for the longest value written after it (marks and range included).
    room = max((len(bar.label) for group in groups for bar in group.bars), default=0) + 1
    parts = [f'<figure class="polydocs-bench-chart"><figcaption>{escape(title)}</figcaption>']
    for group in groups:
        parts.append(f'<div class="polydocs-bench-group" role="group" aria-label="{escape(group.name)}">')
        parts.append(
            f'<p class="polydocs-bench-model">{escape(group.name)}</p><div class="polydocs-bench-rows">'
        )
        parts += [_row(bar, series[bar.series], largest, room) for bar in group.bars]
        parts.append("</div></div>")
    parts.append("</figure>")
    return "".join(parts)


def _row(bar: Bar, series_name: str, largest: float, room: int) -> str:
    classes = f"polydocs-bench-bar polydocs-bench-series-{bar.series}"
    if bar.marked:
        classes += " polydocs-bench-bar--marked"
    if bar.value is None:
        drawn = ""
    else:
        width = max(bar.value / max(largest, 1e-9) * _LONGEST_BAR_PERCENT, 0.5)
        drawn = f'<span class="{classes}" style="width: {width:.1f}%" aria-hidden="true"></span>'
    return (
        '<div class="polydocs-bench-row">'
        f'<span class="polydocs-bench-series"><code>{escape(series_name)}</code></span>'
        f'<span class="polydocs-bench-track" style="padding-right: {room}ch">{drawn}'
        f'<span class="polydocs-bench-value">{escape(bar.label)}</span></span>'
        "</div>"
    )
