"""The per-page context the markup extensions read: where the page is, its language, what it may link to."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path

from polydocs.diagnostics import Diagnostic
from polydocs.dialect import DEFAULT_IFRAME_HOSTS, PageFacts, ParsedPage, parse_page
from polydocs.sources.api_inventory import ApiInventory, default_inventory
from polydocs.sources.languages import Language, source_language


@dataclass
class MarkupContext:
    """Everything the extensions need to know about the page being converted, and where warnings go."""

    path: str
    lang: Language
    # Source lines before the text handed to Python-Markdown (MkDocs strips the YAML front matter).
    line_offset: int = 0
    # The page's name without `.md`, relative to its language folder: `perf_torch_compile`, `tasks/asr`.
    page_local: str = ""
    # Every page name of this language's built site; empty means "unknown", so page links are not checked.
    known_pages: frozenset[str] = frozenset()
    # Old page names `_redirects.yml` sends on (`old` -> `new` or `new#anchor`): links to them are valid.
    moved_pages: Mapping[str, str] = field(default_factory=dict)
    api: ApiInventory = field(default_factory=default_inventory)
    iframe_hosts: tuple[str, ...] = DEFAULT_IFRAME_HOSTS
    warnings: list[Diagnostic] = field(default_factory=list)
    license_header: bool = False
    # When the text was expanded before conversion (benchmark tables, evidence badges), the source line
    # (1-based) of each line of the text; empty means `line_offset + index + 1`.
    line_map: tuple[int, ...] = ()
    # The text Python-Markdown was given, parsed once by the first of our preprocessors (`page_parse`);
    # the others keep every line where it was, so its locations hold for all of them.
    page: ParsedPage | None = None
    # The page's file and the folder its `<literalinclude>`s may read from; None: the text includes nothing.
    source_file: Path | None = None
    include_root: Path | None = None
    # How many lines Python-Markdown gave the steps (set by the first, `page_parse`); locations past them
    # are faults (`source_line`). None: no conversion has run, only `line_map` bounds them.
    text_lines: int | None = None
    # False where nobody reads the conversion's construct problems (lint's rendering for `unsafe-html` and
    # `source-visible`: its `constructs` rule checks the page itself): `page_parse` then checks only the
    # page's bounds, which decide what is rendered (a notice in place of a page past them).
    check_constructs: bool = True

    @property
    def facts(self) -> PageFacts:
        """What the construct checks may know about this page's site."""
        return PageFacts(
            self.page_local,
            self.known_pages,
            self.moved_pages,
            self.iframe_hosts,
            self.api,
            self.lang,
            self.source_file,
            self.include_root,
        )

    def parsed(self, lines: list[str]) -> ParsedPage:
        """The page's one parse; a preprocessor called on its own (in tests) parses the lines it got."""
        return self.page if self.page is not None else parse_page("\n".join(lines))

    def code_mask(self, lines: list[str]) -> list[bool]:
        """For each of `lines`, whether the one parse found it to be code."""
        mask = list(self.parsed(lines).code_mask)[: len(lines)]
        return mask + [False] * (len(lines) - len(mask))

    def outside_code(self, lines: list[str]) -> list[tuple[int, str]]:
        """`(index, line)` of each of `lines` that is not code (as it is now, after earlier rewrites)."""
        return [
            (index, line)
            for index, (line, code) in enumerate(zip(lines, self.code_mask(lines), strict=True))
            if not code
        ]

    def warn(self, index: int, code: str, message: str, hint: str = "") -> Diagnostic:
        """Record a warning about the 0-based line `index` of the text Python-Markdown was given."""
        return self.report(Diagnostic(self.path, self.source_line(index), code, message, hint))

    def report(self, diagnostic: Diagnostic) -> Diagnostic:
        """Record a warning located anywhere (a docstring's installed file and line)."""
        self.warnings.append(diagnostic)  # the caller reports them (`polydocs build` logs each once)
        return diagnostic

    def source_line(self, index: int) -> int:
        """The 1-based source line of the 0-based line `index` of the converted text; a line the text does
        not have is a fault of the caller (`LineOutsideText`), never moved to the nearest one."""
        count = len(self.line_map) if self.line_map else self.text_lines
        if index < 0 or (count is not None and index >= count):
            raise LineOutsideText(self.path, index, count or 0)
        if self.line_map:
            return self.line_map[index]
        return self.line_offset + index + 1


class LineOutsideText(IndexError):
    """A location past the converted text's lines: some step or check lost count of them."""

    def __init__(self, path: str, index: int, count: int) -> None:
        super().__init__(
            f"{path}: line {index + 1} of the converted text was asked for; it has {count} lines"
        )


class WarningOutsidePage(RuntimeError):
    """A warning raised by a conversion that no `page_context` holds: no caller would read it."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(
            f"{diagnostic}: this warning was raised by a Markdown conversion outside any page's context "
            "(the dialect's extension used without `page_context`, or in a thread the context does not "
            "reach), where nothing reports it; convert with `polydocs.markup.render`, or inside "
            "`page_context`, whose warnings the caller reports"
        )
        self.diagnostic = diagnostic


@dataclass
class _OutsidePage(MarkupContext):
    """The context of text converted with no `page_context` around it: English, no site facts. Its
    warnings have no reader, so each is raised where it is found, with its location, never dropped."""

    def report(self, diagnostic: Diagnostic) -> Diagnostic:
        raise WarningOutsidePage(diagnostic)


_current: ContextVar[MarkupContext | None] = ContextVar("polydocs_markup_context", default=None)


def current_context() -> MarkupContext:
    """The context set by `page_context`, or, for text converted outside one, a fresh English one whose
    warnings are raised (`WarningOutsidePage`) instead of dropped."""
    context = _current.get()
    return context if context is not None else _OutsidePage(path="<string>", lang=source_language())


@contextmanager
def page_context(context: MarkupContext) -> Iterator[MarkupContext]:
    """Make `context` the current one while the block runs, then restore the previous one."""
    token = _current.set(context)
    try:
        yield context
    finally:
        _current.reset(token)
