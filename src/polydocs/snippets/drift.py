"""Translation drift: a translated page's Python code must match its English page (comments aside)."""

from __future__ import annotations

from pathlib import Path

from polydocs.diagnostics import Diagnostic, display_path
from polydocs.snippets.fingerprint import normalized_code
from polydocs.snippets.regions import Region
from polydocs.sources.pages import page_at


def english_counterpart(path: Path) -> Path | None:
    """`docs_src/es/x.md` -> `docs_src/en/x.md` when this is a translation whose English page exists:
    the page a reader of its language would read without it (the site model's fallback)."""
    address = page_at(path)
    return address.english() if address is not None else None


def _comparable(code: str) -> list[str]:
    """Code lines without comments and blank lines: a translated or added comment is not drift."""
    return [line for line in normalized_code(code).splitlines() if line.strip()]


def find_drift(
    path: Path, regions: list[Region], english_path: Path, english: list[Region]
) -> list[Diagnostic]:
    mine = [r for r in regions if r.is_python]
    theirs = [r for r in english if r.is_python]
    problems = []
    for ours, source in zip(mine, theirs, strict=False):
        if _comparable(ours.code) != _comparable(source.code):
            problems.append(
                Diagnostic(
                    str(path),
                    ours.start_line,
                    "snippet-drift",
                    f"code differs from the English page at {display_path(english_path)}:{source.start_line}",
                    "copy the English code block (translate only comments and prose)",
                    "error",
                )
            )
    if len(mine) != len(theirs):
        where = f"{display_path(english_path)} has {len(theirs)} Python blocks, this page {len(mine)}"
        line = mine[len(theirs)].start_line if len(mine) > len(theirs) else 1
        problems.append(
            Diagnostic(str(path), line, "snippet-drift", where, "translate every English code block", "error")
        )
    return problems
