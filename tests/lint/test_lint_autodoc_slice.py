"""An `[[autodoc]]` whose module exists but not the object (peft's
`tuners.osf.utils.reconstruct_weight_matrix`, on a peft without it): the build's loader, griffe reading the
package's slice, does not find it, and the site shows a placeholder (`autodoc-unavailable`). Lint reads the
same slice, so it reports it at the same line before the build does; the objects that exist are reported
by neither."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from polydocs.cli import main

_CORE = '''"""The module the pages document."""


class Thing:
    """A thing."""

    def run(self) -> None:
        """Run it."""


def helper() -> int:
    """Help."""
    return 1
'''

_PAGE = """# API

[[autodoc]] Thing

[[autodoc]] core.helper

[[autodoc]] core.gone
"""


def _findings(items: list[dict[str, object]]) -> set[tuple[str, object, object]]:
    return {
        (Path(str(d["path"])).name, d["line"], d["code"]) for d in items if d["code"] == "autodoc-unavailable"
    }


def test_lint_reports_the_objects_the_builds_loader_does_not_find_at_the_same_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    library = tmp_path / "lib" / "slicelib"
    library.mkdir(parents=True)
    (library / "__init__.py").write_text(
        '"""A library."""\n\nfrom .core import Thing as Thing\n', encoding="utf-8"
    )
    (library / "core.py").write_text(_CORE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path / "lib"))
    source = tmp_path / "docs"
    (source / "en").mkdir(parents=True)
    (source / "en" / "api.md").write_text(_PAGE, encoding="utf-8")
    (source / "en" / "_toctree.yml").write_text(
        "- sections:\n  - local: api\n    title: API\n  title: Reference\n"
    )
    report = tmp_path / "build.json"
    site = tmp_path / "site"
    built = main(
        [
            "build",
            "--source",
            str(source),
            "--out",
            str(site),
            "--library",
            "slicelib",
            "--report-json",
            str(report),
        ]
    )
    assert built == 0  # the placeholder is a warning: --strict refuses it
    capsys.readouterr()
    main(["lint", str(source), "--library", "slicelib", "--format", "json"])
    linted = json.loads(capsys.readouterr().out)
    expected = {("api.md", 7, "autodoc-unavailable")}
    assert _findings(json.loads(report.read_text())["diagnostics"]) == expected
    assert _findings(linted if isinstance(linted, list) else linted["diagnostics"]) == expected
