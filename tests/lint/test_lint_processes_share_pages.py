"""A tree linted by several processes hands each process a page together with its translations: a Python
block the translations repeat is formatted by black once in the run, not once in each process (chunks in
language order had both processes format most of the course's distinct blocks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from doc_builder import style_doc

from polydocs.lint import runner
from polydocs.lint.installed import InstalledFacts
from polydocs.notebooks.doc_builder_adapter import style_python_block

COURSE = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "course-docs"
# Four pages of the course in English and five translations (24 pages), whose Python blocks repeat the
# English page's; no block is on two of the four.
PAGES = [
    COURSE / lang / "chapter3" / f"{name}.mdx"
    for lang in ("de", "en", "es", "fr", "it", "ru")
    for name in ("2", "4", "5", "6")
]


def test_each_python_block_is_formatted_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not all(page.is_file() for page in PAGES):
        pytest.skip(f"the corpus pages {PAGES} (../shared/corpus) are absent")
    formatted = tmp_path / "formatted.txt"  # appended to by every process, forked ones included
    format_code_example = style_doc.format_code_example

    def recorded(code: str, max_len: int) -> tuple[str, str]:
        with formatted.open("a", encoding="utf-8") as log:
            log.write(code.encode("unicode_escape").decode("ascii") + "\n")
        return format_code_example(code, max_len)

    monkeypatch.setattr(style_doc, "format_code_example", recorded)
    # An empty cache: black's results are kept across runs, and an earlier test may have linted these pages.
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(runner, "PAGES_PER_PROCESS", 10)  # two processes for 24 pages, as for 200
    monkeypatch.setattr(runner, "_cpus", lambda: 2)
    style_python_block.cache_clear()
    report = runner.lint_paths(PAGES, facts=InstalledFacts(store=None), rules=["code-style"])
    style_python_block.cache_clear()  # nothing formatted by the recording function is kept
    assert report.pages == len(PAGES)
    blocks = formatted.read_text(encoding="utf-8").splitlines()
    assert blocks and len(blocks) == len(set(blocks))  # language order: 74 formatted, 44 distinct
