"""Content the site adds to a page's Markdown before conversion: benchmark results, evidence badges."""

from __future__ import annotations

import re
from pathlib import Path

from polydocs.bench.render import expand_benchmark_blocks
from polydocs.dialect import parse_page
from polydocs.snippets.evidence import BadgedPage, Evidence, annotate_code_blocks
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


def insert_badges(markdown_text: str, page: str, evidence: Evidence, lang: Language) -> BadgedPage:
    """A verification badge after each closed Python block, inside the block's container (`page` like
    `es/perf_torch_compile.md`); the markup keeps it a block there (`markup.page_parse`)."""
    return annotate_code_blocks(markdown_text, page, evidence, lang)


def line_map(badged: BadgedPage, line_offset: int) -> tuple[int, ...]:
    """For each line of the badged text, the source line it comes from (a badge: its block's last line);
    empty when every line is where the page has it (benchmark tables replace their placeholder line for
    line)."""
    return tuple(line + line_offset for line in badged.source_lines)
