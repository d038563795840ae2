"""The docstring an object has when its library is imported, where the source's text is not it.

doc-builder reads `obj.__doc__` of the imported object; griffe reads the docstring literal of the source.
Both agree unless a decorator or an assignment builds the docstring at run time: transformers'
`@add_start_docstrings(TrainingArguments.__doc__)` above `Seq2SeqTrainingArguments` gives it its base's
parameters before the few its literal adds (which has no `Args:` title of its own). Where the library
imports, the imported object's docstring is the one shown; where it does not (a library not installed, or
one whose import fails), the source's.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import warnings

from griffe import Object


def runtime_docstring(obj: Object) -> str | None:
    """`obj.__doc__` of the imported object, cleaned as griffe cleans a docstring; None where the library
    does not import or the object has none."""
    module_path = obj.module.path
    if importlib.util.find_spec(module_path.split(".")[0]) is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            target: object = importlib.import_module(module_path)
            for attribute in obj.path[len(module_path) + 1 :].split("."):
                target = getattr(target, attribute)
        # Importing a library runs its code: whatever it raises, the source's docstring is shown.
        except Exception:
            return None
    doc = getattr(target, "__doc__", None)
    return inspect.cleandoc(doc) if isinstance(doc, str) and doc.strip() else None
