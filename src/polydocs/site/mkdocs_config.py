"""The MkDocs configuration of one language's build, generated from the source tree."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from markupsafe import escape
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

from polydocs.dialect import parse_page
from polydocs.dialect.constructs.framework_switch import switches_framework
from polydocs.dialect.heading_anchors import heading_without_anchor
from polydocs.dialect.site_inventory import site_inventory
from polydocs.docstrings import EXTENSION, TEMPLATES, source_base
from polydocs.markup import extension_configs, markdown_extensions
from polydocs.markup.autodoc import autodoc_objects
from polydocs.site.build_theme import BuildTheme
from polydocs.site.nav import build_nav
from polydocs.site.theme_languages import (
    interface_language,
    search_language,
    search_separator,
    searches_word_forms,
)
from polydocs.sources import SOURCE_LANGUAGE, Language, SourceTree
from polydocs.sources.autodoc_slices import AutodocSlice, autodoc_slices
from polydocs.sources.project import ProjectConfig
from polydocs.sources.published_files import unpublished_patterns

if TYPE_CHECKING:
    from polydocs.site.language_parts import LanguagePart
    from polydocs.site.page_preview import PagePreview
    from polydocs.site.versions import SiteVersions

THEME_DIR = Path(__file__).parent / "theme"


def _theme(language: Language, features: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "name": "material",
        # English where Material has no translation (build_site warns once per language).
        "language": interface_language(language),
        # The theme's `partials/language.html` has pages say this tag, not the translation's.
        "polydocs_lang": language.tag,
        "direction": language.direction,
        "custom_dir": str(THEME_DIR),
        # Google Fonts would be a third-party request on every page load: use the system fonts.
        "font": False,
        "features": [
            "content.code.copy",
            "navigation.sections",
            # Only the navigation a reader can see from the page: its top-level sections with their
            # entries, and the sections above the page opened; a closed section is a link to its first
            # page. Rendering the whole navigation into every page made a language's cost grow with
            # pages times navigation size, and most of each page's weight (docs/performance.md).
            "navigation.prune",
            "navigation.top",
            "navigation.footer",
            "search.highlight",
            "search.suggest",
            "toc.follow",
            *features,
        ],
        "palette": [
            {
                "media": "(prefers-color-scheme: light)",
                "scheme": "default",
                "toggle": {"icon": "material/brightness-7", "name": "Dark mode"},
            },
            {
                "media": "(prefers-color-scheme: dark)",
                "scheme": "slate",
                "toggle": {"icon": "material/brightness-4", "name": "Light mode"},
            },
        ],
    }


_TITLE = re.compile(r"^#[ ]+(?P<title>.+?)[ ]*$")


def site_name(tree: SourceTree, lang: str) -> str:
    """The name readers see: polydocs.yml's `site_name`, else the library the tree documents (when
    something names it: `sources/library.py`), else the title of the English index (or first) page; the
    bare default only when nothing better is known."""
    project = tree.project
    if project.site_name != ProjectConfig().site_name:
        return project.name_in(lang)
    if not tree.library.assumed:
        return tree.library.name
    return _first_page_title(tree) or project.name_in(lang)


def _first_page_title(tree: SourceTree) -> str:
    pages = tree.pages.get(SOURCE_LANGUAGE, {})
    page = pages.get("index") or next(iter(pages.values()), None)
    if page is None:
        return ""
    for _, line in parse_page(page.read()).outside_code():
        title = _TITLE.match(heading_without_anchor(line))
        if title is not None:
            return title["title"].strip()
    return ""


def _page_features(tree: SourceTree, lang: str) -> tuple[str, ...]:
    """Theme features only some sites need. Linked tabs where pages switch framework (`{#if fw ...}`):
    choosing TensorFlow once shows it in every tab labelled so, on this page and the next."""
    texts = (page.read() for page in tree.site_pages(lang).values())
    return ("content.tabs.link",) if any(map(switches_framework, texts)) else ()


def _named_markdown_extensions() -> list[dict[str, Any]]:
    """The standard extensions, by name with their settings; the plugin adds the dialect's instances."""
    configs = extension_configs()
    return [{name: configs.get(name, {})} for name in markdown_extensions() if isinstance(name, str)]


# Hugging Face docstrings are read by our griffe extension (`polydocs.docstrings`: doc-builder's
# conventions, its problems reported at the docstring's line) and rendered by our templates as
# doc-builder shows them: `class package.Name`, its source link and signature (with `__init__`'s
# parameters and their annotations and defaults), parameters as a definition list. The source of each
# method is not inlined (as on huggingface.co): for `Trainer` it made a 2.2 MB page, a third of a cold
# corpus build's highlighting and search indexing.
_MKDOCSTRINGS: dict[str, Any] = {
    "default_handler": "python",
    "custom_templates": str(TEMPLATES),
    "handlers": {
        "python": {
            "options": {
                "docstring_style": "google",
                "docstring_options": {"warnings": False},
                "show_source": False,
                "merge_init_into_class": True,
                "separate_signature": True,
                "show_signature_annotations": True,
                "show_root_full_path": True,
                "line_length": 88,
            }
        }
    },
}


def mkdocstrings_settings(slices: list[AutodocSlice], source_url: str = "") -> dict[str, Any]:
    """mkdocstrings' settings, its Python handler pointed at the slices of the packages the pages document,
    with our griffe extension told where each package's source is published (`source_url` of
    `polydocs.yml` for every package, else each package's metadata)."""
    python = _MKDOCSTRINGS["handlers"]["python"]
    found = [str(found.path) for found in slices if found.path]
    paths = {"paths": found} if found else {}
    bases = {found.package: source_base(found.package, source_url) for found in slices}
    extension = {EXTENSION: {"source_bases": {package: base for package, base in bases.items() if base}}}
    options = {**python["options"], "extensions": [extension]}
    return {**_MKDOCSTRINGS, "handlers": {"python": {**python, **paths, "options": options}}}


def mkdocs_settings(
    tree: SourceTree,
    lang: str,
    site_dir: Path,
    cache: Path | None = None,
    versions: tuple[SiteVersions, str] | None = None,
    unchanged_pages: list[str] | None = None,
    part: LanguagePart | PagePreview | None = None,
) -> dict[str, Any]:
    """Plain settings for one language: its pages, nav, theme language, search stemmer and our plugin;
    with `versions` (the output's versions and the one being built), the version selector's data; with
    `unchanged_pages`, the pages not to render again (none where pages document objects: autorefs
    resolves their cross-references across pages once every page is rendered); with `part`, the share
    of the language's pages this build renders (`language_parts.py`), or the pages it previews alone
    (`page_preview.py`)."""
    project = tree.project
    prefix = f"{versions[1]}/" if versions else ""
    site_url = f"{project.site_url.rstrip('/')}/{prefix}{lang}/" if project.site_url else ""
    api = site_inventory(project, tree)  # handed to the plugin too: it reads the tree's reference pages
    slices = autodoc_slices(autodoc_objects(tree, lang, api))
    language = tree.language(lang)
    return {
        # Escaped once: the theme prints the name as HTML in places (the header, the navigation), and
        # it may be a page's title (`site_name`); `Markup` is not escaped again where the theme does.
        "site_name": escape(site_name(tree, lang)),
        "site_description": project.site_description or None,
        "site_url": site_url or None,
        "repo_url": project.repo_url or None,
        "copyright": project.copyright or None,
        "docs_dir": str(tree.folder(lang)),
        "site_dir": str(site_dir),
        "use_directory_urls": True,
        "nav": [*build_nav(tree, lang), {language.text("status.title"): "status.md"}],
        "exclude_docs": unpublished_patterns(tree.single_language),
        "theme": _theme(language, _page_features(tree, lang)),
        "plugins": [
            {
                "polydocs": {
                    "source_root": str(tree.root),
                    "sources": tree,
                    "api": api,
                    "lang": lang,
                    "cache_dir": str(cache or ""),
                    "search_lang": [search_language(language)],
                    "search_separator": search_separator(language),
                    "undocumentable": sorted(set().union(*(found.undocumentable for found in slices))),
                    "unchanged_pages": [] if slices else [f"{local}.md" for local in unchanged_pages or []],
                    "rendered_elsewhere": part.rendered_elsewhere(tree) if part else [],
                    "writes_language_files": part is None or part.first,
                    "converts_every_page": part is None or part.converts_every_page,
                }
            },
            # `[[autodoc]] module.Object` becomes a mkdocstrings `::: module.Object` block; the plugin is
            # loaded only for languages whose pages use it (it is slow to start).
            *([{"mkdocstrings": mkdocstrings_settings(slices, project.source_url)}] if slices else []),
        ],
        "markdown_extensions": _named_markdown_extensions(),
        "extra_javascript": [
            "assets/polydocs/polydocs.js",
            *(["assets/polydocs/versions.js"] if versions else []),
        ],
        "extra": {
            # Material keeps a reader's choices (palette, linked content tabs, a dismissed announcement)
            # in localStorage under a scope, by default the language's root: a reader who chose dark mode
            # on /en/ got light again on /es/. The scope is the output's root instead (above the versions
            # too), as this path climbs from the language's root (`partials/javascripts/base.html`).
            "polydocs_storage_root": "../../" if versions else "../",
            # The page's search worker is polydocs-search.js around Material's (theme's main.html).
            "polydocs_search_forms": searches_word_forms(language),
            **({"polydocs_versions": _version_data(versions, language)} if versions else {}),
        },
        # Our own extensions report missing pages and links with path:line; MkDocs' own checks would
        # repeat them without a line.
        "validation": {
            "nav": {"omitted_files": "info", "not_found": "warn", "absolute_links": "info"},
            "links": {
                "not_found": "info",
                "anchors": "info",
                "absolute_links": "info",
                "unrecognized_links": "info",
            },
        },
    }


def _version_data(versions: tuple[SiteVersions, str], language: Language) -> dict[str, Any]:
    """What the theme's version selector and old-version banner read, in the page's language."""
    site_versions, current = versions
    strings = {
        "old_version": language.text("banner.old_version", version=current),
        "old_version_link": language.text("banner.old_version_link"),
        "select_version": language.text("banner.select_version"),
    }
    return {**site_versions.to_template(current, language.folder), "strings": strings}


def load_mkdocs_config(
    settings: dict[str, Any], config_path: Path, cache: Path | None = None
) -> MkDocsConfig:
    """Validate the generated settings exactly as MkDocs validates an `mkdocs.yml`; the theme MkDocs
    made from them is then the build's (`build_theme.py`), its compiled templates kept in `cache` (the
    one the settings were made with)."""
    stream = io.StringIO(yaml.safe_dump({"site_name": str(settings["site_name"])}))
    stream.name = str(config_path)
    config = load_config(config_file=stream, config_file_path=str(config_path), **settings)
    config.theme = BuildTheme.adopting(config.theme, cache)
    return config
