"""Two versions of docs_src for the versioned-build tests (site and browser): v2.0 has a page v1.0 lacks."""

from __future__ import annotations

import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def versioned_sources(folder: Path) -> tuple[Path, Path]:
    """docs_src as v1.0, and as v2.0 with an English page v1.0 does not have."""
    old, new = folder / "v1" / "docs_src", folder / "v2" / "docs_src"
    shutil.copytree(REPO / "docs_src", old)
    shutil.copytree(REPO / "docs_src", new)
    header = (new / "en" / "index.md").read_text(encoding="utf-8").split("-->")[0] + "-->\n"
    (new / "en" / "whats_new.md").write_text(header + "\n# What is new\n\nNew in v2.0.\n", encoding="utf-8")
    toctree = new / "en" / "_toctree.yml"
    toctree.write_text(
        toctree.read_text(encoding="utf-8")
        + "- sections:\n  - local: whats_new\n    title: What is new\n  title: Releases\n",
        encoding="utf-8",
    )
    return old, new
