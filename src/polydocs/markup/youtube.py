"""`<Youtube id="..."/>` -> a click-to-load embed from youtube-nocookie.com, with a link to the video.

The same embed as an iframe's (`markup/iframes.py`): the player waits in a `<template>` and YouTube hears
nothing until the reader presses the button; without JavaScript the link is all there is.
"""

from __future__ import annotations

from html import escape

from polydocs.markup.iframes import REFERRER_POLICY, SANDBOX
from polydocs.sources.languages import Language

# The player's host: YouTube's privacy-enhanced mode, which sets no cookie before the video plays.
PLAYER_HOST = "www.youtube-nocookie.com"
# The class the theme's Content-Security-Policy looks for to let this page frame the player.
EMBED_CLASS = "polydocs-embed-youtube"
_ALLOW = "accelerometer; encrypted-media; gyroscope; picture-in-picture"


def youtube_html(video: str, lang: Language) -> str:
    player = f"https://{PLAYER_HOST}/embed/{video}"
    watch = f"https://www.youtube.com/watch?v={video}"
    embed = (
        f'<iframe src="{escape(player)}" title="{escape(lang.text("youtube.title"))}" allow="{_ALLOW}" '
        f'allowfullscreen loading="lazy" sandbox="{SANDBOX}" referrerpolicy="{REFERRER_POLICY}"></iframe>'
    )
    button = (
        '<button type="button" class="md-button md-button--primary polydocs-embed-load" hidden>'
        f"{escape(lang.text('youtube.load'))}</button>"
    )
    link = (
        f'<p class="polydocs-embed-link"><a href="{escape(watch)}" target="_blank" rel="noopener">'
        f"{escape(lang.text('youtube.link'))}</a></p>"
    )
    return (
        f'<div class="polydocs-embed {EMBED_CLASS}">\n<template>{embed}</template>\n{button}\n{link}\n</div>'
    )
