"""The shared fence helper that keeps every construct out of code."""

from __future__ import annotations

from polydocs.markup._fences import fenced_lines, lines_outside_fences


def test_backtick_tilde_indented_and_quoted_fences_are_found() -> None:
    lines = [
        "text",  # 0
        "```py",  # 1
        "<Tip>",  # 2
        "```",  # 3
        "    ~~~~",  # 4
        "    ~~~",  # 5: shorter than the opening fence, so still code
        "    ~~~~",  # 6
        "> ```bash",  # 7
        "> run",  # 8
        "> ```",  # 9
        "after",  # 10
    ]
    assert [i for i, _ in lines_outside_fences(lines)] == [0, 10]


def test_a_fence_that_is_never_closed_is_no_code_block() -> None:
    assert fenced_lines(["```py", "<Tip>", "text"]) == [False, False, False]


def test_a_longer_closing_fence_closes_and_backticks_in_the_info_string_do_not_open() -> None:
    assert fenced_lines(["```", "x", "`````"]) == [True, True, True]
    # "``` a`b" opens nothing, and the "```" below it is then an opening fence that is never closed.
    assert fenced_lines(["``` a`b", "x", "```"]) == [False, False, False]
