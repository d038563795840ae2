"""Cold builds of the real-world corpus (transformers' docs, three languages): what a build reports, and
two cold builds publishing the same bytes. The tests read the same two builds (about 40 CPU-s each),
made once for this module: each test's own build made it three builds of one tree."""

import importlib.util
from dataclasses import dataclass
from pathlib import Path

import pytest
from mkdocstrings import Inventory

from polydocs.site.build import BuildReport, build_site
from site_files import site_files

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "transformers-docs"
LANGUAGES = ("en", "es", "pt")


@dataclass(frozen=True)
class CorpusBuild:
    """One cold build of the corpus: its site folder and what the build reported."""

    site: Path
    report: BuildReport


@pytest.fixture(scope="module")
def cold_builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[CorpusBuild, CorpusBuild]:
    """The corpus built twice, each with a cache of its own, in three processes for its three languages."""
    if not CORPUS.is_dir():
        pytest.skip("the real-world corpus (../shared/corpus) is not present")
    folder = tmp_path_factory.mktemp("corpus_builds")
    builds = []
    with pytest.MonkeyPatch.context() as patch:
        for run in ("first", "second"):
            patch.setenv("POLYDOCS_CACHE", str(folder / f"cache-{run}"))
            builds.append(CorpusBuild(folder / run, build_site(CORPUS, folder / run, jobs=3)))
    return builds[0], builds[1]


def _objects(site: Path, lang: str) -> dict[str, str]:
    with (site / lang / "objects.inv").open("rb") as inventory:
        return {name: item.uri for name, item in Inventory.parse_sphinx(inventory).items()}


def test_corpus_builds_every_language_with_located_warnings(cold_builds):
    report = cold_builds[0].report
    assert {result.lang for result in report.languages} == {"en", "es", "pt"}
    assert all(result.pages > 10 for result in report.languages)
    located = [w for w in report.warnings if ".md:" in w]
    assert len(located) > 100


@pytest.mark.skipif(
    importlib.util.find_spec("transformers") is None,
    reason="transformers is not installed: its autodoc page would be placeholders",
)
def test_transformers_corpus_cold_builds_are_byte_identical(cold_builds):
    first, second = cold_builds
    assert site_files(first.site) == site_files(second.site)
    for lang in LANGUAGES:  # `main_classes/trainer`: English's page, which es and pt fall back to
        assert "transformers.Trainer" in _objects(first.site, lang), lang
