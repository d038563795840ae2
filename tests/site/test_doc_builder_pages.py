"""doc-builder's own documentation pages, built as a tree: every construct its README teaches renders, and
nothing a reader would see as source is left (issue 37, "Done when").

The pages are read from a checkout of github.com/huggingface/doc-builder, never copied into this repository:
`$POLYDOCS_DOC_BUILDER_REPO`, else `../shared/doc-builder` beside this repository. Its README.md becomes
the tree's index page and docs/*.md its docs/ pages (where the README's relative links point); the test
skips when neither location holds a checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DEFAULT_CHECKOUT = REPO.parent / "shared" / "doc-builder"
# Findings each a genuine defect of doc-builder's pages, by (page, line, code): none at its 2026-08-07 HEAD.
KNOWN_DEFECTS: set[tuple[str, int, str]] = set()


def _checkout() -> Path:
    checkout = Path(os.environ.get("POLYDOCS_DOC_BUILDER_REPO", DEFAULT_CHECKOUT))
    if not (checkout / "README.md").is_file() or not (checkout / "docs").is_dir():
        pytest.skip("no doc-builder checkout ($POLYDOCS_DOC_BUILDER_REPO or ../shared/doc-builder)")
    return checkout


def _tree(checkout: Path, root: Path) -> Path:
    """`en/index.md` from README.md, `en/docs/<page>.md` from docs/, and a _toctree.yml naming them."""
    english = root / "en"
    (english / "docs").mkdir(parents=True)
    shutil.copyfile(checkout / "README.md", english / "index.md")
    toc = ["- local: index\n  title: doc-builder\n"]
    for page in sorted((checkout / "docs").glob("*.md")):
        shutil.copyfile(page, english / "docs" / page.name)
        toc.append(f"- local: docs/{page.stem}\n  title: {page.stem}\n")
    (english / "_toctree.yml").write_text("".join(toc), encoding="utf-8")
    return root


def test_doc_builders_own_pages_build_with_nothing_shown_as_source(tmp_path: Path) -> None:
    source = _tree(_checkout(), tmp_path / "docs")
    report = tmp_path / "report.json"
    args = ["build", "--source", str(source), "--out", str(tmp_path / "site"), "--report-json", str(report)]
    result = subprocess.run(
        [sys.executable, "-m", "polydocs", *args, "--jobs", "1"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    diagnostics = json.loads(report.read_text(encoding="utf-8"))["diagnostics"]
    found = {
        (Path(d["path"]).resolve().relative_to(source.resolve()).as_posix(), int(d["line"]), d["code"])
        for d in diagnostics
    }
    assert found == KNOWN_DEFECTS, [d["message"] for d in diagnostics]
    index = (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert "polydocs-flag-wrap-code-blocks" not in index  # the README shows the flags in code only
