"""The diagnostic codes polydocs' sources can emit, read from the sources themselves (no import, no run).

A code reaches a `Diagnostic` through a few constructors: `Diagnostic(path, line, code, ...)`, the dialect's
`Finding(index, code, ...)` and `PageRefusal(index, code, ...)`, and every function of `src/polydocs`
that passes its own `code` parameter on to one of these (found here to a fixed point, so a new helper
counts without being listed). At each call of one of them the code argument is read when it is written
in the source: a string, a module's constant (`CODE`, `shared.UNCLOSED`, `from x import TOO_DEEP`), both
branches of a conditional, or an f-string (`f"{kind}-empty"`), which is kept as a pattern. Arguments
that carry a code along (`finding.code`, a parameter) are not emissions of their own.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "polydocs"
_SEEDS = {"Diagnostic": 2, "Finding": 1, "PageRefusal": 1}


@dataclass(frozen=True)
class EmittedCode:
    """A code as written at one call: `text` is the code, or a regular expression where `pattern`."""

    text: str
    pattern: bool
    where: str


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _constants(tree: ast.Module) -> dict[str, str]:
    found = {}
    for statement in tree.body:
        target, value = None, None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign):
            target, value = statement.target, statement.value
        if isinstance(target, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value, str):
            found[target.id] = value.value
    return found


def _imports(tree: ast.Module, module: str) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """Names imported from modules (`name -> (module, name)`) and modules imported under a name."""
    names: dict[str, tuple[str, str]] = {}
    modules: dict[str, str] = {}
    package = module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = module.split(".")[: -node.level] if not module.endswith("__init__") else []
                base = ".".join([*(parent or package.split(".")), *([base] if base else [])])
            for alias in node.names:
                names[alias.asname or alias.name] = (base, alias.name)
                modules[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                modules[alias.asname or alias.name.split(".")[0]] = alias.name
    return names, modules


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _code_argument(call: ast.Call, position: int) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == "code":
            return keyword.value
    return call.args[position] if len(call.args) > position else None


@cache
def _defined(tree: ast.Module) -> frozenset[str]:
    return frozenset(f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef | ast.ClassDef))


def _forwarders(trees: dict[Path, ast.Module]) -> dict[tuple[str, str], int]:
    """The constructors and every function passing its `code` parameter on to one, by (module, name),
    with the position of `code` (modules share helper names such as `_problem`)."""
    positions = {("", name): position for name, position in _SEEDS.items()}
    changed = True
    while changed:
        changed = False
        for path, tree in trees.items():
            module = _module_name(path)
            for function in ast.walk(tree):
                if not isinstance(function, ast.FunctionDef) or (module, function.name) in positions:
                    continue
                arguments = [a.arg for a in function.args.posonlyargs + function.args.args]
                if "code" not in arguments:
                    continue
                for call in ast.walk(function):
                    position = _position(call, module, tree, positions)
                    given = _code_argument(call, position) if position is not None else None
                    if isinstance(call, ast.Call) and isinstance(given, ast.Name) and given.id == "code":
                        offset = 1 if arguments[0] in ("self", "cls") else 0
                        positions[(module, function.name)] = arguments.index("code") - offset
                        changed = True
                        break
    return positions


def _position(
    node: ast.AST, module: str, tree: ast.Module, positions: dict[tuple[str, str], int]
) -> int | None:
    """Where the code is among a call's arguments, None when the callee takes no code: a function of
    the call's own module first, else a constructor or a forwarding function of another module."""
    if not isinstance(node, ast.Call) or (name := _callee(node)) is None:
        return None
    if name in _defined(tree) and name not in _SEEDS:
        return positions.get((module, name))
    if ("", name) in positions:
        return positions[("", name)]
    return next((position for (_, known), position in positions.items() if known == name), None)


@dataclass(frozen=True)
class _Scope:
    """What a module's code argument may name: its constants, and those of the modules it imports."""

    module: str
    constants: dict[str, dict[str, str]]
    names: dict[str, tuple[str, str]]
    modules: dict[str, str]

    def values(self, node: ast.expr | None) -> list[tuple[str, bool]]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [(node.value, False)]
        if isinstance(node, ast.IfExp):
            return self.values(node.body) + self.values(node.orelse)
        if isinstance(node, ast.JoinedStr):
            pieces = [
                re.escape(part.value) if isinstance(part, ast.Constant) else ".+" for part in node.values
            ]
            return [("".join(pieces), True)]
        if isinstance(node, ast.Name):
            if node.id in self.constants[self.module]:
                return [(self.constants[self.module][node.id], False)]
            source, name = self.names.get(node.id, ("", ""))
            if name in self.constants.get(source, {}):
                return [(self.constants[source][name], False)]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            source = self.modules.get(node.value.id, "")
            if node.attr in self.constants.get(source, {}):
                return [(self.constants[source][node.attr], False)]
        return []


def emitted_codes() -> list[EmittedCode]:
    """Every code written at a call of a diagnostic constructor in `src/polydocs`."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))}
    constants = {_module_name(path): _constants(tree) for path, tree in trees.items()}
    positions = _forwarders(trees)
    found = []
    for path, tree in trees.items():
        module = _module_name(path)
        names, modules = _imports(tree, module)
        scope = _Scope(module, constants, names, modules)
        for call in ast.walk(tree):
            position = _position(call, module, tree, positions)
            if isinstance(call, ast.Call) and position is not None:
                where = f"src/polydocs/{path.relative_to(PACKAGE)}:{call.lineno}"
                for text, pattern in scope.values(_code_argument(call, position)):
                    found.append(EmittedCode(text, pattern, where))
    return found
