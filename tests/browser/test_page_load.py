"""Loading any page logs no console error and makes no request beyond localhost (everything self-hosted)."""

from __future__ import annotations

import pytest
from browser_support import BROWSER_MARKS, PageWatch, SitePage, open_watched_page
from playwright.sync_api import Browser

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def page_loads(browser: Browser, site_url: str, pages_of_site: list[SitePage]) -> dict[str, PageWatch]:
    """Every page, and each language's 404 page, loaded once in the default 1280x720 viewport until the
    network is idle, watched.

    The root page leaves for the reader's language at once: its entry covers that page too.
    """
    not_found = [f"/{lang}/404.html" for lang in sorted({page.lang for page in pages_of_site})]
    loads = {}
    for path in ["/", *(str(page) for page in pages_of_site), *not_found]:
        page, watch = open_watched_page(browser, locale="en-US")
        page.goto(site_url + path, wait_until="load")
        page.wait_for_load_state("networkidle")
        loads[path] = watch
        page.context.close()
    return loads


def test_no_console_errors_on_any_page(page_loads: dict[str, PageWatch]) -> None:
    problems = [f"{path}: {error}" for path, watch in page_loads.items() for error in watch.console_errors]
    assert not problems, "console errors:\n" + "\n".join(problems)


def test_no_request_leaves_localhost_on_page_load(page_loads: dict[str, PageWatch]) -> None:
    """Fonts and scripts are self-hosted; an embed's iframe is not even in the page until the reader asks."""
    problems = [f"{path}: {url}" for path, watch in page_loads.items() for url in watch.third_party_requests]
    assert not problems, "requests beyond localhost:\n" + "\n".join(problems)
