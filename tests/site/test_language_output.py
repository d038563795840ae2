"""Page events that rewrite built files: the 404 page's links and search point into its language."""

from pathlib import Path

from polydocs.site.language_output import root_404_links_into_language

CONFIG = '<script id="__config" type="application/json">{{"base": "{base}", "search": "{worker}"}}</script>'


def test_404_page_links_and_search_point_into_its_language(tmp_path: Path):
    page = tmp_path / "404.html"
    page.write_text(
        '<link rel="stylesheet" href="/assets/main.css"><a href="https://example.com/">out</a>\n'
        '<img src="//cdn.example.com/x.png"><script src="/assets/bundle.js"></script>\n'
        + CONFIG.format(base="/", worker="/assets/workers/search.js"),
        encoding="utf-8",
    )
    root_404_links_into_language(tmp_path, "es")
    assert page.read_text(encoding="utf-8") == (
        '<link rel="stylesheet" href="/es/assets/main.css"><a href="https://example.com/">out</a>\n'
        '<img src="//cdn.example.com/x.png"><script src="/es/assets/bundle.js"></script>\n'
        + CONFIG.format(base="/es/", worker="/es/assets/workers/search.js")
    )
