"""`polydocs init` on a tree with findings: lint starts green (a baseline of today's findings, which
`make docs-lint` reads), only a new finding fails it, and the iframe hosts the pages embed are
suggested, commented, in polydocs.yml."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from init_support import REPO, commit_all, make, polydocs, repository_with

BASELINE = "docs/source/_lint-baseline.jsonl"
SPACES = "".join(
    f'<iframe src="https://{name}.hf.space" title="{name}" width="850" height="450"></iframe>\n\n'
    for name in ("first-demo", "second-demo", "first-demo")
)
# A src whose host is no DNS name: a terminal escape that must reach neither the terminal nor the settings.
ESCAPE = '<iframe src="https://evil\x1b.example" title="x"></iframe>\n\n'


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    """docs_src with a broken link and three Space embeds on the English overview, committed."""
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    (root / "docs/source/polydocs.yml").unlink()  # so that init writes its own settings
    page = root / "docs/source/en/index.md"
    page.write_text(
        page.read_text(encoding="utf-8") + f"\nSee [gone](./gone).\n\n{SPACES}{ESCAPE}", encoding="utf-8"
    )
    commit_all(root)
    return root


def test_lint_starts_green_and_fails_only_on_a_new_finding(repository: Path) -> None:
    result = polydocs("init", cwd=repository)
    assert result.returncode == 0, result.stderr
    assert re.search(rf"^\s*created {BASELINE}$", result.stdout, re.MULTILINE), result.stdout
    entries = [json.loads(line) for line in (repository / BASELINE).read_text(encoding="utf-8").splitlines()]
    codes = sorted(entry["code"] for entry in entries)
    # A browser reads no URL with an escape in its host (WHATWG: a forbidden host code point): nothing is
    # embedded or linked.
    assert codes == ["iframe-host"] * 3 + ["iframe-src", "link-missing"]
    said = re.search(
        r"^lint starts green: (\d+) findings .* baselined in (\S+) \((.*)\)", result.stdout, re.M
    )
    assert said is not None, result.stdout
    assert (int(said[1]), said[2], said[3]) == (5, BASELINE, "3 iframe-host, 1 iframe-src, 1 link-missing")
    assert f"polydocs lint --repository --write-baseline {BASELINE} docs/source` keeps only" in result.stdout
    linted = make(repository, "docs-lint", POLYDOCS_STRICT="--strict")
    assert linted.returncode == 0, linted.stdout[-2000:] + linted.stderr[-2000:]
    assert f"5 findings accepted by {BASELINE}" in linted.stderr
    # Every finding again, without the baseline: as the summary says.
    assert make(repository, "docs-lint", POLYDOCS_BASELINE="").returncode != 0
    page = repository / "docs/source/en/index.md"
    page.write_text("Also [new](./also-gone).\n\n" + page.read_text(encoding="utf-8"), encoding="utf-8")
    new = make(repository, "docs-lint")
    assert new.returncode != 0
    assert "also-gone" in new.stdout and "`./gone`" not in new.stdout


def test_the_embedded_hosts_are_suggested_commented_with_their_counts(repository: Path) -> None:
    result = polydocs("init", cwd=repository)
    assert result.returncode == 0, result.stderr
    assert "hf.space (3 embeds from 2 hosts)" in result.stdout
    text = (repository / "docs/source/polydocs.yml").read_text(encoding="utf-8")
    assert "#   - huggingface.co\n#   - hf.space  # 3 embeds from 2 hosts\n" in text
    assert "uncomment only those you trust" in text
    # A suggestion, not a decision: the settings allow nothing more.
    assert "iframe_hosts" not in yaml.safe_load(text)
    assert "\x1b" not in text and "\x1b" not in result.stdout and "evil" not in result.stdout


def test_a_second_run_keeps_the_baseline_and_force_writes_it_again(repository: Path) -> None:
    assert polydocs("init", cwd=repository).returncode == 0
    baseline = repository / BASELINE
    baseline.write_text("", encoding="utf-8")  # as if every finding had been fixed and recorded
    again = polydocs("init", cwd=repository)
    assert again.returncode == 0, again.stderr
    assert re.search(rf"kept {BASELINE} \(the project's own lint baseline", again.stdout)
    assert "nothing to do" in again.stdout and baseline.read_text(encoding="utf-8") == ""
    forced = polydocs("init", "--force", cwd=repository)
    assert forced.returncode == 0, forced.stderr
    assert re.search(rf"replaced {BASELINE}", forced.stdout)
    assert len(baseline.read_text(encoding="utf-8").splitlines()) == 5


def test_a_tree_without_findings_gets_an_empty_baseline(tmp_path: Path) -> None:
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    result = polydocs("init", cwd=root)
    assert result.returncode == 0, result.stderr
    assert f"lint: no findings; {BASELINE} is empty" in result.stdout
    assert (root / BASELINE).read_text(encoding="utf-8") == ""
    assert "iframes:" not in result.stdout  # docs_src embeds from huggingface.co only


def test_findings_only_a_library_not_installed_here_makes_are_left_out_and_said(tmp_path: Path) -> None:
    # CI installs the library and finds only the real problems: accepting these would hide them there.
    files = {"pyproject.toml": '[project]\nname = "polydocs-absent-lib"\n'}
    root = repository_with(REPO / "docs_src", tmp_path / "repo", files)
    (root / "docs/source/polydocs.yml").unlink()
    (root / "src/polydocs_absent_lib").mkdir(parents=True)
    (root / "src/polydocs_absent_lib/__init__.py").write_text("", encoding="utf-8")
    page = root / "docs/source/en/index.md"
    text = "\n## API\n\n[[autodoc]] polydocs_absent_lib.Thing\n\nSee [gone](./gone).\n"
    page.write_text(page.read_text(encoding="utf-8") + text, encoding="utf-8")
    commit_all(root)
    result = polydocs("init", cwd=root)
    assert result.returncode == 0, result.stderr
    codes = [json.loads(line)["code"] for line in (root / BASELINE).read_text(encoding="utf-8").splitlines()]
    assert codes == ["link-missing"]
    assert "lint starts green once polydocs_absent_lib is installed (below): 1 findings" in result.stdout
    # docs_src's API links name Transformers' objects unqualified: this library has none of them.
    said = re.search(
        r"^not baselined: \d+ findings \(.*api-link-unresolved, 1 autodoc-unavailable\) .*$",
        result.stdout,
        re.M,
    )
    assert said is not None, result.stdout
    assert "pip install ." in said[0]
    assert f"polydocs lint --repository --write-baseline {BASELINE} docs/source" in said[0]
    # Not accepted: the lint the Makefile runs reports it.
    linted = make(root, "docs-lint")
    assert linted.returncode != 0 and "autodoc-unavailable" in linted.stdout
