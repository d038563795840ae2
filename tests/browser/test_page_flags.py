"""doc-builder's page flags in chromium: `<!-- WRAP CODE BLOCKS -->` wraps a long code line instead of
scrolling it, `<!-- STRETCH TABLES -->` gives a small table the content area's width; a page without
them keeps Material's scrolling code and content-sized tables."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator

import pytest
from browser_support import BROWSER_MARKS, OpenPage, serve_folder
from playwright.sync_api import Page

from polydocs.site.build import build_site

pytestmark = BROWSER_MARKS

LONG = "text-generation-launcher --model-id bigscience/bloom-560m" + " --max-input-tokens 1000" * 6
BODY = """
# {title}

| a | b |
|---|---|
| 1 | 2 |

```bash
{long}
```
"""
TREE = {
    "en/_toctree.yml": "- local: flagged\n  title: Flagged\n- local: plain\n  title: Plain\n",
    "en/flagged.md": "<!-- WRAP CODE BLOCKS -->\n<!-- STRETCH TABLES -->\n"
    + BODY.format(title="Flagged", long=LONG),
    "en/plain.md": BODY.format(title="Plain", long=LONG),
}
_MEASURE = """() => {
  const code = document.querySelector('article pre > code');
  const table = document.querySelector('article table');
  const article = document.querySelector('article');
  return {
    codeScrolls: code.scrollWidth > code.clientWidth + 1,
    codeLines: code.getBoundingClientRect().height / parseFloat(getComputedStyle(code).lineHeight),
    tableShare: table.getBoundingClientRect().width / article.getBoundingClientRect().width,
  };
}"""


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("page-flags")
    for name, text in TREE.items():
        path = root / "docs" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    build_site(root / "docs", root / "site")
    with serve_folder(root / "site") as url:
        yield url


def _measure(page: Page, url: str) -> dict[str, float]:
    page.goto(url, wait_until="load")
    return dict(page.evaluate(_MEASURE))


def test_flags_wrap_code_and_stretch_tables_as_doc_builder_does(module_page: OpenPage, site_url: str) -> None:
    page, _ = module_page(viewport={"width": 1280, "height": 800})
    flagged = _measure(page, site_url + "/en/flagged/")
    plain = _measure(page, site_url + "/en/plain/")
    assert (plain["codeScrolls"], flagged["codeScrolls"]) == (True, False), (plain, flagged)
    assert flagged["codeLines"] > plain["codeLines"], (plain, flagged)
    assert plain["tableShare"] < 0.5 < 0.9 < flagged["tableShare"], (plain, flagged)


def test_the_flag_comments_leave_no_text(module_page: OpenPage, site_url: str) -> None:
    page, _ = module_page()
    page.goto(site_url + "/en/flagged/", wait_until="load")
    assert "WRAP CODE" not in page.inner_text("article")
