"""Which URLs a session opens as images, read from its code (`ast`), whatever their path ends with.

The web stand-ins answer a URL with an image when its path ends like one (`.jpg`, `.png`, ...), and also
when the page hands it to an image opener: `load_image(url)`, `Image.open(requests.get(url, stream=
True).raw)`, `Image.open(BytesIO(response.content))` after `response = requests.get(url)`. A URL reaches
an opener when it is the opener's argument or the first argument of a call inside it, directly or
through names bound to such values; an item of a response (`data["image"]`) or what a method made of it
(`response.json()`) is not the URL. Any other URL without an image suffix stays unanswered, so a JSON or
text request (`requests.get(url).text`) is never handed an image. A library's own image loader asked
for a URL (a vision pipeline given one) is recognised at run time instead: see `web.py`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from urllib.parse import unquote, urlsplit


def opened_as_images(blocks: Iterable[str]) -> frozenset[str]:
    """The URLs (`same_url` form) that a session's blocks, in order, pass to an image opener (a block
    that does not parse adds none)."""
    bound: dict[str, frozenset[str]] = {}
    images: set[str] = set()
    for code in blocks:
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError):
            continue
        images |= _opened_in(tree, bound)
    return frozenset(images)


def _opened_in(tree: ast.Module, bound: dict[str, frozenset[str]]) -> set[str]:
    images: set[str] = set()
    # Source order (comprehensions, which carry no position, first): a name is bound before it is read.
    for node in sorted(ast.walk(tree), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))):
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets: list[ast.expr] = node.targets if isinstance(node, ast.Assign) else [node.target]
            _bind(bound, targets, _urls(node.value, bound))
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            _bind(bound, [node.optional_vars], _urls(node.context_expr, bound))
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            _bind(bound, [node.target], _urls(node.iter, bound))
        elif isinstance(node, ast.Call) and _opens_an_image(node.func) and node.args:
            images |= _urls(node.args[0], bound)
    return images


def same_url(url: str) -> str:
    """The form two spellings of one URL share: scheme and host in lower case, no default port, no
    fragment (never sent), percent-escapes decoded (clients re-quote what a page wrote)."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").lower()
    port = (
        parts.port if parts.port not in (None, {"http": 80, "https": 443}.get(parts.scheme.lower())) else None
    )
    where = f"{host}:{port}" if port else host
    query = f"?{unquote(parts.query)}" if parts.query else ""
    return f"{parts.scheme.lower()}://{where}{unquote(parts.path) or '/'}{query}"


def _opens_an_image(function: ast.expr) -> bool:
    """`load_image(...)`, `diffusers.utils.load_image(...)`, `Image.open(...)`, `PIL.Image.open(...)`."""
    if isinstance(function, ast.Name):
        return function.id in ("load_image", "load_images")
    if isinstance(function, ast.Attribute):
        if function.attr in ("load_image", "load_images"):
            return True
        owner = function.value
        owner_name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
        return function.attr == "open" and owner_name.endswith("Image")
    return False


def _urls(node: ast.expr, bound: dict[str, frozenset[str]]) -> frozenset[str]:
    """The URLs an expression's value is, or was fetched from."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value.strip()
        return frozenset({same_url(text)}) if text.startswith(("http://", "https://")) else frozenset()
    if isinstance(node, ast.Name):
        return bound.get(node.id, frozenset())
    if isinstance(node, ast.Attribute):  # `response.raw`, `response.content`
        return _urls(node.value, bound)
    if isinstance(node, ast.Call):  # `requests.get(url, stream=True)`, `BytesIO(data)`, `urlopen(url)`
        given = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "url"), None)
        return _urls(given, bound) if given is not None else frozenset()
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        return frozenset().union(*(_urls(item, bound) for item in node.elts))
    return frozenset()


def _bind(bound: dict[str, frozenset[str]], targets: list[ast.expr], urls: frozenset[str]) -> None:
    for target in targets:
        if isinstance(target, ast.Name):
            bound[target.id] = urls
        elif isinstance(target, ast.Tuple | ast.List):  # `a, b = url_a, url_b`: each may be either
            _bind(bound, list(target.elts), urls)
