"""A translation's build converts its own pages before the English pages it falls back to, which
English's process converts meanwhile: it does not wait for English at each of them."""

from pathlib import Path

from polydocs.diagnostics import PolydocsError
from polydocs.site import page_conversion
from polydocs.site.build import build_site
from two_page_site import HEADER

TOC = "".join(f"- local: page{n}\n  title: Page {n}\n" for n in range(4))


def test_own_pages_are_converted_first_and_without_a_cache_each_page_once(write_tree, tmp_path, monkeypatch):
    converted: list[str] = []
    convert = page_conversion._converted

    def recording(build, page, text, render):
        converted.append(f"{page.lang}/{text.local}")
        return convert(build, page, text, render)

    monkeypatch.setattr(page_conversion, "_converted", recording)
    files = {"en/_toctree.yml": TOC, "es/_toctree.yml": TOC}
    files |= {f"en/page{n}.md": HEADER + f"# Page {n}\n\nText {n}.\n" for n in range(4)}
    files |= {f"es/page{n}.md": HEADER + f"# Página {n}\n\nTexto {n}.\n" for n in (1, 3)}
    source = write_tree(files)
    build_site(source, tmp_path / "site", only=["es"], jobs=1)
    # In the navigation's order within each: Spanish's own pages, then the English fallbacks.
    assert converted == ["es/page1", "es/page3", "en/page0", "en/page2"]
    converted.clear()
    build_site(source, tmp_path / "uncached", only=["es"], jobs=1, use_cache=False)
    assert converted == ["en/page0", "es/page1", "en/page2", "es/page3"]  # MkDocs' order, once each


def test_a_page_that_fails_ahead_is_reported_as_without_converting_ahead(write_tree, tmp_path, monkeypatch):
    """A translation converts its own pages ahead of MkDocs' pass; a page failing there is reported, and
    published, exactly as when MkDocs' pass converts it (the other pages build either way)."""
    convert = page_conversion._converted

    def failing(build, page, text, render):
        if text.local == "page3":
            raise PolydocsError(summary=f"{page.path}:1: cannot convert this page")
        return convert(build, page, text, render)

    monkeypatch.setattr(page_conversion, "_converted", failing)
    files = {"en/_toctree.yml": TOC, "es/_toctree.yml": TOC}
    files |= {f"en/page{n}.md": HEADER + f"# Page {n}\n" for n in range(4)}
    files |= {"es/page3.md": HEADER + "# Página 3\n"}
    source = write_tree(files)
    reports = []
    for cached in (True, False):
        out = tmp_path / f"site-{cached}"
        report = build_site(source, out, only=["es"], jobs=1, use_cache=cached)
        problems = sorted((Path(p.path).name, p.line, p.code, p.message) for p in report.diagnostics)
        pages = sorted(str(page.relative_to(out)) for page in out.glob("es/**/index.html"))
        reports.append((problems, pages))
    assert reports[0] == reports[1]
    failed = [problem for problem in reports[0][0] if problem[2] == "page-failed"]
    assert [(name, line) for name, line, _, _ in failed] == [("page3.md", 1)]
    assert "cannot convert this page" in failed[0][3]
    assert "es/page3/index.html" in reports[0][1] and "es/page2/index.html" in reports[0][1]
