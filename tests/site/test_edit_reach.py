"""Which pages of which language an edit changes (`polydocs serve` renders those again), on docs_src."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from polydocs.dialect import load_source_tree
from polydocs.site.edit_reach import edit_reach
from polydocs.sources.tree_update import updated_source_tree

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    shutil.copytree(REPO / "docs_src", tmp_path / "docs")
    return tmp_path / "docs"


def _reach(root: Path, *edited: str, text: str = "\nMore words.\n") -> dict[str, list[str] | None]:
    """The reach of appending `text` to each file (created when absent), as serve computes it."""
    before = load_source_tree(root)
    before.freshness  # noqa: B018 - the states before the edit, as serve keeps them
    changed = [root / name for name in edited]
    for path in changed:
        path.write_text((path.read_text(encoding="utf-8") if path.exists() else "# New\n") + text, "utf-8")
    return edit_reach(before, updated_source_tree(before, changed), changed)


def test_a_translation_edit_reaches_that_page_alone(docs: Path) -> None:
    assert _reach(docs, "es/perf_torch_compile.md") == {"es": ["perf_torch_compile"]}


def test_an_english_page_no_language_translates_reaches_every_language_showing_it(docs: Path) -> None:
    expected = ["graph_breaks"]
    assert _reach(docs, "en/graph_breaks.md") == {"en": expected, "es": expected, "pt": expected}


def test_an_english_edit_reaches_the_translations_it_makes_outdated_and_every_status_page(docs: Path) -> None:
    # The lock records Spanish and Portuguese as translating this English page as it was.
    outdated = ["perf_torch_compile", "status"]
    assert _reach(docs, "en/perf_torch_compile.md") == {"en": outdated, "es": outdated, "pt": outdated}


def test_an_edit_no_reader_can_see_changes_no_state(docs: Path) -> None:
    # Trailing spaces are not part of a page's freshness hash: the translations stay current.
    assert _reach(docs, "en/perf_torch_compile.md", text="   ") == {"en": ["perf_torch_compile"]}


def test_an_added_page_builds_its_language_and_changes_every_status_page(docs: Path) -> None:
    assert _reach(docs, "es/nueva.md") == {"en": ["status"], "es": None, "pt": ["status"]}


@pytest.mark.parametrize("edited", ["en/_toctree.yml", "polydocs.yml", "_data/benchmarks/notes.txt"])
def test_a_file_every_language_reads_builds_every_language(docs: Path, edited: str) -> None:
    assert _reach(docs, edited, text="\n# edited\n") == {"en": None, "es": None, "pt": None}


def test_a_translation_toctree_builds_its_language_alone(docs: Path) -> None:
    assert _reach(docs, "es/_toctree.yml", text="") == {"es": None}


def test_an_editors_swap_file_reaches_no_page(docs: Path) -> None:
    assert _reach(docs, "es/.perf_torch_compile.md.swp") == {}
