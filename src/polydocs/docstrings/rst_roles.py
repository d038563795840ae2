"""The reST roles of a docstring as doc-builder reads them: `:class:`~peft.tuners.LNTuningModel`` is the
API link `` [`~peft.tuners.LNTuningModel`] ``, and so are `:func:` and `:meth:`; `:obj:`None`` is code.

doc-builder (`autodoc.is_rst_docstring`) takes a docstring holding one of these roles for reST and
converts it (`convert_rst_to_mdx.convert_rst_formatting`) before its links are resolved, so peft's
`LNTuningConfig` ("the configuration class of a :class:`~peft.tuners.LNTuningModel`") links the model.
Only the roles are read here, each on its line (outside fenced code), so every line stays where the
docstring's file has it: a docstring's warnings keep their file line.
"""

from __future__ import annotations

import re

from polydocs.docstrings.parse import toggles_code

# doc-builder's patterns (`_re_func_class`, `_re_obj`).
_LINK_ROLE = re.compile(r":(?:func|class|meth):`([^`]+)`")
_CODE_ROLE = re.compile(r":obj:`([^`]+)`")


def roles_read(text: str) -> str:
    """`text` with its link roles written as API links and its `:obj:` roles as code."""
    if ":`" not in text:
        return text
    lines = text.split("\n")
    in_fence = False
    for index, line in enumerate(lines):
        if toggles_code(line):
            in_fence = not in_fence
        elif not in_fence and ":`" in line:
            lines[index] = _CODE_ROLE.sub(r"`\1`", _LINK_ROLE.sub(r"[`\1`]", line))
    return "\n".join(lines)
