"""A heading without `[[anchor]]` gets the id doc-builder gives it on huggingface.co
(`doc_builder_heading_id`, the site's `toc` `slugify`): each expected id below is what doc-builder's own
expression (its kit's mdsvex preprocessor) gives the title, run under Node."""

from __future__ import annotations

import pytest

from polydocs.dialect.heading_anchors import doc_builder_heading_id

DOC_BUILDER_IDS = [
    ("Próximos pasos", "próximos-pasos"),
    ("使用 pipelines", "使用-pipelines"),
    ("모델 공유하기", "모델-공유하기"),
    ("¿Qué es?", "qué-es"),
    ("Transformers 能做什么\uff1f", "transformers-能做什么"),  # a full-width question mark
    ("foo_bar and `baz`", "foobar-and-baz"),  # `_` is no letter nor number
    ("A & B -- c", "a--b----c"),  # hyphens are not merged
    ("  Step 1:\u00a0Install\u3000now  ", "step-1-install-now"),  # JavaScript's white space
    ("e\u0301tude", "etude"),  # a combining accent is no letter
    ("ΟΔΟΣ", "οδος"),  # the final sigma lower-cased as JavaScript does
    ("Hugging Face 🤗 Hub", "hugging-face--hub"),
    ("٣ أرقام عربية", "٣-أرقام-عربية"),
    ("???", ""),  # toc then makes it `_1`, as for any empty id
]


@pytest.mark.parametrize(("title", "expected"), DOC_BUILDER_IDS)
def test_a_heading_without_anchor_gets_doc_builders_id(title: str, expected: str) -> None:
    assert doc_builder_heading_id(title) == expected
