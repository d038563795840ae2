"""A page's control characters quoted in a finding reach the terminal and the CI log escaped (`\\x1b`),
never as a live escape sequence (real `polydocs lint` processes)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.mark.parametrize("output", ["text", "github"])
def test_an_escape_sequence_in_a_page_is_printed_escaped(tmp_path: Path, output: str) -> None:
    (tmp_path / "docs" / "en").mkdir(parents=True)
    page = '# Page\n\n[a link](missing\x1b[2J\x1b[31m.md) and <a href="javascript:x\x1b[2J">y</a>\n'
    (tmp_path / "docs" / "en" / "index.md").write_text(page, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(SRC))
    result = subprocess.run(
        [sys.executable, "-m", "polydocs", "lint", "docs", "--format", output],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    shown = result.stdout + result.stderr
    assert shown.count("\\x1b[2J") >= 2, shown  # the link-missing and the unsafe-html finding
    assert "\x1b" not in shown
