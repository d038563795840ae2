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


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """Screenshots go to $POLYDOCS_ARTIFACTS/browser, else test-artifacts/browser (git-ignored)."""
    root = Path(os.environ.get("POLYDOCS_ARTIFACTS") or REPO / "test-artifacts")
    folder = root / "browser"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
