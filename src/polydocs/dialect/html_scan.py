"""How many characters Python's `html.parser` reads for a page's raw HTML, found in (almost) linear time.

Python-Markdown hands the whole page to `html.parser`. From each `<name` it matches a start tag: the name,
then anything that reads as attributes, up to the `>` that ends the tag, skipping `>` inside a quoted
value; a tag never ended is read to the end of what looks like attributes, which for prose is the next
`>` (Python-Markdown then takes the `<` as text and starts again one character later). `<![CDATA[` is read
to the next `]]>`, `<!--` to the next `-->`. So one tag start costs the distance to where that read stops,
and a page of unended tags costs the square of its length: 16,000 lines `<a href=x` took 83 s.

`scan_cost` adds those distances up. Where the read stops is estimated from above: a quote before the
next `>` is taken to open a value that runs to the next quote of its kind. Each position's stop is worked
out once, the next `>` or quote found by bisection, so the estimate is linear but for a logarithm.
"""

from __future__ import annotations

import bisect
import re

_START = re.compile(r"<[A-Za-z!?/]")


def scan_cost(text: str) -> int:
    """Characters `html.parser` reads from the tag starts of `text`, estimated from above."""
    starts = [found.start() for found in _START.finditer(text)]
    if not starts:
        return 0
    scan = _Scan(text)
    total = 0
    for start in starts:
        if text.startswith("<![CDATA[", start):
            total += scan.next("]]>", start) - start
        elif text.startswith("<!--", start):
            total += scan.next("-->", start) - start
        else:
            total += scan.attributes_end(start + 1) - start
    return total


class _Scan:
    """Where each marker occurs in the text, and where an attribute read from each position stops."""

    def __init__(self, text: str) -> None:
        self.text = text
        markers = (">", "'", '"', "]]>", "-->")
        self.at = {
            marker: [found.start() for found in re.finditer(re.escape(marker), text)] for marker in markers
        }
        self.stops: dict[int, int] = {}

    def next(self, marker: str, position: int) -> int:
        """The first occurrence of `marker` at or after `position`; the text's length when there is none."""
        positions = self.at[marker]
        index = bisect.bisect_left(positions, position)
        return positions[index] if index < len(positions) else len(self.text)

    def attributes_end(self, position: int) -> int:
        """Where a start tag's attributes read from `position` stop at most: the first `>` that no quote
        opened before it could hide."""
        visited = []
        while position not in self.stops:
            end = self.next(">", position)
            quote = min(self.next("'", position), self.next('"', position))
            if quote >= end:
                self.stops[position] = end
                break
            visited.append(position)
            position = self.next(self.text[quote], quote + 1) + 1
            if position >= len(self.text):
                self.stops[position] = len(self.text)
                break
        stop = self.stops[position]
        for seen in visited:
            self.stops[seen] = stop
        return stop
