"""The site's root pages: `index.html` links to every language and sends the reader to theirs;
`404.html` is what hosts that serve one not-found page for the whole site (GitHub Pages, Netlify) show
for a missing page in any language."""

from __future__ import annotations

import base64
import hashlib
import html
import json
from urllib.parse import urlsplit

from polydocs.site.content_policy import policy_meta
from polydocs.sources import SOURCE_LANGUAGE, Language

_STYLE = """body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem;
       line-height: 1.5; }
a { color: #3f51b5; } li { margin: .4rem 0; font-size: 1.2rem; }
@media (prefers-color-scheme: dark) {
  body { background: #1e2129; color: #e2e4e9; } a { color: #8c9eff; }
}"""

_LANGUAGE_SCRIPT = """
(function () {{
  // The reader's tags in order of preference; each matches a site tag exactly (`zh-tw`), else by its
  // language (`pt-br` reads `pt`, `zh-hk` the first `zh-*`).
  var folders = {folders};
  var wanted = navigator.languages || [navigator.language || ""];
  for (var i = 0; i < wanted.length; i++) {{
    var tag = String(wanted[i]).toLowerCase(), primary = tag.split("-")[0];
    var found = folders[tag] || folders[primary];
    for (var key in folders) {{ if (!found && key.split("-")[0] === primary) found = folders[key]; }}
    if (found) {{ location.replace(found + "/"); return; }}
  }}
  location.replace("{default}/");
}})();
"""

_TEMPLATE = """<!doctype html>
<html lang="{default}">
<head>
<meta charset="utf-8">
{policy}
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title>
{alternates}
<style>{style}</style>
<script>{script}</script>
</head>
<body>
<h1>{title}</h1>
<ul>
{links}
</ul>
</body>
</html>
"""


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _policy(script: str, style: str) -> str:
    """A Content-Security-Policy allowing exactly the page's one inline script and style (by hash)."""
    policy = (
        f"default-src 'none'; script-src {_sha256(script)}; style-src {_sha256(style)}; img-src 'self'; "
        "base-uri 'none'; form-action 'none'"
    )
    return policy_meta(policy)


def _language_links(languages: list[Language], root: str) -> str:
    """A list item per language, linking to its home under `root` and named in its own language."""
    return "\n".join(
        f'<li><a href="{root}{language.folder}/" hreflang="{language.tag}" lang="{language.tag}">'
        f"{html.escape(language.autonym)}</a></li>"
        for language in languages
    )


def _folders_by_tag(languages: list[Language]) -> str:
    return json.dumps({language.tag.lower(): language.folder for language in languages})


def render_root_page(site_name: str, languages: list[Language]) -> str:
    """Links need no JavaScript; the script only picks the reader's language for them."""
    links = _language_links(languages, "")
    alternates = "\n".join(
        f'<link rel="alternate" href="{language.folder}/" hreflang="{language.tag}">'
        for language in languages
    )
    alternates += f'\n<link rel="alternate" href="{SOURCE_LANGUAGE}/" hreflang="x-default">'
    script = _LANGUAGE_SCRIPT.format(folders=_folders_by_tag(languages), default=SOURCE_LANGUAGE)
    style = f"\n{_STYLE}\n"
    return _TEMPLATE.format(
        default=SOURCE_LANGUAGE,
        policy=_policy(script, style),
        title=html.escape(site_name),
        alternates=alternates,
        links=links,
        style=style,
        script=script,
    )


_NOT_FOUND_SCRIPT = """
// Served for a missing page at any depth: where the path names a language folder, the site's root is
// what comes before it, which also holds when the site lives in a sub-folder nobody configured.
(function () {{
  var codes = {codes};
  var folders = {folders};
  var parts = location.pathname.split("/");
  for (var i = parts.length - 1; i >= 0; i--) {{
    if (codes.indexOf(parts[i]) >= 0) {{
      var root = parts.slice(0, i).join("/") + "/";
      document.querySelectorAll("a[hreflang]").forEach(function (link) {{
        link.href = root + folders[link.getAttribute("hreflang").toLowerCase()] + "/";
      }});
      return;
    }}
  }}
}})();
"""

_NOT_FOUND_TEMPLATE = """<!doctype html>
<html lang="{default}">
<head>
<meta charset="utf-8">
{policy}
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>404 · {title}</title>
<style>{style}</style>
</head>
<body>
<main>
{headings}
<ul>
{links}
</ul>
</main>
<script>{script}</script>
</body>
</html>
"""


def render_not_found_page(site_name: str, languages: list[Language], site_url: str = "") -> str:
    """The words "page not found" in every language, with links to every language's home.

    The page is served at any depth, so its links start from the site's root: the path of `site_url`,
    else `/`; its script corrects them when the missing page's path shows the root is elsewhere.
    """
    root = (urlsplit(site_url).path or "/").rstrip("/") + "/"
    # The first language's sentence is the heading; the others follow it as paragraphs.
    tags = ["h1"] + ["p"] * (len(languages) - 1)
    headings = "\n".join(
        f'<{tag} lang="{language.tag}">{html.escape(language.text("site.not_found"))}</{tag}>'
        for tag, language in zip(tags, languages, strict=True)
    )
    links = _language_links(languages, root)
    # The folders a missing page's path may name (the site's root is what comes before them), and the
    # folder of each link's language.
    folders = [language.folder for language in languages]
    script = _NOT_FOUND_SCRIPT.format(codes=json.dumps(folders), folders=_folders_by_tag(languages))
    style = f"\n{_STYLE}\n"
    return _NOT_FOUND_TEMPLATE.format(
        default=languages[0].tag,
        policy=_policy(script, style),
        title=html.escape(site_name),
        style=style,
        headings=headings,
        links=links,
        script=script,
    )
