"""The private parts of MkDocs 1.6 that polydocs uses, in one place, checked against the installed version.

MkDocs has no public way to render a page with a converter other than the one `Page.render` makes for
each page, nor to give a page the title its render found: `site/page_render.py` keeps one converter for a
language build (a new `markdown.Markdown` per page, loading every extension, was most of a build's time)
and so repeats what `Page.render` does around the conversion. That needs the page processors MkDocs
registers (`_RawHTMLPreprocessor`, `_ExtractAnchorsTreeprocessor`, `_RelativePathTreeprocessor`,
`_ExtractTitleTreeprocessor`, each `_register`ed), the page's `_title_from_render`, and the page's
`render` replaced on that page object. `polydocs serve` re-renders an edited page alone with the two
steps `mkdocs build` takes for each page (`_populate_page`, `_build_page`). These are MkDocs 1.6's; any
other release stops polydocs here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import markdown
import mkdocs
from jinja2 import Environment
from mkdocs.commands.build import _build_page, _populate_page
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import (
    Page,
    _ExtractAnchorsTreeprocessor,
    _ExtractTitleTreeprocessor,
    _RawHTMLPreprocessor,
    _RelativePathTreeprocessor,
)

from polydocs.host_versions import VersionRange, require_version

# The engine's distribution: MkDocs, or ProperDocs (the maintained continuation of MkDocs 1.x), whose
# `properdocs.replacement` makes every `mkdocs.*` import its own. ProperDocs 1.6.7 has the same private
# parts as MkDocs 1.6.1 (compared line by line; docs/dependencies.md, "The engine").
ENGINE = mkdocs.__name__.partition(".")[0]
WRITTEN_FOR = {"mkdocs": VersionRange("1.6.1", "1.7"), "properdocs": VersionRange("1.6.7", "1.7")}
if ENGINE not in WRITTEN_FOR:
    raise ImportError(
        f"{__name__}: the module imported as mkdocs is {ENGINE}'s, which polydocs was not written for; "
        f"install mkdocs{WRITTEN_FOR['mkdocs']}"
    )
ENGINE_VERSION = require_version(ENGINE, WRITTEN_FOR[ENGINE], __name__)


@dataclass(frozen=True)
class PageProcessors:
    """What `Page.render` registers on the converter for one page, and what they found once it converted."""

    raw_html: _RawHTMLPreprocessor
    extract_anchors: _ExtractAnchorsTreeprocessor
    relative_path: _RelativePathTreeprocessor
    extract_title: _ExtractTitleTreeprocessor

    @classmethod
    def registered(
        cls, md: markdown.Markdown, page: Page, files: Files, config: MkDocsConfig
    ) -> PageProcessors:
        """`Page.render`'s processors for `page`, registered on `md` in its order and at its priorities,
        replacing the previous page's."""
        processors = cls(
            _RawHTMLPreprocessor(),
            _ExtractAnchorsTreeprocessor(page.file, files, config),
            _RelativePathTreeprocessor(page.file, files, config),
            _ExtractTitleTreeprocessor(),
        )
        for processor in (
            processors.raw_html,
            processors.extract_anchors,
            processors.relative_path,
            processors.extract_title,
        ):
            processor._register(md)
        return processors

    @property
    def title(self) -> str | None:
        return self.extract_title.title

    @property
    def present_anchor_ids(self) -> set[str]:
        return self.extract_anchors.present_anchor_ids | self.raw_html.present_anchor_ids

    @property
    def links_to_anchors(self) -> dict:
        return self.relative_path.links_to_anchors


def title_from_render(page: Page) -> str | None:
    """The title the page's last render found (its first heading), which `page.title` falls back on."""
    return page._title_from_render


def set_title_from_render(page: Page, title: str | None) -> None:
    page._title_from_render = title


def replace_render(page: Page, render: Callable[[MkDocsConfig, Files], None]) -> None:
    """MkDocs' own `page.render(config, files)` of this page object alone calls `render` (the class and
    other pages are untouched)."""
    page.render = render  # type: ignore[method-assign,assignment]


def populate_page(page: Page, config: MkDocsConfig, files: Files) -> None:
    """What `mkdocs build` does first for each page: read its source, run the page events, render it.
    MkDocs has no public call to render one page of a build (serve re-renders edited pages alone)."""
    _populate_page(page, config, files)


def build_page(page: Page, config: MkDocsConfig, files: Files, nav: Navigation, env: Environment) -> None:
    """What `mkdocs build` does next for each page: its template, context events, the written HTML."""
    _build_page(page, config, files.documentation_pages(), nav, env)
