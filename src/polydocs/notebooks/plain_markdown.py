"""The doc-builder dialect rewritten as plain Markdown that Jupyter and Colab render.

A page arrives as a list of items: prose lines (`str`), lines of non-Python code blocks (`Verbatim`, which
no rewrite touches) and the Python blocks themselves (`Region`, each one code cell). One function per
construct; each keeps the meaning a reader gets on the site:

- `> [!TIP]` alerts and `<Tip>` blocks become a blockquote opened by the callout's title in bold;
- API links (``[`Trainer`]``) become ordinary links to the API reference, or code when the name is unknown;
- `<iframe>` embeds become a link to what they show (notebooks do not run embedded pages);
- `<hfoption id="...">` tags and the code tabs' (`<python>` in `<tokenizerslangcontent>`) become a bold
  label, `## Title[[id]]` loses its `[[id]]`;
- `<!-- polydocs: ... -->` directives (the setup code goes into a cell of its own) disappear.
"""

from __future__ import annotations

import bisect
import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from polydocs.dialect.constructs.api_links import API_LINK, shown_name
from polydocs.dialect.constructs.callouts import ADMONITION_TYPES, TIP, tip_kind
from polydocs.dialect.constructs.component_tags import find_component_tags
from polydocs.dialect.constructs.inference_snippet import is_inference_snippet, read_call
from polydocs.dialect.constructs.tabs import CODE_TABS
from polydocs.dialect.heading_anchors import without_heading_anchors
from polydocs.dialect.page import parse_page
from polydocs.dialect.tags import TagLine, parse_attributes, parse_tag_line
from polydocs.markup.inference_snippet import client_code
from polydocs.snippets.regions import Region
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.languages import Language


@dataclass(frozen=True)
class Verbatim:
    """A line of a code block that is not Python: it stays prose, exactly as written."""

    text: str


Item = str | Verbatim | Region

# Openers whose end is found by `str.find` or among the ends' positions, not by a pattern reading from each
# opener to the page's end: `<!--\s*polydocs:.*?-->` and `<iframe ...>(?:.*?</iframe>)?` made a page of
# such openers, never ended, quadratic.
_DIRECTIVE_START = re.compile(r"<!--\s*+polydocs:")
_IFRAME_START = re.compile(r"<iframe\b", re.IGNORECASE)
_IFRAME_END = re.compile(r"</iframe\s*+>", re.IGNORECASE)
_BLANK_RUN = re.compile(r"\n(?:[ ]*\n){2,}")
_ALERT = re.compile(r"^(?P<indent>[ ]*)>[ ]?\[!(?P<kind>[A-Za-z]+)\][ ]*$")


def plain_markdown(items: list[Item], language: Language, inventory: ApiInventory) -> list[Item]:
    """Every construct of the dialect rewritten; code blocks and line order untouched."""
    items = _map_prose(items, _without_directives)
    items = _map_prose(items, lambda text: _iframes_as_links(text, language))
    items = _map_prose(items, lambda text: _api_links_as_links(text, inventory))
    items = _map_prose(items, _without_component_syntax)
    items = _map_prose(items, lambda text: _BLANK_RUN.sub("\n\n", text))
    items = _github_alerts_as_quotes(items, language)
    return _tip_blocks_as_quotes(items, language)


def _map_prose(items: list[Item], rewrite: Callable[[str], str]) -> list[Item]:
    """Apply `rewrite` to each run of consecutive prose lines, joined, so constructs may span lines."""
    result: list[Item] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            result.extend(rewrite("\n".join(run)).split("\n"))
            run.clear()

    for item in items:
        if isinstance(item, str):
            run.append(item)
        else:
            flush()
            result.append(item)
    flush()
    return result


def _without_directives(text: str) -> str:
    kept, position = [], 0
    while (start := _DIRECTIVE_START.search(text, position)) is not None:
        end = text.find("-->", start.end())
        if end < 0:
            break  # never closed: no later directive is closed either
        kept.append(text[position : start.start()])
        position = end + 3
    return "".join(kept) + text[position:]


def _iframes_as_links(text: str, language: Language) -> str:
    def link(written: str) -> str:
        attributes = {name: html.unescape(value) for name, value in parse_attributes(written).items()}
        source = attributes.get("src", "")
        if not source:
            return ""
        title = attributes.get("title", "").strip() or language.text("embed.link")
        return f"[{_escape_link_text(title)}]({source})"

    closings = [(found.start(), found.end()) for found in _IFRAME_END.finditer(text)]
    kept, position = [], 0
    while (start := _IFRAME_START.search(text, position)) is not None:
        tag_end = text.find(">", start.end())
        if tag_end < 0:
            break  # no tag is ended after this one either
        following = bisect.bisect_right(closings, (tag_end, len(text)))  # the first `</iframe>` after it
        end = closings[following][1] if following < len(closings) else tag_end + 1
        kept += [text[position : start.start()], link(text[start.end() : tag_end])]
        position = end
    return "".join(kept) + text[position:]


def _escape_link_text(text: str) -> str:
    return text.replace("[", r"\[").replace("]", r"\]")


def _api_links_as_links(text: str, inventory: ApiInventory) -> str:
    def link(match: re.Match[str]) -> str:
        shown = shown_name(match)
        target = inventory.resolve(match["name"])
        # A reference page of the site itself has no URL a downloaded notebook could follow.
        return f"`{shown}`" if target is None or target.page else f"[`{shown}`]({target.url})"

    return API_LINK.sub(link, text)


def _without_component_syntax(text: str) -> str:
    text = without_heading_anchors(text)
    text = _inference_snippets_as_code(text)
    text = _code_tabs_as_labels(text)
    return _option_tabs_as_labels(text)


def _inference_snippets_as_code(text: str) -> str:
    """A self-closing `<InferenceSnippet>` becomes its call's code, each client's under its label in bold
    (the site's tabs: markup/inference_snippet.py); one that cannot be read goes (the site shows a
    placeholder)."""
    if "<InferenceSnippet" not in text:
        return text
    lines = text.split("\n")
    tags = [tag for tag in find_component_tags(parse_page(text)) if tag.ended and is_inference_snippet(tag)]
    for tag in reversed(tags):
        call = read_call(tag)
        block: list[str] = []
        if not isinstance(call, str):
            for label, language, code in client_code(call):
                block += [f"**{label}**", ""]
                for provider, lines_of_code in code:
                    named = [f"`{provider}`", ""] if len(code) > 1 else []
                    block += [*named, "```" + language, *lines_of_code, "```", ""]
        lines[tag.index : tag.last + 1] = block
    return "\n".join(lines)


def _option_tabs_as_labels(text: str) -> str:
    """`<hfoptions id="...">` and `</hfoption>` lines go, `<hfoption id="PyTorch">` becomes **PyTorch**."""
    if "hfoption" not in text:
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        tag = parse_tag_line(line) if "hfoption" in line else None
        if tag is None or tag.self_closing:
            continue
        if tag.name == "hfoptions" or (tag.name == "hfoption" and tag.closing):
            lines[index] = ""
        elif tag.name == "hfoption" and "id" in tag.attributes:
            lines[index] = f"**{tag.attributes['id']}**"
    return "\n".join(lines)


# The code tabs' tags (`<tokenizerslangcontent>`, `<python>`, ...; `CODE_TABS`): a group's tags go, a
# tab's opening tag becomes its label in bold, as the site labels the tab.
_CODE_GROUPS = frozenset(spec.group.name for spec in CODE_TABS)
_CODE_TAB_LABELS = {tab.name: spec.label for spec in CODE_TABS for tab in spec.tabs}


def _code_tabs_as_labels(text: str) -> str:
    if "<" not in text:
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        tag = parse_tag_line(line) if line.lstrip().startswith("<") else None
        if tag is None or tag.self_closing:
            continue
        if tag.name in _CODE_GROUPS or (tag.name in _CODE_TAB_LABELS and tag.closing):
            lines[index] = ""
        elif tag.name in _CODE_TAB_LABELS:
            lines[index] = f"**{_CODE_TAB_LABELS[tag.name](tag, 1)}**"
    return "\n".join(lines)


def _title_lines(indent: str, kind: str, language: Language) -> list[str]:
    title = language.text(f"callout.{kind}")
    return [f"{indent}> **{title}**", f"{indent}>"]


def _github_alerts_as_quotes(items: list[Item], language: Language) -> list[Item]:
    """`> [!TIP]` is already a blockquote: only its marker line becomes the bold title."""
    result: list[Item] = []
    for item in items:
        alert = _ALERT.match(item) if isinstance(item, str) else None
        if alert is not None and alert["kind"].lower() in ADMONITION_TYPES:
            result.extend(_title_lines(alert["indent"], alert["kind"].lower(), language))
        else:
            result.append(item)
    return result


def _tip_blocks_as_quotes(items: list[Item], language: Language) -> list[Item]:
    """`<Tip>` ... `</Tip>`: the body quoted under a bold title. A Python block inside ends the quote
    (a code cell cannot sit in a blockquote); the prose after it is quoted again."""
    result: list[Item] = []
    iterator: Iterator[Item] = iter(items)
    for item in iterator:
        opening = _tip_tag(item)
        if opening is None or not opening.opening:
            result.append(item)
            continue
        body: list[Item] = []
        for inner in iterator:
            if (closing := _tip_tag(inner)) is not None and closing.closing:
                break
            body.append(inner)
        result += _title_lines("", tip_kind(opening), language)
        result += _quoted(_trimmed(body))
        result.append("")
    return result


def _tip_tag(item: Item) -> TagLine | None:
    """The `<Tip ...>` or `</Tip>` tag alone on this line, read as the site reads it."""
    tag = parse_tag_line(item) if isinstance(item, str) and "Tip" in item else None
    return tag if tag is not None and tag.name == TIP.name else None


def _trimmed(body: list[Item]) -> list[Item]:
    """The body without its leading and trailing blank lines."""
    start, end = 0, len(body)
    while start < end and isinstance(body[start], str) and not str(body[start]).strip():
        start += 1
    while end > start and isinstance(body[end - 1], str) and not str(body[end - 1]).strip():
        end -= 1
    return body[start:end]


def _quoted(body: list[Item]) -> list[Item]:
    quoted: list[Item] = []
    for item in body:
        if isinstance(item, Region):
            quoted.append(item)
        else:
            line = item if isinstance(item, str) else item.text
            quoted.append(f"> {line}" if line.strip() else ">")
    return quoted
