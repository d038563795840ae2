"""Links and images written as HTML are read by the one attribute reader (`dialect/attributes.py`), as a
browser reads the tag: an attribute's value may hold `>`, and `data-href` is not `href`."""

from polydocs.lint.runner import lint_paths

PAGE = """# Links

<img alt="before > after" src="missing.png">

<a data-href="nowhere.png" href="https://huggingface.co">the Hub</a>

<a title="see href='gone.png'" href="https://huggingface.co/docs">the docs</a>
"""


def test_html_links_and_images_are_read_as_the_browser_reads_their_tags(write_tree, facts) -> None:
    root = write_tree({"en/_toctree.yml": "- local: index\n  title: Links\n", "en/index.md": PAGE})
    report = lint_paths([root], facts=facts, rules=["links"])
    found = [(f.line, f.code, f.message) for f in report.findings]
    assert found == [(3, "image-missing", "image `missing.png` points to a missing file en/missing.png")]
