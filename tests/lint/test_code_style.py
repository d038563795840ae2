"""Rule `code-style`: Python blocks as `doc-builder style` formats them, and `polydocs lint --fix`."""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import pytest
from lint_support import write_toctrees

from polydocs.cli import main
from polydocs.lint.installed import InstalledFacts
from polydocs.lint.runner import lint_paths
from polydocs.snippets.regions import extract_regions

REPO = Path(__file__).resolve().parents[2]

PAGE = """\
<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->

# Style

Prose  with   odd spacing stays as it is.

```py
x = {'a':1}
print( x )
```

```bash
echo   untouched
```

1. In a list:

   ```python
   y=[1,
      2]
   ```

```py
already = "formatted"
```

```py
def broken(:
```
"""

FIXED = PAGE.replace("x = {'a':1}\nprint( x )", 'x = {"a": 1}\nprint(x)').replace(
    "   y=[1,\n      2]", "   y = [1, 2]"
)


def _tree(tmp_path: Path, text: str, newline: str = "\n") -> Path:
    root = tmp_path / "docs_src"
    page = root / "en" / "style.md"
    page.parent.mkdir(parents=True)
    page.write_bytes(text.replace("\n", newline).encode("utf-8"))
    write_toctrees(root)
    return root


def test_unformatted_and_unparsable_blocks_are_reported_at_their_fence(
    tmp_path: Path, facts: InstalledFacts
) -> None:
    root = _tree(tmp_path, PAGE)
    report = lint_paths([root], facts=facts, rules=["code-style"])
    assert [(Path(d.path).name, d.line, d.code, d.severity) for d in report.findings] == [
        ("style.md", 7, "code-style", "error"),
        ("style.md", 18, "code-style", "error"),
        ("style.md", 27, "code-style", "error"),
    ]
    first, listed, broken = (str(d) for d in report.findings)
    assert first.endswith(
        "style.md:7: code-style Python block is not formatted as `doc-builder style` formats it "
        "(black, 119 columns): line 8 differs; run `polydocs lint --fix` to rewrite it"
    )
    assert "line 19 differs" in listed
    assert "style.md:27: code-style black cannot parse this Python block (cannot parse" in broken


def test_fix_rewrites_only_the_python_blocks_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _tree(tmp_path, PAGE)
    page = root / "en" / "style.md"
    status = main(["lint", "--no-cache", "--fix", "--rule", "code-style", str(root)])
    assert page.read_text(encoding="utf-8") == FIXED
    # The block black cannot parse is still reported, and is left as it was.
    assert status == 1
    assert capsys.readouterr().out.count("code-style") == 1
    assert [p.name for p in page.parent.iterdir() if p.name.startswith(".")] == []


def test_fix_keeps_crlf_line_endings(tmp_path: Path) -> None:
    root = _tree(tmp_path, PAGE, newline="\r\n")
    page = root / "en" / "style.md"
    main(["lint", "--no-cache", "--fix", "--rule", "code-style", str(root)])
    assert page.read_bytes() == FIXED.replace("\n", "\r\n").encode("utf-8")


def test_fixing_a_formatted_page_changes_nothing(tmp_path: Path) -> None:
    root = _tree(tmp_path, FIXED.replace("def broken(:", "def fine(): ..."))
    page = root / "en" / "style.md"
    before = page.stat().st_mtime_ns
    assert main(["lint", "--no-cache", "--fix", "--rule", "code-style", str(root)]) == 0
    assert page.stat().st_mtime_ns == before


def test_the_projects_own_pages_pass(facts: InstalledFacts) -> None:
    report = lint_paths([REPO / "docs_src"], facts=facts, rules=["code-style"])
    assert report.pages >= 10
    assert [str(d) for d in report.findings] == []


def test_fix_on_a_copy_of_the_project_pages_leaves_them_passing(
    tmp_path: Path, facts: InstalledFacts
) -> None:
    root = tmp_path / "docs_src"
    shutil.copytree(REPO / "docs_src", root)
    main(["lint", "--no-cache", "--fix", "--rule", "code-style", str(root)])
    assert lint_paths([root], facts=facts, rules=["code-style"]).findings == []
    for page in sorted(root.glob("*/*.md")):
        original = (REPO / "docs_src" / page.relative_to(root)).read_text(encoding="utf-8")
        python_lines = {
            number
            for region in extract_regions(page, original)
            if region.is_python
            for number in range(region.start_line + 1, region.end_line)
        }
        matcher = difflib.SequenceMatcher(
            a=original.split("\n"), b=page.read_text(encoding="utf-8").split("\n")
        )
        changed = {
            number + 1
            for tag, start, end, _, _ in matcher.get_opcodes()
            if tag != "equal"
            for number in range(start, end)
        }
        assert changed <= python_lines, page
