"""An API page's section titles (`Parameters:`) are in its own language, whichever language's process
converted it: a page English and Chinese share (Chinese falls back to it) is converted once, by the first
process to reach it, and mkdocstrings wrote that process's titles into it. On diffusers, 29 English API
pages showed Chinese titles, depending on which process came first."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

LIBRARY = '''class Tuner:
    """A tuner.

    Args:
        rank (`int`): The rank of the update.
    """

    def tune(self, steps):
        """Tunes the model.

        Args:
            steps (`int`): How many steps to take.

        Returns:
            `int`: The steps taken.
        """
        return steps
'''
TREE = {
    "polydocs.yml": "library: tunerloc\n",
    "en/_toctree.yml": "- title: Guide\n  sections:\n  - local: index\n    title: Home\n"
    "  - local: api\n    title: API\n",
    "en/index.md": "# Home\n\nSee the API.\n",
    "en/api.md": "# API\n\n[[autodoc]] Tuner\n",
    # Chinese has no `api` page of its own (it shows English's) and one API page of its own.
    "zh/_toctree.yml": "- title: Guide\n  sections:\n  - local: index\n    title: Home\n"
    "  - local: api\n    title: API\n  - local: own\n    title: Own\n",
    "zh/index.md": "# 首页\n\n参见 API。\n",
    "zh/own.md": "# 自己的\n\n[[autodoc]] Tuner\n",
}
_TITLE = re.compile(r'class="doc-section-title">([^<]*)<')


def _build(root: Path, out: str, *options: str) -> None:
    environment = {**os.environ, "PYTHONPATH": str(root / "lib"), "POLYDOCS_CACHE": str(root / "cache")}
    built = subprocess.run(
        [sys.executable, "-m", "polydocs", "build", "--source", "docs", "--out", out, *options],
        cwd=root,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr


def _titles(page: Path) -> list[str]:
    return _TITLE.findall(page.read_text(encoding="utf-8"))


def test_a_page_shared_by_two_languages_has_its_own_languages_section_titles(tmp_path: Path) -> None:
    (tmp_path / "lib" / "tunerloc").mkdir(parents=True)
    (tmp_path / "lib" / "tunerloc" / "__init__.py").write_text(LIBRARY, encoding="utf-8")
    for name, text in TREE.items():
        (tmp_path / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    # Chinese alone first: its process converts the English page it shows, into the cache both share.
    _build(tmp_path, "first", "--lang", "zh")
    _build(tmp_path, "site")
    english = ["Parameters:", "Parameters:", "Returns:"]
    assert _titles(tmp_path / "site" / "en" / "api" / "index.html") == english
    assert _titles(tmp_path / "site" / "zh" / "api" / "index.html") == english  # English's page, as written
    parameters, returns = "参数\uff1a", "返回\uff1a"  # mkdocstrings' Chinese, with its full-width colon
    assert _titles(tmp_path / "site" / "zh" / "own" / "index.html") == [parameters, parameters, returns]
