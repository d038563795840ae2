"""A page's YAML front matter, read the way MkDocs reads it: one that MkDocs would ignore is reported, one
polydocs refuses is never read.

MkDocs takes a page's first lines as front matter when they sit between `---` lines and parse as a YAML
mapping; otherwise it silently keeps them, and readers see the raw YAML (or a rule and text) on top.
Front matter with YAML anchors or aliases, or nested too deep (`tree_yaml.py`), is refused: the page is
published without it, and MkDocs is handed an empty one instead (`as_mkdocs_reads`), so it never
expands an alias into a page of hundreds of megabytes.

Without `---` lines, MkDocs would also take a first line of `key: value` (and the lines up to the first
blank one) as MultiMarkdown metadata and drop it from the page; doc-builder has no such metadata and shows
the line (`Missing: [a link](./page).`), as lint checks it. MkDocs is handed an empty front matter before
such a line too, so the site shows it and the build checks it as lint does.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from polydocs.diagnostics import Diagnostic
from polydocs.sources.tree_yaml import load_tree_yaml, yaml_error_line, yaml_refusal

# MkDocs' own pattern (mkdocs.utils.meta.YAML_RE).
_FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.DOTALL)
_OPENING = re.compile(r"^-{3}[ \t]*\n")
# What MkDocs reads instead of a refused front matter: an empty mapping, taken off the page as it was.
_EMPTY = "---\n{}\n---\n"
# MkDocs' MultiMarkdown metadata line (mkdocs.utils.meta.META_RE), read only on a page's first line.
_MULTIMARKDOWN_FIELD = re.compile(r"\A[ ]{0,3}[A-Za-z0-9_-]+:")  # \A: tried at the start alone
_HINT = "write `key: value` lines between two `---` lines, or remove them"


def front_matter_lines(text: str) -> int:
    """How many lines at the top of the page are front matter, not content (0: none): what MkDocs reads,
    and what polydocs refuses and leaves out."""
    match = _FRONT_MATTER.match(text)
    if match is None or _shown_as_text(match) is not None:
        return 0
    return text.count("\n", 0, match.end())


def front_matter_problem(path: Path, text: str) -> Diagnostic | None:
    """Why the page's front matter is shown as text or refused, None when it is fine."""
    if not _OPENING.match(text):
        return None
    match = _FRONT_MATTER.match(text)
    if match is None:
        return _problem(path, 1, "front matter opened with `---` is never closed, so readers see it as text")
    refusal = yaml_refusal(match.group(1))
    if refusal is not None:  # the YAML starts on the page's second line
        message = f"front matter: {refusal.message}; it is left out of the page"
        return Diagnostic(str(path), refusal.line + 1, "front-matter", message, refusal.hint)
    problem = _shown_as_text(match)
    return _problem(path, problem[0], problem[1]) if problem else None


def as_mkdocs_reads(text: str) -> str:
    """The page's text for MkDocs to read: a refused front matter replaced by an empty one (MkDocs takes it
    off the page, as it would have taken the refused one); an empty one put before a first line MkDocs
    would take as MultiMarkdown metadata (it then keeps the line as text); any other text as it is."""
    match = _FRONT_MATTER.match(text)
    if match is None:
        first_line = text.replace("\r\n", "\n").replace("\r", "\n").partition("\n")[0]
        return _EMPTY + text if _MULTIMARKDOWN_FIELD.match(first_line) else text
    if yaml_refusal(match.group(1)) is None:
        return text
    return _EMPTY + text[match.end() :]


def _shown_as_text(match: re.Match[str]) -> tuple[int, str] | None:
    """The line and reason MkDocs would show this front matter as text; None when it is read or refused."""
    if yaml_refusal(match.group(1)) is not None:
        return None
    try:
        data = load_tree_yaml(match.group(1))
    except yaml.YAMLError as error:
        line = yaml_error_line(error, match.group(1)) + 1  # the YAML starts on the page's second line
        problem = getattr(error, "problem", None) or "invalid YAML"
        return line, f"front matter is not valid YAML ({problem}), so readers see it as text"
    if not isinstance(data, dict):
        return 2, "front matter is not a mapping of `key: value`, so readers see it as text"
    return None


def _problem(path: Path, line: int, message: str) -> Diagnostic:
    return Diagnostic(str(path), line, "front-matter", message, _HINT)
