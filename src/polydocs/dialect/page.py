"""A page parsed once (markdown-it-py, CommonMark) into located nodes that the site, the linter, the checker
and the notebooks all read: one answer to "is this line code?", "where is this tag?", "which fences?".

Lines are 0-based indices into the parsed text (`index`); `line` properties give the 1-based number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, TypeVar, cast

from markdown_it import MarkdownIt
from markdown_it.common.html_blocks import block_names
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from polydocs.dialect.direction_blocks import opens_direction_block
from polydocs.dialect.fence_lines import FenceOpening, closes_fence, fence_opening
from polydocs.dialect.inline_budget import inline_cost_problem
from polydocs.dialect.tag_names import claimed_by_dialect
from polydocs.dialect.tags import ATTRIBUTES, TagLine, parse_tag_line
from polydocs.dialect.trailing_lines import same_with_fewer_blank_lines, same_with_more_blank_lines

T = TypeVar("T")

_LONE_TAG = re.compile(rf"^\s*</?(?P<name>[A-Za-z][\w-]*+){ATTRIBUTES}/?>\s*$")
# A list item's marker and the blanks after it (`- `, `2. `, `  * `).
_LIST_MARKER = re.compile(r"^[ ]*+(?:[-+*]|[0-9]{1,9}[.)])[ ]++")
_STANDARD_BLOCK_TAGS = frozenset(block_names)
# A line that starts one of CommonMark's HTML blocks of a standard block tag (`<div class="grid">`): the
# block runs to the next blank line.
_OPENS_HTML_BLOCK = re.compile(r"^ {0,3}</?(?P<name>[A-Za-z][A-Za-z0-9-]*+)(?:[ \t]|/?>|$)")
# A tag's name as CommonMark reads one; `<repo_id>` is no tag to it, but a line of text.
_COMMONMARK_NAME = re.compile(r"[A-Za-z][A-Za-z0-9-]*+")


@dataclass(frozen=True)
class Fence:
    """A fenced code block. `end` is the index of its closing fence; for a fence never closed it is None and
    the block runs, as in CommonMark, to the end of its container (`last`: its last line)."""

    index: int
    end: int | None
    last: int
    info: str
    content: str
    marker: str

    @property
    def line(self) -> int:
        return self.index + 1

    @property
    def closed(self) -> bool:
        return self.end is not None

    @property
    def language(self) -> str:
        """The info string's first word, lowercased (`py`, `python`, `bash`); "" when there is none."""
        words = self.info.split()
        return words[0].lower() if words else ""


@dataclass(frozen=True)
class Comment:
    """An HTML comment written as a block (`<!-- ... -->`): license headers, polydocs directives."""

    index: int
    last: int
    text: str


@dataclass(frozen=True)
class InlineToken:
    """An inline token (link, image, code span, text) and the 0-based line it starts on."""

    index: int
    token: Token

    @property
    def line(self) -> int:
        return self.index + 1


@dataclass(frozen=True)
class ParsedPage:
    """One page's text and what the parse found in it."""

    text: str

    def derived(self, reader: Callable[[ParsedPage], T]) -> T:
        """What `reader`, a function of the page's text alone, finds in it: read once per page, however
        many constructs and checks ask (the component tags of a course page were read 33 times)."""
        found: dict[Callable[[ParsedPage], Any], Any] = self.__dict__.setdefault("_derived", {})
        if reader not in found:
            found[reader] = reader(self)
        return cast(T, found[reader])

    @cached_property
    def lines(self) -> tuple[str, ...]:
        return split_lines(self.text)

    @cached_property
    def _parse(self) -> _BlockParse:
        return _block_parse(_blank_component_tags(self.text))

    @property
    def tokens(self) -> tuple[Token, ...]:
        """The block tokens; an `inline` token's `children` are empty until `inline_tokens` is asked."""
        return self._parse.tokens

    @cached_property
    def fences(self) -> tuple[Fence, ...]:
        return tuple(
            _fence(token, self.lines) for token in self.tokens if token.type == "fence" and token.map
        )

    @cached_property
    def code_mask(self) -> tuple[bool, ...]:
        """For each line, whether it is code: inside a fence (fence lines included) or an indented block."""
        mask = [False] * len(self.lines)
        for token in self.tokens:
            if token.type in ("fence", "code_block") and token.map:
                start, end = token.map
                mask[start:end] = [True] * (min(end, len(mask)) - start)
        return tuple(mask)

    def is_code(self, index: int) -> bool:
        return 0 <= index < len(self.code_mask) and self.code_mask[index]

    def outside_code(self) -> Iterator[tuple[int, str]]:
        """`(index, line)` for every line that is not code."""
        for index, line in enumerate(self.lines):
            if not self.code_mask[index]:
                yield index, line

    @cached_property
    def inline_lines(self) -> frozenset[int]:
        """The lines of the blocks holding inline content (paragraphs, headings, table cells), from the block
        tokens alone: the inline parse is not asked."""
        return self._lines_of("inline")

    @cached_property
    def html_block_lines(self) -> frozenset[int]:
        """The lines of CommonMark's HTML blocks (comments included)."""
        return self._lines_of("html_block")

    def _lines_of(self, token_type: str) -> frozenset[int]:
        return frozenset(
            index
            for token in self.tokens
            if token.type == token_type and token.map
            for index in range(*token.map)
        )

    @cached_property
    def tag_lines(self) -> tuple[tuple[int, TagLine], ...]:
        """Every line outside code holding exactly one tag, with its index."""
        found = []
        for index, line in self.outside_code():
            if "<" in line and (tag := parse_tag_line(line)) is not None:
                found.append((index, tag))
        return tuple(found)

    @cached_property
    def list_item_tags(self) -> tuple[tuple[int, TagLine], ...]:
        """Every line opening a list item whose content is exactly one tag (`- <Tip>`), read as if its
        marker were blanks (the tag's `indent` is the marker's width). doc-builder renders a component
        wherever its tag stands (mdsvex hands the item's HTML to Svelte), first in a list item too."""
        found = []
        for index, marker_end in self.list_item_markers:
            line = self.lines[index]
            if "<" in line and (tag := parse_tag_line(" " * marker_end + line[marker_end:])):
                found.append((index, tag))
        return tuple(found)

    @cached_property
    def list_item_markers(self) -> tuple[tuple[int, int], ...]:
        """`(index, end)` for every line opening a list item: where its marker and the blanks after it end
        (`- ` -> 2, `  10. ` -> 6)."""
        starts = sorted(
            {token.map[0] for token in self.tokens if token.type == "list_item_open" and token.map}
        )
        found = []
        for index in starts:
            marker = _LIST_MARKER.match(self.lines[index]) if index < len(self.lines) else None
            if marker is not None:
                found.append((index, marker.end()))
        return tuple(found)

    @cached_property
    def comments(self) -> tuple[Comment, ...]:
        return tuple(
            Comment(token.map[0], token.map[1] - 1, token.content)
            for token in self.tokens
            if token.type == "html_block" and token.map and token.content.lstrip().startswith("<!--")
        )

    def inline_tokens(self) -> Iterator[InlineToken]:
        """Every inline child token with the line it is on, counted through soft and hard breaks."""
        for token in self._parse.tokens_with_inline:
            if token.type != "inline" or not token.map or not token.children:
                continue
            index = token.map[0]
            for child in token.children:
                yield InlineToken(index, child)
                if child.type in ("softbreak", "hardbreak"):
                    index += 1
                elif child.type in ("text", "html_inline"):
                    index += child.content.count("\n")

    def blocks(self, kind: str) -> Iterator[tuple[int, Token]]:
        """Block tokens of one type (`table_open`, `bullet_list_open`...) with their first line's index."""
        for token in self.tokens:
            if token.type == kind and token.map:
                yield token.map[0], token


# The line ends editors, Python-Markdown and markdown-it-py count: `\n`, `\r\n` and a lone `\r`. Not
# `str.splitlines`' others (U+2028, U+0085, vertical tab, form feed, U+001C-U+001E): a line holding one
# of those is one line for them, and splitting there would shift every later position by one.
_LINE_END = re.compile(r"\r\n?|\n")


def split_lines(text: str) -> tuple[str, ...]:
    """The text's lines as editors number them (0-based here); a final line end ends a line, opens none."""
    lines = _LINE_END.split(text)
    return tuple(lines[:-1] if lines[-1] == "" else lines)


class _BlockParse:
    """One markdown-it parse of a text: its block tokens, then, when a reader asks, their inline children.
    Texts that differ only in their trailing blank lines share it where it is theirs too (`_block_parse`)."""

    def __init__(self, text: str) -> None:
        blocks, _ = _parsers()
        self.state = StateCore(text, blocks, {})
        blocks.core.process(self.state)
        self.tokens = tuple(self.state.tokens)
        self.lines, self.ends_with_line_end = _line_count(text)

    @cached_property
    def tokens_with_inline(self) -> tuple[Token, ...]:
        """The rest of CommonMark's core chain run on the block tokens, in place: the very tokens one
        whole parse makes. Converting a page asks only where its blocks are (a third of a whole parse's
        cost); the linter reads its links."""
        _, inline = _parsers()
        # A run past its budget is read as plain text, as the site shows it (`inline_budget.py`).
        refused = [t for t in self.tokens if t.type == "inline" and inline_cost_problem(t.content)]
        contents = [token.content for token in refused]
        for token in refused:
            token.content = ""
        self.state.md = inline  # its rules read their options from the state's parser
        inline.core.process(self.state)
        for token, content in zip(refused, contents, strict=True):
            token.content = content
            token.children = [Token("text", "", 0, content=content)]
        return self.tokens

    def serves(self, lines: int, ends_with_line_end: bool) -> bool:
        """Whether this parse is also that of its text with blank lines added or taken at its end so that
        it has `lines` lines (`trailing_lines.py`)."""
        if (lines, ends_with_line_end) == (self.lines, self.ends_with_line_end):
            return True  # the same text, as markdown-it reads it (`\r\n` is `\n`)
        if (lines, ends_with_line_end) > (self.lines, self.ends_with_line_end):
            return same_with_more_blank_lines(self.tokens, self.lines, self.ends_with_line_end)
        return same_with_fewer_blank_lines(self.tokens, lines, ends_with_line_end)


def _block_parse(text: str) -> _BlockParse:
    """The parse of `text` (as `_blank_component_tags` left it): a page and its text as Python-Markdown's
    normaliser hands it on (`"\\n\\n"` added: what the build's steps and lint's `constructs` rule read) are
    parsed once where their tokens agree."""
    if text[text.rfind("\n") + 1 :].isspace():
        # A last line of blanks is no line to markdown-it where no line end ends it (`StateBlock`).
        return _BlockParse(text)
    parses = _parses_of_body(text.rstrip("\n"))
    lines, ends_with_line_end = _line_count(text)
    parse = next((parse for parse in parses if parse.serves(lines, ends_with_line_end)), None)
    if parse is None:
        parse = _BlockParse(text)
        parses.append(parse)
    return parse


def _line_count(text: str) -> tuple[int, bool]:
    """How many lines markdown-it reads in the text (`\\n` ends them), and whether the last one ends."""
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1), text.endswith("\n")


@lru_cache(maxsize=64)
def _parses_of_body(body: str) -> list[_BlockParse]:
    """The parses made of texts that are `body` and blank lines (as many as `parse_page` keeps)."""
    return []


@lru_cache(maxsize=64)
def parse_page(text: str) -> ParsedPage:
    """The page parsed once; a build asks for the same page from several places (badges, notebook, lint)."""
    return ParsedPage(text)


def _fence(token: Token, lines: tuple[str, ...]) -> Fence:
    assert token.map is not None
    start, end = token.map
    last = min(end, len(lines)) - 1
    closing = lines[last] if start < last else ""
    marker = token.markup
    closed = start < last and _closes(closing, marker)
    return Fence(start, last if closed else None, last, token.info.strip(), token.content, marker)


def _closes(line: str, marker: str) -> bool:
    """Whether the line closes the fence, once its container's blanks and quote markers are set aside."""
    return closes_fence(line.strip().lstrip(">").strip(), marker)


def _blank_component_tags(text: str) -> str:
    """Blank lines holding only a doc-builder component tag (`<hfoption id="a">`, `<pt>`, `<Tip>`) or
    opening a direction block (`<div dir="rtl">`, `dialect/direction_blocks.py`).

    In CommonMark such a line opens an HTML block that runs to the next blank line and would swallow a
    fence written right below it; the site renders those fences as code, so the parser must see them too.
    Blanking keeps every line number. Inside an HTML block a standard block tag opened (`<div>` up to the
    next blank line), a line holding alone a tag the dialect does not claim (`tag_names.claimed_by_dialect`)
    is that block's HTML, as CommonMark and doc-builder read it: an element's (`</a>` ending one of the cards
    of a Hugging Face index page: blanked, it ended the block, and the next card, indented, read as code on
    smolagents' index page), or text in angle brackets (`<repo_id>`, `<foo>`), which is HTML there and
    dropped (`constructs/dropped_tags.py`). Outside one, such a line is blanked all the same: a tag that is
    text is shown as text (`constructs/prose_tags.py`), and it swallows no fence below it. A name CommonMark
    reads as no tag (`<repo_id>`: a `_` in it) makes no tag line: the line is text, to CommonMark and here.
    """
    out = []
    fence: FenceOpening | None = None
    in_html_block = False
    # Lines as the parser counts them, so that a blanked tag never moves a line (`split_lines`).
    for raw in _LINE_END.split(text):
        if fence is not None:
            if fence.closed_by(raw):
                fence = None
            out.append(raw)
            continue
        fence = fence_opening(raw)
        if fence is not None:
            in_html_block = False
            out.append(raw)
            continue
        if not raw.strip():
            in_html_block = False
        tag = _LONE_TAG.match(raw)
        name = tag.group("name") if tag else ""
        if tag and not _COMMONMARK_NAME.fullmatch(name) and not claimed_by_dialect(name):
            tag = None  # a line of text to CommonMark (`<repo_id>`), and to the parse
        if tag and in_html_block and not claimed_by_dialect(name) and not _opens_direction(raw):
            out.append(raw)
        elif tag and (name.lower() not in _STANDARD_BLOCK_TAGS or _opens_direction(raw)):
            out.append("")
        else:
            opens = _OPENS_HTML_BLOCK.match(raw)
            in_html_block = in_html_block or bool(
                opens and opens.group("name").lower() in _STANDARD_BLOCK_TAGS
            )
            out.append(raw)
    return "\n".join(out)


def _opens_direction(line: str) -> bool:
    return "dir" in line and opens_direction_block(parse_tag_line(line))


@lru_cache(maxsize=1)
def _parsers() -> tuple[MarkdownIt, MarkdownIt]:
    """CommonMark with tables, its core chain cut in two: the block structure (`normalize`, `block`),
    then the inline content (`inline`, `text_join`) for the readers that ask for it."""
    # CommonMark's preset stops reading blocks at 20 levels (nine nested lists) and drops the rest unseen;
    # the page's bounds (`page_bounds.py`) refuse nesting past 32 containers, which must be seen to be
    # refused. Inline, 20 stays: each `[` costs markdown-it a scan per level (100 made it five times slower).
    blocks = MarkdownIt("commonmark", {"maxNesting": 100}).enable("table").disable(["inline", "text_join"])
    inline = MarkdownIt("commonmark").enable("table").disable(["normalize", "block"])
    return blocks, inline
