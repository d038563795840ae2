"""polydocs' API entries against doc-builder's, field by field: how many agree, and each difference with
the reason it is expected (`justifications.py`) or none (a polydocs bug to fix).

Fields compared per object: `anchor` (objects are paired by the object, see `side_by_side.py`),
`name`, `source`, the signature's parameter names (`signature`), and the docstring's parameter names
(`parameters`), `returns`, `yields`, `raises`; per signature parameter its `annotation` and `default`;
per documented parameter the parenthesis after its name (`type`: type, *optional*, default) and its
`description`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from polydocs.docstrings.api_entries import ApiEntry, Described, DocumentedParameter
from polydocs.docstrings.justifications import reason_for

FIELDS = (
    "anchor",
    "name",
    "source",
    "signature",
    "annotation",
    "default",
    "parameters",
    "type",
    "description",
    "returns",
    "yields",
    "raises",
)


@dataclass(frozen=True)
class Difference:
    """One field of one object (`where`: its anchor, with the parameter for per-parameter fields)."""

    where: str
    field: str
    doc_builder: str
    polydocs: str
    reason: str = ""


@dataclass
class Agreement:
    compared: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIELDS, 0))
    agreeing: dict[str, int] = field(default_factory=lambda: dict.fromkeys(FIELDS, 0))
    differences: list[Difference] = field(default_factory=list)
    only_doc_builder: list[str] = field(default_factory=list)
    only_polydocs: list[str] = field(default_factory=list)
    # Objects or members the pages name that the installed library lacks: documented by neither.
    not_installed: list[str] = field(default_factory=list)

    @property
    def unexplained(self) -> list[Difference]:
        return [difference for difference in self.differences if not difference.reason]


def compare_entries(doc_builder: dict[str, ApiEntry], polydocs: dict[str, ApiEntry]) -> Agreement:
    """Every object doc-builder documents, compared with the same anchor on polydocs' page."""
    agreement = Agreement()
    agreement.only_doc_builder = sorted(set(doc_builder) - set(polydocs))
    agreement.only_polydocs = sorted(set(polydocs) - set(doc_builder))
    for anchor in sorted(set(doc_builder) & set(polydocs)):
        for where, name, theirs, ours in _pairs(doc_builder[anchor], polydocs[anchor]):
            agreement.compared[name] += 1
            if theirs == ours:
                agreement.agreeing[name] += 1
            else:
                agreement.differences.append(
                    Difference(where, name, theirs, ours, reason_for(name, theirs, ours))
                )
    return agreement


def _pairs(theirs: ApiEntry, ours: ApiEntry) -> Iterator[tuple[str, str, str, str]]:
    """(where, field, doc-builder's text, polydocs' text) for every compared field of one object."""
    anchor = theirs.anchor
    yield anchor, "anchor", theirs.anchor, ours.anchor
    yield anchor, "name", theirs.name, ours.name
    yield anchor, "source", theirs.source, ours.source
    yield anchor, "signature", _names(theirs.signature), _names(ours.signature)
    our_signature = {parameter.name: parameter for parameter in ours.signature}
    for signed in theirs.signature:
        other = our_signature.get(signed.name)
        if other is not None:
            where = f"{anchor}({signed.name})"
            yield where, "annotation", signed.annotation, other.annotation
            yield where, "default", signed.default, other.default
    yield anchor, "parameters", _names(theirs.parameters), _names(ours.parameters)
    # The first of a name: a class's own docstring before its `__init__`'s, which polydocs shows after it.
    our_parameters: dict[str, DocumentedParameter] = {}
    for parameter in ours.parameters:
        our_parameters.setdefault(parameter.name, parameter)
    for documented in theirs.parameters:
        found = our_parameters.get(documented.name)
        if found is not None:
            where = f"{anchor}.{documented.name}"
            yield where, "type", documented.intro, found.intro
            yield where, "description", documented.description, found.description
    yield anchor, "returns", _described(theirs.returns), _described(ours.returns)
    yield anchor, "yields", _described(theirs.yields), _described(ours.yields)
    yield (
        anchor,
        "raises",
        " | ".join(map(_described, theirs.raises)),
        " | ".join(map(_described, ours.raises)),
    )


def _names(items: tuple[object, ...]) -> str:
    return ", ".join(getattr(item, "name", "") for item in items)


def _described(described: Described | None) -> str:
    if described is None:
        return ""
    return f"{described.kind} :: {described.description}" if described.kind else described.description
