"""The order in which the dialect's constructs are rendered: the one place that decides it.

Every step is a Python-Markdown preprocessor over the page's lines. All of them run between Python-Markdown's
whitespace normalisation and pymdownx.superfences, which then reads the fences; each keeps every line where
it was, so the locations of the page's one parse (the first step) hold for all of them; that is checked
after each step (`StepChangedLineCount`). The last, the hand-over, may add lines: nothing of ours reads a
location after it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

from polydocs.markup.api_links import render_api_links
from polydocs.markup.autodoc import render_autodoc
from polydocs.markup.callouts import render_callouts
from polydocs.markup.code_tabs import render_code_tabs
from polydocs.markup.commonmark_text import render_commonmark_text
from polydocs.markup.components import render_components
from polydocs.markup.context import current_context
from polydocs.markup.framework_switch import render_framework_switches
from polydocs.markup.framework_tabs import render_framework_tabs
from polydocs.markup.heading_ids import PRIORITY as HEADING_IDS_PRIORITY
from polydocs.markup.heading_ids import DocBuilderHeadingIds
from polydocs.markup.hfoptions import render_hfoptions
from polydocs.markup.html_blocks import render_html_blocks
from polydocs.markup.iframes import render_iframes
from polydocs.markup.inline_budget import PRIORITY as INLINE_BUDGET_PRIORITY
from polydocs.markup.inline_budget import InlineBudget
from polydocs.markup.jsx_attributes import render_jsx_attributes
from polydocs.markup.license_header import strip_license_header
from polydocs.markup.list_indentation import render_list_indentation
from polydocs.markup.list_starts import keep_list_starts
from polydocs.markup.math import render_math
from polydocs.markup.mdx_components import render_mdx_components
from polydocs.markup.output_blocks import render_output_blocks
from polydocs.markup.page_flags import render_page_flags
from polydocs.markup.page_links import render_page_links
from polydocs.markup.page_parse import hand_over, report_constructs
from polydocs.markup.prose_tags import render_prose_tags
from polydocs.markup.reference_labels import render_reference_labels

# Python-Markdown's preprocessors our steps run between: `normalize_whitespace` and superfences'
# `fenced_code_block`.
_AFTER_PRIORITY = 30.0
_BEFORE_PRIORITY = 25.0


@dataclass(frozen=True)
class Step:
    name: str
    # `(lines, context)`, or `(lines, context, store)` for a step that emits raw HTML blocks into the
    # converter's stash.
    render: Callable[..., list[str]]
    stores_html: bool = False
    # Every step but the last returns as many lines as it got, each where it was: the one parse's
    # locations hold for all of them (`StepChangedLineCount` when one does not).
    keeps_lines: bool = True


class StepChangedLineCount(RuntimeError):
    """A step that keeps every line returned another number of lines: a fault of that step, never of the
    page; every location after it would be off, so the page fails (`page-failed`) instead of misplacing
    its warnings and tags."""

    def __init__(self, step: str, given: int, returned: int) -> None:
        super().__init__(
            f"the markup step `{step}` returned {returned} lines for the {given} it was given; every step "
            "before the hand-over keeps each line where it was"
        )
        self.step = step


STEPS: tuple[Step, ...] = (
    Step("page_parse", report_constructs, stores_html=True),
    # Right after the parse, so that every later step sees the fences superfences will see.
    Step("output_blocks", render_output_blocks),
    # Before any step reads a line's indentation: each line where Python-Markdown reads the container the
    # parse puts it in (a list item's heading, an indented callout).
    Step("list_indentation", render_list_indentation),
    Step("license_header", strip_license_header),
    Step("page_flags", render_page_flags, stores_html=True),
    # Before every step that rewrites prose: what a formula holds is LaTeX, never Markdown or a link.
    Step("math", render_math, stores_html=True),
    # After math (a formula's `<` is LaTeX), before the steps that write HTML of their own: text in angle
    # brackets that is no element (`<UNK>`) is shown as written, as doc-builder shows it.
    Step("prose_tags", render_prose_tags),
    # After math (a formula's brackets are LaTeX): what CommonMark shows as text, Python-Markdown must too.
    Step("commonmark_text", render_commonmark_text),
    # Before the tags are read as HTML: a JSX attribute (`style={{...}}`) made the whole tag text.
    Step("jsx_attributes", render_jsx_attributes),
    Step("autodoc", render_autodoc, stores_html=True),
    Step("iframes", render_iframes, stores_html=True),
    # After iframes, before callouts and tabs.
    Step("components", render_components, stores_html=True),
    # Before callouts and tabs indent what they hold: a heading's `[[anchor]]` in a `<Tip>` or a tab is its
    # id there too, as doc-builder reads every heading of the page.
    Step("mdx_components", render_mdx_components),
    Step("callouts", render_callouts),
    Step("hfoptions", render_hfoptions),
    Step("framework_tabs", render_framework_tabs),
    Step("code_tabs", render_code_tabs),
    # After every other block construct, so that what a branch holds is already what it renders as, and is
    # only moved into its tab.
    Step("framework_switch", render_framework_switches),
    # Before the links are written: `][[` opens no reference label (autorefs would read one).
    Step("reference_labels", render_reference_labels),
    Step("page_links", render_page_links),
    Step("api_links", render_api_links),
    # After every construct that rewrites an HTML block of its own (iframes, components): the others are
    # raw HTML up to their blank line, as CommonMark reads them, and what lies between them is Markdown.
    Step("html_blocks", render_html_blocks, stores_html=True),
    # Last: the page handed over as the parse reads it (fences never closed, closed).
    Step("hand_over", hand_over, stores_html=True, keeps_lines=False),
)


class _StepPreprocessor(Preprocessor):
    def __init__(self, md: Markdown, step: Step) -> None:
        super().__init__(md)
        self.step = step

    def run(self, lines: list[str]) -> list[str]:
        if self.step.stores_html:
            rendered = self.step.render(lines, current_context(), self.md.htmlStash.store)
        else:
            rendered = self.step.render(lines, current_context())
        if self.step.keeps_lines and len(rendered) != len(lines):
            raise StepChangedLineCount(self.step.name, len(lines), len(rendered))
        return rendered


class DialectExtension(Extension):
    """The Hugging Face doc-builder dialect: every step of `STEPS`, in that order."""

    def extendMarkdown(self, md: Markdown) -> None:
        gap = (_AFTER_PRIORITY - _BEFORE_PRIORITY) / (len(STEPS) + 1)
        for position, step in enumerate(STEPS, start=1):
            priority = _AFTER_PRIORITY - position * gap
            md.preprocessors.register(_StepPreprocessor(md, step), f"polydocs_{step.name}", priority)
        keep_list_starts(md)
        md.treeprocessors.register(InlineBudget(md), "polydocs_inline_budget", INLINE_BUDGET_PRIORITY)
        md.treeprocessors.register(DocBuilderHeadingIds(md), "polydocs_heading_ids", HEADING_IDS_PRIORITY)
