"""A tree's own files in the site (issue 35, family 6): only passive types are published, a file of any
other type is refused at its path by build and lint alike, and no tree file replaces or shadows a file
the theme or polydocs publishes."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths
from polydocs.site.build import build_site
from polydocs.site.mkdocs_config import THEME_DIR
from two_page_site import HEADER, TOC

SCRIPT = "window.__pwned = 'tree script'\n"
HTML = "<script>alert('tree page')</script>\n"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>\n'
# Every type a browser runs or renders as a document on the site's address, and a file with no type.
ACTIVE = {
    "es/assets/polydocs/md-storage.js": SCRIPT,  # the theme's own script, on every Spanish page
    "es/assets/polydocs/polydocs.css": "body { display: none }\n",
    "en/evil.html": HTML,
    "en/deeper/evil.htm": HTML,
    "en/evil.xhtml": '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>\n',
    "en/img/evil.svg": SVG,
    "en/img/EVIL.SVG": SVG,
    "en/module.mjs": SCRIPT,
    "en/feed.xml": '<?xml-stylesheet href="x.xsl"?><x/>\n',
    "en/x.xsl": "<xsl:stylesheet/>\n",
    "en/LICENSE": "no type at all\n",
}
PASSIVE = {
    "en/img/chart.png": "PNG, as far as names go\n",
    "es/TRANSLATING.txt": "notes\n",
    "en/run.py": "print(1)\n",
}
PAGES = {
    "en/_toctree.yml": TOC,
    "en/index.md": HEADER + "# Home\n\n[more](evil.html) ![x](img/evil.svg) ![chart](img/chart.png)\n",
    "en/guide.md": HEADER + "# Guide\n\n```py\nprint(1)\n```\n",
    "es/_toctree.yml": "- sections:\n  - local: index\n    title: Inicio\n  title: S\n",
    "es/index.md": HEADER + "# Inicio\n\n[más](../en/evil.html)\n",
}


@pytest.fixture
def tree(write_tree) -> Path:
    return write_tree({**PAGES, **ACTIVE, **PASSIVE})


def _refused(diagnostics, root: Path) -> list[str]:
    return sorted(
        Path(d.path).resolve().relative_to(root.resolve()).as_posix()
        for d in diagnostics
        if d.code == "asset-refused"
    )


def test_no_file_of_an_active_type_is_published_and_each_is_said_at_its_path(tree, tmp_path):
    site = tmp_path / "site"
    report = build_site(tree, site)
    assert _refused(report.diagnostics, tree) == sorted(ACTIVE)
    for name in ACTIVE:
        relative = name.split("/", 1)[1]
        published = site / name.split("/", 1)[0] / relative
        assert not published.exists() or published.read_bytes() != ACTIVE[name].encode(), name
    for name, text in PASSIVE.items():
        assert (site / name).read_text(encoding="utf-8") == text


def test_a_tree_script_at_the_themes_path_does_not_replace_the_themes(tree, tmp_path):
    site = tmp_path / "site"
    build_site(tree, site)
    for name in ("md-storage.js", "polydocs.css"):
        theme = (THEME_DIR / "assets/polydocs" / name).read_bytes()
        assert (site / "es/assets/polydocs" / name).read_bytes() == theme
    page = (site / "es/index.html").read_text(encoding="utf-8")
    assert 'src="assets/polydocs/md-storage.js"' in page


def test_a_strict_build_refuses_to_publish_an_active_file(write_tree, tmp_path):
    source = write_tree({**PAGES, "es/assets/polydocs/md-storage.js": SCRIPT})
    with pytest.raises(PolydocsError) as raised:
        build_site(source, tmp_path / "site", strict=True)
    assert "es/assets/polydocs/md-storage.js: asset-refused a `.js` file is not published" in str(
        raised.value
    )
    assert not (tmp_path / "site").exists()


def test_lint_refuses_the_same_files_with_the_same_code_and_the_links_to_them(tree):
    report = lint_paths([tree], facts=InstalledFacts(store=None), rules=["toctree", "links"])
    assert _refused(report.findings, tree) == sorted(ACTIVE)
    linked = sorted(
        (Path(d.path).name, d.line, d.code) for d in report.findings if d.code.endswith("-refused")
    )
    # The page's link and image to refused files; not its image of a published one.
    assert [entry for entry in linked if entry[0] == "index.md"] == [
        ("index.md", 5, "image-refused"),
        ("index.md", 5, "link-file-refused"),
    ]


@pytest.mark.parametrize(
    ("name", "published_by"),
    [
        ("es/assets/images/favicon.png", "theme"),  # Material's own favicon
        ("es/search/search_index.json", "build"),  # the language's search index
        ("en/guide/guide.ipynb", "build"),  # the guide's notebook
    ],
)
def test_a_tree_file_at_a_path_the_site_publishes_shadows_nothing(write_tree, tmp_path, name, published_by):
    source = write_tree({**PAGES, name: '{"from": "the tree"}'})
    site = tmp_path / "site"
    report = build_site(source, site)
    shadows = [d for d in report.diagnostics if d.code == "asset-shadows"]
    assert [Path(d.path).resolve() for d in shadows] == [(source / name).resolve()]
    assert f"the {published_by}" in shadows[0].message
    assert "the tree" not in (site / name).read_text(encoding="utf-8", errors="replace")
