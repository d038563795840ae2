"""The benchmark section rendered from a small results file, in English, Spanish and Portuguese."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from polydocs.bench.render import expand_benchmark_blocks
from polydocs.diagnostics import PolydocsError
from polydocs.sources import language_of

FIXTURES = Path(__file__).parent / "fixtures"
RESULTS = json.loads((FIXTURES / "torch_compile_small.json").read_text(encoding="utf-8"))
PAGE = "# Benchmarks\n\nIntro.\n\n<!-- polydocs: benchmarks -->\n\nAfter.\n"
HEADERS = {
    "en": ("Model", "Batch size", "Best speedup", "Vision models"),
    "es": ("Modelo", "Tamaño de lote", "Mejor aceleración", "Modelos de visión"),
    "pt": ("Modelo", "Tamanho do lote", "Melhor aceleração", "Modelos de visão"),
}


def _rendered(lang: str) -> str:
    return expand_benchmark_blocks(PAGE, language_of(lang), FIXTURES)


def _tables(html: str) -> list[str]:
    return re.findall(r"<table>.*?</table>", html, flags=re.S)


def _numbers(cell_text: str) -> list[float]:
    """Every number in a cell, whichever decimal separator the language uses."""
    return [float(text.replace(",", ".")) for text in re.findall(r"\d+(?:[.,]\d+)?", cell_text)]


def _rows(table: str) -> list[list[str]]:
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", table, flags=re.S):
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, flags=re.S)
        rows.append([re.sub(r"<[^>]+>", "", cell) for cell in cells])
    return rows


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_vision_table_shows_the_json_medians_with_localized_headers(lang: str) -> None:
    html = _rendered(lang)
    vision = _tables(html)[0]
    header, *rows = _rows(vision)
    model_header, batch_header, best_header, caption = HEADERS[lang]
    assert header[0] == model_header and header[2] == batch_header and header[-1] == best_header
    assert caption in vision
    assert header[3:7] == ["eager", "default", "reduce-overhead", "max-autotune"]
    vit_b1 = next(row for row in rows if row[0] == "ViT-base" and row[2] == "1")
    expected = [8.7123, 2.456, 0.9031]
    shown = [_numbers(cell)[0] for cell in vit_b1[3:6]]
    assert shown == pytest.approx(expected, abs=0.006)
    failed_word = {"en": "failed", "es": "falló", "pt": "falhou"}[lang]
    assert vit_b1[6] == failed_word
    assert _numbers(vit_b1[7]) == pytest.approx([8.7123 / 0.9031], abs=0.05)


def test_all_three_languages_show_the_same_numbers() -> None:
    numbers = {}
    for lang in ("en", "es", "pt"):
        tables = _tables(_rendered(lang))
        numbers[lang] = [_numbers(cell) for table in tables for row in _rows(table) for cell in row]
    assert numbers["en"] == numbers["es"] == numbers["pt"]


def test_every_measured_median_appears_in_the_detailed_table() -> None:
    details = _tables(_rendered("pt"))[-1]
    shown = [_numbers(row[4])[0] for row in _rows(details)[1:] if row[4] != "—"]
    measured = [r["median_ms"] for r in RESULTS["results"] if r["status"] == "ok"]
    assert shown == pytest.approx(measured, rel=0.01)


def test_gemma_table_shows_latency_and_tokens_per_second() -> None:
    gemma = _tables(_rendered("en"))[1]
    _, forward, generate = _rows(gemma)
    assert forward[0] == "Forward pass, 128 tokens: latency (ms)"
    assert _numbers(forward[1])[0] == pytest.approx(17.93, abs=0.05)
    assert forward[2] == "—"
    assert _numbers(generate[3])[0] == pytest.approx(304.76, abs=0.05)


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_charts_are_well_formed_svg_without_scripts(lang: str) -> None:
    html = _rendered(lang)
    charts = re.findall(r"<svg.*?</svg>", html, flags=re.S)
    assert len(charts) == 2  # batch sizes 1 and 64
    for chart in charts:
        root = ElementTree.fromstring(chart)
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert "currentColor" in chart
    assert "<script" not in html and "http://" not in html.replace("http://www.w3.org/2000/svg", "")


def test_hardware_and_method_are_stated() -> None:
    html = _rendered("es")
    assert "NVIDIA H200" in html and "580.159.04" in html and "2.11.0+cu130" in html
    assert "mediana" in html and "eventos CUDA" in html


def test_placeholder_replaced_in_place_and_rest_untouched() -> None:
    html = _rendered("en")
    before, _, after = html.partition('<div class="polydocs-benchmarks">')
    assert before.startswith("# Benchmarks\n\nIntro.\n\n")
    assert after.rstrip().endswith("</div>\n\nAfter.".rstrip()) or "After." in after
    assert "<!-- polydocs: benchmarks -->" not in html


def test_page_without_placeholder_is_returned_unchanged() -> None:
    text = "# Title\n\n<!-- a comment -->\n"
    assert expand_benchmark_blocks(text, language_of("en"), FIXTURES) is text


def test_placeholder_in_a_code_fence_is_left_alone() -> None:
    text = "```md\n<!-- polydocs: benchmarks -->\n```\n"
    assert expand_benchmark_blocks(text, language_of("en"), FIXTURES) == text


def test_placeholder_in_a_fence_never_closed_is_code_too() -> None:
    # CommonMark: the fence runs to the end of the page, so everything after its opening line is code.
    text = "# Page\n\n````md\n```\n<!-- polydocs: benchmarks -->\n"
    assert expand_benchmark_blocks(text, language_of("en"), FIXTURES) == text


def test_missing_results_are_reported_with_the_page_line(tmp_path: Path) -> None:
    with pytest.raises(PolydocsError) as raised:
        expand_benchmark_blocks(PAGE, language_of("en"), tmp_path, page_path="docs_src/en/perf.md")
    assert str(raised.value).startswith("docs_src/en/perf.md:5: bench-no-data no benchmark results")


def test_named_results_file_is_used() -> None:
    text = "<!-- polydocs: benchmarks torch_compile_small -->"
    assert "NVIDIA H200" in expand_benchmark_blocks(text, language_of("en"), FIXTURES)
