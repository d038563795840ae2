"""The checker's summary says one block, one fragment: counts with their nouns as a reader says them."""

from __future__ import annotations

from typing import Any

from polydocs.snippets.report import summary_lines


def _session(blocks: list[str], status: str) -> dict[str, Any]:
    return {
        "id": "en/page.md::L3",
        "page": "en/page.md",
        "path": "docs_src/en/page.md",
        "line": 3,
        "status": status,
        "cached": False,
        "deduplicated": False,
        "seconds": 0.5,
        "gpu": "",
        "blocks": [{"line": 3 + n, "status": block} for n, block in enumerate(blocks)],
    }


def test_one_fragment_block_is_one_block_and_one_fragment_session_one_fragment() -> None:
    said = "\n".join(
        summary_lines([_session(["passed", "fragment"], "passed"), _session(["fragment"], "fragment")], 1.0)
    )
    assert "passed (1 fragment)" in said
    assert "1 fragment," in said
    assert "fragments apart: 2 blocks" in said
    alone = "\n".join(summary_lines([_session(["passed", "fragment"], "passed")], 1.0))
    assert "0 fragments," in alone and "fragments apart: 1 block" in alone
    assert "1 blocks" not in said + alone and "1 fragments" not in said + alone
