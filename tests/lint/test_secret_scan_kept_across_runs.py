"""The secret scan keeps its findings in polydocs' cache, by a page's text and by a tracked file's path and
bytes: a second lint of the same repository hands nothing to detect-secrets and reports the same findings
(init's lint, then every `make docs-lint` and lint job with the cache restored, scanned all of it again).

The secrets are assembled here at run time, so that this repository's own scan does not flag this file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lint_support import write_toctrees

from git_repositories import commit_all

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

AWS_KEY = "AKIA" + "IOSFODNN7" + "EXAMPLE"
HUB_TOKEN = "hf_" + "Qx" * 17
# A lock file's name is one detect-secrets' filters read: the same bytes are no finding in it.
_SETTINGS = f'{{\n  "region": "eu",\n  "api_secret": "{AWS_KEY}"\n}}\n'

# A fresh interpreter each run; with `refuse`, detect-secrets cannot scan a file.
_PROGRAM = """
import sys
import detect_secrets.core.scan
from polydocs import cli

if sys.argv[2] == "refuse":
    def refuse(*args, **kwargs):
        raise AssertionError("detect-secrets scanned a file")
    detect_secrets.core.scan.scan_file = refuse
sys.exit(cli.main(["lint", "--format", "json", "--rule", "secrets", "--repository", sys.argv[1]]))
"""


def _repository(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "docs" / "en").mkdir(parents=True)
    page = f"# Logging in\n\nRun `hf auth login --token {HUB_TOKEN}`.\n"
    (root / "docs" / "en" / "index.md").write_text(page, encoding="utf-8")
    write_toctrees(root / "docs")
    (root / "settings.json").write_text(_SETTINGS, encoding="utf-8")
    (root / "package-lock.json").write_text(_SETTINGS, encoding="utf-8")
    (root / "train.py").write_text("import os\n\nprint(os.getcwd())\n", encoding="utf-8")
    commit_all(root)
    return root


def _lint(root: Path, cache: Path, may_scan: str = "may-scan") -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, str(root / "docs"), may_scan],
        capture_output=True,
        text=True,
        env={**os.environ, "POLYDOCS_CACHE": str(cache)},
        cwd=root,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    findings = json.loads(done.stdout)
    return [f"{f['path']}:{f['line']} {f['message']}" for f in findings]  # paths as seen from the root


def test_a_second_lint_reports_the_same_without_scanning_a_file(tmp_path: Path) -> None:
    root, cache = _repository(tmp_path), tmp_path / "cache"
    first = _lint(root, cache)
    assert first == [
        "docs/en/index.md:3 possible Hugging Face Token",
        "settings.json:3 possible AWS Access Key",
        "settings.json:3 possible Secret Keyword",
    ]
    assert _lint(root, cache, "refuse") == first


def test_an_edited_file_and_the_same_bytes_under_another_name_are_scanned_again(tmp_path: Path) -> None:
    root, cache = _repository(tmp_path), tmp_path / "cache"
    first = _lint(root, cache)
    assert not any(finding.startswith("package-lock.json") for finding in first)
    # The lock file's bytes, kept as no finding, under a name detect-secrets' filters do not read so.
    (root / "config.json").write_bytes((root / "package-lock.json").read_bytes())
    (root / "train.py").write_text(f'import os\n\nKEY = "{AWS_KEY}"\n', encoding="utf-8")
    commit_all(root)
    second = _lint(root, cache)
    assert set(second) - set(first) == {
        "config.json:3 possible AWS Access Key",
        "config.json:3 possible Secret Keyword",
        "train.py:3 possible AWS Access Key",
    }


def test_a_damaged_entry_is_scanned_again(tmp_path: Path) -> None:
    root, cache = _repository(tmp_path), tmp_path / "cache"
    first = _lint(root, cache)
    entries = sorted((cache / "site" / "secrets").glob("*.json"))
    assert len(entries) == 5  # each tracked file: the page, its toctree, the two JSON files, train.py
    for entry in entries:
        entry.write_text('{"version": "3", "data": [{"line": "three"}]}', encoding="utf-8")
    assert _lint(root, cache) == first
    assert _lint(root, cache, "refuse") == first
