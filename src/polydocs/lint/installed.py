"""Facts about the installed libraries (torch.compile modes and backends, API names), cached per version.

Importing torch or following a Transformers name costs seconds; the answers only change when the library
does. So each answer is kept in one cache entry, by the installed distribution's version, and lint imports
a library only when a page asks something the cache cannot answer yet.
"""

from __future__ import annotations

import importlib.util
from functools import cached_property, partial
from importlib import metadata

from polydocs.cache import CacheStore, cache_dir
from polydocs.markup.inventory import ApiInventory, default_inventory
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
    """Answers about installed libraries; `store=None` keeps answers in memory only."""

    def __init__(self, store: CacheStore | None = None, inventory: ApiInventory | None = None) -> None:
        self.store = store
        self.inventory = inventory or default_inventory()
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

    def api_package(self, name: str) -> str:
        """The package a link names: its first part when that is another installed package
        (`accelerate.Accelerator`), else the inventory's (`Trainer` is `transformers.Trainer`)."""
        first = name.split(".", 1)[0]
        if "." in name and first != self.inventory.package and importlib.util.find_spec(first) is not None:
            return first
        return self.inventory.package

    def api_exists(self, name: str) -> bool:
        """Whether `name` (`Trainer`, `transformers.Trainer.train`, `accelerate.Accelerator`) exists."""
        package = self.api_package(name)
        inventory = (
            self.inventory if package == self.inventory.package else ApiInventory("{page}", {}, package)
        )
        names = self._section(package).setdefault("api", {})
        assert isinstance(names, dict)
        qualified = inventory.qualified(name)
        if qualified not in names:
            names[qualified] = inventory.exists(qualified)
            self._dirty = True
        return bool(names[qualified])

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
