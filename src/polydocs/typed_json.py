"""Dataclasses to JSON and back: `dataclasses.asdict` writes them, `load` reads them, checking every field.

What is read may come from an older polydocs, a damaged disk or a hostile page (a snippet session can
write its own result file), so nothing is trusted: a value of the wrong shape raises `JsonShapeError`
naming where it is, and the caller treats that as "no data", never as a crash further on.
"""

from __future__ import annotations

import dataclasses
import types
from functools import cache
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

T = TypeVar("T")

_SCALARS = (str, int, bool, type(None))


class JsonShapeError(ValueError):
    """The data does not have the shape of the type it is read as."""


def load(kind: type[T], data: Any) -> T:
    """`data` (parsed JSON) read as `kind`: a dataclass, `list[X]`, `tuple[X, ...]`, `dict[str, X]`, ..."""
    return _read(kind, data, "$")  # type: ignore[no-any-return]


def _read(kind: Any, data: Any, where: str) -> Any:
    if kind is Any or kind is object:
        return data
    if dataclasses.is_dataclass(kind):
        return _read_dataclass(kind, data, where)
    origin = get_origin(kind)
    if origin is not None:
        if origin not in _READERS:
            raise TypeError(f"typed_json cannot read {kind}")  # a programming error, not bad data
        return _READERS[origin](get_args(kind), data, where)
    if kind is float and type(data) in (int, float):
        return float(data)
    if kind in _SCALARS and type(data) is kind:
        return data
    raise JsonShapeError(f"{where}: expected {getattr(kind, '__name__', kind)}, found {type(data).__name__}")


def _read_dataclass(kind: Any, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise JsonShapeError(f"{where}: expected an object for {kind.__name__}")
    hints = _field_types(kind)
    unknown = set(data) - set(hints)
    if unknown:
        raise JsonShapeError(f"{where}: {kind.__name__} has no field {sorted(unknown)[0]!r}")
    missing = [name for name in _required_fields(kind) if name not in data]
    if missing:
        raise JsonShapeError(f"{where}: {kind.__name__} needs {missing[0]!r}")
    return kind(**{name: _read(hints[name], value, f"{where}.{name}") for name, value in data.items()})


@cache
def _field_types(kind: type) -> dict[str, Any]:
    hints = get_type_hints(kind)
    return {f.name: hints[f.name] for f in dataclasses.fields(kind) if f.init}


@cache
def _required_fields(kind: type) -> tuple[str, ...]:
    return tuple(
        f.name
        for f in dataclasses.fields(kind)
        if f.init and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )


def _read_list(args: tuple[Any, ...], data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise JsonShapeError(f"{where}: expected a list")
    return [_read(args[0], item, f"{where}[{index}]") for index, item in enumerate(data)]


def _read_tuple(args: tuple[Any, ...], data: Any, where: str) -> tuple[Any, ...]:
    """`tuple[X, ...]` or `tuple[A, B]`; JSON has only lists, which `asdict` made of the tuples."""
    if not isinstance(data, list | tuple):
        raise JsonShapeError(f"{where}: expected a list")
    kinds = [args[0]] * len(data) if len(args) == 2 and args[1] is Ellipsis else list(args)
    if len(kinds) != len(data):
        raise JsonShapeError(f"{where}: expected {len(kinds)} items, found {len(data)}")
    return tuple(
        _read(k, item, f"{where}[{index}]") for index, (k, item) in enumerate(zip(kinds, data, strict=True))
    )


def _read_dict(args: tuple[Any, ...], data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, dict) or not all(isinstance(key, str) for key in data):
        raise JsonShapeError(f"{where}: expected an object")
    return {key: _read(args[1], value, f"{where}.{key}") for key, value in data.items()}


def _read_union(args: tuple[Any, ...], data: Any, where: str) -> Any:
    for kind in args:
        try:
            return _read(kind, data, where)
        except JsonShapeError:
            continue
    raise JsonShapeError(f"{where}: {type(data).__name__} is none of {', '.join(map(str, args))}")


def _read_literal(args: tuple[Any, ...], data: Any, where: str) -> Any:
    if any(type(data) is type(allowed) and data == allowed for allowed in args):
        return data
    raise JsonShapeError(f"{where}: {data!r} is not one of {', '.join(map(repr, args))}")


_READERS = {
    list: _read_list,
    tuple: _read_tuple,
    dict: _read_dict,
    Union: _read_union,
    types.UnionType: _read_union,
    Literal: _read_literal,
}
