"""Two versions of docs_src in one output: from any page, the version selector and the language selector
land on the same page (in the same language, or version), else on the language's home; never a 404."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_support import BROWSER_MARKS, OpenPage, open_language_menu, serve_folder
from playwright.sync_api import Page

from polydocs.site.build import build_site
from polydocs.site.versions import VersionRequest
from versioned_trees import versioned_sources

pytestmark = BROWSER_MARKS
VERSIONS = ("v1.0", "v2.0")


@pytest.fixture(scope="module")
def versioned_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("browser_versions")
    old, new = versioned_sources(folder)
    out = folder / "site"
    build_site(old, out, version=VersionRequest("v1.0"))  # built first: it knows nothing of v2.0
    build_site(new, out, version=VersionRequest("v2.0", ("latest",), default=True))
    with serve_folder(out) as url:
        yield url, out


def _pages(out: Path, version: str) -> dict[str, list[str]]:
    return json.loads((out / version / "pages.json").read_text(encoding="utf-8"))


def _choose_version(page: Page, version: str) -> int:
    page.locator(".md-version").hover()
    link = page.locator(f'.md-version__link[data-version="{version}"]')
    link.wait_for(state="visible")  # v1.0's pages list v2.0 once versions.js has read versions.json
    with page.expect_navigation(wait_until="domcontentloaded") as navigation:
        link.click()
    response = navigation.value
    return response.status if response else 0


def test_the_version_selector_lands_on_the_same_page_in_the_same_language(
    module_page: OpenPage, versioned_site: tuple[str, Path]
) -> None:
    """Every page of each version, its selector followed to the other version. A page that has its twin
    there is checked from the page its twin's selector landed on (v1.0 -> v2.0 -> v1.0: one load and two
    clicks check both); the others are loaded."""
    url, out = versioned_site
    page, _ = module_page()
    unchecked = [
        (version, lang, local)
        for version in VERSIONS
        for lang, urls in _pages(out, version).items()
        for local in urls
    ]
    problems, at = [], ""
    while unchecked:
        version, lang, local = unchecked.pop(0)
        other = VERSIONS[1 - VERSIONS.index(version)]
        theirs = _pages(out, other)
        path = f"/{version}/{lang}/{local}"
        if at != path:
            # "load", not "networkidle": _choose_version waits for what versions.js adds, and the
            # idle wait timed out once in CI on a loaded machine (40 pages in a row).
            page.goto(url + path, wait_until="load")
        status = _choose_version(page, other)
        expected = f"/{other}/{lang}/" + (local if local in theirs[lang] else "")
        landed = urlsplit(page.url).path
        at = ""
        if status != 200 or landed != expected:
            problems.append(f"{path} -> {other}: {landed} (HTTP {status}), expected {expected}")
        elif (other, lang, local) in unchecked:
            unchecked.remove((other, lang, local))
            unchecked.insert(0, (other, lang, local))
            page.wait_for_load_state("load")
            at = landed
    assert not problems, "\n".join(problems)


def test_switching_language_then_version_keeps_the_page(
    module_page: OpenPage, versioned_site: tuple[str, Path]
) -> None:
    url, _ = versioned_site
    page, _ = module_page()
    page.goto(url + "/v1.0/es/graph_breaks/", wait_until="networkidle")
    open_language_menu(page)
    with page.expect_navigation(wait_until="networkidle"):
        page.locator('a.polydocs-language-link[hreflang="pt"]').click()
    assert urlsplit(page.url).path == "/v1.0/pt/graph_breaks/"
    assert _choose_version(page, "v2.0") == 200
    assert urlsplit(page.url).path == "/v2.0/pt/graph_breaks/"
    open_language_menu(page)
    with page.expect_navigation(wait_until="domcontentloaded"):
        page.locator('a.polydocs-language-link[hreflang="en"]').click()
    assert urlsplit(page.url).path == "/v2.0/en/graph_breaks/"


def test_an_old_version_shows_a_banner_to_the_same_page_in_the_default_version(
    module_page: OpenPage, versioned_site: tuple[str, Path]
) -> None:
    url, _ = versioned_site
    page, _ = module_page()
    page.goto(url + "/v2.0/es/torch_compile/", wait_until="networkidle")
    assert not page.locator(".polydocs-version-banner").is_visible()
    page.goto(url + "/v1.0/es/torch_compile/", wait_until="networkidle")
    banner = page.locator(".polydocs-version-banner")
    banner.wait_for(state="visible")  # built while v1.0 was the default: versions.js shows it now
    with page.expect_navigation(wait_until="domcontentloaded") as navigation:
        banner.locator("a").click()
    assert navigation.value and navigation.value.status == 200
    assert urlsplit(page.url).path == "/v2.0/es/torch_compile/"
