"""The secret scan's precision and recall: every planted fake token found, no decoy and nothing in the
real corpora reported (their hex and base64 strings are commit ids, example ids, model ids, placeholders)."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.lint.installed import InstalledFacts
from polydocs.lint.precision import decoys, planted_secrets, score_scan
from polydocs.lint.runner import lint_paths
from polydocs.lint.secrets.filters import assigned_name, names_a_secret

CORPORA = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


def test_every_planted_fake_token_is_found_and_no_decoy_is(tmp_path: Path) -> None:
    score = score_scan(tmp_path)
    assert [sample.kind for sample in score.missed] == []
    assert [sample.kind for sample in score.false_positives] == []
    assert len(score.found) == len(planted_secrets()) and len(decoys()) >= 10


@pytest.mark.parametrize(
    ("line", "secret", "name", "credential"),
    [
        ('commit_hash = "value"', "value", "commit_hash", False),
        ('os.environ["HF_TOKEN"] = "value"', "value", "HF_TOKEN", True),
        ('Client(apiKey="value")', "value", "apiKey", True),
        ("hf auth login --token value", "value", "token", True),
        ('  "client_secret": "value",', "value", "client_secret", True),
        ('{"token_id": "value"}', "value", "token_id", False),
        ('    "org/value",', "org/value", "", False),
    ],
)
def test_a_string_is_a_credential_when_its_name_says_so(
    line: str, secret: str, name: str, credential: bool
) -> None:
    assert assigned_name(secret, line) == name
    assert names_a_secret(name) is credential


@pytest.mark.parametrize("corpus", ["transformers-docs", "course-docs", "peft-docs"])
def test_no_secret_is_reported_in_the_real_corpora(corpus: str) -> None:
    tree = CORPORA / corpus
    if not tree.is_dir():
        pytest.skip(f"the corpus ../shared/corpus/{corpus} is absent")
    report = lint_paths([tree], facts=InstalledFacts(None), rules=["secrets"])
    assert report.pages > 50
    assert [str(finding) for finding in report.findings] == []
