"""The build sees what the reader sees: source shown as text is a `source-visible` finding, at the line
that wrote it, in `polydocs build` and `polydocs lint` alike (real commands on a real tree)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PAGE = """# Home

<p align="center">See the [guide](https://huggingface.co/docs) first.</p>

An escaped one is meant as text: \\[guide\\](https://huggingface.co/docs).

<div class="columns">
<div>

### A heading inside two divs

- [a link](https://huggingface.co)

</div>
</div>

<details>
<summary>More</summary>

> [!WARNING]
> A callout inside `<details>`.

</details>
"""


def _tree(root: Path) -> Path:
    source = root / "source"
    source.mkdir()
    (source / "_toctree.yml").write_text("- title: Guide\n  sections:\n  - local: index\n    title: Home\n")
    (source / "index.md").write_text(PAGE, encoding="utf-8")
    return source


def _polydocs(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "polydocs", *args], capture_output=True, text=True, check=False
    )


def _found(diagnostics: list[dict[str, object]]) -> list[tuple[str, int]]:
    return sorted(
        (Path(str(d["path"])).name, int(str(d["line"]))) for d in diagnostics if d["code"] == "source-visible"
    )


def test_build_and_lint_report_the_same_shown_source_at_its_line(tmp_path: Path) -> None:
    source = _tree(tmp_path)
    report = tmp_path / "report.json"
    build = _polydocs(
        "build", "--source", str(source), "--out", str(tmp_path / "site"), "--report-json", str(report)
    )
    assert build.returncode == 0, build.stderr
    built = _found(json.loads(report.read_text())["diagnostics"])
    lint = _polydocs("lint", "--format", "json", str(source))
    linted = _found(json.loads(lint.stdout))
    # Only the link inside the one-line <p> shows as text; the escaped one is meant so, and the Markdown
    # between HTML blocks renders.
    assert built == linted == [("index.md", 3)]


def test_strict_fails_on_shown_source(tmp_path: Path) -> None:
    source = _tree(tmp_path)
    build = _polydocs("build", "--source", str(source), "--out", str(tmp_path / "site"), "--strict")
    assert build.returncode != 0
    assert "index.md:3: source-visible" in build.stderr + build.stdout


TWO_TABLES = """# Models

Pro:

| model_id | Description |
|----------|-------------|
| **pro-5s** | 5 second Pro model |

Lite:
| model_id | Description |
|----------|-------------|
| **lite-5s** | 5 second Lite model |
"""


def test_shown_source_written_twice_is_reported_where_the_shown_one_is(tmp_path: Path) -> None:
    # diffusers' kandinsky5_video.md: the first table renders, the second (right under a paragraph's line)
    # is that paragraph's text; its header is the first one's, word for word, and readers see the second.
    source = _tree(tmp_path)
    (source / "index.md").write_text(TWO_TABLES, encoding="utf-8")
    report = tmp_path / "report.json"
    build = _polydocs(
        "build", "--source", str(source), "--out", str(tmp_path / "site"), "--report-json", str(report)
    )
    assert build.returncode == 0, build.stderr
    built = _found(json.loads(report.read_text())["diagnostics"])
    lint = _polydocs("lint", "--format", "json", "--rule", "source-visible", str(source))
    assert built == _found(json.loads(lint.stdout)) == [("index.md", 10)]


QUIZ = """# Quiz

<Question
	choices={[
		{
			text: "Because we compute metrics after training",
			explain: "We do, but it doesn't explain where the loss comes from.",
			correct: true
		},
		{
			text: "Because loss is given to fit",
			explain: "No, the loss function is fixed once you run `model.compile()`, and never changed."
		},
		{
			text: "Because loss is given to compile",
			explain: "No, the loss function is fixed once you run `model.compile()`, and never changed."
		}
	]}
/>
"""


def test_shown_source_inside_words_polydocs_wrote_is_reported_at_its_line(tmp_path: Path) -> None:
    # The course's chapter7/9.mdx: a quiz's explanation is HTML (doc-builder's Question writes it with
    # {@html}), so its backticks show; the site writes "Wrong answer." before it, and the finding was
    # reported at line 1 for want of the explanation's exact text in the source. The same explanation
    # written twice is shown twice: two findings (chapter9/9.mdx:230 and 235).
    source = _tree(tmp_path)
    (source / "index.md").write_text(QUIZ, encoding="utf-8")
    report = tmp_path / "report.json"
    build = _polydocs(
        "build", "--source", str(source), "--out", str(tmp_path / "site"), "--report-json", str(report)
    )
    assert build.returncode == 0, build.stderr
    built = _found(json.loads(report.read_text())["diagnostics"])
    lint = _polydocs("lint", "--format", "json", "--rule", "source-visible", str(source))
    assert built == _found(json.loads(lint.stdout)) == [("index.md", 12), ("index.md", 16)]
