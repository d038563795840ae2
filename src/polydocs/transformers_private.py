"""The private parts of transformers polydocs uses, checked against the installed version.

- The benchmark: a smoke run (a tiny model on the CPU or one GPU) compiles generation's decoding forward as
  a real run does; transformers compiles it only on CUDA devices unless `CompileConfig._compile_all_devices`
  is set, for which it has no public setting.
- The checker's stand-ins: whether an auto class (`AutoModelForCausalLM`) has a head for a config's model
  type is its private `_model_mapping`; the public way, `from_config`, builds the model to find out.

Imported where these are used and nowhere else (never by the site), so a transformers release that
changes them stops the benchmark or a transformers stand-in's build with this module's message.
"""

from __future__ import annotations

from typing import Any

from polydocs.host_versions import VersionRange, require_version

# 5.23 is what the tests install (constraints.txt); 5.17 is the GPU machines', where both parts were read
# (`_model_mapping`, `CompileConfig._compile_all_devices`) and the checker and the benchmark run.
WRITTEN_FOR = VersionRange("5.17.0", "5.24")
require_version("transformers", WRITTEN_FOR, __name__)


def compile_on_every_device(compile_config: Any) -> None:
    """`generate` compiles with `compile_config` on any device, the CPU included."""
    compile_config._compile_all_devices = True


def auto_class_has_head(auto_class: Any, config: Any) -> bool:
    """Whether `auto_class` (`AutoModelForCausalLM`) makes a model for `config`'s type."""
    try:
        auto_class._model_mapping[type(config)]
    except (KeyError, ValueError, AttributeError):
        return False
    return True
