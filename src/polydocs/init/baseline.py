"""The lint baseline `polydocs init` writes, so that an adopting repository's lint starts green: every
finding of today's pages accepted (`polydocs lint --write-baseline`, matched by content), and only new
ones failing `make docs-lint` and the lint job, which read it with `--baseline`.

Findings that only the documented library's absence here makes (its `[[autodoc]]` blocks and API links,
when it is not installed: `site/build_summary.library_dependent`, the build's own rule) are left out and
said: CI installs the library and would find others, and a broken reference accepted here would pass
there unseen."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.dialect.site_inventory import site_inventory
from polydocs.init.discover import DocsSetup
from polydocs.init.render import BASELINE_NAME
from polydocs.lint.baseline import write_baseline
from polydocs.lint.installed import InstalledFacts, default_store
from polydocs.lint.runner import lint_paths
from polydocs.site.build_summary import library_dependent
from polydocs.sources import load_project_config


def baseline_path(setup: DocsSetup) -> Path:
    """The baseline, relative to the repository, as the Makefile and the workflow name it."""
    return setup.source / BASELINE_NAME


def rewrite_command(setup: DocsSetup) -> str:
    """The command that records the findings left (run at the top of the repository), the same run
    init made: every rule on the tree, and the secret scan of every tracked file."""
    baseline, source = baseline_path(setup).as_posix(), setup.source.as_posix()
    return f"polydocs lint --repository --write-baseline {baseline} {source}"


@dataclass(frozen=True)
class BaselineWritten:
    """How many findings init accepted, by code, most frequent first; and those it left out because the
    documented library (`library`) is not installed here."""

    by_code: list[tuple[str, int]]
    left_out: list[tuple[str, int]] = field(default_factory=list)
    library: str = ""

    @property
    def findings(self) -> int:
        return sum(count for _, count in self.by_code)

    @property
    def findings_left_out(self) -> int:
        return sum(count for _, count in self.left_out)


def _by_code(findings: list[Diagnostic]) -> list[tuple[str, int]]:
    counts = Counter(finding.code for finding in findings)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def write_adoption_baseline(setup: DocsSetup) -> BaselineWritten:
    """Lint the tree as `make docs-lint` and the lint job do (with the settings init just wrote) and
    record every finding in the baseline."""
    report = lint_paths(
        [setup.repository / setup.source], repository=True, facts=InstalledFacts(default_store())
    )
    api = site_inventory(load_project_config(setup.repository / setup.source))
    left_out = library_dependent(api, report.findings) if not api.importable() else []
    ids = {id(finding) for finding in left_out}
    kept = [finding for finding in report.findings if id(finding) not in ids]
    write_baseline(kept, setup.repository / baseline_path(setup))
    return BaselineWritten(_by_code(kept), _by_code(left_out), api.package if left_out else "")
