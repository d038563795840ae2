"""Helpers of the browser tests: Debian's chromium, a local web server, page watching, the switcher check."""

from __future__ import annotations

import contextlib
import functools
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Error, Locator, Page, Request

from polydocs.dialect import load_source_tree
from polydocs.site.alternates import page_url

# Debian's build of chromium's headless shell: the engine (Blink, V8) of its `chromium`, without the
# desktop browser around it, which Playwright itself launches for headless runs. A page load costs it
# about a third of the CPU the full browser takes in headless mode (docs/browser-tests.md).
CHROMIUM = Path("/usr/bin/chromium-headless-shell")

# Headless Debian chromium in a container: no sandbox, no GPU, and none of its own calls home.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"Debian's chromium headless shell ({CHROMIUM}) is not installed: run scripts/install_browser.sh",
)

# Every browser test module carries these marks.
BROWSER_MARKS = [pytest.mark.browser, needs_chromium]

LOCAL_HOST = "127.0.0.1"


class _QuietHandler(SimpleHTTPRequestHandler):
    """Serves the folder as static hosts (GitHub Pages, Netlify) do: a missing path gets the site's root
    `404.html`, with status 404."""

    def log_message(self, format: str, *args: Any) -> None:
        """The test output is the report; a line per request would bury it."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        not_found = Path(self.directory) / "404.html"
        if code != HTTPStatus.NOT_FOUND or not not_found.is_file():
            super().send_error(code, message, explain)
            return
        body = not_found.read_bytes()
        self.send_response(code, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


class _QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes a connection early (page left, prefetch cancelled) is no test failure."""


@contextlib.contextmanager
def serve_folder(folder: Path) -> Iterator[str]:
    """Serve `folder` on 127.0.0.1 (a free port) and yield its base URL, ending without a slash."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = _QuietServer((LOCAL_HOST, 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://{LOCAL_HOST}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass(frozen=True)
class SitePage:
    """One page of one language's site, as the source tree and its fallbacks give it."""

    lang: str
    local: str
    translated: bool

    @property
    def path(self) -> str:
        return f"/{self.lang}/{page_url(self.local)}"

    def __str__(self) -> str:
        return self.path


def site_pages(source: Path) -> list[SitePage]:
    """Every page each language's site has: its own pages and the English pages it shows untranslated."""
    tree = load_source_tree(source)
    english = list(tree.pages["en"])
    pages = []
    for lang in tree.languages:
        own = tree.pages[lang]
        pages += [
            SitePage(lang, local, local in own) for local in [*own, *(p for p in english if p not in own)]
        ]
    return pages


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname == LOCAL_HOST


@dataclass
class PageWatch:
    """What a page did while it loaded: console errors, uncaught exceptions and every request it made."""

    console_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", self._page_error)
        page.on("request", self._request)

    def detach(self, page: Page) -> None:
        page.remove_listener("console", self._console)
        page.remove_listener("pageerror", self._page_error)
        page.remove_listener("request", self._request)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = message.location.get("url", "")
            self.console_errors.append(f"{message.text} (at {where})")

    def _page_error(self, error: Error) -> None:
        self.console_errors.append(f"uncaught: {error.message}")

    def _request(self, request: Request) -> None:
        self.requests.append(request.url)

    @property
    def third_party_requests(self) -> list[str]:
        return [url for url in self.requests if not is_local(url)]


# Matched by the browser itself, so local requests never stop on their way through Python.
_LEAVES_LOCALHOST = re.compile(r"^(?!http://127\.0\.0\.1:)")


# The `open_page` fixture: `open_page(**browser_context_options) -> (page, watch)`.
OpenPage = Callable[..., tuple[Page, "PageWatch"]]


def open_watched_page(browser: Browser, **context_options: Any) -> tuple[Page, PageWatch]:
    """A page in a fresh browser context, watched from its first request; the caller closes the context.

    The context refuses requests that leave localhost (there is no network here; a refused request is still
    recorded by the watch, and the page-load test reports it).
    """
    context = browser.new_context(**context_options)
    context.route(_LEAVES_LOCALHOST, lambda route: route.abort())
    page = context.new_page()
    watch = PageWatch()
    watch.attach(page)
    return page, watch


def open_language_menu(page: Page) -> None:
    """Material shows the language list while the pointer is over the header's translate button."""
    page.hover(".md-header__option .md-select")


def language_links(page: Page) -> tuple[Locator, dict[str, int]]:
    """The page's language links, and the index of each language's link among them."""
    links = page.locator("a.polydocs-language-link")
    return links, {links.nth(i).get_attribute("hreflang") or "": i for i in range(links.count())}


def follow_language_link(page: Page, path: str, lang: str, target: str, link: Locator) -> str:
    """On `path`, loaded, open the language menu and click `link`, the `lang` link: what went wrong if it does
    not land on `target` in that language (`PAGE: the LANG link -> URL: what went wrong`), else ''."""
    open_language_menu(page)
    with page.expect_navigation(wait_until="domcontentloaded") as navigation:
        link.click()
    response = navigation.value
    landed = urlsplit(page.url).path
    status = response.status if response else 0
    page_lang = page.evaluate("document.documentElement.lang")
    followed = f"{path}: the {lang} link -> {landed}"
    if status != 200:
        return f"{followed}: HTTP {status}; expected the page {target}"
    if landed != target:
        return f"{followed}: landed on another page; expected {target}"
    if page_lang != lang:
        return f"{followed}: <html lang={page_lang!r}>, expected {lang!r}"
    return ""


def missing_language_links(path: str, found: dict[str, int], languages: Iterable[str]) -> list[str]:
    return [
        f"{path}: no language link with hreflang={lang!r} (found {sorted(found)})"
        for lang in languages
        if lang not in found
    ]


def switcher_problems(page: Page, base_url: str, path: str, expected: dict[str, str]) -> list[str]:
    """Click each language link on `path` and report every one that does not land on its expected page.

    `expected` maps a language code to the path its link must reach. A problem reads
    `PAGE: the LANG link -> URL: what went wrong`.
    """
    page.goto(base_url + path, wait_until="domcontentloaded")
    links, found = language_links(page)
    problems = missing_language_links(path, found, expected)
    for lang, target in expected.items():
        if lang not in found or target == path:
            continue
        if page.url != base_url + path:
            page.goto(base_url + path, wait_until="domcontentloaded")
        problem = follow_language_link(page, path, lang, target, links.nth(found[lang]))
        problems += [problem] if problem else []
    return problems
