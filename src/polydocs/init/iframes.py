"""The iframe hosts a tree embeds that its settings do not allow: what `polydocs init` suggests for
`iframe_hosts:`, as a comment (allowing a host lets its pages run in readers' browsers: the project's
decision, not init's)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from polydocs.dialect import parse_page
from polydocs.dialect.constructs.iframes import HOST, find_iframes, source_problem
from polydocs.sources import SourceTree

# A host name as DNS spells it; anything else a page's src holds (a quote, a terminal escape) is never
# printed or written into polydocs.yml: such a host is no host a project would allow.
_HOST_NAME = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+")


@dataclass(frozen=True)
class EmbeddedHost:
    """A host to suggest (`hf.space` stands for its subdomains), how many embeds and distinct hosts."""

    host: str
    embeds: int
    hosts: int

    def counts(self) -> str:
        """`275 embeds from 47 hosts`, `1 embed`: as polydocs.yml and init's summary say it."""
        said = f"{self.embeds} embed{'s' if self.embeds != 1 else ''}"
        return f"{said} from {self.hosts} hosts" if self.hosts > 1 else said


def _suggested(host: str, all_hosts: set[str]) -> str:
    """`hf.space` for `a.hf.space` when another embedded host shares that parent domain (Spaces, each
    its own subdomain); the host itself otherwise."""
    parent = ".".join(host.split(".")[-2:])
    siblings = {other for other in all_hosts if other == parent or other.endswith("." + parent)}
    return parent if len(siblings) > 1 else host


def refused_hosts(tree: SourceTree) -> list[EmbeddedHost]:
    """The hosts the tree's iframes embed from that its `iframe_hosts` refuses, most embedded first."""
    embeds: Counter[str] = Counter()
    allowed = tree.project.iframe_hosts
    for pages in tree.pages.values():
        for page in pages.values():
            try:
                text = page.read()
            except UnicodeDecodeError:
                continue  # lint reports it (`encoding`); it has no embed the site would show
            for iframe in find_iframes(parse_page(text)):
                refused = iframe.ended and not iframe.inline and source_problem(iframe, allowed) == HOST
                if refused and _HOST_NAME.fullmatch(iframe.host):
                    embeds[iframe.host] += 1
    by_suggestion: dict[str, Counter[str]] = {}
    for host, count in embeds.items():
        by_suggestion.setdefault(_suggested(host, set(embeds)), Counter())[host] = count
    found = [EmbeddedHost(name, sum(hosts.values()), len(hosts)) for name, hosts in by_suggestion.items()]
    return sorted(found, key=lambda entry: (-entry.embeds, entry.host))
