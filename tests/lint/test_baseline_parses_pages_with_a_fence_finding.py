"""Writing a baseline reads a page's code blocks only where a finding may be at a block's fence: a page
whose findings are all at other lines is not parsed again (init's baseline of the course parsed all 1,045
pages with a finding), and a finding at a fence is fingerprinted with its block, wherever the fence is."""

from __future__ import annotations

from pathlib import Path

import pytest

import polydocs.dialect
from polydocs.diagnostics import Diagnostic
from polydocs.dialect.page import ParsedPage
from polydocs.lint.baseline import _LineReader, write_baseline

# Fences where a line-by-line guess could miss them: tildes, in a list item, in a quote, after CRLF and
# lone CR line ends, after a line holding U+2028 (one line for the parse, two for `str.splitlines`),
# never closed; and marker-like text that opens no fence (inline code, an indented block).
HOSTILE = (
    "# Page\r\n\r\nText with `` ``` `` inline.\r"
    "\n~~~python\nprint(1)\n~~~\n\n"
    "- item\n\n  ```py\n  x = 1\n  ```\n\n"
    "> ```py\n> y = 2\n> ```\n\n"
    "line with \u2028 a separator\n\n"
    "    ``` not a fence: indented code\n\n"
    "1. ```bash\n   ls\n   ```\n\n"
    "```py\nnever closed\n"
)


def _finding(path: Path, line: int, code: str = "links", message: str = "a problem") -> Diagnostic:
    return Diagnostic(str(path), line, code, message, "fix it", "error")


def test_a_page_whose_findings_are_off_its_fences_is_not_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = tmp_path / "guide.md"
    page.write_text("# Guide\n\nSee [gone](./missing).\n\n```py\nx=1\n```\n", encoding="utf-8")
    parsed: list[str] = []
    monkeypatch.setattr(polydocs.dialect, "parse_page", lambda text: parsed.append(text) or ParsedPage(text))
    write_baseline([_finding(page, 3), _finding(page, 1, message="another")], tmp_path / "baseline.jsonl")
    assert parsed == []
    write_baseline([_finding(page, 5, "code-style")], tmp_path / "baseline.jsonl")
    assert len(parsed) == 1


def test_the_block_at_each_line_is_the_one_the_parse_opens_there(tmp_path: Path) -> None:
    page = tmp_path / "hostile.md"
    page.write_bytes(HOSTILE.encode("utf-8"))
    text = page.read_text(encoding="utf-8", errors="replace")  # as the baseline reads it
    opened = {fence.line: fence.content for fence in ParsedPage(text).fences}
    assert len(opened) == 5  # the tildes, the list item's, the quote's, the numbered item's, the unclosed
    reader = _LineReader()
    lines = len(ParsedPage(text).lines)
    assert {n: reader.block(str(page), n) for n in range(0, lines + 2)} == {
        n: opened.get(n) for n in range(0, lines + 2)
    }


def test_two_findings_at_fences_of_different_blocks_have_different_fingerprints(tmp_path: Path) -> None:
    page = tmp_path / "hostile.md"
    page.write_bytes(HOSTILE.encode("utf-8"))
    fences = [fence.line for fence in ParsedPage(page.read_text(encoding="utf-8")).fences]
    baseline = tmp_path / "baseline.jsonl"
    write_baseline([_finding(page, line, "code-style", "not formatted") for line in fences], baseline)
    entries = baseline.read_text(encoding="utf-8").splitlines()
    assert len({entry.split('"fingerprint": ')[1][:25] for entry in entries}) == len(fences)
