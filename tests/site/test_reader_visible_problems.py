"""What readers would see broken, the build says at path:line; `--strict` refuses to publish it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TOC = "- local: index\n  title: Home\n- local: guide\n  title: Guide\n"
# Assembled at run time so that the repository's own secret scan does not see a token here.
FAKE_TOKEN = "hf_" + "".join(["aZ3kP9qLm2", "XvB7nR4tY8", "wE1cU6iO0s", "DfGh"])


def _tree(root: Path, guide: str, toctree: str = TOC) -> Path:
    files = {"en/_toctree.yml": toctree, "en/index.md": "# Home\n\nHello.\n", "en/guide.md": guide}
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def _build(cwd: Path, *options: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "polydocs", "build", "--source", "docs", "--out", "site", *options]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300, env=env)


@pytest.mark.parametrize(
    ("guide", "toctree", "expected"),
    [
        ("# Guide\n\n```py\nimport torch\n", TOC, "docs/en/guide.md:3: fence-unclosed"),
        ("---\ntitle: [oops\n---\n# Guide\n", TOC, "docs/en/guide.md:2: front-matter"),
        ("# Guide\n", TOC + "- local: guide\n  title: Again\n", "docs/en/_toctree.yml:5: toctree-duplicate"),
        (f'# Guide\n\n```py\nlogin(token="{FAKE_TOKEN}")\n```\n', TOC, "docs/en/guide.md:4: secret"),
    ],
    ids=["unclosed-fence", "front-matter", "duplicate-entry", "secret"],
)
def test_a_strict_build_refuses_what_readers_would_see_broken(tmp_path, guide, toctree, expected):
    _tree(tmp_path / "docs", guide, toctree)
    loose = _build(tmp_path)
    assert loose.returncode == 0, loose.stderr
    assert f"WARNING {expected}" in loose.stderr
    (tmp_path / "site").rename(tmp_path / "published")
    strict = _build(tmp_path, "--strict")
    assert strict.returncode == 1
    assert expected in strict.stderr
    assert not (tmp_path / "site").exists()


def test_a_published_secret_is_found_again_from_the_cache_and_an_allowlisted_one_is_not(tmp_path):
    root = tmp_path / "repo"
    _tree(root / "docs", f'# Guide\n\n```py\nlogin(token="{FAKE_TOKEN}")\n```\n')
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    env = {**os.environ, "POLYDOCS_CACHE": str(tmp_path / "cache")}
    first = _build(root, env=env)
    second = _build(root, env=env)
    [finding] = [
        line for line in first.stderr.splitlines() if line.startswith("WARNING ") and " secret " in line
    ]
    assert "would be published" in finding
    assert finding in second.stderr.splitlines()
    assert any((tmp_path / "cache" / "site" / "secrets").glob("*.json"))
    allow = finding.split("add `", 1)[1].split("`", 1)[0].replace("why this is not a secret", "a test token")
    (root / ".secrets.allowlist").write_text(allow + "\n", encoding="utf-8")
    third = _build(root, "--strict", env=env)
    assert third.returncode == 0, third.stderr


def test_front_matter_the_theme_prints_raw_is_made_safe(tmp_path):
    guide = (
        "---\nsubtitle: <img src=x onerror=alert(1)>\nicon: ../../base\ntemplate: nope.html\n---\n# Guide\n"
    )
    _tree(tmp_path / "docs", guide)
    built = _build(tmp_path)
    assert built.returncode == 0, built.stderr
    assert "docs/en/guide.md:3: front-matter `icon: '../../base'` is not allowed" in built.stderr
    assert "docs/en/guide.md:4: front-matter `template: 'nope.html'` is not allowed" in built.stderr
    home = (tmp_path / "site/en/index.html").read_text(encoding="utf-8")
    assert "<small>&lt;img src=x onerror=alert(1)&gt;</small>" in home
    assert "<img src=x" not in home
