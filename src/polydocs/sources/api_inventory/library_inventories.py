"""Other libraries' API references, for links such as `` [`accelerate.Accelerator`] `` in Transformers'
pages: `api_libraries:` of `polydocs.yml`, read at build time from local files only, never the network.

    api_libraries:
      accelerate:                                   # a local copy of the library's objects.inv
        url: https://huggingface.co/docs/accelerate/main/en/
        inventory: inventories/accelerate.inv       # beside polydocs.yml
      datasets:                                     # a URL pattern alone: every datasets.* name links
        url: https://huggingface.co/docs/datasets/main/en/package_reference/main_classes#{anchor}

An inventory is the `objects.inv` doc-builder publishes with each library's docs (Sphinx inventory version
2: four text lines, then zlib-compressed `name py:class 1 page#anchor -` lines, `$` standing for the name).
"""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

from polydocs.sources.api_inventory import ApiInventory
from polydocs.sources.text import read_tree_bytes

# What an inventory may hold once decompressed: a bound on the work a contributed file can ask for.
MAX_INVENTORY = 64 * 2**20
_ROLES = ("py:class", "py:function", "py:method", "py:attribute", "py:property")


def read_objects_inv(path: Path) -> dict[str, str]:
    """`{accelerate.Accelerator: package_reference/accelerator#accelerate.Accelerator}` from the file;
    ValueError naming the file when it is no Sphinx inventory of version 2, or holds more than
    `MAX_INVENTORY` bytes once decompressed (diffusers' English reference, as polydocs publishes it, holds
    2.3 MB)."""
    data = read_tree_bytes(path)
    header = data.split(b"\n", 4)
    if len(header) < 5 or not header[0].startswith(b"# Sphinx inventory version 2"):
        raise ValueError(f"{path}: not a Sphinx inventory of version 2 (an objects.inv file)")
    decompressor = zlib.decompressobj()
    try:
        body = decompressor.decompress(header[4], MAX_INVENTORY).decode("utf-8")
    except (zlib.error, UnicodeDecodeError) as error:
        raise ValueError(f"{path}: its compressed part cannot be read ({error})") from error
    if decompressor.unconsumed_tail:
        limit = MAX_INVENTORY // 2**20
        raise ValueError(f"{path}: more than {limit} MB once decompressed, far past any objects.inv")
    links = {}
    for line in body.splitlines():
        parts = line.split(" ")
        if len(parts) >= 4 and parts[1] in _ROLES:
            links[parts[0]] = parts[3].replace("$", parts[0])
    return links


def library_inventory(package: str, settings: dict[str, Any], root: Path) -> ApiInventory:
    """The reference of `package` as `api_libraries:` describes it (`root`: the folder of polydocs.yml)."""
    url = str(settings["url"])
    if "inventory" not in settings:
        return ApiInventory(url, {}, package, any_name=True).without_member_checks()
    objects, anchors = {}, {}
    prefix = package + "."
    for name, link in read_objects_inv(root / str(settings["inventory"])).items():
        page, _, anchor = link.partition("#")
        qualified = name.removeprefix(prefix)
        objects[qualified], anchors[qualified] = page, anchor or name
    base = url if url.endswith("/") else url + "/"
    return ApiInventory(base + "{page}#{anchor}", objects, package, anchors=anchors).without_member_checks()


def library_inventories(libraries: dict[str, dict[str, Any]], root: Path) -> dict[str, ApiInventory]:
    return {package: library_inventory(package, settings, root) for package, settings in libraries.items()}
