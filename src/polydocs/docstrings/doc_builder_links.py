"""doc-builder's own answer to "does this API link resolve?", offline (hf-doc-builder, a dependency).

doc-builder builds one language folder at a time: `build_mdx_files` converts every page and collects the
anchors of the objects its `[[autodoc]]` directives document, then `resolve_links_in_text` turns each
`` [`X`] `` into a link when `X` is found in the installed package and its anchor is in that index. This
adapter does the same with doc-builder's public functions. The objects of other Hugging Face libraries
are looked up in their `objects.inv`, which doc-builder downloads; its cache of those is filled with empty
maps so that nothing is downloaded (those links are counted apart by the caller).

The docstrings `resolve_autodoc` writes into a page are resolved by the same `resolve_links_in_text` (it
runs on the whole converted page): each documented object's text, from its `<docstring>` tag to its first
member's block or its block's end, is kept (`docstrings`) for its links to be counted too.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.metadata
import io
import re
import warnings
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from polydocs.guide import release_ref

# One object of doc-builder's autodoc output: its `<docstring>` tag and the text after it (description,
# examples), up to a member's block (`<div class="docstring …">`) or the end of its own (`</div>`).
_OBJECT_TEXT = re.compile(r"<docstring>.*?(?=<div class=\"docstring|</div>|\Z)", re.S)
_ANCHOR = re.compile(r"<anchor>([^<]*)</anchor>")


@dataclass(frozen=True)
class DocumentedObject:
    """One object doc-builder documents on a page, and the Markdown it writes for it (links unresolved)."""

    page: str  # doc-builder's page name: `package_reference/lora`
    anchor: str
    text: str


class DocBuilderLinks:
    """The anchors index of each language folder, and doc-builder's resolution against it."""

    def __init__(self, library: str) -> None:
        from doc_builder import external

        self.library = library
        self.failures: list[str] = []
        self.left_out: list[str] = []
        self._external = external
        for other in external.HUGGINFACE_LIBS:
            external.EXTERNAL_DOC_OBJECTS_CACHE.setdefault(other, {})
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self._package: ModuleType = importlib.import_module(library)
        try:
            version = importlib.metadata.version(library)
        except importlib.metadata.PackageNotFoundError:  # a module on the path, not an installed package
            version = ""
        self._page_info: dict[str, Any] = {
            "package_name": library,
            "version": "main",
            "version_tag": release_ref(version),
            "repo_owner": "huggingface",
            "repo_name": library,
        }
        self._mappings: dict[str, dict[str, str]] = {}
        self.docstrings: dict[str, list[DocumentedObject]] = {}

    def index_language(self, pages: dict[str, Path], lang: str) -> None:
        """Convert the language's pages as `build_mdx_files` does and keep the anchors they document. A
        directive naming what the installed library lacks stops doc-builder's whole build: it is left out
        (`left_out`), as `scripts/compare_autodoc.py` leaves it out; a page doc-builder cannot convert
        otherwise is a failure, its anchors left out."""
        from doc_builder.build_doc import resolve_autodoc, resolve_open_in_colab
        from doc_builder.convert_md_to_mdx import convert_md_to_mdx

        from polydocs.docstrings.doc_builder_entries import documentable_page

        mapping: dict[str, str] = {}
        documented: list[DocumentedObject] = []
        info = {**self._page_info, "language": lang}
        for name, path in sorted(pages.items()):
            info["path"], info["page"] = path, f"{name}.html"
            try:
                with _quiet():
                    text, absent = documentable_page(path.read_text(encoding="utf-8-sig"), self.library)
                    self.left_out.extend(f"{lang}/{name}: {object_name}" for object_name in absent)
                    content = convert_md_to_mdx(text, info)
                    content = resolve_open_in_colab(content, info)
                    converted, anchors, _, errors = resolve_autodoc(content, self._package, True, info)
            except Exception as error:  # doc-builder raises what its conversion meets, any kind
                self.failures.append(f"{lang}/{name}: {type(error).__name__}: {str(error).splitlines()[0]}")
                continue
            self.failures.extend(f"{lang}/{name}: {error}" for error in errors or ())
            documented.extend(_documented_objects(name, converted))
            for anchor in anchors:
                if isinstance(anchor, tuple):
                    mapping.update({alias: f"{name}#{anchor[0]}" for alias in anchor[1:]})
                    anchor = anchor[0]
                mapping[anchor] = name
        self._mappings[lang] = mapping
        self.docstrings[lang] = documented

    def resolves(self, text: str, after: str, lang: str) -> bool:
        """Whether doc-builder makes `` [`text`] `` (followed by `after`) a link on a page of `lang`."""
        from doc_builder.autodoc import resolve_links_in_text

        info = {**self._page_info, "language": lang}
        with _quiet():
            rendered = resolve_links_in_text(f"[`{text}`]{after}", self._package, self._mappings[lang], info)
        return rendered.startswith("[")

    def other_library(self, text: str) -> bool:
        """A link into another Hugging Face library, which doc-builder resolves through its objects.inv."""
        head = text.removeprefix("~").split(".")[0]
        return head in self._external.HUGGINFACE_LIBS and head != self.library


def _documented_objects(page: str, converted: str) -> list[DocumentedObject]:
    """Each object's text in a page `resolve_autodoc` converted."""
    found = []
    for block in _OBJECT_TEXT.finditer(converted):
        anchor = _ANCHOR.search(block[0])
        if anchor is not None:
            found.append(DocumentedObject(page, anchor[1], block[0]))
    return found


@contextlib.contextmanager
def _quiet() -> Any:
    """doc-builder and the imported library print and warn as they convert: not this comparison's output."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        yield
