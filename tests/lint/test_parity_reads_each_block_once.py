"""Code parity compares each translation's blocks with its English page's: the English blocks are read
(Python's tokenizer, to leave comments out) once per run, not once per translation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from polydocs.lint.installed import InstalledFacts
from polydocs.lint.rules import parity
from polydocs.lint.runner import lint_paths

COURSE = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "course-docs"
# A chapter of the course translated into several languages, each compared with the English page.
LANGUAGES = ("de", "es", "fr", "ko", "ru")


def test_each_code_block_is_tokenized_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = [COURSE / lang / "chapter3" / "2.mdx" for lang in LANGUAGES]
    if not all(page.is_file() for page in pages):
        pytest.skip(f"the corpus pages {pages} (../shared/corpus) are absent")
    parity._normalized.cache_clear()
    tokenized: Counter[str] = Counter()
    strip = parity._strip_python_comments

    def counted(code: str) -> str | None:
        tokenized[code] += 1
        return strip(code)

    monkeypatch.setattr(parity, "_strip_python_comments", counted)
    report = lint_paths(pages, facts=InstalledFacts(store=None), rules=["code-parity"])
    assert report.pages == len(LANGUAGES) and tokenized
    assert [code for code, times in tokenized.items() if times > 1] == []
