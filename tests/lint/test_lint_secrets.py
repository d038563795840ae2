"""Secrets: detect-secrets finds tokens in pages and tracked files; the allowlist names deliberate examples.

The secrets are assembled here at run time, so that this repository's own scan does not flag this file.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest
from lint_support import write_toctrees

from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"
HUB_TOKEN = "hf_" + "Qx" * 17
AWS_KEY = "AKIA" + "IOSFODNN7" + "EXAMPLE"


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "docs_src"
    (root / "en").mkdir(parents=True)
    page = f"{HEADER}\n# Logging in\n\nRun `hf auth login --token {HUB_TOKEN}`.\n\nAWS: {AWS_KEY}\n"
    (root / "en" / "page.md").write_text(page, encoding="utf-8")
    write_toctrees(root)
    return root


def _codes(report_findings: list) -> list[str]:
    return [f"{Path(d.path).name}:{d.line} {d.code} {d.message}" for d in report_findings]


def test_tokens_in_pages_are_reported_at_their_line(tmp_path: Path, facts: InstalledFacts) -> None:
    root = _tree(tmp_path)
    report = lint_paths([root], facts=facts, rules=["secrets"])
    assert _codes(report.findings) == [
        "page.md:5 secret possible Hugging Face Token",
        "page.md:7 secret possible AWS Access Key",
    ]


def test_allowlisted_examples_are_not_reported(tmp_path: Path, facts: InstalledFacts) -> None:
    root = _tree(tmp_path)
    (tmp_path / ".git").mkdir()  # the allowlist lives at the repository root
    first = lint_paths([root], facts=facts, rules=["secrets"])
    hub_finding = first.findings[0]
    entry = hub_finding.hint.split("add `")[1].split("`")[0]
    assert entry.startswith("docs_src/en/page.md ")
    (tmp_path / ".secrets.allowlist").write_text(f"# deliberate examples\n{entry}\n", encoding="utf-8")
    second = lint_paths([root], facts=facts, rules=["secrets"])
    assert _codes(second.findings) == ["page.md:7 secret possible AWS Access Key"]


def test_allowlist_lines_need_a_reason(tmp_path: Path, facts: InstalledFacts) -> None:
    root = _tree(tmp_path)
    (tmp_path / ".git").mkdir()
    (tmp_path / ".secrets.allowlist").write_text("docs_src/en/page.md " + "0" * 40 + "\n", encoding="utf-8")
    report = lint_paths([root], facts=facts, rules=["secrets"])
    first = report.findings[0]
    assert (Path(first.path).name, first.line, first.code) == (".secrets.allowlist", 1, "secret-allowlist")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_repository_scan_covers_tracked_files_only(tmp_path: Path, facts: InstalledFacts) -> None:
    root = _tree(tmp_path)
    (tmp_path / "settings.py").write_text(f'AWS_KEY = "{AWS_KEY}"\n', encoding="utf-8")
    (tmp_path / "untracked.py").write_text(f'AWS_KEY = "{AWS_KEY}"\n', encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(["git", "add", "settings.py"], cwd=tmp_path, check=True)
    report = lint_paths([root], facts=facts, rules=["secrets"], repository=True)
    assert sorted({Path(d.path).name for d in report.findings}) == ["page.md", "settings.py"]


def test_hex_fingerprints_in_reports_are_not_secrets_but_other_hex_strings_are(tmp_path: Path) -> None:
    from polydocs.lint.secrets.scan import SecretAllowlist, scan_for_secrets

    digest = hashlib.md5(b"a session").hexdigest()
    code_hash = hashlib.sha256(b"a code block").hexdigest()[:16]
    report = tmp_path / "report.json"
    report.write_text(f'{{\n  "key": "{digest}",\n  "code_hash": "{code_hash}"\n}}\n', encoding="utf-8")
    assert scan_for_secrets([report], SecretAllowlist(tmp_path, [])) == []
    config = tmp_path / "settings.json"
    config.write_text(f'{{\n  "api_secret": "{digest}"\n}}\n', encoding="utf-8")
    findings = scan_for_secrets([config], SecretAllowlist(tmp_path, []))
    assert findings and {finding.line for finding in findings} == {2}


def test_a_scan_never_reads_the_call_stack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """detect-secrets' own regex filter finds its settings by its caller's name (`inspect.stack()`, which
    reads the source of every frame): a tenth of a second and more per scan in a deep stack. No filter
    polydocs configures may: the fingerprint line is still no secret, the credential still one."""
    import inspect

    from polydocs.lint.secrets.scan import SecretAllowlist, scan_for_secrets

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("inspect.stack() called during a secret scan")

    monkeypatch.setattr(inspect, "stack", refused)
    digest = hashlib.md5(b"a session").hexdigest()
    report = tmp_path / "report.json"
    report.write_text(f'{{\n  "key": "{digest}",\n  "api_secret": "{digest}"\n}}\n', encoding="utf-8")
    findings = scan_for_secrets([report], SecretAllowlist(tmp_path, []))
    assert {finding.line for finding in findings} == {3}
