"""Hugging Face docstrings read as doc-builder's README specifies them (its examples are the inputs here),
and the cases where doc-builder's own split goes wrong (accelerate's `Accelerator`) read whole."""

from polydocs.docstrings.parse import parse_docstring

# doc-builder README, "Parameter typing and default value", "Returns", "Raises", "Added, Changed, Deprecated".
README_EXAMPLE = """Does something.

Args:
    x (`str`, *optional*):
        This argument controls ...
    a (`float`, *optional*, defaults to 1):
        This argument is used to ...
    config ([`BertConfig`]):
        Model configuration class with all the parameters of the model.

        Initializing with a config file does not load the weights.
    cache_dir (`str`, *optional*): Directory to cache data.
    name (`str`): Configuration name for the dataset.

        <Deprecated version="2.3.0">

        Use `config_name` instead.

        </Deprecated>

Raises:
    `pa.ArrowInvalidError`: if the arrow data casting fails
    TypeError: if the target type is not supported according, e.g.
        - point1
        - point2
    [`HTTPError`](https://2.python-requests.org/en/master/api/#requests.HTTPError) if credentials are invalid

Returns:
    `List[int]`: A list of integers in the range [0, 1] --- 1 for a special token, 0 for a sequence token.
"""


def test_parameters_read_name_type_optional_and_default_with_their_lines():
    parsed = parse_docstring(README_EXAMPLE)
    kinds = [section.kind for section in parsed.sections]
    assert kinds == ["text", "parameters", "raises", "returns"]
    x, a, config, cache_dir, name = parsed.sections[1].parameters
    assert (x.name, x.type, x.optional, x.default, x.line) == ("x", "`str`", True, None, 3)
    assert (a.type, a.optional, a.default, a.intro) == (
        "`float`",
        True,
        "1",
        "`float`, *optional*, defaults to 1",
    )
    assert config.type == "[`BertConfig`]" and not config.optional
    assert config.description.endswith("Initializing with a config file does not load the weights.")
    assert cache_dir.description == "Directory to cache data."
    assert '<Deprecated version="2.3.0">' in name.description
    assert parsed.problems == ()


def test_raises_and_returns_keep_each_exception_and_the_one_sentence_whole():
    parsed = parse_docstring(README_EXAMPLE)
    raised = parsed.sections[2].raised
    assert [item.exception for item in raised] == [
        "`pa.ArrowInvalidError`",
        "TypeError",
        "[`HTTPError`](https://2.python-requests.org/en/master/api/#requests.HTTPError)",
    ]
    assert raised[1].description == "if the target type is not supported according, e.g.\n- point1\n- point2"
    assert raised[2].description == "if credentials are invalid"
    returned = parsed.sections[3].returned
    assert returned is not None and returned.type == "`List[int]`"
    assert returned.description.startswith("A list of integers in the range [0, 1] --- 1 for")


def test_a_type_holding_a_colon_and_links_stays_whole():
    """accelerate's `Accelerator`: doc-builder splits at the first colon, inside the type."""
    text = (
        "Args:\n"
        "    deepspeed_plugin ([`~utils.DeepSpeedPlugin`] or dict of `str`: [`~utils.DeepSpeedPlugin`], "
        "*optional*):\n"
        "        Tweak your DeepSpeed related args.\n"
        "    gradient_accumulation_steps (`int`, *optional*, default to 1):\n"
        "        The number of steps.\n"
    )
    plugin, steps = parse_docstring(text).sections[0].parameters
    assert plugin.name == "deepspeed_plugin"
    assert plugin.type == "[`~utils.DeepSpeedPlugin`] or dict of `str`: [`~utils.DeepSpeedPlugin`]"
    assert plugin.optional and plugin.default is None
    assert plugin.description == "Tweak your DeepSpeed related args."
    assert (steps.type, steps.default) == ("`int`", "1")


def test_a_return_type_with_a_comma_is_one_type_and_a_description():
    text = (
        "Returns:\n"
        "    `torch.Tensor`, or a nested tuple/list/dictionary of `torch.Tensor`: The gathered tensor(s). "
        "Note\n"
        "    that the first dimension is *num_processes*.\n"
    )
    (section,) = parse_docstring(text).sections
    assert section.returned is not None
    assert section.returned.type == "`torch.Tensor`, or a nested tuple/list/dictionary of `torch.Tensor`"
    assert (
        section.returned.description
        == "The gathered tensor(s). Note\nthat the first dimension is *num_processes*."
    )


def test_yields_attributes_and_groups():
    text = (
        "Attributes:\n"
        "    device (`torch.device`): The device.\n"
        "    > Advanced\n"
        "    seed (`int`, *optional*, defaults to `42`): The seed.\n"
        "\n"
        "Yields:\n"
        "    `tuple[str, io.BufferedReader]`:\n"
        "        2-tuple (path_within_archive, file_object).\n"
    )
    attributes, yields = parse_docstring(text).sections
    assert attributes.kind == "attributes"
    assert [(p.name, p.group, p.default) for p in attributes.parameters] == [
        ("device", "", None),
        ("seed", "Advanced", "42"),
    ]
    assert yields.kind == "yields" and yields.returned is not None
    assert yields.returned.type == "`tuple[str, io.BufferedReader]`"
    assert yields.returned.description == "2-tuple (path_within_archive, file_object)."


def test_malformed_docstrings_are_problems_at_their_lines_and_every_line_is_kept():
    text = (
        "Summary.\n"  # 0
        "\n"
        "Args:\n"  # 2
        "    even_batches (`bool`, *optional*)\n"  # 3: no colon
        "        Whether to even the batches.\n"
        "    slice_fn (`Callable`, *optional*`):\n"  # 5: a backtick never closed
        "        The slicing function.\n"
        "\n"
        "Returns:\n"  # 8: empty
        "\n"
        "Returns:\n"  # 10: a second one
        "    `int`: the count.\n"
        "\n"
        "```python\n"  # 13: never closed
        "x = 1\n"
    )
    parsed = parse_docstring(text)
    assert [problem.line for problem in parsed.problems] == [3, 5, 8, 13]
    even, slice_fn = next(s for s in parsed.sections if s.kind == "parameters").parameters
    assert even.description == "Whether to even the batches." and even.optional
    assert slice_fn.description == "The slicing function."
    assert parsed.sections[-1].kind == "text" and parsed.sections[-1].text.endswith("x = 1")


def test_a_header_inside_code_is_code():
    text = "Example:\n\n```python\nArgs:\n    x\n```\n"
    (section,) = parse_docstring(text).sections
    assert section.kind == "text" and "Args:" in section.text
