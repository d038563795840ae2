"""Session records, the JSON report (mergeable across shards) and the terminal summary table."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from polydocs.diagnostics import Diagnostic, counted
from polydocs.snippets.cache import device_name, gpu_names, library_versions
from polydocs.snippets.fingerprint import code_hash
from polydocs.snippets.protocol import BlockError, BlockResult, SessionResult
from polydocs.snippets.sessions import Session

SCHEMA = 1


def session_record(
    session: Session, result: SessionResult, key: str, origin: str, worker: str
) -> dict[str, Any]:
    """One session's entry in the report: page lines, per-block code hashes and measured speed-ups."""
    return {
        "id": session.id,
        "page": session.page,
        "path": session.shown_path,
        "line": session.line,
        "key": key,
        "status": result.status,
        "cached": origin == "cached",
        "deduplicated": origin == "deduplicated",
        "seconds": result.seconds,
        "worker": worker,
        "gpu": result.gpu,
        "blocks": _block_records(session, result),
        "compile": [verdict.to_report() for verdict in result.compile],
        "training": [verdict.to_report() for verdict in result.training],
        "failures": [str(d) for d in session_failures(session, result)],
        "blocked_reasons": list(result.blocked_reasons),
        "blocked": [str(d) for d in session_blocks(session, result)],
        "fragments": [str(d) for d in session_fragments(session, result)],
        "notes": [str(d) for d in session_notes(session, result)],
    }


def _block_records(session: Session, result: SessionResult) -> list[dict[str, Any]]:
    """Per region: its line, code hash, status, error and the speed-up of a compile call inside it."""
    records = []
    # By line: of compile calls made at one line (in a loop), the last one measured is shown.
    speedups = {v.line: v.speedup for v in result.compile if v.speedup}
    blocks: tuple[BlockResult | None, ...] = result.blocks or (None,) * len(session.regions)
    for region, block in zip(session.regions, blocks, strict=False):
        record: dict[str, Any] = {
            "line": region.start_line,
            "code_hash": code_hash(region.code),
            "status": block.status if block else "not-run",
        }
        if block and block.error:
            record["error"] = asdict(block.error)
        if block and block.blocked:
            record["blocked"] = asdict(block.blocked)
        if block and block.fragment:
            record["fragment"] = asdict(block.fragment)
        inside = [speedup for line, speedup in speedups.items() if region.start_line < line < region.end_line]
        if inside:
            record["speedup"] = inside[0]
        records.append(record)
    return records


def session_failures(session: Session, result: SessionResult) -> list[Diagnostic]:
    """Every problem of a session as `path:line: code message; hint`."""
    path = str(session.path)
    found = [Diagnostic(path, f.line, "snippet-failed", f.message, "", "error") for f in result.failures]
    for block in result.blocks:
        error = block.error
        if error and block.status == "failed" and not any(d.line == error.line for d in found):
            found.append(Diagnostic(path, error.line, "snippet-failed", error.message, _hint(error), "error"))
    for verdict in (*result.compile, *result.training):
        for problem in verdict.problems:
            found.append(
                Diagnostic(path, verdict.line, "snippet-compile", problem, "fix the page's code", "error")
            )
    if result.proof_error:
        error = result.proof_error
        found.append(Diagnostic(path, error.line, "snippet-compile", error.message, "", "error"))
    return found


def session_blocks(session: Session, result: SessionResult) -> list[Diagnostic]:
    """Every blocked block as `path:line: snippet-blocked (reason) message; hint`."""
    path = str(session.path)
    return [
        Diagnostic(
            path,
            b.blocked.line,
            "snippet-blocked",
            f"({b.blocked.reason}) {b.blocked.message}",
            b.blocked.hint,
            "warning",
        )
        for b in result.blocks
        if b.blocked
    ]


def session_fragments(session: Session, result: SessionResult) -> list[Diagnostic]:
    """Every fragment as `path:line: snippet-fragment (reason) message; hint`: not run, not a failure."""
    hint = "complete it into a program, or leave it: a fragment is reported, never run nor verified"
    return [
        Diagnostic(
            str(session.path), b.fragment.line, "snippet-fragment", b.fragment.message, hint, "warning"
        )
        for b in result.blocks
        if b.fragment
    ]


def session_notes(session: Session, result: SessionResult) -> list[Diagnostic]:
    """What a verdict on the session must carry: `path:line: stand-in-guessed ...` where a stand-in's
    family was guessed, so a pass says what it ran on."""
    hint = "if the repository holds another family, this verdict is not evidence for the page"
    return [
        Diagnostic(str(session.path), note.line, "stand-in-guessed", note.message, hint, "warning")
        for note in result.notes
    ]


def _hint(error: BlockError) -> str:
    if error.type == "NameError":
        return "a block of this page must import or define it first (blocks of a page share one namespace)"
    if error.type == "NetworkRefused":
        return "snippets run offline; load a Hub id that has a stand-in, or skip the block"
    return ""


def build_report(records: list[dict[str, Any]], device: str, profile: str, wall: float, workers: int) -> dict:
    gpus = gpu_names() if device == "cuda" else ()
    return {
        "schema": SCHEMA,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "device": {"kind": device, "name": device_name(device), "count": len(gpus) or 1},
        "profile": profile,
        "versions": library_versions(),
        "wall_seconds": round(wall, 2),
        "workers": workers,
        "totals": totals(records),
        "sessions": sorted(records, key=_order),
    }


def _order(record: dict[str, Any]) -> tuple[str, int]:
    """Sessions by file, then line: two trees' pages of one name stay apart."""
    return record["path"], record["line"]


def totals(records: list[dict[str, Any]]) -> dict[str, int]:
    counts = {
        "sessions": len(records),
        "passed": 0,
        "failed": 0,
        "blocked": 0,
        "fragment": 0,
        "skipped": 0,
        "cached": 0,
        "deduplicated": 0,
        "fragment_blocks": 0,
    }
    for record in records:
        counts[record["status"]] = counts.get(record["status"], 0) + 1
        counts["cached"] += record["cached"]
        counts["deduplicated"] += record["deduplicated"]
        counts["fragment_blocks"] += sum(b["status"] == "fragment" for b in record.get("blocks", ()))
    return counts


def coverage_lines(records: list[dict[str, Any]]) -> list[str]:
    """Coverage = (passed + failed) / sessions that are not fragments, per language (a page's first
    folder) and in total: how much of the documentation that can run reached a verdict here. A session
    of fragments only is no verdict either way, so it counts in neither part; fragment blocks are
    counted apart."""
    languages = sorted({r["page"].split("/", 1)[0] for r in records if "/" in r["page"]})
    groups = [(lang, [r for r in records if r["page"].startswith(lang + "/")]) for lang in languages]
    lines = []
    for name, group in [*groups, ("total", records)]:
        t = totals(group)
        runnable = t["sessions"] - t["fragment"]
        if runnable:
            share = 100 * (t["passed"] + t["failed"]) / runnable
            reasons = Counter(reason for r in group for reason in r.get("blocked_reasons", []))
            why = "; blocked: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())) if reasons else ""
            verdicts = f"{t['passed']} passed + {t['failed']} failed of {runnable}"
            blocks = counted(t["fragment_blocks"], "block")
            apart = f"; fragments apart: {blocks}" if t["fragment_blocks"] else ""
            lines.append(f"coverage {name}: {share:.0f} % ({verdicts}){why}{apart}")
    return lines


def merge_reports(paths: list[Path]) -> dict[str, Any]:
    """One report from shard reports of the same revision: sessions joined, wall time the slowest shard."""
    reports = [json.loads(p.read_text(encoding="utf-8")) for p in paths]
    merged = dict(reports[0])
    sessions = {s["id"]: s for report in reports for s in report["sessions"]}
    merged["sessions"] = sorted(sessions.values(), key=_order)
    merged["wall_seconds"] = max(r["wall_seconds"] for r in reports)
    merged["workers"] = sum(r["workers"] for r in reports)
    merged["totals"] = totals(merged["sessions"])
    merged["shards"] = len(reports)
    return merged


def write_report(report: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def summary_lines(records: list[dict[str, Any]], wall: float) -> list[str]:
    """The terminal table: one row per session, then the totals."""
    rows = [("session", "status", "seconds", "from", "speed-up", "gpu")]
    for r in sorted(records, key=lambda r: (r["path"], r["line"])):
        speedups = [f"{b['speedup']:.1f}x" for b in r["blocks"] if b.get("speedup")]
        origin = "cache" if r["cached"] else "dedup" if r["deduplicated"] else "run"
        fragments = sum(b["status"] == "fragment" for b in r["blocks"])
        status = r["status"] + (
            f" ({counted(fragments, 'fragment')})" if fragments and r["status"] != "fragment" else ""
        )
        rows.append(
            (
                f"{r['path']}:{r['line']}",
                status,
                f"{r['seconds']:.1f}",
                origin,
                ",".join(speedups) or "-",
                r["gpu"] or "-",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    t = totals(records)
    lines.append(
        f"{counted(t['sessions'], 'session')}: {t['passed']} passed, {t['failed']} failed, "
        f"{t['blocked']} blocked, {counted(t['fragment'], 'fragment')}, "
        f"{t['skipped']} skipped; {t['cached']} cached, {t['deduplicated']} deduplicated; wall {wall:.1f} s"
    )
    lines += [
        note for r in sorted(records, key=lambda r: (r["path"], r["line"])) for note in r.get("notes", [])
    ]
    return lines + coverage_lines(records)
