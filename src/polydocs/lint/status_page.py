"""The translation status page: coverage per language and each page's state, in the reader's language."""

from __future__ import annotations

from polydocs.lint.freshness import Freshness, State
from polydocs.sources import KNOWN_LANGUAGES, SOURCE_LANGUAGE, SourceTree

_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Translation status",
        "intro": "How much of the English documentation each language covers. A translation is outdated when "
        "its English page has changed since it was translated.",
        "coverage": "Coverage",
        "language": "Language",
        "current": "Up to date",
        "outdated": "Outdated",
        "untracked": "Not yet reviewed",
        "missing": "Not translated",
        "pages": "Pages",
        "none": "None.",
        "source": "source language",
    },
    "es": {
        "title": "Estado de las traducciones",
        "intro": "Qué parte de la documentación en inglés cubre cada idioma. Una traducción está "
        "desactualizada cuando su página en inglés ha cambiado desde que se tradujo.",
        "coverage": "Cobertura",
        "language": "Idioma",
        "current": "Al día",
        "outdated": "Desactualizadas",
        "untracked": "Sin revisar",
        "missing": "Sin traducir",
        "pages": "Páginas",
        "none": "Ninguna.",
        "source": "idioma original",
    },
    "pt": {
        "title": "Estado das traduções",
        "intro": "Quanto da documentação em inglês cada idioma cobre. Uma tradução está desatualizada quando "
        "sua página em inglês mudou desde que foi traduzida.",
        "coverage": "Cobertura",
        "language": "Idioma",
        "current": "Em dia",
        "outdated": "Desatualizadas",
        "untracked": "Não revisadas",
        "missing": "Não traduzidas",
        "pages": "Páginas",
        "none": "Nenhuma.",
        "source": "idioma original",
    },
}

_ORDER: tuple[State, ...] = ("outdated", "untracked", "missing", "current")


def _text(lang: str, key: str) -> str:
    return _STRINGS.get(lang, _STRINGS["en"])[key]


def _titles(tree: SourceTree, lang: str) -> dict[str, str]:
    """Page titles from the toctrees: the reader's language where it has one, else English."""
    titles: dict[str, str] = {}
    for code in (SOURCE_LANGUAGE, lang):
        toctree = tree.toctrees.get(code)
        if toctree is not None:
            titles.update({entry.local: entry.title for entry in toctree.pages()})
    return titles


def render_status_markdown(tree: SourceTree, freshness: Freshness, lang: str) -> str:
    """The status page of `lang`'s site, meant to sit at the root of its docs (links are `page.md`)."""
    titles = _titles(tree, lang)
    total = len(freshness.english)
    lines = [f"# {_text(lang, 'title')}", "", _text(lang, "intro"), "", f"## {_text(lang, 'coverage')}", ""]
    columns = [
        _text(lang, key) for key in ("language", "current", "outdated", "untracked", "missing", "coverage")
    ]
    lines += ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for code in tree.languages:
        name = KNOWN_LANGUAGES[code].name
        if code == SOURCE_LANGUAGE:
            lines.append(f"| {name} ({_text(lang, 'source')}) | {total} | 0 | 0 | 0 | 100 % |")
            continue
        groups = freshness.pages_by_state(code)
        counts = [len(groups[state]) for state in ("current", "outdated", "untracked", "missing")]
        coverage = round(100 * counts[0] / total) if total else 100
        lines.append(f"| {name} | " + " | ".join(str(c) for c in counts) + f" | {coverage} % |")
    for code in tree.languages:
        if code == SOURCE_LANGUAGE:
            continue
        lines += ["", f"## {KNOWN_LANGUAGES[code].name}"]
        groups = freshness.pages_by_state(code)
        for state in _ORDER:
            lines += ["", f"### {_text(lang, state)} ({len(groups[state])})", ""]
            if not groups[state]:
                lines.append(_text(lang, "none"))
            for local in groups[state]:
                # On the reader's own site every page exists (English fallback included), so links stay local.
                lines.append(f"- [{titles.get(local, local)}]({local}.md)")
    return "\n".join(lines) + "\n"
