"""pymdownx.highlight, each distinct code block highlighted once per process, a Python block as readers
see it (doc-builder's test-runner lines removed: `dialect/constructs/runnable_lines.py`).

Translations keep English's code, so a language process meets the same block in several pages (the
English page, its translations, the pages falling back to English). Pygments costs about a millisecond
a block, a third of it making the formatter and finding the lexer again; a block met again takes the
HTML Pygments made the first time, from the same inputs: the code, every argument of the call and every
setting of the highlighter (which superfences and mkdocstrings set per call).
"""

from __future__ import annotations

import inspect
from collections import OrderedDict
from typing import Any

from pymdownx.highlight import Highlight, HighlightExtension

from polydocs.dialect.constructs.runnable_lines import PYTHON_LANGUAGES, reader_code

# Distinct blocks kept per process: a language of the real-world corpus highlights about 700; `polydocs
# serve` runs for hours, so the oldest are dropped.
_KEPT = 4096
_SIGNATURE = inspect.signature(Highlight.highlight)


class _Remembered(OrderedDict[str, str]):
    def remember(self, key: str, html: str) -> str:
        self[key] = html
        if len(self) > _KEPT:
            self.popitem(last=False)
        return html


_HIGHLIGHTED = _Remembered()


class _RememberingHighlight(Highlight):  # type: ignore[misc]  # pymdownx has no type hints
    def highlight(self, src: str, language: str, *args: Any, **kwargs: Any) -> Any:
        if (language or "").lower() in PYTHON_LANGUAGES:  # doc-builder's runnable blocks' test lines
            src = reader_code(src)
        key = self._call_key(src, language, args, kwargs)
        if key is None:
            return super().highlight(src, language, *args, **kwargs)
        if key in _HIGHLIGHTED:
            _HIGHLIGHTED.move_to_end(key)
            return _HIGHLIGHTED[key]
        return _HIGHLIGHTED.remember(key, super().highlight(src, language, *args, **kwargs))

    def _call_key(self, src: str, language: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
        """Everything the HTML depends on, or None for a call to make every time: inline code (an
        element, not text) and an HTML title (stored in the page's own stash)."""
        call = _SIGNATURE.bind(self, src, language, *args, **kwargs)
        call.apply_defaults()
        arguments = dict(call.arguments)
        del arguments["self"]
        if arguments["inline"] or (arguments["title"] and self.title_mode == "html"):
            return None
        if not (self.line_spans or self.line_anchors):
            del arguments["code_block_count"]  # it only names the line anchors and spans
        settings = sorted((name, value) for name, value in vars(self).items() if name != "md")
        return repr((settings, sorted(arguments.items())))


class CodeHighlightExtension(HighlightExtension):  # type: ignore[misc]  # pymdownx has no type hints
    """pymdownx.highlight whose fences (superfences asks for its highlighter) are highlighted once."""

    def get_pymdownx_highlighter(self) -> type[Highlight]:
        return _RememberingHighlight


def makeExtension(**kwargs: Any) -> CodeHighlightExtension:
    """What Python-Markdown calls to load the extension by its module's name, as MkDocs names it."""
    return CodeHighlightExtension(**kwargs)
