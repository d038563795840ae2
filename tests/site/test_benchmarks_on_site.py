"""The inference guide shows the committed H200 measurements, the same in every language."""

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RESULTS = REPO / "docs_src" / "_data" / "benchmarks" / "torch_compile_h200.json"


def _cells(html: str) -> list[str]:
    """Each table cell's text, without the marks (†, ‡) a figure carries when it is not reproduced and
    without the range across processes shown under a median of medians."""
    cells = re.findall(r"<td[^>]*>(.*?)</td>", html, re.S)
    unmarked = [
        re.sub(r'<span class="polydocs-bench-(?:mark|range)"[^>]*>.*?</span>', "", cell) for cell in cells
    ]
    return [re.sub(r"<[^>]+>", "", cell).strip() for cell in unmarked]


def _shown(milliseconds: float, decimal: str) -> str:
    """Three significant figures, trailing zeros kept (7.40 ms, 0.655 ms, 111 ms)."""
    decimals = 3 if milliseconds < 1 else 2 if milliseconds < 10 else 1 if milliseconds < 100 else 0
    return f"{milliseconds:.{decimals}f}".replace(".", decimal)


def test_every_language_shows_every_measured_median(built_docs_src: Path):
    measured = [r for r in json.loads(RESULTS.read_text(encoding="utf-8"))["results"] if r["status"] == "ok"]
    results = [r for r in measured if (r.get("conditions") or {}).get("alone")]
    assert len(results) > 50
    cells_by_lang = {}
    for lang, decimal in [("en", "."), ("es", ","), ("pt", ",")]:
        html = (built_docs_src / lang / "perf_torch_compile" / "index.html").read_text(encoding="utf-8")
        cells = _cells(html)
        missing = [
            r["id"]
            for r in results
            if r["workload"] == "forward" and _shown(r["median_ms"], decimal) not in cells
        ]
        assert missing == [], f"{lang}: medians not shown for {missing}"
        ranges = [r for r in results if r["workload"] == "forward" and r.get("range_ms")]
        unshown = [
            r["id"]
            for r in ranges
            if "\u2013".join(_shown(value, decimal) for value in r["range_ms"]) not in html
        ]
        assert unshown == [], f"{lang}: ranges across processes not shown for {unshown}"
        cells_by_lang[lang] = [cell.replace(",", ".") for cell in cells if re.fullmatch(r"[\d.,]+", cell)]
    assert cells_by_lang["en"] == cells_by_lang["es"] == cells_by_lang["pt"]


def test_no_figure_measured_beside_another_benchmark_process_is_shown(built_docs_src: Path):
    """Issue 19: the figures taken while two benchmark processes shared the host are withheld."""
    records = json.loads(RESULTS.read_text(encoding="utf-8"))["results"]
    contended = [r for r in records if r["status"] == "ok" and not (r.get("conditions") or {}).get("alone")]
    words = {"en": "not measured alone", "es": "no medido en solitario", "pt": "não medido sozinho"}
    for lang, decimal in [("en", "."), ("es", ","), ("pt", ",")]:
        html = (built_docs_src / lang / "perf_torch_compile" / "index.html").read_text(encoding="utf-8")
        vision = _cells(html.split("<caption>", 2)[1].split("</table>")[0])
        for record in contended:
            assert _shown(record["median_ms"], decimal) not in vision, record["id"]
        assert vision.count(words[lang]) == len([r for r in contended if r["workload"] == "forward"])
