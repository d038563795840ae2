"""URLs read as a browser reads them, by the WHATWG URL Standard (through ada, `ada-url`).

Python's `urllib.parse` reads `https://evil.example\\@huggingface.co/x` as a URL of huggingface.co, with
`evil.example\\` as its user name; a browser reads the backslash as a slash and goes to evil.example. A
browser also drops tabs and newlines anywhere in a URL, decodes a percent-encoded host, lowercases it and
writes an international name in ASCII (`xn--...`). Every host polydocs compares with an allowlist is
first read here, so that the host compared is the host the reader's browser would contact.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class BrowserUrl:
    """An absolute URL as a browser reads it, each part as the standard serialises it."""

    # The whole URL, serialised: what a browser requests (`https://evil.example/@huggingface.co/x`).
    href: str
    # `https`, without the colon.
    scheme: str
    # The host, lowercase, ASCII, percent-decoded (`xn--hggingface-9db.co`, `127.0.0.1`); "" when none.
    host: str
    path: str
    # Whether the URL carries a user name or a password (`https://user:secret@host/`).
    credentials: bool


@lru_cache(maxsize=4096)
def browser_url(text: str) -> BrowserUrl | None:
    """`text` read as an absolute URL; None for what a browser cannot read as one without a base URL
    (a relative path, a scheme-relative `//host/x`, `https://[oops`)."""
    # Imported here, not above: the checker reads pages through the dialect on GPU machines that have
    # only the checker's dependencies, and never reads an embed's URL.
    from ada_url import URL

    try:
        url = URL(text)
    except ValueError:
        return None
    return BrowserUrl(
        href=url.href,
        scheme=url.protocol.removesuffix(":"),
        host=url.hostname,
        path=url.pathname,
        credentials=bool(url.username or url.password),
    )


@lru_cache(maxsize=256)
def normal_host(host: str) -> str:
    """A host name of a setting (`HuggingFace.co`, `bücher.example`) as URLs serialise it; "" when it is
    no host a URL can name."""
    url = browser_url(f"https://{host.strip()}/")
    return url.host if url is not None else ""


def host_within(host: str, allowed: str) -> bool:
    """Whether `host` is `allowed` or one of its subdomains, both read as URLs serialise them. A host
    that ends with a dot (`huggingface.co.`) is another origin to a browser, and is neither."""
    host, allowed = normal_host(host), normal_host(allowed)
    return bool(host and allowed) and (host == allowed or host.endswith("." + allowed))
