"""One page as the lint rules see it: its lines, its Markdown tokens, and which lines are prose."""

from __future__ import annotations

import bisect
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from markdown_it.token import Token

from polydocs.dialect import InlineToken, ParsedPage, parse_page
from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.page import split_lines
from polydocs.dialect.page_bounds import page_refusal
from polydocs.lint.references import Reference, page_references
from polydocs.snippets.regions import PageScan, Region, scan_page
from polydocs.sources.text import read_tree_text


def _html_comments(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each `<!-- ... -->`; one never closed ends the search (a pattern read from every
    later `<!--` to the end: quadratic)."""
    start = text.find("<!--")
    while start >= 0:
        end = text.find("-->", start + 4)
        if end < 0:
            return
        yield start, end + 3
        start = text.find("<!--", end + 3)


@lru_cache(maxsize=4)
def _line_starts(text: str) -> list[int]:
    """The offset of each line's first character (strings cache their hash: a repeated lookup is cheap)."""
    starts, at = [0], text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


@dataclass
class LintDocument:
    """A page of one language; `local` is its name inside the language folder, without `.md`."""

    path: Path
    lang: str
    local: str
    text: str
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.lines = list(split_lines(self.text))  # as the one parse and editors count them

    @classmethod
    def read(cls, path: Path, lang: str, local: str) -> LintDocument:
        return cls(path, lang, local, read_tree_text(path))

    @cached_property
    def parsed(self) -> ParsedPage:
        """The page's one parse, the same the site renders from (`polydocs.dialect`)."""
        return parse_page(self.text)

    @property
    def tokens(self) -> tuple[Token, ...]:
        return self.parsed.tokens

    @cached_property
    def refused(self) -> bool:
        """Whether the page is past the bounds the site renders (`dialect/page_bounds.py`): it is then read
        no further than why."""
        return page_refusal(self.parsed) is not None

    @cached_property
    def references(self) -> list[Reference]:
        """The links and images the page writes, in page order (`references.py`)."""
        return list(page_references(self))

    def known_from_text(self, refused: bool, references: list[Reference] | None) -> None:
        """Take what was read of this very text before (`text_facts.py`) instead of parsing it again."""
        self.__dict__["refused"] = refused
        if references is not None:
            self.__dict__["references"] = references

    @cached_property
    def scan(self) -> PageScan:
        """The fenced code blocks and directive problems, found by the snippet checker's own parser."""
        return scan_page(self.path, self.text)

    @property
    def regions(self) -> list[Region]:
        return self.scan.regions

    @cached_property
    def code_lines(self) -> frozenset[int]:
        """1-based numbers of the lines inside code blocks (fences included) and HTML comments."""
        numbers = {index + 1 for index, code in enumerate(self.parsed.code_mask) if code}
        for start, end in _html_comments(self.text):
            numbers.update(range(self.line_of(start), self.line_of(end) + 1))
        return frozenset(numbers)

    def prose_lines(self) -> Iterator[tuple[int, str]]:
        """Each line outside code and comments, with inline code spans blanked to spaces (columns kept)."""
        for number, line in enumerate(self.lines, start=1):
            if number not in self.code_lines:
                yield number, blank_code_spans(line)

    @cached_property
    def prose_text(self) -> str:
        """The page with code and comments blanked (lines kept), so offsets still give line numbers."""
        prose = dict(self.prose_lines())
        return "\n".join(prose.get(number, "") for number in range(1, len(self.lines) + 1))

    def line_of(self, offset: int, text: str | None = None) -> int:
        """The 1-based line of a character offset into `text` (the page, or `prose_text`): found among the
        text's line starts, not counted from its top for every offset."""
        return bisect.bisect_right(_line_starts(self.text if text is None else text), offset)

    def inline_tokens(self) -> Iterator[InlineToken]:
        """Every inline child token with the line it is on, counted through soft and hard breaks."""
        return self.parsed.inline_tokens()

    def blocks(self, kind: str) -> Iterator[tuple[int, Token]]:
        """Block tokens of one type (`fence`, `table_open`, `bullet_list_open`...) with their first line."""
        for token in self.tokens:
            if token.type == kind and token.map:
                yield token.map[0] + 1, token

    @property
    def display_name(self) -> str:
        return f"{self.lang}/{self.local}.md"
