"""Turns `<!-- polydocs: benchmarks -->` lines in a page into the measured results: a table and an SVG chart
in the page's language, with the hardware and the method stated.

Imports neither torch nor MkDocs, and caches what it renders: the site builder calls it for every page.
"""

from __future__ import annotations

import functools
import json
import re
from html import escape
from pathlib import Path
from typing import Any

from polydocs.bench.chart import Bar, Group, bar_chart
from polydocs.bench.labels import latency_digits, model_name
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import parse_page
from polydocs.sources import Language

PLACEHOLDER = re.compile(r"^[ \t]*<!--\s*polydocs:\s*benchmarks(?:\s+([\w.-]+))?\s*-->[ \t]*$")
_MODES = ("eager", "default", "reduce-overhead", "max-autotune")
_VISION_ORDER = ("vit-base", "convnext-tiny", "resnet-50", "detr-resnet-50", "segformer-b0")
_LLM = "gemma-2b"
_CHART_BATCHES = (1, 64)
_SHOWN = ("ok", "failed", "not_run")


def expand_benchmark_blocks(
    markdown_text: str, lang: Language, data_dir: Path, page_path: str = "<page>"
) -> str:
    """`markdown_text` with each placeholder line replaced by the results in `data_dir` (HTML blocks).

    `<!-- polydocs: benchmarks -->` shows every results file in `data_dir`; `<!-- polydocs: benchmarks
    NAME -->` shows `NAME.json` only. Placeholders inside code blocks (as the page's one parse finds them)
    are left alone.
    """
    if "polydocs:" not in markdown_text:
        return markdown_text
    lines = markdown_text.split("\n")
    page = parse_page(markdown_text)
    for index, line in enumerate(lines):
        match = PLACEHOLDER.match(line) if not page.is_code(index) else None
        if match:
            paths = _result_paths(data_dir, match.group(1), page_path, index + 1)
            blocks = [_render_file(str(path), path.stat().st_mtime_ns, lang) for path in paths]
            lines[index] = "\n" + "\n".join(blocks) + "\n"
    return "\n".join(lines)


def _text(lang: Language, key: str, **values: object) -> str:
    return lang.text(f"bench.{key}", **values)


def _result_paths(data_dir: Path, name: str | None, page_path: str, line: int) -> list[Path]:
    paths = [data_dir / f"{name}.json"] if name else sorted(data_dir.glob("*.json"))
    missing = [path for path in paths if not path.is_file()]
    if not paths or missing:
        wanted = missing[0] if missing else data_dir / "*.json"
        raise PolydocsError(
            [
                Diagnostic(
                    page_path,
                    line,
                    "bench-no-data",
                    f"no benchmark results at {wanted}",
                    "run `polydocs bench compile --out FILE` (docs/benchmarks.md) or remove the placeholder",
                    "error",
                )
            ]
        )
    return paths


@functools.lru_cache(maxsize=64)
def _render_file(path: str, mtime_ns: int, lang: Language) -> str:
    # mtime_ns is part of the cache key: a results file rewritten during `polydocs serve` renders anew.
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        records = [record for record in data["results"] if record.get("status") in _SHOWN]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise PolydocsError(
            [
                Diagnostic(
                    path, 0, "bench-bad-data", f"unreadable benchmark results: {error}", "rerun the benchmark"
                )
            ]
        ) from error
    return render_results(data, records, lang, chart_prefix=Path(path).stem)


def render_results(
    data: dict[str, Any], records: list[dict[str, Any]], lang: Language, chart_prefix: str
) -> str:
    """The HTML block for one results file."""
    found = {(r["model"], r["workload"], r["batch"], r["mode"]): r for r in records}
    parts = ['<div class="polydocs-benchmarks">', _preamble(data, records, lang)]
    for batch in _CHART_BATCHES:
        chart = _speedup_chart(found, batch, lang, f"{chart_prefix}-b{batch}")
        if chart:
            parts.append(chart)
    parts.append(_vision_table(found, lang))
    parts.append(_llm_table(found, lang))
    parts.append(_details_table(records, lang))
    parts.append("</div>")
    return "\n".join(part for part in parts if part)


def _preamble(data: dict[str, Any], records: list[dict[str, Any]], lang: Language) -> str:
    environment = data.get("environment", {})
    method = data.get("method", {})
    repeats = sorted({r["repeats"] for r in records if r.get("status") == "ok"})
    repeat_text = (
        f"{repeats[0]}\u2013{repeats[-1]}" if len(repeats) > 1 else str(repeats[0] if repeats else 0)
    )
    autotune = sorted({r["batch"] for r in records if r["mode"] == "max-autotune"})  # as planned
    hardware = _text(
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
    method_text = _text(
        lang,
        "method",
        repeats=repeat_text,
        warmup=method.get("warmup_calls", "?"),
        autotune_batches=lang.join([str(batch) for batch in autotune]),
    )
    if any(r.get("status") in ("not_run", "failed") for r in records):
        method_text += " " + _text(lang, "not_run_note")
    return f"<p>{escape(hardware)} {escape(method_text)}</p>"


def _median(
    found: dict[tuple[str, str, int, str], dict[str, Any]], key: tuple[str, str, int, str]
) -> float | None:
    record = found.get(key)
    return float(record["median_ms"]) if record and record.get("status") == "ok" else None


def _speedup_chart(
    found: dict[tuple[str, str, int, str], dict[str, Any]], batch: int, lang: Language, chart_id: str
) -> str:
    groups = []
    models = [m for m in _VISION_ORDER if any(k[0] == m and k[2] == batch for k in found)]
    if batch == 1 and any(k[0] == _LLM and k[1] == "forward" for k in found):
        models.append(_LLM)
    for model in models:
        eager = _median(found, (model, "forward", batch, "eager"))
        bars = []
        for series, mode in enumerate(_MODES):
            record = found.get((model, "forward", batch, mode))
            if record is None:
                continue
            median = _median(found, (model, "forward", batch, mode))
            if median is None or eager is None:
                bars.append(Bar(series, None, _text(lang, _status_key(record))))
            else:
                speedup = eager / median
                bars.append(Bar(series, speedup, f"{lang.number(speedup, 1)}\u00d7"))
        if bars:
            groups.append(Group(model_name(model), tuple(bars)))
    if not groups:
        return ""
    title = _text(lang, "chart_title", batch=batch)
    svg = bar_chart(title, list(_MODES), groups, _text(lang, "chart_axis"), chart_id)
    return f"<figure>{svg}<figcaption>{escape(title)}</figcaption></figure>"


def _cell(record: dict[str, Any] | None, lang: Language, field: str = "median_ms") -> str:
    if record is None:
        return "<td>—</td>"
    if record.get("status") != "ok":
        word = _text(lang, _status_key(record))
        return f'<td title="{escape(record.get("error", ""))}">{escape(word)}</td>'
    value = float(record[field])
    digits = latency_digits(value) if field.endswith("_ms") else 1
    return f'<td align="right">{lang.number(value, digits)}</td>'


def _status_key(record: dict[str, Any]) -> str:
    return "not_run" if record.get("status") == "not_run" else "failed"


def _header(cells: list[str]) -> str:
    return "<thead><tr>" + "".join(f"<th>{cell}</th>" for cell in cells) + "</tr></thead>"


def _vision_table(found: dict[tuple[str, str, int, str], dict[str, Any]], lang: Language) -> str:
    keys = sorted(
        {(k[0], k[2]) for k in found if k[0] in _VISION_ORDER},
        key=lambda key: (_VISION_ORDER.index(key[0]), key[1]),
    )
    if not keys:
        return ""
    header = [escape(_text(lang, k)) for k in ("model", "task", "batch")]
    header += [f"<code>{mode}</code>" for mode in _MODES] + [escape(_text(lang, "best"))]
    rows = []
    for model, batch in keys:
        task = next(r["task"] for k, r in found.items() if k[0] == model)
        cells = [f"<td>{escape(model_name(model))}</td>", f"<td>{escape(_text(lang, task))}</td>"]
        cells.append(f'<td align="right">{batch}</td>')
        cells += [_cell(found.get((model, "forward", batch, mode)), lang) for mode in _MODES]
        cells.append(_best_speedup(found, model, batch, lang))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    caption = f"<caption>{escape(_text(lang, 'vision_caption'))}</caption>"
    return f"<table>{caption}{_header(header)}<tbody>{''.join(rows)}</tbody></table>"


def _best_speedup(
    found: dict[tuple[str, str, int, str], dict[str, Any]], model: str, batch: int, lang: Language
) -> str:
    eager = _median(found, (model, "forward", batch, "eager"))
    compiled = [(m, _median(found, (model, "forward", batch, m))) for m in _MODES[1:]]
    measured = [(median, mode) for mode, median in compiled if median is not None]
    if eager is None or not measured:
        return "<td>—</td>"
    median, mode = min(measured)
    return f'<td align="right">{lang.number(eager / median, 1)}\u00d7 (<code>{mode}</code>)</td>'


def _llm_table(found: dict[tuple[str, str, int, str], dict[str, Any]], lang: Language) -> str:
    rows = []
    for workload, row_key, field in (
        ("forward", "forward_row", "median_ms"),
        ("generate", "generate_row", "tokens_per_s"),
    ):
        records = {k[3]: r for k, r in found.items() if k[0] == _LLM and k[1] == workload}
        if not records:
            continue
        sample = next(iter(records.values()))
        tokens = sample.get("new_tokens" if workload == "generate" else "prompt_tokens", "?")
        cells = [f"<td>{escape(_text(lang, row_key, tokens=tokens))}</td>"]
        cells += [_cell(records.get(mode), lang, field) for mode in _MODES]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    if not rows:
        return ""
    header = [escape(_text(lang, "measurement"))] + [f"<code>{mode}</code>" for mode in _MODES]
    caption = f"<caption>{escape(_text(lang, 'llm_caption'))}</caption>"
    return f"<table>{caption}{_header(header)}<tbody>{''.join(rows)}</tbody></table>"


def _details_table(records: list[dict[str, Any]], lang: Language) -> str:
    header = [escape(_text(lang, k)) for k in ("model", "measurement", "batch", "mode", "median", "spread")]
    header += [escape(_text(lang, k)) for k in ("compile", "memory", "status")]
    rows = []
    for record in records:
        cells = [
            f"<td>{escape(model_name(record['model']))}</td>",
            f"<td><code>{escape(record['workload'])}</code></td>",
            f'<td align="right">{record["batch"]}</td>',
            f"<td><code>{escape(record['mode'])}</code></td>",
        ]
        if record.get("status") == "ok":
            digits = latency_digits(float(record["median_ms"]))
            spread = f"{lang.number(record['p10_ms'], digits)}\u2013{lang.number(record['p90_ms'], digits)}"
            compile_s = record.get("compile_s")
            memory = record.get("peak_mem_mib")
            cells += [
                _cell(record, lang),
                f'<td align="right">{spread}</td>',
                f'<td align="right">{lang.number(compile_s, 1) if compile_s is not None else "—"}</td>',
                f'<td align="right">{lang.number(memory, 0) if memory is not None else "—"}</td>',
                f"<td>{escape(_text(lang, 'ok'))}</td>",
            ]
        else:
            failed = f"{_text(lang, _status_key(record))}: {record.get('error', '')}"
            cells += ["<td>—</td>"] * 4 + [f"<td>{escape(failed)}</td>"]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    table = f"<table>{_header(header)}<tbody>{''.join(rows)}</tbody></table>"
    return f"<details><summary>{escape(_text(lang, 'details'))}</summary>{table}</details>"
