"""Each page's cross-references tried before mkdocs-autorefs fixes every page's in one pass.

autorefs resolves the `<autoref>` elements of all pages at once, in its `on_env`, after every page is
rendered: an exception there on one page's element (`KeyError: 'identifier'` for an element whose
identifier the sanitiser refused, as `[x][[y]]` makes) stopped every language. Before that pass, each
page's elements go once through autorefs' own `fix_refs` with a lookup that finds nothing (it writes
nothing and logs nothing: an unresolved reference is autorefs' to report, in its pass); a page on which
that raises keeps the text of its cross-references without their elements, so the pass has nothing of it
to read, and gets a `page-failed` warning. Costs one pattern search through each page's HTML.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mkdocs.structure.files import Files
from mkdocs_autorefs import fix_refs

from polydocs.diagnostics import Diagnostic
from polydocs.site.page_failures import page_failed

# An autoref tag, its attribute values quoted as the sanitiser (html5ever) writes them.
_AUTOREF_TAG = re.compile(r"""</?autoref(?:\s+[^\s"'=<>/]+(?:="[^"]*")?)*\s*/?>""")


def _found_nowhere(identifier: str) -> tuple[str, str | None]:
    raise KeyError(identifier)


def unresolvable_pages(files: Files) -> Iterator[Diagnostic]:
    """A warning for each page whose cross-references autorefs' pass would stop on; their elements are
    taken out of its HTML, their text kept."""
    for file in files.documentation_pages():
        page = file.page
        if page is None or not page.content or "<autoref" not in page.content:
            continue
        try:
            fix_refs(page.content, _found_nowhere)
        except Exception as error:
            page.content = _AUTOREF_TAG.sub("", page.content)
            path = file.abs_src_path or file.src_path
            instead = "its cross-references show as text, without links"
            yield page_failed(path, 0, "resolving the page's cross-references", error, instead)
