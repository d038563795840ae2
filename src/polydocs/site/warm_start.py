"""What every language process pays on its first page, paid once in the build's process before it forks.

A language built in a fresh process spent about 0.6 s more than the same language built after another
one (docs_src, 2 cores): loading MkDocs' configuration imports the plugins and Markdown extensions,
Material's templates are compiled, Pygments compiles a lexer's rules on its first block, nbformat builds
its schema validator on the first notebook. Forked processes inherit all of it from the build's process.
"""

from __future__ import annotations

import multiprocessing
import re
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.process import BaseProcess
from pathlib import Path

from jinja2 import TemplateNotFound, meta
from mkdocs.config.defaults import MkDocsConfig
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from polydocs.dialect.fence_lines import fence_opening
from polydocs.notebooks.doc_builder_adapter import notebook_json
from polydocs.site.build_theme import (
    TEMPLATES,
    RememberedTemplates,
    remember_templates_of,
    template_bytecode_cache,
    write_remembered_templates,
)
from polydocs.site.mkdocs_config import load_mkdocs_config, mkdocs_settings
from polydocs.sources import SourceTree

# The templates MkDocs renders itself: every page's, and the theme's static ones (Material's 404 page).
PAGE_TEMPLATE = "main.html"
# A fence's language, from its info string: `py`, `bash`, `python title="x"`, `{.python}`.
# From the start of a run of blanks only (read from each of its blanks, the run was read again to its end).
_LANGUAGE = re.compile(r"(?<![{.\s])[{.\s]*+([\w+-]++)")


@contextmanager
def warm_start(
    tree: SourceTree, lang: str, site_dir: Path, cache: Path | None, converting: bool
) -> Iterator[None]:
    """Import and compile in this process what `lang`'s build (and every other's) first needs; the
    lexers and the notebook validator only when pages are `converting` (else they come from the cache).
    The templates are compiled into the cache by a process forked for it while this one goes on with
    the rest and the body of the `with` (0.5 s of CPU: the longest part of a cold build's start), or
    written there from this process's memory when an earlier build compiled or read them; they are all
    on disk when the `with` ends."""
    settings = mkdocs_settings(tree, lang, site_dir, cache)
    config = load_mkdocs_config(settings, site_dir.parent / f"mkdocs-{lang}.yml", cache)
    # Without a cache each language process compiles the templates this one has not; with one, once per
    # cache, unless an earlier build of this process compiled or read them.
    compiling = None
    if cache is not None and not any((cache / TEMPLATES).glob("*.cache")):
        if not write_remembered_templates(cache):
            compiling = _compiling_templates(config, template_bytecode_cache(cache))
    try:
        if converting:
            for name in _fence_languages(tree, lang):
                _compile_lexer(name)
            notebook_json([], {})  # nbformat's validator, made on first use
        yield
    finally:
        if compiling is not None:
            compiling.join()
    if compiling is not None and compiling.exitcode and cache is not None:
        _compile_templates(config, template_bytecode_cache(cache))  # here, for its error to be seen
    elif compiling is not None and cache is not None:
        remember_templates_of(cache)


def _compiling_templates(config: MkDocsConfig, bytecode: RememberedTemplates) -> BaseProcess:
    """`_compile_templates` in a forked process, started. Jinja writes each compiled template to a
    temporary file renamed into place, so a language build never reads half of one."""
    process = multiprocessing.get_context("fork").Process(
        target=_compile_templates, args=(config, bytecode), daemon=True
    )
    process.start()
    return process


def _compile_templates(config: MkDocsConfig, bytecode: RememberedTemplates) -> None:
    """Every template a page or a static page renders, into `bytecode` as the language builds load it."""
    env = config.theme.get_env()
    waiting, seen = [PAGE_TEMPLATE, *config.theme.static_templates], set()
    while waiting and env.loader is not None:
        name = waiting.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            source, filename, _ = env.loader.get_source(env, name)
        except TemplateNotFound:
            continue
        parsed = env.parse(source, name, filename)  # parsed once: searched for the next, then compiled
        waiting += [found for found in meta.find_referenced_templates(parsed) if found]
        bucket = bytecode.get_bucket(env, name, filename, source)
        bucket.code = env.compile(parsed, name, filename)
        bytecode.set_bucket(bucket)


def _fence_languages(tree: SourceTree, lang: str) -> set[str]:
    """The languages of the pages' opening fences (`dialect/fence_lines.py`), at any indentation: a
    fence in a list item is highlighted too. No page is parsed: a lexer too many costs little."""
    languages = set()
    for page in tree.site_pages(lang).values():
        for line in page.read().splitlines():
            opening = fence_opening(line.lstrip(" \t")) if "``" in line or "~~" in line else None
            if opening is not None and (language := _LANGUAGE.match(opening.info)) is not None:
                languages.add(language[1].lower())
    return languages


def _compile_lexer(name: str) -> None:
    """Pygments compiles a lexer class's rules when the first one is made."""
    try:
        get_lexer_by_name(name)
    except ClassNotFound:
        pass
