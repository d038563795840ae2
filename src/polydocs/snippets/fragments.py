"""Blocks that cannot run by themselves (*fragments*), found by reading a session's code, not by running it.

A documentation block is often a piece of a program: it reads a `model` the page never defines, passes
`...` where the reader's own arguments go, or writes `<path>` where a value goes. Running it proves
nothing, and failing it blames the page for being illustrative; so it is a fragment: not run, reported
with its reason, never counted as verified. The rule, over the session's blocks in page order (each
block's hidden setup code first, as it runs):

- a name read at a block's top level (comprehensions included) before any statement of the session
  binds it is a reason, unless it is a builtin, a name some import of the session binds, or a module
  (`torch`, importable here or in the standard library, or a conventional alias: `np`, `pd`, `plt`...):
  those are the page's own failure, since what the reader lacks is an import the page forgot;
- a name read in a function or lambda body that no statement of the session binds at all (a body runs
  when it is called, so a binding after the definition counts);
- `...` as a value (an argument, an assigned value, an element): `...` as a statement of its own, in a
  subscript (`x[..., 0]`) or an annotation is Python, not elision;
- a block that does not parse, at a `<placeholder>` written where code goes (`model = <your model>`); a
  quoted `"<pad>"` is as often a tokenizer's special token as a placeholder, so strings never count;
- a block that reads a name only a fragment binds is a fragment too, after that one (even a builtin or a
  module name: a fragment's `input = ...` shadows the builtin; not a name the fragment binds by an
  import, whose use without an import is the page's failure); so is a block that
  reads a file only a fragment writes (`tokenizer.save("tokenizer.json")` in a fragment, then
  `PreTrainedTokenizerFast(tokenizer_file="tokenizer.json")`: written_files.py).

After `from x import *` any name may be bound, so no later name is a reason. What a fragment binds is not
bound for the blocks after it. Cost: one `ast.parse` per block, in the checker, before the session runs.
"""

from __future__ import annotations

import ast
import builtins
import importlib.util
import io
import re
import sys
import sysconfig
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from polydocs.snippets.protocol import Fragment
from polydocs.snippets.regions import Region
from polydocs.snippets.written_files import (
    Functions,
    page_functions,
    statement_reads,
    string_names,
    written_paths,
)

UNBOUND_NAME = "name never defined"
PLACEHOLDER = "placeholder"
AFTER_FRAGMENT = "after a fragment"
REASONS = (UNBOUND_NAME, PLACEHOLDER, AFTER_FRAGMENT)

# Names a reader knows as modules though no installed module has them (the import's conventional alias).
MODULE_ALIASES = frozenset({"np", "pd", "plt", "tf", "nn", "F", "jnp", "sns", "mpl", "dist"})
_RUNTIME_NAMES = frozenset({"__name__", "__builtins__", "__doc__", "__file__"})


def find_fragments(regions: tuple[Region, ...]) -> list[Fragment | None]:
    """For each region of a session (in order), why it is a fragment, or None where it can run."""
    codes = [list(_codes(region)) for region in regions]
    trees = [[(_parse(code), code, first) for code, first in block] for block in codes]
    imported: set[str] = set()
    everywhere: set[str] = set()
    for block in trees:
        for tree, _, _ in block:
            if tree is not None:
                imported |= _imported(tree)
                everywhere |= _bound_anywhere(tree)
    functions = page_functions(code for block in codes for code, _ in block)
    state = _State(imported=imported, everywhere=everywhere, functions=functions)
    return [state.decide(block) for block in trees]


@dataclass
class _State:
    imported: set[str]
    everywhere: set[str]
    functions: Functions
    bound: set[str] = field(default_factory=set)
    by_fragment: dict[str, int] = field(default_factory=dict)  # name -> line of the fragment binding it
    files_by_fragment: dict[str, int] = field(default_factory=dict)  # path -> line of the fragment
    star: bool = False

    def decide(self, block: list[tuple[ast.Module | None, str, int]]) -> Fragment | None:
        found: Fragment | None = None
        binds: set[str] = set()
        imports: set[str] = set()
        local = set(self.bound)
        for tree, code, first in block:
            if tree is None:
                found = found or _placeholder(code, first)
                continue
            events = _Events()
            events.visit(tree)
            for kind, name, line in events.items:
                if kind in ("bind", "import", "scoped"):
                    local.add(name)
                    binds |= {name} if kind != "scoped" else set()
                    imports |= {name} if kind == "import" else set()
                elif kind == "star":
                    self.star = True
                elif found is None:
                    found = self._reason(kind, name, first + line - 1, local)
        if found is None:
            found = self._reads_fragments_file(block)
        written = {path for _, code, _ in block for path in written_paths(code, self.functions)}
        if found is None:
            self.bound |= binds
            for name in binds:
                self.by_fragment.pop(name, None)
            for path in written:
                self.files_by_fragment.pop(path, None)
        else:  # what it binds, even a name an earlier block bound, is the fragment's from here on (but
            # its imports: a block using the module without importing it is the page's failure)
            for name in binds - imports:
                self.by_fragment.setdefault(name, found.line)
            for path in written:
                self.files_by_fragment.setdefault(path, found.line)
            self.bound -= binds
        return found

    def _reads_fragments_file(self, block: list[tuple[ast.Module | None, str, int]]) -> Fragment | None:
        if not self.files_by_fragment:
            return None
        for tree, code, first in block:
            strings = string_names(code)
            for statement in tree.body if tree is not None else ():
                path = statement_reads(statement, self.files_by_fragment, strings)
                if path is not None:
                    at = self.files_by_fragment[path]
                    line = first + statement.lineno - 1
                    return Fragment(line, AFTER_FRAGMENT, f"`{path}` is written by the fragment at line {at}")
        return None

    def _reason(self, kind: str, name: str, line: int, local: set[str]) -> Fragment | None:
        if kind == "ellipsis":
            return Fragment(line, PLACEHOLDER, "`...` stands for code the reader writes")
        if name in local:
            return None
        if name in self.by_fragment:  # before builtins and modules: a fragment's `input = ...` shadows one
            at = self.by_fragment[name]
            return Fragment(line, AFTER_FRAGMENT, f"`{name}` is defined by the fragment at line {at}")
        if _known(name, self.imported):
            return None
        if self.star:
            return None
        if kind == "deferred" and name in self.everywhere:
            return None
        return Fragment(line, UNBOUND_NAME, f"`{name}` is used but the page never defines it before")


def _known(name: str, imported: set[str]) -> bool:
    return name in imported or hasattr(builtins, name) or name in _RUNTIME_NAMES or is_module(name)


@lru_cache(maxsize=1024)
def is_module(name: str) -> bool:
    """Whether `name` is a module a reader would import: the standard library's, one installed where the
    checker runs (not a folder of the working directory), or a conventional alias (`np`)."""
    if name in MODULE_ALIASES or name in sys.stdlib_module_names:
        return True
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return False
    origin = spec.origin if spec is not None else None
    if not origin:
        return False  # a namespace package: any folder of that name on the path
    if origin in ("built-in", "frozen"):
        return True
    installed = {sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    return any(Path(origin).is_relative_to(folder) for folder in installed)


def _codes(region: Region) -> Iterator[tuple[str, int]]:
    """(code, page line of its first line): the block's setup code, then the block itself."""
    for setup in region.directives.setup:
        yield setup.code, setup.first_line
    yield region.source, region.start_line + 1


def _parse(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError):
        return None


def _imported(tree: ast.Module) -> set[str]:
    return {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
        if alias.name != "*"
    }


def _bound_anywhere(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
    return names


_PLACEHOLDER = re.compile(r"<[A-Za-z_][\w .\-/]*>")


# `...` where an argument or an element goes (`Trainer(model=model, ...)`): Python refuses a positional
# argument after keyword ones, so a block eliding the reader's arguments this way does not parse.
_ELIDED_ARGUMENT = re.compile(r"[(\[{,]\s*(\.\.\.)(?!\.)")


def _placeholder(code: str, first: int) -> Fragment | None:
    """A block that does not parse: a fragment where code outside strings holds a `<placeholder>`, or
    `...` in place of arguments."""
    bare = _without_strings(code)
    for number, text in enumerate(bare.splitlines()):
        match = _PLACEHOLDER.search(text)
        if match:
            what = f"`{match.group(0)}` stands for a value the reader fills in"
            return Fragment(first + number, PLACEHOLDER, what)
    elided = list(_ELIDED_ARGUMENT.finditer(bare))
    if elided and _parse(_without_elisions(code, elided)) is not None:
        line = first + bare.count("\n", 0, elided[0].start(1))
        return Fragment(line, PLACEHOLDER, "`...` stands for arguments the reader writes")
    return None


def _without_elisions(code: str, elided: list[re.Match[str]]) -> str:
    """`code` with each elided `...` (found in its string-blanked copy: same positions) an empty `**{}`:
    it parses then only if the elisions were all that kept it from parsing (output pasted into the
    block, an unclosed string, stay the page's errors)."""
    for match in reversed(elided):
        code = code[: match.start(1)] + "**{}" + code[match.end(1) :]
    return code


def _without_strings(code: str) -> str:
    """`code` with its strings and comments blanked (tokenize's view; the code as it is where that fails)."""
    lines = code.splitlines()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):
        return code
    for token in tokens:
        if token.type in (tokenize.STRING, tokenize.COMMENT) and token.start[0] == token.end[0]:
            row, (start, end) = token.start[0] - 1, (token.start[1], token.end[1])
            if row < len(lines):
                lines[row] = lines[row][:start] + " " * (end - start) + lines[row][end:]
    return "\n".join(lines)


class _Events(ast.NodeVisitor):
    """What a module does with names, in the order it runs: ("read" | "deferred" | "bind" | "import" |
    "scoped" | "ellipsis" | "star", name, line relative to the code); "import" binds a name by an import,
    "scoped" binds inside a class body only."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str, int]] = []
        self._local: list[set[str]] = []  # the targets of the comprehensions being read

    def _add(self, kind: str, name: str, node: ast.AST) -> None:
        self.items.append((kind, name, getattr(node, "lineno", 1)))

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Store):
            self._add("bind", node.id, node)
        elif not any(node.id in scope for scope in self._local):
            self._add("read", node.id, node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if node.value is Ellipsis:
            self._add("ellipsis", "...", node)

    def visit_Expr(self, node: ast.Expr) -> None:
        if not (isinstance(node.value, ast.Constant) and node.value.value is Ellipsis):
            self.visit(node.value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.visit(node.value)
        self._without_ellipsis(node.slice)

    def _without_ellipsis(self, node: ast.AST | None) -> None:
        if node is None:
            return
        start = len(self.items)
        self.visit(node)
        self.items[start:] = [item for item in self.items[start:] if item[0] != "ellipsis"]

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            self.visit(target)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if isinstance(node.target, ast.Name):
            self._add("read", node.target.id, node.target)
        self.visit(node.value)
        self.visit(node.target)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
        self._without_ellipsis(node.annotation)
        self.visit(node.target)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.visit(node.value)
        self.visit(node.target)

    def visit_For(self, node: ast.For | ast.AsyncFor) -> None:
        self.visit(node.iter)
        self.visit(node.target)
        for statement in (*node.body, *node.orelse):
            self.visit(statement)

    visit_AsyncFor = visit_For

    def visit_With(self, node: ast.With | ast.AsyncWith) -> None:
        for item in node.items:
            self.visit(item.context_expr)
            if item.optional_vars is not None:
                self.visit(item.optional_vars)
        for statement in node.body:
            self.visit(statement)

    visit_AsyncWith = visit_With

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> None:
        if node.type is not None:
            self.visit(node.type)
        if node.name:
            self._add("bind", node.name, node)
        for statement in node.body:
            self.visit(statement)

    def visit_Import(self, node: ast.Import | ast.ImportFrom) -> None:
        for alias in node.names:
            if alias.name == "*":
                self._add("star", "*", node)
            else:
                self._add("import", (alias.asname or alias.name).split(".")[0], node)

    visit_ImportFrom = visit_Import

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for decorator in node.decorator_list:
            self.visit(decorator)
        for default in (*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)):
            self._without_ellipsis(default)
        self._deferred(node, node.body)
        self._add("bind", node.name, node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_Lambda(self, node: ast.Lambda) -> None:
        for default in (*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)):
            self._without_ellipsis(default)
        self._deferred(node, [node.body])

    def _deferred(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, body: list) -> None:
        """The globals a body reads when called: names it reads and neither binds nor takes."""
        arguments = node.args
        local = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
        local |= {a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None}
        inner = [child for part in body for child in ast.walk(part)]
        declared = {name for n in inner if isinstance(n, ast.Global | ast.Nonlocal) for name in n.names}
        for child in inner:
            if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
                local.add(child.id)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                local.add(child.name)
            elif isinstance(child, ast.alias):
                local.add((child.asname or child.name).split(".")[0])
            elif isinstance(child, ast.ExceptHandler) and child.name:
                local.add(child.name)
            elif isinstance(child, ast.arg):
                local.add(child.arg)
        for child in inner:
            if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load):
                if child.id not in local or child.id in declared:
                    self._add("deferred", child.id, child)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for part in (*node.decorator_list, *node.bases, *node.keywords):
            self.visit(part)
        start = len(self.items)
        for statement in node.body:
            self.visit(statement)
        # The class body's own names are its attributes, not the module's: read there, not bound after it.
        self.items[start:] = [
            ("scoped" if kind in ("bind", "import") else kind, name, line)
            for kind, name, line in self.items[start:]
        ]
        self._add("bind", node.name, node)

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> None:
        first, *rest = node.generators
        self.visit(first.iter)
        local = {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
        self._local.append(local)
        for condition in first.ifs:
            self.visit(condition)
        for generator in rest:
            self.visit(generator.iter)
            for condition in generator.ifs:
                self.visit(condition)
        if isinstance(node, ast.DictComp):
            self.visit(node.key)
            self.visit(node.value)
        else:
            self.visit(node.elt)
        self._local.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    def visit_MatchAs(self, node: ast.MatchAs) -> None:
        if node.pattern is not None:
            self.visit(node.pattern)
        if node.name:
            self._add("bind", node.name, node)

    def visit_MatchStar(self, node: ast.MatchStar) -> None:
        if node.name:
            self._add("bind", node.name, node)

    def visit_MatchMapping(self, node: ast.MatchMapping) -> None:
        self.generic_visit(node)
        if node.rest:
            self._add("bind", node.rest, node)
