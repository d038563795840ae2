"""The tag pattern prose_tags.py writes out is Python-Markdown's own: the snippet checker reads pages where
Python-Markdown is not installed, so the dialect cannot import it, and a Python-Markdown that reads tags
differently must be followed there."""

from __future__ import annotations

from markdown.inlinepatterns import HTML_RE

from polydocs.dialect.constructs.prose_tags import PYTHON_MARKDOWN_TAG, read_as_html_by_python_markdown_only


def test_the_written_out_tag_pattern_is_python_markdowns_tag_alternative() -> None:
    assert PYTHON_MARKDOWN_TAG.startswith("<(") and PYTHON_MARKDOWN_TAG.endswith(")>")
    assert HTML_RE.startswith("(<(" + PYTHON_MARKDOWN_TAG[2:-2] + "|")


def test_only_what_commonmark_reads_as_text_is_python_markdowns_alone() -> None:
    alone = ["<repo_id>", "</repo_id>", "<x.y>", '<a_b c="d">', "<sandbox_id/>"]
    both = ["<b>", "</b>", '<a href="x">', "<model-id>", "<br/>", "<UNK>"]
    neither = ["<a b>c>", "< repo_id>", "<me@example.com>", "<1abc>"]
    assert [tag for tag in alone + both + neither if read_as_html_by_python_markdown_only(tag)] == alone
