"""Every doc-builder component polydocs knows, one spec each: the one place a component is added.

A spec (`component_roles.ComponentSpec`) names the component, the role its tags play in every output, the
attributes it reads and the problems it reports; the dialect check (`components.py`), the site's
components step (`markup/components.py`) and the notebooks (`notebooks/plain_markdown.py`) all follow it.
A tag whose name no spec holds is a neutral container (`component-unknown`).

`<Tip>` (callouts), `<Question>` (quiz), the notebook banners (notebooks), `<FrameworkSwitchCourse>`
(framework_switch) and the tab groups (tabs) are laid out and checked by constructs of their own; their
specs say so (`checked_by`, the role `OWNED`).
"""

from __future__ import annotations

import re

from polydocs.diagnostics import DiagnosticCode
from polydocs.dialect.checks import Finding
from polydocs.dialect.components import MALFORMED, MALFORMED_CODE, Attribute, one_of
from polydocs.dialect.constructs import framework_switch, inference_snippet, notebooks, quiz
from polydocs.dialect.constructs.component_roles import ComponentSpec, Note, TagRole
from polydocs.dialect.constructs.component_tags import ComponentTag

YOUTUBE_MALFORMED = "youtube-malformed"
YOUTUBE_MALFORMED_CODE = DiagnosticCode(YOUTUBE_MALFORMED, "error", "A `<Youtube>` without a video id.")

_YOUTUBE_ID = re.compile(r"^[\w-]{6,20}$")


def youtube_video(tag: ComponentTag) -> str | None:
    """The tag's video id, None when it is no usable one."""
    video = tag.text("id")
    return video if _YOUTUBE_ID.match(video) else None


def _youtube_problem(tag: ComponentTag) -> Finding | None:
    if youtube_video(tag) is not None:
        return None
    return Finding(
        tag.index,
        YOUTUBE_MALFORMED,
        f"`<Youtube>` has no usable video id ({tag.text('id')!r}); nothing is shown",
        'write `<Youtube id="VIDEO_ID"/>` with the id from the video URL',
    )


def _inference_snippet_role(tag: ComponentTag) -> TagRole:
    if not tag.self_closing:
        return TagRole.OWNED  # enclosing tabs, it is a tab group (tabs.py)
    readable = not isinstance(inference_snippet.read_call(tag), str)
    return TagRole.INFERENCE_SNIPPET if readable else TagRole.PLACEHOLDER


def _inference_snippet_problem(tag: ComponentTag) -> Finding | None:
    call = inference_snippet.read_call(tag)
    if not isinstance(call, str):
        return None
    return Finding(
        tag.index,
        MALFORMED,
        f"`<{tag.name}>`: {call}; readers see a placeholder",
        "write the tag as doc-builder's README shows it (section 'Inference Snippet')",
    )


# The Hub's pipelines doc-builder names (kit/src/lib/pipeline.ts, `PIPELINE_DATA`), by their ids.
PIPELINE_NAMES = {
    "text-classification": "Text Classification",
    "token-classification": "Token Classification",
    "table-question-answering": "Table Question Answering",
    "question-answering": "Question Answering",
    "zero-shot-classification": "Zero-Shot Classification",
    "translation": "Translation",
    "summarization": "Summarization",
    "conversational": "Conversational",
    "feature-extraction": "Feature Extraction",
    "text-generation": "Text Generation",
    "text2text-generation": "Text2Text Generation",
    "fill-mask": "Fill-Mask",
    "sentence-similarity": "Sentence Similarity",
    "text-to-speech": "Text-to-Speech",
    "automatic-speech-recognition": "Automatic Speech Recognition",
    "audio-to-audio": "Audio-to-Audio",
    "audio-classification": "Audio Classification",
    "voice-activity-detection": "Voice Activity Detection",
    "image-classification": "Image Classification",
    "object-detection": "Object Detection",
    "image-segmentation": "Image Segmentation",
    "text-to-image": "Text-to-Image",
    "image-to-text": "Image-to-Text",
    "image-to-image": "Image-to-Image",
    "unconditional-image-generation": "Unconditional Image Generation",
    "reinforcement-learning": "Reinforcement Learning",
    "robotics": "Robotics",
    "tabular-classification": "Tabular Classification",
    "tabular-regression": "Tabular Regression",
    "tabular-to-text": "Tabular to Text",
    "table-to-text": "Table to Text",
    "multiple-choice": "Multiple Choice",
    "text-retrieval": "Text Retrieval",
    "time-series-forecasting": "Time Series Forecasting",
    "visual-question-answering": "Visual Question Answering",
    "document-question-answering": "Document Question Answering",
    "zero-shot-image-classification": "Zero-Shot Image Classification",
    "other": "Other",
}


def _pipeline_name(tag: ComponentTag) -> str:
    """The pipeline's name as huggingface.co shows it; an id doc-builder does not know, as written."""
    pipeline = tag.text("pipeline").strip()
    return PIPELINE_NAMES.get(pipeline, pipeline)


def _version_note(name: str, kind: str, admonition: str) -> ComponentSpec:
    """`<Added version="...">`, `<Changed>`, `<Deprecated>`: a note saying so, holding what they enclose."""
    return ComponentSpec(
        (name,),
        TagRole.VERSION_NOTE,
        closing_role=TagRole.DROPPED,
        closed=True,
        block="note",
        note=Note(kind, admonition),
    )


SPECS: tuple[ComponentSpec, ...] = (
    ComponentSpec(("Tip",), TagRole.OWNED, checked_by="callouts"),
    # Alone (`.../>`): the call it describes as code tabs (inference_snippet.py; nothing is fetched).
    ComponentSpec(
        (inference_snippet.NAME,),
        TagRole.INFERENCE_SNIPPET,
        role_of=_inference_snippet_role,
        problem=_inference_snippet_problem,
        codes=(MALFORMED_CODE,),
    ),
    ComponentSpec((quiz.NAME,), TagRole.QUIZ, checked_by="quiz"),
    ComponentSpec(tuple(sorted(notebooks.NAMES)), TagRole.NOTEBOOK_LINKS, checked_by="notebooks"),
    # Its `{#if fw === ...}` blocks are the switch (framework_switch.py); the tag itself shows nothing.
    ComponentSpec((framework_switch.NAME,), TagRole.DROPPED, checked_by="framework_switch"),
    # Its tags only group what they enclose on huggingface.co.
    ComponentSpec(("ExampleCodeBlock",), TagRole.DROPPED),
    # `<Youtube id="..."/>`: a click-to-load video.
    ComponentSpec(
        ("Youtube",),
        TagRole.YOUTUBE,
        problem=_youtube_problem,
        codes=(YOUTUBE_MALFORMED_CODE,),
        video=youtube_video,
    ),
    # `<PipelineTag pipeline="text-classification"/>`: the pipeline a list of resources is about, a badge
    # with its name on huggingface.co (transformers' model pages, above their resources).
    ComponentSpec(
        ("PipelineTag",),
        TagRole.LABEL,
        attributes=(
            Attribute(
                "pipeline",
                one_of(*PIPELINE_NAMES),
                'a pipeline of the Hub: `pipeline="text-classification"`',
                True,
            ),
        ),
        label=_pipeline_name,
    ),
    _version_note("Added", "added", "info"),
    _version_note("Changed", "changed", "note"),
    _version_note("Deprecated", "deprecated", "warning"),
)

_BY_NAME = {name: spec for spec in SPECS for name in spec.names}


def spec_of(name: str) -> ComponentSpec | None:
    """The spec of the component named `name`; None for one polydocs does not know."""
    return _BY_NAME.get(name)
