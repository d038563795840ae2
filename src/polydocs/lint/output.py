"""How `polydocs lint` writes its findings: for people (by page, then a count per code), for GitHub
Actions (annotations on the diff), and for tools (JSON, SARIF 2.1.0)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from itertools import groupby
from urllib.parse import quote

from polydocs import __version__
from polydocs.codes import CODES
from polydocs.diagnostics import Diagnostic, display_path, printable
from polydocs.guide import REPOSITORY

FORMATS = ("text", "github", "json", "sarif")
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def grouped_text(findings: list[Diagnostic]) -> str:
    """Each page's path, then its findings as `  line: code message; hint` (findings come sorted)."""
    blocks = []
    for path, group in groupby(findings, key=lambda finding: display_path(finding.path)):
        lines = [printable(path)]
        for finding in group:
            text = f"{finding.code} {finding.message}" + (f"; {finding.hint}" if finding.hint else "")
            lines.append(f"  {finding.line}: {printable(text)}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def rule_summary(findings: list[Diagnostic]) -> str:
    """One line per code, most frequent first: `  1075 link-missing (error)`."""
    counts = Counter((finding.code, finding.severity) for finding in findings)
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return "".join(f"{count:6} {code} ({severity})\n" for (code, severity), count in ordered)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotations(findings: list[Diagnostic]) -> str:
    """GitHub Actions workflow commands: `::error file=…,line=…,title=…::message; hint`."""
    lines = []
    for finding in findings:
        properties = [f"file={_escape_property(display_path(finding.path))}"]
        if finding.line:
            properties.append(f"line={finding.line}")
        properties.append(f"title={_escape_property(finding.code)}")
        text = printable(finding.message + (f"; {finding.hint}" if finding.hint else ""))
        lines.append(f"::{finding.severity} {','.join(properties)}::{_escape_data(text)}\n")
    return "".join(lines)


def sarif_uri(path: str) -> str:
    """A file's path as SARIF's `artifactLocation.uri` must be, a URI reference (RFC 3986): every byte
    outside the unreserved set and `/` percent-encoded, so `es/my page,x:y%.md` is not read as a URI
    of scheme `es/my page,x` nor broken at its `%`."""
    return quote(display_path(path), safe="/")


def _sarif_result(finding: Diagnostic, rule_index: int) -> dict[str, object]:
    location: dict[str, object] = {"artifactLocation": {"uri": sarif_uri(finding.path)}}
    if finding.line:
        location["region"] = {"startLine": finding.line}
    text = finding.message + (f"; {finding.hint}" if finding.hint else "")
    return {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": finding.severity,
        "message": {"text": text},
        "locations": [{"physicalLocation": location}],
    }


def sarif_rule(code: str) -> dict[str, object]:
    """A code as a SARIF `reportingDescriptor`: what it reports and the guide section explaining it
    (polydocs.codes); a code missing there (a test keeps none) is named only."""
    declared = CODES.get(code)
    if declared is None:
        return {"id": code, "name": code}
    return {
        "id": code,
        "name": code,
        "shortDescription": {"text": declared.summary},
        "helpUri": declared.help_url,
        "defaultConfiguration": {"level": declared.level},
    }


def sarif_document(findings: list[Diagnostic]) -> dict[str, object]:
    """A SARIF 2.1.0 log: one run, one rule per code reported (described, with its help link), one
    result per finding referring to its rule by id and index."""
    codes = sorted({finding.code for finding in findings})
    index = {code: position for position, code in enumerate(codes)}
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "polydocs lint",
                        "version": __version__,
                        "informationUri": REPOSITORY,
                        "rules": [sarif_rule(code) for code in codes],
                    }
                },
                "results": [_sarif_result(finding, index[finding.code]) for finding in findings],
            }
        ],
    }


def _json(findings: list[Diagnostic]) -> str:
    return json.dumps([finding.to_dict() for finding in findings], indent=1, ensure_ascii=False) + "\n"


def _sarif(findings: list[Diagnostic]) -> str:
    return json.dumps(sarif_document(findings), indent=1, ensure_ascii=False) + "\n"


WRITERS: dict[str, Callable[[list[Diagnostic]], str]] = {
    "text": grouped_text,
    "github": github_annotations,
    "json": _json,
    "sarif": _sarif,
}
