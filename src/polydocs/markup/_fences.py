"""Which lines are code, as the one parse (`polydocs.dialect`) says, for preprocessors given bare lines."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from polydocs.dialect import parse_page


def fenced_lines(lines: Sequence[str]) -> list[bool]:
    """For each line, whether it is code (a fence, its fence lines included, or an indented block)."""
    mask = list(parse_page("\n".join(lines)).code_mask)
    return mask + [False] * (len(lines) - len(mask))


def fence_spans(lines: Sequence[str]) -> Iterator[tuple[int, int | None]]:
    """`(opening, closing)` line indices of every fence; `closing` is None for a fence never closed."""
    for fence in parse_page("\n".join(lines)).fences:
        yield fence.index, fence.end


def lines_outside_fences(lines: Sequence[str]) -> Iterator[tuple[int, str]]:
    """Yield `(index, line)` for every line that is not code."""
    for index, (line, fenced) in enumerate(zip(lines, fenced_lines(lines), strict=True)):
        if not fenced:
            yield index, line
