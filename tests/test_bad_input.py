"""Every bad input gets an answer naming the input (path:line where known), never a traceback."""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs import cli
from polydocs.diagnostics import Diagnostic, PolydocsError, reading, unexpected_error

TOC = "- local: index\n  title: Home\n"
PAGE = "# Home\n\nText.\n"


def _tree(root: Path, files: dict[str, str | bytes]) -> Path:
    for name, content in {"en/_toctree.yml": TOC, "en/index.md": PAGE, **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def _polydocs(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "polydocs", *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def _answered(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0, result.stdout
    assert "Traceback" not in result.stderr, result.stderr
    return result.stderr


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        (b"site_name: caf\xe9\n", "docs/polydocs.yml:1: encoding not UTF-8 (byte 0xe9)"),
        (b"site_name: ok\nrepo_url: \xff\n", "docs/polydocs.yml:2: encoding not UTF-8 (byte 0xff)"),
        (
            b"api_reference:\n  url: https://x/{page}\n  objects:\n    Trainer: 5\n",
            "docs/polydocs.yml:1: config `objects` must map names to page names (texts); not so for 'Train",
        ),
        (b"api_reference:\n  url: 7\n", "docs/polydocs.yml:1: config `url` must be a text containing {page}"),
        (b"api_reference: [1, 2]\n", "docs/polydocs.yml:1: config expected a mapping with `url`"),
        (b"site_name: &a [*a]\n", "docs/polydocs.yml:1: config YAML anchors and aliases"),
    ],
)
def test_bad_project_settings_are_answered_at_their_line(tmp_path, settings, expected):
    _tree(tmp_path / "docs", {"polydocs.yml": settings})
    assert expected in _answered(_polydocs(tmp_path, "build", "--source", "docs", "--out", "site"))
    assert not (tmp_path / "site").exists()


ALIAS_CYCLE = "- &top\n  title: Loop\n  sections:\n  - *top\n"
ALIAS_BOMB = "- &a\n  local: index\n  title: Home\n- sections: [*a, *a, *a]\n  title: More\n"


@pytest.mark.parametrize("toctree", [ALIAS_CYCLE, ALIAS_BOMB], ids=["cycle", "repeated"])
@pytest.mark.parametrize(
    "command",
    [("build", "--source", "docs", "--out", "site"), ("lint", "docs"), ("status", "--source", "docs")],
    ids=["build", "lint", "status"],
)
def test_yaml_aliases_in_a_toctree_are_refused_by_every_command(tmp_path, toctree, command):
    _tree(tmp_path / "docs", {"en/_toctree.yml": toctree})
    stderr = _answered(_polydocs(tmp_path, *command))
    assert "docs/en/_toctree.yml:4: toctree YAML anchors and aliases" in stderr  # at the alias


def test_a_toctree_that_is_not_utf8_is_answered_at_its_line(tmp_path):
    _tree(tmp_path / "docs", {"en/_toctree.yml": b"- local: index\n  title: Caf\xe9\n"})
    stderr = _answered(_polydocs(tmp_path, "build", "--source", "docs", "--out", "site"))
    assert "docs/en/_toctree.yml:2: encoding not UTF-8" in stderr


def _damage_every_entry(folder: Path, content: object) -> int:
    entries = list(folder.rglob("*.json"))
    for entry in entries:
        entry.write_text(json.dumps(content), encoding="utf-8")
    return len(entries)


@pytest.mark.parametrize(
    "content",
    [
        {"html": 5, "toc": [], "warnings": [], "notebook": ""},
        {"html": "<p>x</p>", "toc": [{"level": "one"}], "warnings": [], "notebook": ""},
        [1, 2, 3],
        "text",
        None,
    ],
    ids=["html-number", "toc-wrong", "list", "string", "null"],
)
def test_damaged_cache_entries_are_discarded_and_made_again(tmp_path, content):
    _tree(tmp_path / "docs", {"en/guide.md": "# Guide\n\n```py\nx = 1\n```\n"})
    (tmp_path / "docs/en/_toctree.yml").write_text(TOC + "- local: guide\n  title: Guide\n")
    cache = tmp_path / "cache"
    env = {**os.environ, "POLYDOCS_CACHE": str(cache)}
    command = [sys.executable, "-m", "polydocs", "build", "--source", "docs", "--out", "site"]
    subprocess.run(command, cwd=tmp_path, env=env, check=True, capture_output=True)
    first = (tmp_path / "site/en/guide/index.html").read_text(encoding="utf-8")
    assert _damage_every_entry(cache / "site" / "pages", content) >= 2
    assert _damage_every_entry(cache / "site" / "search", content) >= 2
    # Without its published folder the language is built again (not carried over), reading the entries.
    shutil.rmtree(tmp_path / "site")
    again = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    assert (tmp_path / "site/en/guide/index.html").read_text(encoding="utf-8") == first
    for entry in (cache / "site" / "pages").glob("*.json"):
        assert json.loads(entry.read_text(encoding="utf-8")) != content


def test_damaged_api_name_list_is_listed_again(tmp_path, monkeypatch):
    from polydocs.sources.api_inventory import inventory

    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path))
    inventory._exported_names.cache_clear()
    names = inventory._exported_names("json")
    [remembered] = (tmp_path / "api").glob("json-*.json")
    for damage in ("{", "7", '{"a": 1}', "[1, 2]"):
        remembered.write_text(damage, encoding="utf-8")
        inventory._exported_names.cache_clear()
        assert inventory._exported_names("json") == names
    inventory._exported_names.cache_clear()


def test_an_unexpected_error_names_the_input_and_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ZeroDivisionError) as raised, reading(tmp_path / "es" / "guide.md", 12):
        1 / 0  # noqa: B018
    message = unexpected_error("build", raised.value)
    assert message.startswith(
        "polydocs build: es/guide.md:12: unexpected ZeroDivisionError: division by zero"
    )
    assert "polydocs --debug build" in message


def test_the_innermost_input_is_named(tmp_path):
    with pytest.raises(KeyError) as raised, reading("docs/en"), reading("docs/en/a.md", 3):
        raise KeyError("title")
    assert "docs/en/a.md:3: unexpected KeyError" in unexpected_error("lint", raised.value)


def test_the_command_line_answers_an_unexpected_error_and_debug_shows_the_traceback(
    tmp_path, monkeypatch, capsys
):
    from polydocs.site import build

    def broken(*args: object, **kwargs: object) -> None:
        with reading(tmp_path / "docs" / "en" / "index.md", 4):
            raise TypeError("unsupported operand")

    monkeypatch.setattr(build, "build_site", broken)
    monkeypatch.chdir(tmp_path)
    assert cli.main(["build"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("polydocs build: docs/en/index.md:4: unexpected TypeError: unsupported operand")
    handlers = list(logging.getLogger("polydocs").handlers)
    with pytest.raises(TypeError):
        cli.main(["--debug", "build"])
    # --debug's log handler is the command's: a later command of this process (a later test) writes no
    # debug lines into its own stderr, nor into this test's, which pytest has closed by then.
    assert logging.getLogger("polydocs").handlers == handlers


def test_an_error_made_with_a_bare_message_is_refused_rather_than_printed_a_character_a_line():
    with pytest.raises(TypeError, match="summary="):
        PolydocsError("the tree cannot be built")  # type: ignore[arg-type]
    problem = Diagnostic("docs/en/a.md", 3, "toctree", "no such page", "list it", "error")
    error = PolydocsError([problem], "the tree cannot be built")
    assert str(error) == f"the tree cannot be built\n{problem}"
    assert str(PolydocsError(summary="one line")) == "one line"
