"""`polydocs build`'s output folder: what it refuses, and that readers and the previous site never see a
half-made one (killed, failing and concurrent builds), through real `polydocs build` processes."""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, TypeVar

import pytest

from polydocs.site import output

REPO = Path(__file__).resolve().parents[2]
HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
T = TypeVar("T")


def _toc(*titles: str) -> str:
    entries = "".join(
        f"  - local: {local}\n    title: {title}\n"
        for local, title in zip(("index", "guide"), titles, strict=True)
    )
    return f"- sections:\n{entries}  title: Start\n"


TREE = {
    "en/_toctree.yml": _toc("Home", "Guide"),
    "en/index.md": HEADER + "# Home\n\nSee the [guide](./guide).\n",
    "en/guide.md": HEADER + "# Guide\n\nWord: compilation.\n",
    "es/_toctree.yml": _toc("Inicio", "Guía"),
    "es/index.md": HEADER + "# Inicio\n",
    "es/guide.md": HEADER + "# Guía\n\nPalabra: compilación.\n",
    "pt/_toctree.yml": _toc("Início", "Guia"),
    "pt/index.md": HEADER + "# Início\n",
    "pt/guide.md": HEADER + "# Guia\n\nPalavra: compilação.\n",
}


def _polydocs(*args: str | Path, cwd: Path, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **({"POLYDOCS_CACHE": str(cache)} if cache else {})}
    command = [sys.executable, "-m", "polydocs", *map(str, args)]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def _start_build(
    source: Path, out: Path, *extra: str, stderr: IO[bytes] | None = None
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "polydocs", "build", "--source", str(source), "--out", str(out), *extra]
    errors = stderr or subprocess.DEVNULL
    return subprocess.Popen(command, cwd=out.parent, stdout=subprocess.DEVNULL, stderr=errors)


def _contents(folder: Path) -> dict[str, bytes | str]:
    """Every file's bytes, folder and link target under `folder`, by relative path (links not followed)."""
    found: dict[str, bytes | str] = {}
    for root, folders, files in os.walk(folder):
        for name in folders + files:
            path = Path(root) / name
            key = path.relative_to(folder).as_posix()
            if path.is_symlink():
                found[key] = f"-> {os.readlink(path)}"
            else:
                found[key] = path.read_bytes() if path.is_file() else "folder"
    return found


def _poll(condition: Callable[[], T | None], what: str, process: subprocess.Popen[bytes] | None = None) -> T:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        assert process is None or process.poll() is None, f"polydocs exited with {process.returncode}"
        time.sleep(0.01)
    raise AssertionError(f"{what} did not happen within 180 s")


def _staging_folders(parent: Path) -> list[Path]:
    return sorted(parent.glob(".site-polydocs-staging.*"))


@pytest.fixture
def tree(write_tree):
    return write_tree(TREE)


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site of TREE built once; tests copy it (copytree) as "the previous site"."""
    root = tmp_path_factory.mktemp("built")
    for name, text in TREE.items():
        (root / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "docs" / name).write_text(text, encoding="utf-8")
    run = _polydocs("build", "--source", "docs", "--out", "site", cwd=root)
    assert run.returncode == 0, run.stderr
    return root / "site"


@pytest.fixture
def site(built_site: Path, tree: Path) -> Path:
    target = tree.parent / "site"
    shutil.copytree(built_site, target, symlinks=True)
    return target


# Each case: (what --out is, relative to tmp_path, made by `prepare`), a phrase of the refusal.
REFUSALS = {
    "out-is-the-source": ("docs", "is the source tree"),
    "out-inside-the-source": ("docs/en/site", "lies inside the source tree"),
    "source-inside-out": (".", "contains the source tree"),
    "out-is-a-link-to-the-source": ("link", "is the source tree"),
    "out-is-a-file": ("notes.txt", "is a file, not a folder"),
    "out-is-a-foreign-folder": ("photos", "is not empty and was not made by polydocs build"),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_an_output_that_could_destroy_input_is_refused_and_nothing_is_touched(case, tree, tmp_path):
    (tmp_path / "link").symlink_to(tree, target_is_directory=True)
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    (tmp_path / "photos").mkdir()
    (tmp_path / "photos" / "cat.jpg").write_bytes(b"\xff\xd8 not a site")
    before = _contents(tmp_path)
    out, phrase = REFUSALS[case]
    cache = tmp_path.parent / f"{tmp_path.name}-cache"
    run = _polydocs("build", "--source", "docs", "--out", out, cwd=tmp_path, cache=cache)
    assert run.returncode == 1
    assert phrase in run.stderr and "nothing was built or changed" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    assert _contents(tmp_path) == before
    assert not cache.exists()  # refused before the build started: it fills the cache first


def test_an_output_nobody_can_write_is_refused_before_building(tree, tmp_path):
    # Root writes anywhere chmod allows; the kernel itself refuses to create anything in /proc.
    cache = tmp_path / "cache"
    run = _polydocs("build", "--source", "docs", "--out", "/proc/polydocs-site", cwd=tmp_path, cache=cache)
    assert run.returncode == 1
    assert "/proc" in run.stderr and "choose an --out" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    assert not cache.exists()


def test_a_read_only_output_is_refused_with_what_to_do(tree, site, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    site.chmod(0o555)
    try:
        if os.access(locked, os.W_OK):
            pytest.skip("this user writes through chmod (root): the /proc test covers unwritable outputs")
        for out in [locked / "site", site]:
            run = _polydocs("build", "--source", "docs", "--out", out, cwd=tmp_path)
            assert run.returncode == 1
            assert "is read-only for this user; choose an --out you can write to" in run.stderr, run.stderr
    finally:
        locked.chmod(0o755)
        site.chmod(0o755)


def _worker_processes(out: Path) -> list[int]:
    """Processes whose command line names `out`: the build and the workers it forked."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                arguments = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if os.fsencode(out) in arguments:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the workers")
def test_a_killed_build_leaves_the_previous_site_and_the_next_build_clears_what_it_left(site, tmp_path):
    # docs_src with no cache: the languages take a while, so the build is killed with its workers busy.
    source = tmp_path / "big"
    shutil.copytree(REPO / "docs_src", source)
    before = _contents(site)
    build = _start_build(source, site, "--no-cache")
    try:
        staging = _poll(
            lambda: next((f for f in _staging_folders(tmp_path) if (f / "en").is_dir()), None),
            "a language written into the staging folder",
            build,
        )
    finally:
        build.send_signal(signal.SIGKILL)
        build.wait(timeout=60)
    assert _contents(site) == before
    assert staging.is_dir()
    _poll(lambda: not _worker_processes(site), "the killed build's workers ending")

    rerun = _polydocs("build", "--source", source, "--out", site, cwd=tmp_path)
    assert rerun.returncode == 0, rerun.stderr
    assert _staging_folders(tmp_path) == []
    assert "compile" in (site / "en" / "perf_torch_compile" / "index.html").read_text(encoding="utf-8")


def test_what_builds_before_this_layout_left_is_cleared_and_nothing_else(tree, site, tmp_path):
    older = tmp_path / ".site-build-a1b2c3d4"
    (older / "en").mkdir(parents=True)
    unrelated = tmp_path / ".site-build-notes"
    unrelated.mkdir()
    run = _polydocs("build", "--source", tree, "--out", site, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert not older.exists() and unrelated.is_dir()


BREAKAGES = {
    # A page that warns fails under --strict once every language has been built.
    "warning-under-strict": (
        "es/guide.md",
        HEADER + "# Guía\n\n[x](./nowhere)\n",
        "es/guide.md:5: link-missing",
    ),
    # A toctree that cannot be read fails before any language is built.
    "broken-toctree": (
        "es/_toctree.yml",
        "- sections:\n  - local: index\n   title: x\n",
        "es/_toctree.yml:3:",
    ),
}


@pytest.mark.parametrize("breakage", BREAKAGES)
def test_a_failing_build_leaves_the_previous_site_byte_identical(breakage, tree, site, tmp_path):
    before = _contents(site)
    page, text, message = BREAKAGES[breakage]
    (tree / page).write_text(text, encoding="utf-8")
    run = _polydocs("build", "--source", tree, "--out", site, "--strict", cwd=tmp_path)
    assert run.returncode == 1
    assert message in run.stderr, run.stderr
    assert _contents(site) == before
    assert _staging_folders(tmp_path) == []


def test_a_site_a_killed_fallback_switch_moved_aside_is_put_back(tree, built_site, tmp_path):
    # Where renameat2 is missing the switch is two renames; a build killed between them leaves this.
    aside = tmp_path / ".site-polydocs-previous.0123abcd"
    shutil.copytree(built_site, aside, symlinks=True)
    before = _contents(aside)
    (tree / "es" / "_toctree.yml").write_text("- sections: [\n", encoding="utf-8")
    run = _polydocs("build", "--source", tree, "--out", "site", cwd=tmp_path)
    assert run.returncode == 1
    assert _contents(tmp_path / "site") == before and not aside.exists()


def test_a_second_build_into_the_same_output_waits_for_the_first_and_says_so(tree, tmp_path):
    site = tmp_path / "site"
    log = tmp_path / "second.log"
    with log.open("wb") as errors, (tmp_path / ".site-polydocs.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build = _start_build(tree, site, stderr=errors)
        waiting = "waiting for it to finish"
        _poll(lambda: waiting in log.read_text(encoding="utf-8"), "the wait message", build)
        assert not site.exists()
        fcntl.flock(lock, fcntl.LOCK_UN)
        assert build.wait(timeout=300) == 0
    assert (site / "en" / "index.html").is_file()


def test_two_builds_at_once_into_one_output_both_end_with_a_whole_site(tree, built_site, tmp_path):
    site = tmp_path / "site"
    builds = [_start_build(tree, site), _start_build(tree, site)]
    assert [build.wait(timeout=300) for build in builds] == [0, 0]
    assert set(_contents(site)) == set(_contents(built_site))
    assert (site / output.MARKER).is_file() and _staging_folders(tmp_path) == []


def test_building_one_language_keeps_the_others_as_they_were(tree, site, tmp_path):
    (site / "CNAME").write_text("docs.example.org\n", encoding="utf-8")
    kept = {name: _contents(site / name) for name in ("en", "pt")}
    root_pages = {name: (site / name).read_bytes() for name in ("index.html", "404.html")}
    (tree / "es" / "guide.md").write_text(HEADER + "# Guía\n\nPalabra nueva.\n", encoding="utf-8")
    run = _polydocs("build", "--source", tree, "--out", site, "--lang", "es", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert {name: _contents(site / name) for name in ("en", "pt")} == kept
    assert {name: (site / name).read_bytes() for name in root_pages} == root_pages  # pt still linked
    assert (site / "CNAME").read_text(encoding="utf-8") == "docs.example.org\n"
    assert "Palabra nueva." in (site / "es" / "guide" / "index.html").read_text(encoding="utf-8")


READER = """
import pathlib, sys
page, stop, report = map(pathlib.Path, sys.argv[1:])
reads = misses = 0
report.with_suffix(".started").touch()
while not stop.exists():
    try:
        reads += len(page.read_bytes()) > 0
    except FileNotFoundError:
        misses += 1
report.write_text(f"{reads} {misses}")
"""


def test_a_reader_never_finds_a_page_missing_while_the_site_is_replaced(tree, site, tmp_path):
    report, stop = tmp_path / "reader.txt", tmp_path / "stop"
    page = site / "en" / "index.html"
    reader = subprocess.Popen([sys.executable, "-c", READER, str(page), str(stop), str(report)])
    try:
        _poll(lambda: report.with_suffix(".started").exists(), "the reader starting")
        for word in ("first", "second"):
            (tree / "en" / "index.md").write_text(HEADER + f"# Home\n\n{word} edit\n", encoding="utf-8")
            run = _polydocs("build", "--source", tree, "--out", site, cwd=tmp_path)
            assert run.returncode == 0, run.stderr
    finally:
        stop.touch()
        reader.wait(timeout=60)
    reads, misses = map(int, report.read_text().split())
    assert reads > 0 and misses == 0
    assert "second edit" in page.read_text(encoding="utf-8")
    assert site.is_dir() and not site.is_symlink()


def test_a_site_built_before_outputs_were_marked_is_adopted_and_marked(tree, built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site, site, symlinks=True)
    (site / output.MARKER).unlink()
    run = _polydocs("build", "--source", tree, "--out", site, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert (site / output.MARKER).is_file()


def test_without_an_atomic_exchange_the_folder_is_replaced_in_two_renames(tmp_path, monkeypatch):
    old, new = tmp_path / "site", tmp_path / "new"
    (old / "en").mkdir(parents=True)
    (old / "en" / "index.html").write_text("old", encoding="utf-8")
    (new / "en").mkdir(parents=True)
    (new / "en" / "index.html").write_text("new", encoding="utf-8")
    monkeypatch.setattr(output, "_exchange", lambda first, second: False)
    output.replace_folder(new, old)
    assert (old / "en" / "index.html").read_text(encoding="utf-8") == "new"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["site"]
