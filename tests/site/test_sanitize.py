"""Untrusted page HTML is sanitised: what nh3 removes, where the warning points, and the built site."""

import re
import textwrap
from html.parser import HTMLParser
from pathlib import Path

import pytest

from hostile_pages import EXPECTED_WARNINGS, FORBIDDEN_IN_ARTICLE, HOSTILE_TREE
from polydocs.diagnostics import PolydocsError
from polydocs.markup import MarkupContext, render
from polydocs.markup.unsafe_html import diagnostics, sanitize_page, source_line, title_diagnostic
from polydocs.site.build import build_site
from polydocs.sources import language_of
from polydocs.sources.project import TrustedSources

HOSTS = ("huggingface.co",)


def _sanitized(html: str) -> tuple[str, list[str]]:
    result = sanitize_page(html, HOSTS)
    return result.html, [removal.what for removal in result.removals]


def _page(markdown: str) -> str:
    return render(markdown, MarkupContext(path="page.md", lang=language_of("en"), iframe_hosts=HOSTS))


def test_safe_html_keeps_its_bytes_although_nh3_would_write_it_otherwise():
    html = (
        '<p>Say &quot;hi&quot;<br />\n<img alt="a" src="x.png" /></p>\n'
        '<input checked="checked" id="__tabbed_1_1" name="__tabbed_1" type="radio" />'
        '<svg viewBox="0 0 1 1" style="max-width:680px"><rect width="1"/></svg>'
        '<button class="md-button" hidden type="button">b</button><!-- polydocs: kept -->'
    )
    assert _sanitized(html) == (html, [])


def test_html_a_browser_completes_anyway_is_kept_as_written():
    html = '<p><div class="polydocs-evidence">? Not verified</div></p>\n<table><tr><td>1</td></tr></table>'
    assert _sanitized(html) == (html, [])


def test_the_context_mkdocstrings_gives_a_cross_reference_is_kept():
    # What mkdocstrings writes for `[peft.PeftModel][]` in a docstring (peft's package_reference/peft_model).
    html = (
        '<p><autoref identifier="peft.PeftModel" optional hover domain="py" role="class" '
        'origin="peft.PeftModel.from_pretrained" filepath="/site-packages/peft/peft_model.py" '
        'lineno="412">PeftModel</autoref></p>'
    )
    assert _sanitized(html) == (html, [])


@pytest.mark.parametrize(
    ("html", "removed"),
    [
        ("<p>a<script>alert(1)</script>b</p>", "removed the `<script>` element"),
        ('<img src="x" onerror="alert(1)">', "removed the event handler `onerror` of `<img>`"),
        ('<svg onload="alert(1)"></svg>', "removed the event handler `onload` of `<svg>`"),
        ('<a href="javascript:alert(1)">x</a>', "`javascript:` URLs are not allowed"),
        ('<a href="JaVaScRiPt&colon;alert(1)">x</a>', "`javascript:` URLs are not allowed"),
        ('<a href="java&#x09;script:alert(1)">x</a>', "`javascript:` URLs are not allowed"),
        ('<a href="data:text/html,x">x</a>', "a `data:` URL is allowed only for a PNG"),
        ('<iframe srcdoc="<script>alert(1)</script>"></iframe>', "removed the `<iframe>` element"),
        ('<form action="x"><input name="q"></form>', "removed the `<form>` element"),
        ('<object data="x.swf"></object>', "removed the `<object>` element"),
        ('<embed src="x.swf">', "removed the `<embed>` element"),
        ("<style>p { color: red }</style>", "removed the `<style>` element"),
        ('<p style="width: url(https://evil.example/)">x</p>', "the value of the style property"),
        ('<p style="position: fixed">x</p>', "the style property `position` is not allowed"),
        ('<div id="__config">{}</div>', "the id `__config` is reserved"),
        ('<div data-md-component="search">x</div>', "`data-md-component` attributes are reserved"),
        ("<template><p>x</p></template>", "removed the `<template>` element"),
        ("<base href='https://evil.example/'>", "removed the `<base>` element"),
        ("<svg><style><img src=x onerror=alert(1)></style></svg>", "removed the `<style>` element"),
        ("<!--><img src=x onerror=alert(1)>-->", "or HTML read otherwise than it looks"),
        ("<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>", "`<mglyph>`"),
        ("<autoref identifier='x\" onmouseover=\"alert(1)' optional>x</autoref>", "a cross-reference names"),
    ],
)
def test_unsafe_html_is_removed_and_said(html: str, removed: str):
    cleaned, removals = _sanitized(html)
    assert any(removed in what for what in removals), removals
    assert not re.search(r"<script|\son\w+=|javascript:|srcdoc|<form|<object|<embed|<style", cleaned, re.I)


def test_an_unknown_element_is_unwrapped_and_only_what_would_run_is_said():
    cleaned, removals = _sanitized(
        '<p><Question choices="{[1]}">Why?</Question></p><p><x-a onclick="a()">b</x-a></p>'
    )
    assert cleaned == "<p>Why?</p><p>b</p>"
    assert removals == ["removed the event handler `onclick` of `<x-a>`"]


def test_an_obsolete_element_a_browser_reads_as_another_is_no_unknown_one():
    cleaned, removals = _sanitized('<image src="x" onerror="alert(1)">')
    assert cleaned == '<img src="x">' and removals == ["removed the `<image>` element"]


def test_data_images_are_kept_and_relative_links_too():
    html = (
        '<img src="data:image/png;base64,iVBORw0KGgo=">'
        '<a href="../guide/#a">g</a><a href="mailto:a@b.c">m</a>'
    )
    assert _sanitized(html) == (html, [])


def test_the_embed_polydocs_makes_survives_and_a_forged_one_from_another_host_does_not():
    page = _page('<iframe src="https://huggingface.co/spaces/a/b" title="t" width="10"></iframe>\n')
    assert _sanitized(page) == (page, [])
    forged = page.replace("https://huggingface.co/spaces/a/b", "https://evil.example/")
    cleaned, removals = _sanitized(forged)
    assert "<iframe" not in cleaned and "removed the `<template>` element" in removals
    # The button and the link stay: without the template the button does nothing.
    assert "polydocs-embed-link" in cleaned


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)


def test_an_embed_written_into_an_attribute_stays_text():
    page = _page('<iframe src="https://huggingface.co/spaces/a/b" title="t"></iframe>\n')
    template = re.search(r"<template>.*</template>", page)[0]
    cleaned, removals = _sanitized(f"<p title='{template}'>x</p><p onclick='x'>y</p>")
    parser = _Tags()
    parser.feed(cleaned)
    assert parser.tags == ["p", "p"]
    assert removals == ["removed the event handler `onclick` of `<p>`"]


def test_removals_point_at_their_source_line_outside_code():
    source = "# T\n\n```html\n<script>shown</script>\n```\n\nText `<script>` here.\n\n<script>x</script>\n"
    result = sanitize_page(_page(source), HOSTS)
    assert [source_line(r, source) for r in result.removals] == [9]


def test_the_second_of_two_handlers_points_at_the_second_line():
    source = '<img src="a" onerror="x">\n\n<img src="b">\n\n<img src="c" onerror="y">\n'
    found = diagnostics("page.md", source, sanitize_page(_page(source), HOSTS).removals)
    assert [(d.line, d.code) for d in found] == [(1, "unsafe-html"), (5, "unsafe-html")]
    assert "trusted:" in found[0].hint


def test_markdown_links_and_attribute_lists_are_sanitised_too():
    source = '[x](javascript:alert(1))\n\n![i](javascript:alert(2))\n\n## Title {: onclick="alert(3)" }\n'
    found = diagnostics("page.md", source, sanitize_page(_page(source), HOSTS).removals)
    assert [d.line for d in found] == [1, 3, 5]


def test_a_title_holding_markup_is_said_and_plain_titles_are_not():
    problem = title_diagnostic("en/_toctree.yml", 4, "<img src=x onerror=alert(1)>")
    assert problem is not None and str(problem).startswith("en/_toctree.yml:4: unsafe-html the title")
    assert title_diagnostic("en/_toctree.yml", 4, "Tips and tricks: 2 < 3") is None


def test_trusted_sources_name_languages_and_path_globs():
    trusted = TrustedSources(languages=("en",), paths=("es/internal/*.md", "pt/**/*.md"))
    assert trusted.covers("en", "en/anything.md")
    assert trusted.covers("es", "es/internal/notes.md")
    assert not trusted.covers("es", "es/internal/deeper/notes.md")
    assert trusted.covers("pt", "pt/a/b/c.md") and trusted.covers("pt", "pt/c.md")
    assert not TrustedSources().covers("en", "en/index.md")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    root = tmp_path_factory.mktemp("hostile")
    source = root / "docs"
    for name, text in HOSTILE_TREE.items():
        path = source / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    report = build_site(source, root / "site")
    return root / "site", report.warnings


def test_hostile_pages_are_warned_about_at_their_lines(hostile_site):
    _, warnings = hostile_site
    unsafe = [w for w in warnings if "unsafe-html" in w]
    missing = [e for e in EXPECTED_WARNINGS if not any(e in w for w in unsafe)]
    assert not missing, "\n".join(unsafe)
    assert not any("en/internal/notes.md" in w for w in unsafe), "a trusted page is published as written"
    assert not any("en/index.md" in w for w in unsafe), "the embed polydocs makes is not unsafe"


@pytest.mark.parametrize("page", ["en/attack", "es/attack", "es/meta"])
def test_hostile_pages_are_published_without_the_attacks(hostile_site, page):
    site, _ = hostile_site
    html = (site / page / "index.html").read_text(encoding="utf-8")
    article = re.search(r"<article[^>]*>(.*)</article>", html, re.DOTALL)[1]
    article = re.sub(r"<pre>.*?</pre>", "", article, flags=re.DOTALL)  # code shows markup as text
    found = [pattern for pattern in FORBIDDEN_IN_ARTICLE if re.search(pattern, article, re.IGNORECASE)]
    assert not found, found


def test_titles_and_front_matter_are_text_in_every_page(hostile_site):
    site, _ = hostile_site
    for page in [site / "es" / "attack" / "index.html", site / "es" / "meta" / "index.html"]:
        html = page.read_text(encoding="utf-8")
        scripts = re.findall(r"<script[^>]*>", html)
        assert all("src=" in tag or "application/json" in tag for tag in scripts), scripts
        assert not re.search(r"<img[^>]*onerror", html)
    nav = (site / "en" / "index.html").read_text(encoding="utf-8")
    assert "&lt;img src=x onerror=&quot;window.__pwned=&#x27;nav&#x27;&quot;&gt;Attack" in nav


def test_the_embed_and_the_trusted_page_are_published_as_written(hostile_site):
    site, _ = hostile_site
    home = (site / "en" / "index.html").read_text(encoding="utf-8")
    assert '<template><iframe src="https://huggingface.co/spaces/x/y"' in home
    notes = (site / "en" / "internal" / "notes" / "index.html").read_text(encoding="utf-8")
    assert '<script>window.__pwned = "trusted"</script>' in notes


def test_every_page_carries_a_content_security_policy(hostile_site):
    site, _ = hostile_site
    for page in [*site.glob("*/index.html"), *site.glob("*/*/index.html"), site / "index.html"]:
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        assert 'http-equiv="Content-Security-Policy"' in head, page
        assert not re.search(r"<script>(?!\s*$)", head.split("Content-Security-Policy")[0]), page
    home = (site / "en" / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'Content-Security-Policy" content="([^"]*)"', home)
    assert policy and "script-src 'self';" in policy[1] and "https://*.huggingface.co" in policy[1]


def test_strict_build_refuses_a_hostile_page(write_tree, tmp_path):
    source = write_tree(
        {
            "en/_toctree.yml": "- local: index\n  title: Home\n",
            "en/index.md": "# Home\n\n<img src=x onerror=alert(1)>\n",
        }
    )
    with pytest.raises(PolydocsError) as raised:
        build_site(source, tmp_path / "site", strict=True)
    assert "en/index.md:3: unsafe-html removed the event handler `onerror` of `<img>`" in str(raised.value)


def test_a_cached_conversion_stays_sanitised_and_warned_about(write_tree, tmp_path):
    source = write_tree(
        {
            "en/_toctree.yml": "- local: index\n  title: Home\n",
            "en/index.md": "# Home\n\n<script>alert(1)</script>\n",
        }
    )
    first = build_site(source, tmp_path / "first")
    second = build_site(source, tmp_path / "second")
    assert second.warnings == first.warnings and any("unsafe-html" in w for w in second.warnings)
    assert "alert(1)" not in (tmp_path / "second" / "en" / "index.html").read_text(encoding="utf-8")
