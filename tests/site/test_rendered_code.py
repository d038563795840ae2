"""The code blocks readers see are exactly the regions the snippet checker runs."""

from html import unescape
from html.parser import HTMLParser
from pathlib import Path

from polydocs.dialect import load_source_tree
from polydocs.snippets.regions import extract_regions

REPO = Path(__file__).resolve().parents[2]
PYTHON_CLASSES = {"language-py", "language-python", "language-python3", "language-pycon"}


class _CodeBlocks(HTMLParser):
    """Collects the text of every highlighted Python block of a page, in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.blocks: list[str] = []
        self._depth = 0  # >0 while inside a Python highlight div

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = set((dict(attrs).get("class") or "").split())
        if self._depth:
            self._depth += tag == "div"
        elif tag == "div" and "highlight" in classes and classes & PYTHON_CLASSES:
            self._depth = 1
            self.blocks.append("")

    def handle_endtag(self, tag: str) -> None:
        if self._depth and tag == "div":
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth:
            self.blocks[-1] += data

    def handle_entityref(self, name: str) -> None:
        self.handle_data(unescape(f"&{name};"))

    def handle_charref(self, name: str) -> None:
        self.handle_data(unescape(f"&#{name};"))


def test_every_rendered_python_block_maps_back_to_a_region(built_docs_src: Path):
    built_site = built_docs_src
    tree = load_source_tree(REPO / "docs_src")
    checked = 0
    for lang in tree.languages:
        for local in tree.all_locals():
            page = tree.resolve(lang, local)
            assert page is not None
            folder = built_site / lang / (f"{local}/" if local != "index" else "")
            html = (folder / "index.html").read_text("utf-8")
            parser = _CodeBlocks()
            parser.feed(html)
            regions = [region for region in extract_regions(page.path) if region.is_python]
            assert [block.strip("\n") for block in parser.blocks] == [r.code.strip("\n") for r in regions], (
                f"{lang}/{local}"
            )
            checked += len(regions)
    assert checked >= 20
