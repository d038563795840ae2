"""Shared fixtures: small documentation trees written into tmp_path, and the real-world corpus."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from polydocs.garbage_collection import collect_less_often

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO.parent / "shared" / "corpus" / "transformers-docs"
SEEDS = REPO.parent / "shared" / "seeds"

WriteTree = Callable[[dict[str, str]], Path]


@pytest.fixture
def write_tree(tmp_path: Path) -> WriteTree:
    """Write `{relative path: text}` under tmp_path/docs and return that folder."""

    def write(files: dict[str, str]) -> Path:
        root = tmp_path / "docs"
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return root

    return write


@pytest.fixture
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("the real-world corpus (../shared/corpus) is not present")
    return CORPUS


def pytest_configure(config: pytest.Config) -> None:
    """The tests' own process collects garbage as the `polydocs` command does: the builds and lints they
    run in it cost what the command's do."""
    collect_less_often()


@pytest.fixture(autouse=True, scope="session")
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every cache polydocs keeps goes to a fresh folder of this run: no test sees another run's
    conversions. pytest-xdist's workers share it (the parent of their temporary folders), as parallel
    builds share one cache: what one worker converted, built or compiled, the other reads."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "polydocs-cache"
    folder.mkdir(exist_ok=True)
    os.environ["POLYDOCS_CACHE"] = str(folder)
