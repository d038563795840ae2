"""The questions a page's rendering asked the API inventory, and their answers: part of what a kept
rendering depends on (`rendering_cache.py`).

An answer depends on more than the inventory's settings: on which packages are installed and on their
files (`exists`, `importable`, a name found where it is defined). So the rendering runs with an
`AnsweringInventory`, which notes every question and its answer; a kept rendering is reused only while
the inventory of this run gives every noted question the same answer. No list of what the rendering may
ask is kept here: what it asked is what it read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from polydocs.cache import stable_repr
from polydocs.sources.api_inventory import ApiInventory

# (question, name, answer as `_ANSWERS` writes it)
Answer = tuple[str, str, str]

# Each question the inventory answers, and how its answer is written down. `owner` answers an inventory,
# noted by its package: its own answers, when asked, are noted as they come through this one.
_ANSWERS: dict[str, Callable[[Any], str]] = {
    "owner": lambda inventory: str(inventory.package),
    "qualified": str,
    "full_name": str,
    "resolve": stable_repr,
    "importable": repr,
    "exists": repr,
}


@dataclass(frozen=True)
class AnsweringInventory(ApiInventory):
    """`inventory`'s answers, each noted in `answers` as it is given."""

    answers: dict[tuple[str, str], str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, inventory: ApiInventory) -> AnsweringInventory:
        return cls(**{item.name: getattr(inventory, item.name) for item in fields(ApiInventory)})

    def noted(self) -> list[Answer]:
        return [(question, name, answer) for (question, name), answer in sorted(self.answers.items())]

    def _note(self, question: str, name: str, answer: Any) -> Any:
        self.answers[question, name] = _ANSWERS[question](answer)
        return answer

    def owner(self, name: str) -> ApiInventory:
        return self._note("owner", name, super().owner(name))  # type: ignore[no-any-return]

    def qualified(self, name: str) -> str:
        return self._note("qualified", name, super().qualified(name))  # type: ignore[no-any-return]

    def full_name(self, name: str) -> str:
        return self._note("full_name", name, super().full_name(name))  # type: ignore[no-any-return]

    def resolve(self, name: str) -> Any:
        return self._note("resolve", name, super().resolve(name))

    def importable(self, name: str = "") -> bool:
        return self._note("importable", name, super().importable(name))  # type: ignore[no-any-return]

    def exists(self, name: str) -> bool:
        return self._note("exists", name, super().exists(name))  # type: ignore[no-any-return]


def still_answered(inventory: ApiInventory, answers: list[Answer]) -> bool:
    """Whether `inventory` gives each noted question the noted answer (a question it does not know, from
    another polydocs, is a change too)."""
    for question, name, answer in answers:
        if question not in _ANSWERS:
            return False
        if _ANSWERS[question](getattr(inventory, question)(name)) != answer:
            return False
    return True


def asked_questions() -> frozenset[str]:
    """Every question an `AnsweringInventory` notes."""
    return frozenset(_ANSWERS)
