"""Files a block writes and files a statement reads, found by reading code.

A block that is not run (blocked, a fragment) leaves undone what it would have bound *and* the files it
would have written: a later block reading `tokenizer.json` or the images the training loop saves fails
because of that block, not because of the page (the same for what a shell fence makes and the checker
cannot: `shell_fences.py`). Paths are *patterns*: the literal parts of a string, f-string,
`os.path.join(...)` or `Path(...) / ...`, with `*` for every part known only when the code runs
(`f"{config.output_dir}/samples/{epoch}.png"` is `*/samples/*.png`). A pattern with no literal part worth
the name (`*`, `save_pretrained(output_dir)` with `output_dir` known only at run time) says nothing and is
left out.

What counts as writing: a call named `save*`, `to_csv`/`to_json`/`to_parquet`/..., `write_text`,
`write_bytes`, `savefig`, `makedirs`/`mkdir`, and `open(path, mode)` with a writing mode, in the block's
top-level code and in the page's functions it names (`notebook_launcher(train_loop, ...)` runs
`train_loop`, which calls `evaluate`, which saves the images). What counts as reading: any path pattern a
statement holds. Two patterns meet when one, its `*` taken as any text, holds the other or a path below it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache

Functions = Mapping[str, ast.FunctionDef | ast.AsyncFunctionDef]

_WRITING_CALLS = re.compile(
    r"save\w*|to_(?:csv|json|parquet|excel|pickle|feather|sql|hdf|markdown)|write_(?:text|bytes)|"
    r"savefig|makedirs|mkdir|export\w*"
)
_WRITING_MODE = re.compile(r"[wax+]")
_PATH_CALLS = {"join", "Path", "PurePath", "PosixPath"}
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
    return {pattern for pattern in found if says_something(pattern)}


def read_path(code: str, line: int, patterns: Iterable[str]) -> str | None:
    """The first of `patterns` the top-level statement holding `line` of `code` (1-based) reads, if any."""
    tree = _parse(code)
    for statement in tree.body if tree else ():
        if statement.lineno <= line <= (statement.end_lineno or statement.lineno):
            return statement_reads(statement, patterns, string_names(code))
    return None


def statement_reads(statement: ast.AST, patterns: Iterable[str], strings: Mapping[str, str]) -> str | None:
    """The first of `patterns` that a path `statement` holds meets."""
    held = [p for p in _paths_in(statement, strings) if says_something(p)]
    return next((pattern for pattern in patterns if any(meet(pattern, p) for p in held)), None)


def string_names(code: str) -> dict[str, str]:
    """Names `code` binds at its top level to a path (`output_dir = "my-model"`) -> its pattern."""
    tree = _parse(code)
    return _string_names(tree.body) if tree else {}


def meet(written: str, read: str) -> bool:
    """Whether the path `read` is `written`, or lies below it, or holds it (a folder the reader lists)."""
    a, b = normal_path(written), normal_path(read)
    return bool(_regex(a).fullmatch(b.replace(_WILD, "x")) or _regex(b).fullmatch(a.replace(_WILD, "x")))


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


def normal_path(pattern: str) -> str:
    """`./a//b/` -> `a/b`: a path pattern as `meet` compares it."""
    parts = [p for p in pattern.replace("\\", "/").split("/") if p not in ("", ".")]
    return ("/" if pattern.startswith("/") else "") + "/".join(parts)


@lru_cache(maxsize=512)
def _regex(pattern: str) -> re.Pattern[str]:
    literal = ".*".join(re.escape(part) for part in pattern.split(_WILD))
    return re.compile(f"{literal}(?:/.*)?")


def says_something(pattern: str) -> bool:
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
