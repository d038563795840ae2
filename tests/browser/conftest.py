"""Fixtures of the browser tests: the site built once, served on localhost, and headless Debian chromium."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    CHROMIUM,
    CHROMIUM_ARGS,
    OpenPage,
    PageWatch,
    SitePage,
    open_watched_page,
    serve_folder,
    site_pages,
)
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from polydocs.site.build import build_site

REPO = Path(__file__).resolve().parents[2]
DOCS_SOURCE = REPO / "docs_src"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives headless Debian chromium against the built site (tests/browser)"
    )


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's own docs_src, built once per test session."""
    out = tmp_path_factory.mktemp("browser") / "site"
    report = build_site(DOCS_SOURCE, out)
    assert not report.warnings, "the site built with warnings:\n" + "\n".join(report.warnings)
    return out


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    with serve_folder(built_site) as url:
        yield url


@pytest.fixture(scope="session")
def pages_of_site() -> list[SitePage]:
    return site_pages(DOCS_SOURCE)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def page_loads(browser: Browser, site_url: str, pages_of_site: list[SitePage]) -> dict[str, PageWatch]:
    """The root page, every page and each language's 404 page, each loaded once in turn (in one page: a new
    page costs chromium about as much CPU again as a load) in the default 1280x720 viewport until the
    network is idle, watched: what each logged and requested, for every test about page loads
    (test_page_load.py, and the policy's reports in test_hostile_pages.py).

    The root page leaves for the reader's language at once: its entry covers that page too.
    """
    not_found = [f"/{lang}/404.html" for lang in sorted({page.lang for page in pages_of_site})]
    loads = {}
    page, _ = open_watched_page(browser, locale="en-US")
    try:
        for path in ["/", *(str(site_page) for site_page in pages_of_site), *not_found]:
            watch = PageWatch()
            watch.attach(page)
            page.goto(site_url + path, wait_until="load")
            page.wait_for_load_state("networkidle")
            watch.detach(page)
            loads[path] = watch
    finally:
        page.context.close()
    return loads


@pytest.fixture
def open_page(browser: Browser) -> Iterator[OpenPage]:
    """`open_page(**context_options)`: a fresh browser context and page, watched from its first request."""
    contexts: list[BrowserContext] = []

    def open_new(**options: Any) -> tuple[Page, PageWatch]:
        page, watch = open_watched_page(browser, **options)
        contexts.append(page.context)
        return page, watch

    yield open_new
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def module_page(browser: Browser) -> Iterator[OpenPage]:
    """`module_page(**context_options)`: as `open_page`, but one page per set of options for the whole test
    module, handed to each test that asks for those options with a watch of its own. For tests that go to
    a page and read it, leaving nothing behind (no stored choice, route or listener): a new page costs
    chromium about as much CPU again as a load."""
    pages: dict[str, tuple[Page, PageWatch]] = {}

    def reuse(**options: Any) -> tuple[Page, PageWatch]:
        key = repr(sorted(options.items()))
        if key not in pages:
            pages[key] = open_watched_page(browser, **options)
        page, watch = pages[key]
        watch.detach(page)
        pages[key] = page, PageWatch()
        pages[key][1].attach(page)
        return pages[key]

    yield reuse
    for page, _ in pages.values():
        page.context.close()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Screenshots go to $POLYDOCS_ARTIFACTS/browser, else test-artifacts/browser (git-ignored)."""
    root = Path(os.environ.get("POLYDOCS_ARTIFACTS") or REPO / "test-artifacts")
    folder = root / "browser"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
