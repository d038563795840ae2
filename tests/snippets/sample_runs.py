"""Sample pages checked in one in-process run of the snippet plugin, as a tree is checked: the stand-ins of
every page are built before the first session runs. Shared by the stand-in tests' module fixtures."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from polydocs.snippets.standins import models

from .golden import CASES
from .test_pytest_plugin import PLUGIN_ARGS

# What a fixture keeps of one builder batch's requests (their Hub ids, their outcome keys, ...).
Recorded = Callable[[Sequence[models.StandInRequest]], list[str]]


class _Outcomes:
    """pytest plugin: the outcome of each page's session item."""

    def __init__(self) -> None:
        self.by_page: dict[str, str] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" or report.outcome != "passed":
            self.by_page[report.nodeid.split("::")[0].rsplit("/", 1)[-1]] = report.outcome


def check_sample_pages(
    root: Path, samples: str, pages: Sequence[str], recorded: Recorded, options: Sequence[str] = ()
) -> tuple[Path, dict[str, str], dict[str, dict], list[str], list[list[str]]]:
    """`pages` of CASES/`samples`/en checked under `root`: the stand-in cache, each page's item outcome (by
    file name), its session from the JSON report (by `en/page`), the lines the run printed, and what
    `recorded` kept of each builder batch."""
    cache = root / "snippets-cache"
    (root / "docs_src" / "en").mkdir(parents=True)
    for page in pages:
        shutil.copy(CASES / samples / "en" / page, root / "docs_src" / "en" / page)
    outcomes = _Outcomes()
    builds: list[list[str]] = []
    build = models._build

    def counting(requests, profile, hf_home):
        builds.append(recorded(requests))
        return build(requests, profile, hf_home)

    args = [*PLUGIN_ARGS, "--snippets-cache", str(cache), "--snippets-report-json", "report.json", *options]
    printed = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(printed):
        patch.chdir(root)
        patch.setattr(models, "_build", counting)
        pytest.main(["docs_src", "--rootdir", str(root), *args], plugins=[outcomes])
    report = json.loads((root / "report.json").read_text())
    sessions = {session["page"]: session for session in report["sessions"]}
    return cache, outcomes.by_page, sessions, printed.getvalue().splitlines(), builds
