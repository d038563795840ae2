"""The embed constructs' specs: the one host rule, where iframes are, and the facts autodoc depends on."""

from __future__ import annotations

import pytest

from polydocs.dialect import PageFacts, page_findings, parse_page
from polydocs.dialect.constructs.autodoc import find_autodoc
from polydocs.dialect.constructs.iframes import embeddable, find_iframes, host_allowed
from polydocs.markup import MarkupContext, render
from polydocs.markup.unsafe_html import sanitize_page
from polydocs.sources import language_of
from polydocs.sources.api_inventory import ApiInventory

HOSTS = ("huggingface.co", "youtube.com")


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("huggingface.co", True),
        ("datasets.huggingface.co", True),
        ("WWW.YouTube.com", True),
        ("huggingface.co.evil.example", False),
        ("evilhuggingface.co", False),
        ("", False),
    ],
)
def test_a_host_is_allowed_when_it_is_listed_or_a_subdomain_of_one_listed(host: str, allowed: bool) -> None:
    assert host_allowed(host, HOSTS) is allowed


def test_only_https_sources_on_an_allowed_host_are_embeddable() -> None:
    assert embeddable("https://www.youtube.com/embed/x", HOSTS)
    assert not embeddable("http://www.youtube.com/embed/x", HOSTS)
    assert not embeddable("https://notyoutube.com/embed/x", HOSTS)


def _embed(source: str, hosts: tuple[str, ...]) -> str:
    context = MarkupContext("page.md", language_of("en"), iframe_hosts=hosts)
    return render(f'<iframe src="{source}" title="t"></iframe>\n', context)


def test_the_sanitiser_keeps_exactly_the_embeds_the_host_rule_allows() -> None:
    kept = _embed("https://www.youtube.com/embed/x", HOSTS)
    assert sanitize_page(kept, HOSTS).html == kept
    # The same embed, checked against a list without its host, loses its frame.
    assert "<iframe" not in sanitize_page(kept, ("huggingface.co",)).html


def test_iframes_in_code_or_closed_comments_are_none() -> None:
    text = (
        "```html\n<iframe src='https://a.example'></iframe>\n```\n\n"
        "<!--\n<iframe src='https://b.example'></iframe>\n-->\n\n"
        "<iframe src='https://c.example'\n  title='c'></iframe>\n"
    )
    [iframe] = find_iframes(parse_page(text))
    assert (iframe.index, iframe.last, iframe.source, iframe.closed) == (8, 9, "https://c.example", True)


def test_an_iframe_alone_is_closed_by_a_closing_tag_after_blank_lines_only() -> None:
    closed, unclosed = find_iframes(
        parse_page("<iframe src='https://a.example'>\n\n</iframe>\n\n<iframe src='x'>\ntext\n</iframe>\n")
    )
    assert (closed.closed, closed.last) == (True, 2)
    assert (unclosed.closed, unclosed.last) == (False, 4)


def test_a_title_is_asked_for_only_where_the_site_embeds_the_frame() -> None:
    text = "<iframe src='https://huggingface.co/x'></iframe>\n\n<iframe src='https://a.example/x'></iframe>\n"
    codes = [(f.index, f.code) for f in page_findings(parse_page(text), PageFacts())]
    assert codes == [(0, "iframe-title"), (2, "iframe-host")]


def test_autodoc_is_reported_unavailable_only_when_the_facts_carry_the_inventory() -> None:
    page = parse_page("# API\n\n[[autodoc]] Trainer\n    - train\n    - evaluate\n")
    [autodoc] = find_autodoc(page)
    assert (autodoc.index, autodoc.name, autodoc.members) == (2, "Trainer", ("train", "evaluate"))
    missing = ApiInventory.from_config({"url": "https://x/{page}#{anchor}", "package": "no_such_package_0"})
    assert [(f.index, f.code) for f in page_findings(page, PageFacts(api=missing))] == [
        (2, "autodoc-unavailable")
    ]
    assert page_findings(page, PageFacts()) == []


def test_the_renderer_shows_the_placeholder_where_the_check_reports_the_object() -> None:
    missing = ApiInventory.from_config({"url": "https://x/{page}#{anchor}", "package": "no_such_package_0"})
    context = MarkupContext("page.md", language_of("en"), api=missing)
    html = render("[[autodoc]] Trainer\n", context)
    assert '<p class="polydocs-autodoc-unavailable"><code>no_such_package_0.Trainer</code></p>' in html
    assert [(w.line, w.code) for w in context.warnings] == [(1, "autodoc-unavailable")]


def test_a_source_that_is_no_url_is_reported_and_embeds_nothing() -> None:
    text = '<iframe src="https://[oops" title="t"></iframe>\n'
    assert [f.code for f in page_findings(parse_page(text), PageFacts())] == ["iframe-src"]
    assert "polydocs-embed" not in render(text, MarkupContext("page.md", language_of("en")))
    assert not embeddable("https://[oops", HOSTS)
