"""What a session loads from the Hub: `X.from_pretrained("org/name")`, `pipeline(...)` and
`load_dataset(...)` calls, found by reading the code (`ast`), so that their stand-ins exist before the
session runs.

A call whose argument is a name assigned a string literal earlier in the session (`checkpoint =
"org/name"`) counts too. Code that does not parse (a block of a page with a syntax error) is read with a
regular expression for the plain forms instead.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

# A Hub name starts with a letter or digit (not "./"); the organisation is optional (`gpt2`).
_HUB_ID = re.compile(r"\w[\w.-]*(?:/\w[\w.-]*)?")
_ARGUMENT_SKIP = r"""(?:[^()'"]|'[^'\n]*'|"[^"\n]*")*?"""
_TASK = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")  # `text-generation`, not a prompt a page passes
# `load_dataset("csv", data_files=...)` and the like read local files with one of the library's builders.
PACKAGED_BUILDERS = frozenset(
    {"arrow", "audiofolder", "csv", "eval", "hdf5", "imagefolder", "json", "pandas", "parquet", "sql"}
    | {"text", "videofolder", "webdataset", "xml"}
)
_PLAIN_CALL = re.compile(
    rf"""(?:\b(?P<cls>\w+)\.from_pretrained|(?P<pipe>pipeline))\s*\((?:{_ARGUMENT_SKIP}\bmodel\s*=\s*)?\s*"""
    r"""(?P<quote>['"])(?P<id>\w[\w.-]*/\w[\w.-]*)(?P=quote)"""
)


@dataclass(frozen=True)
class HubLoad:
    """One load a page makes: a Hub id (or, for `pipeline(task)` with no model, the task), the class or
    function that loads it, and its 0-based line in the block's code."""

    hub_id: str  # empty for a pipeline's default model
    loader: str  # `AutoModelForCausalLM`, `SegformerForSemanticSegmentation`, `pipeline`, ...
    offset: int
    task: str = ""  # the pipeline's task, when the page names one
    config: str = ""  # `load_dataset`'s configuration (`name`), when the page names one
    base: str = ""  # for a peft adapter: the Hub id of the model it is loaded onto, when the page says

    @property
    def has_organisation(self) -> bool:
        """`org/name`, certainly a Hub id; a bare `gpt2` may also be a folder the page saved."""
        return "/" in self.hub_id


@dataclass(frozen=True)
class BlockLoads:
    """What one block loads from the Hub, and the names it saves or pushes a model it trains under
    (`TrainingArguments(output_dir="m")`, `hub_model_id="m"`, `model.push_to_hub("m")`): a later
    `from_pretrained("user/m")` loads that model."""

    loads: tuple[HubLoad, ...] = ()
    trained_into: tuple[str, ...] = ()


def derived_base(adapter_id: str) -> str:
    """The id of the base model an adapter's stand-in is made on when the page does not say which model
    it loads the adapter onto (a stand-in derived from the adapter's own id)."""
    return f"{adapter_id}.base"


def _base_model(load: HubLoad) -> str:
    """The model a name holds after `load`: for an adapter loaded with its base (`model =
    PeftModel.from_pretrained(model, "org/adapter")`), the base's id, so that a further adapter loaded
    onto `model` is made on that base, not on the adapter's repository."""
    if loads_an_adapter(load.loader):
        return load.base or derived_base(load.hub_id)
    return load.hub_id


def loads_an_adapter(loader: str) -> bool:
    """Whether a loader reads a peft adapter (`PeftModel`, `PeftModelForCausalLM`,
    `AutoPeftModelForCausalLM`) or transformers' `load_adapter`: adapter weights for a base model."""
    return loader.startswith(("Peft", "AutoPeft")) or loader == "load_adapter"


def names_a_model(loader: str) -> bool:
    """Whether a loader is a model class (`AutoModelForCausalLM`, `T5ForConditionalGeneration`,
    `CLIPModel`), not a tokenizer, processor, configuration or `pipeline`."""
    return "Model" in loader or "For" in loader


def block_loads(code: str, strings: dict[str, str] | None = None) -> BlockLoads:
    """The loads in `code`, read from one parse; `strings` (name -> literal, updated in place) carries
    assignments from one block of a session to the next, and the Hub id each model name was loaded from
    (under `_MODEL` + name), so that an adapter loaded onto `model` knows its base."""
    known = strings if strings is not None else {}
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return BlockLoads(tuple(_plain_loads(code)))
    found, trained = [], []
    # A call read where its statement binds its result: `model = PeftModel.from_pretrained(model, ...)`
    # loads onto the `model` bound before, not onto what the statement binds.
    read_first: dict[int, HubLoad | None] = {}
    for node in sorted(ast.walk(tree), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))):
        if isinstance(node, ast.Assign) and _literal(node.value, {}) is not None:
            for target in node.targets:
                if isinstance(target, ast.Name):
                    known[target.id] = str(_literal(node.value, {}))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            loaded = read_first[id(node.value)] = _load(node.value, known)
            if loaded is not None and loaded.hub_id and names_a_model(loaded.loader):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        known[_MODEL + target.id] = _base_model(loaded)
        elif isinstance(node, ast.Call):
            load = read_first[id(node)] if id(node) in read_first else _load(node, known)
            if load is not None:
                found.append(load)
            trained.extend(_saved_as(node))
    return BlockLoads(tuple(found), tuple(trained))


def folder_loads(code: str, folder: str, repository: str) -> list[HubLoad]:
    """The loads of the local folder `folder` in `code` (`DiffusionPipeline.from_pretrained(
    "./stable-diffusion-v1-5")`), as loads of the Hub `repository` a shell fence clones into it: its
    stand-in is what the clone holds."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return []
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        function, path = node.func, _literal(node.args[0], {})
        if isinstance(function, ast.Attribute) and function.attr == "from_pretrained" and path:
            if path.removeprefix("./").strip("/") == folder:
                loader = function.value.id if isinstance(function.value, ast.Name) else "from_pretrained"
                found.append(HubLoad(repository, loader, node.lineno - 1))
    return found


def _load(call: ast.Call, known: dict[str, str]) -> HubLoad | None:
    function = call.func
    line = call.lineno - 1
    if isinstance(function, ast.Attribute) and function.attr == "load_adapter" and call.args:
        # `model.load_adapter("org/adapter")`: transformers' own peft integration, onto `model`.
        name = _literal(call.args[0], known)
        owner = function.value.id if isinstance(function.value, ast.Name) else ""
        base = known.get(_MODEL + owner, "")
        return HubLoad(name, "load_adapter", line, base=base) if name and _is_hub_id(name) else None
    if isinstance(function, ast.Attribute) and function.attr == "from_pretrained":
        loader = function.value.id if isinstance(function.value, ast.Name) else "from_pretrained"
        if loader.startswith("Peft") and call.args:  # PeftModel.from_pretrained(base_model, "org/adapter")
            onto = call.args[0]
            base = known.get(_MODEL + onto.id, "") if isinstance(onto, ast.Name) else ""
            name = _literal(call.args[1], known) if len(call.args) > 1 else _keyword(call, "model_id", known)
            return HubLoad(name, loader, line, base=base) if name and _is_hub_id(name) else None
        name = (
            _literal(call.args[0], known)
            if call.args
            else _keyword(call, "pretrained_model_name_or_path", known)
        )
        return HubLoad(name, loader, line) if name and _is_hub_id(name) else None
    if isinstance(function, ast.Name) and function.id == "load_dataset":
        path = _literal(call.args[0], known) if call.args else _keyword(call, "path", known)
        config = _literal(call.args[1], known) if len(call.args) > 1 else _keyword(call, "name", known)
        if path and _is_hub_id(path) and path not in PACKAGED_BUILDERS:
            return HubLoad(path, "load_dataset", line, config=config or "")
        return None
    if isinstance(function, ast.Name) and function.id == "pipeline":
        task = _literal(call.args[0], known) if call.args else _keyword(call, "task", known)
        model = _keyword(call, "model", known) or (
            _literal(call.args[1], known) if len(call.args) > 1 else None
        )
        if model and _is_hub_id(model):
            return HubLoad(model, "pipeline", line, task or "")
        if task and _TASK.fullmatch(task) and not model and not _has_keyword(call, "model"):
            return HubLoad("", "pipeline", line, task)
    return None


def _literal(node: ast.expr, known: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return known.get(node.id)
    return None


def _keyword(call: ast.Call, name: str, known: dict[str, str]) -> str | None:
    return next((_literal(k.value, known) for k in call.keywords if k.arg == name), None)


def _has_keyword(call: ast.Call, name: str) -> bool:
    return any(k.arg == name for k in call.keywords)


def _is_hub_id(text: str) -> bool:
    return bool(_HUB_ID.fullmatch(text)) and not text.endswith((".json", ".bin", ".safetensors", ".gguf"))


def _plain_loads(code: str) -> list[HubLoad]:
    loads = []
    for match in _PLAIN_CALL.finditer(code):
        loader = match.group("cls") or "pipeline"
        loads.append(HubLoad(match.group("id"), loader, code.count("\n", 0, match.start("id"))))
    return loads


_SAVE_KEYWORDS = ("output_dir", "hub_model_id")
_MODEL = "\0model:"  # prefix of the model names in `block_loads`' strings (no Python name holds \0)


def _saved_as(call: ast.Call) -> list[str]:
    """The names one call saves or pushes a model under (the last part of `org/name` or `out/`)."""
    names = []
    for keyword in call.keywords:
        value = _literal(keyword.value, {}) if keyword.arg in _SAVE_KEYWORDS else None
        if value:
            names.append(value.rstrip("/").rsplit("/", 1)[-1])
    function = call.func
    if isinstance(function, ast.Attribute) and function.attr == "push_to_hub" and call.args:
        value = _literal(call.args[0], {})
        if value:
            names.append(value.rsplit("/", 1)[-1])
    return names
