"""What a tag's name makes it, in one place: an HTML element, the dialect's, or text in angle brackets.

Who decides depends on where the tag stands:

- **In Markdown** (a paragraph, a heading, a table cell, a list item, a quote, a line of its own),
  doc-builder's remark plugin does (kit/preprocessors/mdsvex/index.js, `onHtml`): an HTML node whose first
  tag's name is neither an element of npm's `html-tags` nor a component of its kit is escaped, so readers
  of huggingface.co see `<UNK>`, `<mask>` or `<repo_id>` as written (`shown_as_text`). A tag the dialect
  reads where it stands alone or starts its line is the dialect's before that rule: a component, or a
  name written as one (`<Tipp>`, which the components construct reports), and the tags its constructs read
  (`<hfoption>`, `<pt>`, `<literalinclude>`): `claimed_by_dialect`.
- **In HTML** (an HTML block an element opens, a quiz's text), the browser does: doc-builder hands the
  HTML on as written, and a tag no browser renders as an element is dropped, its name with it
  (`dropped_from_html`); Svelte refuses a page holding some of them (`<repo_id>`, `<UNK>`). The site
  drops it too, and says so (`constructs/dropped_tags.py`, `html-tag-dropped`).
"""

from __future__ import annotations

import re

# The elements doc-builder keeps as HTML: npm's html-tags 3.3.1 (kit/package-lock.json), matched by case.
HTML_ELEMENTS = frozenset(
    """a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite
    code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure
    footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link
    main map mark math menu menuitem meta meter nav noscript object ol optgroup option output p param picture
    pre progress q rb rp rt rtc ruby s samp script search section select slot small source span strong style
    sub summary sup svg table tbody td template textarea tfoot th thead time title tr track u ul var video
    wbr""".split()
)
# Elements HTML no longer defines that browsers still render as elements (`<center>` in diffusers' tables);
# `html-tags` leaves them out. The sanitiser knows them too (`markup/html_allowlist.py`).
OBSOLETE_HTML_ELEMENTS = frozenset(
    """acronym applet basefont bgsound big blink center dir font frame frameset image isindex keygen listing
    marquee nextid nobr noembed noframes plaintext spacer strike tt xmp""".split()
)
# The components doc-builder's kit renders (kit/src/lib/*.svelte at 931031b) and the page may write.
DOC_BUILDER_COMPONENTS = frozenset(
    """Added Changed CodeBlock CodeBlockFw ColabDropdown CopyButton CopyLLMTxtMenu CourseFloatingBanner
    Deprecated DocNotebookDropdown Docstring Dropdown DropdownEntry DropdownMenu EditOnGithub
    ExampleCodeBlock FrameworkContent FrameworkContentBlock FrameworkSwitch FrameworkSwitchCourse Heading
    HfOption HfOptions InferenceApi InferenceSnippet Markdown MermaidChart PipelineIcon PipelineTag Question
    Tip TokenizersLanguageContent Tooltip TooltipFromAction Youtube""".split()
)
# The lowercase tags the dialect's constructs read on lines of their own, which doc-builder's preprocessors
# turn into components before Markdown is read: the tab groups and their tabs (`constructs/tabs.py`,
# `TAB_GROUPS`) and `<literalinclude>`; tests/dialect/test_tag_names.py keeps the list equal to theirs.
DIALECT_TAGS = frozenset(
    """hfoptions hfoption frameworkcontent pt tf jax flax tokenizerslangcontent python rust node
    inferencesnippet js curl literalinclude""".split()
)
# doc-builder's reading of a tag's name: `/<\/?(\w+)/`.
_NAME = re.compile(r"</?(\w+)")


def tag_name(tag: str) -> str:
    """The name doc-builder reads in the tag `tag` (`repo_id` in `<repo_id>`, `Layer` in `<Layer Class>`);
    "" when it reads none."""
    name = _NAME.match(tag)
    return name[1] if name is not None else ""


def is_component_name(name: str) -> bool:
    """Whether `name` is written as a component: PascalCase (`Tip`, `HfOptions`, `Tipp`), as MDX and Svelte
    name them. All capitals (`UNK`, `EOS`, a tokenizer's tokens) and names with `_` (`repo_id`, the
    placeholders of command lines, which Svelte takes for no name at all) are not."""
    return name[:1].isupper() and any(character.islower() for character in name)


def claimed_by_dialect(name: str) -> bool:
    """Whether a tag named `name` standing alone on its line (or starting it) is the dialect's: a component
    or a name written as one (the components construct's), or a tag one of its constructs reads. An
    element's name, in any case, never is (`<Img>` is HTML)."""
    lowered = name.lower()
    if lowered in HTML_ELEMENTS:
        return False
    return is_component_name(name) or name in DOC_BUILDER_COMPONENTS or lowered in DIALECT_TAGS


def shown_as_text(tag: str) -> bool:
    """Whether the tag `tag` (`<UNK>`, `</mask>`) written in Markdown is text to readers: its name is no
    element of `HTML_ELEMENTS` and no component of `DOC_BUILDER_COMPONENTS` (doc-builder's rule)."""
    name = tag_name(tag)
    return bool(name) and name not in HTML_ELEMENTS and name not in DOC_BUILDER_COMPONENTS


def alone_as_text(tag: str) -> bool:
    """Whether the tag `tag`, alone on its line in Markdown (or first in an HTML node, as doc-builder reads
    `- <mask>`), is text to readers: `shown_as_text`, and no tag the dialect reads there."""
    return shown_as_text(tag) and not claimed_by_dialect(tag_name(tag))


def node_shown_as_text(html: str) -> bool:
    """Whether doc-builder shows the HTML node `html` (one of CommonMark's HTML blocks: `<mask>` opening a
    list item, `<UNK>` in a quote) as text: its first tag, which is all `onHtml` reads, is `alone_as_text`."""
    first = _NAME.search(html)
    return first is not None and alone_as_text(first[0])


def dropped_from_html(tag: str) -> bool:
    """Whether the tag `tag`, written inside HTML, is dropped by the browser: its name, in any case, is no
    element a browser renders (`HTML_ELEMENTS`, `OBSOLETE_HTML_ELEMENTS`), no component and no tag of the
    dialect's."""
    name = tag_name(tag)
    lowered = name.lower()
    return (
        bool(name)
        and lowered not in HTML_ELEMENTS
        and lowered not in OBSOLETE_HTML_ELEMENTS
        and name not in DOC_BUILDER_COMPONENTS
        and lowered not in DIALECT_TAGS
    )
