"""One converter kept for a language build renders each page as MkDocs' own `Page.render` does."""

from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from polydocs.dialect import load_source_tree
from polydocs.site.mkdocs_config import load_mkdocs_config, mkdocs_settings
from polydocs.site.page_render import KeptMarkdown
from two_page_site import HEADER, TOC

# What a converter could carry from one page to the next: tab groups (numbered per page), heading ids
# (made unique per page), link rewriting (relative to the page), the title.
HOME = """# Home

## Usage

=== "PyTorch"

    Read the [guide](guide.md#usage).

=== "TensorFlow"

    `code`
"""
GUIDE = """# The *guide*

## Usage

=== "JAX"

    Back [home](index.md).

<a id="raw-anchor"></a>
"""


def _rendered(page: Page) -> tuple[object, ...]:
    return (
        page.content,
        str(page.toc),
        page._title_from_render,
        page.present_anchor_ids,
        page.links_to_anchors,
    )


def test_each_page_renders_with_the_kept_converter_as_with_a_new_one(write_tree, tmp_path):
    tree = load_source_tree(write_tree({"en/_toctree.yml": TOC, "en/index.md": HEADER + "# Home\n"}))
    config = load_mkdocs_config(mkdocs_settings(tree, "en", tmp_path / "site"), tmp_path / "mkdocs.yml")
    config = config.plugins.on_config(config)  # the dialect's extension joins the others
    files = Files([File.generated(config, name, content="") for name in ("index.md", "guide.md")])
    kept = KeptMarkdown()
    for name, text in [("index.md", HOME), ("guide.md", GUIDE), ("index.md", HOME), ("guide.md", "")]:
        ours, mkdocs = (Page(None, files.get_file_from_path(name), config) for _ in range(2))
        ours.markdown = mkdocs.markdown = text
        kept.take_over(ours)
        ours.render(config, files)
        Page.render(mkdocs, config, files)
        assert _rendered(ours) == _rendered(mkdocs)
    assert kept._md is not None  # one converter rendered all of them
