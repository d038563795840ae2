"""The differences from doc-builder polydocs makes on purpose, or cannot avoid, each with its reason.

A difference matching none of these is unexplained: a polydocs bug, or a new case to justify here and in
docs/markup.md ("Side by side with doc-builder").
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Justification:
    field: str
    reason: str
    applies: Callable[[str, str], bool]


def _unqualified(annotation: str) -> str:
    """Without module prefixes, leading underscores, quotes (forward references, string literals) and a
    trailing comma before a closing bracket."""
    bare = re.sub(r"\b(?:\w+\.)+|\b_+(?=\w)", "", annotation)
    return re.sub(r",(?=\])", "", bare.replace('"', "").replace("'", ""))


def _same_literal(doc_builder: str, polydocs: str) -> bool:
    try:
        return bool(ast.literal_eval(doc_builder) == ast.literal_eval(polydocs))
    except (ValueError, SyntaxError):
        return False


def _names(text: str) -> list[str]:
    return [name for name in text.split(", ") if name]


def _more_parameters(doc_builder: str, polydocs: str) -> bool:
    ours = _names(polydocs)
    theirs = [re.sub(r"\(.*", "", name) for name in _names(doc_builder)]
    if theirs == ours:
        return True
    return set(_names(doc_builder)) < set(ours) and [n for n in ours if n in _names(doc_builder)] == _names(
        doc_builder
    )


_TITLES = re.compile(r"\b(?:Warning|Tip|Note|Important|Caution|(?:Added|Changed|Deprecated) in \S+)\b ?")
_CALLOUT = re.compile(r"\[!(?:TIP|NOTE|WARNING|IMPORTANT|CAUTION)\] ?")

JUSTIFICATIONS: tuple[Justification, ...] = (
    Justification(
        "annotation",
        'griffe reads the annotation as the source writes it (`Tensor`, `PathLike`, `Literal["a"]`, '
        "`list[TrainerCallback]`); doc-builder prints the imported object (`torch.Tensor`, `os.PathLike`, "
        "`Literal['a']`, the forward reference as a string: `list['TrainerCallback']`)",
        lambda theirs, ours: _unqualified(theirs) == _unqualified(ours),
    ),
    Justification(
        "annotation",
        "doc-builder prints only the name of a subscripted typing construct (`Optional` for "
        "`Optional[bool]`, `Union`, `Literal`: `__qualname__` of the alias); polydocs the annotation as the "
        "source writes it (a type alias by its name)",
        lambda theirs, ours: (
            re.fullmatch(r"Optional|Union|Literal|Callable|Annotated|Dict|List|Tuple|Type", theirs)
            is not None
            and bool(ours)
        ),
    ),
    Justification(
        "annotation",
        "doc-builder prints only the name of a subscripted builtin generic (`dict` for `dict[str, Any]`, "
        "`tuple`, `list`: `__qualname__` of the alias); polydocs the whole annotation",
        lambda theirs, ours: re.fullmatch(r"\w+", theirs) is not None and ours.startswith(theirs + "["),
    ),
    Justification(
        "annotation",
        "a type alias (`DataCollator`): polydocs shows the name the source writes, doc-builder what the "
        "alias stands for at run time",
        lambda theirs, ours: re.fullmatch(r"[A-Z]\w*(\|None)?", ours) is not None and "[" in theirs,
    ),
    Justification(
        "default",
        "doc-builder prints the default's repr at run time (`<object object at 0x…>`, an address that "
        "changes every build; `<Enum.NO: 'no'>`; a dataclass field's `<factory>`); polydocs the source's "
        "expression (`_split_batches`, `Enum.NO`, `dict()`)",
        lambda theirs, ours: theirs.startswith("<") and theirs.endswith(">") and bool(ours),
    ),
    Justification(
        "default",
        "doc-builder prints the value a default named in the source has on the machine that builds (a path "
        "under its home folder; `'adamw_torch_fused'` where that torch has it); polydocs the source's name "
        "(`default_json_config_file`, `default_optim`)",
        lambda theirs, ours: re.fullmatch(r"[A-Za-z_][\w.]*(\(.*\))?", ours) is not None and theirs != ours,
    ),
    Justification(
        "source",
        "a function wrapped by `functools.lru_cache` (`is_npu_available`): doc-builder's `inspect` finds no "
        "source for the wrapper and shows no link; griffe reads the `def` and polydocs links it",
        lambda theirs, ours: not theirs and bool(ours),
    ),
    Justification(
        "name",
        "doc-builder names an object by the shortest path along the module that defines it, which is longer "
        "than the path the page documents it by where the object is re-exported from another package "
        "(`peft.tuners.tuners_utils.set_adapter` for `peft.functional.set_adapter`): polydocs shows the "
        "shorter, as readers import it (elsewhere it shows doc-builder's name)",
        lambda theirs, ours: (
            theirs.rsplit(".", 1)[-1] == ours.rsplit(".", 1)[-1] and ours.count(".") < theirs.count(".")
        ),
    ),
    Justification(
        "signature",
        "an Enum: doc-builder prints the signature of calling the Enum class (`value, names, module, …`), "
        "which is not how the class is used; polydocs shows none",
        lambda theirs, ours: theirs.startswith("value, names, module") and not ours,
    ),
    Justification(
        "default",
        "the same literal, written as the source writes it (`\"10GB\"`) rather than as its repr (`'10GB'`)",
        _same_literal,
    ),
    Justification(
        "type",
        "doc-builder ends a parameter's type at its first colon, so a type holding one (`dict of `str`: "
        "[`~X`]`) is cut and the rest runs into the description; polydocs ends it at its closing parenthesis",
        lambda theirs, ours: ":" in ours and ours.startswith(theirs.lstrip("(").rstrip()),
    ),
    Justification(
        "description",
        "the end of a type doc-builder cut at its first colon, shown at the start of its description",
        lambda theirs, ours: "):" in theirs and theirs.split("):", 1)[1].strip() == ours,
    ),
    Justification(
        "type",
        "an unclosed backtick in the docstring (a docstring-malformed warning): shown as written",
        lambda theirs, ours: ours.replace("`", "").replace(" ", "") == theirs.replace(" ", ""),
    ),
    Justification(
        "parameters",
        "a parameter written without a space after its name (`use_gather_object(bool)`, `model: (`type`)`): "
        "doc-builder's list rule reads it as text of the parameter above, polydocs as a parameter",
        _more_parameters,
    ),
    Justification(
        "parameters",
        "the class's `__init__` has a docstring of its own (peft's `XLoraModel`): polydocs (mkdocstrings' "
        "`merge_init_into_class`) shows its parameters after the class's, doc-builder only where the page "
        "lists `- __init__`",
        lambda theirs, ours: ours.startswith(theirs + ", "),
    ),
    Justification(
        "description",
        "doc-builder runs the next parameter (written without a space after its name) into this description",
        lambda theirs, ours: theirs.startswith(ours) and len(theirs) > len(ours),
    ),
    Justification(
        "description",
        "the docstring breaks an HTML tag across lines and starts the second with `>` (peft's "
        "`<a href=...` / `>PiSSA</a>`): Markdown reads a block quote there and polydocs shows the tag as "
        "text; the comparison reads doc-builder's Markdown with the tag removed",
        lambda theirs, ours: "<a href" in ours and "<a href" not in theirs,
    ),
    Justification(
        "description",
        "a `<Tip>`, `> [!TIP]`, `<Added>`, `<Changed>` or `<Deprecated>` inside the description: polydocs "
        "shows it as a note with its title (Tip, Warning, Added in 1.2.0); doc-builder's tag carries no text",
        lambda theirs, ours: _TITLES.sub("", ours) == _CALLOUT.sub("", theirs),
    ),
    Justification(
        "description",
        "text in angle brackets (`<your custom mask function>`, `torch.<device>`, `TERM@<seconds>`): "
        "doc-builder's MDX reads it as a tag and shows nothing (or fails), polydocs shows it as written",
        lambda theirs, ours: (
            re.sub(r" ?<[^<>]*>", "", ours) == re.sub(r" (?=[.,;:])", "", theirs)
            or re.sub(r"<[^<>]*>", "", ours) == theirs
        ),
    ),
)


def reason_for(field: str, doc_builder: str, polydocs: str) -> str:
    """The reason this difference is expected, empty when none is known."""
    for justification in JUSTIFICATIONS:
        if justification.field == field and justification.applies(doc_builder, polydocs):
            return justification.reason
    return ""
