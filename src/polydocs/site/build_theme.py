"""Material's theme as a language build makes its Jinja environments: the same templates and published
files as MkDocs' own theme, listed and compiled for less.

- Its files are listed without entering hidden folders. Every language build has MkDocs list the
  theme's files to copy those a site needs (`Files.add_files_from_theme`): it walks every folder of
  the theme, then leaves out, among others, every path with a part that starts with a dot (its
  patterns `.*` and `*/.*`). Material keeps its 14,471 icons in `.icons/`, so the walk and the filter
  went through 14,521 names to keep 50: 0.09-0.13 s of CPU in every language build. Listed without
  the hidden folders, 173 names, under 5 ms; MkDocs filters them as before and publishes the same
  files in the same order. Templates, the icons included, load from the same folders as before.
- Every environment made from it keeps its compiled templates in the build's cache (`templates/`):
  MkDocs' own, and the two that Material's search plugin makes in each language build to read its
  translations, which compiled the language partials anew each time.
- The process remembers every template it compiled or read, for the environments of its later builds
  whatever their cache: a build with a cache folder of its own, or with none (`--no-cache`), compiled
  Material's 40 templates again, about 1 CPU-s of a one-page build's 1.4 (serve's rebuilds, the
  tests' builds). A remembered template is used only while its source's checksum matches, as Jinja
  does with its cache files.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader
from jinja2.bccache import Bucket, BytecodeCache, FileSystemBytecodeCache
from mkdocs.theme import Theme

# The cache's folder of compiled templates, and the name Jinja gives each template's file there.
TEMPLATES = "templates"
_FILE_PREFIX, _FILE_SUFFIX = "__jinja2_", ".cache"

# The templates this process compiled or read, as Jinja writes them to a file, by Jinja's key (a digest
# of the template's name and file).
_REMEMBERED: dict[str, bytes] = {}


class RememberedTemplates(BytecodeCache):
    """The compiled templates of `folder` (none: of no folder), and of this process."""

    def __init__(self, folder: Path | None) -> None:
        self.on_disk = None
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            self.on_disk = FileSystemBytecodeCache(str(folder), _FILE_PREFIX + "%s" + _FILE_SUFFIX)

    def load_bytecode(self, bucket: Bucket) -> None:
        if self.on_disk is not None:
            self.on_disk.load_bytecode(bucket)
            if bucket.code is not None:
                _REMEMBERED[bucket.key] = bucket.bytecode_to_string()
                return
        remembered = _REMEMBERED.get(bucket.key)
        if remembered is not None:
            bucket.bytecode_from_string(remembered)  # left empty unless the checksum of its source matches
            if bucket.code is not None and self.on_disk is not None:
                self.on_disk.dump_bytecode(bucket)

    def dump_bytecode(self, bucket: Bucket) -> None:
        _REMEMBERED[bucket.key] = bucket.bytecode_to_string()
        if self.on_disk is not None:
            self.on_disk.dump_bytecode(bucket)


def template_bytecode_cache(cache: Path | None) -> RememberedTemplates:
    """Where compiled templates are kept: every language build and the warm start share it."""
    return RememberedTemplates(cache / TEMPLATES if cache is not None else None)


def write_remembered_templates(cache: Path) -> bool:
    """Write the templates this process compiled or read into `cache`, as Jinja would; whether it had
    any (none: they are still to be compiled)."""
    folder = cache / TEMPLATES
    folder.mkdir(parents=True, exist_ok=True)
    for key, compiled in _REMEMBERED.items():
        written = folder / f".{key}.{os.getpid()}"
        written.write_bytes(compiled)
        written.replace(folder / f"{_FILE_PREFIX}{key}{_FILE_SUFFIX}")  # never read half written
    return bool(_REMEMBERED)


def remember_templates_of(cache: Path) -> None:
    """Read into this process the templates another one compiled into `cache` (the warm start's)."""
    for file in (cache / TEMPLATES).glob(f"{_FILE_PREFIX}*{_FILE_SUFFIX}"):
        _REMEMBERED[file.name.removeprefix(_FILE_PREFIX).removesuffix(_FILE_SUFFIX)] = file.read_bytes()


class BuildTheme(Theme):
    """MkDocs' theme, whose environments list no hidden folder's files and keep their compiled templates
    in `cache` (none: in this process only, `RememberedTemplates`)."""

    def __init__(self, cache: Path | None, **theme_settings: Any) -> None:
        super().__init__(**theme_settings)
        self.cache = cache

    @classmethod
    def adopting(cls, theme: Theme, cache: Path | None) -> BuildTheme:
        """The theme MkDocs made while validating the settings, as the build's. Made again from the same
        settings, it listed the installed themes again (every installed distribution's entry points and
        the metadata of each theme's: MkDocs forgets the list after each theme it makes) and read
        Material's settings file again, in every language build."""
        adopted = cls.__new__(cls)
        adopted.__dict__.update(vars(theme))
        adopted.cache = cache
        return adopted

    def get_env(self) -> Environment:
        env = super().get_env()
        env.loader = _VisibleFilesLoader(self.dirs)
        env.bytecode_cache = template_bytecode_cache(self.cache)
        return env


class _VisibleFilesLoader(FileSystemLoader):
    """MkDocs' loader of the theme's folders, whose listing skips folders whose name starts with a dot."""

    def list_templates(self) -> list[str]:
        found: set[str] = set()
        for folder in self.searchpath:
            for parent, folders, files in os.walk(folder, followlinks=self.followlinks):
                folders[:] = [name for name in folders if not name.startswith(".")]
                relative = Path(parent).relative_to(folder)
                found.update((relative / name).as_posix() for name in files)
        return sorted(found)
