"""A tree linted by forked processes: its API links are asked of the site's inventory once, by the linting
process, before it forks, so that no forked process imports the library or reads where its objects are
defined again (about 11 CPU-s a process on diffusers); the findings are those of one process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from lint_support import write_toctrees

# Run in a fresh interpreter: each forked process notes, when it is handed its first pages, whether the
# library is imported already; then the findings, forked or in one process.
_PROGRAM = """
import json
import sys
from pathlib import Path
from polydocs.lint import runner
from polydocs.lint.installed import InstalledFacts

tree, notes, mode = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
forked_chunk = runner._forked_chunk

def noted(indices):
    with notes.open("a", encoding="utf-8") as handle:
        handle.write(f"{'toylib' in sys.modules}\\n")
    return forked_chunk(indices)

runner._forked_chunk = noted
runner.PAGES_PER_PROCESS = 1 if mode == "forked" else 10**9
runner._cpus = lambda: 2
report = runner.lint_paths([tree], facts=InstalledFacts(), library="toylib", rules=["constructs"])
print(json.dumps([[Path(d.path).name, d.line, d.code, d.message] for d in report.findings]))
"""

_LIBRARY = '''"""A library the pages document."""


class Thing:
    """A thing."""

    def run(self) -> None:
        """Run it."""
'''


def _lint(tmp_path: Path, root: Path, mode: str) -> tuple[list[list[object]], list[str]]:
    notes = tmp_path / f"notes-{mode}.txt"
    environment = {
        **os.environ,
        "POLYDOCS_CACHE": str(tmp_path / f"cache-{mode}"),
        "PYTHONPATH": os.pathsep.join([str(tmp_path / "lib"), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, str(root), str(notes), mode],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    noted = notes.read_text(encoding="utf-8").splitlines() if notes.exists() else []
    return json.loads(done.stdout), noted


def test_forked_processes_find_the_library_imported_and_report_as_one_process(tmp_path: Path) -> None:
    (tmp_path / "lib" / "toylib").mkdir(parents=True)
    (tmp_path / "lib" / "toylib" / "__init__.py").write_text(_LIBRARY, encoding="utf-8")
    root = tmp_path / "docs_src"
    (root / "en").mkdir(parents=True)
    (root / "en" / "api.md").write_text("# API\n\n[[autodoc]] toylib.Thing\n", encoding="utf-8")
    links = "Use [`Thing`], [`~toylib.Thing.run`], [`Thing.walk`] and [`Missing`].\n"
    (root / "en" / "guide.md").write_text(f"# Guide\n\n{links}\n```py\n[`InCode`]\n```\n", encoding="utf-8")
    write_toctrees(root)
    forked, notes = _lint(tmp_path, root, "forked")
    alone, _ = _lint(tmp_path, root, "alone")
    assert notes and set(notes) == {"True"}
    assert forked == alone
    assert [(name, code) for name, _, code, _ in forked] == [
        ("guide.md", "api-link-unresolved"),
        ("guide.md", "api-link-unresolved"),
    ]
