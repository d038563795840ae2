"""The words of the link each page shows to its notebook, per language."""

from __future__ import annotations

from polydocs.sources.languages import SOURCE_LANGUAGE

_DOWNLOAD_NOTEBOOK: dict[str, str] = {
    "en": "Download notebook",
    "es": "Descargar notebook",
    "pt": "Baixar notebook",
}


def notebook_link_label(lang: str) -> str:
    """ "Download notebook" in `lang`; English for a language without its own words."""
    return _DOWNLOAD_NOTEBOOK.get(lang, _DOWNLOAD_NOTEBOOK[SOURCE_LANGUAGE])
