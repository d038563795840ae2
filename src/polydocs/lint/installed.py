"""Facts about the installed torch (torch.compile modes and backends), cached per version.

Importing torch costs seconds; the answers only change when torch does. So they are kept in one cache
entry keyed by the installed version, and lint imports torch only when a page asks something the cache
cannot answer yet. (API names are the site's API inventory's question, `polydocs.sources.api_inventory`, which
keeps the names a package exports in the cache itself.)
"""

from __future__ import annotations

from functools import cached_property, partial
from importlib import metadata

from polydocs.cache import CacheStore, cache_dir
from polydocs.typed_json import load

_KEY = "installed-facts"
# Answers by `distribution==version`, each a mapping of questions to answers.
_Store = dict[str, dict[str, object]]


def default_store() -> CacheStore:
    """The `lint` area of the cache: `$POLYDOCS_CACHE/lint`, else under `~/.cache/polydocs`."""
    return CacheStore(cache_dir("lint"), "1")


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "absent"


class InstalledFacts:
    """Answers about the installed torch; `store=None` keeps answers in memory only."""

    def __init__(self, store: CacheStore | None = None) -> None:
        self.store = store
        self._dirty = False

    @cached_property
    def _store(self) -> _Store:
        data = self.store.read(_KEY, partial(load, _Store)) if self.store else None
        return data if data is not None else {}  # a damaged cache is rebuilt, never trusted

    def _section(self, distribution: str) -> dict[str, object]:
        key = f"{distribution}=={_version(distribution)}"
        return self._store.setdefault(key, {})

    @cached_property
    def torch_version(self) -> str:
        return _version("torch")

    def _compile_names(self) -> dict[str, object]:
        section = self._section("torch")
        if "public_backends" not in section:
            section["modes"], section["backends"], section["public_backends"] = _ask_torch()
            self._dirty = True
        return section

    def compile_modes(self) -> list[str]:
        """`torch._inductor.list_mode_options()`, in torch's order; empty when torch is not installed."""
        return list(self._compile_names()["modes"])  # type: ignore[call-overload]

    def compile_backends(self) -> list[str]:
        """Every registered Dynamo backend, debug ones included (`eager`, `aot_eager`)."""
        return list(self._compile_names()["backends"])  # type: ignore[call-overload]

    def public_compile_backends(self) -> list[str]:
        """`torch._dynamo.list_backends()`: the backends meant for users, the ones worth suggesting."""
        return list(self._compile_names()["public_backends"])  # type: ignore[call-overload]

    def save(self) -> None:
        """Write new answers back; a cache that cannot be written is simply not kept."""
        if self.store is None or not self._dirty:
            return
        try:
            self.store.write(_KEY, self._store)
        except OSError:
            return
        self._dirty = False


def _ask_torch() -> tuple[list[str], list[str], list[str]]:
    try:
        import torch._dynamo
        import torch._inductor
    except ImportError:
        return [], [], []
    modes = list(torch._inductor.list_mode_options())
    backends = sorted(torch._dynamo.list_backends(exclude_tags=()))
    return modes, backends, sorted(torch._dynamo.list_backends())
