"""One page as the lint rules see it: its lines, its Markdown tokens, and which lines are prose."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from markdown_it.token import Token

from polydocs.dialect import InlineToken, ParsedPage, parse_page
from polydocs.snippets.regions import PageScan, Region, scan_page
from polydocs.sources.text import read_tree_text

_INLINE_CODE = re.compile(r"(`+)(.+?)\1")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


@dataclass
class LintDocument:
    """A page of one language; `local` is its name inside the language folder, without `.md`."""

    path: Path
    lang: str
    local: str
    text: str
    lines: list[str] = field(init=False)

    def __post_init__(self) -> None:
        self.lines = self.text.splitlines()

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
        for match in _HTML_COMMENT.finditer(self.text):
            first = self.text.count("\n", 0, match.start()) + 1
            last = self.text.count("\n", 0, match.end()) + 1
            numbers.update(range(first, last + 1))
        return frozenset(numbers)

    def prose_lines(self) -> Iterator[tuple[int, str]]:
        """Each line outside code and comments, with inline code spans blanked to spaces (columns kept)."""
        for number, line in enumerate(self.lines, start=1):
            if number not in self.code_lines:
                yield number, _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), line)

    @cached_property
    def prose_text(self) -> str:
        """The page with code and comments blanked (lines kept), so offsets still give line numbers."""
        prose = dict(self.prose_lines())
        return "\n".join(prose.get(number, "") for number in range(1, len(self.lines) + 1))

    def line_of(self, offset: int, text: str | None = None) -> int:
        """The 1-based line of a character offset into `text` (the page, or `prose_text`)."""
        return (self.text if text is None else text).count("\n", 0, offset) + 1

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
