"""Text in angle brackets in prose that is no HTML element and no component (`<UNK>`, `<Layer Class>`).

CommonMark reads `<UNK>` as an HTML tag, and a browser (or the site's sanitiser) drops a tag it does not
know, so the words vanish from the page. doc-builder's renderer shows them: its remark plugin
(kit/preprocessors/mdsvex/index.js, `onHtml`) escapes every HTML node whose tag name (the word after `<` or
`</`) is neither an element of `html-tags` nor a component of its kit, so readers of huggingface.co see
`<UNK>` as written. The site does the same, and so do the notebooks (`escape_prose_tags`), from this one
rule: `shown_as_text(name)`.

A tag that starts its line with a component's name (`<Gallery>`, `<Tipp>`) is the components construct's,
and a tag spanning lines is left as it is (neither is text in angle brackets).

Text in angle brackets that CommonMark does not read as a tag at all (`<repo_id>`, `<sandbox_id>`: a name
with `_` or `.`, the placeholders of command lines) is text to doc-builder too; Python-Markdown's looser
pattern (`markdown.inlinepatterns.HTML_RE`) reads it as an element, which the sanitiser then dropped with
its name, unreported (huggingface_hub's CLI reference lost every `<repo_id>`). Those are prose tags as well
(`read_as_html_by_python_markdown_only`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape as html_escape

from markdown_it.token import Token

from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect.checks import Finding
from polydocs.dialect.code_spans import blank_code_spans
from polydocs.dialect.constructs._visible import visible_lines
from polydocs.dialect.constructs.component_tags import find_component_tags
from polydocs.dialect.html_elements import HTML_ELEMENTS
from polydocs.dialect.page import ParsedPage

# The components doc-builder's kit renders (kit/src/lib/*.svelte at 931031b) and the page may write.
DOC_BUILDER_COMPONENTS = frozenset(
    """Added Changed CodeBlock CodeBlockFw ColabDropdown CopyButton CopyLLMTxtMenu CourseFloatingBanner
    Deprecated DocNotebookDropdown Docstring Dropdown DropdownEntry DropdownMenu EditOnGithub
    ExampleCodeBlock FrameworkContent FrameworkContentBlock FrameworkSwitch FrameworkSwitchCourse Heading
    HfOption HfOptions InferenceApi InferenceSnippet Markdown MermaidChart PipelineIcon PipelineTag Question
    Tip TokenizersLanguageContent Tooltip TooltipFromAction Youtube""".split()
)
# doc-builder's reading of a tag's name: `/<\/?(\w+)/`.
_NAME = re.compile(r"</?(\w+)")


# Text a construct writes as HTML (a quiz's `text` and `explain`) that holds such a tag: doc-builder writes
# it as HTML too (`{@html}`), where the browser drops the tag, its name with it; so does the site, saying so.
DROPPED = "html-tag-dropped"
CODES = code_table(
    DiagnosticCode(DROPPED, "error", "Text in angle brackets, no element, dropped from text that is HTML."),
)
_HTML_TAG = re.compile(r"</?[A-Za-z][\w-]*(?:\s[^<>]*)?/?>")


# The tag Python-Markdown reads as inline HTML: the tag alternative of `markdown.inlinepatterns.HTML_RE`
# (Python-Markdown 3.11), written out because the snippet checker runs where Python-Markdown is not
# installed; tests/markup/test_python_markdown_tags.py keeps the two the same.
PYTHON_MARKDOWN_TAG = (
    r"""<(\/?+[a-zA-Z][^\s"'<>@]*+(?:\s+[^\s"'=<>]++"""
    r"""(?:\s*+=\s*+(?:"[^"]*+"|'[^']*+'|[^\s"'=<>]++))?+)*+\s*+/?)>"""
)
_PYTHON_MARKDOWN_TAG = re.compile(PYTHON_MARKDOWN_TAG)
# A tag's name as CommonMark reads one (markdown-it's `html_re`): a letter, then letters, digits and `-`.
_COMMONMARK_NAME = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*+(?=[\s/>])")


def read_as_html_by_python_markdown_only(tag: str) -> bool:
    """Whether Python-Markdown reads `tag` (`<repo_id>`, `<x.y>`) as an HTML tag where CommonMark reads
    text: a tag of Python-Markdown's whose name CommonMark does not take for one."""
    return _PYTHON_MARKDOWN_TAG.fullmatch(tag) is not None and _COMMONMARK_NAME.match(tag) is None


def dropped_tags(html: str) -> list[str]:
    """The tags of the HTML fragment `html` that readers would see as text in prose but see nowhere in HTML
    (`<mask>` in a quiz's choice): the names `shown_as_text` keeps."""
    return [found[0] for found in _HTML_TAG.finditer(html) if shown_as_text(found[0])]


def dropped_tag_finding(index: int, tag: str, where: str) -> Finding:
    """The finding for `tag`, dropped from the HTML `where` names, at the 0-based line `index`."""
    return Finding(
        index,
        DROPPED,
        f"`{tag}` in {where} is no HTML element: that text is HTML, where the tag is dropped and readers see "
        "nothing of it (on huggingface.co too)",
        f"write `{html_escape(tag)}` to show it",
    )


def shown_as_text(tag: str) -> bool:
    """Whether the HTML tag `tag` (`<UNK>`, `</mask>`) is text to readers: its name is no element of
    `HTML_ELEMENTS` and no component of `DOC_BUILDER_COMPONENTS`."""
    name = _NAME.match(tag)
    return name is not None and name[1] not in HTML_ELEMENTS and name[1] not in DOC_BUILDER_COMPONENTS


@dataclass(frozen=True)
class ProseTag:
    """A tag shown as text, written on line `index` (0-based) as `text`."""

    index: int
    text: str


def find_prose_tags(page: ParsedPage) -> tuple[ProseTag, ...]:
    """Every tag of the page's prose shown as text, in page order (code and closed comments skipped)."""
    return page.derived(_read_prose_tags)


def _read_prose_tags(page: ParsedPage) -> tuple[ProseTag, ...]:
    if "<" not in page.text:
        return ()
    visible = {index for index, _ in visible_lines(page)}
    components = _component_names_by_line(page)
    found = []
    for inline in page.inline_tokens():
        if inline.index in visible:
            found += [
                ProseTag(inline.index, tag) for tag in _tags_as_text(inline.token, components, inline.index)
            ]
    return tuple(found)


def _tags_as_text(token: Token, components: dict[int, set[str]], index: int) -> list[str]:
    """The tags of one inline token readers see as text: an HTML tag of no element or component, or the
    tags Python-Markdown alone finds in CommonMark's text."""
    if token.type == "text" and "<" in token.content:
        return [
            found[0]
            for found in _PYTHON_MARKDOWN_TAG.finditer(token.content)
            if read_as_html_by_python_markdown_only(found[0]) and "\n" not in found[0]
        ]
    if token.type != "html_inline" or "\n" in token.content or not shown_as_text(token.content):
        return []
    return [token.content] if _name(token.content) not in components.get(index, ()) else []


def _name(tag: str) -> str:
    name = _NAME.match(tag)
    return name[1] if name is not None else ""


def _component_names_by_line(page: ParsedPage) -> dict[int, set[str]]:
    """The names of the component tags starting a line (`<Gallery>`, `<Tipp>`: the components construct's,
    never text), on each line they run over; their closing tags on those lines are theirs too."""
    names: dict[int, set[str]] = {}
    for tag in find_component_tags(page):
        for index in range(tag.index, tag.last + 1):
            names.setdefault(index, set()).add(tag.name)
    return names


def escape_prose_tags(lines: Sequence[str], page: ParsedPage) -> list[str]:
    """`lines` with the `<` of each prose tag written `&lt;`: shown as written by any Markdown renderer."""
    lines = list(lines)
    for index, tags in prose_tags_by_line(page).items():
        if index < len(lines):
            lines[index] = escape_line(lines[index], tags)
    return lines


def with_tags_as_text(text: str) -> str:
    """`text`, HTML to CommonMark (what follows an `</iframe>` on its line), with the `<` of each tag
    `shown_as_text` written `&lt;`: doc-builder's plugin escapes those in HTML nodes as in prose."""
    return escape_line(text, [found[0] for found in _HTML_TAG.finditer(text) if shown_as_text(found[0])])


def prose_tags_by_line(page: ParsedPage) -> dict[int, list[str]]:
    """The prose tags of each line that has some, in order."""
    by_line: dict[int, list[str]] = {}
    for tag in find_prose_tags(page):
        by_line.setdefault(tag.index, []).append(tag.text)
    return by_line


def escape_line(line: str, tags: Sequence[str]) -> str:
    """`line` with the `<` of each of `tags` written `&lt;`.

    Each tag is looked for on the line as it is now (an earlier step may have rewritten it), left to right,
    outside code spans; one no longer there (inside a formula already typeset) is skipped.
    """
    searched = blank_code_spans(line)
    starts, position = [], 0
    for tag in tags:
        start = searched.find(tag, position)
        if start < 0:
            continue
        starts.append(start)
        position = start + len(tag)
    for start in reversed(starts):
        line = f"{line[:start]}&lt;{line[start + 1 :]}"
    return line
