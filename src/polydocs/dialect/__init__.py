"""The Hugging Face doc-builder dialect, parsed once: located nodes and one spec per construct.

Needs only markdown-it-py, so the snippet checker reads it where MkDocs is not installed.
"""

from __future__ import annotations

from polydocs.dialect.checks import DEFAULT_IFRAME_HOSTS, Finding, PageFacts, page_diagnostics, page_findings
from polydocs.dialect.constructs import CONSTRUCT_CODES
from polydocs.dialect.page import Comment, Fence, InlineToken, ParsedPage, parse_page
from polydocs.dialect.source_tree import load_source_tree
from polydocs.dialect.tags import TagLine, parse_attributes, parse_tag_line

__all__ = [
    "CONSTRUCT_CODES",
    "DEFAULT_IFRAME_HOSTS",
    "Comment",
    "Fence",
    "Finding",
    "InlineToken",
    "PageFacts",
    "ParsedPage",
    "TagLine",
    "load_source_tree",
    "page_diagnostics",
    "page_findings",
    "parse_attributes",
    "parse_page",
    "parse_tag_line",
]
