"""What `polydocs build` found: each language's result, every problem once, and when the build stops."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.site.build_summary import Folded
from polydocs.sources import SourceTree
from polydocs.sources.library import Library


@dataclass
class LanguageResult:
    lang: str
    seconds: float
    pages: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    error: str = ""
    # Not built: nothing it is built from changed, and its published folder was kept as it was.
    unchanged: bool = False
    # The processes that built it side by side (`language_parts.py`).
    parts: int = 1

    @property
    def warnings(self) -> list[str]:
        return [str(problem) for problem in self.diagnostics]


@dataclass
class BuildReport:
    out: Path
    languages: list[LanguageResult]
    # Every problem the build found, once: the source tree's, the secret scan's, each language build's.
    diagnostics: list[Diagnostic]
    seconds: float
    # The site model the build read, which says the language each diagnostic's file lies in.
    tree: SourceTree | None = None
    # The problems of one cause (a library not installed) as one summary: what the terminal shows.
    folded: Folded | None = None

    @property
    def warnings(self) -> list[str]:
        return [str(problem) for problem in self.diagnostics]

    @property
    def library(self) -> Library | None:
        return self.tree.library if self.tree else None

    def shown_problems(self, verbose: bool) -> list[Diagnostic]:
        """The problems the terminal shows: each one with `verbose`, else one-cause groups summarised."""
        if verbose or self.folded is None:
            return self.diagnostics
        return self.folded.shown

    def shown(self, verbose: bool) -> list[str]:
        return [str(problem) for problem in self.shown_problems(verbose)]

    def to_dict(self) -> dict[str, object]:
        """What `polydocs build --report-json` writes: each diagnostic as `polydocs lint --format json`
        gives it, with its language folder (null outside every one); each built language's page count; the
        error of each language that failed."""
        language_at = self.tree.language_at if self.tree else lambda path: None
        return {
            "library": self.library.name if self.library else None,
            "diagnostics": [{**d.to_dict(), "language": language_at(d.path)} for d in self.diagnostics],
            "pages": {result.lang: result.pages for result in self.languages},
            "failed": {result.lang: result.error for result in self.languages if result.error},
        }


@dataclass
class BuildFailed(PolydocsError):
    """The build stopped (a language failed, or `--strict` met a warning); `report` says all it found."""

    report: BuildReport | None = None


def unique_problems(problems: list[Diagnostic]) -> list[Diagnostic]:
    """Each problem once: a page English and its fallbacks convert is reported by every such language."""
    unique: dict[str, Diagnostic] = {}
    for problem in problems:
        unique.setdefault(str(problem), problem)
    return list(unique.values())


def refuse_failures(report: BuildReport, strict: bool) -> None:
    """Raise `BuildFailed` when a language failed, or, with `strict`, when the build found any problem."""
    errors = [f"{result.lang}: {result.error}" for result in report.languages if result.error]
    if errors:
        summary = "build failed; the previous site is left untouched\n" + "\n".join(errors)
        raise BuildFailed(summary=summary, report=report)
    if strict and report.diagnostics:
        raise BuildFailed(
            summary=f"--strict: {len(report.warnings)} warning(s); the previous site is left untouched\n"
            + "\n".join(report.warnings),
            report=report,
        )
