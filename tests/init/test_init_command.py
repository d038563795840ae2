"""`polydocs init` on copies of docs_src: what it writes builds and lints, and it never overwrites."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from init_support import REPO, actionlint, commit_all, make, polydocs, repository_with

from polydocs.init.render import template
from polydocs.sources import load_project_config
from polydocs.sources.project import _OPTIONS

WRITTEN = ("Makefile", ".github/workflows/polydocs.yml", ".github/workflows/docs.yml")


@pytest.fixture
def docs_src_repository(tmp_path: Path) -> Path:
    return repository_with(REPO / "docs_src", tmp_path / "repo")


def test_init_writes_targets_and_workflows_that_build_and_lint(docs_src_repository: Path) -> None:
    root = docs_src_repository
    settings_before = (root / "docs/source/polydocs.yml").read_text(encoding="utf-8")
    result = polydocs("init", cwd=root)
    assert result.returncode == 0, result.stderr
    for name in WRITTEN:
        assert re.search(rf"^\s*created {re.escape(name)}$", result.stdout, re.MULTILINE), result.stdout
        assert (root / name).is_file()
    # docs_src has its own settings: they are the project's, kept as they are.
    assert re.search(r"^\s*kept docs/source/polydocs.yml \(the project.s own", result.stdout, re.MULTILINE)
    assert (root / "docs/source/polydocs.yml").read_text(encoding="utf-8") == settings_before
    built = make(root, "docs", POLYDOCS_STRICT="--strict")
    assert built.returncode == 0, built.stderr[-3000:]
    assert {p.name for p in (root / "site").iterdir()} >= {"en", "es", "pt", "index.html"}
    linted = make(root, "docs-lint", POLYDOCS_STRICT="--strict")
    assert linted.returncode == 0, linted.stdout[-3000:] + linted.stderr[-3000:]
    assert "0 errors, 0 warnings" in linted.stderr
    commit_all(root)
    checked = actionlint(root)
    assert checked.returncode == 0, checked.stdout


def test_a_second_run_changes_nothing_and_says_so(docs_src_repository: Path) -> None:
    root = docs_src_repository
    assert polydocs("init", str(root), cwd=root.parent).returncode == 0
    before = {name: (root / name).stat().st_mtime_ns for name in WRITTEN}
    again = polydocs("init", str(root), cwd=root.parent)
    assert again.returncode == 0, again.stderr
    assert "nothing to do" in again.stdout
    assert "created" not in again.stdout
    assert {name: (root / name).stat().st_mtime_ns for name in WRITTEN} == before


def test_a_changed_file_is_refused_and_nothing_is_written(docs_src_repository: Path) -> None:
    root = docs_src_repository
    workflow = root / ".github/workflows/docs.yml"
    workflow.parent.mkdir(parents=True)
    workflow.write_text("name: ours\n", encoding="utf-8")
    refused = polydocs("init", cwd=root)
    assert refused.returncode == 1
    assert ".github/workflows/docs.yml: init-exists exists and differs" in refused.stderr
    assert "--force" in refused.stderr
    assert workflow.read_text(encoding="utf-8") == "name: ours\n"
    assert not (root / "Makefile").exists() and not (root / ".github/workflows/polydocs.yml").exists()
    forced = polydocs("init", "--force", cwd=root)
    assert forced.returncode == 0, forced.stderr
    assert re.search(r"replaced \.github/workflows/docs\.yml", forced.stdout)
    assert "uses: ./.github/workflows/polydocs.yml" in workflow.read_text(encoding="utf-8")


def test_a_makefile_of_the_project_gets_the_targets_appended_only_with_force(
    docs_src_repository: Path,
) -> None:
    root = docs_src_repository
    own = "all:\n\techo build the library\n"
    (root / "Makefile").write_text(own, encoding="utf-8")
    refused = polydocs("init", cwd=root)
    assert refused.returncode == 1
    assert "Makefile: init-exists a Makefile exists; --force appends the targets" in refused.stderr
    assert (root / "Makefile").read_text(encoding="utf-8") == own
    forced = polydocs("init", "--force", cwd=root)
    assert forced.returncode == 0, forced.stderr
    text = (root / "Makefile").read_text(encoding="utf-8")
    assert text.startswith(own) and "# >>> polydocs init" in text
    # The project's first target stays the default goal.
    default = make(root, "-n")
    assert "echo build the library" in default.stdout
    assert "nothing to do" in polydocs("init", cwd=root).stdout


def test_a_makefile_with_a_docs_target_of_its_own_is_refused_even_with_force(
    docs_src_repository: Path,
) -> None:
    root = docs_src_repository
    own = "docs:\n\tsphinx-build docs out\n"
    (root / "Makefile").write_text(own, encoding="utf-8")
    refused = polydocs("init", "--force", cwd=root)
    assert refused.returncode == 1
    assert "already has target(s) docs" in refused.stderr
    assert (root / "Makefile").read_text(encoding="utf-8") == own


def test_a_repository_without_docs_source_is_told_what_to_pass(tmp_path: Path) -> None:
    result = polydocs("init", cwd=tmp_path)
    assert result.returncode == 1
    assert "init-source no folder docs/source" in result.stderr
    assert "pass --source DIR" in result.stderr
    moved = repository_with(REPO / "docs_src", tmp_path / "elsewhere")
    (moved / "docs/source").rename(moved / "documentation")
    found = polydocs("init", "--source", "documentation", cwd=moved)
    assert found.returncode == 0, found.stderr
    assert "POLYDOCS_SOURCE ?= documentation" in (moved / "Makefile").read_text(encoding="utf-8")


def test_the_settings_template_explains_every_project_setting_and_no_other() -> None:
    text = template("polydocs.yml")
    # A setting is written `key:`, `# key:` (an example) or `<<..._comment>>key:` (filled in by init).
    keys = set(re.findall(r"^(?:# |<<\w+_comment>>)?(\w+):", text, re.MULTILINE))
    assert keys == set(_OPTIONS)


def test_written_settings_load_as_project_settings(tmp_path: Path) -> None:
    root = repository_with(REPO / "docs_src", tmp_path / "repo")
    (root / "docs/source/polydocs.yml").unlink()
    (root / "pyproject.toml").write_text('[project]\nname = "transformers"\n', encoding="utf-8")
    assert polydocs("init", cwd=root).returncode == 0
    config = load_project_config(root / "docs/source")
    assert config.library == "transformers"
    assert config.site_name == "transformers documentation"
    text = (root / "docs/source/polydocs.yml").read_text(encoding="utf-8")
    assert yaml.safe_load(text) == {"site_name": "transformers documentation", "library": "transformers"}
    # Its example names the repository's own library, not another one's class (peft's LoraConfig).
    assert "LoraConfig" not in text and "[[autodoc]] transformers.ClassName" in text


def test_a_tree_the_site_model_refuses_is_reported_with_its_own_advice(docs_src_repository: Path) -> None:
    root = docs_src_repository
    (root / "docs/source/images").mkdir()
    (root / "docs/source/images/logo.md").write_text("# Logo\n", encoding="utf-8")
    refused = polydocs("init", cwd=root)
    assert refused.returncode == 1
    assert "images: unknown-language folder `images` is not named by a language tag" in refused.stderr
    assert "`languages: {images: <tag>}`" in refused.stderr
    assert not (root / "Makefile").exists()
