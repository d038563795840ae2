"""Dialect constructs turned into Markdown a notebook renders, one construct per test; each read where the
dialect's parse puts it, as the site reads it."""

from __future__ import annotations

import json
from pathlib import Path

from polydocs.notebooks import page_notebook
from polydocs.notebooks.markdown_items import Item, Verbatim
from polydocs.notebooks.plain_markdown import References, plain_markdown
from polydocs.snippets.regions import extract_regions, scan_page
from polydocs.sources import language_of
from polydocs.sources.api_inventory import ApiInventory, default_inventory


def _plain(text: str, lang: str = "en") -> list[Item]:
    regions = scan_page(Path("page.md"), text).regions
    return plain_markdown(text, regions, language_of(lang), default_inventory())


def test_github_alert_becomes_a_quote_titled_in_the_pages_language() -> None:
    assert _plain("> [!NOTE]\n> Read this.", "pt") == ["> **Nota**", ">", "> Read this."]


def test_an_alerts_text_on_its_marker_line_is_the_quotes_first_line_below_the_title() -> None:
    # datasets' image_load.mdx, trl's openenv.md: huggingface.co shows the text as the note's.
    assert _plain("> [!NOTE] How does Wordle work?\n> A game.", "es") == [
        "> **Nota**",
        ">",
        "> How does Wordle work?",
        "> A game.",
    ]
    # diffusers' docstrings: the `>` after the marker is the note's text, not a quote inside it.
    assert _plain("> [!WARNING] > This API is experimental.") == [
        "> **Warning**",
        ">",
        "> \\> This API is experimental.",
    ]


def test_unknown_alert_kind_is_left_as_the_quote_it_is() -> None:
    assert _plain("> [!HINT]\n> text") == ["> [!HINT]", "> text"]


def test_tip_block_around_a_python_block_quotes_the_prose_only() -> None:
    text = "<Tip>\n\nBefore.\n\n```py\nx = 1\n```\n\nAfter.\n\n</Tip>\n"
    region = extract_regions(Path("page.md"), text)[0]
    assert _plain(text, "es") == [
        "> **Consejo**",
        ">",
        "> Before.",
        ">",
        region,
        ">",
        "> After.",
        "",
        "",
    ]


def test_tip_block_quotes_other_code_blocks_with_it() -> None:
    assert _plain("<Tip warning={true}>\n```bash\nls\n```\n</Tip>") == [
        "> **Warning**",
        ">",
        ">  ```bash",
        ">  ls",
        ">  ```",
        "",
    ]


def test_a_tip_inside_a_tip_is_a_quote_inside_the_quote() -> None:
    """As the site lays them out (`tip_layout`): the outer tip ends at its own `</Tip>`, not at the
    first one; the notebook quoted up to the first and left the second `</Tip>` as text."""
    text = "<Tip>\n\nOuter.\n\n<Tip warning>\n\nInner.\n\n</Tip>\n\nOuter again.\n\n</Tip>"
    assert _plain(text) == [
        "> **Tip**",
        ">",
        "> Outer.",
        ">",
        "> > **Warning**",
        "> >",
        "> > Inner.",
        ">",
        ">",
        "> Outer again.",
        "",
    ]


def test_api_links_become_links_or_code() -> None:
    assert _plain("[`~transformers.Trainer`], [`Nope`] and [`Trainer`](https://x)") == [
        "[`Trainer`](https://huggingface.co/docs/transformers/main/en/main_classes/trainer"
        "#transformers.Trainer), `Nope` and [`Trainer`](https://x)"
    ]


def test_api_links_in_an_indented_code_block_stay_as_written() -> None:
    """transformers' pt/training.md indents a tip's text by four spaces: an indented code block, which
    the site shows as written; the notebook wrote Markdown links into that code."""
    text = "<Tip>\n\n    O [`Trainer`] utiliza\n\n</Tip>"
    assert _plain(text) == ["> **Tip**", ">", ">     O [`Trainer`] utiliza", ""]


def test_iframe_over_several_lines_becomes_a_link() -> None:
    text = '<iframe\n  src="https://huggingface.co/embed"\n  title="Results">\n</iframe>'
    assert _plain(text) == ["[Results](https://huggingface.co/embed)"]
    assert _plain('<iframe src="https://huggingface.co/e"></iframe>', "es") == [
        "[Abrir el contenido incrustado en una pestaña nueva](https://huggingface.co/e)"
    ]


def test_an_unclosed_iframe_ends_at_its_start_tag() -> None:
    """As the site reads it: the `</iframe>` of a later iframe does not close this one; the notebook
    used to swallow everything up to it, the text between included."""
    text = (
        '<iframe src="https://a.example/x">\n\nText between.\n\n<iframe src="https://b.example/y"></iframe>'
    )
    assert _plain(text) == [
        "[Open the embedded content in a new tab](https://a.example/x)",
        "",
        "Text between.",
        "",
        "[Open the embedded content in a new tab](https://b.example/y)",
    ]


def test_directives_heading_ids_and_hfoption_tags_disappear() -> None:
    text = '## Title[[custom]]\n<!-- polydocs: setup\nx = 1\n-->\n<hfoptions id="a">\n<hfoption id="CPU">\n'
    assert _plain(text) == ["## Title", "", "**CPU**", ""]


def test_an_hfoption_without_id_is_labelled_as_the_site_labels_its_tab() -> None:
    """The course's chapter2/8 writes `<hfoption value="tgi" label="TGI">`: the site's tab says
    `Option 1`; the notebook left the tag as it was, which Jupyter shows as nothing."""
    text = '<hfoptions id="a">\n<hfoption value="tgi" label="TGI">\n\nText.\n\n</hfoption>\n</hfoptions>'
    assert _plain(text) == ["", "**Option 1**", "", "Text.", "", ""]


def test_constructs_in_a_comment_stay_as_written() -> None:
    """What a closed comment holds is no construct for the site; the notebook quoted a `<Tip>` in it."""
    text = "<!--\n<Tip>\nHidden.\n</Tip>\n-->"
    assert _plain(text) == ["<!--", "<Tip>", "Hidden.", "</Tip>", "-->"]


def test_blank_runs_left_by_removed_constructs_become_one_blank_line() -> None:
    text = "Before.\n\n<!-- polydocs: setup\nx = 1\n-->\n\nAfter.\n\n\n\n```bash\nls\n```"
    assert _plain(text) == [
        "Before.",
        "",
        "After.",
        "",
        "",
        Verbatim(" ```bash"),
        Verbatim(" ls"),
        Verbatim(" ```"),
    ]


def test_framework_tabs_are_merged_into_one_notebook_as_doc_builder_merges_them() -> None:
    """Every tab's body in order, the group's tags and labels gone (doc-builder's `split_frameworks`
    mixed content), read from the tabs the site shows; `<flax>` is JAX's tab like `<jax>`."""
    text = "<frameworkcontent>\n<pt>\n\nTorch.\n\n</pt>\n<flax>\n\nJAX.\n\n</flax>\n"
    text += "</frameworkcontent>\n\nAfter."
    assert _plain(text) == ["", "Torch.", "", "", "JAX.", "", "", "After."]


def test_a_framework_tab_holding_a_lone_html_tag_keeps_its_lines() -> None:
    """doc-builder took any lowercase tag alone on a line inside `<frameworkcontent>` for a framework's
    tab: a `<div>` raised KeyError 'div' and the page had no notebook."""
    text = "<frameworkcontent>\n<pt>\n\n<div>\nTorch.\n</div>\n\n</pt>\n</frameworkcontent>"
    assert _plain(text) == ["", "<div>", "Torch.", "</div>", ""]
    cells = json.loads(page_notebook(f"# T\n\n{text}\n", Path("page.md"), language_of("en")))["cells"]
    assert [cell["source"] for cell in cells] == [["# T"], ["<div>\n", "Torch.\n", "</div>"]]


def test_a_framework_tab_written_on_one_line_keeps_its_code_block() -> None:
    """The site shows `<pt>```bash pip install torch```</pt>` as a tab holding a code block; doc-builder
    read no tab there and dropped the line."""
    text = "<frameworkcontent>\n<pt>```bash pip install torch```</pt>\n</frameworkcontent>"
    assert _plain(text) == ["```bash", "pip install torch", "```"]


def test_a_tip_opening_a_list_item_is_a_quote_inside_the_item() -> None:
    """As doc-builder renders it, and the site (tests/markup/cases/callouts/tip_in_list_item.md): the
    notebook left `- <Tip>` as the item's text and its `</Tip>` raw."""
    text = "- Install.\n- <Tip>\n\n  A GPU helps.\n\n  </Tip>\n- Run."
    assert _plain(text) == ["- Install.", "- > **Tip**", "  >", "  > A GPU helps.", "", "- Run."]


def test_a_tip_indented_in_a_list_item_is_quoted_in_the_item() -> None:
    """The quote starts at the tag's column; at the first column it ended the list."""
    text = "- Install.\n\n  <Tip warning>\n\n  Careful.\n\n  </Tip>\n\n- Run."
    assert _plain(text) == ["- Install.", "", "  > **Warning**", "  >", "  > Careful.", "", "", "- Run."]


def test_a_framework_switch_is_each_branch_under_its_label() -> None:
    """The course's `{#if fw === 'pt'}` ... `{:else}` ... `{/if}` (258 pages): the site shows PyTorch and
    TensorFlow tabs; the notebook kept the Svelte markers as text."""
    text = "{#if fw === 'pt'}\n\nTorch.\n\n{:else}\n\nTF.\n\n{/if}\n\nAfter."
    assert _plain(text) == ["**PyTorch**", "", "Torch.", "", "**TensorFlow**", "", "TF.", "", "After."]


def test_a_framework_switch_in_a_quote_stays_in_the_quote() -> None:
    text = "> {#if fw === 'tf'}\n> TF.\n> {/if}"
    assert _plain(text) == ["> **TensorFlow**", "> TF.", ">"]


def test_a_switch_on_no_framework_and_a_stray_marker_lose_their_markers() -> None:
    """As on the site: both branches show."""
    assert _plain("{#if x}\nA.\n{:else}\nB.\n{/if}\n\n{/if}") == ["", "A.", "", "B.", "", ""]


def test_a_youtube_video_becomes_doc_builders_video_cell_however_its_tag_is_written() -> None:
    """doc-builder makes a video cell only of `<Youtube id="..."/>` exactly: the course's 173
    `<Youtube id="..." />` (a blank before `/>`) stayed raw tags, which Jupyter shows as nothing."""
    assert _plain('<Youtube id="00GKzGyWFEs" />\nText.') == ['<Youtube id="00GKzGyWFEs"/>', "Text."]
    page = '# T\n\n<Youtube id="00GKzGyWFEs" />\n\nText.\n'
    cells = json.loads(page_notebook(page, Path("page.md"), language_of("en")))["cells"]
    assert [cell["cell_type"] for cell in cells] == ["markdown", "code", "markdown"]
    assert "youtube.com/embed/00GKzGyWFEs" in "".join(cells[1]["outputs"][0]["data"]["text/html"])


def test_a_youtube_tag_of_no_video_and_the_framework_switch_tag_go_as_on_the_site() -> None:
    text = '<FrameworkSwitchCourse {fw} />\n\n<Youtube id="no video!" />\nText.'
    assert _plain(text) == ["", "", "Text."]


def test_a_course_banner_becomes_its_links_to_the_hosted_notebooks() -> None:
    """The course's `<CourseFloatingBanner ... notebooks={[...]} />` (over several lines, on 923 pages)
    stayed in the notebook as written, its JavaScript list included; the site shows its links."""
    text = (
        '<CourseFloatingBanner chapter={2}\n  classNames="absolute z-10 right-0 top-0"\n  notebooks={[\n'
        '    {label: "Google Colab", value: "https://colab.research.google.com/github/h/n/x.ipynb"},\n'
        '    {label: "Mine", value: "https://example.org/x.ipynb"},\n]} />\nText.'
    )
    assert _plain(text, "fr") == [
        "[Ouvrir dans Colab](https://colab.research.google.com/github/h/n/x.ipynb)"
        " · [Mine](https://example.org/x.ipynb)",
        "Text.",
    ]
    assert _plain("<DocNotebookDropdown options={[]} />\nText.") == ["", "Text."]


def test_a_question_becomes_its_choices_each_with_the_sites_folded_explanation() -> None:
    """The course's end-of-chapter quizzes (128 pages) stayed `<Question choices={[...]} />` as written.
    As on the site (markup/quiz.py), the legend in the page's language, then each choice; whether it is
    right is said only inside its folded explanation, in the site's words."""
    text = (
        "### 1. Which?\n\n<Question\n\tchoices={[\n"
        '\t\t{text: "A <code>x</code>", explain: "No."},\n'
        '\t\t{text: "B", explain: "Yes,\\n really.", correct: true}\n\t]}\n/>\n'
    )
    assert _plain(text, "es") == [
        "### 1. Which?",
        "",
        "*Elige una respuesta*",
        "",
        "- A <code>x</code>",
        "  <details><summary>Explicación</summary><strong>Respuesta incorrecta.</strong> No.</details>",
        "- B",
        "  <details><summary>Explicación</summary>"
        "<strong>Respuesta correcta.</strong> Yes, really.</details>",
        "",
    ]
    several = '<Question choices={[{text: "A", correct: true}, {text: "B", correct: true}]} />'
    assert _plain(several)[0] == "*Choose every right answer*"


def test_a_question_the_site_cannot_read_is_its_placeholder() -> None:
    assert _plain("<Question choices={[1]} />") == [
        "*An interactive part of this page is not available on this site.*"
    ]


def test_an_autodoc_directive_and_its_members_become_a_link_to_the_reference() -> None:
    """peft's and transformers' reference pages (60 notebooks of the corpus) kept `[[autodoc]] X` and its
    `- member` lines as text; an object the inventory does not know is its name in code."""
    text = "[[autodoc]] Trainer\n    - train\n    - evaluate\n\n[[autodoc]] transformers.Nope\n"
    assert _plain(text) == [
        "[`Trainer`](https://huggingface.co/docs/transformers/main/en/main_classes/trainer#transformers.Trainer)",
        "",
        "`transformers.Nope`",
        "",
    ]


def test_an_unknown_component_loses_its_tags_as_on_the_site() -> None:
    """The German course's `<Tipp>` is no component the site knows: a neutral container, its tags dropped
    (markup/components.py); the notebook kept both tags."""
    text = "<Tipp>\n\nDeutsch.\n\n</Tipp>\n\n<Gallery>Shown.</Gallery>"
    assert _plain(text, "de") == ["", "", "Deutsch.", "", "Shown."]


def test_a_component_tag_inside_a_line_goes_its_text_kept() -> None:
    """`<Tip>text</Tip>` inside a sentence is no construct of the site's steps; its sanitiser drops the
    element and keeps its text. The notebook kept the tags."""
    assert _plain("A <Tip>short</Tip> tip.") == ["A short tip."]


def test_a_tip_on_one_line_is_a_quote_titled_as_the_sites_callout() -> None:
    """doc-builder renders `<Tip>text</Tip>` alone on its line as a tip (the site: an admonition); the
    notebook lost both tags and showed the text as a plain paragraph."""
    text = "<Tip>One line.</Tip>\n\n<Tip warning={true}>Careful.</Tip>"
    assert _plain(text, "es") == [
        "> **Consejo**",
        ">",
        "> One line.",
        "",
        "> **Advertencia**",
        ">",
        "> Careful.",
    ]


def test_an_inference_snippet_opening_a_list_item_is_its_code_in_the_item() -> None:
    """`- <InferenceSnippet ... />` renders in its list item on huggingface.co and on the site; the notebook
    kept only the marker."""
    mapping = '{{"fireworks-ai": {modelId: "a/b", providerModelId: "c"}}}'
    text = f'- <InferenceSnippet pipeline="text-generation" providersMapping={mapping} />\n- item'
    written = _plain(text)
    assert written[:4] == ["- **Python**", "", "  ```py", "  import os"]
    assert written[-1] == "- item"


def test_inference_snippet_tabs_opening_a_list_item_keep_the_item() -> None:
    """`- <InferenceSnippet>` enclosing its tabs: the first label stays in the item, as on the site; the
    notebook dropped the marker with the tag."""
    text = "- Install.\n- <InferenceSnippet>\n  <js>\n\n  Call it.\n\n  </js>\n  </InferenceSnippet>\n- Done."
    assert _plain(text)[:4] == ["- Install.", "- **JavaScript**", "", "  Call it."]


def test_text_in_angle_brackets_that_is_no_element_is_shown_as_written_as_on_the_site() -> None:
    """The Korean course's `<UNK>` and a `<Layer Class>` placeholder: doc-builder and the site show them as
    text (`dialect/constructs/prose_tags.py`); Jupyter dropped `<UNK>` as an unknown element and the
    notebook dropped `<Layer Class>` as a component tag."""
    text = 'The "<UNK>" token, `<UNK>` in code, a <Layer Class> and <b>bold</b>.'
    assert _plain(text) == ['The "&lt;UNK>" token, `<UNK>` in code, a &lt;Layer Class> and <b>bold</b>.']


def test_a_version_note_is_a_quote_titled_as_the_sites_note() -> None:
    assert _plain('<Added version="1.2">\n\nNew.\n\n</Added>\n\nAfter.') == [
        "> **Added in version 1.2**",
        ">",
        "> New.",
        "",
        "",
        "After.",
    ]
    assert _plain('<Deprecated version="2"/>\nText.') == ["> **Deprecated since version 2**", "Text."]


def test_links_into_the_sites_own_reference_point_at_its_published_address() -> None:
    """peft's reference is its tree's own `[[autodoc]]` pages: a downloaded notebook cannot follow the site's
    relative link, so the name was code; with the language's published address (MkDocs' `site_url`, which
    the build hands over) the directive and the API link both link to the object's anchor there."""
    api = ApiInventory(
        "",
        {"LoraConfig": "package_reference/lora"},
        "peft",
        anchors={"LoraConfig": "peft.tuners.lora.config.LoraConfig"},
        in_site=True,
    )
    text = "See [`LoraConfig`].\n\n[[autodoc]] LoraConfig\n    - all\n"
    regions = scan_page(Path("page.md"), text).regions
    assert plain_markdown(text, regions, language_of("en"), api)[::2] == ["See `LoraConfig`.", "`LoraConfig`"]
    url = "https://example.org/docs/v1/en/package_reference/lora/#peft.tuners.lora.config.LoraConfig"
    published = References(api, "https://example.org/docs/v1/en/")
    assert plain_markdown(text, regions, language_of("en"), published)[::2] == [
        f"See [`LoraConfig`]({url}).",
        f"[`LoraConfig`]({url})",
    ]


def test_text_after_a_video_or_an_iframe_on_its_line_keeps_the_video_and_shows_its_tags_as_written() -> None:
    """`<Youtube id="..."/> and <Foo>`: the video's cell went (its tag, written in the form the notebook
    writes it, was then taken for a component inside the line's text and dropped), and the text after an
    `</iframe>` kept `<Foo>` as an element Jupyter drops."""
    video = '<Youtube id="abcdefghijk"/> and <Foo> words after.\n'
    cells = json.loads(page_notebook(video, Path("page.md"), language_of("en")))["cells"]
    assert "youtube.com/embed/abcdefghijk" in "".join(cells[0]["source"])
    assert cells[1]["source"] == ["and &lt;Foo> words after."]
    frame = '<iframe src="https://huggingface.co/spaces/x" title="A Space"></iframe> and <Foo> after.'
    assert _plain(frame) == ["[A Space](https://huggingface.co/spaces/x) and &lt;Foo> after."]


def test_a_video_opening_a_list_item_keeps_its_cell() -> None:
    """`- <Youtube id="..."/>`: doc-builder shows the video in the item; the site and the notebook dropped
    it."""
    cells = json.loads(
        page_notebook('- <Youtube id="abcdefghijk"/>\n- Two.\n', Path("p.md"), language_of("en"))
    )
    assert "youtube.com/embed/abcdefghijk" in "".join(cells["cells"][0]["source"])


def test_a_notes_text_on_its_tags_line_shows_its_tags_as_written() -> None:
    """The quote a note becomes kept `<Foo>` from its tag's line as an element Jupyter drops."""
    text = '<Added version="4.0">First <Foo> line\nsecond line\n</Added>'
    assert _plain(text)[2:] == ["> First &lt;Foo> line", "> second line", ""]
