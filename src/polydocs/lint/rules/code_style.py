"""Python blocks formatted as `doc-builder style` formats them (black, 119 columns); `--fix` rewrites them.

The formatting itself is hf-doc-builder's, reached through `polydocs.notebooks.doc_builder_adapter`; this rule
only finds the blocks (the snippet checker's regions), compares, and writes fixes back.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.dialect import Fence
from polydocs.dialect.constructs.fences import container_prefix
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.lint.targets import collect_targets
from polydocs.notebooks.doc_builder_adapter import STYLE_LINE_LENGTH, style_python_block
from polydocs.sources.text import read_tree_bytes


@dataclass(frozen=True)
class BlockStyle:
    """One Python block of a page: the lines between its fences (0-based `first` to `end`, exclusive) as
    written, and as doc-builder would write them; `error` when black cannot parse the block."""

    fence_line: int
    first: int
    end: int
    written: list[str]
    styled: list[str]
    error: str

    @property
    def needs_fix(self) -> bool:
        return not self.error and self.styled != self.written

    @property
    def first_difference(self) -> int:
        """The 1-based page line where the written block first departs from its style."""
        matcher = difflib.SequenceMatcher(a=self.written, b=self.styled, autojunk=False)
        first = next((op[1] for op in matcher.get_opcodes() if op[0] != "equal"), 0)
        return self.first + 1 + first


def block_styles(document: LintDocument) -> Iterator[BlockStyle]:
    """Each closed, un-quoted Python block of the page and its doc-builder style."""
    lines = document.text.split("\n")
    fences = {fence.line: fence for fence in document.parsed.fences}
    for region in document.regions:
        first, end = region.start_line, region.end_line - 1
        if not region.is_python or end < first or not _restylable(fences[region.start_line], lines):
            continue
        written = [line.removesuffix("\r") for line in lines[first:end]]
        result = style_python_block("\n".join(written))
        styled = result.code.split("\n") if result.code else []
        yield BlockStyle(region.start_line, first, end, written, styled, result.error)


def _restylable(fence: Fence, lines: list[str]) -> bool:
    """A block whose lines carry nothing but indentation before the code. A block inside a blockquote
    (`> ```py`) is left to the other checks, and so is one never closed: it runs to the end of its
    container, and the page's `fence-unclosed` already says to close it."""
    return fence.closed and not container_prefix(lines[fence.index], fence.marker).strip(" ")


def check(document: LintDocument, context: LintContext) -> Iterator[Diagnostic]:
    path = str(document.path)
    for block in block_styles(document):
        if block.error:
            reason = block.error.rsplit("Error message:\n", 1)[-1].strip().split("\n")[0]
            yield Diagnostic(
                path,
                block.fence_line,
                "code-style",
                f"black cannot parse this Python block ({reason})",
                "fix its syntax, or give the fence another language if it is not Python",
                "error",
            )
        elif block.needs_fix:
            yield Diagnostic(
                path,
                block.fence_line,
                "code-style",
                f"Python block is not formatted as `doc-builder style` formats it "
                f"(black, {STYLE_LINE_LENGTH} columns): line {block.first_difference} differs",
                "run `polydocs lint --fix` to rewrite it",
                "error",
            )


def restyled_text(document: LintDocument) -> str:
    """The page with every Python block that needs it rewritten; all other lines exactly as they were."""
    lines = document.text.split("\n")
    for block in sorted(block_styles(document), key=lambda b: b.first, reverse=True):
        if block.needs_fix:
            ending = "\r" if lines[block.fence_line - 1].endswith("\r") else ""
            lines[block.first : block.end] = [line + ending for line in block.styled]
    return "\n".join(lines)


def _write_atomically(path: Path, text: str) -> None:
    """Replace the file in one step, so that a reader or a crash never sees half a page."""
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.chmod(temporary, path.stat().st_mode & 0o7777)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def fix_code_style(paths: list[Path]) -> list[Path]:
    """Rewrite in place the Python blocks of the pages under `paths`; returns the pages changed."""
    changed = []
    for found in collect_targets(paths).documents:
        # Read without newline translation, so that a page with CRLF line endings keeps them.
        text = read_tree_bytes(found.path).decode("utf-8")
        document = LintDocument(found.path, found.lang, found.local, text)
        text = restyled_text(document)
        if text != document.text:
            _write_atomically(document.path, text)
            changed.append(document.path)
    return changed
