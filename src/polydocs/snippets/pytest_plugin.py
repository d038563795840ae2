"""pytest plugin: `pytest --doc-snippets docs_src` runs every page session as a test item.

Node ids are `docs_src/es/perf_torch_compile.md::L24` (the first fence of the session). Works with
pytest-xdist: each worker runs sessions, pinned to one GPU on a multi-GPU machine.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from polydocs.cache import cache_dir
from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.snippets.baseline import CheckBaseline, as_report, failure_prints, write_baseline_from_records
from polydocs.snippets.cache import ResultCache, gpu_names, session_key
from polydocs.snippets.drift import english_counterpart, find_drift
from polydocs.snippets.regions import scan_page
from polydocs.snippets.report import (
    build_report,
    session_blocks,
    session_failures,
    session_fragments,
    session_record,
    summary_lines,
    write_report,
)
from polydocs.snippets.runner import DEFAULT_MEMORY_MB, RunOptions, prepare_sessions, run_session
from polydocs.snippets.sandbox_probe import probe_sandbox
from polydocs.snippets.sessions import Session, build_sessions, check_blocks
from polydocs.snippets.sharding import select_shard
from polydocs.sources.confinement import inside_tree, link_leaving_tree
from polydocs.sources.pages import is_page_file

_PROPERTY = "polydocs-session"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("polydocs", "polydocs snippet checker")
    group.addoption(
        "--doc-snippets", action="store_true", help="collect and run the code blocks of Markdown pages"
    )
    group.addoption("--snippets-device", choices=("cpu", "cuda"), default="cpu")
    group.addoption("--snippets-profile", choices=("tiny", "full"), default="tiny")
    group.addoption(
        "--snippets-cache",
        default=None,
        help="cache folder (default $POLYDOCS_CACHE/snippets or ~/.cache/polydocs/snippets)",
    )
    group.addoption("--snippets-no-cache", action="store_true", help="rerun sessions cached by earlier runs")
    group.addoption("--snippets-shard", default=None, metavar="I/N", help="run shard I of N (1-based)")
    group.addoption("--snippets-report-json", default=None, metavar="FILE")
    group.addoption("--snippets-memory-mb", type=int, default=DEFAULT_MEMORY_MB)
    group.addoption(
        "--snippets-baseline", default=None, metavar="FILE", help="accept the failures recorded in FILE"
    )
    group.addoption(
        "--snippets-write-baseline",
        default=None,
        metavar="FILE",
        help="record every failure of this run in FILE as accepted (the run then fails on none)",
    )


class SnippetFailure(Exception):
    def __init__(self, diagnostics: list[Diagnostic], output: str = "") -> None:
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.diagnostics = diagnostics
        self.output = output


class _PolydocsItem(pytest.Item):
    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, SnippetFailure):
            text = str(excinfo.value)
            if excinfo.value.output:
                text += "\n--- output (tail) ---\n" + excinfo.value.output
            return text
        return str(super().repr_failure(excinfo))


class SessionItem(_PolydocsItem):
    def __init__(self, *, doc_session: Session, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.doc_session = doc_session

    def reportinfo(self) -> tuple[Path, int, str]:
        return (
            self.doc_session.path,
            self.doc_session.line - 1,
            f"{self.doc_session.shown_path}:{self.doc_session.line}",
        )

    def runtest(self) -> None:
        state: _RunState = self.config.stash[_STATE]
        if not state.prepared:
            state.prepared = True
            _prepare(state, self.session.items)
        key = session_key(self.doc_session, state.options.profile, state.options.device)
        with state.cache.claim(self.doc_session, key) as claim:
            result = claim.found
            if result is None:
                result = run_session(self.doc_session, state.options)
                claim.store(result)
        record = session_record(self.doc_session, result, key, claim.origin, state.worker)
        failures = session_failures(self.doc_session, result) if result.status == "failed" else []
        record["baseline"] = as_report(failure_prints(self.doc_session, failures))
        new = _new_failures(state, record, failures)
        record["accepted"] = len(failures) - len(new)
        self.user_properties.append((_PROPERTY, json.dumps(record)))
        self.user_properties.append(("polydocs-status", result.status))
        blocked = session_blocks(self.doc_session, result)
        if new:
            # The blocked blocks too: a failure after one may be its consequence.
            raise SnippetFailure([*new, *blocked], result.output_tail)
        if failures:
            why = "recorded in" if state.write_baseline else "accepted by"
            pytest.skip(
                f"failed, every failure {why} {state.baseline_file}: " + "; ".join(map(str, failures))
            )
        if result.status == "blocked":
            pytest.skip("blocked: " + "; ".join(map(str, blocked)))
        if result.status == "fragment":
            pytest.skip("fragment: " + "; ".join(map(str, session_fragments(self.doc_session, result))))
        if result.status == "skipped":
            pytest.skip("; ".join(self.doc_session.skip_reasons(state.options.device)))


def _prepare(state: _RunState, items: list[pytest.Item]) -> None:
    """The stand-ins of every session this run will run, not reuse, built together (one builder process
    instead of one per session that loads a new id). A polydocs.yml that cannot be read fails the
    sessions of its tree, each where it runs, as without this step."""
    options = state.options
    sessions = [
        item.doc_session
        for item in items
        if isinstance(item, SessionItem)
        and not state.cache.reusable(
            item.doc_session, session_key(item.doc_session, options.profile, options.device)
        )
    ]
    try:
        prepare_sessions(sessions, options)
    except PolydocsError:
        pass


def _new_failures(state: _RunState, record: dict[str, Any], failures: list[Diagnostic]) -> list[Diagnostic]:
    """The failures that fail the item: all of them, none while writing a baseline, else those the
    baseline does not accept."""
    if state.write_baseline or not failures:
        return []
    return state.baseline.new_failures(record, failures) if state.baseline else failures


class DiagnosticsItem(_PolydocsItem):
    """A check that needs no execution (directive syntax, translation drift)."""

    def __init__(self, *, problems: list[Diagnostic], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.problems = problems

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, (self.problems[0].line - 1 if self.problems else 0), self.name

    def runtest(self) -> None:
        if self.problems:
            raise SnippetFailure(self.problems)


class MarkdownPage(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        if not any(inside_tree(self.path, root) for root in checked_trees(self.config)):
            # A page linked in from outside the checked tree is not the contributor's to run.
            yield DiagnosticsItem.from_parent(self, name="source", problems=[link_leaving_tree(self.path)])
            return
        scan = scan_page(self.path)
        if scan.unclosed_fences:
            # Reported, and still run: the site shows such a block as code to the end of its container.
            yield DiagnosticsItem.from_parent(self, name="fences", problems=scan.unclosed_fences)
        if scan.problems:
            yield DiagnosticsItem.from_parent(self, name="directives", problems=scan.problems)
            return  # the sessions would run with the wrong directives
        try:
            blocks = check_blocks(self.path)
        except PolydocsError as error:  # polydocs.yml's own line says what is wrong
            yield DiagnosticsItem.from_parent(self, name="settings", problems=error.diagnostics)
            return
        for session in build_sessions(self.path, scan.regions, blocks):
            yield SessionItem.from_parent(self, name=session.name, doc_session=session)
        english = english_counterpart(self.path)
        if english is not None:
            problems = find_drift(self.path, scan.regions, english, scan_page(english).regions)
            yield DiagnosticsItem.from_parent(self, name="drift", problems=problems)


def checked_trees(config: pytest.Config) -> list[Path]:
    """The trees the run was asked to check: each folder argument, and the folder of each page argument,
    wherever they lie (an absolute path from another working directory included)."""
    base = config.invocation_params.dir
    roots = []
    for argument in config.args:
        path = base / argument.split("::")[0]
        roots.append(path if path.is_dir() else path.parent)
    return roots


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if not parent.config.getoption("doc_snippets") or not is_page_file(file_path):
        return None
    return MarkdownPage.from_parent(parent, path=file_path)


class _RunState:
    def __init__(self, config: pytest.Config) -> None:
        workerinput = getattr(config, "workerinput", None)
        self.worker = workerinput["workerid"] if workerinput else "main"
        self.run_id = workerinput["polydocs_run_id"] if workerinput else uuid.uuid4().hex
        chosen = config.getoption("snippets_cache")
        folder = Path(chosen) if chosen else cache_dir("snippets")
        device = config.getoption("snippets_device")
        self.options = RunOptions(
            device,
            config.getoption("snippets_profile"),
            folder.resolve(),
            config.getoption("snippets_memory_mb"),
            _worker_gpu(device, self.worker),
        )
        self.cache = ResultCache(
            self.options.cache_dir, self.run_id, not config.getoption("snippets_no_cache")
        )
        self.write_baseline = config.getoption("snippets_write_baseline")
        accepted = config.getoption("snippets_baseline")
        try:
            self.baseline = (
                CheckBaseline.read(Path(accepted)) if accepted and not self.write_baseline else None
            )
        except PolydocsError as error:
            raise pytest.UsageError(str(error)) from None
        self.baseline_file = self.write_baseline or accepted
        self.records: list[dict[str, Any]] = []
        self.prepared = False  # the stand-ins of the run's sessions are built before the first one runs
        self.started = time.perf_counter()
        self.workers = int(workerinput["workercount"]) if workerinput else 1


_STATE = pytest.StashKey[_RunState]()


def _worker_gpu(device: str, worker: str) -> str | None:
    """One GPU per xdist worker (gw0 -> the first visible GPU, gw1 -> the second, ...)."""
    if device != "cuda":
        return None
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    gpus = [g for g in visible.split(",") if g] if visible else [str(i) for i in range(len(gpu_names()) or 1)]
    index = int(worker[2:]) if worker.startswith("gw") else 0
    return gpus[index % len(gpus)]


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("doc_snippets"):
        config.stash[_STATE] = _RunState(config)
        config.pluginmanager.register(_Controller(config), "polydocs-snippets-controller")


class _Controller:
    """Hooks that need the run's state: sharding, xdist worker setup, collecting records, reports."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.state = config.stash[_STATE]
        self.records: dict[str, dict[str, Any]] = {}
        self.baseline_note = ""

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        node.workerinput["polydocs_run_id"] = self.state.run_id
        node.workerinput["workercount"] = self.config.getoption("numprocesses") or 1

    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        shard = config.getoption("snippets_shard")
        if not shard:
            return
        kept = select_shard(items, shard)
        deselected = [item for item in items if item not in kept]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = kept

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call":
            for name, value in report.user_properties:
                if name == _PROPERTY:
                    record = json.loads(str(value))
                    self.records[record["id"]] = record

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if hasattr(self.config, "workerinput"):
            return
        if self.state.write_baseline:
            records = list(self.records.values())
            self.baseline_note = (
                f"recorded {write_baseline_from_records(records, Path(self.state.write_baseline))} failures "
                f"in {self.state.write_baseline}"
            )
        elif self.state.baseline is not None:
            self.baseline_note = self._accepted_note(self.state.baseline)
        report_path = self.config.getoption("snippets_report_json")
        if report_path:
            wall = time.perf_counter() - self.state.started
            workers = self.config.getoption("numprocesses", None) or 1
            options = self.state.options
            report = build_report(list(self.records.values()), options.device, options.profile, wall, workers)
            write_report(report, Path(report_path))

    def _accepted_note(self, baseline: CheckBaseline) -> str:
        records = list(self.records.values())
        accepted = sum(record.get("accepted", 0) for record in records)
        lines = [f"{accepted} failures accepted by {baseline.file}"]
        gone = baseline.gone(records)
        if gone:
            lines.append(f"{len(gone)} failures of {baseline.file} are gone; `--write-baseline` drops them:")
            lines += [f"  {entry.path}:{entry.line}: {entry.code} {entry.message}" for entry in gone]
        return "\n".join(lines)

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if hasattr(self.config, "workerinput"):
            return
        terminalreporter.section("polydocs snippets")
        for line in summary_lines(list(self.records.values()), time.perf_counter() - self.state.started):
            terminalreporter.write_line(line)
        for line in self.baseline_note.splitlines():
            terminalreporter.write_line(line)
        # Once per run, in the summary rather than as a warning: the test suite turns warnings into errors.
        for line in probe_sandbox(self.state.options.device == "cuda").summary_lines():
            terminalreporter.write_line(line, red="OFF" in line, bold="OFF" in line)
