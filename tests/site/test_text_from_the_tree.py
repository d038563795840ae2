"""Text from the tree that reaches HTML outside Python-Markdown is escaped or checked (issue 35, family 7):
toctree titles on the status pages, every front-matter field the theme reads, the site's name taken from
a page's heading, page names in the language switcher and the notebook link."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths
from polydocs.site.build import build_site
from two_page_site import HEADER

TOC = "- sections:\n  - local: index\n    title: Home\n  - local: guide\n    title: Guide\n  title: S\n"
ATTACK = "<img src=x onerror=alert(7)>"
# What no published file may hold: markup that runs, a refresh to elsewhere, a `javascript:` link.
_LIVE = re.compile(r"<img src=x onerror|<svg onload|http-equiv=\"refresh\"|href=\"javascript:", re.I)


def _build(write_tree, tmp_path: Path, files: dict[str, str]) -> tuple[Path, list[str]]:
    tree = {
        "en/_toctree.yml": TOC,
        "en/index.md": HEADER + "# Home\n\nHello.\n",
        "en/guide.md": HEADER + "# Guide\n\n```py\nprint(1)\n```\n",
        "pt/_toctree.yml": "- sections:\n  - local: index\n    title: Início\n  title: S\n",
        "pt/index.md": HEADER + "# Início\n\nOlá.\n",
        **files,
    }
    site = tmp_path / "site"
    report = build_site(write_tree(tree), site)
    return site, [str(problem) for problem in report.diagnostics]


def _live_markup(site: Path) -> list[str]:
    return [
        f"{path.relative_to(site)}: {found.group()}"
        for path in site.rglob("*")
        if path.suffix in (".html", ".json") and (found := _LIVE.search(path.read_text(encoding="utf-8")))
    ]


@pytest.mark.parametrize(
    "title",
    [
        "<svg onload=alert(7)>Guide",  # the report: escaped in the navigation, live on pt/status/
        "Guide](javascript:alert(7)) [x",  # Markdown: a link of its own on the status page
        "Guide <img src=x onerror=alert(7)> `<svg onload=alert(7)>`",
    ],
    ids=["markup", "markdown-link", "markup-in-code"],
)
def test_a_toctree_title_is_text_on_the_status_pages(write_tree, tmp_path, title):
    toc = TOC.replace("title: Guide", f"title: {title!r}".replace("'", '"'))
    site, _ = _build(write_tree, tmp_path, {"en/_toctree.yml": toc})
    assert _live_markup(site) == []
    status = (site / "pt/status/index.html").read_text(encoding="utf-8")
    assert "&lt;" in status or "javascript:alert(7))" in status  # shown, as text


@pytest.mark.parametrize(
    ("front_matter", "line", "said"),
    [
        # The report: printed into a class attribute in every page's navigation.
        (
            'status: new"><meta http-equiv="refresh" content="0;url=https://evil.example/">',
            2,
            "`status` takes new or deprecated",
        ),
        ("status: [new]", 2, "`status` takes new or deprecated"),
        # The report: a TypeError from the theme, and no input named.
        ("hide: 7", 2, "`hide` takes a list of navigation, toc, footer, path, tags, feedback"),
        ("hide: [toc, everything]", 2, "`hide` takes a list of"),
        ("icon: material/no-such-icon", 2, "`icon` takes the name of one of the theme's icons"),
        ("search: {boost: x}", 2, "`search` takes `exclude: true|false` and `boost: <number>`"),
        ("tags: oops", 2, "`tags` takes a list of texts"),
        ("title: [a, b]", 2, "`title` takes text"),
        ("template: main.html", 2, "pages do not choose the theme's templates"),
        ("polydocs_alternates: []", 2, "`polydocs_alternates:` is no field the site reads"),
    ],
)
def test_a_front_matter_field_the_theme_reads_is_checked_at_its_line(
    write_tree, tmp_path, front_matter, line, said
):
    guide = f"---\n{front_matter}\n---\n" + HEADER + "# Guide\n"
    site, warnings = _build(write_tree, tmp_path, {"en/guide.md": guide})
    found = [w for w in warnings if " front-matter " in w]
    assert len(found) == 1 and f"docs/en/guide.md:{line}: front-matter" in found[0], warnings
    assert said in found[0]
    assert _live_markup(site) == []
    assert (site / "en/guide/index.html").is_file()


def test_every_field_the_theme_prints_is_escaped(write_tree, tmp_path):
    fields = [
        "title",
        "description",
        "author",
        "subtitle",
        "revision_date",
        "git_revision_date_localized",
        "git_creation_date_localized",
    ]
    front_matter = "".join(f"{name}: '{ATTACK}{name}'\n" for name in fields)
    guide = f"---\n{front_matter}tags: ['{ATTACK}tag']\nstatus: deprecated\nhide: [toc]\n---\nNo heading.\n"
    site, warnings = _build(write_tree, tmp_path, {"en/guide.md": guide})
    assert not [w for w in warnings if "front-matter" in w]
    assert _live_markup(site) == []
    page = (site / "en/guide/index.html").read_text(encoding="utf-8")
    # `revision_date` is shown only where `git_revision_date_localized` is not.
    for name in (name for name in fields if name != "revision_date"):
        assert f"&lt;img src=x onerror=alert(7)&gt;{name}" in page, name
    assert "md-status md-status--deprecated" in (site / "en/index.html").read_text(encoding="utf-8")
    index = (site / "en/search/search_index.json").read_text(encoding="utf-8")
    assert (
        "&lt;img src=x onerror=alert(7)&gt;tag" in index
        and "&lt;img src=x onerror=alert(7)&gt;title" in index
    )


def test_the_sites_name_taken_from_a_heading_is_text(write_tree, tmp_path):
    site, _ = _build(write_tree, tmp_path, {"en/index.md": HEADER + f"# {ATTACK}Docs\n\nHello.\n"})
    # The heading itself is sanitised as page HTML; the name the theme prints is escaped everywhere.
    assert _live_markup(site) == []
    header = (site / "pt/index.html").read_text(encoding="utf-8")
    assert "&lt;img src=x onerror=alert(7)&gt;Docs" in header


def test_a_page_name_is_percent_encoded_in_the_switcher_and_the_notebook_link(write_tree, tmp_path):
    name = 'odd"<b>'
    toc = TOC.replace("local: guide", f"local: '{name}'")
    site, _ = _build(
        write_tree,
        tmp_path,
        {"en/_toctree.yml": toc, f"en/{name}.md": HEADER + "# Odd\n\n```py\nx = 1\n```\n"},
    )
    page = (site / "en" / name / "index.html").read_text(encoding="utf-8")
    assert 'href="../../pt/odd%22%3Cb%3E/"' in page
    assert '<a href="odd%22%3Cb%3E.ipynb" download>' in page
    assert (site / "en" / name / f"{name}.ipynb").is_file()  # beside the page, where the link leads
    assert not re.search(r'href="[^"]*"<b>', page)


def test_lint_reports_the_front_matter_fields_the_build_reports(write_tree, tmp_path):
    guide = "---\nhide: 7\nstatus: 'new\"><b>'\nsubtitle: fine\ncolour: red\n---\n" + HEADER + "# Guide\n"
    _, warnings = _build(write_tree, tmp_path, {"en/guide.md": guide})
    built = sorted(w.split(": front-matter")[0].split("docs/")[-1] for w in warnings if " front-matter " in w)
    report = lint_paths([tmp_path / "docs"], facts=InstalledFacts(store=None), rules=["front-matter"])
    linted = sorted(f"en/guide.md:{d.line}" for d in report.findings if d.code == "front-matter")
    assert built == linted == ["en/guide.md:2", "en/guide.md:3", "en/guide.md:5"]
