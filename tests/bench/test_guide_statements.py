"""What docs_src's inference guide says in its own words about its benchmark holds for the results it
shows (issue 41, item 2: the guides say what polydocs measures, and nothing stale from upstream)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DOCS_SRC = Path(__file__).resolve().parents[2] / "docs_src"
DIRECTIVE = "<!-- polydocs: benchmarks -->"
# The guide's sentence, per language: on one GPU (named as the results file names it), the median of the
# medians of several processes.
SAYS = {
    "en": ("on one {gpu}", "the median of the medians of several independent processes"),
    "es": ("en una {gpu}", "la mediana de las medianas de varios procesos independientes"),
    "pt": ("em uma {gpu}", "a mediana das medianas de vários processos independentes"),
}
# What the upstream page said under polydocs' own tables, true of Hugging Face's old runs only.
STALE = ["nightly", "2.1.0dev", "compares the **mean**", "in the table below"]


@pytest.mark.parametrize("lang", sorted(SAYS))
def test_the_inference_guide_says_what_its_results_measured(lang: str) -> None:
    results = json.loads((DOCS_SRC / "_data/benchmarks/torch_compile_h200.json").read_text(encoding="utf-8"))
    page = (DOCS_SRC / lang / "perf_torch_compile.md").read_text(encoding="utf-8")
    statement = page.split(DIRECTIVE, 1)[1].strip().split("\n\n", 1)[0]
    gpu, figures = SAYS[lang]
    assert results["environment"]["gpu_count"] == 1
    assert gpu.format(gpu=results["environment"]["gpu"]) in statement
    assert results["method"]["statistic"].startswith("median")
    # The figures the page shows are those measured alone; each is a median of its processes' medians.
    shown = [r for r in results["results"] if r["status"] == "ok" and r.get("conditions", {}).get("alone")]
    assert shown and all(len(record["processes"]) >= 2 for record in shown)
    assert figures in statement
    assert [phrase for phrase in STALE if phrase in page] == []
