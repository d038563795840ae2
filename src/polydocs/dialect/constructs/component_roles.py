"""What a component spec says: the role its tags play, the attributes it reads, its own problems.

Every renderer of a page (the site's components step, the notebooks) writes a component tag by its role
alone, never by its name: a component is added by its spec (`component_specs.py`), and renders in every
output as soon as its role does. A component that needs a kind of output no role gives needs a new role,
and each renderer then handles it (`tests/dialect/test_component_specs.py` fails on a role a renderer
lacks, and on a renderer that reads a component's name).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from polydocs.diagnostics import DiagnosticCode
from polydocs.dialect.checks import Finding
from polydocs.dialect.components import Attribute
from polydocs.dialect.constructs.component_tags import ComponentTag


class TagRole(Enum):
    """What the site makes of a component tag: the one decision every renderer (the site's components step,
    the notebooks) follows, so that a tag is never shown by one output and left as written by another."""

    # Another construct's: a `<Tip>` (callouts), a tab group enclosing tabs (tabs).
    OWNED = "owned"
    # A tag never ended, or a known component that cannot be shown (an `<InferenceSnippet>` not read):
    # the site's placeholder sentence.
    PLACEHOLDER = "placeholder"
    # A readable self-closing `<InferenceSnippet>`: its call's code, for each client.
    INFERENCE_SNIPPET = "inference-snippet"
    # A `<Question>`: its choices (or the placeholder, when they cannot be read).
    QUIZ = "quiz"
    # `<CourseFloatingBanner>`, `<DocNotebookDropdown>`: links to the page's hosted notebooks.
    NOTEBOOK_LINKS = "notebook-links"
    # `<FrameworkSwitchCourse>` (its `{#if}` blocks are the switch), a grouping tag, the closing tag of a
    # placeholder: the tag goes, what it encloses stays.
    DROPPED = "dropped"
    # A component no construct knows: a neutral container, its tags dropped (`<Name>text</Name>` on one line
    # keeps its text), what it encloses rendered with the page.
    CONTAINER = "container"
    # A video: a click-to-load embed on the site, doc-builder's video cell in a notebook (`video`).
    YOUTUBE = "youtube"
    # `<Added>`, `<Changed>`, `<Deprecated>`: a note titled with the version (its closing tag: DROPPED),
    # holding what the tags enclose (`note`).
    VERSION_NOTE = "version-note"
    # A short label on a line of its own, the text the spec writes from the tag (`label`): a bold line on
    # the site and in the notebook; an empty one shows nothing.
    LABEL = "label"


@dataclass(frozen=True)
class Note:
    """A version note's kind (its strings `component.<kind>`, `component.<kind>_in`) and the site's
    admonition type for it."""

    kind: str
    admonition: str


@dataclass(frozen=True)
class ComponentSpec:
    """One doc-builder component: everything the dialect check and both renderers know of it.

    - `names`: the tags' names, as pages write them.
    - `role`: what its opening or self-closing tag is; `closing_role` its closing tag's (default: `role`).
      `role_of` replaces both where the role depends on the tag (an `<InferenceSnippet>` that reads).
    - `checked_by`: the construct that reports its problems; "components" (`components.py`), or another
      construct's module (the quiz's, the notebook banners'), which `components.py` then leaves alone.
    - `attributes`: those it reads, each with its validator; when given, any other, an invalid value or a
      missing required one is `component-attribute`. None: its attributes are not checked.
    - `problem`: its own finding for a tag that ended (an unusable video id), with `codes` the codes it
      may report, declared here (name, level, summary): `polydocs.codes` gathers them.
    - `closed`: its opening tag must be closed (`component-unclosed`: its `block`, what readers see of
      it, runs to the end of the page when it is not).
    - `note`, `label`, `video`: what a tag of the roles `VERSION_NOTE`, `LABEL`, `YOUTUBE` shows.
    """

    names: tuple[str, ...]
    role: TagRole
    closing_role: TagRole | None = None
    role_of: Callable[[ComponentTag], TagRole] | None = None
    checked_by: str = "components"
    attributes: tuple[Attribute, ...] | None = None
    problem: Callable[[ComponentTag], Finding | None] | None = None
    codes: tuple[DiagnosticCode, ...] = ()
    closed: bool = False
    block: str = ""
    note: Note | None = None
    label: Callable[[ComponentTag], str] | None = None
    video: Callable[[ComponentTag], str | None] | None = None

    def tag_role(self, tag: ComponentTag) -> TagRole:
        if self.role_of is not None:
            return self.role_of(tag)
        if self.role is TagRole.OWNED:
            return TagRole.OWNED
        if not tag.ended:
            return TagRole.PLACEHOLDER
        if tag.closing and self.closing_role is not None:
            return self.closing_role
        return self.role
