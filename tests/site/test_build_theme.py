"""A language build's theme publishes what MkDocs' own theme publishes, listed and compiled for less."""

from pathlib import Path

import pytest
from mkdocs import utils as mkdocs_utils
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.theme import Theme

from polydocs.dialect import load_source_tree
from polydocs.site.build_theme import BuildTheme
from polydocs.site.mkdocs_config import load_mkdocs_config, mkdocs_settings
from two_page_site import HEADER, TOC


@pytest.fixture
def settings(write_tree, tmp_path):
    tree = load_source_tree(write_tree({"en/_toctree.yml": TOC, "en/index.md": HEADER + "# Home\n"}))
    return mkdocs_settings(tree, "en", tmp_path / "site" / "en")


def _published(theme: Theme, config: MkDocsConfig) -> list[tuple[str, str | None]]:
    files = Files([])
    files.add_files_from_theme(theme.get_env(), config)
    return [(file.src_uri, file.abs_src_path) for file in files]


def test_the_theme_publishes_the_files_mkdocs_theme_publishes_in_the_same_order(settings, tmp_path):
    config = load_mkdocs_config(settings, tmp_path / "mkdocs-en.yml")
    assert isinstance(config.theme, BuildTheme)
    ours = _published(config.theme, config)
    assert ours == _published(Theme(**settings["theme"]), config)
    script = Path(settings["theme"]["custom_dir"]) / "assets" / "polydocs" / "polydocs.js"
    assert ("assets/polydocs/polydocs.js", str(script)) in ours


def test_the_theme_lists_no_file_of_a_hidden_folder_and_still_loads_them(settings, tmp_path):
    env = load_mkdocs_config(settings, tmp_path / "mkdocs-en.yml").theme.get_env()
    listed = env.list_templates()
    assert listed and not [name for name in listed if name.startswith(".") or "/." in name]
    assert "<svg" in env.get_template(".icons/material/translate.svg").render()


def test_every_environment_of_the_theme_keeps_its_compiled_templates_in_the_cache(settings, tmp_path):
    # Material's search plugin makes its own environments to read the translations, as MkDocs does.
    theme = load_mkdocs_config(settings, tmp_path / "mkdocs-en.yml", tmp_path / "cache").theme
    theme.get_env().get_template("partials/language.html")
    env = theme.get_env()
    assert env.loader is not None and env.bytecode_cache is not None
    source, filename, _ = env.loader.get_source(env, "partials/language.html")
    assert env.bytecode_cache.get_bucket(env, "partials/language.html", filename, source).code is not None


def test_the_theme_mkdocs_made_is_the_builds_and_the_installed_themes_are_listed_once(
    settings, tmp_path, monkeypatch
):
    # MkDocs lists the installed themes (every distribution's entry points) for each theme it makes and
    # then forgets the list: the build's theme, made again from the settings, listed them a second time.
    listed = []
    entry_points = mkdocs_utils.entry_points

    def counted(**selection):
        listed.append(selection.get("group"))
        return entry_points(**selection)

    monkeypatch.setattr(mkdocs_utils, "entry_points", counted)
    config = load_mkdocs_config(settings, tmp_path / "mkdocs-en.yml")
    assert listed.count("mkdocs.themes") == 1, listed
    made = Theme(**settings["theme"])  # the theme as MkDocs makes it from the same settings
    assert isinstance(config.theme, BuildTheme)
    assert config.theme.dirs == made.dirs and config.theme.static_templates == made.static_templates
    assert dict(config.theme) == dict(made)
