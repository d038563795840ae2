"""A notebook's links into the site's own API reference point at the site's published address (issue 39:
notebooks render `[[autodoc]]` as a link to the site's API anchor).

A tree documenting a small library on its own pages, with `site_url` in its polydocs.yml, built as a user
builds it: the directive and an API link on another page become links to the object's anchor on the
published reference page, which the site's page carries; without `site_url` they are the name in code.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LIBRARY = (
    '"""Tiny."""\n\n\nclass Widget:\n    """A widget."""\n\n    def spin(self) -> int:\n        return 1\n'
)


def _built(root: Path, settings: str) -> Path:
    (root / "lib" / "tinylib").mkdir(parents=True)
    (root / "lib" / "tinylib" / "__init__.py").write_text(LIBRARY, encoding="utf-8")
    english = root / "docs" / "en"
    english.mkdir(parents=True)
    (english / "_toctree.yml").write_text(
        "- local: index\n  title: Home\n- local: ref\n  title: Reference\n", encoding="utf-8"
    )
    (english / "index.md").write_text("# Home\n\nUse [`Widget`].\n", encoding="utf-8")
    (english / "ref.md").write_text(
        "# Reference\n\n## Widget\n\n[[autodoc]] Widget\n    - spin\n", encoding="utf-8"
    )
    (root / "docs" / "polydocs.yml").write_text(f"library: tinylib\n{settings}", encoding="utf-8")
    path = os.pathsep.join([str(root / "lib"), str(REPO / "src")])
    site = root / "site"
    command = [sys.executable, "-m", "polydocs", "build", "--source", str(root / "docs"), "--out", str(site)]
    run = subprocess.run(
        command, env={**os.environ, "PYTHONPATH": path}, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr
    return site / "en"


def _markdown(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]


@pytest.mark.parametrize("site_url", ["https://example.org/tiny/", ""])
def test_links_into_the_sites_reference_point_at_its_published_anchor(tmp_path: Path, site_url: str) -> None:
    english = _built(tmp_path, f"site_url: {site_url}\n" if site_url else "")
    assert 'id="tinylib.Widget"' in (english / "ref" / "index.html").read_text(encoding="utf-8")
    link = "[`Widget`](https://example.org/tiny/en/ref/#tinylib.Widget)" if site_url else "`Widget`"
    assert _markdown(english / "ref" / "ref.ipynb")[-1] == link
    assert _markdown(english / "index.ipynb")[-1] == f"Use {link}."
