"""The command line imports the module of the command it runs and no other, and says the same as when it
imported every command's."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from polydocs.cli import build_parser, command_modules
from two_page_site import HEADER, TOC

REPO = Path(__file__).resolve().parents[2]
# Modules of other commands' implementations, none of which `polydocs build` needs (it renders benchmark
# results with `polydocs.bench.render`, but runs no benchmark).
NOT_FOR_BUILD = (
    "polydocs.lint.rules",
    "polydocs.lint.command",
    "polydocs.lint.runner",
    "polydocs.bench.command",
    "polydocs.bench.matrix",
    "polydocs.bench.runner",
    "polydocs.snippets.command",
    "polydocs.snippets.report",
    "polydocs.translate",
    "polydocs.init",
)


def _polydocs(*arguments: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src"), "COLUMNS": "100"}
    command = [sys.executable, "-m", "polydocs", *arguments]
    return subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, check=False)


def _full_help(path: list[str], monkeypatch: pytest.MonkeyPatch) -> str:
    """The help of the parser at `path` (`[]`, `["lint"]`, `["bench", "compile"]`) in the parser of
    every command, as the command line built it before it imported only the command it runs."""
    monkeypatch.setenv("COLUMNS", "100")
    parser = build_parser(None)
    for name in path:
        parser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[name]
    return parser.format_help()


@pytest.mark.parametrize(
    "path",
    [
        *([], ["build"], ["serve"], ["check"], ["lint"], ["status"], ["bench"], ["translate"], ["init"]),
        *(["bench", "compile"], ["bench", "merge"]),
    ],
)
def test_each_help_is_the_one_of_the_parser_of_every_command(
    path: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = _polydocs(*path, "--help")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == _full_help(path, monkeypatch)


def test_an_unknown_command_is_refused_with_every_command_named() -> None:
    refused = _polydocs("bogus")
    assert refused.returncode == 2
    named = "'build', 'serve', 'check', 'lint', 'status', 'bench', 'translate', 'init', 'ci'"
    assert f"invalid choice: 'bogus' (choose from {named})" in refused.stderr


def test_a_command_line_needs_only_the_module_of_its_command() -> None:
    assert command_modules(["--debug", "lint", "docs_src", "--rule", "links"]) == ["polydocs.lint.command"]
    assert command_modules(["status"]) == ["polydocs.lint.command"]
    assert len(command_modules(["--version"])) == len(command_modules(None)) == 7


def test_build_imports_no_other_command(tmp_path: Path) -> None:
    source = tmp_path / "docs"
    for lang in ("en", "es"):
        (source / lang).mkdir(parents=True)
        (source / lang / "_toctree.yml").write_text(TOC, encoding="utf-8")
        for page in ("index", "guide"):
            (source / lang / f"{page}.md").write_text(f"{HEADER}# {page} {lang}\n\nText.\n", encoding="utf-8")
    listed = tmp_path / "modules.txt"
    script = (
        "import pathlib, sys\nfrom polydocs.cli import main\n"
        f"code = main(['build', '--source', {str(source)!r}, '--out', {str(tmp_path / 'site')!r}])\n"
        f"pathlib.Path({str(listed)!r}).write_text(f'{{code}}\\n' + '\\n'.join(sorted(sys.modules)))\n"
    )
    environment = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    ran = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True, check=True
    )
    code, *modules = listed.read_text().split("\n")
    assert code == "0", ran.stderr
    assert (tmp_path / "site" / "es" / "guide" / "index.html").is_file()
    assert "polydocs.site.command" in modules and "polydocs.site.staged_build" in modules
    imported = [name for name in modules if name.startswith(NOT_FOR_BUILD)]
    assert imported == []


def test_every_option_of_every_command_says_what_it_does():
    import argparse

    from polydocs.cli import build_parser

    undescribed = []

    def walk(parser: argparse.ArgumentParser, command: str) -> None:
        # argparse lists a parser's arguments only in `_actions`; it has no public way to walk them.
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, f"{command} {name}")
            elif action.help != argparse.SUPPRESS and not (action.help or "").strip():
                undescribed.append(f"{command} {'/'.join(action.option_strings) or action.dest}")

    walk(build_parser([]), "polydocs")
    assert undescribed == []


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    # argparse lists a parser's arguments only in `_actions`; it has no public way to walk them.
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_command_line_of_the_readme_names_the_options_its_command_requires():
    """README's table of commands is what a newcomer copies: a line that leaves out a required option
    (`bench compile` without `--out`) fails as written."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    lines = [line for line in readme.split("\n## Commands\n", 1)[1].splitlines() if line.startswith("| `")]
    missing = []
    for row in lines:
        for usage in re.findall(r"`(polydocs [^`]+)`", row.split(" | ")[0]):
            parser, words = build_parser([]), usage.split()[1:]
            while words and words[0] in _subparsers(parser):
                parser = _subparsers(parser)[words.pop(0)]
            required = [
                action.option_strings[0]
                for action in parser._actions
                if action.required and action.option_strings
            ]
            missing += [f"{usage}: {option}" for option in required if option not in words]
    assert lines and not missing, "\n".join(missing)
