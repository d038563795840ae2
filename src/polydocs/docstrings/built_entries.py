"""The documented objects of a page polydocs built, read back from its HTML into `ApiEntry`s.

Each object is a `<div class="doc doc-object …">` whose first `id` is its anchor; its own content runs to
the next object (a class's members follow its docstring). In it our templates (`templates/`) write the
name (`polydocs-api-name`, or mkdocstrings' heading for a member), the source link, the signature, and
the `polydocs-api-params` / `-returns` / `-yields` / `-raises` definition lists.
"""

from __future__ import annotations

import re

from polydocs.docstrings.api_entries import (
    ApiEntry,
    Described,
    DocumentedParameter,
    html_text,
    signature_between_parentheses,
    split_signature,
)

_OBJECT = re.compile(r'<div class="doc doc-object doc-\w+">')
_ID = re.compile(r'\bid="([^"]+)"')
_DOC_BUILDER_ANCHOR = re.compile(r'<a class="polydocs-api-anchor" id="([^"]+)"')
_ROOT_NAME = re.compile(r'<p class="polydocs-api-name">((?:<em>\w+</em> )?<code>.*?</code>)')
_MEMBER_NAME = re.compile(r'<span class="doc doc-object-name[^"]*">(.*?)</span>', re.S)
_SOURCE = re.compile(r'<a class="polydocs-api-source" href="([^"]*)"')
_SIGNATURE = re.compile(r'<div class="[^"]*doc-signature[^"]*"><pre>(.*?)</pre></div>', re.S)
_PARAMETER = re.compile(
    r'<dt id="[^"]*"><code>(?P<name>.*?)</code>(?: \((?P<intro>.*?)\))?</dt>\s*<dd>(?P<text>.*?)</dd>', re.S
)
_PAIR = re.compile(r"(?:<dt>(?P<kind>.*?)</dt>)?\s*(?:<dd>(?P<text>.*?)</dd>)?", re.S)


def built_entries(page_html: str) -> dict[str, ApiEntry]:
    """Every documented object of a built page, by anchor."""
    return {anchor: _entry(anchor, html) for anchor, html in object_blocks(page_html).items()}


def object_blocks(page_html: str) -> dict[str, str]:
    """The HTML of each documented object of a built page, up to the next object, by anchor: doc-builder's
    where the page carries that one too."""
    starts = [found.start() for found in _OBJECT.finditer(page_html)]
    blocks = {}
    for start, end in zip(starts, [*starts[1:], len(page_html)][: len(starts)], strict=True):
        html = page_html[start:end]
        anchor = _DOC_BUILDER_ANCHOR.search(html) or _ID.search(html)
        if anchor is not None:
            blocks[anchor[1]] = html
    return blocks


def _entry(anchor: str, html: str) -> ApiEntry:
    signature = _SIGNATURE.search(html)
    return ApiEntry(
        anchor=anchor,
        name=_name(html),
        source=(_SOURCE.search(html) or [None, ""])[1] or "",
        signature=split_signature(signature_between_parentheses(html_text(signature[1])))
        if signature
        else (),
        parameters=tuple(
            DocumentedParameter(
                html_text(found["name"]), html_text(found["intro"] or ""), html_text(found["text"])
            )
            for block in _lists(html, "params")
            for found in _PARAMETER.finditer(block)
        ),
        returns=next(iter(_described(html, "returns")), None),
        yields=next(iter(_described(html, "yields")), None),
        raises=tuple(_described(html, "raises")),
    )


def _name(html: str) -> str:
    root = _ROOT_NAME.search(html)
    if root:
        return html_text(root[1])
    member = _MEMBER_NAME.search(html)
    return html_text(member[1]) if member else ""


def _lists(html: str, kind: str) -> list[str]:
    return re.findall(rf'<dl class="polydocs-api-{kind}">(.*?)</dl>', html, re.S)


def _described(html: str, kind: str) -> list[Described]:
    found = []
    for block in _lists(html, kind):
        for pair in _PAIR.finditer(block):
            if pair["kind"] is not None or pair["text"] is not None:
                found.append(Described(html_text(pair["kind"] or ""), html_text(pair["text"] or "")))
    return found
