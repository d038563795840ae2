"""Names that hold a dataset stand-in's generated rows, so that an empty selection of them is not the page's.

A Hub dataset loaded in a session is a stand-in (standins/datasets.py): the card's real features, rows
generated from a small vocabulary. A page that filters them for what the real rows hold
(`dataset.filter(lambda r: r["text"].startswith("San Francisco"))`, datasets' stream.mdx) and takes the
first finds none: `StopIteration` or `IndexError`, which says nothing about the page. Over a session's
top-level statements, a name bound by a statement that loads a Hub dataset, or that reads such a name,
holds generated rows (from that dataset); a name bound otherwise does not.
"""

from __future__ import annotations

import ast

from polydocs.snippets.blocking import binds, reads
from polydocs.snippets.standins.loads import block_loads

# What an empty selection raises: `next(iter(...))` on nothing, `[0]` of nothing.
EMPTY_SELECTION = (StopIteration, IndexError)


def follow_generated(code: str, generated: dict[str, str], before_line: int | None = None) -> None:
    """Update `generated` (name -> the Hub id of the dataset whose stand-in rows it holds) over the
    top-level statements of `code`, up to the one holding `before_line` (1-based), where it failed."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return
    loaded = {
        load.offset + 1: load.hub_id for load in block_loads(code).loads if load.loader == "load_dataset"
    }
    for statement in tree.body:
        last = statement.end_lineno or statement.lineno
        if before_line is not None and last >= before_line:
            break
        hub_id = next((h for line, h in loaded.items() if statement.lineno <= line <= last), None)
        if hub_id is None:
            read = sorted(reads(statement) & generated.keys())
            hub_id = generated[read[0]] if read else None
        for name in binds(statement):
            if hub_id is not None:
                generated[name] = hub_id
            else:
                generated.pop(name, None)
