"""Badges under each Python code block saying where the committed reports verified it."""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.dialect import parse_page
from polydocs.dialect.constructs.fences import container_prefix
from polydocs.guide import guide_url
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
    needs: str = ""  # for a blocked block: what it needs that the run did not have; a fragment: why
    transformers: str = ""  # the run's Transformers, when its report says it


@dataclass
class Evidence:
    """Every committed report's verdicts, keyed by (page, code hash)."""

    blocks: dict[tuple[str, str], BlockEvidence] = field(default_factory=dict)

    def find(self, page: str, code: str) -> BlockEvidence | None:
        return self.blocks.get((page, code_hash(code)))

    def page_versions(self, page: str) -> dict[str, str]:
        """The torch and Transformers versions of the run whose verdicts the page's badges show (those
        that name torch: verified or failed), which its notebook installs (`notebooks/requirements.py`);
        none when no badge names one, or its badges name runs of different versions."""
        runs = {
            (found.torch, found.transformers)
            for (key, _), found in self.blocks.items()
            if key == page and found.status in _SHOWS_TORCH
        }
        if len(runs) != 1:
            return {}
        torch, transformers = runs.pop()
        return {"torch": torch, **({"transformers": transformers} if transformers else {})}


# The verdicts whose badge names the torch version of their run (`_badge`).
_SHOWS_TORCH = ("passed", "failed")


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
                        f"regenerate it ({guide_url('checking.md', 'Reports and badges')}) or delete it",
                        "error",
                    )
                ]
            ) from None
    return evidence


def _add_report(evidence: Evidence, report: dict) -> None:
    device = report["device"]["name"]
    torch_version = report["versions"]["torch"]
    transformers_version = report["versions"].get("transformers", "")
    date = report["created"][:10]
    for session in report["sessions"]:
        for block in session["blocks"]:
            if block["status"] == "skipped":
                continue
            key = (session["page"], block["code_hash"])
            # What a blocked block needs, or why a fragment cannot run by itself.
            needs = (block.get("blocked") or block.get("fragment") or {}).get("message", "")
            found = BlockEvidence(
                block["status"],
                device,
                torch_version,
                date,
                block.get("speedup"),
                needs,
                transformers_version,
            )
            evidence.blocks.setdefault(key, found)


@dataclass(frozen=True)
class BadgedPage:
    """A page's Markdown with a badge after each closed Python block, and where its lines come from."""

    text: str
    # For each line of `text` (split on newlines), the 1-based line of the page it comes from, a badge's
    # lines that of its block's last line; empty when no badge was added.
    source_lines: tuple[int, ...] = ()


def annotate_code_blocks(markdown_text: str, page: str, evidence: Evidence, lang: Language) -> BadgedPage:
    """`markdown_text` with a badge after each Python code block (`page` like `es/perf_torch_compile.md`).

    The badge goes right after the closing fence, inside the block's container (a quote keeps its `>`, a
    list item or tab its indentation). A block never closed gets none: it runs to the end of its
    container, so anything after it there would be code (its `fence-unclosed` warning says to close it).
    """
    python = {r.start_line: r for r in scan_page(Path(page), markdown_text).regions if r.is_python}
    closed = [
        fence for fence in parse_page(markdown_text).fences if fence.end is not None and fence.line in python
    ]
    if not closed:
        return BadgedPage(markdown_text)
    lines = markdown_text.splitlines(keepends=True)
    badges: dict[int, str] = {}
    for fence in closed:
        end = fence.last
        if not lines[end].endswith("\n"):
            lines[end] += "\n"
        badge = _badge(evidence.find(page, python[fence.line].code), lang)
        badges[end] = _badge_lines(container_prefix(lines[end], fence.marker), badge)
    return _with_badges(lines, badges, markdown_text.count("\n") + 1)


def _with_badges(lines: list[str], badges: dict[int, str], page_lines: int) -> BadgedPage:
    """The lines with each badge after its block's last line, counting the page's own lines as they go."""
    parts: list[str] = []
    source_lines: list[int] = []
    line = 1
    for index, text in enumerate(lines):
        parts.append(text)
        source_lines += range(line, line + text.count("\n"))
        line += text.count("\n")
        if index in badges:
            parts.append(badges[index])
            source_lines += [line - 1] * badges[index].count("\n")
    source_lines.append(min(line, page_lines))  # what follows the last newline
    return BadgedPage("".join(parts), tuple(source_lines))


def _badge_lines(prefix: str, badge: str) -> str:
    """The badge between two blank lines of its container (`>` inside a quote)."""
    blank = prefix.rstrip()
    return f"{blank}\n{prefix}{badge}\n{blank}\n"


def _badge(found: BlockEvidence | None, lang: Language) -> str:
    if found is None:
        state, text = "unverified", lang.text("evidence.unverified")
    elif found.status == "blocked":
        state, text = "blocked", lang.text("evidence.blocked", device=found.device, needs=found.needs)
    elif found.status == "fragment":  # never run, so never verified: it says why
        state, text = "fragment", lang.text("evidence.fragment", why=found.needs)
    else:
        state = "verified" if found.status == "passed" else "failed"
        parts = [lang.text(f"evidence.{state}", device=found.device), f"torch {found.torch}", found.date]
        # Tiny functions run slower compiled (call overhead); a "0.5x faster" badge would mislead.
        if state == "verified" and found.speedup and found.speedup >= 1.0:
            parts.append(lang.text("evidence.speedup", speedup=lang.number(found.speedup, 1)))
        text = " · ".join(parts)
    mark = {"verified": "✓", "failed": "✗", "blocked": "○", "fragment": "…", "unverified": "?"}[state]
    return (
        f'<div class="polydocs-evidence polydocs-evidence--{state}" markdown="0">'
        f"{mark} {html.escape(text)}</div>"
    )
