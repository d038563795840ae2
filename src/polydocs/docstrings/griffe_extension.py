"""The griffe extension mkdocstrings loads the library with: Hugging Face docstrings and source links.

Every object's docstring is replaced by one that parses itself with `parse.py` (when a template first asks
for its sections, so the thousands of docstrings no page shows are never parsed) into griffe's own
sections, which our templates (`templates/`) render as doc-builder does (its reST roles read as doc-builder
reads them, `rst_roles.py`). Its problems, and its API links shown as code (`docstring_links.py`),
become warnings at the docstring's file and line in the installed library (not in the slice mkdocstrings
reads, `sources/autodoc_slices.py`), reported with the page being converted. Classes and functions get
the link to their source in the library's repository (`source_links.py`) and the anchor doc-builder
gives them (`doc_builder_anchors.py`).
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path
from typing import Any

from griffe import (
    Alias,
    Class,
    Docstring,
    DocstringAttribute,
    DocstringParameter,
    DocstringRaise,
    DocstringReturn,
    DocstringSection,
    DocstringSectionAttributes,
    DocstringSectionParameters,
    DocstringSectionRaises,
    DocstringSectionReturns,
    DocstringSectionText,
    DocstringSectionYields,
    DocstringYield,
    Extension,
    Function,
    Module,
    Object,
    ObjectNode,
)

from polydocs.diagnostics import Diagnostic
from polydocs.docstrings.doc_builder_anchors import mark_doc_builder_anchors
from polydocs.docstrings.docstring_links import DOCSTRING_LINK, unresolved_links
from polydocs.docstrings.list_starts import lists_apart
from polydocs.docstrings.parse import HfDocstring, Parameter, Section, parse_docstring
from polydocs.docstrings.rst_roles import roles_read
from polydocs.docstrings.runtime_docstrings import runtime_docstring
from polydocs.docstrings.source_links import installed_file, source_line
from polydocs.docstrings.version_notes import with_version_notes
from polydocs.markup.context import current_context
from polydocs.notebooks.doc_builder_adapter import docstring_markdown

MALFORMED = "docstring-malformed"


class HfParameter(DocstringParameter):
    """A parameter as its docstring wrote it: the text between the parentheses (`intro`) is what readers
    see, the fields read from it are what comparisons and checks use."""

    def __init__(self, parameter: Parameter) -> None:
        super().__init__(
            parameter.name,
            description=parameter.description,
            annotation=parameter.type,
            value=parameter.default,
        )
        self.intro = parameter.intro
        self.optional = parameter.optional
        self.group = parameter.group


class HfAttribute(DocstringAttribute):
    def __init__(self, parameter: Parameter) -> None:
        super().__init__(
            parameter.name,
            description=parameter.description,
            annotation=parameter.type,
            value=parameter.default,
        )
        self.intro = parameter.intro
        self.optional = parameter.optional
        self.group = parameter.group


def griffe_sections(docstring: HfDocstring) -> list[DocstringSection]:
    """The parsed docstring as the sections mkdocstrings' templates iterate over."""
    return [_griffe_section(section) for section in docstring.sections]


def _griffe_section(section: Section) -> DocstringSection:
    if section.kind == "parameters":
        return DocstringSectionParameters([HfParameter(_noted(p)) for p in section.parameters])
    if section.kind == "attributes":
        return DocstringSectionAttributes([HfAttribute(_noted(p)) for p in section.parameters])
    if section.kind == "raises":
        return DocstringSectionRaises(
            [
                DocstringRaise(annotation=r.exception, description=_markdown(r.description))
                for r in section.raised
            ]
        )
    if section.kind in ("returns", "yields") and section.returned is not None:
        returned = section.returned
        description = _markdown(returned.description)
        if section.kind == "yields":
            return DocstringSectionYields(
                [DocstringYield("", annotation=returned.type, description=description)]
            )
        return DocstringSectionReturns(
            [DocstringReturn("", annotation=returned.type, description=description)]
        )
    return DocstringSectionText(_markdown(section.text))


def _noted(parameter: Parameter) -> Parameter:
    return replace(parameter, description=_markdown(parameter.description))


def _markdown(text: str) -> str:
    """A description as doc-builder's Markdown reads it: version notes as notes, lists under text."""
    return with_version_notes(lists_apart(docstring_markdown(text)))


class _HfGriffeDocstring(Docstring):
    """A docstring whose sections are read by `parse.py`, whatever parser mkdocstrings names."""

    def parse(self, parser: Any = None, **options: Any) -> list[DocstringSection]:
        # The docstring the imported object has, where a decorator or an assignment built it at run time
        # from the source's (which it then holds). One that does not hold the source's text is an import
        # older than the file (a module edited while serve or a build in the same process runs): the
        # source is then the truth.
        built = runtime_docstring(self.parent) if isinstance(self.parent, Object) else None
        at_start = built is not None and built != self.value and _words(self.value) in _words(built)
        text = roles_read(built if at_start and built is not None else self.value)
        parsed = parse_docstring(text)
        if self.parent is not None:
            _report(self, parsed, text, at_start)
        return griffe_sections(parsed)


def _words(text: str) -> str:
    """`text` with every run of white space one space: a decorator's concatenation indents the source's
    lines as the docstring it is added to."""
    return " ".join(text.split())


def _report(docstring: Docstring, parsed: HfDocstring, text: str, at_start: bool) -> None:
    """Each problem of the docstring, and each of its API links shown as code, as a warning of the page
    being converted, at the installed file and line (the docstring's first line for one built at run time,
    whose lines are in no file)."""
    context = current_context()
    found = [(problem.line, MALFORMED, problem.message, problem.hint) for problem in parsed.problems]
    found += [
        (link.index, DOCSTRING_LINK, link.message, link.hint) for link in unresolved_links(text, context.api)
    ]
    if not found:
        return
    parent = docstring.parent
    assert parent is not None
    path = installed_file(parent)
    first = _first_content_line(docstring)
    for line, code, message, hint in found:
        context.report(
            Diagnostic(
                str(path) if path else parent.path,
                first + (0 if at_start else line) if first else 0,
                code,
                f"in the docstring of `{parent.path}`: {message}",
                hint,
            )
        )


def _first_content_line(docstring: Docstring) -> int:
    """The file line of the docstring's first line of text (its value's line 0), 0 when unknown."""
    if docstring.lineno is None:
        return 0
    try:
        raw = docstring.source.split("\n")
    except ValueError:
        return 0
    for offset, line in enumerate(raw):
        text = line.strip()
        if offset == 0:
            text = text.lstrip("rRbBuUfF").lstrip("\"'")
        if text:
            return docstring.lineno + offset
    return docstring.lineno


class HfDocstrings(Extension):
    """Loaded by mkdocstrings (the handler's `extensions` option) with the library's source base URL."""

    def __init__(self, source_bases: dict[str, str] | None = None) -> None:
        super().__init__()
        self.source_bases = source_bases or {}

    def on_package(self, *, pkg: Module, **kwargs: Any) -> None:
        mark_doc_builder_anchors(pkg)

    def on_instance(self, *, node: ast.AST | ObjectNode, obj: Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None and not isinstance(obj.docstring, _HfGriffeDocstring):
            old = obj.docstring
            obj.docstring = _HfGriffeDocstring(
                old.value, lineno=old.lineno, endlineno=old.endlineno, parent=obj, parser=old.parser
            )
        base = self.source_bases.get(obj.package.name)
        if base and isinstance(obj, (Class, Function)) and not isinstance(obj, Alias):
            line = source_line(obj)
            relative = _relative_path(obj)
            if line and relative:
                # griffe's setter (mypy reads only the getter of the annotated property)
                obj.source_link = f"{base}{relative}#L{line}"  # type: ignore[misc]


def _relative_path(obj: Object) -> str | None:
    """`accelerate/accelerator.py` for an object of that module, as the repository's `src/` holds it."""
    module = obj.module
    filepath = module.filepath
    if not isinstance(filepath, Path):
        return None
    package = module.package
    top = package.filepath
    if not isinstance(top, Path):
        return None
    root = top.parent.parent if top.name == "__init__.py" else top.parent
    try:
        return filepath.relative_to(root).as_posix()
    except ValueError:
        return None
