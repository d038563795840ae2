"""The real documentation trees the tests read besides docs_src: the corpus beside the checkout
(`../shared/corpus`: transformers, the course, peft) and any Hugging Face library's docs a developer fetched,
named by `$POLYDOCS_REAL_TREES` (folders separated by `:`, each a library's `docs/source`). A tree that is
absent is skipped by the tests that read it; none is ever copied into the repository."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CORPORA = REPO.parent / "shared" / "corpus"
CORPUS_TREES = ("transformers-docs", "course-docs", "peft-docs")
VARIABLE = "POLYDOCS_REAL_TREES"


def fetched_trees() -> list[Path]:
    """The trees `$POLYDOCS_REAL_TREES` names, as given (a missing one is the test's to skip)."""
    return [Path(folder) for folder in os.environ.get(VARIABLE, "").split(os.pathsep) if folder.strip()]


def real_trees() -> list[Path]:
    """The corpus trees, then the fetched ones."""
    return [*(CORPORA / name for name in CORPUS_TREES), *fetched_trees()]


def tree_name(tree: Path) -> str:
    """`transformers-docs` for a corpus tree, the library's name for its `docs/source` (`lerobot`)."""
    return tree.parents[1].name if tree.parts[-2:] == ("docs", "source") else tree.name
