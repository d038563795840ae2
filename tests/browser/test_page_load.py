"""Loading any page logs no console error and makes no request beyond localhost (everything self-hosted).

The loads are conftest.py's `page_loads`: every page, and each language's 404 page, loaded once."""

from __future__ import annotations

from browser_support import BROWSER_MARKS, PageWatch

pytestmark = BROWSER_MARKS


def test_no_console_errors_on_any_page(page_loads: dict[str, PageWatch]) -> None:
    problems = [f"{path}: {error}" for path, watch in page_loads.items() for error in watch.console_errors]
    assert not problems, "console errors:\n" + "\n".join(problems)


def test_no_request_leaves_localhost_on_page_load(page_loads: dict[str, PageWatch]) -> None:
    """Fonts and scripts are self-hosted; an embed's iframe is not even in the page until the reader asks."""
    problems = [f"{path}: {url}" for path, watch in page_loads.items() for url in watch.third_party_requests]
    assert not problems, "requests beyond localhost:\n" + "\n".join(problems)
