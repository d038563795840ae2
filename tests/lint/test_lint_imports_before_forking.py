"""A tree linted by forked processes: what the rules import on their first page (hf-doc-builder's styler
with black, the site's Markdown extensions) is imported once, before the processes are forked, so that
no process imports it again (a third of a second of CPU each)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from lint_support import write_toctrees

# Run in a fresh interpreter (this one may have imported anything): each forked process notes, when it is
# handed its first pages, whether what the rules import is there already.
_PROGRAM = """
import sys
from pathlib import Path
from polydocs.lint import runner
from polydocs.lint.installed import InstalledFacts

tree, notes = Path(sys.argv[1]), Path(sys.argv[2])
forked_chunk = runner._forked_chunk

def noted(indices):
    with notes.open("a", encoding="utf-8") as handle:
        handle.write(f"{'doc_builder.style_doc' in sys.modules} {'pymdownx.superfences' in sys.modules}\\n")
    return forked_chunk(indices)

runner._forked_chunk = noted
runner.PAGES_PER_PROCESS = 1
runner._cpus = lambda: 2
print(len(runner.lint_paths([tree], facts=InstalledFacts()).findings))
"""


def test_forked_processes_find_the_styler_and_the_extensions_imported(tmp_path: Path) -> None:
    root = tmp_path / "docs_src"
    (root / "en").mkdir(parents=True)
    for name in ("guide", "tour"):
        page = f"# {name}\n\n```py\nx=1\n```\n\n<b onclick='x()'>bold</b>\n"
        (root / "en" / f"{name}.md").write_text(page, encoding="utf-8")
    write_toctrees(root)
    notes = tmp_path / "notes.txt"
    environment = {**os.environ, "POLYDOCS_CACHE": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, str(root), str(notes)],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0  # the pages were linted: license, code-style, unsafe-html findings
    assert notes.read_text(encoding="utf-8").splitlines() == ["True True"]
