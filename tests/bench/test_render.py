"""The benchmark section rendered from a small results file, in English, Spanish and Portuguese."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from polydocs.site.expansions import expand_benchmarks
from polydocs.sources import language_of

FIXTURES = Path(__file__).parent / "fixtures"
RESULTS = json.loads((FIXTURES / "torch_compile_small.json").read_text(encoding="utf-8"))
PAGE = "# Benchmarks\n\nIntro.\n\n<!-- polydocs: benchmarks -->\n\nAfter.\n"
HEADERS = {
    "en": ("Model", "Batch size", "Best speedup", "Vision models"),
    "es": ("Modelo", "Tamaño de lote", "Mejor aceleración", "Modelos de visión"),
    "pt": ("Modelo", "Tamanho do lote", "Melhor aceleração", "Modelos de visão"),
}


def _expanded(*arguments: object, **options: object) -> str:
    text, problems = expand_benchmarks(*arguments, **options)  # type: ignore[arg-type]
    assert problems == []
    return text


def _rendered(lang: str) -> str:
    return _expanded(PAGE, language_of(lang), FIXTURES, "page.md")


def _tables(html: str) -> list[str]:
    return re.findall(r"<table>.*?</table>", html, flags=re.S)


def _detail_tables(html: str) -> list[str]:
    """The tables under "All measurements": one per model, in the order of the results."""
    return _tables(html[html.index("<details>") :])


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
    assert header[0] == model_header and header[1] == batch_header and header[-1] == best_header
    assert caption in vision
    assert header[2:6] == ["eager", "default", "reduce-overhead", "max-autotune"]
    # Models are grouped: the model's name (and task) heads its first row only.
    vit_b1, vit_b64 = rows[0], rows[1]
    assert vit_b1[0].startswith("ViT-base") and vit_b1[1] == "1" and vit_b64[0] == "64"
    expected = [8.7123, 2.456, 0.9031]
    shown = [_numbers(cell)[0] for cell in vit_b1[2:5]]
    assert shown == pytest.approx(expected, abs=0.006)
    failed_word = {"en": "failed", "es": "falló", "pt": "falhou"}[lang]
    assert vit_b1[5] == failed_word
    assert _numbers(vit_b1[6]) == pytest.approx([8.7123 / 0.9031], abs=0.05)
    # The fastest mode of a row is in bold.
    assert re.search(r"<strong>0[.,]903</strong>", vision)


def test_all_three_languages_show_the_same_numbers() -> None:
    numbers = {}
    for lang in ("en", "es", "pt"):
        tables = _tables(_rendered(lang))
        numbers[lang] = [_numbers(cell) for table in tables for row in _rows(table) for cell in row]
    assert numbers["en"] == numbers["es"] == numbers["pt"]


def test_every_measured_median_appears_in_the_detailed_table() -> None:
    rows = [row for table in _detail_tables(_rendered("pt")) for row in _rows(table)[1:]]
    shown = [_numbers(row[1])[0] for row in rows if len(row) == 6]
    alone = [r["median_ms"] for r in RESULTS["results"] if r["status"] == "ok" and r.get("conditions")]
    assert shown == pytest.approx(alone, rel=0.01)


def test_gemma_table_shows_latency_and_tokens_per_second_in_the_modes_it_has() -> None:
    gemma = _tables(_rendered("en"))[1]
    header, forward, generate = _rows(gemma)
    assert header[1:] == ["eager", "reduce-overhead"]  # no Gemma-2B record has another mode
    assert forward[0] == "Forward pass, 128 tokens: latency (ms)"
    assert _numbers(forward[1])[0] == pytest.approx(17.93, abs=0.05)
    assert _numbers(generate[2])[0] == pytest.approx(304.76, abs=0.05)


def _bars(html: str) -> list[tuple[str, str, float | None]]:
    """(series, value text, bar width in percent) of every chart row."""
    rows = re.findall(r'<div class="polydocs-bench-row">(.*?)</span></span></div>', html, flags=re.S)
    bars = []
    for row in rows:
        series = re.search(r"<code>(.*?)</code>", row)
        value = re.search(r'class="polydocs-bench-value">(.*)$', row, flags=re.S)
        width = re.search(r'style="width: ([\d.]+)%"', row)
        assert series and value
        bars.append((series.group(1), value.group(1), float(width.group(1)) if width else None))
    return bars


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_charts_write_each_speedup_beside_its_bar_without_scripts(lang: str) -> None:
    html = _rendered(lang)
    charts = re.findall(r'<figure class="polydocs-bench-chart">.*?</figure>', html, flags=re.S)
    assert len(charts) == 2  # batch sizes 1 and 64
    first = _bars(charts[0])
    vit = dict((series, (value, width)) for series, value, width in first[:4])
    reduce_overhead, width = vit["reduce-overhead"]
    assert _numbers(reduce_overhead)[0] == pytest.approx(8.7123 / 0.9031, abs=0.05)
    assert width == pytest.approx(100.0)  # the largest speedup fills its track
    assert vit["max-autotune"] == ({"en": "failed", "es": "falló", "pt": "falhou"}[lang], None)
    assert all(width is None or 0 < width <= 100 for _, _, width in first)
    assert "<script" not in html and "<svg" not in html
    assert "http://" not in html and "https://" not in html


def _with_checks(tmp_path: Path) -> Path:
    """The fixture with ViT-base batch 1 measured alone, eager reproduced and `default` contradicted."""
    data = json.loads(json.dumps(RESULTS))
    alone = {
        "alone": True,
        "load_avg": [1.0, 1.0, 1.0],
        "other_bench_processes": [],
        "other_gpu_processes": [],
    }
    for record in data["results"]:
        if record["id"].startswith("vit-base/forward/b1/") and record["status"] == "ok":
            record["conditions"] = alone
    records = {record["id"]: record for record in data["results"]}
    records["vit-base/forward/b1/float16/eager"]["reproduction"] = {
        "median_ms": 8.9,
        "relative_difference": 0.0215,
        "tolerance": 0.1,
        "agrees": True,
        "alone": True,
    }
    records["vit-base/forward/b1/float16/default"]["reproduction"] = {
        "median_ms": 1.2,
        "relative_difference": -0.5114,
        "tolerance": 0.1,
        "agrees": False,
        "alone": True,
    }
    (tmp_path / "checked.json").write_text(json.dumps(data), encoding="utf-8")
    return tmp_path


def test_a_contradicted_figure_leaves_the_headline_and_stays_marked_in_the_full_list(tmp_path: Path) -> None:
    html = _expanded(PAGE, language_of("en"), _with_checks(tmp_path), "page.md")
    vit_b1 = _rows(_tables(html)[0])[1]
    eager, default, reduce_overhead = vit_b1[2:5]
    assert eager == "8.71"  # measured alone and reproduced: no mark
    assert default == "not reproduced"  # contradicted by the second run: no headline figure
    assert reduce_overhead == "0.903"  # alone, not in the sample: no mark
    # The full list keeps the figure, marked, and the note gives both medians.
    details = next(t for t in _tables(html) if "ViT-base, forward, batch size 1, default" in t)
    row = next(r for r in _rows(details) if r[0] == "ViT-base, forward, batch size 1, default")
    assert row[1].startswith("2.46\u2009\u2020")
    # ViT-base b64 `default` records no conditions: the page withholds its figure and says why.
    assert _rows(_tables(html)[0])[2][2] == "not measured alone"
    assert "measured while another benchmark process shared the host" in html
    notes = re.search(r'<ul class="polydocs-bench-notes">(.*?)</ul></li>', html, flags=re.S)
    assert notes, "no note explains the marks"
    assert (
        "ViT-base, forward, batch size 1, default: 2.46 ms published, 1.20 ms in the second run" in notes[1]
    )
    assert "\u221251\u00a0%" in notes[1]
    # No chart bar and no best speed-up rests on it.
    chart = re.findall(r'<figure class="polydocs-bench-chart">.*?</figure>', html, flags=re.S)[0]
    assert "\u2020" not in chart and "polydocs-bench-bar--marked" not in chart


def test_the_preamble_states_what_ran_alone_and_what_a_second_run_checked(tmp_path: Path) -> None:
    html = _expanded(PAGE, language_of("en"), _with_checks(tmp_path), "page.md")
    assert "9 of 10 figures were measured with no other benchmark process" in html
    assert "measured 2 of them again" in html and "1 agree with the published median within ±10" in html
    details = "".join(_detail_tables(html))
    assert "alone; second run 8.90 ms (+2 %)" in details
    assert "not measured alone: measured while another benchmark process shared the host" in details


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
    assert _expanded(text, language_of("en"), FIXTURES, "page.md") is text


def test_placeholder_in_a_code_fence_is_left_alone() -> None:
    text = "```md\n<!-- polydocs: benchmarks -->\n```\n"
    assert _expanded(text, language_of("en"), FIXTURES, "page.md") == text


def test_placeholder_in_a_fence_never_closed_is_code_too() -> None:
    # CommonMark: the fence runs to the end of the page, so everything after its opening line is code.
    text = "# Page\n\n````md\n```\n<!-- polydocs: benchmarks -->\n"
    assert _expanded(text, language_of("en"), FIXTURES, "page.md") == text


def test_missing_results_are_reported_with_the_page_line_and_the_rest_of_the_page_kept(
    tmp_path: Path,
) -> None:
    text, problems = expand_benchmarks(
        PAGE, language_of("en"), tmp_path, "docs_src/en/perf.md", line_offset=3
    )
    assert [str(p).split(" no benchmark")[0] for p in problems] == ["docs_src/en/perf.md:8: bench-no-data"]
    assert text.split("\n") == [*PAGE.split("\n")[:4], "", *PAGE.split("\n")[5:]]


def test_named_results_file_is_used() -> None:
    text = "<!-- polydocs: benchmarks torch_compile_small -->"
    assert "NVIDIA H200" in _expanded(text, language_of("en"), FIXTURES, "page.md")


@pytest.mark.parametrize(("lang", "said"), [("es", "no terminó"), ("pt", "não terminou")])
def test_why_a_figure_is_missing_is_said_in_the_readers_language(lang: str, said: str) -> None:
    """The site's own results hold configurations that failed; their English errors stay in the file."""
    site_results = Path(__file__).resolve().parents[2] / "docs_src" / "_data" / "benchmarks"
    html = _expanded(PAGE, language_of(lang), site_results, "page.md")
    assert "did not finish" not in html and "still compiling" not in html
    assert said in html
