"""A page as its top-level blocks, from the one parse: what a translator translates (prose) and what a
translation copies as it is (code, markup), each with a fingerprint that changes when the block does.

`polydocs translate` marks the prose blocks of a page it starts; the translation lock keeps the English
page's fingerprints, so `polydocs translate --changes` can say which blocks changed since, and how: their
prose, only their links, or only their code.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from typing import Literal

from polydocs.dialect.page import ParsedPage, parse_page
from polydocs.sources.front_matter import front_matter_lines

BlockKind = Literal["prose", "code", "markup"]
BLOCK_KINDS: tuple[BlockKind, ...] = ("prose", "code", "markup")

# Tokens a translation copies as they are: code, HTML (comments, directives, the license header), rules.
_VERBATIM: dict[str, BlockKind] = {
    "fence": "code",
    "code_block": "code",
    "html_block": "markup",
    "hr": "markup",
}
# A paragraph that is one doc-builder directive line (`[[autodoc]] transformers.Trainer`) is no prose.
_DIRECTIVE = re.compile(r"^\s*\[\[\w+\]\]")
_LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(?P<target>\S+)")
_HASH_DIGITS = 8


@dataclass(frozen=True)
class Block:
    """Lines `index`..`last` (0-based, inclusive) of a page: one top-level block and what it is."""

    index: int
    last: int
    kind: BlockKind
    text: str
    links: tuple[str, ...] = ()

    @property
    def line(self) -> int:
        return self.index + 1

    @property
    def fingerprint(self) -> str:
        """`kind:hash` of the block; prose adds `+hash` of its link targets, so that a change of links
        alone is told apart from a change of the words."""
        words = self.text
        for target in sorted(self.links, key=len, reverse=True):  # `./a#b` before `./a`
            words = words.replace(target, "")
        head = f"{self.kind}:{_short_hash(words)}"
        return head + f"+{_short_hash(' '.join(self.links))}" if self.links else head


def fingerprint_parts(fingerprint: str) -> tuple[str, str, str]:
    """`(kind, words hash, links hash)` of a fingerprint; the links hash is "" for a block without links."""
    kind, _, hashes = fingerprint.partition(":")
    words, _, links = hashes.partition("+")
    return kind, words, links


def block_fingerprints(text: str) -> tuple[str, ...]:
    """The fingerprints of the page's top-level blocks, in order: what the translation lock records of
    an English page when a translation of it is started or marked (`sources/freshness.py`)."""
    return tuple(block.fingerprint for block in page_blocks(text))


def page_blocks(text: str) -> list[Block]:
    """The page's top-level blocks in order, front matter left out (it is the page's, not a block)."""
    page = parse_page(text)
    first = front_matter_lines(text)
    blocks: list[Block] = []
    covered: set[int] = set(range(first))
    for token in page.tokens:
        if token.level != 0 or not token.map or token.nesting == -1 or token.map[0] < first:
            continue
        start, end = token.map
        end = min(end, len(page.lines))
        covered.update(range(start, end))
        body = "\n".join(page.lines[start:end])
        kind: BlockKind = _VERBATIM.get(token.type, "markup" if _DIRECTIVE.match(body) else "prose")
        links = _links(page, start, end) if kind == "prose" else ()
        blocks.append(Block(start, end - 1, kind, body, links))
    blocks += _uncovered_lines(page, covered)
    return sorted(blocks, key=lambda block: block.index)


def _uncovered_lines(page: ParsedPage, covered: set[int]) -> list[Block]:
    """Lines no token holds: component tags (`<hfoption id="a">`, blanked for the parse) and link
    reference definitions (`[id]: ./page`), one block each."""
    found = []
    for index, line in enumerate(page.lines):
        if index in covered or not line.strip():
            continue
        definition = _LINK_DEFINITION.match(line)
        links = (definition.group("target"),) if definition else ()
        found.append(Block(index, index, "prose" if links else "markup", line, links))
    return found


def _links(page: ParsedPage, start: int, end: int) -> tuple[str, ...]:
    targets = []
    for inline in page.inline_tokens():
        if start <= inline.index < end and inline.token.type in ("link_open", "image"):
            target = inline.token.attrGet("href") or inline.token.attrGet("src")
            if isinstance(target, str) and target:
                targets.append(target)
    return tuple(targets)


def _short_hash(text: str) -> str:
    normalised = "\n".join(line.rstrip() for line in text.split("\n")).strip()
    return hashlib.sha256(normalised.encode("utf-8")).hexdigest()[:_HASH_DIGITS]
