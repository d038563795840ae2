"""When a text and the same text with more line ends at its end parse to the very same tokens, so that one
parse serves both: a page as written and as Python-Markdown's normaliser hands it on ("\\n\\n" added: what
the build's steps and lint's `constructs` rule read) were parsed apart, although most parse alike.

Blank lines start no block, and every block rule of CommonMark (markdown-it-py's `rules_block`) but three
stops at a blank line as it stops at the end of the text: a paragraph, a heading, a table, a quote, an
indented code block (its trailing blank lines are not its own). The three run on to the end over blank
lines, so their lines, and for the last two their text, grow with the lines added: a list item, a fenced
code block never closed, and an HTML block of the kinds that end at a closing sequence (`<!--`, `<script>`).
A last line without its line end differs in one more way: markdown-it keeps the line end in the text of a
fence and of an HTML block (`StateBlock.getLines`), so neither may reach that line.
"""

from __future__ import annotations

from collections.abc import Sequence

from markdown_it.token import Token

# Blocks that end where a blank line stands as where the text ends (`inline`: a paragraph's or a cell's text).
_ENDED_BY_A_BLANK_LINE = frozenset(
    {
        "paragraph_open",
        "inline",
        "heading_open",
        "blockquote_open",
        "table_open",
        "thead_open",
        "tbody_open",
        "tr_open",
        "hr",
        "code_block",
    }
)
# The tokens whose text holds their last line's line end.
_HOLDING_LINE_ENDS = frozenset({"fence", "html_block"})


def same_with_more_blank_lines(tokens: Sequence[Token], lines: int, ends_with_line_end: bool) -> bool:
    """Whether the text of `lines` lines parsed into `tokens` parses to the same tokens with blank lines added
    at its end: every block reaching its last line ends there whatever follows."""
    return all(
        _ends_there(token, ends_with_line_end) for token in tokens if token.map and token.map[1] >= lines
    )


def same_with_fewer_blank_lines(tokens: Sequence[Token], lines: int, ends_with_line_end: bool) -> bool:
    """Whether the text parsed into `tokens` parses to the same tokens with blank lines taken from its end so
    that `lines` lines are left (`ends_with_line_end`: whether the last one still has its line end): no block
    reaches into the blank lines taken."""
    for token in tokens:
        if token.map is None:
            continue
        if token.map[1] > lines:
            return False
        if token.map[1] == lines and not ends_with_line_end and token.type in _HOLDING_LINE_ENDS:
            return False
    return True


def _ends_there(token: Token, ends_with_line_end: bool) -> bool:
    if token.type == "fence":
        return ends_with_line_end and _closed(token)
    return token.type in _ENDED_BY_A_BLANK_LINE


def _closed(fence: Token) -> bool:
    """Whether the fence has its closing line: its text holds every line of its span but the two fences
    (markdown-it's `fence` rule), where a fence never closed holds all but its opening one."""
    assert fence.map is not None
    content = fence.content
    content_lines = content.count("\n") + (1 if content and not content.endswith("\n") else 0)
    return content_lines == fence.map[1] - fence.map[0] - 2
