"""Which figures the page shows, which it marks, and the notes that say why: a figure not known to be
measured alone is withheld (its cell says so, with no number), and a figure a second run contradicts
(outside the tolerance) is shown with a mark, never silently.
"""

from __future__ import annotations

from html import escape
from typing import Any

from polydocs.bench.conditions import recorded_alone
from polydocs.bench.labels import latency_digits, model_name
from polydocs.sources import Language

NOT_REPRODUCED = "\u2020"  # †
# The status of a measured record the page does not show: other processes shared the host, or the record
# predates the harness recording what else ran.
WITHHELD = "withheld"
_KEPT_WHEN_WITHHELD = ("id", "model", "task", "workload", "batch", "dtype", "mode", "run", "conditions")


def as_published(record: dict[str, Any]) -> dict[str, Any]:
    """The record as the page shows it: a measured record not known to be measured alone is withheld,
    its figures left out (the results file keeps them)."""
    if record.get("status") != "ok" or recorded_alone(record) is True:
        return record
    kept = {key: record[key] for key in _KEPT_WHEN_WITHHELD if key in record}
    return {**kept, "status": WITHHELD}


def mark_of(record: dict[str, Any]) -> str:
    """The mark a shown record carries ("" for none): † a second run disagrees."""
    if record.get("status") != "ok":
        return ""
    reproduction = record.get("reproduction")
    return NOT_REPRODUCED if isinstance(reproduction, dict) and not reproduction.get("agrees") else ""


def with_mark(text: str, record: dict[str, Any]) -> str:
    """`text` (already escaped HTML) followed by the record's marks, if any."""
    marks = mark_of(record)
    return f'{text}<span class="polydocs-bench-mark">\u2009{marks}</span>' if marks else text


def reproduction_summary(records: list[dict[str, Any]], lang: Language) -> str:
    """One sentence: how many figures were measured alone (the shown ones) of all measured, and how many
    a second run checked. `records` are as published (`as_published`)."""
    measured = [r for r in records if r.get("status") == "ok"]
    withheld = [r for r in records if r.get("status") == WITHHELD]
    checked = [r for r in measured if isinstance(r.get("reproduction"), dict)]
    text = lang.text("bench.alone", alone=len(measured), total=len(measured) + len(withheld))
    if checked:
        tolerance = max(float(r["reproduction"]["tolerance"]) for r in checked)
        agree = sum(1 for r in checked if r["reproduction"].get("agrees"))
        text += " " + lang.text(
            "bench.reproduced", count=len(checked), agree=agree, tolerance=_percent(tolerance, lang)
        )
    return text


def notes(records: list[dict[str, Any]], lang: Language) -> str:
    """The notes under the tables: what the mark means, every figure a second run contradicts, and why
    cells say a figure is withheld."""
    items = []
    contradicted = [r for r in records if mark_of(r)]
    if contradicted:
        items.append(f"<li>{NOT_REPRODUCED} {escape(lang.text('bench.mark_not_reproduced'))}<ul>")
        items += [f"<li>{escape(_contradiction(record, lang))}</li>" for record in contradicted]
        items.append("</ul></li>")
    if any(r.get("status") == WITHHELD for r in records):
        items.append(f"<li>{escape(lang.text('bench.withheld_note'))}</li>")
    return f'<ul class="polydocs-bench-notes">{"".join(items)}</ul>' if items else ""


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
