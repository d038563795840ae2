"""`<CourseFloatingBanner notebooks={[{label, value}]} />` and `<DocNotebookDropdown options={[...]} />`.

Both carry links to the page's notebook on hosted services (Colab, Studio Lab). The site shows each
https link; `chapter` and `classNames` are the doc-builder's own layout and are not needed. A banner
without notebooks shows nothing and is no problem: the course writes one on every page.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding, PageFacts
from polydocs.dialect.constructs._js_literal import LiteralProblem, parse_js_literal
from polydocs.dialect.constructs.component_tags import ComponentTag, find_component_tags
from polydocs.dialect.page import ParsedPage
from polydocs.dialect.urls import browser_url

NAMES = frozenset({"CourseFloatingBanner", "DocNotebookDropdown"})
# The attribute that lists the notebooks: the banner calls it `notebooks`, the dropdown `options`.
LIST_ATTRIBUTES = ("notebooks", "options")
MALFORMED = "notebook-malformed"
LINK = "notebook-link"
CODES = code_table(
    DiagnosticCode(MALFORMED, "error", "A notebook banner whose links are not a JavaScript literal."),
    DiagnosticCode(LINK, "error", "A notebook banner link that is not https."),
)

# Services the site names in the reader's language (strings `notebook.<key>`); others keep their label.
SERVICES = {"colab.research.google.com": "colab", "studiolab.sagemaker.aws": "studio_lab"}


@dataclass(frozen=True)
class NotebookLink:
    label: str
    url: str

    @property
    def service(self) -> str:
        """The strings key of a known service (`colab`), else ""."""
        url = browser_url(self.url)
        return SERVICES.get(url.host if url else "", "")


@dataclass(frozen=True)
class NotebookLinks:
    """A banner at lines `index` through `last`, its usable links, and findings about the others."""

    index: int
    last: int
    links: tuple[NotebookLink, ...]
    findings: tuple[Finding, ...] = ()


def read_notebook_links(tag: ComponentTag) -> NotebookLinks:
    attribute = next((tag.attributes[n] for n in LIST_ATTRIBUTES if n in tag.attributes), None)
    if attribute is None or not attribute.expression:
        return NotebookLinks(tag.index, tag.last, ())
    try:
        value = parse_js_literal(attribute.value)
    except LiteralProblem as problem:
        line = attribute.line + attribute.value[: problem.offset].count("\n")
        return NotebookLinks(tag.index, tag.last, (), (_malformed(line, problem.message, tag.name),))
    items = value if isinstance(value, list) else [value]
    links, findings = [], []
    for item in items:
        link = _link(item)
        if link is None:
            findings.append(
                _malformed(attribute.line, "each notebook is `{label: ..., value: ...}`", tag.name)
            )
        elif not _https(link.url):
            line = attribute.line + attribute.value[: max(attribute.value.find(link.url), 0)].count("\n")
            findings.append(_not_https(line, link.url))
        else:
            links.append(link)
    return NotebookLinks(tag.index, tag.last, tuple(links), tuple(findings))


def _https(text: str) -> bool:
    """An https URL of a host, as the reader's browser reads it (`dialect/urls.py`)."""
    url = browser_url(text)
    return url is not None and url.scheme == "https" and bool(url.host)


def find_notebook_links(page: ParsedPage) -> Iterator[NotebookLinks]:
    for tag in find_component_tags(page):
        if tag.name in NAMES and not tag.closing:
            yield read_notebook_links(tag)


def written_lines(page: ParsedPage) -> Iterator[int]:
    """The lines of every notebook banner's tag."""
    for tag in find_component_tags(page):
        if tag.name in NAMES:
            yield from range(tag.index, tag.last + 1)


def check(page: ParsedPage, facts: PageFacts) -> Iterator[Finding]:
    for banner in find_notebook_links(page):
        yield from banner.findings


def _link(item: object) -> NotebookLink | None:
    if not isinstance(item, dict):
        return None
    label, url = item.get("label"), item.get("value")
    return NotebookLink(label, url) if isinstance(label, str) and isinstance(url, str) else None


def _malformed(line: int, message: str, name: str) -> Finding:
    return Finding(
        line,
        MALFORMED,
        f"`<{name}>`'s notebooks cannot be read: {message}; no notebook link is shown",
        'write `notebooks={[{label: "Google Colab", value: "https://colab.research.google.com/..."}]}`',
    )


def _not_https(line: int, url: str) -> Finding:
    return Finding(
        line,
        LINK,
        f"the notebook link {url!r} is not an https URL; it is not shown",
        "link the notebook with an https:// address",
    )
