"""The project settings file `polydocs.yml` at the top of the source tree, validated once."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from polydocs.diagnostics import Diagnostic, PolydocsError
from polydocs.guide import repository_file_url
from polydocs.sources.ci_settings import CiSettings, ci_problems, ci_settings
from polydocs.sources.confinement import inside_tree
from polydocs.sources.languages import is_language_tag
from polydocs.sources.library import is_import_name
from polydocs.sources.text import read_utf8
from polydocs.sources.tree_yaml import compose_tree_yaml, load_tree_yaml

PROJECT_FILE = "polydocs.yml"
# The hosts a page may embed from (and their subdomains) when `polydocs.yml` names none.
DEFAULT_IFRAME_HOSTS: tuple[str, ...] = ("huggingface.co",)


@dataclass(frozen=True)
class ProjectConfig:
    """Settings shared by the builder, the linter and the checker."""

    # One name for every language, or one per language code (`{en: …, es: …}`).
    site_name: str | dict[str, str] = "Documentation"
    site_description: str = ""
    site_url: str = ""
    repo_url: str = ""
    # The URL an `[[autodoc]]` object's module path is appended to for its source link
    # (`https://github.com/OWNER/REPO/blob/v1.0.0/src/`); empty: made from the package's metadata.
    source_url: str = ""
    copyright: str = ""
    iframe_hosts: tuple[str, ...] = DEFAULT_IFRAME_HOSTS
    # `{url, objects, package}` for API links; None means the transformers default.
    api_reference: dict[str, Any] | None = None
    # Other libraries' references by package: `{url, inventory?}`
    # (`sources/api_inventory/library_inventories.py`).
    api_libraries: dict[str, dict[str, str]] = field(default_factory=dict)
    path: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # Pages whose HTML is published as written, unsanitised: nothing by default.
    trusted: TrustedSources = field(default_factory=lambda: TrustedSources())
    # Folder name -> the BCP 47 tag its pages are in (`{cn: zh}`); other folders are named by their tag.
    languages: dict[str, str] = field(default_factory=dict)
    # The documented library's import name (`peft`); the tree sets the one chosen (`sources/library.py`).
    library: str = ""
    # Which Python blocks `polydocs check` runs: `all`, or `runnable` (only fences marked `runnable`).
    check_blocks: str = "all"
    # Hub id -> `{model_type, model_class?, <config values>}`: stand-ins the snippet checker cannot derive.
    standins: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Hub dataset -> `{aliases?, default?, configs: {name: {splits, features, rows?}}}`: dataset stand-ins
    # (the format of snippets/standins/data/datasets.yml).
    datasets: dict[str, dict[str, Any]] = field(default_factory=dict)
    # What the CI workflows read: system packages, a pre-command, where previews and versions go.
    ci: CiSettings = field(default_factory=CiSettings)

    def name_in(self, lang: str) -> str:
        """The site name readers of `lang` see (the English one where a language has none)."""
        if isinstance(self.site_name, str):
            return self.site_name
        return self.site_name.get(lang) or self.site_name.get("en") or next(iter(self.site_name.values()), "")


@dataclass(frozen=True)
class TrustedSources:
    """`trusted: {languages: [en], paths: ["en/internal/*.md"]}`: pages maintainers write, not contributors.

    Paths are globs relative to the source tree, `*` within one folder and `**` across folders."""

    languages: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()

    def covers(self, lang: str, relative_path: str) -> bool:
        return lang in self.languages or any(_glob(p).fullmatch(relative_path) for p in self.paths)


def _glob(pattern: str) -> re.Pattern[str]:
    parts = re.split(r"(\*\*/?|\*|\?)", pattern)
    wildcards = {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}
    return re.compile("".join(wildcards.get(part, re.escape(part)) for part in parts))


def _trusted(value: Any) -> str | None:
    if not isinstance(value, dict) or set(value) - {"languages", "paths"}:
        return "expected a mapping with `languages` and/or `paths`, e.g. {languages: [en]}"
    for key in ("languages", "paths"):
        items = value.get(key, [])
        if not isinstance(items, list) or not all(isinstance(item, str) for item in items):
            return f"`{key}` must be a list of texts"
    return None


def _string(value: Any) -> str | None:
    return None if isinstance(value, str) else "expected a text value"


def _name(value: Any) -> str | None:
    if isinstance(value, str):
        return None
    if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
        return None
    return "expected a name, or a mapping of language codes to names"


def _host_list(value: Any) -> str | None:
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return None
    return "expected a list of host names, e.g. [huggingface.co]"


def api_reference_problems(value: Any) -> list[str]:
    """What is wrong with an `api_reference` mapping (`url`, `objects`, `package`); empty when nothing."""
    if not isinstance(value, dict):
        return ["expected a mapping with `url`, `objects` and optionally `package`"]
    problems = []
    unknown = set(value) - {"url", "objects", "package"}
    if unknown:
        problems.append(
            f"unknown key(s) {', '.join(sorted(map(str, unknown)))}; allowed: url, objects, package"
        )
    url = value.get("url")
    if not isinstance(url, str) or "{page}" not in url:
        problems.append("`url` must be a text containing {page} (and usually {anchor})")
    objects = value.get("objects", {})
    if not isinstance(objects, dict):
        problems.append("`objects` must map object names to reference pages")
    else:
        wrong = [
            repr(key) for key, page in objects.items() if not (isinstance(key, str) and isinstance(page, str))
        ]
        if wrong:
            problems.append(
                f"`objects` must map names to page names (texts); not so for {', '.join(wrong[:5])}"
            )
    package = value.get("package", "transformers")
    if not isinstance(package, str) or not package:
        problems.append("`package` must be a package name")
    return problems


def _api_reference(value: Any) -> str | None:
    return "; ".join(api_reference_problems(value)) or None


def _api_libraries(value: Any) -> str | None:
    """`{package: {url, inventory?}}`: with an inventory (a local objects.inv) the URL is the base its
    links are relative to; without, a pattern holding `{anchor}` (the object's full dotted name)."""
    if not isinstance(value, dict):
        return "expected a mapping of package names to `{url, inventory}`"
    problems = []
    for package, settings in value.items():
        if not isinstance(settings, dict) or not isinstance(settings.get("url"), str):
            problems.append(f"`{package}` needs a `url` (and optionally an `inventory` file)")
            continue
        unknown = set(settings) - {"url", "inventory"}
        if unknown:
            problems.append(f"`{package}`: unknown key(s) {', '.join(sorted(map(str, unknown)))}")
        if "inventory" in settings and not isinstance(settings["inventory"], str):
            problems.append(f"`{package}`: `inventory` must be the path of an objects.inv file")
        if "inventory" not in settings and "{anchor}" not in settings["url"]:
            problems.append(f"`{package}`: without an `inventory`, `url` must contain {{anchor}}")
    return "; ".join(problems) or None


def _unreadable_inventories(data: dict[str, Any], path: Path, lines: dict[str, int]) -> list[Diagnostic]:
    """Each `api_libraries` inventory that cannot be read (read at build time, never downloaded): not a
    regular file inside the folder of polydocs.yml (a path leaving it, or a link that does, would have the
    build read any file of the machine), or not a Sphinx inventory."""
    from polydocs.sources.api_inventory.library_inventories import read_objects_inv

    libraries = data.get("api_libraries")
    if not isinstance(libraries, dict):
        return []
    problems = []
    for package, settings in libraries.items():
        if not isinstance(settings, dict) or not isinstance(settings.get("inventory"), str):
            continue
        inventory = path.parent / settings["inventory"]
        if not (inside_tree(inventory, path.parent) and inventory.is_file()):
            problem = f"{inventory} is not a file inside {path.parent}, the folder of polydocs.yml"
        else:
            try:
                read_objects_inv(inventory)
                continue
            except (OSError, ValueError) as error:
                problem = str(error)
        problems.append(
            Diagnostic(
                str(path),
                lines.get("api_libraries", 1),
                "config",
                f"`api_libraries.{package}.inventory`: {problem}",
                "save the library's objects.inv beside polydocs.yml "
                "(https://huggingface.co/docs/<library>/main/en/objects.inv)",
                "error",
            )
        )
    return problems


def _folder_languages(value: Any) -> str | None:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        return "expected a mapping of folder names to language tags, e.g. {cn: zh}"
    wrong = [f"{folder}: {tag}" for folder, tag in value.items() if not is_language_tag(str(tag))]
    if wrong:
        return f"not a language tag (BCP 47, e.g. zh, pt-BR, zh-Hant): {', '.join(wrong)}"
    return None


def _library(value: Any) -> str | None:
    if isinstance(value, str) and is_import_name(value):
        return None
    return "expected the library's import name, e.g. peft or huggingface_hub"


CHECK_BLOCKS = ("all", "runnable")


def _check_blocks(value: Any) -> str | None:
    if value in CHECK_BLOCKS:
        return None
    return (
        f"unknown value {value!r}: expected `all` (every Python block, the default) or `runnable` "
        "(only fences marked `runnable` or `runnable:label`, doc-builder's convention)"
    )


def _standins(value: Any) -> str | None:
    if isinstance(value, dict) and all(
        isinstance(entry, dict) and isinstance(entry.get("model_type"), str) for entry in value.values()
    ):
        return None
    return "expected Hub ids mapped to {model_type: ..., <config values>}, e.g. {acme/m: {model_type: llama}}"


def _datasets(value: Any) -> str | None:
    expected = (
        "expected Hub datasets mapped to {configs: {NAME: {splits: [...], features: [...]}}},"
        f" the format of {repository_file_url('src/polydocs/snippets/standins/data/datasets.yml')}"
    )
    if not isinstance(value, dict):
        return expected
    for entry in value.values():
        configs = entry.get("configs") if isinstance(entry, dict) else None
        if not isinstance(configs, dict) or not configs:
            return expected
        for config in configs.values():
            if not (
                isinstance(config, dict)
                and isinstance(config.get("splits"), list)
                and isinstance(config.get("features"), list)
            ):
                return expected
    return None


def _mapping(value: Any) -> str | None:
    return None if isinstance(value, dict) else "expected a mapping"


_OPTIONS: dict[str, Callable[[Any], str | None]] = {
    "site_name": _name,
    "site_description": _string,
    "site_url": _string,
    "repo_url": _string,
    "source_url": _string,
    "copyright": _string,
    "iframe_hosts": _host_list,
    "api_reference": _api_reference,
    "api_libraries": _api_libraries,
    "extra": _mapping,
    "trusted": _trusted,
    "languages": _folder_languages,
    "library": _library,
    "check_blocks": _check_blocks,
    "standins": _standins,
    "datasets": _datasets,
    # Checked by ci_problems, which reports each key of the mapping at its own line.
    "ci": lambda value: None,
}


def _library_conflict(data: dict[str, Any], path: Path, lines: dict[str, int]) -> list[Diagnostic]:
    """`library:` and `api_reference.package` name one library, or the API links would leave it."""
    reference = data.get("api_reference")
    package = reference.get("package") if isinstance(reference, dict) else None
    library = data.get("library")
    if not (isinstance(library, str) and isinstance(package, str)) or library == package:
        return []
    return [
        Diagnostic(
            str(path),
            lines.get("library", 1),
            "config",
            f"`library: {library}` and `api_reference: {{package: {package}}}` name different libraries",
            "keep one of them: `api_reference` without `package` describes the library's own reference",
            "error",
        )
    ]


def load_project_config(source_root: Path) -> ProjectConfig:
    """Read `source_root/polydocs.yml` (optional). All problems are reported together, with lines."""
    path = source_root / PROJECT_FILE
    if not path.is_file():
        return ProjectConfig()
    text = read_utf8(path, "the project settings cannot be read")
    root = compose_tree_yaml(path, text, "config", "fix the YAML syntax")
    data = load_tree_yaml(text) or {}
    if not isinstance(data, dict) or not isinstance(root, yaml.MappingNode):
        raise PolydocsError(
            [Diagnostic(str(path), 1, "config", "expected a mapping of settings", "", "error")]
        )
    lines = {key.value: key.start_mark.line + 1 for key, _ in root.value}
    nodes = {key.value: value for key, value in root.value}
    problems = []
    for key, value in data.items():
        validate = _OPTIONS.get(key)
        problem = f"unknown setting `{key}`" if validate is None else validate(value)
        if problem:
            hint = f"allowed settings: {', '.join(_OPTIONS)}" if validate is None else ""
            problems.append(Diagnostic(str(path), lines.get(key, 1), "config", problem, hint, "error"))
    if "ci" in data:
        problems += ci_problems(data["ci"], nodes.get("ci"), path, lines.get("ci", 1))
    problems += _library_conflict(data, path, lines)
    if not problems:
        problems += _unreadable_inventories(data, path, lines)
    if problems:
        raise PolydocsError(problems, "invalid project settings")
    hosts = tuple(data.pop("iframe_hosts", ProjectConfig.iframe_hosts))
    trust = data.pop("trusted", {})
    trusted = TrustedSources(tuple(trust.get("languages", [])), tuple(trust.get("paths", [])))
    languages = {folder: str(tag) for folder, tag in data.pop("languages", {}).items()}
    ci = ci_settings(data.pop("ci", None))
    return ProjectConfig(
        **data, iframe_hosts=hosts, trusted=trusted, languages=languages, ci=ci, path=str(path)
    )
