"""detect-secrets, configured once: all its plugins, ours (`detectors.py`) and our filters (`filters.py`)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from detect_secrets.plugins.base import BasePlugin

PLUGIN_FILE = Path(__file__).with_name("detectors.py")
FILTER_FILE = Path(__file__).with_name("filters.py")
_INDIRECT_REFERENCE = "detect_secrets.filters.heuristic.is_indirect_reference"
_OUR_PLUGINS = ("HuggingFaceTokenDetector", "GoogleApiKeyDetector")


def _settings() -> dict[str, object]:
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class

    plugins: list[type] = list(get_mapping_from_secret_type_to_class().values())
    builtin = [{"name": plugin.__name__} for plugin in plugins]
    custom = [{"name": name, "path": f"file://{PLUGIN_FILE}"} for name in _OUR_PLUGINS]
    from detect_secrets.settings import get_settings

    # Naming filters replaces detect-secrets' default ones: keep those (one narrowed to the keyword plugin,
    # `filters.is_indirect_keyword_value`) and add ours.
    defaults = [f for f in get_settings().json()["filters_used"] if f["path"] != _INDIRECT_REFERENCE]
    ours = [
        {"path": f"file://{FILTER_FILE}::is_fingerprint_line"},
        {"path": f"file://{FILTER_FILE}::is_unnamed_high_entropy_string"},
        {"path": f"file://{FILTER_FILE}::is_placeholder_word"},
        {"path": f"file://{FILTER_FILE}::is_indirect_keyword_value"},
    ]
    return {"plugins_used": builtin + custom, "filters_used": [*defaults, *ours]}


@dataclass(frozen=True)
class FoundSecret:
    """What detect-secrets saw at one line: its kind of secret and the sha1 the allowlist names."""

    line: int
    kind: str
    secret_hash: str


@contextmanager
def configured_scanner() -> Iterator[list[BasePlugin]]:
    """detect-secrets set up with our plugins and filters, for `scan_file`; yields the plugins it runs."""
    from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
    from detect_secrets.settings import get_plugins, transient_settings

    with transient_settings(_settings()):
        # The plugin table is cached at first use; rebuild it so that it includes our own plugin.
        get_mapping_from_secret_type_to_class.cache_clear()
        try:
            yield list(get_plugins())
        finally:
            get_mapping_from_secret_type_to_class.cache_clear()


def secrets_in(path: Path) -> list[FoundSecret]:
    """What detect-secrets sees in `path`, within `configured_scanner()`."""
    from detect_secrets.core.scan import scan_file

    return [FoundSecret(s.line_number or 1, s.type, s.secret_hash) for s in scan_file(str(path))]


def find_secrets(paths: Iterable[Path]) -> dict[Path, list[FoundSecret]]:
    """Every secret detect-secrets (with our plugin and filters) sees in each of `paths`. A file with no
    line any plugin reports anything on is not handed to it (`whole_files.py`): its filters, run on
    every line, made the secret scan of a repository's tracked files most of init's time."""
    from polydocs.lint.secrets.whole_files import files_worth_scanning

    paths = list(paths)
    with configured_scanner() as plugins:
        worth = files_worth_scanning(plugins, paths)
        return {path: secrets_in(path) if path in worth else [] for path in paths}
