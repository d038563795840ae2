"""The languages polydocs knows: names, search stemmers and the words the site shows readers."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Language:
    """A documentation language and the strings polydocs puts on its pages."""

    code: str
    name: str
    # Material's theme language and lunr stemmer for this language.
    theme_language: str
    search_language: str
    strings: dict[str, str] = field(default_factory=dict)

    def text(self, key: str, **values: str) -> str:
        template = self.strings.get(key) or ENGLISH_STRINGS[key]
        return template.format(**values)


ENGLISH_STRINGS = {
    "note": "Note",
    "tip": "Tip",
    "important": "Important",
    "warning": "Warning",
    "caution": "Caution",
    "untranslated_title": "Not translated yet",
    "untranslated_body": "This page has not been translated into {language} yet; it is shown in English.",
    "outdated_title": "Outdated translation",
    "outdated_body": "The [English page]({english_url}) has changed since this translation was made.",
    "embed_link": "Open the embedded content in a new tab",
    "embed_load": "Load the embedded content from {host}",
    "not_found": "Page not found",
    "languages": "Languages",
    "choose_language": "Choose a language",
    "status": "Translation status",
}

_SPANISH_STRINGS = {
    "note": "Nota",
    "tip": "Consejo",
    "important": "Importante",
    "warning": "Advertencia",
    "caution": "Precaución",
    "untranslated_title": "Aún no traducida",
    "untranslated_body": "Esta página aún no está traducida al {language}; se muestra en inglés.",
    "outdated_title": "Traducción desactualizada",
    "outdated_body": "La [página en inglés]({english_url}) ha cambiado desde que se hizo esta traducción.",
    "embed_link": "Abrir el contenido incrustado en una pestaña nueva",
    "embed_load": "Cargar el contenido incrustado de {host}",
    "not_found": "Página no encontrada",
    "languages": "Idiomas",
    "choose_language": "Elige un idioma",
    "status": "Estado de las traducciones",
}

_PORTUGUESE_STRINGS = {
    "note": "Nota",
    "tip": "Dica",
    "important": "Importante",
    "warning": "Aviso",
    "caution": "Cuidado",
    "untranslated_title": "Ainda não traduzida",
    "untranslated_body": "Esta página ainda não foi traduzida para o {language}; ela é exibida em inglês.",
    "outdated_title": "Tradução desatualizada",
    "outdated_body": "A [página em inglês]({english_url}) mudou desde que esta tradução foi feita.",
    "embed_link": "Abrir o conteúdo incorporado em uma nova aba",
    "embed_load": "Carregar o conteúdo incorporado de {host}",
    "not_found": "Página não encontrada",
    "languages": "Idiomas",
    "choose_language": "Escolha um idioma",
    "status": "Estado das traduções",
}

KNOWN_LANGUAGES: dict[str, Language] = {
    "en": Language("en", "English", "en", "en", ENGLISH_STRINGS),
    "es": Language("es", "Español", "es", "es", _SPANISH_STRINGS),
    "pt": Language("pt", "Português", "pt", "pt", _PORTUGUESE_STRINGS),
    "fr": Language("fr", "Français", "fr", "fr"),
    "de": Language("de", "Deutsch", "de", "de"),
    "it": Language("it", "Italiano", "it", "it"),
    "ja": Language("ja", "日本語", "ja", "ja"),
    "ko": Language("ko", "한국어", "ko", "ko"),
    "zh": Language("zh", "中文", "zh", "zh"),
    "hi": Language("hi", "हिन्दी", "hi", "hi"),
    "tr": Language("tr", "Türkçe", "tr", "tr"),
    "ar": Language("ar", "العربية", "ar", "ar"),
    "te": Language("te", "తెలుగు", "te", "te"),
}

SOURCE_LANGUAGE = "en"


def language(code: str) -> Language:
    """The known language with this code; KeyError when polydocs does not know it."""
    return KNOWN_LANGUAGES[code]
