"""How many processes build which languages: no CPU left idle while one short language builds alone."""

import shutil

import pytest

from polydocs import converter_versions
from polydocs.dialect import load_source_tree
from polydocs.site import language_parts, language_scheduling, staged_build
from polydocs.site.build import BuildFailed, build_site
from polydocs.site.language_scheduling import plan_builds
from site_files import site_files
from two_page_site import HEADER

LANGUAGES = ["en", "es", "pt", "de", "fr"]


def _tree(languages: list[str]) -> dict[str, str]:
    """Four English pages; each translation translates two and falls back to English for the others."""
    toc = "".join(f"- local: page{n}\n  title: Page {n}\n" for n in range(4))
    files = {}
    for lang in languages:
        files[f"{lang}/_toctree.yml"] = toc
        translated = range(4) if lang == "en" else range(2)
        files |= {f"{lang}/page{n}.md": HEADER + f"# {lang} {n}\n\nText.\n" for n in translated}
    return files


@pytest.fixture
def two_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(language_scheduling.os, "cpu_count", lambda: 2)


@pytest.mark.usefixtures("two_cpus")
@pytest.mark.parametrize(("count", "processes"), [(2, 2), (3, 3), (4, 2), (5, 2)])
def test_languages_too_short_to_split_get_a_process_each_only_below_two_per_cpu(write_tree, count, processes):
    languages = LANGUAGES[:count]
    tree = load_source_tree(write_tree(_tree(languages)))
    plan = plan_builds(tree, languages, None, cache_filled=False)
    assert (plan.jobs, plan.parts) == (processes, [])
    assert plan.order[0] == "en"


@pytest.mark.usefixtures("two_cpus")
def test_a_last_language_long_enough_is_split_and_jobs_given_are_kept(write_tree, monkeypatch):
    languages = LANGUAGES[:3]
    tree = load_source_tree(write_tree(_tree(languages)))
    assert plan_builds(tree, languages, 2, cache_filled=False).jobs == 2  # --jobs is the user's
    monkeypatch.setattr(language_parts, "MIN_PAGES_TO_SPLIT", 4)
    split = plan_builds(tree, languages, None, cache_filled=False)
    assert (split.jobs, [part.index for part in split.parts]) == (2, [0, 1])
    # A rebuild, its pages cached: every language starts at once, as before.
    assert plan_builds(tree, languages, None, cache_filled=True).jobs == 3


@pytest.mark.usefixtures("two_cpus")
def test_three_languages_in_three_processes_build_the_site_one_process_builds(write_tree, tmp_path):
    source = write_tree(_tree(LANGUAGES[:3]))
    parallel = build_site(source, tmp_path / "parallel")
    alone = build_site(source, tmp_path / "alone", jobs=1)
    assert [result.pages for result in parallel.languages] == [result.pages for result in alone.languages]
    assert site_files(tmp_path / "parallel") == site_files(tmp_path / "alone")


def test_only_a_build_of_this_tree_by_this_polydocs_plans_a_rebuild(write_tree, tmp_path, monkeypatch):
    # Any converted page in the cache is no sign that this tree's are: after an upgrade, or for another
    # tree, every entry misses, and a process per language would convert them all at once.
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    planned: list[bool] = []

    def recording(tree, languages, jobs, cache_filled, *rest):
        planned.append(cache_filled)
        return plan_builds(tree, languages, jobs, cache_filled, *rest)

    monkeypatch.setattr(staged_build, "plan_builds", recording)
    tree = write_tree(_tree(LANGUAGES[:2]))
    other = shutil.copytree(tree, tmp_path / "other")
    build_site(tree, tmp_path / "first")
    build_site(tree, tmp_path / "again")
    build_site(other, tmp_path / "other-site")
    assert planned == [False, True, False]
    (tree / "en" / "page0.md").write_text(HEADER + "# 0\n\n[gone](missing.md)\n", encoding="utf-8")
    monkeypatch.setattr(converter_versions, "_CONVERTER_VERSIONS", "another polydocs")
    with pytest.raises(BuildFailed):
        build_site(tree, tmp_path / "upgraded", strict=True)
    build_site(tree, tmp_path / "upgraded")  # the failed build marked nothing
    build_site(tree, tmp_path / "upgraded-again")
    assert planned[3:] == [False, False, True]
