"""`check_blocks: runnable` in polydocs.yml: only fences marked `runnable` run, grouped as doc-builder
groups them; an unknown value is an error at its line of polydocs.yml (real `polydocs check` runs)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from polydocs.snippets.regions import extract_regions
from polydocs.snippets.sessions import build_sessions

from .test_sandbox import _checker_environment
from .test_sandbox_hostile import SUPPORT, _check, _options

PAGE = textwrap.dedent(
    """\
    ```py
    raise ValueError("an illustration, not marked runnable")
    ```

    ```py runnable:quickstart
    greeting = "hello"
    ```

    ```python runnable
    print("a test of its own")
    ```

    ```py runnable:quickstart:2
    print(greeting)
    ```

    ```py runnable:other:2
    print("a continuation whose base the page lacks is a session of its own")
    ```
    """
)


def _lines(blocks: str) -> list[list[int]]:
    path = Path("en/page.md")
    return [
        [r.start_line for r in s.regions] for s in build_sessions(path, extract_regions(path, PAGE), blocks)
    ]


def test_every_python_block_runs_in_one_session_by_default():
    assert _lines("all") == [[1, 5, 9, 13, 17]]


def test_runnable_mode_runs_only_marked_fences_one_namespace_per_label_continuations_joined():
    assert _lines("runnable") == [[5, 13], [9], [17]]


def _tree(tmp_path: Path, setting: str) -> None:
    (tmp_path / "docs" / "en").mkdir(parents=True)
    (tmp_path / "docs" / "polydocs.yml").write_text(f"site_name: Test\ncheck_blocks: {setting}\n")


def test_an_unknown_setting_is_an_error_at_its_line_of_polydocs_yml(tmp_path):
    _tree(tmp_path, "runable")
    (tmp_path / "docs" / "en" / "page.md").write_text(PAGE)
    done = subprocess.run(
        [sys.executable, "-m", "polydocs", "check", "docs", *_options(tmp_path, None)],
        cwd=tmp_path,
        env=_checker_environment(tmp_path, None),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "docs/polydocs.yml:2: config unknown value 'runable': expected `all`" in done.stdout, done.stdout


@pytest.mark.skipif(SUPPORT.kind != "bubblewrap", reason="needs the sandbox")
def test_a_runnable_tree_runs_the_marked_fences_and_leaves_the_rest(tmp_path):
    _tree(tmp_path, "runnable")
    page = (
        "```py\nraise ValueError('not run')\n```\n\n"
        "```py runnable:a\nx = 1\n```\n\n```py runnable:a:2\nprint(x)\n```\n"
    )
    done, report = _check(tmp_path, {"en/page.md": page})
    assert done.returncode == 0, done.stdout
    (session,) = report["sessions"]
    assert (session["id"], session["status"]) == ("docs/en/page.md::L5", "passed")
    assert [(b["line"], b["status"]) for b in session["blocks"]] == [(5, "passed"), (9, "passed")]
