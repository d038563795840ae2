"""The project's own docs_src, built once for the tests that read the real site."""

from pathlib import Path

import pytest

from polydocs.site.build import build_site

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_docs_src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs_src_site") / "site"
    build_site(REPO / "docs_src", out)
    return out
