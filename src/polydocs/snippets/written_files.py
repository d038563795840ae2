"""Files a block writes and files a statement reads, found by reading code (and shell commands).

A block that is not run (blocked, a fragment) leaves undone what it would have bound *and* the files it
would have written: a later block reading `tokenizer.json`, the images the training loop saves or the
folder a shell fence's `git clone` makes fails because of that block, not because of the page. Paths are
*patterns*: the literal parts of a string, f-string, `os.path.join(...)` or `Path(...) / ...`, with `*`
for every part known only when the code runs (`f"{config.output_dir}/samples/{epoch}.png"` is
`*/samples/*.png`). A pattern with no literal part worth the name (`*`, `save_pretrained(output_dir)`
with `output_dir` known only at run time) says nothing and is left out.

What counts as writing: a call named `save*`, `to_csv`/`to_json`/`to_parquet`/..., `write_text`,
`write_bytes`, `savefig`, `makedirs`/`mkdir`, and `open(path, mode)` with a writing mode, in the block's
top-level code and in the page's functions it names (`notebook_launcher(train_loop, ...)` runs
`train_loop`, which calls `evaluate`, which saves the images). What counts as reading: any path pattern a
statement holds. Two patterns meet when one, its `*` taken as any text, holds the other or a path below it.

A shell fence is read for what it makes (`shell_made`). What the checker can make as the command would,
the session's child makes before the blocks after the fence run: a Hub model repository cloned or
downloaded is a copy of its stand-in, `mkdir` an empty folder; the library then decides from the files
present, as it would after the command (`from_pretrained("org/name")` after `git clone .../org/name`
looks for a folder `org/name` in the clone, finds none and loads from the Hub). Only what it cannot make
(a GitHub clone, a downloaded archive) stays a pattern, read as above.
"""

from __future__ import annotations

import ast
import re
import shlex
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from polydocs.snippets.protocol import ShellMade

if TYPE_CHECKING:
    from polydocs.snippets.sessions import Session

Functions = Mapping[str, ast.FunctionDef | ast.AsyncFunctionDef]

_WRITING_CALLS = re.compile(
    r"save\w*|to_(?:csv|json|parquet|excel|pickle|feather|sql|hdf|markdown)|write_(?:text|bytes)|"
    r"savefig|makedirs|mkdir|export\w*"
)
_WRITING_MODE = re.compile(r"[wax+]")
_PATH_CALLS = {"join", "Path", "PurePath", "PosixPath"}
_SHELL_LANGUAGES = frozenset({"bash", "sh", "shell", "console", "zsh"})
_WILD = "*"


def page_functions(codes: Iterable[str]) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """The functions the codes define at their top level, by name (a later definition wins)."""
    found: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for code in codes:
        tree = _parse(code)
        for statement in tree.body if tree else ():
            if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                found[statement.name] = statement
    return found


def written_paths(code: str, functions: Functions) -> set[str]:
    """The path patterns `code` writes when it runs, its calls of the page's `functions` included."""
    tree = _parse(code)
    if tree is None:
        return set()
    found: set[str] = set()
    strings = _string_names(tree.body)
    pending = [(statement, strings) for statement in tree.body]
    seen: set[str] = set()
    while pending:
        node, known = pending.pop()
        for inner in _outside_definitions(node):
            if isinstance(inner, ast.Call):
                found |= _written_by(inner, known)
            if isinstance(inner, ast.Name) and inner.id in functions and inner.id not in seen:
                seen.add(inner.id)  # a page function the code calls or hands on (to a launcher)
                body = functions[inner.id].body
                pending += [(statement, {**strings, **_string_names(body)}) for statement in body]
    return {pattern for pattern in found if _says_something(pattern)}


def read_path(code: str, line: int, patterns: Iterable[str]) -> str | None:
    """The first of `patterns` the top-level statement holding `line` of `code` (1-based) reads, if any."""
    tree = _parse(code)
    for statement in tree.body if tree else ():
        if statement.lineno <= line <= (statement.end_lineno or statement.lineno):
            return statement_reads(statement, patterns, string_names(code))
    return None


def statement_reads(statement: ast.AST, patterns: Iterable[str], strings: Mapping[str, str]) -> str | None:
    """The first of `patterns` that a path `statement` holds meets."""
    held = [p for p in _paths_in(statement, strings) if _says_something(p)]
    return next((pattern for pattern in patterns if any(meet(pattern, p) for p in held)), None)


def string_names(code: str) -> dict[str, str]:
    """Names `code` binds at its top level to a path (`output_dir = "my-model"`) -> its pattern."""
    tree = _parse(code)
    return _string_names(tree.body) if tree else {}


def meet(written: str, read: str) -> bool:
    """Whether the path `read` is `written`, or lies below it, or holds it (a folder the reader lists)."""
    a, b = _normal(written), _normal(read)
    return bool(_regex(a).fullmatch(b.replace(_WILD, "x")) or _regex(b).fullmatch(a.replace(_WILD, "x")))


def shell_made_before(session: Session) -> tuple[ShellMade, ...]:
    """What the page's shell fences before the session's last block make, in page order: the checker
    runs no shell command, so the child makes what it can as the command would (a Hub repository's
    clone from its stand-in, `mkdir`'s empty folder) and a block reading the rest is blocked (child.py)."""
    # Here, not at the top: the session's child imports this module, and never reads a page.
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
                path = _normal(made.path)
                if _says_something(path) and path not in found:
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


def _written_by(call: ast.Call, strings: Mapping[str, str]) -> set[str]:
    function = call.func
    name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    if name == "open":
        mode = call.args[1] if len(call.args) > 1 else _keyword(call, "mode")
        if not (isinstance(mode, ast.Constant) and isinstance(mode.value, str)):
            return set()
        if not _WRITING_MODE.search(mode.value) or not call.args:
            return set()
        return {_pattern(call.args[0], strings)}
    if not _WRITING_CALLS.fullmatch(name):
        return set()
    arguments = [*call.args, *(k.value for k in call.keywords)]
    if isinstance(function, ast.Attribute) and name in ("mkdir", "write_text", "write_bytes"):
        arguments.append(function.value)  # `Path("out").mkdir()`: the path is the object
    return {_pattern(a, strings) for a in arguments if _is_path_like(a)}


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def _is_path_like(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr | ast.Name):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return True
    return isinstance(node, ast.Call) and _call_name(node) in _PATH_CALLS


def _paths_in(node: ast.AST, strings: Mapping[str, str]) -> Iterator[str]:
    """The path patterns an expression or statement holds (outermost ones: not an f-string's parts)."""
    if (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr):
        pattern = _pattern(node, strings)
        if "://" not in pattern and "\n" not in pattern:  # a URL or a text is no file of the page
            yield pattern
        return
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in strings:
        yield strings[node.id]
        return
    if isinstance(node, ast.Call) and _call_name(node) in _PATH_CALLS and node.args:
        yield _pattern(node, strings)
        return
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        yield _pattern(node, strings)
        return
    for child in ast.iter_child_nodes(node):
        yield from _paths_in(child, strings)


def _pattern(node: ast.AST, strings: Mapping[str, str]) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            _pattern(v.value, strings) if isinstance(v, ast.FormattedValue) else _pattern(v, strings)
            for v in node.values
        )
    if isinstance(node, ast.Name):
        return strings.get(node.id, _WILD)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return f"{_pattern(node.left, strings)}/{_pattern(node.right, strings)}"
    if isinstance(node, ast.Call) and _call_name(node) in _PATH_CALLS and node.args:
        return "/".join(_pattern(a, strings) for a in node.args)
    return _WILD


def _call_name(call: ast.Call) -> str:
    function = call.func
    return function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")


def _string_names(body: list[ast.stmt]) -> dict[str, str]:
    found: dict[str, str] = {}
    for statement in body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
            if isinstance(target, ast.Name) and _is_path_like(value) and not isinstance(value, ast.Name):
                found[target.id] = _pattern(value, found)
    return found


def _outside_definitions(node: ast.AST) -> Iterator[ast.AST]:
    """`node` and what it holds, but not the bodies of the functions and classes it defines (they run
    when called: a call of a page function is followed by name)."""
    yield node
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
        return
    for child in ast.iter_child_nodes(node):
        yield from _outside_definitions(child)


def _normal(pattern: str) -> str:
    parts = [p for p in pattern.replace("\\", "/").split("/") if p not in ("", ".")]
    return ("/" if pattern.startswith("/") else "") + "/".join(parts)


@lru_cache(maxsize=512)
def _regex(pattern: str) -> re.Pattern[str]:
    literal = ".*".join(re.escape(part) for part in pattern.split(_WILD))
    return re.compile(f"{literal}(?:/.*)?")


def _says_something(pattern: str) -> bool:
    """A literal part of at least three characters besides `*`, `/` and `.` (`*/*.png` does: `png`)."""
    return len(re.sub(r"[*/.\s]", "", pattern)) >= 3


@lru_cache(maxsize=256)
def _parse_cached(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError):
        return None


def _parse(code: str) -> ast.Module | None:
    return _parse_cached(code)
