"""The site's root page: plain links to every language, and a redirect to the reader's language."""

from __future__ import annotations

import html
import json

from polydocs.sources import KNOWN_LANGUAGES, SOURCE_LANGUAGE

_TEMPLATE = """<!doctype html>
<html lang="{default}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{title}</title>
{alternates}
<style>
body {{ font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem;
       line-height: 1.5; }}
a {{ color: #3f51b5; }} li {{ margin: .4rem 0; font-size: 1.2rem; }}
@media (prefers-color-scheme: dark) {{
  body {{ background: #1e2129; color: #e2e4e9; }} a {{ color: #8c9eff; }}
}}
</style>
<script>
(function () {{
  var available = {codes};
  var wanted = navigator.languages || [navigator.language || ""];
  for (var i = 0; i < wanted.length; i++) {{
    var code = String(wanted[i]).toLowerCase().split("-")[0];
    if (available.indexOf(code) >= 0) {{ location.replace(code + "/"); return; }}
  }}
  location.replace("{default}/");
}})();
</script>
</head>
<body>
<h1>{title}</h1>
<ul>
{links}
</ul>
</body>
</html>
"""


def render_root_page(site_name: str, languages: list[str]) -> str:
    """Links need no JavaScript; the script only picks the reader's language for them."""
    links = "\n".join(
        f'<li><a href="{code}/" hreflang="{code}" lang="{code}">{html.escape(name)}</a></li>'
        for code, name in ((code, KNOWN_LANGUAGES[code].name) for code in languages)
    )
    alternates = "\n".join(f'<link rel="alternate" href="{code}/" hreflang="{code}">' for code in languages)
    alternates += f'\n<link rel="alternate" href="{SOURCE_LANGUAGE}/" hreflang="x-default">'
    return _TEMPLATE.format(
        default=SOURCE_LANGUAGE,
        title=html.escape(site_name),
        alternates=alternates,
        codes=json.dumps(languages),
        links=links,
    )
