"""The notebooks' renderer of the doc-builder dialect: plain Markdown that Jupyter and Colab render.

The site and the notebooks are two renderers over one reading of a page (as MyST renders one token stream
to several outputs): where each construct is, and what it says, comes from the dialect's one parse
(`polydocs.dialect`), the very located objects the site's markup steps render (`polydocs.markup`). Nothing
here reads a construct's syntax; each function only writes what the reader of a notebook sees:

- `> [!TIP]` alerts (`alerts`) and `<Tip>` blocks (`tip_layout`) become a blockquote opened by the callout's
  title in bold;
- API links (``[`Trainer`]``, `API_LINK` outside code) become ordinary links to the API reference, or code
  when the name is unknown;
- `<iframe>` embeds (`find_iframes`) become a link to what they show (notebooks do not run embedded pages);
- the tab groups' tags (`tab_layout` of `<hfoptions>` and of the code tabs, `<python>` in
  `<tokenizerslangcontent>`) go, each tab's opening becomes its label in bold, as the site labels the tab;
- the course's `{#if fw === 'pt'}` ... `{:else}` ... `{/if}` (`find_switch_blocks`) become each branch
  under its framework's label in bold;
- `<frameworkcontent>` (`tab_layout`) becomes its tabs' bodies in order, the one notebook doc-builder makes
  of all frameworks;
- each component tag (`find_component_tags`) is written by its role, the one the site's components step
  follows (`tag_role`): a `<Question>` becomes its choices, each with the site's folded explanation
  (`quiz_markdown.py`); a `<Youtube>` is handed to doc-builder in the form it makes a video cell of; a
  notebook banner becomes its links; a self-closing `<InferenceSnippet>` its call's code, each client's
  under its label in bold; `<Added>`/`<Changed>`/`<Deprecated>` a quote titled as the site's note; an
  unknown component loses its tags; a tag the site cannot show is its placeholder sentence;
- a component tag no step of the site renders (inside a line of text, after a list marker) goes, its text
  kept, as the site's sanitiser drops it;
- `[[autodoc]]` directives (`find_autodoc`) become a link to the object's reference, as an API link;
- `## Title[[id]]` (`find_leftovers`) loses its `[[id]]`;
- `<!-- polydocs: ... -->` directives (block comments of the parse that the checker's `COMMENT_PATTERN`
  reads; the setup code goes into a cell of its own) disappear.

A page arrives as its text and its code blocks (`Region`s, found by the snippet checker from the same
parse). Each construct is rewritten on the page's lines, where the parse put it; then the lines become
the notebook's items (`markdown_items.py`), where a `<Tip>` or a version note is quoted.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from polydocs.dialect.components import OPENS_LIST_ITEM
from polydocs.dialect.constructs.api_links import API_LINK, api_link_matches, shown_name
from polydocs.dialect.constructs.autodoc import find_autodoc
from polydocs.dialect.constructs.callouts import alerts, tip_layout
from polydocs.dialect.constructs.component_roles import TagRole
from polydocs.dialect.constructs.component_tags import ComponentTag, find_component_tags
from polydocs.dialect.constructs.components import closing_lines, find_leftovers, label_of, tag_role, video_of
from polydocs.dialect.constructs.framework_switch import StrayMarker, SwitchBlock, find_switch_blocks
from polydocs.dialect.constructs.iframes import find_iframes
from polydocs.dialect.constructs.inference_snippet import InferenceCall, read_call
from polydocs.dialect.constructs.literal_include import excerpt, find_includes
from polydocs.dialect.constructs.notebooks import read_notebook_links
from polydocs.dialect.constructs.prose_tags import (
    escape_line,
    prose_tags_by_line,
    with_tags_as_text,
)
from polydocs.dialect.constructs.quiz import Question, read_question
from polydocs.dialect.constructs.tabs import (
    CODE_TABS,
    FRAMEWORK_CONTENT,
    FRAMEWORK_LABELS,
    HFOPTIONS,
    TabGroupSpec,
    tab_body_lines,
    tab_layout,
)
from polydocs.dialect.heading_anchors import heading_without_anchor
from polydocs.dialect.page import ParsedPage, parse_page
from polydocs.dialect.tag_names import is_component_name, shown_as_text
from polydocs.dialect.tags import parse_one_line_element, parse_tag_line
from polydocs.markup.components import version_note_title
from polydocs.markup.inference_snippet import client_code
from polydocs.markup.notebook_links import link_label
from polydocs.notebooks.doc_builder_adapter import verbatim_fence
from polydocs.notebooks.markdown_items import (
    Gone,
    Item,
    Line,
    QuoteEdge,
    Verbatim,
    notebook_items,
    title_lines,
)
from polydocs.notebooks.quiz_markdown import question_markdown
from polydocs.snippets.directives import COMMENT_PATTERN
from polydocs.snippets.regions import Region
from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.languages import Language
from polydocs.sources.pages import page_url


def plain_markdown(
    text: str,
    regions: list[Region],
    language: Language,
    references: References | ApiInventory,
    included: IncludedFrom | None = None,
) -> list[Item]:
    """Every construct of the page `text` rewritten; code blocks (`regions`, numbered as the page's lines)
    and line order untouched. `<literalinclude>`s read from `included` (none: each is the site's notice)."""
    page = parse_page(text)
    lines: list[Line] = list(text.split("\n"))
    if isinstance(references, ApiInventory):
        references = References(references)
    _without_directives(lines, page)
    _includes_as_code(lines, page, language, included)
    _iframes_as_links(lines, page, language)
    _api_links_as_links(lines, page, references)
    _without_heading_anchors(lines, page)
    _autodoc_as_links(lines, page, references)
    _components_as_markdown(lines, page, language)
    _prose_tags_as_text(lines, page)
    _inline_components_dropped(lines, page)
    for spec in (*CODE_TABS, HFOPTIONS):
        _tabs_as_labels(lines, page, spec)
    _framework_switches_as_labels(lines, page)
    _github_alerts_as_titles(lines, page, language)
    _tip_edges(lines, page, language)
    _framework_tabs_merged(lines, page)
    return notebook_items(lines, regions)


def _without_directives(lines: list[Line], page: ParsedPage) -> None:
    """Each comment the parse found that is a polydocs comment (`COMMENT_PATTERN`, the checker's reading,
    the benchmark placeholder included) goes, the text around it on its first and last line kept."""
    for comment in page.comments:
        if COMMENT_PATTERN.match(comment.text) is None:
            continue
        first, last = str(lines[comment.index]), str(lines[comment.last])
        kept = first[: first.find("<!--")] + last[last.rfind("-->") + 3 :]
        _replace(lines, comment.index, comment.last, kept)


@dataclass(frozen=True)
class IncludedFrom:
    """Where a page's `<literalinclude>`s read: the page's file and the folder no excerpt may leave."""

    page_file: Path
    root: Path


def _includes_as_code(
    lines: list[Line], page: ParsedPage, language: Language, at: IncludedFrom | None
) -> None:
    """Each `<literalinclude>` (`find_includes`) becomes the code block of its excerpt, as on the site
    (`markup/literal_include.py`), kept as prose (`verbatim_fence`: the site shows it, the checker runs
    none of it); one that cannot be read becomes the site's notice. It stays in the container it is in (a
    quote, a list item)."""
    for include in find_includes(page):
        prefix = str(lines[include.index])[: include.column]
        code = excerpt(include, at.page_file, at.root).code if at is not None else None
        if code is None:
            notice = language.text("component.include_unreadable", path=include.path or "?")
            _replace(lines, include.index, include.last, f"{prefix}*{notice}*")
            continue
        inside = "".join(character if character in ">\t" else " " for character in prefix)
        block = verbatim_fence(include.language, code)
        _replace(lines, include.index, include.last, None)
        shown = [prefix + block[0], *(inside + line if line else inside.rstrip() for line in block[1:])]
        lines[include.index] = tuple(Verbatim(line) for line in shown)


def _iframes_as_links(lines: list[Line], page: ParsedPage, language: Language) -> None:
    """An iframe on lines of its own becomes a link to its `src` titled with its title; one without a
    `src` goes. The site embeds or links the same iframes (`markup/iframes.py`)."""
    for iframe in find_iframes(page):
        if iframe.inline or not iframe.ended:
            continue
        source = html.unescape(iframe.source)
        title = html.unescape(iframe.attributes.get("title", "")).strip() or language.text("embed.link")
        link = f"[{_escape_link_text(title)}]({source})" if source else ""
        line = str(lines[iframe.index])
        lead = iframe.lead if ">" in iframe.lead else line[: len(line) - len(line.lstrip(" "))]
        _replace(lines, iframe.index, iframe.last, lead + link + with_tags_as_text(iframe.after))


def _escape_link_text(text: str) -> str:
    return text.replace("[", r"\[").replace("]", r"\]")


def _api_links_as_links(lines: list[Line], page: ParsedPage, references: References) -> None:
    def link(match: re.Match[str]) -> str:
        return references.link(shown_name(match), match["name"])

    for index, line in page.outside_code():
        if isinstance(lines[index], str) and any(api_link_matches(line)):
            lines[index] = API_LINK.sub(link, str(lines[index]))


@dataclass(frozen=True)
class References:
    """Where a notebook's links to the API reference point: the inventory's URLs, and for a reference page
    of this very site (`ApiTarget.page`), the page at `site_url`, the language's published address."""

    inventory: ApiInventory
    site_url: str = ""

    def link(self, shown: str, name: str) -> str:
        """`shown` as a link to the reference of `name`, or as code where there is none to follow."""
        target = self.inventory.resolve(name)
        if target is None:
            return f"`{shown}`"
        if not target.page:
            return f"[`{shown}`]({target.url})"
        # A downloaded notebook cannot follow a link relative to the site; its published address it can.
        if not self.site_url:
            return f"`{shown}`"
        return f"[`{shown}`]({self.site_url.rstrip('/')}/{page_url(target.page)}#{target.anchor})"


def _autodoc_as_links(lines: list[Line], page: ParsedPage, references: References) -> None:
    """`[[autodoc]] X` and its `- member` lines (`find_autodoc`, the directives the site documents) become
    one line: the object's name linking to its API reference, as an API link to it does. doc-builder makes
    notebooks of pages marked `[[open-in-colab]]` only, from their source, and no reference page is marked;
    a notebook is every page's here, and a notebook documents no API: it points at the reference the page
    shows (docs/notebooks.md, "API reference pages")."""
    for autodoc in find_autodoc(page):
        link = references.link(autodoc.name, autodoc.name)
        _replace(lines, autodoc.index, autodoc.index + len(autodoc.members), autodoc.indent + link)


def _without_heading_anchors(lines: list[Line], page: ParsedPage) -> None:
    for leftover in find_leftovers(page):
        line = lines[leftover.index]
        if leftover.kind == "heading-anchor" and isinstance(line, str):
            lines[leftover.index] = heading_without_anchor(line)


def _components_as_markdown(lines: list[Line], page: ParsedPage, language: Language) -> None:
    """Each component tag the site's components step renders (`find_component_tags`), written as the site
    writes it, by the one rule of what a tag is (`tag_role`): a `<Question>` becomes its choices, a
    `<Youtube>` the one form hf-doc-builder makes a video cell of (`<Youtube id="..."/>`: its pattern missed
    `<Youtube id="..." />`, which the course writes on 173 pages), a notebook banner its links, an
    `<InferenceSnippet>` its call's code, a version note a quote titled as the site's note; a tag the site
    drops goes (an unknown component keeps what it encloses), a tag it cannot show becomes its placeholder
    sentence. What follows a tag on its line stays, on a line of its own."""
    tags = find_component_tags(page)
    closings = closing_lines(list(tags))
    shown_tags = prose_tags_by_line(page)
    for tag in tags:
        role = tag_role(tag)
        if role is TagRole.OWNED or not isinstance(lines[tag.index], str):
            continue  # another construct's, or the closing tag of a note quoted below
        line = str(lines[tag.index])
        indent = line[: len(line) - len(line.lstrip())]
        written = _tag_markdown(tag, role, language)
        if role is not TagRole.INFERENCE_SNIPPET:  # its fences start their lines, where doc-builder sees code
            written = [indent + part if part else part for part in written]
        elif tag.marker and written:  # the list item's content, after its marker
            inside = " " * len(tag.marker)
            written = [tag.marker + written[0], *(inside + part if part else part for part in written[1:])]
        after = tag.after.removesuffix(f"</{tag.name}>") if role is TagRole.CONTAINER else tag.after
        # Its tags that are no element, as written: a note's quote is no line `_prose_tags_as_text` reads.
        after = escape_line(after, shown_tags.get(tag.last, []))
        if role is TagRole.VERSION_NOTE:
            title = version_note_title(tag, language)
            _replace(lines, tag.index, tag.last, None)
            if tag.self_closing:
                lines[tag.index] = "\n".join([title_lines(indent, title)[0], *([after] if after else [])])
                continue
            lines[tag.index] = QuoteEdge(title, indent, after)
            end = closings.get(tag.index)
            if end is not None:
                lines[end] = QuoteEdge(None)
            continue
        kept = [part for part in ("\n".join(written), after) if part]
        _replace(lines, tag.index, tag.last, "\n".join(kept))


def _tag_markdown(tag: ComponentTag, role: TagRole, language: Language) -> list[str]:
    """The Markdown lines a tag of this role becomes (none: it goes)."""
    return MARKDOWN_BY_ROLE[role](tag, language)


def _quiz(tag: ComponentTag, language: Language) -> list[str]:
    question = read_question(tag)
    if isinstance(question, Question):
        return question_markdown(question, language)
    return _placeholder(tag, language)


def _placeholder(tag: ComponentTag, language: Language) -> list[str]:
    return [f"*{language.text('component.placeholder')}*"]


def _youtube(tag: ComponentTag, language: Language) -> list[str]:
    """The one form hf-doc-builder makes a video cell of."""
    video = video_of(tag)
    return [f'<Youtube id="{video}"/>'] if video is not None else []


def _notebook_links(tag: ComponentTag, language: Language) -> list[str]:
    links = read_notebook_links(tag).links
    shown = [(_escape_link_text(link_label(link, language)), link.url) for link in links]
    return [" · ".join(f"[{label}]({url})" for label, url in shown)] if shown else []


def _inference_snippet(tag: ComponentTag, language: Language) -> list[str]:
    call = read_call(tag)
    assert not isinstance(call, str)  # the role says it reads
    return _client_blocks(call)


def _label(tag: ComponentTag, language: Language) -> list[str]:
    label = label_of(tag)
    return [f"**{_escape_markdown(label)}**"] if label else []


def _escape_markdown(text: str) -> str:
    """`text` shown as written: Markdown's punctuation and `<` escaped."""
    return re.sub(r"([\\`*_{}\[\]<>()#+!|~])", r"\\\1", text)


def _nothing(tag: ComponentTag, language: Language) -> list[str]:
    return []


# What each role becomes (a `VERSION_NOTE` is quoted by `_components_as_markdown`; an `OWNED` tag is its
# construct's): every role has its entry (tests/dialect/test_component_specs.py).
MARKDOWN_BY_ROLE: dict[TagRole, Callable[[ComponentTag, Language], list[str]]] = {
    TagRole.OWNED: _nothing,
    TagRole.VERSION_NOTE: _nothing,
    TagRole.QUIZ: _quiz,
    TagRole.PLACEHOLDER: _placeholder,
    TagRole.YOUTUBE: _youtube,
    TagRole.NOTEBOOK_LINKS: _notebook_links,
    TagRole.INFERENCE_SNIPPET: _inference_snippet,
    TagRole.LABEL: _label,
    TagRole.DROPPED: _nothing,
    TagRole.CONTAINER: _nothing,
}


def _client_blocks(call: InferenceCall) -> list[str]:
    """The call's code for each client, under its label in bold (the site's tabs)."""
    block: list[str] = []
    for label, client_language, code in client_code(call):
        block += [f"**{label}**", ""]
        for provider, lines_of_code in code:
            named = [f"`{provider}`", ""] if len(code) > 1 else []
            block += [*named, "```" + client_language, *lines_of_code, "```", ""]
    return block


def _prose_tags_as_text(lines: list[Line], page: ParsedPage) -> None:
    """Text in angle brackets that is no element and no component (`<UNK>`) shown as written, as the site
    shows it (`polydocs.dialect.constructs.prose_tags`): Jupyter would drop it as an unknown element."""
    for index, tags in prose_tags_by_line(page).items():
        line = lines[index]
        if isinstance(line, str):
            lines[index] = escape_line(line, tags)


def _inline_components_dropped(lines: list[Line], page: ParsedPage) -> None:
    """A component tag no step of the site renders: one inside a line of text (`<Tip>text</Tip>` on one
    line) or after a list item's marker (`- <InferenceSnippet ... />`; only a `<Tip>` opens an item,
    `OPENS_LIST_ITEM`). It reaches the site's sanitiser as HTML, which drops an element it does not allow
    and keeps its text (`markup/unsafe_html.py`; a component is never an HTML element); so does the
    notebook."""
    tags = find_component_tags(page)
    rendered = {tag.index for tag in tags if tag.marker}
    # A tag starting its line is `_components_as_markdown`'s, text after it or not: the video it wrote
    # (`<Youtube id="..."/>`) may be the very text of the tag the parse read inside that line's paragraph.
    starting = {tag.index for tag in tags if not tag.marker}
    for index, item_tag in page.list_item_tags:
        name = item_tag.name
        if index in rendered:
            continue  # a component rendered in its list item (`_components_as_markdown`)
        if is_component_name(name) and name not in OPENS_LIST_ITEM and isinstance(lines[index], str):
            lines[index] = str(lines[index])[: len(item_tag.indent)].rstrip()
    one_line_tips = {block.index for block in tip_layout(page).blocks if block.body is not None}
    for inline in page.inline_tokens():
        token, index = inline.token, inline.index
        if token.type != "html_inline" or "\n" in token.content or not isinstance(lines[index], str):
            continue
        if index in one_line_tips:
            continue  # a callout (`_tip_edges`)
        if shown_as_text(token.content):
            continue  # text in angle brackets, shown as written (`_prose_tags_as_text`)
        tag = parse_tag_line(token.content)
        if index in starting and page.lines[index].lstrip().startswith(token.content):
            continue
        if tag is not None and is_component_name(tag.name):
            lines[index] = str(lines[index]).replace(token.content, "", 1)


def _tabs_as_labels(lines: list[Line], page: ParsedPage, spec: TabGroupSpec) -> None:
    """A group's tags go; each tab's opening tag becomes its label in bold, its closing tag goes."""
    for group in tab_layout(page, spec).groups:
        opening = lines[group.index]
        # A group opening a list item (`- <InferenceSnippet>`): its first label stays in the item.
        item = opening[: opening.find("<")].strip() if isinstance(opening, str) and "<" in opening else ""
        lines[group.index] = ""
        if group.closed:
            lines[group.end] = ""
        for tab in group.tabs:
            # A tab written on one line (`<python>```py x = 1 ```</python>`) has its body below its label.
            body = [] if tab.body is None else ["", *tab_body_lines(tab.body)]
            lines[tab.index] = "\n".join([f"**{tab.label}**", *body])
            if item and tab.number == 1 and tab.body is None:
                lines[group.index], lines[tab.index] = f"{item} **{tab.label}**", ""
            if tab.closing is not None:
                lines[tab.closing] = ""


def _framework_switches_as_labels(lines: list[Line], page: ParsedPage) -> None:
    """`{#if fw === 'pt'}` ... `{:else}` ... `{/if}` (`find_switch_blocks`): each branch under its
    framework's label in bold, as the site labels its tabs, after what stands before the marker (a
    quote's `>`). A block whose condition is no framework's, and a stray marker, lose their markers: both
    branches show, as on the site."""
    for block in find_switch_blocks(page):
        if isinstance(block, StrayMarker) or not block.framework:
            for index in _marker_lines(block):
                lines[index] = _before_marker(lines[index]).rstrip()
            continue
        labels = [(block.index, block.framework), (block.otherwise, block.other_framework)]
        for marker, framework in labels:
            if marker is not None:
                lines[marker] = f"{_before_marker(lines[marker])}**{FRAMEWORK_LABELS[framework]}**"
        if block.end is not None:
            lines[block.end] = _before_marker(lines[block.end]).rstrip()


def _marker_lines(block: SwitchBlock | StrayMarker) -> list[int]:
    if isinstance(block, StrayMarker):
        return [block.index]
    return [index for index in (block.index, block.otherwise, block.end) if index is not None]


def _before_marker(line: Line) -> str:
    text = str(line)
    return text[: text.find("{")]


def _github_alerts_as_titles(lines: list[Line], page: ParsedPage, language: Language) -> None:
    """`> [!TIP]` is already a blockquote: only its marker becomes the bold title, the text after it on
    its line (`> [!NOTE] The text`) the quote's first line below the title."""
    for alert in alerts(page):
        line = lines[alert.index]
        if alert.rendered and isinstance(line, str):
            indent = line[: len(line) - len(line.lstrip(" "))]
            title = language.text(f"callout.{alert.kind.lower()}")
            rest = [f"{indent}> {alert.first_line}"] if alert.first_line else []
            lines[alert.index] = "\n".join([*title_lines(indent, title), *rest])


def _tip_edges(lines: list[Line], page: ParsedPage, language: Language) -> None:
    for block in tip_layout(page).blocks:
        line = str(lines[block.index])
        if block.body is not None:  # `<Tip>text</Tip>` on one line: its quote, title and text
            prefix = line[: line.find("<")]
            element = parse_one_line_element(line)
            body = element[1] if element is not None else block.body
            title = language.text(f"callout.{block.kind}")
            lines[block.index] = "\n".join([*title_lines(prefix, title), f"{prefix}> {body}"])
            continue
        lines[block.index] = QuoteEdge(language.text(f"callout.{block.kind}"), line[: line.find("<")])
        if block.closed:
            lines[block.end] = QuoteEdge(None)


def _framework_tabs_merged(lines: list[Line], page: ParsedPage) -> None:
    """`<frameworkcontent>`: every tab's body in order, under no label, the rest of the group gone: the one
    notebook doc-builder makes of all frameworks (`split_frameworks`' mixed content), from the tabs the
    site shows. A tab written on one line has its body on lines of its own."""
    for group in tab_layout(page, FRAMEWORK_CONTENT).groups:
        bodies: set[int] = set()
        for tab in group.tabs:
            if tab.body is not None:
                lines[tab.index] = "\n".join(tab_body_lines(tab.body))
                bodies.add(tab.index)
            else:
                bodies.update(range(tab.index + 1, tab.end))
        for index in range(group.index, min(group.end, len(lines) - 1) + 1):
            if index not in bodies:
                lines[index] = Gone()


def _replace(lines: list[Line], first: int, last: int, text: str | None) -> None:
    """Lines `first` through `last` become `text` (None: nothing)."""
    lines[first] = text
    for index in range(first + 1, last + 1):
        lines[index] = None
