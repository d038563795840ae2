"""`polydocs serve` end to end: edits (good and broken) reaching the served pages. Which pages an edit
renders again: `test_edit_reach.py`; that they end as a full build: `test_live_language.py`."""

from __future__ import annotations

import contextlib
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _served(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except urllib.error.HTTPError as error:  # an error page is served too
        with error:
            return str(error.read().decode("utf-8"))
    except OSError:
        return ""


def _wait_until_served(url: str, text: str, seconds: float, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert server.poll() is None, f"polydocs serve exited with {server.returncode}"
        if text in _served(url):
            return
        time.sleep(0.05)
    raise AssertionError(f"{text!r} was not served at {url} within {seconds} s")


@contextlib.contextmanager
def _serving(
    log: Path, *arguments: str, cwd: Path | None = None
) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """`polydocs serve ARGUMENTS --port P` running, its output in `log`; stopped on leaving. Yields it, P."""
    port = _free_port()
    command = [sys.executable, "-m", "polydocs", "serve", *arguments, "--port", str(port)]
    with log.open("w", encoding="utf-8") as output:
        server = subprocess.Popen(command, cwd=cwd, stdout=output, stderr=subprocess.STDOUT, text=True)
        try:
            yield server, port
        finally:
            server.terminate()
            server.wait(timeout=30)


def test_an_edited_page_is_served_again_with_its_new_text(tmp_path):
    source = tmp_path / "docs"
    shutil.copytree(REPO / "docs_src", source)
    log = tmp_path / "serve.log"
    with _serving(log, "--source", str(source)) as (server, port):
        url = f"http://127.0.0.1:{port}/es/perf_torch_compile/"
        _wait_until_served(url, '<html lang="es"', 180, server)
        page = source / "es" / "perf_torch_compile.md"
        page.write_text(page.read_text(encoding="utf-8") + "\npalabraeditada\n", encoding="utf-8")
        _wait_until_served(url, "palabraeditada", 60, server)
    rebuilt = [line for line in log.read_text(encoding="utf-8").splitlines() if "rebuilt in" in line]
    assert rebuilt and all("es/perf_torch_compile.md" in line for line in rebuilt), rebuilt


def test_served_from_a_relative_source_an_edit_shows_a_broken_toctree_shows_its_error_and_a_fix_recovers(
    tmp_path,
):
    # As `make serve` runs it: the default `--source docs_src`, relative to the working directory.
    shutil.copytree(REPO / "docs_src", tmp_path / "docs_src")
    with _serving(tmp_path / "serve.log", cwd=tmp_path) as (server, port):
        spanish, english = (f"http://127.0.0.1:{port}/{lang}/perf_torch_compile/" for lang in ("es", "en"))
        _wait_until_served(spanish, '<html lang="es"', 180, server)
        page = tmp_path / "docs_src" / "es" / "perf_torch_compile.md"
        page.write_text(page.read_text(encoding="utf-8") + "\npalabraeditada\n", encoding="utf-8")
        _wait_until_served(spanish, "palabraeditada", 60, server)

        toctree = tmp_path / "docs_src" / "es" / "_toctree.yml"
        good = toctree.read_text(encoding="utf-8")
        toctree.write_text("- sections:\n  - local: index\n   title: Roto\n", encoding="utf-8")
        _wait_until_served(spanish, "docs_src/es/_toctree.yml:3: toctree invalid YAML", 60, server)
        error_page = _served(spanish)
        assert "livereload" in error_page  # the browser reloads it when the fix is built
        assert '<html lang="en"' in _served(english) and "did not build" not in _served(english)

        toctree.write_text(good, encoding="utf-8")
        _wait_until_served(spanish, '<html lang="es"', 60, server)
        assert "palabraeditada" in _served(spanish)


def test_an_english_edit_marks_its_translations_outdated_and_an_added_page_is_served(tmp_path):
    source = tmp_path / "docs"
    shutil.copytree(REPO / "docs_src", source)
    with _serving(tmp_path / "serve.log", "--source", str(source)) as (server, port):
        spanish = f"http://127.0.0.1:{port}/es/perf_torch_compile/"
        _wait_until_served(spanish, '<html lang="es"', 180, server)
        assert "Traducción desactualizada" not in _served(spanish)
        # The lock records the Spanish page as translating this English page as it was.
        english = source / "en" / "perf_torch_compile.md"
        english.write_text(english.read_text(encoding="utf-8") + "\nA new sentence.\n", encoding="utf-8")
        _wait_until_served(spanish, "Traducción desactualizada", 60, server)

        (source / "es" / "nueva.md").write_text("# Página nueva\n\npalabranueva\n", encoding="utf-8")
        _wait_until_served(f"http://127.0.0.1:{port}/es/nueva/", "palabranueva", 60, server)


def test_serve_answers_before_every_language_is_built_and_a_waiting_language_says_it_is_building(tmp_path):
    source = tmp_path / "docs"
    shutil.copytree(REPO / "docs_src", source)
    log = tmp_path / "serve.log"
    with _serving(log, "--source", str(source)) as (server, port):
        portuguese = f"http://127.0.0.1:{port}/pt/perf_torch_compile/"
        # English is built first: Portuguese answers the building page, which reloads itself.
        _wait_until_served(portuguese, "Building the pages of pt", 180, server)
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(portuguese, timeout=5)
        with answer.value as building:
            assert building.code == 503 and building.headers["Retry-After"] == "1"
            assert '<meta http-equiv="refresh" content="1">' in building.read().decode("utf-8")

        english = f"http://127.0.0.1:{port}/en/perf_torch_compile/"
        _wait_until_served(english, '<html lang="en"', 180, server)  # previewed first (below)
        _wait_until_served_log(log, "built en", 180, server)
        said = log.read_text(encoding="utf-8")
        assert "languages built in" not in said, said

        # Asked for, Portuguese is built before Spanish, then served for real.
        _wait_until_served(portuguese, '<html lang="pt"', 180, server)
        _wait_until_served_log(log, "all 3 languages built", 180, server)
        lines = log.read_text(encoding="utf-8").splitlines()
        built = [line.split()[2] for line in lines if line.startswith("INFO built ")]
        assert built == ["en", "pt", "es"], built

        # Reading the tree is no change: no rebuild was asked for, no request held behind one.
        assert "Detected file changes" not in log.read_text(encoding="utf-8")
        page = source / "es" / "perf_torch_compile.md"
        page.write_text(page.read_text(encoding="utf-8") + "\npalabraeditada\n", encoding="utf-8")
        _wait_until_served(f"http://127.0.0.1:{port}/es/perf_torch_compile/", "palabraeditada", 60, server)
    said = log.read_text(encoding="utf-8")
    assert "docs/en: mkdocs" not in said  # the server's request log is no build warning


def test_an_edit_while_its_language_waits_is_in_that_languages_first_build(tmp_path):
    source = tmp_path / "docs"
    shutil.copytree(REPO / "docs_src", source)
    page = source / "es" / "perf_torch_compile.md"
    with _serving(tmp_path / "serve.log", "--source", str(source), "--lang", "pt") as (server, port):
        spanish = f"http://127.0.0.1:{port}/es/perf_torch_compile/"
        _wait_until_served(spanish, "Building the pages of es", 180, server)
        page.write_text(page.read_text(encoding="utf-8") + "\npalabraeditada\n", encoding="utf-8")
        _wait_until_served(spanish, "palabraeditada", 180, server)


def test_the_page_a_writer_opens_is_built_alone_first_and_is_the_page_its_languages_build_serves(tmp_path):
    source = tmp_path / "docs"
    shutil.copytree(REPO / "docs_src", source)
    log = tmp_path / "serve.log"
    with _serving(log, "--source", str(source), "--lang", "es") as (server, port):
        url = f"http://127.0.0.1:{port}/es/perf_torch_compile/"
        _wait_until_served(url, "Building the pages of es", 180, server)  # asked as a browser opened
        _wait_until_served(url, '<html lang="es"', 180, server)
        first = _served(url)
        _wait_until_served_log(log, "all 3 languages built", 300, server)
        assert _without_reload_stamps(_served(url)) == _without_reload_stamps(first)
    _logged_before(log, "previewed es/perf_torch_compile.md", "INFO built es ")


def _logged_before(log: Path, first: str, then: str) -> str:
    """The first line of serve's log holding `first`, which must come before any line starting `then`."""
    lines = log.read_text(encoding="utf-8").splitlines()
    firsts = [at for at, line in enumerate(lines) if first in line]
    thens = [at for at, line in enumerate(lines) if line.startswith(then)]
    assert firsts and thens and firsts[0] < thens[0], lines
    return lines[firsts[0]]


def _without_reload_stamps(page: str) -> str:
    """The page less its live-reload call, whose arguments are the server's epoch and the request's time."""
    return re.sub(r"livereload\(\d+, \d+\)", "", page)


def _wait_until_served_log(log: Path, text: str, seconds: float, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert server.poll() is None, f"polydocs serve exited with {server.returncode}"
        if text in log.read_text(encoding="utf-8"):
            return
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not in serve's output within {seconds} s")


def _many_spanish_pages(source: Path, count: int) -> None:
    """`count` more Spanish pages, listed in its toctree: a full build of Spanish that takes a while."""
    toctree = source / "es" / "_toctree.yml"
    entries = "".join(f"  - local: extra/p{n}\n    title: Página {n}\n" for n in range(count))
    toctree.write_text(toctree.read_text(encoding="utf-8") + f"- sections:\n{entries}  title: Más\n")
    (source / "es" / "extra").mkdir()
    for n in range(count):
        text = f"# Página {n}\n\nUn párrafo con `código` y un [enlace](../index).\n\n```py\nprint({n})\n```\n"
        (source / "es" / "extra" / f"p{n}.md").write_text(text, encoding="utf-8")


def test_a_page_asked_for_while_its_language_is_built_is_previewed_beside_that_build(tmp_path):
    source = tmp_path / "docs"
    shutil.copytree(REPO / "docs_src", source)
    _many_spanish_pages(source, 250)
    log = tmp_path / "serve.log"
    with _serving(log, "--source", str(source), "--lang", "es") as (server, port):
        first = f"http://127.0.0.1:{port}/es/perf_torch_compile/"
        _wait_until_served(first, '<html lang="es"', 180, server)  # previewed before the build
        _wait_until_served_log(log, "building es", 180, server)
        # Opened once Spanish's full build has begun: previewed beside it, served before it ends.
        second = f"http://127.0.0.1:{port}/es/torch_compile/"
        _wait_until_served(second, '<html lang="es"', 300, server)
        previewed = _served(second)
        _wait_until_served_log(log, "all 3 languages built", 300, server)
        assert _without_reload_stamps(_served(second)) == _without_reload_stamps(previewed)
    assert "beside the build of es" in _logged_before(log, "previewed es/torch_compile.md", "INFO built es ")
