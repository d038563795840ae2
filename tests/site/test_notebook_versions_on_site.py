"""One torch version story on docs_src's site (issue 41: code badges said "torch 2.11.0" while the page's
notebook installed torch==2.13.0): each page's notebook installs the torch its badges, and the benchmark
results it shows, say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from polydocs.notebooks.requirements import CHECKED_VERSIONS
from polydocs.snippets.evidence import BlockEvidence, Evidence, load_evidence

REPO = Path(__file__).resolve().parents[2]
_BADGE_TORCH = re.compile(r'class="polydocs-evidence[^"]*"[^>]*>[^<]*? · torch (?P<version>[^ <·]+)')
_MEASURED_TORCH = re.compile(r"(?:PyTorch) (?P<version>\d+\.\d+\.\d+)")


def _install_line(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "".join(cells[0]["source"])


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_each_notebook_installs_the_torch_its_pages_badges_and_measurements_name(
    built_docs_src: Path, lang: str
) -> None:
    checked = []
    for notebook in sorted((built_docs_src / lang).glob("*/*.ipynb")):
        page = (notebook.parent / "index.html").read_text(encoding="utf-8")
        named = {match["version"] for match in _BADGE_TORCH.finditer(page)}
        if "polydocs-benchmarks" in page:
            named |= {match["version"] for match in _MEASURED_TORCH.finditer(page)}
        pinned = re.search(r"\btorch==(\S+)", _install_line(notebook))
        if not named or pinned is None:
            continue
        assert named == {pinned[1]}, (
            f"{lang}/{notebook.parent.name}: page says torch {named}, notebook {pinned[0]}"
        )
        checked.append(notebook.parent.name)
    assert checked == ["graph_breaks", "perf_torch_compile", "torch_compile"]


def test_the_pins_are_those_of_the_run_the_badges_name_and_none_where_runs_disagree() -> None:
    evidence = load_evidence(REPO / "docs_src")
    assert evidence.page_versions("en/perf_torch_compile.md") == {"torch": "2.11.0", "transformers": "5.17.0"}
    assert evidence.page_versions("en/index.md") == {}  # no Python block: the checked versions stay
    assert CHECKED_VERSIONS["torch"] != "2.11.0"
    runs = Evidence(
        {
            ("en/page.md", "a"): BlockEvidence("passed", "NVIDIA H200", "2.11.0", "2026-12-01"),
            ("en/page.md", "b"): BlockEvidence("failed", "NVIDIA H100", "2.12.0", "2026-12-02"),
            ("en/other.md", "c"): BlockEvidence("blocked", "NVIDIA H100", "2.12.0", "2026-12-02"),
        }
    )
    assert runs.page_versions("en/page.md") == {}
    assert runs.page_versions("en/other.md") == {}  # a blocked badge names no torch
