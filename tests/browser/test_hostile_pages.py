"""Hostile pages built and opened in chromium: none of their attacks runs, and the site's own scripts do.

Every attack in the hostile tree (tests/hostile_pages.py) would set `window.__pwned` or open a dialog.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from browser_support import BROWSER_MARKS, OpenPage, PageWatch, open_watched_page, serve_folder
from playwright.sync_api import Browser, Dialog, Page

from hostile_pages import HOSTILE_TREE
from polydocs.site.build import build_site

pytestmark = BROWSER_MARKS

HOSTILE_PAGES = ["/en/attack/", "/es/attack/", "/es/meta/", "/en/", "/es/", "/es/status/", "/en/status/"]
# What a reader may do to an attack that waits for them: point at it, open it, press it.
_TOUCHED = "article b, article img, article svg, article details summary, article a:not([href]), nav label"


@pytest.fixture(scope="module")
def hostile_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("hostile-browser")
    for name, text in HOSTILE_TREE.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    build_site(root / "docs", root / "site")
    with serve_folder(root / "site") as url:
        yield url


# Each event as Playwright's `dispatch_event` makes it, dispatched to each element itself (a pointer would
# reach whatever lies on top of it), all in one call into the page.
_TOUCH = """([selector, limit]) => {
  for (const element of [...document.querySelectorAll(selector)].slice(0, limit)) {
    for (const type of ['mouseover', 'focus', 'click']) {
      const Kind = type === 'focus' ? FocusEvent : MouseEvent;
      element.dispatchEvent(new Kind(type, {bubbles: true, cancelable: true, composed: true}));
    }
  }
}"""


def _visit(browser: Browser, url: str) -> tuple[Page, list[str], list[str]]:
    """Open the page, touch everything an attack could wait on; return the page, dialogs and console."""
    page, watch = open_watched_page(browser)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(url, wait_until="load")
    page.wait_for_timeout(200)  # a refresh `<meta>` would have moved the page by now
    assert page.url == url, f"the page sent the reader to {page.url}"
    page.evaluate(_TOUCH, [_TOUCHED, 80])
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    return page, dialogs, watch.console_errors


@dataclass(frozen=True)
class Visit:
    """What a visit (`_visit`) of a hostile page left: whether an attack ran, and what the theme's script
    defined."""

    pwned: object
    dialogs: list[str]
    console: list[str]
    md_get: str


@pytest.fixture(scope="module")
def visits(browser: Browser, hostile_url: str) -> Callable[[str], Visit]:
    """`visits(path)`: the visit of that hostile page, made when a test first asks for it; every test
    about the page reads the same visit."""
    made: dict[str, Visit] = {}

    def visit(path: str) -> Visit:
        if path not in made:
            page, dialogs, console = _visit(browser, hostile_url + path)
            try:
                pwned, md_get = page.evaluate("() => [window.__pwned, typeof __md_get]")
                made[path] = Visit(pwned, dialogs, console, md_get)
            finally:
                page.context.close()
        return made[path]

    return visit


@pytest.mark.parametrize("path", HOSTILE_PAGES)
def test_no_attack_runs_on_a_hostile_page(visits: Callable[[str], Visit], path: str) -> None:
    visit = visits(path)
    assert visit.pwned is None
    assert visit.dialogs == []
    # Nothing unsafe is left for the policy to stop: the sanitiser took it out first.
    assert not [line for line in visit.console if "Content Security Policy" in line], visit.console


def test_a_trusted_pages_inline_script_is_still_stopped_by_the_policy(
    browser: Browser, hostile_url: str
) -> None:
    page, _, console = _visit(browser, hostile_url + "/en/internal/notes/")
    try:
        assert page.evaluate("() => window.__pwned") is None
        assert any("Content Security Policy" in line for line in console), console
    finally:
        page.context.close()


def test_the_sites_own_scripts_run_under_the_policy(browser: Browser, hostile_url: str) -> None:
    """Material's storage, palette and tab scripts (files now, not inline) and the embed's button."""
    page, watch = open_watched_page(browser)
    try:
        page.goto(hostile_url + "/en/#__tabbed_1_2", wait_until="load")
        assert page.evaluate("() => typeof __md_get") == "function"
        assert page.locator("#__tabbed_1_2").is_checked()
        scheme = page.evaluate("() => document.body.dataset.mdColorScheme")
        page.locator("form[data-md-component=palette] label:visible").first.click()
        page.reload(wait_until="load")
        assert page.evaluate("() => document.body.dataset.mdColorScheme") != scheme
        page.locator(".polydocs-embed-load").click()
        assert page.locator("article iframe[sandbox]").count() == 1
        assert not [line for line in watch.console_errors if "Content Security Policy" in line]
    finally:
        page.context.close()


def test_the_projects_own_pages_break_no_rule_of_the_policy(
    browser: Browser, site_url: str, built_site: Path, page_loads: dict[str, PageWatch]
) -> None:
    """Read from conftest.py's `page_loads` (each page loaded once for every page-load test); a page the
    build wrote that those loads miss is loaded here."""
    pages = [page.parent.relative_to(built_site).as_posix() for page in built_site.glob("*/**/index.html")]
    problems = []
    for path in ["/", *sorted(f"/{page}/" for page in pages)]:
        watch = page_loads.get(path)
        if watch is None:
            page, watch = open_watched_page(browser)
            page.goto(site_url + path, wait_until="load")
            page.context.close()
        problems += [f"{path}: {line}" for line in watch.console_errors if "Content Security Policy" in line]
    assert not problems, "\n".join(problems)


def test_a_trees_script_never_replaces_the_themes(visits: Callable[[str], Visit]) -> None:
    """es/assets/polydocs/md-storage.js in the tree: the theme's script runs on every Spanish page."""
    for path in ["/es/", "/es/attack/", "/es/meta/", "/es/status/"]:
        visit = visits(path)
        assert visit.pwned is None
        assert visit.md_get == "function", path
        assert visit.dialogs == []


@pytest.mark.parametrize("path", ["/en/evil.html", "/en/evil.xhtml", "/en/img/evil.svg", "/es/evil.html"])
def test_a_trees_active_files_are_not_on_the_site(module_page: OpenPage, hostile_url: str, path: str) -> None:
    page, _ = module_page()
    dialogs: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    try:
        response = page.goto(hostile_url + path, wait_until="load")
        assert response is not None and response.status == 404
        assert page.evaluate("() => window.__pwned") is None and dialogs == []
    finally:
        page.remove_listener("dialog", dismiss)  # the page is shared with the module's other tests


def test_a_page_links_none_of_them_and_embeds_only_the_allowed_host(
    browser: Browser, hostile_url: str
) -> None:
    """The links and images to refused files lead nowhere; the embed whose URL a browser reads as
    evil.example's (`https://evil.example\\@huggingface.co/...`) is a link, never a frame."""
    page, dialogs, _ = _visit(browser, hostile_url + "/en/attack/")
    try:
        for button in page.locator(".polydocs-embed-load").all():
            button.dispatch_event("click")
        frames = page.evaluate("() => [...document.querySelectorAll('article iframe')].map(f => f.src)")
        assert all(src.startswith("https://huggingface.co/") for src in frames), frames
        links = page.evaluate(
            "() => [...document.querySelectorAll('article a[href]')].map(a => a.getAttribute('href'))"
        )
        assert "https://evil.example/@huggingface.co/spaces/x/y" in links
        images = page.evaluate("() => [...document.querySelectorAll('article img')].map(i => i.src)")
        tree_files = [href for href in links if href.endswith((".html", ".svg", ".xhtml"))]
        for url in [*(f"{hostile_url}/en/attack/{href}" for href in tree_files), *images]:
            if url.startswith(hostile_url) and url.endswith((".html", ".svg", ".xhtml")):
                assert page.request.get(url).status == 404, url
        assert page.evaluate("() => window.__pwned") is None and dialogs == []
    finally:
        page.context.close()


def test_search_results_show_front_matter_as_text(browser: Browser, hostile_url: str) -> None:
    """Material's search renders titles and tags as HTML: es/meta.md's front matter holds markup."""
    page, _ = open_watched_page(browser)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(hostile_url + "/es/", wait_until="load")
        page.locator(".md-search__input").click()
        page.keyboard.type("contributors")
        page.wait_for_selector(".md-search-result__item")
        page.wait_for_timeout(300)
        shown = page.locator(".md-search-result").inner_text()
        assert 'onerror="window.__pwned=21"' in shown  # the tag, as text
        assert page.evaluate("() => window.__pwned") is None and dialogs == []
    finally:
        page.context.close()
