"""The links and images a page writes: Markdown links and images, and `<a href>` / `<img src>` /
`<source src>` written as HTML, each with its line (`LintDocument.references`, read by the `links` rule)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from polydocs.dialect.attributes import AttributeRun, read_attributes

if TYPE_CHECKING:
    from polydocs.lint.document import LintDocument

# A start tag that may carry a link or an image, its attributes read by the one attribute reader.
_REFERENCE_TAG = re.compile(r"<(?P<tag>a|img|source)(?=\s)", re.IGNORECASE)
_QUOTED = ("double", "single")


@dataclass(frozen=True)
class Reference:
    line: int
    url: str
    image: bool


def page_references(document: LintDocument) -> Iterator[Reference]:
    """Markdown links and images, and `<a href>` / `<img src>` written as HTML."""
    for item in document.inline_tokens():
        token = item.token
        if token.type == "link_open":
            yield Reference(item.line, str(token.attrGet("href") or ""), False)
        elif token.type == "image":
            yield Reference(item.line, str(token.attrGet("src") or ""), True)
    text = document.prose_text
    for match in _REFERENCE_TAG.finditer(text):
        url = _reference_url(read_attributes(text, match.end()))
        if url is not None:
            is_image = match.group("tag").lower() != "a"
            yield Reference(document.line_of(match.start(), text), url, is_image)


def _reference_url(run: AttributeRun) -> str | None:
    """The tag's first `href` or `src`, when its value is quoted (an unquoted one, or one in braces, is
    not read: a `\"` of a component's JavaScript string is no URL)."""
    for attribute in run.attributes:
        if attribute.name.lower() in ("href", "src"):
            return attribute.value if attribute.form in _QUOTED else None
    return None
