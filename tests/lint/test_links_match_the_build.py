"""Page and API links: `polydocs lint` and `polydocs build` report the same problems at the same lines."""

from __future__ import annotations

import re
from pathlib import Path

from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths
from polydocs.site.build import build_site

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
LINK_CODES = {"link-missing", "api-link-unresolved", "api-link-missing"}
TOCTREE = "- sections:\n{entries}  title: Pages\n"
_WARNING = re.compile(r"^(?P<path>.+?):(?P<line>\d+): (?P<code>[\w-]+) ")


def _toctree(*pages: str) -> str:
    return TOCTREE.format(entries="".join(f"  - local: {page}\n    title: {page}\n" for page in pages))


def _tree(write_tree) -> Path:  # type: ignore[no-untyped-def]
    return write_tree(
        {
            "polydocs.yml": "api_reference:\n  url: 'https://example.com/{page}#{anchor}'\n"
            "  objects: {Trainer: trainer, TFAutoModel: auto}\n",
            "en/_toctree.yml": _toctree("index", "guide", "tasks/asr"),
            "en/index.md": HEADER + "# Home\n\n"
            "Read the [guide](./guide.mdx) and [ASR](tasks/asr.mdx#asr), not [this](./gone.mdx).\n\n"
            "Use [`Trainer`], not [`TrainerOfDreams`] nor [`TFAutoModel`] (gone from transformers).\n\n"
            "```md\n[in code](./gone)\n```\n\n"
            "[ref]: ./also_gone\n",
            "en/guide.mdx": HEADER + "# Guide\n\nBack [home](./index.md), on to [nowhere](../nowhere).\n",
            "en/tasks/asr.md": HEADER + "# ASR\n\n[`~transformers.NoSuchPipeline`] and [up](../guide).\n",
            "es/_toctree.yml": _toctree("index"),
            "es/index.md": HEADER
            + "# Inicio\n\nLa [guía](./guide) está en inglés; [esta](./falta) no existe.\n",
        }
    )


def _located(root: Path, path: str, line: int, code: str) -> tuple[str, int, str]:
    return Path(path).resolve().relative_to(root.resolve()).as_posix(), line, code


def test_lint_and_build_give_the_same_page_and_api_link_problems(write_tree, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = _tree(write_tree)
    report = build_site(root, tmp_path / "site")
    built = {
        _located(root, m["path"], int(m["line"]), m["code"])
        for warning in report.warnings
        if (m := _WARNING.match(warning)) and m["code"] in LINK_CODES
    }
    linted = {
        _located(root, d.path, d.line, d.code)
        for d in lint_paths([root], facts=InstalledFacts(None)).findings
        if d.code in LINK_CODES
    }
    assert (
        built
        == linted
        == {
            ("en/index.md", 5, "link-missing"),
            ("en/index.md", 7, "api-link-unresolved"),
            ("en/index.md", 7, "api-link-missing"),
            ("en/index.md", 13, "link-missing"),
            ("en/guide.mdx", 5, "link-missing"),
            ("en/tasks/asr.md", 5, "api-link-unresolved"),
            ("es/index.md", 5, "link-missing"),
        }
    )


def test_the_site_resolves_a_link_to_a_page_by_its_mdx_name(write_tree, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    build_site(_tree(write_tree), tmp_path / "site", only=["en"])
    home = (tmp_path / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert 'href="guide/"' in home and 'href="tasks/asr/#asr"' in home
    assert 'href="./gone.mdx"' in home  # a page the site lacks keeps its link as written
