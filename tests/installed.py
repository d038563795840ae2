"""Tests that need an optional library: skipped where it is not installed, without importing it when the
file is collected (every pytest worker collects every file: torch with transformers, or datasets, costs
each worker seconds it may never use)."""

from __future__ import annotations

import importlib.util

import pytest


def requires(*modules: str) -> pytest.MarkDecorator:
    """A mark that skips the tests it marks (a module's `pytestmark`) where one of `modules` is absent."""
    missing = [name for name in modules if importlib.util.find_spec(name) is None]
    return pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)}")
