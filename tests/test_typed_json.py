"""Dataclasses back from JSON, every field checked."""

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import pytest

from polydocs.typed_json import JsonShapeError, load


@dataclass(frozen=True)
class Point:
    line: int
    label: str = ""


@dataclass(frozen=True)
class Shape:
    points: tuple[Point, ...]
    kind: Literal["open", "closed"]
    weight: float
    anchor: Point | None = None
    pair: tuple[int, str] = (0, "")
    extra: dict[str, Any] = field(default_factory=dict)


SHAPE = Shape((Point(3, "a"), Point(4)), "closed", 1.5, Point(9), (2, "b"), {"n": [1, None]})


def test_asdict_then_json_then_load_gives_the_same_dataclass() -> None:
    assert load(Shape, json.loads(json.dumps(asdict(SHAPE)))) == SHAPE


def test_defaults_fill_missing_fields_and_an_int_is_a_float() -> None:
    assert load(Shape, {"points": [], "kind": "open", "weight": 2}) == Shape((), "open", 2.0)


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"points": [{"line": "3"}], "kind": "open", "weight": 1}, r"\$\.points\[0\]\.line"),
        ({"points": [{"line": True}], "kind": "open", "weight": 1}, "line"),
        ({"points": [], "kind": "half", "weight": 1}, "kind"),
        ({"points": [], "kind": "open"}, "needs 'weight'"),
        ({"points": [], "kind": "open", "weight": 1, "colour": "red"}, "no field 'colour'"),
        ({"points": [], "kind": "open", "weight": 1, "pair": [1]}, "expected 2 items"),
        ({"points": {}, "kind": "open", "weight": 1}, "points"),
        ([], r"\$"),
    ],
    ids=[
        "str-for-int",
        "bool-for-int",
        "literal",
        "missing",
        "unknown",
        "tuple-length",
        "dict-for-list",
        "root",
    ],
)
def test_a_wrong_shape_names_where_it_is(data: object, where: str) -> None:
    with pytest.raises(JsonShapeError, match=where):
        load(Shape, data)


def test_plain_type_expressions_can_be_read() -> None:
    assert load(list[str], ["a"]) == ["a"]
    assert load(dict[str, object], {"a": {"b": 1}}) == {"a": {"b": 1}}
    with pytest.raises(JsonShapeError):
        load(list[str], ["a", 1])
