"""Recording the calls of one object's method for a while, the object's class and other objects untouched."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def calls_recorded(
    owner: object, method: str, record: Callable[[dict[str, Any]], None], applied: bool = True
) -> Iterator[None]:
    """`owner.method` hands each call's arguments, by name, to `record` before doing its work (none when
    not `applied`), until the block ends. An attribute of that one object, removed again: the class and
    other objects are untouched."""
    original = getattr(owner, method)
    signature = inspect.signature(original)
    shadowed = method in vars(owner)

    def recorded(*args: Any, **kwargs: Any) -> Any:
        record(signature.bind(*args, **kwargs).arguments)
        return original(*args, **kwargs) if applied else None

    setattr(owner, method, recorded)
    try:
        yield
    finally:
        if shadowed:
            setattr(owner, method, original)
        else:
            delattr(owner, method)
