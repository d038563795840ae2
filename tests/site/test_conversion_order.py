"""A translation's build converts its own pages before the English pages it falls back to, which
English's process converts meanwhile: it does not wait for English at each of them."""

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
