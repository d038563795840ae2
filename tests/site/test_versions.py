"""`polydocs build --version`: two versions of docs_src in one output, versions.json as Material reads it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import material
import pytest

from polydocs.diagnostics import PolydocsError
from polydocs.site.build import build_site
from polydocs.site.versions import VersionRequest
from versioned_trees import versioned_sources

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def two_versions(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("versions")
    old, new = versioned_sources(folder)
    out = folder / "site"
    build_site(old, out, version=VersionRequest("v1.0"))
    build_site(new, out, version=VersionRequest("v2.0", ("latest",), default=True))
    return out


def _material_version_fields() -> dict[str, str]:
    """The fields of Material's `Version` (its selector's view of versions.json), from its source map."""
    bundle = next((Path(material.__file__).parent / "templates/assets/javascripts").glob("bundle.*.js.map"))
    sources = json.loads(bundle.read_text(encoding="utf-8"))
    text = next(s for s in sources["sourcesContent"] if s and "export interface Version {" in s)
    body = text.split("export interface Version {")[1].split("}")[0]
    return dict(re.findall(r"^\s*(\w+\??):\s*([\w\[\]]+)", body, re.MULTILINE))


def test_versions_json_has_the_fields_material_reads(two_versions: Path) -> None:
    fields = _material_version_fields()
    expected = {
        "version": "string",
        "title": "string",
        "aliases": "string[]",
        "properties?": "VersionProperties",
    }
    assert fields == expected
    versions = json.loads((two_versions / "versions.json").read_text(encoding="utf-8"))
    for entry in versions:
        assert isinstance(entry["version"], str) and isinstance(entry["title"], str)
        assert all(isinstance(alias, str) for alias in entry["aliases"])
        assert set(entry) <= {name.rstrip("?") for name in fields}
        assert not isinstance(entry["properties"].get("hidden", False), str)
    assert [(e["version"], e["aliases"], e["properties"]["default"]) for e in versions] == [
        ("v2.0", ["latest"], True),
        ("v1.0", [], False),
    ]


def test_both_versions_stay_in_the_output_each_a_whole_site(two_versions: Path) -> None:
    for version in ("v1.0", "v2.0", "latest"):
        for lang in ("en", "es", "pt"):
            assert (two_versions / version / lang / "graph_breaks" / "index.html").is_file()
    assert (two_versions / "v2.0" / "pt" / "whats_new" / "index.html").is_file()
    assert not (two_versions / "v1.0" / "pt" / "whats_new").exists()
    assert 'url=v2.0/"' in (two_versions / "index.html").read_text(encoding="utf-8")
    pages = json.loads((two_versions / "v1.0" / "pages.json").read_text(encoding="utf-8"))
    assert "graph_breaks/" in pages["pt"] and "whats_new/" not in pages["pt"]


def test_the_selector_leads_to_the_same_page_else_the_language_home(two_versions: Path) -> None:
    new_page = (two_versions / "v2.0" / "es" / "whats_new" / "index.html").read_text(encoding="utf-8")
    assert 'data-version="v1.0" href="../../../v1.0/es/"' in new_page  # v1.0 has no such page
    shared = (two_versions / "v2.0" / "es" / "graph_breaks" / "index.html").read_text(encoding="utf-8")
    assert 'data-version="v1.0" href="../../../v1.0/es/graph_breaks/"' in shared


def test_old_versions_carry_a_banner_to_the_default_version_and_the_default_none(two_versions: Path) -> None:
    old = (two_versions / "v1.0" / "pt" / "graph_breaks" / "index.html").read_text(encoding="utf-8")
    assert "polydocs-version-banner" in old and "versions.js" in old
    new = (two_versions / "v2.0" / "pt" / "graph_breaks" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'class="admonition warning polydocs-version-banner" hidden>', new)


def test_hreflang_alternates_stay_inside_the_version(two_versions: Path) -> None:
    page = (two_versions / "v1.0" / "es" / "graph_breaks" / "index.html").read_text(encoding="utf-8")
    alternates = re.findall(r'<link rel="alternate" href="([^"]+)" hreflang="(\w+)"', page)
    assert ("../../pt/graph_breaks/", "pt") in alternates
    for href, _ in alternates:
        resolved = (two_versions / "v1.0" / "es" / "graph_breaks" / href).resolve()
        assert resolved.is_relative_to((two_versions / "v1.0").resolve())


def test_canonical_urls_name_the_version(tmp_path: Path) -> None:
    old, _ = versioned_sources(tmp_path)
    project = old / "polydocs.yml"
    project.write_text(project.read_text(encoding="utf-8") + "\nsite_url: https://docs.example.org/\n")
    build_site(old, tmp_path / "site", ["es"], version=VersionRequest("main"))
    page = (tmp_path / "site" / "main" / "es" / "graph_breaks" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="https://docs.example.org/main/es/graph_breaks/">' in page


def test_a_version_name_that_is_no_folder_name_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PolydocsError, match="cannot name a version folder"):
        build_site(REPO / "docs_src", tmp_path / "site", version=VersionRequest("../escape"))
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize(
    "request_",
    [
        VersionRequest("versions.json"),
        VersionRequest("index.html"),
        VersionRequest("Index.HTML"),  # one file on a case-insensitive disk
        VersionRequest("v1", ("versions.json",)),
        VersionRequest("v1", ("404.html",)),
    ],
    ids=["versions-json", "index-html", "index-html-case", "alias-versions-json", "alias-404"],
)
def test_a_name_the_versioned_root_writes_is_refused_before_anything_is_written(
    tmp_path: Path, request_: VersionRequest
) -> None:
    with pytest.raises(PolydocsError, match="is a file the versioned output's root holds"):
        build_site(REPO / "docs_src", tmp_path / "site", version=request_)
    assert not (tmp_path / "site").exists()
