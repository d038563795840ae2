"""An embed's host is the host the reader's browser would load it from (WHATWG URLs, issue 35 family 8):
the build embeds, and build and lint accept, only what a browser would load from an allowed host, and
both report the same problem at the same line for every other source."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from hostile_pages import EMBED_SOURCES, EMBEDDED, embeds_page
from polydocs.dialect.constructs.iframes import embeddable
from polydocs.dialect.urls import browser_url
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths
from polydocs.site.build import build_site

TOC = "- local: embeds\n  title: Embeds\n"
HOSTS = ("huggingface.co",)


def _line(name: str) -> int:
    return 3 + 2 * list(EMBED_SOURCES).index(name)


def _expected(name: str) -> tuple[int, str] | None:
    """`iframe-src` where the browser reads no URL, or one with a user name (refused in frames)."""
    if name in EMBEDDED:
        return None
    url = browser_url(html.unescape(EMBED_SOURCES[name][0]))
    return (_line(name), "iframe-src" if url is None or url.credentials else "iframe-host")


@pytest.fixture(scope="module")
def embeds_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("embeds") / "docs"
    (root / "en").mkdir(parents=True)
    (root / "polydocs.yml").write_text("iframe_hosts: [huggingface.co]\n", encoding="utf-8")
    (root / "en/_toctree.yml").write_text(TOC, encoding="utf-8")
    (root / "en/embeds.md").write_text(embeds_page(EMBED_SOURCES), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def embeds_site(embeds_tree: Path) -> tuple[str, list[tuple[int, str, str]]]:
    report = build_site(embeds_tree, embeds_tree.parent / "site", use_cache=False)
    found = [
        (d.line, d.code, d.message) for d in report.diagnostics if d.code.startswith("iframe-") and d.line
    ]
    page = (embeds_tree.parent / "site/en/embeds/index.html").read_text(encoding="utf-8")
    return page, found


@pytest.mark.parametrize("name", list(EMBED_SOURCES))
def test_the_host_compared_is_the_host_a_browser_loads(name: str) -> None:
    src, host = EMBED_SOURCES[name]
    url = browser_url(html.unescape(src))
    assert (url.host if url else None) == host
    assert embeddable(html.unescape(src), HOSTS) == (name in EMBEDDED)


@pytest.mark.parametrize("name", list(EMBED_SOURCES))
def test_the_build_embeds_only_what_a_browser_loads_from_an_allowed_host(
    embeds_site: tuple[str, list[tuple[int, str, str]]], name: str
) -> None:
    page, found = embeds_site
    expected = _expected(name)
    at_line = [(line, code) for line, code, _ in found if line == _line(name)]
    assert at_line == ([expected] if expected else [])
    frames = re.findall(r'<template><iframe src="([^"]*)" title="([^"]*)"', page)
    embedded = {title: html.unescape(src) for src, title in frames}
    if name in EMBEDDED:
        # Embedded as the browser would request it: the host lowercase, decoded, no tab.
        assert embedded[name] == "https://huggingface.co/spaces/a/b"
    else:
        assert name not in embedded
    assert all(browser_url(src) and browser_url(src).host == "huggingface.co" for src in embedded.values())


def test_the_link_shown_instead_names_the_host_the_reader_would_reach(
    embeds_site: tuple[str, list[tuple[int, str, str]]],
) -> None:
    page, found = embeds_site
    messages = {line: message for line, code, message in found if code == "iframe-host"}
    assert messages[_line("backslash")].startswith("evil.example is not an allowed iframe host")
    links = [
        html.unescape(href) for href in re.findall(r'class="polydocs-embed-link"><a href="([^"]*)"', page)
    ]
    assert "https://evil.example/@huggingface.co/x" in links  # the backslash, as browsers read it
    assert not any("\\" in link or "\t" in link for link in links)


def test_lint_reports_what_the_build_reports(
    embeds_tree: Path, embeds_site: tuple[str, list[tuple[int, str, str]]]
) -> None:
    _, found = embeds_site
    report = lint_paths([embeds_tree], facts=InstalledFacts(store=None), rules=["constructs"])
    linted = sorted((d.line, d.code) for d in report.findings if d.code.startswith("iframe-"))
    assert linted == sorted((line, code) for line, code, _ in found)
    assert linted == sorted(e for name in EMBED_SOURCES if (e := _expected(name)))
