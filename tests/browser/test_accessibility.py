"""axe-core (bundled with axe-playwright-python, so offline) finds no serious or critical problem."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_support import BROWSER_MARKS, OpenPage
from playwright.sync_api import Page

pytestmark = BROWSER_MARKS

# One page of each kind: the root page, a home page, a guide, a translated guide, an untranslated page
# with its banner, the 404 page; and a guide in the dark palette.
PAGE_TYPES = {
    "root": ("/", "light"),
    "home": ("/en/", "light"),
    "guide": ("/en/perf_torch_compile/", "light"),
    "translated-guide": ("/es/perf_torch_compile/", "light"),
    "untranslated-page": ("/pt/graph_breaks/", "light"),
    "not-found": ("/en/404.html", "light"),
    "guide-dark": ("/pt/perf_torch_compile/", "dark"),
}

_BLOCKING = ("serious", "critical")


def _describe(violation: dict) -> str:
    nodes = "\n".join(
        f"    {', '.join(map(str, node['target']))}: {node.get('failureSummary', '').splitlines()[-1:]}"
        for node in violation["nodes"][:5]
    )
    more = f"\n    ... and {len(violation['nodes']) - 5} more" if len(violation["nodes"]) > 5 else ""
    return f"  {violation['id']} ({violation['impact']}): {violation['help']}\n{nodes}{more}"


def _stay_on_root_page(page: Page, site_url: str) -> None:
    """The root page's one script only leaves for the reader's language; axe needs JavaScript to run, so
    the page is served without that script (everything a reader sees stays)."""
    served = page.request.get(site_url + "/").text()
    without_script = re.sub(r"<script>.*?</script>", "", served, flags=re.DOTALL)
    assert without_script != served, "the root page no longer has its redirect script"
    page.route(site_url + "/", lambda route: route.fulfill(body=without_script, content_type="text/html"))


@pytest.mark.parametrize("kind", list(PAGE_TYPES))
def test_no_serious_accessibility_violations(module_page: OpenPage, site_url: str, kind: str) -> None:
    path, scheme = PAGE_TYPES[kind]
    page, _ = module_page(locale="en-US", color_scheme=scheme)
    if kind == "root":
        _stay_on_root_page(page, site_url)
    page.goto(site_url + path)
    page.unroute_all()  # the page is shared with the module's other tests (`module_page`)
    results = Axe().run(page)
    blocking = [v for v in results.response["violations"] if v["impact"] in _BLOCKING]
    assert not blocking, f"{path} ({scheme}):\n" + "\n".join(_describe(v) for v in blocking)
