"""`polydocs init` on copies of the real corpus trees: the files it writes build (`make docs`) and
lint (`make docs-lint`, strict, against the baseline init wrote) without edits, and the workflows pass
actionlint."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from init_support import CORPORA, actionlint, commit_all, make, polydocs, repository_with

# Each tree, what its Hugging Face repository has around docs/source, the languages built here (the
# build of every language of course-docs takes minutes: docs/ci.md has its timing), what is linted.
CASES = {
    "peft-docs": ({"setup.py": 'from setuptools import setup\nsetup(name="peft")\n'}, "", "quicktour.md"),
    "transformers-docs": ({"pyproject.toml": '[project]\nname = "transformers"\n'}, "en", "es"),
    "course-docs": ({}, "gj", "gj"),
}


@pytest.mark.parametrize("tree", sorted(CASES))
def test_init_on_a_corpus_copy_writes_files_that_build_and_lint(tmp_path: Path, tree: str) -> None:
    if not (CORPORA / tree).is_dir():
        pytest.skip(f"the corpus tree {tree} (../shared/corpus) is absent")
    around, languages, linted_part = CASES[tree]
    root = repository_with(CORPORA / tree, tmp_path / "repo", around)
    commit_all(root)  # a clone: init's lint scans what git tracks for secrets, as the lint job does
    result = polydocs("init", cwd=root)
    assert result.returncode == 0, result.stderr
    settings = yaml.safe_load((root / "docs/source/polydocs.yml").read_text(encoding="utf-8"))
    if around:
        assert settings["library"] == tree.removesuffix("-docs")
    if tree == "course-docs":
        # `gj` names no registered language: the site model's warning says Gujarati's code is `gu`.
        assert settings["languages"] == {"gj": "gu"}
    built = make(root, "docs", POLYDOCS_LANG=languages)
    assert built.returncode == 0, built.stderr[-3000:]
    # course-docs has no index page: each language's site is its pages' folders.
    assert list((root / "site" / (languages or "en")).glob("*/index.html"))
    assert "language-unregistered" not in built.stderr
    commit_all(root)
    # The pages have real findings (a lint of a corpus is not clean): init accepted them in the baseline,
    # so lint starts green, warnings included; the written files add none.
    accepted = len((root / "docs/source/_lint-baseline.jsonl").read_text(encoding="utf-8").splitlines())
    assert accepted > 0 and f"lint starts green: {accepted} findings" in result.stdout
    linted = make(root, "docs-lint", POLYDOCS_PAGES=f"docs/source/{linted_part}", POLYDOCS_STRICT="--strict")
    assert linted.returncode == 0, linted.stdout[-3000:] + linted.stderr[-3000:]
    assert "0 errors, 0 warnings" in linted.stderr and "findings accepted by" in linted.stderr
    checked = actionlint(root)
    assert checked.returncode == 0, checked.stdout
