"""The warm start before forking the language processes changes when work is done, never what is built."""

import pytest
from jinja2 import Environment, FileSystemBytecodeCache

from polydocs.dialect import load_source_tree
from polydocs.site.build import build_site
from polydocs.site.build_theme import TEMPLATES, RememberedTemplates
from polydocs.site.mkdocs_config import load_mkdocs_config, mkdocs_settings
from polydocs.site.warm_start import PAGE_TEMPLATE, warm_start
from site_files import site_files
from two_page_site import HEADER, TOC

GUIDE = HEADER + "# Guide\n\n```py\nimport torch\nprint(torch)\n```\n\n```bash\npip install torch\n```\n"


@pytest.fixture
def tree(write_tree):
    return write_tree(
        {
            "en/_toctree.yml": TOC,
            "en/index.md": HEADER + "# Home\n\nSee the [guide](./guide).\n",
            "en/guide.md": GUIDE,
            "es/_toctree.yml": TOC.replace("Home", "Inicio"),
            "es/index.md": HEADER + "# Inicio\n\nVer la [guía](./guide).\n",
            "pt/_toctree.yml": TOC.replace("Home", "Início"),
            "pt/index.md": HEADER + "# Início\n\nVer o [guia](./guide).\n",
        }
    )


def test_languages_forked_after_a_warm_start_build_the_site_one_process_builds(tree, tmp_path, monkeypatch):
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache-forked"))
    forked = build_site(tree, tmp_path / "forked", jobs=2)  # three languages, two processes: warm start
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache-alone"))
    alone = build_site(tree, tmp_path / "alone", jobs=1)  # every language in this process, none forked
    assert forked.warnings == alone.warnings
    assert site_files(tmp_path / "forked") == site_files(tmp_path / "alone")


def test_the_warm_start_compiles_the_theme_templates_as_the_language_builds_load_them(tree, tmp_path):
    cache = tmp_path / "cache"
    source = load_source_tree(tree)
    with warm_start(source, "en", tmp_path / "staging" / "en", cache, converting=True):
        pass
    # Another language's environment finds them compiled in the cache its theme keeps them in.
    settings = mkdocs_settings(source, "es", tmp_path / "staging" / "es", cache)
    env = load_mkdocs_config(settings, tmp_path / "mkdocs-es.yml", cache).theme.get_env()
    assert isinstance(env.bytecode_cache, RememberedTemplates)
    bytecode = env.bytecode_cache.on_disk
    assert isinstance(bytecode, FileSystemBytecodeCache) and bytecode.directory == str(cache / TEMPLATES)
    for name in [PAGE_TEMPLATE, "404.html", "partials/header.html"]:
        assert _compiled(env, bytecode, name), name


def _compiled(env: Environment, bytecode: FileSystemBytecodeCache, name: str) -> bool:
    assert env.loader is not None
    source, filename, _ = env.loader.get_source(env, name)
    return bytecode.get_bucket(env, name, filename, source).code is not None


@pytest.mark.parametrize("second_cache", ["a cache of its own", "no cache"])
def test_a_later_build_of_the_process_compiles_no_template_and_builds_the_same_site(
    tree, tmp_path, monkeypatch, second_cache
):
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache-first"))
    build_site(tree, tmp_path / "first", jobs=1)
    compiled: list[str | None] = []
    compile_template = Environment.compile

    def counted(
        env: Environment, source: object, name: str | None = None, *args: object, **kwargs: object
    ) -> object:
        compiled.append(name)
        return compile_template(env, source, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Environment, "compile", counted)
    monkeypatch.setenv("POLYDOCS_CACHE", str(tmp_path / "cache-second"))
    build_site(tree, tmp_path / "second", jobs=1, use_cache=second_cache != "no cache")
    assert compiled == []
    assert site_files(tmp_path / "second") == site_files(tmp_path / "first")
    if second_cache != "no cache":  # the next process reads them from the cache
        assert len(list((tmp_path / "cache-second" / "site" / TEMPLATES).glob("*.cache"))) >= 40
