"""LaTeX in prose: display `$$...$$` and inline `\\\\( ... \\\\)`, as doc-builder's README writes them.

doc-builder typesets both with KaTeX when it builds (`kit/preprocessors/mdsvex`): `$$` opening a line starts
a display formula that runs to the next `$$` (over lines), `\\\\(` an inline one that runs to the next
`\\\\)`. Here a formula is found in the page's prose, outside code blocks, code spans and closed comments,
within its paragraph (a blank line ends a formula never closed: `math-unclosed`); `$$...$$` in the middle
of a line is an inline formula. `typeset` writes it as presentation MathML (latex2mathml), which browsers
lay out themselves: no script, no font or style sheet fetched, nothing the page's sanitiser does not keep.
What the formula holds is never read as Markdown, so `a_i, b_i` makes no emphasis.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from html import unescape

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.page import ParsedPage

UNCLOSED = "math-unclosed"
INVALID = "math-invalid"
CODES = code_table(
    DiagnosticCode(UNCLOSED, "error", "A formula that is never closed."),
    DiagnosticCode(INVALID, "error", "A formula that cannot be typeset."),
)

DISPLAY = "$$"
INLINE_OPEN, INLINE_CLOSE = "\\\\(", "\\\\)"
_CONTAINER = re.compile(r"[ \t>]*")
_OPENERS = re.compile(r"\$\$|\\\\\(")

# What the MathML may carry (markup/html_allowlist.py keeps exactly these): layout only. latex2mathml
# writes `href` for `\href` (a link: dropped) and the namespace, which HTML does not need.
MATHML_TAGS = frozenset(
    "math mi mn mo ms mtext mrow msup msub msubsup mfrac msqrt mroot mtable mtr mtd mover munder "
    "munderover mspace mpadded mphantom menclose mstyle mmultiscripts mprescripts none merror".split()
)
MATHML_ATTRIBUTES = frozenset(
    "display mathvariant stretchy fence separator accent accentunder form linebreak columnalign "
    "rowalign columnspacing rowspacing columnlines rowlines frame minsize maxsize width height depth "
    "lspace rspace movablelimits largeop symmetric notation scriptlevel displaystyle mathsize".split()
)


@dataclass(frozen=True)
class Formula:
    """One formula from line `index`, column `start` to line `last`, column `end` (exclusive, delimiters
    included); `tex` is what its delimiters hold, without the container's `>` markers of later lines."""

    index: int
    start: int
    last: int
    end: int
    tex: str
    display: bool


@dataclass(frozen=True)
class Unclosed:
    index: int
    opener: str


def find_formulas(page: ParsedPage) -> tuple[list[Formula], list[Unclosed]]:
    """Every formula of the page's prose, in order, and every opener its paragraph never closes."""
    formulas: list[Formula] = []
    unclosed: list[Unclosed] = []
    for paragraph in _paragraphs(page):
        _scan(paragraph, formulas, unclosed)
    return formulas, unclosed


def _paragraphs(page: ParsedPage) -> Iterator[list[tuple[int, str]]]:
    """Runs of consecutive prose lines that hold text, each line with its code spans blanked."""
    run: list[tuple[int, str]] = []
    for index, line in visible_lines(page):
        if run and (index != run[-1][0] + 1 or not line.strip(" \t>")):
            yield run
            run = []
        if line.strip(" \t>"):
            run.append((index, blank_code_spans(line) if "`" in line else line))
    if run:
        yield run


def _scan(paragraph: list[tuple[int, str]], formulas: list[Formula], unclosed: list[Unclosed]) -> None:
    row, column = 0, 0
    # A closer not found from one opener on is not found from a later one: never looked for again, so a
    # paragraph of openers costs one reading, not one per opener.
    exhausted: set[str] = set()
    while row < len(paragraph):
        index, line = paragraph[row]
        found = _OPENERS.search(line, column)
        if found is None:
            row, column = row + 1, 0
            continue
        opener = found.group()
        at_start = found.start() == _CONTAINER.match(line).end()  # type: ignore[union-attr]
        closer = INLINE_CLOSE if opener == INLINE_OPEN else DISPLAY
        # `$$` inside a line closes on that line, or is no formula (`$$Repository.push()` is prose).
        spans_lines = opener == INLINE_OPEN or at_start
        rows = paragraph[row:] if spans_lines else paragraph[row : row + 1]
        closing = None if spans_lines and closer in exhausted else _closing(rows, found.end(), closer)
        if closing is None:
            if spans_lines and closer not in exhausted:  # the first opener left open is the one to fix
                unclosed.append(Unclosed(index, opener))
                exhausted.add(closer)
            column = found.end()
            continue
        end_row, end_column = row + closing[0], closing[1]
        tex = _between(paragraph, row, found.end(), end_row, end_column - len(closer))
        display = opener == DISPLAY and at_start
        formulas.append(Formula(index, found.start(), paragraph[end_row][0], end_column, tex, display))
        row, column = end_row, end_column


def _closing(rows: list[tuple[int, str]], column: int, closer: str) -> tuple[int, int] | None:
    """`(row, column after the closer)` of the first `closer` in `rows` from `column` of the first."""
    for offset, (_, line) in enumerate(rows):
        position = line.find(closer, column if offset == 0 else 0)
        if position >= 0:
            return offset, position + len(closer)
    return None


def _between(paragraph: list[tuple[int, str]], row: int, start: int, end_row: int, end: int) -> str:
    if row == end_row:
        return paragraph[row][1][start:end]
    parts = [paragraph[row][1][start:]]
    for middle in range(row + 1, end_row + 1):
        line = paragraph[middle][1]
        line = line[_CONTAINER.match(line).end() :]  # type: ignore[union-attr]
        parts.append(line if middle < end_row else line[: end - (len(paragraph[middle][1]) - len(line))])
    return "\n".join(parts)


@dataclass(frozen=True)
class Typeset:
    """A formula as MathML, or why it cannot be typeset (`problem`, then `mathml` is empty)."""

    mathml: str
    problem: str = ""


@lru_cache(maxsize=4096)
def typeset(tex: str, display: bool) -> Typeset:
    """The formula as presentation MathML holding only `MATHML_TAGS` and `MATHML_ATTRIBUTES`."""
    # Imported here: the snippet checker reads pages through this package on GPU hosts without it.
    from latex2mathml.converter import convert_to_element

    try:
        element = convert_to_element(_unwrapped(tex), display="block" if display else "inline")
    except Exception as error:  # latex2mathml raises its own error classes and plain ones alike
        return Typeset("", f"{type(error).__name__} {error}".strip())
    for node in element.iter():
        # latex2mathml keeps character references (`&#x0003D;`) as text; the serialiser escapes text itself.
        node.text = unescape(node.text) if node.text else node.text
        node.tail = unescape(node.tail) if node.tail else node.tail
        if node.tag not in MATHML_TAGS:
            node.tag = "mrow"
        for name in [name for name in node.attrib if name not in MATHML_ATTRIBUTES]:
            del node.attrib[name]
    return Typeset(ET.tostring(element, encoding="unicode", method="html"))


def _unwrapped(tex: str) -> str:
    """`$$\\\\(x\\\\)$$` (a formula delimited twice) is `x`."""
    stripped = tex.strip()
    if stripped.startswith(INLINE_OPEN) and stripped.endswith(INLINE_CLOSE):
        return stripped[len(INLINE_OPEN) : -len(INLINE_CLOSE)]
    return tex


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    if DISPLAY not in page.text and INLINE_OPEN not in page.text:
        return
    formulas, unclosed = find_formulas(page)
    for opener in unclosed:
        closer = INLINE_CLOSE if opener.opener == INLINE_OPEN else DISPLAY
        yield Finding(
            opener.index,
            UNCLOSED,
            f"`{opener.opener}` opens a formula its paragraph never closes; readers see the LaTeX as text",
            f"close it with `{closer}` before the paragraph ends (a formula holds no blank line)",
        )
    for formula in formulas:
        problem = typeset(formula.tex, formula.display).problem
        if problem:
            yield Finding(
                formula.index,
                INVALID,
                f"the formula cannot be typeset ({problem}); readers see its LaTeX as code",
                "fix the LaTeX (balanced braces, \\left with \\right, \\begin with \\end)",
            )
