"""`<InferenceSnippet pipeline="..." [conversational] providersMapping={{...}} />`: an inference call.

doc-builder's README documents it: on huggingface.co the component asks huggingface.js for the code that
calls each provider of `providersMapping` (`{"fireworks-ai": {modelId: "org/model", providerModelId:
"..."}, ...}`, a JavaScript object) with the task `pipeline`, in Python and JavaScript. Nothing is fetched
here: the call is read from the tag (`read_call`) and written as code tabs from templates of the two
clients (`polydocs.markup.inference_snippet`). The same component enclosing `<python>`/`<js>`/`<curl>`
tabs is a tab group (tabs.py).

What is read is checked strictly (a task name, provider names, Hub model ids): the values go into code
readers copy, and a value that could end the code block or the string it sits in is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from polydocs.dialect.constructs._js_literal import LiteralProblem, parse_js_literal
from polydocs.dialect.constructs.component_tags import ComponentTag

NAME = "InferenceSnippet"

_TASK = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_PROVIDER = re.compile(r"[a-z0-9][a-z0-9.-]*")
_MODEL_ID = re.compile(r"(?:[A-Za-z0-9][\w.-]*/)?[A-Za-z0-9][\w.-]*")


@dataclass(frozen=True)
class Provider:
    name: str  # the provider's name on the Hub (`fireworks-ai`)
    model: str  # the Hub model id it serves (`deepseek-ai/DeepSeek-R1`)


@dataclass(frozen=True)
class InferenceCall:
    pipeline: str
    conversational: bool
    providers: tuple[Provider, ...]


def is_inference_snippet(tag: ComponentTag) -> bool:
    """The self-closing component (not the tab group of the same name)."""
    return tag.name == NAME and tag.self_closing


def read_call(tag: ComponentTag) -> InferenceCall | str:
    """The call the tag describes, or what is wrong with it (a sentence)."""
    pipeline = tag.text("pipeline")
    if not _TASK.fullmatch(pipeline):
        return f"`pipeline` must name a task such as `text-generation`, not {pipeline!r}"
    try:
        mapping = parse_js_literal(tag.text("providersMapping") or "null")
    except LiteralProblem as problem:
        return f"`providersMapping` is no JavaScript object literal: {problem.message}"
    if not isinstance(mapping, dict) or not mapping:
        return (
            "`providersMapping` must be an object of providers, each with its `modelId`: "
            '`{{"fireworks-ai": {modelId: "org/model", providerModelId: "..."}}}`'
        )
    providers = []
    for name, served in mapping.items():
        model = served.get("modelId") if isinstance(served, dict) else None
        if not _PROVIDER.fullmatch(name) or not isinstance(model, str) or not _MODEL_ID.fullmatch(model):
            return f"provider {name!r} needs a provider name and a Hub model id as `modelId`"
        providers.append(Provider(name, model))
    return InferenceCall(pipeline, "conversational" in tag.attributes, tuple(providers))
