"""The anchor doc-builder gives an object, so that huggingface.co's links
(`…#accelerate.DataLoaderConfiguration`) land on polydocs' page too, where the page documents it by
another path (`utils.DataLoaderConfiguration`).

doc-builder (`get_shortest_path`) walks from the package down the module that defines the object and
stops at the first module binding its name: `accelerate.utils.dataclasses.DataLoaderConfiguration` is
`accelerate.DataLoaderConfiguration`, a method is its class's anchor and its name. Read here from the
modules griffe loaded: a name bound at run time only (a lazy module's `__getattr__`) is not seen, and the
anchor is then the longer path, which only adds an anchor that no link uses.
"""

from __future__ import annotations

from griffe import Alias, Class, Function, Module, Object

ANCHOR = "doc_builder_anchor"


def doc_builder_anchor(obj: Class | Function) -> str:
    """`package.module.Name(.member)` as doc-builder writes the object's anchor."""
    module = obj.module
    qualified = obj.path[len(module.path) + 1 :]
    short_name = qualified.split(".")[0]
    parts = module.path.split(".")
    current: Object | Alias = obj.package
    index = 0
    while index + 1 < len(parts) and short_name not in current.members:
        index += 1
        found = current.members.get(parts[index])
        if not isinstance(found, Module):
            return obj.path
        current = found
    return ".".join([*parts[: index + 1], qualified])


def mark_doc_builder_anchors(package: Module) -> None:
    """Every class and function of the loaded package, with its doc-builder anchor in `extra`."""
    queue: list[Object] = [package]
    while queue:
        current = queue.pop()
        for member in current.members.values():
            if isinstance(member, Alias):
                continue
            if isinstance(member, (Class, Function)):
                member.extra["polydocs"][ANCHOR] = doc_builder_anchor(member)
            if isinstance(member, (Module, Class)):
                queue.append(member)
