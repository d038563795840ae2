"""The `#anchors` lint knows a page by are the ids the built site's page holds, on docs_src and the corpora.

For every page, the anchors `links` checks a link against (`LintContext.anchors`) are compared with the
ids of the page's content on the site `polydocs build` made: an id lint lacks is a link lint refuses that
the site resolves, an id only lint has is a link lint accepts that leads nowhere. The ids of the API
reference's blocks (mkdocstrings' `doc-object`s, which lint's rendering leaves out) must each be one
`LintContext.has_anchor` accepts, which knows the objects by name. Each tree is built once for this
module (the course in two of its languages: English, and Chinese, whose `[[anchor]]`s are whole titles);
the corpora skip when absent.
"""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from polydocs.lint.context import LintContext
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.targets import collect_targets
from polydocs.site.build import build_site

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"
TREES = {
    "docs_src": (REPO / "docs_src", None),
    "peft-docs": (CORPUS / "peft-docs", None),
    "transformers-docs": (CORPUS / "transformers-docs", None),
    "course-docs": (CORPUS / "course-docs", ["en", "zh-CN"]),
}


class _ContentIds(HTMLParser):
    """The ids a fragment can find in a built page's content (the theme's own ids left out): an element's
    `id`, an `<a name>`; those of the API reference's blocks apart."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.reference_ids: set[str] = set()
        self._inside = False
        self._reference_depth = 0  # the `div`s open inside an API reference block

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag == "article" and "md-content__inner" in classes:
            self._inside = True
        if tag == "div" and (self._reference_depth or "doc-object" in classes):
            self._reference_depth += 1
        if self._inside:
            found = self.reference_ids if self._reference_depth else self.ids
            found.update(value for name, value in attrs if value and name == "id")
            if tag == "a" and attributes.get("name"):
                found.add(str(attributes["name"]))

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._inside = False
        if tag == "div" and self._reference_depth:
            self._reference_depth -= 1


def _site_ids(site: Path, lang: str, local: str) -> _ContentIds | None:
    folder = "" if local == "index" else local.removesuffix("/index")
    page = site / lang / folder / "index.html"
    if not page.is_file():
        return None
    reader = _ContentIds()
    reader.feed(page.read_text(encoding="utf-8"))
    return reader


@dataclass(frozen=True)
class BuiltTree:
    source: Path
    site: Path
    languages: list[str] | None


@pytest.fixture(scope="module", params=list(TREES))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> BuiltTree:
    source, languages = TREES[request.param]
    if not source.is_dir():
        pytest.skip(f"the corpus tree {source.name} (../shared/corpus) is absent")
    site = tmp_path_factory.mktemp("anchors") / "site"
    build_site(source, site, only=languages, jobs=1)
    return BuiltTree(source, site, languages)


def test_lint_knows_each_page_by_the_anchors_the_site_gives_it(built: BuiltTree) -> None:
    targets = collect_targets([built.source])
    context = LintContext(targets, InstalledFacts())
    differences = []
    compared = 0
    for document in targets.documents:
        if built.languages and document.lang not in built.languages:
            continue
        on_site = _site_ids(built.site, document.lang, document.local)
        assert on_site is not None, f"{document.display_name} has no page on the site"
        compared += 1
        linted = context.anchors(document.path)
        page = document.display_name
        differences += [f"{page}: lint only #{anchor}" for anchor in sorted(linted - on_site.ids)]
        differences += [f"{page}: site only #{anchor}" for anchor in sorted(on_site.ids - linted)]
        differences += [
            f"{page}: API reference only #{anchor}"
            for anchor in sorted(on_site.reference_ids)
            if not context.has_anchor(document.path, anchor)
        ]
    assert compared > 0
    assert differences == []
