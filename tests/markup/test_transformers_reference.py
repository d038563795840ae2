"""A Transformers tree that documents objects on its own `[[autodoc]]` pages links them there, as
doc-builder does, and the names it does not document to the published reference: counted on a real build
and doc-builder's own conversion of the same pages (`link_agreement.count_links`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.docstrings.link_agreement import count_links

pytest.importorskip("transformers")

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = (
    "- sections:\n  - local: index\n    title: Home\n  - local: main_classes/callback\n"
    "    title: Callbacks\n  title: S\n"
)
# transformers' main_classes/callback.md and a guide's links, cut down.
CALLBACKS = (
    "# Callbacks\n\n[[autodoc]] ProgressCallback\n\n## TrainerCallback\n\n[[autodoc]] TrainerCallback\n"
)
GUIDE = (
    "# Home\n\n"
    "A [`ProgressCallback`] is a [`TrainerCallback`]: see [`~TrainerCallback.on_train_begin`].\n\n"
    "Or use a [`pipeline`]; [`~transformers.PrinterCallback`] is documented nowhere here.\n"
)


def test_a_transformers_tree_links_its_own_reference_pages_and_the_published_one_for_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tree = tmp_path / "docs" / "en"
    for name, text in {
        "_toctree.yml": TOC,
        "index.md": HEADER + GUIDE,
        "main_classes/callback.md": HEADER + CALLBACKS,
    }.items():
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        (tree / name).write_text(text, encoding="utf-8")
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    (tmp_path / "work").mkdir()
    count = count_links(tree.parent, "transformers", tmp_path / "work")
    resolved = {use.text: (use.doc_builder, use.polydocs) for use in count.uses}
    assert resolved == {
        "ProgressCallback": (True, True),  # on no list of the published reference's names
        "TrainerCallback": (True, True),
        "~TrainerCallback.on_train_begin": (True, True),
        "pipeline": (False, True),  # not documented by this tree: the published reference
        "~transformers.PrinterCallback": (False, False),
    }
    site = (tmp_path / "work" / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert 'href="main_classes/callback/#transformers.TrainerCallback"' in site
    assert (
        'href="https://huggingface.co/docs/transformers/main/en/main_classes/pipelines#transformers.pipeline"'
        in site
    )
