"""`#anchors` into an API reference: an `[[autodoc]]` object's full dotted name and its members'."""

from __future__ import annotations

from pathlib import Path

from lint_support import write_toctrees

from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n"


def _unresolved(tmp_path: Path, facts: InstalledFacts, directive: str, links: str) -> list[tuple[int, str]]:
    """The links of a guide page, lint's `links` rule finds leading nowhere on a reference page holding
    `directive`: (line, `#anchor`) each."""
    root = tmp_path / "docs_src"
    (root / "en").mkdir(parents=True)
    (root / "en" / "trainer.md").write_text(f"{HEADER}\n# Trainer\n\n{directive}\n", encoding="utf-8")
    (root / "en" / "guide.md").write_text(f"{HEADER}\n# Guide\n\n{links}", encoding="utf-8")
    write_toctrees(root)
    report = lint_paths([root / "en" / "guide.md"], facts=facts, rules=["links"])
    return [(f.line, f.message.split(" is not")[0]) for f in report.findings]


def test_links_to_autodoc_objects_and_members_resolve_and_others_do_not(
    tmp_path: Path, facts: InstalledFacts
) -> None:
    links = (
        "[a](./trainer#transformers.Trainer) [b](./trainer#transformers.Trainer.train)\n\n"
        "[c](./trainer#transformers.TrainerX) [d](./trainer#transformers.Pipeline)\n"
    )
    assert _unresolved(tmp_path, facts, "[[autodoc]] Trainer", links) == [
        (7, "`#transformers.Pipeline`"),
        (7, "`#transformers.TrainerX`"),
    ]


def test_an_object_documented_by_a_longer_path_is_also_anchored_at_doc_builders_shortest_path(
    tmp_path: Path, facts: InstalledFacts
) -> None:
    """`[[autodoc]] trainer.Trainer`: the site anchors it at `transformers.trainer.Trainer` and at
    `transformers.Trainer`, where doc-builder's links (and huggingface.co's) land."""
    links = (
        "[a](./trainer#transformers.Trainer) [b](./trainer#transformers.Trainer.train)\n\n"
        "[c](./trainer#transformers.trainer.Trainer.train)\n"
        "[d](./trainer#transformers.trainer_utils.Trainer)\n"
    )
    assert _unresolved(tmp_path, facts, "[[autodoc]] trainer.Trainer", links) == [
        (8, "`#transformers.trainer_utils.Trainer`")
    ]
