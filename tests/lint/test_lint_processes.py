"""A large tree is linted by several forked processes: what they find is what one process finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.lint import runner
from polydocs.lint.installed import InstalledFacts

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "peft-docs"


@pytest.mark.skipif(runner._cpus() < 2, reason="one CPU: lint never forks")
@pytest.mark.skipif(not CORPUS.is_dir(), reason="the corpus tree peft-docs (../shared/corpus) is absent")
def test_forked_processes_find_what_one_process_finds(monkeypatch: pytest.MonkeyPatch) -> None:
    alone = runner.lint_paths([CORPUS], facts=InstalledFacts())
    forks = []
    monkeypatch.setattr(runner, "worker_pool", lambda n: forks.append(n) or _pool(n))
    monkeypatch.setattr(runner, "PAGES_PER_PROCESS", 10)
    # Nothing kept of the pages (`kept_pages.py`): the forked processes find it all themselves.
    forked = runner.lint_paths([CORPUS], facts=InstalledFacts(), keep_pages=False)
    # The secret scan's process, forked first to run beside the page rules, then the page rules' processes.
    assert forks == [1, min(runner._cpus(), alone.pages // 10)]
    assert alone.findings and forked.findings == alone.findings
    assert (forked.pages, forked.files_scanned_for_secrets) == (alone.pages, alone.files_scanned_for_secrets)


def _pool(processes: int):  # the real pool, counted
    from polydocs.worker_processes import worker_pool

    return worker_pool(processes)
