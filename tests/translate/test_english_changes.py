"""`polydocs translate --changes LANG PAGE`: the English blocks changed since the lock's revision."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from polydocs.cli import main
from polydocs.dialect import load_source_tree
from polydocs.dialect.constructs.translation_markers import is_marker
from polydocs.sources.freshness import LOCK_NAME
from polydocs.translate import english_changes

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def source(tmp_path: Path) -> Path:
    copy = tmp_path / "docs_src"
    shutil.copytree(REPO / "docs_src", copy)
    (copy / "pt" / "graph_breaks.md").unlink(missing_ok=True)
    assert main(["translate", "pt", "graph_breaks", "--source", str(copy)]) == 0
    return copy


def _edit_english(source: Path, old: str, new: str) -> None:
    page = source / "en" / "graph_breaks.md"
    text = page.read_text(encoding="utf-8")
    assert old in text
    page.write_text(text.replace(old, new, 1), encoding="utf-8")


def _changes(source: Path) -> list[tuple[str, str, int | None]]:
    found = english_changes(load_source_tree(source), "pt", "graph_breaks")
    return [(c.how, c.what, c.block.line if c.block else None) for c in found.changes]


def test_nothing_changed_right_after_starting(source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _changes(source) == []
    capsys.readouterr()
    assert main(["translate", "--changes", "pt", "graph_breaks", "--source", str(source)]) == 0
    assert "has not changed" in capsys.readouterr().out


def test_prose_code_and_links_changes_are_told_apart_block_by_block(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit_english(source, "This guide shows how to find both.", "This guide shows how to find and fix both.")
    _edit_english(source, 'print("mean activation:"', 'print("mean:"')
    _edit_english(source, "](./torch_compile)", "](./torch_compile#trainer)")
    _edit_english(source, "## Next steps\n", "## Next steps\n\nA new paragraph.\n")
    _edit_english(source, "## Find recompilations\n\n", "")
    english = (source / "en" / "graph_breaks.md").read_text(encoding="utf-8").split("\n")
    line_of = {text: english.index(text) + 1 for text in ("A new paragraph.", "## Next steps")}
    changes = _changes(source)
    assert ("changed", "prose", 23) in changes
    assert ("changed", "code", 29) in changes
    assert ("added", "prose", line_of["A new paragraph."]) in changes
    assert ("changed", "links", line_of["A new paragraph."] + 2) in changes
    assert ("removed", "prose", None) in changes
    assert len(changes) == 5

    capsys.readouterr()
    main(["translate", "--changes", "pt", "graph_breaks", "--source", str(source), "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert report["code_only"] is False and len(report["changes"]) == 5


def test_a_change_of_code_alone_is_flagged_as_needing_no_translation(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit_english(source, 'print("mean activation:"', 'print("mean:"')
    capsys.readouterr()
    assert main(["translate", "--changes", "pt", "graph_breaks", "--source", str(source)]) == 0
    out = capsys.readouterr().out
    assert "en/graph_breaks.md:29-44  code changed (code only" in out
    assert "only code changed" in out


def test_marking_records_the_new_revision(source: Path) -> None:
    _edit_english(source, "This guide shows how to find both.", "This guide finds both.")
    assert _changes(source) == [("changed", "prose", 23)]
    translation = source / "pt" / "graph_breaks.md"  # translated: every marker deleted
    kept = [line for line in translation.read_text(encoding="utf-8").split("\n") if not is_marker(line)]
    translation.write_text("\n".join(kept), encoding="utf-8")
    assert main(["status", "--source", str(source), "--mark", "pt/graph_breaks.md"]) == 0
    assert _changes(source) == []
    lock = (source / LOCK_NAME).read_text(encoding="utf-8")
    assert "graph_breaks:\n    english: sha256:" in lock and "state: in-progress" not in lock


def test_a_lock_written_before_blocks_were_recorded_stays_readable(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lock = source / LOCK_NAME
    # The same revisions in the form locks had before blocks were recorded: `page: sha256:...`.
    entries = yaml.safe_load((REPO / "docs_src" / LOCK_NAME).read_text(encoding="utf-8"))
    old = {
        lang: {
            page: (entry["english"] if isinstance(entry, dict) else entry) for page, entry in pages.items()
        }
        for lang, pages in entries.items()
    }
    lock.write_text(yaml.safe_dump(old), encoding="utf-8")
    tree = load_source_tree(source)
    assert tree.freshness.state("pt", "torch_compile") == "current"
    assert english_changes(tree, "pt", "torch_compile").changes == []

    _edit_english(source, "This guide", "The guide")  # graph_breaks has no entry in the old lock
    assert main(["translate", "--changes", "pt", "graph_breaks", "--source", str(source)]) == 1
    assert "records no English revision" in capsys.readouterr().err

    torch_compile = source / "en" / "torch_compile.md"
    torch_compile.write_text(
        torch_compile.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8"
    )
    assert main(["translate", "--changes", "pt", "torch_compile", "--source", str(source)]) == 1
    err = capsys.readouterr().err
    assert "keeps only the page's hash" in err and "status --mark pt/torch_compile.md" in err

    assert main(["status", "--source", str(source), "--mark", "es/index.md"]) == 0
    rewritten = lock.read_text(encoding="utf-8")
    assert "  perf_torch_compile: sha256:" in rewritten  # entries never re-marked keep the old form
