"""What `polydocs init` says after the files: what lint starts from and how to burn it down, and the
iframe hosts the pages embed that the settings refuse."""

from __future__ import annotations

from polydocs.init.baseline import BaselineWritten, baseline_path, rewrite_command
from polydocs.init.discover import DocsSetup
from polydocs.sources import PROJECT_FILE

_SHOWN_CODES = 5


def _baseline_lines(setup: DocsSetup, baseline: BaselineWritten) -> list[str]:
    where = baseline_path(setup).as_posix()
    if not baseline.findings:
        return [f"lint: no findings; {where} is empty (it would hold the findings you accept later)"]
    codes = ", ".join(f"{count} {code}" for code, count in baseline.by_code[:_SHOWN_CODES])
    more = (
        f", {len(baseline.by_code) - _SHOWN_CODES} more codes" if len(baseline.by_code) > _SHOWN_CODES else ""
    )
    return [
        f"lint starts green: {baseline.findings} findings of today's pages are baselined in {where} "
        f"({codes}{more}); `make docs-lint` and the lint job fail only on new ones",
        f"burn them down: fix some (`make docs-lint POLYDOCS_BASELINE=` shows them all), then "
        f"`{rewrite_command(setup)}` keeps only those left",
    ]


def _hosts_line(setup: DocsSetup) -> list[str]:
    if not setup.embedded_hosts:
        return []
    hosts = ", ".join(f"{entry.host} ({entry.counts()})" for entry in setup.embedded_hosts)
    settings = (setup.source / PROJECT_FILE).as_posix()
    return [
        f"iframes: the pages embed from hosts the settings refuse (the site shows a link instead): {hosts}; "
        f"to embed them, list them under `iframe_hosts:` in {settings} (a commented suggestion where init "
        "wrote it) — a host you allow runs its pages in your readers' browsers, so that is your decision"
    ]


def summary_lines(setup: DocsSetup, baseline: BaselineWritten | None) -> list[str]:
    return [*(_baseline_lines(setup, baseline) if baseline else []), *_hosts_line(setup)]
