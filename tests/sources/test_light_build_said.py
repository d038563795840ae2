"""A light build says which heavy frameworks are absent (doc-builder says which it mocks): the objects whose
modules import them are read from their files. Said from the library's metadata, never from imports, so a
build on a warm cache says what the cold one said; a library whose frameworks are all installed hears
nothing. Real builds (`polydocs build`, a subprocess) of a tree documenting a library written to a folder
on the path, with its `.dist-info` as pip writes it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
PAGES = {
    "_toctree.yml": "- sections:\n  - local: index\n    title: Home\n  title: S\n",
    "index.md": HEADER + "# Home\n\n[[autodoc]] Tool\n",
}
LIGHT = (
    "polydocs build: jax, tensorflow are not installed: the objects of lightlib whose modules import them "
    "are read from their files, not imported (a light build)"
)


def _library(root: Path, requires: list[str]) -> None:
    """`lightlib` 1.0, one class, declaring `requires` in its metadata as pip writes it."""
    (root / "lightlib").mkdir(parents=True)
    (root / "lightlib/__init__.py").write_text('class Tool:\n    """A tool."""\n', encoding="utf-8")
    info = root / "lightlib-1.0.dist-info"
    info.mkdir()
    lines = [
        "Metadata-Version: 2.1",
        "Name: lightlib",
        "Version: 1.0",
        *(f"Requires-Dist: {r}" for r in requires),
    ]
    (info / "METADATA").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (info / "top_level.txt").write_text("lightlib\n", encoding="utf-8")


def _build(tmp_path: Path, requires: list[str], index: str = PAGES["index.md"]) -> list[str]:
    """What two builds (a cold cache, then a warm one) print on stderr, line by line."""
    _library(tmp_path / "lib", requires)
    for name, text in {**PAGES, "index.md": index}.items():
        (tmp_path / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    path = os.pathsep.join(filter(None, [str(tmp_path / "lib"), os.environ.get("PYTHONPATH", "")]))
    env = {**os.environ, "PYTHONPATH": path, "POLYDOCS_CACHE": str(tmp_path / "cache")}
    command = [
        sys.executable,
        "-m",
        "polydocs",
        "build",
        "--source",
        "docs",
        "--out",
        "site",
        "--library",
        "lightlib",
    ]
    printed = []
    for _ in range(2):
        result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        printed.append(result.stderr.splitlines())
    cold, warm = printed
    assert [line for line in cold if "not installed" in line] == [
        line for line in warm if "not installed" in line
    ]
    return cold


def test_a_light_build_names_the_absent_frameworks_the_library_requires_or_offers_as_extras(
    tmp_path: Path,
) -> None:
    printed = _build(
        tmp_path, ["numpy>=1.17", "tensorflow>=2", 'jax[cpu]; extra == "jax"', 'ruff; extra == "dev"']
    )
    assert LIGHT in printed
    assert (tmp_path / "site/en/index.html").is_file()


def test_a_library_whose_frameworks_are_installed_hears_nothing_of_light_builds(tmp_path: Path) -> None:
    printed = _build(tmp_path, ["torch", 'flax; extra == "dev"'])  # torch: the tests' own venv has it
    assert not [line for line in printed if "light build" in line], printed


def test_a_tree_without_autodoc_hears_nothing_of_light_builds(tmp_path: Path) -> None:
    printed = _build(tmp_path, ["tensorflow"], index=HEADER + "# Home\n")
    assert not [line for line in printed if "light build" in line], printed


def test_a_build_reads_the_installed_distributions_once(tmp_path: Path, monkeypatch) -> None:
    """`importlib.metadata.packages_distributions()` reads every installed distribution's file list (0.4 s):
    a build whose notebook lists a page's imports and that says whether it is light reads it once."""
    import importlib.metadata

    from polydocs.cli import main
    from polydocs.sources.installed_packages import distributions_by_module

    _library(tmp_path / "lib", ["tensorflow>=2"])
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    index = PAGES["index.md"] + "\n```py\nimport PIL\n```\n"  # installed by the distribution `pillow`
    (tmp_path / "docs").mkdir()
    for name, text in {**PAGES, "index.md": index}.items():
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    reads = []
    real = importlib.metadata.packages_distributions
    monkeypatch.setattr(importlib.metadata, "packages_distributions", lambda: reads.append(1) or real())
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    distributions_by_module.cache_clear()
    try:
        assert main(["build", "--source", "docs", "--out", "site", "--library", "lightlib"]) == 0
    finally:  # the build imported this `lightlib`: the next test's of that name is another package
        for name in [name for name in sys.modules if name.partition(".")[0] == "lightlib"]:
            del sys.modules[name]
        distributions_by_module.cache_clear()
    assert "pillow==" in (tmp_path / "site/en/index.ipynb").read_text(encoding="utf-8")
    assert len(reads) == 1
