"""Word boundaries in the search index for scripts written without spaces between words (Chinese, Thai).

Material's search splits text on its separator; a Chinese or Thai sentence, which has no spaces, would
be one term, and a word inside it could not be found. Material segments Chinese with jieba when jieba is
installed; where it is not, Chinese runs are indexed character by character, and Material's search
splits a reader's Chinese query into the index's terms itself. Thai is cut into words by longest match
against the Thai dictionary Material ships with its search (`lunr/wordcut.js`). The boundaries are zero
width spaces, which the reader never sees in the results.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path

import material
from material.plugins.search.plugin import jieba

from polydocs.sources import Language

BOUNDARY = "\u200b"
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")
_THAI_RUN = re.compile(r"[\u0e00-\u0e7f]+")
# Vowel signs and tone marks that belong to the consonant before them: a word never starts with one.
_THAI_COMBINING = re.compile(r"[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]")
_WORDCUT = Path(material.__file__).parent / "templates/assets/javascripts/lunr/wordcut.js"
_LONGEST_THAI_WORD = 20

# The separators Material's own translations use for these languages, with the boundary added.
SEPARATORS = {"zh": r"[\s\u200b\u3000\-\u3001\u3002\uff0c\uff0e\uff1f\uff01\uff1b]+", "th": r"[\s\u200b\-]+"}


def _split_han(text: str) -> str:
    return _HAN_RUN.sub(lambda match: BOUNDARY.join(match.group(0)), text)


@functools.cache
def _thai_words() -> frozenset[str]:
    """The word list of wordcut's dictionary: its long string literals of `\\n`-separated words."""
    source = _WORDCUT.read_text(encoding="utf-8") if _WORDCUT.is_file() else ""
    literals = re.findall(r'"((?:[^"\\]|\\.){10000,})"', source)
    return frozenset(
        word for literal in literals for word in literal.split("\\n") if _THAI_RUN.fullmatch(word)
    )


def _cut_thai_run(run: str) -> list[str]:
    words, start, dictionary = [], 0, _thai_words()
    while start < len(run):
        end = next(
            (
                end
                for end in range(min(len(run), start + _LONGEST_THAI_WORD), start + 1, -1)
                if run[start:end] in dictionary and not _THAI_COMBINING.match(run, end)
            ),
            start + 1,
        )
        while end < len(run) and _THAI_COMBINING.match(run, end):  # keep marks on their consonant
            end += 1
        words.append(run[start:end])
        start = end
    return words


def _split_thai(text: str) -> str:
    return _THAI_RUN.sub(lambda match: BOUNDARY.join(_cut_thai_run(match.group(0))), text)


def search_segmenter(language: Language) -> tuple[str, Callable[[str], str]] | None:
    """The name and function that marks word boundaries in this language's index; None: spaces do."""
    primary = language.tag.split("-")[0].lower()
    if primary == "zh" and jieba is None:
        return "han-characters", _split_han
    if primary == "th" and _thai_words():
        return "thai-wordcut", _split_thai
    return None
