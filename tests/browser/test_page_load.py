"""Loading any page logs no console error and makes no request beyond localhost (everything self-hosted)."""

from __future__ import annotations

import pytest
from browser_support import BROWSER_MARKS, PageWatch, SitePage, open_watched_page
from playwright.sync_api import Browser

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def page_loads(browser: Browser, site_url: str, pages_of_site: list[SitePage]) -> dict[str, PageWatch]:
    """Every page loaded once in the default 1280x720 viewport until the network is idle, watched.

    The root page leaves for the reader's language at once: its entry covers that page too.
    """
    loads = {}
    for path in ["/", *(str(page) for page in pages_of_site)]:
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
    """Fonts and scripts are self-hosted; the benchmark iframe is lazy and far below, so it must not load."""
    problems = [f"{path}: {url}" for path, watch in page_loads.items() for url in watch.third_party_requests]
    assert not problems, "requests beyond localhost:\n" + "\n".join(problems)
