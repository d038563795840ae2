"""A page's `[[autodoc]]` objects as doc-builder documents them: its own page conversion
(`doc_builder.build_doc.resolve_autodoc`) run on the page, each `<docstring>` it writes read into an
`ApiEntry`.

doc-builder writes, per object, `<docstring><name>class pkg.Name</name><anchor>…</anchor><source>…</source>
<parameters>[{"name": …, "val": ": ann = default"}]</parameters><paramsdesc>- **name** (intro) -- text
…</paramsdesc><rettype>…</rettype><retdesc>…</retdesc><raises>- ``Error`` -- when</raises></docstring>`.
"""

from __future__ import annotations

import importlib
import json
import re
from typing import Any

from polydocs.docstrings.api_entries import (
    ApiEntry,
    Described,
    DocumentedParameter,
    SignatureParameter,
    markdown_text,
    signature_text,
)

_DOCSTRING = re.compile(r"<docstring>(.*?)</docstring>", re.S)
_PARAM_ITEM = re.compile(r"^- \*\*(?P<name>.+?)\*\*(?P<intro>.*?) --(?P<text>.*)$")
_RAISE_ITEM = re.compile(r"^- (?P<exception>.+?) -- (?P<text>.*)$")
_AUTODOC = re.compile(r"^\s*\[\[autodoc\]\]\s+(?P<name>\S+)\s*$")
_MEMBER = re.compile(r"^\s+-\s+(?P<name>\S+)\s*$")
_GROUP_TITLE = re.compile(r"<paramsdesc\d+title>.*?</paramsdesc\d+title>", re.S)


def doc_builder_entries(page: str, package: str, version_tag: str) -> dict[str, ApiEntry]:
    """Every object doc-builder documents on the page, by anchor (`accelerate.Accelerator.gather`)."""
    from doc_builder.build_doc import resolve_autodoc

    module = importlib.import_module(package)
    page_info = {"package_name": package, "version_tag": version_tag}
    converted = resolve_autodoc(page, module, return_anchors=True, page_info=page_info)[0]
    entries = (_entry(block) for block in _DOCSTRING.findall(converted))
    return {entry.anchor: entry for entry in entries}


def _tag(block: str, name: str) -> str | None:
    found = re.search(rf"<{name}>(.*?)</{name}>", block, re.S)
    return found[1] if found else None


def _entry(block: str) -> ApiEntry:
    signature: Any = json.loads(_tag(block, "parameters") or "[]") or []
    returns = _described(_tag(block, "rettype"), _tag(block, "retdesc"))
    yields = _described(_tag(block, "yieldtype"), _tag(block, "yielddesc"))
    return ApiEntry(
        anchor=_tag(block, "anchor") or "",
        name=_tag(block, "name") or "",
        source=_tag(block, "source") or "",
        signature=tuple(_signature_parameter(item["name"], item["val"]) for item in signature),
        parameters=_parameters(block),
        returns=returns,
        yields=yields,
        raises=_raises(_tag(block, "raises") or ""),
    )


def _signature_parameter(name: str, val: str) -> SignatureParameter:
    """`": bool = True"` -> annotation `bool`, default `True`."""
    head, _, default = val.partition(" = ")
    annotation = head[1:] if head.startswith(":") else ""
    return SignatureParameter(name, signature_text(annotation), signature_text(default))


def _parameters(block: str) -> tuple[DocumentedParameter, ...]:
    """The items of every `<paramsdescN>` group, in order (group titles are not parameters)."""
    text = "\n".join(re.findall(r"<paramsdesc\d*>(.*?)</paramsdesc\d*>", _GROUP_TITLE.sub("", block), re.S))
    return tuple(
        DocumentedParameter(found["name"], markdown_text(_unparenthesised(found["intro"])), description)
        for found, description in _items(text, _PARAM_ITEM)
    )


def _raises(text: str) -> tuple[Described, ...]:
    return tuple(
        Described(markdown_text(found["exception"]), description)
        for found, description in _items(text, _RAISE_ITEM)
    )


def _items(text: str, item: re.Pattern[str]) -> list[tuple[re.Match[str], str]]:
    """Each `- ` item with its description: its first line's text and the lines up to the next item."""
    items: list[tuple[re.Match[str], list[str]]] = []
    for line in text.split("\n"):
        found = item.match(line)
        if found:
            items.append((found, [found["text"]]))
        elif items:
            items[-1][1].append(line)
    return [(found, markdown_text("\n".join(lines))) for found, lines in items]


def _unparenthesised(intro: str) -> str:
    intro = intro.strip()
    return intro[1:-1] if intro.startswith("(") and intro.endswith(")") else intro


def _described(kind: str | None, description: str | None) -> Described | None:
    if kind is None and description is None:
        return None
    return Described(markdown_text(kind or ""), markdown_text(description or ""))


def doc_builder_anchor(anchor: str, package: str) -> str:
    """The anchor doc-builder gives the object polydocs anchors at `anchor`: the shortest import path of a
    class or function (`accelerate.state.PartialState` -> `accelerate.PartialState`), a member's after it."""
    from doc_builder.autodoc import find_object_in_package, get_shortest_path

    module = importlib.import_module(package)
    parent, _, last = anchor.rpartition(".")
    if parent and isinstance(find_object_in_package(parent, module), type):
        return f"{doc_builder_anchor(parent, package)}.{last}"
    found = find_object_in_package(anchor, module)
    return (get_shortest_path(found, module) if found is not None else None) or anchor


def documentable_page(page: str, package: str) -> tuple[str, list[str]]:
    """The page without the directives doc-builder cannot document with the installed library (it stops
    the page at the first object or member it cannot find), and their names: both sides get this page."""
    from doc_builder.autodoc import find_object_in_package

    module = importlib.import_module(package)
    kept: list[str] = []
    missing: list[str] = []
    lines = page.split("\n")
    index = 0
    while index < len(lines):
        found = _AUTODOC.match(lines[index])
        if found is None:
            kept.append(lines[index])
            index += 1
            continue
        block, index = [lines[index]], index + 1
        while index < len(lines) and (not lines[index].strip() or _MEMBER.match(lines[index])):
            block.append(lines[index])
            index += 1
        members = [
            m["name"] for line in block[1:] if (m := _MEMBER.match(line)) and m["name"] not in ("all", "none")
        ]
        names = [found["name"], *(f"{found['name']}.{member}" for member in members)]
        absent = [name for name in names if find_object_in_package(name, module) is None]
        if absent:
            missing.extend(absent)
        else:
            kept.extend(block)
    return "\n".join(kept), missing
