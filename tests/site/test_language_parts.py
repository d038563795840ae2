"""The last language of a build made by every process at once: the same site as one process makes."""

import pytest

from polydocs.dialect import load_source_tree
from polydocs.site import language_parts, progress
from polydocs.site.build import build_site
from polydocs.site.build_report import LanguageResult
from polydocs.site.language_parts import LanguagePart, joined_result, splits
from site_files import site_files
from two_page_site import HEADER

PAGES = 8


def _page(title: str, number: int) -> str:
    body = "See [the home page](index.md).\n\n## Usage\n\n```py\nprint(1)\n```\n"
    return HEADER + f"# {title} {number}\n\n{body}"


def _tree() -> dict[str, str]:
    """English with `PAGES` pages in two sections; Spanish translates three, Portuguese two."""
    entries = "".join(f"    - local: page{n}\n      title: Page {n}\n" for n in range(PAGES))
    toc = f"- sections:\n{entries}  title: Guide\n- local: index\n  title: Home\n"
    files = {"en/_toctree.yml": toc, "en/index.md": HEADER + "# Home\n"}
    files |= {f"en/page{n}.md": _page("Page", n) for n in range(PAGES)}
    for lang, word, count in [("es", "Página", 3), ("pt", "Página", 2)]:
        files[f"{lang}/_toctree.yml"] = toc
        files |= {f"{lang}/page{n}.md": _page(word, n) for n in range(count)}
    return files


@pytest.mark.parametrize(
    ("only", "parts"), [(None, {"en": 1, "es": 1, "pt": 2}), (["en"], {"en": 2})], ids=["three", "english"]
)
def test_the_last_language_built_in_two_processes_is_the_site_one_process_builds(
    write_tree, tmp_path, capsys, monkeypatch, only, parts
):
    monkeypatch.setattr(language_parts, "MIN_PAGES_TO_SPLIT", 4)
    monkeypatch.setattr(progress, "PLAIN_LINE_EVERY", 0.0)
    source = write_tree(_tree())
    split = build_site(source, tmp_path / "split", only=only, jobs=2)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("progress: ")]
    whole = build_site(source, tmp_path / "whole", only=only, jobs=1)
    assert {result.lang: result.parts for result in split.languages} == parts
    assert {result.parts for result in whole.languages} == {1}
    assert [result.pages for result in split.languages] == [result.pages for result in whole.languages]
    # Every file, the search index and the sitemap included, byte for byte; no part's folder left.
    assert site_files(tmp_path / "split") == site_files(tmp_path / "whole")
    assert sorted(path.name for path in (tmp_path / "split").iterdir() if path.name.startswith(".")) == [
        ".polydocs-site"
    ]
    # Each page of the tree counted once, as the build's result counts them: the index and every page of the
    # toctree (the generated status page is none of the tree's).
    total = PAGES + 1
    assert {result.lang: result.pages for result in split.languages} == dict.fromkeys(parts, total)
    assert lines[-1] == "progress: " + ", ".join(f"{lang} {total}/{total} pages" for lang in parts)
    assert len(lines) == len(parts) * total


def test_a_language_is_split_only_where_a_process_would_idle_and_its_pages_allow(write_tree):
    tree = load_source_tree(write_tree(_tree()))
    long_enough = language_parts.MIN_PAGES_TO_SPLIT
    assert len(tree.site_pages("pt")) < long_enough
    assert splits(tree, "pt", jobs=2, languages=3, documents_objects=lambda: False) == 1  # too few pages
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(language_parts, "MIN_PAGES_TO_SPLIT", 4)
        assert splits(tree, "pt", jobs=2, languages=3, documents_objects=lambda: False) == 2
        assert splits(tree, "pt", jobs=2, languages=2, documents_objects=lambda: False) == 1  # a process each
        assert splits(tree, "en", jobs=2, languages=1, documents_objects=lambda: False) == 2  # one language
        assert splits(tree, "pt", jobs=2, languages=4, documents_objects=lambda: False) == 1
        assert splits(tree, "pt", jobs=1, languages=3, documents_objects=lambda: False) == 1
        # Pages documenting objects: each part would load the package again.
        assert splits(tree, "pt", jobs=2, languages=3, documents_objects=lambda: True) == 1


def test_every_page_is_dealt_to_one_part_and_the_first_part_gets_fewer(write_tree):
    tree = load_source_tree(write_tree(_tree()))
    names = {page.src_uri for page in tree.site_pages("pt").values()}
    for count in (2, 3):
        parts = language_parts.language_parts(tree, "pt", count)
        assert [part.index for part in parts] == list(range(count))
        dealt = [name for part in parts for name in part.pages]
        assert sorted(dealt) == sorted(names)  # each page once
        assert len(parts[0].pages) < min(len(part.pages) for part in parts[1:])
        for part in parts:
            rendered_elsewhere = set(part.rendered_elsewhere(tree))
            assert rendered_elsewhere.isdisjoint(part.pages)
            assert ("status.md" in rendered_elsewhere) == (part.index > 0)


def test_a_failed_part_fails_its_language_and_leaves_no_part_folder(tmp_path):
    parts = [LanguagePart("pt", 0, frozenset({"a.md"})), LanguagePart("pt", 1, frozenset({"b.md"}))]
    for part in parts:
        part.folder(tmp_path).mkdir()
    (parts[0].folder(tmp_path) / "a").mkdir()
    (parts[0].folder(tmp_path) / "a" / "index.html").write_text("a")
    results = [LanguageResult("pt", 1.0, 1), LanguageResult("pt", 2.0, 0, error="docs/pt/b.md:3: broken")]
    joined = joined_result(tmp_path, parts, results)
    assert (joined.error, joined.pages, joined.seconds, joined.parts) == ("docs/pt/b.md:3: broken", 0, 2.0, 2)
    assert [path.name for path in tmp_path.iterdir()] == ["pt"]
