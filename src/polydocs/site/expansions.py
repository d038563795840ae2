"""Content the site adds to a page's Markdown before conversion: benchmark results, evidence badges."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from polydocs.bench.render import expand_benchmark_blocks
from polydocs.dialect import parse_page
from polydocs.snippets.evidence import Evidence, annotate_code_blocks
from polydocs.sources import Language

_WHITESPACE_RUN = re.compile(r"\s*\n\s*")


def expand_benchmarks(markdown_text: str, lang: Language, data_dir: Path, page_path: str) -> str:
    """Each `<!-- polydocs: benchmarks -->` line outside code becomes the rendered results, as one raw-HTML
    line."""
    if "polydocs: benchmarks" not in markdown_text:
        return markdown_text
    lines = markdown_text.split("\n")
    page = parse_page(markdown_text)
    for index, line in enumerate(lines):
        if line.strip().startswith("<!-- polydocs: benchmarks") and not page.is_code(index):
            rendered = expand_benchmark_blocks(line + "\n", lang, data_dir, page_path)
            lines[index] = _WHITESPACE_RUN.sub(" ", rendered.strip())
    return "\n".join(lines)


def insert_badges(markdown_text: str, page: str, evidence: Evidence, lang: Language) -> str:
    """A verification badge after each closed Python block, inside the block's container (`page` like
    `es/perf_torch_compile.md`); the markup keeps it a block there (`markup.page_parse`)."""
    return annotate_code_blocks(markdown_text, page, evidence, lang)


def line_map(original: str, expanded: str, line_offset: int) -> tuple[int, ...]:
    """For each line of `expanded`, the source line it comes from (added lines: the line before them)."""
    if original == expanded:
        return ()
    old, new = original.split("\n"), expanded.split("\n")
    mapping: list[int] = []
    for tag, old_start, old_end, new_start, new_end in difflib.SequenceMatcher(
        None, old, new, autojunk=False
    ).get_opcodes():
        if tag == "equal":
            mapping += range(old_start + 1, old_end + 1)
        else:
            anchor = old_start + 1 if old_end > old_start else max(old_start, 1)
            mapping += [anchor] * (new_end - new_start)
    return tuple(line + line_offset for line in mapping)
