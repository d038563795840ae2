"""The benchmark section's tables: vision latency (modes as columns, models grouped), Gemma-2B, and every
measurement folded away. Figures the page marks carry their mark (`marks.py`)."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from polydocs.bench.labels import latency_digits, model_name
from polydocs.bench.marks import NOT_REPRODUCED, WITHHELD, mark_of, with_mark
from polydocs.bench.processes import spread_of
from polydocs.bench.results import unfinished
from polydocs.sources import Language

MODES = ("eager", "default", "reduce-overhead", "max-autotune")
VISION_ORDER = ("vit-base", "convnext-tiny", "resnet-50", "detr-resnet-50", "segformer-b0")
LLM = "gemma-2b"
# (model, workload, batch, mode) -> record
Found = dict[tuple[str, str, int, str], dict[str, Any]]


_EXCEPTION_NAME = re.compile(r"^([A-Z]\w*(?:Error|Exception|Interrupt|Exit))\b")


def text(lang: Language, key: str, **values: object) -> str:
    return lang.text(f"bench.{key}", **values)


def median(found: Found, key: tuple[str, str, int, str]) -> float | None:
    """A headline figure (tables, charts, speed-ups): measured, and not contradicted by a second run;
    a contradicted one stays in the full list of measurements, with its mark and range."""
    record = found.get(key)
    if not record or record.get("status") != "ok" or mark_of(record) == NOT_REPRODUCED:
        return None
    return float(record["median_ms"])


def reason_of(record: dict[str, Any], lang: Language) -> str:
    """Why a record has no figure, in the reader's language: withheld, unfinished, or the kind of error
    it raised (the exception's name, which is code; its English message stays in the results file)."""
    if record.get("status") == WITHHELD:
        return text(lang, "withheld_reason")
    if unfinished(record):
        return text(lang, "unfinished_reason")
    error = _EXCEPTION_NAME.match(str(record.get("error", "")))
    return text(lang, "error_reason", error=error.group(1)) if error else text(lang, "error_unnamed_reason")


def status_word(record: dict[str, Any], lang: Language) -> str:
    """What a cell without a figure says: "not run", "not measured alone" (withheld) or "failed"."""
    return text(lang, record["status"] if record.get("status") in ("not_run", WITHHELD) else "failed")


def _cell(
    record: dict[str, Any] | None,
    lang: Language,
    field: str = "median_ms",
    best: bool = False,
    headline: bool = True,
) -> str:
    """A figure's cell; in a headline table, a figure a second run contradicted says so instead."""
    if record is None:
        return "<td>—</td>"
    if record.get("status") != "ok":
        return f'<td title="{escape(reason_of(record, lang))}">{escape(status_word(record, lang))}</td>'
    if headline and mark_of(record) == NOT_REPRODUCED:
        title = escape(text(lang, "not_reproduced_reason"))
        return f'<td title="{title}">{escape(text(lang, "not_reproduced"))}</td>'
    value = float(record[field])
    shown = lang.number(value, latency_digits(value) if field.endswith("_ms") else 1)
    if best:
        shown = f"<strong>{shown}</strong>"
    return f'<td align="right">{with_mark(shown, record)}{_range(record, field, lang)}</td>'


def _figure(value: float, field: str, lang: Language) -> str:
    return lang.number(value, latency_digits(value) if field.endswith("_ms") else 1)


def _range(record: dict[str, Any], field: str, lang: Language) -> str:
    """The range of the process medians under a figure ("" for a record of one process)."""
    spread = spread_of(record)
    if spread is None:
        return ""
    low, high = spread.low_ms, spread.high_ms
    if not field.endswith("_ms"):
        # A rate (tokens/s) is inversely proportional to the time: the slowest process gives the lowest.
        rate = float(record[field]) * float(record["median_ms"])
        low, high = rate / high, rate / low
    title = escape(text(lang, "range_title", count=len(spread.medians_ms)))
    span = f"{_figure(low, field, lang)}\u2013{_figure(high, field, lang)}"
    return f'<br><span class="polydocs-bench-range" title="{title}">{span}</span>'


def _header(cells: list[str]) -> str:
    return "<thead><tr>" + "".join(f'<th scope="col">{cell}</th>' for cell in cells) + "</tr></thead>"


def _modes_in(found: Found, models: tuple[str, ...]) -> list[str]:
    """The modes that have a record for any of `models`: a column nobody has is left out."""
    return [mode for mode in MODES if any(k[0] in models and k[3] == mode for k in found)]


def vision_table(found: Found, lang: Language) -> str:
    models = [m for m in VISION_ORDER if any(k[0] == m for k in found)]
    if not models:
        return ""
    modes = _modes_in(found, VISION_ORDER)
    header = [escape(text(lang, "model")), escape(text(lang, "batch")), *modes, escape(text(lang, "best"))]
    rows = []
    for model in models:
        batches = sorted({k[2] for k in found if k[0] == model})
        task = next(r["task"] for k, r in found.items() if k[0] == model)
        name = (
            f'<th scope="rowgroup" rowspan="{len(batches)}">{escape(model_name(model))}'
            f'<br><span class="polydocs-bench-task">{escape(text(lang, task))}</span></th>'
        )
        for index, batch in enumerate(batches):
            cells = [name] if index == 0 else []
            cells.append(f'<td align="right">{batch}</td>')
            fastest = _fastest(found, model, batch, modes)
            cells += [_cell(found.get((model, "forward", batch, m)), lang, best=m == fastest) for m in modes]
            cells.append(_best_speedup(found, model, batch, lang))
            rows.append("<tr>" + "".join(cells) + "</tr>")
    caption = f"<caption>{escape(text(lang, 'vision_caption'))}</caption>"
    return f"<table>{caption}{_header(header)}<tbody>{''.join(rows)}</tbody></table>"


def _fastest(found: Found, model: str, batch: int, modes: list[str]) -> str | None:
    measured = [(value, mode) for mode in modes if (value := median(found, (model, "forward", batch, mode)))]
    return min(measured)[1] if measured else None


def _best_speedup(found: Found, model: str, batch: int, lang: Language) -> str:
    eager = median(found, (model, "forward", batch, "eager"))
    compiled = [m for m in MODES[1:] if median(found, (model, "forward", batch, m)) is not None]
    if eager is None or not compiled:
        return "<td>—</td>"
    best = min(compiled, key=lambda m: median(found, (model, "forward", batch, m)) or 0.0)
    value = eager / (median(found, (model, "forward", batch, best)) or 1.0)
    return f'<td align="right">{lang.number(value, 1)}\u00d7</td>'


def llm_table(found: Found, lang: Language) -> str:
    modes = _modes_in(found, (LLM,))
    rows = []
    for workload, row_key, field in (
        ("forward", "forward_row", "median_ms"),
        ("generate", "generate_row", "tokens_per_s"),
    ):
        records = {k[3]: r for k, r in found.items() if k[0] == LLM and k[1] == workload}
        if not records:
            continue
        sample = next(iter(records.values()))
        tokens = sample.get("new_tokens" if workload == "generate" else "prompt_tokens", "?")
        cells = [f'<th scope="row">{escape(text(lang, row_key, tokens=tokens))}</th>']
        cells += [_cell(records.get(mode), lang, field) for mode in modes]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    if not rows:
        return ""
    header = [escape(text(lang, "measurement")), *modes]
    caption = f"<caption>{escape(text(lang, 'llm_caption'))}</caption>"
    return f"<table>{caption}{_header(header)}<tbody>{''.join(rows)}</tbody></table>"


def details_table(records: list[dict[str, Any]], lang: Language) -> str:
    """Every measurement, folded twice: "All measurements" opens on one line per model (its name and how
    many measurements it has), and each opens on that model's table; one table of all of them was 5,000
    pixels tall on a phone."""
    by_model: dict[str, list[dict[str, Any]]] = {}
    for record in records:
        by_model.setdefault(record["model"], []).append(record)
    models = "".join(
        f"<details><summary>{escape(model_name(model))} ({len(found)})</summary>"
        f"{_details_rows_table(found, lang)}</details>"
        for model, found in by_model.items()
    )
    return f"<details><summary>{escape(text(lang, 'details'))}</summary>{models}</details>"


def _details_rows_table(records: list[dict[str, Any]], lang: Language) -> str:
    keys = ("measurement", "median", "spread", "compile", "memory", "checked")
    rows = [_details_row(record, lang) for record in records]
    return f"<table>{_header([escape(text(lang, k)) for k in keys])}<tbody>{''.join(rows)}</tbody></table>"


def _details_row(record: dict[str, Any], lang: Language) -> str:
    # One cell names the configuration, so that the table fits the content's width.
    what = text(
        lang,
        "configuration",
        model=model_name(record["model"]),
        workload=record["workload"],
        batch=record["batch"],
        mode=record["mode"],
    )
    cells = [f"<td>{escape(what)}</td>"]
    if record.get("status") != "ok":
        failed = f"{status_word(record, lang)}: {reason_of(record, lang)}"
        return "<tr>" + "".join(cells) + '<td colspan="5">' + escape(failed) + "</td></tr>"
    digits = latency_digits(float(record["median_ms"]))
    spread = f"{lang.number(record['p10_ms'], digits)}\u2013{lang.number(record['p90_ms'], digits)}"
    compile_s, memory = record.get("compile_s"), record.get("peak_mem_mib")
    cells += [
        _cell(record, lang, headline=False),
        f'<td align="right">{spread}</td>',
        f'<td align="right">{lang.number(compile_s, 1) if compile_s is not None else "—"}</td>',
        f'<td align="right">{lang.number(memory, 0) if memory is not None else "—"}</td>',
        f"<td>{escape(_checked(record, lang))}</td>",
    ]
    return "<tr>" + "".join(cells) + "</tr>"


def _checked(record: dict[str, Any], lang: Language) -> str:
    """How the figure was checked: alone (the page shows no other), the range of its processes, and the
    second run's median if there was one."""
    words = [text(lang, "alone_yes")]
    spread = spread_of(record)
    if spread is not None:
        low, high = (_figure(value, "median_ms", lang) for value in (spread.low_ms, spread.high_ms))
        words.append(text(lang, "processes_checked", count=len(spread.medians_ms), low=low, high=high))
    reproduction = record.get("reproduction")
    if isinstance(reproduction, dict):
        second = float(reproduction["median_ms"])
        difference = float(reproduction["relative_difference"]) * 100
        words.append(
            text(
                lang,
                "second_run",
                median=lang.number(second, latency_digits(second)),
                difference=("+" if difference >= 0 else "\u2212") + lang.number(abs(difference), 0),
            )
        )
    return "; ".join(words)
