"""Every HTML page a build writes carries a Content-Security-Policy before anything it loads (issue 35):
Material's pages, the status pages, the English fallbacks, every 404, the redirect pages, the root pages
and a versioned output's root. The build checks it before switching the site in, and stops naming any
page that lacks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.site import redirects
from polydocs.site.build import build_site
from polydocs.site.content_policy import html_pages, page_policy_problem
from polydocs.site.versions import VersionRequest
from two_page_site import HEADER, TOC

TREE = {
    "en/_toctree.yml": TOC,
    "en/index.md": HEADER + "# Home\n\nHello.\n",
    "en/guide.md": HEADER + "# Guide\n\nText.\n",
    "en/_redirects.yml": "old_guide: guide\nmoved/deeper: index\n",
    "es/_toctree.yml": "- sections:\n  - local: index\n    title: Inicio\n  title: S\n",
    "es/index.md": HEADER + "# Inicio\n\nHola.\n",
}


def _unprotected(site: Path) -> list[str]:
    return [
        f"{page.relative_to(site)}: {problem}"
        for page in html_pages(site)
        if (problem := page_policy_problem(page)) is not None
    ]


def test_every_page_of_a_build_carries_the_policy_redirects_and_fallbacks_too(write_tree, tmp_path):
    site = tmp_path / "site"
    build_site(write_tree(TREE), site)
    pages = {page.relative_to(site).as_posix() for page in html_pages(site)}
    # The redirects, the fallback guide in Spanish, the status pages and every 404 are among them.
    assert {"en/old_guide/index.html", "es/moved/deeper/index.html", "es/guide/index.html"} <= pages
    assert {"en/status/index.html", "es/404.html", "404.html", "index.html"} <= pages
    assert _unprotected(site) == []


def test_a_versioned_outputs_root_carries_the_policy(write_tree, tmp_path):
    site = tmp_path / "site"
    build_site(write_tree(TREE), site, version=VersionRequest("v1", default=True))
    assert (site / "index.html").is_file()
    assert _unprotected(site) == []


def test_a_page_written_without_its_policy_stops_the_build_and_is_named(write_tree, tmp_path, monkeypatch):
    # A redirect page as they were written before: no policy. The build must not publish it.
    monkeypatch.setattr(redirects, "_PAGE", redirects._PAGE.replace("{policy}\n", ""))
    site = tmp_path / "site"
    with pytest.raises(PolydocsError) as raised:
        build_site(write_tree(TREE), site)
    message = str(raised.value)
    assert "site/en/old_guide/index.html: content-security-policy the published page has no" in message
    assert "site/es/moved/deeper/index.html" in message
    assert not site.exists()


@pytest.mark.parametrize(
    ("head", "problem"),
    [
        ("<title>x</title>", "has no Content-Security-Policy before its `<title>`"),
        (
            '<script src="a.js"></script>'
            '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">',
            "has no Content-Security-Policy before its `<script>`",
        ),
        (
            "<meta http-equiv=\"content-security-policy\" content=\"default-src 'self'; script-src 'self' "
            "'unsafe-inline'\">",
            "lets scripts run from 'unsafe-inline'",
        ),
        ('<meta http-equiv="Content-Security-Policy" content="img-src *">', "says nothing about scripts"),
        ('<meta http-equiv="Content-Security-Policy" content="default-src https:">', "run from https:"),
    ],
)
def test_a_missing_late_or_permissive_policy_is_a_problem(tmp_path, head, problem):
    page = tmp_path / "page.html"
    page.write_text(
        f'<!doctype html>\n<html><head><meta charset="utf-8">{head}</head></html>', encoding="utf-8"
    )
    found = page_policy_problem(page)
    assert found is not None and problem in found
