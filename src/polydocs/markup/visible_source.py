"""The build sees what the reader sees: a page's rendered text read again as a page must hold no syntax.

Rendering is finished when its visible text (code, typeset math and the library's docstrings left out)
read again by the page's one parse is plain prose: no heading, quote, fence, table, link, image, inline
code, HTML or component tag, no dialect construct (a formula, an `[[autodoc]]`, a tab or callout tag), and
none of the block syntax polydocs' own renderer writes for Python-Markdown (`!!!`, `???`, `===`, `:::`).
Anything else means readers see source: a `source-visible` warning at the page line that wrote it. The
check knows no list of constructs that go wrong: a construct no step renders shows as text, and its text
reads as syntax, whatever the construct is.

What the author escaped (`\\*\\*REMOVED\\*\\*`, `&lt;Tip&gt;`) is meant as text: a piece of syntax the
page's source does not hold as written, but holds once its escapes are read, is not reported. So is a tag
the dialect shows as text on purpose, as doc-builder does (`<UNK>`, `<mask>`: text in angle brackets that
is no element and no component, `dialect/constructs/prose_tags.py`): readers see what huggingface.co's
readers see. The build
(on the sanitised page) and `polydocs lint` (on the page rendered as lint renders it, then sanitised as
the build does: `lint/rendering.py`) both call `source_visible`, so they report the same findings.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser

from polydocs.diagnostics import Diagnostic
from polydocs.dialect import parse_page
from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.constructs.autodoc import find_autodoc
from polydocs.dialect.constructs.component_tags import find_component_tags
from polydocs.dialect.constructs.math import find_formulas
from polydocs.dialect.constructs.prose_tags import HTML_TAG, find_prose_tags
from polydocs.dialect.page import ParsedPage
from polydocs.guide import guide_url
from polydocs.markup._html_tokens import read_html

CODE = "source-visible"

# Elements whose text is not prose: code, typeset math, drawings, inert templates, the library's docstrings,
# and a program's output: a table pandas printed (`class="dataframe"`, what `DataFrame.to_html` and a
# notebook's display write) holds the frame's values as they are, like a code block's output; the backticks
# of a GitHub comment in one of its cells are the data's (the course's chapter5/6.mdx), not Markdown.
_NOT_PROSE = frozenset({"pre", "code", "kbd", "samp", "math", "svg", "script", "style", "template"})
_NOT_PROSE_CLASSES = (
    "doc-object",
    "doc-contents",
    "doc-signature",
    "polydocs-autodoc-unavailable",
    "dataframe",
)
# Elements that start a new block of text: what is written in one cannot continue another's syntax.
_BLOCKS = frozenset(
    "p li h1 h2 h3 h4 h5 h6 td th dt dd div summary details blockquote table tr ul ol label figcaption"
    " caption section article header footer nav aside main br hr".split()
)
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
# The block syntax polydocs' steps write for Python-Markdown's extensions (admonition, details, tabbed,
# mkdocstrings); it is never the page's, so shown it is always polydocs' failure.
_RENDERER_SYNTAX = re.compile(r"^(?:!!!|\?\?\?\+?|===!?|:::)\s")
# Syntax found by the parse, as tokens: block kinds and inline kinds.
_BLOCK_SYNTAX = {
    "heading_open": "a heading's `#`",
    "blockquote_open": "a quote's `>`",
    "fence": "a code fence",
    "table_open": "a table's `|` rows",
    "html_block": "an HTML tag",
}
_INLINE_SYNTAX = {
    "link_open": "a link's `[...](...)`",
    "image": "an image's `![...](...)`",
    "html_inline": "an HTML tag",
    "code_inline": "inline code's backticks",
}
# What each of `_INLINE_SYNTAX`'s tokens is written with (the page's parse is CommonMark's, without
# linkify): a link `[` or `<` (an autolink), an image `![`, HTML `<`, inline code a backtick. A visible text
# holding none has none, and is not parsed inline (156 of the course's 184 `en` and `ru` pages).
_MAY_HOLD_INLINE_SYNTAX = re.compile(r"[\[<`]")
_OBJECT = "\ufffc"  # stands for left-out code inside a text, so that syntax around it still reads so


@dataclass(frozen=True)
class ShownSource:
    """A piece of syntax readers see: what it is, and its text as shown (its first line)."""

    what: str
    text: str
    # The line of the visible text it is on: one finding per line, the first syntax found there.
    index: int = 0
    # Block syntax (a heading's `#`, a quote's `>`) is syntax only where a source line starts with it:
    # `> 0` in a table cell or `**>2 views**` shows as written, and is no quote.
    block: bool = False
    # The tag, where the syntax is one tag (`<UNK>`): none to report where the dialect shows it as text.
    tag: str = ""


def source_visible(path: str, source: str, page_html: str) -> list[Diagnostic]:
    """One warning per piece of syntax the page's readers see as text, at the source line writing it;
    `source` is the page file's whole text."""
    found = []
    seen: set[int] = set()
    visible = _visible_text(page_html)
    located: _SourceLines | None = None
    meant: frozenset[str] | None = None
    for shown in shown_source(page_html, visible):
        if shown.index in seen:
            continue
        if shown.tag:
            meant = _tags_shown_as_text(source) if meant is None else meant
            if shown.tag in meant:
                continue
        seen.add(shown.index)
        located = located or _SourceLines(source, visible.split("\n"))
        line = located.line_of(shown.text, shown.block, shown.index)
        if line is None:
            continue  # the author escaped it: meant as text
        found.append(
            Diagnostic(
                path,
                line,
                CODE,
                f"readers see {shown.what} as text: `{_short(shown.text)}`",
                f"write it so that it renders ({guide_url('markup.md')}), escape it if it is meant as text, "
                "or put it in backticks",
            )
        )
    return found


def _tags_shown_as_text(source: str) -> frozenset[str]:
    """The tags the page's source writes that the dialect shows as text (`find_prose_tags`)."""
    return frozenset(tag.text for tag in find_prose_tags(parse_page(source)))


def _visible_text(page_html: str) -> str:
    """The page's visible text, its blocks apart by a blank line."""
    return "\n\n".join(_VisibleText.blocks_of(page_html))


def shown_source(page_html: str, visible: str | None = None) -> Iterator[ShownSource]:
    """The syntax in the page's visible text (`visible`, where already read), in page order."""
    page = parse_page(_visible_text(page_html) if visible is None else visible)
    lines = page.lines
    yield from _renderer_syntax(lines)
    for token in page.tokens:
        what = _BLOCK_SYNTAX.get(token.type)
        if what is not None and token.map:
            tag = token.content.strip() if token.type == "html_block" else ""
            yield ShownSource(what, lines[token.map[0]].strip(), token.map[0], block=True, tag=_one_tag(tag))
    if _MAY_HOLD_INLINE_SYNTAX.search(page.text):
        for inline in page.inline_tokens():
            what = _INLINE_SYNTAX.get(inline.token.type)
            if what is not None:
                tag = inline.token.content if inline.token.type == "html_inline" else ""
                yield ShownSource(what, lines[inline.index].strip(), inline.index, tag=tag)
    yield from _constructs(page)


def _renderer_syntax(lines: tuple[str, ...]) -> Iterator[ShownSource]:
    for index, line in enumerate(lines):
        if _RENDERER_SYNTAX.match(line):
            yield ShownSource("polydocs' own block syntax", line.strip(), index)


def _constructs(page: ParsedPage) -> Iterator[ShownSource]:
    """The dialect's constructs found in the visible text: each is a construct no step rendered."""
    for index, tag in page.tag_lines:
        if not page.is_code(index) and not any(t.map and t.map[0] == index for t in page.tokens):
            written = page.lines[index].strip()
            yield ShownSource(f"the tag `<{tag.name}>`", written, index, tag=written)
    for component in find_component_tags(page):
        written = page.lines[component.index].strip()
        first = HTML_TAG.match(written)
        yield ShownSource(
            f"the component `<{component.name}>`",
            written,
            component.index,
            tag=first[0] if first else "",
        )
    formulas, _ = find_formulas(page)
    for formula in formulas:
        yield ShownSource("LaTeX", page.lines[formula.index].strip(), formula.index)
    for autodoc in find_autodoc(page):
        yield ShownSource("an `[[autodoc]]` directive", page.lines[autodoc.index].strip(), autodoc.index)


def _one_tag(text: str) -> str:
    """`text` where it is one tag and nothing else, else ""."""
    return text if HTML_TAG.fullmatch(text) else ""


def _short(text: str) -> str:
    text = text.replace(_OBJECT, "…")
    return text if len(text) <= 60 else text[:57] + "..."


class _SourceLines:
    """The page's source outside code, to find where a piece of shown syntax was written.

    The same text may be written on several lines (two tables with one header, the first rendered, the
    second shown as text), so a piece of syntax is looked for from where the visible text before it was
    written: each visible line is placed at the first source line from the previous one's holding its
    words, in page order, and the search for a finding starts at its visible line's place (then, where the
    source holds it only earlier, from the top)."""

    def __init__(self, source: str, visible: list[str]) -> None:
        page = parse_page(source)
        self.raw = ["" if page.is_code(index) else line for index, line in enumerate(page.lines)]
        # Inline code first skipped: a sample of syntax in backticks is no place where it was written.
        self.lines = [blank_code_spans(line) for line in self.raw]
        self.starts = self._starts(visible)
        # The lines already reported: a text written twice and shown twice (two quiz choices with one
        # explanation) is two findings, at the first line and then at the next one holding it.
        self.taken: set[int] = set()

    def _starts(self, visible: list[str]) -> list[int]:
        """For each visible line, the source index its search starts at: where the visible line before it
        was written."""
        starts, at = [], 0
        for line in visible:
            starts.append(at)
            words = _words(line)
            if len(words) < 2:
                continue  # too little to place it: "Tip", "model_id"
            written = (n for n in range(at, len(self.raw)) if all(word in self.raw[n] for word in words))
            at = next(written, at)
        return starts

    def line_of(self, shown: str, block: bool = False, index: int = 0) -> int | None:
        """The 1-based line writing `shown` (the visible text's line `index`), None where the source holds
        it only escaped. Where it holds it neither way (polydocs wrote it, or wrote around it), the line
        holding most of its words, else the first line written after the visible text before it (where
        the construct polydocs wrote it for stands: a `<Tip>` shown as `!!! tip "Tip"`)."""
        pieces = [piece.strip() for piece in shown.split(_OBJECT) if piece.strip()]
        if not pieces:
            return None
        start = self.starts[index] if index < len(self.starts) else 0
        longest = max(pieces, key=len)
        if block:
            first = pieces[0]
            return self._first(self.raw, start, lambda line: line.lstrip(" >").startswith(first))
        for lines in (self.lines, self.raw):
            number = self._first(lines, start, lambda line: longest in line)
            if number is not None:
                return number
        if any(longest in _unescaped(line) for line in self.raw):
            return None
        return self._most_words_of(shown, start) or self._written_after(start, index)

    def _most_words_of(self, shown: str, start: int) -> int | None:
        """The first line from `start` holding the most of the words of `shown`, at least two and half of
        them: polydocs may have written words around the page's (a quiz's "Wrong answer." before its
        explanation); else None."""
        words = set(re.findall(r"\w{4,}", shown))
        order = self._order(start)
        held = {number: sum(word in self.raw[number] for word in words) for number in order}
        best = max(order, key=held.__getitem__, default=0)
        return self._take(best) if held.get(best, 0) >= max(2, len(words) / 2) else None

    def _written_after(self, start: int, index: int) -> int:
        """The first line holding text after `start`, the place of the visible text before the visible
        line `index` (from the top for the first one); 1 where none does."""
        first = start + 1 if index > 0 else 0
        return next((n + 1 for n in range(first, len(self.raw)) if self.raw[n].strip()), 1)

    def _order(self, start: int) -> list[int]:
        """The indices to look at: from `start` to the end, then above it; lines already reported last."""
        order = [*range(start, len(self.raw)), *range(start)]
        return [n for n in order if n not in self.taken] + [n for n in order if n in self.taken]

    def _first(self, lines: list[str], start: int, holds: Callable[[str], bool]) -> int | None:
        """The 1-based number of the first line in `_order(start)` that `holds`."""
        return next((self._take(number) for number in self._order(start) if holds(lines[number])), None)

    def _take(self, index: int) -> int:
        self.taken.add(index)
        return index + 1


def _words(text: str) -> list[str]:
    """The words of a text that are long enough to tell its line: up to four of them."""
    return [word for word in re.split(r"[^\w]+", text) if len(word) > 3][:4]


def _unescaped(line: str) -> str:
    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", line))


class _VisibleText(HTMLParser):
    """The text a reader sees, block by block; left-out code stands as one character."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.current: list[str] = []
        self.hidden: list[str] = []  # the open elements whose text is no prose

    @classmethod
    def blocks_of(cls, page_html: str) -> list[str]:
        """Read from the page's tokens, the sanitiser's read of the same HTML, with html.parser's events:
        a start, an end (a void element written closed, `<br/>`, has both), and text."""
        reader = cls()
        read = read_html(page_html)
        for index, token in enumerate(read.tokens):
            if token.kind == "start":
                reader.handle_starttag(token.tag, list(token.attributes))
                if index in read.closed_void:
                    reader.handle_endtag(token.tag)
            elif token.kind == "end":
                reader.handle_endtag(token.tag)
            elif token.kind == "text":
                reader.handle_data(token.text)
        reader._end_block()
        return reader.blocks

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = next((value or "" for name, value in attrs if name == "class"), "")
        if self.hidden or tag in _NOT_PROSE or any(name in classes for name in _NOT_PROSE_CLASSES):
            if tag not in _VOID:
                self.hidden.append(tag)
            if not self.hidden or len(self.hidden) == 1:
                self.current.append(_OBJECT)
            return
        if tag in _BLOCKS:
            self._end_block()

    def handle_endtag(self, tag: str) -> None:
        if self.hidden:
            if tag in self.hidden:
                while self.hidden.pop() != tag:
                    pass
            return
        if tag in _BLOCKS:
            self._end_block()

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.current.append(data)

    def _end_block(self) -> None:
        text = "".join(self.current)
        self.current = []
        lines = [line.strip() for line in text.split("\n")]
        block = "\n".join(line for line in lines if line)
        if block.replace(_OBJECT, "").strip():
            self.blocks.append(block)
