"""API reference pages of real libraries (peft's LoraConfig, accelerate's Accelerator) at a desktop and a
phone width: every parameter's text stays inside the content column, none of it cut off."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_support import BROWSER_MARKS, OpenPage, serve_folder
from playwright.sync_api import Page

from polydocs.site.build import build_site

pytestmark = BROWSER_MARKS

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: api\n    title: API\n  title: S\n"
API = (
    "# API\n\n## LoraConfig\n\n[[autodoc]] tuners.lora.LoraConfig\n\n"
    "## Accelerator\n\n[[autodoc]] accelerate.Accelerator\n    - gather\n    - save_model\n"
)
WIDTHS = [1280, 390]

# Every text node of the parameter lists, each of its line boxes against the content column and against
# every ancestor that clips (overflow other than visible): a box outside either is text a reader cannot see.
_OUTSIDE = """() => {
  const column = document.querySelector('article.md-content__inner').getBoundingClientRect();
  const problems = [];
  const lists = [...document.querySelectorAll('.polydocs-api-params')];
  if (!lists.length) return ['no parameter list on the page'];
  for (const list of lists) {
    const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const clips = [];
      for (let el = node.parentElement; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX !== 'visible' || style.overflow !== 'visible') clips.push(el);
      }
      for (const box of range.getClientRects()) {
        const text = node.textContent.trim().slice(0, 40);
        if (box.left < column.left - 1 || box.right > column.right + 1) {
          problems.push(`"${text}" [${Math.round(box.left)}, ${Math.round(box.right)}] outside the column `
            + `[${Math.round(column.left)}, ${Math.round(column.right)}]`);
          break;
        }
        const clip = clips.find(el => {
          const r = el.getBoundingClientRect();
          return box.left < r.left - 1 || box.right > r.right + 1;
        });
        if (clip) {
          problems.push(`"${text}" cut off by <${clip.tagName.toLowerCase()} class="${clip.className}">`);
          break;
        }
      }
    }
  }
  return problems;
}"""

# What the issue saw: parameters as a table (name, type, description) whose cells do not wrap.
_AS_TABLE = """() => {
  for (const list of document.querySelectorAll('.polydocs-api-params')) {
    const table = document.createElement('table');
    table.className = 'polydocs-api-params';
    const body = table.createTBody();
    for (const dt of list.querySelectorAll('dt')) {
      const row = body.insertRow();
      for (const html of [dt.innerHTML, dt.nextElementSibling ? dt.nextElementSibling.innerHTML : '']) {
        const cell = row.insertCell();
        cell.innerHTML = html;
        cell.style.whiteSpace = 'nowrap';
      }
    }
    const wrap = document.createElement('div');
    wrap.style.overflowX = 'auto';
    wrap.appendChild(table);
    list.replaceWith(wrap);
  }
}"""


@pytest.fixture(scope="module")
def api_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tree = tmp_path_factory.mktemp("api-tree")
    (tree / "_toctree.yml").write_text(TOC, encoding="utf-8")
    (tree / "polydocs.yml").write_text("library: peft\n", encoding="utf-8")
    (tree / "index.md").write_text(HEADER + "# Home\n", encoding="utf-8")
    (tree / "api.md").write_text(HEADER + API, encoding="utf-8")
    out = tmp_path_factory.mktemp("api-site") / "site"
    build_site(tree, out, only=["en"], jobs=1)
    assert (out / "en" / "api" / "index.html").read_text(encoding="utf-8").count("polydocs-api-params") >= 3
    with serve_folder(out) as url:
        yield url


def _open_api_page(open_page: OpenPage, url: str, width: int) -> Page:
    page, _ = open_page(viewport={"width": width, "height": 900}, is_mobile=width < 600)
    page.goto(f"{url}/en/api/")
    page.locator(".polydocs-api-params").first.wait_for()
    return page


@pytest.mark.parametrize("width", WIDTHS)
def test_every_parameters_text_lies_inside_the_content_column(
    open_page: OpenPage, api_site_url: str, width: int
) -> None:
    page = _open_api_page(open_page, api_site_url, width)
    problems = page.evaluate(_OUTSIDE)
    assert not problems, f"/en/api/ at {width}px:\n" + "\n".join(problems)


def test_the_check_fails_where_parameters_are_a_wide_table(open_page: OpenPage, api_site_url: str) -> None:
    page = _open_api_page(open_page, api_site_url, 390)
    page.evaluate(_AS_TABLE)
    problems = page.evaluate(_OUTSIDE)
    assert any("cut off" in problem or "outside the column" in problem for problem in problems), problems
