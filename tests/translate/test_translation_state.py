"""Translation state that cannot lie: `status --mark` refuses what it cannot record truly, and the status
page is for translators, not for readers' searches."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from polydocs.cli import main

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def source(tmp_path: Path) -> Path:
    copy = tmp_path / "docs_src"
    shutil.copytree(REPO / "docs_src", copy)
    (copy / "es" / "graph_breaks.md").unlink(missing_ok=True)
    return copy


def _lock(source: Path) -> str:
    return (source / "translations.lock.yml").read_text(encoding="utf-8")


@pytest.mark.parametrize("argument", ["nonsense", "xx/index.md", "en/index.md", "es/no_such_page.md"])
def test_marking_what_is_no_translation_is_refused_and_changes_nothing(
    source: Path, argument: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _lock(source)
    assert main(["status", "--source", str(source), "--mark", argument]) == 1
    out = capsys.readouterr()
    assert "freshness-mark" in out.out + out.err
    assert "recorded" not in out.out + out.err
    assert _lock(source) == before


def test_a_page_still_holding_english_blocks_is_not_marked_and_the_first_marker_is_named(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["translate", "es", "graph_breaks", "--source", str(source)]) == 0
    page = source / "es" / "graph_breaks.md"
    first = next(
        n for n, line in enumerate(page.read_text().split("\n"), 1) if line.startswith("<!-- translate:")
    )
    before = _lock(source)
    for argument in ("es/graph_breaks.md", "es"):
        capsys.readouterr()
        assert main(["status", "--source", str(source), "--mark", argument]) == 1
        out = capsys.readouterr()
        assert f"graph_breaks.md:{first}: freshness-mark still holds" in out.out + out.err
        assert _lock(source) == before
    # Translated (every marker gone), the page is marked.
    page.write_text(
        "\n".join(line for line in page.read_text().split("\n") if not line.startswith("<!-- translate:"))
    )
    assert main(["status", "--source", str(source), "--mark", "es/graph_breaks.md"]) == 0
    assert "graph_breaks" in _lock(source) and "in-progress" not in _lock(source)


def test_starting_a_translation_in_progress_again_says_it_is_in_progress(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["translate", "es", "graph_breaks", "--source", str(source)]) == 0
    capsys.readouterr()
    assert main(["translate", "es", "graph_breaks", "--source", str(source)]) == 1
    out = capsys.readouterr()
    assert "already started and in progress" in out.out + out.err
    assert "already translated" not in out.out + out.err


def test_the_status_page_is_published_but_not_in_search(source: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert main(["build", "--source", str(source), "--out", str(site)]) == 0
    for lang in ("en", "es", "pt"):
        assert (site / lang / "status" / "index.html").exists()
        index = json.loads((site / lang / "search" / "search_index.json").read_text())
        assert [d["location"] for d in index["docs"] if d["location"].startswith("status/")] == []
        assert any(d["location"].startswith("perf_torch_compile/") for d in index["docs"])
