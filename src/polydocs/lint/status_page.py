"""The translation status page: coverage per language and each page's state, in the reader's language."""

from __future__ import annotations

import html
import re
from urllib.parse import quote

from polydocs.sources import SOURCE_LANGUAGE, Language, SourceTree
from polydocs.sources.freshness import State

_ORDER: tuple[State, ...] = ("in-progress", "outdated", "untracked", "missing", "current")
_COUNTED: tuple[State, ...] = ("current", "in-progress", "outdated", "untracked", "missing")
# What would make Markdown of a title: its emphasis, code, links and images, and the escape itself.
_MARKDOWN_SYNTAX = re.compile(r"([\\`*_\[\]()!])")


def _shown(tree: SourceTree, states: tuple[State, ...]) -> tuple[State, ...]:
    """`in-progress` only where a translation was started (`polydocs translate`) and not marked since."""
    started = any(tree.freshness.pages_by_state(code)["in-progress"] for code in tree.languages)
    return states if started else tuple(state for state in states if state != "in-progress")


def _text(reader: Language, key: str) -> str:
    return reader.text(f"status.{key.replace('-', '_')}")  # a state's name is its key: in-progress


def _titles(tree: SourceTree, lang: str) -> dict[str, str]:
    """Page titles from the toctrees: the reader's language where it has one, else English."""
    titles: dict[str, str] = {}
    for code in (SOURCE_LANGUAGE, lang):
        toctree = tree.toctrees.get(code)
        if toctree is not None:
            titles.update({entry.local: entry.title for entry in toctree.pages()})
    return titles


def _as_text(text: str) -> str:
    """A toctree title or a page's name (contributors' text) as Markdown that shows it as written: its
    HTML escaped, its Markdown syntax escaped (the status page is the site's, and is not sanitised)."""
    return _MARKDOWN_SYNTAX.sub(r"\\\1", html.escape(text, quote=False))


def render_status_markdown(tree: SourceTree, reader: Language) -> str:
    """The status page of `reader`'s site, meant to sit at the root of its docs (links are `page.md`)."""
    freshness = tree.freshness
    titles = _titles(tree, reader.folder)
    total = len(freshness.english)
    counted, order = _shown(tree, _COUNTED), _shown(tree, _ORDER)
    lines = [
        # A page for maintainers and translators, not an answer to readers' searches.
        "---",
        "search:",
        "  exclude: true",
        "---",
        "",
        f"# {_text(reader, 'title')}",
        "",
        _text(reader, "intro"),
        "",
        f"## {_text(reader, 'coverage')}",
        "",
    ]
    columns = [_text(reader, key) for key in ("language", *counted, "coverage")]
    lines += ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for code in tree.languages:
        name = tree.language(code).autonym
        if code == SOURCE_LANGUAGE:
            lines.append(
                f"| {name} ({_text(reader, 'source')}) | {total} |" + " 0 |" * (len(counted) - 1) + " 100 % |"
            )
            continue
        groups = freshness.pages_by_state(code)
        counts = [len(groups[state]) for state in counted]
        coverage = round(100 * counts[0] / total) if total else 100
        lines.append(f"| {name} | " + " | ".join(str(c) for c in counts) + f" | {coverage} % |")
    for code in tree.languages:
        if code == SOURCE_LANGUAGE:
            continue
        lines += ["", f"## {tree.language(code).autonym}"]
        groups = freshness.pages_by_state(code)
        for state in order:
            lines += ["", f"### {_text(reader, state)} ({len(groups[state])})", ""]
            if not groups[state]:
                lines.append(_text(reader, "none"))
            for local in groups[state]:
                # On the reader's own site every page exists (English fallback included), so links stay local.
                lines.append(f"- [{_as_text(titles.get(local, local))}]({quote(local)}.md)")
    return "\n".join(lines) + "\n"
