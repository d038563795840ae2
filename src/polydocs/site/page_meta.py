"""Front matter the theme reads without escaping: made safe before any template sees it.

Material prints a page's `subtitle` into the navigation as HTML, includes `.icons/<icon>.svg`, and MkDocs
renders the page with the template its `template` names: a page could put markup into every page's
navigation, or fail the whole language's build with a template that does not exist.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import MutableMapping
from typing import Any

from polydocs.diagnostics import Diagnostic

_log = logging.getLogger("polydocs.site")
_ICON = re.compile(r"[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)+")


def make_page_meta_safe(meta: MutableMapping[str, Any], path: str) -> None:
    """Escape `subtitle`, keep only icon names Material could mean, drop `template` (in place)."""
    if isinstance(meta.get("subtitle"), str):
        meta["subtitle"] = html.escape(meta["subtitle"])
    icon = meta.get("icon")
    if icon is not None and not (isinstance(icon, str) and _ICON.fullmatch(icon)):
        del meta["icon"]
        _warn(path, f"`icon: {icon!r}` is not an icon name like `material/rocket`; it is ignored")
    if "template" in meta:
        del meta["template"]
        _warn(path, "`template:` is ignored: pages do not choose the theme's templates")


def _warn(path: str, message: str) -> None:
    _log.warning("%s", Diagnostic(path, 1, "front-matter", message, "fix or remove the key"))
