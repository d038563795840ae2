"""What `polydocs init` says after the files: what lint starts from and how to burn it down, and the
iframe hosts the pages embed that the settings refuse."""

from __future__ import annotations

from polydocs.init.baseline import BaselineWritten, baseline_path, rewrite_command
from polydocs.init.discover import DocsSetup
from polydocs.init.render import CHECK_BASELINE_NAME
from polydocs.sources import PROJECT_FILE

_SHOWN_CODES = 5


def _counted(by_code: list[tuple[str, int]]) -> str:
    codes = ", ".join(f"{count} {code}" for code, count in by_code[:_SHOWN_CODES])
    return codes + (f", {len(by_code) - _SHOWN_CODES} more codes" if len(by_code) > _SHOWN_CODES else "")


def _left_out_lines(setup: DocsSetup, baseline: BaselineWritten) -> list[str]:
    if not baseline.left_out:
        return []
    library = baseline.library
    return [
        f"not baselined: {baseline.findings_left_out} findings ({_counted(baseline.left_out)}) that only "
        f"{library} not being installed here makes: the lint job installs it (docs.yml's `install`, default "
        f"`.`) and finds only the real ones, which a baseline written here would accept unseen; install "
        f"{library} here as the job does (`pip install .`) and run `{rewrite_command(setup)}`: until then "
        "`make docs-lint` and the lint job fail on them"
    ]


def _baseline_lines(setup: DocsSetup, baseline: BaselineWritten) -> list[str]:
    where = baseline_path(setup).as_posix()
    if not baseline.findings:
        return [
            f"lint: no findings; {where} is empty (it would hold the findings you accept later)",
            *_left_out_lines(setup, baseline),
        ]
    green = f"once {baseline.library} is installed (below)" if baseline.left_out else ""
    return [
        f"lint starts green{green and ' ' + green}: {baseline.findings} findings of today's pages are "
        f"baselined in {where} ({_counted(baseline.by_code)}); `make docs-lint` and the lint job fail only "
        "on new ones",
        f"burn them down: fix some (`make docs-lint POLYDOCS_BASELINE=` shows them all), then "
        f"`{rewrite_command(setup)}` keeps only those left",
        *_left_out_lines(setup, baseline),
    ]


def _check_baseline_line(setup: DocsSetup) -> list[str]:
    """How to accept today's snippet failures: init runs no snippet (that takes as long as a check)."""
    where = (setup.source / CHECK_BASELINE_NAME).as_posix()
    if (setup.repository / where).exists():
        return [
            f"snippets: {where} holds the failures accepted; `make docs-check` and the snippet jobs read it"
        ]
    return [
        f"snippets: init runs none (that takes as long as `make docs-check`); to start the snippet jobs "
        f"green, run `polydocs check {setup.source.as_posix()} --write-baseline {where}` where the library "
        "is installed as CI installs it, and commit the file: `make docs-check` and the snippet jobs read it "
        "while it exists"
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
    return [
        *(_baseline_lines(setup, baseline) if baseline else []),
        *_check_baseline_line(setup),
        *_hosts_line(setup),
    ]
