"""Run every lint rule over the pages of PATHS (and, when asked, the repository's tracked files)."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import markdown

from polydocs.diagnostics import Diagnostic, display_path, reading
from polydocs.dialect.constructs.api_links import ask_once
from polydocs.dialect.page_bounds import TOO_DEEP
from polydocs.lint.changed import reported
from polydocs.lint.context import LintContext
from polydocs.lint.document import LintDocument
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.kept_pages import default_folder
from polydocs.lint.rules import PAGE_RULES, PageRule
from polydocs.lint.secrets.scan import (
    SecretAllowlist,
    find_repository_root,
    load_allowlist,
    scan_for_secrets,
    tracked_files,
)
from polydocs.lint.targets import LintTargets, collect_targets
from polydocs.lint.text_facts import text_findings
from polydocs.markup import extension_configs, markdown_extensions
from polydocs.notebooks.doc_builder_adapter import preload_style
from polydocs.sources.changes import Changes, affected_pages
from polydocs.worker_processes import worker_pool


@dataclass
class LintReport:
    """The findings of one run, sorted by file and line, and how many pages were read."""

    findings: list[Diagnostic] = field(default_factory=list)
    pages: int = 0
    files_scanned_for_secrets: int = 0

    def failed(self, strict: bool) -> bool:
        return any(f.severity == "error" or strict for f in self.findings)


def _allowlist(root: Path | None) -> tuple[SecretAllowlist, list[Diagnostic]]:
    if root is None:
        return SecretAllowlist(Path.cwd(), []), []
    return load_allowlist(root)


def lint_paths(
    paths: list[Path],
    *,
    repository: bool = False,
    facts: InstalledFacts | None = None,
    rules: list[str] | None = None,
    library: str | None = None,
    changes: Changes | None = None,
    keep_pages: bool = True,
) -> LintReport:
    """Lint the pages under `paths`; with `repository`, also scan for secrets every file tracked by the git
    repository holding the first path (whose root also holds `.secrets.allowlist`). `library` names the
    documented library (`--library`) as for `polydocs build`. With `changes`, only the pages they reach
    are read and only the findings that belong to them reported (`polydocs.lint.changed`). What lint
    derives from each page alone (what the rules read of its rendering and of its text, its constructs'
    findings) is kept in polydocs' cache unless `keep_pages` is false (`kept_pages.py`)."""
    targets = collect_targets(paths, library)
    affected = _select_changed(targets, changes) if changes is not None else set()
    kept = default_folder() if keep_pages else None
    context = LintContext(targets, facts or InstalledFacts(), kept)
    selected = rules or [*PAGE_RULES, "toctree", "secrets"]
    findings: list[Diagnostic] = []
    if "toctree" in selected:
        findings += targets.problems
    secrets = _secret_scan(paths, targets, repository, changes) if "secrets" in selected else None
    findings += _pages_findings(context, selected)
    scanned = 0
    if secrets is not None:
        found, scanned = secrets()
        findings += found
    context.facts.save()
    if changes is not None:
        findings = [finding for finding in findings if reported(finding, changes, affected)]
    unique = sorted(set(findings), key=lambda d: (display_path(d.path), d.line, d.code, d.message))
    return LintReport(unique, len(targets.documents), scanned)


def _secret_scan(
    paths: list[Path], targets: LintTargets, repository: bool, changes: Changes | None
) -> Callable[[], tuple[list[Diagnostic], int]]:
    """The secret scan of the pages (with `repository`, of every file git tracks too): call the result for
    its findings and how many files it scanned. The pages are handed over as lint read them (one read).
    Where the page rules are shared out to forked processes, the scan runs in a process of its own, forked
    now, beside them and beside what this process asks before forking (the library's answers), where it
    ran after them in this process alone: a fifth of `polydocs init`'s CPU on diffusers."""
    root = find_repository_root(paths[0]) if paths else None
    allowlist, problems = _allowlist(root)
    files = {document.path.resolve(): None for document in targets.documents}
    if repository and root is not None:
        files.update(dict.fromkeys(path.resolve() for path in tracked_files(root)))
    if changes is not None:
        files = {path: None for path in files if changes.changed(path)}
    texts = {document.path.resolve(): document.text for document in targets.documents}
    scan = partial(scan_for_secrets, list(files), allowlist, texts)
    if _processes(targets.documents) < 2:
        return lambda: (problems + scan(), len(files))
    side = worker_pool(1)
    started = side.submit(scan)

    def findings() -> tuple[list[Diagnostic], int]:
        with side:
            return problems + started.result(), len(files)

    return findings


# The pages one process lints at least before a second one is worth forking (its start and the answers
# it learns again, other pages' anchors and the library's names, cost about as much).
PAGES_PER_PROCESS = 100
# Pages handed to a process at a time: small enough to even out the processes' loads.
_CHUNK = 16
# What the forked processes lint with: set before they are forked, which happens at the first task.
_SHARED: tuple[LintContext, list[str]] | None = None


def _pages_findings(context: LintContext, selected: list[str]) -> list[Diagnostic]:
    """What the page rules find on every page. Each page's findings are its own (a rule asks other pages
    only for facts: anchors, names), so a large tree is linted by one forked process per CPU, chunk by
    chunk; the findings are the same, sorted at the end (init on course-docs, 1,044 pages: see
    docs/performance.md)."""
    global _SHARED
    documents = context.targets.documents
    processes = _processes(documents)
    if processes < 2:
        return _chunk_findings(range(len(documents)), context, selected)
    _SHARED = (context, selected)
    _import_before_forking(context, selected)
    if "constructs" in selected:
        _api_links_before_forking(context)
    try:
        with worker_pool(processes) as pool:
            return [finding for found in pool.map(_forked_chunk, _chunks(documents)) for finding in found]
    finally:
        _SHARED = None


def _import_before_forking(context: LintContext, selected: list[str]) -> None:
    """What the rules import on their first page, imported once by this process, not by each it forks:
    hf-doc-builder's styler with black (0.3 s of CPU) and the site's Markdown extensions (0.04 s), which
    render the pages for the rules reading them (`rendering.py`), and the settings they render with."""
    if "code-style" in selected:
        preload_style()
    if {"unsafe-html", "source-visible", "links"} & set(selected):
        markdown.Markdown(extensions=markdown_extensions(), extension_configs=extension_configs())
        context.renderings.settings.inventory_key  # noqa: B018 - made once, not once per process


def _api_links_before_forking(context: LintContext) -> None:
    """The tree's API links asked once by this process before it forks (lint of diffusers' 496 pages in
    two processes: 51.7 -> 43.3 CPU-s). The pages' parse, asked here, serves the forked processes too; a
    page past its bounds (`dialect/page_bounds.py`) is read no further than why, as the rule reads it."""
    ask_once(
        (document.parsed for document in context.targets.documents if _asks_api_links(document)), context.api
    )


def _asks_api_links(document: LintDocument) -> bool:
    try:
        return "[`" in document.text and not document.refused
    except RecursionError:  # the page's one finding, told by its own process
        return False


def _chunks(documents: list[LintDocument]) -> list[list[int]]:
    """The pages' indices in chunks of about `_CHUNK`, a page's translations in the chunk of its English
    page: what a process learns of one page (its Python blocks as black formats them, its code for the
    parity of each translation, the English page's parse) then serves all of them, where chunks in
    language order had each process format most of the course's blocks again."""
    by_name: dict[str, list[int]] = {}
    for index, document in enumerate(documents):
        by_name.setdefault(document.local, []).append(index)
    chunks: list[list[int]] = [[]]
    for indices in by_name.values():
        if chunks[-1] and len(chunks[-1]) + len(indices) > _CHUNK:
            chunks.append([])
        chunks[-1].extend(indices)
    return chunks


def _processes(documents: list[LintDocument]) -> int:
    """How many processes lint the pages: one per CPU, and at most one per `PAGES_PER_PROCESS` pages."""
    return min(_cpus(), len(documents) // PAGES_PER_PROCESS)


def _cpus() -> int:
    """The CPUs this process may run on (all of the machine's where that cannot be asked)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _forked_chunk(indices: Sequence[int]) -> list[Diagnostic]:
    assert _SHARED is not None, "a lint process forked without its context"
    context, selected = _SHARED
    found = _chunk_findings(indices, context, selected)
    context.facts.save()  # what this process learned of torch, for the next run
    return found


def _chunk_findings(indices: Sequence[int], context: LintContext, selected: list[str]) -> list[Diagnostic]:
    findings: list[Diagnostic] = []
    for index in indices:
        document = context.targets.documents[index]
        check = partial(_named_rule_findings, document=document, context=context)
        kept = text_findings(document, selected, context.kept, check)
        # A page past its bounds is read no further: the constructs rule says why (`dialect/page_bounds.py`).
        for name in selected:
            if name in kept:
                findings.extend(kept[name])
            elif name in PAGE_RULES and not (document.refused and name != "constructs"):
                findings.extend(_page_findings(PAGE_RULES[name], document, context))
    return findings


def _named_rule_findings(name: str, document: LintDocument, context: LintContext) -> list[Diagnostic]:
    return _page_findings(PAGE_RULES[name], document, context)


def _page_findings(rule: PageRule, document: LintDocument, context: LintContext) -> list[Diagnostic]:
    """What `rule` finds on the page; a page nesting deeper than a rule can follow is one finding, and the
    other pages are linted (the bounds of `dialect/page_bounds.py` refuse what they foresee first)."""
    try:
        with reading(document.path):
            return list(rule(document, context))
    except RecursionError:
        return [
            Diagnostic(
                str(document.path),
                1,
                TOO_DEEP,
                "the page nests deeper than the linter can follow (it ran out of recursion)",
                "flatten the page's lists, quotes, emphasis or links",
                "error",
            )
        ]


def _select_changed(targets: LintTargets, changes: Changes) -> set[Path]:
    """Keep only the documents the changes reach; returns those pages (resolved paths)."""
    affected = affected_pages(targets.tree, changes) if targets.tree is not None else set()
    affected |= {d.path.resolve() for d in targets.documents if changes.changed(d.path)}
    targets.documents = [d for d in targets.documents if d.path.resolve() in affected]
    return affected
