"""Badges under each Python code block saying where the committed reports verified it."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.snippets.fingerprint import code_hash
from polydocs.snippets.regions import scan_page
from polydocs.sources import Language

EVIDENCE_FOLDER = Path("_data") / "snippets"


@dataclass(frozen=True)
class BlockEvidence:
    """What one report says about one code block."""

    status: str
    device: str
    torch: str
    date: str
    speedup: float | None = None


@dataclass
class Evidence:
    """Every committed report's verdicts, keyed by (page, code hash)."""

    blocks: dict[tuple[str, str], BlockEvidence] = field(default_factory=dict)

    def find(self, page: str, code: str) -> BlockEvidence | None:
        return self.blocks.get((page, code_hash(code)))


def load_evidence(source_root: Path) -> Evidence:
    """Read `source_root/_data/snippets/*.json`; the first report (by file name) wins for a block."""
    evidence = Evidence()
    for report_path in sorted((source_root / EVIDENCE_FOLDER).glob("*.json")):
        try:
            report = json.loads(report_path.read_text(encoding="utf-8"))
            _add_report(evidence, report)
        except (ValueError, KeyError, TypeError) as error:
            raise PolydocsError(
                [
                    Diagnostic(
                        str(report_path),
                        0,
                        "snippet-evidence",
                        f"unreadable snippet report ({error})",
                        "regenerate it with scripts/check_gpu.sh or delete it",
                        "error",
                    )
                ]
            ) from None
    return evidence


def _add_report(evidence: Evidence, report: dict) -> None:
    device = report["device"]["name"]
    torch_version = report["versions"]["torch"]
    date = report["created"][:10]
    for session in report["sessions"]:
        for block in session["blocks"]:
            if block["status"] == "skipped":
                continue
            key = (session["page"], block["code_hash"])
            evidence.blocks.setdefault(
                key, BlockEvidence(block["status"], device, torch_version, date, block.get("speedup"))
            )


def annotate_code_blocks(markdown_text: str, page: str, evidence: Evidence, lang: Language) -> str:
    """`markdown_text` with a badge after each Python code block (`page` like `es/perf_torch_compile.md`)."""
    regions = [r for r in scan_page(Path(page), markdown_text).regions if r.is_python]
    if not regions:
        return markdown_text
    lines = markdown_text.splitlines(keepends=True)
    for region in sorted(regions, key=lambda r: r.end_line, reverse=True):
        closing = lines[region.end_line - 1] if region.end_line <= len(lines) else ""
        indent = closing[: len(closing) - len(closing.lstrip())]
        badge = _badge(evidence.find(page, region.code), lang)
        if lines and not lines[min(region.end_line, len(lines)) - 1].endswith("\n"):
            lines[min(region.end_line, len(lines)) - 1] += "\n"
        lines.insert(min(region.end_line, len(lines)), f"\n{indent}{badge}\n\n")
    return "".join(lines)


def _badge(found: BlockEvidence | None, lang: Language) -> str:
    if found is None:
        state, text = "unverified", lang.text("evidence.unverified")
    else:
        state = "verified" if found.status == "passed" else "failed"
        parts = [lang.text(f"evidence.{state}", device=found.device), f"torch {found.torch}", found.date]
        # Tiny functions run slower compiled (call overhead); a "0.5x faster" badge would mislead.
        if state == "verified" and found.speedup and found.speedup >= 1.0:
            parts.append(lang.text("evidence.speedup", speedup=lang.number(found.speedup, 1)))
        text = " · ".join(parts)
    mark = {"verified": "✓", "failed": "✗", "unverified": "?"}[state]
    return (
        f'<div class="polydocs-evidence polydocs-evidence--{state}" markdown="0">'
        f"{mark} {html.escape(text)}</div>"
    )
