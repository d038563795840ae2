"""Turns `<!-- polydocs: benchmarks -->` lines in a page into the measured results: speedup charts and
tables in the page's language, with the hardware, the method, what else ran and the reproduction check
stated, and every figure a second run contradicts (or not measured alone) marked.

Imports neither torch nor MkDocs, and caches what it renders: the site builder calls it for every page.
"""

from __future__ import annotations

import functools
import json
import re
import statistics
from html import escape
from pathlib import Path
from typing import Any

from polydocs.bench.chart import Bar, Group, bar_chart
from polydocs.bench.labels import model_name
from polydocs.bench.marks import as_published, mark_of, notes, reproduction_summary
from polydocs.bench.processes import measured_processes, process_entries
from polydocs.bench.tables import (
    LLM,
    MODES,
    VISION_ORDER,
    Found,
    details_table,
    llm_table,
    median,
    status_word,
    text,
    vision_table,
)
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import parse_page
from polydocs.guide import guide_url
from polydocs.sources import Language

PLACEHOLDER = re.compile(r"^[ \t]*<!--\s*polydocs:\s*benchmarks(?:\s+([\w.-]+))?\s*-->[ \t]*$")
_CHART_BATCHES = (1, 64)
_SHOWN = ("ok", "failed", "not_run")


def benchmarks_folder(tree_root: Path) -> Path:
    """Where a tree keeps its benchmark results (what a placeholder without a name shows)."""
    return tree_root / "_data" / "benchmarks"


def benchmark_placeholders(markdown_text: str) -> list[tuple[int, str | None]]:
    """(0-based line, results name or None) of each `<!-- polydocs: benchmarks [NAME] -->` line outside
    code: the one rule for what a placeholder is, read by the site and by lint."""
    if "polydocs:" not in markdown_text:
        return []
    page = parse_page(markdown_text)
    found = []
    for index, line in enumerate(markdown_text.split("\n")):
        match = PLACEHOLDER.match(line)
        if match and not page.is_code(index):
            found.append((index, match.group(1)))
    return found


def missing_results(data_dir: Path, name: str | None, page_path: str, line: int) -> Diagnostic | None:
    """The error of a placeholder at page `line` whose results are not in `data_dir`, if any."""
    paths = [data_dir / f"{name}.json"] if name else sorted(data_dir.glob("*.json"))
    missing = [path for path in paths if not path.is_file()]
    if paths and not missing:
        return None
    wanted = missing[0] if missing else data_dir / "*.json"
    return Diagnostic(
        page_path,
        line,
        "bench-no-data",
        f"no benchmark results at {wanted}",
        f"run `polydocs bench compile --out FILE` ({guide_url('benchmarks.md')}) or remove the placeholder",
        "error",
    )


def render_placeholder(name: str | None, lang: Language, data_dir: Path, page_path: str, line: int) -> str:
    """The results one placeholder (at page `line`) stands for, as HTML blocks."""
    problem = missing_results(data_dir, name, page_path, line)
    if problem is not None:
        raise PolydocsError([problem])
    paths = [data_dir / f"{name}.json"] if name else sorted(data_dir.glob("*.json"))
    return "\n".join(_render_file(str(path), path.stat().st_mtime_ns, lang) for path in paths)


@functools.lru_cache(maxsize=64)
def _render_file(path: str, mtime_ns: int, lang: Language) -> str:
    # mtime_ns is part of the cache key: a results file rewritten during `polydocs serve` renders anew.
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        records = [as_published(record) for record in data["results"] if record.get("status") in _SHOWN]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise PolydocsError(
            [
                Diagnostic(
                    path, 0, "bench-bad-data", f"unreadable benchmark results: {error}", "rerun the benchmark"
                )
            ]
        ) from error
    return render_results(data, records, lang)


def render_results(data: dict[str, Any], records: list[dict[str, Any]], lang: Language) -> str:
    """The HTML block for one results file."""
    found: Found = {(r["model"], r["workload"], r["batch"], r["mode"]): r for r in records}
    parts = ['<div class="polydocs-benchmarks">', _preamble(data, records, lang)]
    parts += [_speedup_chart(found, batch, lang) for batch in _CHART_BATCHES]
    parts += [vision_table(found, lang), llm_table(found, lang), notes(records, lang)]
    parts += [details_table(records, lang), "</div>"]
    return "".join(part for part in parts if part)


def _preamble(data: dict[str, Any], records: list[dict[str, Any]], lang: Language) -> str:
    environment = data.get("environment", {})
    method = data.get("method", {})
    repeats = sorted({r["repeats"] for r in records if r.get("status") == "ok"})
    repeat_text = (
        f"{repeats[0]}\u2013{repeats[-1]}" if len(repeats) > 1 else str(repeats[0] if repeats else 0)
    )
    autotune = sorted({r["batch"] for r in records if r["mode"] == "max-autotune"})  # as planned
    hardware = text(
        lang,
        "hardware",
        gpus=environment.get("gpu") or environment.get("device", "?"),
        memory=lang.number(float(environment.get("gpu_memory_gib") or 0), 0),
        driver=environment.get("driver") or "?",
        cuda=environment.get("cuda") or "?",
        torch=environment.get("torch", "?"),
        transformers=environment.get("transformers", "?"),
        date=str(environment.get("date", "?"))[:10],
        git_rev=environment.get("git_rev") or "?",
    )
    method_text = text(
        lang,
        "method",
        repeats=repeat_text,
        warmup=method.get("warmup_calls", "?"),
        autotune_batches=lang.join([str(batch) for batch in autotune]),
    )
    if any(r.get("status") in ("not_run", "failed") for r in records):
        method_text += " " + text(lang, "not_run_note")
    counts = [measured_processes(r) for r in records if measured_processes(r) > 1]
    if counts:
        method_text += " " + text(lang, "processes", count=statistics.median_low(counts))
    checked = reproduction_summary(records, lang)
    return f"<p>{escape(hardware)} {escape(method_text)}</p><p>{escape(checked)}</p>"


def _speedup_chart(found: Found, batch: int, lang: Language) -> str:
    groups = []
    models = [m for m in VISION_ORDER if any(k[0] == m and k[2] == batch for k in found)]
    if batch == 1 and any(k[0] == LLM and k[1] == "forward" for k in found):
        models.append(LLM)
    for model in models:
        eager = median(found, (model, "forward", batch, "eager"))
        bars = []
        for series, mode in enumerate(MODES):
            record = found.get((model, "forward", batch, mode))
            if record is None:
                continue
            value = median(found, (model, "forward", batch, mode))
            if value is None or eager is None:
                bars.append(Bar(series, None, _no_speedup(record, value, lang)))
                continue
            # A speedup stands on two figures: either one's mark is the bar's.
            marks = "".join(sorted(set(mark_of(record) + mark_of(found[(model, "forward", batch, "eager")]))))
            label = f"{lang.number(eager / value, 1)}\u00d7" + (f"\u2009{marks}" if marks else "")
            label += _speedup_range(found[(model, "forward", batch, "eager")], record, lang)
            bars.append(Bar(series, eager / value, label, marked=bool(marks)))
        if bars:
            groups.append(Group(model_name(model), tuple(bars)))
    if not groups:
        return ""
    return bar_chart(text(lang, "chart_title", batch=batch), list(MODES), groups)


def _no_speedup(record: dict[str, Any], value: float | None, lang: Language) -> str:
    """What a bar without a speed-up says: why the mode's own figure is missing, as its table cell says
    (failed, not run, not reproduced); a dash where that figure is shown but eager's, the baseline, is
    not (eager's own bar says why)."""
    if value is not None:
        return "\u2014"
    if record.get("status") == "ok":  # measured, then contradicted by a second run (`tables.median`)
        return text(lang, "not_reproduced")
    return status_word(record, lang)


def _speedup_range(eager: dict[str, Any], compiled: dict[str, Any], lang: Language) -> str:
    """ " (low\u2013high)" of the speedup within each process (eager and compiled measured by the same
    process), where both records kept their processes; "" otherwise."""
    eager_by = {
        _process_key(e): float(e["median_ms"]) for e in process_entries(eager) if e.get("status") == "ok"
    }
    speedups = [
        eager_by[key] / float(entry["median_ms"])
        for entry in process_entries(compiled)
        if entry.get("status") == "ok" and (key := _process_key(entry)) in eager_by
    ]
    if len(speedups) < 2 or compiled is eager:
        return ""
    return f" ({lang.number(min(speedups), 1)}\u2013{lang.number(max(speedups), 1)})"


def _process_key(entry: dict[str, Any]) -> tuple[Any, Any]:
    return entry.get("series"), entry.get("process")
