"""`<InferenceSnippet ... />` -> code tabs of the call it describes (`polydocs.dialect.constructs.
inference_snippet`): Python (huggingface_hub's `InferenceClient`) and JavaScript (`@huggingface/inference`),
one code block per provider in each, written from templates of the two clients' documented calls: a chat
completion where the tag says `conversational`, else the client's method of the task (`text-to-image` ->
`text_to_image` / `textToImage`). A tag that cannot be read is the components step's placeholder.

The code has more lines than the tag, so this runs in the hand-over, as `<literalinclude>` does.
"""

from __future__ import annotations

from polydocs.dialect.constructs.component_tags import find_component_tags
from polydocs.dialect.constructs.inference_snippet import (
    InferenceCall,
    Provider,
    is_inference_snippet,
    read_call,
)
from polydocs.dialect.constructs.tabs import INFERENCE_LABELS
from polydocs.dialect.page import ParsedPage
from polydocs.markup._blocks import INDENT, leading_spaces, quoted

# What a reader sends, by task (huggingface.js's example inputs for the common ones).
_INPUTS = {
    "text-generation": '"Can you please let us know more details about your "',
    "text-to-image": '"Astronaut riding a horse"',
    "text-classification": '"I like you. I love you"',
    "token-classification": '"My name is Sarah Jessica Parker but you can call me Jessica"',
    "summarization": '"The tower is 324 metres tall, about the same height as an 81-storey building."',
    "translation": '"Меня зовут Вольфганг и я живу в Берлине"',
    "feature-extraction": '"Today is a sunny day and I will get some ice cream."',
    "fill-mask": '"The answer to the universe is [MASK]."',
}
_QUESTION = "What is the capital of France?"


def inference_snippet_blocks(lines: list[str], page: ParsedPage) -> list[tuple[int, int, list[str]]]:
    """`(first, last, block)` for each readable self-closing `<InferenceSnippet>`: its lines become tabs."""
    blocks = []
    for tag in find_component_tags(page):
        if not (tag.ended and is_inference_snippet(tag)):
            continue
        call = read_call(tag)
        if isinstance(call, str):
            continue  # the components step's placeholder, the dialect check's finding
        blocks.append((tag.index, tag.last, _placed(_tabs(call), lines[tag.index], tag.marker)))
    return blocks


def _placed(tabs: list[str], line: str, marker: str) -> list[str]:
    """The tabs where the tag stood: at its indentation, or as the content of the list item its tag opens,
    the first tab's label on the marker's line, padded to the item's content column (Python-Markdown's four
    columns: after `- ` alone, pymdownx.tabbed starts no tab set the item's next lines continue)."""
    indent = leading_spaces(line)
    if not marker:
        return [indent + tab for tab in tabs]
    written = marker.strip()
    first = indent + written + " " * max(1, len(INDENT) - len(written))
    # A blank line below the label: its body is not the label's paragraph continued there.
    return [first + tabs[0], "", *(indent + INDENT + tab if tab else "" for tab in tabs[1:])]


def client_code(call: InferenceCall) -> list[tuple[str, str, list[tuple[str, list[str]]]]]:
    """For each client, its tab label, its fence language and each provider's code: what the site shows
    as tabs and a notebook as labelled blocks."""
    return [
        (
            INFERENCE_LABELS[tab],
            language,
            [(provider.name, code(call, provider)) for provider in call.providers],
        )
        for tab, language, code in (("python", "py", _python), ("js", "js", _javascript))
    ]


def _tabs(call: InferenceCall) -> list[str]:
    lines: list[str] = []
    for number, (label, language, blocks) in enumerate(client_code(call), 1):
        lines.append(f"{'===!' if number == 1 else '==='} {quoted(label)}")
        for provider, code in blocks:
            if len(blocks) > 1:
                lines += ["", f"{INDENT}`{provider}`", ""]
            lines += [INDENT + line if line else "" for line in ["```" + language, *code, "```"]]
        lines.append("")
    return lines


def _python(call: InferenceCall, provider: Provider) -> list[str]:
    head = [
        "import os",
        "from huggingface_hub import InferenceClient",
        "",
        "client = InferenceClient(",
        f'    provider="{provider.name}",',
        '    api_key=os.environ["HF_TOKEN"],',
        ")",
        "",
    ]
    if call.conversational:
        return [
            *head,
            "completion = client.chat.completions.create(",
            f'    model="{provider.model}",',
            f'    messages=[{{"role": "user", "content": "{_QUESTION}"}}],',
            ")",
            "",
            "print(completion.choices[0].message)",
        ]
    method = call.pipeline.replace("-", "_")
    return [
        *head,
        f"result = client.{method}(",
        f"    {_INPUTS.get(call.pipeline, '...')},",
        f'    model="{provider.model}",',
        ")",
    ]


def _javascript(call: InferenceCall, provider: Provider) -> list[str]:
    head = [
        'import { InferenceClient } from "@huggingface/inference";',
        "",
        "const client = new InferenceClient(process.env.HF_TOKEN);",
        "",
    ]
    if call.conversational:
        return [
            *head,
            "const chatCompletion = await client.chatCompletion({",
            f'    provider: "{provider.name}",',
            f'    model: "{provider.model}",',
            f'    messages: [{{ role: "user", content: "{_QUESTION}" }}],',
            "});",
            "",
            "console.log(chatCompletion.choices[0].message);",
        ]
    first, *rest = call.pipeline.split("-")
    method = first + "".join(word.capitalize() for word in rest)
    return [
        *head,
        f"const result = await client.{method}({{",
        f'    provider: "{provider.name}",',
        f'    model: "{provider.model}",',
        f"    inputs: {_INPUTS.get(call.pipeline, '...')},",
        "});",
        "",
        "console.log(result);",
    ]
