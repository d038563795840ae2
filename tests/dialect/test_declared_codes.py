"""A construct reports only the codes it declares (its module's `CODES`: name, level, summary), and the table
of every code (`polydocs.codes`) takes a construct's codes from there, never from a list of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from polydocs import codes
from polydocs.codes import CODES
from polydocs.diagnostics import DiagnosticCode, code_table
from polydocs.dialect import CONSTRUCT_CODES, PageFacts, parse_page
from polydocs.dialect.checks import DeclaredCheck, UndeclaredCode
from polydocs.dialect.constructs import CONSTRUCT_CHECKS, CONSTRUCTS, fences

UNCLOSED_FENCE = "# Title\n\n```py\nprint(1)\n"


def test_a_construct_reporting_a_code_it_does_not_declare_is_an_error() -> None:
    page = parse_page(UNCLOSED_FENCE)
    declared = DeclaredCheck("fences", fences.check, fences.CODES)
    assert [finding.code for finding in declared.findings(page, PageFacts())] == ["fence-unclosed"]
    undeclared = DeclaredCheck("fences", fences.check, {})
    with pytest.raises(
        UndeclaredCode, match="the construct fences reported 'fence-unclosed', which it does not declare"
    ):
        list(undeclared.findings(page, PageFacts()))


def test_every_registered_check_is_held_to_its_own_module_codes() -> None:
    registered = [(check.construct, check.codes) for check in CONSTRUCT_CHECKS.checks]
    assert registered == [(module.__name__.rsplit(".", 1)[-1], module.CODES) for module in CONSTRUCTS]


def test_the_table_of_every_code_takes_the_constructs_codes_from_them() -> None:
    assert all(CODES[name] is code for name, code in CONSTRUCT_CODES.items())
    table = Path(codes.__file__).read_text(encoding="utf-8")
    assert [name for name in CONSTRUCT_CODES if f'"{name}"' in table] == []


def test_a_code_declared_twice_must_be_declared_alike() -> None:
    first = DiagnosticCode("fence-unclosed", "error", "A code fence that is never closed.")
    assert code_table(first, first) == {"fence-unclosed": first}
    with pytest.raises(ValueError, match="'fence-unclosed' is declared twice, differently"):
        code_table(first, DiagnosticCode("fence-unclosed", "warning", "A code fence that is never closed."))
