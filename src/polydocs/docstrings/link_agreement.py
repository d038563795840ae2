"""Count the API links of a tree and which of them polydocs and doc-builder each resolve.

An API link is what doc-builder's `resolve_links_in_text` reads as one: `` [`X`] `` not followed by `(`,
outside code. doc-builder's answer is its own: each language folder's pages are converted as its
`build_mdx_files` converts them (`convert_md_to_mdx`, `resolve_autodoc`, which returns the anchors of the
objects a page documents), and each link is given to `resolve_links_in_text` with that anchors index and
the installed package. Its links into another Hugging Face library need that library's `objects.inv`,
which doc-builder downloads while building: here nothing is downloaded, so those links are counted apart
(`other_library`). polydocs' answer is a real `polydocs build --report-json`: a link it reads
(`dialect/constructs/api_links.py`) with no `api-link-*` finding at its line is resolved when the built
page shows it as a link (`<a …><code>shown</code></a>`). `scripts/compare_api_links.py` prints the result.

The links inside the docstrings of the documented objects are counted apart (`docstring_uses`): each
object doc-builder documents (`DocBuilderLinks.docstrings`), its links as doc-builder resolves them, against
the same object's block of the page polydocs built (by doc-builder's anchor, which polydocs' page carries
too): a link is resolved by polydocs when that block shows one more code link with its text that lands.
"""

from __future__ import annotations

import html
import json
import re
import tempfile
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from polydocs.dialect import load_source_tree, parse_page
from polydocs.dialect.constructs.api_links import API_LINK, CODES, shown_name
from polydocs.docstrings.built_entries import object_blocks
from polydocs.docstrings.doc_builder_entries import doc_builder_anchor
from polydocs.docstrings.doc_builder_links import DocBuilderLinks, DocumentedObject
from polydocs.docstrings.real_build import polydocs_build
from polydocs.markup.page_anchors import anchor_ids
from polydocs.sources.tree import SourceTree

# doc-builder's pattern (`resolve_links_in_text`): anything in backticks in brackets, not followed by `(`.
_DOC_BUILDER_LINK = re.compile(r"\[`([^`]+)`\]([^\(])")
# Inside the tag no `<` (an attribute's `<` is written `&lt;`): read on to the next `>`, each `<a ` of a
# long text without one read to the text's end (x16 from n to 16n, tests/test_pattern_growth.py).
_HTML_CODE_LINK = re.compile(r'<a [^<>]*href="(?P<href>[^"<]*)"[^<>]*><code>(?P<text>[^<]*)</code></a>')


@dataclass(frozen=True)
class LinkUse:
    """One API link of a page: where it is, as written, and whether each tool makes it a link."""

    where: str  # `path:line`, the path relative to the tree's folder
    text: str  # inside the backticks: `~peft.LoraConfig`
    doc_builder: bool
    polydocs: bool
    other_library: bool = False  # into another Hugging Face library: doc-builder asks its objects.inv


@dataclass
class LinkCount:
    uses: list[LinkUse]
    doc_builder_failures: list[str]  # pages doc-builder cannot convert (it would stop the build on them)
    doc_builder_left_out: list[str]  # directives naming objects the installed library lacks
    # The links inside the documented objects' docstrings, `where` being `page#anchor`.
    docstring_uses: list[LinkUse] = field(default_factory=list)

    def resolved(self, tool: str, other_library: bool = False, docstrings: bool = False) -> int:
        uses = self.docstring_uses if docstrings else self.uses
        return sum(getattr(use, tool) for use in uses if use.other_library == other_library)

    def only(self, tool: str, docstrings: bool = False) -> list[LinkUse]:
        other = "polydocs" if tool == "doc_builder" else "doc_builder"
        uses = self.docstring_uses if docstrings else self.uses
        return [use for use in uses if getattr(use, tool) and not getattr(use, other)]


def count_links(source: Path, library: str, work: Path | None = None) -> LinkCount:
    """Every API link of the tree at `source`, and which of them each tool resolves (`work`: a new
    folder for the site and the report, else a temporary one)."""
    tree = load_source_tree(source.resolve(), library)
    with tempfile.TemporaryDirectory(prefix="polydocs-links-") as temporary:
        folder = work or Path(temporary)
        report, site = _polydocs_build(tree.root, library, folder)
        doc_builder = DocBuilderLinks(library)
        uses: list[LinkUse] = []
        docstring_uses: list[LinkUse] = []
        for lang in tree.languages:
            doc_builder.index_language(_language_pages(tree, lang), lang)
            for local, page in sorted(tree.pages.get(lang, {}).items()):
                shown = _shown_links(site / lang, local)
                uses.extend(_page_uses(tree, page.path, lang, doc_builder, report, shown))
            docstring_uses.extend(_docstring_uses(site / lang, lang, doc_builder))
    return LinkCount(uses, doc_builder.failures, doc_builder.left_out, docstring_uses)


def _language_pages(tree: SourceTree, lang: str) -> dict[str, Path]:
    """The language's pages by doc-builder's page name (`package_reference/lora`)."""
    return {local: page.path for local, page in tree.pages.get(lang, {}).items()}


def _polydocs_build(root: Path, library: str, folder: Path) -> tuple[set[tuple[str, int, str]], Path]:
    """Build with the real command; the links its report says it shows as code: `(path, line, text)`."""
    site, report = folder / "site", folder / "report.json"
    done = polydocs_build(root, site, "--library", library, "--report-json", str(report), cwd=folder)
    if not report.exists():
        raise RuntimeError(f"polydocs build of {root} wrote no report:\n{done.stderr[-2000:]}")
    diagnostics = json.loads(report.read_text(encoding="utf-8"))["diagnostics"]
    unresolved = set()
    for diagnostic in diagnostics:
        if diagnostic["code"] in CODES:
            path = Path(diagnostic["path"])
            path = path if path.is_absolute() else (folder / path).resolve()
            unresolved.add((str(path), diagnostic["line"], _finding_text(diagnostic["message"])))
    return unresolved, site


def _finding_text(message: str) -> str:
    """The link a finding names: `[`~trl.SFTTrainer`] names…` or `` `peft.X` is not in… ``."""
    found = re.match(r"\[`([^`]+)`\]|`([^`]+)`", message)
    return (found[1] or found[2]) if found else ""


def _built_page(language_site: Path, local: str) -> Path:
    return language_site / ("" if local == "index" else local.removesuffix("/index")) / "index.html"


def _shown_links(language_site: Path, local: str) -> Counter[str]:
    """The code links the built page shows, by their text; a link into the site counts only where its
    anchor is on the page it names (a link to an undocumented member lands on the page's top)."""
    page = _built_page(language_site, local)
    return _landing(page.read_text(encoding="utf-8"), page.parent) if page.exists() else Counter()


def _landing(page_html: str, folder: Path) -> Counter[str]:
    """The code links of `page_html` (a page in `folder`, or part of one) that land, by their text."""
    shown: Counter[str] = Counter()
    for found in _HTML_CODE_LINK.finditer(page_html):
        if _lands(folder, html.unescape(found["href"])):
            shown[html.unescape(found["text"])] += 1
    return shown


def _docstring_uses(language_site: Path, lang: str, doc_builder: DocBuilderLinks) -> Iterator[LinkUse]:
    """The links in the docstrings doc-builder documents on the language's pages, and whether each tool
    makes each a link: polydocs, on the same object's block of its built page."""
    blocks: dict[str, dict[str, str]] = {}
    for documented in doc_builder.docstrings.get(lang, []):
        if documented.page not in blocks:
            blocks[documented.page] = _object_blocks(_built_page(language_site, documented.page), doc_builder)
        block = blocks[documented.page].get(documented.anchor, "")
        yield from _object_uses(
            documented, block, _built_page(language_site, documented.page).parent, lang, doc_builder
        )


def _object_blocks(page: Path, doc_builder: DocBuilderLinks) -> dict[str, str]:
    """The page's objects by doc-builder's anchor for each."""
    if not page.exists():
        return {}
    blocks = object_blocks(page.read_text(encoding="utf-8"))
    return {doc_builder_anchor(anchor, doc_builder.library): block for anchor, block in blocks.items()}


def _object_uses(
    documented: DocumentedObject, block: str, folder: Path, lang: str, doc_builder: DocBuilderLinks
) -> Iterator[LinkUse]:
    shown = _landing(block, folder)
    for found in _DOC_BUILDER_LINK.finditer(documented.text + "\n"):
        text = found[1]
        ours = API_LINK.fullmatch(f"[`{text}`]")
        name = shown_name(ours) if ours is not None else None
        polydocs = name is not None and shown[name] > 0
        if name is not None and polydocs:
            shown[name] -= 1
        yield LinkUse(
            f"{documented.page}#{documented.anchor}",
            text,
            doc_builder.resolves(text, found[2], lang),
            polydocs,
            doc_builder.other_library(text),
        )


def _lands(folder: Path, href: str) -> bool:
    """Whether an href reaches its anchor: any absolute URL (not checked here), or a page of the site
    holding the anchor."""
    if "://" in href:
        return True
    target, _, anchor = href.partition("#")
    page = (folder / target).resolve()
    page = page / "index.html" if page.is_dir() else page
    return page.exists() and (not anchor or anchor in _anchors(page))


@cache
def _anchors(page: Path) -> frozenset[str]:
    return anchor_ids(page.read_text(encoding="utf-8"))


def _page_uses(
    tree: SourceTree,
    path: Path,
    lang: str,
    doc_builder: DocBuilderLinks,
    unresolved: set[tuple[str, int, str]],
    shown: Counter[str],
) -> Iterator[LinkUse]:
    parsed = parse_page(path.read_text(encoding="utf-8-sig"))
    relative = path.relative_to(tree.root).as_posix()
    for index, line in parsed.outside_code():
        if "[`" not in line:
            continue
        ours = {link.start(): link for link in API_LINK.finditer(line)}
        for found in _DOC_BUILDER_LINK.finditer(line + "\n"):
            text = found[1]
            link = ours.get(found.start())
            polydocs = link is not None and _polydocs_resolves(link, str(path), index + 1, unresolved, shown)
            yield LinkUse(
                f"{relative}:{index + 1}",
                text,
                doc_builder.resolves(text, found[2], lang),
                polydocs,
                doc_builder.other_library(text),
            )


def _polydocs_resolves(
    link: re.Match[str], path: str, line: int, unresolved: set[tuple[str, int, str]], shown: Counter[str]
) -> bool:
    """No finding says it is shown as code, and the built page shows one more link with its text."""
    written = link[0][2:-2]
    if (path, line, written) in unresolved or (path, line, link["name"]) in unresolved:
        return False
    if any(u[0] == path and u[1] == line and u[2].endswith("." + link["name"]) for u in unresolved):
        return False
    name = shown_name(link)
    if shown[name] <= 0:
        return False
    shown[name] -= 1
    return True
