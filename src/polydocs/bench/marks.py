"""Which published figures the page marks, and the notes that say why: a figure a second run contradicts
(outside the tolerance) and a figure not known to be measured alone are shown with a mark, never silently.
"""

from __future__ import annotations

from html import escape
from typing import Any

from polydocs.bench.conditions import recorded_alone
from polydocs.bench.labels import latency_digits, model_name
from polydocs.sources import Language

NOT_REPRODUCED = "\u2020"  # †
NOT_ALONE = "\u2021"  # ‡


def mark_of(record: dict[str, Any]) -> str:
    """The marks a measured record carries ("" for none): † a second run disagrees, ‡ not measured alone
    (other processes seen, or no conditions recorded)."""
    if record.get("status") != "ok":
        return ""
    marks = ""
    reproduction = record.get("reproduction")
    if isinstance(reproduction, dict) and not reproduction.get("agrees"):
        marks += NOT_REPRODUCED
    if recorded_alone(record) is not True:
        marks += NOT_ALONE
    return marks


def with_mark(text: str, record: dict[str, Any]) -> str:
    """`text` (already escaped HTML) followed by the record's marks, if any."""
    marks = mark_of(record)
    return f'{text}<span class="polydocs-bench-mark">\u2009{marks}</span>' if marks else text


def reproduction_summary(records: list[dict[str, Any]], lang: Language) -> str:
    """One sentence: how many figures were measured alone, and how many a second run checked."""
    measured = [r for r in records if r.get("status") == "ok"]
    alone = [r for r in measured if recorded_alone(r) is True]
    checked = [r for r in measured if isinstance(r.get("reproduction"), dict)]
    text = lang.text("bench.alone", alone=len(alone), total=len(measured))
    if checked:
        tolerance = max(float(r["reproduction"]["tolerance"]) for r in checked)
        agree = sum(1 for r in checked if r["reproduction"].get("agrees"))
        text += " " + lang.text(
            "bench.reproduced", count=len(checked), agree=agree, tolerance=_percent(tolerance, lang)
        )
    return text


def notes(records: list[dict[str, Any]], lang: Language) -> str:
    """The notes under the tables: what each mark means, and every figure a second run contradicts."""
    marked = [r for r in records if mark_of(r)]
    if not marked:
        return ""
    items = []
    contradicted = [r for r in marked if NOT_REPRODUCED in mark_of(r)]
    if contradicted:
        items.append(f"<li>{NOT_REPRODUCED} {escape(lang.text('bench.mark_not_reproduced'))}<ul>")
        items += [f"<li>{escape(_contradiction(record, lang))}</li>" for record in contradicted]
        items.append("</ul></li>")
    if any(NOT_ALONE in mark_of(r) for r in marked):
        items.append(f"<li>{NOT_ALONE} {escape(lang.text('bench.mark_not_alone'))}</li>")
    return f'<ul class="polydocs-bench-notes">{"".join(items)}</ul>'


def _contradiction(record: dict[str, Any], lang: Language) -> str:
    reproduction = record["reproduction"]
    first, second = float(record["median_ms"]), float(reproduction["median_ms"])
    what = lang.text(
        "bench.configuration",
        model=model_name(record["model"]),
        workload=record["workload"],
        batch=record["batch"],
        mode=record["mode"],
    )
    return lang.text(
        "bench.note_not_reproduced",
        what=what,
        first=lang.number(first, latency_digits(first)),
        second=lang.number(second, latency_digits(second)),
        difference=("+" if second >= first else "\u2212") + _percent(abs(second / first - 1), lang),
        tolerance=_percent(float(reproduction["tolerance"]), lang),
    )


def _percent(fraction: float, lang: Language) -> str:
    return f"{lang.number(fraction * 100, 0)}\u00a0%"
