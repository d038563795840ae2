"""A tree built by a forked process per language: the pages' API links are asked of the site's inventory
once, by the building process, before it forks, so that no language build imports the library again to
read a class's documented methods (transformers' `Trainer`: torch and most of transformers, about 6 CPU-s
a language on the transformers corpus); the site is the one a build in one process makes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# Run in a fresh interpreter: each forked language build notes, when it starts, whether the library is
# imported already; then the build, forked or in one process.
_PROGRAM = """
import sys
from pathlib import Path
from polydocs import cli
from polydocs.site import language_scheduling

tree, notes, out, jobs = sys.argv[1:]
build_language = language_scheduling.build_language

def noted(*args, **kwargs):
    with Path(notes).open("a", encoding="utf-8") as handle:
        handle.write(f"{'toylib' in sys.modules}\\n")
    return build_language(*args, **kwargs)

language_scheduling.build_language = noted
sys.exit(cli.main(["build", "--source", tree, "--out", out, "--jobs", jobs, "--library", "toylib"]))
"""

_LIBRARY = '''"""A library the pages document."""


class Thing:
    """A thing."""

    def run(self) -> None:
        """Run it."""
'''

_TOCTREE = "- sections:\n  - local: index\n    title: Guide\n  - local: api\n    title: API\n  title: Pages\n"


def _build(tmp_path: Path, root: Path, jobs: int) -> tuple[Path, list[str]]:
    notes, out = tmp_path / f"notes-{jobs}.txt", tmp_path / f"site-{jobs}"
    environment = {
        **os.environ,
        "POLYDOCS_CACHE": str(tmp_path / f"cache-{jobs}"),
        "PYTHONPATH": os.pathsep.join([str(tmp_path / "lib"), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, str(root), str(notes), str(out), str(jobs)],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return out, notes.read_text(encoding="utf-8").splitlines()


def _pages(site: Path) -> dict[str, bytes]:
    return {path.relative_to(site).as_posix(): path.read_bytes() for path in sorted(site.rglob("*.html"))}


def test_language_builds_find_the_library_imported_and_build_the_site_of_one_process(tmp_path: Path) -> None:
    (tmp_path / "lib" / "toylib").mkdir(parents=True)
    (tmp_path / "lib" / "toylib" / "__init__.py").write_text(_LIBRARY, encoding="utf-8")
    root = tmp_path / "docs_src"
    for lang, words in (("en", "Use"), ("es", "Usa")):
        (root / lang).mkdir(parents=True)
        links = f"{words} [`Thing`] y [`~toylib.Thing.run`].\n"
        (root / lang / "index.md").write_text(
            f"# Guide\n\n{links}\n```py\n[`InCode`]\n```\n", encoding="utf-8"
        )
        (root / lang / "_toctree.yml").write_text(_TOCTREE, encoding="utf-8")
    (root / "en" / "api.md").write_text("# API\n\n[[autodoc]] toylib.Thing\n", encoding="utf-8")
    forked, notes = _build(tmp_path, root, jobs=2)
    alone, _ = _build(tmp_path, root, jobs=1)
    assert notes == ["True", "True"]
    pages = _pages(forked)
    assert pages == _pages(alone)
    for lang in ("en", "es"):  # the member linked to its reference
        assert b'href="api/#toylib.Thing.run"' in pages[f"{lang}/index.html"]
