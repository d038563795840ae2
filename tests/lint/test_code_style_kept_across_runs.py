"""`code-style` keeps black's results in polydocs' cache, keyed by the block's text and the versions of black,
hf-doc-builder and Python: a second lint of the same pages runs black on none of their blocks and reports the
same findings (every lint after init asks again what init asked)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.notebooks import doc_builder_adapter

# A fresh interpreter each run (this one remembers blocks in memory); with `refuse`, black cannot run.
_PROGRAM = """
import sys
import black
from polydocs import cli

if sys.argv[2] == "refuse":
    def refuse(*args, **kwargs):
        raise AssertionError("black ran")
    black.format_str = refuse
sys.exit(cli.main(["lint", "--format", "json", "--rule", "code-style", sys.argv[1]]))
"""

_PAGE = """# Styles

```py
x=dict(a = 1,b=2)
```

```py
def ok(value):
    return value
```

```py
print("unclosed"
```

```python
>>> from transformers import pipeline
>>> pipe = pipeline( "text-generation" )
```
"""


def _lint(page: Path, cache: Path, black_may_run: str) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, str(page), black_may_run],
        capture_output=True,
        text=True,
        env={**os.environ, "POLYDOCS_CACHE": str(cache)},
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return list(json.loads(done.stdout))


def test_a_second_lint_reports_the_same_without_running_black(tmp_path: Path) -> None:
    page = tmp_path / "styles.md"
    page.write_text(_PAGE, encoding="utf-8")
    cache = tmp_path / "cache"
    first = _lint(page, cache, "may-run")
    assert sorted(finding["line"] for finding in first) == [3, 12, 16]
    assert len(list((cache / "style").glob("*.json"))) == 4
    assert _lint(page, cache, "refuse") == first


def test_another_cache_runs_black_again(tmp_path: Path) -> None:
    page = tmp_path / "styles.md"
    page.write_text(_PAGE, encoding="utf-8")
    _lint(page, tmp_path / "cache", "may-run")
    # hf-doc-builder reports what black raises as the block's error: each block is "cannot parse" then.
    refused = _lint(page, tmp_path / "other-cache", "refuse")
    refused_lines = [finding["line"] for finding in refused if "black ran" in str(finding["message"])]
    assert refused_lines == [3, 7, 12, 16]


def test_the_key_holds_the_versions_the_formatting_depends_on(monkeypatch: pytest.MonkeyPatch) -> None:
    block = "x=1"
    key = doc_builder_adapter._style_key(block)
    assert doc_builder_adapter._style_key(block + " ") != key
    installed = doc_builder_adapter.version
    for package in ("black", "hf-doc-builder"):
        doc_builder_adapter._style_versions.cache_clear()
        monkeypatch.setattr(
            doc_builder_adapter,
            "version",
            lambda name, package=package: "0.0" if name == package else installed(name),
        )
        assert doc_builder_adapter._style_key(block) != key
        monkeypatch.undo()
    doc_builder_adapter._style_versions.cache_clear()
    assert doc_builder_adapter._style_key(block) == key


def test_a_damaged_entry_is_made_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path))
    code = "y=[1,2]"
    expected = doc_builder_adapter.style_python_block.__wrapped__(code)
    entry = tmp_path / "style" / f"{doc_builder_adapter._style_key(code)}.json"
    entry.write_text('{"version": "1", "data": {"code": 3}}', encoding="utf-8")
    assert doc_builder_adapter.style_python_block.__wrapped__(code) == expected
    assert json.loads(entry.read_text(encoding="utf-8"))["data"]["code"] == expected.code
