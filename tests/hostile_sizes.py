"""Inputs that cost a tool more than their size: aliases that multiply, nesting that recurses, lines that
make a pattern try every split. Shared by the unit tests of each rule and the end-to-end ones."""

from __future__ import annotations


def alias_bomb(levels: int) -> str:
    """The billion laughs as YAML: each level lists the one before nine times (a 600-byte, 8-level one made
    a 264 MB page)."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 9)}]" for n in range(1, levels + 1)]
    return "\n".join([*lines, f"title: *a{levels}"]) + "\n"


def deep_toctree(levels: int) -> str:
    """Sections nested `levels` deep, in block style."""
    return "".join(f"{'  ' * n}- title: S{n}\n{'  ' * n}  sections:\n" for n in range(levels))
