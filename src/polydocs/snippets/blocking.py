"""When a block's failure is the environment's, not the page's: the block is *blocked*, with a reason.

One table of reasons, read by the child (which classifies an exception as it happens), the runner (a
stand-in that cannot be derived blocks its block before the session runs) and the reports.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
import sys
import traceback
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass

from polydocs.guide import guide_url, repository_file_url
from polydocs.snippets.protocol import Blocked
from polydocs.snippets.written_files import statement_reads, string_names

MISSING_STAND_IN = "missing stand-in"
MODULE_NOT_INSTALLED = "module not installed"
OFFLINE_RESOURCE = "offline resource"
NEEDS_CUDA = "needs cuda"
AFTER_BLOCKED = "after a blocked block"
AFTER_SHELL = "after a shell command"
REASONS = (MISSING_STAND_IN, MODULE_NOT_INSTALLED, OFFLINE_RESOURCE, NEEDS_CUDA, AFTER_BLOCKED, AFTER_SHELL)

_OFFLINE_TYPES = {"NetworkRefused", "OfflineModeIsEnabled", "LocalEntryNotFoundError", "ConnectionError"}
_OFFLINE_TEXT = re.compile(
    r"offline mode|couldn't connect to|cannot find the requested files in the (?:local|disk) cache|"
    r"outgoing traffic has been disabled|HF_HUB_OFFLINE|"
    # datasets' offline fallback found the dataset's cache, not this configuration: builder arguments
    # (`columns=`, `filters=`) name another one, which only the Hub prepares
    r"couldn't find cache for \S+ for config",
    re.IGNORECASE,
)
_MISSING_LIBRARY = re.compile(
    r"requires the (\S+) library|No module named '?([\w.]+)|install (\w[\w.-]*) to use|"
    r"please install '?(\w[\w.-]*)|"
    r"pip install (?:-\S+\s+)*(\w[\w.-]*)"
)
_URL = re.compile(r"https?://\S+")
# A Hub id whose owner is a placeholder for the reader's account (`username/my_dataset`): the real Hub
# would refuse it too, so it is the page's failure, never a missing stand-in or an offline resource.
PLACEHOLDER_HUB_ID = re.compile(
    r"(?<![\w.-])(?:user|username|user_name|your[-_]?(?:user|username|name|org|organization)|"
    r"my[-_]?(?:user|username|org))/[\w.-]+",
    re.IGNORECASE,
)
_CONNECT = re.compile(r"connect to (.+)\)$")  # NetworkRefused's "(connect to ('host', 80))"
# torch's own words when CUDA is missing, for an exception that carries no traceback to read its origin from.
# diffusers' own refusals where no accelerator is found: `enable_model_cpu_offload()` (and sequential),
# and `device_map="cuda"`, which it lists among its supported strategies only when torch sees a GPU.
_CUDA_MISSING = re.compile(
    r"torch not compiled with cuda enabled|no cuda gpus are available|found no nvidia driver"
    r"|^`enable_\w*cpu_offload` requires accelerator, but not found"
    r"|^cuda(?::\d+)? not supported\. supported strategies are",
    re.IGNORECASE,
)
_CUDA_MODULES = ("/torch/cuda/", "\\torch\\cuda\\")


def blocked_by(error: BaseException, line: int, device: str) -> Blocked | None:
    """The environment problem `error` is, at page `line`, or None when it is the page's own failure."""
    kind = type(error).__name__
    text = str(error)
    if isinstance(error, ModuleNotFoundError) or (
        isinstance(error, ImportError) and _MISSING_LIBRARY.search(text)
    ):
        module = error.name if isinstance(error, ModuleNotFoundError) and error.name else _library(text)
        if isinstance(error, ModuleNotFoundError) and misspelt_standard_module(module):
            return None  # `import contexlib`: no environment has it, the page misspelt `contextlib`
        return module_not_installed(line, module)
    loader = _loading(error)
    if loader and _pages_own_loading_error(error, loader[1]):
        return None  # even where the Hub was tried (and refused offline): the page named no model of it
    if offline_refusal(error) and PLACEHOLDER_HUB_ID.search(text):
        return None  # `load_dataset("username/my_dataset")`: no Hub holds it
    if offline_refusal(error):
        url, address = _URL.search(text), _CONNECT.search(text)
        if url:
            what = url.group(0).rstrip(".,:;'\"")
        elif address:
            what = f"a connection to {address.group(1)}"
        else:  # the Hub's "cannot find the requested files in the local cache" names no file
            what = f"a file the offline Hub cache does not hold ({kind}: {_first_line(text)[:120]})"
        return offline(line, what)
    if device == "cpu" and _needs_cuda(error):
        return Blocked(
            line,
            NEEDS_CUDA,
            f"needs a CUDA GPU ({_first_line(text)})",
            "it runs in the GPU check (`polydocs check --device cuda`)",
        )
    if loader:
        return Blocked(
            line,
            MISSING_STAND_IN,
            f"the stand-in lacks what {loader[0]}.from_pretrained needs ({kind}: {_first_line(text)})",
            "name the model type in polydocs.yml (`standins:`), or skip the block",
        )
    return None


def offline_refusal(error: BaseException) -> bool:
    """Whether `error` is the Hub (or a library) refusing offline: an offline error type in its chain, or
    an `OSError` or `ValueError` saying so (diffusers' `load_lora_weights`: "When using the offline
    mode, ...")."""
    chain = {type(error).__name__, *(type(e).__name__ for e in _causes(error))}
    offline_text = isinstance(error, OSError | ValueError) and _OFFLINE_TEXT.search(str(error))
    return bool(_OFFLINE_TYPES & chain or offline_text)


def misspelt_standard_module(module: str) -> str | None:
    """The standard library module `module` is a misspelling of (`contexlib` -> `contextlib`), if any:
    a module no installation provides, so the page's own error. A longer name that starts with the
    standard one is a package of its own (`pathlib2`, `importlib_metadata`) and is not one."""
    top = module.split(".")[0]
    if top in sys.stdlib_module_names:
        return None
    close = difflib.get_close_matches(top, sorted(sys.stdlib_module_names), n=1, cutoff=0.85)
    return close[0] if close and not top.startswith(close[0]) else None


def no_accelerator(error: BaseException, code: str, line: int, page_line: int, device: str) -> Blocked | None:
    """On the CPU, an attribute read on the None that `torch.accelerator.current_accelerator()` returns
    where there is no accelerator (`current_accelerator().type`, the idiom of peft's pages): the block
    needs a GPU; `line` is the failing line within `code`, `page_line` the same line in the page."""
    if device != "cpu" or not isinstance(error, AttributeError) or getattr(error, "obj", False) is not None:
        return None
    if "current_accelerator" not in _names_called_at(code, line):
        return None
    return Blocked(
        page_line,
        NEEDS_CUDA,
        "needs an accelerator (torch.accelerator.current_accelerator() is None on this CPU)",
        "it runs in the GPU check (`polydocs check --device cuda`)",
    )


def _needs_cuda(error: BaseException) -> bool:
    """Whether `error` (or what caused it) came out of torch's CUDA code: its origin, not its words; torch's
    own "not compiled with CUDA" messages count for an exception without a traceback."""
    for current in (error, *_causes(error)):
        for frame, _ in traceback.walk_tb(current.__traceback__):
            if any(part in frame.f_code.co_filename for part in _CUDA_MODULES):
                return True
        if _CUDA_MISSING.search(str(current)):
            return True
    return False


def _loading(error: BaseException) -> tuple[str, object] | None:
    """(the class whose `from_pretrained` raised `error`, the name or path it was given), if one did."""
    for frame, _ in traceback.walk_tb(error.__traceback__):
        if frame.f_code.co_name == "from_pretrained":
            owner = frame.f_locals.get("cls")
            # transformers' and diffusers' name, peft's, and diffusers' AutoPipeline*'s.
            names = ("pretrained_model_name_or_path", "model_id", "pretrained_model_or_path")
            given = next((frame.f_locals[name] for name in names if name in frame.f_locals), None)
            return getattr(owner, "__name__", "") or "from_pretrained", given
    return None


_HUB_ID = re.compile(r"^(?![.-])[\w.-]+(?:/(?![.-])[\w.-]+)?$")  # `gpt2`, `org/name`; not `./x`, `../x`
_PAGES_OWN_ARGUMENTS = re.compile(r"unexpected keyword argument|got multiple values for|positional argument")


def _pages_own_loading_error(error: BaseException, given: object) -> bool:
    """A failure inside `from_pretrained` that the real Hub files would not cure: the page passed no Hub
    id (`...`, a placeholder, a path of its own: a folder it saved, or never wrote), or arguments the
    method does not take (`load_in_4bit=True` in transformers 5)."""
    if isinstance(error, TypeError) and _PAGES_OWN_ARGUMENTS.search(str(error)):
        return True
    if not isinstance(given, str) or not _HUB_ID.match(given):
        return True
    return os.path.exists(given)  # a folder the page saved under a Hub id's name shadows the id


def offline(line: int, what: str) -> Blocked:
    return Blocked(
        line,
        OFFLINE_RESOURCE,
        f"needs {what}, which is not available offline",
        f"add a stand-in for it ({guide_url('checking.md', 'Hub stand-ins')}), or skip the block",
    )


def missing_stand_in(line: int, hub_id: str, why: str, registry_file: str) -> Blocked:
    return Blocked(
        line,
        MISSING_STAND_IN,
        f"no stand-in for {hub_id}: {why}",
        f"name its model type in polydocs.yml (`standins: {{{hub_id}: {{model_type: ...}}}}`) or in "
        f"{registry_file} (REGISTRY), or skip the block",
    )


def module_not_installed(line: int, module: str) -> Blocked:
    return Blocked(
        line,
        MODULE_NOT_INSTALLED,
        f"module {module} is not installed",
        f"install {module} where the checker runs, or skip the block",
    )


def generated_rows(line: int, name: str, hub_id: str) -> Blocked:
    return Blocked(
        line,
        MISSING_STAND_IN,
        f"`{name}` holds the generated rows of the stand-in for the dataset {hub_id}, which need not hold "
        "what the page selects from the real ones",
        "skip the block, or check it where the real dataset can be loaded",
    )


def missing_dataset(line: int, name: str, why: str) -> Blocked:
    return Blocked(
        line,
        MISSING_STAND_IN,
        f"no stand-in for the dataset {name}: {why}",
        f"describe its configurations, splits and features in polydocs.yml (`datasets: {{{name}: ...}}`, "
        f"the format of {repository_file_url('src/polydocs/snippets/standins/data/datasets.yml')}), "
        "or skip the block",
    )


def after_blocked(line: int, name: str, blocked_line: int, shell_lines: Collection[int] = ()) -> Blocked:
    """`name` comes from the blocked block at `blocked_line`, or from the shell command of the fence
    there when that line is one of `shell_lines` (a name bound from the folder it makes)."""
    if blocked_line in shell_lines:
        return after_shell(line, name, blocked_line)
    return Blocked(
        line,
        AFTER_BLOCKED,
        f"`{name}` would have been defined by the blocked block at line {blocked_line}",
        "unblock that block first",
    )


def after_file(line: int, path: str, blocked_line: int, shell_lines: Collection[int] = ()) -> Blocked:
    """The failing statement reads `path`, which the blocked block at `blocked_line` (or the shell fence
    there) would have written."""
    if blocked_line in shell_lines:
        return after_shell(line, path, blocked_line)
    return Blocked(
        line,
        AFTER_BLOCKED,
        f"`{path}` would have been written by the blocked block at line {blocked_line}",
        "unblock that block first",
    )


def after_shell(line: int, path: str, shell_line: int) -> Blocked:
    return Blocked(
        line,
        AFTER_SHELL,
        f"`{path}` comes from the shell command of the fence at line {shell_line}, which the checker does "
        "not run",
        "give the block a setup (`setup=`) that makes it, or skip the block",
    )


def names_read_at(code: str, line: int) -> set[str]:
    """The names the statement at `line` of `code` (1-based) reads; every name the code reads when no
    statement of it holds the line (the error came from code defined elsewhere)."""
    statement = _statement_at(code, line)
    return {n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def placeholder_id_at(code: str, line: int) -> str | None:
    """A placeholder Hub id (`"your-name/opt-350m-lora"`) the statement at `line` of `code` passes, if
    any: an offline refusal of it (`push_to_hub`, `create_repo`) is the page's failure, since its error
    names no id (`.../api/repos/create`)."""
    for node in ast.walk(_statement_at(code, line)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if PLACEHOLDER_HUB_ID.fullmatch(node.value):
                return node.value
    return None


def _names_called_at(code: str, line: int) -> set[str]:
    """The names and attributes the statement at `line` of `code` calls (`f(...)`, `torch.x.f(...)`: f)."""
    calls = (n.func for n in ast.walk(_statement_at(code, line)) if isinstance(n, ast.Call))
    return {
        f.attr if isinstance(f, ast.Attribute) else f.id
        for f in calls
        if isinstance(f, ast.Attribute | ast.Name)
    }


def _statement_at(code: str, line: int) -> ast.AST:
    """The innermost statement of `code` holding `line`; the whole code when none does (or it does not
    parse: then nothing)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ast.Module(body=[], type_ignores=[])
    holding = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.stmt) and node.lineno <= line <= (node.end_lineno or node.lineno)
    ]
    return min(holding, key=lambda n: (n.end_lineno or n.lineno) - n.lineno, default=tree)


def defined_names(code: str) -> set[str]:
    """The names a block binds at its top level (what later blocks of the session may use): not the
    locals of its functions, lambdas and comprehensions."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    return {name for statement in tree.body for name in binds(statement)}


def bound_by_statements_before(code: str, before_line: int) -> set[str]:
    """The names the top-level statements of `code` that end before its line `before_line` bind: they
    ran before the statement that failed there, so what they bound is real, even where a name's value is
    the one it held before (`from datasets import load_dataset` again: the same function)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    return {
        name
        for statement in tree.body
        if (statement.end_lineno or statement.lineno) < before_line
        for name in binds(statement)
    }


@dataclass(frozen=True)
class Dependency:
    """A statement of a block read what a blocked block (or a shell fence) would have made: the name or
    path `what`, from the block or fence at page line `origin`; `line` is the statement's line within
    the block's code (1-based)."""

    line: int
    what: str
    origin: int
    file: bool = False

    def blocked(self, first_line: int, shell_lines: Collection[int] = ()) -> Blocked:
        """The block's outcome is this dependency's (`first_line`: the page line before the code's first)."""
        at = first_line + self.line
        if self.file:
            return after_file(at, self.what, self.origin, shell_lines)
        return after_blocked(at, self.what, self.origin, shell_lines)


def follow_unbound(
    code: str,
    unbound: dict[str, int],
    before_line: int | None = None,
    unwritten: Mapping[str, int] | None = None,
) -> Dependency | None:
    """After a block ran (up to the top-level statement holding `before_line` of `code`, where it
    failed): each top-level statement that reads a name of `unbound` (one a blocked block would have
    bound -> its line), or a file of `unwritten` (one it would have written -> its line), leaves what it
    binds unbound too, from the same blocked block (`dataset = dataset.rename_column(...)` after the
    blocked `dataset = dataset.map(...)`; `images = glob.glob("out/samples/*.png")` after the blocked
    training that saves them); a name bound from what the blocks did bind is bound for real.

    Returns the first such read: a block that *completes* after it ran on what the page did not mean
    (the FineWeb stream an earlier block bound, where the page means the blocked block's dataset), so its
    completion is no pass, as its failure would be no failure."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    strings = string_names(code)
    first: Dependency | None = None
    for statement in tree.body:
        if before_line is not None and (statement.end_lineno or statement.lineno) >= before_line:
            break
        read = sorted(reads(statement) & unbound.keys())
        found = Dependency(statement.lineno, read[0], unbound[read[0]]) if read else None
        if found is None and unwritten:
            path = statement_reads(statement, unwritten, strings)
            found = (
                Dependency(statement.lineno, path, unwritten[path], file=True) if path is not None else None
            )
        first = first or found
        for name in binds(statement):
            if found is not None:
                unbound[name] = found.origin
            else:
                unbound.pop(name, None)
    return first


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _outside_scopes(node: ast.AST) -> Iterator[ast.AST]:
    """`node` and what it holds, except the bodies of functions, lambdas and comprehensions (they run
    later, or bind only their own names); a function's decorators and defaults are read now."""
    yield node
    children: list[ast.AST | None]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        children = [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]
    elif isinstance(node, ast.Lambda):
        children = [*node.args.defaults, *node.args.kw_defaults]
    elif isinstance(node, _COMPREHENSIONS):  # a comprehension reads its first iterable now
        children = [node.generators[0].iter]
    else:
        children = list(ast.iter_child_nodes(node))
    for child in children:
        if child is not None:
            yield from _outside_scopes(child)


def binds(statement: ast.stmt) -> set[str]:
    """The names a top-level statement binds (not inside its functions, lambdas, comprehensions)."""
    names: set[str] = set()
    for node in _outside_scopes(statement):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
    return names


def reads(statement: ast.stmt) -> set[str]:
    """The names a statement reads now (not inside the bodies of its functions and lambdas)."""
    return {
        n.id for n in _outside_scopes(statement) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }


def _causes(error: BaseException) -> list[BaseException]:
    found, seen = [], {id(error)}
    current = error.__cause__ or error.__context__
    while current is not None and id(current) not in seen:
        found.append(current)
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return found


def _library(text: str) -> str:
    match = _MISSING_LIBRARY.search(text)
    return next((group for group in match.groups() if group), "a library") if match else "a library"


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else "no message"
    return line[:200]
