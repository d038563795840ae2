"""`<literalinclude>` in real builds: the excerpt of a file of the repository shows as code, an edit of
that file shows in the next build (the page cache and the language record see it), nothing outside the
repository is read, and `polydocs lint` reports what the build reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from polydocs.site.build import build_site

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  title: S\n"
PAGE = """# Home

<literalinclude>
{"path": "../../../tests/documentation/test_quicktour.py",
"language": "python",
"start-after": "START init_tokenizer",
"end-before": "END init_tokenizer",
"dedent": 8}
</literalinclude>

<literalinclude>{"path": "../../../../secret.txt"}</literalinclude>
"""
CODE = """def test_quicktour():
    if True:
        # START init_tokenizer
        tokenizer = Tokenizer(BPE(unk_token="[UNK]"))
        # END init_tokenizer
"""


def _repository(tmp_path: Path) -> Path:
    """A repository (its `.git`) holding docs/source and the tested code, and a file beside it."""
    repository = tmp_path / "repository"
    (repository / ".git").mkdir(parents=True)
    (tmp_path / "secret.txt").write_text("never published\n", encoding="utf-8")
    code = repository / "tests" / "documentation" / "test_quicktour.py"
    code.parent.mkdir(parents=True)
    code.write_text(CODE, encoding="utf-8")
    source = repository / "docs" / "source"
    (source / "en").mkdir(parents=True)
    (source / "en" / "_toctree.yml").write_text(TOC, encoding="utf-8")
    (source / "en" / "index.md").write_text(HEADER + PAGE, encoding="utf-8")
    return source


def _published(site: Path) -> str:
    return (site / "en" / "index.html").read_text(encoding="utf-8")


def test_an_excerpt_shows_follows_its_file_and_nothing_outside_is_read(tmp_path: Path) -> None:
    source = _repository(tmp_path)
    report = build_site(source, tmp_path / "site", only=["en"])
    html = _published(tmp_path / "site")
    assert "Tokenizer" in html and "BPE" in html and "START init_tokenizer" not in html
    assert "never published" not in html and "secret.txt could not be read" in html
    assert "{&quot;path&quot;" not in html and '{"path"' not in html
    problems = [(p.line, p.code) for p in report.diagnostics]
    assert problems == [(13, "include-unreadable")]
    code = source.parents[1] / "tests" / "documentation" / "test_quicktour.py"
    code.write_text(CODE.replace("BPE", "WordPiece"), encoding="utf-8")
    build_site(source, tmp_path / "site", only=["en"])
    assert "WordPiece" in _published(tmp_path / "site")


def test_lint_reports_the_includes_the_build_reports(tmp_path: Path) -> None:
    source = _repository(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    command = [
        sys.executable,
        "-m",
        "polydocs",
        "lint",
        str(source),
        "--rule",
        "constructs",
        "--format",
        "json",
    ]
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300, check=False)
    findings = [(f["line"], f["code"]) for f in json.loads(result.stdout)]
    assert findings == [(13, "include-unreadable")]
