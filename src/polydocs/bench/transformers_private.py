"""The private part of transformers the benchmark uses, checked against the installed version.

A smoke run (a tiny model on the CPU or one GPU) compiles generation's decoding forward as a real run
does; transformers compiles it only on CUDA devices unless `CompileConfig._compile_all_devices` is set,
for which it has no public setting. Imported by the benchmark alone, so a transformers release that
changes it stops the benchmark with this module's message, never the site or the checker.
"""

from __future__ import annotations

from typing import Any

from polydocs.host_versions import VersionRange, require_version

WRITTEN_FOR = VersionRange("5.23.0", "5.24")
require_version("transformers", WRITTEN_FOR, __name__)


def compile_on_every_device(compile_config: Any) -> None:
    """`generate` compiles with `compile_config` on any device, the CPU included."""
    compile_config._compile_all_devices = True
