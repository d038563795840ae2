"""The secret scan's prefilter: detect-secrets finds the same secrets (kind, line, hash) with it as without.

Real detect-secrets, real trees. The tokens are assembled at run time (`polydocs.lint.precision` and
below), so that this repository's own scan does not flag this file.
"""

from __future__ import annotations

import random
import re
import string
import sys
from pathlib import Path

import pytest
from detect_secrets.plugins.base import BasePlugin, RegexBasedDetector
from detect_secrets.transformers import get_transformed_file

from polydocs.dialect import load_source_tree
from polydocs.lint.precision import decoys, planted_secrets
from polydocs.lint.secrets import detect, distinct_lines
from polydocs.lint.secrets.detect import configured_scanner
from polydocs.lint.secrets.distinct_lines import scan_distinct_lines
from polydocs.lint.secrets.prefilter import lines_worth_scanning
from polydocs.lint.secrets.published import published_texts
from polydocs.lint.secrets.required_literals import fold, required_literals

REPO = Path(__file__).resolve().parents[2]
CORPORA = REPO.parent / "shared" / "corpus"
TREES = ["docs_src", "transformers-docs", "peft-docs", "course-docs"]


def _tree_texts(name: str) -> dict[Path, str]:
    root = REPO / "docs_src" if name == "docs_src" else CORPORA / name
    if not root.is_dir():
        pytest.skip(f"the corpus ../shared/corpus/{name} is absent")
    tree = load_source_tree(root)
    return published_texts(tree, tree.languages)


def _hostile_tokens() -> dict[str, str]:
    """One token of each kind the plugins know, as it would be pasted (planted ones, and four more)."""
    pick = random.Random(16)
    letters = string.ascii_letters + string.digits
    tokens = {sample.kind: sample.line for sample in planted_secrets()}
    tokens["GitHub token"] = "gh" + "p_" + "".join(pick.choice(letters) for _ in range(36))
    tokens["Slack token"] = (
        "xo" + "xb-" + "1234567890-9876543210-" + "".join(pick.choice(letters) for _ in range(24))
    )
    tokens["Stripe key"] = "sk" + "_live_" + "".join(pick.choice(letters) for _ in range(24))
    tokens["basic auth URL"] = (
        "https://admin:" + "".join(pick.choice(letters) for _ in range(14)) + "@example.com/api"
    )
    return tokens


def _hostile_pages(folder: Path) -> dict[Path, str]:
    """Every token in prose, a code block, an HTML attribute, a table, and after an allowlist pragma,
    in Markdown, MDX, YAML and Python files; decoys beside them."""
    lines = ["# Credentials", ""]
    for kind, token in _hostile_tokens().items():
        lines += [f"{kind}: paste `{token}` here.", "", "```py", token, "```", ""]
        lines += [f'<a href="/login" data-{kind.replace(" ", "-")}="{token}">log in</a>', ""]
        lines += ["| what | value |", "|---|---|", f"| {kind} | {token} |", ""]
        lines += ["<!-- pragma: allowlist nextline secret -->", token, ""]
        lines += ["```py", "# pragma: allowlist nextline secret", token, "```", ""]
    lines += [sample.line for sample in decoys()]
    page = "\n".join(lines) + "\n"
    return {
        folder / "en" / "credentials.md": page,
        folder / "es" / "credentials.mdx": page,
        folder / "_toctree.yml": "\n".join(f"- title: x\n  {line.strip()}" for line in lines if line) + "\n",
        folder / "snippet.py": page,
    }


def _found(texts: dict[Path, str], prefilter: bool) -> dict[Path, list[tuple[int, str, str]]]:
    found = scan_distinct_lines(texts, prefilter=prefilter)
    return {path: sorted((s.line, s.kind, s.secret_hash) for s in secrets) for path, secrets in found.items()}


def test_hostile_pages_give_the_same_findings_with_the_prefilter_as_without(tmp_path: Path) -> None:
    texts = _hostile_pages(tmp_path)
    with_prefilter = _found(texts, prefilter=True)
    assert with_prefilter == _found(texts, prefilter=False)
    kinds = {kind for found in with_prefilter.values() for _, kind, _ in found}
    expected = {"AWS Access Key", "GitHub Token", "JSON Web Token", "Private Key", "Basic Auth Credentials"}
    expected |= {"Slack Token", "Stripe Access Key", "Secret Keyword", "Hugging Face Token", "Google API Key"}
    expected |= {"Base64 High Entropy String", "Hex High Entropy String"}
    assert expected <= kinds
    page = texts[tmp_path / "en" / "credentials.md"].splitlines()
    reported = {line for line, _, _ in with_prefilter[tmp_path / "en" / "credentials.md"]}
    after_pragma = {number + 1 for number, line in enumerate(page, 1) if "allowlist nextline" in line}
    assert reported and after_pragma and not reported & after_pragma


@pytest.mark.parametrize("name", TREES)
def test_every_line_a_plugin_reports_on_is_kept_on_a_real_tree(name: str) -> None:
    lines_by_suffix: dict[str, list[str]] = {}
    for path, text in _tree_texts(name).items():
        lines_by_suffix.setdefault(path.suffix, []).extend(text.splitlines())
    with configured_scanner() as plugins:
        for suffix, lines in lines_by_suffix.items():
            distinct = list(dict.fromkeys(line.rstrip() for line in lines))
            filename = f"published{suffix}"
            kept = lines_worth_scanning(plugins, filename, distinct)
            assert kept is not None
            reported = {
                index
                for index, line in enumerate(distinct)
                if any(plugin.analyze_line(filename=filename, line=line) for plugin in plugins)
            }
            assert reported <= kept, [distinct[index] for index in sorted(reported - kept)]
            assert len(kept) < len(distinct) / 4 or len(distinct) < 40


# The whole scan without the prefilter, the reference here, reads every line with every plugin: on the
# 26 languages of course-docs that was 6 minutes of a loaded CI machine. Every line of course-docs a plugin
# reports on is kept by the prefilter (the test above, on every tree), and the hostile pages bring the
# course's file kinds (.mdx, .yml) to the whole-scan comparison on the other trees.
@pytest.mark.parametrize("name", [tree for tree in TREES if tree != "course-docs"])
def test_a_real_tree_with_hostile_pages_gives_the_same_findings_with_the_prefilter_as_without(
    name: str, tmp_path: Path
) -> None:
    texts = {**_tree_texts(name), **_hostile_pages(tmp_path)}
    with_prefilter = _found(texts, prefilter=True)
    assert with_prefilter == _found(texts, prefilter=False)
    assert with_prefilter[tmp_path / "en" / "credentials.md"]


class _LooksAround(BasePlugin):
    """A plugin of a kind the prefilter does not know: it may read anything, it is asked of every line."""

    secret_type = "Zebra"

    def analyze_string(self, string: str):  # type: ignore[no-untyped-def]
        yield from ()

    def analyze_line(self, filename, line, line_number=0, context=None, **kwargs):  # type: ignore[no-untyped-def]
        return {"zebra"} if "zebra" in line else set()


class _BytesRegex(RegexBasedDetector):
    secret_type = "Bytes"
    denylist = (re.compile(rb"zebra"),)


class _NoLiteral(RegexBasedDetector):
    secret_type = "Shape"
    denylist = (re.compile(r"\b\w{3}\d{4}\b"),)


def test_a_plugin_the_prefilter_cannot_read_has_every_line_scanned() -> None:
    lines = ["nothing here", "a zebra", "code ABC1234 here"]
    assert lines_worth_scanning([_LooksAround()], "page.md", lines) is None
    assert lines_worth_scanning([_BytesRegex()], "page.md", lines) is None
    # A regex with no literal to look for: its plugin is asked of every line, and answers for itself.
    assert lines_worth_scanning([_NoLiteral()], "page.md", lines) == {2}


def test_a_configured_plugin_of_an_unknown_kind_still_finds_its_secrets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plugin_file = tmp_path / "zebra_plugin.py"
    plugin_file.write_text(
        "from detect_secrets.plugins.base import BasePlugin\n\n"
        "class ZebraDetector(BasePlugin):\n"
        '    secret_type = "Zebra"\n\n'
        "    def analyze_string(self, string):\n"
        '        if "zebra" in string:\n'
        '            yield "zebra"\n',
        encoding="utf-8",
    )
    settings = detect._settings

    def with_zebra() -> dict[str, object]:
        configured = settings()
        plugins = [*configured["plugins_used"], {"name": "ZebraDetector", "path": f"file://{plugin_file}"}]  # type: ignore[misc]
        return {**configured, "plugins_used": plugins}

    monkeypatch.setattr(detect, "_settings", with_zebra)
    page = tmp_path / "page.md"
    texts = {page: "# Animals\n\nA line no known plugin reports on: zebra.\n"}
    found = scan_distinct_lines(texts, prefilter=True)
    assert [(s.line, s.kind) for s in found[page]] == [(3, "Zebra")]


def test_files_of_distinct_lines_are_read_line_by_line_whatever_lines_they_hold(tmp_path: Path) -> None:
    # Lines that by themselves are an INI file (and YAML): detect-secrets would read their pairs, not
    # their lines; the first line of every file of distinct lines makes each reading fail.
    password = 'password = "x7Hq2pLmN9"'  # pragma: allowlist secret
    keys = [(".yml", "", "[global]"), (".yml", "", password), (".yml", "", "token: abc")]
    for suffix in (".yml", ".md", ".ini", ".cfg", ".txt"):
        path = tmp_path / f"published{suffix}"
        bare = tmp_path / f"bare{suffix}"
        bare.write_text("\n".join(line for _, _, line in keys) + "\n", encoding="utf-8")
        distinct_lines._write_distinct_lines(path, [(suffix, pragma, line) for _, pragma, line in keys])
        with configured_scanner():
            for eager in (False, True):
                with path.open() as file:
                    assert get_transformed_file(file, use_eager_transformers=eager) is None  # type: ignore[arg-type]
            with bare.open() as file:
                readings = [get_transformed_file(file, use_eager_transformers=e) for e in (False, True)]  # type: ignore[arg-type]
            assert any(reading is not None for reading in readings), suffix


def test_fold_maps_every_character_ignorecase_lets_match_an_ascii_one() -> None:
    everything = "".join(chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code <= 0xDFFF)
    for character in string.printable.strip():
        matches = set(re.findall(re.escape(character), everything, re.IGNORECASE))
        assert {fold(match) for match in matches} == {character.lower()}, character


@pytest.mark.parametrize(
    ("pattern", "flags", "literals"),
    [
        (r"(?:A3T[A-Z0-9]|ABIA|AKIA)[0-9A-Z]{16}", 0, None),  # 36 + 2 spellings: joined, then covered
        (r"\b(?:hf_|api_org_)[A-Za-z]{34}\b", 0, {"hf_", "api_org_"}),
        (r"(pass|pwd)\w*\s*=\s*'", re.IGNORECASE, {"pass", "pwd"}),
        (r"(?i)api_?key", 0, {"api_key", "apikey"}),
        (r"x(?-i:Key)", re.IGNORECASE, {"xkey"}),
        (r"\w+\d+", 0, None),
        (r"[a-c]+\d+", 0, {"a", "b", "c"}),
        (r"contraseña", re.IGNORECASE, {"contrase"}),
        (r"a?b*", 0, None),
        (r"(['\"])[0-9a-f]+(\1)", 0, {"'", '"'}),
    ],
)
def test_required_literals_are_read_from_the_regex(
    pattern: str, flags: int, literals: set[str] | None
) -> None:
    found = required_literals(re.compile(pattern, flags))
    if pattern.startswith("(?:A3T"):
        assert found is not None and {"ABIA", "AKIA"} <= found.strings and len(found.strings) == 38
        return
    assert (found.strings if found else None) == literals


def _whole_files(folder: Path) -> list[Path]:
    """Files as a repository tracks them: the hostile lines as Python, YAML, INI, JSON and text (read by
    detect-secrets line by line, or as pairs where its transformers parse them), pairs alone, and files
    holding nothing a plugin reports."""
    page = next(iter(_hostile_pages(folder / "pages").values()))
    password = "pass" + 'word = "x7Hq2pLmN9"'
    texts = {
        "hostile.py": page,
        "hostile.json": page,
        "hostile.txt": page,
        "pairs.ini": f"[server]\n{password}\nhost = example.com\n",
        "pairs.cfg": f"{password}\nname = demo\n",
        "config.yml": f"server:\n  {password.replace(' =', ':')}\n  port: 8080\n",
        "plain.py": "def add(a, b):\n    return a + b\n",
        "plain.yml": "name: demo\nsteps: [build, test]\n",
        "empty.txt": "",
    }
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "image.png").write_bytes(bytes(range(256)))
    return [folder / name for name in [*texts, "image.png"]]


def test_whole_files_give_the_same_findings_with_the_prefilter_as_without(tmp_path: Path) -> None:
    ours = [REPO / name for name in ("pyproject.toml", "Makefile", ".github/workflows/ci.yml")]
    ours += sorted((REPO / "src/polydocs/lint/secrets").glob("*.py"))
    paths = _whole_files(tmp_path) + ours
    with configured_scanner():
        without = {path: detect.secrets_in(path) for path in paths}
    assert detect.find_secrets(paths) == without
    kinds = {secret.kind for secrets in without.values() for secret in secrets}
    assert {"Secret Keyword", "AWS Access Key", "Private Key"} <= kinds
    assert without[tmp_path / "pairs.ini"] and without[tmp_path / "config.yml"]


def test_a_whole_file_no_plugin_reports_on_is_not_handed_to_detect_secrets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _whole_files(tmp_path)
    scanned: list[str] = []
    secrets_in = detect.secrets_in

    def counted(path: Path) -> list[detect.FoundSecret]:
        scanned.append(path.name)
        return secrets_in(path)

    monkeypatch.setattr(detect, "secrets_in", counted)
    detect.find_secrets(paths)
    assert {"plain.py", "plain.yml", "empty.txt"}.isdisjoint(scanned)
    assert {"hostile.py", "pairs.ini", "config.yml", "image.png"} <= set(scanned)
