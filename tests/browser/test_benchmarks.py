"""The benchmark section as a reader sees it: chart text at body size, no sideways scrolling at 1280 px,
bar colours that hold 3:1 against both palettes; screenshots at 1280 and 390 px, light and dark.

The guide is loaded once per language, viewport and palette (the `guide` fixture), and that one load is read
for every test of it; the readings that open its sections are taken last.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import BROWSER_MARKS, open_watched_page
from playwright.sync_api import Browser, Page

pytestmark = BROWSER_MARKS

LANGUAGES = ["en", "es", "pt"]
INFERENCE_GUIDE = "perf_torch_compile/"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
VIEWPORTS = {"1280": DESKTOP, "390": PHONE}

# Every text-bearing part of a chart, with its computed font size in px.
_CHART_TEXT_PARTS = ", ".join(
    (
        ".polydocs-bench-chart figcaption",
        ".polydocs-bench-model",
        ".polydocs-bench-series code",
        ".polydocs-bench-value",
    )
)
_CHART_TEXT = f"""() => [...document.querySelectorAll('{_CHART_TEXT_PARTS}')].map(el => [
  el.className || el.tagName, el.textContent.trim(), parseFloat(getComputedStyle(el).fontSize)])"""
_BODY_SIZE = "parseFloat(getComputedStyle(document.querySelector('article.md-typeset')).fontSize)"
_CUT_VALUES = """() => [...document.querySelectorAll('.polydocs-bench-value')].map(el => {
  const row = el.closest('.polydocs-bench-row').getBoundingClientRect();
  return [el.textContent.trim(), Math.ceil(el.getBoundingClientRect().right), Math.floor(row.right)];
}).filter(([, right, edge]) => right > edge + 1)"""
# Material wraps tables in a scrolling box: each of ours must fit the content's width without it.
_WIDER_THAN_CONTENT = """() => {
  const room = document.querySelector('article.md-typeset').clientWidth;
  return [...document.querySelectorAll('.polydocs-benchmarks table, .polydocs-bench-row')]
    .map(el => [el.tagName, Math.ceil(el.getBoundingClientRect().width), el.scrollWidth, room])
    .filter(([, width, scroll, room]) => Math.max(width, scroll) > room + 1);
}"""
_SERIES_COLOURS = """() => Object.fromEntries([0, 1, 2, 3].map(i => [i, getComputedStyle(
  document.querySelector('.polydocs-bench-series-' + i)).backgroundColor]))"""
# The headline vision table as {model: {batch: {mode: what its cell says first}}}, and each chart bar without
# a drawn bar as [batch (from the chart's caption), model, mode, what the bar says].
_TABLE_CELLS = """() => {
  const table = document.querySelector('.polydocs-benchmarks table');
  const modes = [...table.querySelectorAll('thead th')].slice(2, 6).map(th => th.textContent.trim());
  const cells = {};
  let model = '';
  for (const row of table.querySelectorAll('tbody tr')) {
    const group = row.querySelector('th[scope=rowgroup]');
    if (group) model = group.firstChild.textContent.trim();
    const tds = [...row.querySelectorAll('td')];
    const batch = tds[0].textContent.trim();
    cells[model] = cells[model] || {};
    const said = modes.map((mode, i) => [mode, tds[i + 1].firstChild.textContent.trim()]);
    cells[model][batch] = Object.fromEntries(said);
  }
  return cells;
}"""
_BARS_WITHOUT_FIGURE = """() => [...document.querySelectorAll('.polydocs-bench-chart')].flatMap(chart => {
  const batch = chart.querySelector('figcaption').textContent.match(/\\d+/)[0];
  return [...chart.querySelectorAll('.polydocs-bench-group')].flatMap(group =>
    [...group.querySelectorAll('.polydocs-bench-row')]
      .filter(row => !row.querySelector('.polydocs-bench-bar'))
      .map(row => [batch, group.getAttribute('aria-label'), row.querySelector('code').textContent.trim(),
                   row.querySelector('.polydocs-bench-value').textContent.trim()]));
})"""


Guide = Callable[..., dict[str, Any]]


@pytest.fixture(scope="module")
def guide(browser: Browser, site_url: str, artifacts_dir: Path) -> Iterator[Guide]:
    """`guide(lang, view, scheme="light")`: the inference guide's readings in that language, viewport
    ("1280" or "390") and palette, from one load of the page, made when a test first asks for them. The
    languages are loaded in turn in one page per viewport and palette: a new page costs chromium about as
    much CPU again as a load."""
    loaded: dict[tuple[str, str, str], dict[str, Any]] = {}
    pages: dict[tuple[str, str], Page] = {}

    def read(lang: str, view: str, scheme: str = "light") -> dict[str, Any]:
        if (view, scheme) not in pages:
            viewport = VIEWPORTS[view]
            options = {"viewport": viewport, "color_scheme": scheme, "is_mobile": viewport is PHONE}
            pages[view, scheme] = open_watched_page(browser, **options)[0]
        if (lang, view, scheme) not in loaded:
            loaded[lang, view, scheme] = _read_guide(
                pages[view, scheme], site_url, artifacts_dir, lang, view, scheme
            )
        return loaded[lang, view, scheme]

    yield read
    for page in pages.values():
        page.context.close()


def _read_guide(
    page: Page, site_url: str, artifacts_dir: Path, lang: str, view: str, scheme: str
) -> dict[str, Any]:
    """Everything the tests read of one load: what the page shows as loaded first, then its screenshot,
    then what opening its sections shows (on the desktop, every section at once; on the phone, "All
    measurements" and each model in turn), light palette only."""
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    readings: dict[str, Any] = {
        "body_size": page.evaluate(_BODY_SIZE),
        "chart_text": page.evaluate(_CHART_TEXT),
        "cut_values": page.evaluate(_CUT_VALUES),
        "table_cells": page.evaluate(_TABLE_CELLS),
        "bars_without_figure": page.evaluate(_BARS_WITHOUT_FIGURE),
        "background": page.evaluate("getComputedStyle(document.body).backgroundColor"),
        "series_colours": page.evaluate(_SERIES_COLOURS),
    }
    screenshot = artifacts_dir / f"{lang}-benchmarks-{view}-{scheme}.png"
    page.locator(".polydocs-benchmarks").screenshot(path=str(screenshot))
    readings["screenshot"] = screenshot
    if scheme == "light" and view == "1280":
        readings |= _with_every_section_open(page)
    if scheme == "light" and view == "390":
        readings |= _all_measurements_opened(page)
    return readings


def _with_every_section_open(page: Page) -> dict[str, Any]:
    page.locator(".polydocs-benchmarks details").evaluate_all("all => all.forEach(d => { d.open = true; })")
    return {
        "page_and_window_width": page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]"),
        "wider_than_content": page.evaluate(_WIDER_THAN_CONTENT),
    }


def _all_measurements_opened(page: Page) -> dict[str, Any]:
    """ "All measurements" opened: its height and how many models it lists; then each model opened in turn:
    what is wrong with the rows it shows."""
    everything = page.locator(".polydocs-benchmarks > details")
    everything.locator(":scope > summary").click()
    height = everything.evaluate("details => details.getBoundingClientRect().height")
    models = everything.locator(":scope > details")
    problems = []
    for index in range(models.count()):
        model = models.nth(index)
        name = model.locator(":scope > summary").inner_text().rsplit(" (", 1)[0].strip()
        model.locator(":scope > summary").click()
        firsts = model.locator("tbody tr > td:first-child").all_inner_texts()
        if not firsts or not model.locator("table").is_visible():
            problems.append(f"{name}: opened, it shows no table")
        problems += [
            f"{name}: shows a row of another model: {first!r}"
            for first in firsts
            if not first.startswith(f"{name},")
        ]
        model.locator(":scope > summary").click()
    return {"all_measurements_height": height, "models": models.count(), "model_problems": problems}


@pytest.mark.parametrize("view", list(VIEWPORTS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_chart_text_is_at_the_body_size(guide: Guide, lang: str, view: str) -> None:
    readings = guide(lang, view)
    body, texts = readings["body_size"], readings["chart_text"]
    assert len(texts) > 20, "the charts have hardly any text"
    small = [f"{name} {text!r}: {size}px" for name, text, size in texts if size < body - 0.1]
    assert not small, f"chart text below the body size ({body}px):\n" + "\n".join(small)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_section_fits_1280_px_without_sideways_scrolling(guide: Guide, lang: str) -> None:
    readings = guide(lang, "1280")
    width, inner = readings["page_and_window_width"]
    assert width <= inner, f"the page is {width}px wide in a {inner}px window"
    wide = readings["wider_than_content"]
    assert not wide, f"wider than the content (element, width, scroll width, content width): {wide}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_measurements_open_on_one_line_per_model_and_each_model_on_its_own_rows(
    guide: Guide, lang: str
) -> None:
    """On a phone, opening "All measurements" shows a list of models within one screen, not every
    measurement; opening a model shows its own rows only."""
    readings = guide(lang, "390")
    height = readings["all_measurements_height"]
    assert height <= PHONE["height"], f"opened, all measurements take {height:.0f}px of an 844px screen"
    assert readings["models"] >= 2
    assert not readings["model_problems"], "\n".join(readings["model_problems"])


@pytest.mark.parametrize("view", list(VIEWPORTS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bar_value_is_shown_whole_inside_the_chart(guide: Guide, lang: str, view: str) -> None:
    """The value after the longest bar, with its marks and range, ends inside the chart's row: not cut
    off by the content's edge."""
    cut = guide(lang, view)["cut_values"]
    assert not cut, f"values running past their row (text, right edge, row's right edge): {cut}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bar_without_a_speedup_says_what_the_table_says_of_its_figure(guide: Guide, lang: str) -> None:
    """A speed-up bar the chart cannot draw says why its mode's figure is missing, as the table's cell
    does ("failed", "not reproduced"), or a dash where the table shows that figure and eager's is the
    one missing: never "failed" for a configuration that measured."""
    readings = guide(lang, "1280")
    cells, bars = readings["table_cells"], readings["bars_without_figure"]
    checked, wrong = 0, []
    for batch, model, mode, said in bars:
        cell = cells.get(model, {}).get(batch, {}).get(mode)
        if cell is None:
            continue  # a model of another table (Gemma)
        checked += 1
        expected = "\u2014" if re.search(r"\d", cell) else cell
        if said != expected:
            wrong.append(f"{model} batch {batch} {mode}: the bar says {said!r}, the table {cell!r}")
    assert checked > 0, "no bar without a figure to check: pick results with a missing figure"
    assert not wrong, "\n".join(wrong)


def _contrast(first: tuple[float, ...], second: tuple[float, ...]) -> float:
    def luminance(rgb: tuple[float, ...]) -> float:
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in rgb)]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _rgb(css: str) -> tuple[float, ...]:
    return tuple(float(part) for part in re.findall(r"[\d.]+", css)[:3])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_bar_colours_are_distinct_and_hold_3_to_1_against_the_background(guide: Guide, scheme: str) -> None:
    readings = guide("en", "1280", scheme)
    background, colours = _rgb(readings["background"]), readings["series_colours"]
    assert len(set(colours.values())) == 4, f"series share a colour: {colours}"
    weak = {i: round(_contrast(_rgb(c), background), 2) for i, c in colours.items()}
    assert all(ratio >= 3 for ratio in weak.values()), f"contrast against {background}: {weak}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshots_of_the_benchmark_section(guide: Guide, lang: str) -> None:
    for view in VIEWPORTS:
        for scheme in ("light", "dark"):
            path = guide(lang, view, scheme)["screenshot"]
            assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
