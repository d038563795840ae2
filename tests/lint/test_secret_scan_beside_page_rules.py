"""lint's secret scan reads no page lint has read already (the issue's "one read of the pages"), and on a tree
whose page rules are shared out to forked processes it runs in a process of its own beside them, where it
ran alone after them (on two cores: a fifth of `polydocs init`'s CPU on diffusers, in the linting process
alone). The findings are those of one process.

The secrets are assembled here at run time, so that this repository's own scan does not flag this file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from lint_support import write_toctrees

HUB_TOKEN = "hf_" + "Qx" * 17

# A fresh interpreter: reading a page with Path.read_text fails (lint reads pages its own way, once); the
# scan notes the process it runs in; the page rules are shared out to two processes or kept in this one.
_PROGRAM = """
import json
import os
import pathlib
import sys
from pathlib import Path
from polydocs.lint import runner
from polydocs.lint.installed import InstalledFacts

tree, notes, mode = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
read_text = pathlib.Path.read_text

def refuse_pages(path, *args, **kwargs):
    if path.suffix == ".md":
        raise AssertionError(f"{path} was read again")
    return read_text(path, *args, **kwargs)

pathlib.Path.read_text = refuse_pages
scan = runner.scan_for_secrets

def noted(*args, **kwargs):
    notes.write_text(str(os.getpid()), encoding="utf-8")
    return scan(*args, **kwargs)

runner.scan_for_secrets = noted
runner.PAGES_PER_PROCESS = 1 if mode == "forked" else 10**9
runner._cpus = lambda: 2
report = runner.lint_paths([tree], facts=InstalledFacts(), rules=["secrets", "front-matter"])
print(json.dumps([os.getpid(), [[Path(d.path).name, d.line, d.code, d.message] for d in report.findings]]))
"""


def _lint(tmp_path: Path, root: Path, mode: str) -> tuple[list[list[object]], bool]:
    notes = tmp_path / f"notes-{mode}.txt"
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, str(root), str(notes), mode],
        capture_output=True,
        text=True,
        env={**os.environ, "POLYDOCS_CACHE": str(tmp_path / f"cache-{mode}")},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    linting, findings = json.loads(done.stdout)
    return findings, int(notes.read_text(encoding="utf-8")) != linting


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "docs_src"
    (root / "en").mkdir(parents=True)
    (root / "en" / "login.md").write_text(
        f"# Log in\n\nRun `hf auth login --token {HUB_TOKEN}`.\n", encoding="utf-8"
    )
    for number in range(3):
        (root / "en" / f"page{number}.md").write_text(f"# Page {number}\n\nText.\n", encoding="utf-8")
    write_toctrees(root)
    return root


def test_the_scan_reads_no_page_again_and_runs_beside_forked_page_rules(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    forked, scanned_beside = _lint(tmp_path, root, "forked")
    alone, scanned_apart = _lint(tmp_path, root, "alone")
    assert ["login.md", 3, "secret", "possible Hugging Face Token"] in forked
    assert forked == alone
    assert scanned_beside and not scanned_apart
