"""Every file of a built site, by its path in the site: what the byte-for-byte comparisons compare."""

from __future__ import annotations

from pathlib import Path


def site_files(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes() for path in site.rglob("*") if path.is_file()
    }
