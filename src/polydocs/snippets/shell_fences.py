"""What a page's shell fences make, read without running them, and made in the session where the
checker knows the files.

A shell fence is read for what it makes (`shell_made`). What the checker can make as the command would,
the session's child makes before the blocks after the fence run: a Hub model repository cloned or
downloaded is a copy of its stand-in, `mkdir` an empty folder; the library then decides from the files
present, as it would after the command (`from_pretrained("org/name")` after `git clone .../org/name`
looks for a folder `org/name` in the clone, finds none and loads from the Hub). Only what it cannot make
(a GitHub clone, a downloaded archive) stays a path pattern (`written_files.py`): a block reading it is
blocked, not the page's failure.
"""

from __future__ import annotations

import shlex
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from polydocs.snippets.protocol import ShellMade
from polydocs.snippets.written_files import normal_path, says_something

if TYPE_CHECKING:
    from polydocs.snippets.sessions import Session

_SHELL_LANGUAGES = frozenset({"bash", "sh", "shell", "console", "zsh"})


def shell_made_before(session: Session) -> tuple[ShellMade, ...]:
    """What the page's shell fences before the session's last block make, in page order: the checker
    runs no shell command, so the child makes what it can as the command would (a Hub repository's
    clone from its stand-in, `mkdir`'s empty folder) and a block reading the rest is blocked (child.py)."""
    # Here, not at the top: the session's child imports this module and never reads a page.
    from polydocs.snippets.regions import extract_regions

    last = session.regions[-1].start_line
    return tuple(
        replace(made, line=region.start_line)
        for region in extract_regions(session.path)
        if is_shell(region.language) and region.start_line < last
        for made in shell_made(region.code)
    )


def shell_made(command_text: str) -> list[ShellMade]:
    """What the shell commands of a fence make: `git clone URL [DIR]`, `wget` (`-O FILE`, `-P DIR`),
    `curl -o FILE` / `-O`, `mkdir`, `hf download REPO ... --local-dir DIR`, `unzip ... -d DIR`, each path
    once (line 0: the caller places it). Notebook (`!git clone`) and prompt (`$ git clone`) prefixes are
    read too."""
    found: dict[str, ShellMade] = {}
    for raw in command_text.replace("\\\n", " ").splitlines():
        text = raw.strip().removeprefix("$").removeprefix("!").removeprefix("%").strip()
        try:
            words = shlex.split(text, comments=True)
        except ValueError:
            continue
        for command in _commands(words):
            for made in _made_by(command):
                path = normal_path(made.path)
                if says_something(path) and path not in found:
                    found[path] = replace(made, path=path)
    return list(found.values())


def is_shell(language: str) -> bool:
    return language in _SHELL_LANGUAGES


def _commands(words: list[str]) -> Iterator[list[str]]:
    current: list[str] = []
    for word in words:
        if word in ("&&", "||", ";", "|"):
            yield current
            current = []
        else:
            current.append(word)
    yield current


def _made_by(words: list[str]) -> list[ShellMade]:
    words = [w for w in words if w != "sudo"]
    if not words:
        return []
    program, arguments = words[0], words[1:]
    plain = [w for w in arguments if not w.startswith("-")]
    if program == "git" and plain[:1] == ["clone"] and len(plain) >= 2:
        into = plain[2] if len(plain) > 2 else _last_part(plain[1]).removesuffix(".git")
        return [ShellMade(0, into, repository=_hub_repository(plain[1]))]
    if program == "mkdir":
        return [ShellMade(0, path, empty_folder=True) for path in plain]
    if program in ("wget", "curl"):
        named = _option(arguments, "-O" if program == "wget" else "-o") or _option(arguments, "--output")
        folder = _option(arguments, "-P") or _option(arguments, "--directory-prefix")
        urls = [w for w in plain if "://" in w]
        if named or folder:
            return [ShellMade(0, named or folder or "")]
        if urls and (program == "wget" or "-O" in arguments or "--remote-name" in arguments):
            return [ShellMade(0, _last_part(urls[0].split("?")[0]))]
        return []
    if program in ("hf", "huggingface-cli") and plain[:1] == ["download"]:
        return _downloaded(arguments, plain[1:])
    if program == "unzip":
        unpacked = _option(arguments, "-d")
        return [ShellMade(0, unpacked)] if unpacked else []
    return []


def _downloaded(arguments: list[str], plain: list[str]) -> list[ShellMade]:
    """`hf download REPO [FILES] --local-dir DIR`: DIR, holding the model repository REPO's files (only
    some of them where FILES are named: then what it holds is not known here)."""
    into = _option(arguments, "--local-dir")
    kind = _option(arguments, "--repo-type") or "model"
    values = {into, kind, _option(arguments, "--revision")}
    named = [word for word in plain if word not in values]
    whole = len(named) == 1 and kind == "model" and "/" in named[0]
    repository = named[0] if whole else ""
    return [ShellMade(0, into, repository=repository)] if into else []


def _hub_repository(url: str) -> str:
    """`org/name` of a model repository's clone URL on the Hub (`https://huggingface.co/org/name`);
    empty for anything else (a dataset or Space repository, another host)."""
    parts = urlsplit(url)
    names = [part for part in parts.path.removesuffix(".git").split("/") if part]
    on_hub = parts.hostname in ("huggingface.co", "hf.co") and len(names) == 2
    return "/".join(names) if on_hub and names[0] not in ("datasets", "spaces") else ""


def _option(arguments: list[str], flag: str) -> str | None:
    for index, word in enumerate(arguments):
        if word == flag and index + 1 < len(arguments):
            return arguments[index + 1]
        if word.startswith(flag + "="):
            return word.split("=", 1)[1]
    return None


def _last_part(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1]


def make_as_the_shell_would(made: ShellMade) -> bool:
    """Make, in the session's working folder, what a shell fence of the page makes, where its files are
    known: a Hub repository's clone (a copy of its stand-in), `mkdir`'s empty folder. False where they are
    not (another host's clone, a download): a block reading it is then blocked, not the page's failure."""
    path = Path(made.path)
    if path.is_absolute() or ".." in path.parts or not (made.made_from or made.empty_folder):
        return False
    try:
        if made.made_from:
            shutil.copytree(made.made_from, path, dirs_exist_ok=True)
        else:
            path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return True
