"""Resolving relative page links."""

from __future__ import annotations

import pytest

from polydocs.markup import resolve_page_link

KNOWN = frozenset({"index", "torch_compile", "perf_torch_compile", "tasks/asr", "model_doc/bert"})


@pytest.mark.parametrize(
    ("target", "page_local", "expected"),
    [
        ("./torch_compile", "perf_torch_compile", "torch_compile.md"),
        ("torch_compile.md#backend", "perf_torch_compile", "torch_compile.md#backend"),
        ("tasks/asr", "index", "tasks/asr.md"),
        ("../model_doc/bert#usage", "tasks/asr", "../model_doc/bert.md#usage"),
        ("./asr", "tasks/asr", "asr.md"),
        ("../", "tasks/asr", "../index.md"),
        ("./missing", "index", None),
        ("../../outside", "tasks/asr", None),
        ("https://pytorch.org", "index", "https://pytorch.org"),
        ("/docs/transformers/index", "index", "/docs/transformers/index"),
        ("#anchor", "index", "#anchor"),
        ("mailto:someone@example.com", "index", "mailto:someone@example.com"),
        ("./image.png", "index", "./image.png"),
    ],
)
def test_resolve_page_link(target: str, page_local: str, expected: str | None) -> None:
    assert resolve_page_link(target, page_local, KNOWN) == expected
