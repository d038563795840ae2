"""build, lint, serve and check run at once on one tree and one cache (`POLYDOCS_CACHE`), as a maintainer
runs `make serve` while `make lint` and `make check` run in other terminals, or as CI jobs share a cache:
each succeeds with what it gives alone. Every command starts with the cache empty, so each computes and
writes the same entries as the others at the same moment."""

from __future__ import annotations

import difflib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: guide\n    title: Guide\n  title: S\n"
GUIDE = (
    "# Guide\n\nAdd two numbers:\n\n```py\nprint(1 + 1)\n```\n\n"
    "## Versions\n\n[[autodoc]] packaging.version.Version\n"
)
_RULE = re.compile(r"={2,}")
_PADDING = re.compile(r" {2,}")
_DURATION = re.compile(r"\d+\.\d+(?: ?s\b)?|\d+ ?s\b")


def _tree(root: Path) -> Path:
    tree = root / "docs"
    (tree / "en").mkdir(parents=True)
    (tree / "en" / "_toctree.yml").write_text(TOC, encoding="utf-8")
    (tree / "en" / "index.md").write_text(HEADER + "# Home\n\nWelcome.\n", encoding="utf-8")
    (tree / "en" / "guide.md").write_text(HEADER + GUIDE, encoding="utf-8")
    # A small installed library to document: the builds make its autodoc slice in the cache too.
    (tree / "polydocs.yml").write_text("library: packaging\n", encoding="utf-8")
    return tree


def _polydocs(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "polydocs", *arguments]


def _commands(tree: Path, out: Path) -> dict[str, list[str]]:
    return {
        "build": _polydocs("build", "--source", str(tree), "--out", str(out / "site")),
        "lint": _polydocs("lint", str(tree)),
        "check": _polydocs("check", str(tree)),
    }


def _environment(cache: Path) -> dict[str, str]:
    return {**os.environ, "POLYDOCS_CACHE": str(cache)}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read().decode("utf-8")
    except OSError:
        return 0, ""


def _served_page(tree: Path, cache: Path, log: Path) -> tuple[int, str]:
    """`polydocs serve` started beside the other commands, asked for the guide until it is built, stopped."""
    port = _free_port()
    command = _polydocs("serve", "--source", str(tree), "--port", str(port))
    with log.open("w", encoding="utf-8") as output:
        server = subprocess.Popen(
            command,
            cwd=tree.parent,
            env=_environment(cache),
            stdout=output,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline and server.poll() is None:
                status, page = _fetch(f"http://127.0.0.1:{port}/en/guide/")
                if status not in (0, 503):  # 503: the page saying the language is being built
                    return status, page
                time.sleep(0.1)
            return 0, log.read_text(encoding="utf-8")
        finally:
            server.terminate()
            server.wait(timeout=60)


def _normalized(text: str, out: Path) -> str:
    """`text` without what differs between two runs alone: durations, and the rules and columns padded
    to their width."""
    timeless = _DURATION.sub("<duration>", text.replace(str(out), "<out>"))
    return _PADDING.sub(" ", _RULE.sub("==", timeless))


def _site(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def alone(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, dict[str, subprocess.CompletedProcess[str]]]:
    """The tree, and each command's result run on its own (one after the other, on a cache of their own)."""
    root = tmp_path_factory.mktemp("concurrent")
    tree = _tree(root)
    out = root / "alone"
    results = {
        name: subprocess.run(
            command,
            cwd=root,
            env=_environment(root / "cache-alone"),
            capture_output=True,
            text=True,
            timeout=600,
        )
        for name, command in _commands(tree, out).items()
    }
    return tree, results


def test_build_lint_serve_and_check_at_once_on_one_cache_give_what_each_gives_alone(alone, tmp_path) -> None:
    tree, expected = alone
    assert {name: result.returncode for name, result in expected.items()} == {
        "build": 0,
        "lint": 0,
        "check": 0,
    }
    cache = tmp_path / "cache"
    out = tree.parent / "together"
    running = {
        name: subprocess.Popen(
            command,
            cwd=tree.parent,
            env=_environment(cache),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, command in _commands(tree, out).items()
    }
    status, page = _served_page(tree, cache, tmp_path / "serve.log")
    finished = {name: process.communicate(timeout=600) for name, process in running.items()}
    for name, (stdout, stderr) in finished.items():
        assert running[name].returncode == 0, f"{name} failed at once:\n{stdout}\n{stderr}"
        alone_out = tree.parent / "alone"
        for stream, alone_text in ((stdout, expected[name].stdout), (stderr, expected[name].stderr)):
            given, wanted = _normalized(stream, out), _normalized(alone_text, alone_out)
            difference = difflib.unified_diff(wanted.splitlines(), given.splitlines(), "alone", "at once")
            assert given == wanted, f"{name} said otherwise at once:\n" + "\n".join(difference)
    assert _site(out / "site") == _site(tree.parent / "alone" / "site")
    assert status == 200 and "Add two numbers" in page and 'id="packaging.version.Version"' in page, page[
        -2000:
    ]
