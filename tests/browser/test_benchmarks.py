"""The benchmark section as a reader sees it: chart text at body size, no sideways scrolling at 1280 px,
bar colours that hold 3:1 against both palettes; screenshots at 1280 and 390 px, light and dark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import BROWSER_MARKS, OpenPage

pytestmark = BROWSER_MARKS

LANGUAGES = ["en", "es", "pt"]
INFERENCE_GUIDE = "perf_torch_compile/"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

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


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_chart_text_is_at_the_body_size(
    open_page: OpenPage, site_url: str, lang: str, viewport: dict
) -> None:
    page, _ = open_page(viewport=viewport, is_mobile=viewport is PHONE)
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    body = page.evaluate(_BODY_SIZE)
    texts = page.evaluate(_CHART_TEXT)
    assert len(texts) > 20, "the charts have hardly any text"
    small = [f"{name} {text!r}: {size}px" for name, text, size in texts if size < body - 0.1]
    assert not small, f"chart text below the body size ({body}px):\n" + "\n".join(small)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_section_fits_1280_px_without_sideways_scrolling(
    open_page: OpenPage, site_url: str, lang: str
) -> None:
    page, _ = open_page(viewport=DESKTOP)
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    page.locator(".polydocs-benchmarks details").evaluate_all("all => all.forEach(d => { d.open = true; })")
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"the page is {width}px wide in a {inner}px window"
    # Material wraps tables in a scrolling box: each of ours must fit the content's width without it.
    wide = page.evaluate(
        """() => {
          const room = document.querySelector('article.md-typeset').clientWidth;
          return [...document.querySelectorAll('.polydocs-benchmarks table, .polydocs-bench-row')]
            .map(el => [el.tagName, Math.ceil(el.getBoundingClientRect().width), el.scrollWidth, room])
            .filter(([, width, scroll, room]) => Math.max(width, scroll) > room + 1);
        }"""
    )
    assert not wide, f"wider than the content (element, width, scroll width, content width): {wide}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_measurements_open_on_one_line_per_model_and_each_model_on_its_own_rows(
    open_page: OpenPage, site_url: str, lang: str
) -> None:
    """On a phone, opening "All measurements" shows a list of models within one screen, not every
    measurement; opening a model shows its own rows only."""
    page, _ = open_page(viewport=PHONE, is_mobile=True)
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    everything = page.locator(".polydocs-benchmarks > details")
    everything.locator(":scope > summary").click()
    height = everything.evaluate("details => details.getBoundingClientRect().height")
    assert height <= PHONE["height"], f"opened, all measurements take {height:.0f}px of an 844px screen"
    models = everything.locator(":scope > details")
    assert models.count() >= 2
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
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bar_value_is_shown_whole_inside_the_chart(
    open_page: OpenPage, site_url: str, lang: str, viewport: dict
) -> None:
    """The value after the longest bar, with its marks and range, ends inside the chart's row: not cut
    off by the content's edge."""
    page, _ = open_page(viewport=viewport, is_mobile=viewport is PHONE)
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.polydocs-bench-value')].map(el => {
          const row = el.closest('.polydocs-bench-row').getBoundingClientRect();
          return [el.textContent.trim(), Math.ceil(el.getBoundingClientRect().right), Math.floor(row.right)];
        }).filter(([, right, edge]) => right > edge + 1)"""
    )
    assert not cut, f"values running past their row (text, right edge, row's right edge): {cut}"


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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bar_without_a_speedup_says_what_the_table_says_of_its_figure(
    open_page: OpenPage, site_url: str, lang: str
) -> None:
    """A speed-up bar the chart cannot draw says why its mode's figure is missing, as the table's cell
    does ("failed", "not reproduced"), or a dash where the table shows that figure and eager's is the
    one missing: never "failed" for a configuration that measured."""
    page, _ = open_page(viewport=DESKTOP)
    page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
    cells = page.evaluate(_TABLE_CELLS)
    bars = page.evaluate(_BARS_WITHOUT_FIGURE)
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
def test_bar_colours_are_distinct_and_hold_3_to_1_against_the_background(
    open_page: OpenPage, site_url: str, scheme: str
) -> None:
    page, _ = open_page(viewport=DESKTOP, color_scheme=scheme)
    page.goto(f"{site_url}/en/{INFERENCE_GUIDE}")
    background = _rgb(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    colours = page.evaluate(
        """() => Object.fromEntries([0, 1, 2, 3].map(i => [i, getComputedStyle(
          document.querySelector('.polydocs-bench-series-' + i)).backgroundColor]))"""
    )
    assert len(set(colours.values())) == 4, f"series share a colour: {colours}"
    weak = {i: round(_contrast(_rgb(c), background), 2) for i, c in colours.items()}
    assert all(ratio >= 3 for ratio in weak.values()), f"contrast against {background}: {weak}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screenshots_of_the_benchmark_section(
    open_page: OpenPage, site_url: str, artifacts_dir: Path, lang: str
) -> None:
    for name, viewport in (("1280", DESKTOP), ("390", PHONE)):
        for scheme in ("light", "dark"):
            page, _ = open_page(viewport=viewport, color_scheme=scheme, is_mobile=viewport is PHONE)
            page.goto(f"{site_url}/{lang}/{INFERENCE_GUIDE}")
            path = artifacts_dir / f"{lang}-benchmarks-{name}-{scheme}.png"
            page.locator(".polydocs-benchmarks").screenshot(path=str(path))
            assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
            page.context.close()
