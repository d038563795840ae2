"""Hugging Face docstrings in the API reference: read as doc-builder reads them, rendered as it shows them.

`parse.py` reads a docstring into located sections, `griffe_extension.py` hands them to mkdocstrings (with
each object's source link from `source_links.py`), and `templates/` renders them. The site's mkdocstrings
settings (`site/mkdocs_config.py`) load the extension by `EXTENSION` and the templates from `TEMPLATES`.
"""

from pathlib import Path

from polydocs.docstrings.source_links import source_base

TEMPLATES = Path(__file__).parent / "templates"
EXTENSION = "polydocs.docstrings.griffe_extension:HfDocstrings"

__all__ = ["EXTENSION", "TEMPLATES", "source_base"]
