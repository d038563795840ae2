"""The lint baseline `polydocs init` writes, so that an adopting repository's lint starts green: every
finding of today's pages accepted (`polydocs lint --write-baseline`, matched by content), and only new
ones failing `make docs-lint` and the lint job, which read it with `--baseline`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from polydocs.init.discover import DocsSetup
from polydocs.init.render import BASELINE_NAME
from polydocs.lint.baseline import write_baseline
from polydocs.lint.installed import InstalledFacts, default_store
from polydocs.lint.runner import lint_paths


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
    """How many findings init accepted, by code, most frequent first."""

    by_code: list[tuple[str, int]]

    @property
    def findings(self) -> int:
        return sum(count for _, count in self.by_code)


def write_adoption_baseline(setup: DocsSetup) -> BaselineWritten:
    """Lint the tree as `make docs-lint` and the lint job do (with the settings init just wrote) and
    record every finding in the baseline."""
    report = lint_paths(
        [setup.repository / setup.source], repository=True, facts=InstalledFacts(default_store())
    )
    write_baseline(report.findings, setup.repository / baseline_path(setup))
    counts = Counter(finding.code for finding in report.findings)
    return BaselineWritten(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
