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


def nested_list(levels: int) -> str:
    return "\n".join("  " * n + "- item" for n in range(levels)) + "\n"


def nested_quotes(levels: int) -> str:
    return "\n".join("> " * n + "quote" for n in range(1, levels + 1)) + "\n"


def nested_tags(levels: int, opening: str = "<div>", closing: str = "</div>", sep: str = "") -> str:
    return sep.join([opening] * levels) + sep + "text" + sep + sep.join([closing] * levels) + "\n"


def nested_components(levels: int) -> str:
    return nested_tags(levels, '<hfoptions id="a">\n<hfoption id="b">\n', "</hfoption>\n</hfoptions>\n", "\n")


def nested_brackets(levels: int) -> str:
    return "[" * levels + "text" + "](x)" * levels + "\n"


def unterminated_tags(count: int) -> str:
    """Paragraphs that each open a tag and never close it: html.parser reads from each to the end."""
    return "<a href=x\n\n" * count
