"""Redirect pages: for each `_redirects.yml` entry, a small page at the old address that sends readers on.

The entries were read and checked with the source tree (`sources/redirects.py`); this writes them into a
language's built site, as a `<meta http-equiv="refresh">` page with a link for readers and hosts that do
not follow it. The link is relative, so the site works from any folder or host.
"""

from __future__ import annotations

import html
import posixpath
from pathlib import Path

from polydocs.site.content_policy import NOTHING_ALLOWED, policy_meta
from polydocs.sources import Language
from polydocs.sources.redirects import Redirect

_PAGE = """<!doctype html>
<html lang="{lang}" dir="{direction}">
<head>
<meta charset="utf-8">
{policy}
<title>{title}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url={url}">
</head>
<body>
<p><a href="{url}">{title}</a></p>
</body>
</html>
"""


def _folder(local: str) -> str:
    """The folder of a page's address in a site with directory URLs: `guides/lora` -> `guides/lora`,
    `index` -> ``, `guides/index` -> `guides`."""
    return "" if local == "index" else local.removesuffix("/index")


def redirect_url(entry: Redirect) -> str:
    """The new page's address relative to the old one's (a page of huggingface.co: its URL)."""
    if entry.external:
        return entry.new + (f"#{entry.anchor}" if entry.anchor else "")
    relative = posixpath.relpath(_folder(entry.new) or ".", _folder(entry.old) or ".")
    url = "./" if relative == "." else relative + "/"
    return url + (f"#{entry.anchor}" if entry.anchor else "")


def redirect_page(entry: Redirect, language: Language) -> str:
    return _PAGE.format(
        policy=policy_meta(NOTHING_ALLOWED),
        lang=language.tag,
        direction=language.direction,
        title=html.escape(entry.new),
        url=html.escape(redirect_url(entry), quote=True),
    )


def write_redirects(site_dir: Path, redirects: list[Redirect], language: Language) -> list[Path]:
    """Write each redirect page into a built language site; an address the build already filled (an
    asset of the same name) is left as it is."""
    written = []
    for entry in redirects:
        target = site_dir / _folder(entry.old) / "index.html"
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(redirect_page(entry, language), encoding="utf-8")
        written.append(target)
    return written
