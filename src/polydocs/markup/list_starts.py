"""A numbered list starts at the number its first item is written with, as on huggingface.co.

Steps written as `1.`, a code block at the first column, then `2.` are two lists for CommonMark and
doc-builder's renderer (mdsvex 0.12): the second starts at 2 (`<ol start="2">`), so the steps read 1, 2, 3
on huggingface.co. Python-Markdown ignores the first number by default (its `lazy_ol`) and numbered every
such list from 1: the steps read 1, 1, 1 (154 lists on the trees at hand: transformers 32, peft 2, the
course 19, a fetched diffusers 64, accelerate 19, datasets 18). Its ordered-list processor is told to keep
the number (`LAZY_OL`, the switch its own `sane_lists` extension turns), for every list of the page.
"""

from __future__ import annotations

from markdown import Markdown


def keep_list_starts(md: Markdown) -> None:
    """Make `md` start each ordered list at its first item's number."""
    md.parser.blockprocessors["olist"].LAZY_OL = False  # type: ignore[attr-defined]
