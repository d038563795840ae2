"""The HTML a published page may hold: one allowlist, applied by nh3 (ammonia) and read by the linter.

It keeps what Hugging Face pages and polydocs' own output use (tables, images, `<details>`, highlighted
code, headings with permalinks, admonitions, content tabs, evidence badges, benchmark charts in SVG,
MathML) and nothing that runs or loads anything: no scripts, event handlers, `javascript:` URLs, frames,
forms, plugins or style sheets. polydocs' own click-to-load embeds are lifted out before and put back
after (`unsafe_html.py`), so a page's own `<iframe>` or `<template>` never passes.
"""

from __future__ import annotations

import re
from functools import cache

import nh3

from polydocs.dialect.constructs.math import MATHML_ATTRIBUTES, MATHML_TAGS
from polydocs.dialect.tag_names import OBSOLETE_HTML_ELEMENTS

_HTML_TAGS = {
    *"a abbr b bdi bdo blockquote br caption cite code col colgroup dd del details dfn div dl dt em".split(),
    *"figcaption figure h1 h2 h3 h4 h5 h6 hr i img ins kbd li mark ol p pre q rp rt ruby s samp".split(),
    *"small span strong sub summary sup table tbody td tfoot th thead time tr u ul var wbr".split(),
    # Content tabs (pymdownx.tabbed) are radio inputs and labels; the embed's load button; a quiz is a
    # fieldset of radio inputs (or check boxes) and labels, with a button.
    "input",
    "label",
    "button",
    "fieldset",
    "legend",
    "video",
    "source",
    # mkdocstrings' cross-references, which mkdocs-autorefs turns into links after the sanitiser ran.
    "autoref",
}
# Drawing only: no <a>, <use>, <image>, <foreignObject> or animation, which can load or link.
_SVG_TAGS = {
    *"svg g path rect circle ellipse line polyline polygon text tspan title desc".split(),
    *"defs linearGradient radialGradient stop".split(),
}
# Presentation MathML; no <annotation-xml>, which may hold HTML.
_MATHML_TAGS = {*MATHML_TAGS, "semantics", "annotation"}
ALLOWED_TAGS = frozenset(_HTML_TAGS | _SVG_TAGS | _MATHML_TAGS)

# Removed with everything inside them (the rest of a refused element's content stays, as text or HTML).
REMOVED_WITH_CONTENT = frozenset(
    {"script", "style", "iframe", "template", "object", "embed", "noscript", "textarea", "select"}
    | {"xmp", "noembed", "noframes", "plaintext", "frameset", "frame", "applet"}
)

# Every element name a browser knows (HTML, obsolete HTML, SVG, MathML), allowed or not. An element outside
# it is inert in a browser, a container of its content: a component polydocs does not render, or text in
# angle brackets written in HTML (`<repo_id>` in a `<div>`), which the dialect reports (`html-tag-dropped`).
_KNOWN_ELEMENTS = (
    ALLOWED_TAGS
    | REMOVED_WITH_CONTENT
    | OBSOLETE_HTML_ELEMENTS
    | {
        *"html head body title meta link base slot canvas map area audio track picture param form".split(),
        *"option optgroup label fieldset legend datalist output progress meter dialog menu search".split(),
        *"address article aside footer header hgroup main nav section menuitem rb rtc".split(),
        *"a use foreignObject animate set animateMotion animateTransform clipPath mask".split(),
        *"marker pattern symbol filter switch view textPath metadata feBlend feColorMatrix feImage".split(),
        *"feComposite feFlood feGaussianBlur feMerge feOffset feTurbulence annotation-xml maction".split(),
        *"merror mglyph mlabeledtr mmultiscripts mprescripts none mstyle sep".split(),
    }
)
_KNOWN_ELEMENT_NAMES = frozenset(name.lower() for name in _KNOWN_ELEMENTS)

_SVG_ATTRIBUTES = {
    *"viewBox preserveAspectRatio xmlns width height x y x1 y1 x2 y2 cx cy r rx ry dx dy d points".split(),
    *"transform fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-dasharray".split(),
    *"stroke-linecap stroke-linejoin opacity font-size font-family font-weight text-anchor".split(),
    *"dominant-baseline offset stop-color stop-opacity gradientUnits".split(),
}
_MATHML_ATTRIBUTES = {*MATHML_ATTRIBUTES, "encoding"}
_EVERY_TAG = {"id", "class", "title", "lang", "dir", "role", "hidden", "style", "align", "markdown"}

ALLOWED_ATTRIBUTES: dict[str, set[str]] = {
    "*": _EVERY_TAG,
    "a": {"href", "name", "target", "rel", "download", "hreflang"},
    "img": {"src", "alt", "width", "height", "loading", "decoding"},
    "video": {"src", "poster", "width", "height", "controls", "autoplay", "loop", "muted", "playsinline"},
    "source": {"src", "type", "media"},
    "table": {"border", "cellpadding", "cellspacing"},
    "td": {"colspan", "rowspan"},
    "th": {"colspan", "rowspan", "scope"},
    "col": {"span", "width"},
    "colgroup": {"span", "width"},
    "ol": {"start", "reversed"},
    "li": {"value"},
    "details": {"open"},
    "time": {"datetime"},
    "input": {"checked", "disabled", "name"},
    "label": {"for"},
    "del": {"datetime"},
    # ... and the context mkdocs-autorefs records for its own messages about unresolved references.
    "autoref": {
        *("identifier", "slug", "optional", "hover", "backlink-type", "backlink-anchor"),
        *("domain", "role", "origin", "filepath", "lineno"),
    },
    "ins": {"datetime"},
    **{tag: _SVG_ATTRIBUTES for tag in _SVG_TAGS},
    **{tag: _MATHML_ATTRIBUTES for tag in _MATHML_TAGS},
}
# Attributes whose values are a short list, not free text.
ALLOWED_VALUES: dict[str, dict[str, set[str]]] = {
    "input": {"type": {"radio", "checkbox"}},
    "button": {"type": {"button"}},
}
ATTRIBUTE_PREFIXES = frozenset({"aria-", "data-"})

URL_SCHEMES = frozenset({"http", "https", "mailto"})
URL_ATTRIBUTES = frozenset({"href", "src", "poster"})
# Images may be inlined as raster data; no other `data:` URL (an SVG or HTML one can carry script).
_DATA_IMAGE = re.compile(r"^data:image/(?:png|gif|jpeg|webp|avif);base64,[a-z0-9+/=\s]*$", re.IGNORECASE)

# Layout and type only: nothing that loads (`url(...)`) or lifts content over the page (`position`).
STYLE_PROPERTIES = frozenset(
    {
        *"text-align vertical-align width max-width min-width height max-height min-height".split(),
        *"margin margin-top margin-right margin-bottom margin-left padding padding-top".split(),
        *"padding-right padding-bottom padding-left border border-top border-right".split(),
        *"border-bottom border-left border-color border-width border-style border-radius".split(),
        *"border-collapse box-shadow display flex flex-direction flex-wrap gap justify-content".split(),
        *"align-items float clear color background background-color font-family font-size".split(),
        *"font-weight font-style".split(),
        *"text-decoration white-space word-wrap overflow-wrap word-break table-layout direction".split(),
        *"line-height list-style-type object-fit aspect-ratio".split(),
    }
)
# No quotes, backslashes (CSS escapes), colons, slashes or braces: a value cannot spell another rule.
_STYLE_VALUE = re.compile(r"^[\w\s#%.,()+!-]*$")
_STYLE_LOADS = re.compile(r"url|image|expression|@", re.IGNORECASE)

# mkdocs-autorefs copies an autoref's identifier into the link it writes without escaping it again.
_IDENTIFIER = re.compile(r"^[\w.:/#-]*$")
_AUTOREF_NAMES = frozenset({"identifier", "slug", "backlink-type", "backlink-anchor"})
# Ids the theme's own script looks up (`__config`, `__drawer`, ...): a page may only use the tabs' ones.
_RESERVED_ID = re.compile(r"^__(?!tabbed_\d+(?:_\d+)?$)")
# Material's script finds its components by `data-md-*`.
_RESERVED_DATA = "data-md-"


def style_problem(value: str) -> str:
    """Why a `style` attribute is refused: the first declaration outside the allowlist; "" when kept."""
    for declaration in value.split(";"):
        if not declaration.strip():
            continue
        name, colon, rest = declaration.partition(":")
        name = name.strip().lower()
        if not colon or name not in STYLE_PROPERTIES:
            return f"the style property `{name}` is not allowed"
        if not _STYLE_VALUE.match(rest) or _STYLE_LOADS.search(rest):
            return f"the value of the style property `{name}` is not allowed"
    return ""


def attribute_problem(tag: str, name: str, value: str) -> str:
    """Why an attribute the allowlist names is still refused for this value; "" when it is kept.

    Values reach this already decoded (entities) by the HTML parser, so `JaVaScRiPt&colon;` is seen as
    the browser sees it."""
    if name == "style":
        return style_problem(value)
    if name == "id" and _RESERVED_ID.match(value):
        return f"the id `{value}` is reserved for the site's own script"
    if tag == "autoref" and name in _AUTOREF_NAMES and not _IDENTIFIER.match(value):
        return "a cross-reference names a Python object or an anchor: letters, digits and `._:/#-` only"
    if name.startswith(_RESERVED_DATA):
        return f"`{name}` attributes are reserved for the site's own script"
    if name in URL_ATTRIBUTES and value.lstrip("\x00\t\n\f\r ").lower().startswith("data:"):
        if not (tag == "img" and name == "src" and _DATA_IMAGE.match(value.strip())):
            return "a `data:` URL is allowed only for a PNG, GIF, JPEG, WebP or AVIF image"
    return ""


def _filter(tag: str, name: str, value: str) -> str | None:
    return None if attribute_problem(tag, name, value) else value


@cache
def cleaner() -> nh3.Cleaner:
    """The one sanitiser: nh3's parser is a browser's (html5ever), so it reads the HTML as readers' will."""
    return nh3.Cleaner(
        tags=set(ALLOWED_TAGS),
        clean_content_tags=set(REMOVED_WITH_CONTENT),
        attributes={tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()},
        tag_attribute_values={
            tag: {k: set(v) for k, v in values.items()} for tag, values in ALLOWED_VALUES.items()
        },
        generic_attribute_prefixes=set(ATTRIBUTE_PREFIXES),
        # `data:` passes nh3's scheme check only to be judged by `attribute_problem` (raster images).
        url_schemes=set(URL_SCHEMES | {"data"}),
        attribute_filter=_filter,
        # Pages keep their comments (polydocs reads `<!-- polydocs: ... -->` markers); they never run.
        strip_comments=False,
        # Pages choose their own `rel`; adding one would change every link of every page.
        link_rel=None,
    )


def is_known_element(tag: str) -> bool:
    """Whether browsers know the element; an unknown one nh3 unwraps changes nothing readers see."""
    return tag.lower() in _KNOWN_ELEMENT_NAMES


def is_url_attribute(name: str) -> bool:
    return name in URL_ATTRIBUTES


def tag_allowed(tag: str) -> bool:
    return tag in ALLOWED_TAGS


def attribute_allowed(tag: str, name: str) -> bool:
    """Whether the allowlist names this attribute for this tag (its value may still be refused)."""
    if any(name.startswith(prefix) for prefix in ATTRIBUTE_PREFIXES):
        return True
    return (
        name in ALLOWED_ATTRIBUTES["*"]
        or name in ALLOWED_ATTRIBUTES.get(tag, set())
        or (name in ALLOWED_VALUES.get(tag, {}))
    )
