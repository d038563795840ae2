"""Content the site adds to a page's Markdown before conversion: benchmark results, evidence badges."""

from __future__ import annotations

import re
from pathlib import Path

from polydocs.bench.render import benchmark_placeholders, missing_results, render_placeholder
from polydocs.diagnostics import Diagnostic
from polydocs.snippets.evidence import BadgedPage, Evidence, annotate_code_blocks
from polydocs.sources import Language

# The blanks around a line break, read once from where they start: `\s*\n` read a run of blanks without
# one from each of its characters to its end (quadratic).
_WHITESPACE_RUN = re.compile(r"(?<![^\S\n])[^\S\n]*+\n\s*+")


def expand_benchmarks(
    markdown_text: str, lang: Language, data_dir: Path, page_path: str, line_offset: int = 0
) -> tuple[str, list[Diagnostic]]:
    """Each benchmarks placeholder becomes the rendered results, as one raw-HTML line (so every later
    line stays where the page has it). A placeholder whose results are missing is left out of the page
    and reported at its page line (`line_offset`: the lines MkDocs removed before `markdown_text`, its
    front matter): the rest of the page, and the site, still build."""
    placeholders = benchmark_placeholders(markdown_text)
    if not placeholders:
        return markdown_text, []
    lines = markdown_text.split("\n")
    problems = []
    for index, name in placeholders:
        line = index + 1 + line_offset
        problem = missing_results(data_dir, name, page_path, line)
        if problem is not None:
            problems.append(problem)
            lines[index] = ""
            continue
        rendered = render_placeholder(name, lang, data_dir, page_path, line)
        lines[index] = _WHITESPACE_RUN.sub(" ", rendered.strip())
    return "\n".join(lines), problems


def insert_badges(markdown_text: str, page: str, evidence: Evidence, lang: Language) -> BadgedPage:
    """A verification badge after each closed Python block, inside the block's container (`page` like
    `es/perf_torch_compile.md`); the markup keeps it a block there (`markup.page_parse`)."""
    return annotate_code_blocks(markdown_text, page, evidence, lang)


def line_map(badged: BadgedPage, line_offset: int) -> tuple[int, ...]:
    """For each line of the badged text, the source line it comes from (a badge: its block's last line);
    empty when every line is where the page has it (benchmark tables replace their placeholder line for
    line)."""
    return tuple(line + line_offset for line in badged.source_lines)
