"""`polydocs build` and `polydocs lint` report the same construct problems: same file, line and code.

Both run the dialect's one validation (`polydocs.dialect`); these tests run the real commands, as users
do, on a tree holding a problem of every construct, and on the real-world corpus where it is present.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.dialect import CONSTRUCT_CODES

Location = tuple[str, int, str]

PROBLEMS = {
    "en/_toctree.yml": """
        - title: Guide
          sections:
          - local: index
            title: Home
          - local: embeds
            title: Embeds
        """,
    "en/index.md": """
        # Home

        > [!BOGUS]
        > An unknown callout kind.

        <Tip>

        A tip that is never closed.

        <hfoptions id="x">
        <hfoption>

        An option without an id.

        </hfoption>
        </hfoptions>

        See [the missing page](./nowhere) and [`NoSuchObjectAnywhere`].

        ```py
        print("a fence never closed")
        """,
    "en/embeds.md": """
        # Embeds

        <iframe src="https://evil.example/x" title="x"></iframe>

        <iframe src="https://huggingface.co/spaces/a/b"></iframe>

        <Youtube id="?"/>

        <SomeComponent />

        <Gallery columns={2}>

        **Shown** as Markdown.

        </Gallery>

        A formula never closed: \\\\( a_1 + a_2
        """,
}


def _polydocs(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    return subprocess.run(
        [sys.executable, "-m", "polydocs", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def _build_locations(source: Path, out: Path, *extra: str) -> set[Location]:
    """Every construct diagnostic of a real build, from its JSON report (the terminal counts them by code
    once there are many)."""
    report = out.parent / f"{out.name}-report.json"
    args = ["build", "--source", str(source), "--out", str(out), "--report-json", str(report), *extra]
    result = _polydocs(*args, cwd=source.parent)
    assert result.returncode == 0, result.stderr[-3000:]
    diagnostics = json.loads(report.read_text(encoding="utf-8"))["diagnostics"]
    found = {(d["path"], int(d["line"]), d["code"]) for d in diagnostics}
    return {_relative(location, source) for location in found if location[2] in CONSTRUCT_CODES}


def _lint_locations(target: Path, source: Path) -> set[Location]:
    result = _polydocs("lint", str(target), "--rule", "constructs", "--format", "json", cwd=source.parent)
    assert result.returncode in (0, 1), result.stderr[-3000:]
    findings = json.loads(result.stdout)
    return {_relative((f["path"], f["line"], f["code"]), source) for f in findings}


def _relative(location: Location, source: Path) -> Location:
    path = Path(location[0])
    absolute = path if path.is_absolute() else (source.parent / path)
    return (absolute.resolve().relative_to(source.resolve()).as_posix(), location[1], location[2])


def test_build_and_lint_report_every_construct_problem_alike(write_tree, tmp_path: Path) -> None:
    source = write_tree(PROBLEMS)
    built = _build_locations(source, tmp_path / "site")
    linted = _lint_locations(source, source)
    assert built == linted
    # Every construct the tree exercises has its problem found, not just "both found nothing".
    codes = {code for _, _, code in linted}
    assert "fence-unclosed" in codes
    assert len(codes) >= 2
    # Unknown components, self-closing and paired, at their opening tags' lines.
    unknown = sorted(line for path, line, code in linted if code == "component-unknown")
    assert unknown == [9, 11], linted


@pytest.mark.parametrize("tree", ["transformers-docs", "course-docs"])
def test_build_and_lint_agree_on_the_corpus(corpus: Path, tmp_path: Path, tree: str) -> None:
    source = (corpus.parent / tree).resolve()
    built = _build_locations(source, tmp_path / "site", "--lang", "en")
    linted = _lint_locations(source / "en", source)
    assert built == linted
    assert linted, "the corpus has construct problems; finding none means the check did not run"


def test_build_and_lint_read_a_tab_as_the_build_reads_it(tmp_path: Path) -> None:
    # text-generation-inference's streaming.md: an embed indented by a tab inside a <div>. The build's steps
    # read the page after Python-Markdown has expanded its tabs; lint read the tab, and called the embed
    # one inside a line of text (iframe-inline) where the build reports its host (iframe-host).
    source = tmp_path / "docs"
    (source / "en").mkdir(parents=True)
    (source / "en" / "_toctree.yml").write_text("- local: index\n  title: Home\n", encoding="utf-8")
    page = '# Home\n\n<div class="block">\n\t<iframe\n        src="https://tracker.example/x"\n'
    page += "    ></iframe>\n</div>\n"
    (source / "en" / "index.md").write_text(page, encoding="utf-8")
    built = _build_locations(source, tmp_path / "site")
    linted = _lint_locations(source, source)
    assert built == linted == {("en/index.md", 4, "iframe-host")}
